"""Shape manipulation: reshape, ravel, transpose, swapaxes, moveaxis, expand_dims, squeeze,
joining (concatenate, stack, hstack, vstack, dstack, column_stack), splitting (split,
array_split, hsplit, vsplit), tile, repeat, broadcasting, flip, roll, atleast_nd."""
import numpy as np

from mindcell import ops
from mindcell.numpy import _utils as U


def reshape(x, new_shape):
    """reshape(x, new_shape): ``x`` with a new shape (one entry may be -1)."""
    t = U.asarray(x, "reshape")
    if isinstance(new_shape, (int, np.integer)) and not isinstance(new_shape, bool):
        new_shape = (int(new_shape),)
    if not isinstance(new_shape, (tuple, list)):
        raise U.fail("reshape", "'new_shape' must be an int or a tuple of ints, but got %s"
                     % U.describe(new_shape))
    return ops.reshape(t, tuple(U.check_int(n, "reshape", "new_shape") for n in new_shape))


def ravel(x):
    """ravel(x): ``x`` flattened to 1-D."""
    return ops.reshape(U.asarray(x, "ravel"), (-1,))


def transpose(a, axes=None):
    """transpose(a, axes=None): axes reversed, or permuted by ``axes``."""
    t = U.asarray(a, "transpose")
    if axes is None:
        return ops.transpose(t, tuple(range(t.ndim))[::-1])
    if not isinstance(axes, (tuple, list)) or len(axes) != t.ndim:
        raise U.fail("transpose", "'axes' must be a permutation of %d axes, but got %s"
                     % (t.ndim, U.describe(axes)), ValueError)
    perm = [U.axis_arg(ax, t.ndim, "transpose") for ax in axes]
    if len(set(perm)) != t.ndim:
        raise U.fail("transpose", "'axes' has repeated entries: %r" % (tuple(axes),),
                     ValueError)
    return ops.transpose(t, tuple(perm))


def swapaxes(x, axis1, axis2):
    """swapaxes(x, axis1, axis2)."""
    t = U.asarray(x, "swapaxes")
    return ops.swapaxes(t, U.axis_arg(axis1, t.ndim, "swapaxes"),
                        U.axis_arg(axis2, t.ndim, "swapaxes"))


def moveaxis(a, source, destination):
    """moveaxis(a, source, destination): axes moved to new positions (ints or sequences)."""
    t = U.asarray(a, "moveaxis")
    src = source if isinstance(source, (tuple, list)) else (source,)
    dst = destination if isinstance(destination, (tuple, list)) else (destination,)
    if len(src) != len(dst):
        raise U.fail("moveaxis", "'source' and 'destination' must have the same number of "
                     "elements", ValueError)
    src = [U.axis_arg(s, t.ndim, "moveaxis") for s in src]
    dst = [U.axis_arg(d, t.ndim, "moveaxis") for d in dst]
    if len(set(src)) != len(src) or len(set(dst)) != len(dst):
        raise U.fail("moveaxis", "repeated axes", ValueError)
    order = [i for i in range(t.ndim) if i not in src]
    for d, s in sorted(zip(dst, src)):
        order.insert(d, s)
    return ops.transpose(t, tuple(order))


def expand_dims(a, axis):
    """expand_dims(a, axis): new axes of length 1 at ``axis`` (an int or a tuple)."""
    t = U.asarray(a, "expand_dims")
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    nd = t.ndim + len(axes)
    axes = sorted(U.axis_arg(ax, nd, "expand_dims") for ax in axes)
    if len(set(axes)) != len(axes):
        raise U.fail("expand_dims", "repeated axes", ValueError)
    shape = list(t.shape)
    for ax in axes:
        shape.insert(ax, 1)
    return ops.reshape(t, tuple(shape))


def squeeze(a, axis=None):
    """squeeze(a, axis=None): length-1 axes removed (all, or those in ``axis``)."""
    t = U.asarray(a, "squeeze")
    if axis is None:
        return ops.reshape(t, tuple(s for s in t.shape if s != 1))
    axes = U.axes_arg(axis, t.ndim, "squeeze")
    for ax in axes:
        if t.shape[ax] != 1:
            raise U.fail("squeeze", "cannot select an axis to squeeze out which has size "
                         "not equal to one (axis %d of shape %s)" % (ax, t.shape), ValueError)
    return ops.reshape(t, tuple(s for i, s in enumerate(t.shape) if i not in axes))


def concatenate(arrays, axis=0):
    """concatenate(arrays, axis=0): join along an existing axis (flattened when None)."""
    ts = U.tensor_seq(arrays, "concatenate")
    if axis is None:
        return ops.concat([ops.reshape(t, (-1,)) for t in ts], 0)
    for t in ts:
        if t.ndim == 0:
            raise U.fail("concatenate", "zero-dimensional arrays cannot be concatenated",
                         ValueError)
        if t.ndim != ts[0].ndim:
            raise U.fail("concatenate", "all inputs must have the same number of dimensions, "
                         "but got shapes %s" % [x.shape for x in ts], ValueError)
    ax = U.axis_arg(axis, ts[0].ndim, "concatenate")
    return ops.concat(ts, ax)


