"""MINDIR converters: mindcell primitives as MindSpore 2.10 primitives. Most are MindSpore's
function-style primitives, whose arguments are node inputs (constants included); Conv2D and
MaxPool are attribute-style primitives. The recurrent sequences (LSTM, GRU, RNN) are unrolled
over time into MatMul and gate arithmetic (MindSpore's fused CPU LSTM takes one flat weight)."""
import numpy as np

from mindcell._export import _mindir_proto as pb
from mindcell._export._mindir_export import mindir_converts
from mindcell._export._onnx_builder import Unconvertible

_SAME = ("ReLU", "Sigmoid", "Tanh", "Exp", "Log", "Sqrt", "Rsqrt", "Neg", "Abs", "Erf",
         "Square", "Reciprocal", "Floor", "Sin", "Cos", "Add", "Sub", "Mul", "Maximum",
         "Minimum", "Pow")
_RENAMED = {"RealDiv": "Div"}


@mindir_converts(*_SAME, *_RENAMED)
def _elementwise(b, node, ins):
    if any(v.dtype != node.outputs[0].dtype for v in node.inputs):
        raise Unconvertible("operands of mixed dtypes")
    return [b.op(_RENAMED.get(node.name, node.name), ins)]


@mindir_converts("Copy", "Identity", "TensorCopy", "StopGradient")
def _identity(b, node, ins):
    return [b.op("Identity", ins[:1])]


@mindir_converts("GeLU")
def _gelu(b, node, ins):
    if node.attrs.get("approximate", "tanh") == "tanh":
        return [b.op("GeLU", ins)]  # MindSpore's GeLU is the tanh form
    x = ins[0]
    dtype = node.outputs[0].dtype
    half = b.tensor(np.asarray(0.5, dtype))
    scaled = b.op("Mul", [x, b.tensor(np.asarray(1 / np.sqrt(2.0), dtype))])
    cdf = b.op("Add", [b.tensor(np.asarray(1.0, dtype)), b.op("Erf", [scaled])])
    return [b.op("Mul", [b.op("Mul", [x, cdf]), half])]


@mindir_converts("MatMul", "BatchMatMul")
def _matmul(b, node, ins):
    return [b.op(node.name, ins[:2] + [b.bool(node.attrs.get("transpose_a", False)),
                                        b.bool(node.attrs.get("transpose_b", False))])]


@mindir_converts("Reshape")
def _reshape(b, node, ins):
    return [b.op("Reshape", [ins[0], b.ints(node.outputs[0].shape)])]


@mindir_converts("Transpose")
def _transpose(b, node, ins):
    return [b.op("Transpose", [ins[0], b.ints(node.attrs["perm"])])]


@mindir_converts("Softmax")
def _softmax(b, node, ins):
    axis = node.attrs.get("axis", -1)
    axis = tuple(axis) if isinstance(axis, (tuple, list)) else (axis,)
    return [b.op("Softmax", [ins[0], b.ints(axis)])]


@mindir_converts("Concat")
def _concat(b, node, ins):
    return [b.op("Concat", [b.make_tuple(ins), b.int(node.attrs["axis"])])]


@mindir_converts("LayerNorm")
def _layer_norm(b, node, ins):
    a = node.attrs
    out = b.op("LayerNorm", ins[:3] + [b.int(a["begin_norm_axis"]), b.int(a["begin_params_axis"]),
                                       b.float(a["epsilon"])])
    return [b.item(out, 0), None, None]  # MindSpore's mean/variance are not mindcell's rstd


def _quad(pair, name):
    return pb.int_tuple((1, 1) + tuple(pair), name)


@mindir_converts("Conv2D")
def _conv2d(b, node, ins):
    a = node.attrs
    w = node.inputs[1].shape
    pad = tuple(int(p) for p in a["padding"])
    attrs = [pb.int_tuple(w[2:], "kernel_size"),
             pb.attribute("mode", pb.A_INT64, i=1),
             pb.attribute("out_channel", pb.A_INT64, i=w[0]),
             pb.int_tuple(pad, "pad"), pb.int_tuple(pad, "pad_list"),
             pb.attribute("pad_mode", pb.A_STRING, s="pad"),
             pb.attribute("format", pb.A_STRING, s="NCHW"),
             pb.attribute("group", pb.A_INT64, i=a["groups"]),
             pb.attribute("groups", pb.A_INT64, i=a["groups"]),
             _quad(a["stride"], "stride"), _quad(a["dilation"], "dilation"),
             pb.string_list(["x", "w"], "input_names"),
             pb.string_list(["output"], "output_names")]
    return [b.op("Conv2D", ins[:2], pb.PRIMITIVE, attrs)]


