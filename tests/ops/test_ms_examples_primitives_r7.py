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


# ------------------------------------------------------------------ optimizer primitives
V = [[0.5, -1.0], [2.0, 1.5], [0.25, -0.75]]
A = [[0.4, 1.0], [2.5, 0.1], [0.8, 1.2]]
B = [[0.3, 0.6], [0.9, 1.1], [0.2, 0.5]]
C = [[1.3, 0.2], [0.7, 1.4], [0.6, 0.9]]
G = [[0.2, -0.6], [1.0, -1.2]]
G3 = [[0.2, -0.6], [1.0, -1.2], [0.3, 0.4]]
IDX, REP = [2, 0], [1, 1]
ADAM = (0.5, 0.7, 0.1, 0.8, 0.95, 1e-3)


def _ps(*arrays):
    return [Parameter(T(a), name="exprim7_%d" % k) for k, a in enumerate(arrays)]


def _f(v):
    return Tensor(np.array(v, np.float32))


# name -> (state arrays, step(state)); the expected states after the step are MindSpore's
STEPS = {
    "amsgrad": ((V, A, B, C), lambda s: ops.ApplyAdamWithAmsgrad(0.8, 0.95, 1e-3)(
        *s, _f(0.5), _f(0.7), _f(0.1), T(G3))),
    "sp_adagrad": ((V, A), lambda s: ops.SparseApplyAdagrad(0.1)(*s, T(G), T(IDX, np.int32))),
    "sp_adagrad_noslots": ((V, A), lambda s: ops.SparseApplyAdagrad(0.1, update_slots=False)(
        *s, T(G), T(IDX, np.int32))),
    "sp_adagrad_rep": ((V, A), lambda s: ops.SparseApplyAdagrad(0.1)(*s, T(G), T(REP, np.int32))),
    "fs_adam": ((V, A, B), lambda s: ops.FusedSparseAdam()(*s, *ADAM, T(G), T(IDX, np.int32))),
    "fs_adam_nesterov": ((V, A, B), lambda s: ops.FusedSparseAdam(use_nesterov=True)(
        *s, *ADAM, T(G), T(IDX, np.int32))),
    "fs_adam_rep": ((V, A, B), lambda s: ops.FusedSparseAdam()(*s, *ADAM, T(G), T(REP, np.int32))),
    "fs_lazyadam": ((V, A, B), lambda s: ops.FusedSparseLazyAdam()(*s, *ADAM, T(G),
                                                                   T(IDX, np.int32))),
    "fs_lazyadam_rep": ((V, A, B), lambda s: ops.FusedSparseLazyAdam()(*s, *ADAM, T(G),
                                                                       T(REP, np.int32))),
    "fs_ftrl": ((V, A, B), lambda s: ops.FusedSparseFtrl(0.1, 0.01, 0.02, -0.5)(
        *s, T(G), T(IDX, np.int32))),
    "fs_ftrl_rep": ((V, A, B), lambda s: ops.FusedSparseFtrl(0.1, 0.01, 0.02, -0.5)(
        *s, T(G), T(REP, np.int32))),
    "fs_proxada_rep": ((V, A), lambda s: ops.FusedSparseProximalAdagrad()(
        *s, _f(0.1), _f(0.01), _f(0.02), T(G), T(REP, np.int32))),
    "sp_rmsprop": ((V, A, B), lambda s: ops.SparseApplyRMSProp(0.9, 0.5, 1e-3)(
        *s, 0.1, T(G3), T([2, 0, 1], np.int32))),
    "sp_rmsprop_rep": ((V, A, B), lambda s: ops.SparseApplyRMSProp(0.9, 0.5, 1e-3)(
        *s, 0.1, T(G3), T([1, 1, 0], np.int32))),
}

AFTER = {
    'amsgrad': [[[0.465443, -1.097016], [1.746935, 1.514801], [0.151133, -0.869962]],
        [[0.36, 0.68], [2.2, -0.16], [0.7, 1.04]],
        [[0.287, 0.588], [0.905, 1.117], [0.1945, 0.483]],
        [[1.3, 0.588], [0.905, 1.4], [0.6, 0.9]]],
    'sp_adagrad': [[[0.415485, -0.923178], [2.0, 1.5], [0.228178, -0.701962]],
        [[1.4, 2.44], [2.5, 0.1], [0.84, 1.56]]],
    'sp_adagrad_noslots': [[[0.341886, -0.88], [2.0, 1.5], [0.227639, -0.695228]],
        [[0.4, 1.0], [2.5, 0.1], [0.8, 1.2]]],
    'sp_adagrad_rep': [[[0.5, -1.0], [1.939545, 1.598492], [0.25, -0.75]],
        [[0.4, 1.0], [3.94, 3.34], [0.8, 1.2]]],
    'fs_adam': [[[0.401752, -1.076466], [1.763316, 1.491436], [0.080387, -0.880866]],
        [[0.52, 0.56], [2.0, 0.08], [0.68, 0.84]],
        [[0.335, 0.642], [0.855, 1.045], [0.192, 0.493]]],
    'fs_adam_nesterov': [[[0.383614, -1.028402], [2.0, 1.5], [0.104332, -0.835998]],
        [[0.52, 0.56], [2.0, 0.08], [0.68, 0.84]],
        [[0.335, 0.642], [0.855, 1.045], [0.192, 0.493]]],
    'fs_adam_rep': [[[0.43446, -1.115923], [1.745406, 1.527893], [0.089528, -0.902365]],
        [[0.32, 0.8], [2.24, -0.28], [0.64, 0.96]],
        [[0.285, 0.57], [0.927, 1.207], [0.19, 0.475]]],
    'fs_lazyadam': [[[0.401752, -1.076466], [2.0, 1.5], [0.080387, -0.880866]],
        [[0.52, 0.56], [2.5, 0.1], [0.68, 0.84]],
        [[0.335, 0.642], [0.9, 1.1], [0.192, 0.493]]],
    'fs_lazyadam_rep': [[[0.5, -1.0], [1.745406, 1.527893], [0.25, -0.75]],
        [[0.4, 1.0], [2.24, -0.28], [0.8, 1.2]],
        [[0.3, 0.6], [0.927, 1.207], [0.2, 0.5]]],
    'fs_ftrl': [[[0.121612, -0.319945], [2.0, 1.5], [-0.036369, -0.083133]],
        [[1.4, 2.44], [2.5, 0.1], [0.84, 1.56]],
        [[-1.453802, 5.0205], [0.9, 1.1], [0.34478, 1.051658]]],
    'fs_ftrl_rep': [[[0.5, -1.0], [0.299963, 1.275415], [0.25, -0.75]],
        [[0.4, 1.0], [3.94, 3.34], [0.8, 1.2]],
        [[0.3, 0.6], [-5.976091, -23.370085], [0.2, 0.5]]],
    'fs_proxada_rep': [[[0.5, -1.0], [1.93709, 1.596198], [0.25, -0.75]],
        [[0.4, 1.0], [3.94, 3.34], [0.8, 1.2]]],
    'sp_rmsprop': [[[0.202718, -1.182612], [1.530044, 0.827716], [0.126511, -0.943229]],
        [[0.46, 1.044], [2.259, 0.106], [0.724, 1.116]],
        [[0.297282, 0.182612], [0.469956, 0.672284], [0.123489, 0.193229]]],
    'sp_rmsprop_rep': [[[0.30068, -1.341771], [1.236497, 1.163613], [0.25, -0.75]],
        [[0.369, 0.916], [2.1286, 0.2574], [0.8, 1.2]],
        [[0.19932, 0.341771], [0.300185, -0.045249], [0.2, 0.5]]],
}


