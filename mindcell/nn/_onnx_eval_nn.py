"""ONNX shape, reduction and neural-network operators evaluated with mindcell primitives (the
second half of ``_onnx_eval``'s table). Shape-like inputs (shape, axes, pads, k) must be
initializers: a loaded graph has static shapes, as an exported one does."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.nn._onnx_eval import _bind, evaluates
from mindcell.ops import functional as F


class UnsupportedOnnx(ValueError):
    """An ONNX node GraphCell cannot evaluate (an operator form ``export`` never writes)."""


def _const(consts, k, what):
    if k >= len(consts) or consts[k] is None:
        raise UnsupportedOnnx("its %s input must be an initializer (a static value)" % what)
    return consts[k]


def _ints(consts, k, what):
    return tuple(int(v) for v in np.asarray(_const(consts, k, what)).reshape(-1))


def _axes(attrs, consts, k, rank):
    """Axes from input k (opset 13+) or the 'axes' attribute, normalised to non-negative."""
    if k < len(consts) and consts[k] is not None:
        axes = _ints(consts, k, "axes")
    else:
        axes = tuple(attrs.get("axes", ()))
    return tuple(a % rank for a in axes)


def _reshape_to(x, shape):
    return _bind("Reshape", x, shape=tuple(int(d) for d in shape))


@evaluates("Reshape")
def _reshape(op, ins, consts, attrs):
    shape = list(_ints(consts, 1, "shape"))
    shape = [ins[0].shape[i] if d == 0 else d for i, d in enumerate(shape)]
    return [_reshape_to(ins[0], np.empty(ins[0].shape, np.int8).reshape(shape).shape)]


@evaluates("Squeeze")
def _squeeze(op, ins, consts, attrs):
    shape = ins[0].shape
    axes = _axes(attrs, consts, 1, len(shape)) or tuple(i for i, d in enumerate(shape) if d == 1)
    return [_reshape_to(ins[0], [d for i, d in enumerate(shape) if i not in axes])]


@evaluates("Unsqueeze")
def _unsqueeze(op, ins, consts, attrs):
    shape = list(ins[0].shape)
    for axis in sorted(_axes(attrs, consts, 1, len(shape) + len(_ints(consts, 1, "axes")))):
        shape.insert(axis, 1)
    return [_reshape_to(ins[0], shape)]


@evaluates("Transpose")
def _transpose(op, ins, consts, attrs):
    perm = attrs.get("perm") or tuple(reversed(range(len(ins[0].shape))))
    return [_bind("Transpose", ins[0], perm=tuple(int(p) for p in perm))]


@evaluates("Concat")
def _concat(op, ins, consts, attrs):
    return [_bind("Concat", *ins, axis=int(attrs["axis"]) % len(ins[0].shape))]


@evaluates("Expand")
def _expand(op, ins, consts, attrs):
    shape = np.broadcast_shapes(ins[0].shape, _ints(consts, 1, "shape"))
    return [_bind("BroadcastTo", ins[0], shape=tuple(shape))]


@evaluates("Tile")
def _tile(op, ins, consts, attrs):
    return [_bind("Tile", ins[0], multiples=_ints(consts, 1, "repeats"))]


@evaluates("Gather")
def _gather(op, ins, consts, attrs):
    axis = int(attrs.get("axis", 0)) % len(ins[0].shape)
    return [_bind("Gather", ins[0], ins[1], axis=axis)]


@evaluates("GatherElements")
def _gather_elements(op, ins, consts, attrs):
    return [_bind("GatherD", ins[0], ins[1], axis=int(attrs.get("axis", 0)) % len(ins[0].shape))]


@evaluates("Slice")
def _slice(op, ins, consts, attrs):
    shape = ins[0].shape
    starts, ends = _ints(consts, 1, "starts"), _ints(consts, 2, "ends")
    axes = _axes(attrs, consts, 3, len(shape)) or tuple(range(len(starts)))
    steps = _ints(consts, 4, "steps") if len(consts) > 4 and consts[4] is not None \
        else (1,) * len(starts)
    spec = [("s", None, None, None)] * len(shape)
    for start, end, axis, step in zip(starts, ends, axes, steps):
        dim = shape[axis]
        # ONNX clamps; a Python slice agrees except for ends past the start (negative step)
        stop = None if step < 0 and end < -dim else end
        spec[axis] = ("s", max(min(start, dim), -dim - 1), stop, step)
    return [_bind("Index", ins[0], spec=tuple(spec))]


@evaluates("Pad")
def _pad(op, ins, consts, attrs):
    if attrs.get("mode", b"constant") not in (b"constant", "constant"):
        raise UnsupportedOnnx("only mode='constant' is supported")
    pads = _ints(consts, 1, "pads")
    n = len(pads) // 2
    value = float(np.asarray(consts[2]).reshape(())) if len(consts) > 2 and \
        consts[2] is not None else 0.0
    return [_bind("PadV3", ins[0], paddings=tuple((pads[i], pads[i + n]) for i in range(n)),
                  value=value)]


# ----- reductions -----------------------------------------------------------------------------
@evaluates("ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceMean")
def _reduce(op, ins, consts, attrs):
    rank = len(ins[0].shape)
    axes = _axes(attrs, consts, 1, rank)
    if not axes and attrs.get("noop_with_empty_axes", 0):
        return [ins[0]]
    keep = bool(attrs.get("keepdims", 1))
    if op == "ReduceMean":
        return [F.mean(ins[0], axes or tuple(range(rank)), keep)]
    return [_bind(op, ins[0], axis=axes, keep_dims=keep)]


@evaluates("ArgMax", "ArgMin")
def _arg_extremum(op, ins, consts, attrs):
    if attrs.get("select_last_index", 0):
        raise UnsupportedOnnx("select_last_index=1 is not supported")
    out = _bind(op, ins[0], axis=int(attrs.get("axis", 0)) % len(ins[0].shape),
                keep_dims=bool(attrs.get("keepdims", 1)))
    return [_bind("Cast", out, dtype=np.dtype(np.int64))]


@evaluates("CumSum")
def _cumsum(op, ins, consts, attrs):
    axis = int(np.asarray(_const(consts, 1, "axis")).reshape(())) % len(ins[0].shape)
    return [_bind("CumSum", ins[0], axis=axis, exclusive=bool(attrs.get("exclusive", 0)),
                  reverse=bool(attrs.get("reverse", 0)))]


@evaluates("OneHot")
def _one_hot(op, ins, consts, attrs):
    depth = int(np.asarray(_const(consts, 1, "depth")).reshape(()))
    values = np.asarray(_const(consts, 2, "values"))
    rank = len(ins[0].shape) + 1
    return [_bind("OneHot", ins[0], depth=depth, on_value=values[1].item(),
                  off_value=values[0].item(), axis=int(attrs.get("axis", -1)) % rank,
                  dtype=values.dtype)]


@evaluates("TopK")
def _topk(op, ins, consts, attrs):
    k = _ints(consts, 1, "k")[0]
    values, indices = _bind("TopK", ins[0], k=k, dim=int(attrs.get("axis", -1)),
                            largest=bool(attrs.get("largest", 1)),
                            sorted=bool(attrs.get("sorted", 1)))
    return [values, _bind("Cast", indices, dtype=np.dtype(np.int64))]


# ----- neural network -------------------------------------------------------------------------
@evaluates("MatMul")
def _matmul(op, ins, consts, attrs):
    return [F.matmul(ins[0], ins[1])]


def _text(value):
    return value.decode() if isinstance(value, bytes) else value


def _padding(attrs, sizes, kernel, strides, dilations, transpose=False):
    """(top, bottom, left, right) from ONNX's pads (t, l, b, r) or auto_pad."""
    if len(kernel) != 2:
        raise UnsupportedOnnx("only 2-d windows are supported")
    auto = _text(attrs.get("auto_pad", "NOTSET"))
    if auto == "NOTSET":
        pads = tuple(attrs.get("pads", (0, 0, 0, 0)))
        return (pads[0], pads[2], pads[1], pads[3])
    if auto == "VALID":
        return (0, 0, 0, 0)
    if transpose or auto not in ("SAME_UPPER", "SAME_LOWER"):
        raise UnsupportedOnnx("auto_pad=%r is not supported here" % auto)
    out = []
    for i, k, s, d in zip(sizes, kernel, strides, dilations):
        total = max(0, (-(-i // s) - 1) * s + (k - 1) * d + 1 - i)
        small, large = total // 2, total - total // 2
        out.append((small, large) if auto == "SAME_UPPER" else (large, small))
    return out[0] + out[1]


def _window(attrs, x, kernel):
    strides = tuple(attrs.get("strides", (1,) * len(kernel)))
    dilations = tuple(attrs.get("dilations", (1,) * len(kernel)))
    return strides, dilations, _padding(attrs, x.shape[2:], kernel, strides, dilations)


@evaluates("Conv")
def _conv(op, ins, consts, attrs):
    strides, dilations, padding = _window(attrs, ins[0], ins[1].shape[2:])
    y = _bind("Conv2D", ins[0], ins[1], stride=strides, padding=padding, dilation=dilations,
              groups=int(attrs.get("group", 1)))
    if len(ins) > 2 and ins[2] is not None:
        y = _bind("Add", y, _reshape_to(ins[2], (1, -1, 1, 1)))
    return [y]


def _pool_attrs(attrs, x):
    if attrs.get("ceil_mode", 0) or any(d != 1 for d in attrs.get("dilations", (1, 1))):
        raise UnsupportedOnnx("ceil_mode and dilations are not supported")
    kernel = tuple(attrs["kernel_shape"])
    strides, _, padding = _window(attrs, x, kernel)
    return dict(kernel_size=kernel, stride=strides, padding=padding)


@evaluates("MaxPool")
def _max_pool(op, ins, consts, attrs):
    return [_bind("MaxPool", ins[0], **_pool_attrs(attrs, ins[0]))]


@evaluates("AveragePool")
def _avg_pool(op, ins, consts, attrs):
    return [_bind("AvgPool", ins[0], count_include_pad=bool(attrs.get("count_include_pad", 0)),
                  **_pool_attrs(attrs, ins[0]))]


@evaluates("GlobalAveragePool", "GlobalMaxPool")
def _global_pool(op, ins, consts, attrs):
    axes = tuple(range(2, len(ins[0].shape)))
    if op == "GlobalMaxPool":
        return [_bind("ReduceMax", ins[0], axis=axes, keep_dims=True)]
    return [F.mean(ins[0], axes, True)]


@evaluates("Gemm")
def _gemm(op, ins, consts, attrs):
    a, b = ins[:2]
    if attrs.get("transA", 0):
        a = _bind("Transpose", a, perm=(1, 0))
    if attrs.get("transB", 0):
        b = _bind("Transpose", b, perm=(1, 0))
    y = F.matmul(a, b)
    alpha, beta = float(attrs.get("alpha", 1.0)), float(attrs.get("beta", 1.0))
    if alpha != 1.0:
        y = _bind("Mul", y, F.fill(y.dtype, (), alpha))
    if len(ins) > 2 and ins[2] is not None:
        c = ins[2] if beta == 1.0 else _bind("Mul", ins[2], F.fill(y.dtype, (), beta))
        y = _bind("Add", y, c)
    return [y]


@evaluates("Flatten")
def _flatten(op, ins, consts, attrs):
    shape = ins[0].shape
    axis = int(attrs.get("axis", 1)) % (len(shape) + 1)
    return [_reshape_to(ins[0], (int(np.prod(shape[:axis])), int(np.prod(shape[axis:]))))]


@evaluates("BatchNormalization")
def _batch_norm(op, ins, consts, attrs):
    """Inference form: (x - mean) / sqrt(var + eps) * scale + bias over axis 1."""
    if attrs.get("training_mode", 0):
        raise UnsupportedOnnx("training_mode=1 is not supported")
    x, scale, bias, mean, var = ins[:5]
    shape = (1, -1) + (1,) * (len(x.shape) - 2)
    eps = F.fill(x.dtype, (), float(attrs.get("epsilon", 1e-5)))
    rstd = _bind("Rsqrt", _bind("Add", _reshape_to(var, shape), eps))
    y = _bind("Mul", _bind("Sub", x, _reshape_to(mean, shape)), rstd)
    return [_bind("Add", _bind("Mul", y, _reshape_to(scale, shape)), _reshape_to(bias, shape))]


@evaluates("Dropout")
def _dropout(op, ins, consts, attrs):
    return [ins[0], F.ones_like(ins[0]).astype(mstype.bool_)]  # inference: identity, all kept


@evaluates("Softmax", "LogSoftmax")
def _softmax(op, ins, consts, attrs):
    return [_bind(op, ins[0], axis=int(attrs.get("axis", -1)) % len(ins[0].shape))]


@evaluates("LayerNormalization")
def _layer_norm(op, ins, consts, attrs):
    x = ins[0]
    axis = int(attrs.get("axis", -1)) % len(x.shape)
    bias = ins[2] if len(ins) > 2 and ins[2] is not None else F.zeros_like(ins[1])
    y = _bind("LayerNorm", x, ins[1], bias, begin_norm_axis=axis, begin_params_axis=axis,
              epsilon=float(attrs.get("epsilon", 1e-5)))
    return [y[0]]


# ----- recurrent ------------------------------------------------------------------------------
# ONNX gate blocks -> mindcell's (MindSpore's order): LSTM i,o,f,c -> i,f,g,o; GRU z,r,h -> r,z,n
_GATES = {"LSTM": (0, 2, 3, 1), "GRU": (1, 0, 2), "RNN": (0,)}
_PRIM = {"LSTM": "LSTMSequence", "GRU": "GRUSequence", "RNN": "RNNSequence"}


def _reorder(x, order, hidden):
    if tuple(order) == tuple(range(len(order))):
        return x
    rows = np.concatenate([np.arange(k * hidden, (k + 1) * hidden) for k in order])
    from mindcell.common.tensor import Tensor
    return _bind("Gather", x, Tensor(rows.astype(np.int64)), axis=0)


@evaluates("LSTM", "GRU", "RNN")
def _recurrent(op, ins, consts, attrs):
    direction = attrs.get("direction", b"forward")
    direction = direction.decode() if isinstance(direction, bytes) else direction
    if direction not in ("forward", "reverse") or attrs.get("layout", 0) or \
            (op == "GRU" and not attrs.get("linear_before_reset", 0)) or len(ins) > 7:
        raise UnsupportedOnnx("only one direction, layout 0, GRU linear_before_reset=1 and no "
                              "peepholes are supported")
    x, w, r = ins[:3]
    hidden = int(attrs["hidden_size"])
    batch = x.shape[1]
    nstate = 2 if op == "LSTM" else 1
    order = _GATES[op]
    w_ih, w_hh = (_reorder(_reshape_to(t, t.shape[1:]), order, hidden) for t in (w, r))
    gates = w_ih.shape[0]
    bias = ins[3] if len(ins) > 3 and ins[3] is not None else F.zeros((1, 2 * gates), x.dtype)
    b_ih = _reorder(_reshape_to(bias[:, :gates], (gates,)), order, hidden)
    b_hh = _reorder(_reshape_to(bias[:, gates:], (gates,)), order, hidden)
    lengths = ins[4] if len(ins) > 4 and ins[4] is not None else \
        F.fill(mstype.int32, (batch,), x.shape[0])
    states = [_reshape_to(ins[5 + k], (batch, hidden)) if len(ins) > 5 + k and
              ins[5 + k] is not None else F.zeros((batch, hidden), x.dtype)
              for k in range(nstate)]
    extra = {"reverse": direction == "reverse"}
    if op == "RNN":
        act = attrs.get("activations", [b"Tanh"])[0]
        extra["nonlinearity"] = "relu" if act in (b"Relu", "Relu") else "tanh"
    outs = _bind(_PRIM[op], x, *states, w_ih, w_hh, b_ih, b_hh, lengths, **extra)
    y = _reshape_to(outs[0], (x.shape[0], 1, batch, hidden))
    return [y] + [_reshape_to(s, (1, batch, hidden)) for s in outs[1:1 + nstate]]


@evaluates("ConvTranspose")
def _conv_transpose(op, ins, consts, attrs):
    x, w = ins[:2]
    if attrs.get("output_shape"):
        raise UnsupportedOnnx("output_shape is not supported (give pads and output_padding)")
    stride, dilation = tuple(attrs.get("strides", (1, 1))), tuple(attrs.get("dilations", (1, 1)))
    t, b, l, r = _padding(attrs, x.shape[2:], w.shape[2:], stride, dilation, transpose=True)
    extra = tuple(attrs.get("output_padding", (0, 0)))
    group = int(attrs.get("group", 1))
    size = [s * (i - 1) + e + d * (k - 1) + 1 - lo - hi for s, i, e, d, k, lo, hi in zip(
        stride, x.shape[2:], extra, dilation, w.shape[2:], (t, l), (b, r))]
    y = _bind("Conv2DBackpropInput", x, w,
              input_shape=(x.shape[0], w.shape[1] * group, size[0], size[1]), stride=stride,
              padding=(t, b, l, r), dilation=dilation, groups=group)
    if len(ins) > 2 and ins[2] is not None:
        y = _bind("Add", y, _reshape_to(ins[2], (1, -1, 1, 1)))
    return [y]
