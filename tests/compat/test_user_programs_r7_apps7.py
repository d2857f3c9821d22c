"""Round 7 (apps7): small programs in the style of public MindSpore application tutorials
(mindspore-courses/applications, MindSpore_ModelZoo, mindediting, mindrl, graphlearning,
golden-stick) that stopped or differed under mindcell. Each test is written for this file;
expected values come from MindSpore 2.10 (ms-oracle) where they matter
(tests/goldens/apps7/record_*.py)."""
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.dataset import vision

GOLDENS = Path(__file__).resolve().parents[1] / "goldens" / "apps7"


def test_pilcubic_resize_matches_mindspore_bit_for_bit():
    """ImageNet pipelines ported from timm resize with Inter.PILCUBIC (Pillow's bicubic); every
    resizing transform takes it and computes MindSpore's uint8 result exactly (shrinking,
    enlarging, one axis each way, an int size, ResizedCrop)."""
    g = np.load(GOLDENS / "pilcubic.npz")
    sizes = [(20, 70), (80, 96), (12, 29), (9, 30), (16, 16), 13]
    for i, size in enumerate(sizes):
        y = vision.Resize(size, vision.Inter.PILCUBIC)(g["x%d" % i])
        assert y.dtype == np.uint8 and y.shape == g["y%d" % i].shape
        np.testing.assert_array_equal(y, g["y%d" % i])
    y = vision.ResizedCrop(3, 5, 20, 25, (11, 37), vision.Inter.PILCUBIC)(g["cx"])
    np.testing.assert_array_equal(y, g["cy"])


def test_pilcubic_random_crops_and_channel_rule():
    """RandomResizedCrop / RandomCropDecodeResize take PILCUBIC (the convnext/swin training
    pipelines); an image without 3 channels is refused, as MindSpore does."""
    x = np.random.RandomState(0).randint(0, 256, (40, 48, 3)).astype(np.uint8)
    assert vision.RandomResizedCrop(16, interpolation=vision.Inter.PILCUBIC)(x).shape == (16, 16, 3)
    for bad in [(40, 48), (40, 48, 1), (40, 48, 4)]:
        with pytest.raises((ValueError, RuntimeError), match="PILCUBIC"):
            vision.Resize((20, 30), vision.Inter.PILCUBIC)(np.zeros(bad, np.uint8))


_OPTIMIZERS = [nn.SGD, nn.Momentum, nn.Adam, nn.AdamWeightDecay, nn.RMSProp, nn.Lamb,
               nn.ProximalAdagrad, nn.Rprop, nn.ASGD, nn.AdaMax, nn.Adadelta, nn.LazyAdam]


def _make(opt, params, lr):
    if opt is nn.Momentum:
        return opt(params, lr, 0.9)
    return opt(params, learning_rate=lr)


@pytest.mark.parametrize("opt", _OPTIMIZERS, ids=lambda o: o.__name__)
@pytest.mark.parametrize("kind", ["ndarray", "range", "generator"])
def test_optimizer_takes_any_iterable_per_step_learning_rate(opt, kind):
    """A cosine/warmup schedule computed with numpy (convnext's get_optimizer) is a 1-d array;
    MindSpore takes any iterable as a per-step learning rate: get_lr() is its first entry and
    dynamic_lr is set (ms-oracle)."""
    net = nn.Dense(2, 2)
    values = [0.4, 0.2, 0.1]
    lr = {"ndarray": np.array(values), "range": range(2, 5),
          "generator": (v for v in values)}[kind]
    o = _make(opt, net.trainable_params(), lr)
    first = 2.0 if kind == "range" else 0.4
    assert o.dynamic_lr and not o.is_group_lr
    assert float(o.get_lr().asnumpy()) == pytest.approx(first)


