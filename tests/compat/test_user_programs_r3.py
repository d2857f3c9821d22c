"""Rules that everyday MindSpore programs (GAN course scripts, NLP and generative models) rely
on, each checked against MindSpore 2.10's behaviour (ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, ops
from mindcell.dataset.vision import transforms


# ----- vision.Normalize: one mean/std value serves every channel ----------------------------
@pytest.mark.parametrize("shape", [(1, 4, 4), (3, 4, 4), (4, 4, 3), (4, 4)])
@pytest.mark.parametrize("is_hwc", [True, False])
def test_normalize_single_value_broadcasts(shape, is_hwc):
    x = np.arange(np.prod(shape), dtype=np.float32).reshape(shape)
    out = transforms.Normalize([1.0], [2.0], is_hwc=is_hwc)(x)
    assert out.shape == shape and out.dtype == np.float32
    np.testing.assert_allclose(out, (x - 1.0) / 2.0)


def test_normalize_after_totensor_in_a_pipeline():
    # MNIST-style <H, W, 1> uint8 -> ToTensor <1, H, W> -> Normalize([0.5], [0.5]) (is_hwc=True)
    img = np.arange(16, dtype=np.uint8).reshape(4, 4, 1)
    chw = transforms.ToTensor()(img)
    out = transforms.Normalize([0.5], [0.5])(chw)
    np.testing.assert_allclose(out, (img.transpose(2, 0, 1) / 255.0 - 0.5) / 0.5, rtol=1e-6)


def test_normalize_channel_count_still_checked():
    with pytest.raises((ValueError, RuntimeError)):
        transforms.Normalize([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])(np.zeros((1, 4, 4), np.float32))
    with pytest.raises((ValueError, RuntimeError)):
        transforms.Normalize([1.0, 2.0, 3.0], [1.0, 1.0, 1.0], is_hwc=False)(
            np.zeros((4, 4, 3), np.float32))


# ----- ops.uniform with dtype=int32 (MindSpore's UniformInt) ---------------------------------
@pytest.mark.parametrize("compiled", [False, True])
def test_uniform_int32_draws_integers_in_range(compiled):
    def draw(lo, hi):
        return ops.uniform((200,), lo, hi, dtype=ms.int32)
    fn = ms.jit(draw) if compiled else draw
    x = fn(Tensor(2, ms.int32), Tensor(7, ms.int32))
    assert x.dtype == ms.int32 and x.shape == (200,)
    v = x.asnumpy()
    assert v.min() >= 2 and v.max() < 7 and len(np.unique(v)) > 1


def test_uniform_bounds_must_match_dtype_kind():
    with pytest.raises(TypeError):
        ops.uniform((3,), Tensor(0.0, ms.float32), Tensor(3.0, ms.float32), dtype=ms.int32)
    with pytest.raises(TypeError):
        ops.uniform((3,), Tensor(0, ms.int32), Tensor(3, ms.int32), dtype=ms.float32)
    with pytest.raises(TypeError):
        ops.uniform((3,), Tensor(0, ms.int32), Tensor(3, ms.int32), dtype=ms.int64)
    with pytest.raises(ValueError):
        ops.uniform((3,), Tensor(3, ms.int32), Tensor(0, ms.int32), dtype=ms.int32)


# ----- ops.get_grad: one gradient out of grad(..., return_ids=True) --------------------------
def _scaled_sum_net():
    from mindcell import nn
    from mindcell.common.parameter import Parameter

    class Scaled(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = Parameter(Tensor(np.array([2.0, 3.0], np.float32)), name="w")
            self.b = Parameter(Tensor(np.array([1.0], np.float32)), name="b")

        def construct(self, x, y):
            return (x * self.w * y + self.b).sum()
    return Scaled()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_get_grad_by_position_and_parameter(mode):
    ms.set_context(mode=mode)
    try:
        net = _scaled_sum_net()
        x = Tensor(np.array([1.0, 2.0], np.float32))
        y = Tensor(np.array([3.0, 4.0], np.float32))
        g = ops.grad(net, (0, 1), net.trainable_params(), return_ids=True)(x, y)
        np.testing.assert_allclose(ops.get_grad(g, 0).asnumpy(), [6.0, 12.0])
        np.testing.assert_allclose(ops.get_grad(g, 1).asnumpy(), [2.0, 6.0])
        np.testing.assert_allclose(ops.get_grad(g, net.w).asnumpy(), [3.0, 8.0])
        np.testing.assert_allclose(ops.get_grad(g, net.b).asnumpy(), [2.0])
        single = ops.grad(net, 0, return_ids=True)(x, y)
        np.testing.assert_allclose(ops.get_grad(single, 0).asnumpy(), [6.0, 12.0])
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_get_grad_errors():
    g = ops.grad(lambda a: (a * a).sum(), 0, return_ids=True)(Tensor([1.0, 2.0]))
    with pytest.raises(RuntimeError):
        ops.get_grad(g, 3)
    for bad in ("w", 1.0, True):
        with pytest.raises(TypeError):
            ops.get_grad(g, bad)


def test_get_grad_is_one_object_at_mindspore_paths():
    import mindcell.ops.functional as F
    assert F.get_grad is ops.get_grad is ms.get_grad


# ----- ops.unfold / ops.fold / ops.mm (attention and dynamic-conv modules) -------------------
def _im2col(x, k, d, p, s):
    """Reference im2col in plain numpy loops."""
    n, c, h, w = x.shape
    xp = np.pad(x, ((0, 0), (0, 0), (p[0], p[0]), (p[1], p[1])))
    oh = (h + 2 * p[0] - d[0] * (k[0] - 1) - 1) // s[0] + 1
    ow = (w + 2 * p[1] - d[1] * (k[1] - 1) - 1) // s[1] + 1
    out = np.zeros((n, c * k[0] * k[1], oh * ow), x.dtype)
    for ci in range(c):
        for i in range(k[0]):
            for j in range(k[1]):
                row = (ci * k[0] + i) * k[1] + j
                for a in range(oh):
                    for b in range(ow):
                        out[:, row, a * ow + b] = xp[:, ci, a * s[0] + i * d[0], b * s[1] + j * d[1]]
    return out


@pytest.mark.parametrize("k,d,p,s", [((3, 3), (1, 1), (1, 1), (2, 2)),
                                     ((2, 3), (1, 2), (0, 1), (1, 1))])
def test_unfold_matches_im2col(k, d, p, s):
    x = np.random.default_rng(0).standard_normal((2, 3, 5, 6)).astype(np.float32)
    out = ops.unfold(Tensor(x), kernel_size=k, dilation=d, padding=p, stride=s)
    np.testing.assert_allclose(out.asnumpy(), _im2col(x, k, d, p, s), rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_fold_is_the_adjoint_of_unfold(mode):
    # <unfold(x), y> == <x, fold(y)>, and the gradient of sum(unfold(x) * y) is fold(y)
    ms.set_context(mode=mode)
    try:
        rng = np.random.default_rng(1)
        x = Tensor(rng.standard_normal((2, 3, 5, 6)).astype(np.float32))
        y = Tensor(rng.standard_normal((2, 27, 9)).astype(np.float32))
        size = Tensor([5, 6], ms.int32)
        folded = ops.fold(y, size, kernel_size=3, padding=1, stride=2)
        assert folded.shape == (2, 3, 5, 6)
        lhs = float((ops.unfold(x, 3, padding=1, stride=2) * y).sum().asnumpy())
        rhs = float((x * folded).sum().asnumpy())
        assert abs(lhs - rhs) < 1e-3 * max(1.0, abs(lhs))

        @ms.jit
        def loss(a, b):
            return (ops.unfold(a, 3, padding=1, stride=2) * b).sum()
        dx = ops.grad(loss)(x, y)
        np.testing.assert_allclose(dx.asnumpy(), folded.asnumpy(), rtol=1e-5, atol=1e-5)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_unfold_fold_mm_errors():
    with pytest.raises(ValueError):
        ops.unfold(Tensor(np.zeros((3, 5, 6), np.float32)), 3)
    with pytest.raises(ValueError):
        ops.unfold(Tensor(np.zeros((1, 3, 5, 6), np.float32)), 3, padding=-1)
    with pytest.raises(ValueError):
        ops.fold(Tensor(np.zeros((1, 27, 8), np.float32)), Tensor([5, 6], ms.int32), 3,
                 padding=1, stride=2)
    a = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
    b = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4))
    np.testing.assert_allclose(ops.mm(a, b).asnumpy(), a.asnumpy() @ b.asnumpy())
    with pytest.raises(ValueError):
        ops.mm(a, a)
    with pytest.raises(ValueError):
        ops.mm(a[0], b)
    with pytest.raises(TypeError):
        ops.mm(a, Tensor(np.ones((3, 4), np.int32)))


# ----- mindspore.parallel._utils: the context readers model-zoo training cells import ---------
def test_parallel_utils_read_the_context():
    from mindcell.parallel import _utils as U
    from mindcell.parallel._context import reset_auto_parallel_context

    reset_auto_parallel_context()
    try:
        assert U._get_parallel_mode() == "stand_alone"
        assert U._get_device_num() == 1 and U._get_global_rank() == 0
        assert U._get_gradients_mean() is False and U._get_parameter_broadcast() is False
        assert U._get_pipeline_stages() == 1 and U._is_sharding_propagation() is False
        assert U._get_enable_parallel_optimizer() is False and U._need_to_full() is False
        ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.DATA_PARALLEL,
                                     gradients_mean=True, device_num=4)
        assert U._get_parallel_mode() == "data_parallel" and U._is_in_data_parallel_mode()
        assert U._get_gradients_mean() is True and U._get_device_num() == 4
        assert U._get_stage_device_num() == 4
        assert U._to_full_shapes([(2, 3), (2,)], 4) == [[8, 3], [8]]
        U._device_number_check("data_parallel", 4)
        with pytest.raises(ValueError):
            U._device_number_check("stand_alone", 2)
    finally:
        reset_auto_parallel_context()


def test_parallel_utils_importable_as_mindspore_module():
    import subprocess
    import sys
    code = ("from mindcell import compat; compat.install()\n"
            "from mindspore.parallel._utils import _get_device_num, _get_parallel_mode, "
            "_get_gradients_mean\n"
            "print(_get_device_num(), _get_parallel_mode(), _get_gradients_mean())\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["1", "stand_alone", "False"]


# ----- channel dropout in eval mode, dropout1d/3d ---------------------------------------------
def test_eval_mode_channel_dropout_returns_any_input():
    # MobileNetV2-style heads put Dropout2d after the flatten: in eval mode MindSpore returns
    # the input whatever its rank
    from mindcell import nn
    x = Tensor(np.arange(5, dtype=np.float32).reshape(1, 5))
    for cell in (nn.Dropout1d(0.2), nn.Dropout2d(0.2), nn.Dropout3d(0.2)):
        cell.set_train(False)
        np.testing.assert_array_equal(cell(x).asnumpy(), x.asnumpy())
    np.testing.assert_array_equal(ops.dropout2d(x, 0.2, training=False).asnumpy(), x.asnumpy())
    with pytest.raises(ValueError):
        ops.dropout2d(x, 0.2, training=True)  # training still needs (N, C, H, W)


@pytest.mark.parametrize("fn,shape,channels", [("dropout1d", (3, 6, 4), (3, 6)),
                                               ("dropout1d", (6, 4), (6,)),
                                               ("dropout3d", (2, 5, 2, 3, 2), (2, 5))])
def test_channel_dropout_zeroes_whole_channels(fn, shape, channels):
    ms.set_seed(3)
    y = getattr(ops, fn)(Tensor(np.ones(shape, np.float32)), p=0.5).asnumpy()
    per_channel = y.reshape(int(np.prod(channels)), -1)
    assert all(len(set(row.tolist())) == 1 for row in per_channel)
    assert set(np.unique(per_channel).tolist()) <= {0.0, 2.0}
    with pytest.raises(ValueError):
        getattr(ops, fn)(Tensor(np.ones((2, 2, 2, 2), np.float32)), p=0.5)


# ----- ops.LpNorm ----------------------------------------------------------------------------
def test_lpnorm_values_and_gradient():
    x = np.array([[3e-4, 4e-4], [0.0, 0.0], [1.0, -2.0]], np.float32)
    out = ops.LpNorm(axis=-1, epsilon=1e-3)(Tensor(x)).asnumpy()
    np.testing.assert_allclose(out, [1e-3, 1e-3, np.sqrt(5.0)], rtol=1e-6)
    out = ops.LpNorm(axis=-1, p=3, keep_dims=True)(Tensor(x)).asnumpy()
    assert out.shape == (3, 1)
    np.testing.assert_allclose(out[2, 0], 9.0 ** (1 / 3), rtol=1e-6)
    np.testing.assert_allclose(ops.LpNorm(axis=[0, 1], p=1)(Tensor(x)).asnumpy(), 3.0007,
                               rtol=1e-6)
    np.testing.assert_array_equal(ops.LpNorm(axis=-1, p=0)(Tensor(x)).asnumpy(), [2, 0, 2])
    g = ops.grad(lambda t: ops.LpNorm(axis=-1)(t).sum())(Tensor(x)).asnumpy()
    assert np.isfinite(g).all()
    np.testing.assert_allclose(g[1], [0.0, 0.0])
    np.testing.assert_allclose(g[2], x[2] / np.sqrt(5.0), rtol=1e-6)
    with pytest.raises(TypeError):
        ops.LpNorm(axis=1.0)
    with pytest.raises(ValueError):
        ops.LpNorm(axis=0, p=-1)


# ----- Tensor.unfold (ConTNet-style patch splitting) --------------------------------------
def test_tensor_unfold():
    x = np.arange(2 * 3 * 4 * 6, dtype=np.float32).reshape(2, 3, 4, 6)
    u = Tensor(x).unfold(kernel_size=(2, 1), stride=(2, 1))
    np.testing.assert_array_equal(u.asnumpy(), _im2col(x, (2, 1), (1, 1), (0, 0), (2, 1)))


# ----- Tensor.repeat_interleave(repeats, dim=None, *, output_size=None) -----------------------
def test_tensor_repeat_interleave_takes_dim():
    # ConViT builds its position indices with ind.repeat_interleave(n, dim=0)
    i = Tensor(np.array([[1, 2], [3, 4]], np.int32))
    assert i.repeat_interleave(2, dim=0).asnumpy().tolist() == [[1, 2], [1, 2], [3, 4], [3, 4]]
    assert i.repeat_interleave(2, 1).asnumpy().tolist() == [[1, 1, 2, 2], [3, 3, 4, 4]]
    assert i.repeat_interleave([1, 2], dim=0, output_size=3).shape == (3, 2)
    assert i.repeat_interleave(2).shape == (8,)
    with pytest.raises(ValueError):
        i.repeat_interleave(2, dim=0, output_size=5)
