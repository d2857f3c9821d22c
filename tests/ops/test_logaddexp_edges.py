"""logaddexp/logaddexp2 (and the other stable log/exp compositions) at edge values: +-0, +-inf,
NaN, huge and tiny magnitudes, against numpy in both modes, in float64/float32/float16; float64
gradients against finite differences, at ties too."""
import numpy as np
import pytest
from scipy import special

import mindcell as ms
from mindcell import ops
from mindcell.testing import numeric_grad

from fn_cell import FnCell

INF, NAN = np.inf, np.nan
EDGES = np.array([0.0, -0.0, INF, -INF, NAN, 1e308, -1e308, 800.0, -800.0, 1.5, -1e-300, 3.0])
# every ordered pair of edge values
A, B = (g.ravel() for g in np.meshgrid(EDGES, EDGES))

BINARY = [("logaddexp", np.logaddexp), ("logaddexp2", np.logaddexp2),
          ("hypot", np.hypot), ("xlogy", special.xlogy)]
UNARY = [("softplus", lambda x: np.logaddexp(0, x)), ("sigmoid", special.expit),
         ("logsigmoid", lambda x: -np.logaddexp(0, -x)), ("expm1", np.expm1),
         ("log1p", np.log1p), ("logit", special.logit)]


def _ref(fn, *arrays, dtype):
    with np.errstate(all="ignore"):
        return np.asarray(fn(*(a.astype(np.float64) for a in arrays))).astype(dtype)


def _assert_edge_equal(got, want, dtype):
    assert got.dtype == want.dtype
    tol = dict(rtol=1e-12, atol=0) if dtype == np.float64 else dict(rtol=2e-3, atol=1e-6)
    np.testing.assert_allclose(got, want, equal_nan=True, **tol)
    # infinities and NaNs exactly where numpy has them, with numpy's sign
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want))
    np.testing.assert_array_equal(got[np.isinf(want)], want[np.isinf(want)])


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.float16])
@pytest.mark.parametrize("name, ref", BINARY, ids=[b[0] for b in BINARY])
def test_binary_edges_match_numpy(name, ref, dtype, mode):
    if name == "xlogy":  # MindSpore's (and TensorFlow's) rule: 0 wherever x == 0, even y = NaN
        ref = lambda x, y: np.where(x == 0, 0.0, special.xlogy(x, y))  # noqa: E731
    with np.errstate(all="ignore"):
        a, b = A.astype(dtype), B.astype(dtype)
    out = FnCell(getattr(ops, name))(ms.Tensor(a), ms.Tensor(b)).asnumpy()
    _assert_edge_equal(out, _ref(ref, a, b, dtype=dtype), dtype)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
@pytest.mark.parametrize("name, ref", UNARY, ids=[u[0] for u in UNARY])
def test_unary_edges_match_numpy(name, ref, dtype, mode):
    with np.errstate(all="ignore"):
        x = EDGES.astype(dtype)
    out = FnCell(getattr(ops, name))(ms.Tensor(x)).asnumpy()
    _assert_edge_equal(out, _ref(ref, x, dtype=dtype), dtype)


def test_logaddexp_of_equal_infinities_is_that_infinity():
    for fn in (ops.logaddexp, ops.logaddexp2):
        for v in (-INF, INF):
            out = fn(ms.Tensor([v], ms.float32), ms.Tensor([v], ms.float32)).asnumpy()
            assert out.tolist() == [v], (fn, v, out)


# finite points, ties (x == y) included: the gradient there is 1/2 to each operand
_FINITE = [(0.3, -1.2), (2.0, 2.0), (-5.0, 40.0), (0.0, -0.0), (700.0, 700.5)]


@pytest.mark.parametrize("name", ["logaddexp", "logaddexp2"])
@pytest.mark.parametrize("x, y", _FINITE)
def test_gradients_match_finite_differences(name, x, y, mode):
    a, b = np.array([x, y]), np.array([y, x])  # both orders
    fn = getattr(ops, name)
    ga, gb = ops.grad(FnCell(lambda p, q: fn(p, q).sum()), (0, 1))(ms.Tensor(a), ms.Tensor(b))
    ref = getattr(np, name)
    arrays = [a.copy(), b.copy()]
    for got, i in ((ga, 0), (gb, 1)):
        want = numeric_grad(lambda arr: ref(*arr).sum(), arrays, i)
        np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-6, atol=1e-8)


def test_operands_as_mindspore_takes_them():
    """MindSpore 2.10 (ms-oracle): logaddexp/logaddexp2 take two float Tensors (Float16 and
    Float32 promote to Float32); a Python number or an integer/bool tensor is a TypeError.
    hypot/atan2/xdivy promote first and refuse only a non-float result."""
    i32 = ms.Tensor(np.array([1, 2], np.int32))
    f16 = ms.Tensor(np.array([1.0, 2.0], np.float16))
    f32 = ms.Tensor(np.array([3.0, 0.5], np.float32))
    for fn in (ops.logaddexp, ops.logaddexp2):
        out = fn(f16, f32)
        assert out.dtype == ms.float32
        for a, b in ((i32, f32), (f32, 3.0), (1.0, f32), (i32, i32)):
            with pytest.raises(TypeError, match="^%s: " % fn.__name__):
                fn(a, b)
    for fn in (ops.hypot, ops.atan2, ops.xdivy):
        assert fn(i32, 1.5).dtype == ms.float32 and fn(i32, f16).dtype == ms.float16
        with pytest.raises(TypeError, match="must promote to"):
            fn(i32, 2)
        with pytest.raises(TypeError, match="must promote to"):
            fn(i32, ms.Tensor(np.array([1, 2], np.int64)))
    np.testing.assert_allclose(ops.hypot(i32, 1.5).asnumpy(), np.hypot([1, 2], 1.5), rtol=1e-6)
