"""Reductions against numpy in float64: every axis form (int, negative, tuple, list, None, ()),
keep_dims, 0-d inputs, float16 accumulated in float32, MindSpore's integer result dtypes, and
GRAPH_MODE agreeing with PYNATIVE_MODE."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import ops, nn, Tensor
from mindcell.testing import assert_modes_agree


def _np_axis(axis):
    if axis is None or axis == ():
        return None
    return tuple(axis) if isinstance(axis, list) else axis


def _lse(x, axis, keepdims):
    return np.log(np.exp(x).sum(axis=axis, keepdims=keepdims))


# name -> (mindcell call, numpy reference); both take (x, axis, keepdims)
REDUCTIONS = {
    "sum": (lambda x, a, k: ops.sum(x, a, k), lambda x, a, k: x.sum(a, keepdims=k)),
    "reduce_sum": (lambda x, a, k: ops.reduce_sum(x, a, k), lambda x, a, k: x.sum(a, keepdims=k)),
    "mean": (lambda x, a, k: ops.mean(x, a, k), lambda x, a, k: x.mean(a, keepdims=k)),
    "reduce_mean": (lambda x, a, k: ops.reduce_mean(x, a, k),
                    lambda x, a, k: x.mean(a, keepdims=k)),
    "amax": (lambda x, a, k: ops.amax(x, a, k), lambda x, a, k: x.max(a, keepdims=k)),
    "amin": (lambda x, a, k: ops.amin(x, a, k), lambda x, a, k: x.min(a, keepdims=k)),
    "prod": (lambda x, a, k: ops.prod(x, a, k), lambda x, a, k: x.prod(a, keepdims=k)),
    "var": (lambda x, a, k: ops.var(x, a, 0, k), lambda x, a, k: x.var(a, keepdims=k)),
    "std": (lambda x, a, k: ops.std(x, a, 0, k), lambda x, a, k: x.std(a, keepdims=k)),
    "norm": (lambda x, a, k: ops.norm(x, None, a, k),
             lambda x, a, k: np.sqrt((x * x).sum(a, keepdims=k))),
    "logsumexp": (lambda x, a, k: ops.logsumexp(x, () if a is None else a, k), _lse),
    "all": (lambda x, a, k: ops.all(x > 0, a, k), lambda x, a, k: (x > 0).all(a, keepdims=k)),
    "any": (lambda x, a, k: ops.any(x > 1, a, k), lambda x, a, k: (x > 1).any(a, keepdims=k)),
    "ReduceMean": (lambda x, a, k: ops.ReduceMean(k)(x, () if a is None else a),
                   lambda x, a, k: x.mean(a, keepdims=k)),
    "ReduceSum": (lambda x, a, k: ops.ReduceSum(k)(x, () if a is None else a),
                  lambda x, a, k: x.sum(a, keepdims=k)),
}
TOL = {np.float16: 2e-3, np.float32: 1e-5, np.float64: 1e-12}


@st.composite
def shape_and_axis(draw):
    shape = tuple(draw(st.lists(st.integers(1, 4), min_size=0, max_size=3)))
    nd = len(shape)
    if nd == 0:
        return shape, draw(st.sampled_from([None, (), 0, -1]))
    axes = draw(st.lists(st.integers(0, nd - 1), min_size=1, max_size=nd, unique=True))
    signed = [a - nd if draw(st.booleans()) else a for a in axes]
    form = draw(st.sampled_from(["int", "tuple", "list", "none", "empty"]))
    axis = {"int": signed[0], "tuple": tuple(signed), "list": list(signed), "none": None,
            "empty": ()}[form]
    return shape, axis


@settings(max_examples=200, deadline=None)
@given(shape_and_axis(), st.booleans(), st.sampled_from(sorted(REDUCTIONS)),
       st.sampled_from([np.float16, np.float32, np.float64]), st.integers(0, 2 ** 16))
def test_reductions_match_numpy(shape_axis, keepdims, name, dtype, seed):
    shape, axis = shape_axis
    x = np.random.default_rng(seed).uniform(0.5, 2.0, shape).astype(dtype)
    fn, ref = REDUCTIONS[name]
    got = fn(Tensor(x), axis, keepdims)
    np_axis = None if len(shape) == 0 else _np_axis(axis)
    want = np.asarray(ref(x.astype(np.float64), np_axis, keepdims))
    assert got.shape == want.shape, (name, shape, axis)
    if want.dtype == np.bool_:
        assert got.dtype == ms.bool_
        np.testing.assert_array_equal(got.asnumpy(), want)
        return
    assert got.asnumpy().dtype == dtype, name  # float results keep the input's float dtype
    np.testing.assert_allclose(got.asnumpy().astype(np.float64), want, rtol=TOL[dtype],
                               atol=TOL[dtype])


@settings(max_examples=60, deadline=None)
@given(shape_and_axis(), st.booleans(), st.integers(0, 2 ** 16))
def test_argmax_argmin_match_numpy(shape_axis, keepdims, seed):
    shape, axis = shape_axis
    if isinstance(axis, (tuple, list)):
        axis = None if len(axis) != 1 else axis[0]
    x = np.random.default_rng(seed).permutation(int(np.prod(shape))).reshape(shape)
    x = x.astype(np.float32)
    np_axis = None if len(shape) == 0 else axis
    for fn, ref in ((ops.argmax, np.argmax), (ops.argmin, np.argmin)):
        got = fn(Tensor(x), axis, keepdims).asnumpy()
        want = ref(x, axis=np_axis, keepdims=keepdims)
        np.testing.assert_array_equal(got, want)


def test_reduce_mean_int_axis_is_not_the_total_size():
    x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
    np.testing.assert_array_equal(ops.reduce_mean(x, 0).asnumpy(), [2.0, 3.0])
    np.testing.assert_array_equal(ops.reduce_mean(x, -1).asnumpy(), [1.5, 3.5])


N16 = 70000  # more than float16's largest finite value (65504)
HALF = [
    ("mean", lambda t: ops.mean(t), lambda a: a.mean()),
    ("reduce_mean", lambda t: ops.reduce_mean(t, 0), lambda a: a.mean(0)),
    ("var", lambda t: ops.var(t), lambda a: a.var()),
    ("std", lambda t: ops.std(t), lambda a: a.std()),
    ("norm_scaled", lambda t: ops.norm(t * 0.001), lambda a: np.sqrt(((a * 0.001) ** 2).sum())),
    ("logsumexp", lambda t: ops.logsumexp(t, 0), lambda a: np.log(np.exp(a).sum())),
    ("mse_loss", lambda t: ops.mse_loss(t, ops.zeros_like(t)), lambda a: (a * a).mean()),
    ("softmax_last", lambda t: ops.softmax(t.reshape(1, -1))[0, :3],
     lambda a: (np.exp(a - a.max()) / np.exp(a - a.max()).sum())[:3]),
    ("log_softmax_last", lambda t: ops.log_softmax(t.reshape(1, -1))[0, :3],
     lambda a: (a - a.max() - np.log(np.exp(a - a.max()).sum()))[:3]),
    ("avg_pool2d", lambda t: ops.avg_pool2d(t[:N16 // 280 * 280].reshape(1, 1, 280, -1),
                                            (280, N16 // 280)),
     lambda a: a[:N16 // 280 * 280].mean()),
    ("cross_entropy", lambda t: ops.cross_entropy(
        t.reshape(-1, 2), Tensor(np.zeros(N16 // 2, np.int32))),
     lambda a: np.mean(np.log(np.exp(a.reshape(-1, 2)).sum(1)) - a.reshape(-1, 2)[:, 0])),
    ("layer_norm", lambda t: ops.layer_norm(t.reshape(1, -1), (N16,))[0, :3],
     lambda a: ((a - a.mean()) / np.sqrt(a.var() + 1e-5))[:3]),
    ("sum_chunks", lambda t: ops.sum(t.reshape(10, -1), 1) / 7000.0,
     lambda a: a.reshape(10, -1).sum(1) / 7000.0),
]


@pytest.mark.parametrize("name,fn,ref", HALF, ids=[h[0] for h in HALF])
def test_float16_accumulates_in_float32(name, fn, ref):
    a = np.random.default_rng(0).uniform(0.5, 1.5, N16).astype(np.float16)
    got = fn(Tensor(a))
    want = np.asarray(ref(a.astype(np.float64)))
    assert got.dtype == ms.float16
    out = got.asnumpy().astype(np.float64)
    assert np.all(np.isfinite(out)), name
    np.testing.assert_allclose(out, want, rtol=2e-3, atol=2e-3)


def test_float16_sum_beyond_range_is_inf_not_nan():
    out = ops.sum(ops.ones((N16,), ms.float16)).asnumpy()
    assert out.dtype == np.float16 and np.isposinf(out)


@pytest.mark.parametrize("dtype", [np.bool_, np.int8, np.uint8, np.int16, np.int32, np.int64])
def test_integer_result_dtypes(dtype):
    x = np.array([[1, 0, 1], [1, 1, 1]], dtype)
    s = ops.sum(Tensor(x))
    assert s.dtype == ms.int64 and int(s.asnumpy()) == 5  # ints and bools sum in Int64
    if dtype is not np.bool_:
        m = ops.mean(Tensor(x), 1)  # integer mean keeps the dtype (floored)
        assert m.asnumpy().dtype == dtype
        np.testing.assert_array_equal(m.asnumpy(), [0, 1])
    if dtype not in (np.bool_, np.int64):  # narrow ints cannot wrap: they sum in Int64
        big = np.full((300,), np.iinfo(dtype).max, dtype)
        assert int(ops.sum(Tensor(big)).asnumpy()) == 300 * int(np.iinfo(dtype).max)


def test_logsumexp_of_uint8_computes_in_float():
    x = np.array([200, 250, 3], np.uint8)
    got = ops.logsumexp(Tensor(x), 0).asnumpy()
    want = np.log(np.exp(x.astype(np.float64) - 250).sum()) + 250
    np.testing.assert_allclose(got, want, rtol=1e-6)


def test_logsumexp_infinite_rows():
    x = np.array([[-np.inf, -np.inf], [1.0, np.inf], [0.0, 0.0]], np.float32)
    with np.errstate(divide="ignore", invalid="ignore"):
        got = ops.logsumexp(Tensor(x), 1).asnumpy()
    np.testing.assert_allclose(got, [-np.inf, np.inf, np.log(2.0)], rtol=1e-6)


class _Reduce(nn.Cell):
    def construct(self, x):
        return (ops.reduce_mean(x, 0), ops.sum(x, -1, True), ops.var(x, [0, 1]),
                ops.logsumexp(x, (0, 2)), ops.norm(x, None, -2), ops.amax(x, 1))


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_graph_mode_agrees(dtype):
    x = np.random.default_rng(1).uniform(0.5, 2.0, (3, 4, 5)).astype(dtype)
    tol = 1e-5 if dtype == np.float32 else 2e-3
    assert_modes_agree(_Reduce(), Tensor(x), grads=dtype == np.float32, rtol=tol, atol=tol)
