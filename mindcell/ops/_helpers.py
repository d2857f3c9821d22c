"""Argument conversion and validation shared by the functional ops."""

import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_int, check_number, public_name, show, _is_int, int_arg
from mindcell.ops._errors import check_matmul_shapes  # noqa: F401  (re-exported)
from mindcell.ops._errors import check_same_dtype

_SCALAR_CACHE = {}


def is_scalar(x):
    return isinstance(x, (bool, int, float, np.bool_, np.integer, np.floating))


def scalar_tensor(value, np_dtype, op="Tensor", arg="other",
                  hint="cast the tensor to a wider dtype first"):
    """A cached 0-d constant tensor (constants are never mutated); ValueError naming ``op`` when
    the Python scalar does not fit in ``np_dtype`` (no silent wrap-around or overflow)."""
    # the sign too: -0.0 == 0.0, but x * -0.0 must keep the sign of zero
    key = (value, np_dtype, type(value), math.copysign(1.0, value)
           if isinstance(value, (float, np.floating))
           else 0)
    t = _SCALAR_CACHE.get(key)
    if t is None:
        dt = mstype.from_numpy_dtype(np_dtype)
        if not mstype.scalar_fits(value, dt):
            mstype.check_scalar(value, dt, lambda: public_name(op), arg, hint)
        with np.errstate(over="ignore", under="ignore"):  # rounding only: checked above
            arr = np.asarray(value, np_dtype)
        t = Tensor._make(arr)
        if len(_SCALAR_CACHE) < 4096:
            _SCALAR_CACHE[key] = t
    return t


def check_same_input_dtypes(op, **inputs):
    """Raise TypeError when the Tensor ``inputs`` (name=value, in the call's order; ``None``
    and non-Tensors are skipped) do not all have the dtype of the first: MindSpore 2.10's loss
    primitives (SoftmaxCrossEntropyWithLogits, BinaryCrossEntropy, KLDivLoss,
    MultiMarginLoss) neither promote nor cast, so a float16 logits with float32 labels is
    their TypeError, not a float16 or float32 result. Inside a mixed-precision cell two float
    dtypes pass, as :func:`check_same_dtype` allows."""
    given = [(n, v) for n, v in inputs.items() if isinstance(v, Tensor)]
    for name, value in given[1:]:
        check_same_dtype(op, given[0][1].dtype, value.dtype, given[0][0], name)


def check_tensor(x, op, arg="input"):
    if not isinstance(x, Tensor):
        raise TypeError("%s: '%s' must be a Tensor, but got %s"
            % (public_name(op), arg, type(x).__name__))
    return x


def to_tensor(x, op, arg="input"):
    """Accept a Tensor, Python scalar, list/tuple of numbers or numpy array."""
    if isinstance(x, Tensor):
        return x
    if is_scalar(x):
        return scalar_tensor(_py(x), mstype.scalar_dtype(x).np_dtype, op, arg,
                             "pass a Tensor of a wider dtype instead")
    if isinstance(x, (list, tuple, np.ndarray)):
        try:
            return Tensor(x)
        except (TypeError, ValueError) as e:  # name the op: ragged, strings, ints beyond Int64
            raise type(e)("%s: '%s': %s" % (public_name(op), arg, e)) from None
    raise TypeError("%s: '%s' must be a Tensor or a number, but got %s"
                    % (public_name(op), arg, type(x).__name__))


def cast_to(t, np_dtype):
    if t._np_dtype == np_dtype:
        return t
    from mindcell.ops.defs.elementwise import cast_p
    return cast_p.bind(t, dtype=np_dtype)


def binary_operands(x, y, op, float_result=False):
    """Convert and promote two operands of a binary op to one dtype (MindSpore's rules). With
    ``float_result`` (true division, xlogy) a bool/integer dtype becomes Float32 before a Python
    scalar is converted, so the scalar is exact instead of squeezed into the tensor's integer
    dtype first (``-1 / uint8_tensor`` is negative)."""
    if (type(x) is Tensor and type(y) is Tensor and x._data.dtype is y._data.dtype
            and not (float_result and not mstype.is_float_np(x._data.dtype))):
        return x, y  # the hot path
    if not (isinstance(x, Tensor) or is_scalar(x) and isinstance(y, Tensor)):
        x = to_tensor(x, op, "input")
    if not (isinstance(y, Tensor) or is_scalar(y) and isinstance(x, Tensor)):
        y = to_tensor(y, op, "other")
    r = _promoted(x, y)
    if float_result and not mstype.is_inexact_np(r):  # complex stays complex
        r = np.dtype(np.float32)
    return _operand(x, r, op, "input"), _operand(y, r, op, "other")


