"""Array creation: array, asarray, ones, zeros, full, arange, linspace, eye, tri, diag, meshgrid.

New tensors are constants (numpy builds them; in GRAPH_MODE they become graph constants);
functions of a tensor argument (``full`` with a tensor value, ``tril``, ``diag``, ``meshgrid``)
are composites of mindcell ops, so they trace and differentiate."""
import math
import numbers

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell import ops
from mindcell.numpy import _utils as U

_F32 = np.dtype(np.float32)


def _const(arr, dtype=None):
    arr = c_contiguous(arr if dtype is None else arr.astype(dtype))
    return Tensor._make(arr)


def array(obj, dtype=None, copy=True, ndmin=0):
    """array(obj, dtype=None, copy=True, ndmin=0): a Tensor from ``obj`` (Python ints become Int32
    and floats Float32, numpy arrays keep their dtype).

    Args:
        obj (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the data.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (inferred).
        copy (bool): whether a Tensor ``obj`` is copied. Default: ``True``.
        ndmin (int): the least number of dimensions; leading axes of length 1 are added. Default:
            ``0``.

    Returns:
        Tensor.

    Raises:
        TypeError: ``obj`` is not array-like, ``dtype`` is not a dtype, ``copy`` is not a bool or
            ``ndmin`` is not an int.
        ValueError: ``obj`` is a nested list of uneven lengths.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.array([[1, 2], [3, 4]]))
        [[1 2]
         [3 4]]
        >>> x = mnp.array([1, 2], dtype=mnp.float16, ndmin=2)
        >>> print(x.shape, x.dtype)
        (1, 2) Float16
    """
    U.check_bool(copy, "array", "copy")
    ndmin = U.check_int(ndmin, "array", "ndmin")
    t = U.asarray(obj, "array", U.np_dtype(dtype, "array"))
    if copy and t is obj:
        t = ops.identity(t)
    if t.ndim < ndmin:
        t = ops.reshape(t, (1,) * (ndmin - t.ndim) + t.shape)
    return t


def asarray(a, dtype=None):
    """asarray(a, dtype=None): ``a`` as a Tensor (Python ints become Int32 and floats Float32,
    numpy arrays keep their dtype, a Tensor is returned as it is).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the data.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (inferred).

    Returns:
        Tensor.

    Raises:
        TypeError: ``a`` is not array-like, or ``dtype`` is not a dtype.
        ValueError: ``a`` is a nested list of uneven lengths.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.asarray([1, 2.5]).dtype, mnp.asarray([1, 2]).dtype)
        Float32 Int32
        >>> print(mnp.asarray([1, 2], mnp.float32))
        [1. 2.]
    """
    return U.asarray(a, "asarray", U.np_dtype(dtype, "asarray"))


def asfarray(a, dtype=mstype.float32):
    """asfarray(a, dtype=mstype.float32): ``a`` as a float Tensor (a non-float ``dtype`` is
    replaced by Float32).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the data.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of a float dtype.

    Raises:
        TypeError: ``a`` is not array-like, or ``dtype`` is not a dtype.
        ValueError: ``a`` is a nested list of uneven lengths.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.asfarray([1, 2], mnp.int32)
        >>> print(x, x.dtype)
        [1. 2.] Float32
    """
    d = U.np_dtype(dtype, "asfarray", _F32)
    return U.asarray(a, "asfarray", d if mstype.is_float_np(d) else _F32)


def _filled(shape, value, dtype, name):
    return _const(np.full(U.shape_arg(shape, name), value, U.np_dtype(dtype, name, _F32)))


def ones(shape, dtype=mstype.float32):
    """ones(shape, dtype=mstype.float32): a new tensor filled with ones.

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, entries >= 0.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of ``shape``.

    Raises:
        TypeError: ``shape`` is not an int or a sequence of ints, or ``dtype`` is not a dtype.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ones((2, 3)))
        [[1. 1. 1.]
         [1. 1. 1.]]
        >>> print(mnp.ones(2, mnp.int32))
        [1 1]
    """
    return _filled(shape, 1, dtype, "ones")


def zeros(shape, dtype=mstype.float32):
    """zeros(shape, dtype=mstype.float32): a new tensor filled with zeros.

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, entries >= 0.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of ``shape``.

    Raises:
        TypeError: ``shape`` is not an int or a sequence of ints, or ``dtype`` is not a dtype.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.zeros((2, 2), mnp.int32)
        >>> print(x, x.dtype)
        [[0 0]
         [0 0]] Int32
    """
    return _filled(shape, 0, dtype, "zeros")