@mindir_converts("Conv2DBackpropInput")
def _conv2d_transpose(b, node, ins):
    """MindSpore's Conv2DTranspose: the gradient of Conv2D with the same attributes, for the
    given input size (what mindcell's Conv2DBackpropInput computes)."""
    a = node.attrs
    w = node.inputs[1].shape
    pad = tuple(int(p) for p in a["padding"])
    attrs = [pb.int_tuple(w[2:], "kernel_size"), pb.attribute("mode", pb.A_INT64, i=1),
             pb.attribute("out_channel", pb.A_INT64, i=w[0]),
             pb.int_tuple(pad, "pad"), pb.int_tuple(pad, "pad_list"),
             pb.attribute("pad_mode", pb.A_STRING, s="PAD"),
             pb.attribute("format", pb.A_STRING, s="NCHW"),
             pb.attribute("group", pb.A_INT64, i=a["groups"]),
             pb.attribute("groups", pb.A_INT64, i=a["groups"]),
             _quad(a["stride"], "stride"), _quad(a["dilation"], "dilation"),
             pb.string_list(["out_backprop", "filter", "input_sizes"], "input_names"),
             pb.string_list(["output"], "output_names")]
    return [b.op("Conv2DTranspose", ins[:2] + [b.ints(a["input_shape"])], pb.PRIMITIVE, attrs)]


@mindir_converts("MaxPool")
def _max_pool(b, node, ins):
    a = node.attrs
    x = _window_padded(b, node, ins[0], -np.inf)
    attrs = [pb.attribute("pad_mode", pb.A_STRING, s="VALID"),
             _quad(a["kernel_size"], "kernel_size"), _quad(a["stride"], "strides"),
             pb.attribute("format", pb.A_STRING, s="NCHW"),
             pb.string_list(["x"], "input_names"), pb.string_list(["output"], "output_names")]
    return [b.op("MaxPool", [x], pb.PRIMITIVE, attrs)]


# ----- indexing ---------------------------------------------------------------------------------
def _strided_slice(b, x, begin, end, strides):
    zero = b.int(0)
    return b.op("StridedSlice", [x, b.ints(begin), b.ints(end), b.ints(strides), zero, zero,
                                 zero, zero, zero])


@mindir_converts("Index")
def _index(b, node, ins):
    """Ints, slices, ... and None: one StridedSlice with positive strides over every axis, a
    ReverseV2 of the axes sliced with negative steps (MindSpore 2.10's CPU StridedSlice does not
    reverse), then a Reshape to the output shape (drops int-indexed axes, adds new ones)."""
    from mindcell._export._onnx_shape import _expand_spec
    shape = node.inputs[0].shape
    spec = _expand_spec(node.attrs["spec"], len(shape))
    if not {item[0] for item in spec} <= {"i", "s", "n"}:
        raise Unconvertible("an index other than ints, slices, ... and None")
    begin, end, strides, reversed_axes, axis = [], [], [], [], 0
    for item in spec:
        if item[0] == "n":
            continue
        dim = shape[axis]
        if item[0] == "i":
            i = item[1] + dim if item[1] < 0 else item[1]
            start, stop, step = i, i + 1, 1
        else:
            start, stop, step = slice(item[1], item[2], item[3]).indices(dim)
            if step < 0:  # the same elements in increasing order, reversed after
                count = len(range(start, stop, step))
                start, stop, step = start + step * (count - 1), start + 1, -step
                reversed_axes.append(axis)
        begin.append(start), end.append(stop), strides.append(step)
        axis += 1
    y = _strided_slice(b, ins[0], begin, end, strides)
    if reversed_axes:
        y = b.op("ReverseV2", [y, b.ints(reversed_axes)])
    return [b.op("Reshape", [y, b.ints(node.outputs[0].shape)])]


# ----- recurrent ----------------------------------------------------------------------------
def _full_lengths(node, lengths_value):
    v = lengths_value
    if v.kind != "const" or np.any(np.asarray(v.const) != node.inputs[0].shape[0]):
        raise Unconvertible("sequence lengths other than the full length (a constant)")


def _gate(b, gates, k, hidden, batch):
    return _strided_slice(b, gates, [0, k * hidden], [batch, (k + 1) * hidden], [1, 1])


def _linear(b, x, w, bias):
    return b.op("Add", [b.op("MatMul", [x, w, b.bool(False), b.bool(True)]), bias])


