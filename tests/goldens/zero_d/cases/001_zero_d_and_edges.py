"""0-d values keep shape () (numpy.full(()), numpy arithmetic on 0-d, gather_nd with a 1-D
index, Tensor of a numpy scalar), clamp refuses bool, hardswish stays finite for large
float32. (flip of a 0-d tensor over axis 0: MindSpore raises ValueError, mindcell flips it.)"""
import numpy as np
from _target import ms, ops, Tensor, emit

mnp = ms.numpy


def record(key, fn):
    try:
        out = fn()
        emit(key, {"shape": list(out.shape), "dtype": str(out.dtype), "value": out})
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, e)


record("full_0d", lambda: mnp.full((), 3.0))
record("zeros_0d", lambda: mnp.zeros(()))
record("add_0d", lambda: mnp.add(mnp.full((), 2.0), mnp.full((), 3.0)))
record("sum_to_0d", lambda: mnp.sum(mnp.ones((2, 3))))
record("tensor_np_scalar", lambda: Tensor(np.float32(3.0)))
record("gather_nd_1d_index", lambda: ops.gather_nd(Tensor(np.arange(6, dtype=np.float32)
                                                          .reshape(2, 3)),
                                                   Tensor(np.array([1, 2], np.int32))))
record("hardswish_large", lambda: ops.hardswish(Tensor(np.array([1e30, -1e30, 3.4e38, 2.5],
                                                                np.float32))))

# last: MindSpore may report an eager op's error at a later op
record("clamp_bool_input", lambda: ops.clamp(Tensor(np.array([True, False])), 0.5, 2.0))
record("clamp_bool_bound", lambda: ops.clamp(Tensor(np.array([1.0, 5.0], np.float32)), True))
