"""Reductions and scans: sum, mean, prod, amax/amin, argmax/argmin, std, var, average, nansum,
nanmean, ptp, count_nonzero, cumsum, diff.

Result dtypes follow MindSpore 2.10's mindspore.numpy (tests/goldens/numpy_dtypes records them
for every input dtype), as rules:

* sums (sum, nansum, trace) of integer and bool elements are Int64, floats keep their dtype;
* cumsum of bool, int8, int16 and uint8 is Int32 (Int32 and Int64 keep theirs); cumprod of bool,
  int8 and int16 is Int32 and of uint8 UInt32;
* means (mean, average) of integers keep the integer dtype: the mean is truncated toward zero,
  and var/std of integers measure the deviations from that truncated mean (in Float32); bool
  inputs are refused (RuntimeError, as MindSpore's kernels);
* argmax returns Int64, argmin Int32;
* amax/amin/ptp and count_nonzero refuse bool inputs (TypeError)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U

_I32 = mstype.int32
_I64 = mstype.int64
# cumsum: these accumulate in Int32 (MindSpore 2.10)
_SCAN_INT32 = {np.dtype(d) for d in (np.bool_, np.int8, np.int16, np.uint8)}


def sum_dtype(np_dtype):
    """The dtype mindspore.numpy sums ``np_dtype`` elements in: Int64 for integers and bool,
    the float dtype itself for floats."""
    return None if mstype.is_float_np(np_dtype) else _I64


def _is_int(t):
    return t._np_dtype.kind in "iu"


def _refuse_bool(t, name, exc=TypeError):
    if t._np_dtype.kind == "b":
        raise U.fail(name, "bool input is not supported (MindSpore 2.10 refuses it), "
                     "got %s" % U.describe(t), exc)


def _count(t, axes):
    n = 1
    for ax in axes:
        n *= t.shape[ax]
    return n


def _int_mean(t, axes, keepdims):
    """The mean of integer ``t`` over ``axes``, truncated toward zero, in ``t``'s dtype."""
    s = ops.sum(ops.cast(t, _I64), axes, keepdims)
    n = max(_count(t, axes), 1)
    return ops.cast(ops.div(s, n, rounding_mode="trunc"), t.dtype)


def _prep(a, axis, keepdims, name):
    t = U.asarray(a, name)
    U.check_bool(keepdims, name, "keepdims")
    return t, U.axes_arg(axis, t.ndim, name)


def _with_initial(r, initial, combine, name):
    if initial is None:
        return r
    if not U.is_number(initial):
        raise U.fail(name, "'initial' must be a number, but got %s" % U.describe(initial))
    return combine(r, initial)


def sum(a, axis=None, dtype=None, keepdims=False, initial=None):  # noqa: A001
    """sum(a, axis=None, dtype=None, keepdims=False, initial=None): the sum of the elements
    over ``axis``.

    Integer and bool elements sum in Int64 (as mindspore.numpy in MindSpore 2.10); floats keep
    their dtype.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.
        initial (Union[int, float, None]): a number added to the sum. Default: ``None``.

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``initial`` is not a number, or ``dtype`` is not a dtype.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.sum(x), mnp.sum(x, axis=0), mnp.sum(x, axis=1, keepdims=True).shape)
        10 [4 6] (2, 1)
        >>> print(mnp.sum([True, True, False]), mnp.sum([0.5, 1.0], initial=10))
        2 11.5
    """
    t, axes = _prep(a, axis, keepdims, "sum")
    acc = sum_dtype(t._np_dtype)
    if acc is not None:
        t = ops.cast(t, acc)
    r = ops.sum(t, axes, keepdims) if axes else t
    r = _with_initial(r, initial, ops.add, "sum")
    return U.apply_dtype(r, dtype, "sum")


def mean(a, axis=None, keepdims=False, dtype=None):
    """mean(a, axis=None, keepdims=False, dtype=None): the arithmetic mean over ``axis``
    (the mean of integers keeps their dtype, truncated toward zero, as mindspore.numpy in
    MindSpore 2.10: ``mean([[1, 2], [3, 4]])`` is 2; ``dtype`` casts that result).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``dtype`` is not a dtype.
        ValueError: an axis is out of range or repeated.
        RuntimeError: ``a`` is bool.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1.0, 2.0], [3.0, 4.0]])
        >>> print(mnp.mean(x), mnp.mean(x, axis=1))
        2.5 [1.5 3.5]
        >>> print(mnp.mean([[1, 2], [3, 4]]), mnp.mean([[1, 2], [3, 4]], axis=1))
        2 [1 3]
    """
    t, axes = _prep(a, axis, keepdims, "mean")
    _refuse_bool(t, "mean", RuntimeError)
    if not axes:
        r = t
    elif _is_int(t):
        r = _int_mean(t, axes, keepdims)
    else:
        r = ops.mean(t, axes, keepdims)
    return U.apply_dtype(r, dtype, "mean")


