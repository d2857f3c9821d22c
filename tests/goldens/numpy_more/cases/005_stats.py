"""mindspore.numpy cov, corrcoef, interp, gradient, bincount, mgrid and ogrid: values, dtypes,
result types and error types (variables without variance in corrcoef and negative bincount
inputs, where MindSpore 2.10 gives -1 / counts them in bin 0, are left out: see the docstrings)."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
m = Tensor(np.array([[0., 1., 2.], [2., 1., 0.5]], np.float32))
mi = Tensor(np.array([[0, 1, 2], [2, 1, 0]], np.int32))
m3 = Tensor(np.array([[0., 1., 2., 4.], [2., 1., 0.5, 3.], [1., 5., 2., 2.]], np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("cov", mnp.cov(m))
out("cov_int", mnp.cov(mi))
out("cov_three", mnp.cov(m3))
out("cov_y", mnp.cov(m[0], m[1]))
out("cov_y_2d", mnp.cov(m3[:2], m3[2:]))
out("cov_rowvar", mnp.cov(m3, rowvar=False))
out("cov_bias", mnp.cov(m3, bias=True))
out("cov_ddof", mnp.cov(m3, ddof=0))
out("cov_ddof2", mnp.cov(m3, bias=True, ddof=2))
out("cov_fweights", mnp.cov(m, fweights=Tensor(np.array([1, 2, 1], np.int32))))
out("cov_aweights_int", mnp.cov(m3, aweights=Tensor(np.array([1, 3, 2, 1], np.int32))))
out("cov_both_weights", mnp.cov(m3, fweights=Tensor(np.array([2, 1, 1, 3], np.int32)),
                                aweights=Tensor(np.array([1, 3, 2, 1], np.int32))))
out("cov_dtype", mnp.cov(m, dtype=ms.float64))
out("cov_1d", mnp.cov(m[0]))
out("cov_f16", mnp.cov(Tensor(np.array([[0., 1., 2.], [2., 1., 0.5]], np.float16))))
emit_err("cov_aweights_float", mnp.cov, m, aweights=Tensor(np.array([1., .5, 2.], np.float32)))
emit_err("cov_3d", mnp.cov, Tensor(np.zeros((2, 2, 2), np.float32)))

out("corrcoef", mnp.corrcoef(m))
out("corrcoef_three", mnp.corrcoef(m3))
out("corrcoef_y", mnp.corrcoef(m[0], m[1]))
out("corrcoef_rowvar", mnp.corrcoef(m3, rowvar=False))
out("corrcoef_dtype", mnp.corrcoef(m, dtype=ms.float16))

xp = Tensor(np.array([1., 2., 3.], np.float32))
fp = Tensor(np.array([3., 2., 0.], np.float32))
xs = Tensor(np.array([0., 1., 1.5, 2.72, 3., 3.14], np.float32))
out("interp", mnp.interp(xs, xp, fp))
out("interp_left_right", mnp.interp(xs, xp, fp, -1., 9.))
out("interp_int", mnp.interp(Tensor(np.array([0, 2, 5], np.int32)), Tensor(np.array([1, 2, 3], np.int32)),
                             Tensor(np.array([3, 2, 0], np.int32))))
out("interp_number", mnp.interp(2.5, xp, fp))
out("interp_2d", mnp.interp(m, xp, fp))
out("interp_uneven", mnp.interp(xs, Tensor(np.array([0.5, 1., 3.], np.float32)), fp))

f = Tensor(np.array([1., 2., 4., 7., 11.], np.float32))
out("gradient", mnp.gradient(f))
out("gradient_dx", mnp.gradient(f, 2.))
out("gradient_2d", mnp.gradient(m3))
out("gradient_2d_axis", mnp.gradient(m3, axis=1))
out("gradient_2d_spacings", mnp.gradient(m3, 2., 0.5))
out("gradient_two", mnp.gradient(Tensor(np.array([1., 4.], np.float32))))
out("gradient_int", mnp.gradient(Tensor(np.array([1, 2, 4, 7], np.int32))))
emit_err("gradient_coordinates", mnp.gradient, f, Tensor(np.array([0., 1., 1.5, 3.5, 4.], np.float32)))
emit_err("gradient_edge_order", mnp.gradient, f, edge_order=2)
emit_err("gradient_short", mnp.gradient, Tensor(np.array([1.], np.float32)))

out("mgrid", mnp.mgrid[0:3, 0:2])
out("mgrid_float", mnp.mgrid[0:1:0.5])
out("mgrid_complex", mnp.mgrid[0:1:3j])
out("mgrid_one", mnp.mgrid[0:3])
out("mgrid_mixed", mnp.mgrid[0:2, 0:1:3j])
out("mgrid_step", mnp.mgrid[1:7:2, 3:0:-1])
out("ogrid", mnp.ogrid[0:3, 0:2])
out("ogrid_complex", mnp.ogrid[-1:1:5j])
out("ogrid_three", mnp.ogrid[0:2, 0:1:0.25, 1:3])

x = Tensor(np.array([0, 1, 1, 3], np.int32))
out("bincount", mnp.bincount(x))
out("bincount_weights", mnp.bincount(x, Tensor(np.array([.5, 1, 1, 2], np.float32))))
out("bincount_int_weights", mnp.bincount(x, Tensor(np.array([1, 2, 3, 4], np.int32))))
out("bincount_minlength", mnp.bincount(x, minlength=6))
out("bincount_length", mnp.bincount(x, length=6))
out("bincount_short_minlength", mnp.bincount(x, minlength=2))
emit_err("bincount_float", mnp.bincount, Tensor(np.array([0., 1.], np.float32)))
