"""In-place Tensor methods: the values they return, copy_ writing self (broadcast, cast).
(MindSpore 2.10's CPU build returns the new values from add_/mul_/... without writing self,
and has no kernel for fill_/masked_fill_/scatter_/index_add_/clamp_/uniform_/normal_: only the
returned values are recorded here; tests/ops/test_tensor_methods_more.py checks the writes.)"""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


def X():
    return Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))


def XI():
    return Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))


ms.set_context(mode=ms.PYNATIVE_MODE)
emit("add_", X().add_(1))
emit("add_alpha", X().add_(Tensor([1.0, 1.0, 1.0]), alpha=2))
emit("add_int", XI().add_(2))
emit("sub_alpha", X().sub_(1, alpha=2))
emit("mul_", X().mul_(2))
emit("mul_int", XI().mul_(3))
emit("div_", X().div_(2))
emit("div_floor", X().div_(4, rounding_mode="floor"))
emit("exp_", X().exp_())
y = Tensor(np.zeros((2, 3), np.float32))
y.copy_(XI())
emit("copy_cast", y)
emit("copy_dtype", str(y.dtype))
y = Tensor(np.zeros((2, 3), np.float32))
y.copy_(Tensor([1.0, 2.0, 3.0]))
emit("copy_broadcast", y)