def _promoted(x, y):
    """The numpy dtype of two operands, at least one a Tensor, the other a Tensor or scalar."""
    if not isinstance(x, Tensor):
        return _promoted(y, x)
    if not isinstance(y, Tensor):
        return mstype.scalar_result_type(mstype.from_numpy_dtype(x._np_dtype), _py(y)).np_dtype
    if x._np_dtype == y._np_dtype:
        return x._np_dtype
    return mstype.promote_types(mstype.from_numpy_dtype(x._np_dtype),
                                mstype.from_numpy_dtype(y._np_dtype)).np_dtype


def _operand(v, np_dtype, op, arg):
    if isinstance(v, Tensor):
        return cast_to(v, np_dtype)
    return operand_scalar(v, np_dtype, op, arg)


def operand_scalar(value, np_dtype, op, arg):
    """A Python (or numpy) scalar operand of a Tensor op as MindSpore 2.10 makes it: a float
    becomes a Float32 scalar first and then the operand's dtype, so with a Float64 (or
    Complex128) tensor ``0.1`` is 0.10000000149011612, ``1e300`` is inf and a float16 operand is
    rounded twice (ms-oracle: ``t * 0.1``, ``ops.add``, ``P.Mul``, setitem, masked_fill, where,
    clamp, in both modes). Ints and bools convert directly."""
    value = _py(value)
    if isinstance(value, float) and np_dtype != np.float32 and (
            mstype.is_float_np(np_dtype) or np.dtype(np_dtype).kind == "c"):
        with np.errstate(over="ignore", under="ignore"):
            value = float(np.float32(value))
    return scalar_tensor(value, np_dtype, op, arg)


def _py(v):
    return v.item() if isinstance(v, np.generic) else v


def float_operand(x, op):
    """Math ops such as sqrt/exp turn integer and bool inputs into Float32."""
    x = to_tensor(x, op)
    if not mstype.is_float_np(x._np_dtype):  # (complex: Cast refuses, naming the op)
        return cast_to(x, np.dtype(np.float32))
    return x


def float_math_operand(x, op, promote=(), arg="input", complex_ok=False):
    """The input of a float math op (sin, exp, log, erf ...) as MindSpore 2.10 takes it: a float
    tensor computes in its dtype; a bool or integer tensor whose dtype is in ``promote`` (numpy
    dtypes, or True for all of them) computes in Float32; any other bool or integer tensor is a
    TypeError, as MindSpore's CPU kernels refuse it (ops.sin(int32) raises, ops.sqrt(int32) is
    Float32, ops.lgamma takes Int32 alone). A complex tensor is a TypeError unless
    ``complex_ok`` (an op that is one primitive, whose ``complex_rule`` then decides): a
    composite of real-number formulas (var's squares, a norm) would be silently wrong on it."""
    x = to_tensor(x, op, arg)
    dt = x._np_dtype
    if mstype.is_float_np(dt) or (complex_ok and dt.kind == "c"):
        return x
    if dt.kind == "c":
        raise TypeError("%s: '%s' must be a real float tensor, but got %s (complex tensors are "
                        "not supported)" % (public_name(op), arg, x.dtype))
    if promote is True or dt in promote:
        return cast_to(x, np.dtype(np.float32))
    raise TypeError("%s: '%s' must be a float tensor (Float16, Float32, Float64 or BFloat16), "
                    "but got %s; cast it first, e.g. x.astype(mindspore.float32)"
                    % (public_name(op), arg, x.dtype))


def check_float(x, op, arg="input"):
    check_tensor(x, op, arg)
    if not mstype.is_float_np(x._np_dtype):
        raise TypeError("%s: '%s' must be a float tensor, but got %s"
            % (public_name(op), arg, x.dtype))
    return x


