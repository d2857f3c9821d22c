"""ops.grad(sens_param=True) (one output, and a tuple of sensitivities for two outputs) and
ops.bias_add(input_x, bias) (MindSpore 2.10 has no data_format argument on the function)."""
import numpy as np
from _target import ops, Tensor, emit

a = Tensor(np.array([5.0, 3.0], np.float32))
b = Tensor(np.array([1.0, 2.0], np.float32))
emit("grad_sens_one", ops.grad(lambda x: x * x, sens_param=True)(a, b))
dx, dy = ops.grad(lambda x, y: (x * y, x + y), grad_position=(0, 1), sens_param=True)(
    a, b, (b, a))
emit("grad_sens_tuple_dx", dx)
emit("grad_sens_tuple_dy", dy)
x = Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 2, 2))
bias = Tensor(np.array([1.0, -1.0, 0.5], np.float32))
emit("bias_add", ops.bias_add(x, bias))
try:
    ops.bias_add(x, bias, "NCHW")
    emit("bias_add_data_format", "accepted")
except Exception as e:  # noqa: BLE001
    emit("bias_add_data_format", e)