@pytest.mark.parametrize("opt", _OPTIMIZERS, ids=lambda o: o.__name__)
def test_get_lr_with_group_rates_is_one_per_parameter(opt):
    """With a group's own rate, get_lr() is a tuple with each parameter's rate (a custom
    optimizer zips it with the parameters), and a per-step group rate makes dynamic_lr True
    (ms-oracle: (0.5, 0.1), True)."""
    net = nn.Dense(2, 2)
    o = _make(opt, [{"params": [net.weight], "lr": np.array([0.5, 0.25])},
                    {"params": [net.bias]}], 0.1)
    lrs = o.get_lr()
    assert isinstance(lrs, tuple) and len(lrs) == 2
    assert [float(v.asnumpy()) for v in lrs] == pytest.approx([0.5, 0.1])
    assert o.dynamic_lr and o.is_group_lr
    static = _make(opt, [{"params": [net.weight], "lr": 0.5}, {"params": [net.bias]}], 0.1)
    assert not static.dynamic_lr
    assert [float(v.asnumpy()) for v in static.get_lr()] == pytest.approx([0.5, 0.1])


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_custom_optimizer_zips_group_lrs_with_parameters(mode):
    """A custom Optimizer subclass applying per-group rates: three steps of g=1 move w by
    3 * 0.5 and b by 3 * 0.1; reading get_lr() does not advance global_step, so a list rate
    stays at its first entry (MindSpore 2.10: w = -0.5, b = 0.7, global_step 0)."""
    ms.set_context(mode=mode)

    class PlainSGD(nn.Optimizer):
        def __init__(self, params, lr):
            super().__init__(lr, params)

        def construct(self, grads):
            lrs = self.get_lr()
            for p, g, lr in zip(self._parameters, grads, lrs):
                ops.assign_sub(p, g * lr)
            return True

    w = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    b = ms.Parameter(Tensor(np.ones(1, np.float32)), name="b")
    o = PlainSGD([{"params": [w], "lr": [0.5, 0.25, 0.125]}, {"params": [b]}], 0.1)
    g = (Tensor(np.ones(2, np.float32)), Tensor(np.ones(1, np.float32)))
    for _ in range(3):
        o(g)
    np.testing.assert_allclose(w.asnumpy(), [-0.5, -0.5], rtol=1e-6)
    np.testing.assert_allclose(b.asnumpy(), [0.7], rtol=1e-6)
    assert o.global_step.asnumpy().tolist() == [0]


def test_train_private_utils_that_model_code_imports(tmp_path):
    """mindrl's callbacks and mindsponge's checkpoint writers import _make_directory and
    check_value_type from mindspore.train._utils: the directory is created (parents too) and
    its real path returned; a file path, a blank path and a bool for an int are refused, as
    MindSpore does."""
    from mindcell import compat
    compat.install()  # taken out again: later tests see mindcell's own module names
    try:
        from mindspore.train._utils import _make_directory, check_value_type
        d = _make_directory(str(tmp_path / "a" / ".." / "b" / "c"))
        assert d == str((tmp_path / "b" / "c").resolve()) and Path(d).is_dir()
        assert _make_directory(d) == d
        (tmp_path / "f").write_text("x")
        with pytest.raises(NotADirectoryError):
            _make_directory(str(tmp_path / "f"))
        with pytest.raises(ValueError, match="non-blank"):
            _make_directory("  ", "ckpt_dir")
        with pytest.raises(TypeError, match="string"):
            _make_directory(3)
        check_value_type("n", 3, [int, float])
        check_value_type("flag", True, (int, bool))
        with pytest.raises(TypeError, match=r"For `n` the type should be a valid type of "
                                            r"\['int'\], but got bool"):
            check_value_type("n", True, int)
    finally:
        compat.uninstall()


class _Returns(nn.Cell):
    """mindrl's PPO learner: nested helper functions with tensor while loops writing each
    step's value into a zeros tensor in place (discounted rewards, GAE)."""

    def __init__(self):
        super().__init__()
        self.zero_int = Tensor(0, ms.int32)

    def learn(self, rewards, gamma):
        def discounted(rewards, v_last):
            out = ops.zeros_like(rewards)
            it = self.zero_int
            end = rewards.shape[1]
            while it < end:
                i = end - it - 1
                v_last = rewards[:, i] + gamma * v_last
                out[:, i] = v_last
                it += 1
            return out

        def by_range(rewards):
            acc = ops.zeros_like(rewards)
            for k in range(self.zero_int, rewards.shape[1]):
                acc[:, k] = rewards[:, k] * 2
            return acc

        first = discounted(rewards, ops.zeros_like(rewards[:, 0]))
        flags = ops.zeros_like(rewards)
        if rewards.sum() > 0:
            flags[0] = 1.0
        return first, by_range(rewards), flags

    def construct(self, rewards, gamma):
        return self.learn(rewards, gamma)


def _returns_reference(r, gamma):
    out, v = np.zeros_like(r), np.zeros(r.shape[0], r.dtype)
    for i in reversed(range(r.shape[1])):
        v = r[:, i] + gamma * v
        out[:, i] = v
    flags = np.zeros_like(r)
    if r.sum() > 0:
        flags[0] = 1.0
    return out, r * 2, flags


