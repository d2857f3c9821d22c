"""mindcell.numpy's size, isscalar and index tables (tril/triu_indices(_from), diag_indices,
indices) against numpy, their argument errors, and GRAPH_MODE runs of more_ops/more_arrays
functions whose arguments are Python values (windows, index tables)."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.numpy as mnp
from mindcell import nn


def _pair(got, want):
    assert isinstance(got, tuple) and len(got) == len(want)
    for g, w in zip(got, want):
        assert str(g.dtype) == "Int32"
        np.testing.assert_array_equal(g.asnumpy(), w)


def test_size():
    x = mnp.ones((2, 3, 4))
    assert mnp.size(x) == 24 and mnp.size(x, -1) == 4 and mnp.size([[1, 2]]) == 2
    assert mnp.size(3) == 1 and isinstance(mnp.size(x), int)
    with pytest.raises(ValueError, match="size"):
        mnp.size(x, 3)
    with pytest.raises(TypeError, match="size"):
        mnp.size(x, 1.0)


def test_isscalar():
    yes = [1, 1.5, True, "a", b"a", np.float32(1), np.int8(2)]
    no = [ms.Tensor(1), [1], None, np.array(1), 1j, np.complex64(1)]
    assert all(mnp.isscalar(v) for v in yes)
    assert not any(mnp.isscalar(v) for v in no)


@pytest.mark.parametrize("n,k,m", [(3, 0, None), (4, 1, 3), (3, -1, 5), (2, 3, None)])
def test_triangle_indices(n, k, m):
    _pair(mnp.tril_indices(n, k, m), np.tril_indices(n, k, m))
    _pair(mnp.triu_indices(n, k, m), np.triu_indices(n, k, m))
    a = np.zeros((n, m or n))
    _pair(mnp.tril_indices_from(ms.Tensor(a), k), np.tril_indices_from(a, k))
    _pair(mnp.triu_indices_from(ms.Tensor(a), k), np.triu_indices_from(a, k))


def test_triangle_indices_errors():
    with pytest.raises(TypeError, match="tril_indices"):
        mnp.tril_indices(ms.Tensor(3))
    with pytest.raises(ValueError, match="triu_indices_from"):
        mnp.triu_indices_from(mnp.ones(3))


def test_diag_indices_and_indices():
    _pair(mnp.diag_indices(4, 3), np.diag_indices(4, 3))
    with pytest.raises(TypeError, match="diag_indices"):
        mnp.diag_indices(2.0)
    for sparse in (False, True):
        got = mnp.indices((2, 3, 2), sparse=sparse)
        want = np.indices((2, 3, 2), sparse=sparse)
        assert isinstance(got, list) and len(got) == 3
        for g, w in zip(got, want):
            assert str(g.dtype) == "Int32"
            np.testing.assert_array_equal(g.asnumpy(), w)
    assert str(mnp.indices((2,), dtype=ms.float32)[0].dtype) == "Float32"
    with pytest.raises(TypeError, match="indices"):
        mnp.indices(3)
    with pytest.raises(ValueError, match="indices"):
        mnp.indices((2, 0))


def test_split_and_argument_errors():
    with pytest.raises(ValueError, match="split"):
        mnp.dsplit(mnp.ones((1, 3, 4)), 3)
    with pytest.raises(ValueError, match="dsplit"):
        mnp.dsplit(mnp.ones((3, 4)), 2)
    assert isinstance(mnp.dsplit(mnp.ones((1, 1, 4)), 2), tuple)
    assert isinstance(mnp.dsplit(mnp.ones((1, 1, 4)), [1]), list)
    with pytest.raises(TypeError, match="bitwise_and"):
        mnp.bitwise_and(mnp.ones(2), 1)
    with pytest.raises(NotImplementedError, match="gcd"):
        mnp.gcd(mnp.ones(2), 2)
    with pytest.raises(TypeError, match="float_power"):
        mnp.float_power(mnp.ones(2), 2)
    with pytest.raises(TypeError, match="hanning"):
        mnp.hanning(True)


class _Windows(nn.Cell):
    def construct(self, x):
        rows, cols = mnp.triu_indices(3, 1)
        return (mnp.hamming(5) * x, mnp.bartlett(4), rows + cols,
                mnp.bitwise_xor(mnp.invert(mnp.array([1, 2, 3])), 6))


def test_graph_mode_equals_pynative():
    x = ms.Tensor(np.float32(2.0))
    eager = [t.asnumpy() for t in _Windows()(x)]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = [t.asnumpy() for t in _Windows()(x)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, g in zip(eager, graph):
        np.testing.assert_array_equal(e, g)
    np.testing.assert_allclose(eager[0], 2 * np.hamming(5), rtol=1e-6, atol=1e-7)
    np.testing.assert_array_equal(eager[3], np.bitwise_xor(np.invert([1, 2, 3]), 6))


def test_promote_types_result_type_array_str():
    assert mnp.promote_types(ms.int8, ms.uint8) == ms.int16
    assert mnp.promote_types("float32", ms.int8) == ms.float32
    assert mnp.result_type(mnp.array([1, 2]), 1.5) == ms.float32
    assert mnp.result_type(ms.Tensor(np.array([1], np.int8)), 300) == ms.int32
    with pytest.raises(TypeError, match="result_type"):
        mnp.result_type([1, 2])
    with pytest.raises(TypeError, match="promote_types"):
        mnp.promote_types([1], ms.int8)
    assert mnp.array_str(mnp.array([[1, 5], [4, 0]])) == "[[1 5]\n [4 0]]"
    with pytest.raises(TypeError, match="array_str"):
        mnp.array_str([1, 2])


def test_nan_reductions_of_nan_slices_are_nan():
    x = mnp.array([[np.nan, np.nan], [1.0, np.nan]])
    np.testing.assert_array_equal(np.isnan(mnp.nanmax(x, 1).asnumpy()), [True, False])
    np.testing.assert_array_equal(np.isnan(mnp.nanmin(x, 0).asnumpy()), [False, True])
    np.testing.assert_allclose(mnp.nanvar(mnp.array([True, False])).asnumpy(), 0.25)


def test_argwhere():
    a = np.array([[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]])
    got = mnp.argwhere(ms.Tensor(a))
    assert str(got.dtype) == "Int64"
    np.testing.assert_array_equal(got.asnumpy(), np.argwhere(a))
    assert mnp.argwhere(mnp.zeros((2, 2))).shape == (0, 2)
    with pytest.raises(ValueError, match="argwhere"):
        mnp.argwhere(ms.Tensor(3))


def test_unravel_and_ravel_multi_index():
    got = mnp.unravel_index(ms.Tensor(np.array([1, 5, 7, 17], np.int32)), (2, 3, 3))
    want = np.unravel_index([1, 5, 7, 17], (2, 3, 3))
    _pair(got, want)
    _pair(mnp.unravel_index(ms.Tensor(np.array([1, 5], np.int32)), (2, 4), "F"),
          np.unravel_index([1, 5], (2, 4), order="F"))
    flat = mnp.ravel_multi_index(([1, 0, 1], [2, 3, 0]), (2, 4))
    assert str(flat.dtype) == "Float32"  # MindSpore 2.10's dtype
    np.testing.assert_array_equal(flat.asnumpy(), np.ravel_multi_index(([1, 0, 1], [2, 3, 0]),
                                                                       (2, 4)))
    np.testing.assert_array_equal(mnp.ravel_multi_index(([1, 5], [2, -3]), (2, 4), "wrap")
                                  .asnumpy(), np.ravel_multi_index(([1, 5], [2, -3]), (2, 4),
                                                                   mode="wrap"))
    with pytest.raises(NotImplementedError, match="ravel_multi_index"):
        mnp.ravel_multi_index(([1], [2]), (2, 4), "raise")
    with pytest.raises(ValueError, match="unravel_index"):
        mnp.unravel_index(1, (2, 4), "X")


def test_ix_and_apply():
    rows, cols = mnp.ix_([0, 1], [2, 0, 1])
    x = np.arange(12).reshape(3, 4)
    np.testing.assert_array_equal(ms.Tensor(x)[rows, cols].asnumpy(), x[np.ix_([0, 1], [2, 0, 1])])
    with pytest.raises(ValueError, match="ix_"):
        mnp.ix_(mnp.ones((2, 2)))
    a = np.arange(24.0).reshape(2, 3, 4)
    got = mnp.apply_along_axis(mnp.diag, 1, ms.Tensor(a))
    np.testing.assert_array_equal(got.asnumpy(), np.apply_along_axis(np.diag, 1, a))
    got = mnp.apply_along_axis(lambda v: v.sum(), 2, ms.Tensor(a))
    np.testing.assert_array_equal(got.asnumpy(), a.sum(2))
    got = mnp.apply_over_axes(mnp.sum, ms.Tensor(a), [0, 2])
    np.testing.assert_array_equal(got.asnumpy(), np.apply_over_axes(np.sum, a, [0, 2]))


def test_bincount_and_grids():
    x = np.array([0, 1, 1, 3, 6])
    got = mnp.bincount(ms.Tensor(x.astype(np.int32)))
    assert str(got.dtype) == "Float32"  # MindSpore 2.10's dtype
    np.testing.assert_array_equal(got.asnumpy(), np.bincount(x))
    w = np.array([0.5, 1.0, 2.0, 1.5, 3.0])
    np.testing.assert_allclose(mnp.bincount(ms.Tensor(x.astype(np.int32)), ms.Tensor(w),
                                            minlength=9).asnumpy(),
                               np.bincount(x, w, minlength=9))
    with pytest.raises(ValueError, match="bincount"):
        mnp.bincount(ms.Tensor(np.array([0, -1], np.int32)))
    with pytest.raises(TypeError, match="bincount"):
        mnp.bincount(mnp.ones(2))
    np.testing.assert_array_equal(mnp.mgrid[0:3, 1:5:2].asnumpy(), np.mgrid[0:3, 1:5:2])
    np.testing.assert_allclose(mnp.mgrid[0:1:4j, 0:2].asnumpy(), np.mgrid[0:1:4j, 0:2],
                               rtol=1e-6)
    for g, w in zip(mnp.ogrid[0:3, 0:1:0.25], np.ogrid[0:3, 0:1:0.25]):
        np.testing.assert_allclose(g.asnumpy(), w, rtol=1e-6)


class _Stats(nn.Cell):
    def construct(self, x):
        return (mnp.cov(x), mnp.interp(x[0], mnp.array([0.0, 1.0, 2.0]),
                                       mnp.array([1.0, 3.0, 2.0])),
                mnp.bincount(mnp.array([0, 2, 2]), length=4) * x[0, 0],
                mnp.digitize(x[1], mnp.array([0.5, 1.5])))


def test_stats_graph_mode_equals_pynative():
    x = ms.Tensor(np.array([[0.2, 1.0, 1.7], [2.0, 1.0, 0.5]], np.float32))
    eager = [t.asnumpy() for t in _Stats()(x)]
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        graph = [t.asnumpy() for t in _Stats()(x)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for e, g in zip(eager, graph):
        np.testing.assert_allclose(e, g, rtol=1e-6)
    np.testing.assert_allclose(eager[0], np.cov(x.asnumpy()), rtol=1e-5)


def test_set_operations():
    a = np.array([[5, 1, 3], [3, 7, 1]])
    b = np.array([3, 1, 2, 1, 9])
    got = mnp.intersect1d(ms.Tensor(a.astype(np.int32)), ms.Tensor(b.astype(np.int32)),
                          return_indices=True)
    want = np.intersect1d(a, b, return_indices=True)
    assert isinstance(got, tuple) and len(got) == 3
    for g, w in zip(got, want):
        assert str(g.dtype) == "Int32"
        np.testing.assert_array_equal(g.asnumpy(), w)
    got = mnp.setdiff1d(ms.Tensor(a.astype(np.float32)), ms.Tensor(b.astype(np.int32)))
    assert str(got.dtype) == "Float32"
    np.testing.assert_array_equal(got.asnumpy(), np.setdiff1d(a, b))
    np.testing.assert_array_equal(mnp.setdiff1d([7, 2, 3], [3], True).asnumpy(), [7, 2])


def test_histogram2d_and_dd():
    rng = np.random.default_rng(3)
    pts = rng.uniform(-1, 2, (40, 3))
    w = rng.uniform(0.5, 1.5, 40)
    hist, edges = mnp.histogramdd(ms.Tensor(pts.astype(np.float32)), (3, 2, 4),
                                  weights=ms.Tensor(w.astype(np.float32)), density=True)
    want, wedges = np.histogramdd(pts.astype(np.float32), (3, 2, 4), weights=w, density=True)
    assert str(hist.dtype) == "Float32" and isinstance(edges, list)
    np.testing.assert_allclose(hist.asnumpy(), want, rtol=1e-4)
    for e, we in zip(edges, wedges):
        np.testing.assert_allclose(e.asnumpy(), we, rtol=1e-5)
    h2, xe, ye = mnp.histogram2d(pts[:, 0].tolist(), pts[:, 1].tolist(), [4, 3],
                                 [[-1, 2], [0, 2]])
    want2, _, _ = np.histogram2d(pts[:, 0], pts[:, 1], [4, 3], [[-1, 2], [0, 2]])
    np.testing.assert_array_equal(h2.asnumpy(), want2)
    with pytest.raises(ValueError, match="histogramdd"):
        mnp.histogramdd(mnp.ones(3), 2)
