"""Primitive classes (``ops.ReLU()``, ``ops.MatMul(transpose_b=True)`` ...): attributes are set
at construction, tensors passed at call; each forwards to the one functional definition."""
import inspect

from mindcell._core.random_state import RandomStream
from mindcell.ops import functional as F
from mindcell.ops.primitive import Primitive, PrimitiveWithInfer  # noqa: F401
from mindcell.ops._prim_docs import simple_doc
from mindcell.ops.defs import nn as N
from mindcell.common.tensor import Tensor
from mindcell.common import dtype as mstype
from mindcell.ops._helpers import (INT64_MAX, check_float, check_matmul_shapes, check_rank,
                                   check_tensor, normalize_axis, normalize_dim)
from mindcell.ops._errors import (check_bool, check_int, check_ints, check_number,
                                  check_positive_int, check_same_dtype, show)


def _simple(name, fn, doc=None):
    """A primitive class with no attributes whose call is ``fn(*inputs)``."""
    def __call__(self, *args):
        return fn(*args)
    sig = inspect.signature(fn)  # help() and tools see the real inputs
    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
    __call__.__signature__ = sig.replace(parameters=[self_param, *sig.parameters.values()])
    # the doc is derived from fn's documented Args/Returns when it has them, else the class's
    # record in _prim_docs (see simple_doc); the Examples call the Primitive
    cls = type(name, (Primitive,), {"__call__": __call__,
                                    "__doc__": simple_doc(name, fn, doc)})
    return cls


# elementwise and activations without attributes
Add = _simple("Add", F.add)
Sub = _simple("Sub", F.sub)
Mul = _simple("Mul", F.mul)
Div = _simple("Div", F.div)
RealDiv = _simple("RealDiv", F.div)
FloorDiv = _simple("FloorDiv", F.floor_div)
FloorMod = _simple("FloorMod", F.floor_mod)
Mod = _simple("Mod", F.floor_mod)
Pow = _simple("Pow", F.pow)
Neg = _simple("Neg", F.neg)
Abs = _simple("Abs", F.abs)
Exp = _simple("Exp", F.exp)
Log = _simple("Log", F.log)
Log1p = _simple("Log1p", F.log1p)
Sqrt = _simple("Sqrt", F.sqrt)
Rsqrt = _simple("Rsqrt", F.rsqrt)
Square = _simple("Square", F.square)
Sin = _simple("Sin", F.sin)
Cos = _simple("Cos", F.cos)
Tanh = _simple("Tanh", F.tanh)
Sigmoid = _simple("Sigmoid", F.sigmoid)
Erf = _simple("Erf", F.erf)
Asin = _simple("Asin", F.asin)
ACos = _simple("ACos", F.acos)
Atan = _simple("Atan", F.atan)
Atan2 = _simple("Atan2", F.atan2)
Asinh = _simple("Asinh", F.asinh)
Acosh = _simple("Acosh", F.acosh)
Atanh = _simple("Atanh", F.atanh)
Tan = _simple("Tan", F.tan)
Sinh = _simple("Sinh", F.sinh)
Cosh = _simple("Cosh", F.cosh)
Expm1 = _simple("Expm1", F.expm1)
Erfc = _simple("Erfc", F.erfc)
Erfinv = _simple("Erfinv", F.erfinv)
Lgamma = _simple("Lgamma", F.lgamma)
Digamma = _simple("Digamma", F.digamma)
Trunc = _simple("Trunc", F.trunc)
Rint = _simple("Rint", F.rint)
Hypot = _simple("Hypot", F.hypot)
Xdivy = _simple("Xdivy", F.xdivy)
Heaviside = _simple("Heaviside", F.heaviside)
Trace = _simple("Trace", F.trace)
Maximum = _simple("Maximum", F.maximum)
Minimum = _simple("Minimum", F.minimum)
Sign = _simple("Sign", F.sign)
Floor = _simple("Floor", F.floor)
Ceil = _simple("Ceil", F.ceil)
Round = _simple("Round", F.round)
Reciprocal = _simple("Reciprocal", F.reciprocal)
Equal = _simple("Equal", F.equal)
NotEqual = _simple("NotEqual", F.not_equal)
Less = _simple("Less", F.less)
LessEqual = _simple("LessEqual", F.less_equal)
Greater = _simple("Greater", F.greater)
GreaterEqual = _simple("GreaterEqual", F.greater_equal)
LogicalAnd = _simple("LogicalAnd", F.logical_and)
LogicalOr = _simple("LogicalOr", F.logical_or)
LogicalNot = _simple("LogicalNot", F.logical_not)
IsNan = _simple("IsNan", F.isnan)
IsInf = _simple("IsInf", F.isinf)
IsFinite = _simple("IsFinite", F.isfinite)
Select = _simple("Select", F.select)
Cast = _simple("Cast", F.cast)
ReLU = _simple("ReLU", F.relu)
ReLU6 = _simple("ReLU6", F.relu6)
SiLU = _simple("SiLU", F.silu)
HSwish = _simple("HSwish", F.hardswish)
Softplus = _simple("Softplus", F.softplus)
Reshape = _simple("Reshape", F.reshape)
Transpose = _simple("Transpose", F.transpose)
Tile = _simple("Tile", F.tile)
ExpandDims = _simple("ExpandDims", F.expand_dims)
GatherD = _simple("GatherD", F.gather_elements)
Assign = _simple("Assign", F.assign)
AssignAdd = _simple("AssignAdd", F.assign_add)
AssignSub = _simple("AssignSub", F.assign_sub)
StopGradient = _simple("StopGradient", F.stop_gradient)
Depend = _simple("Depend", F.depend)
MaskedFill = _simple("MaskedFill", F.masked_fill)
ZerosLike = _simple("ZerosLike", F.zeros_like)
OnesLike = _simple("OnesLike", F.ones_like)
Print = _simple("Print", F.print_, "Print(): prints strings and tensors (also in graphs).")
Identity = _simple("Identity", F.identity)


