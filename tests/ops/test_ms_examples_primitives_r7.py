"""MindSpore 2.10 Primitive classes mindcell lacked (segment reductions, least squares,
triangular solves, index utilities, random samplers ...), built from one record each in
``operations_from_functions``; the expected values were recorded with ms-oracle (MindSpore 2.10
CPU) on these cases (tag exprim7)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, Parameter, ops


def T(a, dt=np.float32):
    return Tensor(np.asarray(a, dt))


A43 = [[2., 1, 5], [3, 5, 1], [1, 1, 1], [4, 0, 2]]
B42 = [[10., 5], [15, 8], [7, 4], [1, 2]]

# name -> (call, expected values, expected dtype)
CASES = {
    "lstsq": (lambda: ops.Lstsq()(T(A43), T(B42)),
              [[-0.559322, 0.171751], [3.093221, 1.415819], [1.68644, 0.698305]], ms.float32),
    "lstsq_wide": (lambda: ops.Lstsq()(T(A43).T, T([[1.], [2], [3]])),
                   [[0.640678], [0.247458], [0.122034], [-0.286441]], ms.float32),
    "lstsq_1d": (lambda: ops.Lstsq()(T(A43), T([1., 2, 3, 4])),
                 [[1.09887], [-0.155367], [-0.144068]], ms.float32),
    "lstsq_f64": (lambda: ops.Lstsq()(T(A43, np.float64), T(B42, np.float64)),
                  [[-0.559322, 0.171751], [3.09322, 1.415819], [1.686441, 0.698305]],
                  ms.float64),
    "msls_l2": (lambda: ops.MatrixSolveLs()(T(A43), T(B42), Tensor(0.5, ms.float64)),
                [[-0.426312, 0.210633], [2.98229, 1.374095], [1.605513, 0.674636]], ms.float32),
    "msls_slow": (lambda: ops.MatrixSolveLs(fast=False)(T(A43), T(B42), Tensor(0.0, ms.float64)),
                  [[-0.559322, 0.171751], [3.093221, 1.415819], [1.68644, 0.698305]],
                  ms.float32),
    "msls_batch": (lambda: ops.MatrixSolveLs()(T([A43, np.multiply(A43, 2)]), T([B42, B42]),
                                                Tensor(0.0, ms.float64)),
                   [[[-0.559322, 0.171751], [3.09322, 1.415819], [1.686441, 0.698305]],
                    [[-0.279661, 0.085876], [1.54661, 0.70791], [0.84322, 0.349153]]],
                   ms.float32),
    "mts_upper_adjoint": (lambda: ops.MatrixTriangularSolve(lower=False, adjoint=True)(
        T([[2., 1], [7, 4]]), T([[1.], [2]])), [[0.5], [0.375]], ms.float32),
    "tridiagonal": (lambda: ops.TridiagonalMatMul()(T([[1., 2, 3]]), T([[4., 5, 6]]),
                                                    T([[7., 8, 9]]),
                                                    T(np.arange(6.).reshape(3, 2))),
                    [[2., 7.], [18., 33.], [42., 57.]], ms.float32),
    "matrix_power_neg": (lambda: ops.MatrixPower(-2)(T([[[2., 1], [1, 1]]])),
                         [[[2., -3.], [-3., 5.]]], ms.float32),
    "matrix_power_0_int": (lambda: ops.MatrixPower(0)(T([[[2, 1], [1, 1]]], np.int32)),
                           [[[1, 0], [0, 1]]], ms.int32),
    "segment_mean_int": (lambda: ops.SegmentMean()(T([1, 2, 4, -5, -2], np.int32),
                                                   T([0, 0, 0, 2, 2], np.int32)),
                         [2, 0, -3], ms.int32),
    "segment_max_int": (lambda: ops.SegmentMax()(T([1, 2, 4, -5, -2], np.int32),
                                                 T([0, 0, 1, 3, 3], np.int64)),
                        [2, 4, 0, -2], ms.int32),
    "segment_prod": (lambda: ops.SegmentProd()(T([2., 3, 4], np.float64), T([0, 2, 2], np.int32)),
                     [2., 1., 12.], ms.float64),
    "segment_sum_2d": (lambda: ops.SegmentSum()(T([[1., 2], [3, 4], [5, 6]]),
                                                T([0, 0, 2], np.int32)),
                       [[4., 6.], [0., 0.], [5., 6.]], ms.float32),
    "masked_scatter": (lambda: ops.MaskedScatter()(T([1., 2, 3, 4]), T([True, False, True, True],
                                                                        np.bool_),
                                                   T([5., 6, 7, 8])), [5., 2., 6., 7.], ms.float32),
    "nth": (lambda: ops.NthElement()(T([[1, 5, 2], [9, 3, 4]], np.int32), 1), [2, 4], ms.int32),
    "nth_reverse": (lambda: ops.NthElement(reverse=True)(T([[1., 5, 2], [9, 3, 4]]), 0),
                    [5., 9.], ms.float32),
    "nth_tensor_n": (lambda: ops.NthElement()(T([1., 5, 2]), Tensor(2, ms.int32)), 5., ms.float32),
    "unravel_scalar": (lambda: ops.UnravelIndex()(Tensor(7, ms.int64), T([3, 4], np.int64)),
                       [1, 3], ms.int64),
    "unravel": (lambda: ops.UnravelIndex()(T([2, 5], np.int32), T([3, 3], np.int32)),
                [[0, 1], [2, 2]], ms.int32),
    "list_diff_values": (lambda: ops.ListDiff(out_idx=ms.int64)(T([4., 1, 3, 1]), T([3.]))[0],
                         [4., 1., 1.], ms.float32),
    "list_diff_idx": (lambda: ops.ListDiff(out_idx=ms.int64)(T([4., 1, 3, 1]), T([3.]))[1],
                      [0, 1, 3], ms.int64),
    "dfvp_2d": (lambda: ops.DataFormatVecPermute()(T([[1, 2], [3, 4], [5, 6], [7, 8]], np.int32)),
                [[1, 2], [7, 8], [3, 4], [5, 6]], ms.int32),
    "dfvp_back": (lambda: ops.DataFormatVecPermute("NCHW", "NHWC")(T([1, 2, 3, 4], np.int64)),
                  [1, 3, 4, 2], ms.int64),
    "histogram_int": (lambda: ops.Histogram(bins=3)(T([1, 2, 5], np.int32)), [2, 0, 1], ms.int32),
    "fill_diagonal_wide": (lambda: ops.FillDiagonal(2.5)(T(np.zeros((2, 3)))),
                           [[2.5, 0, 0], [0, 2.5, 0]], ms.float32),
    "fill_diagonal_3d": (lambda: ops.FillDiagonal(2.5)(T(np.zeros((2, 2, 2)))),
                         [[[2.5, 0], [0, 0]], [[0, 0], [0, 2.5]]], ms.float32),
    "fill_diagonal_wrap_int": (lambda: ops.FillDiagonal(9.7, True)(T(np.ones((5, 2)), np.int64)),
                               [[9, 1], [1, 9], [1, 1], [9, 1], [1, 9]], ms.int64),
    "cumlogsumexp_exclusive": (lambda: ops.CumulativeLogsumexp(exclusive=True)(
        T([[1., 2], [3, 4]], np.float64), Tensor(1)),
        [[-1.7976931348623157e308, 1.0], [-1.7976931348623157e308, 3.0]], ms.float64),
    "cumlogsumexp_reverse": (lambda: ops.CumulativeLogsumexp(reverse=True)(T([1., 2, 3]),
                                                                          Tensor(0)),
                             [3.407606, 3.3132617, 3.], ms.float32),
    "scatter_add_axis": (lambda: ops.ScatterAddWithAxis(1)(T([[1, 2, 3, 4, 5]], np.int32),
                                                           T([[2, 4]], np.int32),
                                                           T([[8, 8]], np.int32)),
                         [[1, 2, 11, 4, 13]], ms.int32),
    "check_numerics": (lambda: ops.CheckNumerics()(T([[0., 1], [2, 3]])), [[0., 1], [2, 3]],
                       ms.float32),
    "identity_n": (lambda: ops.IdentityN()((T([1.]), T([2, 3], np.int32)))[1], [2, 3], ms.int32),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_match_mindspore(name):
    call, expected, dtype = CASES[name]
    out = call()
    assert out.dtype == dtype
    np.testing.assert_allclose(out.asnumpy(), np.asarray(expected, np.float64), rtol=2e-5,
                               atol=1e-5)


# name -> (call, exception type)
ERRORS = {
    "lstsq_slow": (lambda: ops.Lstsq(fast=False)(T(A43), T(B42)), TypeError),
    "lstsq_l2": (lambda: ops.Lstsq(l2_regularizer=0.5)(T(A43), T(B42)), TypeError),
    "check_numerics_nan": (lambda: ops.CheckNumerics()(T([1., np.nan])), RuntimeError),
    "check_numerics_inf": (lambda: ops.CheckNumerics()(T([1., np.inf])), RuntimeError),
    "check_numerics_int": (lambda: ops.CheckNumerics()(T([1, 2], np.int32)), TypeError),
    "segment_unsorted": (lambda: ops.SegmentSum()(T([1., 2, 4]), T([1, 0, 1], np.int32)),
                         ValueError),
    "segment_negative": (lambda: ops.SegmentSum()(T([1., 2, 4]), T([-1, 0, 1], np.int32)),
                         ValueError),
    "segment_short": (lambda: ops.SegmentSum()(T([1., 2, 4]), T([0, 1], np.int32)), ValueError),
    "segment_bool": (lambda: ops.SegmentSum()(T([True, False], np.bool_), T([0, 1], np.int32)),
                     TypeError),
    "adaptive_max_none": (lambda: ops.AdaptiveMaxPool2D((2, None))(T(np.ones((1, 1, 4, 4)))),
                          TypeError),
    "nth_too_big": (lambda: ops.NthElement()(T([1., 5, 2]), 3), ValueError),
    "truncated_normal_1d": (lambda: ops.TruncatedNormal()(T([3], np.int32)), ValueError),
    "unravel_out_of_range": (lambda: ops.UnravelIndex()(T([12], np.int32), T([3, 4], np.int32)),
                             ValueError),
    "unravel_negative": (lambda: ops.UnravelIndex()(T([-1], np.int32), T([3, 4], np.int32)),
                         ValueError),
    "dfvp_size2": (lambda: ops.DataFormatVecPermute()(T([5, 6], np.int32)), ValueError),
    "histogram_f64": (lambda: ops.Histogram(bins=3)(T([0.1, 0.9], np.float64)), TypeError),
    "fill_diagonal_unequal": (lambda: ops.FillDiagonal(2.5)(T(np.zeros((2, 3, 2)))), ValueError),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_errors_match_mindspore(name):
    call, exc = ERRORS[name]
    with pytest.raises(exc):
        call()


def test_random_shapes_dtypes_and_ranges():
    ms.set_seed(3)
    t = ops.TruncatedNormal(dtype=ms.float16)(T([200, 50], np.int32))
    assert t.dtype == ms.float16 and t.shape == (200, 50)
    v = t.asnumpy().astype(np.float64)
    assert np.abs(v).max() <= 2.0 and abs(v.mean()) < 0.05 and 0.7 < v.std() < 0.95
    c = ops.Cauchy([4000], 1.0, 2.0)()
    assert c.dtype == ms.float32 and abs(np.median(c.asnumpy()) - 1.0) < 0.2
    ln = ops.LogNormalReverse(0.0, 0.5)(T(np.zeros((100, 40)), np.float64))
    assert ln.dtype == ms.float64 and abs(np.log(ln.asnumpy()).std() - 0.5) < 0.05
    r = ops.Randperm(max_length=6, pad=-3, dtype=ms.int16)(T([4], np.int32))
    assert r.dtype == ms.int16 and sorted(r.asnumpy()[:4].tolist()) == [0, 1, 2, 3]
    assert r.asnumpy()[4:].tolist() == [-3, -3]
    p = ops.RandpermV2(dtype=ms.float32)(Tensor(5, ms.int64))
    assert p.dtype == ms.float32 and sorted(p.asnumpy().tolist()) == [0, 1, 2, 3, 4]


def test_scatter_non_aliasing_add_updates_the_parameter():
    p = Parameter(T([1., 2, 3, 4, 5, 6, 7, 8]), name="p")
    out = ops.ScatterNonAliasingAdd()(p, T([[2], [4], [1], [7]], np.int32), T([6., 7, 8, 9]))
    expected = [1., 10., 9., 4., 12., 6., 7., 17.]
    assert out.asnumpy().tolist() == expected and p.asnumpy().tolist() == expected


def test_segment_sum_gradient_flows_to_rows():
    x = T([[1., 2], [3, 4], [5, 6]])
    ids = T([0, 0, 2], np.int32)
    g = ms.grad(lambda v: (ops.SegmentSum()(v, ids) * T([[1., 2], [3, 4], [5, 6]])).sum())(x)
    assert g.asnumpy().tolist() == [[1., 2.], [1., 2.], [5., 6.]]