def stack(arrays, axis=0):
    """stack(arrays, axis=0): join along a new axis."""
    ts = U.tensor_seq(arrays, "stack")
    for t in ts[1:]:
        if t.shape != ts[0].shape:
            raise U.fail("stack", "all inputs must have the same shape, but got %s"
                         % [x.shape for x in ts], ValueError)
    return ops.stack(ts, U.axis_arg(axis, ts[0].ndim + 1, "stack"))


def atleast_1d(*arys):
    """atleast_1d(*arys): inputs with at least one dimension (a list when several)."""
    return _atleast(arys, 1, "atleast_1d")


def atleast_2d(*arys):
    """atleast_2d(*arys): inputs with at least two dimensions."""
    return _atleast(arys, 2, "atleast_2d")


def atleast_3d(*arys):
    """atleast_3d(*arys): inputs with at least three dimensions (1-D as (1, N, 1))."""
    return _atleast(arys, 3, "atleast_3d")


def _atleast(arys, n, name):
    out = []
    for a in arys:
        t = U.asarray(a, name)
        if t.ndim < n:
            shape = t.shape
            if n == 3 and t.ndim:  # numpy: (N,) -> (1, N, 1), (M, N) -> (M, N, 1)
                shape = ((1,) if t.ndim == 1 else ()) + shape + (1,)
            t = ops.reshape(t, (1,) * (n - len(shape)) + shape)
        out.append(t)
    return out[0] if len(out) == 1 else out


def hstack(tup):
    """hstack(tup): concatenate along axis 1 (axis 0 for 1-D inputs)."""
    ts = atleast_1d(*U.tensor_seq(tup, "hstack", "tup"))
    ts = ts if isinstance(ts, list) else [ts]
    return ops.concat(ts, 0 if ts[0].ndim == 1 else 1)


def vstack(tup):
    """vstack(tup): concatenate along axis 0 (1-D inputs as rows)."""
    ts = atleast_2d(*U.tensor_seq(tup, "vstack", "tup"))
    return ops.concat(ts if isinstance(ts, list) else [ts], 0)


def dstack(tup):
    """dstack(tup): concatenate along axis 2."""
    ts = atleast_3d(*U.tensor_seq(tup, "dstack", "tup"))
    return ops.concat(ts if isinstance(ts, list) else [ts], 2)


def column_stack(tup):
    """column_stack(tup): 1-D inputs as columns of a 2-D tensor."""
    ts = U.tensor_seq(tup, "column_stack", "tup")
    ts = [ops.reshape(t, (-1, 1)) if t.ndim < 2 else t for t in ts]
    return ops.concat(ts, 1)


def _split(x, indices_or_sections, axis, name, even):
    t = U.asarray(x, name)
    ax = U.axis_arg(axis, t.ndim, name)
    n = t.shape[ax]
    if isinstance(indices_or_sections, (tuple, list)):
        cuts = [U.check_int(i, name, "indices_or_sections") for i in indices_or_sections]
        cuts = [min(max(c + n if c < 0 else c, 0), n) for c in cuts]
    else:
        k = U.check_int(indices_or_sections, name, "indices_or_sections")
        if k <= 0:
            raise U.fail(name, "number sections must be larger than 0", ValueError)
        if even and n % k:
            raise U.fail(name, "array split does not result in an equal division (%d into "
                         "%d)" % (n, k), ValueError)
        size, extra = divmod(n, k)
        cuts = list(np.cumsum([size + 1] * extra + [size] * (k - extra))[:-1])
    bounds = [0] + [int(c) for c in cuts] + [n]
    return [ops.narrow(t, ax, min(lo, n), max(hi - lo, 0)) for lo, hi in zip(bounds, bounds[1:])]


def split(x, indices_or_sections, axis=0):
    """split(x, indices_or_sections, axis=0): equal sections, or pieces cut at indices."""
    return _split(x, indices_or_sections, axis, "split", True)


def array_split(x, indices_or_sections, axis=0):
    """array_split(x, indices_or_sections, axis=0): like split, sections may differ by one."""
    return _split(x, indices_or_sections, axis, "array_split", False)


def hsplit(x, indices_or_sections):
    """hsplit(x, indices_or_sections): split along axis 1 (axis 0 for 1-D)."""
    t = U.asarray(x, "hsplit")
    return _split(t, indices_or_sections, 1 if t.ndim > 1 else 0, "hsplit", True)


def vsplit(x, indices_or_sections):
    """vsplit(x, indices_or_sections): split along axis 0."""
    return _split(x, indices_or_sections, 0, "vsplit", True)