@pytest.mark.parametrize("name", sorted(STEPS))
def test_optimizer_steps_match_mindspore(name):
    arrays, step = STEPS[name]
    state = _ps(*arrays)
    step(state)
    for k, (p, want) in enumerate(zip(state, AFTER[name])):
        np.testing.assert_allclose(p.asnumpy(), want, rtol=1e-5, atol=2e-6,
                                   err_msg="%s state %d" % (name, k))


@pytest.mark.parametrize("nesterov, delta", [
    (False, [[-0.084198, -0.083367], [-0.255713, -0.038655], [-0.171606, -0.124918]]),
    (True, [[-0.087405, -0.038905], [-0.247189, -0.061442], [-0.14972, -0.076802]])])
def test_adam_no_update_param_returns_the_step_and_moves_the_moments(nesterov, delta):
    m, v = _ps(A, B)
    out = ops.AdamNoUpdateParam(use_nesterov=nesterov)(m, v, *[_f(a) for a in ADAM], T(V))
    np.testing.assert_allclose(out.asnumpy(), delta, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(m.asnumpy(), [[0.42, 0.6], [2.4, 0.38], [0.69, 0.81]], rtol=1e-6)
    np.testing.assert_allclose(v.asnumpy(), [[0.2975, 0.62], [1.055, 1.1575],
                                             [0.193125, 0.503125]], rtol=1e-6)


def test_keras_momentum_follows_its_rule():
    # MindSpore 2.10 has no CPU kernel for ApplyKerasMomentum: the documented rule
    var, accum = _ps(V, A)
    ops.ApplyKerasMomentum()(var, accum, 0.1, T(V), 0.9)
    want_accum = 0.9 * np.array(A) - 0.1 * np.array(V)
    np.testing.assert_allclose(accum.asnumpy(), want_accum, rtol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), np.array(V) + want_accum, rtol=1e-6)
    var, accum = _ps(V, A)
    ops.ApplyKerasMomentum(use_nesterov=True)(var, accum, 0.1, T(V), 0.9)
    np.testing.assert_allclose(var.asnumpy(), np.array(V) + 0.9 * want_accum - 0.1 * np.array(V),
                               rtol=1e-6, atol=1e-7)


# ------------------------------------------------ pooling, resizing, colour, padding, NMS
_RS = np.random.RandomState(0)
X4 = Tensor(_RS.randn(1, 2, 5, 4).astype(np.float32))
X5 = Tensor(_RS.randn(1, 2, 3, 4, 4).astype(np.float32))
IMG = Tensor(_RS.rand(1, 4, 3, 3).astype(np.float32))
RGB = Tensor(_RS.rand(2, 2, 3).astype(np.float32))
OV = Tensor(_RS.rand(5, 5).astype(np.float32))
SC = Tensor(_RS.rand(5).astype(np.float32))
BOXES = Tensor(np.array([[[[0, 0, 0.5, 0.5]], [[0, 0, 0.45, 0.5]], [[0.5, 0.5, 1, 1]],
                          [[0.1, 0.6, 0.4, 0.9]]]], np.float32))
SCORES = Tensor(np.array([[[0.9, 0.2], [0.8, 0.7], [0.3, 0.05], [0.6, 0.65]]], np.float32))

