"""mindspore.numpy intersect1d and setdiff1d: values, dtypes and result types."""
import numpy as np
from _target import ms, Tensor, emit

mnp = ms.numpy
a = Tensor(np.array([1, 3, 4, 3], np.int32))
b = Tensor(np.array([3, 1, 2, 1], np.int32))
af = Tensor(np.array([0.5, 2., 1., 4., 0., 3.2], np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("intersect1d", mnp.intersect1d(a, b))
out("intersect1d_unique", mnp.intersect1d(Tensor(np.array([1, 3, 4], np.int32)),
                                          Tensor(np.array([3, 1, 2], np.int32)), True))
out("intersect1d_indices", mnp.intersect1d(a, b, return_indices=True))
out("intersect1d_float", mnp.intersect1d(af, Tensor(np.array([2, 4], np.int32))))
out("intersect1d_2d", mnp.intersect1d(Tensor(np.array([[5, 1], [2, 5]], np.int32)), b))
out("intersect1d_empty", mnp.intersect1d(a, Tensor(np.array([9], np.int32))))
out("setdiff1d", mnp.setdiff1d(Tensor(np.array([1, 2, 3, 2, 4, 1], np.int32)),
                               Tensor(np.array([3, 4, 5, 6], np.int32))))
out("setdiff1d_unique", mnp.setdiff1d(Tensor(np.array([5, 2, 3], np.int32)),
                                      Tensor(np.array([3], np.int32)), True))
out("setdiff1d_float", mnp.setdiff1d(af, Tensor(np.array([2, 4], np.int32))))
out("setdiff1d_2d", mnp.setdiff1d(Tensor(np.array([[5, 1], [2, 5]], np.int32)), b))