def tile(a, reps):
    """tile(a, reps): ``a`` repeated ``reps`` times along each axis."""
    t = U.asarray(a, "tile")
    reps = U.shape_arg(reps, "tile", "reps")
    nd = max(t.ndim, len(reps))
    t = ops.reshape(t, (1,) * (nd - t.ndim) + t.shape)
    return ops.tile(t, (1,) * (nd - len(reps)) + reps)


def repeat(a, repeats, axis=None):
    """repeat(a, repeats, axis=None): each element repeated (of the flattened input when
    ``axis`` is None); ``repeats`` an int or one int per element."""
    t = U.asarray(a, "repeat")
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        ax = U.axis_arg(axis, t.ndim, "repeat")
    if isinstance(repeats, (tuple, list)):
        reps = [U.check_int(r, "repeat", "repeats") for r in repeats]
        if len(reps) == 1:
            reps = reps[0]
        elif len(reps) != t.shape[ax]:
            raise U.fail("repeat", "'repeats' has %d entries for an axis of length %d"
                         % (len(reps), t.shape[ax]), ValueError)
    else:
        reps = U.check_int(repeats, "repeat", "repeats")
    if any(r < 0 for r in (reps if isinstance(reps, list) else [reps])):
        raise U.fail("repeat", "'repeats' must be >= 0", ValueError)
    if isinstance(reps, list):
        idx = np.repeat(np.arange(t.shape[ax]), reps).astype(np.int32)
        return ops.gather(t, U.asarray(idx, "repeat"), ax)
    return ops.repeat_interleave(t, reps, ax)


def broadcast_to(array, shape):
    """broadcast_to(array, shape)."""
    t = U.asarray(array, "broadcast_to")
    shape = U.shape_arg(shape, "broadcast_to")
    try:
        if np.broadcast_shapes(t.shape, shape) != shape:
            raise ValueError
    except ValueError:
        raise U.fail("broadcast_to", "cannot broadcast shape %s to %s" % (t.shape, shape),
                     ValueError) from None
    return ops.broadcast_to(t, shape)


def broadcast_arrays(*args):
    """broadcast_arrays(*args): the inputs broadcast to one shape (a list)."""
    ts = [U.asarray(a, "broadcast_arrays") for a in args]
    try:
        shape = np.broadcast_shapes(*[t.shape for t in ts])
    except ValueError:
        raise U.fail("broadcast_arrays", "shapes %s cannot broadcast together"
                     % [t.shape for t in ts], ValueError) from None
    return [ops.broadcast_to(t, shape) for t in ts]


def flip(m, axis=None):
    """flip(m, axis=None): the order of elements reversed along ``axis`` (all when None)."""
    t = U.asarray(m, "flip")
    axes = U.axes_arg(axis, t.ndim, "flip")
    return ops.flip(t, axes) if axes else t


def fliplr(m):
    """fliplr(m): flip along axis 1."""
    t = U.asarray(m, "fliplr")
    if t.ndim < 2:
        raise U.fail("fliplr", "input must be >= 2-D", ValueError)
    return ops.flip(t, (1,))


def flipud(m):
    """flipud(m): flip along axis 0."""
    t = U.asarray(m, "flipud")
    if t.ndim < 1:
        raise U.fail("flipud", "input must be >= 1-D", ValueError)
    return ops.flip(t, (0,))


def roll(a, shift, axis=None):
    """roll(a, shift, axis=None): elements shifted cyclically (of the flattened input when
    ``axis`` is None)."""
    t = U.asarray(a, "roll")
    if axis is None:
        return ops.reshape(roll(ops.reshape(t, (-1,)), shift, 0), t.shape)
    shifts = shift if isinstance(shift, (tuple, list)) else (shift,)
    axes = axis if isinstance(axis, (tuple, list)) else (axis,)
    if len(shifts) == 1:
        shifts = shifts * len(axes)
    if len(axes) == 1 and len(shifts) > 1:
        axes = axes * len(shifts)
    if len(shifts) != len(axes):
        raise U.fail("roll", "'shift' and 'axis' must have the same length", ValueError)
    for s, ax in zip(shifts, axes):
        ax = U.axis_arg(ax, t.ndim, "roll")
        n = t.shape[ax]
        s = U.check_int(s, "roll", "shift") % n if n else 0
        if s:
            t = ops.concat([ops.narrow(t, ax, n - s, s), ops.narrow(t, ax, 0, n - s)], ax)
    return t


__all__ = ["reshape", "ravel", "transpose", "swapaxes", "moveaxis", "expand_dims", "squeeze",
           "concatenate", "stack", "hstack", "vstack", "dstack", "column_stack", "split",
           "array_split", "hsplit", "vsplit", "tile", "repeat", "broadcast_to",
           "broadcast_arrays", "flip", "fliplr", "flipud", "roll", "atleast_1d", "atleast_2d",
           "atleast_3d"]
