"""Python scalars in binary ops and Tensor creation: the scalar takes the tensor's dtype
(MindSpore's implicit conversion: a float scalar makes bool/int tensors Float32, an int scalar
makes a bool tensor Int64). Into a float dtype the scalar converts as MindSpore converts it
(round to nearest, overflow to +-inf, underflow to 0); into an integer dtype a scalar that does
not fit raises ValueError instead of wrapping around. The oracle is exact (fractions)
arithmetic on the operands as the result dtype holds them: every result is right within its
dtype's precision, or a clear error. Tensor creation stays strict (no inf/0 from finite data)."""
import math
import operator as O
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import assume, given, settings, strategies as st

import mindcell as ms
from mindcell import ops, Tensor
from mindcell.dtype import from_numpy_dtype, scalar_result_type

NP_DTYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
             np.uint64, np.float16, np.float32, np.float64]
ARITH = {"+": O.add, "-": O.sub, "*": O.mul, "/": O.truediv, "//": O.floordiv, "%": O.mod,
         "**": O.pow}
COMPARE = {"==": O.eq, "!=": O.ne, "<": O.lt, "<=": O.le, ">": O.gt, ">=": O.ge}
OPS = dict(ARITH, **COMPARE)


def _bounds(np_dtype):
    info = np.iinfo(np_dtype)
    return int(info.min), int(info.max)


def _tensor_values(np_dtype):
    """Small values plus the extremes of the dtype."""
    if np_dtype is np.bool_:
        return [False, True]
    if np.dtype(np_dtype).kind == "f":
        fi = np.finfo(np_dtype)
        return [0.0, -0.0, 0.5, -2.5, 3.0, 1000.0, float(fi.max), -float(fi.max),
                float(fi.smallest_subnormal), float(fi.eps)]
    lo, hi = _bounds(np_dtype)
    return sorted({lo, lo + 1, -1 if lo else 0, 0, 1, 2, 7, hi - 1, hi})


def _edge_scalars():
    out = [0, 1, -1, 2, 7, True, False, 0.5, -2.5, 1e-8, 1e-30, 1e-50, 1e39, 7e4, 6.6e4,
           2.0 ** 63, 1.5, -0.0]
    for dt in NP_DTYPES[1:9]:
        lo, hi = _bounds(dt)
        out += [lo - 1, lo, hi, hi + 1]
    for dt in (np.float16, np.float32):
        fi = np.finfo(dt)
        out += [float(fi.max), float(fi.max) * 1.01, float(fi.smallest_subnormal),
                float(fi.smallest_subnormal) / 3, int(fi.max), int(fi.max) * 2]
    return out


SCALARS = st.one_of(st.sampled_from(_edge_scalars()), st.booleans(),
                    st.integers(-2 ** 66, 2 ** 66), st.integers(-300, 300),
                    st.floats(allow_nan=False, allow_infinity=False),
                    st.floats(-1e3, 1e3, allow_nan=False))


def fits(value, np_dtype):
    """The spec: the scalar converts to the operand dtype exactly (ints) or, as MindSpore
    converts it, to the nearest float, inf or 0 (only ints beyond Float64 do not convert)."""
    kind = np.dtype(np_dtype).kind
    if kind == "b":
        return isinstance(value, bool)
    if kind in "iu":
        lo, hi = _bounds(np_dtype)
        return isinstance(value, int) and lo <= value <= hi
    try:
        float(value)
    except OverflowError:
        return False
    return True



def _exact(v):
    return Fraction(v) if not isinstance(v, Fraction) else v


