"""More of mindspore.numpy: random arrays (randn, rand, randint), norm, pad, cross, copy and
cumprod. Built from mindcell ops, so they differentiate (pad's index maps and stat lengths are
computed from shapes, never from values)."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.numpy import _utils as U

__all__ = ["randn", "rand", "randint", "norm", "pad", "cross", "copy", "cumprod"]

_FLOATS = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))
_INTS = (np.dtype(np.int8), np.dtype(np.int16), np.dtype(np.int32), np.dtype(np.int64))


def _random_shape(shape, name):
    """``*shape`` as MindSpore takes it: ints, or one tuple/list; nothing means (1,)."""
    if len(shape) == 1 and isinstance(shape[0], (tuple, list)):
        shape = tuple(shape[0])
    elif len(shape) == 1 and not isinstance(shape[0], (numbers.Integral, np.integer)):
        raise TypeError("If the length of the argument 'shape' is 1, the type of the argument "
                        "'shape' must be one of ['int', 'list', 'tuple'], but got %s"
                        % type(shape[0]))
    if not shape:
        return (1,)
    for n in shape:
        U.check_int(n, name, "shape")
        if n <= 0:
            raise U.fail(name, "every dimension of 'shape' must be positive, but got %s"
                         % (tuple(shape),), ValueError)
    return tuple(int(n) for n in shape)


def _float_dtype(dtype, name):
    d = U.np_dtype(dtype, name)
    if d not in _FLOATS:
        raise U.fail(name, "the argument 'dtype' must be 'mindspore.float64', "
                     "'mindspore.float32' or 'mindspore.float16', but got %s"
                     % mstype.from_numpy_dtype(d) if d is not None else dtype, ValueError)
    return mstype.from_numpy_dtype(d)


def randn(*shape, dtype=mstype.float32):
    """``randn(*shape, dtype=mindcell.float32)``: samples of the standard normal distribution.

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, as ints or one tuple/list;
            nothing gives shape (1,).
        dtype (dtype): float16, float32 or float64. Default: ``mindcell.float32``.

    Returns:
        Tensor.

    Raises:
        TypeError: a dimension is not an int.
        ValueError: a dimension is not positive, or ``dtype`` is not a float type.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> mnp.randn(2, 3).shape
        (2, 3)
    """
    shape = _random_shape(shape, "randn")
    dt = _float_dtype(dtype, "randn")
    return ops.cast(ops.standard_normal(shape), dt)


def rand(*shape, dtype=mstype.float32):
    """``rand(*shape, dtype=mindcell.float32)``: samples of the uniform distribution on [0, 1).

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, as ints or one tuple/list;
            nothing gives shape (1,).
        dtype (dtype): float16, float32 or float64. Default: ``mindcell.float32``.

    Returns:
        Tensor.

    Raises:
        TypeError: a dimension is not an int.
        ValueError: a dimension is not positive, or ``dtype`` is not a float type.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.rand(2, 3).dtype)
        Float32
    """
    shape = _random_shape(shape, "rand")
    dt = _float_dtype(dtype, "rand")
    return ops.cast(ops.rand(*shape), dt)


def randint(minval, maxval=None, shape=None, dtype=mstype.int32):
    """randint(minval, maxval=None, shape=None, dtype=mindcell.int32): random integers in
    [minval, maxval) (in [0, minval) when ``maxval`` is None).

    Args:
        minval (int): the lower bound (the upper one when ``maxval`` is None).
        maxval (int): the upper bound, exclusive. Default: ``None``.
        shape (Union[int, tuple[int]]): the shape. Default: ``None`` (shape (1,)).
        dtype (dtype): int8, int16, int32 or int64. Default: ``mindcell.int32``.

    Returns:
        Tensor.

    Raises:
        TypeError: a bound is not an int.
        ValueError: ``minval >= maxval``, or ``dtype`` is not an int type.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.randint(1, 5, (2, 3))
        >>> bool(((x >= 1) & (x < 5)).all())
        True
    """
    for v, arg in ((minval, "minval"), (maxval, "maxval")):
        if v is not None and (not isinstance(v, (int, np.integer)) or isinstance(v, bool)):
            raise TypeError("For mindspore.numpy.randint, the type of the argument '%s' must be "
                            "int, but got %s" % (arg, type(v)))
    low, high = (0, int(minval)) if maxval is None else (int(minval), int(maxval))
    if low >= high:
        raise ValueError("For mindspore.numpy.randint, the value of 'minval' must be greater "
                         "than the value of 'maxval'.")
    d = U.np_dtype(dtype, "randint")
    if d not in _INTS:
        raise ValueError("For 'mindspore.numpy.randint', the argument 'dtype' must be "
                         "'mindspore.int64', 'mindspore.int32', 'mindspore.int16' or "
                         "'mindspore.int8', but got %s" % mstype.from_numpy_dtype(d))
    size = (1,) if shape is None else U.shape_arg(shape, "randint")
    return ops.cast(ops.randint(low, high, size, dtype=mstype.int64),
                    mstype.from_numpy_dtype(d))


# ----- norm -----------------------------------------------------------------------------------
def _vector_norm(x, ord, axis, keepdims):
    if x.dtype == mstype.float16:
        return _half_vector_norm(x, ord, axis, keepdims)
    a = ops.abs(x)
    if ord is None or ord == 2:
        return ops.sqrt(ops.sum(ops.mul(x, x), axis, keepdims))
    if ord == np.inf:
        return ops.amax(a, axis, keepdims)
    if ord == -np.inf:
        return ops.amin(a, axis, keepdims)
    if ord == 0:
        return ops.sum(ops.cast(ops.ne(x, 0), x.dtype), axis, keepdims)
    if ord == 1:
        return ops.sum(a, axis, keepdims)
    return ops.pow(ops.sum(ops.pow(a, float(ord)), axis, keepdims), 1.0 / float(ord))


def _half_vector_norm(x, ord, axis, keepdims):
    """A float16 vector norm as MindSpore 2.10 composes it: the powers and their sum in
    float16 (an integer order) and the root in float32; max/min norms stay float16."""
    a = ops.abs(x)
    if ord == np.inf:
        return ops.amax(a, axis, keepdims)
    if ord == -np.inf:
        return ops.amin(a, axis, keepdims)
    if ord == 0:
        return ops.sum(ops.cast(ops.ne(x, 0), mstype.float32), axis, keepdims)
    p = 2 if ord is None else ord
    if isinstance(p, (int, np.integer)):
        powered = ops.cast(ops.pow(a, int(p)), mstype.float16)
    else:  # a float order: MindSpore's power gives float32
        powered = ops.pow(ops.cast(a, mstype.float32), float(p))
    total = ops.cast(ops.sum(powered, axis, keepdims), mstype.float32)
    return total if p == 1 else ops.pow(total, 1.0 / float(p))


def _matrix_norm(x, ord, axis, keepdims):
    r, c = axis
    a = ops.abs(x)
    if ord in (None, "fro"):
        out = ops.sqrt(ops.sum(ops.mul(x, x), axis, True))
    elif ord == "nuc":
        raise NotImplementedError("nuclear norm is not implemented")
    elif ord in (2, -2):
        raise NotImplementedError("2-norm is not implemented for matrices")
    elif ord in (1, -1):  # column sums, then the largest/smallest
        sums = ops.sum(a, r, True)
        out = (ops.amax if ord == 1 else ops.amin)(sums, c, True)
    elif ord in (np.inf, -np.inf):  # row sums
        sums = ops.sum(a, c, True)
        out = (ops.amax if ord == np.inf else ops.amin)(sums, r, True)
    else:
        raise ValueError("invalid value for `ord`")
    return out if keepdims else ops.squeeze(out, tuple(sorted(axis)))


def norm(x, ord=None, axis=None, keepdims=False):  # pylint: disable=redefined-builtin
    """norm(x, ord=None, axis=None, keepdims=False): a vector or matrix norm, as numpy.linalg.norm.

    Args:
        x (Union[Tensor, list, tuple]): the input. Integer and float32 input is computed in
            float32, float64 in float64; float16 input as MindSpore 2.10 composes it (powers
            and sums in float16, a vector norm's root in float32, max/min and matrix norms
            Float16).
        ord (Union[None, int, float, inf, -inf, str]): the order; for matrices "fro", 1, -1,
            inf, -inf ("nuc" and 2/-2 raise NotImplementedError, as MindSpore). Default: ``None``.
        axis (Union[None, int, tuple[int]]): one axis (vector norms), two (matrix norms), or
            None: the whole input (2-norm of the flattened input when ``ord`` is None).
            Default: ``None``.
        keepdims (bool): keep the reduced axes as size 1. Default: ``False``.

    Returns:
        Tensor, float.

    Raises:
        ValueError: ``ord`` is invalid for the norm kind, or ``axis`` is None with an ``ord``
            on an input that is not 1-D or 2-D.
        NotImplementedError: the nuclear or spectral (2/-2) matrix norm.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.norm([3., 4.]))
        5.0
    """
    t = U.asarray(x, "norm")
    # MindSpore 2.10 composes the norm from its ops: float16 input keeps float16 through the
    # powers and sums (vector norms take the root in float32; max/min and matrix norms stay
    # float16); other non-float64 input is computed in float32
    if t._np_dtype not in (np.float64, np.float16):
        t = ops.cast(t, mstype.float32)
    keepdims = U.check_bool(keepdims, "norm", "keepdims")
    if isinstance(ord, str) and ord not in ("fro", "nuc"):
        raise ValueError("invalid value for `ord`")
    if axis is None:
        if ord is None:
            if t._np_dtype == np.float16:
                out = _half_vector_norm(ops.reshape(t, (-1,)), None, 0, False)
            else:
                out = ops.sqrt(ops.sum(ops.mul(t, t)))
            return ops.reshape(out, (1,) * t.ndim) if keepdims else out
        if t.ndim not in (1, 2):
            raise ValueError("for None axis, array must a vector or a 2-D matrix")
        axis = tuple(range(t.ndim))
    axes = (U.axis_arg(axis, t.ndim, "norm"),) if not isinstance(axis, (tuple, list)) else \
        tuple(U.axis_arg(a, t.ndim, "norm") for a in axis)
    if len(axes) == 1:
        if isinstance(ord, str):
            raise ValueError("Frobenius norm and nuclear norm are only defined for vectors")
        return _vector_norm(t, ord, axes, keepdims)
    if len(axes) == 2 and axes[0] != axes[1]:
        return _matrix_norm(t, ord, axes, keepdims)
    raise ValueError("Improper number of dimensions to norm.")


# ----- pad ------------------------------------------------------------------------------------
_LINEAR_MODES = ("edge", "reflect", "symmetric", "wrap")
_STAT_MODES = {"maximum": "amax", "minimum": "amin", "mean": "mean"}
_MODES = ("constant", "empty", "linear_ramp", "median") + _LINEAR_MODES + tuple(_STAT_MODES)


def _pairs(value, ndim, arg, integer=True):
    """numpy's per-axis (before, after) broadcast of a pad argument."""
    ok = (numbers.Integral, np.integer) if integer else (numbers.Real, np.number)
    if isinstance(value, Tensor):
        value = value.asnumpy().tolist()
    arr = np.asarray(value, dtype=object)
    if not all(isinstance(v, ok) and not isinstance(v, bool) for v in arr.ravel()):
        raise TypeError("pad_width, stat_length, constant_values or end_values should only be "
                        "int, list, tuple or tensor")
    try:
        return np.broadcast_to(np.asarray(value).reshape(arr.shape), (ndim, 2)).tolist()
    except ValueError:
        raise ValueError("mindcell.numpy.pad: '%s' %r cannot broadcast to (%d, 2)"
                         % (arg, value, ndim)) from None


