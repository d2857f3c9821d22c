"""bfloat16 (through ml_dtypes): creation, casts, float32-then-round arithmetic, promotion,
gradients in both modes, checkpoints and mixed precision."""
import ml_dtypes
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

BF = np.dtype(ml_dtypes.bfloat16)
F32 = np.float32
_ALL = [ms.bool_, ms.int8, ms.int16, ms.int32, ms.int64, ms.uint8, ms.uint16, ms.uint32,
        ms.uint64, ms.float16, ms.float32, ms.float64]


@pytest.fixture
def mode():
    old = ms.get_context("mode")
    yield
    ms.set_context(mode=old)


def _bf(shape, seed=0, low=-2.0, high=2.0):
    return np.random.RandomState(seed).uniform(low, high, shape).astype(BF)


def _round(f32):
    """The reference: a float32 result rounded once to bfloat16."""
    return np.asarray(f32, F32).astype(BF)


def test_dtype_and_creation():
    assert repr(ms.bfloat16) == "mindspore.bfloat16" and str(ms.bfloat16) == "BFloat16"
    assert ms.bfloat16.is_floating_point and ms.dtype.to_dtype("bfloat16") is ms.bfloat16
    t = ms.Tensor([1.0, 2.5, 1e30], ms.bfloat16)
    assert t.dtype == ms.bfloat16 and t.is_floating_point()
    out = t.asnumpy()
    assert out.dtype == BF
    np.testing.assert_array_equal(out, np.array([1.0, 2.5, 1e30], np.float64).astype(BF))
    a = _bf((2, 3))
    assert ms.Tensor(a).dtype == ms.bfloat16
    np.testing.assert_array_equal(ms.Tensor(a).asnumpy(), a)
    assert ms.Tensor(np.ones(2), ms.bfloat16).bfloat16().dtype == ms.bfloat16
    assert "BFloat16" in repr(t)
    # beyond BFloat16's range: inf, as MindSpore 2.10 converts (ms-oracle)
    assert np.isinf(ms.Tensor([1e39], ms.bfloat16).float().asnumpy()).all()


@pytest.mark.parametrize("other", _ALL, ids=str)
def test_cast_round_trips_match_ml_dtypes(other):
    src = np.array([0, 1, 2, 3, 100, 127], np.float64).astype(other.np_dtype)
    got = ops.cast(ms.Tensor(src), ms.bfloat16).asnumpy()
    np.testing.assert_array_equal(got, src.astype(BF))
    b = np.array([0.0, 1.0, 2.5, 3.0, 100.0, 126.0], F32).astype(BF)
    got = ms.Tensor(b).astype(other).asnumpy()
    assert got.dtype == other.np_dtype
    np.testing.assert_array_equal(got, b.astype(other.np_dtype))


@pytest.mark.parametrize("name, fn, ref", [
    ("add", lambda a, b: a + b, np.add),
    ("mul", lambda a, b: a * b, np.multiply),
    ("div", lambda a, b: a / b, np.divide),
    ("maximum", ops.maximum, np.maximum),
    ("pow", ops.pow, lambda a, b: np.abs(a) ** b),
])
def test_binary_is_float32_then_round(name, fn, ref):
    a, b = _bf((3, 4), 1), _bf((3, 4), 2, 0.5, 2.0)
    if name == "pow":
        a = np.abs(a)
    got = fn(ms.Tensor(a), ms.Tensor(b))
    assert got.dtype == ms.bfloat16
    want = _round(ref(a.astype(F32), b.astype(F32)))
    np.testing.assert_array_equal(got.asnumpy(), want)


@pytest.mark.parametrize("fn, ref", [
    (ops.exp, np.exp), (ops.sin, np.sin), (ops.tanh, np.tanh), (ops.sqrt, lambda v: np.sqrt(v)),
    (lambda t: t.sum(), np.sum), (lambda t: t.mean(axis=1), lambda v: v.mean(axis=1)),
    (lambda t: ops.matmul(t, t.T), lambda v: v @ v.T),
    (lambda t: ops.softmax(t, -1), lambda v: np.exp(v) / np.exp(v).sum(-1, keepdims=True)),
])
def test_unary_reduce_matmul_float32_then_round(fn, ref):
    a = np.abs(_bf((4, 8), 3))
    got = fn(ms.Tensor(a))
    assert got.dtype == ms.bfloat16
    want = _round(ref(a.astype(F32)))
    # float32 kernels may differ from numpy in the last float32 bit: one bfloat16 step at most
    np.testing.assert_allclose(got.asnumpy().astype(F32), want.astype(F32), rtol=2 ** -8,
                               atol=1e-6)


