"""api_table rows and fuzz base calls for the combining scatters
(mindcell/ops/function/scatter_reduce_func.py) and their Primitive classes."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R

NG = dict(grad=False)
ND = ms.Tensor(np.array([[0, 1], [1, 2], [0, 1]], np.int32))  # a repeated index
ROWS_IDX = ms.Tensor(np.array([2, 0, 2], np.int32))
SEG = ms.Tensor(np.array([1, 3, 1], np.int32))  # segments 0 and 2 stay empty
KINDS = ("max", "min", "mul", "div")


def _in_place(fn, indices, u):
    p = ms.Parameter(ms.Tensor(np.full((3, 4), 1.5), u.dtype), name="api_table_scatter_reduce")
    return fn(p, indices, u) * 1


def _rows():
    rows = []
    for k in KINDS:
        fn, cls = getattr(ops, "tensor_scatter_" + k), getattr(ops, "TensorScatter" + k.title())
        rows += [R("ops.tensor_scatter_" + k, lambda x, u, fn=fn: fn(x, ND[:, :1], u),
                   ("away", (3, 4)), ("away", (3, 4))),
                 R("ops.TensorScatter" + k.title(), lambda x, u, c=cls: c()(x, ND, u),
                   ("away", (3, 4)), ("away", (3,)))]
        for name, idx, shape in (("scatter_nd_" + k, ND, (3,)), ("scatter_" + k, ROWS_IDX,
                                                                 (3, 4))):
            fn = getattr(ops, name)
            cls = getattr(ops, "".join(w.title() for w in name.split("_")))
            rows += [R("ops." + name, lambda u, fn=fn, idx=idx: _in_place(fn, idx, u),
                       ("away", shape), **NG),
                     R("ops." + cls.__name__, lambda u, c=cls, idx=idx: _in_place(c(), idx, u),
                       ("away", shape), **NG)]
    rows += [R("ops.scatter_add", lambda u: _in_place(ops.scatter_add, ROWS_IDX, u), ("away", (3, 4)),
               **NG)]
    rows += [R("ops.scatter_nd_sub", lambda u: _in_place(ops.scatter_nd_sub, ND, u), (3,), **NG),
             R("ops.ScatterNdSub", lambda u: _in_place(ops.ScatterNdSub(), ND, u), (3,), **NG)]
    for k in ("sum", "max", "min", "prod"):
        fn, cls = getattr(ops, "unsorted_segment_" + k), getattr(ops, "UnsortedSegment" + k.title())
        rows += [R("ops.unsorted_segment_" + k, lambda x, fn=fn: fn(x, SEG, 4) * (SEG_MASK),
                   ("away", (3, 2))),
                 R("ops.UnsortedSegment" + k.title(), lambda x, c=cls: c()(x, SEG, 4) * SEG_MASK,
                   ("away", (3, 2)))]
    return rows


# empty segments hold the dtype's extreme value: mask them out so the finite differences and
# the float16 runs compare the segments that have members
SEG_MASK = ms.Tensor(np.array([[0.0], [1.0], [0.0], [1.0]], np.float32))
ROWS = _rows()
# their Tensor methods (method_func.FUNCTIONS_AS_METHODS)
ROWS += [R("Tensor.scatter_" + k, lambda u, k=k: _in_place(
    lambda p, i, v: getattr(p, "scatter_" + k)(i, v), ROWS_IDX, u), ("away", (3, 4)), **NG)
         for k in KINDS]
ROWS += [R("Tensor.unsorted_segment_" + k, lambda x, k=k: getattr(
    x, "unsorted_segment_" + k)(SEG, 4) * SEG_MASK, ("away", (3, 2)))
         for k in ("max", "min", "prod")]


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    x = a["X"]
    nd = lambda: t(np.array([[0, 1], [1, 2]], np.int32))  # noqa: E731
    out = {}
    for k in KINDS:
        out["tensor_scatter_" + k] = lambda: ([t(x), nd(), t(np.abs(x[0, :2]) + 0.5)], {})
        out["scatter_nd_" + k] = lambda: ([ms.Parameter(t(x.copy())), nd(),
                                           t(np.abs(x[0, :2]) + 0.5)], {})
        out["scatter_" + k] = lambda: ([ms.Parameter(t(x.copy())), t(np.array([1, 0], np.int32)),
                                        t(np.abs(x) + 0.5)], {})
    out["scatter_nd_sub"] = out["scatter_nd_max"]
    out["scatter_add"] = out["scatter_max"]
    for k in ("sum", "max", "min", "prod"):
        out["unsorted_segment_" + k] = lambda: ([t(x), t(np.array([1, 0], np.int32)), 3], {})
    return out


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    base = base_overrides(a, t)
    out = {}
    for name, call in base.items():
        cls = "".join(w.title() for w in name.split("_"))
        out[cls] = lambda call=call: ([], call()[0])
    return out
