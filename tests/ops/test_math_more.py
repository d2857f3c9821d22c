"""cross, cdist, cosine_similarity, renorm, gcd, lcm, signbit, sinc, inv, positive, DivNoNan,
TruncateDiv/TruncateMod (and div's 'trunc' mode), IsClose, NanToNum against numpy/scipy
references in both modes, float64 gradients against finite differences, and argument errors."""
import numpy as np
import pytest
from scipy.spatial import distance

import mindcell as ms
from mindcell import ops
from mindcell.testing import numeric_grad

from fn_cell import FnCell

RNG = np.random.default_rng(0)
A, B = RNG.standard_normal((4, 3)), RNG.standard_normal((4, 3))
P3, R3 = RNG.standard_normal((2, 5, 3)), RNG.standard_normal((2, 4, 3))


def _renorm_ref(x, p, axis, maxnorm):
    others = tuple(i for i in range(x.ndim) if i != axis)
    norm = (np.abs(x) ** p).sum(axis=others, keepdims=True) ** (1.0 / p)
    return x * np.where(norm > maxnorm, maxnorm / (norm + 1e-7), 1.0)


def _cdist_ref(x, y, p):
    out = [distance.cdist(a, b, "minkowski", p=p) if np.isfinite(p) and p > 0 else
           (distance.cdist(a, b, "chebyshev") if np.isinf(p) else
            distance.cdist(a, b, "hamming") * a.shape[-1]) for a, b in zip(x, y)]
    return np.stack(out)


def _cos_ref(x, y, dim, eps=1e-8):
    w = (x * y).sum(dim)
    return w / np.sqrt(np.maximum((x * x).sum(dim) * (y * y).sum(dim), eps * eps))


CASES = [
    ("cross", lambda a, b: ops.cross(a, b), lambda a, b: np.cross(a, b), (A, B)),
    ("cross-dim0", lambda a, b: ops.cross(a, b, dim=0), lambda a, b: np.cross(a, b, axis=0),
     (A[:3], B[:3])),
    *[("cdist-p%s" % p, lambda a, b, p=p: ops.cdist(a, b, p), lambda a, b, p=p: _cdist_ref(a, b, p),
       (P3, R3)) for p in (0.0, 1.0, 2.0, 3.5, np.inf)],
    ("cdist-2d", lambda a, b: ops.cdist(a, b), lambda a, b: distance.cdist(a, b), (A, B[:2])),
    ("cosine_similarity", lambda a, b: ops.cosine_similarity(a, b),
     lambda a, b: _cos_ref(a, b, 1), (A, B)),
    ("cosine_similarity-dim0", lambda a, b: ops.cosine_similarity(a, b, 0),
     lambda a, b: _cos_ref(a, b, 0), (A, B)),
    ("cosine_similarity-zero", lambda a, b: ops.cosine_similarity(a, b),
     lambda a, b: _cos_ref(a, b, 1), (np.zeros((2, 3)), B[:2])),
    ("renorm", lambda x: ops.renorm(x, 2, 0, 1.0), lambda x: _renorm_ref(x, 2, 0, 1.0), (A,)),
    ("renorm-p1", lambda x: ops.renorm(x, 1, 2, 1.5), lambda x: _renorm_ref(x, 1, 2, 1.5), (P3,)),
    ("sinc", ops.sinc, np.sinc, (np.array([0.0, -0.0, 1.0, -2.5, 1e-9, 3.3, np.inf, np.nan]),)),
    ("inv", ops.inv, lambda x: 1 / x, (A,)),
    ("positive", ops.positive, lambda x: x, (A,)),
    ("DivNoNan", ops.DivNoNan(), lambda a, b: np.where(b == 0, 0.0, a / np.where(b == 0, 1, b)),
     (A, np.where(B > 0.5, 0.0, B))),
    ("DivNoNan-nonzero", ops.DivNoNan(), lambda a, b: a / b, (A, np.where(B < 0, B - 0.3, B + 0.3))),
    ("TruncateDiv", ops.TruncateDiv(), lambda a, b: np.trunc(a / b), (A * 5, B)),
    ("TruncateMod", ops.TruncateMod(), np.fmod, (A * 5, B)),
]


