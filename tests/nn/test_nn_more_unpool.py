"""nn.MaxUnpool1d/2d/3d: GRAPH_MODE gives what PYNATIVE gives; unpooling the output of a max
pool puts each maximum back at its place (zeros elsewhere), and the gradient gathers at the
indices. MindSpore 2.10's values and errors are in tests/goldens/nn_more/ (011)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops

RNG = np.random.default_rng(17)


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, x, i):
        return self.cell(x, i)


def test_unpool2d_restores_the_maxima_in_both_modes():
    x = RNG.standard_normal((2, 3, 6, 8)).astype(np.float32)
    v, i = ops.max_pool2d(Tensor(x), 2, 2, return_indices=True)
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(_Wrap(nn.MaxUnpool2d(2))(v, i).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    blocks = x.reshape(2, 3, 3, 2, 4, 2).transpose(0, 1, 2, 4, 3, 5).reshape(2, 3, 3, 4, 4)
    want = np.zeros_like(blocks)
    np.put_along_axis(want, blocks.argmax(-1)[..., None], blocks.max(-1)[..., None], -1)
    want = want.reshape(2, 3, 3, 4, 2, 2).transpose(0, 1, 2, 4, 3, 5).reshape(x.shape)
    np.testing.assert_array_equal(outs[0], want)
    np.testing.assert_array_equal(outs[1], outs[0])
    w = RNG.standard_normal(x.shape).astype(np.float32)
    g = ms.grad(lambda t: (nn.MaxUnpool2d(2)(t, i) * Tensor(w)).sum())(v).asnumpy()
    flat_w = w.reshape(2, 3, -1)
    np.testing.assert_array_equal(g, np.take_along_axis(flat_w, i.asnumpy().reshape(2, 3, -1),
                                                        -1).reshape(g.shape))


def test_unpool1d_3d_and_errors():
    v = Tensor(np.array([[[1.0, 2.0, 3.0]]], np.float32))
    i = Tensor(np.array([[[1, 2, 5]]], np.int64))
    np.testing.assert_array_equal(nn.MaxUnpool1d(2)(v, i).asnumpy(), [[[0, 1, 2, 0, 0, 3]]])
    x = RNG.standard_normal((1, 2, 4, 4, 4)).astype(np.float32)
    v3, i3 = ops.max_pool3d(Tensor(x), 2, 2, return_indices=True)
    out = nn.MaxUnpool3d(2)(v3, i3).asnumpy()
    assert out.shape == x.shape and np.count_nonzero(out) == 16
    np.testing.assert_array_equal(np.sort(out[out != 0]), np.sort(v3.asnumpy().ravel()))
    with pytest.raises(ValueError, match="tuple"):
        nn.MaxUnpool1d(2)(v, i, [6])
    with pytest.raises(ValueError, match="same shape"):
        nn.MaxUnpool1d(2)(v, Tensor(np.array([[1, 2, 5]], np.int64)))
