"""Tensor methods of two tensors (arithmetic, comparisons, logical and bitwise operations) over
same-dtype pairs of bool, int8, int32, int64, uint8 and float16/32/64, a few mixed pairs and
Python numbers, and their in-place forms: result dtype, shape and values, or the exception's
class."""
from _tm_table import DTYPES, first, method, record, second

BINARY = [
    "add", "sub", "subtract", "mul", "multiply", "div", "divide", "true_divide", "floor_divide",
    "fmod", "remainder", "pow", "float_power", "maximum", "minimum", "eq", "ne", "ge", "gt",
    "le", "lt", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal",
    "logical_and", "logical_or", "logical_xor", "logical_not", "bitwise_and", "bitwise_or",
    "bitwise_xor", "atan2", "arctan2", "copysign", "hypot", "logaddexp", "logaddexp2", "xdivy",
    "xlogy", "heaviside", "gcd", "lcm", "isclose", "allclose"]
MIXED = [("int32", "float32"), ("bool", "float32"), ("float16", "float32"), ("int32", "int64"),
         ("uint8", "int8"), ("bool", "int32")]
INPLACE = ["add_", "sub_", "mul_", "div_", "floor_divide_", "remainder_", "copy_"]

for name in BINARY:
    for dt in DTYPES:
        if name == "logical_not":
            record("%s|%s" % (name, dt), method(first(dt), name))
            continue
        record("%s|%s,%s" % (name, dt, dt), method(first(dt), name, second(dt)))
    if name == "logical_not":
        continue
    for a, b in MIXED:
        record("%s|%s,%s" % (name, a, b), method(first(a), name, second(b)))
    for dt in ("int32", "float16", "bool"):
        record("%s|%s,int" % (name, dt), method(first(dt), name, 2))
        record("%s|%s,float" % (name, dt), method(first(dt), name, 1.5))
for name in INPLACE:
    for dt in DTYPES:
        record("%s|%s,%s" % (name, dt, dt),
               lambda n=name, d=dt: getattr(first(d), n)(second(d)))
    record("%s|int32,float32" % name,
           lambda n=name: getattr(first("int32"), n)(second("float32")))
    record("%s|float32,int" % name, lambda n=name: getattr(first("float32"), n)(2))
for dt in DTYPES:
    record("pow|%s,int" % dt, method(first(dt), "pow", 2))
    record("div|%s,%s|rounding_mode=floor" % (dt, dt),
           method(first(dt), "div", second(dt), rounding_mode="floor"))
    record("div|%s,%s|rounding_mode=trunc" % (dt, dt),
           method(first(dt), "div", second(dt), rounding_mode="trunc"))
    record("isclose|%s|equal_nan" % dt, method(first(dt), "isclose", first(dt), equal_nan=True))