# name -> (call, MindSpore's dtype, shape and values)
MORE = {
    'maxpool_v2_dilated': (lambda: ops.MaxPoolWithArgmaxV2(kernel_size=2, strides=2, pads=1,
      dilation=(1, 2), ceil_mode=True, argmax_type=ms.int32)(X4)[1],
        'Int32', (1, 2, 3, 3), [[[[1.0, 3.0, 3.0], [9.0, 11.0, 11.0], [13.0, 15.0, 15.0]], [[1.0,
          1.0, 3.0], [9.0, 9.0, 11.0], [17.0, 17.0, 15.0]]]]),
    'maxpool_v2_values': (lambda: ops.MaxPoolWithArgmaxV2(kernel_size=(3, 2), strides=(2,
      1))(X4)[0],
        'Float32', (1, 2, 2, 3), [[[[1.867558, 0.978738, 2.240893], [1.494079, 0.443863, 1.454273]],
          [[2.269755, 1.469359, 0.864436], [1.532779, 1.469359, 0.378163]]]]),
    'maxpool3d_argmax': (lambda: ops.MaxPool3DWithArgmax(ksize=2, strides=1, pads=1)(X5)[1],
        'Int64', (1, 2, 4, 5, 5), [[[[[0.0, 0.0, 1.0, 3.0, 3.0], [4.0, 5.0, 5.0, 3.0, 3.0], [4.0,
          9.0, 9.0, 7.0, 7.0], [12.0, 9.0, 14.0, 15.0, 15.0], [12.0, 12.0, 14.0, 15.0, 15.0]],
          [[16.0, 17.0, 17.0, 3.0, 3.0], [16.0, 17.0, 17.0, 3.0, 3.0], [24.0, 24.0, 9.0, 7.0, 7.0],
          [24.0, 24.0, 30.0, 30.0, 27.0], [12.0, 29.0, 30.0, 30.0, 15.0]], [[32.0, 32.0, 34.0, 34.0,
          19.0], [32.0, 32.0, 34.0, 34.0, 39.0], [24.0, 41.0, 41.0, 42.0, 27.0], [44.0, 45.0, 45.0,
          46.0, 27.0], [44.0, 45.0, 45.0, 46.0, 31.0]], [[32.0, 32.0, 34.0, 34.0, 35.0], [32.0,
          32.0, 34.0, 34.0, 39.0], [36.0, 41.0, 41.0, 42.0, 39.0], [44.0, 45.0, 45.0, 46.0, 47.0],
          [44.0, 45.0, 45.0, 46.0, 47.0]]], [[[0.0, 1.0, 1.0, 3.0, 3.0], [4.0, 1.0, 1.0, 3.0, 3.0],
          [4.0, 9.0, 9.0, 7.0, 7.0], [12.0, 12.0, 9.0, 15.0, 15.0], [12.0, 12.0, 14.0, 15.0, 15.0]],
          [[0.0, 17.0, 17.0, 3.0, 3.0], [20.0, 17.0, 17.0, 22.0, 3.0], [20.0, 20.0, 25.0, 22.0,
          23.0], [12.0, 25.0, 25.0, 15.0, 15.0], [12.0, 12.0, 30.0, 15.0, 15.0]], [[32.0, 17.0,
          17.0, 35.0, 35.0], [20.0, 17.0, 17.0, 22.0, 39.0], [20.0, 20.0, 25.0, 22.0, 39.0], [28.0,
          25.0, 25.0, 31.0, 31.0], [28.0, 28.0, 30.0, 31.0, 31.0]], [[32.0, 32.0, 34.0, 35.0, 35.0],
          [32.0, 32.0, 34.0, 39.0, 39.0], [40.0, 40.0, 41.0, 39.0, 39.0], [40.0, 40.0, 41.0, 47.0,
          47.0], [44.0, 45.0, 45.0, 47.0, 47.0]]]]]),
    'maxpool3d_values': (lambda: ops.MaxPool3DWithArgmax(ksize=(1, 2, 2), strides=2, pads=0,
      ceil_mode=True)(X5)[0],
        'Float32', (1, 2, 2, 2, 2), [[[[[-0.438074, 1.950775], [-0.21274, 0.428332]], [[1.139401,
          0.402342], [1.895889, 1.17878]]], [[[1.054452, 1.222445], [1.883151, 0.969397]],
          [[0.376426, 1.849264], [0.672295, 0.676433]]]]]),
    'resize_area': (lambda: ops.ResizeArea()(IMG, Tensor([3, 2], ms.int32)),
        'Float32', (1, 3, 2, 3), [[[[0.343807, 0.620482, 0.63908], [0.392392, 0.217148, 0.813057]],
          [[0.615252, 0.403693, 0.411215], [0.33796, 0.355841, 0.579481]], [[0.404105, 0.212342,
          0.241873], [0.691346, 0.729487, 0.341753]]]]),
    'resize_area_align': (lambda: ops.ResizeArea(align_corners=True)(IMG, Tensor([3, 5], ms.int32)),
        'Float32', (1, 3, 5, 3), [[[[0.43489, 0.797265, 0.666246], [0.43489, 0.797265, 0.666246],
          [0.2646, 0.213778, 0.547059], [0.2646, 0.213778, 0.547059], [0.454767, 0.22066, 0.9376]],
          [[0.697689, 0.505517, 0.348246], [0.697689, 0.505517, 0.348246], [0.412945, 0.142668,
          0.422351], [0.412945, 0.142668, 0.422351], [0.277812, 0.526293, 0.566625]], [[0.179604,
          0.024679, 0.06725], [0.179604, 0.024679, 0.06725], [0.679393, 0.453697, 0.536579],
          [0.679393, 0.453697, 0.536579], [0.896671, 0.990339, 0.216897]]]]),
    'resize_linear_half_pixel': (lambda: ops.ResizeLinear1D('half_pixel')(Tensor(np.array([[[1., 2,
      4], [4, 5, 0]]], np.float32)), Tensor([5], ms.int64)),
        'Float32', (1, 2, 5), [[[1.0, 1.4, 2.0, 3.2, 4.0], [4.0, 4.4, 5.0, 2.0, 0.0]]]),
    'resize_linear_down': (lambda: ops.ResizeLinear1D()(Tensor(np.array([[[1., 2, 4, 7, 3]]],
      np.float32)), (3,)),
        'Float32', (1, 1, 3), [[[1.0, 4.0, 3.0]]]),
    'bicubic': (lambda: ops.ResizeBicubic()(X4[:, :1], Tensor([3, 7], ms.int32)),
        'Float32', (1, 1, 3, 7), [[[[1.764052, 0.912251, 0.346288, 0.628008, 1.375588, 2.096076,
          2.373343], [0.426229, 0.092909, -0.064484, 0.163208, 0.562845, 0.876974, 1.001879],
          [1.08758, 0.40196, -0.037655, 0.334721, 0.326499, -0.085987, -0.22735]]]]),
    'bicubic_align': (lambda: ops.ResizeBicubic(align_corners=True)(X4[:, :1], Tensor([6, 2],
      ms.int32)),
        'Float32', (1, 1, 6, 2), [[[[1.764052, 2.240893], [2.038608, 0.115926], [0.57645, 0.779112],
          [-0.033135, 1.277977], [0.973204, 0.016767], [1.494079, -0.854096]]]]),
    'bicubic_half_pixel': (lambda: ops.ResizeBicubic(half_pixel_centers=True)(X4[:, :1], Tensor([7,
      3], ms.int32)),
        'Float32', (1, 1, 7, 3), [[[[1.6068, 0.563001, 2.225878], [1.661193, 0.139638, 0.83735],
          [1.115751, -0.085557, 0.18633], [-0.041686, 0.227545, 1.301902], [0.418327, 0.271252,
          0.696449], [1.001626, 0.150268, -0.182792], [1.330052, 0.007382, -0.777224]]]]),
    'rgb_to_hsv': (lambda: ops.RGBToHSV()(RGB),
        'Float32', (2, 2, 3), [[[0.062957, 0.968856, 0.663078], [0.975877, 0.578025, 0.758379]],
          [[0.361255, 0.292078, 0.831048], [0.854087, 0.686539, 0.872651]]]),
    'hsv_to_rgb': (lambda: ops.HSVToRGB()(RGB.reshape((1, 2, 2, 3))),
        'Float32', (1, 2, 2, 3), [[[[0.015213, 0.01533, 0.020651], [0.328276, 0.260749, 0.383464]],
          [[0.106267, 0.351994, 0.628982], [0.798047, 0.579747, 0.746549]]]]),
    'adjust_hue': (lambda: ops.AdjustHue()(RGB, Tensor(0.3, ms.float32)),
        'Float32', (2, 2, 3), [[[0.020651, 0.663078, 0.134837], [0.471136, 0.758379, 0.320017]],
          [[0.588317, 0.596199, 0.831048], [0.872651, 0.827433, 0.273542]]]),
    'adjust_saturation': (lambda: ops.AdjustSaturation()(RGB, Tensor(1.7, ms.float32)),
        'Float32', (2, 2, 3), [[[0.663078, 0.250472, 0.0], [0.758379, 0.013164, 0.121023]],
          [[0.418405, 0.831048, 0.487535], [0.872651, 0.0, 0.763984]]]),
    'bitpack_int': (lambda: ops.CompareAndBitpack()(Tensor(np.array([[1, 9, 3, 4, 5, 6, 7, 8], [8,
      7, 6, 5, 4, 3, 2, 1]], np.int32)), Tensor(4, ms.int32)),
        'UInt8', (2, 1), [[79.0], [240.0]]),
    'bitpack_bool': (lambda: ops.CompareAndBitpack()(Tensor(np.array([True, True, False, True,
      False, False, False, False])), Tensor(False)),
        'UInt8', (1,), [11.0]),
    'ragged_range_splits': (lambda: ops.RaggedRange(Tsplits=ms.int32)(Tensor(np.array([0., 5, 2])),
      Tensor(np.array([3., 1, 3])), Tensor(np.array([1.5, -2, 0.5])))[0],
        'Int32', (4,), [0.0, 2.0, 4.0, 6.0]),
    'ragged_range_values': (lambda: ops.RaggedRange(Tsplits=ms.int32)(Tensor(np.array([0., 5, 2])),
      Tensor(np.array([3., 1, 3])), Tensor(np.array([1.5, -2, 0.5])))[1],
        'Float64', (6,), [0.0, 1.5, 5.0, 3.0, 2.0, 2.5]),
    'pad_edge': (lambda: ops.PadV3(mode='edge')(Tensor(np.arange(6.).reshape(1, 2,
      3).astype(np.float32)), Tensor([2, 1])),
        'Float32', (1, 2, 6), [[[0.0, 0.0, 0.0, 1.0, 2.0, 2.0], [3.0, 3.0, 3.0, 4.0, 5.0, 5.0]]]),
    'pad_circular': (lambda: ops.PadV3(mode='circular')(Tensor(np.arange(12.).reshape(1, 1, 3,
      4).astype(np.float32)), Tensor([1, 2, 1, 0])),
        'Float32', (1, 1, 4, 7), [[[[11.0, 8.0, 9.0, 10.0, 11.0, 8.0, 9.0], [3.0, 0.0, 1.0, 2.0,
          3.0, 0.0, 1.0], [7.0, 4.0, 5.0, 6.0, 7.0, 4.0, 5.0], [11.0, 8.0, 9.0, 10.0, 11.0, 8.0,
          9.0]]]]),
    'pad_constant_not_contiguous': (lambda:
      ops.PadV3(paddings_contiguous=False)(Tensor(np.arange(6.).reshape(2, 3).astype(np.float32)),
      Tensor([1, 0, 2, 1]), Tensor(7.)),
        'Float32', (3, 6), [[7.0, 0.0, 1.0, 2.0, 7.0, 7.0], [7.0, 3.0, 4.0, 5.0, 7.0, 7.0], [7.0,
          7.0, 7.0, 7.0, 7.0, 7.0]]),
    'pad_reflect': (lambda: ops.PadV3('reflect')(Tensor(np.arange(12.).reshape(1, 1, 3,
      4).astype(np.float32)), Tensor([1, 2, 1, 0])),
        'Float32', (1, 1, 4, 7), [[[[5.0, 4.0, 5.0, 6.0, 7.0, 6.0, 5.0], [1.0, 0.0, 1.0, 2.0, 3.0,
          2.0, 1.0], [5.0, 4.0, 5.0, 6.0, 7.0, 6.0, 5.0], [9.0, 8.0, 9.0, 10.0, 11.0, 10.0,
          9.0]]]]),
    'pad_negative': (lambda: ops.PadV3()(Tensor(np.arange(6.).reshape(1, 2, 3).astype(np.float32)),
      Tensor([-1, 2]), Tensor(0.)),
        'Float32', (1, 2, 4), [[[1.0, 2.0, 0.0, 0.0], [4.0, 5.0, 0.0, 0.0]]]),
    'nms_overlaps': (lambda: ops.NonMaxSuppressionWithOverlaps()(OV, SC, Tensor(3, ms.int32),
      Tensor(0.5, ms.float32), Tensor(0.1, ms.float32)),
        'Int32', (2,), [2.0, 3.0]),
    'combined_nms_boxes': (lambda: ops.CombinedNonMaxSuppression()(BOXES, SCORES, Tensor(2,
      ms.int32), Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.1, ms.float32))[0],
        'Float32', (1, 3, 4), [[[0.0, 0.0, 0.5, 0.5], [0.0, 0.0, 0.45, 0.5], [0.1, 0.6, 0.4,
          0.9]]]),
    'combined_nms_scores': (lambda: ops.CombinedNonMaxSuppression()(BOXES, SCORES, Tensor(2,
      ms.int32), Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.1, ms.float32))[1],
        'Float32', (1, 3), [[0.9, 0.7, 0.65]]),
    'combined_nms_classes': (lambda: ops.CombinedNonMaxSuppression()(BOXES, SCORES, Tensor(2,
      ms.int32), Tensor(3, ms.int32), Tensor(0.5, ms.float32), Tensor(0.1, ms.float32))[2],
        'Float32', (1, 3), [[0.0, 1.0, 1.0]]),
    'combined_nms_valid': (lambda: ops.CombinedNonMaxSuppression(pad_per_class=True)(BOXES, SCORES,
      Tensor(1, ms.int32), Tensor(5, ms.int32), Tensor(0.5, ms.float32), Tensor(0.1,
      ms.float32))[3],
        'Int32', (1,), [2.0]),
    'combined_nms_noclip': (lambda: ops.CombinedNonMaxSuppression(clip_boxes=False)(BOXES * 2,
      SCORES, Tensor(2, ms.int32), Tensor(2, ms.int32), Tensor(0.5, ms.float32), Tensor(0.1,
      ms.float32))[0],
        'Float32', (1, 2, 4), [[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.9, 1.0]]]),
}