def _pad_axis(t, axis, before, after, mode, kw):
    """``t`` padded along ``axis`` by (before, after) in ``mode``."""
    n = t.shape[axis]
    if mode in _LINEAR_MODES:
        if mode in ("edge", "wrap") or kw["reflect_type"] == "even":
            index = np.pad(np.arange(n), (before, after), mode=mode)
            return ops.gather(t, Tensor(index.astype(np.int64)), axis)
        # odd reflections are linear in t: the padded identity gives their coefficients
        coef = np.pad(np.eye(n), ((before, after), (0, 0)), mode=mode, reflect_type="odd")
        moved = ops.movedim(t, axis, -1)
        out = ops.matmul(ops.cast(moved, mstype.float64), Tensor(coef.T.copy()))
        return ops.movedim(ops.cast(out, t.dtype), -1, axis)
    if mode in _STAT_MODES:
        stat = kw["stat_length"][axis]
        parts = []
        for count, length, side in ((before, stat[0], 0), (after, stat[1], 1)):
            if not count:
                continue
            length = n if length is None else max(1, min(int(length), n))
            start = 0 if side == 0 else n - length
            window = ops.narrow(t, axis, start, length)
            reduce = getattr(ops, _STAT_MODES[mode])
            value = reduce(U.as_float(window) if mode == "mean" else window, axis, True)
            if mode == "mean" and value.dtype != t.dtype:
                value = ops.cast(ops.round(value), t.dtype)
            reps = [1] * t.ndim
            reps[axis] = count
            parts.append((side, ops.tile(value, tuple(reps))))
        return _join(t, parts, axis)
    # constant, empty and linear_ramp: blocks of computed values on each side
    parts = []
    for count, side in ((before, 0), (after, 1)):
        if not count:
            continue
        shape = list(t.shape)
        shape[axis] = count
        if mode == "linear_ramp":  # numpy: linspace(end, edge, count, endpoint=False)
            end = float(kw["end_values"][axis][side])
            edge = ops.cast(ops.narrow(t, axis, 0 if side == 0 else n - 1, 1), mstype.float64)
            frac = np.arange(count) / count
            frac = frac if side == 0 else frac[::-1]
            view = [1] * t.ndim
            view[axis] = count
            ramp = ops.add(ops.mul(edge, Tensor(frac.reshape(view))),
                           Tensor((end * (1 - frac)).reshape(view)))
            block = ops.cast(ramp if mstype.is_float_np(t._np_dtype) else ops.floor(ramp),
                             t.dtype)
        else:
            value = 0 if mode == "empty" else kw["constant_values"][axis][side]
            block = ops.fill(t.dtype, tuple(shape), value)
        parts.append((side, block))
    return _join(t, parts, axis)