def prod(a, axis=None, keepdims=False, initial=None):
    """prod(a, axis=None, keepdims=False, initial=None): the product of the elements over
    ``axis`` (bool elements multiply as Int32).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.
        initial (Union[int, float, None]): a number the product is multiplied by.
            Default: ``None``.

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``initial`` is not a number.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.prod([[1, 2], [3, 4]], axis=1))
        [ 2 12]
        >>> print(mnp.prod([1.5, 2.0], initial=2))
        6.0
    """
    t, axes = _prep(a, axis, keepdims, "prod")
    if t._np_dtype.kind == "b":
        t = ops.cast(t, _I32)
    r = ops.prod(t, axes, keepdims) if axes else t
    return _with_initial(r, initial, ops.mul, "prod")


def _extreme(a, axis, keepdims, initial, where, name, fn, pick):
    t, axes = _prep(a, axis, keepdims, name)
    _refuse_bool(t, name)
    if where is not True:  # ops.amax/amin take the mask (and need initial, as numpy)
        if initial is None:
            raise U.fail(name, "a 'where' mask needs 'initial'", ValueError)
        return fn(t, axes if axes else (), keepdims, initial=initial,
                  where=U.asarray(where, name))
    if not axes:
        r = t
    elif t.size == 0 and initial is None:
        raise U.fail(name, "zero-size tensor to reduction operation with no identity "
                     "(give 'initial')", ValueError)
    else:
        r = fn(t, axes, keepdims)
    return _with_initial(r, initial, pick, name)


def amax(a, axis=None, keepdims=False, initial=None, where=True):
    """amax(a, axis=None, keepdims=False, initial=None, where=True): the maximum over
    ``axis``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.
        initial (Union[int, float, None]): a number the maximum is taken with (needed for an
            empty reduction and with ``where``). Default: ``None``.
        where (Union[bool, Tensor, list]): a bool mask broadcast to ``a`` that picks the
            elements compared. Default: ``True`` (all).

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``a`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``initial`` is not a number.
        ValueError: an axis is out of range or repeated, a ``where`` mask is given without
            ``initial``, or a zero-size input is reduced without ``initial``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 5], [7, 2]])
        >>> print(mnp.amax(x), mnp.amax(x, axis=0), mnp.amax(x, initial=9))
        7 [7 5] 9
        >>> print(mnp.amax(x, axis=1, where=mnp.array([True, False]), initial=0))
        [1 7]
    """
    return _extreme(a, axis, keepdims, initial, where, "amax", ops.amax, ops.maximum)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """amin(a, axis=None, keepdims=False, initial=None, where=True): the minimum over
    ``axis``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.
        initial (Union[int, float, None]): a number the minimum is taken with (needed for an
            empty reduction and with ``where``). Default: ``None``.
        where (Union[bool, Tensor, list]): a bool mask broadcast to ``a`` that picks the
            elements compared. Default: ``True`` (all).

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``a`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``initial`` is not a number.
        ValueError: an axis is out of range or repeated, a ``where`` mask is given without
            ``initial``, or a zero-size input is reduced without ``initial``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[4.0, 1.5], [0.5, 2.0]])
        >>> print(mnp.amin(x), mnp.amin(x, axis=1, keepdims=True))
        0.5 [[1.5]
         [0.5]]
        >>> print(mnp.amin(x, where=mnp.array([True, False]), initial=3.0))
        0.5
    """
    return _extreme(a, axis, keepdims, initial, where, "amin", ops.amin, ops.minimum)


def _arg(a, axis, name, fn):
    t = U.asarray(a, name)
    if t.size == 0:
        raise U.fail(name, "attempt to get %s of an empty sequence" % name, ValueError)
    out = _I64 if name == "argmax" else _I32  # MindSpore 2.10's argmax is Int64, argmin Int32
    if axis is None:
        return ops.cast(fn(ops.reshape(t, (-1,)), 0), out)
    return ops.cast(fn(t, U.axis_arg(axis, t.ndim, name)), out)


