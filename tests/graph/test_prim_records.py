"""One record per op: what the graph compiler knows about a primitive (whether its output
aliases input 0's buffer, its native lowering kind, its elementwise opcode, its neutral element)
is declared on the primitive (``Prim``), and the graph layer keeps no tables of primitive
names."""
import ast
import pathlib
import re

import numpy as np

from mindcell import nn, ops, Tensor
from mindcell._core.kernels import elementwise as ew_kernels
from mindcell._core.primitive import REGISTRY
from mindcell.graph import lower
from mindcell.graph.compile import CompileReport, optimize
from mindcell.graph.passes import fuse
from mindcell.graph.tracer import trace
from mindcell.testing import assert_modes_agree

GRAPH_SRC = pathlib.Path(lower.__file__).parent

# Places in mindcell/graph allowed to name a registered primitive with a string literal, as
# (file relative to mindcell/graph, name). Keep it empty: compare with the primitive object
# (``node.prim is reshape_p``) or declare a field on the record instead.
ALLOWED_NAME_LITERALS = frozenset()

_NAME_TESTS = re.compile(r"prim\.name\s*(==|!=|\bin\b|\bnot in\b)|prim\.name\.(startswith|"
                         r"endswith)|\[\s*\w*\.?prim\.name\s*\]|\.get\(\s*\w*\.?prim\.name")


def _graph_sources():
    return sorted(GRAPH_SRC.rglob("*.py"))


def test_graph_layer_keeps_no_tables_of_primitive_names():
    found = []
    for path in _graph_sources():
        rel = str(path.relative_to(GRAPH_SRC))
        tree = ast.parse(path.read_text())
        declared = {id(node.args[0]) for node in ast.walk(tree)
                    if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "defprim"
                    and node.args}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Constant) and isinstance(node.value, str)
                    and node.value in REGISTRY and id(node) not in declared
                    and (rel, node.value) not in ALLOWED_NAME_LITERALS):
                found.append("%s:%d %r" % (rel, node.lineno, node.value))
    assert not found, "primitive names in the graph layer (declare a Prim field):\n" + \
        "\n".join(found)


def test_graph_layer_does_not_dispatch_on_primitive_names():
    found = ["%s:%d %s" % (path.relative_to(GRAPH_SRC), i, line.strip())
             for path in _graph_sources()
             for i, line in enumerate(path.read_text().splitlines(), 1)
             if _NAME_TESTS.search(line)]
    assert not found, "\n".join(found)


def test_every_native_lowering_declares_a_known_kind():
    kinds = {}
    for name, prim in REGISTRY.items():
        if prim.lowering is not None:
            assert prim.lowering in lower._SELECTORS, (name, prim.lowering)
            kinds.setdefault(prim.lowering, set()).add(name)
        if prim.opcode is not None:
            assert prim.opcode in ew_kernels.OPCODES, (name, prim.opcode)
    assert set(kinds) == set(lower._SELECTORS), "a lowering kind no primitive declares"
    # the kernel layer's native elementwise kernels and the records agree
    assert kinds["unary"] == set(ew_kernels.UNARY_KERNELS)
    assert kinds["binary"] == set(ew_kernels.BINARY_KERNELS)
    assert kinds["fused"] == {"FusedElementwise"}
    assert kinds["matmul"] == {"MatMul"} and kinds["batch_matmul"] == {"BatchMatMul"}
    assert kinds["softmax"] == {"Softmax", "SoftmaxGrad"}
    assert kinds["log_softmax"] == {"LogSoftmax", "LogSoftmaxGrad"}


def test_buffer_aliasing_primitives():
    aliasing = {name for name, prim in REGISTRY.items() if prim.aliases_input}
    assert aliasing == {"Reshape", "Transpose", "BroadcastTo", "Identity", "Depend",
                        "StopGradient", "UpdateState"}


def _x(*shape):
    return Tensor(np.random.default_rng(0).standard_normal(shape).astype(np.float32))


def _optimized(fn, *args):
    graph, _, _ = trace(fn, list(args), {}, "test")
    return optimize(graph, CompileReport("test"), verify=True)


def test_lowering_reads_the_record(monkeypatch):
    from mindcell.ops.defs.elementwise import exp_p

    def fn(x):
        return ops.exp(x)

    assert lower.lower(_optimized(fn, _x(8, 8))).native_count == 1
    monkeypatch.setattr(exp_p, "lowering", None)
    assert lower.lower(_optimized(fn, _x(8, 8))).native_count == 0


def test_fusion_reads_the_opcode(monkeypatch):
    from mindcell.ops.defs.elementwise import log_p

    def fn(x):
        return ops.log(ops.abs(x) + 1.0) * 2.0

    graph = _optimized(fn, _x(16, 8))
    assert [n.prim for n in graph.nodes] == [fuse.fused_p]
    monkeypatch.setattr(log_p, "opcode", None)
    graph = _optimized(fn, _x(16, 8))
    assert fuse.fused_p in [n.prim for n in graph.nodes] and log_p in [n.prim for n in graph.nodes]


def test_opcode_primitives_run_in_fused_programs():
    class Chain(nn.Cell):
        def construct(self, x):
            return ops.relu6(x * 4.0 + 1.0) - ops.reciprocal(ops.abs(x) + 1.0)

    graph = _optimized(Chain().construct, _x(32, 17))
    assert [n.prim for n in graph.nodes] == [fuse.fused_p]
    assert_modes_agree(Chain(), _x(32, 17))
