"""Sums, the SGD update and the sparse softmax cross-entropy as native executor instructions
(issue 19): the compiled program runs them without Python steps, bit-identical to the eager
kernels (GRAPH == PYNATIVE); an update whose parameter array the native loop cannot write runs
its Python step instead, and a label out of range raises the op's error."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell._core.kernels.nn import sum_layout
from mindcell.graph.compile import CompileReport, optimize
from mindcell.graph.executor import Program
from mindcell.graph.tracer import trace


def _x(*shape, seed=0, dtype=np.float32):
    return np.random.default_rng(seed).standard_normal(shape).astype(dtype)


def _program(fn, *args):
    graph, _, _ = trace(fn, list(args), {}, "test")
    optimize(graph, CompileReport("test"), verify=True)
    return Program(graph)


def _instrs(program, kind):
    return [i for i in program.lowered.instrs if i["kind"] == kind]


@pytest.mark.parametrize("shape, axis, mode", [
    ((64,), (), "rows"), ((5, 7), (1,), "rows"), ((4, 3, 5), (1, 2), "rows"),
    ((64, 10), (0,), "cols"), ((3, 300), (0,), "cols"), ((2, 3, 4), (0, 1), "cols"),
    ((32, 6, 7, 7), (0, 2, 3), "middle"), ((2, 3, 4, 5), (0, 3), "middle"),
    ((1, 5), (0,), "rows")])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_sums_run_natively_and_match_eager_and_float64(shape, axis, mode, dtype):
    assert sum_layout(shape, axis)[0] == mode
    x = Tensor(_x(*shape, dtype=dtype) * 100)
    axis_arg = axis if axis else None

    def fn(x):
        return ops.sum(x, axis_arg)

    prog = _program(fn, x)
    assert len(_instrs(prog, "sum")) == 1 and not _instrs(prog, "py")
    out = prog.run([x._data])[0]
    eager = fn(x).asnumpy()
    assert out.dtype == dtype and out.shape == eager.shape
    np.testing.assert_array_equal(out, eager)  # the same loop: bit-identical
    if mode == "middle":  # numpy's order and element type, as before it was native
        np.testing.assert_array_equal(out, np.sum(x.asnumpy(), axis=axis, dtype=dtype))
        return
    want = x.asnumpy().astype(np.float64).sum(axis=axis_arg)
    # double accumulators: the float32 result is the float64 sum rounded once
    np.testing.assert_allclose(out, want, rtol=1e-6 if dtype == np.float32 else 1e-13)


@pytest.mark.parametrize("inner", [2, 5, 7, 8, 9, 16, 23, 128, 129, 136, 200, 300, 1000, 4099])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_middle_sum_is_numpys_sum_bit_for_bit(inner, dtype):
    """The middle layout (a convolution's bias gradient) adds in numpy's pairwise order in
    the element type in both modes: every branch of the pairwise sum (below 8, unrolled by 8
    up to 128, halved above), rows of mixed magnitudes so the order shows in the last bits.
    A training step of the zoo's CRNN + CTC script amplifies any other rounding of this sum
    (issue 19)."""
    rng = np.random.default_rng(inner)
    outer, mid = 7, 3
    x = (rng.standard_normal((outer, mid, inner))
         * 10.0 ** rng.uniform(-4, 4, (outer, mid, inner))).astype(dtype)
    want = np.sum(x, axis=(0, 2), dtype=dtype)
    out = np.empty(mid, dtype)
    from mindcell._C import reduce as _reduce
    _reduce.sum_middle(x, out)
    np.testing.assert_array_equal(out, want)
    x4 = Tensor(x.reshape(outer, mid, 1, inner))

    def fn(x):
        return ops.sum(x, (0, 2, 3))

    np.testing.assert_array_equal(fn(x4).asnumpy(), want)
    prog = _program(fn, x4)
    assert len(_instrs(prog, "sum")) == 1
    np.testing.assert_array_equal(prog.run([x4._data])[0], want)


def test_sum_of_non_adjacent_kept_axes_stays_a_python_step():
    assert sum_layout((2, 3, 4), (0, 2))[0] == "middle"
    assert sum_layout((2, 3, 4), (1,)) is None  # keeps axes 0 and 2
    assert sum_layout((2, 3, 4, 5), (1, 3)) is None

    def fn(x):
        return ops.sum(x, (1, 3))

    x4 = Tensor(_x(2, 3, 4, 5))
    prog = _program(fn, x4)
    assert not _instrs(prog, "sum")
    np.testing.assert_allclose(prog.run([x4._data])[0], x4.asnumpy().sum((1, 3)), rtol=1e-5)


def test_sum_keep_dims_and_empty_reduced_axis():
    x = Tensor(_x(4, 6))
    prog = _program(lambda x: ops.sum(x, 0, keepdim=True), x)
    assert _instrs(prog, "sum")
    np.testing.assert_array_equal(prog.run([x._data])[0], x.asnumpy().sum(0, keepdims=True,
                                                                            dtype=np.float64)
                                  .astype(np.float32))
    e = Tensor(np.zeros((0, 3), np.float32))
    prog = _program(lambda x: ops.sum(x, 0), e)
    assert not _instrs(prog, "sum")  # nothing to add: the Python step gives zeros
    np.testing.assert_array_equal(prog.run([e._data])[0], np.zeros(3, np.float32))


def _train(mode, optimizer, steps=4, dtype=np.float32):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(12, 16), nn.ReLU(), nn.Dense(16, 5)])
    if dtype == np.float64:
        net.to_float(ms.float64)
        for p in net.trainable_params():
            p.set_data(Tensor(p.asnumpy().astype(np.float64)))
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(
        sparse=True, reduction="mean")), optimizer(net.trainable_params()))
    step.set_train()
    x = Tensor(_x(8, 12, dtype=dtype))
    y = Tensor(np.arange(8, dtype=np.int32) % 5)
    losses = [float(step(x, y).asnumpy()) for _ in range(steps)]
    return step, losses, [p.asnumpy().copy() for p in net.trainable_params()]


SGDS = {
    "plain": lambda ps: nn.SGD(ps, 0.1),
    "momentum": lambda ps: nn.SGD(ps, 0.1, momentum=0.9),
    "dampening_decay": lambda ps: nn.SGD(ps, 0.05, momentum=0.8, dampening=0.3,
                                          weight_decay=0.01),
    "nesterov": lambda ps: nn.SGD(ps, 0.1, momentum=0.9, nesterov=True),
}


@pytest.mark.parametrize("name", sorted(SGDS))
def test_sgd_update_runs_natively_graph_equals_pynative(name):
    step, graph_losses, graph_params = _train(ms.GRAPH_MODE, SGDS[name])
    program = step._graph_cache.last_compiled.program
    sgd = _instrs(program, "sgd")
    assert len(sgd) == 4  # every parameter's update
    assert not any(n.prim.name == "SGDUpdate" for n, i in zip(program.nodes,
                                                                program.lowered.instrs)
                   if i["kind"] == "py")
    _, eager_losses, eager_params = _train(ms.PYNATIVE_MODE, SGDS[name])
    assert graph_losses == eager_losses
    for g, e in zip(graph_params, eager_params):
        np.testing.assert_array_equal(g, e)
    assert graph_losses[-1] < graph_losses[0]
    # the first-step flags: cleared by the native update with momentum (momentum starts from
    # g), left at 1 without, as MindSpore 2.10 does (tests/goldens/optim_more 005)
    opt = step.optimizer
    flags = {float(v) for s in opt.stat for v in s.asnumpy().reshape(-1)}
    assert flags == ({0.0} if opt._momentum > 0 else {1.0})


def test_sgd_update_matches_its_numpy_reference():
    from mindcell.ops.defs.state import sgd_update_p
    p, g, a = _x(40, seed=1), _x(40, seed=2), _x(40, seed=3)
    for first in (1.0, 0.0):
        for kw in (dict(momentum=0.0, dampening=0.0, weight_decay=0.0, nesterov=False),
                   dict(momentum=0.9, dampening=0.1, weight_decay=0.01, nesterov=False),
                   dict(momentum=0.9, dampening=0.0, weight_decay=0.0, nesterov=True)):
            args = [np.float32(0.1), np.full(40, first, np.float32)]
            ref = [p.copy(), g, a.copy()]
            sgd_update_p.impl(ref[0], g, ref[2], *args, **kw)
            got = [p.copy(), g, a.copy()]
            sgd_update_p.compute([got[0], g, got[2]] + args, kw)
            np.testing.assert_allclose(got[0], ref[0], rtol=1e-6, atol=1e-7)
            np.testing.assert_allclose(got[2], ref[2], rtol=1e-6, atol=1e-7)


def test_sgd_on_a_parameter_the_native_loop_cannot_write_runs_its_python_step():
    """A parameter whose array is not C-contiguous (set_data of a transposed view) is updated
    in that array: the update runs as a Python step for that call, the others natively."""
    ms.set_context(mode=ms.GRAPH_MODE)
    results = []
    for fortran in (False, True):
        ms.set_seed(0)
        net = nn.Dense(6, 3)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   nn.SGD(net.trainable_params(), 0.1))
        x, y = Tensor(_x(4, 6)), Tensor(_x(4, 3, seed=5))
        step(x, y)
        if fortran:
            w = net.weight.asnumpy()
            net.weight._data = np.asfortranarray(w)
            assert not net.weight._data.flags.c_contiguous
        before = net.weight._data
        start = before.copy()
        step(x, y)
        step(x, y)
        if fortran:
            assert net.weight._data is before  # updated in place, in its own array
            assert not np.array_equal(before, start)
        assert _instrs(step._graph_cache.last_compiled.program, "sgd")
        results.append([p.asnumpy().copy() for p in net.trainable_params()])
    for a, b in zip(*results):
        # the Python step is the eager one for such an array: numpy's float32 reference
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)


def test_a_second_update_of_a_parameter_in_one_graph_stays_a_python_step():
    """The native update writes only arrays bound before the run (graph parameters): a second
    update of the same parameter reads the first one's result and keeps its Python step."""
    from mindcell.ops.defs.state import sgd_update_p
    p = Parameter(Tensor(np.ones(4, np.float32)), name="p")
    acc = Parameter(Tensor(np.zeros(4, np.float32)), name="acc")
    stat = Parameter(Tensor(np.ones(4, np.float32)), name="stat")

    class Step(nn.Cell):
        def __init__(self):
            super().__init__()
            self.p, self.acc, self.stat = p, acc, stat

        def construct(self, g, lr):
            for _ in range(2):
                sgd_update_p.bind(self.p, g, self.acc, lr, self.stat, momentum=0.0,
                                  dampening=0.0, weight_decay=0.0, nesterov=False,
                                  clear_stat=False)
            return self.p * 1.0

    ms.set_context(mode=ms.GRAPH_MODE)
    cell = Step()
    out = cell(Tensor(np.full(4, 2.0, np.float32)), Tensor(np.float32(0.25)))
    np.testing.assert_array_equal(out.asnumpy(), np.zeros(4, np.float32))
    np.testing.assert_array_equal(p.asnumpy(), np.zeros(4, np.float32))
    program = cell._graph_cache.last_compiled.program
    kinds = [i["kind"] for n, i in zip(program.nodes, program.lowered.instrs)
             if n.prim.name == "SGDUpdate"]
    assert kinds == ["sgd", "py"]


@pytest.mark.parametrize("label_dtype", [np.int32, np.int64])
@pytest.mark.parametrize("dtype", [np.float32])
def test_sparse_cross_entropy_runs_natively_and_matches_eager(dtype, label_dtype):
    logits = Tensor(_x(16, 7, dtype=dtype) * 3)
    labels = Tensor(np.random.default_rng(1).integers(0, 7, 16).astype(label_dtype))
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="none")

    def fn(z, y):
        return loss_fn(z, y)

    prog = _program(fn, logits, labels)
    assert len(_instrs(prog, "sparse_xent")) == 1 and not _instrs(prog, "py")
    out = prog.run([logits._data, labels._data])[0]
    np.testing.assert_array_equal(out, fn(logits, labels).asnumpy())
    z = logits.asnumpy().astype(np.float64)
    want = np.log(np.exp(z - z.max(1, keepdims=True)).sum(1)) + z.max(1) \
        - z[np.arange(16), labels.asnumpy()]
    np.testing.assert_allclose(out, want, rtol=1e-5 if dtype == np.float32 else 1e-12)