def empty(shape, dtype=mstype.float32):
    """empty(shape, dtype=mstype.float32): a new tensor of ``shape``; unlike numpy's it is filled
    with zeros (never uninitialized memory).

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, entries >= 0.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of ``shape``.

    Raises:
        TypeError: ``shape`` is not an int or a sequence of ints, or ``dtype`` is not a dtype.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.empty((1, 3)))
        [[0. 0. 0.]]
    """
    return _filled(shape, 0, dtype, "empty")


def full(shape, fill_value, dtype=None):
    """full(shape, fill_value, dtype=None): a tensor of ``shape`` filled with ``fill_value``.

    Args:
        shape (Union[int, tuple[int], list[int]]): the shape, entries >= 0.
        fill_value (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): a number, or an
            array broadcast to ``shape``.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (the value's: Int32 for a
            Python int, Float32 for a float).

    Returns:
        Tensor of ``shape``.

    Raises:
        TypeError: ``shape`` is not an int or a sequence of ints, ``dtype`` is not a dtype, or
            ``fill_value`` is not array-like.
        ValueError: an entry of ``shape`` is negative, or ``fill_value`` cannot broadcast to
            ``shape``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.full((2, 2), 7))
        [[7 7]
         [7 7]]
        >>> print(mnp.full((2, 3), [1.0, 2.0, 3.0]))
        [[1. 2. 3.]
         [1. 2. 3.]]
    """
    shape = U.shape_arg(shape, "full")
    d = U.np_dtype(dtype, "full")
    if U.is_number(fill_value):
        d = U.scalar_np_dtype(fill_value) if d is None else d
        return _const(np.full(shape, fill_value, d))
    value = U.asarray(fill_value, "full", d)
    try:
        np.broadcast_shapes(value.shape, shape)
    except ValueError:
        raise U.fail("full", "'fill_value' of shape %s cannot broadcast to %s"
                     % (value.shape, shape), ValueError) from None
    return ops.broadcast_to(value, shape)


def _like(a, dtype, shape, name):
    a = U.asarray(a, name)
    d = U.np_dtype(dtype, name, a._np_dtype)
    return a, d, a.shape if shape is None else U.shape_arg(shape, name)


def ones_like(a, dtype=None, shape=None):
    """ones_like(a, dtype=None, shape=None): a new tensor of ones with the shape and dtype of
    ``a``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the tensor whose shape and
            dtype are used.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (``a``'s).
        shape (Union[int, tuple[int], list[int], None]): the shape. Default: ``None`` (``a``'s).

    Returns:
        Tensor.

    Raises:
        TypeError: ``a`` is not array-like, ``dtype`` is not a dtype, or ``shape`` is not an int or
            a sequence of ints.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.ones_like(x))
        [[1 1]
         [1 1]]
        >>> print(mnp.ones_like(x, dtype=mnp.float32, shape=3))
        [1. 1. 1.]
    """
    _, d, s = _like(a, dtype, shape, "ones_like")
    return _const(np.ones(s, d))


def zeros_like(a, dtype=None, shape=None):
    """zeros_like(a, dtype=None, shape=None): a new tensor of zeros with the shape and dtype of
    ``a``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the tensor whose shape and
            dtype are used.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (``a``'s).
        shape (Union[int, tuple[int], list[int], None]): the shape. Default: ``None`` (``a``'s).

    Returns:
        Tensor.

    Raises:
        TypeError: ``a`` is not array-like, ``dtype`` is not a dtype, or ``shape`` is not an int or
            a sequence of ints.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> y = mnp.zeros_like(mnp.ones((2, 3)), dtype=mnp.int32)
        >>> print(y.shape, y.dtype)
        (2, 3) Int32
    """
    _, d, s = _like(a, dtype, shape, "zeros_like")
    return _const(np.zeros(s, d))


def empty_like(prototype, dtype=None, shape=None):
    """empty_like(prototype, dtype=None, shape=None): a new tensor with the shape and dtype of
    ``prototype``, filled with zeros.

    Args:
        prototype (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the tensor whose
            shape and dtype are used.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (``prototype``'s).
        shape (Union[int, tuple[int], list[int], None]): the shape. Default: ``None``
            (``prototype``'s).

    Returns:
        Tensor.

    Raises:
        TypeError: ``prototype`` is not array-like, ``dtype`` is not a dtype, or ``shape`` is not
            an int or a sequence of ints.
        ValueError: an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.empty_like([[1.5, 2.5]]))
        [[0. 0.]]
    """
    _, d, s = _like(prototype, dtype, shape, "empty_like")
    return _const(np.zeros(s, d))


