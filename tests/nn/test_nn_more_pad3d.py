"""nn.ReflectionPad3d and ReplicationPad3d: inside a network GRAPH_MODE gives what PYNATIVE
gives, both equal numpy's np.pad, and the gradient is the padding's adjoint (each input element
collects the weights of the positions it was copied to). MindSpore 2.10's values, attributes and
errors are in tests/goldens/nn_more/ (004)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

X = np.random.default_rng(3).standard_normal((2, 2, 3, 4, 5)).astype(np.float32)
PAD = (1, 2, 0, 3, 2, 1)  # last dim first
NP_PAD = [(0, 0), (0, 0), (2, 1), (0, 3), (1, 2)]


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, x):
        return self.cell(x)


@pytest.mark.parametrize("cls,mode", [(nn.ReflectionPad3d, "reflect"),
                                      (nn.ReplicationPad3d, "edge")])
def test_both_modes_equal_numpy_and_gradient_is_the_adjoint(cls, mode):
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(_Wrap(cls(PAD))(Tensor(X)).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    want = np.pad(X, NP_PAD, mode=mode)
    np.testing.assert_array_equal(outs[0], want)
    np.testing.assert_array_equal(outs[1], want)
    w = np.random.default_rng(4).standard_normal(want.shape).astype(np.float32)
    g = ms.grad(lambda t: (cls(PAD)(t) * Tensor(w)).sum())(Tensor(X)).asnumpy()
    # adjoint: pad the indices, then scatter-add the weights back
    idx = np.pad(np.arange(X.size).reshape(X.shape), NP_PAD, mode=mode)
    want_g = np.bincount(idx.ravel(), weights=w.ravel().astype(np.float64),
                         minlength=X.size).reshape(X.shape)
    np.testing.assert_allclose(g, want_g, rtol=1e-5, atol=1e-5)


def test_attributes_and_errors():
    assert nn.ReflectionPad3d(PAD).padding == [[2, 1], [0, 3], [1, 2]]
    assert nn.ReplicationPad3d(PAD).padding == PAD
    with pytest.raises(ValueError, match="divisible by 2"):
        nn.ReflectionPad3d((1, 1, 1))
    with pytest.raises(TypeError, match="ReflectionPad3d"):
        nn.ReflectionPad3d([1, 1])
    with pytest.raises(ValueError, match="smaller"):
        nn.ReflectionPad3d((5, 0, 0, 0, 0, 0))(Tensor(X))
    with pytest.raises(ValueError, match="6 entries"):
        nn.ReplicationPad3d((1, 1, 1, 1))
    with pytest.raises(ValueError):
        nn.ReplicationPad3d(1)(Tensor(X[0, 0]))