def _lstm_step(b, gi, gh, h, c, hidden, batch):
    """Blocks i, f, g, o: c = f c + i g; h = o tanh(c)."""
    gates = b.op("Add", [gi, gh])
    i, f, g, o = (_gate(b, gates, k, hidden, batch) for k in range(4))
    i, f, o = (b.op("Sigmoid", [v]) for v in (i, f, o))
    c = b.op("Add", [b.op("Mul", [f, c]), b.op("Mul", [i, b.op("Tanh", [g])])])
    return b.op("Mul", [o, b.op("Tanh", [c])]), c


def _gru_step(b, gi, gh, h, hidden, batch):
    """Blocks r, z, n: n = tanh(gi_n + r gh_n); h = n + z (h - n)."""
    r, z = (b.op("Sigmoid", [b.op("Add", [_gate(b, gi, k, hidden, batch),
                                          _gate(b, gh, k, hidden, batch)])]) for k in range(2))
    n = b.op("Tanh", [b.op("Add", [_gate(b, gi, 2, hidden, batch),
                                   b.op("Mul", [r, _gate(b, gh, 2, hidden, batch)])])])
    return b.op("Add", [n, b.op("Mul", [z, b.op("Sub", [h, n])])])


@mindir_converts("LSTMSequence", "GRUSequence", "RNNSequence")
def _recurrent(b, node, ins):
    """Unrolled over time: per step gi = x_t W_ih^T + b_ih, gh = h W_hh^T + b_hh, then the
    cell's gate arithmetic (MindSpore's gate order). Outputs y (T, B, H) and the final
    state(s)."""
    kind = node.name
    nstate = 2 if kind == "LSTMSequence" else 1
    _full_lengths(node, node.inputs[5 + nstate])
    steps, batch, features = node.inputs[0].shape
    hidden = node.inputs[2 + nstate].shape[1]
    x, states = ins[0], list(ins[1:1 + nstate])
    w_ih, w_hh, b_ih, b_hh = ins[1 + nstate:5 + nstate]
    order = range(steps - 1, -1, -1) if node.attrs.get("reverse") else range(steps)
    outputs = {}
    for t in order:
        x_t = b.op("Reshape", [_strided_slice(b, x, [t, 0, 0], [t + 1, batch, features],
                                              [1, 1, 1]), b.ints((batch, features))])
        gi, gh = _linear(b, x_t, w_ih, b_ih), _linear(b, states[0], w_hh, b_hh)
        if kind == "LSTMSequence":
            states = list(_lstm_step(b, gi, gh, states[0], states[1], hidden, batch))
        elif kind == "GRUSequence":
            states = [_gru_step(b, gi, gh, states[0], hidden, batch)]
        else:
            act = "ReLU" if node.attrs.get("nonlinearity") == "relu" else "Tanh"
            states = [b.op(act, [b.op("Add", [gi, gh])])]
        outputs[t] = b.op("Reshape", [states[0], b.ints((1, batch, hidden))])
    y = b.op("Concat", [b.make_tuple([outputs[t] for t in range(steps)]), b.int(0)])
    return [y] + states + [None]


# ----- reductions, casts, comparisons -----------------------------------------------------------
# MindSpore's TypeId of each dtype: Cast and Argmax take the target as an int input
_TYPE_ID = {np.dtype(np.bool_): 30, np.dtype(np.int8): 32, np.dtype(np.int16): 33,
            np.dtype(np.int32): 34, np.dtype(np.int64): 35, np.dtype(np.uint8): 37,
            np.dtype(np.float16): 42, np.dtype(np.float32): 43, np.dtype(np.float64): 44}


def _type_id(b, dtype):
    code = _TYPE_ID.get(np.dtype(dtype))
    if code is None:
        raise Unconvertible("dtype %s" % np.dtype(dtype))
    return b.int(code)


@mindir_converts("ReduceSum")
def _reduce_sum(b, node, ins):
    a = node.attrs
    return [b.op("ReduceSum", [ins[0], b.ints(a["axis"]), b.bool(a["keep_dims"]), b.bool(False)])]


@mindir_converts("ReduceMax", "ReduceMin", "ReduceProd")
def _reduce(b, node, ins):
    a = node.attrs
    axis = tuple(a["axis"]) or tuple(range(len(node.inputs[0].shape)))
    return [b.op(node.name, [ins[0], b.ints(axis), b.bool(a["keep_dims"])])]


