"""Where a mint function's semantics differ from the mindcell op it faces (torch-style scalar
``alpha``, int64 indices, varargs sizes, ``output_size`` checks, in-place variants ...), the
difference is written here once, as a function taking the mint parameter names. Argument errors
name the mint API through ``ops._errors.public_name``."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name, show, check_int

_INDEX = mstype.int64


def _is_number(v):
    return isinstance(v, numbers.Number) and not isinstance(v, (bool, np.bool_))


def _is_float_arg(v):
    return isinstance(v, float) or isinstance(v, Tensor) and mstype.is_float_np(v._np_dtype)


def scaled(other, alpha, op, input=None):
    """``other * alpha`` for add/sub's ``alpha`` (``other`` untouched when alpha is 1). A float
    ``alpha`` needs a float ``other`` or (for add/sub, given as ``input``) a float ``input``:
    MindSpore 2.10 refuses it only when both are integers or bools."""
    if isinstance(alpha, (bool, np.bool_)) or not isinstance(alpha, numbers.Number):
        raise TypeError("%s: 'alpha' must be a number, but got %s" % (public_name(op), show(alpha)))
    if alpha == 1 and not isinstance(alpha, float):
        return other
    if isinstance(alpha, float) and isinstance(other, Tensor) and not _is_float_arg(other) \
            and not _is_float_arg(input):
        raise TypeError("%s: a float 'alpha' needs a float 'other'%s, but got %s"
                        % (public_name(op), "" if input is None else " or 'input'",
                           other.dtype if input is None else "%s and %s" % (
                               getattr(input, "dtype", type(input).__name__), other.dtype)))
    return ops.mul(other, alpha)


def add(input, other, alpha):
    return ops.add(input, scaled(other, alpha, "add", input))


def sub(input, other, alpha):
    return ops.sub(input, scaled(other, alpha, "sub", input))


def as_index(out):
    """Indices as int64, mint's index dtype (mindcell's ops return int32 for some)."""
    return out if out.dtype == _INDEX else ops.cast(out, _INDEX)


def argmax(input, dim, keepdim):
    return as_index(ops.argmax(input, dim, keepdim))


def argmin(input, dim, keepdim):
    return as_index(ops.argmin(input, dim, keepdim))


def cummin(input, dim):
    """mint.cummin: ops.cummin with Int64 indices (ops.cummin's are Int32, as MindSpore 2.10's;
    its mint.cummin has no CPU kernel)."""
    values, indices = ops.cummin(input, dim)
    return values, as_index(indices)


def topk(input, k, dim, largest, sorted):
    values, indices = ops.topk(input, k, dim, largest, sorted)
    return values, as_index(indices)


def sort(input, dim, descending, stable):
    # mindcell's sort is always stable, which is a valid answer for stable=False too
    check_bool_arg(stable, "sort", "stable")
    values, indices = ops.sort(input, dim, descending)
    return values, as_index(indices)


def argsort(input, dim, descending, stable):
    check_bool_arg(stable, "argsort", "stable")
    return as_index(ops.argsort(input, dim, descending))


def number_as_tensor(v, api, arg):
    """A Face check: a Python or numpy number given for a Tensor parameter as a 0-d Tensor
    (MindSpore 2.10's mint.isnan(2.0) is a 0-d Bool tensor); anything else unchanged."""
    if isinstance(v, (numbers.Number, np.bool_)) and not isinstance(v, Tensor):
        from mindcell.ops._helpers import to_tensor
        return to_tensor(v, api, arg)
    return v


def check_bool_arg(v, op, arg):
    if not isinstance(v, (bool, np.bool_)):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (public_name(op), arg, show(v)))


def float_only(input, op):
    """MindSpore's mint softmax family rejects integer and bool inputs."""
    if not isinstance(input, Tensor):
        raise TypeError("%s: 'input' must be a Tensor, but got %s" % (public_name(op), show(input)))
    if not mstype.is_float_np(input._np_dtype):
        raise TypeError("%s: 'input' must be a float Tensor, but got %s"
                        % (public_name(op), input.dtype))


