"""ops.BCEWithLogitsLoss (the Primitive: reduction at construction, weight and pos_weight as
inputs) and ops.TensorShape."""
import numpy as np
from _target import ms, ops, Tensor, emit, rs

r = rs(8)
x = Tensor(r.standard_normal((3, 4)).astype(np.float32))
y = Tensor((r.uniform(0, 1, (3, 4)) > 0.5).astype(np.float32))
w = Tensor(r.uniform(0.5, 2.0, (4,)).astype(np.float32))
pw = Tensor(r.uniform(0.5, 2.0, (4,)).astype(np.float32))
for red in ("mean", "sum", "none"):
    emit("bce_" + red, ops.BCEWithLogitsLoss(red)(x, y, w, pw))
# (reduction reads back as MindSpore's internal enum and is not recorded)
emit("tensor_shape", ops.TensorShape()(x))
emit("tensor_shape_dtype", str(ops.TensorShape()(x).dtype))
