"""nn.TimeDistributed: GRAPH_MODE gives what PYNATIVE gives, both equal applying the layer to
each time step in numpy, with and without reshape_with_axis; the gradient passes through.
MindSpore 2.10's values and errors are in tests/goldens/nn_more/ (009)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

X = np.random.default_rng(2).standard_normal((3, 4, 5)).astype(np.float32)
W = np.random.default_rng(3).standard_normal((5, 2)).astype(np.float32)


class Lin(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Tensor(W)

    def construct(self, x):
        return ms.ops.matmul(x, self.w)


@pytest.mark.parametrize("time_axis,rw", [(1, None), (1, 0), (0, 1), (-2, None)])
def test_both_modes_equal_numpy(time_axis, rw):
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(nn.TimeDistributed(Lin(), time_axis, rw)(Tensor(X)).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(outs[0], X @ W, rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(outs[1], outs[0])


def test_gradient_and_errors():
    g = ms.grad(lambda t: nn.TimeDistributed(Lin(), 1, 0)(t).sum())(Tensor(X)).asnumpy()
    np.testing.assert_allclose(g, np.broadcast_to(W.sum(1), X.shape), rtol=1e-6)
    with pytest.raises(TypeError, match="layer"):
        nn.TimeDistributed(lambda t: t, 1)
    with pytest.raises(ValueError, match="3"):
        nn.TimeDistributed(Lin(), 1)(Tensor(X[0]))