def cast_to(input, dtype, op):
    if dtype is None:
        return input
    if not isinstance(dtype, mstype.DType):
        raise TypeError("%s: 'dtype' must be a mindspore dtype, but got %s"
                        % (public_name(op), show(dtype)))
    return ops.cast(input, dtype)


def _float_cast(input, dtype, op):
    """``input`` cast to ``dtype``, which must be a float dtype (the softmax family computes
    floats only: MindSpore 2.10 raises TypeError for another)."""
    out = cast_to(input, dtype, op)
    if dtype is not None and not mstype.is_float_np(out._np_dtype):
        raise TypeError("%s: 'dtype' must be a float dtype, but got %s" % (public_name(op), dtype))
    return out


def softmax(input, dim, dtype):
    float_only(input, "softmax")
    return ops.softmax(_float_cast(input, dtype, "softmax"), dim)


def log_softmax(input, dim, dtype):
    float_only(input, "log_softmax")
    return ops.log_softmax(_float_cast(input, dtype, "log_softmax"), dim)


def legacy_dim(input, dim):
    """torch's implicit softmax dim for ``dim=None``: 0 for 0-, 1- and 3-D inputs, else 1."""
    if dim is not None:
        return dim
    return 0 if input.ndim in (0, 1, 3) else 1


def functional_softmax(input, dim, dtype):
    float_only(input, "softmax")
    return softmax(input, legacy_dim(input, dim), dtype)


def functional_log_softmax(input, dim, dtype):
    float_only(input, "log_softmax")
    return log_softmax(input, legacy_dim(input, dim), dtype)


def mean(input, dim, keepdim, dtype):
    return ops.mean(cast_to(input, dtype, "mean"), dim, keepdim)


def prod(input, dim, keepdim, dtype):
    if dtype is None and isinstance(input, Tensor) and (
            mstype.is_integer(input.dtype) or input.dtype == mstype.bool_):
        dtype = _INDEX  # integer and bool products are int64, as mint.sum's
    cast_to(input, dtype, "prod")  # the dtype's checks; ops.prod casts and keeps it (MindSpore)
    return ops.prod(input, dim, keepdim, dtype)


def size_tuple(size, op, arg="size"):
    """A shape from an int, a tuple/list of ints or a 1-D int Tensor."""
    if isinstance(size, Tensor):
        if size.ndim > 1 or not mstype.is_integer(size.dtype):
            raise TypeError("%s: a Tensor '%s' must be 1-D of ints, but got %s"
                            % (public_name(op), arg, show(size)))
        size = tuple(int(v) for v in size.asnumpy().reshape(-1))
    if isinstance(size, (int, np.integer)) and not isinstance(size, bool):
        size = (size,)
    if not isinstance(size, (tuple, list)):
        raise TypeError("%s: '%s' must be an int, a tuple/list of ints or a Tensor, but got %s"
                        % (public_name(op), arg, show(size)))
    return tuple(check_int(v, op, arg, 0) for v in size)


def zeros(size, dtype):
    return ops.zeros(size_tuple(size, "zeros"), cast_dtype(dtype, "zeros"))


def ones(size, dtype):
    return ops.ones(size_tuple(size, "ones"), cast_dtype(dtype, "ones"))


def cast_dtype(dtype, op, default=mstype.float32):
    if dtype is None:
        return default
    if not isinstance(dtype, mstype.DType):
        raise TypeError("%s: 'dtype' must be a mindspore dtype, but got %s"
                        % (public_name(op), show(dtype)))
    return dtype


def check_device(device, op):
    if device is not None and str(device).lower() not in ("cpu",):
        raise ValueError("%s: 'device' must be None or 'CPU' (mindcell runs on the CPU), but got %r"
                         % (public_name(op), device))


def empty(size, dtype, device):
    check_device(device, "empty")
    if len(size) == 1 and not isinstance(size[0], (int, np.integer)):
        size = size[0]
    return ops.zeros(size_tuple(size, "empty"), cast_dtype(dtype, "empty"))


def empty_like(input, dtype, device):
    check_device(device, "empty_like")
    return ops.zeros_like(input, dtype=dtype)


