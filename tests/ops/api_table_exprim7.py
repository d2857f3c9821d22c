"""api_table rows for the Primitive classes of tag exprim7 (generated in
operations_from_functions.py from mindcell/ops/operations_more_funcs.py and existing ops
functions): segment reductions, least squares, triangular solves, index utilities and random
samplers."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, P

S = (2, 3)
NF = dict(f16=False)
NG = dict(grad=False)
SEG = ms.Tensor(np.array([0, 0, 2], np.int32))
I32 = lambda a: ms.Tensor(np.array(a, np.int32))  # noqa: E731
EYE_L = ms.Tensor(np.array([[2.0, 0.0, 0.0], [0.5, 1.5, 0.0], [0.2, -0.3, 1.0]], np.float32))


def _sna(u):
    p = ms.Parameter(ms.Tensor(np.ones((3, 3)), u.dtype), name="api_table_exprim7_p")
    return ops.ScatterNonAliasingAdd()(p, I32([[0], [2]]), u) * 1


ROWS = [
    *[P(n, (), (3, 2), call=(SEG,)) for n in ("SegmentSum", "SegmentMean")],
    *[P(n, (), (3, 2), call=(SEG,), grad=False) for n in ("SegmentMax", "SegmentMin")],
    P("SegmentProd", (), (3, 2), call=(SEG,), **NF),
    P("MatrixPower", (3,), (2, 3, 3), **NF),
    R("ops.CholeskySolve", lambda b: ops.CholeskySolve()(b, ms.Tensor(EYE_L.asnumpy(), b.dtype)),
      (3, 2), **NF),
    R("ops.CholeskyInverse", lambda x: ops.CholeskyInverse()(x + 3 * ops.eye(3, 3, x.dtype)),
      ("pos", (3, 3)), grad=False, **NF),
    P("Lstsq", (), (4, 3), (4, 2), grad=False, **NF),
    R("ops.MatrixSolveLs", lambda a, b: ops.MatrixSolveLs()(a, b, ms.Tensor(0.1, ms.float64)),
      (4, 3), (4, 2), **NF),
    R("ops.MatrixTriangularSolve",
      lambda a, b: ops.MatrixTriangularSolve(False, True)(a + 3 * ops.eye(3, 3, a.dtype), b),
      ("pos", (3, 3)), (3, 2), **NF),
    P("TridiagonalMatMul", (), (1, 3), (1, 3), (1, 3), (3, 2), **NF),
    R("ops.UnravelIndex", lambda x: ops.UnravelIndex()(x, I32([3, 4])), ("int", (4,), 12),
      kind="datadep"),
    R("ops.ListDiff", lambda x, y: ops.ListDiff()(x, y)[0], ("int", (6,), 4), ("int", (2,), 4),
      kind="datadep"),
    R("ops.NthElement", lambda x: ops.NthElement(True)(x, 1), S, grad=False),
    R("ops.SplitV", lambda x: ops.SplitV([1, -1], 1, 2)(x)[1], S),
    R("ops.CumulativeLogsumexp", lambda x: ops.CumulativeLogsumexp(False, True)(
        x, ms.Tensor(1)), S, **NF),
    P("CheckNumerics", (), S, kind="datadep"),
    P("FillDiagonal", (2.5, True), (5, 2)),
    P("DataFormatVecPermute", (), ("int", (4, 2), 9)),
    P("Histogram", (4, -1.0, 1.0), S, grad=False, kind="datadep"),
    R("ops.HistogramFixedWidth", lambda x: ops.HistogramFixedWidth(3)(
        x, ms.Tensor(np.array([-1.0, 1.0]), x.dtype)), S, grad=False, kind="datadep"),
    R("ops.EuclideanNorm", lambda x: ops.EuclideanNorm(True)(x, (0, 1)), ("away", S)),
    P("NuclearNorm", ((1, 2), True), (2, 3, 3), grad=False, **NF),
    R("ops.IdentityN", lambda x, y: ops.IdentityN()([x, y])[1], S, S),
    P("InplaceUpdate", ((0, 2),), (3, 2), (2, 2)),
    R("ops.ScatterAddWithAxis", lambda x, u: ops.ScatterAddWithAxis(1)(
        x, I32([[0, 2], [1, 1]]), u), S, (2, 2)),
    R("ops.ScatterNonAliasingAdd", _sna, (2, 3), **NG),
    R("ops.MaskedScatter", lambda x, u: ops.MaskedScatter()(
        x, ms.Tensor(np.array([True, False, True])), u), S, (6,)),
    R("ops.AdaptiveMaxPool2D", lambda x: ops.AdaptiveMaxPool2D((2, 1))(x)[0], (1, 2, 4, 3)),
    R("ops.MaxUnpool3D", lambda x: ops.MaxUnpool3D(2)(x, ms.Tensor(
        np.array([[[[[1, 6]]]]], np.int64))), (1, 1, 1, 1, 2)),
    P("BatchToSpace", (2, [[0, 0], [1, 0]]), (4, 1, 2, 2)),
    P("SpaceToBatch", (2, [[0, 0], [1, 1]]), (1, 2, 2, 2)),
    P("BatchToSpaceND", ([2, 1], [[0, 0], [0, 0]]), (4, 1, 2, 2)),
    R("ops.BatchToSpaceNDV2", lambda x: ops.BatchToSpaceNDV2()(x, I32([1, 2]), I32([[0, 0],
                                                                                [0, 1]])),
      (2, 1, 2, 2)),
    R("ops.AccumulateNV2", lambda x, y: ops.AccumulateNV2()([x, y]), S, S),
    R("ops.TruncatedNormal", lambda x: x + ops.TruncatedNormal()(I32([2, 3])), S, kind="random"),
    R("ops.Cauchy", lambda x: x + ops.Cauchy([2, 3])(), S, kind="random"),
    R("ops.LogNormalReverse", lambda x: ops.LogNormalReverse()(x), S, kind="random"),
    R("ops.Randperm", lambda x: x + ops.Randperm(3, -1)(I32([2])), ("int", (3,), 3),
      kind="random"),
    R("ops.RandpermV2", lambda x: x + ops.RandpermV2()(3), ("int", (3,), 3), kind="random"),
]


# optimizer primitives: each row resets its state Parameters from x first (eager and compiled
# calls start alike) and returns the updated var
STATE = [ms.Parameter(ms.Tensor(np.zeros(S, np.float32)), name="api_table_exprim7_%d" % k)
         for k in range(4)]
ROWS_IDX = I32([1, 0])


def _step(call):
    def fn(x, g):
        var, a, b, c = STATE
        ops.assign(var, x)
        ops.assign(a, x * x + 1.0)
        ops.assign(b, x * 0.5)
        ops.assign(c, x * x + 2.0)
        call(var, a, b, c, g)
        return var * 1
    return fn


STEPS = {
    "ApplyAdamWithAmsgrad": lambda v, a, b, c, g: ops.ApplyAdamWithAmsgrad()(
        v, b, a, c, 0.9, 0.99, 0.01, g),
    "ApplyKerasMomentum": lambda v, a, b, c, g: ops.ApplyKerasMomentum()(v, b, 0.1, g, 0.9),
    "SparseApplyAdagrad": lambda v, a, b, c, g: ops.SparseApplyAdagrad(0.1)(v, a, g, ROWS_IDX),
    "SparseApplyRMSProp": lambda v, a, b, c, g: ops.SparseApplyRMSProp(0.9, 0.5, 1e-6)(
        v, a, b, 0.1, g, ROWS_IDX),
    "SparseApplyAdadelta": lambda v, a, b, c, g: ops.SparseApplyAdadelta(1e-6)(
        v, a, c, 0.1, 0.9, g, ROWS_IDX),
    "SparseApplyFtrlV2": lambda v, a, b, c, g: ops.SparseApplyFtrlV2(0.1, 0.01, 0.01, 0.1, -0.5)(
        v, a, b, g, ROWS_IDX),
    "FusedSparseAdam": lambda v, a, b, c, g: ops.FusedSparseAdam()(
        v, b, a, 0.9, 0.99, 0.01, 0.9, 0.99, 1e-8, g, ROWS_IDX),
    "FusedSparseLazyAdam": lambda v, a, b, c, g: ops.FusedSparseLazyAdam()(
        v, b, a, 0.9, 0.99, 0.01, 0.9, 0.99, 1e-8, g, ROWS_IDX),
    "FusedSparseFtrl": lambda v, a, b, c, g: ops.FusedSparseFtrl(0.1, 0.01, 0.01, -0.5)(
        v, a, b, g, ROWS_IDX),
    "FusedSparseProximalAdagrad": lambda v, a, b, c, g: ops.FusedSparseProximalAdagrad()(
        v, a, 0.1, 0.01, 0.01, g, ROWS_IDX),
}
ROWS += [R("ops." + name, _step(call), S, S, grad=False, f16=False)
         for name, call in STEPS.items()]


def _no_update(x, g):
    m, v = STATE[:2]
    ops.assign(m, x * 0.5)
    ops.assign(v, x * x + 1.0)
    f = lambda a: ms.Tensor(np.array(a, np.float32))  # noqa: E731
    return ops.AdamNoUpdateParam()(m, v, f(0.9), f(0.99), f(0.01), f(0.9), f(0.99), f(1e-8), g)


ROWS += [
    R("ops.AdamNoUpdateParam", _no_update, S, S, grad=False, f16=False),
    *[P("Bessel" + k, (), ("pos", S), grad=False) for k in (
        "I0", "I0e", "I1", "I1e", "J0", "J1", "K0", "K0e", "K1", "K1e", "Y0", "Y1")],
    P("Zeta", (), ("pos", S), ("pos", S), grad=False, f16=False),
    R("ops.MatrixDiagV3", lambda x: ops.MatrixDiagV3()(x, 0, -1, -1, 0.0), (2, 3)),
    R("ops.MatrixDiagPartV3", lambda x: ops.MatrixDiagPartV3()(x, 0, 0.0), (2, 3)),
    R("ops.MatrixSetDiagV3", lambda x, d: ops.MatrixSetDiagV3()(x, d, 0), (2, 3), (2,)),
    R("ops.UniqueWithPad", lambda x: ops.UniqueWithPad()(x, -1)[0], ("int", (6,), 4),
      kind="datadep"),
]


IMG_SIZE = I32([3, 5])
ROWS += [
    R("ops.MaxPoolWithArgmaxV2", lambda x: ops.MaxPoolWithArgmaxV2(2, 1, 1)(x)[0], (1, 2, 4, 4)),
    R("ops.MaxPool3DWithArgmax", lambda x: ops.MaxPool3DWithArgmax(2, 1, 0)(x)[0],
      (1, 2, 3, 3, 3), **NF),
    R("ops.ResizeLinear1D", lambda x: ops.ResizeLinear1D("half_pixel")(x, (5,)), (1, 2, 3)),
    R("ops.ResizeArea", lambda x: ops.ResizeArea()(x, IMG_SIZE), (1, 4, 3, 2), f16=False,
      fd="its output is float32 for every input dtype (MindSpore's ResizeArea)"),
    R("ops.ResizeBicubic", lambda x: ops.ResizeBicubic()(x, IMG_SIZE), (1, 2, 4, 3)),
    P("RGBToHSV", (), ("prob", (2, 3)), grad=False),
    P("HSVToRGB", (), ("prob", (1, 2, 2, 3)), grad=False),
    R("ops.AdjustHue", lambda x: ops.AdjustHue()(x, 0.3), ("prob", (2, 3)), grad=False),
    R("ops.AdjustSaturation", lambda x: ops.AdjustSaturation()(x, 0.5), ("prob", (2, 3)),
      grad=False),
    R("ops.CompareAndBitpack", lambda x: ops.CompareAndBitpack()(x, 0.0), (2, 8), grad=False),
    R("ops.RaggedRange", lambda x: ops.RaggedRange(ms.int64)(x, x + 3, x * 0 + 1)[1],
      ("int", (3,), 4), kind="datadep"),
    R("ops.PadV3", lambda x: ops.PadV3("reflect")(x, (1, 1, 0, 1)), (1, 2, 3)),
    R("ops.NonMaxSuppressionWithOverlaps", lambda o, s: ops.NonMaxSuppressionWithOverlaps()(
        o, s, 3, 0.5, 0.0), ("prob", (4, 4)), ("prob", (4,)), grad=False, kind="datadep"),
    R("ops.NonMaxSuppressionV3", lambda b, s: ops.NonMaxSuppressionV3()(b, s, 3, 0.5, 0.0),
      ("prob", (4, 4)), ("prob", (4,)), grad=False, kind="datadep"),
    R("ops.CombinedNonMaxSuppression", lambda b, s: ops.CombinedNonMaxSuppression()(
        b, s, 2, 3, 0.5, 0.0)[1], ("prob", (1, 4, 1, 4)), ("prob", (1, 4, 2)), grad=False,
      f16=False, kind="datadep"),
]


ROWS += [
    P("NextAfter", (), S, S, grad=False, f16=False),
    R("ops.LuSolve", lambda b: ops.LuSolve()(b, ms.Tensor(EYE_L.asnumpy().T, b.dtype) + ms.Tensor(
        np.tril(EYE_L.asnumpy(), -1), b.dtype), I32([1, 2, 3])), (3, 2), **NF),
    R("ops.TripletMarginLoss", lambda a, p, n: ops.TripletMarginLoss()(a, p, n, 1.0), S, S, S),
    R("ops.MultilabelMarginLoss", lambda x: ops.MultilabelMarginLoss()(x, I32([[1, -1, 0],
                                                                               [2, 0, -1]]))[0],
      S),
    R("ops.AffineGrid", lambda t: ops.AffineGrid()(t, (1, 1, 2, 3)), (1, 2, 3),
      fd="float16/float32 only (MindSpore's AffineGrid): no float64 to differentiate"),
    R("ops.AdaptiveMaxPool3D", lambda x: ops.AdaptiveMaxPool3D()(x, I32([1, 2, 1]))[0],
      (1, 2, 2, 3, 2)),
    R("ops.MultinomialWithReplacement", lambda x: ops.MultinomialWithReplacement(2, True)(
        x, ms.Tensor(1, ms.int64), ms.Tensor(0, ms.int64)), ("pos", S), kind="random"),
    R("ops.RandomGamma", lambda x: ops.RandomGamma()(I32([2]), x), ("pos", S), kind="random"),
    R("ops.RandomPoisson", lambda x: ops.RandomPoisson()(I32([2]), x), ("pos", S),
      kind="random"),
    R("ops.Gamma", lambda x: ops.Gamma()((2, 3), x, x), ("pos", S), kind="random", f16=False),
    R("ops.Poisson", lambda x: ops.Poisson()((2, 3), x), ("pos", S), kind="random", f16=False),
    R("ops.LogUniformCandidateSampler", lambda x: ops.LogUniformCandidateSampler(1, 3, True, 5)(
        x)[0], ("int", (2, 1), 5, np.int64), kind="random"),
    R("ops.UniformCandidateSampler", lambda x: ops.UniformCandidateSampler(1, 3, True, 5)(x)[0],
      ("int", (2, 1), 5, np.int64), kind="random"),
]


ROWS += [
    P("Betainc", (), ("pos", S), ("pos", S), ("prob", S), grad=False, f16=False),
    R("ops.Geqrf", lambda x: ops.Geqrf()(x)[0], (4, 3), grad=False, f16=False),
    R("ops.Orgqr", lambda x: ops.Orgqr()(*ops.Geqrf()(x)), (4, 3), grad=False, f16=False),
    R("ops.Ormqr", lambda x, c: ops.Ormqr()(*ops.Geqrf()(x), c), (4, 3), (4, 2), grad=False,
      f16=False),
    R("ops.NonDeterministicInts", lambda x: x + ops.NonDeterministicInts(ms.int32)(I32([3])),
      ("int", (3,), 5, np.int32), kind="random"),
    R("ops.ConfusionMatrix", lambda a, b: ops.ConfusionMatrix(4)(a, b), ("int", (5,), 4),
      ("int", (5,), 4), kind="datadep"),
    R("ops.LerpScalar", lambda x, y: ops.LerpScalar()(x, y, 0.25), S, S),
    R("ops.ExtractImagePatches", lambda x: ops.ExtractImagePatches(
        [1, 1, 2, 2], [1, 1, 1, 2], [1, 1, 1, 1], "SAME")(x), (1, 2, 3, 4)),
    R("ops.ExtractVolumePatches", lambda x: ops.ExtractVolumePatches(
        [1, 1, 1, 2, 2], 1, "VALID")(x), (1, 2, 2, 3, 3)),
    R("ops.Dilation2D", lambda x, w: ops.Dilation2D(1, 1, "SAME")(x, w), (1, 2, 3, 4),
      (2, 2, 2)),
]


SPARSE_H = (ms.Tensor(np.array([[0, 0], [0, 1], [1, 0]], np.int64)),
            ms.Tensor(np.array([2, 3], np.int64)))
ROWS += [
    R("ops.EditDistance", lambda v: ops.EditDistance()(SPARSE_H[0], v, SPARSE_H[1], SPARSE_H[0],
                                                       v * 0, SPARSE_H[1]),
      ("int", (3,), 4), kind="datadep"),
    R("ops.ParameterizedTruncatedNormal", lambda m: ops.ParameterizedTruncatedNormal()(
        I32([2, 3]), m, m * 0 + 1, m - 1, m + 1), (2,), kind="random", f16=False),
    R("ops.MapUniform", lambda x: ops.MapUniform()(x, 3, 2), ("int", (6,), 6)),
    R("ops.SubAndFilter", lambda x: ops.SubAndFilter()(x, 4, 1)[0], ("int", (6,), 6),
      kind="datadep"),
    R("ops.NoRepeatNGram", lambda p: ops.NoRepeatNGram(2)(I32([[[1, 2, 1]], [[0, 0, 0]]]), p),
      (2, 1, 3), grad=False),
]


ROWS += [
    R("ops.GridSampler3D", lambda x, g: ops.GridSampler3D("bilinear", "border", True)(x, g),
      (1, 2, 2, 3, 3), ("prob", (1, 2, 1, 2, 3))),
]


ROWS += [
    R("ops.Conv3DTranspose", lambda d, w: ops.Conv3DTranspose(2, 3, (2, 2, 2), stride=2)(d, w),
      (1, 2, 2, 2, 3), (2, 3, 2, 2, 2)),
    R("ops.Quantile", lambda x: ops.Quantile(dim=1)(x, ms.Tensor(0.25, x.dtype)), S, f16=False),
]


ROWS += [
    R("ops.FractionalMaxPool", lambda x: ops.FractionalMaxPool(
        [1.0, 2.0, 1.5, 1.0], deterministic=True)(x)[0],
      (1, 4, 3, 2), f16=False),
    R("ops.FractionalAvgPool", lambda x: ops.FractionalAvgPool(
        [1.0, 2.0, 1.5, 1.0], deterministic=True)(x)[0],
      (1, 4, 3, 2), f16=False),
]


ROWS += [
    R("ops.FractionalMaxPoolWithFixedKsize", lambda x: ops.FractionalMaxPoolWithFixedKsize(
        2, (2, 2))(x, ms.Tensor(np.full((1, 2, 2), 0.5), x.dtype))[0], (1, 2, 5, 4)),
    R("ops.FractionalMaxPool3DWithFixedKsize", lambda x: ops.FractionalMaxPool3DWithFixedKsize(
        2, (2, 2, 2))(x, ms.Tensor(np.full((1, 2, 3), 0.5), x.dtype))[0], (1, 2, 3, 4, 5)),
]


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    x = lambda: t(a["X"])  # noqa: E731
    idx = lambda: t(np.array([1, 0], np.int32))  # noqa: E731

    def st(k):
        return [ms.Parameter(t(np.abs(a["X"]) + 0.5 + j)) for j in range(k)]

    i32 = lambda v: t(np.array(v, np.int32))  # noqa: E731
    seg = lambda: i32([0, 1])  # noqa: E731
    return {
        **{n: (lambda: ([], [x(), seg()])) for n in ("SegmentSum", "SegmentMax", "SegmentMin",
                                                     "SegmentMean", "SegmentProd")},
        "AdaptiveMaxPool2D": lambda: ([(1, 2)], [t(a["X4"])]),
        "BatchToSpace": lambda: ([2, [[0, 0], [0, 0]]], [t(a["X4"][:, :1].reshape(4, 2, 2, 2))]),
        "BatchToSpaceND": lambda: ([[2, 1], [[0, 0], [0, 0]]], [t(a["X4"])]),
        "BatchToSpaceNDV2": lambda: ([], [t(a["X4"]), i32([2, 1]), i32([[0, 0], [0, 0]])]),
        "SpaceToBatch": lambda: ([2, [[0, 0], [0, 0]]], [t(a["X4"])]),
        "Cauchy": lambda: ([[2, 3]], []),
        "DataFormatVecPermute": lambda: ([], [i32([1, 2, 3, 4])]),
        "EuclideanNorm": lambda: ([], [x(), (0,)]),
        "FillDiagonal": lambda: ([1.5], [x()]),
        "HistogramFixedWidth": lambda: ([3], [x(), t(np.array([-1.0, 1.0], np.float32))]),
        "IdentityN": lambda: ([], [[x(), x()]]),
        "InplaceUpdate": lambda: ([(1,)], [x(), x()[:1]]),
        "ListDiff": lambda: ([], [t(a["I"]), t(a["I"][:1])]),
        "MaskedScatter": lambda: ([], [x(), t(a["B"]), x()]),
        "MatrixPower": lambda: ([2], [t(a["SPD"])]),
        "MatrixSolveLs": lambda: ([], [t(a["SPD"]), t(a["SPD"][:, :2]),
                                       t(np.array(0.0, np.float64))]),
        "MatrixTriangularSolve": lambda: ([], [t(a["SPD"]), t(a["SPD"][:, :2])]),
        "MaxUnpool3D": lambda: ([2], [t(np.ones((1, 1, 1, 1, 2), np.float32)),
                                      t(np.array([[[[[1, 6]]]]], np.int64))]),
        "Randperm": lambda: ([3], [i32([2])]),
        "ScatterAddWithAxis": lambda: ([1], [x(), i32([[0, 2], [1, 1]]), x()[:, :2]]),
        "ScatterNonAliasingAdd": lambda: ([], [ms.Parameter(x(), name="fuzz_exprim7"),
                                               i32([[0]]), x()[:1]]),
        "SplitV": lambda: ([[1, -1], 1, 2], [x()]),
        "TridiagonalMatMul": lambda: ([], [x()[:1, :2], x()[1:, :2], x()[:1, 1:],
                                           x()[:, :2].T]),
        "UnravelIndex": lambda: ([], [t(a["I"]), t(np.array([2, 3], np.int64))]),
        "ApplyAdamWithAmsgrad": lambda: ([], [*st(4), 0.9, 0.99, 0.01, x()]),
        "ApplyKerasMomentum": lambda: ([], [*st(2), 0.1, x(), 0.9]),
        "AdamNoUpdateParam": lambda: ([], [*st(2), *[t(np.array(v, np.float32)) for v in (
            0.9, 0.99, 0.01, 0.9, 0.99, 1e-8)], x()]),
        "SparseApplyAdagrad": lambda: ([0.1], [*st(2), x(), idx()]),
        "SparseApplyRMSProp": lambda: ([0.9, 0.5, 1e-6], [*st(3), 0.1, x(), idx()]),
        "SparseApplyAdadelta": lambda: ([1e-6], [*st(3), 0.1, 0.9, x(), idx()]),
        "SparseApplyFtrlV2": lambda: ([0.1, 0.01, 0.01, 0.1, -0.5], [*st(3), x(), idx()]),
        "FusedSparseAdam": lambda: ([], [*st(3), 0.9, 0.99, 0.01, 0.9, 0.99, 1e-8, x(), idx()]),
        "FusedSparseLazyAdam": lambda: ([], [*st(3), 0.9, 0.99, 0.01, 0.9, 0.99, 1e-8, x(),
                                             idx()]),
        "FusedSparseFtrl": lambda: ([0.1, 0.01, 0.01, -0.5], [*st(3), x(), idx()]),
        "FusedSparseProximalAdagrad": lambda: ([], [*st(2), 0.1, 0.01, 0.01, x(), idx()]),
        "MatrixDiagV3": lambda: ([], [x(), 0, -1, -1, 0.0]),
        "MatrixDiagPartV3": lambda: ([], [x(), 0, 0.0]),
        "MatrixSetDiagV3": lambda: ([], [x(), x()[:, 0], 0]),
        "UniqueWithPad": lambda: ([], [t(a["I"]), -1]),
        "Zeta": lambda: ([], [t(np.abs(a["X"]) + 1.5), t(np.abs(a["X"]) + 0.5)]),
        "MaxPoolWithArgmaxV2": lambda: ([2], [t(a["X4"])]),
        "MaxPool3DWithArgmax": lambda: ([2, 1, 0], [t(a["X4"][None])]),
        "ResizeLinear1D": lambda: ([], [t(a["BIG3D"]), (6,)]),
        "ResizeArea": lambda: ([], [t(a["X4"]), (3, 2)]),
        "ResizeBicubic": lambda: ([], [t(a["X4"]), (3, 2)]),
        "HSVToRGB": lambda: ([], [t(np.abs(a["X4"][:, :, :3, :3]))]),
        "AdjustHue": lambda: ([], [x(), 0.2]),
        "AdjustSaturation": lambda: ([], [x(), 0.5]),
        "CompareAndBitpack": lambda: ([], [t(np.ones((2, 8), np.float32)), 0.5]),
        "RaggedRange": lambda: ([ms.int64], [i32([0, 1]), i32([3, 4]), i32([1, 2])]),
        "PadV3": lambda: ([], [x(), (1, 1)]),
        "NonMaxSuppressionWithOverlaps": lambda: ([], [t(a["SPD"][:3, :3] / 4), x()[0], 2, 0.5,
                                                       0.0]),
        "NonMaxSuppressionV3": lambda: ([], [t(np.abs(a["X"][:, :2].repeat(2, 1))), x()[:, 0],
                                             2, 0.5, 0.0]),
        "LuSolve": lambda: ([], [x().T, t(np.eye(3, dtype=np.float32)), i32([1, 2, 3])]),
        "TripletMarginLoss": lambda: ([], [x(), x(), x(), 1.0]),
        "MultilabelMarginLoss": lambda: ([], [x(), i32([[1, -1, 0], [2, 0, -1]])]),
        "AffineGrid": lambda: ([], [x()[None], (1, 1, 2, 3)]),
        "AdaptiveMaxPool3D": lambda: ([], [t(a["X4"]), i32([1, 2, 1])]),
        "MultinomialWithReplacement": lambda: ([2, True], [t(np.abs(a["X"])),
                                                           t(np.array(1, np.int64)),
                                                           t(np.array(0, np.int64))]),
        "RandomGamma": lambda: ([], [i32([2]), t(np.abs(a["X"]) + 1)]),
        "RandomPoisson": lambda: ([], [i32([2]), t(np.abs(a["X"]) + 1)]),
        "Gamma": lambda: ([], [(2, 3), t(np.abs(a["X"]) + 1), t(np.abs(a["X"]) + 1)]),
        "Poisson": lambda: ([], [(2, 3), t(np.abs(a["X"]) + 1)]),
        "LogUniformCandidateSampler": lambda: ([1, 3, True, 5], [t(np.array([[1], [2]],
                                                                            np.int64))]),
        "UniformCandidateSampler": lambda: ([1, 3, True, 5], [t(np.array([[1], [2]],
                                                                         np.int64))]),
        "Betainc": lambda: ([], [t(np.abs(a["X"]) + 1), t(np.abs(a["X"]) + 1),
                                 t(np.full((2, 3), 0.5, np.float32))]),
        "Geqrf": lambda: ([], [t(a["SPD"])]),
        "Orgqr": lambda: ([], [t(a["SPD"]), t(np.full(4, 1.5, np.float32))]),
        "Ormqr": lambda: ([], [t(a["SPD"]), t(np.full(4, 1.5, np.float32)), t(a["SPD"])]),
        "NonDeterministicInts": lambda: ([], [i32([2, 3])]),
        "ConfusionMatrix": lambda: ([3], [i32([0, 1, 2]), i32([2, 1, 0])]),
        "LerpScalar": lambda: ([], [x(), x(), 0.5]),
        "ExtractImagePatches": lambda: ([[1, 1, 2, 2], [1, 1, 1, 1], [1, 1, 1, 1], "VALID"],
                                        [t(a["X4"])]),
        "ExtractVolumePatches": lambda: ([[1, 1, 1, 2, 2], 1, "VALID"], [t(a["X4"][None])]),
        "Dilation2D": lambda: ([1, 1, "SAME"], [t(a["X4"]), t(np.zeros((3, 2, 2), np.float32))]),
        "EditDistance": lambda: ([], [t(np.array([[0, 0], [0, 1]], np.int64)), i32([1, 2]),
                                      t(np.array([1, 2], np.int64)),
                                      t(np.array([[0, 0]], np.int64)), i32([1]),
                                      t(np.array([1, 2], np.int64))]),
        "ParameterizedTruncatedNormal": lambda: ([], [i32([2, 3]), *[t(np.array(
            [v, v], np.float32)) for v in (0.0, 1.0)], t(np.array([-1.0, -1.0], np.float32)),
            t(np.array([1.0, 1.0], np.float32))]),
        "MapUniform": lambda: ([], [t(a["I"]), 3, 2]),
        "SubAndFilter": lambda: ([], [t(a["I"]), 2, 1]),
        "NoRepeatNGram": lambda: ([2], [i32([[[1, 2, 1]]]), t(np.zeros((1, 1, 3), np.float32))]),
        "GridSampler3D": lambda: ([], [t(a["X4"][None]), t(np.zeros((1, 2, 1, 2, 3),
                                                                       np.float32))]),
        "Conv3DTranspose": lambda: ([3, 2, 2], [t(np.ones((1, 3, 2, 2, 2), np.float32)),
                                                t(np.ones((3, 2, 2, 2, 2), np.float32))]),
        "Quantile": lambda: ([], [x(), 0.5]),
        "FractionalMaxPool": lambda: ([[1.0, 2.0, 2.0, 1.0]], [t(a["X4"])]),
        "FractionalAvgPool": lambda: ([[1.0, 2.0, 2.0, 1.0]], [t(a["X4"])]),
        "FractionalMaxPoolWithFixedKsize": lambda: ([2, (1, 2)], [t(a["X4"]), t(np.full(
            (2, 3, 2), 0.5, np.float32))]),
        "FractionalMaxPool3DWithFixedKsize": lambda: ([1, (2, 2, 2)], [t(a["X4"][None]), t(
            np.full((1, 2, 3), 0.5, np.float32))]),
        "CombinedNonMaxSuppression": lambda: ([], [t(np.abs(a["X4"][:1, :2, :1, :4])),
                                                   t(np.abs(a["X"][None])), 2, 3, 0.5, 0.0]),
    }