def test_sparse_cross_entropy_refuses_float64_logits_as_mindspore():
    """MindSpore 2.10's sparse cell compares the logits with its float32 one-hot labels and
    raises TypeError for float64 (ms-oracle); the native program never sees float64."""
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="none")
    labels = Tensor(np.array([0, 2, 1], np.int32))
    with pytest.raises(TypeError, match="SoftmaxCrossEntropyWithLogits"):
        loss_fn(Tensor(_x(3, 4, dtype=np.float64)), labels)


def test_sparse_cross_entropy_gradient_matches_the_float64_derivative_and_differences():
    rng = np.random.default_rng(3)
    z0 = rng.standard_normal((5, 4)).astype(np.float32)
    y = np.array([0, 3, 1, 1, 2], np.int32)
    labels = Tensor(y)
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    grad_fn = ms.jit(ms.grad(lambda z: loss_fn(z, labels)))
    ms.set_context(mode=ms.PYNATIVE_MODE)
    g = grad_fn(Tensor(z0)).asnumpy()
    z = z0.astype(np.float64)
    soft = np.exp(z - z.max(1, keepdims=True))
    soft /= soft.sum(1, keepdims=True)
    want = (soft - np.eye(4)[y]) / 5  # d mean(-log softmax[y]) / dz
    np.testing.assert_allclose(g, want, rtol=1e-5, atol=1e-7)

    def f(v):
        return float(loss_fn(Tensor(v.astype(np.float32)), labels).asnumpy())

    num = np.zeros_like(z)
    for idx in np.ndindex(*z.shape):
        d = np.zeros_like(z)
        d[idx] = 1e-2
        num[idx] = (f(z + d) - f(z - d)) / 2e-2
    np.testing.assert_allclose(g, num, rtol=2e-3, atol=2e-4)