@pytest.mark.parametrize("name", sorted(MORE))
def test_more_values_match_mindspore(name):
    call, dtype, shape, expected = MORE[name]
    out = call()
    assert str(out.dtype) == dtype and out.shape == shape
    np.testing.assert_allclose(out.asnumpy().astype(np.float64), expected, rtol=1e-4, atol=1e-5)



# -------------------------------------- classes over the ops functions added this session
def test_classes_over_new_functions_match_mindspore():
    x = T([[1.0, -2.0], [3.0, 0.5]])
    y, i = ops.AdaptiveMaxPool3D()(x.reshape((1, 1, 2, 2)), T([1, 1, 1], np.int32))
    assert y.asnumpy().tolist() == [[[[3.0]]]] and i.dtype == ms.int32
    assert i.asnumpy().tolist() == [[[[2]]]]
    v = Tensor(np.arange(48, dtype=np.float32).reshape(1, 2, 2, 3, 4) % 7)
    y, i = ops.AdaptiveMaxPool3D()(v, T([1, 2, 3], np.int32))
    assert y.asnumpy().tolist() == [[[[[6.0] * 3] * 2]] * 2]
    assert i.asnumpy().tolist() == [[[[[13, 6, 6], [20, 6, 6]]], [[[17, 17, 3], [17, 10, 10]]]]]
    out = ops.LuSolve()(T([[1.], [3], [3]]), T([[2, 1, 1], [0.5, 1, 1.5], [0.5, 0, 2.5]]),
                        T([2, 2, 3], np.int32))
    np.testing.assert_allclose(out.asnumpy(), [[1.9], [-1.4], [0.6]], rtol=1e-6)
    grid = ops.AffineGrid(True)(T([[[0.8, 0.5, 0.1], [-0.5, 0.8, 0.2]]]), (1, 3, 2, 3))
    np.testing.assert_allclose(grid.asnumpy(), [[[[-1.2, -0.1], [-0.4, -0.6], [0.4, -1.1]],
                                                 [[-0.2, 1.5], [0.6, 1.0], [1.4, 0.5]]]],
                               rtol=1e-6, atol=1e-7)
    step = ops.NextAfter()(T([1.0, 0.0]), T([2.0, -1.0])).asnumpy()
    assert step[0] == np.nextafter(np.float32(1), np.float32(2)) and step[1] < 0
    draws = ops.MultinomialWithReplacement(2, True)(T([[0.0, 1.0]]), Tensor(1, ms.int64),
                                                   Tensor(0, ms.int64))
    assert draws.asnumpy().tolist() == [[1, 1]]
    loss, is_target = ops.MultilabelMarginLoss()(x, T([[1, -1], [0, 1]], np.int32))
    assert is_target.asnumpy().tolist() == [[0.0, 1.0], [1.0, 1.0]] and loss.shape == ()


