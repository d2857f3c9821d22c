"""More of mindspore.numpy's array functions: append, diagonal, diagflat, rot90, rollaxis, dsplit,
size, sometrue, isscalar, ediff1d, tril/triu_indices(_from), diag_indices, indices and vander.
Composites of mindcell ops and mindcell.numpy functions (index tables from shapes are Python
constants), so they run in both modes; argument checks and dtypes follow MindSpore 2.10
(tests/goldens/numpy_more). As everywhere in mindcell.numpy, array arguments may also be
lists/tuples or numpy arrays (MindSpore 2.10 asks for Tensors in several of these)."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.numpy import _utils as U
from mindcell.numpy import array_creations as _C
from mindcell.numpy import array_ops as _A
from mindcell.numpy import logic_ops as _L

__all__ = ["append", "diagonal", "diagflat", "rot90", "rollaxis", "dsplit", "size", "sometrue",
           "isscalar", "ediff1d", "tril_indices", "triu_indices", "tril_indices_from",
           "triu_indices_from", "diag_indices", "indices", "vander"]


def _promote(ts):
    dt = ts[0]._np_dtype
    for t in ts[1:]:
        if t._np_dtype != dt:
            dt = mstype.promote_types(mstype.from_numpy_dtype(dt),
                                      mstype.from_numpy_dtype(t._np_dtype)).np_dtype
    return [t if t._np_dtype == dt else ops.cast(t, mstype.from_numpy_dtype(dt)) for t in ts]


def append(arr, values, axis=None):
    """append(arr, values, axis=None): ``values`` appended to the end of ``arr``.

    Args:
        arr (Union[Tensor, list, tuple, numpy.ndarray]): the array appended to.
        values (Union[Tensor, list, tuple, numpy.ndarray]): the values appended; with ``axis``
            they must have ``arr``'s number of dimensions.
        axis (int, optional): the axis to append along. Default: ``None`` (both are flattened
            first).

    Returns:
        Tensor, in the dtype ``arr`` and ``values`` promote to.

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``axis`` is out of range, or the inputs have different numbers of
            dimensions or shapes that do not match outside ``axis``.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.append(mnp.ones((2, 2)), mnp.zeros((1, 2)), axis=0))
        [[1. 1.]
         [1. 1.]
         [0. 0.]]
    """
    a, v = _promote([U.asarray(arr, "append"), U.asarray(values, "append")])
    if axis is None:
        return ops.concat((ops.reshape(a, (-1,)), ops.reshape(v, (-1,))), 0)
    ax = U.check_int(axis, "append", "axis")
    if not -a.ndim <= ax < max(a.ndim, 1):
        raise U.fail("append", "axis %d is out of bounds for array of dimension %d"
                     % (ax, a.ndim), ValueError)
    if a.ndim != v.ndim:
        raise U.fail("append", "all the input arrays must have the same number of dimensions, "
                     "but got %d and %d" % (a.ndim, v.ndim), ValueError)
    return ops.concat((a, v), ax % a.ndim)


def _int_arg(v, name, arg):
    if not isinstance(v, (numbers.Integral, np.integer)) or isinstance(v, (bool, np.bool_)):
        raise U.fail(name, "'%s' must be an int, but got %s" % (arg, U.describe(v)))
    return int(v)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """diagonal(a, offset=0, axis1=0, axis2=1): the diagonal of the 2-D sub-arrays of
    ``a`` over ``axis1`` and ``axis2``; its axis is the last of the result.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input, at least 2-D.
        offset (int): above (positive) or below (negative) the main diagonal. Default: ``0``.
        axis1 (int): the first axis of the 2-D sub-arrays. Default: ``0``.
        axis2 (int): the second axis of the 2-D sub-arrays. Default: ``1``.

    Returns:
        Tensor of ``a``'s dtype: ``a``'s shape without ``axis1`` and ``axis2``, then the
        diagonal's length (0 when ``offset`` is past the edge).

    Raises:
        TypeError: ``offset``, ``axis1`` or ``axis2`` is not an int.
        ValueError: ``a`` has fewer than 2 dimensions, an axis is out of range, or
            ``axis1`` and ``axis2`` are the same axis.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.arange(6).reshape(2, 3)
        >>> print(mnp.diagonal(x), mnp.diagonal(x, 1))
        [0 4] [1 5]
    """
    t = U.asarray(a, "diagonal")
    off = _int_arg(offset, "diagonal", "offset")
    if t.ndim < 2:
        raise U.fail("diagonal", "the input must be at least 2-D, but got %d-D" % t.ndim,
                     ValueError)
    ax1 = U.axis_arg(axis1, t.ndim, "diagonal")
    ax2 = U.axis_arg(axis2, t.ndim, "diagonal")
    if ax1 == ax2:
        raise U.fail("diagonal", "axis1 and axis2 must be different, but both are %d" % ax1,
                     ValueError)
    rest = [d for d in range(t.ndim) if d not in (ax1, ax2)]
    t = ops.transpose(t, tuple(rest) + (ax1, ax2))
    n1, n2 = t.shape[-2], t.shape[-1]
    lead = tuple(t.shape[:-2])
    rows = np.arange(max(0, -off), n1)
    cols = rows + off
    keep = cols < n2
    rows, cols = rows[keep], cols[keep]
    flat = ops.reshape(t, lead + (n1 * n2,))
    if rows.size == 0:
        return ops.zeros(lead + (0,), t.dtype)
    idx = Tensor((rows * n2 + cols).astype(np.int64))
    return ops.gather(flat, idx, len(lead))


def diagflat(v, k=0):
    """diagflat(v, k=0): a 2-D array with the flattened input on its ``k``-th diagonal.

    Args:
        v (Union[Tensor, list, tuple, numpy.ndarray]): the input, flattened.
        k (int): the diagonal: above (positive) or below (negative) the main one. Default: ``0``.

    Returns:
        Tensor of shape ``(n + |k|, n + |k|)`` for n values, of ``v``'s dtype.

    Raises:
        TypeError: ``k`` is not an int.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.diagflat(mnp.array([1, 2]), -1))
        [[0 0 0]
         [1 0 0]
         [0 2 0]]
    """
    t = U.asarray(v, "diagflat")
    _int_arg(k, "diagflat", "k")
    return _C.diag(ops.reshape(t, (-1,)), int(k))


def rot90(a, k=1, axes=(0, 1)):
    """rot90(a, k=1, axes=(0, 1)): ``a`` rotated by 90 degrees ``k`` times in the plane of
    ``axes`` (from the first axis towards the second).

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input, at least 2-D.
        k (int): the number of rotations (negative: the other way). Default: ``1``.
        axes (Union[tuple[int], list[int]]): the two different axes of the plane.
            Default: ``(0, 1)``.

    Returns:
        Tensor of ``a``'s dtype.

    Raises:
        TypeError: ``k`` is not an int or ``axes`` not a tuple/list of two ints.
        ValueError: ``axes`` are out of range or the same axis.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.rot90(mnp.array([[1, 2], [3, 4]])))
        [[2 4]
         [1 3]]
    """
    t = U.asarray(a, "rot90")
    k = _int_arg(k, "rot90", "k")
    if not isinstance(axes, (tuple, list)) or len(axes) != 2:
        raise U.fail("rot90", "'axes' must be a tuple or list of 2 ints, but got %s"
                     % U.describe(axes))
    a0, a1 = (U.check_int(x, "rot90", "axes") for x in axes)
    for x in (a0, a1):
        if not -t.ndim <= x < t.ndim:
            raise U.fail("rot90", "axis %d is out of bounds for array of dimension %d"
                         % (x, t.ndim), ValueError)
    a0, a1 = a0 % t.ndim, a1 % t.ndim
    if a0 == a1:
        raise U.fail("rot90", "'axes' must be different, but got %s" % (tuple(axes),),
                     ValueError)
    k %= 4
    if k == 0:
        return t
    if k == 2:
        return ops.flip(t, (a0, a1))
    perm = list(range(t.ndim))
    perm[a0], perm[a1] = perm[a1], perm[a0]
    if k == 1:
        return ops.transpose(ops.flip(t, (a1,)), tuple(perm))
    return ops.flip(ops.transpose(t, tuple(perm)), (a1,))


def rollaxis(x, axis, start=0):
    """rollaxis(x, axis, start=0): ``x`` with ``axis`` moved to the position before ``start``.

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        axis (int): the axis moved.
        start (int): the axis is moved before this position (``x.ndim`` moves it last).
            Default: ``0``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``axis`` or ``start`` is not an int.
        ValueError: ``axis`` is out of range, or ``start`` outside [-ndim, ndim].

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.rollaxis(mnp.ones((2, 3, 4)), 2).shape)
        (4, 2, 3)
    """
    t = U.asarray(x, "rollaxis")
    n = t.ndim
    ax = _int_arg(axis, "rollaxis", "axis")
    st = _int_arg(start, "rollaxis", "start")
    if not -n <= ax < n:
        raise U.fail("rollaxis", "axis %d is out of bounds for array of dimension %d"
                     % (ax, n), ValueError)
    if not -n <= st <= n:
        raise U.fail("rollaxis", "start %d is out of bounds; from %d to %d is allowed"
                     % (st, -n, n), ValueError)
    ax %= n
    if st < 0:
        st += n
    if ax < st:
        st -= 1
    if ax == st:
        return t
    perm = [d for d in range(n) if d != ax]
    perm.insert(st, ax)
    return ops.transpose(t, tuple(perm))


def dsplit(x, indices_or_sections):
    """dsplit(x, indices_or_sections): ``x`` split along its third axis (depth).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): the input, at least 3-D.
        indices_or_sections (Union[int, tuple[int], list[int]]): the number of equal parts,
            or the indices to split before.

    Returns:
        Tuple of Tensors for a number of sections, list of Tensors for split indices (as
        MindSpore 2.10).

    Raises:
        ValueError: ``x`` has fewer than 3 dimensions, or an int does not divide the axis.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print([p.shape for p in mnp.dsplit(mnp.ones((1, 2, 4)), 2)])
        [(1, 2, 2), (1, 2, 2)]
    """
    t = U.asarray(x, "dsplit")
    if t.ndim < 3:
        raise U.fail("dsplit", "the input must be at least 3-D, but got %d-D (axis 2 is out "
                     "of bounds)" % t.ndim, ValueError)
    parts = _A.split(t, indices_or_sections, axis=2)
    # MindSpore 2.10: a tuple for a number of sections, a list for split indices
    return list(parts) if isinstance(indices_or_sections, (list, tuple)) else tuple(parts)


def size(a, axis=None):
    """size(a, axis=None): the number of elements of ``a``, or along ``axis``.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray, int, float, bool]): the input (a number
            has 1 element).
        axis (int, optional): the axis counted. Default: ``None`` (all elements).

    Returns:
        int.

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.size(mnp.ones((2, 3))), mnp.size(mnp.ones((2, 3)), 1))
        6 3
    """
    t = U.asarray(a, "size")
    if axis is None:
        return int(np.prod(t.shape, dtype=np.int64))
    if not isinstance(axis, (numbers.Integral, np.integer)):
        raise U.fail("size", "'axis' must be an int, but got %s" % U.describe(axis))
    ax = int(axis)
    if not -t.ndim <= ax < t.ndim:
        raise U.fail("size", "axis %d is out of bounds for array of dimension %d"
                     % (ax, t.ndim), ValueError)
    return int(t.shape[ax])


def sometrue(a, axis=None, keepdims=False):
    """sometrue(a, axis=None, keepdims=False): whether any element (along ``axis``) is true;
    the same as :func:`mindcell.numpy.any`.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        axis (Union[None, int, tuple[int]]): the axes reduced. Default: ``None`` (all).
        keepdims (bool): keep the reduced axes as size 1. Default: ``False``.

    Returns:
        Tensor, bool.

    Raises:
        TypeError: ``axis`` is not None, an int or a tuple of ints.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.sometrue(mnp.array([[0, 1], [0, 0]]), 1))
        [ True False]
    """
    return _L.any(a, axis, keepdims)


def isscalar(element):
    """isscalar(element): whether ``element`` is a scalar: a Python bool, int, float, str or
    bytes, or a numpy scalar that is not complex (Tensors, arrays, lists and complex numbers
    are not, as MindSpore 2.10).

    Args:
        element (Any): the object tested.

    Returns:
        bool.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.isscalar(3.5), mnp.isscalar(mnp.array(3.5)), mnp.isscalar([1]))
        True False False
    """
    if isinstance(element, (complex, np.complexfloating)):
        return False
    return isinstance(element, (bool, int, float, str, bytes, np.generic))


def ediff1d(ary, to_end=None, to_begin=None):
    """ediff1d(ary, to_end=None, to_begin=None): the differences of consecutive elements of
    the flattened input, with values put before and after.

    Args:
        ary (Union[Tensor, list, tuple, numpy.ndarray]): the input, flattened.
        to_end (Union[Tensor, int, float, list, tuple], optional): values appended (cast to
            ``ary``'s dtype). Default: ``None``.
        to_begin (Union[Tensor, int, float, list, tuple], optional): values put first (cast to
            ``ary``'s dtype). Default: ``None``.

    Returns:
        Tensor, 1-D, of ``ary``'s dtype (for bool: whether consecutive elements differ).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ediff1d(mnp.array([1, 4, 9]), to_begin=0))
        [0 3 5]
    """
    t = ops.reshape(U.asarray(ary, "ediff1d"), (-1,))
    dt = t.dtype
    if t.shape[0] > 1:
        hi, lo = t[1:], t[:-1]
        d = ops.ne(hi, lo) if t._np_dtype.kind == "b" else ops.sub(hi, lo)
    else:
        d = ops.zeros((0,), dt)
    parts = []
    if to_begin is not None:
        parts.append(ops.cast(ops.reshape(U.asarray(to_begin, "ediff1d"), (-1,)), dt))
    parts.append(d)
    if to_end is not None:
        parts.append(ops.cast(ops.reshape(U.asarray(to_end, "ediff1d"), (-1,)), dt))
    return parts[0] if len(parts) == 1 else ops.concat(tuple(parts), 0)


def _number(v, name, arg):
    if isinstance(v, Tensor) or not isinstance(v, (numbers.Real, np.number)) or \
            isinstance(v, (bool, np.bool_)):
        raise U.fail(name, "'%s' must be a number, but got %s" % (arg, U.describe(v)))
    return v


def _index_pair(rows, cols):
    return (Tensor(rows.astype(np.int32)), Tensor(cols.astype(np.int32)))


_TRI_DOC = """%(name)s(n, k=0, m=None): the indices of the %(part)s triangle of an (n, m) array,
    row by row: ``(rows, cols)``.

    Args:
        n (Union[int, float]): the number of rows.
        k (Union[int, float]): the diagonal offset (%(part)s triangle %(side)s it). Default: ``0``.
        m (Union[int, float], optional): the number of columns. Default: ``None`` (``n``).

    Returns:
        Tuple of two 1-D Int32 Tensors.

    Raises:
        TypeError: ``n``, ``k`` or ``m`` is not a number.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.%(name)s(3)
        >>> print(rows, cols)
        %(out)s
    """


def _tri_indices(name, np_fn):
    def fn(n, k=0, m=None):
        _number(n, name, "n")
        _number(k, name, "k")
        if m is not None:
            _number(m, name, "m")
        rows, cols = np_fn(int(n), k, None if m is None else int(m))
        return _index_pair(rows, cols)
    fn.__name__ = fn.__qualname__ = name
    return fn


tril_indices = _tri_indices("tril_indices", np.tril_indices)
tril_indices.__doc__ = _TRI_DOC % dict(name="tril_indices", part="lower", side="on and below",
                                       out="[0 1 1 2 2 2] [0 0 1 0 1 2]")
triu_indices = _tri_indices("triu_indices", np.triu_indices)
triu_indices.__doc__ = _TRI_DOC % dict(name="triu_indices", part="upper", side="on and above",
                                       out="[0 0 0 1 1 2] [0 1 2 1 2 2]")

_TRI_FROM_DOC = """%(name)s(arr, k=0): the indices of the %(part)s triangle of the 2-D ``arr``:
    ``%(base)s(arr.shape[0], k, arr.shape[1])``.

    Args:
        arr (Union[Tensor, list, tuple, numpy.ndarray]): a 2-D input (only its shape is used).
        k (Union[int, float]): the diagonal offset. Default: ``0``.

    Returns:
        Tuple of two 1-D Int32 Tensors.

    Raises:
        TypeError: ``k`` is not a number.
        ValueError: ``arr`` is not 2-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.%(name)s(mnp.ones((2, 3)))
        >>> print(rows, cols)
        %(out)s
    """


def _tri_from(name, base):
    def fn(arr, k=0):
        t = U.asarray(arr, name)
        if t.ndim != 2:
            raise U.fail(name, "the input array must be 2-D, but got %d-D" % t.ndim,
                         ValueError)
        return base(t.shape[0], k, t.shape[1])
    fn.__name__ = fn.__qualname__ = name
    return fn


tril_indices_from = _tri_from("tril_indices_from", tril_indices)
tril_indices_from.__doc__ = _TRI_FROM_DOC % dict(
    name="tril_indices_from", part="lower", base="tril_indices", out="[0 1 1] [0 0 1]")
triu_indices_from = _tri_from("triu_indices_from", triu_indices)
triu_indices_from.__doc__ = _TRI_FROM_DOC % dict(
    name="triu_indices_from", part="upper", base="triu_indices", out="[0 0 0 1 1] [0 1 2 1 2]")


def diag_indices(n, ndim=2):
    """diag_indices(n, ndim=2): the indices of the main diagonal of an ``ndim``-D array of
    side ``n``: ``ndim`` copies of ``arange(n)``.

    Args:
        n (int): the side.
        ndim (int): the number of dimensions. Default: ``2``.

    Returns:
        Tuple of ``ndim`` 1-D Int32 Tensors.

    Raises:
        TypeError: ``n`` or ``ndim`` is not an int.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.diag_indices(3))
        (Tensor(shape=[3], dtype=Int32, value= [0, 1, 2]), Tensor(shape=[3], dtype=Int32, value= [0, 1, 2]))
    """
    for v, arg in ((n, "n"), (ndim, "ndim")):
        if not isinstance(v, (numbers.Integral, np.integer)) or isinstance(v, (bool, np.bool_)):
            raise U.fail("diag_indices", "'%s' must be an int, but got %s"
                         % (arg, U.describe(v)))
    r = np.arange(max(int(n), 0), dtype=np.int32)
    return tuple(Tensor(r) for _ in range(int(ndim)))


def indices(dimensions, dtype=mstype.int32, sparse=False):
    """indices(dimensions, dtype=mindcell.int32, sparse=False): grids of the indices of an
    array of shape ``dimensions``, one per axis.

    Args:
        dimensions (Union[tuple[int], list[int]]): the shape of the grid (positive sides).
        dtype (mindcell.dtype): the dtype of the grids. Default: ``mindcell.int32``.
        sparse (bool): return broadcastable grids (size 1 on the other axes) instead of full
            ones. Default: ``False``.

    Returns:
        list of Tensors, one per axis (a list, as MindSpore 2.10).

    Raises:
        TypeError: ``dimensions`` is not a tuple or list, or ``dtype`` not a dtype.
        ValueError: a side is not positive (MindSpore 2.10 has no zero-size grids).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.indices((2, 3))
        >>> print(rows)
        [[0 0 0]
         [1 1 1]]
    """
    if not isinstance(dimensions, (tuple, list)):
        raise U.fail("indices", "the shape of the grid must be a tuple or list, but got %s"
                     % U.describe(dimensions))
    dims = tuple(U.check_int(d, "indices", "dimensions") for d in dimensions)
    if any(d <= 0 for d in dims):
        raise U.fail("indices", "every side of the grid must be positive, but got %s"
                     % (dims,), ValueError)
    dt = mstype.from_numpy_dtype(U.np_dtype(dtype, "indices"))
    sparse = U.check_bool(sparse, "indices", "sparse")
    out = []
    for i, d in enumerate(dims):
        shape = [1] * len(dims)
        shape[i] = d
        g = np.arange(d, dtype=np.int64).reshape(shape)
        if not sparse:
            g = np.broadcast_to(g, dims)
        out.append(ops.cast(Tensor(np.ascontiguousarray(g)), dt))
    return out


def vander(x, N=None, increasing=False):
    """vander(x, N=None, increasing=False): the Vandermonde matrix of a 1-D input: its
    columns are powers of ``x``, decreasing from ``N - 1`` (or increasing from 0).

    Args:
        x (Union[Tensor, list, tuple, numpy.ndarray]): the 1-D input (not bool).
        N (int, optional): the number of columns; ``None`` or 0 means ``len(x)`` (as
            MindSpore 2.10). Default: ``None``.
        increasing (bool): powers increasing from left to right. Default: ``False``.

    Returns:
        Tensor of shape (len(x), N), of ``x``'s dtype.

    Raises:
        TypeError: ``N`` is not an int, or ``x`` is bool.
        ValueError: ``x`` is not 1-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.vander(mnp.array([1, 2, 3]), 3))
        [[1 1 1]
         [4 2 1]
         [9 3 1]]
    """
    t = U.asarray(x, "vander")
    if t.ndim != 1:
        raise U.fail("vander", "the input x must be 1-D, but got dimension=%d" % t.ndim,
                     ValueError)
    U.refuse_bool(t, "vander")
    if N is not None and (not isinstance(N, (numbers.Integral, np.integer))
                          or isinstance(N, (bool, np.bool_))):
        raise U.fail("vander", "'N' must be an int, but got %s" % U.describe(N))
    n = int(N) if N else int(t.shape[0])
    if n < 0:
        raise U.fail("vander", "'N' must be non-negative, but got %d" % n, ValueError)
    if n == 0:
        return ops.zeros((t.shape[0], 0), t.dtype)
    cols = [ops.ones_like(t)]
    for _ in range(1, n):
        cols.append(ops.mul(cols[-1], t))
    if not increasing:
        cols = cols[::-1]
    return ops.stack(cols, 1)
