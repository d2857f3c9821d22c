"""The Cython executor: native instructions over the planned arena, Python steps for the
rest, bit-exact agreement with eager kernels, fresh outputs, re-entrancy."""
import threading

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell.graph.compile import CompileReport, optimize
from mindcell.graph.executor import Program
from mindcell.graph.tracer import trace


def x32(*shape, seed=0, dtype=np.float32):
    return Tensor(np.random.default_rng(seed).standard_normal(shape).astype(dtype))


def _compile(fn, *args):
    graph, _, _ = trace(fn, list(args), {}, "test")
    optimize(graph, CompileReport("test"), verify=True)
    return graph, Program(graph)


def _kinds(program):
    return [i["kind"] for i in program.lowered.instrs]


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_native_instructions_match_eager(dtype):
    w = x32(16, 8, seed=1, dtype=dtype)
    wt = Tensor(np.ascontiguousarray(w.asnumpy().T))
    b = x32(8, seed=2, dtype=dtype)

    def fn(x):
        h = ops.matmul(x, w) + b          # GEMM, then a row-broadcast add
        return h, ops.relu(h) * ops.sigmoid(h), ops.abs(ops.MatMul(transpose_b=True)(x, wt))

    x = x32(4, 16, dtype=dtype)
    _, prog = _compile(fn, x)
    assert _kinds(prog).count("gemm") == 2 and prog.native_count >= 4
    eager = [t.asnumpy() for t in fn(x)]
    graph_out = prog.run([x._data])
    assert all(g.dtype == dtype for g in graph_out)
    np.testing.assert_array_equal(graph_out[0], eager[0])  # the same kernels: bit-exact
    np.testing.assert_array_equal(graph_out[2], eager[2])
    np.testing.assert_allclose(graph_out[1], eager[1], rtol=1e-5 if dtype == np.float32
                               else 1e-12)  # fused: the documented tolerance


def test_batched_gemm_and_scalar_operands():
    a, b = x32(3, 4, 5), x32(3, 5, 2, seed=1)

    def fn(a, b):
        return ops.bmm(a, b) * 2.0 - 1.0

    _, prog = _compile(fn, a, b)
    assert "gemm" in _kinds(prog)
    np.testing.assert_allclose(prog.run([a._data, b._data])[0],
                               (a.asnumpy() @ b.asnumpy()) * 2 - 1, rtol=1e-5, atol=1e-5)


def test_intermediates_share_the_arena_and_outputs_are_fresh_each_run():
    def fn(x):
        for _ in range(6):
            x = ops.matmul(x, x)   # a chain: each intermediate dies after the next product
            x = ops.relu(x)
        return x

    x = Tensor(np.eye(32, dtype=np.float32) * 0.5)
    graph, prog = _compile(fn, x)
    one = 32 * 32 * 4
    assert prog.arena_bytes <= 3 * one, "the chain's intermediates must reuse two buffers"
    first = prog.run([x._data])[0]
    kept = first.copy()
    second = prog.run([x._data])[0]
    assert first is not second and not np.shares_memory(first, second)
    np.testing.assert_array_equal(first, kept)


def test_python_step_views_of_planned_buffers_are_copied():
    def fn(x):
        y = ops.relu(x * 2.0)              # native, planned in the arena
        z = y[1:3]                         # a slice: a Python step that may return a view
        w = ops.relu(x * 3.0)              # native: may reuse y's buffer once y is dead
        return z + 0.0, w

    x = x32(4, 5)
    _, prog = _compile(fn, x)
    z, w = prog.run([x._data])
    xn = x.asnumpy()
    np.testing.assert_allclose(z, np.maximum(xn * 2, 0)[1:3], rtol=1e-6)
    np.testing.assert_allclose(w, np.maximum(xn * 3, 0), rtol=1e-6)


def test_parameters_rebound_each_run_and_shape_change_is_an_error():
    p = Parameter(Tensor(np.ones((3,), np.float32)), name="p")

    def fn(x):
        return ops.mul(x, p)

    x = x32(3)
    graph, _ = _compile(fn, x)
    prog = Program(graph)
    p.set_data(Tensor(np.full((3,), 2.0, np.float32)))
    np.testing.assert_allclose(prog.run([x._data])[0], x.asnumpy() * 2)
    p.set_data(Tensor(np.ones((4,), np.float32)), slice_shape=True)
    with pytest.raises(RuntimeError, match="compiled for"):
        prog.run([x._data])


def test_non_contiguous_inputs_are_accepted():
    x = x32(6, 4)

    def fn(x):
        return ops.relu(x) + 1.0

    _, prog = _compile(fn, x)
    xt = np.ascontiguousarray(x.asnumpy().T).T  # same values, Fortran order
    np.testing.assert_allclose(prog.run([xt])[0], np.maximum(x.asnumpy(), 0) + 1)


def test_concurrent_runs_do_not_share_buffers():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(64, 64), nn.ReLU(), nn.Dense(64, 64)])
    inputs = [x32(32, 64, seed=s) for s in range(4)]
    expected = [net(x).asnumpy() for x in inputs]
    errors = []

    def worker(k):
        for _ in range(30):
            if not np.array_equal(net(inputs[k]).asnumpy(), expected[k]):
                errors.append(k)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors


def test_training_step_runs_mostly_native():
    ms.set_context(mode=ms.GRAPH_MODE)
    net = nn.SequentialCell([nn.Dense(16, 32), nn.ReLU(), nn.Dense(32, 4)])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(
        sparse=True, reduction="mean")), nn.SGD(net.trainable_params(), 0.1))
    x, y = x32(8, 16), Tensor(np.arange(8, dtype=np.int32) % 4)
    losses = [float(step(x, y).asnumpy()) for _ in range(5)]
    assert losses[-1] < losses[0]
    compiled = step._graph_cache.last_compiled
    assert compiled.program.native_count >= 4  # the products and elementwise ops
    report = compiled.report
    assert report.native_instructions == compiled.program.native_count
    assert "native instructions: %d of %d" % (report.native_instructions,
                                              report.instructions) in str(report)


def test_inputs_of_another_size_or_dtype_are_rejected_not_read_out_of_bounds():
    def fn(x):
        return ops.relu(x) * 2.0

    x = x32(6, 4)
    _, prog = _compile(fn, x)
    with pytest.raises(RuntimeError, match="compiled for"):
        prog.run([np.ones((8, 4), np.float32)])
    with pytest.raises(RuntimeError, match="compiled for"):
        prog.run([np.ones((6, 4), np.float64)])
    np.testing.assert_allclose(prog.run([x.asnumpy()])[0], np.maximum(x.asnumpy(), 0) * 2)