def argmax(a, axis=None):
    """argmax(a, axis=None): the indices of the maxima along ``axis`` (of the flattened
    input when None).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis searched. Default: ``None``.

    Returns:
        Int64 Tensor (as mindspore.numpy.argmax; :func:`argmin` gives Int32): ``a``'s shape
            without ``axis`` (0-D when ``axis`` is None).

    Raises:
        TypeError: ``axis`` is not an int, or ``a`` is not a Tensor, a number, a list/tuple
            or a numpy array of numbers.
        ValueError: ``a`` is empty, or ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 5], [7, 2]])
        >>> print(mnp.argmax(x), mnp.argmax(x, axis=1))
        2 [1 0]
    """
    return _arg(a, axis, "argmax", lambda t, ax: ops.argmax(t, ax))


def argmin(a, axis=None):
    """argmin(a, axis=None): the indices of the minima along ``axis`` (of the flattened
    input when None).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis searched. Default: ``None``.

    Returns:
        Int32 Tensor (as mindspore.numpy.argmin; :func:`argmax` gives Int64): ``a``'s shape
            without ``axis`` (0-D when ``axis`` is None).

    Raises:
        TypeError: ``axis`` is not an int, or ``a`` is not a Tensor, a number, a list/tuple
            or a numpy array of numbers.
        ValueError: ``a`` is empty, or ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[3.0, 0.5], [-1.0, 2.0]])
        >>> print(mnp.argmin(x), mnp.argmin(x, axis=0))
        2 [1 0]
    """
    return _arg(a, axis, "argmin", lambda t, ax: ops.argmin(t, ax))


def var(x, axis=None, ddof=0, keepdims=False):
    """var(x, axis=None, ddof=0, keepdims=False): the variance over ``axis``,
    ``sum((x - mean(x))**2) / (n - ddof)`` for ``n`` elements. For integers it is Float32 and,
    as mindspore.numpy in MindSpore 2.10, ``mean(x)`` is the truncated integer mean
    (:func:`mean`), so ``var([[1, 2], [3, 4]])`` is 1.5.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        ddof (int): the delta degrees of freedom (1 for the unbiased estimate). Default: ``0``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``x``'s shape without the reduced axes (or with them of length 1).

    Raises:
        RuntimeError: ``x`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``ddof`` is not an int.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.var([1.0, 2.0, 3.0, 4.0]), mnp.var([1.0, 2.0, 3.0, 4.0], ddof=1))
        1.25 1.6666666
        >>> print(mnp.var([1, 2, 3, 4]))  # integers: around the truncated mean 2
        1.5
    """
    return _var(x, axis, ddof, keepdims, "var")


def _var(x, axis, ddof, keepdims, name):
    t, axes = _prep(x, axis, keepdims, name)
    ddof = U.check_int(ddof, name, "ddof") if name == "std" else U.check_ddof(ddof, name)
    _refuse_bool(t, name, RuntimeError)
    n = _count(t, axes)
    if not axes:
        dev = ops.zeros_like(U.as_float(t))
    elif _is_int(t):  # deviations from the truncated integer mean, as MindSpore 2.10
        dev = ops.sub(U.as_float(t), U.as_float(_int_mean(t, axes, True)))
    else:
        dev = ops.sub(t, ops.mean(t, axes, True))
    sq = ops.sum(ops.square(dev), axes, keepdims) if axes else ops.square(dev)
    return ops.div(sq, float(max(n - ddof, 0)))


def std(x, axis=None, ddof=0, keepdims=False):
    """std(x, axis=None, ddof=0, keepdims=False): the standard deviation over ``axis``, the
    square root of :func:`var`.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        ddof (int): the delta degrees of freedom. Default: ``0``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``x``'s shape without the reduced axes (or with them of length 1).

    Raises:
        RuntimeError: ``x`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``ddof`` is not an int.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.std([[1.0, 3.0], [2.0, 2.0]], axis=1))
        [1. 0.]
    """
    return ops.sqrt(_var(x, axis, ddof, keepdims, "std"))


