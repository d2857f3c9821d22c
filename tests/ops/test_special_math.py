"""Numerics of the hyperbolic, exp/log, gamma-family and rounding ops against numpy/scipy
references (float64 and float32), their dtype rules (integers compute in Float32, trunc keeps
integers) and their argument errors."""
import numpy as np
import pytest
from scipy import special

import mindcell as ms
from mindcell import ops

R = np.random.default_rng(0)
REAL = R.standard_normal((3, 4)) * 3
PROB = R.uniform(0.05, 0.95, (3, 4))
POS = R.uniform(0.1, 6.0, (3, 4))
OTHER = R.standard_normal((3, 4)) * 3

UNARY = [
    ("tan", np.tan, PROB), ("sinh", np.sinh, REAL), ("cosh", np.cosh, REAL),
    ("expm1", np.expm1, REAL), ("erfc", special.erfc, REAL), ("erfinv", special.erfinv, PROB),
    ("lgamma", special.gammaln, POS), ("digamma", special.digamma, POS),
    ("trunc", np.trunc, REAL), ("fix", np.trunc, REAL), ("rint", np.rint, REAL),
    ("log2", np.log2, POS), ("log10", np.log10, POS), ("exp2", np.exp2, REAL),
    ("frac", lambda x: x - np.trunc(x), REAL), ("logit", lambda p: np.log(p / (1 - p)), PROB),
    ("deg2rad", np.deg2rad, REAL), ("rad2deg", np.rad2deg, REAL),
]
BINARY = [("hypot", np.hypot), ("logaddexp", np.logaddexp), ("logaddexp2", np.logaddexp2)]


@pytest.mark.parametrize("dtype, rtol", [(np.float64, 1e-12), (np.float32, 2e-6)])
@pytest.mark.parametrize("name, ref, x", UNARY, ids=[u[0] for u in UNARY])
def test_unary_matches_reference(name, ref, x, dtype, rtol):
    if name in ("deg2rad", "rad2deg") and dtype is np.float64:
        rtol = 1e-7  # MindSpore 2.10's pi/180 is a Float32 scalar (ms-oracle: 2.8e-8 off)
    a = x.astype(dtype)
    for out in (getattr(ops, name)(ms.Tensor(a)), getattr(ms.Tensor(a), name)()):
        assert out.asnumpy().dtype == dtype
        np.testing.assert_allclose(out.asnumpy(), ref(a.astype(np.float64)), rtol=rtol,
                                   atol=rtol)


@pytest.mark.parametrize("dtype, rtol", [(np.float64, 1e-12), (np.float32, 2e-6)])
@pytest.mark.parametrize("name, ref", BINARY, ids=[b[0] for b in BINARY])
def test_binary_matches_reference(name, ref, dtype, rtol):
    a, b = REAL.astype(dtype), OTHER[:1].astype(dtype)  # broadcast (3, 4) with (1, 4)
    out = getattr(ops, name)(ms.Tensor(a), ms.Tensor(b))
    assert out.shape == (3, 4) and out.asnumpy().dtype == dtype
    np.testing.assert_allclose(out.asnumpy(), ref(a, b), rtol=rtol, atol=rtol)


def test_accuracy_where_the_naive_formula_loses_it():
    tiny = ms.Tensor(np.array([1e-10, -3e-9]))
    np.testing.assert_allclose(ops.expm1(tiny).asnumpy(), np.expm1(tiny.asnumpy()), rtol=1e-14)
    big = ms.Tensor(np.array([1000.0, -1000.0], np.float32))
    np.testing.assert_allclose(ops.logaddexp(big, big).asnumpy(),
                               np.array([1000 + np.log(2), -1000 + np.log(2)]), rtol=1e-6)
    np.testing.assert_allclose(ops.hypot(ms.Tensor([3e30], ms.float32), 4e30).asnumpy(), [5e30],
                               rtol=1e-6)


@pytest.mark.parametrize("n", [0, 1, 2, 3])
def test_polygamma(n):
    out = ops.polygamma(n, ms.Tensor(POS))
    np.testing.assert_allclose(out.asnumpy(), special.polygamma(n, POS), rtol=1e-10)


