"""ops.gather / Tensor.gather / ops.Gather with ``batch_dims`` (values, shapes, errors)."""
import numpy as np
from _target import ms, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


x = Tensor(np.arange(8).reshape(2, 4).astype(np.float32))
i = Tensor(np.array([[0, 3], [1, 2]], np.int32))
x3 = Tensor(np.arange(24).reshape(2, 3, 4).astype(np.float32))
i2 = Tensor(np.array([[0, 2], [1, 1]], np.int32))
i3 = Tensor(np.array([[[0, 2], [1, 3], [3, 3]], [[1, 1], [0, 0], [2, 1]]], np.int32))
run("bd1.ax1", lambda: ops.gather(x, i, 1, batch_dims=1))
run("bd1.ax1.shape", lambda: ops.gather(x, i, 1, batch_dims=1).shape)
run("bd1.1d_index", lambda: ops.gather(x, Tensor(np.array([1, 2], np.int32)), 1, batch_dims=1))
run("bd1.3d.ax1", lambda: ops.gather(x3, i2, 1, batch_dims=1))
run("bd1.3d.ax2", lambda: ops.gather(x3, i2, 2, batch_dims=1))
run("bd1.3d.ax-1", lambda: ops.gather(x3, i2, -1, batch_dims=1))
run("bd2.3d.ax2", lambda: ops.gather(x3, i3, 2, batch_dims=2))
run("bd-1.3d.ax2", lambda: ops.gather(x3, i2, 2, batch_dims=-1))
run("bd1.int64", lambda: ops.gather(x3, Tensor(np.array([[0, 2], [1, 1]], np.int64)), 2,
                                    batch_dims=1))
run("bd0", lambda: ops.gather(x3, i2, 1, batch_dims=0).shape)
run("Tensor.gather", lambda: x.gather(i, 1, batch_dims=1))
run("Gather", lambda: ops.Gather(batch_dims=1)(x, i, 1))
run("err.axis_lt_bd", lambda: ops.gather(x3, i2, 0, batch_dims=1))
run("err.bd_range", lambda: ops.gather(x3, i2, 2, batch_dims=3))
run("err.batch_mismatch", lambda: ops.gather(x3, Tensor(np.zeros((3, 2), np.int32)), 1,
                                             batch_dims=1))
run("err.bd_float", lambda: ops.gather(x3, i2, 1, batch_dims=1.0))
