"""mean(x, axis, keep_dims), logsumexp(input, dim, keepdim), nonzero(input, *, as_tuple),
nan_to_num(nan=None) with MindSpore 2.10's parameter names."""
import numpy as np
from _target import ops, Tensor, emit

a = Tensor(np.array([[1.0, 2.0, 3.5], [4.0, -5.0, 6.0]], np.float32))
emit("mean_x_kw", ops.mean(x=a, axis=1, keep_dims=True))
emit("logsumexp_dim_kw", ops.logsumexp(a, dim=1, keepdim=True))
emit("logsumexp_positional", ops.logsumexp(a, 0))
try:
    ops.logsumexp(a, axis=1)
    emit("logsumexp_axis_kw", "accepted")
except Exception as e:  # noqa: BLE001
    emit("logsumexp_axis_kw", e)
emit("nan_to_num_default", ops.nan_to_num(Tensor(np.array([np.nan, 2.0], np.float32))))
emit("nan_to_num_none", ops.nan_to_num(Tensor(np.array([np.nan, 2.0], np.float32)), nan=None))
z = Tensor(np.array([[0, 2], [3, 0]], np.int32))
try:
    ops.nonzero(z, True)
    emit("nonzero_positional_as_tuple", "accepted")
except Exception as e:  # noqa: BLE001
    emit("nonzero_positional_as_tuple", e)
