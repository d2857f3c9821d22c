"""ops.fmod/copysign/xdivy/isclose/nan_to_num/heaviside/float_power/trace/kron/diff against
numpy references over dtypes, shapes and edge values (hypothesis), and their argument errors."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from hypothesis.extra import numpy as hnp

import mindcell as ms
from mindcell import ops

EDGE = np.array([0.0, -0.0, 1.5, -2.5, 3.0, -7.0, np.inf, -np.inf, np.nan, 1e-30, 1e30])
FLOATS = st.floats(-1e6, 1e6, allow_nan=False, width=64)


def _pair(dtype):
    a = np.repeat(EDGE, EDGE.size).astype(dtype)
    b = np.tile(EDGE, EDGE.size).astype(dtype)
    return a, b


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("name, ref", [
    ("fmod", np.fmod), ("copysign", np.copysign),
    ("heaviside", np.heaviside),
    ("xdivy", lambda x, y: np.where(x == 0, 0.0, x / np.where(x == 0, 1, y))),  # +0 at x = 0
])
def test_binary_on_every_edge_pair(name, ref, dtype):
    a, b = _pair(dtype)
    with np.errstate(all="ignore"):
        want = ref(a, b).astype(dtype)
    got = getattr(ops, name)(ms.Tensor(a), ms.Tensor(b)).asnumpy()
    assert got.dtype == dtype
    np.testing.assert_array_equal(np.signbit(got[got == 0]), np.signbit(want[want == 0]))
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_fmod_keeps_integers():
    a = np.array([-7, 7, -8, 9], np.int32)
    got = ops.fmod(ms.Tensor(a), 3)
    assert got.dtype == ms.int32
    np.testing.assert_array_equal(got.asnumpy(), np.fmod(a, 3))


@pytest.mark.parametrize("rtol, atol, equal_nan", [(1e-5, 1e-8, False), (1e-3, 0.0, True),
                                                   (0.0, 0.5, False)])
def test_isclose_matches_numpy(rtol, atol, equal_nan):
    a, b = _pair(np.float64)
    got = ops.isclose(ms.Tensor(a), ms.Tensor(b), rtol, atol, equal_nan).asnumpy()
    np.testing.assert_array_equal(got, np.isclose(a, b, rtol, atol, equal_nan))
    x = np.array([1.0, 1.0 + 1e-6, 1.0 + 1e-3])
    got = ops.isclose(ms.Tensor(x), ms.Tensor(np.ones(3)), rtol, atol, equal_nan).asnumpy()
    np.testing.assert_array_equal(got, np.isclose(x, 1.0, rtol, atol, equal_nan))


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("kw", [{}, dict(nan=1.5, posinf=9.0, neginf=-9.0)])
def test_nan_to_num_matches_numpy(dtype, kw):
    with np.errstate(over="ignore"):  # 1e30 is inf in float16
        a = EDGE.astype(dtype)
    got = ops.nan_to_num(ms.Tensor(a), **kw).asnumpy()
    assert got.dtype == dtype
    np.testing.assert_array_equal(got, np.nan_to_num(a, **kw))


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=2, max_dims=2, max_side=5),
                  elements=FLOATS))
def test_trace_matches_numpy(a):
    np.testing.assert_allclose(ops.trace(ms.Tensor(a)).asnumpy(), np.trace(a), rtol=1e-12,
                               atol=1e-9)


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(max_dims=3, max_side=3), elements=FLOATS),
       hnp.arrays(np.float64, hnp.array_shapes(max_dims=3, max_side=3), elements=FLOATS))
def test_kron_matches_numpy(a, b):
    np.testing.assert_allclose(ops.kron(ms.Tensor(a), ms.Tensor(b)).asnumpy(), np.kron(a, b),
                               rtol=1e-12)


@settings(max_examples=30, deadline=None)
@given(hnp.arrays(np.float64, hnp.array_shapes(min_dims=1, max_dims=3, max_side=5),
                  elements=FLOATS), st.integers(0, 4), st.integers(-1, 0))
def test_diff_matches_numpy(a, n, axis):
    np.testing.assert_allclose(ops.diff(ms.Tensor(a), n, axis).asnumpy(),
                               np.diff(a, n, axis), rtol=1e-12)


def test_diff_prepend_append_and_bool():
    a, p, q = np.arange(6.0).reshape(2, 3) ** 2, np.ones((2, 1)), np.zeros((2, 2))
    got = ops.diff(ms.Tensor(a), 1, 1, ms.Tensor(p), ms.Tensor(q)).asnumpy()
    np.testing.assert_array_equal(got, np.diff(a, 1, 1, prepend=p, append=q))
    b = np.array([True, False, False, True])
    np.testing.assert_array_equal(ops.diff(ms.Tensor(b)).asnumpy(), np.diff(b))


def test_float_power_is_float64():
    got = ops.float_power(ms.Tensor(np.array([2, 3], np.int32)), 0.5)
    assert got.dtype == ms.float64
    np.testing.assert_allclose(got.asnumpy(), np.float_power([2, 3], 0.5), rtol=1e-15)
    np.testing.assert_allclose(ops.float_power(2, ms.Tensor([3.0])).asnumpy(), [8.0])


@pytest.mark.parametrize("call, exc, match", [
    (lambda: ops.trace(ms.Tensor(np.ones(3))), ValueError, "trace: 'input' must be 2-D"),
    (lambda: ops.diff(ms.Tensor(np.ones(3)), -1), ValueError, "diff: 'n'"),
    (lambda: ops.diff(ms.Tensor(1.0)), ValueError, "diff: 'x'"),
    (lambda: ops.isclose(ms.Tensor([1.0]), ms.Tensor([1.0]), rtol=-1), ValueError,
     "isclose: 'rtol'"),
    (lambda: ops.isclose(ms.Tensor([1.0]), ms.Tensor([1.0]), equal_nan=1), TypeError,
     "isclose: 'equal_nan'"),
    (lambda: ops.nan_to_num(ms.Tensor([1.0]), nan="a"), TypeError, "nan_to_num: 'nan'"),
    (lambda: ops.float_power(2, 3), TypeError, "float_power"),
    (lambda: ops.fmod(ms.Tensor(np.ones((2, 3))), ms.Tensor(np.ones(2))), ValueError, "fmod"),
    (lambda: ops.kron([1.0], ms.Tensor([1.0])), TypeError, "kron"),
])
def test_errors_name_the_op(call, exc, match):
    with pytest.raises(exc, match=match):
        call()
