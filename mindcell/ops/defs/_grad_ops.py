"""The ops backward rules are written with: thin functions that bind primitives, with the
dtype promotion of the public ops (Python scalars become 0-d constants) and none of their
argument checking (a bprop's arguments are right by construction).

Backward rules live in this layer, below ``mindcell.ops.functional``, so they never import it.
The primitives are looked up in the registry when a rule runs, not imported: every family
module imports this one, so it imports none of them (no cycle).
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core.backward import cast, promote, zeros_like  # noqa: F401  (re-exported)
from mindcell._core.primitive import REGISTRY
from mindcell.common.tensor import Tensor

_F16, _F32 = np.dtype(np.float16), np.dtype(np.float32)
_CONSTANTS = {}


def constant(value, np_dtype):
    """A cached 0-d tensor (constants are never written)."""
    key = (value, type(value), np_dtype)
    t = _CONSTANTS.get(key)
    if t is None:
        with np.errstate(over="ignore", under="ignore"):
            t = Tensor._make(np.asarray(value, np_dtype))
        if len(_CONSTANTS) < 1024:
            _CONSTANTS[key] = t
    return t


def _operands(a, b):
    """Tensors or Python scalars (at least one Tensor) as two tensors of one dtype."""
    a, b = _py(a), _py(b)
    if isinstance(a, Tensor):
        if isinstance(b, Tensor):
            return promote(a, b)
        r = mstype.scalar_result_type(mstype.from_numpy_dtype(a._np_dtype), b).np_dtype
        return cast(a, r), constant(b, r)
    r = mstype.scalar_result_type(mstype.from_numpy_dtype(b._np_dtype), a).np_dtype
    return constant(a, r), cast(b, r)


def _py(v):
    return v.item() if isinstance(v, np.generic) else v


def _binary(name):
    def op(a, b):
        return REGISTRY[name].bind(*_operands(a, b))
    op.__name__ = name
    return op


def _unary(name):
    def op(x):
        return REGISTRY[name].bind(x)
    op.__name__ = name
    return op


add, sub, mul, pow, maximum, floor_div = map(
    _binary, ("Add", "Sub", "Mul", "Pow", "Maximum", "FloorDiv"))
greater, greater_equal, less, less_equal, equal, logical_and = map(
    _binary, ("Greater", "GreaterEqual", "Less", "LessEqual", "Equal", "LogicalAnd"))
neg, sign, exp, log, sqrt, rsqrt, square = map(
    _unary, ("Neg", "Sign", "Exp", "Log", "Sqrt", "Rsqrt", "Square"))
sin, cos, tanh, erf, reciprocal, sigmoid, sinh, cosh = map(
    _unary, ("Sin", "Cos", "Tanh", "Erf", "Reciprocal", "Sigmoid", "Sinh", "Cosh"))


def div(a, b):
    """True division (integer operands divide in Float32, as ``ops.div``)."""
    a, b = _operands(a, b)
    if not mstype.is_inexact_np(a._np_dtype):
        a, b = cast(a, _F32), cast(b, _F32)
    return REGISTRY["RealDiv"].bind(a, b)


def select(cond, a, b):
    return REGISTRY["Select"].bind(cond, *_operands(a, b))


def ones_like(t):
    return Tensor._make(np.ones(t.shape, t._np_dtype))


def zeros(shape, np_dtype):
    return Tensor._make(np.zeros(shape, np_dtype))


def reshape(x, shape):
    shape = tuple(shape)
    return x if x.shape == shape else REGISTRY["Reshape"].bind(x, shape=shape)


def expand_dims(x, axis):
    """``x`` with a size-1 dimension inserted at the non-negative ``axis``."""
    return REGISTRY["Reshape"].bind(x, shape=x.shape[:axis] + (1,) + x.shape[axis:])


def broadcast_to(x, shape):
    shape = tuple(shape)
    return x if x.shape == shape else REGISTRY["BroadcastTo"].bind(x, shape=shape)


def transpose(x, perm):
    perm = tuple(int(p) for p in perm)
    return x if perm == tuple(range(x.ndim)) else REGISTRY["Transpose"].bind(x, perm=perm)


def flip(x, axis):
    return REGISTRY["ReverseV2"].bind(x, axis=tuple(axis))


def gather(x, indices, axis):
    return REGISTRY["Gather"].bind(x, indices, axis=axis)


def reduce_sum(x, axis, keep_dims=False):
    """Sum over the sorted non-negative ``axis`` tuple; ``()`` sums every axis (the primitive's
    convention)."""
    return REGISTRY["ReduceSum"].bind(x, axis=tuple(axis), keep_dims=keep_dims)


def mean(x, axis, keep_dims=False):
    """Mean over ``axis`` (as :func:`reduce_sum`); float16 accumulates in float32."""
    wide = cast(x, _F32) if x._np_dtype == _F16 else x
    s = reduce_sum(wide, axis, keep_dims)
    n = 1
    for a in axis if axis else range(x.ndim):
        n *= x.shape[a]
    return cast(div(s, n) if n != 1 else s, x._np_dtype)