def test_sparse_cross_entropy_label_out_of_range_raises_in_both_modes():
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")

    class Net(nn.Cell):
        def construct(self, z, y):
            return loss_fn(z, y)

    z = Tensor(_x(4, 3))
    bad = Tensor(np.array([0, 1, 3, 2], np.int32))
    messages = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        net = Net()
        net(z, Tensor(np.array([0, 1, 2, 2], np.int32)))  # compiles (GRAPH_MODE)
        with pytest.raises(ValueError, match=r"labels.* must be in \[0, 3\)") as info:
            net(z, bad)
        messages.append(str(info.value))
        if mode == ms.GRAPH_MODE:
            program = net._graph_cache.last_compiled.program
            assert _instrs(program, "sparse_xent")
            # the program still runs after the error
            np.testing.assert_array_equal(
                net(z, Tensor(np.array([2, 1, 0, 0], np.int32))).asnumpy(),
                ms.ops.stop_gradient(loss_fn(z, Tensor(np.array([2, 1, 0, 0], np.int32))))
                .asnumpy())
    # GRAPH_MODE: the primitive's own check (its Python step, as before the native kernel)
    assert messages[1] == ("SparseSoftmaxCrossEntropy: labels must be in [0, 3), but got "
                           "values in [0, 3]")


def test_training_step_w3_shape_has_no_python_steps_but_the_step_counter():
    """The MLP training step (W3's graph: products, bias-gradient sums, cross-entropy, SGD)."""
    ms.set_context(mode=ms.GRAPH_MODE)
    ms.set_seed(0)
    net = nn.SequentialCell([nn.Dense(20, 32), nn.ReLU(), nn.Dense(32, 10)])
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.SoftmaxCrossEntropyWithLogits(
        sparse=True, reduction="mean")), nn.SGD(net.trainable_params(), 0.1))
    x, y = Tensor(_x(8, 20)), Tensor(np.arange(8, dtype=np.int32) % 10)
    step(x, y)
    program = step._graph_cache.last_compiled.program
    python = [n.prim.name for n, i in zip(program.nodes, program.lowered.instrs)
              if i["kind"] == "py"]
    assert python == ["AssignAdd"], python