def average(x, axis=None, weights=None, returned=False):
    """average(x, axis=None, weights=None, returned=False): the weighted mean over ``axis``,
    ``sum(x * weights) / sum(weights)``. Integer inputs (and integer weights) give an integer
    average truncated toward zero, as :func:`mean` (mindspore.numpy in MindSpore 2.10).

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        weights (Union[Tensor, list, tuple, numpy.ndarray, None]): the weights, of ``x``'s
            shape, or 1-D along a single ``axis``. Default: ``None`` (all 1).
        returned (bool): whether to return the sum of the weights too. Default: ``False``.

    Returns:
        Tensor, or a tuple (average, sum of weights) when ``returned`` is True.

    Raises:
        RuntimeError: ``x`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``returned`` is not a bool, or an input is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range, or ``weights`` does not fit ``x`` and ``axis``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.average([1.0, 2.0, 3.0], weights=[3, 1, 0]))
        1.25
        >>> print(mnp.average([1, 2, 3], weights=[3, 1, 0]))
        1
        >>> x = mnp.array([[1.0, 2.0], [3.0, 5.0]])
        >>> avg, wsum = mnp.average(x, axis=1, weights=[1.0, 3.0], returned=True)
        >>> print(avg, wsum)
        [1.75 4.5 ] [4. 4.]
    """
    t, axes = _prep(x, axis, False, "average")
    U.check_bool(returned, "average", "returned")
    _refuse_bool(t, "average", RuntimeError)
    if weights is None:
        r = mean(t, axes if axes else None) if axes else t
        n = _count(t, axes)
        return (r, ops.full_like(r, float(n))) if returned else r
    w = U.asarray(weights, "average")
    if w._np_dtype.kind == "b":
        w = ops.cast(w, _I32)
    if w.shape != t.shape:
        if axis is None or w.ndim != 1 or len(axes) != 1 or w.shape[0] != t.shape[axes[0]]:
            raise U.fail("average", "'weights' of shape %s do not match 'x' of shape %s "
                         "along 'axis' %r" % (w.shape, t.shape, axis), ValueError)
        shape = [1] * t.ndim
        shape[axes[0]] = w.shape[0]
        w = ops.reshape(w, tuple(shape))
    wsum = ops.sum(ops.broadcast_to(w, t.shape), axes) if axes else ops.broadcast_to(w, t.shape)
    num = ops.sum(ops.mul(t, w), axes) if axes else ops.mul(t, w)
    if _is_int(num) and _is_int(wsum):  # integer weighted means truncate, as mean
        r = ops.cast(ops.div(num, wsum, rounding_mode="trunc"), ops.mul(t, w).dtype)
    else:
        r = ops.div(num, wsum)
    return (r, wsum) if returned else r


def nansum(a, axis=None, dtype=None, keepdims=False):
    """nansum(a, axis=None, dtype=None, keepdims=False): the sum over ``axis`` with NaNs
    counted as zero. Unlike :func:`sum`, the result keeps ``a``'s dtype (Int32 stays Int32;
    for bool ``a`` it is whether any element is True), as mindspore.numpy in MindSpore 2.10.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``dtype`` is not a dtype.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.nansum([[1.0, mnp.nan], [2.0, 3.0]], axis=1))
        [1. 5.]
    """
    t = U.asarray(a, "nansum")
    if mstype.is_float_np(t._np_dtype):
        t = ops.where(ops.isnan(t), 0.0, t)
    # the result keeps a's dtype (MindSpore 2.10): Int32 stays Int32, and a bool result is
    # whether any element is True
    r = sum(t, axis, None, keepdims)
    r = ops.ne(r, 0) if t._np_dtype.kind == "b" else ops.cast(r, t.dtype)
    return U.apply_dtype(r, dtype, "nansum")


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """nanmean(a, axis=None, dtype=None, keepdims=False): the mean over ``axis`` of the
    non-NaN elements (NaN where all are NaN). The result is Float32 unless ``a`` is Float64
    (float16 and integer inputs too), as mindspore.numpy in MindSpore 2.10.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``a``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``dtype`` is not a dtype.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.nanmean([[1.0, mnp.nan], [3.0, 4.0]], axis=0))
        [2. 4.]
    """
    t = U.asarray(a, "nanmean")
    if t._np_dtype != np.float64:  # Float32 unless Float64 (float16 too), as MindSpore 2.10
        t = ops.cast(t, mstype.float32)
    ok = ops.logical_not(ops.isnan(t))
    total = sum(ops.where(ok, t, 0.0), axis, None, keepdims)
    count = sum(ok, axis, None, keepdims)
    return U.apply_dtype(ops.div(total, ops.cast(count, t.dtype)), dtype, "nanmean")


def ptp(x, axis=None, keepdims=False):
    """ptp(x, axis=None, keepdims=False): the range (maximum minus minimum) over ``axis``.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``x``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``x`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range or repeated, or ``x`` is empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ptp([[1, 5], [7, 2]], axis=1))
        [4 5]
    """
    _refuse_bool(U.asarray(x, "ptp"), "ptp")
    # the extremes checked and computed under ptp's name, so its errors name ptp
    high = _extreme(x, axis, keepdims, None, True, "ptp", ops.amax, ops.maximum)
    low = _extreme(x, axis, keepdims, None, True, "ptp", ops.amin, ops.minimum)
    return ops.sub(high, low)


