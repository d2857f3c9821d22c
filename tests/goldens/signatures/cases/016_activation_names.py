"""gelu(input), hardswish(input), relu(input, inplace=False), avg_pool2d(divisor_override=0)
with MindSpore 2.10's parameter names and defaults. (relu(inplace=True) has no CPU kernel in
MindSpore 2.10; mindcell implements it: tests/compat/test_signature_parameters_more.py.)"""
import numpy as np
from _target import ops, Tensor, emit

a = Tensor(np.array([-4.0, -1.0, 0.5, 3.5], np.float32))
emit("gelu_input_kw", ops.gelu(input=a))
emit("gelu_tanh", ops.gelu(input=a, approximate="tanh"))
emit("hardswish_input_kw", ops.hardswish(input=a))
emit("relu_inplace_false", ops.relu(a, inplace=False))
emit("relu_input_unchanged", a)
img = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
emit("avg_pool2d_divisor_0", ops.avg_pool2d(img, 2, 2, divisor_override=0))
emit("avg_pool2d_divisor_3", ops.avg_pool2d(img, 2, 2, divisor_override=3))
