"""Selection, indexing and sorting: where, take, take_along_axis, sort, argsort, unique,
nonzero. Index results are Int32 (mindspore.numpy's default integer)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell import ops
from mindcell.numpy import _utils as U

_MODES = ("raise", "wrap", "clip")


def where(condition, x=None, y=None):
    """where(condition, x=None, y=None): elements of ``x`` where ``condition`` holds, else of
    ``y`` (broadcast); with only ``condition``, the indices of its non-zero elements."""
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
    """nonzero(a): a tuple of Int32 index tensors, one per axis (PYNATIVE_MODE only: the
    result's length depends on the values)."""
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
    if mode == "clip":  # numpy clips negative indices to 0 too
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
    """take(a, indices, axis=None, mode='clip'): elements at ``indices`` along ``axis`` (of
    the flattened input when None); ``mode`` 'clip', 'wrap' or 'raise' for indices out of
    range."""
    t = U.asarray(a, "take")
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        ax = U.axis_arg(axis, t.ndim, "take")
    idx = _indices(indices, t.shape[ax], mode, "take")
    return ops.gather(t, idx, ax)


def take_along_axis(arr, indices, axis):
    """take_along_axis(arr, indices, axis): ``arr`` indexed by ``indices`` (same rank,
    broadcast in the other axes) along ``axis`` (of the flattened input when None)."""
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
    """sort(a, axis=-1, kind=None, order=None): sorted copy (stable; NaNs last)."""
    t, ax = _sort_args(a, axis, kind, order, "sort")
    return ops.sort(t, ax)[0]


def argsort(a, axis=-1, kind=None, order=None):
    """argsort(a, axis=-1, kind=None, order=None): Int32 indices that sort ``a`` (stable)."""
    t, ax = _sort_args(a, axis, kind, order, "argsort")
    return ops.cast(ops.sort(t, ax)[1], mstype.int32)


def unique(x, return_inverse=False):
    """unique(x, return_inverse=False): the sorted unique elements of the flattened input,
    with the Int32 indices that rebuild it (PYNATIVE_MODE only: the length depends on the
    values)."""
    t = U.asarray(x, "unique")
    U.check_bool(return_inverse, "unique", "return_inverse")
    flat = ops.reshape(t, (-1,))
    _, first, inverse = np.unique(flat.asnumpy(), return_index=True, return_inverse=True)
    values = ops.gather(flat, U.asarray(first.astype(np.int32), "unique"), 0)
    if return_inverse:
        return values, U.asarray(inverse.reshape(-1).astype(np.int32), "unique")
    return values


__all__ = ["where", "nonzero", "take", "take_along_axis", "sort", "argsort", "unique"]