class Gather(Primitive):
    """Gather(batch_dims=0)(input_params, input_indices, axis): calls ``ops.gather``."""

    def __init__(self, batch_dims=0):
        super().__init__()
        self.batch_dims = check_int(batch_dims, "Gather", "batch_dims")

    def __call__(self, input_params, input_indices, axis):
        return F.gather(input_params, input_indices, axis, self.batch_dims)


class _Reduce(Primitive):
    _fn = None

    def __init__(self, keep_dims=False):
        super().__init__()
        if not isinstance(keep_dims, bool):
            raise TypeError("%s: 'keep_dims' must be a bool, but got %r"
                            % (type(self).__name__, keep_dims))
        self.keep_dims = keep_dims

    def __call__(self, x, axis=()):
        check_tensor(x, type(self).__name__, "x")
        return type(self)._fn(x, normalize_axis(axis, x.ndim, type(self).__name__) or None,
                              self.keep_dims)


class ReduceSum(_Reduce):
    """ReduceSum(keep_dims=False, skip_mode=False)(x, axis=()): sum, keeping the input's dtype.
    With ``skip_mode`` an empty ``axis`` returns ``x`` unchanged instead of summing every
    axis (MindSpore's documented rule; its CPU kernel instead fills x's shape with the total)."""
    _fn = staticmethod(lambda x, axis, keep: F.reduce_sum(x, axis or (), keep))

    def __init__(self, keep_dims=False, skip_mode=False):
        super().__init__(keep_dims)
        self.skip_mode = check_bool(skip_mode, "ReduceSum", "skip_mode")

    def __call__(self, x, axis=()):
        if self.skip_mode and isinstance(axis, (tuple, list)) and not axis:
            return F.identity(check_tensor(x, "ReduceSum", "x"))
        return super().__call__(x, axis)