def _check_float(name, got, a, s, rd, scalar_left):
    """``got`` (float of dtype rd) against exact arithmetic on a, s (already rounded to rd)."""
    fi = np.finfo(rd)
    eps, tiny, big = float(fi.eps), float(fi.smallest_subnormal), float(fi.max)
    x, y = (s, a) if scalar_left else (a, s)
    if name == "**":
        with np.errstate(all="ignore"):
            want = float(np.float64(x) ** np.float64(y))
        if math.isnan(want):
            assert math.isnan(got)
        elif math.isinf(want) or abs(want) > big:
            assert math.isinf(got) or abs(got) >= big * (1 - 4 * eps)
        else:
            assert math.isclose(got, want, rel_tol=8 * eps, abs_tol=4 * tiny), (got, want)
        return
    if not (math.isfinite(x) and math.isfinite(y)):
        return  # inf/nan operands: IEEE's rules, not the scalar conversion, decide
    if name in ("/", "//", "%") and y == 0:
        return
    fx, fy = _exact(x), _exact(y)
    if name == "//":
        q = fx / fy
        if abs(q) > big:
            assert math.isinf(got) or abs(got) >= big * (1 - eps), (got, float(q))
        else:
            assert abs(got - math.floor(q)) <= max(1.0, 2 * eps * abs(float(q))), (got, q)
        return
    if name == "%":
        want = fx - math.floor(fx / fy) * fy
        tol = 4 * eps * abs(float(fy)) + tiny
        assert min(abs(got - float(want)), abs(abs(got) - abs(float(fy)))) <= tol, (got, want)
        return
    want = {"+": O.add, "-": O.sub, "*": O.mul, "/": O.truediv}[name](fx, fy)
    if math.isinf(got):  # only values rounding above the largest finite one overflow
        assert abs(want) >= big and (got > 0) == (want > 0), (got, want)
        return
    assert abs(want) <= big * (1 + eps), (got, want)
    assert abs(Fraction(got) - want) <= eps * abs(want) + tiny, (got, float(want))


def _check_int(name, got, a, s, rd, scalar_left):
    x, y = (s, a) if scalar_left else (a, s)
    if name in ("//", "%") and y == 0:
        return
    if name == "**" and (y < 0 or y > 64 or abs(x) > 2 ** 64):
        return
    want = ARITH[name](int(x), int(y))
    lo, hi = _bounds(rd)
    if lo <= want <= hi:  # beyond the range it is fixed-width tensor arithmetic's own overflow
        assert got == want, (got, want)


def run_case(np_dtype, scalar, name, scalar_left):
    """Run ``tensor <name> scalar`` (or reversed) and check it against the oracle."""
    td = from_numpy_dtype(np.dtype(np_dtype))
    vals = _tensor_values(np_dtype)
    if scalar_left and name in ("/", "//", "%"):
        vals = [v for v in vals if v != 0]  # division by zero is not this test's subject
    od = scalar_result_type(td, scalar)  # the dtype the scalar takes
    if name == "/" and not od.is_floating_point:
        od = ms.float32  # true division computes in Float32: the scalar converts exactly
    if name == "**" and od.category == 1 and not scalar_left:
        assume(scalar >= 0)  # ints to negative int powers are a separate error
    if name == "**" and scalar_left and td.category == 1:
        vals = [v for v in vals if 0 <= v <= 64]
    arr = np.array(vals, np_dtype)
    t = Tensor(arr)
    if od is ms.bool_ and name in ARITH:
        return  # bool (op) bool arithmetic is logic, not this test's subject
    fn = OPS[name]
    if not fits(scalar, od.np_dtype):
        with pytest.raises(ValueError, match="does not fit"):
            fn(scalar, t) if scalar_left else fn(t, scalar)
        return
    out = fn(scalar, t) if scalar_left else fn(t, scalar)
    rd = np.dtype(np.bool_) if name in COMPARE else od.np_dtype
    assert out._np_dtype == rd, (out.dtype, rd)
    with np.errstate(over="ignore", under="ignore"):
        a_held = arr.astype(rd if rd.kind != "b" else od.np_dtype)
        if isinstance(scalar, float) and od.is_floating_point:
            # a Python float operand is a Float32 scalar first (MindSpore 2.10, ms-oracle)
            s_od = od.np_dtype.type(np.float32(scalar))
        else:
            s_od = od.np_dtype.type(float(scalar) if od.is_floating_point else scalar)
        s_held = np.array(s_od).astype(a_held.dtype).item()
    got = out.asnumpy()
    for i, a in enumerate(a_held.tolist()):
        g = got[i].item()
        if name in COMPARE:
            x, y = (s_held, a) if scalar_left else (a, s_held)
            assert g == COMPARE[name](x, y), (i, a, s_held, g)  # Python compares exactly
        elif rd.kind == "f":
            _check_float(name, g, a, s_held, rd, scalar_left)
        else:
            _check_int(name, g, a, s_held, rd, scalar_left)


