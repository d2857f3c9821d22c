"""nn.AdaptiveAvgPool3d, AdaptiveMaxPool3d and RReLU: GRAPH_MODE gives what PYNATIVE gives, both
equal a numpy adaptive-window reference; the max pool's gradient goes to the first maximum of
each window (MindSpore's rule); RReLU's slopes lie in [lower, upper) and differ per element.
MindSpore 2.10's values and errors are in tests/goldens/nn_more/ (007)."""
import itertools

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(13)


def _bounds(n, o):
    return [((i * n) // o, -((-(i + 1) * n) // o)) for i in range(o)]


def _adaptive(x, size, fn):
    d, h, w = x.shape[-3:]
    out = np.empty(x.shape[:-3] + tuple(size), np.float64)
    for (i, (a, b)), (j, (c, e)), (k, (f, g)) in itertools.product(
            enumerate(_bounds(d, size[0])), enumerate(_bounds(h, size[1])),
            enumerate(_bounds(w, size[2]))):
        out[..., i, j, k] = fn(x[..., a:b, c:e, f:g].reshape(x.shape[:-3] + (-1,)))
    return out


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


@pytest.mark.parametrize("size", [(2, 3, 4), (5, 1, 3), (3, 4, 2)])
def test_adaptive_pools_equal_numpy(size):
    x = RNG.standard_normal((2, 3, 5, 7, 6)).astype(np.float32)
    np.testing.assert_allclose(_both(lambda: nn.AdaptiveAvgPool3d(size), x),
                               _adaptive(x, size, lambda v: v.mean(-1)), rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(_both(lambda: nn.AdaptiveMaxPool3d(size), x),
                                  _adaptive(x, size, lambda v: v.max(-1)).astype(np.float32))


def test_adaptive_max_gradient_goes_to_the_first_maximum():
    x = np.zeros((1, 1, 3, 3, 3), np.float32)
    x[0, 0, 1, 0, 2] = x[0, 0, 1, 2, 0] = x[0, 0, 2, 0, 0] = 4.0
    g = ms.grad(lambda t: nn.AdaptiveMaxPool3d(1)(t).sum())(Tensor(x)).asnumpy()
    want = np.zeros_like(x)
    want[0, 0, 1, 0, 2] = 1.0
    np.testing.assert_array_equal(g, want)
    w = RNG.standard_normal((1, 1, 2, 2, 2)).astype(np.float32)
    xr = RNG.standard_normal((1, 1, 4, 5, 3)).astype(np.float32)
    g = ms.grad(lambda t: (nn.AdaptiveAvgPool3d(2)(t) * Tensor(w)).sum())(Tensor(xr)).asnumpy()
    want = np.zeros((4, 5, 3))
    for (i, (a, b)), (j, (c, e)), (k, (f, h)) in itertools.product(
            enumerate(_bounds(4, 2)), enumerate(_bounds(5, 2)), enumerate(_bounds(3, 2))):
        want[a:b, c:e, f:h] += w[0, 0, i, j, k] / ((b - a) * (e - c) * (h - f))
    np.testing.assert_allclose(g[0, 0], want, rtol=1e-5)


def test_rrelu_slopes_are_uniform_in_range():
    x = -np.ones(4000, np.float32)
    out = -nn.RReLU(0.1, 0.3)(Tensor(x)).asnumpy()
    assert out.min() >= 0.1 and out.max() < 0.3 + 1e-7
    assert abs(out.mean() - 0.2) < 0.01 and len(np.unique(out)) > 1000
    pos = np.abs(RNG.standard_normal(10)).astype(np.float32)
    np.testing.assert_array_equal(nn.RReLU()(Tensor(pos)).asnumpy(), pos)
    g = ms.grad(nn.RReLU(0.25, 0.25))(Tensor(np.array([-2.0, 3.0], np.float32))).asnumpy()
    np.testing.assert_array_equal(g, [0.25, 1.0])


def test_errors():
    with pytest.raises(ValueError, match="lower"):
        nn.RReLU(0.5, 0.2)
    # return_indices=True is built (fe9cb47): values and their flat indices per volume
    x = Tensor(np.arange(64, dtype=np.float32).reshape(1, 1, 4, 4, 4))
    values, indices = nn.AdaptiveMaxPool3d(2, return_indices=True)(x)
    assert values.shape == indices.shape == (1, 1, 2, 2, 2)
    np.testing.assert_array_equal(x.asnumpy().ravel()[indices.asnumpy().ravel()],
                                  values.asnumpy().ravel())
    with pytest.raises(ValueError, match="4-D or 5-D"):
        nn.AdaptiveAvgPool3d(2)(Tensor(np.ones((2, 3, 4), np.float32)))