def full_like(a, fill_value, dtype=None, shape=None):
    """full_like(a, fill_value, dtype=None, shape=None): a new tensor with the shape and dtype of
    ``a`` filled with ``fill_value``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the tensor whose shape and
            dtype are used.
        fill_value (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): a number, or an
            array broadcast to the shape.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (``a``'s).
        shape (Union[int, tuple[int], list[int], None]): the shape. Default: ``None`` (``a``'s).

    Returns:
        Tensor.

    Raises:
        TypeError: ``a`` is not array-like, ``dtype`` is not a dtype, or ``shape`` is not an int or
            a sequence of ints.
        ValueError: an entry of ``shape`` is negative, or ``fill_value`` cannot broadcast to the
            shape.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.zeros((2, 2))
        >>> print(mnp.full_like(x, 0.5))
        [[0.5 0.5]
         [0.5 0.5]]
        >>> print(mnp.full_like(x, [1, 2], dtype=mnp.int32))
        [[1 2]
         [1 2]]
    """
    _, d, s = _like(a, dtype, shape, "full_like")
    return full(s, fill_value, mstype.from_numpy_dtype(d))


def _number(v, name, arg):
    if isinstance(v, Tensor) and v.size == 1 and not v._traced:
        v = v.item()
    if not isinstance(v, (numbers.Real, np.integer, np.floating)) or isinstance(
            v, (bool, np.bool_)):
        raise U.fail(name, "'%s' must be an int or a float, but got %s" % (arg, U.describe(v)))
    if not math.isfinite(v):
        raise U.fail(name, "'%s' must be finite, but got %r" % (arg, v), ValueError)
    return v.item() if isinstance(v, np.generic) else v


def arange(start, stop=None, step=None, dtype=None):
    """arange(start, stop=None, step=None, dtype=None): evenly spaced values in [start, stop),
    ``step`` apart.

    Args:
        start (Union[int, float, Tensor]): the first value (the end, starting from 0, when ``stop``
            is None).
        stop (Union[int, float, Tensor]): the end, excluded. Default: ``None``.
        step (Union[int, float, Tensor]): the spacing, not 0. Default: ``None`` (1).
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (Int32 when all arguments
            are ints, else Float32).

    Returns:
        1-D Tensor of ``ceil((stop - start) / step)`` values (none when that is negative).

    Raises:
        TypeError: an argument is not an int or a float (or a one-element Tensor), or ``dtype`` is
            not a dtype.
        ValueError: ``step`` is 0, or an argument is not finite.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.arange(5), mnp.arange(5).dtype)
        [0 1 2 3 4] Int32
        >>> print(mnp.arange(1, 2, 0.25))
        [1.   1.25 1.5  1.75]
    """
    if stop is None:
        start, stop = 0, start
    args = [_number(v, "arange", n) for v, n in ((start, "start"), (stop, "stop"),
                                                 (1 if step is None else step, "step"))]
    if args[2] == 0:
        raise U.fail("arange", "'step' must not be 0", ValueError)
    floats = any(isinstance(v, float) for v in args)
    d = U.np_dtype(dtype, "arange", _F32 if floats else np.dtype(np.int32))
    n = max(int(math.ceil((args[1] - args[0]) / args[2])), 0)
    U.shape_arg(n, "arange", "length")
    return _const(args[0] + np.arange(n, dtype=np.float64 if floats else np.int64) * args[2], d)


def _endpoints(v, name, arg):
    if U.is_number(v):
        return float(_number(v, name, arg))
    return U.as_float(U.asarray(v, name))


def linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0):
    """linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0): ``num``
    evenly spaced samples from ``start`` to ``stop``.

    Args:
        start (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the first sample (a
            Tensor for one sequence per element).
        stop (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the last sample
            (excluded when ``endpoint`` is False).
        num (int): the number of samples, >= 0. Default: ``50``.
        endpoint (bool): whether ``stop`` is the last sample. Default: ``True``.
        retstep (bool): whether to return the spacing too. Default: ``False``.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (Float32 for Python numbers,
            the endpoints' float dtype for Tensors).
        axis (int): where the samples axis goes for Tensor endpoints. Default: ``0``.

    Returns:
        Tensor, or a tuple (samples, step) when ``retstep`` is True (the step a 0-D Tensor).

    Raises:
        TypeError: ``num`` is not an int, ``endpoint`` or ``retstep`` is not a bool, an endpoint is
            not a number or array-like, or ``dtype`` is not a dtype.
        ValueError: ``num`` is negative, or an endpoint is not finite.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.linspace(0, 1, 5))
        [0.   0.25 0.5  0.75 1.  ]
        >>> print(mnp.linspace(0, 1, 4, endpoint=False))
        [0.   0.25 0.5  0.75]
        >>> print(mnp.linspace(mnp.array([0.0, 10.0]), mnp.array([1.0, 20.0]), 3))
        [[ 0.  10. ]
         [ 0.5 15. ]
         [ 1.  20. ]]
    """
    num = U.check_int(num, "linspace", "num")
    if num < 0:
        raise U.fail("linspace", "'num' must be >= 0, but got %d" % num, ValueError)
    U.check_bool(endpoint, "linspace", "endpoint")
    U.check_bool(retstep, "linspace", "retstep")
    d = U.np_dtype(dtype, "linspace", _F32)
    lo, hi = _endpoints(start, "linspace", "start"), _endpoints(stop, "linspace", "stop")
    div = (num - 1) if endpoint else num
    if not isinstance(lo, Tensor) and not isinstance(hi, Tensor):
        out = np.linspace(lo, hi, num, endpoint=endpoint)
        res = _const(out, d)
        # the step is a 0-D Tensor of the samples' dtype, as mindspore.numpy's
        step = _const(np.asarray((hi - lo) / div if div > 0 else float("nan")), d)
    else:
        lo, hi = U.asarray(lo, "linspace"), U.asarray(hi, "linspace")
        shape = np.broadcast_shapes(lo.shape, hi.shape)
        t = np.arange(num, dtype=np.float64).reshape((num,) + (1,) * len(shape))
        step = (hi - lo) / div if div > 0 else ops.full_like(hi - lo, float("nan"))
        res = lo + ops.cast(_const(t), lo.dtype) * step
        if endpoint and num > 1:  # the last sample is exactly ``stop``, as numpy's
            res = ops.concat([res[:-1], ops.expand_dims(ops.broadcast_to(hi, shape), 0)])
        ax = U.axis_arg(axis, res.ndim + 1, "linspace") if res.ndim > 1 else 0
        res = ops.movedim(res, 0, ax) if ax else res
        if dtype is not None:  # else the endpoints' float dtype
            res = U.apply_dtype(res, mstype.from_numpy_dtype(d), "linspace")
    return (res, step) if retstep else res


def logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0):
    """logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0): ``base **
    linspace(start, stop, num)``, samples spaced evenly on a log scale.

    Args:
        start (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): ``base ** start`` is
            the first sample.
        stop (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): ``base ** stop`` is the
            last sample (excluded when ``endpoint`` is False).
        num (int): the number of samples, >= 0. Default: ``50``.
        endpoint (bool): whether ``base ** stop`` is the last sample. Default: ``True``.
        base (Union[int, float]): the base of the log scale. Default: ``10.0``.
        dtype (mindcell.dtype, optional): the dtype. Default: ``None`` (Float32).
        axis (int): where the samples axis goes for Tensor endpoints. Default: ``0``.

    Returns:
        Tensor.

    Raises:
        TypeError: ``base`` or an endpoint is not a number, ``num`` is not an int, or ``dtype`` is
            not a dtype.
        ValueError: ``num`` is negative, or ``base`` or an endpoint is not finite.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.logspace(0, 3, 4))
        [   1.   10.  100. 1000.]
        >>> print(mnp.logspace(0, 3, 4, base=2.0))
        [1. 2. 4. 8.]
    """
    _number(base, "logspace", "base")
    exps = linspace(start, stop, num, endpoint, False, mstype.float64, axis)
    return U.apply_dtype(ops.pow(float(base), exps), mstype.from_numpy_dtype(
        U.np_dtype(dtype, "logspace", _F32)), "logspace")


def _dims(N, M, k, name):
    N = U.shape_arg(N, name, "N")[0] if not isinstance(N, (tuple, list)) else None
    if N is None:
        raise U.fail(name, "'N' must be an int")
    M = N if M is None else U.shape_arg(M, name, "M")[0]
    return N, M, U.check_int(k, name, "k")