class ReduceMean(_Reduce):
    """ReduceMean(keep_dims=False)(x, axis=())."""
    _fn = staticmethod(F.mean)


class ReduceMax(_Reduce):
    """ReduceMax(keep_dims=False)(x, axis=())."""
    _fn = staticmethod(F.amax)


class ReduceMin(_Reduce):
    """ReduceMin(keep_dims=False)(x, axis=())."""
    _fn = staticmethod(F.amin)


class ReduceProd(_Reduce):
    """ReduceProd(keep_dims=False)(x, axis=()): product in the input's dtype (``ops.prod``
    gives integers as Int64)."""
    _fn = staticmethod(lambda x, axis, keep: F.prod(x, axis, keep, x.dtype))


class ReduceAll(_Reduce):
    _fn = staticmethod(F.all)


class ReduceAny(_Reduce):
    _fn = staticmethod(F.any)


class MatMul(Primitive):
    """MatMul(transpose_a=False, transpose_b=False)(x, y): 2-D matrix product."""

    def __init__(self, transpose_a=False, transpose_b=False):
        super().__init__()
        name = type(self).__name__
        self.transpose_a = check_bool(transpose_a, name, "transpose_a")
        self.transpose_b = check_bool(transpose_b, name, "transpose_b")

    def __call__(self, x, y):
        if isinstance(x, Tensor) and isinstance(y, Tensor):
            check_same_dtype("MatMul", x.dtype, y.dtype)
        a, b = F.binary_operands(x, y, "MatMul")
        if a.ndim != 2 or b.ndim != 2:
            raise ValueError("MatMul: inputs must be 2-D, but got %s and %s" % (a.shape, b.shape))
        check_matmul_shapes("MatMul", a.shape, b.shape, self.transpose_a, self.transpose_b)
        return N.matmul_p.bind(a, b, transpose_a=self.transpose_a, transpose_b=self.transpose_b)


class BatchMatMul(MatMul):
    """BatchMatMul(transpose_a=False, transpose_b=False)(x, y)."""

    def __call__(self, x, y):
        if isinstance(x, Tensor) and isinstance(y, Tensor):
            check_same_dtype("BatchMatMul", x.dtype, y.dtype)
        a, b = F.binary_operands(x, y, "BatchMatMul")
        if a.ndim < 2 or b.ndim < 2:
            raise ValueError("BatchMatMul: inputs must be at least 2-D, but got %s and %s"
                             % (a.shape, b.shape))
        check_matmul_shapes("BatchMatMul", a.shape, b.shape, self.transpose_a,
                            self.transpose_b)
        return N.batch_matmul_p.bind(a, b, transpose_a=self.transpose_a,
                                     transpose_b=self.transpose_b)


class _Axis(Primitive):
    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis


class Softmax(_Axis):
    """Softmax(axis=-1)(x)."""

    def __call__(self, x):
        return F.softmax(x, self.axis)


class LogSoftmax(_Axis):
    """LogSoftmax(axis=-1)(x)."""

    def __call__(self, x):
        return F.log_softmax(x, self.axis)


class Concat(_Axis):
    """Concat(axis=0)(tensors)."""

    def __init__(self, axis=0):
        super().__init__(axis)

    def __call__(self, tensors):
        return F.concat(tensors, self.axis)


class Stack(_Axis):
    """Stack(axis=0)(tensors)."""

    def __init__(self, axis=0):
        super().__init__(axis)

    def __call__(self, tensors):
        return F.stack(tensors, self.axis)


class Split(Primitive):
    """Split(axis=0, output_num=1)(x): ``output_num`` equal pieces."""

    def __init__(self, axis=0, output_num=1):
        super().__init__()
        self.axis = check_int(axis, "Split", "axis")  # its range is checked against x
        self.output_num = check_positive_int(output_num, "Split", "output_num")

    def __call__(self, x):
        check_rank(check_tensor(x, "Split", "x"), "Split", 1, "x")
        n = x.shape[normalize_dim(self.axis, x.ndim, "Split")]
        if n % self.output_num:
            raise ValueError("Split: axis length %d is not divisible by output_num %d"
                             % (n, self.output_num))
        return F.tensor_split(x, self.output_num, self.axis)