@pytest.mark.parametrize("name, fn, ref, args", CASES, ids=[c[0] for c in CASES])
def test_matches_reference(name, fn, ref, args, mode):
    with np.errstate(all="ignore"):
        want = ref(*args)
    got = FnCell(fn)(*(ms.Tensor(a) for a in args)).asnumpy()
    assert got.shape == want.shape
    # cdist's 1/p is a Python float, a Float32 scalar in MindSpore 2.10 (ms-oracle: p=3.5 is
    # 4e-8 off in float64); p = 1, 2 and inf take no such constant
    rtol = 1e-7 if name == "cdist-p3.5" else 1e-10
    np.testing.assert_allclose(got, want, rtol=rtol, atol=1e-12)


# cosine_similarity-zero sits on the eps clamp's kink and DivNoNan's zeros are jumps: finite
# differences step off them
GRADS = [c for c in CASES if c[0] not in ("cdist-p0.0", "TruncateDiv", "TruncateMod",
                                          "cosine_similarity-zero", "DivNoNan")]


@pytest.mark.parametrize("name, fn, ref, args", GRADS, ids=[c[0] for c in GRADS])
def test_gradients_match_finite_differences(name, fn, ref, args):
    args = [np.where(np.isfinite(a), a, 0.5) + (0.01 if name == "sinc" else 0.0) for a in args]
    w = RNG.standard_normal(np.shape(ref(*args)))
    loss = FnCell(lambda *ts: (fn(*ts) * ms.Tensor(w)).sum())
    got = ops.grad(loss, tuple(range(len(args))))(*(ms.Tensor(a) for a in args))
    got = got if isinstance(got, tuple) else (got,)
    arrays = [a.copy() for a in args]
    for i, g in enumerate(got):
        want = numeric_grad(lambda arr: float((ref(*arr) * w).sum()), arrays, i)
        np.testing.assert_allclose(g.asnumpy(), want, rtol=1e-5, atol=1e-7)


def test_sinc_gradient_at_zero_is_zero():
    g = ops.grad(lambda x: ops.sinc(x).sum())(ms.Tensor([0.0, 0.5]))
    np.testing.assert_allclose(g.asnumpy(), [0.0, (np.cos(np.pi / 2) - np.sinc(0.5)) / 0.5])


