"""ONNX converters of the elementwise primitives (one ONNX op, or a few for the composites
ONNX lacks: Rsqrt, Square, SiLU, GeLU, Softplus ...)."""
import math

import numpy as np

from mindcell._export._onnx_builder import converts

_UNARY = {"ReLU": "Relu", "Sigmoid": "Sigmoid", "Tanh": "Tanh", "Exp": "Exp", "Log": "Log",
          "Sqrt": "Sqrt", "Neg": "Neg", "Abs": "Abs", "Erf": "Erf", "Floor": "Floor",
          "Ceil": "Ceil", "Sign": "Sign", "Reciprocal": "Reciprocal", "Sin": "Sin", "Cos": "Cos",
          "Tan": "Tan", "Sinh": "Sinh", "Cosh": "Cosh", "Asin": "Asin", "ACos": "Acos",
          "Atan": "Atan", "Asinh": "Asinh", "Acosh": "Acosh", "Atanh": "Atanh",
          "LogicalNot": "Not", "IsNan": "IsNaN", "HSwish": "HardSwish", "Rint": "Round",
          "Identity": "Identity", "Copy": "Identity", "TensorCopy": "Identity",
          "StopGradient": "Identity"}
_ARITH = {"Add": "Add", "Sub": "Sub", "Mul": "Mul", "RealDiv": "Div", "Pow": "Pow",
          "Maximum": "Max", "Minimum": "Min"}
_COMPARE = {"Equal": "Equal", "Greater": "Greater", "GreaterEqual": "GreaterOrEqual",
            "Less": "Less", "LessEqual": "LessOrEqual"}
_LOGICAL = {"LogicalAnd": "And", "LogicalOr": "Or", "LogicalXor": "Xor"}


def _dtype(node, k=0):
    return node.outputs[k].dtype


def _typed(b, node, names, dtype):
    """The inputs cast to ``dtype`` where they differ (ONNX ops take one input type)."""
    return [b.cast(n, v.dtype, dtype) for n, v in zip(names, node.inputs)]


@converts(*_UNARY)
def _unary(b, node, ins):
    return [b.op(_UNARY[node.name], ins[:1])]


@converts(*_ARITH)
def _arith(b, node, ins):
    return [b.op(_ARITH[node.name], _typed(b, node, ins, _dtype(node)))]


@converts(*_COMPARE, "NotEqual")
def _compare(b, node, ins):
    common = np.result_type(*[v.dtype for v in node.inputs])
    typed = _typed(b, node, ins, common)
    if node.name == "NotEqual":
        return [b.op("Not", [b.op("Equal", typed)])]
    return [b.op(_COMPARE[node.name], typed)]


@converts(*_LOGICAL)
def _logical(b, node, ins):
    return [b.op(_LOGICAL[node.name], _typed(b, node, ins, np.bool_))]


@converts("Cast")
def _cast(b, node, ins):
    return [b.op("Cast", ins, to=b.onnx_type(node.attrs["dtype"]))]


@converts("Select")
def _select(b, node, ins):
    cond = b.cast(ins[0], node.inputs[0].dtype, np.bool_)
    return [b.op("Where", [cond] + _typed(b, node, ins[1:], _dtype(node)))]


@converts("Depend")
def _depend(b, node, ins):
    return [b.op("Identity", ins[:1])]


@converts("Round")
def _round(b, node, ins):
    decimals = node.attrs.get("decimals", 0)
    if not decimals:
        return [b.op("Round", ins)]
    scale = b.scalar(10.0 ** decimals, _dtype(node))
    return [b.op("Div", [b.op("Round", [b.op("Mul", [ins[0], scale])]), scale])]


def _k(b, node, value):
    return b.scalar(value, _dtype(node))


@converts("Rsqrt")
def _rsqrt(b, node, ins):
    return [b.op("Reciprocal", [b.op("Sqrt", ins)])]


@converts("Square")
def _square(b, node, ins):
    return [b.op("Mul", [ins[0], ins[0]])]


@converts("Expm1")
def _expm1(b, node, ins):
    return [b.op("Sub", [b.op("Exp", ins), _k(b, node, 1)])]


