"""Sorts over every int/uint/float dtype with extreme values in both directions (stable; NaN is
the largest value), and pooling in every pad mode against a window-by-window numpy reference,
in both execution modes and with float64 finite-difference gradients."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from mindcell import ops, nn, Tensor
from mindcell.testing import assert_modes_agree, numeric_grad

from op_db import pool2d_ref, same_pads

INTS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOATS = [np.float16, np.float32, np.float64]


def _extremes(dtype):
    if np.dtype(dtype).kind == "f":
        fi = np.finfo(dtype)
        return [np.nan, -np.inf, np.inf, fi.min, fi.max, -0.0, 0.0, 1.0, -1.0, fi.tiny]
    ii = np.iinfo(dtype)
    return [ii.min, ii.max, ii.min + 1, ii.max - 1, 0, 1, ii.max // 2]


def _ref_order(row, descending):
    """Stable order of a 1-D array; NaN sorts as larger than +inf."""
    key = [(bool(np.isnan(v)) if row.dtype.kind == "f" else False, v) for v in row]
    if descending:  # Python's sort stays stable under reverse=True
        return sorted(range(len(row)), key=lambda i: key[i], reverse=True)
    return sorted(range(len(row)), key=lambda i: key[i])


@settings(max_examples=120, deadline=None)
@given(st.sampled_from(INTS + FLOATS), st.booleans(), st.integers(1, 12), st.integers(0, 2 ** 16))
def test_sort_argsort_topk_match_reference(dtype, descending, n, seed):
    rng = np.random.default_rng(seed)
    pool = np.array(_extremes(dtype), dtype)
    row = pool[rng.integers(0, len(pool), n)]  # repeats test stability
    x = np.stack([row, row[::-1]])
    values, indices = ops.sort(Tensor(x), -1, descending)
    want = np.stack([_ref_order(r, descending) for r in x])
    np.testing.assert_array_equal(indices.asnumpy(), want)
    np.testing.assert_array_equal(values.asnumpy(), np.take_along_axis(x, want, 1))
    np.testing.assert_array_equal(ops.argsort(Tensor(x), -1, descending).asnumpy(), want)
    k = int(rng.integers(0, n + 1))
    tv, ti = ops.topk(Tensor(x), k, -1, descending)
    np.testing.assert_array_equal(ti.asnumpy(), want[:, :k])
    np.testing.assert_array_equal(tv.asnumpy(), np.take_along_axis(x, want[:, :k], 1))


@pytest.mark.parametrize("dtype", [np.uint8, np.int32, np.float32])
def test_sort_graph_mode_agrees(dtype):
    x = np.array([_extremes(dtype)[:6]] * 2, dtype)

    def f(t):
        return ops.sort(t, -1, True) + ops.topk(t, 3, -1, False)

    assert_modes_agree(f, Tensor(x), grads=False)


def test_sort_gradient_routes_to_sorted_positions():
    x = Tensor(np.array([3.0, 1.0, 2.0]))
    g = ops.grad(lambda t: (ops.sort(t, -1, True)[0] * Tensor(np.array([1.0, 10.0, 100.0])))
                 .sum())(x)
    np.testing.assert_array_equal(g.asnumpy(), [1.0, 100.0, 10.0])


@st.composite
def pool_case(draw):
    k = draw(st.tuples(st.integers(1, 4), st.integers(1, 4)))
    s = draw(st.tuples(st.integers(1, 3), st.integers(1, 3)))
    h, w = draw(st.integers(k[0], 8)), draw(st.integers(k[1], 8))
    mode = draw(st.sampled_from(["valid", "same", "pad"]))
    pad = draw(st.tuples(st.integers(0, k[0] // 2), st.integers(0, k[1] // 2))) \
        if mode == "pad" else 0
    return dict(k=k, s=s, h=h, w=w, mode=mode, pad=pad, ceil=draw(st.booleans()),
                include=draw(st.booleans()), divisor=draw(st.sampled_from([None, 2, 5])))


def _pads(c):
    if c["mode"] == "same":
        return same_pads(c["h"], c["k"][0], c["s"][0]) + same_pads(c["w"], c["k"][1], c["s"][1])
    if c["mode"] == "pad":
        return (c["pad"][0],) * 2 + (c["pad"][1],) * 2
    return (0, 0, 0, 0)


def _cells(c):
    avg = nn.AvgPool2d(c["k"], c["s"], c["mode"], c["pad"], c["ceil"], c["include"],
                       c["divisor"])
    mx = nn.MaxPool2d(c["k"], c["s"], c["mode"], c["pad"], ceil_mode=_max_ceil(c))
    return avg, mx


def _max_ceil(c):
    """MaxPool's ceil_mode needs pad_mode='pad' (MindSpore's rule; AvgPool takes it anywhere)."""
    return c["ceil"] and c["mode"] == "pad"


def _refs(x, c):
    include = c["include"] and c["mode"] != "same"  # MindSpore never counts 'same' padding
    return (pool2d_ref(x, "avg", c["k"], c["s"], _pads(c), c["ceil"], include, c["divisor"]),
            pool2d_ref(x, "max", c["k"], c["s"], _pads(c), _max_ceil(c)))


@settings(max_examples=150, deadline=None)
@given(pool_case(), st.integers(0, 2 ** 16))
def test_pool2d_cells_match_reference(c, seed):
    x = np.random.default_rng(seed).standard_normal((2, 3, c["h"], c["w"]))
    for cell, want in zip(_cells(c), _refs(x, c)):
        for dtype, tol in ((np.float64, 1e-12), (np.float32, 1e-5)):
            got = cell(Tensor(x.astype(dtype))).asnumpy()
            assert got.shape == want.shape, (c, type(cell).__name__)
            np.testing.assert_allclose(got, want, rtol=tol, atol=tol)


@pytest.mark.parametrize("k,s,mode,pad,ceil,include", [
    (3, 2, "pad", 1, True, True), (3, 2, "pad", 1, True, False), (2, 3, "valid", 0, True, True),
    (3, 2, "same", 0, False, True), (4, 3, "pad", 2, False, False)])
def test_pool1d_cells_match_reference(k, s, mode, pad, ceil, include):
    x = np.random.default_rng(0).standard_normal((2, 3, 9))
    pads = (0, 0) + (same_pads(9, k, s) if mode == "same" else (pad, pad))
    avg = nn.AvgPool1d(k, s, mode, pad, ceil, include)(Tensor(x)).asnumpy()
    max_ceil = ceil and mode == "pad"  # MindSpore's rule for MaxPool1d
    if ceil and not max_ceil:
        with pytest.raises(ValueError, match="MaxPool1d: .*'ceil_mode' can only be set"):
            nn.MaxPool1d(k, s, mode, pad, ceil_mode=ceil)
    mx = nn.MaxPool1d(k, s, mode, pad, ceil_mode=max_ceil)(Tensor(x)).asnumpy()
    x4 = x[:, :, None, :]
    want_avg = pool2d_ref(x4, "avg", (1, k), (1, s), pads, ceil, include and mode != "same")
    np.testing.assert_allclose(avg, want_avg[:, :, 0], rtol=1e-12)
    np.testing.assert_allclose(mx, pool2d_ref(x4, "max", (1, k), (1, s), pads,
                                              max_ceil)[:, :, 0])


@pytest.mark.parametrize("pad_mode,size", [("same", 5), ("valid", 5), ("same", 6)])
def test_pool_primitives_pad_modes(pad_mode, size):
    x = np.random.default_rng(0).standard_normal((1, 2, size, size)).astype(np.float32)
    pads = same_pads(size, 3, 2) * 2 if pad_mode == "same" else (0, 0, 0, 0)
    avg = ops.AvgPool(3, 2, pad_mode)(Tensor(x)).asnumpy()
    mx = ops.MaxPool(3, 2, pad_mode)(Tensor(x)).asnumpy()
    want = pool2d_ref(x.astype(np.float64), "avg", (3, 3), (2, 2), pads, False, False)
    if pad_mode == "same":
        assert avg.shape[2:] == (-(-size // 2),) * 2
    np.testing.assert_allclose(avg, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(mx, pool2d_ref(x, "max", (3, 3), (2, 2), pads), rtol=1e-6)


GRAD_CASES = [dict(k=(3, 3), s=(2, 2), h=6, w=5, mode="pad", pad=(1, 1), ceil=True, include=True,
                   divisor=None),
              dict(k=(3, 2), s=(2, 2), h=5, w=5, mode="same", pad=0, ceil=False, include=True,
                   divisor=None),
              dict(k=(2, 2), s=(2, 1), h=5, w=4, mode="valid", pad=0, ceil=True, include=False,
                   divisor=3)]


@pytest.mark.parametrize("c", GRAD_CASES, ids=["ceil_pad", "same", "divisor"])
def test_pool_gradients_and_graph_mode(c):
    x = np.random.default_rng(1).permutation(2 * c["h"] * c["w"]).reshape(1, 2, c["h"], c["w"])
    x = x / 7.0
    for cell in _cells(c):
        probe = np.random.default_rng(2).standard_normal(cell(Tensor(x)).shape)

        def scalar(t, cell=cell, probe=probe):
            return (cell(t) * Tensor(probe)).sum()

        got = ops.grad(scalar)(Tensor(x)).asnumpy()
        want = numeric_grad(lambda a: float(scalar(Tensor(a[0])).asnumpy()), [x.copy()], 0)
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
        assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_fast_gelu_formula_and_gradient():
    x = np.linspace(-12, 12, 49)
    want = x / (1 + np.exp(-1.702 * np.abs(x))) * np.exp(0.851 * (x - np.abs(x)))
    for f in (ops.fast_gelu, ops.FastGeLU(), nn.FastGelu()):
        np.testing.assert_allclose(f(Tensor(x)).asnumpy(), want, rtol=1e-12, atol=1e-300)
    sig = 1 / (1 + np.exp(-1.702 * x))
    dwant = sig + 1.702 * x * sig * (1 - sig)
    np.testing.assert_allclose(ops.grad(lambda t: ops.fast_gelu(t).sum())(Tensor(x)).asnumpy(),
                               dwant, rtol=1e-10, atol=1e-12)
    assert_modes_agree(nn.FastGelu(), Tensor(x.astype(np.float32)))
