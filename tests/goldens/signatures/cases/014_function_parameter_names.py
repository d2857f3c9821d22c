"""ops functions called with MindSpore 2.10's parameter names: sqrt(x), arcsin(x),
floor_div(x, y), true_divide(dividend, divisor), subtract(alpha), round(decimals=0), and
JitConfig's recorded defaults."""
import numpy as np
from _target import ms, ops, Tensor, emit

a = Tensor(np.array([5.0, 3.0, -7.5], np.float32))
b = Tensor(np.array([1.0, 2.0, 2.0], np.float32))
emit("sqrt_x", ops.sqrt(x=Tensor(np.array([4.0, 2.0], np.float32))))
emit("arcsin_x", ops.arcsin(x=Tensor(np.array([0.5, 1.0], np.float32))))
emit("floor_div_xy", ops.floor_div(x=a, y=b))
emit("floor_divide", ops.floor_divide(input=a, other=b))
emit("true_divide", ops.true_divide(dividend=a, divisor=b))
emit("subtract_alpha_2", ops.subtract(a, b, alpha=2))
emit("subtract_alpha_half", ops.subtract(a, b, alpha=0.5))
emit("subtract_int_alpha_half", ops.subtract(Tensor(np.array([5, 3], np.int32)),
                                             Tensor(np.array([1, 2], np.int32)), alpha=0.5))
emit("subtract_default", ops.subtract(input=a, other=b))
x = Tensor(np.array([1.2345, -2.5, 2.5, 0.5, 1.5, 123.456], np.float32))
emit("round_decimals_0", ops.round(x, decimals=0))
emit("round_input_kw", ops.round(input=x))
try:
    ops.round(x, 2)
    emit("round_positional_decimals", "accepted")
except Exception as e:  # noqa: BLE001
    emit("round_positional_decimals", e)
try:
    ops.subtract(a, b, 2)
    emit("subtract_positional_alpha", "accepted")
except Exception as e:  # noqa: BLE001
    emit("subtract_positional_alpha", e)
emit("jit_config_dict", ms.JitConfig().jit_config_dict)
emit("jit_config_debug", ms.JitConfig(debug_level="DEBUG", infer_boost="on").jit_config_dict)
for kw in (dict(debug_level="x"), dict(infer_boost="x")):
    try:
        ms.JitConfig(**kw)
        emit("jit_config_bad_%s" % next(iter(kw)), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("jit_config_bad_%s" % next(iter(kw)), e)