@converts("Log1p")
def _log1p(b, node, ins):
    return [b.op("Log", [b.op("Add", [ins[0], _k(b, node, 1)])])]


@converts("Log2", "Log10")
def _log_base(b, node, ins):
    base = 2.0 if node.name == "Log2" else 10.0
    return [b.op("Div", [b.op("Log", ins), _k(b, node, math.log(base))])]


@converts("Exp2")
def _exp2(b, node, ins):
    return [b.op("Pow", [_k(b, node, 2), ins[0]])]


@converts("Erfc")
def _erfc(b, node, ins):
    return [b.op("Sub", [_k(b, node, 1), b.op("Erf", ins)])]


@converts("SiLU")
def _silu(b, node, ins):
    return [b.op("Mul", [ins[0], b.op("Sigmoid", ins)])]


@converts("ReLU6")
def _relu6(b, node, ins):
    return [b.op("Clip", [ins[0], _k(b, node, 0), _k(b, node, 6)])]


@converts("LeakyReLU")
def _leaky_relu(b, node, ins):
    return [b.op("LeakyRelu", ins, alpha=float(node.attrs.get("alpha", 0.2)))]


@converts("Elu")
def _elu(b, node, ins):
    return [b.op("Elu", ins, alpha=float(node.attrs.get("alpha", 1.0)))]


@converts("GeLU")
def _gelu(b, node, ins):
    x = ins[0]
    if node.attrs.get("approximate", "tanh") == "tanh":
        cube = b.op("Mul", [b.op("Mul", [x, x]), x])
        inner = b.op("Mul", [b.op("Add", [x, b.op("Mul", [cube, _k(b, node, 0.044715)])]),
                             _k(b, node, math.sqrt(2.0 / math.pi))])
        cdf = b.op("Add", [_k(b, node, 1), b.op("Tanh", [inner])])
    else:
        cdf = b.op("Add", [_k(b, node, 1),
                           b.op("Erf", [b.op("Div", [x, _k(b, node, math.sqrt(2.0))])])])
    return [b.op("Mul", [b.op("Mul", [x, cdf]), _k(b, node, 0.5)])]


@converts("Softplus")
def _softplus(b, node, ins):
    beta, threshold = node.attrs.get("beta", 1.0), node.attrs.get("threshold", 20.0)
    x = ins[0]
    bx = b.op("Mul", [x, _k(b, node, beta)])
    soft = b.op("Div", [b.op("Softplus", [b.op("Min", [bx, _k(b, node, threshold)])]),
                        _k(b, node, beta)])
    return [b.op("Where", [b.op("Greater", [bx, _k(b, node, threshold)]), x, soft])]


@converts("FloorDiv")
def _floor_div(b, node, ins):
    typed = _typed(b, node, ins, _dtype(node))
    if _dtype(node).kind == "f":
        return [b.op("Floor", [b.op("Div", typed)])]
    return [b.op("Sub", [b.op("Div", typed), _int_floor_fix(b, node, typed)])]


def _int_floor_fix(b, node, typed):
    """1 where integer division truncated a negative quotient with a remainder, else 0."""
    rem = b.op("Mod", typed, fmod=1)
    zero = _k(b, node, 0)
    signs = b.op("Xor", [b.op("Less", [rem, zero]), b.op("Less", [typed[1], zero])])
    fix = b.op("And", [b.op("Not", [b.op("Equal", [rem, zero])]), signs])
    return b.op("Cast", [fix], to=b.onnx_type(_dtype(node)))


@converts("FloorMod")
def _floor_mod(b, node, ins):
    typed = _typed(b, node, ins, _dtype(node))
    if _dtype(node).kind != "f":
        return [b.op("Mod", typed, fmod=0)]
    quotient = b.op("Floor", [b.op("Div", typed)])
    return [b.op("Sub", [typed[0], b.op("Mul", [quotient, typed[1]])])]


@converts("Fmod")
def _fmod(b, node, ins):
    return [b.op("Mod", _typed(b, node, ins, _dtype(node)), fmod=1)]
