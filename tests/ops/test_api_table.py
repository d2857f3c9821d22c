"""Every public op, Primitive class, Tensor method and operator runs eagerly and under ms.jit
(and, for a few families, inside a GRAPH_MODE Cell) with the same outputs, shapes, dtypes and
gradients; data-dependent ops refuse GRAPH_MODE; the table misses no public callable."""
import inspect
import re

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.graph.symbolic import GraphModeError
from mindcell.ops.tensor_methods import _OPERATORS

import glob
import importlib
import os

from api_table import Row, make_inputs
from api_table_ops import FUNCTION_ROWS
from api_table_classes import CLASS_ROWS
from api_table_tensor import TENSOR_ROWS, EXEMPT_TENSOR
from op_db import OPS, numeric_grad as _numeric_grad

from fn_cell import FnCell


def _family_rows():
    """Rows of every other ``api_table_<family>.py`` beside this file (each defines ``ROWS``)."""
    here = os.path.dirname(os.path.abspath(__file__))
    out = []
    for path in sorted(glob.glob(os.path.join(here, "api_table_*.py"))):
        mod = importlib.import_module(os.path.basename(path)[:-3])
        out += getattr(mod, "ROWS", [])
    return out


ROWS = FUNCTION_ROWS + CLASS_ROWS + TENSOR_ROWS + _family_rows()

# Public names in ms.ops that are not ops, tested elsewhere or by their side effect here.
EXEMPT_OPS = {
    "grad", "value_and_grad", "vjp", "GradOperation",  # autodiff transforms (used by test 3)
    "jacrev", "jacfwd",  # Jacobian transforms: tests/ops/test_jacobian.py
    "get_grad",  # picks a gradient out of grad(return_ids=True): test_grad_return_ids.py
    "Tensor",  # the Tensor class, which MindSpore also exposes as ops.Tensor
    "print_", "Print",  # side effect only: printing
    "assign", "assign_add", "assign_sub", "Assign", "AssignAdd", "AssignSub",  # see test_assign*
    "Primitive", "PrimitiveWithInfer", "PrimitiveWithCheck",  # base classes for user primitives
    "ReduceOp",  # a class of constants (the collectives' reductions), never called
    # program-building helpers (ops.composite / ops.primitive): tests/compat/test_module_paths.py
    "HyperMap", "Map", "MultitypeFuncGraph", "Partial", "constexpr", "prim_attr_register",
    # MindSpore's ops.functional helpers on Python values (tuples, scalars, dtypes), also at ops.*
    # in MindSpore 2.10: tests/compat/test_module_paths.py::test_functional_F_names
    "dtype", "is_tensor", "make_tuple", "scalar_cast", "shape_mul", "tuple_getitem",
    # the same kind, added in round 10 (ops/function/scalar_seq_func.py, composite_augassign.py):
    # MindSpore's values in tests/goldens/ops_r10 001-002, both modes
    *("scalar_" + n for n in ("add", "sub", "mul", "div", "floordiv", "mod", "pow", "log", "eq",
                              "ne", "lt", "le", "gt", "ge", "max", "min", "uadd", "usub")),
    *("augassign_" + n for n in ("add", "sub", "mul", "div", "floordiv", "mod")),
    "bool_and", "bool_or", "bool_eq", "bool_not", "tuple_div", "tuple_equal", "tuple_reversed",
    "tuple_setitem", "list_equal", "list_getitem", "list_len", "list_setitem", "make_list",
    "make_slice", "make_dict", "dict_getitem", "dict_setitem", "in_dict", "not_in_dict", "is_",
    "is_not", "string_concat", "string_eq",
    # complex-only matrix logarithm: tests/ops/test_legacy_prims.py against scipy.linalg.logm
    "MatrixLogarithm",
    # True in PyNative, False for a traced Tensor (MindSpore's answer differs by mode on purpose):
    # tests/goldens/ops_r10/003
    "isconstant",
}
DTYPES = {"f32": np.float32, "f16": np.float16}


