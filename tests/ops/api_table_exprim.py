"""api_table rows and fuzz constructors for the Primitive classes added from MindSpore 2.10's
documentation examples (tag exprim): the optimizer primitives ops.ApplyAdadelta,
ApplyAdagrad(V2/DA), ApplyAdamWithAmsgradV2, ApplyAddSign, ApplyPowerSign, ApplyRMSProp,
ApplyCenteredRMSProp, ApplyFtrl, ApplyGradientDescent, ApplyProximalGradientDescent, SGD,
SparseApplyAdagradV2 and SparseApplyFtrl (each row resets its state Parameters to values of x
first, so eager and compiled calls start alike, and returns the updated var), and the classes
generated in operations_from_functions.py (Argmin, Conv3D, LRN, InplaceAdd ...)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, P

S = (2, 3)
STATE = [ms.Parameter(ms.Tensor(np.zeros(S, np.float32)), name="api_table_exprim_%d" % k)
         for k in range(4)]
INDICES = ms.Tensor(np.array([1, 0], np.int32))
NG = dict(grad=False, f16=False)


def _reset(x):
    var, a, b, c = STATE
    ops.assign(var, x)
    ops.assign(a, x * x + 1.0)  # positive: accumulators, mean squares
    ops.assign(b, x * 0.5)
    ops.assign(c, x * x + 2.0)
    return var, a, b, c


def _step(call):
    def fn(x, g):
        var, a, b, c = _reset(x)
        call(var, a, b, c, g)
        return var * 1
    return fn


STEPS = {
    "ApplyAdadelta": lambda v, a, b, c, g: ops.ApplyAdadelta()(v, a, c, 0.1, 0.9, 1e-6, g),
    "ApplyAdagrad": lambda v, a, b, c, g: ops.ApplyAdagrad()(v, a, 0.1, g),
    "ApplyAdagradV2": lambda v, a, b, c, g: ops.ApplyAdagradV2(1e-6)(v, a, 0.1, g),
    "ApplyAdagradDA": lambda v, a, b, c, g: ops.ApplyAdagradDA()(v, b, a, g, 0.1, 0.01, 0.01,
                                                                 2),
    "ApplyAdamWithAmsgradV2": lambda v, a, b, c, g: ops.ApplyAdamWithAmsgradV2()(
        v, b, a, c, 0.9, 0.99, 0.01, 0.9, 0.999, 1e-8, g),
    "ApplyAddSign": lambda v, a, b, c, g: ops.ApplyAddSign()(v, b, 0.1, 1.0, 0.5, 0.9, g),
    "ApplyPowerSign": lambda v, a, b, c, g: ops.ApplyPowerSign()(v, b, 0.1, 1.0, 0.5, 0.9, g),
    "ApplyRMSProp": lambda v, a, b, c, g: ops.ApplyRMSProp()(v, a, b, 0.1, g, 0.9, 0.5, 1e-6),
    "ApplyCenteredRMSProp": lambda v, a, b, c, g: ops.ApplyCenteredRMSProp()(
        v, b, c, a, g, 0.1, 0.9, 0.5, 1e-6),
    "ApplyFtrl": lambda v, a, b, c, g: ops.ApplyFtrl()(v, a, b, g, 0.1, 0.01, 0.01, -0.5),
    "ApplyGradientDescent": lambda v, a, b, c, g: ops.ApplyGradientDescent()(v, 0.1, g),
    "ApplyProximalGradientDescent": lambda v, a, b, c, g: ops.ApplyProximalGradientDescent()(
        v, 0.1, 0.01, 0.01, g),
    "SGD": lambda v, a, b, c, g: ops.SGD(0.0, 0.01)(v, g, 0.1, b, 0.9, a),
    "SparseApplyAdagradV2": lambda v, a, b, c, g: ops.SparseApplyAdagradV2(0.1, 1e-6)(
        v, a, g, INDICES),
    "SparseApplyFtrl": lambda v, a, b, c, g: ops.SparseApplyFtrl(0.1, 0.01, 0.01, -0.5)(
        v, a, b, g, INDICES),
}

ROWS = [R("ops." + name, _step(call), S, S, **NG) for name, call in STEPS.items()]

PADS = ms.Tensor(np.array([[1, 1], [1, 1]], np.int64))
TARGETS = ms.Tensor(np.array([0, 2], np.int32))
NF = dict(f16=False)
ROWS += [
    P("ChannelShuffle", (2,), (1, 4, 2, 2)),
    P("Ger", (), (3,), (4,)),
    R("ops.UniqueConsecutive", lambda x: ops.UniqueConsecutive(True, True)(x)[0],
      ("int", (6,), 3), kind="datadep"),
    R("ops.LowerBound", lambda x, v: ops.LowerBound()(ops.sort(x)[0], v), S, S, grad=False),
    R("ops.UpperBound", lambda x, v: ops.UpperBound(ms.int64)(ops.sort(x)[0], v), S, S,
      grad=False),
    R("ops.LogMatrixDeterminant", lambda x: ops.LogMatrixDeterminant()(x)[1], (3, 3), **NF),
    P("ReduceStd", (1, True, True), S, **NF),
    R("ops.MirrorPad", lambda x: ops.MirrorPad("REFLECT")(x, PADS), S),
    P("Conv3D", (2, 2), (1, 1, 3, 3, 3), (2, 1, 2, 2, 2), **NF),
    P("MulNoNan", (), S, S),
    P("SquareSumAll", (), S, S),
    P("ApproximateEqual", (0.5,), S, S, grad=False),
    P("EqualCount", (), ("int", S, 2), ("int", S, 2)),
    R("ops.InvertPermutation", lambda x: x * ops.InvertPermutation()((1, 2, 0))[0], S),
    R("ops.FillV2", lambda x: ops.FillV2()((2, 3), x[0, 0]), S, grad=False),
    R("ops.ParallelConcat", lambda x, y: ops.ParallelConcat()((x, y)), (1, 3), (1, 3)),
    P("Padding", (3,), (2, 1)),
    R("ops.InTopK", lambda x: ops.InTopK(2)(x, TARGETS), S, grad=False),
    P("InplaceAdd", ((0, 2),), (3, 2), (2, 2)),
    P("InplaceSub", (1,), (3, 2), (1, 2)),
    R("ops.InplaceUpdateV2", lambda x, v: ops.InplaceUpdateV2()(x, (0, 2), v), (3, 2), (2, 2)),
    P("Eps", (), S, grad=False),
    P("LRN", (1, 2.0, 0.5, 0.75), ("pos", (1, 4, 2, 2))),
    R("ops.Median", lambda x: ops.Median(axis=1)(x)[0], S, grad=False),
    R("ops.Bincount", lambda a, w: ops.Bincount()(a, 3, w), ("int", (6,), 5), (6,), grad=False,
      kind="datadep"),
    R("ops.HammingWindow", lambda x: x * ops.HammingWindow()(ms.Tensor(np.array([3], np.int32))),
      (3,), kind="datadep"),
    R("ops.BartlettWindow", lambda x: x * ops.BartlettWindow()(ms.Tensor(3, ms.int32)), (3,),
      kind="datadep"),
    R("ops.BlackmanWindow", lambda x: x * ops.BlackmanWindow()(ms.Tensor(3, ms.int32)), (3,),
      kind="datadep"),
    P("PopulationCount", (), ("int", S, 100)),
    P("Pdist", (1.5,), (4, 3), **NF),
    P("DataFormatDimMap", (), ("int", S, 4)),
    P("MatrixSolve", (), ("pos", (3, 3)), (3, 2), grad=False, **NF),
    R("ops.IndexPut", lambda x, v: ops.IndexPut(1)(x, v, [TARGETS]), (3, 2), (2,)),
    R("ops.InplaceIndexAdd", lambda x, y: _index_add(x, y), S, (2, 1), grad=False, f16=False),
    P("Igammac", (), ("pos", S), ("pos", S), grad=False, **NF),
    P("Mvlgamma", (2,), ("pos", S), grad=False, **NF),
    P("Im2Col", (2,), (1, 2, 3, 3)),
    R("ops.Col2Im", lambda x: ops.Col2Im(2)(x, (3, 3)), (1, 2, 4, 4)),
    P("GridSampler2D", ("bilinear", "zeros", True), (1, 2, 3, 3), ("prob", (1, 2, 2, 2)),
      grad=False),
    R("ops.ResizeNearestNeighborV2", lambda x: ops.ResizeNearestNeighborV2()(x, (3, 5)),
      (1, 2, 2, 3)),
    R("ops.MaxUnpool2D", lambda x: ops.MaxUnpool2D(2)(x, UNPOOL_IDX), (1, 1, 2, 2)),
    P("LeftShift", (), ("int", S, 50), ("int", S, 4)),
    P("RightShift", (), ("int", S, 50), ("int", S, 4)),
    R("ops.UpsampleNearest3D", lambda x: ops.UpsampleNearest3D()(x, [2, 3, 3]), (1, 2, 1, 2, 2)),
    R("ops.UpsampleTrilinear3D", lambda x: ops.UpsampleTrilinear3D()(x, [2, 3, 3]),
      (1, 2, 1, 2, 2)),
    R("ops.SpaceToBatchND", lambda x: ops.SpaceToBatchND([2, 1], [[1, 1], [0, 0]])(x),
      (2, 1, 2, 3)),
    R("ops.Bernoulli", lambda x: ops.Bernoulli()(x, 0.5), S, kind="random"),
    P("AvgPool3D", (2, 1, "pad", 1, False, False), (1, 2, 2, 3, 3), **NF),
    P("AdaptiveAvgPool3D", ((1, 2, None),), (1, 2, 2, 3, 3)),
    R("ops.LuUnpack", lambda x: ops.LuUnpack()(x, LU_PIVOTS)[1], (3, 3), kind="datadep"),
    R("ops.RandomShuffle", lambda x: ops.RandomShuffle()(x), (4, 2), kind="random"),
    R("ops.RandomCategorical", lambda x: ops.RandomCategorical()(x, 3, 0), S, kind="random"),
    R("ops.Multinomial", lambda x: ops.Multinomial()(x, 3), ("pos", S), kind="random"),
    R("ops.StandardLaplace", lambda x: x + ops.StandardLaplace()(S), S, kind="random"),
]

LU_PIVOTS = ms.Tensor(np.array([2, 3, 3], np.int32))

UNPOOL_IDX = ms.Tensor(np.array([[[[0, 3], [9, 14]]]], np.int64))


def _index_add(x, y):
    var = STATE[0]
    ops.assign(var, x)
    ops.InplaceIndexAdd(1)(var, ms.Tensor(np.array([2], np.int32)), y)
    return var * 1



def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    def st(k):
        return [ms.Parameter(t(np.abs(a["X"]) + 0.5 + j)) for j in range(k)]

    x = lambda: t(a["X"])  # noqa: E731
    idx = lambda: t(np.array([1, 0], np.int32))  # noqa: E731
    return {
        "ApplyAdadelta": lambda: ([], [*st(3), 0.1, 0.9, 1e-6, x()]),
        "ApplyAdagrad": lambda: ([], [*st(2), 0.1, x()]),
        "ApplyAdagradV2": lambda: ([1e-6], [*st(2), 0.1, x()]),
        "ApplyAdagradDA": lambda: ([], [*st(3), x(), 0.1, 0.01, 0.01, 2]),
        "ApplyAdamWithAmsgradV2": lambda: ([], [*st(4), 0.9, 0.99, 0.01, 0.9, 0.999, 1e-8,
                                                x()]),
        "ApplyAddSign": lambda: ([], [*st(2), 0.1, 1.0, 0.5, 0.9, x()]),
        "ApplyPowerSign": lambda: ([], [*st(2), 0.1, 1.0, 0.5, 0.9, x()]),
        "ApplyRMSProp": lambda: ([], [*st(3), 0.1, x(), 0.9, 0.5, 1e-6]),
        "ApplyCenteredRMSProp": lambda: ([], [*st(4), x(), 0.1, 0.9, 0.5, 1e-6]),
        "ApplyFtrl": lambda: ([], [*st(3), x(), 0.1, 0.01, 0.01, -0.5]),
        "ApplyGradientDescent": lambda: ([], [*st(1), 0.1, x()]),
        "ApplyProximalGradientDescent": lambda: ([], [*st(1), 0.1, 0.01, 0.01, x()]),
        "SGD": lambda: ([], [st(1)[0], x(), 0.1, *st(1), 0.9, *st(1)]),
        "SparseApplyAdagradV2": lambda: ([0.1, 1e-6], [*st(2), x(), idx()]),
        "SparseApplyFtrl": lambda: ([0.1, 0.01, 0.01, -0.5], [*st(3), x(), idx()]),
        "ChannelShuffle": lambda: ([2], [t(np.zeros((1, 4, 2, 2), np.float32))]),
        "Ger": lambda: ([], [x()[0], x()[1]]),
        "UniqueConsecutive": lambda: ([True, True], [x()]),
        "LowerBound": lambda: ([], [x(), x()]),
        "UpperBound": lambda: ([], [x(), x()]),
        "LogMatrixDeterminant": lambda: ([], [t(np.eye(3, dtype=np.float32) * 2)]),
        "ReduceStd": lambda: ([1], [x()]),
        "MirrorPad": lambda: ([], [x(), t(np.array([[0, 0], [1, 1]], np.int64))]),
        "Conv3D": lambda: ([2, 2], [t(np.ones((1, 1, 3, 3, 3), np.float32)),
                                    t(np.ones((2, 1, 2, 2, 2), np.float32))]),
        "MulNoNan": lambda: ([], [x(), x()]),
        "SquareSumAll": lambda: ([], [x(), x()]),
        "ApproximateEqual": lambda: ([0.5], [x(), x()]),
        "EqualCount": lambda: ([], [x(), x()]),
        "InvertPermutation": lambda: ([], [(1, 2, 0)]),
        "FillV2": lambda: ([], [(2, 3), t(np.array(1.0, np.float32))]),
        "ParallelConcat": lambda: ([], [(x(), x())]),
        "Padding": lambda: ([3], [t(np.ones((2, 1), np.float32))]),
        "InTopK": lambda: ([1], [x(), t(np.zeros(x().shape[0], np.int32))]),
        "InplaceAdd": lambda: ([0], [x(), x()[:1]]),
        "InplaceSub": lambda: ([0], [x(), x()[:1]]),
        "InplaceUpdateV2": lambda: ([], [x(), 0, x()[:1]]),
        "Eps": lambda: ([], [x()]),
        "LRN": lambda: ([1], [t(np.ones((1, 4, 2, 2), np.float32))]),
        "Median": lambda: ([], [x()]),
        "Bincount": lambda: ([], [t(np.array([0, 1, 1], np.int32)), 3,
                                  t(np.ones(3, np.float32))]),
        "HammingWindow": lambda: ([], [t(np.array([4], np.int32))]),
        "BartlettWindow": lambda: ([], [t(np.array(4, np.int32))]),
        "BlackmanWindow": lambda: ([], [t(np.array(4, np.int32))]),
        "PopulationCount": lambda: ([], [t(np.array([1, 3], np.int32))]),
        "Pdist": lambda: ([], [x()]),
        "DataFormatDimMap": lambda: ([], [t(np.array([0, 1], np.int32))]),
        "MatrixSolve": lambda: ([], [t(np.eye(2, dtype=np.float32) * 2),
                                     t(np.ones((2, 1), np.float32))]),
        "InplaceIndexAdd": lambda: ([0], [ms.Parameter(t(np.ones((3, 2), np.float32))),
                                          t(np.array([1], np.int32)),
                                          t(np.ones((1, 2), np.float32))]),
        "IndexPut": lambda: ([], [x(), t(np.ones(1, np.float32)), [idx()]]),
        "Igammac": lambda: ([], [t(np.abs(a["X"]) + 1), t(np.abs(a["X"]))]),
        "Mvlgamma": lambda: ([2], [t(np.abs(a["X"]) + 1)]),
        "Im2Col": lambda: ([2], [t(np.ones((1, 1, 3, 3), np.float32))]),
        "Col2Im": lambda: ([2], [t(np.ones((1, 1, 4, 4), np.float32)), (3, 3)]),
        "GridSampler2D": lambda: ([], [t(np.ones((1, 1, 3, 3), np.float32)),
                                       t(np.zeros((1, 2, 2, 2), np.float32))]),
        "ResizeNearestNeighborV2": lambda: ([], [t(np.ones((1, 1, 2, 2), np.float32)),
                                                 (3, 3)]),
        "MaxUnpool2D": lambda: ([2], [t(np.ones((1, 1, 2, 2), np.float32)),
                                      t(np.array([[[[0, 3], [9, 14]]]], np.int64))]),
        "LeftShift": lambda: ([], [t(np.array([1, 2], np.int32)), t(np.array([1, 3], np.int32))]),
        "RightShift": lambda: ([], [t(np.array([8, 2], np.int32)), t(np.array([1, 3], np.int32))]),
        "UpsampleNearest3D": lambda: ([], [t(np.ones((1, 1, 1, 2, 2), np.float32)), [1, 3, 3]]),
        "UpsampleTrilinear3D": lambda: ([], [t(np.ones((1, 1, 1, 2, 2), np.float32)),
                                             [1, 3, 3]]),
        "SpaceToBatchND": lambda: ([[2, 1], [[0, 0], [0, 0]]], [t(np.ones((1, 1, 2, 2),
                                                                          np.float32))]),
        "Bernoulli": lambda: ([], [x(), 0.5]),
        "AvgPool3D": lambda: ([2], [t(np.ones((1, 1, 2, 2, 2), np.float32))]),
        "AdaptiveAvgPool3D": lambda: ([1], [t(np.ones((1, 1, 2, 2, 2), np.float32))]),
        "LuUnpack": lambda: ([], [t(np.eye(3, dtype=np.float32)),
                                  t(np.array([1, 2, 3], np.int32))]),
        "RandomShuffle": lambda: ([], [x()]),
        "RandomCategorical": lambda: ([], [x(), 2, 0]),
        "Multinomial": lambda: ([], [t(np.abs(a["X"]) + 0.1), 2]),
        "StandardLaplace": lambda: ([], [(2, 3)]),
    }
