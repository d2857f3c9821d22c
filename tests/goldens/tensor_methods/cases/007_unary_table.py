"""Tensor methods of one tensor (element-wise math, predicates, casts, copies, sizes) over
bool, int8, int32, int64, uint8 and float16/32/64 inputs: result dtype, shape and values, or the
exception's class."""
from _tm_table import DTYPES, first, method, record, square

UNARY = [
    "abs", "absolute", "acos", "acosh", "arccos", "arccosh", "arcsin", "arcsinh", "arctan",
    "arctanh", "asin", "asinh", "atan", "atanh", "bitwise_not", "ceil", "cos", "cosh",
    "deg2rad", "digamma", "erf", "erfc", "erfinv", "exp", "expm1", "floor", "frac", "invert",
    "isfinite", "isinf", "isnan", "isneginf", "isposinf", "isreal", "lgamma", "log", "log10",
    "log1p", "log2", "logit", "neg", "negative", "positive", "rad2deg", "reciprocal", "round",
    "rsqrt", "sigmoid", "sign", "signbit", "sin", "sinc", "sinh", "sqrt", "square", "tan",
    "tanh", "trunc", "nan_to_num", "t", "ravel", "flatten", "fliplr", "flipud", "msort",
    "argwhere", "nonzero", "is_floating_point", "is_signed", "is_complex", "bool", "byte",
    "int", "long", "float", "half", "double", "short", "clone", "copy", "contiguous", "numel",
    "nelement", "ndimension", "dim", "itemsize", "nbytes", "tolist", "size", "stride",
    "is_contiguous", "unique", "bincount"]
ATTRS = ["T", "mT", "ndim", "shape", "strides", "dtype"]
SQUARE = ["det", "inverse", "matrix_determinant", "cholesky", "inv", "diag", "diagonal",
          "trace"]

for name in UNARY:
    for dt in DTYPES:
        record("%s|%s" % (name, dt), method(first(dt), name))
for name in ATTRS:
    for dt in DTYPES:
        # a dtype is recorded by its name (str), not its class
        record("%s|%s" % (name, dt), lambda x=first(dt), n=name: (
            str(getattr(x, n)) if n == "dtype" else getattr(x, n)))
for name in SQUARE:
    for dt in DTYPES:
        record("%s|%s|3x3" % (name, dt), method(square(dt), name))
for dt in DTYPES:
    record("bincount|%s|1d" % dt, method(first(dt).flatten().abs(), "bincount"))
    record("round|%s|decimals=1" % dt, method(first(dt), "round", decimals=1))
    record("nan_to_num|%s|nan=1.0" % dt, method(first(dt), "nan_to_num", nan=1.0, posinf=2.0))
    record("logit|%s|eps=0.1" % dt, method(first(dt), "logit", eps=0.1))
    record("item|%s" % dt, method(first(dt)[0, 0], "item"))
    record("size|%s|dim=1" % dt, method(first(dt), "size", 1))