def _ids(rows):
    seen, ids = {}, []
    for r in rows:
        seen[r.name] = seen.get(r.name, 0) + 1
        ids.append(r.name if seen[r.name] == 1 else "%s-%d" % (r.name, seen[r.name]))
    return ids


def _params(rows, variants):
    out = []
    for row, rid in zip(rows, _ids(rows)):
        for v in variants:
            if (v == "f16" and not row.f16) or (v == "0d" and not row.z):
                continue
            out.append(pytest.param(row, v, id="%s[%s]" % (rid, v)))
    return out


def _leaves(out):
    if isinstance(out, (tuple, list)):
        return [leaf for o in out for leaf in _leaves(o)]
    return [out]


def _assert_same(eager, graph, what):
    e, g = _leaves(eager), _leaves(graph)
    assert len(e) == len(g), what
    for i, (a, b) in enumerate(zip(e, g)):
        msg = "%s output %d" % (what, i)
        if not isinstance(a, Tensor):
            assert not isinstance(b, Tensor) and a == b, msg
            continue
        assert isinstance(b, Tensor), msg
        assert a.shape == b.shape and a.dtype == b.dtype, (msg, a.shape, b.shape, a.dtype, b.dtype)
        an, bn = a.asnumpy(), b.asnumpy()
        if an.dtype.kind == "f":
            np.testing.assert_allclose(bn, an, rtol=1e-5, atol=0, err_msg=msg)
        else:
            np.testing.assert_array_equal(bn, an, err_msg=msg)


def _tensors(row, variant, seed=0):
    dtype = DTYPES.get(variant, np.float32)
    return [Tensor(a) for a in make_inputs(row, dtype, zero_d=variant == "0d", seed=seed)]


def _jit(fn):
    return ms.jit(lambda *ts: fn(*ts))


VALUE_ROWS = [r for r in ROWS if r.kind == "value"]


@pytest.mark.parametrize("row,variant", _params(VALUE_ROWS, ["f32", "f16", "0d"]))
def test_graph_matches_pynative(row, variant):
    eager = row.fn(*_tensors(row, variant))
    graph = _jit(row.fn)(*_tensors(row, variant))
    _assert_same(eager, graph, row.name)


CELL_FAMILIES = ("ops.add", "ops.mul", "ops.exp", "ops.sum", "ops.softmax", "ops.matmul",
                 "ops.Add", "ops.ReduceSum", "ops.Transpose", "ops.Softmax", "Tensor.__add__",
                 "Tensor.__getitem__", "Tensor.__setitem__", "Tensor.fill_", "Tensor.reshape",
                 "Tensor.sum", "Tensor.astype", "ops.setitem", "ops.gather", "ops.conv2d")


@pytest.mark.parametrize("row,variant", _params(
    [r for r in VALUE_ROWS if r.name in CELL_FAMILIES], ["f32"]))
def test_graph_cell_matches_pynative(row, variant):
    eager = FnCell(row.fn)(*_tensors(row, variant))
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = FnCell(row.fn)(*_tensors(row, variant))
    _assert_same(eager, graph, row.name)


@pytest.mark.parametrize("row,variant", _params(
    [r for r in ROWS if r.kind == "random"], ["f32"]))
def test_random_shape_and_dtype(row, variant):
    eager = _leaves(row.fn(*_tensors(row, variant)))
    graph = _leaves(_jit(row.fn)(*_tensors(row, variant)))
    assert [(t.shape, t.dtype) for t in eager] == [(t.shape, t.dtype) for t in graph]


@pytest.mark.parametrize("row,variant", _params(
    [r for r in ROWS if r.kind == "datadep"], ["f32"]))