def normalize_axis(axis, ndim, op):
    """An int, tuple, list or None into a sorted tuple of non-negative axes (() = all)."""
    if axis is None:
        return ()
    if isinstance(axis, Tensor):
        axis = axis.tolist()
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        axis = (int(axis),)
    if not isinstance(axis, (tuple, list)):
        raise TypeError("%s: 'axis' must be an int, a tuple of ints or None, but got %s"
                        % (public_name(op), type(axis).__name__))
    out = []
    for a in axis:
        if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
            a = int_arg(a)  # a 0-d integer Tensor reads as its int
            if not isinstance(a, (int, np.integer)) or isinstance(a, bool):
                raise TypeError("%s: 'axis' entries must be ints, but got %r"
                                % (public_name(op), a))
        a = int(a)
        if not -max(ndim, 1) <= a < max(ndim, 1):
            raise ValueError("%s: 'axis' %d is out of range for a %d-D tensor"
                % (public_name(op), a, ndim))
        out.append(a % max(ndim, 1))
    if len(set(out)) != len(out):
        raise ValueError("%s: 'axis' has duplicates: %r" % (public_name(op), tuple(axis)))
    return tuple(sorted(out)) if ndim else ()


def normalize_perm(perm, ndim, op, arg="input_perm"):
    """A permutation of ``ndim`` axes (ints, negatives counted from the end) into a tuple of
    non-negative axes."""
    if not isinstance(perm, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple of ints, but got %s"
                        % (public_name(op), arg, show(perm)))
    axes = tuple(normalize_dim(p, ndim, op, arg) for p in perm)
    if len(axes) != ndim or len(set(axes)) != ndim:
        raise ValueError("%s: '%s' must be a permutation of %d axes, but got %r"
                         % (public_name(op), arg, ndim, tuple(perm)))
    return axes


def check_rank(x, op, min_ndim, arg="input"):
    """``x`` (a Tensor) has at least ``min_ndim`` dimensions."""
    if x.ndim < min_ndim:
        raise ValueError("%s: '%s' must be at least %d-D, but got shape %s"
                         % (public_name(op), arg, min_ndim, x.shape))
    return x


def normalize_dim(dim, ndim, op, arg="axis", bools=False):
    """One axis (int, or a 0-d integer Tensor) into a non-negative int; ValueError when out of
    range. ``bools``: a bool is the axis 0/1, for the few MindSpore 2.10 functions whose Python
    check is ``isinstance(axis, int)`` (ops.swapaxes, movedim, narrow, topk, index_select; the
    others, and most Tensor methods, refuse it: tests/goldens/arg_kinds)."""
    if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
        dim = int(dim) if bools and isinstance(dim, (bool, np.bool_)) else int_arg(dim)
        if not isinstance(dim, (int, np.integer)) or isinstance(dim, bool):
            raise TypeError("%s: '%s' must be an int, but got %r" % (public_name(op), arg, dim))
    n = max(ndim, 1)
    if not -n <= dim < n:
        raise ValueError("%s: '%s' %d is out of range [%d, %d)"
            % (public_name(op), arg, dim, -n, n))
    return int(dim) % n


INT64_MIN, INT64_MAX = -2 ** 63, 2 ** 63 - 1


def check_shape(shape, op, arg="shape", low=INT64_MIN):
    """A shape given as an int, a tuple/list of ints or a 0-D/1-D integer Tensor into a tuple of
    ints, each in [low, INT64_MAX] (ValueError otherwise: numpy would overflow or wrap)."""
    if isinstance(shape, Tensor):
        shape = _shape_from_tensor(shape, op, arg)
    if _is_int(shape):
        shape = (int(shape),)
    if not isinstance(shape, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple of ints, but got %s"
                        % (public_name(op), arg, show(shape)))
    for n in shape:
        if not _is_int(n):  # 0-d integer Tensors read as their ints
            shape = (list if isinstance(shape, list) else tuple)(int_arg(m) for m in shape)
            if not all(_is_int(m) for m in shape):
                raise TypeError("%s: '%s' must contain ints, but got %s"
                                % (public_name(op), arg, show(shape)))
            break
    for n in shape:
        if not low <= n <= INT64_MAX:
            raise ValueError("%s: '%s' entries must be in [%d, 2**63 - 1], but got %s"
                             % (public_name(op), arg, low, show(tuple(shape))))
    return tuple(int(n) for n in shape)


def _shape_from_tensor(t, op, arg):
    if t._np_dtype.kind not in "iu":
        raise TypeError("%s: '%s' given as a Tensor must have an integer dtype, but got %s"
                        % (public_name(op), arg, show(t)))
    if t.ndim > 1:
        raise ValueError("%s: '%s' given as a Tensor must be 0-D or 1-D, but got %s"
                         % (public_name(op), arg, show(t)))
    return t.tolist()