def index_select(input, dim, index):
    if not isinstance(index, Tensor) or index.ndim > 1 or not mstype.is_integer(index.dtype):
        raise TypeError("%s: 'index' must be a 1-D int32/int64 Tensor, but got %s"
                        % (public_name("index_select"), show(index)))
    check_int(dim, "index_select", "dim")
    return ops.gather(input, index.reshape(-1), dim)


def repeat_interleave(input, repeats, dim, output_size):
    out = ops.repeat_interleave(input, repeats, dim)
    if output_size is not None:
        got = out.shape[dim] if dim is not None else out.size
        if check_int(output_size, "repeat_interleave", "output_size", 0) != got:
            raise ValueError("%s: 'output_size' is %d but the repeats give %d"
                             % (public_name("repeat_interleave"), output_size, got))
    return out


def squeeze(input, dim):
    """torch's squeeze: the dims of ``dim`` that have size 1 are removed, the others stay."""
    if not isinstance(input, Tensor):
        raise TypeError("%s: 'input' must be a Tensor, but got %s" % (public_name("squeeze"),
                                                                     show(input)))
    dims = dim if isinstance(dim, (tuple, list)) else (dim,)
    rank = max(input.ndim, 1)
    dims = [check_int(d, "squeeze", "dim", -rank, rank - 1) % rank for d in dims]
    ones = tuple(sorted({d for d in dims if input.ndim and input.shape[d] == 1}))
    return ops.squeeze(input, ones) if ones else input


def t(input):
    """The transpose of a 2-D input; 0-D and 1-D inputs are returned as they are."""
    if isinstance(input, Tensor) and input.ndim > 2:
        raise ValueError("%s: 'input' must have at most 2 dims, but got shape %s"
                         % (public_name("t"), input.shape))
    return ops.swapaxes(input, 0, 1) if isinstance(input, Tensor) and input.ndim == 2 else input


def transpose(input, dim0, dim1):
    return ops.swapaxes(input, dim0, dim1)


def _is_other(dim, keepdim):
    """Whether mint.max/min's second argument is the ``other`` of the elementwise overload: a
    Tensor, or a float without ``keepdim`` (MindSpore 2.10: ``mint.max(x, 2.0)`` is
    ``maximum(x, 2.0)``; ms-oracle). A bool given positionally is one there too
    (``maximum(x, True)``) but as ``dim=True`` a TypeError, which this face cannot tell apart:
    bools stay refused (tests/goldens/arg_kinds lists the positional row)."""
    return isinstance(dim, Tensor) or (
        isinstance(dim, (float, np.floating)) and keepdim is False)


def reduce_max(input, dim, keepdim):
    """max(input) / max(input, dim, keepdim) -> (values, indices) / max(input, other)."""
    if _is_other(dim, keepdim):
        return ops.maximum(input, dim)
    if dim is None:
        return ops.amax(input)
    values, indices = ops.max(input, dim, keepdim)
    return values, as_index(indices)


def reduce_min(input, dim, keepdim):
    if _is_other(dim, keepdim):
        return ops.minimum(input, dim)
    if dim is None:
        return ops.amin(input)
    values, indices = ops.min(input, dim, keepdim)
    return values, as_index(indices)


def std(input, dim, correction, keepdim):
    return ops.std(input, dim, correction, keepdim)


def var(input, dim, correction, keepdim):
    return ops.var(input, dim, correction, keepdim)


def std_mean(input, dim, correction, keepdim):
    return ops.std(input, dim, correction, keepdim), ops.mean(input, dim, keepdim)


def var_mean(input, dim, correction, keepdim):
    return ops.var(input, dim, correction, keepdim), ops.mean(input, dim, keepdim)


def inplace(input, out, op):
    """Write ``out`` into ``input`` (the ``inplace=True`` variants) and return ``input``."""
    if not isinstance(input, Tensor):
        raise TypeError("%s: 'input' must be a Tensor, but got %s" % (public_name(op), show(input)))
    input.assign_value(out)
    return input


def activation(op_fn, op):
    """``f(input, inplace=False)`` from an out-of-place activation ``op_fn``."""
    def run(input, inplace=False):
        check_bool_arg(inplace, op, "inplace")
        out = op_fn(input)
        return globals()["inplace"](input, out, op) if inplace else out
    return run