def count_nonzero(x, axis=None, keepdims=False):
    """count_nonzero(x, axis=None, keepdims=False): the number of non-zero elements over
    ``axis``.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Int32 Tensor: ``x``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``x`` is bool (MindSpore 2.10 refuses bool input).
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[0, 1, 2], [3, 0, 0]])
        >>> print(mnp.count_nonzero(x), mnp.count_nonzero(x, axis=0))
        3 [1 1 1]
    """
    t = U.asarray(x, "count_nonzero")
    _refuse_bool(t, "count_nonzero")
    return ops.cast(sum(ops.ne(t, 0), axis, None, keepdims), _I32)  # Int32, as MindSpore


def cumsum(a, axis=None, dtype=None):
    """cumsum(a, axis=None, dtype=None): the running sums along ``axis`` (of the flattened
    input when None). As mindspore.numpy in MindSpore 2.10, bool, int8, int16 and uint8
    elements sum in Int32; other dtypes keep theirs.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis summed along. Default: ``None``.
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor of ``a``'s shape (1-D when ``axis`` is None).

    Raises:
        TypeError: ``axis`` is not an int, ``dtype`` is not a dtype, or ``a`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.cumsum(x))
        [ 1  3  6 10]
        >>> print(mnp.cumsum(x, axis=0))
        [[1 2]
         [4 6]]
    """
    t = U.asarray(a, "cumsum")
    if t._np_dtype in _SCAN_INT32:
        t = ops.cast(t, _I32)
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        ax = U.axis_arg(axis, t.ndim, "cumsum")
    if t.ndim == 0:
        return U.apply_dtype(ops.reshape(t, (1,)), dtype, "cumsum")
    return U.apply_dtype(ops.cumsum(t, ax), dtype, "cumsum")


def diff(a, n=1, axis=-1, prepend=None, append=None):
    """diff(a, n=1, axis=-1, prepend=None, append=None): the ``n``-th discrete difference
    along ``axis`` (``a[i + 1] - a[i]``, applied ``n`` times). Bool inputs are differenced as
    0/1 numbers and the result cast back to bool (as MindSpore 2.10).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 1-D.
        n (int): how many times to take the difference. Default: ``1``.
        axis (int): the axis. Default: ``-1``.
        prepend (Union[Tensor, int, float, list, tuple, numpy.ndarray, None]): values put
            before ``a`` along ``axis`` first (a number is broadcast). Default: ``None``.
        append (Union[Tensor, int, float, list, tuple, numpy.ndarray, None]): values put after
            ``a`` along ``axis`` first. Default: ``None``.

    Returns:
        Tensor: ``a``'s shape with ``axis`` ``n`` shorter (after prepend/append).

    Raises:
        TypeError: ``n`` or ``axis`` is not an int, or an input is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.
        ValueError: ``n`` is negative, ``a`` is 0-D, or ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.diff([1, 4, 9, 16]), mnp.diff([1, 4, 9, 16], n=2))
        [3 5 7] [2 2]
        >>> print(mnp.diff([[1, 3], [4, 8]], axis=0))
        [[3 5]]
    """
    t = U.asarray(a, "diff")
    n = U.check_int(n, "diff", "n")
    if n < 0:
        raise U.fail("diff", "'n' must be >= 0, but got %d" % n, ValueError)
    if t.ndim == 0:
        raise U.fail("diff", "'a' must be at least 1-D", ValueError)
    ax = U.axis_arg(axis, t.ndim, "diff")
    parts = []
    for extra, arg in ((prepend, "prepend"), (None, None), (append, "append")):
        if arg is None:
            parts.append(t)
        elif extra is not None:
            e = U.asarray(extra, "diff")
            shape = list(t.shape)
            shape[ax] = 1 if e.ndim == 0 else e.shape[ax]
            parts.append(ops.broadcast_to(e, tuple(shape)) if e.ndim == 0 else e)
    t = ops.concat(parts, ax) if len(parts) > 1 else t
    # bool differences are taken as numbers (0/1) and the result cast back to bool, so
    # n > 1 counts changes of changes, as MindSpore 2.10 (not repeated xor)
    boolean = t._np_dtype.kind == "b"
    if boolean:
        t = ops.cast(t, mstype.float32)
    for _ in range(n):
        length = t.shape[ax]
        if length == 0:
            break
        hi = ops.narrow(t, ax, 1, length - 1)
        lo = ops.narrow(t, ax, 0, length - 1)
        t = ops.sub(hi, lo)
    return ops.cast(t, mstype.bool_) if boolean else t


__all__ = ["sum", "mean", "prod", "amax", "amin", "argmax", "argmin", "var", "std", "average",
           "nansum", "nanmean", "ptp", "count_nonzero", "cumsum", "diff"]