def test_data_dependent_gives_the_eager_result_or_refuses_in_graph_mode(row, variant):
    """Ops whose result needs input values either run in GRAPH_MODE with PYNATIVE's result
    (int(x), x.asnumpy() ...: computed while tracing from the call's values, the graph keyed
    by them, mindcell/graph/fallback.py) or refuse with a GraphModeError naming the line
    (a data-dependent shape: nonzero, boolean masks): never another value."""
    eager = _leaves(row.fn(*_tensors(row, variant)))
    try:
        graph = _leaves(_jit(row.fn)(*_tensors(row, variant)))
    except GraphModeError as error:
        assert re.match(r"^\S+:\d+: GRAPH_MODE", str(error)), error  # names a file and line
        return
    assert len(eager) == len(graph)
    for e, g in zip(eager, graph):
        e = e.asnumpy() if isinstance(e, Tensor) else e
        g = g.asnumpy() if isinstance(g, Tensor) else g
        np.testing.assert_equal(g, e)


def _float_positions(row):
    return tuple(i for i, s in enumerate(row.specs) if s[0] in ("f", "pos", "away", "prob"))


def _scalar_fn(row, probes):
    def scalar(*ts):
        outs = [o for o in _leaves(row.fn(*ts)) if isinstance(o, Tensor) and o.is_floating_point()]
        total = (outs[0] * probes[0]).sum()
        for o, p in zip(outs[1:], probes[1:]):
            total = total + (o * p).sum()
        return total
    return scalar


def _probes(row, ts, dtype):
    rng = np.random.default_rng(7)
    outs = [o for o in _leaves(row.fn(*ts)) if isinstance(o, Tensor) and o.is_floating_point()]
    outs = outs[:row.probe] if row.probe else outs
    return [Tensor(rng.standard_normal(o.shape).astype(dtype)) for o in outs]


def _row_params(rows):
    return [pytest.param(r, id=i) for r, i in zip(rows, _ids(rows))]


def _has_float_output(row):
    """Whether the eager sample call returns a float tensor (else there is nothing to probe)."""
    try:
        outs = _leaves(row.fn(*_tensors(row, "f32")))
    except Exception:  # a broken sample call: let the gradient test show the error
        return True
    return any(isinstance(o, Tensor) and o.is_floating_point() for o in outs)


GRAD_ROWS = [r for r in VALUE_ROWS if r.grad and _has_float_output(r)]


@pytest.mark.parametrize("row", _row_params(GRAD_ROWS))
def test_gradients_graph_matches_pynative(row):
    ts = _tensors(row, "f32", seed=1)
    pos = _float_positions(row)
    scalar = _scalar_fn(row, _probes(row, ts, np.float32))
    eager = ops.grad(scalar, grad_position=pos)(*ts)
    graph = ms.jit(ops.grad(scalar, grad_position=pos))(*ts)
    _assert_same(eager, graph, row.name + " grad")


OP_DB_NAMES = {"ops." + o.name for o in OPS}
FD_ROWS = [r for r in GRAD_ROWS if r.name not in OP_DB_NAMES and r.fd is None]


@pytest.mark.parametrize("row", _row_params(FD_ROWS))
def test_gradients_match_finite_differences(row):
    arrays = make_inputs(row, np.float64, seed=2)
    pos = _float_positions(row)
    scalar = _scalar_fn(row, _probes(row, [Tensor(a) for a in arrays], np.float64))
    grads = ops.grad(scalar, grad_position=pos)(*[Tensor(a) for a in arrays])
    grads = grads if isinstance(grads, tuple) else (grads,)

    def value(arrs):
        return float(scalar(*[Tensor(a) for a in arrs]).asnumpy())

    for p, g in zip(pos, grads):
        assert g.dtype == ms.float64
        np.testing.assert_allclose(g.asnumpy(), _numeric_grad(value, arrays, p), rtol=1e-5,
                                   atol=1e-6, err_msg="%s input %d" % (row.name, p))


