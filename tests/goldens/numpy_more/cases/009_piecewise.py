"""mindspore.numpy piecewise: constants and functions, the default entry, overlapping
conditions (the first wins), extra arguments, dtypes and the funclist length error."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
x = Tensor(np.array([-2., -1., 0., 1., 2.], np.float32))


def out(key, r):
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("constants", mnp.piecewise(x, [x < 0, x >= 0], [-1, 1]))
out("functions", mnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v]))
out("float_constant", mnp.piecewise(x, [x < 0], [2.5]))
out("default_function", mnp.piecewise(x, [x < 0], [lambda v: -v, lambda v: v * 3]))
out("overlap", mnp.piecewise(x, [x < 1, x > -1], [5, 7]))
out("int", mnp.piecewise(Tensor(np.array([1, 2, 3], np.int32)),
                         [Tensor(np.array([True, False, True]))], [lambda v: v * 10]))
out("keywords", mnp.piecewise(x, [x < 0, x >= 0], [lambda v, k=1: v * k, lambda v, k=1: v + k],
                              k=3))
out("args", mnp.piecewise(x, [x < 0, x >= 0], [lambda v, k: v * k, lambda v, k: v - k], 2))
emit_err("too_many", mnp.piecewise, x, [x < 0], [1, 2, 3])