def test_random_classes_over_new_functions_shapes():
    assert ops.RandomGamma(seed=3)(T([3, 1], np.int32), T([2.0, 5.0])).shape == (3, 1, 2)
    p = ops.RandomPoisson(seed=1, dtype=ms.int32)(T([2, 3], np.int32), T([2.0]))
    assert p.shape == (2, 3, 1) and p.dtype == ms.int32
    assert ops.Gamma(seed=3)((3, 2), T([2.0, 5.0]), T([1.0])).shape == (3, 2)
    assert ops.Poisson(seed=5)((4, 2), T([5.0, 10.0])).shape == (4, 2)
    sampled, true_e, samp_e = ops.UniformCandidateSampler(1, 3, True, 3)(
        T([[1], [2]], np.int64))
    assert sorted(sampled.asnumpy().tolist()) == [0, 1, 2] and true_e.shape == (2, 1)
    assert ops.LogUniformCandidateSampler(1, 3, True, 3)(T([[1], [2]], np.int64))[0].shape == (3,)
    with pytest.raises(ValueError):
        ops.RandomGamma(seed=-1)(T([3], np.int32), T([2.0]))


# -------------------------------------------- Betainc, QR in geqrf form, patches, dilation
_Q = np.random.RandomState(0)
QA = T(_Q.randn(4, 3))
_Q.randn(2, 2, 3), _Q.randn(4, 2), _Q.randn(4, 2), _Q.randn(2, 4), _Q.randn(1, 2, 5, 6), \
    _Q.randn(2, 2, 3)
QV = T(_Q.randn(1, 2, 3, 4, 4))