# ----- side effects: assign* on a Parameter, in both modes --------------------------------
class _Assign(nn.Cell):
    def __init__(self, kind):
        super().__init__()
        self.p = ms.Parameter(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)), name="p")
        self.kind = kind

    def construct(self, v):
        if self.kind == "assign":
            ops.assign(self.p, v)
        elif self.kind == "assign_add":
            ops.assign_add(self.p, v)
        elif self.kind == "assign_sub":
            ops.assign_sub(self.p, v)
        elif self.kind == "Assign":
            ops.Assign()(self.p, v)
        elif self.kind == "AssignAdd":
            ops.AssignAdd()(self.p, v)
        else:
            ops.AssignSub()(self.p, v)
        return self.p * 1


@pytest.mark.parametrize("kind", ["assign", "assign_add", "assign_sub", "Assign", "AssignAdd",
                                  "AssignSub"])
def test_assign_side_effects_agree(kind, mode):
    v = Tensor(np.full((2, 3), 0.5, np.float32))
    base = np.arange(6, dtype=np.float32).reshape(2, 3)
    want = {"assign": 0.5 + 0 * base, "assign_add": base + 0.5, "assign_sub": base - 0.5}[
        kind.lower().replace("assignadd", "assign_add").replace("assignsub", "assign_sub")]
    cell = _Assign(kind)
    np.testing.assert_array_equal(cell(v).asnumpy(), want)
    np.testing.assert_array_equal(cell.p.asnumpy(), want)


def test_print_runs_in_both_modes(capsys):
    x = Tensor(np.ones(2, np.float32))
    ops.print_("v", x)
    ms.jit(lambda t: ops.depend(t, ops.print_("v", t)))(x)
    ops.Print()("v", x)
    lines = capsys.readouterr().out.splitlines()
    assert lines.count("v") == 3  # eager, jit (printed at run time) and the Primitive class


# ----- completeness -------------------------------------------------------------------------
def _public_ops():
    names = set()
    for n in dir(ops):
        obj = getattr(ops, n)
        if not n.startswith("_") and callable(obj):
            names.add("ops." + n)
    return names


def _public_tensor():
    names = {"Tensor." + n for n in dir(Tensor) if not n.startswith("_")}
    names |= {"Tensor." + n for n in set(vars(Tensor)) | set(_OPERATORS) if n.startswith("__")}
    return names


def _public_tensor_names():
    return [n for n in dir(Tensor) if not n.startswith("_")]


def _mint_face(obj):
    """A mint function MindSpore also exposes in ops (ops.baddbmm_ext is mint.baddbmm): its
    database is tests/mint."""
    return (getattr(obj, "__module__", None) or "").startswith("mindcell.mint")


def test_every_public_callable_has_a_row():
    covered = {r.name for r in ROWS}
    exempt = {"ops." + n for n in EXEMPT_OPS} | {"Tensor." + n for n in EXEMPT_TENSOR}
    # A face of an op MindSpore exposes under several names (ops.tensor_add is ops.add) is
    # tested through the row of the same object.
    covered_ids = {id(getattr(ops, n[4:])) for n in covered if n.startswith("ops.")
                   and hasattr(ops, n[4:])}
    faces = {n for n in _public_ops() if id(getattr(ops, n[4:])) in covered_ids
             or _mint_face(getattr(ops, n[4:]))}
    # A Tensor method generated from an ops function (method_func.FUNCTIONS_AS_METHODS) calls
    # that function with self first: the function's rows test it.
    faces |= {"Tensor." + n for n in _public_tensor_names()
              if id(getattr(getattr(Tensor, n), "_ops_function", None)) in covered_ids}
    missing = sorted((_public_ops() | _public_tensor()) - covered - exempt - faces)
    assert not missing, "no api_table row for: %s" % ", ".join(missing)
    stale = sorted(n for n in covered - _public_ops() - _public_tensor()
                   if not n.startswith("F."))  # F.*: internal helpers, tested directly
    assert not stale, stale


def test_rows_are_rows():
    assert all(isinstance(r, Row) for r in ROWS)
    assert {"Tensor.__setitem__", "Tensor.fill_", "Tensor.__radd__"} <= {r.name for r in ROWS}


def test_class_names_are_classes():
    assert all(inspect.isclass(getattr(ops, r.name[4:])) for r in CLASS_ROWS)