@pytest.mark.parametrize("call", ["jit_method", "construct", "pynative"])
def test_tensor_loops_in_nested_functions_write_in_place(call):
    """A tensor-dependent while loop inside a function nested in the traced method is
    rewritten once (the enclosing function's code constant is swapped too: the trace had
    restarted without end), and a tensor the loop, a range(tensor) loop or a tensor if writes
    into in place is carried through it (it stopped with 'cannot write in place'). Values as
    in PYNATIVE and as MindSpore's jit computes them (its GRAPH_MODE construct returns zeros
    for the loop's writes, which is not followed)."""
    r = np.arange(8, dtype=np.float32).reshape(2, 4) - 2.5
    net = _Returns()
    if call == "pynative":
        ms.set_context(mode=ms.PYNATIVE_MODE)
        got = net.learn(Tensor(r), Tensor(0.5))
    else:
        ms.set_context(mode=ms.GRAPH_MODE)
        got = ms.jit(net.learn)(Tensor(r), Tensor(0.5)) if call == "jit_method" \
            else net(Tensor(r), Tensor(0.5))
    for g, want in zip(got, _returns_reference(r, 0.5)):
        np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-6)
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("value", ["number", "row"])
def test_tensor_if_writing_into_a_constant_tensor(value):
    """``flags = ops.zeros_like(x)`` is a constant of the trace; a tensor ``if`` that writes
    into it in place (``flags[0] = v``) returns the taken branch's value (it returned the
    other branch's zeros). MindSpore 2.10: [[1, 1, 1, 1], [0, 0, 0, 0]] / rows [0..3, 0]."""
    ms.set_context(mode=ms.GRAPH_MODE)

    def mark(x):
        flags = ops.zeros_like(x)
        if x.sum() > 0:
            flags[0] = 1.0 if value == "number" else x[0]
        return flags

    x = np.arange(8, dtype=np.float32).reshape(2, 4)
    want = np.zeros_like(x)
    want[0] = 1.0 if value == "number" else x[0]
    np.testing.assert_array_equal(ms.jit(mark)(Tensor(x)).asnumpy(), want)
    np.testing.assert_array_equal(ms.jit(mark)(Tensor(-x)).asnumpy(), np.zeros_like(x))
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("loop", ["while", "for_range"])
def test_tensor_loop_body_with_effects_runs_once_per_iteration(loop):
    """mindrl's PPO learner runs its TrainOneStepCell in ``while i < self.iter_times`` on a
    tensor ``i``: the rewritten loop traced its body once per carried value, so every
    Parameter write (optimizer step, Assign) happened that many times per iteration (two
    carried values: w doubled four times and the loss read stale weights). MindSpore 2.10:
    acc 9, w 4 (assign after read) and the TrainOneStepCell loop's 1342.55 /
    [12.13, 17.21, 22.29]."""
    ms.set_context(mode=ms.GRAPH_MODE)
    w = ms.Parameter(Tensor(np.ones(3, np.float32)), name="w")
    zero = Tensor(0, ms.int32)

    def doubling(x, n):
        i, acc = Tensor(0, ms.int32), Tensor(0, ms.float32)
        if loop == "while":
            while i < n:
                acc += (w * x).sum()
                ops.assign(w, w * 2)
                i += 1
        else:
            for _ in range(zero, n):
                acc += (w * x).sum()
                ops.assign(w, w * 2)
                i += 1
        return acc, i

    acc, i = ms.jit(doubling)(Tensor(np.ones(3, np.float32)), Tensor(2, ms.int32))
    assert float(acc.asnumpy()) == 9.0 and int(i.asnumpy()) == 2
    np.testing.assert_array_equal(w.asnumpy(), [4.0, 4.0, 4.0])

    net = nn.Dense(3, 1, weight_init="ones", bias_init="zeros")
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                               nn.SGD(net.trainable_params(), 0.1))

    def train(x, y, n):
        k, loss = Tensor(0, ms.int32), Tensor(0, ms.float32)
        if loop == "while":
            while k < n:
                loss += step(x, y)
                k += 1
        else:
            for _ in range(zero, n):
                loss += step(x, y)
                k += 1
        return loss

    x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    loss = ms.jit(train)(x, Tensor(np.ones((2, 1), np.float32)), Tensor(2, ms.int32))
    assert float(loss.asnumpy()) == pytest.approx(1342.5499, rel=1e-5)
    np.testing.assert_allclose(net.weight.asnumpy().ravel(), [12.13, 17.21, 22.29], rtol=1e-5)
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("group_lr", [0.5, [0.5, 0.25]])
def test_ftrl_refuses_group_learning_rates(group_lr):
    """FTRL updates with its one learning rate: a group's own 'lr' was accepted and ignored
    (both groups moved alike). MindSpore 2.10 raises ValueError naming dynamic and group
    learning rates; so does mindcell."""
    w = ms.Parameter(Tensor(np.ones(2, np.float32)), name="w")
    b = ms.Parameter(Tensor(np.ones(1, np.float32)), name="b")
    with pytest.raises(ValueError, match="group learning rate"):
        nn.FTRL([{"params": [w], "lr": group_lr}, {"params": [b]}], learning_rate=0.1)
    nn.FTRL([{"params": [w], "weight_decay": 0.01}, {"params": [b]}], learning_rate=0.1)
