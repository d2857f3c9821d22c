"""nn.L1Regularizer, LGamma, DiGamma, MatrixDiag, MatrixDiagPart, MatrixSetDiag, MatDet and
MatInverse: inside a network GRAPH_MODE gives what PYNATIVE gives, both equal numpy, and the
gradients equal numpy's. MindSpore 2.10's values and errors are in tests/goldens/nn_more/ (003);
the matrix cells, which MindSpore 2.10 cannot run on CPU, are checked against numpy here only."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(5)
M = RNG.standard_normal((2, 3, 4)).astype(np.float32)
TALL = RNG.standard_normal((2, 4, 3)).astype(np.float32)
Q = RNG.standard_normal((2, 3, 3))
SPD = (Q @ Q.transpose(0, 2, 1) + 3 * np.eye(3)).astype(np.float32)


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, *args):
        return self.cell(*args)


def _both(make, *args):
    outs = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            outs.append(_Wrap(make())(*[Tensor(a) for a in args]).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(outs[1], outs[0], rtol=1e-6, atol=1e-7)
    return outs[0]


def _set_diag(x, d):
    out = x.copy()
    k = min(x.shape[-2:])
    out[..., range(k), range(k)] = d
    return out


def test_matrix_diag_cells_equal_numpy():
    v = M[..., 0]
    np.testing.assert_array_equal(_both(nn.MatrixDiag, v), v[..., None] * np.eye(3))
    for x in (M, TALL):
        np.testing.assert_array_equal(_both(nn.MatrixDiagPart, x),
                                      np.diagonal(x, axis1=-2, axis2=-1))
        d = RNG.standard_normal((2, 3)).astype(np.float32)
        np.testing.assert_array_equal(_both(nn.MatrixSetDiag, x, d), _set_diag(x, d))
    ints = np.arange(6, dtype=np.int32).reshape(2, 3)
    out = nn.MatrixDiag()(Tensor(ints))
    assert out.dtype == ms.int32
    np.testing.assert_array_equal(out.asnumpy(), ints[..., None] * np.eye(3, dtype=np.int32))


def test_matrix_diag_cells_gradients():
    w = RNG.standard_normal((2, 3, 4)).astype(np.float32)
    g = ms.grad(lambda x: (nn.MatrixDiagPart()(x) * Tensor(w[..., 0])).sum())(Tensor(M))
    np.testing.assert_allclose(g.asnumpy(), _set_diag(np.zeros_like(M), w[..., 0]))
    gx, gd = ms.grad(lambda x, d: (nn.MatrixSetDiag()(x, d) * Tensor(w)).sum(),
                     grad_position=(0, 1))(Tensor(M), Tensor(M[..., 0]))
    np.testing.assert_allclose(gx.asnumpy(), _set_diag(w, 0.0))
    np.testing.assert_allclose(gd.asnumpy(), np.diagonal(w, axis1=-2, axis2=-1))


def test_matdet_matinverse_equal_numpy_with_gradients():
    np.testing.assert_allclose(_both(nn.MatDet, SPD), np.linalg.det(SPD.astype(np.float64)),
                               rtol=1e-5)
    np.testing.assert_allclose(_both(nn.MatInverse, SPD), np.linalg.inv(SPD.astype(np.float64)),
                               rtol=1e-5, atol=1e-6)
    g = ms.grad(lambda a: nn.MatDet()(a).sum())(Tensor(SPD)).asnumpy()
    want = np.linalg.det(SPD)[:, None, None] * np.linalg.inv(SPD).transpose(0, 2, 1)
    np.testing.assert_allclose(g, want, rtol=1e-4)
    out = nn.MatDet()(Tensor(SPD[0].astype(np.float16)))
    assert out.dtype == ms.float16
    with pytest.raises(TypeError, match="MatInverse"):
        nn.MatInverse()(Tensor(SPD.astype(np.float64)))


def test_lgamma_digamma_equal_math_and_keep_float16():
    x = np.array([0.3, 0.5, 1.5, 2.5, 4.5, 9.25, -0.5, -2.5], np.float32)
    np.testing.assert_allclose(_both(nn.LGamma, x), [math.lgamma(v) for v in x], rtol=1e-5,
                               atol=1e-6)
    h = 1e-4
    dig = [(math.lgamma(v + h) - math.lgamma(v - h)) / (2 * h) for v in x.astype(np.float64)]
    np.testing.assert_allclose(_both(nn.DiGamma, x), dig, rtol=1e-4, atol=1e-4)
    g = ms.grad(nn.LGamma())(Tensor(x)).asnumpy()
    np.testing.assert_allclose(g, dig, rtol=1e-4, atol=1e-4)
    for cell in (nn.LGamma(), nn.DiGamma()):
        out = cell(Tensor(x.astype(np.float16)))
        assert out.dtype == ms.float16


def test_l1_regularizer_both_modes_and_gradient():
    out = _both(lambda: nn.L1Regularizer(0.25), M)
    np.testing.assert_allclose(out, 0.25 * np.abs(M).sum(), rtol=1e-6)
    g = ms.grad(nn.L1Regularizer(0.25))(Tensor(M)).asnumpy()
    np.testing.assert_array_equal(g, 0.25 * np.sign(M))
    assert nn.L1Regularizer(2).scale.dtype == ms.float32


def test_errors():
    with pytest.raises(ValueError, match="MatrixDiagPart"):
        nn.MatrixDiagPart()(Tensor(M[0, 0]))
    with pytest.raises(ValueError, match="diagonal"):
        nn.MatrixSetDiag()(Tensor(M), Tensor(M[..., 0, :]))
    with pytest.raises(TypeError, match="LGamma"):
        nn.LGamma()(Tensor(np.array([1, 2], np.int32)))
    with pytest.raises(ValueError, match="scale"):
        nn.L1Regularizer(0)


def test_matrix_diag_cells_do_not_leak_inf_or_sign():
    x = np.array([[1.0, np.inf], [-np.inf, -2.0]], np.float32)
    np.testing.assert_array_equal(nn.MatrixDiagPart()(Tensor(x)).asnumpy(), [1.0, -2.0])
    out = nn.MatrixSetDiag()(Tensor(x), Tensor(np.array([5.0, 6.0], np.float32))).asnumpy()
    np.testing.assert_array_equal(out, [[5.0, np.inf], [-np.inf, 6.0]])
    diag = nn.MatrixDiag()(Tensor(np.array([-2.0, 3.0], np.float32))).asnumpy()
    assert not np.signbit(diag[0, 1]) and not np.signbit(diag[1, 0])