def test_cdist_gradient_at_zero_distance_is_finite():
    x = ms.Tensor(A[:2])
    g = ops.grad(lambda a: ops.cdist(a, x).sum())(x)
    assert np.isfinite(g.asnumpy()).all()


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64, np.uint16])
def test_integer_ops_are_exact(dtype, mode):
    info = np.iinfo(dtype)
    big = 2 ** 24 + 1 if info.max > 2 ** 25 else 5  # int64/int32 values a Float32 would round
    a = np.array([12, 18 if info.min == 0 else -18, 0, 7, info.max - 3, big], dtype)
    b = np.array([8, 27, 5, 3 if info.min == 0 else -3, 2, 1], dtype)
    run = FnCell(lambda x, y: (ops.gcd(x, y), ops.lcm(x[:4], y[:4]), ops.TruncateDiv()(x, y),
                               ops.div(x, y, rounding_mode="trunc"), ops.TruncateMod()(x, y)))
    g, l, q, q2, r = (t.asnumpy() for t in run(ms.Tensor(a), ms.Tensor(b)))
    np.testing.assert_array_equal(g, np.gcd(a, b))
    np.testing.assert_array_equal(l, np.lcm(a[:4], b[:4]))
    want_q = np.array([(abs(x) // abs(y)) * (1 if (x < 0) == (y < 0) else -1)
                       for x, y in zip(a.tolist(), b.tolist())], dtype)
    for got in (q, q2):
        assert got.dtype == dtype
        np.testing.assert_array_equal(got, want_q)
    np.testing.assert_array_equal(r, np.fmod(a, b))


def test_signbit():
    # MindSpore 2.10 (ms-oracle, float16/32/64): x < 0, so False at -0.0 and at -NaN
    x = np.array([-0.0, 0.0, -1.5, 2.0, -np.inf, np.inf, -np.nan, np.nan])
    want = [False, False, True, False, True, False, False, False]
    for dtype in (np.float16, np.float32, np.float64):
        assert ops.signbit(ms.Tensor(x.astype(dtype))).asnumpy().tolist() == want
    np.testing.assert_array_equal(ops.signbit(ms.Tensor([-3, 0, 4])).asnumpy(), [True, False, False])
    # bool is never negative: all False, as MindSpore (checked with ms-oracle)
    assert ops.signbit(ms.Tensor([True, False])).asnumpy().tolist() == [False, False]


def test_positive_of_bool_and_inv_of_integers():
    """MindSpore 2.10 (ms-oracle): positive(bool) is the input; inv of int16/32/64 is 1 / x
    truncated toward zero in the input's dtype."""
    b = ms.Tensor([True, False])
    assert ops.positive(b) is b
    for dt in (np.int16, np.int32, np.int64):
        out = ops.inv(ms.Tensor(np.array([-3, -1, 1, 2], dt)))
        assert out.dtype == ms.Tensor(np.array([1], dt)).dtype
        assert out.asnumpy().tolist() == [0, -1, 1, 0]


def test_isclose_and_nan_to_num_classes():
    x = ms.Tensor([1.0, np.nan, np.inf, -np.inf, 2.0])
    y = ms.Tensor([1.0 + 1e-9, np.nan, np.inf, np.inf, 2.1])
    assert ops.IsClose()(x, y).asnumpy().tolist() == [True, False, True, False, False]
    assert ops.IsClose(equal_nan=True)(x, y).asnumpy().tolist()[1] is True
    assert ops.IsClose(rtol=0.1)(x, y).asnumpy().tolist()[4] is True
    out = ops.NanToNum(nan=1.0, posinf=5.0, neginf=-5.0)(x).asnumpy()
    np.testing.assert_array_equal(out, [1.0, 1.0, 5.0, -5.0, 2.0])


def test_classes_and_methods_equal_functions():
    a, b, c = (ms.Tensor(v) for v in (A, B, np.abs(B) + 0.5))
    pairs = [
        (ops.Addcmul()(a, b, c, ms.Tensor(0.5)), ops.addcmul(a, b, c, 0.5), a.addcmul(b, c, 0.5)),
        (ops.Addcdiv()(a, b, c, ms.Tensor(2.0)), ops.addcdiv(a, b, c, 2.0), a.addcdiv(b, c, 2.0)),
        (ops.Xlogy()(a, c), ops.xlogy(a, c), a.xlogy(c)),
        (ops.Lerp()(a, b, 0.3), ops.lerp(a, b, 0.3), a.lerp(b, 0.3)),
        (ops.Inv()(c), ops.inv(c), c.inv()), (ops.cross(a, b), a.cross(b), a.cross(b, -1)),
        (ops.Cdist(1.0)(a, b), ops.cdist(a, b, 1.0), ops.cdist(a, b, p=1)),
        (ops.renorm(a, 2, 1, 0.5), a.renorm(2, 1, 0.5), a.renorm(p=2, axis=1, maxnorm=0.5)),
        (ops.Invert()(ms.Tensor([1, -2])), ops.invert(ms.Tensor([1, -2])), ~ms.Tensor([1, -2])),
    ]
    for first, *rest in pairs:
        for other in rest:
            np.testing.assert_array_equal(first.asnumpy(), other.asnumpy())


@pytest.mark.parametrize("call, exc, match", [
    (lambda: ops.cross(ms.Tensor(A), ms.Tensor(B), dim=0), ValueError, "cross: dimension"),
    (lambda: ops.cross(ms.Tensor(np.ones((2, 2))), ms.Tensor(np.ones((2, 2)))), ValueError,
     "cross: no dimension of size 3"),
    (lambda: ops.cross(ms.Tensor(A), ms.Tensor(np.ones((5, 3)))), ValueError, "cross"),
    (lambda: ops.cdist(ms.Tensor(A), ms.Tensor(np.ones((2, 4)))), ValueError, "cdist"),
    (lambda: ops.cdist(ms.Tensor(A), ms.Tensor(B), p=-1.0), ValueError, "cdist: 'p'"),
    (lambda: ops.cdist(ms.Tensor(A[0]), ms.Tensor(B[0])), ValueError, "cdist"),
    (lambda: ops.cdist(ms.Tensor([[1, 2]]), ms.Tensor([[1, 2]])), TypeError, "cdist: 'x1'"),
    (lambda: ops.cosine_similarity(ms.Tensor(A), ms.Tensor(B), eps=-1.0), ValueError,
     "cosine_similarity: 'eps'"),
    (lambda: ops.renorm(ms.Tensor(A), 0, 0, 1.0), ValueError, "renorm: 'p'"),
    (lambda: ops.renorm(ms.Tensor(A), 2, 0, -1.0), ValueError, "renorm: 'maxnorm'"),
    (lambda: ops.gcd(ms.Tensor(A), ms.Tensor(B)), TypeError, "gcd: 'input' and 'other'"),
    (lambda: ops.lcm(ms.Tensor([1]), "a"), TypeError, "lcm"),
    (lambda: ops.signbit("x"), TypeError, "signbit"),
    (lambda: ops.positive([1.0]), TypeError, "positive"),
    (lambda: ops.inv(ms.Tensor(np.array([1], np.int8))), TypeError, "inv: 'x'"),
    (lambda: ops.sinc("x"), TypeError, "sinc"),
    (lambda: ops.IsClose(rtol=-1.0), ValueError, "IsClose: 'rtol'"),
    (lambda: ops.IsClose(equal_nan=1), TypeError, "IsClose: 'equal_nan'"),
    (lambda: ops.NanToNum(nan="a"), TypeError, "NanToNum: 'nan'"),
    (lambda: ops.Cdist(p="2"), TypeError, "Cdist: 'p'"),
])
def test_errors_name_the_op(call, exc, match):
    with pytest.raises(exc, match=match):
        call()


def test_promotion_rules_checked_against_mindspore():
    """MindSpore 2.10 (ms-oracle): bool // bool and bool fmod/remainder bool stay Bool (a // False
    is a, a % False is a); any of UInt8 is UInt8 0/1; copysign takes input's float dtype (Float32
    for integers and BFloat16), whatever other's; xlogy makes a Python number a Float32 tensor."""
    a, b = ms.Tensor([True, True, False, False]), ms.Tensor([True, False, True, False])
    for fn in (ops.floor_div, ops.floor_divide):
        out = fn(a, b)
        assert out.dtype == ms.bool_ and out.asnumpy().tolist() == [True, True, False, False]
    for fn in (ops.fmod, ops.remainder):
        out = fn(a, b)
        assert out.dtype == ms.bool_ and out.asnumpy().tolist() == [False, True, False, False]
    assert ops.floor_div(a, 2).dtype == ms.int64
    u = ms.Tensor(np.array([[0, 0], [0, 3]], np.uint8))
    assert ops.any(u).dtype == ms.uint8 and ops.any(u, 1).asnumpy().tolist() == [0, 1]
    assert ops.all(u).dtype == ms.bool_
    f16, f64 = ms.Tensor(np.array([1.5, -2.0], np.float16)), ms.Tensor(np.array([-1.0, 1.0]))
    out = ops.copysign(f16, f64)
    assert out.dtype == ms.float16 and out.asnumpy().tolist() == [-1.5, 2.0]
    assert ops.copysign(f64, ms.Tensor(np.array([-1, 1], np.float32))).dtype == ms.float64
    assert ops.copysign(ms.Tensor(np.array([1, 2], np.int64)), f64).dtype == ms.float32
    with pytest.raises(TypeError, match="copysign"):
        ops.copysign(-2, f16)
    assert ops.xlogy(f16, 2).dtype == ms.float32 and ops.xlogy(2, f64).dtype == ms.float64
    np.testing.assert_allclose(ops.xlogy(f16, 2.0).asnumpy(), [1.5 * np.log(2.0), -2 * np.log(2.0)],
                               rtol=1e-6)
    assert ops.xlogy(f16, ms.Tensor(np.array([1, 2], np.int32))).dtype == ms.float16
