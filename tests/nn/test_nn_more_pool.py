"""nn.LPPool1d, LPPool2d and MaxPool3d: inside a network GRAPH_MODE gives what PYNATIVE gives,
both equal a numpy sliding-window reference, and the gradients equal numpy's. MindSpore 2.10's
values, attributes and errors are in tests/goldens/nn_more/ (005)."""
import itertools
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(9)


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, x):
        return self.cell(x)


def _both(make, x):
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(_Wrap(make())(Tensor(x)).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(outs[1], outs[0], rtol=1e-6, atol=1e-7)
    return outs[0]


def _windows(x, k, s, reduce_fn):
    """Apply ``reduce_fn`` over every full window of the trailing ``len(k)`` axes."""
    nd = len(k)
    sizes = [(x.shape[-nd + i] - k[i]) // s[i] + 1 for i in range(nd)]
    out = np.empty(x.shape[:-nd] + tuple(sizes), np.float64)
    for pos in itertools.product(*[range(n) for n in sizes]):
        sl = tuple(slice(p * s[i], p * s[i] + k[i]) for i, p in enumerate(pos))
        win = x[(Ellipsis,) + sl].reshape(x.shape[:-nd] + (-1,))
        out[(Ellipsis,) + pos] = reduce_fn(win)
    return out


def test_lppool_equal_numpy_and_gradient():
    x4 = np.abs(RNG.standard_normal((2, 3, 6, 7))).astype(np.float32) + 0.1
    x3 = x4[:, :, 0, :]
    for p in (1.0, 2, 3.5):
        lp = lambda w, p=p: (w.astype(np.float64) ** p).sum(-1) ** (1 / p)  # noqa: E731
        np.testing.assert_allclose(_both(lambda: nn.LPPool2d(p, (2, 3), stride=(2, 2)), x4),
                                   _windows(x4, (2, 3), (2, 2), lp), rtol=1e-5)
        np.testing.assert_allclose(_both(lambda: nn.LPPool1d(p, 3, 2), x3),
                                   _windows(x3, (3,), (2,), lp), rtol=1e-5)
    # d/dx (sum x^2)^(1/2) = x / norm, non-overlapping windows
    g = ms.grad(nn.LPPool2d(2, 2))(Tensor(x4[..., :6])).asnumpy()
    x = x4[..., :6].astype(np.float64)
    norms = _windows(x, (2, 2), (2, 2), lambda w: np.sqrt((w ** 2).sum(-1)))
    want = x / np.repeat(np.repeat(norms, 2, -2), 2, -1)
    np.testing.assert_allclose(g, want, rtol=1e-5)


@pytest.mark.parametrize("k,s,mode,pad", [((2, 2, 2), (2, 2, 2), "valid", 0),
                                          ((3, 2, 2), (1, 2, 1), "valid", 0),
                                          ((3, 3, 3), (2, 2, 2), "same", 0),
                                          ((3, 3, 3), (2, 2, 2), "pad", 1)])
def test_maxpool3d_equal_numpy(k, s, mode, pad):
    x = RNG.standard_normal((2, 2, 5, 6, 7)).astype(np.float32)
    xp = x
    if mode == "same":
        pads = [max((math.ceil(n / st) - 1) * st + kk - n, 0) for n, kk, st in
                zip(x.shape[2:], k, s)]
        xp = np.pad(x, [(0, 0)] * 2 + [(p // 2, p - p // 2) for p in pads],
                    constant_values=-np.inf)
    elif mode == "pad":
        xp = np.pad(x, [(0, 0)] * 2 + [(pad, pad)] * 3, constant_values=-np.inf)
    want = _windows(xp, k, s, lambda w: w.max(-1))
    out = _both(lambda: nn.MaxPool3d(k, s, pad_mode=mode, padding=pad), x)
    np.testing.assert_array_equal(out, want.astype(np.float32))
    np.testing.assert_array_equal(nn.MaxPool3d(k, s, mode, pad)(Tensor(x[0])).asnumpy(),
                                  out[0])


def test_maxpool3d_gradient_routes_to_the_maxima():
    x = RNG.standard_normal((1, 2, 4, 4, 6)).astype(np.float32)
    w = RNG.standard_normal((1, 2, 2, 2, 3)).astype(np.float32)
    g = ms.grad(lambda t: (nn.MaxPool3d(2, 2)(t) * Tensor(w)).sum())(Tensor(x)).asnumpy()
    blocks = x.reshape(1, 2, 2, 2, 2, 2, 3, 2).transpose(0, 1, 2, 4, 6, 3, 5, 7).reshape(
        1, 2, 2, 2, 3, 8)
    want = np.zeros_like(blocks)
    np.put_along_axis(want, blocks.argmax(-1)[..., None], w[..., None], -1)
    want = want.reshape(1, 2, 2, 2, 3, 2, 2, 2).transpose(0, 1, 2, 5, 3, 6, 4, 7).reshape(
        x.shape)
    np.testing.assert_allclose(g, want)


def test_errors():
    with pytest.raises(ValueError, match="pad_mode"):
        nn.MaxPool3d(2, 2, padding=1)
    with pytest.raises(ValueError, match="pad_mode"):
        nn.MaxPool3d(2, 2, pad_mode="full")
    with pytest.raises(ValueError, match="kernel_size"):
        nn.MaxPool3d(0)
    with pytest.raises(ValueError, match="norm_type"):
        nn.LPPool2d(0, 2)(Tensor(np.ones((1, 1, 4, 4), np.float32)))
    with pytest.raises(TypeError, match="norm_type"):
        nn.LPPool1d("2", 2)(Tensor(np.ones((1, 1, 4), np.float32)))
    with pytest.raises(ValueError, match="4-D"):
        nn.LPPool2d(2, 2)(Tensor(np.ones((1, 4, 4), np.float32)))


@pytest.mark.parametrize("include", [True, False])
def test_avgpool3d_padded_equals_numpy_both_modes(include):
    x = RNG.standard_normal((2, 2, 5, 6, 7)).astype(np.float32)
    xp = np.pad(x, [(0, 0)] * 2 + [(1, 1)] * 3)
    ones = np.pad(np.ones_like(x), [(0, 0)] * 2 + [(1, 1)] * 3)
    sums = _windows(xp, (3, 3, 3), (2, 2, 2), lambda w: w.sum(-1))
    count = _windows(ones, (3, 3, 3), (2, 2, 2), lambda w: w.sum(-1)) if not include else 27.0
    out = _both(lambda: nn.AvgPool3d(3, 2, "pad", 1, count_include_pad=include), x)
    np.testing.assert_allclose(out, sums / count, rtol=1e-5, atol=1e-6)
    g = ms.grad(lambda t: nn.AvgPool3d(2, 2)(t).sum())(Tensor(x[..., :4, :6, :6])).asnumpy()
    np.testing.assert_allclose(g, np.full(g.shape, 1 / 8), rtol=1e-6)
