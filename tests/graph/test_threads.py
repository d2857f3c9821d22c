"""GRAPH_MODE from several threads: per-thread trace state, a race-free compile cache, and
nothing left behind by a trace that fails."""
import sys
import threading
import time

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell._core import autodiff, trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.graph.symbolic import GraphModeError, SymbolicTensor


@pytest.fixture(autouse=True)
def _fast_switching():
    """Switch threads every microsecond so the threads really interleave inside traces."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    sys.setswitchinterval(interval)
    ms.set_context(mode=ms.PYNATIVE_MODE)


class Net(nn.Cell):
    def construct(self, x):
        y = x * 2.0 + 1.0
        return ops.reduce_sum(y * y, 0) + ops.exp(x).sum() - ops.tanh(x)[0]


def _run_threads(target, n):
    """Start ``n`` threads at one barrier; returns (results, errors) indexed by thread."""
    barrier = threading.Barrier(n)
    results, errors = [None] * n, [None] * n

    def work(i):
        barrier.wait()
        try:
            results[i] = target(i)
        except BaseException as e:  # noqa: B902 (collected and checked by the test)
            errors[i] = e

    threads = [threading.Thread(target=work, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
        assert not t.is_alive(), "a thread did not finish (deadlock?)"
    return results, errors


def _inputs(n):
    rng = np.random.default_rng(0)
    return [Tensor(rng.standard_normal((i + 2, 3)).astype(np.float32)) for i in range(n)]


def _assert_clean_state():
    assert _trace._local.stack == [] and _trace.is_eager()
    assert autodiff.tapes == [] and not autodiff.in_backward()


def test_cold_compile_with_different_shapes_matches_pynative():
    xs = _inputs(4)
    refs = [Net()(x).asnumpy() for x in xs]
    for _ in range(20):
        net = Net()
        ms.set_context(mode=ms.GRAPH_MODE)
        results, errors = _run_threads(lambda i: net(xs[i]).asnumpy(), 4)
        ms.set_context(mode=ms.PYNATIVE_MODE)
        assert errors == [None] * 4
        for got, ref in zip(results, refs):
            assert got.shape == ref.shape
            np.testing.assert_allclose(got, ref, rtol=1e-5, atol=1e-5)
        assert net._graph_cache.compiles == 4 and len(net._graph_cache.entries) == 4
    _assert_clean_state()


class SlowTrace(nn.Cell):
    """Sleeps while it is traced, so concurrent first calls overlap the trace."""

    def __init__(self):
        super().__init__()
        self.traced = []  # a list: a Python attribute construct assigns is a graph effect

    @property
    def traces(self):
        return len(self.traced)

    def construct(self, x):
        if isinstance(x, SymbolicTensor):
            self.traced.append(1)
            time.sleep(0.05)
        return ops.exp(x) * 3.0


def test_concurrent_first_calls_with_one_signature_compile_once():
    x = Tensor(np.linspace(-1, 1, 6, dtype=np.float32).reshape(2, 3))
    ref = np.exp(x.asnumpy()) * 3.0
    net = SlowTrace()
    ms.set_context(mode=ms.GRAPH_MODE)
    results, errors = _run_threads(lambda i: net(x).asnumpy(), 4)
    assert errors == [None] * 4
    for got in results:
        np.testing.assert_allclose(got, ref, rtol=1e-6)
    assert net.traces == 1 and net._graph_cache.compiles == 1


def test_a_trace_in_one_thread_does_not_capture_another_threads_ops():
    started, done = threading.Event(), threading.Event()
    seen = {}

    class Waits(nn.Cell):
        def construct(self, x):
            started.set()
            assert done.wait(30)
            return x + 1.0

    def trace_in_thread():
        seen["out"] = Waits()(Tensor(np.ones(3, np.float32))).asnumpy()

    ms.set_context(mode=ms.GRAPH_MODE)
    t = threading.Thread(target=trace_in_thread)
    t.start()
    try:
        assert started.wait(30)
        a = ops.add(Tensor(np.float32(2.0)), Tensor(np.float32(3.0)))  # while t traces
        grads = ms.grad(lambda v: (v * v).sum())(Tensor(np.array([1.0, 2.0], np.float32)))
    finally:
        done.set()
        t.join(30)
    assert type(a) is Tensor and a.asnumpy() == 5.0
    np.testing.assert_array_equal(grads.asnumpy(), [2.0, 4.0])
    np.testing.assert_array_equal(seen["out"], [2.0, 2.0, 2.0])


class Picky(nn.Cell):
    """Traces for most shapes; fails for 5 rows (ValueError) and 6 rows (GraphModeError)."""

    def construct(self, x):
        y = ops.exp(x) + 1.0
        if x.shape[0] == 5:
            raise ValueError("five rows are not allowed")
        if x.shape[0] == 6:
            return float(ops.rand_like(y).asnumpy().sum())  # a random draw: GraphModeError
        return y * 2.0


def test_a_failed_trace_in_one_thread_while_others_compile():
    rng = np.random.default_rng(1)
    shapes = [(2, 3), (3, 3), (5, 3), (4, 3), (6, 3)]
    xs = [Tensor(rng.standard_normal(s).astype(np.float32)) for s in shapes]
    for _ in range(10):
        net = Picky()
        ms.set_context(mode=ms.GRAPH_MODE)
        results, errors = _run_threads(lambda i: net(xs[i]).asnumpy(), len(xs))
        assert isinstance(errors[2], ValueError) and "five rows" in str(errors[2])
        assert isinstance(errors[4], GraphModeError)
        for i in (0, 1, 3):
            assert errors[i] is None
            np.testing.assert_allclose(results[i], (np.exp(xs[i].asnumpy()) + 1) * 2, rtol=1e-6)
        assert len(net._graph_cache.entries) == 3  # no entry for the failed signatures
        with pytest.raises(ValueError, match="five rows"):  # fails the same way again
            net(xs[2])
        np.testing.assert_allclose(net(xs[0]).asnumpy(), results[0], rtol=0)
    ms.set_context(mode=ms.PYNATIVE_MODE)
    _assert_clean_state()
    with pytest.raises(ValueError, match="five rows"):
        Picky()(xs[2])


def test_keyboard_interrupt_while_tracing_leaves_nothing_behind():
    class Interrupted(nn.Cell):
        def __init__(self):
            super().__init__()
            self.interrupt = True

        def construct(self, x):
            y = x * 3.0
            if self.interrupt:
                raise KeyboardInterrupt
            return y

    net = Interrupted()
    x = Tensor(np.arange(4, dtype=np.float32))
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(KeyboardInterrupt):
        net(x)
    _assert_clean_state()
    assert net._graph_cache.entries == {}
    net.interrupt = False
    np.testing.assert_array_equal(net(x).asnumpy(), [0, 3, 6, 9])
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(net(x).asnumpy(), [0, 3, 6, 9])


def test_traces_and_tapes_a_construct_leaks_are_removed():
    from mindcell.graph.tracer import GraphTrace

    class Leaky(nn.Cell):
        def __init__(self):
            super().__init__()
            self.leak = True

        def construct(self, x):
            if self.leak:  # as if interrupted between a push and its try/finally
                autodiff.tapes.append(autodiff.Tape())
                _trace.push(GraphTrace("leaked"))
                raise KeyboardInterrupt
            return x - 1.0

    net = Leaky()
    x = Tensor(np.ones(2, np.float32))
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(RuntimeError, match="trace stack corrupted") as info:
        net(x)
    assert isinstance(info.value.__context__, KeyboardInterrupt)
    _assert_clean_state()
    net.leak = False
    np.testing.assert_array_equal(net(x).asnumpy(), [0.0, 0.0])
    ms.set_context(mode=ms.PYNATIVE_MODE)
    assert type(ops.add(x, x)) is Tensor


def test_a_failed_graph_mode_gradient_pops_its_tapes():
    def loss(x):
        y = (x * x).sum()
        if x.shape[0] == 3:
            raise ValueError("bad length")
        return y

    grad_fn = ms.grad(loss)
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(ValueError, match="bad length"):
        grad_fn(Tensor(np.ones(3, np.float32)))
    _assert_clean_state()
    got = grad_fn(Tensor(np.array([1.0, -2.0], np.float32)))
    np.testing.assert_array_equal(got.asnumpy(), [2.0, -4.0])


def test_pynative_gradients_in_several_threads_at_once():
    xs = [Tensor(np.full(3, float(i + 1), np.float32)) for i in range(4)]

    def work(i):
        f = ms.grad(lambda v: (ops.exp(v) * v * float(i)).sum())
        return f(xs[i]).asnumpy()

    for _ in range(5):
        results, errors = _run_threads(work, 4)
        assert errors == [None] * 4
        for i, got in enumerate(results):
            v = xs[i].asnumpy().astype(np.float64)
            np.testing.assert_allclose(got, i * np.exp(v) * (1 + v), rtol=1e-5)
    _assert_clean_state()


def test_last_compiled_is_per_thread():
    f = ms.jit(lambda v: ops.exp(v) * 2.0)
    xs = _inputs(4)

    def work(i):
        wrong = 0
        for _ in range(30):
            np.testing.assert_allclose(f(xs[i]).asnumpy(), np.exp(xs[i].asnumpy()) * 2.0,
                                       rtol=1e-6)
            wrong += f.cache.last_compiled.graph.inputs[0].shape != xs[i].shape
        return wrong

    results, errors = _run_threads(work, 4)
    assert errors == [None] * 4 and results == [0] * 4
    assert f.cache.compiles == 4


def test_after_all_that_pynative_and_gradients_still_work():
    x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
    _assert_clean_state()
    np.testing.assert_allclose(Net()(Tensor(np.ones((2, 3), np.float32))).shape, (3,))
    g = ms.grad(lambda v: (ops.tanh(v) ** 2).sum())(x)
    t = np.tanh(x.asnumpy())
    np.testing.assert_allclose(g.asnumpy(), 2 * t * (1 - t * t), rtol=1e-5)
