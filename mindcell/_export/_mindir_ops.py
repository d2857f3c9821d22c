"""The MINDIR table, both directions. Converters (export): mindcell primitives as MindSpore 2.10
primitives. Most are MindSpore's function-style primitives, whose arguments are node inputs
(constants included); Conv2D and MaxPool are attribute-style primitives. The recurrent
sequences (LSTM, GRU, RNN) are unrolled over time into MatMul and gate arithmetic (MindSpore's
fused CPU LSTM takes one flat weight). Runners (``load``, at the end): each MindSpore primitive
a MINDIR file may call, run with mindcell primitives; every primitive the converters write has
one (tests/train/test_load_mindir.py checks it), the elementwise ones by inverting the same
name tables."""
import numpy as np

from mindcell._core.primitive import REGISTRY
from mindcell._export import _mindir_proto as pb
from mindcell._export._mindir_export import mindir_converts
from mindcell._export._onnx_builder import Unconvertible
from mindcell.common.tensor import Tensor

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


# ===== loading: the MindSpore primitives of a MINDIR file run with mindcell primitives ========
# The other direction of the table above (``mindcell.load`` + ``nn.GraphCell``). Each runner
# takes the node's input values (Tensors; numpy arrays for constant tensors; Python numbers,
# tuples and None for constant arguments) and the primitive's attributes, and returns the
# node's value (a Tensor, or a tuple for a multi-output primitive). The elementwise names are
# the converters' tables inverted; the primitives the export writes only as parts of a larger
# form (StridedSlice, PadV3, ...) run in the general form MindSpore defines; the others are
# what MindSpore 2.10's own export writes for common networks (BiasAdd, BatchNorm, Muls, ...)
# and the graph plumbing (MakeTuple, TupleGetItem, Depend, Load, UpdateState).
MINDIR_RUNNERS = {}
# checks of a primitive's attributes, run when the file is loaded (a form mindcell does not run
# is refused then, not when the graph first runs)
MINDIR_CHECKS = {}


class Unrunnable(ValueError):
    """A MINDIR node whose arguments mindcell cannot run (a mode or format it does not
    implement); the message says which."""


class Unavailable:
    """An output of a multi-output primitive that mindcell does not compute (BatchNorm's saved
    statistics, LayerNorm's mean and variance): using it raises, it is never a wrong value."""

    def __init__(self, what):
        self.what = what


MONAD = object()  # MindSpore's UMonad/IOMonad: ordering tokens, no data


class Closure:
    """A graph of the model's ``functions`` as a value, with the arguments bound so far
    (``Partial``); a node whose op_type names a Closure-valued node calls it."""

    def __init__(self, graph, args=()):
        self.graph = graph
        self.args = tuple(args)


def mindir_runs(*names, check=None):
    def register(fn):
        for name in names:
            MINDIR_RUNNERS[name] = fn
            if check is not None:
                MINDIR_CHECKS[name] = check
        return fn
    return register


def _bind(prim, *args, **attrs):
    return REGISTRY[prim].bind(*args, **attrs)


def _tensor(value, like=None):
    """A node input as a Tensor: constant arrays and Python numbers become Tensors (numbers
    take ``like``'s dtype, as MindSpore's scalar operands do)."""
    if isinstance(value, Tensor):
        return value
    if isinstance(value, Unavailable):
        raise Unrunnable("it uses %s, which mindcell does not compute" % value.what)
    if isinstance(value, np.ndarray):
        return Tensor(value)
    if isinstance(value, (bool, int, float)) and like is not None:
        dtype = like._np_dtype
        if isinstance(value, float) and dtype.kind in "biu":  # an int tensor times 0.5
            dtype = np.dtype(np.float32)
        return Tensor(np.asarray(value, dtype))
    raise Unrunnable("an input is %r where a tensor is expected" % (value,))


def _static(value, what):
    """A constant argument (a shape, an axis, a flag) as a Python value."""
    if isinstance(value, np.ndarray):
        return value.tolist()
    if isinstance(value, Tensor):
        raise Unrunnable("its %s must be a constant, but it is computed in the graph" % what)
    return value


def _ints(value, what):
    value = _static(value, what)
    return tuple(int(v) for v in (value if isinstance(value, (tuple, list)) else (value,)))


def _axes(value, rank, what="axis"):
    return tuple(a % rank for a in _ints(value, what))


def _shape_of(x, shape):
    """A shape with MindSpore's -1 entries resolved against ``x``'s size."""
    return np.empty(x.shape, np.int8).reshape(shape).shape


