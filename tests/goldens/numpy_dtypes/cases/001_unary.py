"""mindspore.numpy's one-input element-wise functions over bool, int8..int64, uint8 and
float16/32/64 inputs (with negatives and zeros), the dtype= keyword, and around/round with
decimals: result dtype, shape and values, or the exception's class."""
from _np_table import DTYPES, first, mnp, record

UNARY = [
    "abs", "absolute", "arccos", "arccosh", "arcsin", "arcsinh", "arctan", "arctanh", "cbrt",
    "ceil", "cos", "cosh", "deg2rad", "exp", "exp2", "expm1", "fabs", "fix", "floor",
    "isfinite", "isinf", "isnan", "isneginf", "isposinf", "log", "log10", "log1p", "log2",
    "logical_not", "negative", "positive", "rad2deg", "radians", "reciprocal", "rint", "sign",
    "signbit", "sin", "sinh", "sqrt", "square", "tan", "tanh", "trunc", "around", "round"]

NO_DTYPE = ("fix", "isneginf", "isposinf", "around", "round")  # no dtype= parameter

for name in UNARY:
    for dt in DTYPES:
        record("%s|%s" % (name, dt), name, first(dt))
    if name not in NO_DTYPE:
        record("%s|int32,dtype=float32" % name, name, first("int32"), dtype=mnp.float32)
        record("%s|float32,dtype=float16" % name, name, first("float32"), dtype=mnp.float16)
    record("%s|list" % name, name, [1.0, 2.0, 4.0])
    record("%s|int_scalar" % name, name, 3)

for name in ("around", "round"):
    for dt in ("int32", "float16", "float32", "float64"):
        for dec in (1, 2, -1):
            record("%s|%s,decimals=%d" % (name, dt, dec), name,
                   first(dt) * 7 if dt != "int32" else first(dt) * 17, dec)
