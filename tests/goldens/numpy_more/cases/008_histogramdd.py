"""mindspore.numpy histogram2d and histogramdd: counts, edges, result types, weights, density,
ranges, explicit edges and error types."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
x = Tensor(np.array([0., 1., 2., 3., 1.5], np.float32))
y = Tensor(np.array([1., 0., 2., 2., 0.5], np.float32))
s = Tensor(np.stack([np.array([0., 1., 2., 3., 1.5]), np.array([1., 0., 2., 2., 0.5])],
                    1).astype(np.float32))
w = Tensor(np.array([1., 2, 3, 4, 5], np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("h2", mnp.histogram2d(x, y, 2))
out("h2_bins", mnp.histogram2d(x, y, [2, 3]))
out("h2_range", mnp.histogram2d(x, y, 2, [[0, 4], [0, 4]]))
out("h2_weights", mnp.histogram2d(x, y, 2, weights=w))
out("h2_density", mnp.histogram2d(x, y, 2, density=True))
out("h2_edges", mnp.histogram2d(x, y, [Tensor(np.array([0., 1., 4.], np.float32)), 2]))
out("hdd", mnp.histogramdd(s, 2))
out("hdd_bins", mnp.histogramdd(s, (2, 3)))
out("hdd_tuple", mnp.histogramdd((x, y), 2))
out("hdd_int", mnp.histogramdd(Tensor(np.array([[0, 1], [2, 3]], np.int32)), 2))
out("hdd_range", mnp.histogramdd(s, 2, [(0, 4), (0, 2)]))
out("hdd_weights_density", mnp.histogramdd(s, (3, 2), weights=w, density=True))
out("hdd_three", mnp.histogramdd(Tensor(np.array([[0., 1., 2.], [1., 1., 0.], [2., 0., 1.],
                                                  [0.5, 0.5, 0.5]], np.float32)), 2))
emit_err("hdd_1d", mnp.histogramdd, x, 2)
emit_err("hdd_bins_dims", mnp.histogramdd, s, (2, 3, 4))