_ELEMENTWISE = {_RENAMED.get(n, n): n for n in _SAME + tuple(_RENAMED) + _COMPARE}


def _float_operands(operands, always=False):
    """Integer and boolean operands next to a float one take its dtype (MindSpore's promotion:
    ``Muls(int_tensor, 0.5)`` is float32); with ``always`` (Div, Divs) they divide as float32
    even among themselves."""
    floats = [t._np_dtype for t in operands if t._np_dtype.kind == "f"]
    if not floats and not always:
        return operands
    dtype = floats[0] if floats else np.dtype(np.float32)
    return [_bind("Cast", t, dtype=dtype) if t._np_dtype.kind in "biu" else t
            for t in operands]


@mindir_runs(*_ELEMENTWISE)
def _run_elementwise(name, ins, attrs):
    tensors = [v for v in ins if isinstance(v, Tensor)]
    like = tensors[0] if tensors else None
    operands = _float_operands([_tensor(v, like) for v in ins], always=name == "Div")
    return _bind(_ELEMENTWISE[name], *operands)


@mindir_runs("Muls", "Divs")
def _run_scalar_op(name, ins, attrs):
    x = _tensor(ins[0])
    operands = _float_operands([x, _tensor(ins[1], x)], always=name == "Divs")
    return _bind("Mul" if name == "Muls" else "RealDiv", *operands)


@mindir_runs("Identity", "Load", "Depend")
def _run_first(name, ins, attrs):
    """Identity; Load (a parameter's value, in order with its monad) and Depend (the value,
    after its dependencies) are the first input when the graph runs in order."""
    return ins[0]


@mindir_runs("UpdateState")
def _run_update_state(name, ins, attrs):
    return MONAD


@mindir_runs("MakeTuple")
def _run_make_tuple(name, ins, attrs):
    return tuple(ins)


@mindir_runs("TupleGetItem")
def _run_tuple_get_item(name, ins, attrs):
    return ins[0][int(_static(ins[1], "index"))]


@mindir_runs("Partial")
def _run_partial(name, ins, attrs):
    if not isinstance(ins[0], Closure):
        raise Unrunnable("Partial of %r, which is not a graph" % (ins[0],))
    return Closure(ins[0].graph, ins[0].args + tuple(ins[1:]))


@mindir_runs("Switch")
def _run_switch(name, ins, attrs):
    """Switch(cond, a, b): ``a`` if cond else ``b`` (the branches are Closures the next node
    calls). The condition is read, so it must be known when the graph runs: eagerly, not while
    GRAPH_MODE traces the GraphCell."""
    cond = ins[0]
    if isinstance(cond, Tensor):
        try:
            cond = cond.asnumpy()
        except Exception:  # a traced value: GRAPH_MODE
            raise Unrunnable("its condition is computed in the graph, which GRAPH_MODE cannot "
                             "branch on; run the GraphCell in PYNATIVE_MODE") from None
    return ins[1] if bool(np.asarray(cond).reshape(())) else ins[2]


@mindir_runs("GeLU")
def _run_gelu(name, ins, attrs):
    return _bind("GeLU", _tensor(ins[0]), approximate="tanh")


@mindir_runs("SiLU")
def _run_silu(name, ins, attrs):
    return _bind("SiLU", _tensor(ins[0]))


@mindir_runs("MatMul", "BatchMatMul")
def _run_matmul(name, ins, attrs):
    ta = bool(_static(ins[2], "transpose_a")) if len(ins) > 2 else False
    tb = bool(_static(ins[3], "transpose_b")) if len(ins) > 3 else False
    return _bind(name, _tensor(ins[0]), _tensor(ins[1]), transpose_a=ta, transpose_b=tb)


@mindir_runs("MatMulExt", "BatchMatMulExt")
def _run_matmul_ext(name, ins, attrs):
    from mindcell.ops import functional as F
    return F.matmul(_tensor(ins[0]), _tensor(ins[1]))


@mindir_runs("Reshape")
def _run_reshape(name, ins, attrs):
    x = _tensor(ins[0])
    return _bind("Reshape", x, shape=_shape_of(x, _ints(ins[1], "shape")))


@mindir_runs("ExpandDims")
def _run_expand_dims(name, ins, attrs):
    x = _tensor(ins[0])
    shape = list(x.shape)
    shape.insert(_ints(ins[1], "axis")[0] % (len(shape) + 1), 1)
    return _bind("Reshape", x, shape=tuple(shape))


