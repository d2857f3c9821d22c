"""More of MindSpore 2.10's Primitive classes generated from functions
(mindcell/ops/operations_from_functions.py): the composed ops' classes and older spellings
(Pack, Unpack, LinSpace ...): values, dtypes and attributes."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit, rs

r = rs(13)
x = Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))
y = Tensor(r.standard_normal((3, 4)).astype(np.float32))

CALLS = {
    "SeLU": lambda: ops.SeLU()(y),
    "CeLU": lambda: ops.CeLU(2.0)(x),
    "HShrink": lambda: ops.HShrink(1.0)(y),
    "SoftShrink": lambda: ops.SoftShrink(0.3)(y),
    "HSigmoid": lambda: ops.HSigmoid()(y * 3),
    "PReLU": lambda: ops.PReLU()(y, Tensor(np.array([0.25], np.float32))),
    "SquaredDifference": lambda: ops.SquaredDifference()(y, y[0]),
    "Fmax": lambda: ops.Fmax()(x, Tensor(np.array([[np.nan, 0.0], [4.0, np.nan]], np.float32))),
    "TensorScatterSub": lambda: ops.TensorScatterSub()(
        y, Tensor(np.array([[0, 1], [2, 3]], np.int32)), Tensor(np.array([1.0, 2.0],
                                                                          np.float32))),
    "ScatterUpdate": lambda: ops.ScatterUpdate()(Parameter(x * 1, name="su2"),
                                                 Tensor(np.array([1], np.int32)),
                                                 Tensor(np.array([[7.0, 8.0]], np.float32))),
    "ScatterSub": lambda: ops.ScatterSub()(Parameter(x * 1, name="ss"),
                                           Tensor(np.array([1, 1], np.int32)),
                                           Tensor(np.ones((2, 2), np.float32))),
    "UnsortedSegmentSum": lambda: ops.UnsortedSegmentSum()(y, Tensor(np.array([1, 0, 1],
                                                                              np.int32)), 3),
    "EmbeddingLookup": lambda: ops.EmbeddingLookup()(y, Tensor(np.array([[2, 0], [1, 1]],
                                                                        np.int32)), 0),
    "Pack": lambda: ops.Pack(axis=1)((x, x * 2)),
    "Unpack": lambda: ops.Unpack(axis=1)(y),
    "LinSpace": lambda: ops.LinSpace()(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32), 5),
    "LogSpace": lambda: ops.LogSpace(3, 2)(Tensor(0.0, ms.float32), Tensor(2.0, ms.float32)),
    "TrilIndices": lambda: ops.TrilIndices(3, 4, 1)(),
    "TriuIndices": lambda: ops.TriuIndices(4, 3, -1, ms.int64)(),
    "Bucketize": lambda: ops.Bucketize([0.0, 2.0])(x),
    "MatrixBandPart": lambda: ops.MatrixBandPart()(y, 1, 0),
}
for key, call in CALLS.items():
    try:
        out = call()
        for t in out if isinstance(out, (tuple, list)) else [out]:
            t.asnumpy()  # MindSpore raises some kernel errors only when a result is read
        emit(key, out)
        emit(key + "_dtype", [str(t.dtype) for t in (out if isinstance(out, (tuple, list))
                                                      else [out])])
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, "raised " + type(e).__name__)

for name, args, attr in (("CeLU", (2.0,), "alpha"), ("HShrink", (), "lambd"),
                         ("ScatterUpdate", (), "use_locking"), ("Pack", (1,), "axis"),
                         ("LogSpace", (4,), "steps"), ("TrilIndices", (2, 3), "offset"),
                         ("Bucketize", ([1.0],), "boundaries")):
    emit(name + "_attr_" + attr, getattr(getattr(ops, name)(*args), attr))
