"""mindspore.numpy bitwise_and/or/xor/not, invert, gcd, lcm, copysign, float_power, divmod and
the windows bartlett/blackman/hamming/hanning: values, dtypes (promotion, dtype=) and error types."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
i32 = Tensor(np.array([12, -7, 5], np.int32))
i32b = Tensor(np.array([8, 3, -4], np.int32))
i8 = Tensor(np.array([3, 6, -1], np.int8))
u8 = Tensor(np.array([3, 6, 250], np.uint8))
b = Tensor(np.array([True, False, True]))
f = Tensor(np.array([1.5, -2., 3.], np.float32))
f2 = Tensor(np.array([2., -1., 0.5], np.float32))
h = Tensor(np.array([1.5, -2., 3.], np.float16))


def out(key, r):
    if isinstance(r, tuple):
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_dtype", str(r.dtype))


for fn in ("bitwise_and", "bitwise_or", "bitwise_xor", "gcd", "lcm"):
    g = getattr(mnp, fn)
    out(fn + "_i32", g(i32, i32b))
    out(fn + "_i8_u8", g(i8, u8))
    out(fn + "_bool", g(b, Tensor(np.array([False, False, True]))))
    out(fn + "_int", g(i32, 3))
    out(fn + "_list", g([1, 2, 3], [3, 2, 1]))
    out(fn + "_dtype", g(i32, i32b, dtype=ms.float32))
for fn in ("bitwise_and", "bitwise_or", "bitwise_xor"):
    g = getattr(mnp, fn)
    emit_err(fn + "_f32", g, f, f2)
    emit_err(fn + "_int_f32", g, i32, f)
    out(fn + "_bool_int", g(b, i32))
out("gcd_i64", mnp.gcd(Tensor(np.array([4, 6], np.int64)), 4))
out("gcd_zero", mnp.gcd(Tensor(np.array([0, 4, 6, -7, -6], np.int32)), Tensor(np.array([5, 0, 4, 3, -4], np.int32))))
out("lcm_zero", mnp.lcm(Tensor(np.array([0, 4, 6, -7, -6], np.int32)), Tensor(np.array([5, 0, 4, 3, -4], np.int32))))

for fn in ("bitwise_not", "invert"):
    g = getattr(mnp, fn)
    for name, x in (("i32", i32), ("i8", i8), ("u8", u8), ("list", [1, 2]),
                    ("i64", Tensor(np.array([1, -2], np.int64)))):
        out("%s_%s" % (fn, name), g(x))
    out(fn + "_dtype", g(i32, dtype=ms.float32))
    emit_err(fn + "_bool", g, b)
    emit_err(fn + "_f32", g, f)

out("copysign_i32", mnp.copysign(i32, i32b))
out("copysign_i8_u8", mnp.copysign(i8, u8))
out("copysign_f32", mnp.copysign(f, f2))
out("copysign_f16", mnp.copysign(h, h))
out("copysign_int", mnp.copysign(i32, 3))
out("copysign_list", mnp.copysign([1, 2, 3], [-1, 2, -3]))
out("copysign_i32_f32", mnp.copysign(i32, f))
out("copysign_f32_i32", mnp.copysign(f2, Tensor(np.array([-1, 0, 1], np.int32))))
out("copysign_neg_zero", mnp.copysign(f, Tensor(np.array([-0., 0., -1.], np.float32))))
out("copysign_float_scalar", mnp.copysign(i32, -1.5))
out("copysign_bcast", mnp.copysign(Tensor(np.array([[1.], [2.]], np.float32)), f))
out("copysign_dtype", mnp.copysign(i32, i32b, dtype=ms.float32))
emit_err("copysign_bool", mnp.copysign, b, b)

out("float_power_i32", mnp.float_power(i32, Tensor(np.array([2, 3, -1], np.int32))))
out("float_power_i8_u8", mnp.float_power(i8, Tensor(np.array([3, 2, 1], np.uint8))))
out("float_power_bool", mnp.float_power(b, b))
out("float_power_f32", mnp.float_power(f, f2))
out("float_power_f16", mnp.float_power(h, h))
out("float_power_f64", mnp.float_power(Tensor(np.array([1.5, 2.], np.float64)),
                                       Tensor(np.array([2., 0.5], np.float64))))
out("float_power_i32_f32", mnp.float_power(i32, f))
out("float_power_dtype", mnp.float_power(i32b, i32b, dtype=ms.float16))
emit_err("float_power_int", mnp.float_power, i32, 3)
emit_err("float_power_list", mnp.float_power, [1, 2], [3, 2])

out("divmod_i32", mnp.divmod(i32, i32b))
out("divmod_i8_u8", mnp.divmod(i8, Tensor(np.array([2, 4, 5], np.uint8))))
out("divmod_f32", mnp.divmod(f, Tensor(np.array([2., 1.5, -0.5], np.float32))))
out("divmod_int", mnp.divmod(i32, 3))
out("divmod_int_first", mnp.divmod(7, i32b))
out("divmod_dtype", mnp.divmod(Tensor(np.array([7., -7.], np.float32)), 2, dtype=ms.int32))
emit_err("divmod_list", mnp.divmod, [1, 2, 3], [3, 2, 1])

for fn in ("bartlett", "blackman", "hamming", "hanning"):
    g = getattr(mnp, fn)
    for m in (6, 5, 2, 1, 0, -1):
        out("%s_%d" % (fn, m), g(m))
    emit_err(fn + "_float", g, 2.5)
    emit_err(fn + "_bool", g, True)
    emit_err(fn + "_tensor", g, Tensor(3))
    emit_err(fn + "_np_int", g, np.int64(4))
