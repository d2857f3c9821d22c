"""Names real programs reach through MindSpore's older module paths (P., F., C., common)."""
import numpy as np
from _target import ms, ops, Tensor, emit

P = ms.ops.operations
F = ms.ops.functional
x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
emit("P.Shape", P.Shape()(x))
emit("P.DType", str(P.DType()(x)))
emit("P.StridedSlice", P.StridedSlice()(x, (0, 1, 0), (2, 3, 4), (1, 1, 2)))
emit("P.GatherNd", P.GatherNd()(x, Tensor(np.array([[0, 1], [1, 2]], np.int32))))
emit("P.BiasAdd", P.BiasAdd()(x, Tensor(np.array([1., 2., 3.], np.float32))))
emit("F.dtype", str(F.dtype(x)))
emit("F.tuple_to_array", F.tuple_to_array((1, 2, 3)))
emit("F.scalar_to_tensor", F.scalar_to_tensor(2.5))
emit("F.partial", F.partial(ops.add, x)(1.0).sum())
emit("common.set_seed", ms.common.set_seed(3) is None)
