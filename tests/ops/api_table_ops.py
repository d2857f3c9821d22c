"""api_table rows for the public functions in ``mindcell.ops``."""
import numpy as np

import mindcell as ms
from mindcell import ops
from mindcell.ops import functional as F

from api_table import R, Op, S, X4, XENT_BPROP, unary, binary

NG = dict(grad=False)


def _put(x, index, value):
    """ops.setitem on a copy of ``x`` (it updates in place and returns None); the copy."""
    y = x * 1
    assert ops.setitem(y, index, value) is None
    return y


BOOL_S, INT_S = ("bool", S), ("int", S, 7)
IDX = ("int", (2, 2), 3)  # indices into an axis of length 3
_STATS = (ms.Parameter(ms.Tensor(np.zeros(3, np.float32)), name="running_mean"),
          ms.Parameter(ms.Tensor(np.ones(3, np.float32)), name="running_var"))

FUNCTION_ROWS = [
    # elementwise unary
    *unary(["ceil", "cos", "erf", "exp", "expm1", "floor", "neg", "negative", "round", "sign",
            "sin", "square", "tanh", "sigmoid", "elu", "fast_gelu", "gelu", "logsigmoid", "mish",
            "silu", "softplus", "identity", "softsign"]),
    Op("stop_gradient", S, z=True, fd="its gradient is zero by definition"),
    *unary(["abs", "absolute", "reciprocal", "relu", "relu6", "hardswish", "leaky_relu"],
           ("away", S)),
    *unary(["log", "log1p", "rsqrt", "sqrt"], ("pos", S)),
    *unary(["isfinite", "isinf", "isnan"]),
    *unary(["logical_not"], BOOL_S),
    *unary(["invert", "bitwise_not"], INT_S),
    Op("gelu", S, kw=dict(approximate="tanh"), z=True),
    Op("leaky_relu", ("away", S), kw=dict(alpha=0.1), z=True),
    Op("softplus", S, kw=dict(beta=2, threshold=1), z=True),
    # elementwise binary
    *binary(["add", "sub", "subtract", "tensor_sub", "mul", "multiply", "maximum", "minimum",
             "square_difference", "eq", "equal", "ne", "not_equal", "ge", "greater_equal", "gt",
             "greater", "le", "less_equal", "lt", "less"]),
    *binary(["div", "divide", "true_divide", "tensor_div", "floor_div", "floor_divide",
             "floor_mod", "mod", "remainder"], S, ("away", S)),
    Op("subtract", S, S, kw=dict(alpha=0.5), z=True), Op("round", S, kw=dict(decimals=1), z=True),
    *binary(["pow"], ("pos", S), S), *binary(["xlogy"], S, ("pos", S)),
    *binary(["logical_and", "logical_or", "logical_xor"], BOOL_S, BOOL_S),
    *binary(["bitwise_and", "bitwise_or", "bitwise_xor"], INT_S, INT_S),
    Op("add", (2, 1, 3), (4, 1), z=False),
    Op("div", S, ("away", S), kw=dict(rounding_mode="floor"), z=True),
    Op("div", S, ("away", S), kw=dict(rounding_mode="trunc"), z=True),
    R("ops.mul", lambda a: ops.mul(a, 2.5), S, z=True),
    R("ops.pow", lambda a: ops.pow(a, 3), S, z=True),
    # ternary / clamps / selection
    Op("addcdiv", S, S, ("away", S), kw=dict(value=0.5), z=True),
    Op("addcmul", S, S, S, kw=dict(value=0.5), z=True),
    Op("lerp", S, S, S, z=True),
    Op("where", BOOL_S, S, S, z=True),
    Op("select", BOOL_S, S, S, z=True),
    Op("masked_fill", S, BOOL_S, kw=dict(value=0.5), z=True),
    Op("clamp", S, kw=dict(min=-0.5, max=0.5), z=True),
    Op("clamp", S, S, S, z=True),
    Op("clip", S, kw=dict(min=-0.5), z=True),
    Op("clip_by_value", S, kw=dict(clip_value_min=-0.5, clip_value_max=0.5), z=True),
    # reductions
    *[Op(n, BOOL_S, z=True) for n in ("all", "any")],
    *[Op(n, S, z=True) for n in ("amax", "amin", "max", "min", "mean", "sum", "prod", "std", "var",
                                "reduce_max", "reduce_mean", "reduce_sum", "norm")],
    *[Op(n, S, kw=dict(axis=1), z=False) for n in ("amax", "amin", "max", "min", "mean", "prod",
                                                  "std", "var", "reduce_sum")],
    Op("logsumexp", S, kw=dict(dim=1), z=False),
    Op("sum", S, kw=dict(dim=0, keepdim=True)),
    Op("std", S, kw=dict(axis=1, ddof=1, keepdims=True)),
    Op("norm", S, kw=dict(ord=1, dim=1)),
    Op("std_mean", S, kw=dict(axis=1)),
    Op("var_mean", S, kw=dict(axis=0, ddof=1)),
    Op("argmax", S, z=True, **NG),
    Op("argmin", S, kw=dict(axis=1), **NG),
    Op("cumsum", S, kw=dict(axis=1)),
    # matmul family
    Op("matmul", S, (3, 4)),
    Op("matmul", (2, 2, 3), (3,)),
    Op("bmm", (2, 2, 3), (2, 3, 4)),
    Op("dot", (3,), (3,)),
    Op("outer", (2,), (3,)),
    Op("dense", (2, 3), (4, 3), (4,)),
    # shape and indexing
    R("ops.broadcast_to", lambda x: ops.broadcast_to(x, (2, 2, 3)), S),
    R("ops.cat", lambda a, b: ops.cat([a, b], 1), S, S),
    R("ops.concat", lambda a, b: ops.concat((a, b)), S, S),
    R("ops.stack", lambda a, b: ops.stack([a, b], -1), S, S),
    R("ops.stack", lambda a, b: ops.stack([a, b]), S, S, z=True),
    Op("chunk", (4, 3), kw=dict(chunks=2)),
    Op("split", (5, 3), kw=dict(split_size_or_sections=[2, 3])),
    Op("tensor_split", (5, 3), kw=dict(indices_or_sections=2)),
    Op("expand_dims", S, kw=dict(axis=-1), z=True), Op("expand_dims", S, kw=dict(axis=1)),
    Op("unsqueeze", S, kw=dict(dim=-1), z=True),
    Op("squeeze", (2, 1, 3), kw=dict(axis=1)),
    Op("squeeze", (1, 3, 1)),
    Op("flatten", (2, 3, 2)),
    Op("flatten", (2, 3, 2), kw=dict(start_dim=0)),
    Op("flip", S, kw=dict(dims=(0, 1))),
    Op("movedim", (2, 3, 4), kw=dict(source=0, destination=2)),
    Op("narrow", (4, 3), kw=dict(axis=0, start=1, length=2)),
    Op("permute", (2, 3, 4), kw=dict(axis=(2, 0, 1))),
    Op("transpose", (2, 3, 4), kw=dict(dims=(1, 2, 0))),
    Op("swapaxes", (2, 3, 4), kw=dict(axis0=0, axis1=2)),
    Op("swapdims", (2, 3, 4), kw=dict(dim0=1, dim1=2)),
    Op("reshape", S, kw=dict(shape=(3, -1))),
    Op("reshape", (), kw=dict(shape=(1, 1))),
    Op("tile", S, kw=dict(dims=(2, 1))),
    Op("repeat_elements", S, kw=dict(rep=2, axis=1)),
    Op("repeat_interleave", S, kw=dict(repeats=2, axis=0)),
    Op("repeat_interleave", S, kw=dict(repeats=[1, 2, 0], axis=1)),
    Op("pad", S, kw=dict(padding=(1, 2))),
    Op("pad", S, kw=dict(padding=(1, 0, 0, 2), value=1.5)),
    Op("one_hot", ("int", (4,), 3), kw=dict(depth=3), **NG),
    Op("gather", (3, 2), IDX, kw=dict(axis=0)),
    Op("gather", (2, 3), IDX, kw=dict(axis=1)),
    R("ops.gather_d", lambda x, i: ops.gather_d(x, 1, i), S, ("int", (2, 2), 3)),
    R("ops.gather_elements", lambda x, i: ops.gather_elements(x, 0, i), (2, 3), ("int", S, 2)),
    R("ops.index_add", lambda x, i, y: ops.index_add(x, i, y, 0), (3, 2),
      ("int", (2,), 3), (2, 2)),
    R("ops.scatter", lambda x, i, s: ops.scatter(x, 1, i, s), (2, 3),
      ("int", (2, 1), 3, np.int64), (2, 1)),
    R("ops.getitem", lambda x: ops.getitem(x, (slice(None), 1)), S),
    R("ops.getitem", lambda x, i: ops.getitem(x, i), (3, 2), ("int", (4,), 3)),
    R("ops.setitem", lambda x, v: _put(x, (0, slice(1, 3)), v), S, (2,)),
    R("ops.setitem", lambda x, m: _put(x, m, 0.0), S, BOOL_S),
    R("ops.setitem", lambda x, m, v: _put(x, m, v), S, ("bool", (2,)), (3,)),
    Op("sort", S), Op("sort", S, kw=dict(axis=0, descending=True)),
    Op("argsort", S, **NG), Op("argsort", S, kw=dict(descending=True), **NG),
    Op("topk", (2, 5), kw=dict(k=2)), Op("topk", (4, 5), kw=dict(k=3, dim=0, largest=False)),
    Op("top_k", (2, 5), kw=dict(k=2)), Op("top_k", (3, 4), kw=dict(k=4, sorted=False)),
    Op("cast", S, kw=dict(dtype=ms.float64), z=True),
    Op("cast", S, kw=dict(dtype=ms.float16), z=True, fd="a narrowing cast rounds away the step"),
    Op("cast", S, kw=dict(dtype=ms.int32), z=True, **NG),
    Op("cast", INT_S, kw=dict(dtype=ms.float32), z=True),
    Op("embedding", ("int", (2, 3), 4), (4, 2)),
    Op("depend", S, S, z=True),
    R("ops.depend", lambda x, y: ops.depend((x, y * 2), (y, [x]))[1], S, S, z=True),
    # nn
    Op("adaptive_avg_pool2d", X4, kw=dict(output_size=2)),
    Op("avg_pool2d", X4, kw=dict(kernel_size=2, stride=2)),
    Op("max_pool2d", X4, kw=dict(kernel_size=2, stride=1)),
    Op("conv2d", X4, (3, 2, 3, 3), (3,), kw=dict(padding=1, pad_mode="pad")),
    Op("batch_norm", (2, 3), (3,), ("pos", (3,)), (3,), (3,)),
    R("ops.batch_norm", lambda x, w, b: ops.batch_norm(x, *_STATS, w, b, training=True), (4, 3),
      (3,), (3,)),
    R("ops.layer_norm", lambda x, w, b: ops.layer_norm(x, (4,), w, b), (2, 4), (4,), (4,)),
    R("F.layer_norm_op", lambda x, w, b: F.layer_norm_op(x, w, b, 1, 1, 1e-5), (2, 4), (4,),
      (4,), probe=1),
    Op("rms_norm", (2, 4), (4,)),
    Op("rms_norm_clamped", (2, 4), (4,), kw=dict(eps=1e-6), probe=1),
    Op("softmax", S, z=True), Op("softmax", S, kw=dict(axis=0)),
    Op("log_softmax", S, z=True), Op("log_softmax", S, kw=dict(axis=0)),
    Op("dropout", S, kw=dict(training=False), z=True),
    # losses
    Op("binary_cross_entropy", ("prob", S), ("prob", S)),
    Op("binary_cross_entropy_with_logits", S, ("prob", S)),
    Op("cross_entropy", (4, 3), ("int", (4,), 3)),
    Op("cross_entropy", (4, 3), ("int", (4,), 3), kw=dict(label_smoothing=0.1, reduction="sum")),
    Op("l1_loss", S, S), Op("mse_loss", S, S, kw=dict(reduction="none")),
    Op("nll_loss", (4, 3), ("int", (4,), 3)),
    Op("smooth_l1_loss", S, S), Op("smooth_l1_loss", S, S, kw=dict(beta=0.5, reduction="mean")),
    # MindSpore's bprop: softmax(logits) - labels, none for the labels; the derivative only when
    # each label row sums to 1 (test_ms_examples_rest records MindSpore's gradients)
    Op("softmax_cross_entropy", (4, 3), ("prob", (4, 3)), fd=XENT_BPROP),
    Op("sparse_softmax_cross_entropy", (4, 3), ("int", (4,), 3)),
    # creation (a dummy input keeps the jit signature non-empty)
    R("ops.arange", lambda d: ops.arange(1, 7, 2) + d, INT_S),
    R("ops.eye", lambda d: ops.eye(2, 3, ms.float32) + d, S),
    R("ops.fill", lambda d: ops.fill(ms.float32, (2, 3), 1.5) * d, S),
    R("ops.full", lambda d: ops.full((2, 3), 2.0) * d, S),
    Op("full_like", S, kw=dict(fill_value=3), z=True),
    R("ops.linspace", lambda d: ops.linspace(0.0, 1.0, 3) * d, (3,)),
    R("ops.ones", lambda d: ops.ones((2, 3), ms.float32) * d, S),
    R("ops.zeros", lambda d: ops.zeros((2, 3), ms.float32) + d, S),
    Op("ones_like", S, z=True), Op("zeros_like", S, z=True),
    # random: shape and dtype only
    *[R("ops." + n, fn, S, kind="random") for n, fn in [
        ("normal", lambda d: ops.normal((2, 3), 0.0, 1.0) + d),
        ("rand", lambda d: ops.rand(2, 3) + d),
        ("rand_like", lambda d: ops.rand_like(d)),
        ("randint", lambda d: ops.randint(0, 5, (2, 3))),
        ("randn", lambda d: ops.randn(2, 3) + d),
        ("randn_like", lambda d: ops.randn_like(d)),
        ("standard_normal", lambda d: ops.standard_normal((2, 3)) + d),
        ("uniform", lambda d: ops.uniform((2, 3), ms.Tensor(0.0), ms.Tensor(1.0)) + d),
        ("dropout", lambda d: ops.dropout(d, 0.5)),
        ("bernoulli", lambda d: ops.bernoulli(d, ops.sigmoid(d)))]],
    # data-dependent output shapes: GRAPH_MODE must refuse
    Op("nonzero", S, kind="datadep"),
    Op("argwhere", S, kind="datadep"),
    Op("repeat_interleave", (3,), ("int", (3,), 3), kind="datadep"),  # tensor repeats
    R("ops.getitem", lambda x, m: ops.getitem(x, m), S, BOOL_S, kind="datadep"),
]