def check_size(shape, op, arg="shape"):
    """The shape of a tensor to create: dims >= 0 whose element count fits in memory's
    addressable range (numpy raises its own unnamed errors beyond it)."""
    shape = check_shape(shape, op, arg, low=0)
    check_numel(shape, op, arg)
    return shape


def check_numel(shape, op, arg="shape"):
    """ValueError naming the op when a tensor of ``shape`` could not be addressed at all."""
    n = 8  # the widest itemsize: numpy limits size * itemsize, zero dims included
    for d in shape:
        n *= max(d, 1)
    if n > INT64_MAX:
        raise ValueError("%s: '%s' %s has too many elements" % (public_name(op), arg, shape))
    return shape


def tensor_item(t, op, arg):
    """The Python scalar of a one-element Tensor given for a number argument (ValueError
    naming the op otherwise)."""
    if t.size != 1:
        raise ValueError("%s: '%s' must be a number or a one-element Tensor, but got %s"
                         % (public_name(op), arg, show(t)))
    return t.item()


def check_scalar_arg(v, op, arg, integer=False, finite=True):
    """A number, or a one-element Tensor holding one, as a Python int (ints within int64) or
    float; bools are rejected (TypeError), NaN (and inf when ``finite``) too (ValueError)."""
    if isinstance(v, Tensor):
        v = tensor_item(v, op, arg)
    if integer or _is_int(v):
        return check_int(v, op, arg, INT64_MIN, INT64_MAX)
    return check_number(v, op, arg, finite=finite)


def as_np_dtype(dtype, op, default=None):
    if dtype is None:
        return default
    try:
        return mstype.to_dtype(dtype).np_dtype
    except (TypeError, ValueError):  # a Tensor or an array is not a dtype
        if isinstance(dtype, mstype.DType):  # a dtype mindcell has no tensors of (Complex64)
            raise TypeError("%s: mindcell has no tensors of dtype %s" % (public_name(op), dtype)
                            ) from None
        raise TypeError("%s: 'dtype' must be a mindcell dtype, but got %s"
            % (public_name(op), show(dtype))) from None


def fill_scalar(v, op, arg, np_dtype=None):
    """A fill value (``full``, ``pad``): a number or bool, or a one-element Tensor, as a Python
    scalar (NaN and inf kept), with the dtype it fills by default; when ``np_dtype`` is given
    the value must fit in it (no silent wrap-around)."""
    if isinstance(v, Tensor):
        value, default = tensor_item(v, op, arg), v._np_dtype
    elif is_scalar(v):
        value = _py(v)
        default = mstype.scalar_dtype(value).np_dtype
    else:
        raise TypeError("%s: '%s' must be a number, a bool or a one-element Tensor, but got %s"
                        % (public_name(op), arg, show(v)))
    if np_dtype is not None:
        dt = mstype.from_numpy_dtype(np_dtype)
        mstype.check_scalar(value, dt, lambda: public_name(op), arg, "choose a wider dtype")
    return value, default


def check_dtype_kind(np_dtype, op, kinds, what):
    """``np_dtype`` is of a numpy kind in ``kinds`` ("f" for floats, "iu" for integers)."""
    if mstype.np_kind(np_dtype) not in kinds:
        raise TypeError("%s: 'dtype' must be %s dtype, but got %s"
                        % (public_name(op), what, mstype.from_numpy_dtype(np_dtype)))
    return np_dtype


def check_values_in(t, low, high, op, arg):
    """An index tensor's values lie in [low, high) (class indices, embedding rows). Only an
    eager tensor's values are known here; a traced one is checked by its kernel at run time."""
    if t._traced:
        return t
    data = t._data
    if data.size and (data.min() < low or data.max() >= high):
        raise ValueError("%s: '%s' values must be in [%d, %d), but got values in [%d, %d]"
                         % (public_name(op), arg, low, high, data.min(), data.max()))
    return t


def public_face(fn, name):
    """Name a function made by a factory (a closure) as the public op it is: ``__name__`` and
    ``__qualname__`` ``name``, ``__module__`` ``mindcell.ops``, so that ``repr`` and
    tracebacks show ``name`` and pickle finds it as ``mindcell.ops.<name>``."""
    fn.__name__ = fn.__qualname__ = name
    fn.__module__ = "mindcell.ops"
    return fn