def _join(t, parts, axis):
    before = [p for s, p in parts if s == 0]
    after = [p for s, p in parts if s == 1]
    return ops.concat(before + [t] + after, axis) if before or after else t


def pad(arr, pad_width, mode="constant", stat_length=None, constant_values=0, end_values=0,
        reflect_type="even", **kwargs):
    """``pad(arr, pad_width, mode='constant', stat_length=None, constant_values=0,
    end_values=0, reflect_type='even', **kwargs)``: pad an array, as numpy.pad.

    Args:
        arr (Union[Tensor, list, tuple]): the input.
        pad_width (Union[int, tuple, list]): (before, after) widths per axis, numpy-style
            broadcast; negative widths count as 0 (as MindSpore).
        mode (str): "constant", "edge", "linear_ramp", "maximum", "mean", "minimum",
            "reflect", "symmetric", "wrap" or "empty" (filled with zeros). Default: "constant".
        stat_length (Union[int, tuple, list]): the window of "maximum"/"mean"/"minimum"
            (None: the whole axis). Default: ``None``.
        constant_values (Union[int, tuple, list]): the fill of "constant" (ints; MindSpore
            refuses floats). Default: ``0``.
        end_values (Union[int, tuple, list]): the ramp ends of "linear_ramp". Default: ``0``.
        reflect_type (str): "even" or "odd" for "reflect"/"symmetric". Default: "even".
        kwargs: numpy passes them to a callable mode; mindcell has no callable modes, so any
            keyword raises.

    Returns:
        Tensor, the dtype of ``arr``.

    Raises:
        TypeError: a width or value is not an int, or an unknown keyword is given.
        ValueError: ``mode`` or ``reflect_type`` is unknown.
        NotImplementedError: ``mode="median"`` (as MindSpore).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> mnp.pad(mnp.array([1., 2., 3.]), 2, mode="reflect").asnumpy().tolist()
        [3.0, 2.0, 1.0, 2.0, 3.0, 2.0, 1.0]
    """
    if kwargs:
        raise TypeError("mindcell.numpy.pad: unexpected keyword argument(s) %s (numpy passes "
                        "them to a callable mode, which mindcell does not support)"
                        % sorted(kwargs))
    if callable(mode) or not isinstance(mode, str):
        raise TypeError("mindcell.numpy.pad: 'mode' must be one of the mode names, but got %r"
                        % (mode,))
    if mode not in _MODES:
        raise ValueError("Input mode not supported.")
    if mode == "median":
        raise NotImplementedError("median mode is not supported yet")
    if reflect_type not in ("even", "odd"):
        raise ValueError("mindcell.numpy.pad: 'reflect_type' must be 'even' or 'odd', but got %r"
                         % (reflect_type,))
    t = U.asarray(arr, "pad")
    nd = t.ndim
    widths = [[max(int(v), 0) for v in row] for row in _pairs(pad_width, nd, "pad_width")]
    kw = {"reflect_type": reflect_type,
          "constant_values": _pairs(constant_values, nd, "constant_values"),
          "end_values": _pairs(end_values, nd, "end_values"),
          "stat_length": (_pairs(stat_length, nd, "stat_length") if stat_length is not None
                          else [[None, None]] * nd)}
    for axis in range(nd):
        before, after = widths[axis]
        if before or after:
            t = _pad_axis(t, axis, before, after, mode, kw)
    return t


