"""ops.MaxPoolWithArgmax: maxima and their indices into each sample's flattened (C, H, W)
input, "valid" and "same" padding (MindSpore 2.10 CPU's window placement), tuple sizes, several
samples and channels."""
import numpy as np
from _target import ops, Tensor, emit, rs

r = rs(30)
x = Tensor(r.standard_normal((2, 3, 6, 7)).astype(np.float32))
for kw in (dict(kernel_size=3, strides=1, pad_mode="same"),
           dict(kernel_size=2, strides=2, pad_mode="valid"),
           dict(kernel_size=3, strides=2, pad_mode="same"),
           dict(kernel_size=(2, 3), strides=(1, 2), pad_mode="same"),
           dict(kernel_size=(3, 2), strides=(2, 1), pad_mode="valid")):
    tag = "_".join(str(v) for v in kw.values()).replace(" ", "")
    out, idx = ops.MaxPoolWithArgmax(**kw)(x)
    emit("out_" + tag, out)
    emit("idx_" + tag, idx)
    emit("dtype_" + tag, str(idx.dtype))
