"""Selection, indexing and sorting: where, take, take_along_axis, sort, argsort, unique,
nonzero. Index results are Int32 (mindspore.numpy's default integer)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell import ops
from mindcell.numpy import _utils as U

_MODES = ("raise", "wrap", "clip")


def where(condition, x=None, y=None):
    """where(condition, x=None, y=None): the elements of ``x`` where ``condition`` holds and
    of ``y`` elsewhere, with broadcasting.

    With only ``condition`` it is :func:`nonzero` of ``condition``. ``x`` and ``y`` of
    different dtypes are promoted to one.

    Args:
        condition (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): where to take
            ``x`` (a non-zero number counts as True).
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the values where
            ``condition`` holds. Default: ``None``.
        y (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the values elsewhere.
            Default: ``None``.

    Returns:
        Tensor of the broadcast shape of the three inputs, or (only ``condition`` given) a
        tuple of Int32 index tensors.

    Raises:
        ValueError: only one of ``x`` and ``y`` is given, or the shapes do not broadcast.
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of
            numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.where([True, False, True], [1, 2, 3], [10, 20, 30]))
        [ 1 20  3]
        >>> print(mnp.where(mnp.array([[1.0, -2.0], [-3.0, 4.0]]) > 0, 1.0, 0.0))
        [[1. 0.]
         [0. 1.]]
    """
    cond = U.asarray(condition, "where")
    if x is None and y is None:
        return nonzero(cond)
    if x is None or y is None:
        raise U.fail("where", "either both or neither of 'x' and 'y' should be given",
                     ValueError)
    if cond._np_dtype.kind != "b":
        cond = ops.ne(cond, 0)
    x, y = U.operands(x, y, "where")
    if not isinstance(y, Tensor):
        y = ops.add(ops.zeros_like(x), y) if not isinstance(y, bool) else U.asarray(y, "where")
    if not isinstance(x, Tensor):
        x = ops.add(ops.zeros_like(y), x) if not isinstance(x, bool) else U.asarray(x, "where")
    if x._np_dtype != y._np_dtype:
        x, y = U.tensor_seq([x, y], "where", "x and y")
    try:
        np.broadcast_shapes(cond.shape, x.shape, y.shape)
    except ValueError:
        raise U.fail("where", "shapes %s, %s and %s cannot broadcast together"
                     % (cond.shape, x.shape, y.shape), ValueError) from None
    return ops.where(cond, x, y)


def nonzero(a):
    """nonzero(a): the indices of the non-zero elements of ``a``, one index tensor per axis.

    PYNATIVE_MODE only: the length of the result depends on the values.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input (a 0-D input
            counts as 1-D).

    Returns:
        tuple of 1-D Int32 Tensors, one per axis of ``a``.

    Raises:
        TypeError: ``a`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> rows, cols = mnp.nonzero([[0, 3], [5, 0]])
        >>> print(rows, cols)
        [0 1] [1 0]
    """
    t = U.asarray(a, "nonzero")
    idx = ops.cast(ops.nonzero(ops.reshape(t, (1,)) if t.ndim == 0 else t), mstype.int32)
    return tuple(idx[:, i] for i in range(max(t.ndim, 1)))


def _indices(indices, n, mode, name):
    """Integer index tensor made valid for an axis of length ``n`` as ``mode`` says."""
    idx = U.asarray(indices, name)
    if idx._np_dtype.kind not in "iu":
        raise U.fail(name, "'indices' must be integers, but got %s" % U.describe(indices))
    if mode not in _MODES:
        raise U.fail(name, "'mode' must be one of %s, but got %s" % (_MODES, U.describe(mode)),
                     ValueError)
    idx = ops.cast(idx, mstype.int64)
    if n == 0 and idx.size:
        raise U.fail(name, "cannot take from an empty axis", IndexError)
    if mode == "clip":  # as mindspore.numpy: a negative index counts from the end first
        idx = ops.where(ops.lt(idx, 0), ops.add(idx, n), idx)
        return ops.clamp(idx, 0, max(n - 1, 0))
    if mode == "wrap":
        return ops.remainder(idx, n)
    if not idx._traced and idx.size:
        lo, hi = int(idx.asnumpy().min()), int(idx.asnumpy().max())
        if lo < -n or hi >= n:
            raise U.fail(name, "index out of range [%d, %d) (got values in [%d, %d])"
                         % (-n, n, lo, hi), IndexError)
    return ops.where(ops.lt(idx, 0), ops.add(idx, n), idx)


def take(a, indices, axis=None, mode="clip"):
    """take(a, indices, axis=None, mode='clip'): the elements of ``a`` at ``indices`` along
    ``axis`` (of the flattened input when None).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices (Union[Tensor, int, list, tuple, numpy.ndarray]): integer indices.
        axis (Union[int, None]): the axis taken along. Default: ``None``.
        mode (str): what out-of-range indices do: ``'clip'`` clamps them to the axis after a
            negative index counts once from the end (-1 is the last element, as in
            mindspore.numpy; numpy clips it to 0), ``'wrap'`` wraps them around, ``'raise'``
            raises (negative indices count from the end). Default: ``'clip'``.

    Returns:
        Tensor: ``a.shape[:axis] + indices.shape + a.shape[axis + 1:]``.

    Raises:
        TypeError: ``indices`` are not integers, ``axis`` is not an int, or an input is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``mode`` is not one of the three, or ``axis`` is out of range.
        IndexError: ``mode`` is ``'raise'`` and an index is out of range, or the axis is
            empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2, 3], [4, 5, 6]])
        >>> print(mnp.take(x, [0, 5, 9, -1, -9]), mnp.take(x, [-1, 3], mode='wrap'))
        [1 6 6 6 1] [6 4]
        >>> print(mnp.take(x, [2, 0], axis=1))
        [[3 1]
         [6 4]]
    """
    t = U.asarray(a, "take")
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        ax = U.axis_arg(axis, t.ndim, "take")
    idx = _indices(indices, t.shape[ax], mode, "take")
    return ops.gather(t, idx, ax)


def take_along_axis(arr, indices, axis):
    """take_along_axis(arr, indices, axis): the elements of ``arr`` at ``indices`` along
    ``axis``, pairing the other axes (as with the output of :func:`argsort`).

    Args:
        arr (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices (Union[Tensor, list, tuple, numpy.ndarray]): integer indices of ``arr``'s
            rank; the axes other than ``axis`` broadcast against ``arr``'s.
        axis (Union[int, None]): the axis taken along (None: the flattened ``arr``).

    Returns:
        Tensor of the broadcast shape, with ``indices``' length along ``axis``.

    Raises:
        TypeError: ``indices`` are not integers, ``axis`` is not an int, or an input is not a
            Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the ranks differ, the other axes do not broadcast, or ``axis`` is out of
            range.
        IndexError: an index is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[10, 30, 20], [60, 40, 50]])
        >>> print(mnp.take_along_axis(x, mnp.argsort(x, axis=1), axis=1))
        [[10 20 30]
         [40 50 60]]
        >>> print(mnp.take_along_axis(x, mnp.array([[2], [0]]), axis=1))
        [[20]
         [60]]
    """
    t = U.asarray(arr, "take_along_axis")
    idx = U.asarray(indices, "take_along_axis")
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        ax = U.axis_arg(axis, t.ndim, "take_along_axis")
    if idx.ndim != t.ndim:
        raise U.fail("take_along_axis", "'indices' and 'arr' must have the same number of "
                     "dimensions, but got shapes %s and %s" % (idx.shape, t.shape), ValueError)
    idx = _indices(idx, t.shape[ax], "raise", "take_along_axis")
    try:
        shape = list(np.broadcast_shapes(
            tuple(1 if i == ax else s for i, s in enumerate(t.shape)),
            tuple(1 if i == ax else s for i, s in enumerate(idx.shape))))
    except ValueError:
        raise U.fail("take_along_axis", "shapes %s and %s cannot broadcast outside 'axis'"
                     % (t.shape, idx.shape), ValueError) from None
    t_shape, i_shape = list(shape), list(shape)
    t_shape[ax], i_shape[ax] = t.shape[ax], idx.shape[ax]
    return ops.gather_elements(ops.broadcast_to(t, tuple(t_shape)), ax,
                               ops.broadcast_to(idx, tuple(i_shape)))


def _sort_args(a, axis, kind, order, name):
    if order is not None:
        raise U.fail(name, "'order' is not supported (no structured arrays)", ValueError)
    if kind not in (None, "quicksort", "mergesort", "heapsort", "stable"):
        raise U.fail(name, "'kind' must be None, 'quicksort', 'mergesort', 'heapsort' or "
                     "'stable', but got %s" % U.describe(kind), ValueError)
    t = U.asarray(a, name)
    if axis is None:
        return ops.reshape(t, (-1,)), 0
    if t.ndim == 0:
        raise U.fail(name, "axis %r is out of bounds for a 0-D tensor" % (axis,), ValueError)
    return t, U.axis_arg(axis, t.ndim, name)


def sort(a, axis=-1, kind=None, order=None):
    """sort(a, axis=-1, kind=None, order=None): a copy of ``a`` sorted in ascending order
    along ``axis`` (stably, NaNs last; every ``kind`` sorts the same way).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis sorted along; None sorts the flattened input.
            Default: ``-1``.
        kind (str, optional): None, ``'quicksort'``, ``'mergesort'``, ``'heapsort'`` or
            ``'stable'``. Default: ``None``.
        order (None): must be None (no structured arrays). Default: ``None``.

    Returns:
        Tensor of ``a``'s shape and dtype (1-D when ``axis`` is None).

    Raises:
        ValueError: ``order`` is given, ``kind`` is not one of the above, or ``axis`` is out
            of range (or given for a 0-D input).
        TypeError: ``axis`` is not an int, or ``a`` is not a Tensor, a number, a list/tuple or
            a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[3, 1, 2], [0, 5, 4]])
        >>> print(mnp.sort(x))
        [[1 2 3]
         [0 4 5]]
        >>> print(mnp.sort(x, axis=None))
        [0 1 2 3 4 5]
    """
    t, ax = _sort_args(a, axis, kind, order, "sort")
    return ops.sort(t, ax)[0]


def argsort(a, axis=-1, kind=None, order=None):
    """argsort(a, axis=-1, kind=None, order=None): the indices that sort ``a`` along ``axis``
    (stably: equal elements keep their order).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, None]): the axis sorted along; None sorts the flattened input.
            Default: ``-1``.
        kind (str, optional): None, ``'quicksort'``, ``'mergesort'``, ``'heapsort'`` or
            ``'stable'`` (all sort stably). Default: ``None``.
        order (None): must be None (no structured arrays). Default: ``None``.

    Returns:
        Int32 Tensor of ``a``'s shape (1-D when ``axis`` is None).

    Raises:
        ValueError: ``order`` is given, ``kind`` is not one of the above, or ``axis`` is out
            of range (or given for a 0-D input).
        TypeError: ``axis`` is not an int, or ``a`` is not a Tensor, a number, a list/tuple or
            a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.argsort([3.0, 1.0, 2.0, 1.0]))
        [1 3 2 0]
    """
    t, ax = _sort_args(a, axis, kind, order, "argsort")
    return ops.cast(ops.sort(t, ax)[1], mstype.int32)


def unique(x, return_inverse=False):
    """unique(x, return_inverse=False): the unique elements of the flattened input, in the
    order of their first appearance (as mindspore.numpy in MindSpore 2.10; numpy sorts them).

    PYNATIVE_MODE only: the length of the result depends on the values.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        return_inverse (bool): whether to return, too, the indices into the unique elements
            that rebuild the flattened ``x`` (Int64 for Int64 ``x``, else Int32).
            Default: ``False``.

    Returns:
        1-D Tensor of ``x``'s dtype, or a tuple (unique elements, inverse indices).

    Raises:
        TypeError: ``return_inverse`` is not a bool, or ``x`` is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> values, inverse = mnp.unique([[3, 1], [3, 2]], return_inverse=True)
        >>> print(values, inverse)
        [3 1 2] [0 1 0 2]
    """
    t = U.asarray(x, "unique")
    U.check_bool(return_inverse, "unique", "return_inverse")
    flat = ops.reshape(t, (-1,))
    _, first, inverse = np.unique(flat.asnumpy(), return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # sorted values -> order of first appearance
    rank = np.empty_like(order)
    rank[order] = np.arange(order.size)
    values = ops.gather(flat, U.asarray(first[order].astype(np.int32), "unique"), 0)
    if return_inverse:
        # Int64 inverse indices for Int64 input, else Int32 (as mindspore.numpy)
        inv = np.int64 if t._np_dtype == np.int64 else np.int32
        return values, U.asarray(rank[inverse.reshape(-1)].astype(inv), "unique")
    return values


__all__ = ["where", "nonzero", "take", "take_along_axis", "sort", "argsort", "unique"]
