"""ONNX operators evaluated with mindcell primitives: what ``nn.GraphCell`` runs for a loaded
ONNX graph. Covers the operators ``export`` writes. Each evaluator takes (tensors, constants,
attrs): ``constants[k]`` is the numpy value of input k when it is an initializer (shapes, axes,
pads), else None; the result is a list of tensors, one per ONNX output."""
import numpy as np

from mindcell._core.primitive import REGISTRY
from mindcell.ops import functional as F

EVALUATORS = {}


def evaluates(*names):
    def register(fn):
        for name in names:
            EVALUATORS[name] = fn
        return fn
    return register


def _bind(prim, *args, **attrs):
    return REGISTRY[prim].bind(*args, **attrs)


_UNARY = {"Relu": "ReLU", "Sigmoid": "Sigmoid", "Tanh": "Tanh", "Exp": "Exp", "Log": "Log",
          "Sqrt": "Sqrt", "Neg": "Neg", "Abs": "Abs", "Erf": "Erf", "Floor": "Floor",
          "Ceil": "Ceil", "Sign": "Sign", "Reciprocal": "Reciprocal", "Sin": "Sin", "Cos": "Cos",
          "Tan": "Tan", "Sinh": "Sinh", "Cosh": "Cosh", "Asin": "Asin", "Acos": "ACos",
          "Atan": "Atan", "Asinh": "Asinh", "Acosh": "Acosh", "Atanh": "Atanh",
          "Not": "LogicalNot", "IsNaN": "IsNan", "HardSwish": "HSwish", "Round": "Rint"}
_BINARY = {"Add": "Add", "Sub": "Sub", "Mul": "Mul", "Pow": "Pow", "Max": "Maximum",
           "Min": "Minimum", "Equal": "Equal", "Greater": "Greater",
           "GreaterOrEqual": "GreaterEqual", "Less": "Less", "LessOrEqual": "LessEqual",
           "And": "LogicalAnd", "Or": "LogicalOr", "Xor": "LogicalXor"}


@evaluates(*_UNARY)
def _unary(op, ins, consts, attrs):
    return [_bind(_UNARY[op], ins[0])]


@evaluates(*_BINARY)
def _binary(op, ins, consts, attrs):
    out = ins[0]
    for other in ins[1:]:  # Max and Min are variadic
        out = _bind(_BINARY[op], out, other)
    return [out]


@evaluates("Div")
def _div(op, ins, consts, attrs):
    if ins[0]._np_dtype.kind == "f":
        return [_bind("RealDiv", ins[0], ins[1])]
    return [_bind("TruncateDiv", ins[0], ins[1])]  # ONNX integer division truncates


@evaluates("Mod")
def _mod(op, ins, consts, attrs):
    return [_bind("Fmod" if attrs.get("fmod", 0) else "FloorMod", ins[0], ins[1])]


@evaluates("Identity")
def _identity(op, ins, consts, attrs):
    return [ins[0]]


@evaluates("Cast")
def _cast(op, ins, consts, attrs):
    from onnx.helper import tensor_dtype_to_np_dtype
    return [_bind("Cast", ins[0], dtype=np.dtype(tensor_dtype_to_np_dtype(attrs["to"])))]


@evaluates("Where")
def _where(op, ins, consts, attrs):
    return [F.select(ins[0], ins[1], ins[2])]


@evaluates("Clip")
def _clip(op, ins, consts, attrs):
    x = ins[0]
    if len(ins) > 1 and ins[1] is not None:
        x = _bind("Maximum", x, ins[1])
    if len(ins) > 2 and ins[2] is not None:
        x = _bind("Minimum", x, ins[2])
    return [x]


@evaluates("LeakyRelu")
def _leaky_relu(op, ins, consts, attrs):
    return [_bind("LeakyReLU", ins[0], alpha=float(attrs.get("alpha", 0.01)))]


@evaluates("Elu")
def _elu(op, ins, consts, attrs):
    return [_bind("Elu", ins[0], alpha=float(attrs.get("alpha", 1.0)))]


@evaluates("Softplus")
def _softplus(op, ins, consts, attrs):
    return [_bind("Softplus", ins[0], beta=1.0, threshold=20.0)]
