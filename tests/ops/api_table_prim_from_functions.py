"""api_table rows and fuzz constructors for the Primitive classes generated from ops functions
(mindcell/ops/operations_from_functions.py): each class built with non-default attributes where
it has them, so the attributes reach the function."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, P, S

NG = dict(grad=False)
BOOL_S, INT_S = ("bool", S), ("int", S, 7)
IDX_ROWS = ms.Tensor(np.array([[1, 0, 2], [2, 1, 0]], np.int32))
ND_IDX = ms.Tensor(np.array([[0], [2]], np.int32))
CLASSES = ms.Tensor(np.array([0, 2], np.int64))
ONE = ms.Tensor(1, ms.int64)
SORTED = ms.Tensor(np.array([-1.0, -0.25, 0.0, 0.5, 1.5], np.float32))


def _scatter_nd_add(u):
    p = ms.Parameter(ms.Tensor(np.ones((3, 4)), u.dtype), name="prim_from_functions_p")
    return ops.ScatterNdAdd()(p, ND_IDX, u) * 1


ND_IDX2 = ms.Tensor(np.array([[0, 1], [1, 2]], np.int32))
BN_MEAN = ms.Tensor(np.array([0.5, -0.5, 0.0], np.float32))
BN_VAR = ms.Tensor(np.array([1.0, 2.0, 0.5], np.float32))
SEG = ms.Tensor(np.array([0, 2, 0], np.int32))


def _row_update(prim, u):
    p = ms.Parameter(ms.Tensor(np.ones((3, 2)), u.dtype), name="prim_from_functions_r")
    return prim(p, ms.Tensor(np.array([2, 0], np.int32)), u) * 1


def _index_add(i, y):
    p = ms.Parameter(ms.Tensor(np.ones((3, 2)), y.dtype), name="prim_from_functions_q")
    return ops.IndexAdd(0)(p, i, y) * 1


ROWS = [
    *[P(n, (), INT_S, INT_S, z=True) for n in ("BitwiseAnd", "BitwiseOr", "BitwiseXor")],
    P("LogicalXor", (), BOOL_S, BOOL_S, z=True),
    P("TensorAdd", (), S, S, z=True),
    P("Cross", (0,), (3, 4), (3, 4)),
    P("Dense", (), (2, 3), (4, 3), (4,)),
    R("ops.Expand", lambda x: ops.Expand()(x, ms.Tensor(np.array([2, 4, 3], np.int32))), (4, 1)),
    P("GLU", (1,), (2, 4)),
    R("ops.IndexAdd", _index_add, ("int", (2,), 3), (2, 2), **NG),
    R("ops.IndexFill", lambda x: ops.IndexFill()(x, 1, ms.Tensor(np.array([0, 2], np.int32)),
                                                 ms.Tensor(-1.0, x.dtype)), S),
    P("Logit", (0.1,), ("prob", S), z=True),
    P("Mish", (), S, z=True),
    R("ops.MultiMarginLoss", lambda x, w: ops.MultiMarginLoss(2, 0.5, "none")(x, CLASSES, w),
      S, ("pos", (3,)), probe=1),
    R("ops.Polygamma", lambda x: ops.Polygamma()(ONE, x), ("pos", S), z=True),
    R("ops.Range", lambda s, e: ops.Range(100)(s, e + 3, ONE), ("int", (), 2, np.int64),
      ("int", (), 3, np.int64), kind="datadep"),
    P("Renorm", (2, 0, 1.0), S),
    R("ops.ScatterNdAdd", _scatter_nd_add, (2, 4), **NG),
    P("Sinc", (), S, z=True),
    P("SoftMarginLoss", ("sum",), S, ("away", S)),
    R("ops.TensorScatterElements",
      lambda x, u: ops.TensorScatterElements(1, "add")(x, IDX_ROWS, u), (2, 3), (2, 3)),
    R("ops.TypeAs", lambda x, i: ops.TypeAs()(i, x), S, ("int", S, 3), **NG),
    P("SeLU", (), S, z=True), P("CeLU", (2.0,), S, z=True),
    P("HShrink", (0.2,), ("away", S), z=True), P("SoftShrink", (0.2,), ("away", S), z=True),
    P("HSigmoid", (), ("away", S), z=True), P("PReLU", (), S, (1,)),
    P("SquaredDifference", (), S, S, z=True),
    P("Fmax", (), ("away", S), ("away", S)), P("Fmin", (), ("away", S), ("away", S)),
    R("ops.TensorScatterSub", lambda x, u: ops.TensorScatterSub()(x, ND_IDX2, u), (2, 3), (2,)),
    R("ops.ScatterUpdate", lambda u: _row_update(ops.ScatterUpdate(), u), (2, 2), **NG),
    R("ops.ScatterSub", lambda u: _row_update(ops.ScatterSub(), u), (2, 2), **NG),
    R("ops.UnsortedSegmentSum", lambda x: ops.UnsortedSegmentSum()(x, SEG, 4), (3, 2)),
    R("ops.EmbeddingLookup", lambda x: ops.EmbeddingLookup()(x, SEG, 0), (3, 2)),
    R("ops.Pack", lambda x, y: ops.Pack(1)((x, y)), S, S),
    R("ops.Unpack", lambda x: ops.Unpack(1)(x), S),
    R("ops.LinSpace", lambda x: x * ops.LinSpace()(ms.Tensor(0.5), ms.Tensor(1.5), 3), (3,)),
    R("ops.LogSpace", lambda x: x * ops.LogSpace(3, 2)(ms.Tensor(0.0), ms.Tensor(1.0)), (3,)),
    R("ops.TrilIndices", lambda x: x * ops.TrilIndices(2, 2)()[1], (3,)),
    R("ops.TriuIndices", lambda x: x * ops.TriuIndices(2, 2)()[0], (3,)),
    R("ops.Bucketize", lambda x: ops.Bucketize([-0.5, 0.5])(x), S, **NG),
    R("ops.MatrixBandPart", lambda x: ops.MatrixBandPart()(x, 0, 1), (2, 3, 3)),
    R("ops.BatchNorm", lambda x, g, b: ops.BatchNorm()(x, g, b, BN_MEAN, BN_VAR)[0],
      (2, 3, 2, 2), (3,), (3,), f16=False),
    R("ops.KLDivLoss", lambda x, p: ops.KLDivLoss("sum")(x, p), S, ("prob", S),
      fd="MindSpore's bprop returns zeros for the target (dfa6e4e)"),
    P("DiagPart", (), (3, 3)),
    R("ops.BCEWithLogitsLoss", lambda x, y, w: ops.BCEWithLogitsLoss("sum")(x, y, w, w),
      S, ("prob", S), ("pos", (3,)), probe=1),
    R("ops.TensorShape", lambda x: x * ops.TensorShape()(x)[1], S),
    R("ops.MaxPoolWithArgmax", lambda x: ops.MaxPoolWithArgmax(3, 2, "same")(x)[0],
      (1, 2, 5, 5)),
    R("ops.MaxPoolWithArgmax", lambda x: x.sum() * ops.MaxPoolWithArgmax(2, 2)(x)[1].sum(),
      (1, 2, 4, 4), **NG),
    # ops.auto_generate's classes MindSpore also has at ops
    R("ops.MaskedSelect", lambda x, m: ops.MaskedSelect()(x, m), S, ("bool", S), kind="datadep"),
    R("ops.NonZero", lambda x: ops.NonZero()(x), S, kind="datadep"),
    R("ops.SearchSorted", lambda v: ops.SearchSorted(ms.int32, True)(SORTED, v), S, **NG),
    R("ops.LogSoftmaxExt", lambda x: ops.LogSoftmaxExt()(x, 1), S),
    R("ops.TransposeExtView", lambda x: ops.TransposeExtView()(x, 0, 1), S),
    *[R("ops." + name, lambda d, w, name=name: getattr(ops, name)(
        2, 3, pad_mode="same", stride=2)(d, w, (1, 3, 5, 6)), (1, 2, 3, 3), (2, 3, 3, 3))
      for name in ("Conv2DBackpropInput", "Conv2DTranspose")],
]



def ctor_overrides(a, t):
    """Fuzz base calls of the classes whose constructor or inputs need more than a guess:
    name -> () -> (constructor args, valid call args)."""
    return {
        "IndexAdd": lambda: ([0], [ms.Parameter(t(a["X"].copy())), t(np.array([1, 0], np.int32)),
                                   t(a["X"])]),
        "Renorm": lambda: ([2, 0, 1.0], [t(a["X"])]),
        "GLU": lambda: ([-1], [t(a["X4"])]),
        "IndexFill": lambda: ([], [t(a["X"]), 1, t(np.array([0, 1], np.int32)),
                                   t(np.array(-1.0, a["X"].dtype))]),
        "TensorScatterElements": lambda: ([1], [t(a["X"]), t(np.zeros(a["X"].shape, np.int32)),
                                                t(a["X"])]),
        "MultiMarginLoss": lambda: ([], [t(a["X"]), t(np.zeros(a["X"].shape[0], np.int64))]),
        "Range": lambda: ([], [t(np.array(0, np.int32)), t(np.array(5, np.int32)),
                               t(np.array(2, np.int32))]),
        "Expand": lambda: ([], [t(a["X"][:1]), t(np.array(a["X"].shape, np.int32))]),
        "TypeAs": lambda: ([], [t(a["X"]), t(a["INT"])]),
        "Polygamma": lambda: ([], [t(np.array(1, np.int64)), t(np.abs(a["X"]) + 0.5)]),
        **{name: (lambda prim_args=prim_args: (prim_args, [
            ms.Parameter(t(a["X"].copy())), t(np.array([1, 0], np.int32)), t(a["X"])]))
           for name, prim_args in (("ScatterUpdate", [True]), ("ScatterSub", [False]))},
        "TensorScatterSub": lambda: ([], [t(a["X"]), t(np.array([[0, 1]], np.int32)),
                                          t(a["X"][0, :1])]),
        "UnsortedSegmentSum": lambda: ([], [t(a["X"]), t(np.array([1, 0], np.int32)), 3]),
        "EmbeddingLookup": lambda: ([], [t(a["X"]), t(np.array([1, 0], np.int32)), 0]),
        "Pack": lambda: ([0], [[t(a["X"]), t(a["X"])]]),
        "Unpack": lambda: ([0], [t(a["X"])]),
        "LinSpace": lambda: ([], [t(np.array(0.0, np.float32)), t(np.array(1.0, np.float32)), 3]),
        "LogSpace": lambda: ([3], [t(np.array(0.0, np.float32)), t(np.array(1.0, np.float32))]),
        "TrilIndices": lambda: ([3, 4], []), "TriuIndices": lambda: ([3, 4], []),
        "Bucketize": lambda: ([[-0.5, 0.5]], [t(a["X"])]),
        "MatrixBandPart": lambda: ([], [t(a["X"]), 1, 0]),
        "BatchNorm": lambda: ([], [t(a["X4"]), *[t(np.ones(a["X4"].shape[1], a["X4"].dtype))
                                                 for _ in range(4)]]),
        "KLDivLoss": lambda: ([], [t(a["X"]), t(np.abs(a["X"]))]),
        "BCEWithLogitsLoss": lambda: ([], [t(a["X"]), t(np.abs(a["X"]) / 4)]),
        "MaxPoolWithArgmax": lambda: ([2, 2], [t(a["X4"])]),
        "MaskedSelect": lambda: ([], [t(a["X"]), t(a["X"] > 0)]),
        "SearchSorted": lambda: ([], [t(np.sort(a["X"], axis=-1)), t(a["X"])]),
        "LogSoftmaxExt": lambda: ([], [t(a["X"]), 1]),
        "TransposeExtView": lambda: ([], [t(a["X"]), 0, 1]),
        **{name: (lambda: ([2, 2], [t(a["X4"][:, :2, :3, :3]), t(a["W4"]), (2, 3, 4, 4)]))
           for name in ("Conv2DBackpropInput", "Conv2DTranspose")},
        "PReLU": lambda: ([], [t(a["X"]), t(np.array([0.25], a["X"].dtype))]),
        "CeLU": lambda: ([1.0], [t(a["X"])]), "HShrink": lambda: ([0.5], [t(a["X"])]),
        "SoftShrink": lambda: ([0.5], [t(a["X"])]),
    }