def test_betainc_geqrf_orgqr_volume_patches_match_mindspore():
    out = ops.Betainc()(T([0.5, 2., 3.]), T([1.5, 0.5, 3.]), T([0.2, 0.7, 0.5]))
    np.testing.assert_allclose(out.asnumpy(), [0.54982, 0.26057, 0.5], rtol=1e-4)
    y, tau = ops.Geqrf()(QA)
    np.testing.assert_allclose(y.asnumpy(), [[-3.03393, -1.58416, -0.01174], [0.46705, -1.08719,
                               1.12857], [0.19802, -0.26839, 1.66276], [0.08558, -0.01271,
                               -0.5042]], rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(tau.asnumpy(), [1.58144, 1.86533, 1.59461], rtol=1e-4)
    q = ops.Orgqr()(y, tau)
    np.testing.assert_allclose(q.asnumpy(), [[-0.58144, 0.47916, 0.2593], [-0.73861, -0.64154,
                               -0.15752], [-0.31315, 0.59552, -0.46849], [-0.13534, 0.06471,
                               0.82974]], rtol=1e-4, atol=1e-5)
    # Ormqr (no MindSpore CPU kernel): Q @ I[:, :3] is Orgqr's Q; Q.T @ Q is I
    np.testing.assert_allclose(ops.Ormqr()(y, tau, T(np.eye(4)[:, :3])).asnumpy(), q.asnumpy(),
                               atol=1e-6)
    np.testing.assert_allclose(ops.Ormqr(transpose=True)(y, tau, q).asnumpy(), np.eye(4)[:, :3],
                               atol=1e-5)
    p = ops.ExtractVolumePatches([1, 1, 2, 2, 2], [1, 1, 1, 2, 2], "VALID")(QV)
    assert p.shape == (1, 16, 2, 2, 2)
    np.testing.assert_allclose(p.asnumpy()[0, :, 0, 0, 0], [0.37643, 1.18803, -1.0994, 0.31694,
                               -0.69457, 0.85683, -0.14963, -0.65103, 0.57659, 0.62523, -0.2083,
                               -1.60206, -1.49126, -0.73956, 0.43939, 1.54301], rtol=1e-4,
                               atol=1e-5)
    p = ops.ExtractVolumePatches([1, 1, 2, 3, 2], [1, 1, 2, 2, 3], "SAME")(QV)
    assert p.shape == (1, 24, 2, 2, 2)
    np.testing.assert_allclose(p.asnumpy()[0, :, 1, 1, 1], [0.08755, 0.31722, 0.0, 0.0, -1.54477,
                               -0.41005, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
                               0.0, 0.0, 0.0, 0.0, 0.0, 0.0], rtol=1e-4, atol=1e-5)


def test_dilation2d_and_image_patches_follow_their_rule():
    # MindSpore 2.10's CPU kernels of these fail ('SAME' cast error / unsupported): numpy rule
    rs = np.random.RandomState(1)
    x, w = rs.randn(1, 2, 5, 6).astype(np.float32), rs.randn(2, 2, 3).astype(np.float32)
    out = ops.Dilation2D(2, (1, 1, 1, 2), "valid")(T(x), T(w)).asnumpy()
    oh, ow = (5 - 2) // 2 + 1, (6 - 5) // 2 + 1
    want = np.full((1, 2, oh, ow), -np.inf, np.float32)
    for i in range(2):
        for j in range(3):
            want = np.maximum(want, x[:, :, i:i + 2 * oh - 1:2, 2 * j:2 * j + 2 * ow - 1:2]
                              + w[None, :, i, j, None, None])
    np.testing.assert_allclose(out, want, rtol=1e-6)
    p = ops.ExtractImagePatches([1, 1, 2, 3], [1, 1, 2, 1], [1, 1, 1, 1], "VALID")(T(x))
    assert p.shape == (1, 12, 2, 4)
    np.testing.assert_allclose(p.asnumpy()[0, :, 1, 2], x[0, :, 2:4, 2:5].transpose(1, 2, 0)
                               .reshape(-1), rtol=1e-6)


def test_confusion_matrix_lerp_scalar_non_deterministic_ints():
    cm = ops.ConfusionMatrix(4)(T([0, 1, 1, 3], np.int32), T([0, 2, 1, 3], np.int32))
    assert cm.dtype == ms.int32 and cm.asnumpy().tolist() == [[1, 0, 0, 0], [0, 1, 1, 0],
                                                              [0, 0, 0, 0], [0, 0, 0, 1]]
    cm = ops.ConfusionMatrix(2, "float32")(T([0, 1], np.int32), T([1, 1], np.int32),
                                          T([0.5, 2.0]))
    assert cm.asnumpy().tolist() == [[0.0, 0.5], [0.0, 2.0]]
    np.testing.assert_allclose(ops.LerpScalar()(T([1., 2]), T([3., 6]), 0.25).asnumpy(),
                               [1.5, 3.0])
    r = ops.NonDeterministicInts(dtype=ms.int32)(T([200, 30], np.int32))
    assert r.dtype == ms.int32 and r.shape == (200, 30)
    assert r.asnumpy().min() < -2 ** 30 and r.asnumpy().max() > 2 ** 30


def test_edit_distance_ngram_ban_and_cache_maps_match_mindspore():
    def sparse(idx, vals, shape):
        return (Tensor(np.array(idx, np.int64)), T(vals, np.int32),
                Tensor(np.array(shape, np.int64)))
    hyp = sparse([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1]], [1, 2, 3, 4, 4], [2, 3])
    truth = sparse([[0, 0], [0, 1], [1, 0], [2, 0]], [1, 3, 5, 6], [3, 2])
    assert ops.EditDistance()(*hyp, *truth).asnumpy().tolist() == [0.5, 2.0, 1.0]
    assert ops.EditDistance(False)(*hyp, *truth).asnumpy().tolist() == [1.0, 2.0, 1.0]
    s = T([[[3, 1, 3, 1, 3]], [[2, 2, 2, 7, 2]]], np.int32)
    lp = T(np.zeros((2, 1, 8)))
    banned = lambda n: (ops.NoRepeatNGram(n)(s, lp).asnumpy() < -1e38).astype(int).tolist()
    assert banned(2) == [[[0, 1, 0, 0, 0, 0, 0, 0]], [[0, 0, 1, 0, 0, 0, 0, 1]]]
    assert banned(3) == [[[0, 1, 0, 0, 0, 0, 0, 0]], [[0, 0, 0, 0, 0, 0, 0, 0]]]
    out = ops.MapUniform()(Tensor(np.array([[0, 5], [7, 3]], np.int64)), 3, 4)
    assert out.asnumpy().tolist() == [[0, 4], [10, 9]]
    vals, idx = ops.SubAndFilter()(Tensor(np.array([3, 10, -2, 7], np.int64)), 6, 2)
    assert vals.asnumpy().tolist() == [1, 5] and idx.asnumpy().tolist() == [0, 3]


