"""ops.norm against numpy.linalg.norm: matrix norms (2-D, batched, any dim order, keepdim),
vector orders, MindSpore's dim/ord rules, and gradients where singular values repeat."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.testing import numeric_grad

ORDS = ["fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf]


class _Norm(nn.Cell):
    def __init__(self, **kw):
        super().__init__()
        self.kw = kw

    def construct(self, x):
        return ops.norm(x, **self.kw)


@pytest.mark.parametrize("ord", ORDS, ids=str)
@pytest.mark.parametrize("shape, dim, keepdim", [((3, 4), None, False), ((4, 3), (0, 1), True),
                                                 ((2, 3, 4), (1, 2), False),
                                                 ((2, 3, 4), (2, 0), True),
                                                 ((2, 5, 3, 2), (-2, 1), False)])
def test_matrix_norms_match_numpy(mode, ord, shape, dim, keepdim):
    a = np.random.default_rng(1).standard_normal(shape)
    got = _Norm(ord=ord, dim=dim, keepdim=keepdim)(ms.Tensor(a))
    want = np.linalg.norm(a, ord, axis=dim, keepdims=keepdim)
    assert got.shape == want.shape and got.dtype == ms.float64
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-12)


@pytest.mark.parametrize("ord", [None, 0, 1, 2, 3, -1, 0.5, math.inf, -math.inf], ids=str)
def test_vector_norms_match_numpy(ord):
    v = np.random.default_rng(2).standard_normal(6)
    np.testing.assert_allclose(ops.norm(ms.Tensor(v), ord).asnumpy(), np.linalg.norm(v, ord))


def test_default_is_the_flat_two_norm_and_dtype_casts_first():
    a = np.random.default_rng(3).standard_normal((2, 3, 4)).astype(np.float32)
    np.testing.assert_allclose(ops.norm(ms.Tensor(a)).asnumpy(), np.linalg.norm(a.ravel()),
                               rtol=1e-6)
    assert ops.norm(ms.Tensor(a), dtype=ms.float64).dtype == ms.float64
    assert ops.norm(ms.Tensor(a), "nuc", (1, 2)).dtype == ms.float32
    assert ops.norm(ms.Tensor(a.astype(np.float16)), 2, (1, 2)).dtype == ms.float16


def test_bool_ord_is_the_matrix_order_one():
    # MindSpore 2.10 (ms-oracle; tests/goldens/arg_kinds ops:norm#1:a1=bool): norm(x, True) of
    # a 2-D x is its 1-norm (3.5 here), norm(x, False) the refused matrix order 0
    x = ms.Tensor(np.array([[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]], np.float32))
    assert float(ops.norm(x, True)) == float(x.norm(True)) == 3.5
    with pytest.raises(ValueError, match="norm"):
        ops.norm(x, False)


def test_integer_dtype_truncates_first_and_gives_float32():
    # MindSpore 2.10 (ms-oracle; param_sweep norm|dtype=ms.int32): the input is cast to the
    # integer dtype (truncating), then normed as an integer tensor, in Float32
    a = np.array([[3.53, 0.8, 1.96], [4.48, 3.74, -1.95]], np.float32)
    for f in (lambda t, **k: ops.norm(t, **k), lambda t, **k: t.norm(**k)):
        out = f(ms.Tensor(a), dtype=ms.int32)
        assert out.dtype == ms.float32
        np.testing.assert_allclose(out.asnumpy(), 6.0)
        np.testing.assert_allclose(f(ms.Tensor(a), dim=1, dtype=ms.int8).asnumpy(),
                                   np.linalg.norm(np.trunc(a), axis=1), rtol=1e-6)


@pytest.mark.parametrize("kw, err", [
    (dict(ord=1), ValueError),  # dim None with an ord: 1-D or 2-D only
    (dict(ord="nuc", dim=2), ValueError), (dict(ord=3, dim=(1, 2)), ValueError),
    (dict(ord="fro", dim=(1, 1)), ValueError), (dict(ord="max"), TypeError),
    (dict(ord=True, dim=2), TypeError), (dict(dtype=ms.bool_), TypeError),
])
def test_bad_arguments(kw, err):
    with pytest.raises(err, match="norm"):
        ops.norm(ms.Tensor(np.ones((2, 3, 4), np.float32)), **kw)


@pytest.mark.parametrize("ord, want", [("nuc", np.eye(3)), (2, None)])
def test_gradients_with_repeated_singular_values_are_finite(ord, want):
    x = ms.Tensor(np.eye(3))
    g = ms.grad(lambda t: ops.norm(t, ord))(x).asnumpy()
    assert np.isfinite(g).all()
    if want is not None:
        np.testing.assert_allclose(g, want, atol=1e-12)


@pytest.mark.parametrize("ord", ["nuc", 2, -2], ids=str)
def test_svd_norm_gradients_match_finite_differences(ord):
    a = np.random.default_rng(4).standard_normal((2, 3, 4))
    g = ms.grad(lambda t: ops.norm(t, ord, (1, 2)).sum())(ms.Tensor(a)).asnumpy()
    num = numeric_grad(lambda v: np.linalg.norm(v[0], ord, axis=(1, 2)).sum(), [a.copy()], 0)
    np.testing.assert_allclose(g, num, rtol=1e-6, atol=1e-8)
