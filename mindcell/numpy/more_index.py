"""More of mindspore.numpy: isin, in1d, digitize, unravel_index, ravel_multi_index, select,
choose, geomspace, ix_, apply_along_axis, apply_over_axes, unwrap, convolve, correlate and
logaddexp2. Composites of mindcell ops with MindSpore 2.10's dtypes and argument checks
(tests/goldens/numpy_more/004_index_signal)."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.numpy import _utils as U

__all__ = ["isin", "in1d", "digitize", "unravel_index", "ravel_multi_index", "select", "choose",
           "geomspace", "ix_", "apply_along_axis", "apply_over_axes", "unwrap", "convolve",
           "correlate", "logaddexp2", "intersect1d", "setdiff1d", "piecewise"]


def _promote(*ts):
    dt = ts[0]._np_dtype
    for t in ts[1:]:
        if t._np_dtype != dt:
            dt = mstype.promote_types(mstype.from_numpy_dtype(dt),
                                      mstype.from_numpy_dtype(t._np_dtype)).np_dtype
    return [t if t._np_dtype == dt else ops.cast(t, mstype.from_numpy_dtype(dt)) for t in ts]


def isin(element, test_elements, invert=False):
    """isin(element, test_elements, invert=False): whether each element of ``element`` is in
    ``test_elements``.

    Args:
        element (Union[Tensor, list, tuple, numpy.ndarray, int, float]): the values tested.
        test_elements (Union[Tensor, list, tuple, numpy.ndarray, int, float]): the values looked
            for (flattened).
        invert (bool): return whether each element is *not* in ``test_elements``.
            Default: ``False``.

    Returns:
        Tensor of ``element``'s shape, bool.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.isin(mnp.array([[1, 5], [4, 2]]), [1, 2, 9]))
        [[ True False]
         [False  True]]
    """
    e, t = _promote(U.asarray(element, "isin"), U.asarray(test_elements, "isin"))
    t = ops.reshape(t, (-1,))
    if t.shape[0] == 0:
        found = ops.zeros(tuple(e.shape), mstype.bool_)
    else:
        found = ops.any(ops.equal(ops.expand_dims(e, -1), t), -1)
    return ops.logical_not(found) if U.check_bool(invert, "isin", "invert") else found


def in1d(ar1, ar2, invert=False):
    """in1d(ar1, ar2, invert=False): whether each element of the flattened ``ar1`` is in
    ``ar2``.

    Args:
        ar1 (Union[Tensor, list, tuple, numpy.ndarray]): the values tested (flattened).
        ar2 (Union[Tensor, list, tuple, numpy.ndarray]): the values looked for.
        invert (bool): return whether each element is *not* in ``ar2``. Default: ``False``.

    Returns:
        Tensor, 1-D, bool.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.in1d(mnp.array([[1, 5], [4, 2]]), [1, 2]))
        [ True False False  True]
    """
    return isin(ops.reshape(U.asarray(ar1, "in1d"), (-1,)), ar2, invert)


def digitize(x, bins, right=False):
    """digitize(x, bins, right=False): the index of the bin of each value of ``x``.

    For increasing ``bins`` the index ``i`` has ``bins[i-1] <= x < bins[i]`` (``<`` and
    ``<=`` with ``right``); for decreasing ``bins`` ``bins[i-1] > x >= bins[i]``
    (``>=`` and ``>`` with ``right``).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray, int, float]): the values.
        bins (Union[Tensor, list, tuple, numpy.ndarray]): 1-D, monotonic.
        right (bool): whether the bins hold their right edge. Default: ``False``.

    Returns:
        Tensor of ``x``'s shape, Int32.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.digitize(mnp.array([0.5, 2.0, 3.5]), mnp.array([1.0, 2.0, 3.0])))
        [0 2 3]
    """
    xs, b = _promote(U.asarray(x, "digitize"), U.asarray(bins, "digitize"))
    b = ops.reshape(b, (-1,))
    right = U.check_bool(right, "digitize", "right")
    if b.shape[0] == 0:
        return ops.zeros(tuple(xs.shape), mstype.int32)
    xe = ops.expand_dims(xs, -1)
    if right:
        inc, dec = ops.lt(b, xe), ops.ge(b, xe)
    else:
        inc, dec = ops.le(b, xe), ops.gt(b, xe)
    count = lambda m: ops.sum(ops.cast(m, mstype.int32), -1)  # noqa: E731
    decreasing = ops.lt(b[-1], b[0])
    return ops.cast(ops.select(ops.broadcast_to(decreasing, tuple(xs.shape)), count(dec),
                               count(inc)), mstype.int32)


def _order_arg(order, name):
    if order not in ("C", "F"):
        raise U.fail(name, "invalid order %r: expected 'C' or 'F'" % (order,), ValueError)
    return order


def unravel_index(indices, shape, order="C"):
    """unravel_index(indices, shape, order='C'): flat indices into a tuple of coordinate arrays
    for an array of ``shape``.

    Negative indices count from the end and indices past the end are clipped to the last
    element (MindSpore 2.10's rule; numpy raises).

    Args:
        indices (Union[Tensor, int, list, tuple, numpy.ndarray]): the flat indices.
        shape (Union[int, tuple[int]]): the array's shape.
        order (str): 'C' (row-major) or 'F' (column-major). Default: 'C'.

    Returns:
        Tuple of Int32 Tensors of ``indices``' shape, one per dimension.

    Raises:
        ValueError: ``order`` is not 'C' or 'F'.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.unravel_index(mnp.array([1, 5, 7]), (2, 4))
        >>> print(rows, cols)
        [0 1 1] [1 1 3]
    """
    order = _order_arg(order, "unravel_index")
    dims = U.shape_arg(shape, "unravel_index")
    idx = ops.cast(U.asarray(indices, "unravel_index"), mstype.int32)
    total = int(np.prod(dims, dtype=np.int64))
    idx = ops.select(ops.lt(idx, 0), ops.add(idx, total), idx)
    idx = ops.clamp(idx, 0, max(total - 1, 0))
    out = []
    seq = dims[::-1] if order == "C" else dims
    for d in seq:
        out.append(ops.remainder(idx, d))
        idx = ops.floor_divide(idx, d)
    return tuple(out[::-1] if order == "C" else out)


def ravel_multi_index(multi_index, dims, mode="clip", order="C"):
    """ravel_multi_index(multi_index, dims, mode='clip', order='C'): coordinate arrays into flat
    indices of an array of shape ``dims``.

    Args:
        multi_index (Union[tuple, list]): one integer array (or array-like) per dimension.
        dims (Union[int, tuple[int]]): the array's shape.
        mode (str): out-of-range coordinates are 'clip'-ped or 'wrap'-ped ('raise' is not
            implemented, as MindSpore 2.10). Default: 'clip'.
        order (str): 'C' (row-major) or 'F' (column-major). Default: 'C'.

    Returns:
        Tensor, Float32 (MindSpore 2.10's dtype for this function).

    Raises:
        NotImplementedError: ``mode`` is 'raise'.
        ValueError: ``mode`` or ``order`` is invalid, or ``multi_index`` has not one array per
            dimension.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ravel_multi_index(([1, 0], [2, 3]), (2, 4)))
        [6. 3.]
    """
    if mode == "raise":
        raise U.fail("ravel_multi_index", "'raise' mode is not implemented (as MindSpore 2.10)",
                     NotImplementedError)
    if mode not in ("clip", "wrap"):
        raise U.fail("ravel_multi_index", "invalid mode %r: expected 'clip' or 'wrap'"
                     % (mode,), ValueError)
    order = _order_arg(order, "ravel_multi_index")
    d = U.shape_arg(dims, "ravel_multi_index", "dims")
    if isinstance(multi_index, Tensor) and multi_index.ndim >= 1:  # one row per dimension
        multi_index = [multi_index[k] for k in range(multi_index.shape[0])]
    if not isinstance(multi_index, (tuple, list)) or len(multi_index) != len(d):
        raise U.fail("ravel_multi_index", "'multi_index' must hold one array per dimension "
                     "(%d), but got %s" % (len(d), U.describe(multi_index)), ValueError)
    coords = [ops.cast(U.asarray(m, "ravel_multi_index"), mstype.int32) for m in multi_index]
    coords = [ops.clamp(c, 0, n - 1) if mode == "clip" else ops.remainder(c, n)
              for c, n in zip(coords, d)]
    strides = [int(np.prod(d[k + 1:], dtype=np.int64)) for k in range(len(d))] if order == "C" \
        else [int(np.prod(d[:k], dtype=np.int64)) for k in range(len(d))]
    total = None
    for c, s in zip(coords, strides):
        term = ops.mul(c, s)
        total = term if total is None else ops.add(total, term)
    return ops.cast(total, mstype.float32)


def select(condlist, choicelist, default=0):
    """select(condlist, choicelist, default=0): the element of the first choice whose condition
    holds, ``default`` where none does.

    Args:
        condlist (Union[list, tuple, Tensor]): the conditions (non-zero counts as true).
        choicelist (Union[list, tuple, Tensor]): one choice per condition (they broadcast).
        default (Union[int, float]): the value where no condition holds. Default: ``0``.

    Returns:
        Tensor of the broadcast shape, in the dtype the choices promote to.

    Raises:
        ValueError: ``condlist`` and ``choicelist`` have different lengths.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.select([[True, False, False], [False, True, False]], [[1, 2, 3], [4, 5, 6]], 7))
        [1 5 7]
    """
    conds = [ops.cast(U.asarray(c, "select"), mstype.bool_) for c in
             (condlist if not isinstance(condlist, Tensor) else
              [condlist[i] for i in range(condlist.shape[0])])]
    choices = U.tensor_seq(choicelist, "select", "choicelist") if not isinstance(
        choicelist, (list, tuple)) or choicelist else []
    if len(conds) != len(choices):
        raise U.fail("select", "list of cases must be same length as list of conditions "
                     "(%d and %d)" % (len(choices), len(conds)), ValueError)
    if not conds:
        raise U.fail("select", "select with an empty condition list is not possible",
                     ValueError)
    shape = tuple(np.broadcast_shapes(*[tuple(t.shape) for t in conds + choices]))
    dt = choices[0].dtype
    out = ops.fill(dt, shape, default) if U.is_number(default) else \
        ops.broadcast_to(ops.cast(U.asarray(default, "select"), dt), shape)
    for c, v in zip(conds[::-1], choices[::-1]):
        out = ops.select(ops.broadcast_to(c, shape), ops.broadcast_to(v, shape), out)
    return out


def choose(a, choices, mode="clip"):
    """choose(a, choices, mode='clip'): for each element, the element of the choice that
    ``a`` indexes.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): integer indices into ``choices``.
        choices (Union[list, tuple, Tensor]): the choices (they broadcast with ``a``).
        mode (str): out-of-range indices are 'clip'-ped or 'wrap'-ped ('raise' is not
            implemented, as MindSpore 2.10). Default: 'clip'.

    Returns:
        Tensor of the broadcast shape, in the dtype the choices promote to.

    Raises:
        NotImplementedError: ``mode`` is 'raise'.
        ValueError: ``mode`` is invalid.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.choose(mnp.array([0, 1, 2, 1]), [[1, 2, 3, 4], [10, 20, 30, 40], [5, 6, 7, 8]]))
        [ 1 20  7 40]
    """
    if not isinstance(mode, str):
        raise U.fail("choose", "'mode' must be a str, but got %s" % U.describe(mode))
    if mode == "raise":
        raise U.fail("choose", "'raise' mode is not implemented (as MindSpore 2.10)",
                     NotImplementedError)
    if mode not in ("clip", "wrap"):
        raise U.fail("choose", "invalid mode %r: expected 'clip' or 'wrap'" % (mode,),
                     ValueError)
    idx = ops.cast(U.asarray(a, "choose"), mstype.int32)
    cs = U.tensor_seq(choices, "choose", "choices")
    n = len(cs)
    idx = ops.clamp(idx, 0, n - 1) if mode == "clip" else ops.remainder(idx, n)
    shapes = [tuple(idx.shape)] + [tuple(c.shape) for c in cs]
    try:
        shape = tuple(np.broadcast_shapes(*shapes))
    except ValueError:
        raise U.fail("choose", "the indices (shape %s) and the choices (shapes %s) do not "
                     "broadcast together" % (shapes[0], shapes[1:]), ValueError) from None
    idx = ops.broadcast_to(idx, shape)
    out = ops.broadcast_to(cs[0], shape)
    for i in range(1, n):
        out = ops.select(ops.equal(idx, i), ops.broadcast_to(cs[i], shape), out)
    return out


def geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0):
    """geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0): ``num`` numbers
    spaced evenly on a log scale from ``start`` to ``stop`` (a geometric progression).

    Args:
        start (Union[int, float, list, tuple, Tensor]): the first value (not 0: a geometric
            sequence cannot hold 0, and the values are then NaN, as MindSpore 2.10 gives them).
        stop (Union[int, float, list, tuple, Tensor]): the last value (with ``endpoint``).
        num (int): how many values. Default: ``50``.
        endpoint (bool): include ``stop``. Default: ``True``.
        dtype (mindcell.dtype, optional): the result's dtype. Default: ``None`` (Float32).
        axis (int): where the new axis goes when ``start``/``stop`` are arrays. Default: ``0``.

    Returns:
        Tensor.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.geomspace(1, 1000, 4))
        [   1.   10.  100. 1000.]
    """
    from mindcell.numpy import array_creations as C
    s = U.as_float(U.asarray(start, "geomspace"))
    e = U.as_float(U.asarray(stop, "geomspace"))
    s, e = _promote(s, e)
    sign = ops.sign(s)
    ls = ops.div(ops.log(ops.abs(s)), math.log(10.0))
    le = ops.div(ops.log(ops.abs(e)), math.log(10.0))
    out = C.logspace(ls, le, num, endpoint, 10.0, None, axis)
    sg = sign if sign.ndim == 0 else ops.expand_dims(sign, U.axis_arg(axis, sign.ndim + 1,
                                                                       "geomspace"))
    out = ops.mul(out, ops.cast(sg, out.dtype))
    d = U.np_dtype(dtype, "geomspace")
    if d is not None and d.kind in "iu":
        out = ops.round(out)
    return U.apply_dtype(out, dtype, "geomspace")


def ix_(*args):
    """ix_(*args): open meshes from 1-D sequences: the k-th of n inputs is reshaped to size 1
    on every axis but the k-th, so that indexing with them takes the cross product.

    Args:
        args (Union[Tensor, list, tuple, numpy.ndarray]): 1-D integer (or bool) sequences; a
            bool input is returned as it is (as MindSpore 2.10).

    Returns:
        Tuple of Tensors.

    Raises:
        ValueError: an input is not 1-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.ix_(mnp.array([0, 1]), mnp.array([2, 4, 5]))
        >>> print(rows.shape, cols.shape)
        (2, 1) (1, 3)
    """
    ts = [U.asarray(a, "ix_") for a in args]
    out = []
    for k, t in enumerate(ts):
        if t.ndim != 1:
            raise U.fail("ix_", "cross index must be 1-dimensional, but got %d-D" % t.ndim,
                         ValueError)
        if t._np_dtype.kind == "b":
            out.append(t)
            continue
        shape = [1] * len(ts)
        shape[k] = t.shape[0]
        out.append(ops.reshape(t, tuple(shape)))
    return tuple(out)


def apply_along_axis(func1d, axis, arr, *args, **kwargs):
    """apply_along_axis(func1d, axis, arr, *args, **kwargs): ``func1d`` applied to every 1-D
    slice of ``arr`` along ``axis``; the result's dimensions replace ``axis``.

    Args:
        func1d (Callable): takes a 1-D Tensor (and ``args``/``kwargs``), returns a Tensor.
        axis (int): the axis sliced along.
        arr (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        args (Any): more positional arguments of ``func1d``.
        kwargs (Any): keyword arguments of ``func1d``.

    Returns:
        Tensor.

    Raises:
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 5, 3], [4, 0, 2]])
        >>> print(mnp.apply_along_axis(lambda v: v * 2, 1, x))
        [[ 2 10  6]
         [ 8  0  4]]
    """
    t = U.asarray(arr, "apply_along_axis")
    ax = U.axis_arg(axis, t.ndim, "apply_along_axis")
    moved = ops.moveaxis(t, ax, -1) if hasattr(ops, "moveaxis") else ops.transpose(
        t, tuple(d for d in range(t.ndim) if d != ax) + (ax,))
    outer = tuple(moved.shape[:-1])
    flat = ops.reshape(moved, (-1, moved.shape[-1]))
    res = [U.asarray(func1d(flat[i], *args, **kwargs), "apply_along_axis")
           for i in range(flat.shape[0])]
    res = _promote(*res)
    out = ops.stack(res, 0)
    out = ops.reshape(out, outer + tuple(res[0].shape))
    rnd = res[0].ndim
    if rnd == 0:
        return out
    perm = list(range(ax)) + list(range(len(outer), len(outer) + rnd)) + \
        list(range(ax, len(outer)))
    return ops.transpose(out, tuple(perm))


def apply_over_axes(func, a, axes):
    """apply_over_axes(func, a, axes): ``func(a, axis=axis)`` applied over each axis in turn, the
    result keeping the reduced axis (as size 1) each time.

    Args:
        func (Callable): takes a Tensor and the keyword argument ``axis`` (as MindSpore 2.10
            calls it).
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        axes (Union[int, list[int], tuple[int]]): the axes.

    Returns:
        Tensor with ``a``'s number of dimensions.

    Raises:
        ValueError: ``func`` returns a result of neither ``a``'s dimensions nor one fewer.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.apply_over_axes(mnp.sum, mnp.ones((2, 3, 4)), [0, 2]))
        [[[8.]
          [8.]
          [8.]]]
    """
    t = U.asarray(a, "apply_over_axes")
    axes = [axes] if isinstance(axes, (numbers.Integral, np.integer)) else list(axes)
    for ax in axes:
        ax = U.axis_arg(ax, t.ndim, "apply_over_axes")
        res = U.asarray(func(t, axis=ax), "apply_over_axes")
        if res.ndim == t.ndim:
            t = res
        elif res.ndim == t.ndim - 1:
            t = ops.expand_dims(res, ax)
        else:
            raise U.fail("apply_over_axes", "function is not returning an array of the "
                         "correct shape", ValueError)
    return t


def unwrap(p, discont=math.pi, axis=-1):
    """unwrap(p, discont=pi, axis=-1): phases unwrapped: jumps larger than ``discont`` between
    consecutive values are changed to their 2*pi complement.

    Args:
        p (Union[Tensor, list, tuple, numpy.ndarray]): the phases (integers compute in
            Float32).
        discont (float): the largest jump kept. Default: ``pi``.
        axis (int): the axis along which to unwrap. Default: ``-1``.

    Returns:
        Tensor of ``p``'s shape, float.

    Raises:
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.unwrap(mnp.array([0.0, 3.0, 6.5, -0.5]), 4.0))
        [0.        3.        6.5       5.7831855]
    """
    t = U.as_float(U.asarray(p, "unwrap"))
    ax = U.axis_arg(axis, t.ndim, "unwrap")
    n = t.shape[ax]
    if n < 2:
        return t
    hi, lo = ops.narrow(t, ax, 1, n - 1), ops.narrow(t, ax, 0, n - 1)
    dd = ops.sub(hi, lo)
    two_pi = 2 * math.pi
    ddmod = ops.sub(ops.remainder(ops.add(dd, math.pi), two_pi), math.pi)
    fix = ops.logical_and(ops.equal(ddmod, -math.pi), ops.gt(dd, 0))
    ddmod = ops.select(fix, ops.fill(t.dtype, tuple(dd.shape), math.pi), ddmod)
    corr = ops.sub(ddmod, dd)
    corr = ops.select(ops.lt(ops.abs(dd), float(discont)), ops.zeros_like(corr), corr)
    return ops.concat((ops.narrow(t, ax, 0, 1), ops.add(hi, ops.cumsum(corr, ax))), ax)


def _conv_check(a, v, mode, name):
    if mode not in ("full", "same", "valid"):
        raise U.fail(name, "mode must be one of ['full', 'same', 'valid'], but got %r"
                     % (mode,), ValueError)
    x, y = _promote(U.asarray(a, name), U.asarray(v, name))
    if x.ndim != 1 or y.ndim != 1:
        raise U.fail(name, "a and v must be 1-D tensors, but got %d-D and %d-D"
                     % (x.ndim, y.ndim), ValueError)
    if x.shape[0] == 0 or y.shape[0] == 0:
        raise U.fail(name, "a and v must not be empty", ValueError)
    return x, y


def _full_conv(x, y):
    n1, n2 = x.shape[0], y.shape[0]
    total = None
    for i in range(n2):
        term = ops.mul(x, y[i])
        parts = [t for t in (ops.zeros((i,), x.dtype), term,
                             ops.zeros((n2 - 1 - i,), x.dtype)) if t.shape[0]]
        term = parts[0] if len(parts) == 1 else ops.concat(tuple(parts), 0)
        total = term if total is None else ops.add(total, term)
    return total


def _conv_mode(full, n, m, mode):
    if mode == "full":
        return full
    if mode == "same":
        start = (min(n, m) - 1) // 2
        return full[start:start + max(n, m)]
    return full[min(n, m) - 1:max(n, m)]


def convolve(a, v, mode="full"):
    """convolve(a, v, mode='full'): the discrete linear convolution of two 1-D arrays.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the first 1-D input.
        v (Union[Tensor, list, tuple, numpy.ndarray]): the second 1-D input.
        mode (str): 'full' (length n + m - 1), 'same' (length max(n, m)) or 'valid'
            (length max(n, m) - min(n, m) + 1). Default: 'full'.

    Returns:
        Tensor, 1-D, in the dtype the inputs promote to.

    Raises:
        ValueError: ``mode`` is invalid, or an input is not 1-D or empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.convolve([1, 2, 3], [0, 1, 2]))
        [0 1 4 7 6]
    """
    x, y = _conv_check(a, v, mode, "convolve")
    return _conv_mode(_full_conv(x, y), x.shape[0], y.shape[0], mode)


def correlate(a, v, mode="valid"):
    """correlate(a, v, mode='valid'): the cross-correlation of two 1-D arrays
    (``convolve(a, v[::-1], mode)``).

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the first 1-D input.
        v (Union[Tensor, list, tuple, numpy.ndarray]): the second 1-D input.
        mode (str): 'valid', 'same' or 'full' (as :func:`convolve`). Default: 'valid'.

    Returns:
        Tensor, 1-D: Float32 for integer inputs (as MindSpore 2.10), else their dtype.

    Raises:
        ValueError: ``mode`` is invalid, or an input is not 1-D or empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.correlate([1, 2, 3, 4], [1, 2], 'full'))
        [ 2.  5.  8. 11.  4.]
    """
    x, y = _conv_check(a, v, mode, "correlate")
    x, y = U.as_float(x), U.as_float(y)
    if x.shape[0] < y.shape[0]:  # numpy's rule: the reversed correlation of (v, a)
        return ops.flip(_conv_mode(_full_conv(y, ops.flip(x, (0,))), y.shape[0], x.shape[0],
                                   mode), (0,))
    return _conv_mode(_full_conv(x, ops.flip(y, (0,))), x.shape[0], y.shape[0], mode)


def logaddexp2(x1, x2, dtype=None):
    """logaddexp2(x1, x2, dtype=None): ``log2(2**x1 + 2**x2)``, element-wise, computed without
    overflow.

    Args:
        x1 (Tensor): the first input.
        x2 (Tensor): the second input (they broadcast).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor of the broadcast shape, in the float dtype the inputs promote to.

    Raises:
        TypeError: an input is not a Tensor, or both are integer/bool (MindSpore 2.10 has no
            integer kernel for it).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.logaddexp2(mnp.array([1.0, 2.0]), mnp.array([1.0, 2.0])))
        [2. 3.]
    """
    for v, arg in ((x1, "x1"), (x2, "x2")):
        if not isinstance(v, Tensor):
            raise U.fail("logaddexp2", "'%s' must be a Tensor (as MindSpore 2.10), but got %s"
                         % (arg, U.describe(v)))
    a, b = _promote(x1, x2)
    if a._np_dtype.kind != "f":
        raise U.fail("logaddexp2", "the inputs must include a float tensor (MindSpore 2.10 "
                     "has no integer kernel), but got %s" % a.dtype)
    dt = a.dtype
    if a._np_dtype == np.float16:  # float16 computes in float32, then rounds once
        a, b = ops.cast(a, mstype.float32), ops.cast(b, mstype.float32)
    m = ops.maximum(a, b)
    out = ops.add(m, ops.log2(ops.add(ops.pow(2.0, ops.sub(a, m)), ops.pow(2.0, ops.sub(b, m)))))
    if out.dtype != dt:
        out = ops.cast(out, dt)
    return U.apply_dtype(out, dtype, "logaddexp2")


# ----- set operations (value-dependent shapes: PYNATIVE only, as unique) --------------------------
def _set_operands(ar1, ar2, name):
    a, b = _promote(U.asarray(ar1, name), U.asarray(ar2, name))
    return a, b


def intersect1d(ar1, ar2, assume_unique=False, return_indices=False):
    """intersect1d(ar1, ar2, assume_unique=False, return_indices=False): the sorted unique
    values found in both inputs (flattened).

    The result's length depends on the values, so (as ``unique``) it runs in PYNATIVE mode.

    Args:
        ar1 (Union[Tensor, list, tuple, numpy.ndarray]): the first input.
        ar2 (Union[Tensor, list, tuple, numpy.ndarray]): the second input.
        assume_unique (bool): the inputs hold no duplicates (a shortcut; the result is the
            same for such inputs). Default: ``False``.
        return_indices (bool): also return the indices of the first occurrences of the
            values in ``ar1`` and in ``ar2``. Default: ``False``.

    Returns:
        Tensor of the values, in the dtype the inputs promote to; with ``return_indices`` a
        tuple of it and two Int32 Tensors.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.intersect1d(mnp.array([1, 3, 4, 3]), mnp.array([3, 1, 2, 1])))
        [1 3]
    """
    a, b = _set_operands(ar1, ar2, "intersect1d")
    assume_unique = U.check_bool(assume_unique, "intersect1d", "assume_unique")
    av, bv = a.asnumpy().ravel(), b.asnumpy().ravel()
    vals, i1, i2 = np.intersect1d(av, bv, assume_unique=assume_unique, return_indices=True)
    out = Tensor(np.ascontiguousarray(vals.astype(a._np_dtype)))
    if U.check_bool(return_indices, "intersect1d", "return_indices"):
        return out, Tensor(i1.astype(np.int32)), Tensor(i2.astype(np.int32))
    return out


def setdiff1d(ar1, ar2, assume_unique=False):
    """setdiff1d(ar1, ar2, assume_unique=False): the unique values of ``ar1`` (flattened) that
    are not in ``ar2``, sorted (in ``ar1``'s order with ``assume_unique``).

    The result's length depends on the values, so (as ``unique``) it runs in PYNATIVE mode.

    Args:
        ar1 (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        ar2 (Union[Tensor, list, tuple, numpy.ndarray]): the values removed.
        assume_unique (bool): ``ar1`` holds no duplicates: its values are kept in their order,
            not sorted. Default: ``False``.

    Returns:
        Tensor, 1-D, in the dtype the inputs promote to.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.setdiff1d(mnp.array([1, 2, 3, 2, 4, 1]), mnp.array([3, 4, 5, 6])))
        [1 2]
    """
    a, b = _set_operands(ar1, ar2, "setdiff1d")
    unique = U.check_bool(assume_unique, "setdiff1d", "assume_unique")
    av, bv = a.asnumpy().ravel(), b.asnumpy().ravel()
    vals = av[~np.isin(av, bv)] if unique else np.setdiff1d(av, bv)
    return Tensor(np.ascontiguousarray(vals.astype(a._np_dtype)))


def piecewise(x, condlist, funclist, *args, **kw):
    """piecewise(x, condlist, funclist, *args, **kw): a function defined piece by piece: where
    ``condlist[i]`` holds, the value of ``funclist[i]`` (a function of ``x``, called as
    ``f(x, *args, **kw)``, or a constant); an extra last entry of ``funclist`` gives the
    value where no condition holds (else 0). Where several conditions hold the first wins
    (MindSpore 2.10's rule; numpy takes the last).

    Each function is evaluated on the whole ``x`` and its values are selected, so functions
    must work element-wise (and it traces into GRAPH_MODE).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        condlist (Union[list, tuple, Tensor]): bool arrays of ``x``'s shape (one bool Tensor
            counts as one condition).
        funclist (Union[list, tuple]): one function or constant per condition, and
            optionally one more for the default.
        args (Any): more positional arguments of the functions.
        kw (Any): keyword arguments of the functions.

    Returns:
        Tensor of ``x``'s shape, in the dtype the values promote to (constants count as
        Int32/Float32, as MindSpore 2.10: integer constants give an Int32 result).

    Raises:
        ValueError: ``funclist`` has neither one entry per condition nor one more.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([-2.0, -1.0, 0.0, 1.0, 2.0])
        >>> print(mnp.piecewise(x, [x < 0, x >= 0], [lambda v: -v, lambda v: v]))
        [2. 1. 0. 1. 2.]
    """
    t = U.asarray(x, "piecewise")
    if isinstance(condlist, Tensor) or (isinstance(condlist, (list, tuple)) and condlist
                                        and not isinstance(condlist[0], (list, tuple, Tensor,
                                                                         np.ndarray))):
        condlist = [condlist]
    conds = [ops.cast(U.asarray(c, "piecewise"), mstype.bool_) for c in condlist]
    if not isinstance(funclist, (list, tuple)):
        raise U.fail("piecewise", "'funclist' must be a list or tuple, but got %s"
                     % U.describe(funclist))
    n = len(conds)
    if len(funclist) not in (n, n + 1):
        raise U.fail("piecewise", "the number of choices should be either equal to the number "
                     "of conditions (%d) or %d, but got %d" % (n, n + 1, len(funclist)),
                     ValueError)

    def value(f):
        return U.asarray(f(t, *args, **kw) if callable(f) else f, "piecewise")

    vals = [value(f) for f in funclist]
    vals = _promote(*vals)
    shape = tuple(t.shape)
    out = ops.broadcast_to(vals[n], shape) if len(vals) == n + 1 else \
        ops.zeros(shape, vals[0].dtype)
    for c, v in zip(conds[::-1], vals[:n][::-1]):  # the first condition wins (MindSpore)
        out = ops.select(ops.broadcast_to(c, shape), ops.broadcast_to(v, shape), out)
    return out