class Squeeze(Primitive):
    """Squeeze(axis=())(x)."""

    def __init__(self, axis=()):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return F.squeeze(x, self.axis)  # () squeezes every size-1 axis, as in ops.squeeze


class BroadcastTo(Primitive):
    """BroadcastTo(shape)(x)."""

    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def __call__(self, x):
        return F.broadcast_to(x, self.shape)


class ArgMaxWithValue(Primitive):
    """ArgMaxWithValue(axis=0, keep_dims=False)(x): ``(index, value)``."""

    def __init__(self, axis=0, keep_dims=False):
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x):
        values, index = F.max(x, self.axis, self.keep_dims)
        return index, values


class Argmax(Primitive):
    """Argmax(axis=-1, output_type=mstype.int32)(x)."""

    def __init__(self, axis=-1, output_type=mstype.int32):
        super().__init__()
        self.axis = axis
        self.output_type = mstype.int32 if output_type is None else output_type
        if not isinstance(self.output_type, mstype.DType) or \
                self.output_type not in (mstype.int32, mstype.int64):
            raise ValueError("Argmax: 'output_type' must be Int32 or Int64, but got %s"
                             % show(output_type))

    def __call__(self, x):
        return F.cast(F.argmax(x, self.axis), self.output_type)


class GeLU(Primitive):
    """GeLU()(x): the tanh approximation (MindSpore's primitive)."""

    def __call__(self, x):
        return F.gelu(x, "tanh")


class FastGeLU(GeLU):
    """FastGeLU()(x): ``x * sigmoid(1.702 x)`` (see ``ops.fast_gelu``)."""

    def __call__(self, x):
        return F.fast_gelu(x)


class LeakyReLU(Primitive):
    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def __call__(self, x):
        return F.leaky_relu(x, self.alpha)


class Elu(Primitive):
    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def __call__(self, x):
        return F.elu(x, self.alpha)


class OneHot(Primitive):
    """OneHot(axis=-1)(indices, depth, on_value, off_value)."""

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def __call__(self, indices, depth, on_value, off_value):
        return F.one_hot(indices, depth, on_value, off_value, self.axis)


class TopK(Primitive):
    """TopK(sorted=True)(x, k): along the last axis."""

    def __init__(self, sorted=True):
        super().__init__()
        self.sorted = sorted

    def __call__(self, x, k):
        return F.topk(x, k, None, True, self.sorted)


class Sort(Primitive):
    def __init__(self, axis=-1, descending=False):
        super().__init__()
        self.axis, self.descending = axis, descending

    def __call__(self, x):
        return F.sort(x, self.axis, self.descending)


def _check_format(data_format, op):
    if not isinstance(data_format, str) or data_format not in ("NCHW", "NHWC"):
        raise ValueError("%s: 'data_format' must be 'NCHW' or 'NHWC', but got %s"
                         % (op, show(data_format)))
    if data_format == "NHWC":
        raise ValueError("%s: the 'NHWC' data_format is only supported on GPU (as in MindSpore); "
                         "mindcell runs on CPU: use 'NCHW'" % op)


class Conv2D(Primitive):
    """Conv2D(out_channel, kernel_size, mode=1, pad_mode='valid', pad=0, stride=1, dilation=1,
    group=1)(x, weight)."""

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        if isinstance(mode, bool) or not isinstance(mode, int):
            raise TypeError("Conv2D: 'mode' must be an int, but got %s" % show(mode))
        if mode != 1:
            raise ValueError("Conv2D: 'mode' must be 1, but got %d" % mode)
        _check_format(data_format, "Conv2D")
        self.out_channel, self.kernel_size = out_channel, kernel_size
        self.pad_mode, self.pad, self.stride = pad_mode, pad, stride
        self.dilation, self.group = dilation, group

    def __call__(self, x, weight):
        return F.conv2d(x, weight, None, self.stride, self.pad_mode, self.pad, self.dilation,
                        self.group)