@mindir_runs("Squeeze")
def _run_squeeze(name, ins, attrs):
    x = _tensor(ins[0])
    axes = _axes(ins[1], len(x.shape)) if len(ins) > 1 else ()
    axes = axes or tuple(i for i, d in enumerate(x.shape) if d == 1)
    return _bind("Reshape", x, shape=tuple(d for i, d in enumerate(x.shape) if i not in axes))


@mindir_runs("Flatten")
def _run_flatten(name, ins, attrs):
    x = _tensor(ins[0])
    return _bind("Reshape", x, shape=(x.shape[0], int(np.prod(x.shape[1:], dtype=np.int64))))


@mindir_runs("Transpose")
def _run_transpose(name, ins, attrs):
    x = _tensor(ins[0])
    return _bind("Transpose", x, perm=_axes(ins[1], len(x.shape), "perm"))


@mindir_runs("Softmax", "LogSoftmax")
def _run_softmax(name, ins, attrs):
    x = _tensor(ins[0])
    axes = _axes(ins[1], len(x.shape)) if len(ins) > 1 else (len(x.shape) - 1,)
    if len(axes) != 1:
        raise Unrunnable("%s over several axes %s" % (name, axes))
    return _bind(name, x, axis=axes[0])


@mindir_runs("Concat")
def _run_concat(name, ins, attrs):
    tensors = [_tensor(v) for v in ins[0]]
    axis = int(_static(ins[1], "axis")) if len(ins) > 1 else 0
    return _bind("Concat", *tensors, axis=axis % len(tensors[0].shape))


@mindir_runs("LayerNorm")
def _run_layer_norm(name, ins, attrs):
    x = _tensor(ins[0])
    rank = len(x.shape)
    y = _bind("LayerNorm", x, _tensor(ins[1]), _tensor(ins[2]),
              begin_norm_axis=int(_static(ins[3], "begin_norm_axis")) % rank,
              begin_params_axis=int(_static(ins[4], "begin_params_axis")) % rank,
              epsilon=float(_static(ins[5], "epsilon")))
    return (y[0], Unavailable("LayerNorm's mean"), Unavailable("LayerNorm's variance"))


@mindir_runs("BatchNorm")
def _run_batch_norm(name, ins, attrs):
    """Inference form (is_training False): (x - mean) / sqrt(var + eps) * scale + bias over the
    channel axis (axis 1 for NCHW, the last for NHWC)."""
    if len(ins) > 5 and bool(_static(ins[5], "is_training")):
        raise Unrunnable("is_training=True (only inference-mode BatchNorm is supported)")
    x, scale, bias, mean, var = (_tensor(v) for v in ins[:5])
    eps = float(_static(ins[6], "epsilon")) if len(ins) > 6 else 1e-5
    fmt = _data_format(ins[8] if len(ins) > 8 else 0, attrs)
    rank = len(x.shape)
    shape = (1, -1) + (1,) * (rank - 2) if fmt == "NCHW" else (1,) * (rank - 1) + (-1,)
    c = [_bind("Reshape", t, shape=_shape_of(t, shape)) for t in (scale, bias, mean, var)]
    rstd = _bind("Rsqrt", _bind("Add", c[3], Tensor(np.asarray(eps, x._np_dtype))))
    y = _bind("Mul", _bind("Sub", x, c[2]), rstd)
    y = _bind("Add", _bind("Mul", y, c[0]), c[1])
    return (y,) + tuple(Unavailable("BatchNorm's output %d" % k) for k in range(1, 5))


_FORMATS = {0: "NCHW", 1: "NHWC"}  # MindSpore's Format enum, as function-style arguments


def _data_format(value, attrs):
    value = _static(value, "data_format")
    fmt = _FORMATS.get(value, value) if not isinstance(value, str) else value
    if fmt not in ("NCHW", "NHWC"):
        raise Unrunnable("data_format %r" % (value,))
    return fmt


@mindir_runs("BiasAdd")
def _run_bias_add(name, ins, attrs):
    x, bias = _tensor(ins[0]), _tensor(ins[1])
    fmt = _data_format(ins[2] if len(ins) > 2 else attrs.get("format", "NCHW"), attrs)
    rank = len(x.shape)
    if fmt == "NCHW" and rank > 2:
        bias = _bind("Reshape", bias, shape=_shape_of(bias, (1, -1) + (1,) * (rank - 2)))
    return _bind("Add", x, bias)