@mindir_converts("Cast")
def _cast(b, node, ins):
    return [b.op("Cast", [ins[0], _type_id(b, node.attrs["dtype"])])]


@mindir_converts("ArgMax")
def _argmax(b, node, ins):
    if node.attrs["keep_dims"]:
        raise Unconvertible("keep_dims=True")
    return [b.op("Argmax", [ins[0], b.int(node.attrs["axis"]),
                            _type_id(b, node.outputs[0].dtype)])]


_COMPARE = ("Greater", "GreaterEqual", "Less", "LessEqual", "Equal", "NotEqual")


@mindir_converts(*_COMPARE)
def _compare(b, node, ins):
    if node.inputs[0].dtype != node.inputs[1].dtype:
        raise Unconvertible("operands of mixed dtypes")
    return [b.op(node.name, ins[:2])]


@mindir_converts("Select")
def _select(b, node, ins):
    return [b.op("Select", ins[:3])]


@mindir_converts("LogSoftmax")
def _log_softmax(b, node, ins):
    axis = node.attrs.get("axis", -1)
    axis = axis[0] if isinstance(axis, (tuple, list)) else axis
    return [b.op("LogSoftmax", [ins[0], b.int(axis)])]


@mindir_converts("SiLU")
def _silu(b, node, ins):
    return [b.op("SiLU", ins[:1])]


@mindir_converts("LeakyReLU")
def _leaky_relu(b, node, ins):
    dtype = node.outputs[0].dtype
    scaled = b.op("Mul", [ins[0], b.tensor(np.asarray(node.attrs.get("alpha", 0.2), dtype))])
    positive = b.op("GreaterEqual", [ins[0], b.tensor(np.asarray(0, dtype))])
    return [b.op("Select", [positive, ins[0], scaled])]


@mindir_converts("Gather")
def _gather(b, node, ins):
    return [b.op("Gather", ins[:2] + [b.int(node.attrs["axis"]), b.int(0)])]


@mindir_converts("BroadcastTo")
def _broadcast_to(b, node, ins):
    return [b.op("BroadcastTo", [ins[0], b.ints(node.outputs[0].shape)])]


@mindir_converts("Tile")
def _tile(b, node, ins):
    return [b.op("Tile", [ins[0], b.ints(node.attrs["multiples"])])]


@mindir_converts("CumSum")
def _cumsum(b, node, ins):
    a = node.attrs
    return [b.op("CumSum", [ins[0], b.int(a["axis"]), b.bool(a.get("exclusive", False)),
                            b.bool(a.get("reverse", False))])]


@mindir_converts("OneHot")
def _one_hot(b, node, ins):
    a = node.attrs
    dtype = node.outputs[0].dtype
    return [b.op("OneHot", [ins[0], b.int(a["depth"]), b.tensor(np.asarray(a["on_value"], dtype)),
                            b.tensor(np.asarray(a["off_value"], dtype)), b.int(a["axis"])])]


# ----- padding and pooling --------------------------------------------------------------------
def _pad(b, x, pairs, value, dtype):
    """PadV3 (constant mode); MindSpore lists the (before, after) pairs from the last axis."""
    flat = [int(p) for pair in reversed(list(pairs)) for p in pair]
    attrs = [pb.attribute("mode", pb.A_STRING, s="constant"),
             pb.attribute("paddings_contiguous", pb.A_BOOL, i=1)]
    return b.op("PadV3", [x, b.ints(flat), b.tensor(np.asarray(value, dtype))], pb.PRIMITIVE,
                attrs)


@mindir_converts("PadV3")
def _pad_v3(b, node, ins):
    return [_pad(b, ins[0], node.attrs["paddings"], node.attrs.get("value", 0.0),
                 node.outputs[0].dtype)]


def _window_padded(b, node, x, value):
    """The input padded as the pooling primitive's ``padding`` (t, b, l, r) says."""
    top, bottom, left, right = (int(p) for p in node.attrs["padding"])
    if not (top or bottom or left or right):
        return x
    return _pad(b, x, [(0, 0), (0, 0), (top, bottom), (left, right)], value,
                node.inputs[0].dtype)


@mindir_converts("AvgPool")
def _avg_pool(b, node, ins):
    a = node.attrs
    if any(a["padding"]) and not a.get("count_include_pad", True):
        raise Unconvertible("padding with count_include_pad=False")
    x = _window_padded(b, node, ins[0], 0.0)
    return [b.op("AvgPool", [x, b.ints(a["kernel_size"]), b.ints(a["stride"]), b.int(2),
                             b.int(0)])]