class MaxPool(Primitive):
    """MaxPool(kernel_size=1, strides=1, pad_mode='valid')(x)."""

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__()
        _check_format(data_format, type(self).__name__)
        self.kernel_size, self.strides, self.pad_mode = kernel_size, strides, pad_mode

    _kind = "max"

    def __call__(self, x):
        from mindcell.ops.function.nn_func import _pool2d_pad_mode
        return _pool2d_pad_mode(x, self._kind, self.kernel_size, self.strides, self.pad_mode,
                               type(self).__name__)


class AvgPool(MaxPool):
    """AvgPool(kernel_size=1, strides=1, pad_mode='VALID', data_format='NCHW')(x): 'same'
    padding is not counted (``pad_mode`` in any case)."""
    _kind = "avg"

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"):
        super().__init__(kernel_size, strides, pad_mode, data_format)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """SoftmaxCrossEntropyWithLogits()(logits, labels): ``(loss, backprop)`` per sample."""

    def __call__(self, logits, labels):
        return F.softmax_cross_entropy_op(logits, labels)


class SigmoidCrossEntropyWithLogits(Primitive):
    """SigmoidCrossEntropyWithLogits()(logits, label): elementwise
    ``-(label * log(sigmoid(logits)) + (1 - label) * log(1 - sigmoid(logits)))``, no reduction;
    ``label`` must have the shape and dtype of the float ``logits``."""

    def __call__(self, logits, label):
        op = "SigmoidCrossEntropyWithLogits"
        check_float(logits, op, "logits")
        if check_tensor(label, op, "label").dtype != logits.dtype:
            raise TypeError("%s: 'label' must have the dtype of 'logits' (%s), but got %s"
                            % (op, logits.dtype, label.dtype))
        if label.shape != logits.shape:
            raise ValueError("%s: 'label' must have the shape of 'logits' %s, but got %s"
                             % (op, logits.shape, label.shape))
        return F.binary_cross_entropy_with_logits(logits, label, reduction="none")


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """SparseSoftmaxCrossEntropyWithLogits(is_grad=False)(logits, labels): the mean loss, or
    with ``is_grad`` its gradient with respect to ``logits``."""

    def __init__(self, is_grad=False):
        super().__init__()
        self.is_grad = check_bool(is_grad, "SparseSoftmaxCrossEntropyWithLogits", "is_grad")

    def __call__(self, logits, labels):
        if self.is_grad:  # the gradient of the mean loss: (softmax - one_hot) / batch
            probs = F.softmax(logits, -1)
            hot = F.one_hot(labels, logits.shape[-1], F.scalar_to_tensor(1.0, logits.dtype),
                            F.scalar_to_tensor(0.0, logits.dtype))
            return F.div(F.sub(probs, hot), logits.shape[0])
        return F.reduce_mean(F.sparse_softmax_cross_entropy(logits, labels))


class LayerNorm(Primitive):
    """LayerNorm(begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7)(x, gamma, beta):
    ``(y, mean, rstd)``."""

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        super().__init__()
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = epsilon

    def __call__(self, x, gamma, beta):
        return F.layer_norm_op(x, gamma, beta, self.begin_norm_axis, self.begin_params_axis,
                               self.epsilon)


class RmsNorm(Primitive):
    """RmsNorm(epsilon=1e-6)(x, gamma): ``(y, rstd)``."""

    def __init__(self, epsilon=1e-6):
        super().__init__()
        self.epsilon = epsilon

    def __call__(self, x, gamma):
        return F.rms_norm(x, gamma, self.epsilon)