def test_parameterized_truncated_normal_stays_in_each_rows_bounds():
    out = ops.ParameterizedTruncatedNormal(seed=1, seed2=2)(
        T([2, 4000], np.int32), T([0.0, 5.0]), T([1.0, 0.5]), T([-0.5, 4.0]), T([2.0, 5.5]))
    v = out.asnumpy()
    assert out.shape == (2, 4000) and out.dtype == ms.float32
    assert v[0].min() >= -0.5 and v[0].max() <= 2.0 and v[1].min() >= 4.0 and v[1].max() <= 5.5
    assert abs(v[1].mean() - 4.885) < 0.03  # the mean of N(5, 0.5) cut to [4, 5.5]


# GridSampler3D: (mode, padding, align_corners) -> MindSpore's first 12 values and sum
GRID3D = {
    ('bilinear', 'zeros', False): ([0.1665000021457672, -0.13490000367164612, -0.0414000004529953,
     -1.0921000242233276, -0.02199999988079071, 1.5822999477386475, 0.6708999872207642,
     -0.13369999825954437, 0.579800009727478, -0.009999999776482582, 0.009399999864399433,
     -0.3325999975204468],
        -1.2096),
    ('bilinear', 'zeros', True): ([0.5565999746322632, 0.28790000081062317, -0.5519999861717224,
     -0.8130000233650208, -0.2425999939441681, 1.0631999969482422, 0.45190000534057617,
     0.1111999973654747, 0.7850000262260437, 0.04749999940395355, 0.04259999841451645,
     -0.3930000066757202],
        -3.22894),
    ('bilinear', 'border', False): ([1.0723999738693237, -0.13490000367164612, -0.0414000004529953,
     -1.4829000234603882, -0.2012999951839447, 1.5822999477386475, 0.6708999872207642,
     -0.5968000292778015, 1.9315999746322632, -0.04780000075697899, 0.11209999769926071,
     -0.3325999975204468],
        -5.53277),
    ('bilinear', 'border', True): ([0.659500002861023, 0.28790000081062317, -0.5519999861717224,
     -0.8130000233650208, -0.34869998693466187, 1.0631999969482422, 0.45190000534057617,
     0.1362999975681305, 0.9233999848365784, 0.05889999866485596, 0.061900001019239426,
     -0.3930000066757202],
        -4.37363),
    ('bilinear', 'reflection', False): ([1.0723999738693237, -0.13490000367164612,
     -0.0414000004529953, -1.4829000234603882, -0.2012999951839447, 1.5822999477386475,
     0.6708999872207642, -0.5968000292778015, 1.9315999746322632, -0.04780000075697899,
     0.11209999769926071, -0.3325999975204468],
        -5.53277),
    ('bilinear', 'reflection', True): ([0.5587000250816345, 0.28790000081062317,
     -0.5519999861717224, -0.8130000233650208, -0.12530000507831573, 1.0631999969482422,
     0.45190000534057617, 0.028300000354647636, 0.9922999739646912, 0.10779999941587448,
     0.32109999656677246, -0.3930000066757202],
        -2.31906),
    ('nearest', 'zeros', False): ([0.0, 0.6535999774932861, 0.31310001015663147,
     -1.4199999570846558, 0.0, 2.2697999477386475, 2.2409000396728516, 0.0, 0.0, 0.0, 0.0,
     -0.5108000040054321],
        -3.65372),
    ('nearest', 'zeros', True): ([0.4002000093460083, 0.04580000042915344, 0.1216999962925911,
     -1.4199999570846558, -0.8955000042915344, 1.5327999591827393, -0.18719999492168427,
     -0.9772999882698059, 2.2697999477386475, 0.38690000772476196, -0.7422000169754028,
     -0.8877999782562256],
        -4.18626),
    ('nearest', 'border', False): ([0.4002000093460083, 0.6535999774932861, 0.31310001015663147,
     -1.4199999570846558, 0.42829999327659607, 2.2697999477386475, 2.2409000396728516,
     -0.9772999882698059, 2.2697999477386475, 0.38690000772476196, -0.7422000169754028,
     -0.5108000040054321],
        -8.98574),
    ('nearest', 'border', True): ([0.4002000093460083, 0.04580000042915344, 0.1216999962925911,
     -1.4199999570846558, -0.8955000042915344, 1.5327999591827393, -0.18719999492168427,
     -0.9772999882698059, 2.2697999477386475, 0.38690000772476196, -0.7422000169754028,
     -0.8877999782562256],
        -4.18626),
    ('nearest', 'reflection', False): ([0.4002000093460083, 0.6535999774932861,
     0.31310001015663147, -1.4199999570846558, 0.42829999327659607, 2.2697999477386475,
     2.2409000396728516, -0.9772999882698059, 2.2697999477386475, 0.38690000772476196,
     -0.7422000169754028, -0.5108000040054321],
        -8.98574),
    ('nearest', 'reflection', True): ([0.4002000093460083, 0.04580000042915344, 0.1216999962925911,
     -1.4199999570846558, -0.8955000042915344, 1.5327999591827393, -0.18719999492168427,
     -0.9772999882698059, 2.2697999477386475, 0.38690000772476196, -0.7422000169754028,
     -0.8877999782562256],
        -4.18626),
}


@pytest.mark.parametrize("key", sorted(GRID3D))
def test_grid_sampler_3d_matches_mindspore(key):
    rs = np.random.RandomState(0)
    x = T(rs.randn(2, 2, 3, 4, 5))
    g = T(rs.uniform(-1.3, 1.3, (2, 2, 3, 2, 3)))
    out = ops.GridSampler3D(*key)(x, g).asnumpy()
    first, total = GRID3D[key]
    assert out.shape == (2, 2, 2, 3, 2)
    np.testing.assert_allclose(out.reshape(-1)[:12], first, rtol=1e-3, atol=1e-4)
    np.testing.assert_allclose(out.sum(), total, rtol=1e-4, atol=1e-4)


