"""mindspore.numpy histogram and histogram_bin_edges: counts, edges, dtypes, weights, density,
ranges, explicit edges and error types (bins=0, which MindSpore 2.10 answers with [0.] where
numpy raises, is left out)."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
a = Tensor(np.array([1, 2, 1, 4, 0, 3], np.int32))
af = Tensor(np.array([0.5, 2., 1., 4., 0., 3.2], np.float32))
w = Tensor(np.array([1., 2, 3, 4, 5, 6], np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("edges", mnp.histogram_bin_edges(a))
out("edges_bins", mnp.histogram_bin_edges(af, 4))
out("edges_range", mnp.histogram_bin_edges(af, 4, (0, 8)))
out("edges_sequence", mnp.histogram_bin_edges(af, [0, 1, 5]))
out("edges_weights", mnp.histogram_bin_edges(af, 4, weights=af))
out("edges_constant", mnp.histogram_bin_edges(Tensor(np.array([2., 2.], np.float32)), 2))
emit_err("edges_string", mnp.histogram_bin_edges, af, "auto")
emit_err("edges_bad_range", mnp.histogram_bin_edges, af, 4, (5, 1))

out("hist", mnp.histogram(a))
out("hist_bins", mnp.histogram(af, 4))
out("hist_range", mnp.histogram(af, 4, (0, 2)))
out("hist_weights", mnp.histogram(af, 3, weights=w))
out("hist_density", mnp.histogram(af, 3, density=True))
out("hist_weights_density", mnp.histogram(af, 5, (0, 5), weights=w, density=True))
out("hist_sequence", mnp.histogram(af, Tensor(np.array([0., 1., 5.], np.float32))))
out("hist_uneven", mnp.histogram(af, Tensor(np.array([0., 0.5, 3.2, 3.5], np.float32))))
out("hist_2d", mnp.histogram(Tensor(np.array([[1., 2.], [3., 4.]], np.float32)), 2))
out("hist_constant", mnp.histogram(Tensor(np.array([2., 2., 2.], np.float32)), 3))
emit_err("hist_string", mnp.histogram, af, "auto")
