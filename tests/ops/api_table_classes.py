"""api_table rows for the Primitive classes in ``mindcell.ops`` (construct, then call)."""
import mindcell as ms
from mindcell import ops, Tensor

from api_table import R, P, S, X4, XENT_BPROP

_SIGMOID_XENT_LABEL = "MindSpore's bprop returns zeros for the label"

NG = dict(grad=False)
Z = dict(z=True)
BOOL_S, INT_S = ("bool", S), ("int", S, 7)


def _unary(names, spec=S, **flags):
    return [P(n, (), spec, **dict(Z, **flags)) for n in names]


def _binary(names, a=S, b=S, **flags):
    return [P(n, (), a, b, **dict(Z, **flags)) for n in names]


CLASS_ROWS = [
    *_unary(["Ceil", "Cos", "Erf", "Exp", "FastGeLU", "Floor", "GeLU", "Identity", "Neg",
             "Round", "SiLU", "Sigmoid", "Sign", "Sin", "Softplus", "Softsign", "Square",
             "Tanh", "ZerosLike", "OnesLike"]),
    P("StopGradient", (), S, z=True, fd="its gradient is zero by definition"),
    *_unary(["Abs", "HSwish", "ReLU", "ReLU6", "Reciprocal"], ("away", S)),
    *_unary(["Log", "Log1p", "Rsqrt", "Sqrt"], ("pos", S)),
    *_unary(["IsFinite", "IsInf", "IsNan"]),
    *_unary(["LogicalNot"], BOOL_S),
    # input_size 3, hidden 2, one layer, bias: flat weights 4 * 2 * (3 + 2) + 4 * 2 = 48
    P("LSTM", (3, 2, 1, True, False, 0.0), (4, 2, 3), (1, 2, 2), (1, 2, 2), (48, 1, 1)),
    P("Elu", (0.5,), S, **Z), P("LeakyReLU", (0.1,), ("away", S), **Z),
    *_binary(["Add", "Sub", "Mul", "Maximum", "Minimum", "Equal", "NotEqual", "Greater",
              "GreaterEqual", "Less", "LessEqual"]),
    *_binary(["Div", "RealDiv", "FloorDiv", "FloorMod", "Mod"], S, ("away", S)),
    *_binary(["Pow"], ("pos", S), S),
    *_binary(["LogicalAnd", "LogicalOr"], BOOL_S, BOOL_S),
    P("Select", (), BOOL_S, S, S, **Z),
    R("ops.MaskedFill", lambda x, m: ops.MaskedFill()(x, m, Tensor(0.5, ms.float32)), S, BOOL_S,
      f16=False),
    P("Depend", (), S, S, **Z),
    # reductions (axis passed at call time)
    *[P(n, (), S, call=((1,),)) for n in ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin",
                                         "ReduceProd")],
    P("ReduceSum", (True,), S, call=((),)),
    *[P(n, (), BOOL_S, call=(0,)) for n in ("ReduceAll", "ReduceAny")],
    P("Argmax", (), S, **NG),
    P("Argmin", (0, ms.int64), S, **NG),
    P("ArgMaxWithValue", (1,), S),
    P("Sort", (0, True), S), P("TopK", (), (2, 5), call=(2,)),
    # matmul, nn
    P("MatMul", (False, True), S, (4, 3)),
    P("BatchMatMul", (), (2, 2, 3), (2, 3, 4)),
    P("Conv2D", (3, 3), X4, (3, 2, 3, 3)),
    P("AvgPool", (2, 2), X4), P("MaxPool", (2, 1, "same"), X4),
    # (y, mean, rstd) / (y, rstd): as in MindSpore, only y is differentiable
    P("LayerNorm", (1, 1, 1e-5), (2, 4), (4,), (4,), probe=1),
    P("RmsNorm", (), (2, 4), (4,), probe=1),
    P("Softmax", (), S, **Z), P("LogSoftmax", (0,), S),
    P("SoftmaxCrossEntropyWithLogits", (), (4, 3), ("prob", (4, 3)), probe=1,  # (loss, dlogits)
      fd=XENT_BPROP),
    P("SparseSoftmaxCrossEntropyWithLogits", (), (4, 3), ("int", (4,), 3)),
    # MindSpore's bprop gives the label a zero gradient (ms-oracle), not the derivative
    P("SigmoidCrossEntropyWithLogits", (), S, ("prob", S), fd=_SIGMOID_XENT_LABEL),
    P("SigmoidCrossEntropyWithLogits", (), (2, 2, 3), (2, 2, 3),  # labels outside [0, 1]
      fd=_SIGMOID_XENT_LABEL),
    R("ops.OneHot", lambda i: ops.OneHot()(i, 3, Tensor(1.0, ms.float32),
                                           Tensor(0.0, ms.float32)), ("int", (4,), 3)),
    # shape
    P("BroadcastTo", ((2, 2, 3),), S),
    P("Cast", (), S, call=(ms.float16,), fd="a narrowing cast rounds away the step", **Z),
    R("ops.Concat", lambda a, b: ops.Concat(1)([a, b]), S, S),
    R("ops.Concat", lambda a, b: ops.Concat()((a, b)), S, S),
    R("ops.Stack", lambda a, b: ops.Stack(1)([a, b]), S, S),
    P("ExpandDims", (), S, call=(0,), **Z),
    P("Squeeze", (1,), (2, 1, 3)), P("Squeeze", (), (1, 3, 1)),
    P("Reshape", (), S, call=((3, 2),)),
    P("Transpose", (), (2, 3, 4), call=((2, 0, 1),)),
    P("Tile", (), S, call=((1, 2),)),
    P("Pad", (((1, 0), (0, 2)),), S),
    P("Split", (1, 3), S),
    R("ops.Gather", lambda x, i: ops.Gather()(x, i, 0), (3, 2), ("int", (4,), 3)),
    R("ops.GatherD", lambda x, i: ops.GatherD()(x, 1, i), S, ("int", (2, 2), 3)),
    # creation
    R("ops.Fill", lambda d: ops.Fill()(ms.float32, (2, 3), 2.0) * d, S),
    R("ops.Ones", lambda d: ops.Ones()((2, 3), ms.float32) * d, S),
    R("ops.Zeros", lambda d: ops.Zeros()((2, 3), ms.float32) + d, S),
    # random: shape and dtype only
    R("ops.Dropout", lambda x: ops.Dropout(0.5)(x), S, kind="random"),
    R("ops.StandardNormal", lambda d: ops.StandardNormal()((2, 3)) + d, S, kind="random"),
    R("ops.UniformReal", lambda d: ops.UniformReal()((2, 3)) + d, S, kind="random"),
]