def test_conv2d_in_float32_then_round():
    x, w = _bf((1, 2, 5, 5), 4), _bf((3, 2, 3, 3), 5)
    got = ops.conv2d(ms.Tensor(x), ms.Tensor(w))
    assert got.dtype == ms.bfloat16
    want = ops.conv2d(ms.Tensor(x.astype(F32)), ms.Tensor(w.astype(F32))).asnumpy()
    np.testing.assert_allclose(got.asnumpy().astype(F32), _round(want).astype(F32),
                               rtol=2 ** -8, atol=1e-6)


@pytest.mark.parametrize("other, want", [
    (ms.float16, ms.float32), (ms.float32, ms.float32), (ms.float64, ms.float64),
    (ms.int8, ms.bfloat16), (ms.int32, ms.bfloat16), (ms.int64, ms.bfloat16),
    (ms.uint8, ms.bfloat16), (ms.bool_, ms.bfloat16), (ms.bfloat16, ms.bfloat16),
], ids=str)
def test_promotion(other, want):
    a = ms.Tensor([1.0, 2.0], ms.bfloat16)
    b = ms.Tensor([1, 1]).astype(other)
    assert (a + b).dtype == want and (b * a).dtype == want
    assert ms.dtype.promote_types(ms.bfloat16, other) is want


def test_python_scalars_keep_bfloat16():
    a = ms.Tensor([1.0, 2.0], ms.bfloat16)
    for r in (a + 1.5, a * 2, 3.0 - a, a / 7):
        assert r.dtype == ms.bfloat16
    np.testing.assert_array_equal((a / 7).asnumpy(), _round(np.array([1, 2], F32) / F32(7)))


class _Loss(nn.Cell):
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x):
        return (self.net(x) ** 2).mean()


def _dense_bf16():
    ms.set_seed(3)
    net = nn.Dense(4, 3, activation="relu")
    for p in net.get_parameters():
        p.set_dtype(ms.bfloat16)
    return net


def test_dense_forward_backward_both_modes():
    x = ms.Tensor(_bf((5, 4), 6))
    results = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        net = _dense_bf16()
        fn = ms.value_and_grad(_Loss(net), None, net.trainable_params())
        loss, grads = fn(x)
        assert loss.dtype == ms.bfloat16 and all(g.dtype == ms.bfloat16 for g in grads)
        results.append([loss.asnumpy()] + [g.asnumpy() for g in grads])
    for a, b in zip(*results):
        np.testing.assert_array_equal(a, b)
    # against the same network in float32, rounding allowed
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = _dense_bf16()
    for p in net.get_parameters():
        p.set_dtype(ms.float32)
    loss32, g32 = ms.value_and_grad(_Loss(net), None, net.trainable_params())(
        ms.Tensor(x.asnumpy().astype(F32)))
    np.testing.assert_allclose(results[0][0].astype(F32), loss32.asnumpy(), rtol=2e-2)
    for a, b in zip(results[0][1:], g32):
        np.testing.assert_allclose(a.astype(F32), b.asnumpy(), rtol=3e-2, atol=1e-2)


def test_optimizer_updates_bfloat16_parameters():
    net = _dense_bf16()
    step = nn.TrainOneStepCell(_Loss(net), nn.SGD(net.trainable_params(), 0.5))
    w0 = net.weight.asnumpy().copy()
    x = ms.Tensor(_bf((5, 4), 6))
    grads = ms.grad(_Loss(net), None, net.trainable_params())(x)
    step(x)
    assert net.weight.dtype == ms.bfloat16
    want = _round(w0.astype(F32) - F32(0.5) * grads[0].asnumpy().astype(F32))
    np.testing.assert_array_equal(net.weight.asnumpy(), want)


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_checkpoint_round_trip(tmp_path, fmt):
    net = _dense_bf16()
    path = str(tmp_path / ("n." + fmt))
    ms.save_checkpoint(net, path, format=fmt)
    loaded = ms.load_checkpoint(path, format=fmt)
    for p in net.get_parameters():
        assert loaded[p.name].dtype == ms.bfloat16
        np.testing.assert_array_equal(loaded[p.name].asnumpy(), p.asnumpy())
    other = _dense_bf16()
    other.weight.set_data(ms.Tensor(np.zeros((3, 4)), ms.bfloat16))
    ms.load_param_into_net(other, loaded)
    np.testing.assert_array_equal(other.weight.asnumpy(), net.weight.asnumpy())


def test_auto_mixed_precision_bfloat16():
    ms.set_seed(1)
    net = ms.amp.auto_mixed_precision(nn.Dense(4, 3), "O2", dtype=ms.bfloat16)
    x = ms.Tensor(np.ones((2, 4), F32))
    out = net(x)
    assert out.dtype == ms.float32
    with pytest.raises(ValueError, match="float16 or bfloat16"):
        ms.amp.auto_mixed_precision(nn.Dense(4, 3), "O2", dtype=ms.float64)