@settings(max_examples=600, deadline=None)
@given(st.sampled_from(NP_DTYPES), SCALARS, st.sampled_from(sorted(OPS)), st.booleans())
def test_tensor_op_scalar_is_right_or_raises(np_dtype, scalar, name, scalar_left):
    with np.errstate(all="ignore"):
        run_case(np_dtype, scalar, name, scalar_left)


@pytest.mark.parametrize("np_dtype", NP_DTYPES)
@pytest.mark.parametrize("scalar", _edge_scalars())
@pytest.mark.parametrize("name", ["+", "/", "*", "<"])
def test_edge_scalars_every_dtype(np_dtype, scalar, name):
    with np.errstate(all="ignore"):
        run_case(np_dtype, scalar, name, False)
        run_case(np_dtype, scalar, name, True)


@pytest.mark.parametrize("fn, message", [
    (lambda: ops.exp(2 ** 63), "exp"),
    (lambda: Tensor(np.array([4], np.uint8)) // -1, "floor_div"),
    (lambda: Tensor(np.array([4], np.uint8)) / 2 ** 2000, "div"),
    (lambda: Tensor(np.array([1], np.int8)) * 1000, "mul"),
    (lambda: Tensor(np.array([1], np.uint8)) + (-1), "add"),
    (lambda: Tensor(np.array([1], np.int8)) + 300, "add"),
    (lambda: Tensor(np.array([1], np.float64)) - 2 ** 2000, "sub"),
    (lambda: Tensor(np.array([1], np.float16)) - 2 ** 2000, "sub"),
    (lambda: Tensor(np.array([1], np.uint64)) == -1, "equal"),
])
def test_reproduced_squeezes_raise_naming_the_op(fn, message):
    with pytest.raises(ValueError, match=message + ".*does not fit"):
        fn()


def _setitem(np_dtype, value):
    x = Tensor(np.zeros(2, np_dtype))
    x[0] = value
    return x


@pytest.mark.parametrize("np_dtype, value", [(np.int8, 300), (np.uint8, -1), (np.int32, 2 ** 40),
                                             (np.int64, float("nan")), (np.uint8, 1e10)])
def test_setitem_scalar_that_does_not_fit_an_integer_tensor_raises(np_dtype, value):
    for call in (_setitem, ms.jit(_setitem)):
        with pytest.raises(ValueError, match="setitem.*does not fit"):
            call(np_dtype, value)


@pytest.mark.parametrize("np_dtype, value, want", [(np.float16, 1e6, math.inf),
                                                   (np.float16, 1e-8, 0.0),
                                                   (np.int8, -128, -128), (np.int8, 2.9, 2),
                                                   (np.uint8, True, 1)])
def test_setitem_scalar_converts_as_an_operand(np_dtype, value, want):
    got = [call(np_dtype, value).asnumpy()[0] for call in (_setitem, ms.jit(_setitem))]
    assert got == [want, want]


@pytest.mark.parametrize("fn, dtype, want", [
    (lambda: ops.sqrt(3), ms.float32, math.sqrt(3)),
    (lambda: Tensor(np.array([255], np.uint8)) / 255, ms.float32, 1.0),
    (lambda: -1 / Tensor(np.array([4], np.uint8)), ms.float32, -0.25),  # not squeezed to UInt8
    (lambda: Tensor(np.array([4], np.uint8)) / -1, ms.float32, -4.0),
    (lambda: Tensor(np.array([255], np.uint8)) / 2147483647, ms.float32, 255 / 2147483647),
    (lambda: Tensor(np.array([6], np.int8)) / 2.0 ** 70, ms.float32, 6 / 2.0 ** 70),
    (lambda: Tensor(np.array([True])) / True, ms.float32, 1.0),
    (lambda: ops.xlogy(-1, Tensor(np.array([4], np.uint8))), ms.float32, -math.log(4)),
    (lambda: Tensor(np.array([4], np.uint8)) - 4, ms.uint8, 0),
    (lambda: Tensor(np.array([2 ** 63], np.uint64)) + (2 ** 63 - 1), ms.uint64, 2 ** 64 - 1),
    (lambda: Tensor(np.array([True])) + 2 ** 40, ms.int64, 2 ** 40 + 1),
    (lambda: Tensor(np.array([3], np.int64)) * 0.5, ms.float32, 1.5),
    # a Python float is a Float32 scalar first, also beside a Float64 tensor (MindSpore 2.10)
    (lambda: Tensor(np.array([1.0], np.float64)) + 0.1, ms.float64, 1.0 + float(np.float32(0.1))),
    (lambda: Tensor(np.array([1], np.float16)) * np.float64(2.0), ms.float16, 2.0),
    (lambda: Tensor(np.array([1.0], np.float32)) + float("inf"), ms.float32, math.inf),
    # a float dtype converts the scalar as MindSpore does: underflow to 0, overflow to inf
    (lambda: Tensor(np.array([1], np.float16)) + 1e-8, ms.float16, 1.0),
    (lambda: Tensor(np.array([1], np.float16)) * 1e5, ms.float16, math.inf),
    (lambda: Tensor(np.array([1], np.float16)) * -1e9, ms.float16, -math.inf),
    (lambda: Tensor(np.array([2], np.float16)) * 70000, ms.float16, math.inf),
    (lambda: Tensor(np.array([1], np.float32)) - 2 ** 200, ms.float32, -math.inf),
    (lambda: Tensor(np.array([1], np.int32)) + 1e39, ms.float32, math.inf),
    (lambda: Tensor(np.array([1], np.float32)) * 1e-50, ms.float32, 0.0),
])
def test_scalars_that_fit(fn, dtype, want):
    out = fn()
    assert out.dtype == dtype
    got = out.asnumpy().reshape(-1)[0].item()
    if dtype.is_floating_point:
        assert math.isclose(got, want, rel_tol=float(np.finfo(dtype.np_dtype).eps))
    else:
        assert got == want


# ----- Tensor creation from Python data --------------------------------------------------
@pytest.mark.parametrize("data, dtype, want_dtype, want", [
    (0.1, ms.float64, ms.float64, [0.1]),
    ([0.1, 1 / 3, 1e300], ms.float64, ms.float64, [0.1, 1 / 3, 1e300]),
    ([[0.1], [0.7]], ms.float64, ms.float64, [0.1, 0.7]),
    (0.1, None, ms.float32, [float(np.float32(0.1))]),
    ([1, 2.5], None, ms.float32, [1.0, 2.5]),
    (2 ** 63 - 1, None, ms.int64, [2 ** 63 - 1]),
    (-2 ** 63, None, ms.int64, [-2 ** 63]),
    (2 ** 63, ms.uint64, ms.uint64, [2 ** 63]),
    ([2 ** 64 - 1, 0], ms.uint64, ms.uint64, [2 ** 64 - 1, 0]),
    ([2 ** 70], ms.float64, ms.float64, [float(2 ** 70)]),
    ([2 ** 63, 1.5], None, ms.float32, [float(np.float32(2.0 ** 63)), 1.5]),
    ([1.7, -2.7], ms.int32, ms.int32, [1, -2]),
    (255, ms.uint8, ms.uint8, [255]),
    (float("inf"), None, ms.float32, [math.inf]),
    ([True, False], ms.float16, ms.float16, [1.0, 0.0]),
    ([2, 0], ms.bool_, ms.bool_, [True, False]),
])
def test_creation_exact(data, dtype, want_dtype, want):
    t = Tensor(data, dtype)
    assert t.dtype == want_dtype
    assert t.asnumpy().reshape(-1).tolist() == want


@pytest.mark.parametrize("data, dtype", [
    (2 ** 63, None), ([2 ** 70], None), ([-1, 2 ** 63], None), ([[1], [2 ** 64]], None),
    (300, ms.uint8), (-1, ms.uint32), ([2 ** 70, 1], ms.int64),
    (float("nan"), ms.int32), (2.0 ** 63, ms.int64),
    ([1e10], ms.int32), (-1.0, ms.uint8), (2 ** 2000, ms.float64),
])
def test_creation_that_does_not_fit_raises(data, dtype):
    with pytest.raises(ValueError, match="Tensor: .*does not fit"):
        Tensor(data, dtype)


@pytest.mark.parametrize("data, dtype, want_dtype, want", [
    # MindSpore 2.10 (ms-oracle): into a float dtype values round, beyond the range to inf,
    # below it to 0 (eps = Tensor(1e-10, float16) in half-precision programs is 0 there)
    (1e39, None, ms.float32, [math.inf]), (70000, ms.float16, ms.float16, [math.inf]),
    (1e-50, None, ms.float32, [0.0]), ([1e-8, 1e5], ms.float16, ms.float16, [0.0, math.inf]),
    (1e-10, ms.float16, ms.float16, [0.0]),
])
def test_creation_into_floats_rounds_as_mindspore(data, dtype, want_dtype, want):
    t = Tensor(data, dtype)
    assert t.dtype == want_dtype
    assert t.asnumpy().reshape(-1).tolist() == want


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(allow_nan=False), min_size=1, max_size=5))
def test_float64_lists_are_exact(values):
    assert Tensor(values, ms.float64).asnumpy().tolist() == values


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(NP_DTYPES[1:9]), st.lists(st.integers(-2 ** 65, 2 ** 65), min_size=1,
                                                  max_size=4))
