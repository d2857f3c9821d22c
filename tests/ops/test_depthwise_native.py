"""ops.DepthwiseConv2dNative (MindSpore's CPU build cannot run it, so no golden values):
against a numpy depthwise convolution for each pad mode, stride and dilation, float64 finite
differences for its gradient, GRAPH_MODE against PYNATIVE_MODE, and the call's errors."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops


def _reference(x, w, pad_mode, pads, s, d):
    n, c, h, wd = x.shape
    kh, kw = w.shape[2:]
    if pad_mode == "valid":
        pads = (0, 0, 0, 0)
    elif pad_mode == "same":
        ho, wo = math.ceil(h / s), math.ceil(wd / s)
        ph = max(0, (ho - 1) * s + d * (kh - 1) + 1 - h)
        pw = max(0, (wo - 1) * s + d * (kw - 1) + 1 - wd)
        pads = (ph // 2, ph - ph // 2, pw // 2, pw - pw // 2)
    xp = np.pad(x, ((0, 0), (0, 0), pads[:2], pads[2:]))
    ho = (xp.shape[2] - d * (kh - 1) - 1) // s + 1
    wo = (xp.shape[3] - d * (kw - 1) - 1) // s + 1
    out = np.zeros((n, c, ho, wo))
    for a in range(kh):
        for b in range(kw):
            patch = xp[:, :, a * d:a * d + s * (ho - 1) + 1:s, b * d:b * d + s * (wo - 1) + 1:s]
            out += patch * w[0, :, a, b][None, :, None, None]
    return out


CASES = [("valid", 0, 1, 1), ("same", 0, 2, 1), ("pad", (1, 0, 2, 1), 2, 1), ("valid", 0, 1, 2),
         ("same", 0, 1, 2)]


@pytest.mark.parametrize("pad_mode,pad,stride,dilation", CASES)
def test_matches_numpy(pad_mode, pad, stride, dilation):
    rng = np.random.default_rng(0)
    x = rng.normal(size=(2, 3, 7, 6)).astype(np.float32)
    w = rng.normal(size=(1, 3, 3, 2)).astype(np.float32)
    op = ops.DepthwiseConv2dNative(1, (3, 2), pad_mode=pad_mode, pad=pad, stride=stride,
                                   dilation=dilation)
    out = op(Tensor(x), Tensor(w))
    pads = (pad,) * 4 if isinstance(pad, int) else pad
    np.testing.assert_allclose(out.asnumpy(), _reference(x, w, pad_mode, pads, stride, dilation),
                               rtol=1e-5, atol=1e-5)
    assert out.dtype == ms.float32


class _Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = ops.DepthwiseConv2dNative(1, 3, pad_mode="same", stride=2)

    def construct(self, x, w):
        return (self.op(x, w) ** 2).sum()


def test_gradient_finite_differences_and_graph_mode():
    rng = np.random.default_rng(1)
    x = rng.normal(size=(1, 2, 5, 5))
    w = rng.normal(size=(1, 2, 3, 3))
    net = _Net()
    gx, gw = ms.grad(net, grad_position=(0, 1))(Tensor(x), Tensor(w))
    eps = 1e-6
    for arr, g in ((x, gx.asnumpy()), (w, gw.asnumpy())):
        for idx in [(0, 0, 1, 2), (0, 1, 2, 2)]:
            up, down = arr.copy(), arr.copy()
            up[idx] += eps
            down[idx] -= eps
            args_up = (up, w) if arr is x else (x, up)
            args_down = (down, w) if arr is x else (x, down)
            fd = (net(*map(Tensor, args_up)).asnumpy() - net(*map(Tensor, args_down)).asnumpy())
            np.testing.assert_allclose(g[idx], fd / (2 * eps), rtol=1e-5, atol=1e-7)
    eager = net(Tensor(x.astype(np.float32)), Tensor(w.astype(np.float32))).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = _Net()(Tensor(x.astype(np.float32)), Tensor(w.astype(np.float32))).asnumpy()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(graph, eager, rtol=1e-6)


def test_call_errors():
    x = Tensor(np.ones((1, 2, 4, 4), np.float32))
    with pytest.raises(ValueError, match="channel_multiplier"):
        ops.DepthwiseConv2dNative(2, 3)(x, Tensor(np.ones((1, 2, 3, 3), np.float32)))
    with pytest.raises(ValueError, match="batch of 'weight'"):
        ops.DepthwiseConv2dNative(1, 3)(x, Tensor(np.ones((2, 2, 3, 3), np.float32)))
    with pytest.raises(ValueError, match="kernel_size"):
        ops.DepthwiseConv2dNative(1, 2)(x, Tensor(np.ones((1, 2, 3, 3), np.float32)))
    with pytest.raises(ValueError, match="x_shape"):
        ops.DepthwiseConv2dNative(1, 3)(x, Tensor(np.ones((1, 3, 3, 3), np.float32)))
    with pytest.raises(TypeError):
        ops.DepthwiseConv2dNative(1, 3)(np.ones((1, 2, 4, 4)), x)
