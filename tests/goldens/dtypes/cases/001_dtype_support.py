"""Which dtypes each simple ops function accepts, and what it returns (dtype, shape and values):
every one-tensor and two-tensor function of mindspore.ops over bool, int8..int64, uint8,
float16, float32, float64 and bfloat16 inputs, same-dtype and mixed pairs, with Python
scalars. An error is recorded as "error" (which exception is another matter). The op lists
are MindSpore 2.10's functions whose other parameters have defaults."""
import numpy as np
from _target import ms, ops, Tensor, emit

UNARY = [
    "abs", "absolute", "acos", "acosh", "all", "any", "arccos", "arccosh", "arcsin", "arcsinh",
    "arctan", "arctanh", "argmax", "argmin", "argsort", "asin", "asinh", "atan", "atanh",
    "ceil", "clamp", "clip", "cos", "cosh", "deg2rad", "diag", "diff", "digamma", "elu",
    "erf", "erfc", "erfinv", "exp", "exp2", "expm1", "fast_gelu", "floor", "frac", "gelu",
    "glu", "hardsigmoid", "hardswish", "hardtanh", "identity", "inv", "invert", "isfinite",
    "isinf", "isnan", "leaky_relu", "lgamma", "log", "log10", "log1p", "log2", "logical_not",
    "logit", "logsigmoid", "mean", "mish", "nan_to_num", "neg", "negative", "positive", "prod",
    "rad2deg", "ravel", "reciprocal", "reduce_max", "reduce_mean", "reduce_sum", "relu",
    "relu6", "rsqrt", "sigmoid", "sign", "signbit", "silu", "sin", "sinc", "sinh", "softplus",
    "softsign", "sort", "sqrt", "square", "squeeze", "std", "std_mean", "tan", "tanh", "tril",
    "triu", "trunc", "var", "var_mean"]
BINARY = [
    "add", "arctan2", "atan2", "bitwise_and", "bitwise_or", "bitwise_xor", "copysign",
    "cosine_similarity", "dot", "eq", "equal", "float_power", "floor_div", "floor_divide",
    "floor_mod", "fmod", "gcd", "ge", "greater", "greater_equal", "gt", "hypot", "isclose",
    "kron", "lcm", "le", "less_equal", "logaddexp", "logaddexp2", "logical_and", "logical_or",
    "logical_xor", "maximum", "minimum", "mul", "multiply", "ne", "not_equal", "pow",
    "remainder", "sub", "xdivy", "xlogy"]
DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "float16", "float32", "float64",
          "bfloat16"]
MIXED = [("int32", "float32"), ("bool", "float32"), ("float16", "float32"),
         ("int32", "int64"), ("uint8", "int8"), ("bool", "int32")]


def tensor(values, dtype):
    if dtype == "bfloat16":
        return Tensor(np.asarray(values, np.float32)).astype(ms.bfloat16)
    return Tensor(np.asarray(values).astype(dtype))


def first_input(dtype):
    if dtype == "bool":
        return tensor([[True, False, True], [False, True, True]], dtype)
    if dtype.startswith(("int", "uint")):
        return tensor([[1, 2, 3], [4, 5, 6]], dtype)
    return tensor([[0.125, 0.25, 0.375], [0.5, 0.625, 0.75]], dtype)


def second_input(dtype):
    if dtype == "bool":
        return tensor([[True, True, False], [False, True, False]], dtype)
    if dtype.startswith(("int", "uint")):
        return tensor([[2, 2, 2], [3, 3, 3]], dtype)
    return tensor([[0.5, 1.5, 0.25], [2.0, 0.75, 1.25]], dtype)


def summary(out):
    if isinstance(out, (tuple, list)):
        return [summary(o) for o in out]
    if not isinstance(out, Tensor):
        return {"python": type(out).__name__}
    values = out.astype(ms.float32) if out.dtype == ms.bfloat16 else out
    # the values are read here, inside record's try: MindSpore reports some kernel errors only
    # when the result is read
    return {"dtype": str(out.dtype), "shape": list(out.shape), "value": values.asnumpy()}


def record(key, fn, *args):
    """Emit the result of ``fn(*args)``, or "error". MindSpore may report a kernel's failure at
    a later operation (which would then be recorded as the failure of the next key), so a failing
    call is retried after draining such deferred reports; "error" is recorded only when every
    try fails."""
    for _ in range(4):
        try:
            out = summary(fn(*args))
            break
        except Exception:  # noqa: BLE001 - only that it failed is recorded
            out = "error"
            _drain()
    emit(key, out)


def _drain():
    """Let MindSpore report any error it deferred, so that the next call gets its own result."""
    for _ in range(5):
        try:
            (Tensor(np.ones((2,), np.float32)) + Tensor(np.ones((2,), np.float32))).asnumpy()
            return
        except Exception:  # noqa: BLE001 - a deferred error of the failed call
            continue


for name in UNARY:
    for dt in DTYPES:
        record("%s|%s" % (name, dt), getattr(ops, name), first_input(dt))
for name in BINARY:
    for dt in DTYPES:
        record("%s|%s,%s" % (name, dt, dt), getattr(ops, name), first_input(dt),
               second_input(dt))
    for a, b in MIXED:
        record("%s|%s,%s" % (name, a, b), getattr(ops, name), first_input(a), second_input(b))
    for dt in ("int32", "float16"):
        record("%s|%s,int" % (name, dt), getattr(ops, name), first_input(dt), 2)
        record("%s|%s,float" % (name, dt), getattr(ops, name), first_input(dt), 1.5)
