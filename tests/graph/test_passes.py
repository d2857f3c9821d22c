"""Each graph pass on the IR: node counts before/after and verify() after every pass."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell.graph import passes as P
from mindcell.graph.compile import CompileReport, optimize
from mindcell.graph.executor import Program
from mindcell.graph.tracer import trace


def _trace(fn, *args):
    graph, _, _ = trace(fn, list(args), {}, "test")
    graph.verify()
    return graph


def _names(graph):
    return [n.prim.name for n in graph.nodes]


def _run(graph, *args):
    return Program(graph).run([a._data for a in args])


def x32(*shape, seed=0):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(np.float32))


def test_dce_removes_unused_nodes_and_keeps_side_effects():
    p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")

    def fn(x):
        unused = ops.exp(x) * 3  # noqa: F841
        ops.assign(p, x)
        return x + 1

    g = _trace(fn, x32(3))
    assert "Exp" in _names(g) and "Assign" in _names(g)
    P.eliminate_dead_code(g)
    g.verify()
    assert "Exp" not in _names(g) and "Mul" not in _names(g)
    assert "Assign" in _names(g)


def test_dce_keeps_print():
    g = _trace(lambda x: (ops.print_("value", x), x * 2)[1], x32(2))
    P.eliminate_dead_code(g)
    assert "Print" in _names(g)


def test_constant_folding_evaluates_constant_subgraphs():
    def fn(x):
        c = ops.exp(ops.ones((3,), ms.float32)) * 2
        return x + c

    g = _trace(fn, x32(3))
    before = g.node_count()
    P.fold_constants(g)
    g.verify()
    assert g.node_count() == before - 2
    assert _names(g) == ["Add"]
    out = _run(g, Tensor(np.zeros(3, np.float32)))[0]
    np.testing.assert_allclose(out, np.exp(np.ones(3, np.float32)) * 2, rtol=1e-6)


def test_cse_merges_identical_nodes():
    g = _trace(lambda x: ops.exp(x) + ops.exp(x), x32(4))
    assert _names(g).count("Exp") == 2
    P.eliminate_common_subexpressions(g)
    g.verify()
    assert _names(g).count("Exp") == 1


def test_cse_keeps_random_draws_apart():
    g = _trace(lambda x: x + ops.rand(2) + ops.rand(2), x32(2))
    P.eliminate_common_subexpressions(g)
    assert _names(g).count("UniformReal") == 2


@pytest.mark.parametrize("fn, gone", [
    (lambda x: x * 1.0, "Mul"), (lambda x: x + 0.0, "Add"), (lambda x: x - 0.0, "Sub"),
    (lambda x: x / 1.0, "RealDiv"),
    (lambda x: ops.transpose(ops.transpose(x, (1, 0)), (1, 0)), "Transpose"),
    (lambda x: ops.reshape(ops.reshape(x, (6,)), (2, 3)), "Reshape"),
    (lambda x: ops.cast(x, ms.float32), "Cast"),
])
def test_algebraic_simplification(fn, gone):
    x = x32(2, 3)
    g = _trace(fn, x)
    P.simplify_algebra(g)
    P.eliminate_dead_code(g)
    g.verify()
    assert gone not in _names(g)
    np.testing.assert_array_equal(_run(g, x)[0], fn(x).asnumpy())


def test_reshape_chain_collapses_to_one_reshape():
    g = _trace(lambda x: ops.reshape(ops.reshape(ops.reshape(x, (6,)), (3, 2)), (1, 6)),
               x32(2, 3))
    P.simplify_algebra(g)
    P.eliminate_dead_code(g)
    assert _names(g) == ["Reshape"]


def test_chained_elementwise_ops_become_one_fused_node():
    def fn(x):
        return ops.tanh(ops.exp(x * 0.5) + 0.1) * 2.0 - x

    x = x32(1000)
    g = _trace(fn, x)
    assert g.node_count() == 6
    P.fuse_elementwise(g)
    g.verify()
    assert _names(g) == ["FusedElementwise"]
    np.testing.assert_allclose(_run(g, x)[0], fn(x).asnumpy(), rtol=1e-5, atol=1e-6)


def test_fusion_stops_at_values_used_twice_and_at_shape_changes():
    def fn(x):
        a = ops.exp(x)
        b = a * 2 + 1
        return b.sum() + a.sum()

    g = _trace(fn, x32(8))
    P.fuse_elementwise(g)
    g.verify()
    assert "Exp" in _names(g)          # used by two consumers: kept
    assert "FusedElementwise" in _names(g)


def test_memory_planning_reuses_buffers():
    def fn(x):
        for _ in range(6):
            x = ops.matmul(x, x)
        return x

    g = _trace(fn, x32(64, 64))
    P.plan_memory(g)
    plan = g.memory_plan
    assert plan.naive_bytes == 6 * 64 * 64 * 4
    assert plan.peak_bytes <= 2 * 64 * 64 * 4  # two live matrices at a time
    assert plan.peak_bytes < plan.naive_bytes


def test_full_pipeline_report_and_verify():
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 2)])
    x = x32(3, 4)
    g, _, _ = trace(lambda a: net(a), [x], {}, "mlp")
    report = CompileReport("mlp")
    optimize(g, report, verify=True)
    assert [p[0] for p in report.passes][0] == "eliminate_dead_code"
    assert report.peak_bytes > 0
    np.testing.assert_allclose(_run(g, x)[0], net(x).asnumpy(), rtol=1e-6)
    text = str(g)
    assert "MatMul" in text and "(3, 8) float32" in text


def test_recompute_lowers_peak_bytes():
    class Block(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = nn.Dense(64, 256)
            self.b = nn.Dense(256, 64)

        def construct(self, x):
            return self.b(ops.tanh(self.a(x)))

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.blocks = nn.CellList([Block() for _ in range(4)])

        def construct(self, x):
            for blk in self.blocks:
                x = blk(x)
            return x.sum()

    def peak(recompute):
        ms.set_seed(0)
        net = Net()
        if recompute:
            for blk in net.blocks:
                blk.recompute()
        x = x32(1024, 64)  # activations dominate the parameters, as in real training
        gfn = ops.grad(net, None, net.trainable_params())
        g, _, _ = trace(lambda a: gfn(a), [x], {}, "net")
        report = CompileReport("net")
        optimize(g, report, verify=True)
        return report.peak_bytes, [o.asnumpy() for o in gfn(x)], _run(g, x)

    base, eager_grads, graph_grads = peak(False)
    low, eager_grads_r, graph_grads_r = peak(True)
    assert low < 0.7 * base
    for a, b in zip(eager_grads, graph_grads_r):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_native_elementwise_ops_write_in_place_over_dying_inputs():
    def fn(x):
        h = ops.matmul(x, x)           # owns a buffer
        return ops.relu(h * 2.0) + 1.0  # each op may overwrite its dying input

    g = _trace(fn, x32(32, 32))
    P.plan_memory(g)
    owners = [n.outputs[0] for n in g.nodes]
    offsets = {g.memory_plan.offsets[v.id] for v in owners}
    assert len(offsets) == 1
    assert g.memory_plan.peak_bytes == 32 * 32 * 4
    x = x32(32, 32)
    np.testing.assert_allclose(_run(g, x)[0], np.maximum((x.asnumpy() @ x.asnumpy()) * 2, 0) + 1,
                               rtol=1e-5)


def test_sink_to_first_use_delays_large_outputs_and_keeps_side_effects_in_place():
    p = Parameter(Tensor(np.ones((64, 64), np.float32)), name="p")

    def fn(x, w):
        ops.assign(p, p * 2.0)         # a barrier: nothing crosses it
        big = ops.matmul(x, w)          # (64, 64): larger than the small values it reads
        small = ops.reduce_sum(x, 0)
        late = ops.matmul(ops.exp(small).reshape(1, 64), w)
        return big.sum() + late.sum()

    x, w = x32(64, 64), x32(64, 64, seed=1)
    g = _trace(fn, x, w)
    before = _names(g)
    P.sink_to_first_use(g)
    g.verify()
    names = _names(g)
    assert sorted(names) == sorted(before)
    assert names.index("Assign") == before.index("Assign")
    first_mm = [i for i, n in enumerate(g.nodes) if n.prim.name == "MatMul"][0]
    assert first_mm > names.index("ReduceSum")  # moved next to its first user


def test_sink_lowers_peak_bytes_of_a_gradient():
    def fn(x, w1, w2):
        return ops.reduce_sum(ops.matmul(ops.tanh(ops.matmul(x, w1)), w2))

    x, w1, w2 = x32(256, 64), x32(64, 512, seed=1), x32(512, 64, seed=2)
    gfn = ops.grad(fn, (0, 1, 2))
    peaks = []
    for sink in (False, True):
        g = _trace(lambda *a: gfn(*a), x, w1, w2)
        if sink:
            P.sink_to_first_use(g)
        P.plan_memory(g)
        peaks.append(g.memory_plan.peak_bytes)
        for got, want in zip(_run(g, x, w1, w2), gfn(x, w1, w2)):
            np.testing.assert_allclose(got, want.asnumpy(), rtol=1e-4, atol=1e-4)
    assert peaks[1] <= peaks[0]


def test_swapped_operands_of_matrix_products_become_transpose_flags():
    def fn(a, b):
        return ops.matmul(a, ops.swapaxes(b, -1, -2)), ops.matmul(ops.swapaxes(a, -1, -2), a)

    a, b = x32(3, 4, 5), x32(3, 6, 5, seed=1)
    g = _trace(fn, a, b)
    assert _names(g).count("Transpose") == 2
    P.simplify_algebra(g)
    P.eliminate_dead_code(g)
    g.verify()
    assert "Transpose" not in _names(g)
    flags = [(n.attrs["transpose_a"], n.attrs["transpose_b"]) for n in g.nodes
             if n.prim.name == "BatchMatMul"]
    assert sorted(flags) == [(False, True), (True, False)]
    an, bn = a.asnumpy(), b.asnumpy()
    p1, p2 = _run(g, a, b)
    np.testing.assert_allclose(p1, an @ np.swapaxes(bn, -1, -2), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(p2, np.swapaxes(an, -1, -2) @ an, rtol=1e-5, atol=1e-5)
