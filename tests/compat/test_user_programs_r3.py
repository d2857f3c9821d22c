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
