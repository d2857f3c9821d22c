"""prelu(input), copysign(x), frac(x), invert(x), swapdims(dim0, dim1), uniform's dtype
default and binary_cross_entropy(logits, labels) with MindSpore 2.10's parameter names."""
import numpy as np
from _target import ops, Tensor, emit

a = Tensor(np.array([[-2.0, 1.5], [0.25, -0.5]], np.float32))
emit("prelu_input_kw", ops.prelu(input=a, weight=Tensor(np.array([0.1, 0.3], np.float32))))
emit("copysign_x_kw", ops.copysign(x=a, other=-1.0))
emit("frac_x_kw", ops.frac(x=Tensor(np.array([-1.25, 2.5], np.float32))))
emit("invert_x_kw", ops.invert(x=Tensor(np.array([1, -3], np.int32))))
emit("swapdims_kw", ops.swapdims(Tensor(np.zeros((1, 2, 3), np.float32)), dim0=0, dim1=2).shape)
emit("uniform_default_dtype", ops.uniform((2,), Tensor(0.0), Tensor(1.0), seed=3).dtype)
p = Tensor(np.array([0.2, 0.7, 0.9], np.float32))
t = Tensor(np.array([0.0, 1.0, 1.0], np.float32))
emit("bce_kw", ops.binary_cross_entropy(logits=p, labels=t))
emit("bce_kw_none", ops.binary_cross_entropy(logits=p, labels=t, reduction="none"))
