"""Reductions and scans: sum, mean, prod, amax/amin, argmax/argmin, std, var, average, nansum,
nanmean, ptp, count_nonzero, cumsum, diff. Integer sums keep their dtype (mindspore.numpy's
rule: Int32 stays Int32, bool sums as Int32); means of integers are Float32."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.numpy import _utils as U

_I32 = mstype.int32


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

    Integer sums keep the input's dtype (Int32 stays Int32) and bool elements sum as Int32
    (MindSpore 2.10's mindspore.numpy.sum returns Int64 for both).

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
    src = t._np_dtype
    if src.kind == "b":
        t = ops.cast(t, _I32)
    r = ops.sum(t, axes, keepdims) if axes else t
    if not mstype.is_float_np(src) and r._np_dtype != (np.dtype(np.int32) if src.kind == "b" else src):
        r = ops.cast(r, _I32 if src.kind == "b" else mstype.from_numpy_dtype(src))
    r = _with_initial(r, initial, ops.add, "sum")
    return U.apply_dtype(r, dtype, "sum")


def mean(a, axis=None, keepdims=False, dtype=None):
    """mean(a, axis=None, keepdims=False, dtype=None): the arithmetic mean over ``axis``
    (integer and bool inputs average in Float32).

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

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.mean(x), mnp.mean(x, axis=1))
        2.5 [1.5 3.5]
    """
    t, axes = _prep(a, axis, keepdims, "mean")
    t = U.as_float(t)
    r = ops.mean(t, axes, keepdims) if axes else t
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
    if axis is None:
        return ops.cast(fn(ops.reshape(t, (-1,)), 0), _I32)
    return ops.cast(fn(t, U.axis_arg(axis, t.ndim, name)), _I32)


def argmax(a, axis=None):
    """argmax(a, axis=None): the indices of the maxima along ``axis`` (of the flattened
    input when None).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis searched. Default: ``None``.

    Returns:
        Int32 Tensor: ``a``'s shape without ``axis`` (0-D when ``axis`` is None).

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
        Int32 Tensor: ``a``'s shape without ``axis`` (0-D when ``axis`` is None).

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
    ``sum((x - mean(x))**2) / (n - ddof)`` for ``n`` elements (in Float32 for integers).

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reduced. Default: ``None``
            (all axes).
        ddof (int): the delta degrees of freedom (1 for the unbiased estimate). Default: ``0``.
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor: ``x``'s shape without the reduced axes (or with them of length 1).

    Raises:
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``ddof`` is not an int.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.var([1, 2, 3, 4]), mnp.var([1, 2, 3, 4], ddof=1))
        1.25 1.6666666
    """
    t, axes = _prep(x, axis, keepdims, "var")
    ddof = U.check_int(ddof, "var", "ddof")
    t = U.as_float(t)
    n = 1
    for ax in axes:
        n *= t.shape[ax]
    dev = ops.sub(t, ops.mean(t, axes, True)) if axes else ops.zeros_like(t)
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
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        TypeError: ``ddof`` is not an int.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.std([[1.0, 3.0], [2.0, 2.0]], axis=1))
        [1. 0.]
    """
    return ops.sqrt(var(x, axis, ddof, keepdims))


def average(x, axis=None, weights=None, returned=False):
    """average(x, axis=None, weights=None, returned=False): the weighted mean over ``axis``,
    ``sum(x * weights) / sum(weights)`` (computed in Float32 for integers).

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
        TypeError: ``returned`` is not a bool, or an input is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range, or ``weights`` does not fit ``x`` and ``axis``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.average([1, 2, 3], weights=[3, 1, 0]))
        1.25
        >>> avg, wsum = mnp.average([[1, 2], [3, 5]], axis=1, weights=[1, 3], returned=True)
        >>> print(avg, wsum)
        [1.75 4.5 ] [4. 4.]
    """
    t, axes = _prep(x, axis, False, "average")
    U.check_bool(returned, "average", "returned")
    t = U.as_float(t)
    if weights is None:
        r = ops.mean(t, axes) if axes else t
        n = 1
        for ax in axes:
            n *= t.shape[ax]
        return (r, ops.full_like(r, float(n))) if returned else r
    w = U.as_float(U.asarray(weights, "average"))
    if w.shape != t.shape:
        if axis is None or w.ndim != 1 or len(axes) != 1 or w.shape[0] != t.shape[axes[0]]:
            raise U.fail("average", "'weights' of shape %s do not match 'x' of shape %s "
                         "along 'axis' %r" % (w.shape, t.shape, axis), ValueError)
        shape = [1] * t.ndim
        shape[axes[0]] = w.shape[0]
        w = ops.reshape(w, tuple(shape))
    wsum = ops.sum(ops.broadcast_to(w, t.shape), axes) if axes else ops.broadcast_to(w, t.shape)
    num = ops.sum(ops.mul(t, w), axes) if axes else ops.mul(t, w)
    r = ops.div(num, wsum)
    return (r, wsum) if returned else r


def nansum(a, axis=None, dtype=None, keepdims=False):
    """nansum(a, axis=None, dtype=None, keepdims=False): the sum over ``axis`` with NaNs
    counted as zero (otherwise as :func:`sum`).

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
    return sum(t, axis, dtype, keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """nanmean(a, axis=None, dtype=None, keepdims=False): the mean over ``axis`` of the
    non-NaN elements (NaN where all are NaN; integers in Float32).

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
    t = U.as_float(U.asarray(a, "nanmean"))
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
        TypeError: ``keepdims`` is not a bool, ``axis`` holds a non-int, or ``x`` is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: an axis is out of range or repeated, or ``x`` is empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ptp([[1, 5], [7, 2]], axis=1))
        [4 5]
    """
    return ops.sub(amax(x, axis, keepdims), amin(x, axis, keepdims))


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
    return sum(ops.ne(t, 0), axis, None, keepdims)


def cumsum(a, axis=None, dtype=None):
    """cumsum(a, axis=None, dtype=None): the running sums along ``axis`` (of the flattened
    input when None; bool elements sum as Int32).

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
    if t._np_dtype.kind == "b":
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
    along ``axis`` (``a[i + 1] - a[i]``, applied ``n`` times; XOR for bool inputs).

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
    for _ in range(n):
        length = t.shape[ax]
        if length == 0:
            break
        hi = ops.narrow(t, ax, 1, length - 1)
        lo = ops.narrow(t, ax, 0, length - 1)
        t = ops.logical_xor(hi, lo) if t._np_dtype.kind == "b" else ops.sub(hi, lo)
    return t


__all__ = ["sum", "mean", "prod", "amax", "amin", "argmax", "argmin", "var", "std", "average",
           "nansum", "nanmean", "ptp", "count_nonzero", "cumsum", "diff"]
