"""Errors of the Tensor methods (exception types; results read so that MindSpore's
asynchronous errors surface in their own call)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit, emit_err

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
emit_err("select_oob", lambda: x.select(0, 5).asnumpy())
emit_err("copy_number", Tensor(np.zeros(3, np.float32)).copy_, 1.0)
emit_err("copy_shape", lambda: Tensor(np.zeros((2, 3), np.float32)).copy_(
    Tensor([1.0, 2.0])).asnumpy())
emit_err("take_raise", x.take, Tensor([7]), mode="raise")
emit_err("index_select_list", x.index_select, 1, [2, 0])
emit_err("inverse_int", Tensor([[2, 0], [0, 4]]).inverse)
emit_err("mm_1d", lambda: Tensor([[1.0, 2.0]]).mm(Tensor([1.0, 2.0])).asnumpy())
emit_err("view_as_size", lambda: Tensor([1.0, 2.0]).view_as(Tensor([1.0, 2.0, 3.0])).asnumpy())
emit_err("type_bad", x.type, "x")
emit_err("stride_oob", Tensor([1.0, 2.0]).stride, 2)
