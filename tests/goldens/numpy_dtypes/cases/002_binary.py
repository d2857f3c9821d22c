"""mindspore.numpy's two-input element-wise functions over same-dtype pairs of bool,
int8..int64, uint8 and float16/32/64, mixed pairs, Python scalars and the dtype= keyword:
result dtype, shape and values, or the exception's class."""
from _np_table import DTYPES, first, second, mnp, record

BINARY = [
    "add", "subtract", "multiply", "divide", "true_divide", "floor_divide", "mod", "remainder",
    "fmod", "power", "maximum", "minimum", "arctan2", "hypot", "heaviside", "logaddexp",
    "equal", "not_equal", "greater", "greater_equal", "less", "less_equal", "logical_and",
    "logical_or", "logical_xor", "isclose", "allclose", "array_equal", "array_equiv"]
MIXED = [("int32", "float32"), ("bool", "float32"), ("float16", "float32"),
         ("int32", "int64"), ("uint8", "int8"), ("bool", "int32"), ("int8", "float16")]

for name in BINARY:
    fn = name
    for dt in DTYPES:
        record("%s|%s,%s" % (name, dt, dt), fn, first(dt), second(dt))
    for a, b in MIXED:
        record("%s|%s,%s" % (name, a, b), fn, first(a), second(b))
    for dt in ("int32", "float16", "bool"):
        record("%s|%s,int" % (name, dt), fn, first(dt), 2)
        record("%s|%s,float" % (name, dt), fn, first(dt), 1.5)
    record("%s|int,int32" % name, fn, 3, second("int32"))
    record("%s|lists" % name, fn, [1, 2, 3], [2, 2, 2])
    if name not in ("isclose", "allclose", "array_equal", "array_equiv"):
        record("%s|int32,int32,dtype=float32" % name, fn, first("int32"), second("int32"),
               dtype=mnp.float32)
