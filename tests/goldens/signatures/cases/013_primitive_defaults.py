"""Primitive classes' defaults as MindSpore 2.10: IsClose(equal_nan=False), NanToNum(nan=None),
Argmax(output_type=int32), AvgPool(pad_mode='VALID'), Roll(shifts, dims) keywords."""
import inspect

import numpy as np
from _target import ms, ops, Tensor, emit

a = Tensor(np.array([1.0, np.nan, 3.0, np.inf], np.float32))
b = Tensor(np.array([1.0, np.nan, 3.1, np.inf], np.float32))
emit("isclose_default", ops.IsClose()(a, b))
emit("isclose_equal_nan", ops.IsClose(equal_nan=True)(a, b))
emit("nan_to_num_default", ops.NanToNum()(Tensor(np.array([np.nan, 1.5], np.float32))))
emit("nan_to_num_nan_attr", ops.NanToNum().nan)
emit("nan_to_num_nan_2", ops.NanToNum(nan=2.0)(Tensor(np.array([np.nan, 1.5], np.float32))))
x = Tensor(np.array([[1.0, 3.0, 2.0], [5.0, 4.0, 0.0]], np.float32))
emit("argmax_default", ops.Argmax()(x))
emit("argmax_default_dtype", ops.Argmax()(x).dtype)
emit("argmax_default_param", str(inspect.signature(ops.Argmax).parameters["output_type"].default))
img = Tensor(np.arange(25, dtype=np.float32).reshape(1, 1, 5, 5))
emit("avg_pool_default_mode", ops.AvgPool(2, 2)(img))
emit("avg_pool_same_lower", ops.AvgPool(2, 2, "same")(img))
emit("roll_params", list(inspect.signature(ops.Roll).parameters))
emit("roll_dims_default", inspect.signature(ops.Roll).parameters["dims"].default)
