"""ONNX converters of the neural-network primitives: products, convolution, pooling, softmax,
normalisation and the recurrent sequences (ONNX LSTM / GRU / RNN, gates reordered)."""
import numpy as np

from mindcell._export._onnx_builder import Unconvertible, converts


def _swap_last(b, name, rank):
    perm = list(range(rank))
    perm[-2], perm[-1] = perm[-1], perm[-2]
    return b.op("Transpose", [name], perm=perm)


@converts("MatMul", "BatchMatMul")
def _matmul(b, node, ins):
    a, w = ins[:2]
    if node.attrs.get("transpose_a"):
        a = _swap_last(b, a, len(node.inputs[0].shape))
    if node.attrs.get("transpose_b"):
        w = _swap_last(b, w, len(node.inputs[1].shape))
    return [b.op("MatMul", [a, w])]


def _pads(padding):
    top, bottom, left, right = (int(p) for p in padding)
    return [top, left, bottom, right]


@converts("Conv2D")
def _conv2d(b, node, ins):
    a = node.attrs
    kernel = list(node.inputs[1].shape[2:])
    return [b.op("Conv", ins[:2], kernel_shape=kernel, strides=list(a["stride"]),
                 pads=_pads(a["padding"]), dilations=list(a["dilation"]), group=int(a["groups"]))]


@converts("MaxPool")
def _max_pool(b, node, ins):
    a = node.attrs
    return [b.op("MaxPool", ins[:1], kernel_shape=list(a["kernel_size"]),
                 strides=list(a["stride"]), pads=_pads(a["padding"]))]


@converts("AvgPool")
def _avg_pool(b, node, ins):
    a = node.attrs
    return [b.op("AveragePool", ins[:1], kernel_shape=list(a["kernel_size"]),
                 strides=list(a["stride"]), pads=_pads(a["padding"]),
                 count_include_pad=int(bool(a.get("count_include_pad", True))))]


def _one_axis(node):
    axis = node.attrs.get("axis", -1)
    if isinstance(axis, (tuple, list)):
        if len(axis) != 1:
            raise Unconvertible("a softmax over several axes %s" % (tuple(axis),))
        axis = axis[0]
    return int(axis)


@converts("Softmax", "LogSoftmax")
def _softmax(b, node, ins):
    return [b.op(node.name, ins[:1], axis=_one_axis(node))]


@converts("LayerNorm")
def _layer_norm(b, node, ins):
    a = node.attrs
    rank = len(node.inputs[0].shape)
    axis = a["begin_norm_axis"] % rank
    if a["begin_params_axis"] % rank == axis:
        y = b.op("LayerNormalization", ins[:3], axis=axis, epsilon=float(a["epsilon"]))
    else:  # gamma/beta cover other axes than the normalised ones: scale after normalising
        dtype = node.outputs[0].dtype
        norm_shape = node.inputs[0].shape[axis:]
        ones = b.const(np.ones(norm_shape, dtype), "ones")
        zeros = b.const(np.zeros(norm_shape, dtype), "zeros")
        y = b.op("LayerNormalization", [ins[0], ones, zeros], axis=axis,
                 epsilon=float(a["epsilon"]))
        y = b.op("Add", [b.op("Mul", [y, ins[1]]), ins[2]])
    return [y, None, None]  # mean and rstd: LayerNormalization's are shaped differently


@converts("RMSNorm")
def _rms_norm(b, node, ins):
    x, gamma = ins[:2]
    dtype = node.outputs[0].dtype
    eps = b.scalar(node.attrs["epsilon"], dtype)
    ms = b.op("ReduceMean", [b.op("Mul", [x, x])], axes=[-1], keepdims=1)
    if node.attrs.get("clamp_norm"):
        rstd = b.op("Reciprocal", [b.op("Max", [b.op("Sqrt", [ms]), eps])])
    else:
        rstd = b.op("Reciprocal", [b.op("Sqrt", [b.op("Add", [ms, eps])])])
    return [b.op("Mul", [b.op("Mul", [x, rstd]), gamma]), rstd]