class Dropout(Primitive):
    """Dropout(keep_prob=0.5)(x): ``(output, mask)``."""

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        super().__init__()
        self.keep_prob = check_number(keep_prob, "Dropout", "keep_prob", finite=True)
        if not 0 < self.keep_prob <= 1:
            raise ValueError("Dropout: 'keep_prob' must be in (0, 1], but got %r" % (keep_prob,))
        self.Seed0 = _check_op_seed(Seed0, "Dropout", "Seed0")
        self.Seed1 = _check_op_seed(Seed1, "Dropout", "Seed1")
        self._stream = RandomStream.of_instance("Dropout", self.Seed0, self.Seed1)

    def __call__(self, x):
        from mindcell.ops.defs.state import bernoulli_mask_p
        check_float(x, "Dropout", "x")
        mask = bernoulli_mask_p.bind(x, keep_prob=self.keep_prob, stream=self._stream)
        return F.mul(x, F.mul(mask, 1.0 / self.keep_prob)), mask


def _check_op_seed(seed, op, arg):
    """A Primitive's seed attribute: an int >= 0 (TypeError/ValueError as MindSpore)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("%s: '%s' must be an int, but got %s" % (op, arg, type(seed).__name__))
    if seed < 0:
        raise ValueError("%s: '%s' must be >= 0, but got %d" % (op, arg, seed))
    return seed


class UniformReal(Primitive):
    """UniformReal(seed=0, seed2=0)(shape): Float32 samples in [0, 1).

    With ``seed`` or ``seed2`` non-zero the instance owns a stream started from them: its calls
    continue it, a new instance with the same seeds repeats it, ``set_seed`` does not touch it
    (MindSpore's rule). With both 0 it draws like ``ops.rand`` without a seed.

    Raises:
        TypeError: a seed is not an int.
        ValueError: a seed is negative.
    """
    _draw = "uniform"

    def __init__(self, seed=0, seed2=0):
        super().__init__()
        self.seed = _check_op_seed(seed, type(self).__name__, "seed")
        self.seed2 = _check_op_seed(seed2, type(self).__name__, "seed2")
        self._stream = RandomStream.of_instance(type(self).__name__, seed, seed2)

    def __call__(self, shape):
        from mindcell.ops.function import creation_func as C
        shape = C.check_size(shape, type(self).__name__, "shape")
        if self._draw == "uniform":
            return C._uniform_samples(shape, C._F32, self._stream)
        return C._normal_samples(shape, C._F32, self._stream)


class StandardNormal(UniformReal):
    """StandardNormal(seed=0, seed2=0)(shape): Float32 samples from N(0, 1); seeds as in
    :class:`UniformReal`."""
    _draw = "normal"


class Fill(Primitive):
    def __call__(self, type, shape, value):
        return F.fill(type, shape, value)


class Ones(Primitive):
    def __call__(self, shape, type=None):
        return F.ones(shape, type)


class Zeros(Primitive):
    def __call__(self, shape, type=None):
        return F.zeros(shape, type)


class Pad(Primitive):
    """Pad(paddings)(x): ``paddings`` as ((before, after), ...) per dim."""

    def __init__(self, paddings):
        super().__init__()
        if not isinstance(paddings, (tuple, list)) or not all(
                isinstance(p, (tuple, list)) for p in paddings):
            raise TypeError("Pad: 'paddings' must be a tuple of (before, after) pairs, but got %s"
                            % show(paddings))
        self.paddings = tuple(check_ints(p, "Pad", "paddings", 2, 0, INT64_MAX)
                              for p in paddings)

    def __call__(self, x):
        flat = []
        for before, after in reversed(self.paddings):
            flat.extend((before, after))
        return F.pad(x, tuple(flat))


__all__ = sorted(_n for _n, _v in list(globals().items())
                 if isinstance(_v, type) and issubclass(_v, Primitive))
