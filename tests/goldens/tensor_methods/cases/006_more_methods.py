"""rot90, masked_scatter, new_empty, is_complex, isreal, and the returned values of
floor_divide_/remainder_ (MindSpore 2.10's CPU build: index_fill needs an Int32 index)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
emit("rot90_1", x.rot90(1, [0, 1]))
emit("rot90_m1", x.rot90(-1, [0, 1]))
emit("rot90_2", x.rot90(2, [1, 0]))
emit("rot90_3d", Tensor(np.arange(24.0).reshape(2, 3, 4)).rot90(1, [2, 0]))
emit("masked_scatter", x.masked_scatter(x > 2, Tensor(np.arange(10, 16, dtype=np.float32))))
emit("masked_scatter_bcast", x.masked_scatter(Tensor([True, False, True]),
                                             Tensor(np.arange(10, 16, dtype=np.float32))))
emit("index_fill", x.index_fill(1, Tensor(np.array([0, 2], np.int32)), 9.0))
e = x.new_empty((2, 2))
emit("new_empty", [list(e.shape), str(e.dtype)])
emit("new_empty_dtype", str(x.new_empty(3, dtype=ms.int32).dtype))
emit("is_complex", x.is_complex())
emit("isreal", x.isreal())
emit("floor_divide_", (x * 1).floor_divide_(4))
emit("remainder_", (x * 1).remainder_(4))