def eye(N, M=None, k=0, dtype=mstype.float32):
    """eye(N, M=None, k=0, dtype=mstype.float32): a 2-D tensor with ones on the ``k``-th diagonal
    and zeros elsewhere.

    Args:
        N (int): the number of rows.
        M (int, optional): the number of columns. Default: ``None`` (``N``).
        k (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of shape (N, M).

    Raises:
        TypeError: ``N``, ``M`` or ``k`` is not an int, or ``dtype`` is not a dtype.
        ValueError: ``N`` or ``M`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.eye(2, 3))
        [[1. 0. 0.]
         [0. 1. 0.]]
        >>> print(mnp.eye(3, k=1, dtype=mnp.int32))
        [[0 1 0]
         [0 0 1]
         [0 0 0]]
    """
    N, M, k = _dims(N, M, k, "eye")
    return _const(np.eye(N, M, k), U.np_dtype(dtype, "eye", _F32))


def identity(n, dtype=mstype.float32):
    """identity(n, dtype=mstype.float32): the ``n`` x ``n`` identity matrix.

    Args:
        n (int): the number of rows and columns.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of shape (n, n).

    Raises:
        TypeError: ``n`` is not an int, or ``dtype`` is not a dtype.
        ValueError: ``n`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.identity(2, mnp.int32))
        [[1 0]
         [0 1]]
    """
    return eye(n, None, 0, dtype)


def tri(N, M=None, k=0, dtype=mstype.float32):
    """tri(N, M=None, k=0, dtype=mstype.float32): a 2-D tensor with ones at and below the ``k``-th
    diagonal and zeros elsewhere.

    Args:
        N (int): the number of rows.
        M (int, optional): the number of columns. Default: ``None`` (``N``).
        k (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.
        dtype (mindcell.dtype): the dtype. Default: ``mindcell.float32``.

    Returns:
        Tensor of shape (N, M).

    Raises:
        TypeError: ``N``, ``M`` or ``k`` is not an int, or ``dtype`` is not a dtype.
        ValueError: ``N`` or ``M`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.tri(3, k=-1))
        [[0. 0. 0.]
         [1. 0. 0.]
         [1. 1. 0.]]
    """
    N, M, k = _dims(N, M, k, "tri")
    return _const(np.tri(N, M, k), U.np_dtype(dtype, "tri", _F32))


def _triangle(m, k, name, lower):
    m = U.asarray(m, name)
    k = U.check_int(k, name, "k")
    if m.ndim < 1:
        raise U.fail(name, "'m' must be at least 1-D, but got a 0-D tensor", ValueError)
    if m.ndim == 1:
        m = ops.broadcast_to(m, (m.shape[0], m.shape[0]))
    rows, cols = m.shape[-2:]
    mask = np.tri(rows, cols, k if lower else k - 1, dtype=bool)
    mask = _const(mask if lower else ~mask)
    return ops.where(mask, m, ops.zeros_like(m))


def tril(m, k=0):
    """tril(m, k=0): ``m`` with the elements above the ``k``-th diagonal set to zero (the lower
    triangle kept).

    Args:
        m (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 1-D (a
            1-D ``m`` is repeated as the rows of a square matrix); the last two axes are the
            matrix.
        k (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.

    Returns:
        Tensor of ``m``'s shape (2-D for 1-D ``m``) and dtype.

    Raises:
        TypeError: ``k`` is not an int, or ``m`` is not array-like.
        ValueError: ``m`` is 0-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(mnp.tril(x))
        [[1 0 0]
         [4 5 0]
         [7 8 9]]
        >>> print(mnp.tril([1, 2], k=-1))
        [[0 0]
         [1 0]]
    """
    return _triangle(m, k, "tril", True)


def triu(m, k=0):
    """triu(m, k=0): ``m`` with the elements below the ``k``-th diagonal set to zero (the upper
    triangle kept).

    Args:
        m (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 1-D (a
            1-D ``m`` is repeated as the rows of a square matrix); the last two axes are the
            matrix.
        k (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.

    Returns:
        Tensor of ``m``'s shape (2-D for 1-D ``m``) and dtype.

    Raises:
        TypeError: ``k`` is not an int, or ``m`` is not array-like.
        ValueError: ``m`` is 0-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]])
        >>> print(mnp.triu(x, k=1))
        [[0 2 3]
         [0 0 6]
         [0 0 0]]
    """
    return _triangle(m, k, "triu", False)


