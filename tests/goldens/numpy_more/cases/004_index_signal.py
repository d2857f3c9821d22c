"""mindspore.numpy isin, in1d, digitize, unravel_index, ravel_multi_index, select, choose,
geomspace, ix_, apply_along_axis, apply_over_axes, unwrap, convolve, correlate and logaddexp2:
values, dtypes, result types and error types."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
xi = Tensor(np.array([[1, 5, 3], [4, 0, 2]], np.int32))
xf = Tensor(np.array([0.5, 2., 3.5, 9.], np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("isin", mnp.isin(xi, Tensor(np.array([1, 2, 9], np.int32))))
out("isin_invert", mnp.isin(xi, Tensor(np.array([1, 2], np.int32)), invert=True))
out("isin_float", mnp.isin(xf, Tensor(np.array([2], np.int32))))
out("in1d", mnp.in1d(xi, Tensor(np.array([1, 2, 9], np.int32))))
out("in1d_invert", mnp.in1d(xi, Tensor(np.array([1, 2], np.int32)), True))

bins = Tensor(np.array([1., 2., 3.], np.float32))
out("digitize", mnp.digitize(xf, bins))
out("digitize_right", mnp.digitize(xf, bins, right=True))
out("digitize_decreasing", mnp.digitize(xf, Tensor(np.array([3., 2., 1.], np.float32))))
out("digitize_decreasing_right", mnp.digitize(xf, Tensor(np.array([3., 2., 1.], np.float32)), True))
out("digitize_int", mnp.digitize(xi, Tensor(np.array([1, 3], np.int32))))
out("digitize_number", mnp.digitize(2.5, Tensor(np.array([1, 3], np.int32))))

out("unravel_index", mnp.unravel_index(Tensor(np.array([1, 5, 7], np.int32)), (2, 4)))
out("unravel_index_F", mnp.unravel_index(Tensor(np.array([1, 5, 7], np.int32)), (2, 4), "F"))
out("unravel_index_int", mnp.unravel_index(5, (2, 4)))
out("unravel_index_past", mnp.unravel_index(9, (2, 4)))
out("unravel_index_negative", mnp.unravel_index(-3, (2, 4)))
out("unravel_index_3d", mnp.unravel_index(Tensor(np.array([0, 11, 17], np.int32)), (2, 3, 3)))
emit_err("unravel_index_order", mnp.unravel_index, 5, (2, 4), "X")

mi = (Tensor(np.array([1, 0], np.int32)), Tensor(np.array([2, 3], np.int32)))
out("ravel_multi_index", mnp.ravel_multi_index(mi, (2, 4)))
mo = (Tensor(np.array([1, 5], np.int32)), Tensor(np.array([2, -3], np.int32)))
out("ravel_multi_index_clip", mnp.ravel_multi_index(mo, (2, 4)))
out("ravel_multi_index_wrap", mnp.ravel_multi_index(mo, (2, 4), "wrap"))
out("ravel_multi_index_F", mnp.ravel_multi_index(mi, (2, 4), order="F"))
emit_err("ravel_multi_index_raise", mnp.ravel_multi_index, mo, (2, 4), "raise")

c1 = Tensor(np.array([True, False, False]))
c2 = Tensor(np.array([False, True, False]))
i1 = Tensor(np.array([1, 2, 3], np.int32))
f2 = Tensor(np.array([4., 5., 6.], np.float32))
out("select", mnp.select([c1, c2], [i1, Tensor(np.array([4, 5, 6], np.int32))]))
out("select_default", mnp.select([c1, c2], [i1, f2], 7))
out("select_broadcast", mnp.select([Tensor(np.array([[True], [False]]))], [i1]))
out("select_int_condition", mnp.select([Tensor(np.array([1, 0, 2], np.int32))], [f2]))
emit_err("select_lengths", mnp.select, [c1], [i1, i1])

ch = [Tensor(np.array([1, 2, 3, 4], np.int32)), Tensor(np.array([10, 20, 30, 40], np.int32)),
      Tensor(np.array([5, 6, 7, 8], np.int32))]
out("choose", mnp.choose(Tensor(np.array([0, 1, 2, 1], np.int32)), ch))
idx = Tensor(np.array([0, 4, -1, 2], np.int32))
out("choose_clip", mnp.choose(idx, ch))
out("choose_wrap", mnp.choose(idx, ch, "wrap"))
out("choose_promote", mnp.choose(Tensor(np.array([0, 1], np.int32)),
                                 [Tensor(np.array([1.5, 2], np.float32)),
                                  Tensor(np.array([3, 4], np.int32))]))
out("choose_broadcast", mnp.choose(Tensor(np.array([[0], [1]], np.int32)), ch[:2]))
emit_err("choose_raise", mnp.choose, idx, ch, "raise")

out("geomspace", mnp.geomspace(1, 1000, 4))
out("geomspace_no_end", mnp.geomspace(1, 16, 4, endpoint=False))
out("geomspace_int", mnp.geomspace(2, 32, 5, dtype=ms.int32))
out("geomspace_negative", mnp.geomspace(-1, -100, 3))
out("geomspace_tensors", mnp.geomspace(Tensor(np.array([1., 2.], np.float32)),
                                       Tensor(np.array([8., 32.], np.float32)), 3, axis=1))
out("geomspace_tensors_axis0", mnp.geomspace(Tensor(np.array([1., 2.], np.float32)),
                                             Tensor(np.array([8., 32.], np.float32)), 4))

out("ix", mnp.ix_(Tensor(np.array([0, 1], np.int32)), Tensor(np.array([2, 4, 5], np.int32))))
out("ix_three", mnp.ix_(Tensor(np.array([0, 1], np.int32)), Tensor(np.array([2], np.int32)),
                        Tensor(np.array([1, 0, 2], np.int32))))
out("ix_bool", mnp.ix_(Tensor(np.array([True, False, True]))))
emit_err("ix_2d", mnp.ix_, xi)

out("apply_along_axis_diag", mnp.apply_along_axis(mnp.diag, -1, xi))
out("apply_along_axis_diag0", mnp.apply_along_axis(mnp.diag, 0, xi))
out("apply_along_axis_args", mnp.apply_along_axis(lambda v, k: v * k, 1, xi, 3))
out("apply_along_axis_max", mnp.apply_along_axis(mnp.amax, 0, xi))
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
out("apply_over_axes", mnp.apply_over_axes(mnp.sum, x3, [0, 2]))
out("apply_over_axes_int", mnp.apply_over_axes(mnp.sum, x3, 1))
out("apply_over_axes_keep", mnp.apply_over_axes(lambda a, axis: mnp.cumsum(a, axis), x3, (0, 1)))

ph = Tensor(np.array([0., 3., 6.5, -0.5, 2.], np.float32))
out("unwrap", mnp.unwrap(ph))
out("unwrap_discont", mnp.unwrap(ph, 4.))
out("unwrap_int", mnp.unwrap(Tensor(np.array([0, 4, 8], np.int32))))
out("unwrap_axis0", mnp.unwrap(Tensor(np.array([[0., 4.], [7., 1.]], np.float32)), axis=0))

a = Tensor(np.array([1., 2., 3.], np.float32))
v = Tensor(np.array([0., 1., .5], np.float32))
a4 = Tensor(np.array([1, 2, 3, 4], np.int32))
for mode in ("full", "same", "valid"):
    out("convolve_" + mode, mnp.convolve(a, v, mode))
    out("convolve_int_" + mode, mnp.convolve(a4, Tensor(np.array([1, 2], np.int32)), mode))
    out("convolve_short_" + mode, mnp.convolve(Tensor(np.array([1, 2], np.int32)), a4, mode))
    out("correlate_" + mode, mnp.correlate(a, v, mode))
    out("correlate_int_" + mode, mnp.correlate(a4, Tensor(np.array([1, 2, 1], np.int32)), mode))
    out("correlate_short_" + mode, mnp.correlate(Tensor(np.array([1, 2], np.int32)),
                                                 Tensor(np.array([1, 2, 3], np.int32)), mode))
emit_err("convolve_mode", mnp.convolve, a, v, "x")
emit_err("convolve_2d", mnp.convolve, xi, v)
emit_err("correlate_mode", mnp.correlate, a, v, "x")

out("logaddexp2", mnp.logaddexp2(Tensor(np.array([1., 2., -30.], np.float32)),
                                 Tensor(np.array([1., 3., 40.], np.float32))))
out("logaddexp2_int_float", mnp.logaddexp2(Tensor(np.array([1, 2], np.int32)),
                                           Tensor(np.array([1., 3.], np.float32))))
out("logaddexp2_dtype", mnp.logaddexp2(Tensor(np.array([1., 2.], np.float32)),
                                       Tensor(np.array([1., 3.], np.float32)), dtype=ms.float16))
out("logaddexp2_broadcast", mnp.logaddexp2(Tensor(np.array([[1.], [0.]], np.float32)),
                                           Tensor(np.array([1., 3.], np.float32))))
emit_err("logaddexp2_number", mnp.logaddexp2, Tensor(np.array([1.], np.float32)), 1.0)
