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
    """sum(a, axis=None, dtype=None, keepdims=False, initial=None)."""
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
    """mean(a, axis=None, keepdims=False, dtype=None): integers average as Float32."""
    t, axes = _prep(a, axis, keepdims, "mean")
    t = U.as_float(t)
    r = ops.mean(t, axes, keepdims) if axes else t
    return U.apply_dtype(r, dtype, "mean")


def prod(a, axis=None, keepdims=False, initial=None):
    """prod(a, axis=None, keepdims=False, initial=None)."""
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
    """amax(a, axis=None, keepdims=False, initial=None, where=True): the maximum; ``where``
    (a bool array broadcast to ``a``) picks the elements compared, with ``initial``."""
    return _extreme(a, axis, keepdims, initial, where, "amax", ops.amax, ops.maximum)


def amin(a, axis=None, keepdims=False, initial=None, where=True):
    """amin(a, axis=None, keepdims=False, initial=None, where=True): the minimum."""
    return _extreme(a, axis, keepdims, initial, where, "amin", ops.amin, ops.minimum)


def _arg(a, axis, name, fn):
    t = U.asarray(a, name)
    if t.size == 0:
        raise U.fail(name, "attempt to get %s of an empty sequence" % name, ValueError)
    if axis is None:
        return ops.cast(fn(ops.reshape(t, (-1,)), 0), _I32)
    return ops.cast(fn(t, U.axis_arg(axis, t.ndim, name)), _I32)


def argmax(a, axis=None):
    """argmax(a, axis=None): Int32 indices of the maxima (of the flattened input when None)."""
    return _arg(a, axis, "argmax", lambda t, ax: ops.argmax(t, ax))


def argmin(a, axis=None):
    """argmin(a, axis=None): Int32 indices of the minima."""
    return _arg(a, axis, "argmin", lambda t, ax: ops.argmin(t, ax))


def var(x, axis=None, ddof=0, keepdims=False):
    """var(x, axis=None, ddof=0, keepdims=False): mean((x - mean(x))**2) * n / (n - ddof)."""
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
    """std(x, axis=None, ddof=0, keepdims=False): the square root of :func:`var`."""
    return ops.sqrt(var(x, axis, ddof, keepdims))


def average(x, axis=None, weights=None, returned=False):
    """average(x, axis=None, weights=None, returned=False): the (weighted) mean; with
    ``returned`` also the sum of the weights."""
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
    """nansum(a, axis=None, dtype=None, keepdims=False): the sum with NaNs counted as zero."""
    t = U.asarray(a, "nansum")
    if mstype.is_float_np(t._np_dtype):
        t = ops.where(ops.isnan(t), 0.0, t)
    return sum(t, axis, dtype, keepdims)


def nanmean(a, axis=None, dtype=None, keepdims=False):
    """nanmean(a, axis=None, dtype=None, keepdims=False): the mean of the non-NaN elements."""
    t = U.as_float(U.asarray(a, "nanmean"))
    ok = ops.logical_not(ops.isnan(t))
    total = sum(ops.where(ok, t, 0.0), axis, None, keepdims)
    count = sum(ok, axis, None, keepdims)
    return U.apply_dtype(ops.div(total, ops.cast(count, t.dtype)), dtype, "nanmean")


def ptp(x, axis=None, keepdims=False):
    """ptp(x, axis=None, keepdims=False): maximum minus minimum."""
    return ops.sub(amax(x, axis, keepdims), amin(x, axis, keepdims))


def count_nonzero(x, axis=None, keepdims=False):
    """count_nonzero(x, axis=None, keepdims=False): Int32 counts of non-zero elements."""
    t = U.asarray(x, "count_nonzero")
    return sum(ops.ne(t, 0), axis, None, keepdims)


def cumsum(a, axis=None, dtype=None):
    """cumsum(a, axis=None, dtype=None): running sums (of the flattened input when None)."""
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
    """diff(a, n=1, axis=-1, prepend=None, append=None): the ``n``-th discrete difference."""
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