def diag(v, k=0):
    """diag(v, k=0): the ``k``-th diagonal of a 2-D ``v``, or a 2-D tensor with a 1-D ``v`` on its
    ``k``-th diagonal.

    Args:
        v (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): a 1-D or 2-D input.
        k (int): the diagonal: 0 the main one, > 0 above it, < 0 below. Default: ``0``.

    Returns:
        Tensor: 1-D (the diagonal) for 2-D ``v``, 2-D of side ``len(v) + |k|`` for 1-D ``v``.

    Raises:
        TypeError: ``k`` is not an int, or ``v`` is not array-like.
        ValueError: ``v`` is not 1-D or 2-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.diag([[1, 2], [3, 4]]))
        [1 4]
        >>> print(mnp.diag([1, 2], k=1))
        [[0 1 0]
         [0 0 2]
         [0 0 0]]
    """
    v = U.asarray(v, "diag")
    k = U.check_int(k, "diag", "k")
    if v.ndim == 1:
        n = v.shape[0] + abs(k)
        vp = ops.concat([v, ops.zeros(abs(k), v.dtype)]) if k else v
        vp = ops.reshape(vp, (n, 1) if k >= 0 else (1, n))
        mask = _const(np.eye(n, n, k, dtype=bool))
        return ops.where(mask, ops.broadcast_to(vp, (n, n)), ops.zeros((n, n), v.dtype))
    if v.ndim != 2:
        raise U.fail("diag", "'v' must be 1-D or 2-D, but got shape %s" % (v.shape,),
                     ValueError)
    rows, cols = v.shape
    i = np.arange(max(0, -k), min(rows, cols - k)) if -rows < k < cols else np.arange(0)
    flat = i * cols + i + k
    return ops.gather(ops.reshape(v, (-1,)), _const(flat.astype(np.int32)), 0)


def meshgrid(*xi, sparse=False, indexing="xy"):
    """``meshgrid(*xi, sparse=False, indexing='xy')``: coordinate tensors from 1-D coordinate
    vectors.

    Args:
        xi (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the 1-D coordinate
            vectors.
        sparse (bool): whether to return broadcastable tensors (length 1 on the other axes) instead
            of full ones. Default: ``False``.
        indexing (str): ``'xy'`` (Cartesian: the first two output axes swapped) or ``'ij'``
            (matrix). Default: ``'xy'``.

    Returns:
        tuple of Tensors, one per input.

    Raises:
        TypeError: ``sparse`` is not a bool, or an input is not array-like.
        ValueError: ``indexing`` is not ``'xy'`` or ``'ij'``, or an input is not 1-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> xv, yv = mnp.meshgrid([1, 2, 3], [4, 5])
        >>> print(xv)
        [[1 2 3]
         [1 2 3]]
        >>> print(yv.shape, [t.shape for t in mnp.meshgrid([1, 2, 3], [4, 5], indexing='ij')])
        (2, 3) [(3, 2), (3, 2)]
    """
    U.check_bool(sparse, "meshgrid", "sparse")
    if indexing not in ("xy", "ij"):
        raise U.fail("meshgrid", "'indexing' must be 'xy' or 'ij', but got %s"
                     % U.describe(indexing), ValueError)
    ts = [U.asarray(x, "meshgrid") for x in xi]
    for t in ts:
        if t.ndim != 1:
            raise U.fail("meshgrid", "inputs must be 1-D, but got shape %s" % (t.shape,),
                         ValueError)
    n = len(ts)
    shapes = [[1] * n for _ in ts]
    for i, t in enumerate(ts):
        shapes[i][i] = t.shape[0]
    if indexing == "xy" and n >= 2:
        for s in shapes:
            s[0], s[1] = s[1], s[0]
    out = [ops.reshape(t, tuple(s)) for t, s in zip(ts, shapes)]
    if not sparse:
        full_shape = tuple(max(s[j] for s in shapes) for j in range(n))
        out = [ops.broadcast_to(t, full_shape) for t in out]
    return tuple(out)


__all__ = ["array", "asarray", "asfarray", "ones", "zeros", "empty", "full", "ones_like",
           "zeros_like", "empty_like", "full_like", "arange", "linspace", "logspace", "eye",
           "identity", "tri", "tril", "triu", "diag", "meshgrid"]