def test_int_lists_are_exact_or_raise(np_dtype, values):
    lo, hi = _bounds(np_dtype)
    dtype = from_numpy_dtype(np.dtype(np_dtype))
    if all(lo <= v <= hi for v in values):
        assert Tensor(values, dtype).asnumpy().tolist() == values
    else:
        with pytest.raises(ValueError, match="does not fit"):
            Tensor(values, dtype)


# ----- both modes: float scalars convert the same way in eager, graph and fused kernels ------
FLOAT_SCALAR_EXPRS = {
    "underflow_add": lambda x: x + 1e-8,
    "overflow_mul": lambda x: x * 1e6,
    "mask_fill": lambda x: x + (x > 1.0).astype(x.dtype) * -1e9,  # 0 * -inf is nan in Float16
    "fused_chain": lambda x: ops.tanh(x * 1e-8 + 1.0) * 70000 - 1e-30,
    "int_scalar_overflow": lambda x: x * 100000,
    "reflected": lambda x: 1e-9 - x / 1e6,
    "softmax_mask": lambda x: ops.softmax(x + (x < 2.0).astype(x.dtype) * -1e9, -1),
}


@pytest.mark.parametrize("np_dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("name", sorted(FLOAT_SCALAR_EXPRS))
def test_float_scalars_agree_across_modes(np_dtype, name):
    fn = FLOAT_SCALAR_EXPRS[name]
    x = Tensor(np.array([[0.0, 1.5, 3.0], [-2.0, 0.5, 60000.0]], np_dtype))
    with np.errstate(all="ignore"):
        eager, graph = fn(x), ms.jit(fn)(x)
        # numpy converts the same, except beside Float64, where MindSpore's Python float is a
        # Float32 scalar first (test_tensor_op_scalar_is_right_or_raises checks those values)
        want = None if name == "softmax_mask" or np_dtype is np.float64 else fn(x.asnumpy())
    assert eager.dtype == graph.dtype == from_numpy_dtype(np.dtype(np_dtype))
    np.testing.assert_array_equal(eager.asnumpy(), graph.asnumpy())
    if want is not None:
        np.testing.assert_array_equal(eager.asnumpy(), want)


def test_float16_mask_gives_minus_inf_and_softmax_zero():
    scores = Tensor(np.array([[1.0, 2.0, 3.0]], np.float16))
    mask = Tensor(np.array([[0.0, 1.0, 0.0]], np.float16))
    masked = scores + mask * -1e9  # -1e9 is -inf in Float16; 0 * -inf is nan (IEEE)
    assert math.isinf(masked.asnumpy()[0, 1]) and masked.asnumpy()[0, 1] < 0
    assert math.isnan(masked.asnumpy()[0, 0])
    for fn in (lambda s, m: ops.softmax(ops.select(m > 0, s - 1e9, s), -1),
               ms.jit(lambda s, m: ops.softmax(ops.select(m > 0, s - 1e9, s), -1))):
        probs = fn(scores, mask).asnumpy()
        assert probs[0, 1] == 0.0 and abs(probs.sum() - 1.0) < 1e-3


# ----- true division: integer operands become Float32 first, the scalar exactly ------------
DIV_DTYPES = [np.int8, np.uint8, np.int32, np.int64, np.bool_, np.float16, np.float32,
              np.float64]
DIV_SCALARS = [-1, -3, 7, 300, 2 ** 40, -2 ** 62, 0.5, -2.5, 1e-3, 1e30, 1e-30, True]
DIV_FORMS = {
    "div": lambda x, s: ops.div(x, s), "divide_reflected": lambda x, s: ops.divide(s, x),
    "true_divide": lambda x, s: ops.true_divide(x, s), "operator": lambda x, s: x / s,
    "reflected_operator": lambda x, s: s / x,
}


def _div_values(np_dtype):
    if np_dtype is np.bool_:
        return np.array([True, False])
    if np.dtype(np_dtype).kind == "f":
        return np.array([-2.0, 0.5, 3.0, 6e4], np_dtype)
    lo, hi = _bounds(np_dtype)
    return np.array([lo, -1 if lo else 1, 3, hi], np_dtype)


def _jit_with(fn, scalar):
    """``fn(x, scalar)`` compiled with the scalar as a constant (one compile per scalar)."""
    return ms.jit(lambda x: fn(x, scalar))


@pytest.mark.parametrize("form", sorted(DIV_FORMS))
@pytest.mark.parametrize("np_dtype", DIV_DTYPES)
def test_true_division_by_scalars_matches_numpy_in_both_modes(np_dtype, form):
    arr = _div_values(np_dtype)
    rd = np.dtype(np_dtype) if np.dtype(np_dtype).kind == "f" else np.dtype(np.float32)
    fn = DIV_FORMS[form]
    for s in DIV_SCALARS:
        with np.errstate(all="ignore"):
            # a Python float is a Float32 scalar first (MindSpore 2.10); ints convert exactly
            a, b = arr.astype(rd), rd.type(np.float32(s) if isinstance(s, float) else float(s))
            want = b / a if "reflected" in form else a / b
            eager, graph = fn(Tensor(arr), s), _jit_with(fn, s)(Tensor(arr))
        for got in (eager, graph):
            assert got.dtype == from_numpy_dtype(rd), (s, got.dtype)
            np.testing.assert_array_equal(got.asnumpy(), want, err_msg=repr(s))


@pytest.mark.parametrize("zero", [0.0, -0.0, np.float32(-0.0), np.float64(0.0), np.float16(-0.0)])
@pytest.mark.parametrize("jit", [False, True])
def test_signed_zero_scalars_keep_their_sign(zero, jit):
    """Cached scalar constants are keyed by sign too: x * -0.0 is -0.0 after x * 0.0 ran."""
    x = ms.Tensor(np.ones(3, np.float32))
    fn = (lambda t: t * zero)
    fn = ms.jit(fn) if jit else fn
    _ = x * 0.0, x * -0.0  # fill the cache with both zeros first
    got = fn(x).asnumpy()
    np.testing.assert_array_equal(np.signbit(got), np.signbit(np.ones(3, np.float32) * zero))


def test_jit_cache_tells_signed_zeros_and_nan_apart():
    """The compile cache keys a Python float constant by its repr: 0.0 and -0.0 differ."""
    f = ms.jit(lambda t, s: t * s)
    x = ms.Tensor(np.ones(2, np.float32))
    assert not np.signbit(f(x, 0.0).asnumpy()).any()
    assert np.signbit(f(x, -0.0).asnumpy()).all()
    assert np.isnan(f(x, float("nan")).asnumpy()).all()
    assert np.isnan(f(x, float("nan")).asnumpy()).all()