@pytest.mark.parametrize("kw, shape, total, first", [
    ({}, (1, 3, 3, 4, 4), -45.5746, [3.4922, -2.0128, -1.1638, -0.0806, 0.279, 5.8328]),
    ({"stride": 2}, (1, 3, 4, 6, 5), -45.5746, [3.4922, -2.8392, 0.2883, -0.6257, -0.0806, -1.644]),
    ({"pad_mode": "pad", "pad": 1}, (1, 3, 1, 2, 2), -3.9933,
     [4.1087, 2.1794, -1.3944, -4.7293, -0.2745]),
    ({"pad_mode": "same", "stride": (1, 2, 1)}, (1, 3, 2, 6, 2), -14.7137,
     [-2.0128, -1.1638, 2.554, 2.9212]),
])
def test_conv3d_transpose_class_matches_mindspore(kw, shape, total, first):
    rs = np.random.RandomState(0)
    d, w = T(rs.randn(1, 2, 2, 3, 2)), T(rs.randn(2, 3, 2, 2, 3))
    out = ops.Conv3DTranspose(2, 3, (2, 2, 3), **kw)(d, w).asnumpy()
    assert out.shape == shape
    np.testing.assert_allclose(out.sum(), total, rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(out.reshape(-1)[:len(first)], first, rtol=1e-3, atol=1e-4)


def test_conv3d_transpose_rejects_output_padding_without_pad_mode_pad():
    rs = np.random.RandomState(0)
    d, w = T(rs.randn(1, 2, 2, 3, 2)), T(rs.randn(2, 3, 2, 2, 3))
    with pytest.raises(ValueError):
        ops.Conv3DTranspose(2, 3, (2, 2, 3), stride=2, output_padding=1)(d, w)


# FractionalMaxPool / FractionalAvgPool on a 6x6 image, ratio (2, 3): MindSpore's outputs
FRACTIONAL = [
    ('FractionalMaxPool', {}, (1, 3, 2, 1),
     [9.0, 12.0, 21.0, 24.0, 33.0, 36.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalMaxPool', {'pseudo_random': True}, (1, 3, 2, 1),
     [9.0, 12.0, 21.0, 24.0, 33.0, 36.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalMaxPool', {'overlapping': True}, (1, 3, 2, 1),
     [16.0, 18.0, 28.0, 30.0, 34.0, 36.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalMaxPool', {'pseudo_random': True, 'overlapping': True}, (1, 3, 2, 1),
     [16.0, 18.0, 28.0, 30.0, 34.0, 36.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalAvgPool', {}, (1, 3, 2, 1),
     [5.0, 8.0, 17.0, 20.0, 29.0, 32.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalAvgPool', {'pseudo_random': True}, (1, 3, 2, 1),
     [5.0, 8.0, 17.0, 20.0, 29.0, 32.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalAvgPool', {'overlapping': True}, (1, 3, 2, 1),
     [8.5, 11.0, 20.5, 23.0, 29.5, 32.0], [0, 2, 4, 6], [0, 3, 6]),
    ('FractionalAvgPool', {'pseudo_random': True, 'overlapping': True}, (1, 3, 2, 1),
     [8.5, 11.0, 20.5, 23.0, 29.5, 32.0], [0, 2, 4, 6], [0, 3, 6]),
]


@pytest.mark.parametrize("case", FRACTIONAL, ids=lambda c: c[0] + "-" + "-".join(sorted(c[1])))
def test_fractional_pooling_matches_mindspore(case):
    name, kw, shape, values, rows, cols = case
    x = Tensor(np.arange(1, 37, dtype=np.float32).reshape(1, 6, 6, 1))
    y, r, c = getattr(ops, name)([1.0, 2.0, 3.0, 1.0], **kw)(x)
    assert y.shape == shape and r.asnumpy().tolist() == rows and c.asnumpy().tolist() == cols
    np.testing.assert_allclose(y.asnumpy().reshape(-1), values, rtol=1e-6)


def test_fractional_avg_pool_truncates_integer_means():
    x = Tensor(np.arange(1, 17, dtype=np.int64).reshape(1, 4, 4, 1))
    y = ops.FractionalAvgPool([1.0, 1.5, 1.5, 1.0])(x)[0]
    assert y.dtype == ms.int64 and y.asnumpy().reshape(-1).tolist() == [3, 5, 11, 13]
    y = ops.FractionalAvgPool([1.0, 1.5, 1.5, 1.0], overlapping=True)(x)[0]
    assert y.asnumpy().reshape(-1).tolist() == [6, 7, 12, 13]


def test_fractional_max_pool_gradient_reaches_the_maxima():
    x = Tensor(np.arange(1, 37, dtype=np.float32).reshape(1, 6, 6, 1))
    g = ms.grad(lambda v: ops.FractionalMaxPool([1.0, 2.0, 3.0, 1.0])(v)[0].sum())(x)
    assert g.asnumpy().sum() == 6 and g.asnumpy().reshape(6, 6)[1, 2] == 1


def test_fractional_max_pool_with_fixed_ksize_matches_mindspore():
    rs = np.random.RandomState(0)
    x, s = T(rs.randn(1, 2, 7, 6)), T(rs.rand(1, 2, 2))
    y, a = ops.FractionalMaxPoolWithFixedKsize((2, 3), (3, 2))(x, s)
    assert y.shape == (1, 2, 3, 2) and a.dtype == ms.int64
    np.testing.assert_allclose(y.asnumpy().reshape(-1), [1.7641, 2.2409, 0.761, 1.4941, 1.2303,
        0.1563, 1.9508, 0.7775, 0.4283, 0.3025, 1.1394, 0.9008], atol=1e-4)
    assert a.asnumpy().reshape(-1).tolist() == [0, 3, 12, 16, 36, 35, 1, 5, 13, 15, 30, 39]
    x3, s3 = T(rs.randn(1, 2, 5, 6, 7)), T(rs.rand(1, 2, 3))
    y, a = ops.FractionalMaxPool3DWithFixedKsize((2, 2, 3), (2, 3, 2))(x3, s3)
    assert y.shape == (1, 2, 2, 3, 2) and a.dtype == ms.int64
    np.testing.assert_allclose(y.asnumpy().reshape(-1), [1.1788, 1.7859, 2.3831, 1.9436, 1.3264,
        1.9295, 0.7863, 2.2593, 0.7812, 2.0645, 1.5364, 1.2111, 1.6596, 1.6581, 1.3645, 0.34,
        0.7733, 0.9433, 2.4125, 1.3191, 1.5133, 0.8626, 2.6962, 2.021], atol=1e-4)
    assert a.asnumpy().reshape(-1).tolist() == [0, 11, 58, 19, 37, 75, 126, 132, 149, 193, 197,
        201, 43, 5, 56, 67, 36, 33, 169, 180, 190, 188, 198, 159]
