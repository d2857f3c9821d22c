"""cumprod / CumProd(exclusive, reverse) / cummax / cummin / logcumsumexp against plain numpy
references in both modes (ties, NaN, +-inf, zeros, huge magnitudes), their float64 gradients
against finite differences (exact at zeros, no overflow), dtype rules and argument errors."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import ops
from mindcell.testing import numeric_grad

from fn_cell import FnCell


def _ref_cum_extreme(x, axis, take_max):
    """A loop reference: the latest position tying the running extreme; NaN sticks."""
    x = np.moveaxis(x, axis, 0)
    vals, idx = np.empty_like(x), np.zeros(x.shape, np.int64)
    for pos in np.ndindex(x.shape[1:]):
        best, at = None, 0
        for i in range(x.shape[0]):
            v = x[(i,) + pos]
            if best is None or np.isnan(v) or (not np.isnan(best)
                                               and (v >= best if take_max else v <= best)):
                best, at = v, i
            vals[(i,) + pos], idx[(i,) + pos] = best, at
    return np.moveaxis(vals, 0, axis), np.moveaxis(idx, 0, axis)


def _ref_cumprod(x, axis, exclusive=False, reverse=False):
    x = np.flip(x, axis) if reverse else x
    out = np.cumprod(x, axis)
    if exclusive:
        out = out / np.where(x == 0, 1, x)  # references only use inputs without zeros
    return np.flip(out, axis) if reverse else out


EDGE = np.array([[1.0, 1.0, -2.0, np.nan, 3.0, 3.0],
                 [np.inf, -np.inf, 0.0, -0.0, 1e308, -1e308],
                 [-1.0, 5.0, 5.0, 2.0, 5.0, -7.0]])
ARRS = [EDGE, np.random.default_rng(1).integers(-3, 4, (4, 5)).astype(np.float64),
        np.random.default_rng(2).standard_normal((2, 3, 4))]


@pytest.mark.parametrize("name, take_max", [("cummax", True), ("cummin", False)])
@pytest.mark.parametrize("k", range(len(ARRS)))
def test_cum_extremes_match_reference(name, take_max, k, mode):
    x = ARRS[k]
    for axis in range(-x.ndim, x.ndim):
        vals, idx = FnCell(lambda t: getattr(ops, name)(t, axis))(ms.Tensor(x))
        want_v, want_i = _ref_cum_extreme(x, axis, take_max)
        np.testing.assert_array_equal(vals.asnumpy(), want_v)
        np.testing.assert_array_equal(idx.asnumpy(), want_i)
        # MindSpore 2.10: cummax's indices are Int64, cummin's Int32
        assert idx.dtype == (ms.int64 if take_max else ms.int32)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint8, np.float16])
def test_cum_extremes_keep_dtype(dtype):
    x = np.array([[3, 1, 4], [1, 5, 2]], dtype)
    vals, idx = ops.cummin(ms.Tensor(x), 1)
    assert vals.asnumpy().dtype == dtype
    np.testing.assert_array_equal(vals.asnumpy(), np.minimum.accumulate(x, 1))
    np.testing.assert_array_equal(idx.asnumpy(), [[0, 1, 1], [0, 0, 0]])


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.int32, np.uint8, np.int64])
def test_cumprod_of_bool_and_integers_is_int64(dtype):
    # MindSpore 2.10's ops.cumprod and Tensor.cumprod: integer running products in Int64
    x = np.array([[1, 2, 3], [0, 4, 5]]).astype(dtype)
    for out in (ops.cumprod(ms.Tensor(x), 1), ms.Tensor(x).cumprod(1)):
        assert out.dtype == ms.int64
        np.testing.assert_array_equal(out.asnumpy(), np.cumprod(x.astype(np.int64), 1))
    assert ops.cumprod(ms.Tensor(x), 1, dtype=ms.float32).dtype == ms.float32


@pytest.mark.parametrize("k", range(len(ARRS)))
def test_cumprod_and_logcumsumexp_match_numpy(k, mode):
    x = ARRS[k]
    for axis in range(x.ndim):
        with np.errstate(all="ignore"):
            want_p, want_l = np.cumprod(x, axis), np.logaddexp.accumulate(x, axis)
        got = FnCell(lambda t: (ops.cumprod(t, axis), ops.logcumsumexp(t, axis)))(ms.Tensor(x))
        np.testing.assert_allclose(got[0].asnumpy(), want_p, rtol=1e-12)
        np.testing.assert_allclose(got[1].asnumpy(), want_l, rtol=1e-12)


def test_logcumsumexp_does_not_underflow_or_overflow():
    x = np.array([-1000.0, 0.0, 1000.0, 1000.0, -np.inf], np.float32)
    out = ops.logcumsumexp(ms.Tensor(x), 0).asnumpy()
    np.testing.assert_allclose(out, [-1000.0, 0.0, 1000.0, 1000 + np.log(2), 1000 + np.log(2)],
                               rtol=1e-6)
    assert ops.logcumsumexp(ms.Tensor([-np.inf, -np.inf]), 0).asnumpy().tolist() == [-np.inf] * 2


@pytest.mark.parametrize("exclusive", [False, True])
@pytest.mark.parametrize("reverse", [False, True])
def test_cumprod_primitive_attributes(exclusive, reverse, mode):
    x = np.random.default_rng(3).uniform(0.5, 2.0, (3, 4))
    for axis in (0, 1, -1):
        got = FnCell(lambda t: ops.CumProd(exclusive, reverse)(t, axis))(ms.Tensor(x))
        np.testing.assert_allclose(got.asnumpy(), _ref_cumprod(x, axis, exclusive, reverse),
                                   rtol=1e-12)


def _fd_check(fn, x, rtol=1e-6, atol=1e-7):
    w = np.random.default_rng(4).standard_normal(x.shape)  # a generic cotangent
    got = ops.grad(FnCell(lambda t: (fn(t) * ms.Tensor(w)).sum()))(ms.Tensor(x)).asnumpy()
    want = numeric_grad(lambda a: float((fn(ms.Tensor(a[0])).asnumpy() * w).sum()), [x.copy()], 0)
    np.testing.assert_allclose(got, want, rtol=rtol, atol=atol)


@pytest.mark.parametrize("x", [
    np.array([[1.5, 0.0, 2.0, -3.0], [0.0, 0.0, 0.7, 1.1], [0.4, -1.2, 0.9, 0.0]]),
    np.random.default_rng(5).uniform(-2, 2, (2, 3, 3)),
], ids=["with-zeros", "random"])
@pytest.mark.parametrize("name", ["cumprod", "cumprod_ex", "cummax", "cummin", "logcumsumexp"])
def test_gradients_match_finite_differences(name, x):
    for axis in range(x.ndim):
        fn = {"cumprod": lambda t: ops.cumprod(t, axis),
              "cumprod_ex": lambda t: ops.CumProd(True, True)(t, axis),
              "cummax": lambda t: ops.cummax(t, axis)[0],
              "cummin": lambda t: ops.cummin(t, axis)[0],
              "logcumsumexp": lambda t: ops.logcumsumexp(t, axis)}[name]
        y = x + 1e-3 * np.arange(x.size).reshape(x.shape) if name.startswith("cumm") else x
        _fd_check(fn, y)  # cummax/cummin: no ties, so finite differences are defined


def test_logcumsumexp_gradient_at_huge_values():
    x = np.array([800.0, -800.0, 805.0, 0.0])
    _fd_check(lambda t: ops.logcumsumexp(t, 0), x, atol=1e-6)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=7))
def test_cumprod_gradient_property(values):
    x = np.array(values, np.float64) * 0.5  # zeros and repeats are common
    _fd_check(lambda t: ops.cumprod(t, 0), x)


@pytest.mark.parametrize("call, exc, match", [
    (lambda: ops.cumprod(ms.Tensor([1.0]), 1), ValueError, "cumprod: 'dim'"),
    (lambda: ops.cumprod([1.0], 0), TypeError, "cumprod: 'input'"),
    (lambda: ops.cummax(ms.Tensor(1.0), 0), ValueError, "cummax: 'input' must be at least 1-D"),
    (lambda: ops.cummin(ms.Tensor([1.0]), 0.5), TypeError, "cummin: 'axis'"),
    (lambda: ops.logcumsumexp(ms.Tensor([1, 2]), 0), TypeError, "logcumsumexp: 'input'"),
    (lambda: ops.CumProd(exclusive=1), TypeError, "CumProd: 'exclusive'"),
    (lambda: ops.Cummax(axis="0"), TypeError, "Cummax: 'axis'"),
    (lambda: ops.Cummin(axis=3)(ms.Tensor([1.0])), ValueError, "Cummin: 'axis'"),
])
def test_errors_name_the_op(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_methods_and_classes_equal_functions():
    x = ms.Tensor(ARRS[1])
    np.testing.assert_array_equal(x.cumprod(1).asnumpy(), ops.cumprod(x, 1).asnumpy())
    for m in ("cummax", "cummin"):
        for a, b in zip(getattr(x, m)(0), getattr(ops, m.capitalize())(0)(x)):
            np.testing.assert_array_equal(a.asnumpy(), b.asnumpy())
    assert ops.cumprod(ms.Tensor([2, 3], ms.int32), 0, dtype=ms.float64).dtype == ms.float64