def test_polygamma_takes_a_0d_integer_tensor_order():
    """MindSpore 2.10 (ms-oracle) takes ``n`` as a 0-D Int32/Int64 Tensor only (rank 1:
    ValueError, Float32: TypeError); an int stays accepted here."""
    x = ms.Tensor(POS)
    for dtype in (ms.int32, ms.int64):
        np.testing.assert_allclose(ops.polygamma(ms.Tensor(2, dtype), x).asnumpy(),
                                   special.polygamma(2, POS), rtol=1e-10)
    with pytest.raises(ValueError, match="polygamma: a Tensor 'n' must be 0-D"):
        ops.polygamma(ms.Tensor([1], ms.int32), x)
    with pytest.raises(TypeError, match="polygamma: a Tensor 'n' must have an integer dtype"):
        ops.polygamma(ms.Tensor(1.0, ms.float32), x)
    with pytest.raises(ValueError, match="polygamma: 'n'"):
        ops.polygamma(ms.Tensor(-1, ms.int64), x)


@pytest.mark.parametrize("name", [u[0] for u in UNARY if u[0] not in ("trunc", "fix", "frac")])
def test_integer_inputs_as_mindspore_takes_them(name):
    """MindSpore 2.10 (ms-oracle, bool/int8/int32/int64/uint8, 1-D and 0-D, the Tensor methods
    too) refuses bool and integer tensors in these float math ops with a TypeError, except
    exp2 (all computed in Float32) and lgamma (Int32 alone); rint is mindcell's own (Float32)."""
    fn = getattr(ops, name)
    for dt in (np.bool_, np.int8, np.int32, np.int64, np.uint8):
        x = ms.Tensor(np.array([1, 0, 3]).astype(dt))
        if name in ("exp2", "rint") or (name == "lgamma" and dt == np.int32):
            out = fn(x)
            assert out.dtype == ms.float32
            np.testing.assert_allclose(out.asnumpy(), fn(x.astype(ms.float32)).asnumpy())
        else:
            with pytest.raises(TypeError, match="^%s: '\\w+' must be a float tensor" % name):
                fn(x)


def test_frac_of_integers_keeps_the_dtype():
    """MindSpore 2.10 (ms-oracle): zeros of an integer tensor's dtype, Int64 zeros for bool."""
    out = ops.frac(ms.Tensor(np.array([-3, 1, 2], np.int8)))
    assert out.dtype == ms.int8 and out.asnumpy().tolist() == [0, 0, 0]
    out = ops.frac(ms.Tensor([True, False]))
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [0, 0]


def test_trunc_keeps_integers_and_bool():
    x = ms.Tensor(np.array([-3, 4], np.int64))
    assert ops.trunc(x).dtype == ms.int64 and ops.trunc(x).asnumpy().tolist() == [-3, 4]
    # MindSpore 2.10 (ms-oracle, 1-D and 0-D): the Bool tensor itself
    out = ops.trunc(ms.Tensor([True, False]))
    assert out.dtype == ms.bool_ and out.asnumpy().tolist() == [True, False]


def test_primitive_classes_equal_functions():
    x = ms.Tensor(PROB)
    for cls, fn in (("Tan", "tan"), ("Sinh", "sinh"), ("Cosh", "cosh"), ("Expm1", "expm1"),
                    ("Erfc", "erfc"), ("Erfinv", "erfinv"), ("Lgamma", "lgamma"),
                    ("Digamma", "digamma"), ("Trunc", "trunc"), ("Rint", "rint")):
        np.testing.assert_array_equal(getattr(ops, cls)()(x).asnumpy(),
                                      getattr(ops, fn)(x).asnumpy())
    np.testing.assert_array_equal(ops.Hypot()(x, x).asnumpy(), ops.hypot(x, x).asnumpy())


@pytest.mark.parametrize("call, exc, match", [
    (lambda: ops.polygamma(-1, ms.Tensor([1.0])), ValueError, "polygamma: 'n'"),
    (lambda: ops.polygamma(1.5, ms.Tensor([1.0])), TypeError, "polygamma: 'n'"),
    (lambda: ops.logit(ms.Tensor([0.5]), eps=0.7), ValueError, "logit: 'eps'"),
    (lambda: ops.logit(ms.Tensor([0.5]), eps="a"), TypeError, "logit: 'eps'"),
    (lambda: ops.hypot(ms.Tensor(np.ones((2, 3))), ms.Tensor(np.ones(4))), ValueError, "hypot"),
    (lambda: ops.tan("x"), TypeError, "tan"),
])
def test_errors_name_the_op(call, exc, match):
    with pytest.raises(exc, match=match):
        call()