# ----- recurrent sequences --------------------------------------------------------------------
# mindcell's gate blocks (MindSpore's order) -> ONNX's: LSTM i,f,g,o -> i,o,f,c; GRU r,z,n -> z,r,h
_GATE_ORDER = {"LSTMSequence": (0, 3, 1, 2), "GRUSequence": (1, 0, 2), "RNNSequence": (0,)}
_ONNX_OP = {"LSTMSequence": "LSTM", "GRUSequence": "GRU", "RNNSequence": "RNN"}


def _gates(b, name, order, hidden):
    rows = np.concatenate([np.arange(k * hidden, (k + 1) * hidden) for k in order])
    if tuple(order) == tuple(range(len(order))):
        return name
    return b.op("Gather", [name, b.ints(rows, "gate_rows")], axis=0)


def _unsqueeze0(b, name):
    return b.op("Unsqueeze", [name, b.ints([0], "axes")])


@converts("LSTMSequence", "GRUSequence", "RNNSequence")
def _recurrent(b, node, ins):
    kind = node.name
    nstate = 2 if kind == "LSTMSequence" else 1
    x, states = ins[0], ins[1:1 + nstate]
    w_ih, w_hh, b_ih, b_hh, lengths = ins[1 + nstate:6 + nstate]
    hidden = node.inputs[2 + nstate].shape[1]
    order = _GATE_ORDER[kind]
    w = _unsqueeze0(b, _gates(b, w_ih, order, hidden))
    r = _unsqueeze0(b, _gates(b, w_hh, order, hidden))
    bias = _unsqueeze0(b, b.op("Concat", [_gates(b, b_ih, order, hidden),
                                          _gates(b, b_hh, order, hidden)], axis=0))
    seq = b.cast(lengths, node.inputs[5 + nstate].dtype, np.int32)
    attrs = {"hidden_size": int(hidden),
             "direction": "reverse" if node.attrs.get("reverse") else "forward"}
    if kind == "GRUSequence":
        attrs["linear_before_reset"] = 1
    if kind == "RNNSequence":
        attrs["activations"] = ["Relu" if node.attrs.get("nonlinearity") == "relu" else "Tanh"]
    outs = b.op(_ONNX_OP[kind], [x, w, r, bias, seq] + [_unsqueeze0(b, s) for s in states],
                nout=1 + nstate, **attrs)
    y = b.op("Squeeze", [outs[0], b.ints([1], "axes")])
    finals = [b.op("Squeeze", [s, b.ints([0], "axes")]) for s in outs[1:]]
    return [y] + finals + [None]  # the reserve (saved gates for the backward) has no ONNX twin


@converts("Conv2DBackpropInput")
def _conv2d_transpose(b, node, ins):
    """A transposed convolution: ONNX ConvTranspose's full output, then the rows and columns
    the primitive keeps (it crops ``padding``, and zero-extends when its output is larger)."""
    a = node.attrs
    _, _, height, width = a["input_shape"]
    top, _, left, _ = (int(p) for p in a["padding"])
    y = b.op("ConvTranspose", ins[:2], kernel_shape=list(node.inputs[1].shape[2:]),
             strides=list(a["stride"]), dilations=list(a["dilation"]), group=int(a["groups"]))
    full = [(s * (i - 1) + d * (k - 1) + 1) for s, i, d, k in zip(
        a["stride"], node.inputs[0].shape[2:], a["dilation"], node.inputs[1].shape[2:])]
    extra = [max(0, top + height - full[0]), max(0, left + width - full[1])]
    if any(extra):
        y = b.op("Pad", [y, b.ints([0, 0, 0, 0, 0, 0] + extra, "pads")], mode="constant")
    return [b.op("Slice", [y, b.ints([top, left]), b.ints([top + height, left + width]),
                           b.ints([2, 3], "axes")])]