# ----- cross, copy, cumprod -------------------------------------------------------------------
def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None): the cross product of (arrays of)
    3-vectors, as numpy.cross; a 2-vector operand gets a zero third component.

    Args:
        a (Union[Tensor, list, tuple]): the first vectors.
        b (Union[Tensor, list, tuple]): the second vectors (broadcast against ``a``).
        axisa (int): the vector axis of ``a``. Default: ``-1``.
        axisb (int): the vector axis of ``b``. Default: ``-1``.
        axisc (int): the vector axis of the result. Default: ``-1``.
        axis (int): if given, overrides the three. Default: ``None``.

    Returns:
        Tensor (bool inputs give bool: the products are computed as 0/1 numbers and cast
        back, as MindSpore 2.10).

    Raises:
        ValueError: a vector dimension is not 2 or 3, or both are 2 (MindSpore refuses the
            scalar result numpy would give).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> mnp.cross(mnp.array([1., 0., 0.]), mnp.array([0., 1., 0.])).asnumpy().tolist()
        [0.0, 0.0, 1.0]
    """
    x, y = U.asarray(a, "cross"), U.asarray(b, "cross")
    if axis is not None:
        axisa = axisb = axisc = axis
    x = ops.movedim(x, U.axis_arg(axisa, x.ndim, "cross"), -1)
    y = ops.movedim(y, U.axis_arg(axisb, y.ndim, "cross"), -1)
    if x.shape[-1] not in (2, 3) or y.shape[-1] not in (2, 3):
        raise ValueError("incompatible dimensions for cross product (dimension must be 2 or 3)")
    if x.shape[-1] == 2 and y.shape[-1] == 2:
        raise ValueError("mindcell.numpy.cross: the cross product of two 2-vectors is a scalar, "
                         "which MindSpore does not compute; give 3-vectors")
    if x.dtype != y.dtype:
        dt = mstype.promote_types(x.dtype, y.dtype)
        x, y = ops.cast(x, dt), ops.cast(y, dt)
    boolean = x._np_dtype.kind == "b"
    if boolean:  # computed as 0/1 numbers and cast back to bool (MindSpore 2.10)
        x, y = ops.cast(x, mstype.int32), ops.cast(y, mstype.int32)
    xs = [x[..., k] for k in range(x.shape[-1])]
    ys = [y[..., k] for k in range(y.shape[-1])]
    zero = ops.zeros_like(xs[0] if len(xs) == 2 else ys[0])
    if len(xs) == 2:
        xs.append(ops.mul(zero, zero) if len(ys) == 3 else zero)
    if len(ys) == 2:
        ys.append(ops.zeros_like(ys[0]))
    c = [ops.sub(ops.mul(xs[1], ys[2]), ops.mul(xs[2], ys[1])),
         ops.sub(ops.mul(xs[2], ys[0]), ops.mul(xs[0], ys[2])),
         ops.sub(ops.mul(xs[0], ys[1]), ops.mul(xs[1], ys[0]))]
    out = ops.stack(c, -1)
    if boolean:
        out = ops.cast(out, mstype.bool_)
    return ops.movedim(out, -1, U.axis_arg(axisc, out.ndim, "cross"))


def copy(a):  # pylint: disable=redefined-outer-name
    """copy(a): a new Tensor with the values of ``a``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple]): the input (MindSpore refuses numpy
            arrays here).

    Returns:
        Tensor, a copy (writes to it do not show in ``a``).

    Raises:
        TypeError: ``a`` is of another type.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> mnp.copy([1, 2]).asnumpy().tolist()
        [1, 2]
    """
    if isinstance(a, np.ndarray) or not isinstance(a, (Tensor, int, float, bool, list, tuple)):
        raise TypeError("input data must be `int`, `float`, `bool`, `Tensor`, `list`, `tuple`, "
                        "but got %s" % type(a))
    t = U.asarray(a, "copy")
    return ops.cast(t, t.dtype)


_SMALL_INTS = {np.dtype(d) for d in (np.bool_, np.int8, np.int16, np.uint8, np.uint16)}


def cumprod(a, axis=None, dtype=None):
    """cumprod(a, axis=None, dtype=None): running products (of the flattened input when ``axis``
    is None); bool, int8 and int16 accumulate in int32 and uint8/uint16 in uint32 (as
    mindspore.numpy in MindSpore 2.10).

    Args:
        a (Union[Tensor, list, tuple]): the input (Python ints are Int64 here, as in
            mindspore.numpy).
        axis (int): the axis. Default: ``None``.
        dtype (dtype): the result dtype. Default: ``None``.

    Returns:
        Tensor.

    Raises:
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> mnp.cumprod(mnp.array([1, 2, 3])).asnumpy().tolist()
        [1, 2, 6]
    """
    t = U.asarray_int64(a, "cumprod")
    if t._np_dtype in (np.uint8, np.uint16):  # MindSpore 2.10: unsigned products in UInt32
        t = ops.cast(t, mstype.uint32)
    elif t._np_dtype in _SMALL_INTS:
        t = ops.cast(t, mstype.int32)
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        if not -max(t.ndim, 1) <= U.check_int(axis, "cumprod", "axis") < max(t.ndim, 1):
            raise ValueError("axis %d is out of bounds for array of dimension %d"
                             % (axis, t.ndim))
        ax = axis % max(t.ndim, 1)
    if t.ndim == 0:
        t = ops.reshape(t, (1,))
    # in t's own dtype (ops.cumprod would widen integers to Int64, as ops.cumprod does)
    return U.apply_dtype(ops.cumprod(t, ax, dtype=t.dtype), dtype, "cumprod")
