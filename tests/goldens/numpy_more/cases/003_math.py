"""mindspore.numpy nanmax, nanmin, nancumsum, nanvar, nanstd, polyadd/polysub/polymul/polyval/
polyder/polyint, trapz, multi_dot, searchsorted, argwhere, promote_types, result_type and
array_str: values, dtypes and error types (slices of NaNs only and bool nanvar, where MindSpore
2.10 gives a sentinel/a wrong value, are left out: see the docstrings)."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
xn = Tensor(np.array([[1., np.nan, 3.], [np.nan, 5., 2.]], np.float32))
xi = Tensor(np.array([[1, 5, 3], [4, 0, 2]], np.int32))
h = Tensor(np.array([1, np.nan, 2.5], np.float16))


def out(key, r):
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


for fn in ("nanmax", "nanmin", "nanvar", "nanstd"):
    g = getattr(mnp, fn)
    out(fn, g(xn))
    out(fn + "_axis0", g(xn, 0))
    out(fn + "_axis1", g(xn, axis=1))
    out(fn + "_int", g(xi, 1))
    out(fn + "_f16", g(h))
    out(fn + "_dtype", g(xn, 1, dtype=ms.float16))
    out(fn + "_keepdims", g(xn, 1, keepdims=True))
    out(fn + "_axes", g(xn, (0, 1)))
    emit_err(fn + "_axis_range", g, xn, 2)
for fn in ("nanvar", "nanstd"):
    g = getattr(mnp, fn)
    out(fn + "_ddof", g(Tensor(np.array([[1., np.nan, 3.], [np.nan, 5., 2.]], np.float32)), 1,
                        ddof=1))
    out(fn + "_ddof_nan", g(xn, 0, ddof=1))

out("nancumsum", mnp.nancumsum(xn))
out("nancumsum_axis0", mnp.nancumsum(xn, 0))
out("nancumsum_axis1", mnp.nancumsum(xn, 1))
out("nancumsum_int", mnp.nancumsum(xi, 1))
out("nancumsum_f16", mnp.nancumsum(h))
out("nancumsum_bool", mnp.nancumsum(Tensor(np.array([True, True, False]))))
out("nancumsum_dtype", mnp.nancumsum(xn, 1, dtype=ms.float16))
emit_err("nancumsum_axis_range", mnp.nancumsum, xn, 2)
emit_err("nancumsum_axis_tuple", mnp.nancumsum, xn, (0, 1))

p = Tensor(np.array([1., 2., 3.], np.float32))
q = Tensor(np.array([2, 1], np.int32))
for fn in ("polyadd", "polysub", "polymul"):
    g = getattr(mnp, fn)
    out(fn, g(p, q))
    out(fn + "_int", g(q, Tensor(np.array([1, -1, 4], np.int32))))
    out(fn + "_scalar", g(p, Tensor(np.array(2., np.float32))))
    emit_err(fn + "_2d", g, xn, q)
out("polyval", mnp.polyval(p, Tensor(np.array([0., 1., 2.], np.float32))))
out("polyval_int", mnp.polyval(q, Tensor(np.array([0, 1, 2], np.int32))))
out("polyval_number", mnp.polyval(p, 2))
out("polyval_2d", mnp.polyval(p, xi))
out("polyder", mnp.polyder(p))
out("polyder_2", mnp.polyder(p, 2))
out("polyder_past", mnp.polyder(p, 5))
out("polyder_int", mnp.polyder(Tensor(np.array([3, 2, 1, 4], np.int32))))
out("polyder_0", mnp.polyder(p, 0))
emit_err("polyder_negative", mnp.polyder, p, -1)
out("polyint", mnp.polyint(p))
out("polyint_2k", mnp.polyint(p, 2, [1, 2]))
out("polyint_k", mnp.polyint(p, 1, 3))
out("polyint_k_short", mnp.polyint(p, 2, [1]))
out("polyint_int", mnp.polyint(q))
out("polyint_0", mnp.polyint(p, 0))
emit_err("polyint_negative", mnp.polyint, p, -1)

out("trapz", mnp.trapz(p))
out("trapz_x", mnp.trapz(p, Tensor(np.array([0., 1., 3.], np.float32))))
out("trapz_dx", mnp.trapz(xi, dx=2.))
out("trapz_axis0", mnp.trapz(xi, axis=0))
out("trapz_int", mnp.trapz(q))
out("trapz_x2d", mnp.trapz(xi, Tensor(np.array([[0., 1., 3.], [0., 2., 3.]], np.float32))))

ones = lambda *s: Tensor(np.arange(int(np.prod(s)), dtype=np.float32).reshape(s))
out("multi_dot", mnp.multi_dot([ones(2, 3), ones(3, 4), ones(4)]))
out("multi_dot_row", mnp.multi_dot([ones(3), ones(3, 2)]))
out("multi_dot_both", mnp.multi_dot([ones(3), ones(3, 2), ones(2)]))
out("multi_dot_int", mnp.multi_dot([xi, Tensor(np.ones((3, 2), np.int32))]))
out("multi_dot_four", mnp.multi_dot((ones(2, 3), ones(3, 1), ones(1, 2), ones(2, 2))))
emit_err("multi_dot_one", mnp.multi_dot, [ones(3)])

s = Tensor(np.array([1, 3, 5, 7], np.int32))
v = Tensor(np.array([0, 3, 6, 8], np.int32))
out("searchsorted", mnp.searchsorted(s, v))
out("searchsorted_right", mnp.searchsorted(s, v, "right"))
out("searchsorted_number", mnp.searchsorted(s, 3))
out("searchsorted_float", mnp.searchsorted(s, Tensor(np.array([2.5, 7.0], np.float32))))
out("searchsorted_2d_v", mnp.searchsorted(s, xi))
out("searchsorted_sorter", mnp.searchsorted(Tensor(np.array([5, 1, 3], np.int32)), 4,
                                            sorter=Tensor(np.array([1, 2, 0], np.int32))))
emit_err("searchsorted_side", mnp.searchsorted, s, 3, "middle")
emit_err("searchsorted_2d", mnp.searchsorted, xi, 3)

out("argwhere", mnp.argwhere(xi))
out("argwhere_float", mnp.argwhere(Tensor(np.array([0., 1., 0., 2.], np.float32))))
out("argwhere_none", mnp.argwhere(Tensor(np.zeros((2, 2), np.float32))))

for k, (a, b) in enumerate(((ms.int32, ms.float16), (ms.int8, ms.uint8), (ms.bool_, ms.int8),
                            ("float32", ms.int8), (np.float32, ms.int8), (ms.int64, ms.float64),
                            (ms.uint8, ms.bool_))):
    emit("promote_types_%d" % k, str(mnp.promote_types(a, b)))
for k, args in enumerate(((p, q), (q, 1.5), (q, ms.float16), (1, 2.0),
                          (Tensor(np.array([1], np.int8)), 300), (True, Tensor(np.array([1], np.uint8))),
                          (ms.int16,))):
    emit("result_type_%d" % k, str(mnp.result_type(*args)))
emit_err("result_type_list", mnp.result_type, [1, 2])

emit("array_str", mnp.array_str(p))
emit("array_str_int", mnp.array_str(xi))
emit_err("array_str_list", mnp.array_str, [1, 2])