def _pair(attrs, name, default):
    """A 2-d window attribute given as (h, w) or MindSpore's (1, 1, h, w)."""
    value = attrs.get(name, default)
    value = tuple(int(v) for v in (value if isinstance(value, (tuple, list)) else (value,) * 2))
    return value[-2:]


def _same_padding(sizes, kernel, stride, dilation):
    """(top, bottom, left, right) of MindSpore's pad_mode 'same' (the extra row/column after)."""
    out = []
    for i, k, s, d in zip(sizes, kernel, stride, dilation):
        total = max(0, (-(-i // s) - 1) * s + (k - 1) * d + 1 - i)
        out.extend((total // 2, total - total // 2))
    return tuple(out)


def _window_padding(attrs, sizes, kernel, stride, dilation):
    mode = str(attrs.get("pad_mode", "valid")).lower()
    if mode == "same":
        return _same_padding(sizes, kernel, stride, dilation)
    if mode == "valid":
        return (0, 0, 0, 0)
    if mode == "pad":
        pad = attrs.get("pad_list", attrs.get("pad", (0, 0, 0, 0)))
        pad = tuple(int(p) for p in (pad if isinstance(pad, (tuple, list)) else (pad,) * 4))
        return pad if len(pad) == 4 else (pad[0],) * 4
    raise Unrunnable("pad_mode %r" % attrs.get("pad_mode"))


def _check_window(attrs):
    """Conv2D, Conv2DTranspose and MaxPool: NCHW, and a pad_mode of pad, same or valid."""
    if str(attrs.get("format", "NCHW")) != "NCHW":
        raise Unrunnable("format %r (only NCHW is supported)" % attrs.get("format"))
    if str(attrs.get("pad_mode", "valid")).lower() not in ("pad", "same", "valid"):
        raise Unrunnable("pad_mode %r" % attrs.get("pad_mode"))


@mindir_runs("Conv2D", check=_check_window)
def _run_conv2d(name, ins, attrs):
    x, w = _tensor(ins[0]), _tensor(ins[1])
    stride, dilation = _pair(attrs, "stride", 1), _pair(attrs, "dilation", 1)
    padding = _window_padding(attrs, x.shape[2:], w.shape[2:], stride, dilation)
    return _bind("Conv2D", x, w, stride=stride, padding=padding, dilation=dilation,
                 groups=int(attrs.get("group", attrs.get("groups", 1))))


@mindir_runs("Conv2DTranspose", "Conv2DBackpropInput", check=_check_window)
def _run_conv2d_transpose(name, ins, attrs):
    dy, w = _tensor(ins[0]), _tensor(ins[1])
    size = _ints(ins[2], "input_sizes")
    stride, dilation = _pair(attrs, "stride", 1), _pair(attrs, "dilation", 1)
    padding = _window_padding(attrs, size[2:], w.shape[2:], stride, dilation)
    return _bind("Conv2DBackpropInput", dy, w, input_shape=size, stride=stride,
                 padding=padding, dilation=dilation,
                 groups=int(attrs.get("group", attrs.get("groups", 1))))


@mindir_runs("MaxPool", check=_check_window)
def _run_max_pool(name, ins, attrs):
    x = _tensor(ins[0])
    kernel, stride = _pair(attrs, "kernel_size", 1), _pair(attrs, "strides", 1)
    padding = _window_padding(attrs, x.shape[2:], kernel, stride, (1, 1))
    return _bind("MaxPool", x, kernel_size=kernel, stride=stride, padding=padding)


_PAD_MODES = {0: "pad", 1: "same", 2: "valid"}  # MindSpore's PadMode enum (AvgPool's input)


@mindir_runs("AvgPool")
def _run_avg_pool(name, ins, attrs):
    x = _tensor(ins[0])
    if _data_format(ins[4] if len(ins) > 4 else 0, attrs) != "NCHW":
        raise Unrunnable("data_format NHWC (only NCHW is supported)")
    kernel = _pair({"k": _ints(ins[1], "kernel_size")}, "k", 1)
    stride = _pair({"s": _ints(ins[2], "strides")}, "s", 1)
    mode = _PAD_MODES.get(_static(ins[3], "pad_mode") if len(ins) > 3 else 2)
    if mode not in ("same", "valid"):
        raise Unrunnable("pad_mode %r" % (_static(ins[3], "pad_mode"),))
    padding = _window_padding({"pad_mode": mode}, x.shape[2:], kernel, stride, (1, 1))
    # 'same' averages over the window's part inside the input, as MindSpore does
    return _bind("AvgPool", x, kernel_size=kernel, stride=stride, padding=padding,
                 count_include_pad=mode == "valid")


@mindir_runs("StridedSlice")
def _run_strided_slice(name, ins, attrs):
    """begin/end/strides with the five masks, as one mindcell Index (numpy basic indexing)."""
    x = _tensor(ins[0])
    begin, end, strides = (_ints(v, what) for v, what in zip(
        ins[1:4], ("begin", "end", "strides")))
    masks = [int(_static(v, "mask")) if k < len(ins) else 0
             for k, v in enumerate(ins[4:9], start=4)]
    masks += [0] * (5 - len(masks))
    begin_mask, end_mask, ellipsis_mask, new_axis_mask, shrink_mask = masks
    spec = []
    for k, (b0, e0, s0) in enumerate(zip(begin, end, strides)):
        bit = 1 << k
        if ellipsis_mask & bit:
            spec.append(("e",))
        elif new_axis_mask & bit:
            spec.append(("n",))
        elif shrink_mask & bit:
            spec.append(("i", b0))
        else:
            spec.append(("s", None if begin_mask & bit else b0,
                         None if end_mask & bit else e0, s0))
    return _bind("Index", x, spec=tuple(spec))


@mindir_runs("ReverseV2")
def _run_reverse(name, ins, attrs):
    x = _tensor(ins[0])
    return _bind("ReverseV2", x, axis=_axes(ins[1], len(x.shape)))


_TYPE_OF_ID = {code: dtype for dtype, code in _TYPE_ID.items()}


def _dtype_of(value):
    code = _static(value, "dtype")
    if code not in _TYPE_OF_ID:
        raise Unrunnable("dtype (MindSpore TypeId) %r" % (code,))
    return _TYPE_OF_ID[code]


@mindir_runs("Cast")
def _run_cast(name, ins, attrs):
    return _bind("Cast", _tensor(ins[0]), dtype=_dtype_of(ins[1]))


def _reduce_axes(x, value, skip_empty=False):
    axes = _axes(value, len(x.shape)) if value is not None else ()
    if not axes and not skip_empty:
        axes = tuple(range(len(x.shape)))
    return axes


@mindir_runs("ReduceSum", "ReduceMax", "ReduceMin", "ReduceProd", "ReduceMean")
def _run_reduce(name, ins, attrs):
    x = _tensor(ins[0])
    keep = bool(_static(ins[2], "keep_dims")) if len(ins) > 2 else False
    skip = name == "ReduceSum" and len(ins) > 3 and bool(_static(ins[3], "skip_mode"))
    axes = _reduce_axes(x, ins[1] if len(ins) > 1 else None, skip)
    if not axes:  # ReduceSum's skip_mode with no axes: the input itself
        return x
    if name == "ReduceMean":
        from mindcell.ops import functional as F
        return F.mean(x, axes, keep)
    return _bind(name, x, axis=axes, keep_dims=keep)


_EXT_REDUCTIONS = {"SumExt": "ReduceSum", "ProdExt": "ReduceProd"}


@mindir_runs(*_EXT_REDUCTIONS)
def _run_reduce_ext(name, ins, attrs):
    """sum/prod(input, dim=None, keepdim=False, dtype=None): booleans and integers reduce as
    int64 (as MindSpore 2.10's do) unless ``dtype`` is given."""
    x = _tensor(ins[0])
    if len(ins) > 3 and ins[3] is not None:
        x = _bind("Cast", x, dtype=_dtype_of(ins[3]))
    elif x._np_dtype.kind in "biu":
        x = _bind("Cast", x, dtype=np.dtype(np.int64))
    return _run_reduce(_EXT_REDUCTIONS[name], [x, ins[1] if len(ins) > 1 else None,
                                               ins[2] if len(ins) > 2 else False], attrs)


@mindir_runs("Argmax", "Argmin")
def _run_argmax(name, ins, attrs):
    """Argmax/Argmin(x, axis, output_type)."""
    x = _tensor(ins[0])
    out = _bind("ArgMax" if name == "Argmax" else "ArgMin", x,
                axis=_axes(ins[1], len(x.shape))[0], keep_dims=False)
    dtype = _dtype_of(ins[2]) if len(ins) > 2 else np.dtype(np.int32)
    return out if dtype == out._np_dtype else _bind("Cast", out, dtype=dtype)


@mindir_runs("ArgMaxWithValue", "ArgMinWithValue")
def _run_arg_with_value(name, ins, attrs):
    x = _tensor(ins[0])
    axis = _axes(ins[1], len(x.shape))[0] if len(ins) > 1 else 0
    keep = bool(_static(ins[2], "keep_dims")) if len(ins) > 2 else False
    arg = "ArgMax" if name == "ArgMaxWithValue" else "ArgMin"
    value = "ReduceMax" if name == "ArgMaxWithValue" else "ReduceMin"
    return (_bind(arg, x, axis=axis, keep_dims=keep),
            _bind(value, x, axis=(axis,), keep_dims=keep))


@mindir_runs("Select")
def _run_select(name, ins, attrs):
    x = _tensor(ins[1], ins[2] if isinstance(ins[2], Tensor) else None)
    return _bind("Select", _tensor(ins[0]), x, _tensor(ins[2], x))


@mindir_runs("Gather")
def _run_gather(name, ins, attrs):
    x = _tensor(ins[0])
    if len(ins) > 3 and int(_static(ins[3], "batch_dims")):
        raise Unrunnable("batch_dims other than 0")
    axis = int(_static(ins[2], "axis")) if len(ins) > 2 else 0
    return _bind("Gather", x, _tensor(ins[1]), axis=axis % len(x.shape))


@mindir_runs("BroadcastTo")
def _run_broadcast_to(name, ins, attrs):
    x = _tensor(ins[0])
    shape = list(_ints(ins[1], "shape"))
    rank = len(shape)
    for k, d in enumerate(shape):  # -1: the input's size (aligned from the right)
        if d == -1:
            shape[k] = x.shape[k - rank + len(x.shape)]
    return _bind("BroadcastTo", x, shape=tuple(shape))


@mindir_runs("Tile")
def _run_tile(name, ins, attrs):
    return _bind("Tile", _tensor(ins[0]), multiples=_ints(ins[1], "multiples"))


@mindir_runs("CumSum")
def _run_cumsum(name, ins, attrs):
    x = _tensor(ins[0])
    flags = [bool(_static(v, "flag")) for v in ins[2:4]] + [False, False]
    return _bind("CumSum", x, axis=int(_static(ins[1], "axis")) % len(x.shape),
                 exclusive=flags[0], reverse=flags[1])


@mindir_runs("OneHot")
def _run_one_hot(name, ins, attrs):
    indices = _tensor(ins[0])
    on, off = (np.asarray(_static(v, "on/off value")) if not isinstance(v, np.ndarray) else v
               for v in ins[2:4])
    axis = int(_static(ins[4], "axis")) if len(ins) > 4 else -1
    return _bind("OneHot", indices, depth=int(_static(ins[1], "depth")),
                 on_value=np.asarray(on).item(), off_value=np.asarray(off).item(),
                 axis=axis % (len(indices.shape) + 1), dtype=np.asarray(on).dtype)


_PAD_V3_MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate",
                 "circular": "circular"}  # PadV3's modes as ops.pad's


def _check_pad(attrs):
    if str(attrs.get("mode", "constant")) not in _PAD_V3_MODES:
        raise Unrunnable("mode %r (supported: %s)" % (attrs.get("mode"), ", ".join(_PAD_V3_MODES)))


@mindir_runs("PadV3", check=_check_pad)
def _run_pad_v3(name, ins, attrs):
    """The (before, after) pairs listed from the last axis (contiguous), or all befores then
    all afters (``paddings_contiguous`` False); constant mode as the PadV3 primitive, the
    others (reflect, edge, circular) as ops.pad."""
    mode = _PAD_V3_MODES[str(attrs.get("mode", "constant"))]
    x = _tensor(ins[0])
    flat = _ints(ins[1], "paddings")
    n = len(flat) // 2
    if attrs.get("paddings_contiguous", True):
        pairs = [(flat[2 * k], flat[2 * k + 1]) for k in range(n)]
    else:
        pairs = [(flat[k], flat[k + n]) for k in range(n)]
    if mode != "constant":
        from mindcell.ops import pad
        return pad(x, tuple(p for pair in pairs for p in pair), mode=mode)
    pairs = [(0, 0)] * (len(x.shape) - n) + list(reversed(pairs))
    value = 0.0
    if len(ins) > 2 and ins[2] is not None:
        value = np.asarray(_static(ins[2], "value")).item()
    return _bind("PadV3", x, paddings=tuple(pairs), value=value)


@mindir_runs("ReLU6", "HSwish", "Ceil", "Sign", "Log1p", "Expm1", "IsNan")
def _run_unary(name, ins, attrs):
    return _bind(name, _tensor(ins[0]))


@mindir_runs("Round")
def _run_round(name, ins, attrs):
    """Round(x, decimals): halves to even, as MindSpore's."""
    from mindcell.ops import round as round_
    decimals = int(_static(ins[1], "decimals")) if len(ins) > 1 and ins[1] is not None else 0
    return round_(_tensor(ins[0]), decimals=decimals)


@mindir_runs("TopK")
def _run_topk(name, ins, attrs):
    """TopK(x, k), attribute ``sorted``: the k largest along the last axis, int32 indices."""
    x = _tensor(ins[0])
    return tuple(_bind("TopK", x, k=int(_static(ins[1], "k")), dim=len(x.shape) - 1,
                       largest=True, sorted=bool(attrs.get("sorted", True))))


@mindir_runs("Sort")
def _run_sort(name, ins, attrs):
    """Sort(x), attributes ``axis`` and ``descending``: values and int32 indices."""
    x = _tensor(ins[0])
    values, indices = _bind("Sort", x, axis=int(attrs.get("axis", -1)) % len(x.shape),
                            descending=bool(attrs.get("descending", False)))
    return values, _bind("Cast", indices, dtype=np.dtype(np.int32))


def _output_size(value, what):
    size = _static(value, what)
    return tuple(size) if isinstance(size, (tuple, list)) else size


@mindir_runs("AdaptiveAvgPool2D")
def _run_adaptive_avg_pool(name, ins, attrs):
    """AdaptiveAvgPool2D(x), attribute ``output_size`` (None entries keep the input's)."""
    from mindcell.ops import adaptive_avg_pool2d
    return adaptive_avg_pool2d(_tensor(ins[0]), _output_size(attrs.get("output_size"),
                                                              "output_size"))


@mindir_runs("AdaptiveMaxPool2D")
def _run_adaptive_max_pool(name, ins, attrs):
    """AdaptiveMaxPool2D(x, output_size): the pooled values and (not computed) the argmax."""
    from mindcell.ops import adaptive_max_pool2d
    size = _output_size(ins[1] if len(ins) > 1 else attrs.get("output_size"), "output_size")
    return (adaptive_max_pool2d(_tensor(ins[0]), size),
            Unavailable("AdaptiveMaxPool2D's argmax"))


@mindir_runs("GroupNorm")
def _run_group_norm(name, ins, attrs):
    """GroupNorm(x, num_groups, gamma, beta, eps): the normalised x (mean and rstd are not
    computed)."""
    from mindcell.ops import group_norm
    y = group_norm(_tensor(ins[0]), int(_static(ins[1], "num_groups")), _tensor(ins[2]),
                   _tensor(ins[3]), float(_static(ins[4], "eps")) if len(ins) > 4 else 1e-5)
    return (y, Unavailable("GroupNorm's mean"), Unavailable("GroupNorm's rstd"))


@mindir_runs("PReLU")
def _run_prelu(name, ins, attrs):
    from mindcell.ops import prelu
    return prelu(_tensor(ins[0]), _tensor(ins[1]))


@mindir_runs("ResizeNearestNeighborV2", "ResizeBilinearV2")
def _run_resize(name, ins, attrs):
    """Resize*V2(x, size, align_corners, half_pixel_centers), NCHW."""
    from mindcell.ops.function import image_func
    fn = image_func.resize_nearest if "Nearest" in name else image_func.resize_bilinear
    flags = [bool(_static(v, "flag")) for v in ins[2:4]] + [False, False]
    return fn(_tensor(ins[0]), _ints(ins[1], "size"), flags[0], flags[1], op=name)


@mindir_runs("Elu")
def _run_elu(name, ins, attrs):
    alpha = float(_static(ins[1], "alpha")) if len(ins) > 1 else float(attrs.get("alpha", 1.0))
    return _bind("Elu", _tensor(ins[0]), alpha=alpha)


@mindir_runs("Softplus")
def _run_softplus(name, ins, attrs):
    """MindSpore's Softplus primitive: log(1 + exp(x)) (beta 1, threshold 20)."""
    return _bind("Softplus", _tensor(ins[0]), beta=1.0, threshold=20.0)


@mindir_runs("ClampScalar")
def _run_clamp_scalar(name, ins, attrs):
    x = _tensor(ins[0])
    low, high = (_static(v, "bound") for v in ins[1:3])
    if low is not None:
        x = _bind("Maximum", x, _tensor(low, x))
    if high is not None:
        x = _bind("Minimum", x, _tensor(high, x))
    return x


@mindir_runs("make_list")
def _run_make_list(name, ins, attrs):
    return list(ins)


@mindir_runs("Split")
def _run_split(name, ins, attrs):
    """Split(x, axis, output_num): equal parts along the axis."""
    x = _tensor(ins[0])
    axis = int(_static(ins[1], "axis")) % len(x.shape)
    count = int(_static(ins[2], "output_num"))
    size = x.shape[axis]
    if size % count:
        raise Unrunnable("axis %d of size %d does not split into %d equal parts"
                         % (axis, size, count))
    step = size // count
    full = [("s", None, None, None)] * len(x.shape)
    parts = []
    for k in range(count):
        spec = list(full)
        spec[axis] = ("s", k * step, (k + 1) * step, 1)
        parts.append(_bind("Index", x, spec=tuple(spec)))
    return tuple(parts)


@mindir_runs("Stack")
def _run_stack(name, ins, attrs):
    """Stack (attribute ``axis``) of a tuple or list of tensors."""
    tensors = [_tensor(v) for v in (ins[0] if len(ins) == 1 else ins)]
    rank = len(tensors[0].shape) + 1
    axis = int(attrs.get("axis", 0)) % rank
    shape = list(tensors[0].shape)
    shape.insert(axis, 1)
    return _bind("Concat", *(_bind("Reshape", t, shape=tuple(shape)) for t in tensors),
                 axis=axis)


def _rows(flat, start, stop):
    return _bind("Index", flat, spec=(("s", start, stop, 1),))


def _check_lstm(attrs):
    if int(attrs.get("num_layers", 1)) != 1 or attrs.get("bidirectional", False) or \
            int(attrs.get("proj_size", 0)) or float(attrs.get("dropout", 0.0)):
        raise Unrunnable("only one layer in one direction, without projection or dropout, is "
                         "supported (num_layers=%s, bidirectional=%s, proj_size=%s, dropout=%s)"
                         % tuple(attrs.get(k) for k in ("num_layers", "bidirectional",
                                                        "proj_size", "dropout")))


@mindir_runs("LSTM", check=_check_lstm)
def _run_lstm(name, ins, attrs):
    """MindSpore's fused LSTM primitive as nn.LSTM writes it: one layer in one direction per
    node (MindSpore splits layers and directions into separate nodes itself), x (T, B, I),
    h0 and c0 (1, B, H) and one flat weight: w_ih (4H, I), w_hh (4H, H) and, with has_bias,
    the summed bias (4H,), in that order; gate order i, f, g, o. Runs as mindcell's
    LSTMSequence (the bias as b_ih, zeros as b_hh)."""
    x, h0, c0, w = (_tensor(v) for v in ins[:4])
    steps, batch, features = x.shape
    hidden = int(attrs["hidden_size"])
    gates = 4 * hidden
    flat = _bind("Reshape", w, shape=(int(np.prod(w.shape)),))
    sizes = [gates * features, gates * hidden] + ([gates] if attrs.get("has_bias", True) else [])
    if sum(sizes) != flat.shape[0]:
        raise Unrunnable("its weight has %d values, but input_size %d and hidden_size %d need "
                         "%d" % (flat.shape[0], features, hidden, sum(sizes)))
    w_ih = _bind("Reshape", _rows(flat, 0, sizes[0]), shape=(gates, features))
    w_hh = _bind("Reshape", _rows(flat, sizes[0], sizes[0] + sizes[1]), shape=(gates, hidden))
    zeros = Tensor(np.zeros(gates, x._np_dtype))
    bias = _rows(flat, sizes[0] + sizes[1], sum(sizes)) if len(sizes) == 3 else zeros
    lengths = Tensor(np.full(batch, steps, np.int32))
    y, h, c, _ = _bind("LSTMSequence", x, _bind("Reshape", h0, shape=(batch, hidden)),
                       _bind("Reshape", c0, shape=(batch, hidden)), w_ih, w_hh, bias, zeros,
                       lengths, reverse=False)
    return (y, _bind("Reshape", h, shape=(1, batch, hidden)),
            _bind("Reshape", c, shape=(1, batch, hidden)), Unavailable("LSTM's reserve"),
            Unavailable("LSTM's state"))
