"""Shape manipulation: reshape, ravel, transpose, swapaxes, moveaxis, expand_dims, squeeze,
joining (concatenate, stack, hstack, vstack, dstack, column_stack), splitting (split,
array_split, hsplit, vsplit), tile, repeat, broadcasting, flip, roll, atleast_nd."""
import numpy as np

from mindcell import ops
from mindcell.numpy import _utils as U


def reshape(x, new_shape):
    """reshape(x, new_shape): ``x`` with a new shape and the same elements.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        new_shape (Union[int, tuple[int], list[int]]): the new shape; one entry may be -1
            (inferred).

    Returns:
        Tensor of shape ``new_shape``.

    Raises:
        TypeError: ``new_shape`` is not an int or a tuple/list of ints, or ``x`` is not a Tensor, a
            number, a list/tuple or a numpy array of numbers.
        ValueError: the number of elements differs.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.arange(6)
        >>> print(mnp.reshape(x, (2, -1)))
        [[0 1 2]
         [3 4 5]]
        >>> print(mnp.reshape(x, (3, 2)).shape)
        (3, 2)
    """
    t = U.asarray(x, "reshape")
    if isinstance(new_shape, (int, np.integer)) and not isinstance(new_shape, bool):
        new_shape = (int(new_shape),)
    if not isinstance(new_shape, (tuple, list)):
        raise U.fail("reshape", "'new_shape' must be an int or a tuple of ints, but got %s"
                     % U.describe(new_shape))
    return ops.reshape(t, tuple(U.check_int(n, "reshape", "new_shape") for n in new_shape))


def ravel(x):
    """ravel(x): ``x`` flattened to 1-D (row-major order).

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.

    Returns:
        1-D Tensor of ``x.size`` elements.

    Raises:
        TypeError: ``x`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.ravel([[1, 2], [3, 4]]))
        [1 2 3 4]
    """
    return ops.reshape(U.asarray(x, "ravel"), (-1,))


def transpose(a, axes=None):
    """transpose(a, axes=None): ``a`` with its axes reversed, or permuted by ``axes``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axes (Union[tuple[int], list[int], None]): a permutation of ``a``'s axes (negative counts
            from the end). Default: ``None`` (reversed).

    Returns:
        Tensor whose axis ``i`` is ``a``'s axis ``axes[i]``.

    Raises:
        TypeError: an entry of ``axes`` is not an int, or ``a`` is not a Tensor, a number, a
            list/tuple or a numpy array of numbers.
        ValueError: ``axes`` is not a permutation of ``a``'s axes (wrong length, out of range or
            repeated).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.ones((2, 3, 4))
        >>> print(mnp.transpose(x).shape, mnp.transpose(x, (1, 0, 2)).shape)
        (4, 3, 2) (3, 2, 4)
    """
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
    """swapaxes(x, axis1, axis2): ``x`` with two axes interchanged.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis1 (int): the first axis.
        axis2 (int): the second axis.

    Returns:
        Tensor of ``x``'s shape with ``axis1`` and ``axis2`` swapped.

    Raises:
        TypeError: an axis is not an int, or ``x`` is not a Tensor, a number, a list/tuple or a
            numpy array of numbers.
        ValueError: an axis is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.swapaxes(mnp.ones((2, 3, 4)), 0, 2).shape)
        (4, 3, 2)
        >>> print(mnp.swapaxes([[1, 2, 3]], 0, 1))
        [[1]
         [2]
         [3]]
    """
    t = U.asarray(x, "swapaxes")
    return ops.swapaxes(t, U.axis_arg(axis1, t.ndim, "swapaxes"),
                        U.axis_arg(axis2, t.ndim, "swapaxes"))


def moveaxis(a, source, destination):
    """moveaxis(a, source, destination): ``a`` with axes moved to new positions; the other axes
    keep their order.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        source (Union[int, tuple[int], list[int]]): the axes moved.
        destination (Union[int, tuple[int], list[int]]): their new positions, as many as
            ``source``.

    Returns:
        Tensor with the same elements, axes reordered.

    Raises:
        TypeError: an axis is not an int, or ``a`` is not a Tensor, a number, a list/tuple or a
            numpy array of numbers.
        ValueError: ``source`` and ``destination`` differ in length, or an axis is out of range or
            repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.ones((2, 3, 4))
        >>> print(mnp.moveaxis(x, 0, -1).shape, mnp.moveaxis(x, [0, 1], [2, 0]).shape)
        (3, 4, 2) (3, 4, 2)
    """
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
    """expand_dims(a, axis): ``a`` with new axes of length 1 inserted.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int]]): the positions of the new axes in the result.

    Returns:
        Tensor with ``a.ndim + len(axis)`` dimensions.

    Raises:
        TypeError: an axis is not an int, or ``a`` is not a Tensor, a number, a list/tuple or a
            numpy array of numbers.
        ValueError: an axis is out of range for the result, or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([1, 2])
        >>> print(mnp.expand_dims(x, 0).shape, mnp.expand_dims(x, (0, 2)).shape)
        (1, 2) (1, 2, 1)
    """
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
    """squeeze(a, axis=None): ``a`` with axes of length 1 removed.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes removed (each of length 1).
            Default: ``None`` (every axis of length 1).

    Returns:
        Tensor with the same elements and fewer dimensions.

    Raises:
        TypeError: an axis is not an int, or ``a`` is not a Tensor, a number, a list/tuple or a
            numpy array of numbers.
        ValueError: an axis is out of range, repeated, or not of length 1.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.ones((1, 3, 1))
        >>> print(mnp.squeeze(x).shape, mnp.squeeze(x, axis=2).shape)
        (3,) (1, 3)
    """
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
    """concatenate(arrays, axis=0): the inputs joined along an existing axis (promoted to one
    dtype).

    Args:
        arrays (Union[list, tuple, Tensor]): the tensors or array-likes, of the same rank and equal
            off ``axis`` (a Tensor counts as the list of its rows).
        axis (Union[int, None]): the axis joined along; None flattens the inputs first. Default:
            ``0``.

    Returns:
        Tensor.

    Raises:
        TypeError: ``arrays`` is not a non-empty list/tuple (or a Tensor), or an input is not
            array-like.
        ValueError: an input is 0-D, the ranks or the shapes off ``axis`` differ, or ``axis`` is
            out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> a, b = mnp.array([[1, 2]]), mnp.array([[3, 4]])
        >>> print(mnp.concatenate((a, b)))
        [[1 2]
         [3 4]]
        >>> print(mnp.concatenate((a, b), axis=None))
        [1 2 3 4]
    """
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
    """stack(arrays, axis=0): inputs of one shape joined along a new axis (promoted to one dtype).

    Args:
        arrays (Union[list, tuple, Tensor]): the tensors or array-likes, all of one shape (a Tensor
            counts as the list of its rows).
        axis (int): the position of the new axis in the result. Default: ``0``.

    Returns:
        Tensor with one more dimension than the inputs.

    Raises:
        TypeError: ``arrays`` is not a non-empty list/tuple (or a Tensor), an input is not
            array-like, or ``axis`` is not an int.
        ValueError: the shapes differ, or ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> a, b = mnp.array([1, 2]), mnp.array([3, 4])
        >>> print(mnp.stack((a, b)))
        [[1 2]
         [3 4]]
        >>> print(mnp.stack((a, b), axis=1).shape)
        (2, 2)
    """
    ts = U.tensor_seq(arrays, "stack")
    for t in ts[1:]:
        if t.shape != ts[0].shape:
            raise U.fail("stack", "all inputs must have the same shape, but got %s"
                         % [x.shape for x in ts], ValueError)
    return ops.stack(ts, U.axis_arg(axis, ts[0].ndim + 1, "stack"))


def atleast_1d(*arys):
    """``atleast_1d(*arys)``: the inputs viewed with at least one dimension (0-D becomes shape
    (1,)).

    Args:
        arys (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the inputs.

    Returns:
        Tensor, or a list of Tensors when several inputs are given.

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.atleast_1d(5).shape)
        (1,)
        >>> print([t.shape for t in mnp.atleast_1d(1, [2, 3])])
        [(1,), (2,)]
    """
    return _atleast(arys, 1, "atleast_1d")


def atleast_2d(*arys):
    """``atleast_2d(*arys)``: the inputs viewed with at least two dimensions (leading axes of
    length 1 are added).

    Args:
        arys (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the inputs.

    Returns:
        Tensor, or a list of Tensors when several inputs are given.

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.atleast_2d(5).shape, mnp.atleast_2d([1, 2]).shape)
        (1, 1) (1, 2)
    """
    return _atleast(arys, 2, "atleast_2d")


def atleast_3d(*arys):
    """``atleast_3d(*arys)``: the inputs viewed with at least three dimensions: 0-D becomes
    (1, 1, 1), 1-D of length N (1, N, 1), 2-D of shape (M, N) (M, N, 1).

    Args:
        arys (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the inputs.

    Returns:
        Tensor, or a list of Tensors when several inputs are given.

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of numbers.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print([t.shape for t in mnp.atleast_3d(1, [1, 2], [[1, 2]])])
        [(1, 1, 1), (1, 2, 1), (1, 2, 1)]
    """
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
    """hstack(tup): the inputs joined horizontally: along axis 1, or axis 0 for 1-D inputs.

    Args:
        tup (Union[list, tuple, Tensor]): the tensors or array-likes (0-D ones count as 1-D).

    Returns:
        Tensor.

    Raises:
        TypeError: ``tup`` is not a non-empty list/tuple (or a Tensor), or holds something that is
            not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the shapes off the joined axis differ.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.hstack(([1, 2], [3])))
        [1 2 3]
        >>> print(mnp.hstack((mnp.ones((2, 1)), mnp.zeros((2, 2)))))
        [[1. 0. 0.]
         [1. 0. 0.]]
    """
    ts = atleast_1d(*U.tensor_seq(tup, "hstack", "tup"))
    ts = ts if isinstance(ts, list) else [ts]
    return ops.concat(ts, 0 if ts[0].ndim == 1 else 1)


def vstack(tup):
    """vstack(tup): the inputs joined vertically, along axis 0 (1-D inputs become rows).

    Args:
        tup (Union[list, tuple, Tensor]): the tensors or array-likes.

    Returns:
        Tensor, at least 2-D.

    Raises:
        TypeError: ``tup`` is not a non-empty list/tuple (or a Tensor), or holds something that is
            not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the shapes off axis 0 differ.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.vstack(([1, 2], [3, 4])))
        [[1 2]
         [3 4]]
    """
    ts = atleast_2d(*U.tensor_seq(tup, "vstack", "tup"))
    return ops.concat(ts if isinstance(ts, list) else [ts], 0)


def dstack(tup):
    """dstack(tup): the inputs joined along axis 2 (depth); 1-D inputs of length N become (1, N,
    1), 2-D ones (M, N, 1).

    Args:
        tup (Union[list, tuple, Tensor]): the tensors or array-likes.

    Returns:
        Tensor, at least 3-D.

    Raises:
        TypeError: ``tup`` is not a non-empty list/tuple (or a Tensor), or holds something that is
            not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the shapes off axis 2 differ.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.dstack(([1, 2], [3, 4])))
        [[[1 3]
          [2 4]]]
    """
    ts = atleast_3d(*U.tensor_seq(tup, "dstack", "tup"))
    return ops.concat(ts if isinstance(ts, list) else [ts], 2)


def column_stack(tup):
    """column_stack(tup): 1-D inputs as the columns of a 2-D tensor; 2-D inputs are joined along
    axis 1.

    Args:
        tup (Union[list, tuple, Tensor]): the tensors or array-likes, 0-D, 1-D or 2-D, with the
            same number of rows.

    Returns:
        2-D Tensor.

    Raises:
        TypeError: ``tup`` is not a non-empty list/tuple (or a Tensor), or holds something that is
            not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the numbers of rows differ.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.column_stack(([1, 2, 3], [4, 5, 6])))
        [[1 4]
         [2 5]
         [3 6]]
    """
    ts = U.tensor_seq(tup, "column_stack", "tup")
    ts = [ops.reshape(t, (-1, 1)) if t.ndim < 2 else t for t in ts]
    return ops.concat(ts, 1)


def _split(x, indices_or_sections, axis, name, even):
    t = U.asarray(x, name)
    if t.ndim == 0:
        raise U.fail(name, "'x' must be at least 1-D, but got a 0-D tensor", ValueError)
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
    if any(hi <= lo for lo, hi in zip(bounds, bounds[1:])):
        # MindSpore 2.10 gives no empty part (numpy would)
        raise U.fail(name, "every part must be non-empty, but the split of %d elements along "
                     "axis %d at %s gives an empty one (empty sub-tensor encountered)"
                     % (n, ax, bounds[1:-1]), ValueError)
    parts = [ops.narrow(t, ax, min(lo, n), max(hi - lo, 0)) for lo, hi in zip(bounds, bounds[1:])]
    # MindSpore 2.10: a tuple for a number of sections, a list for split indices
    return parts if isinstance(indices_or_sections, (tuple, list)) else tuple(parts)


def split(x, indices_or_sections, axis=0):
    """split(x, indices_or_sections, axis=0): ``x`` split along ``axis`` into equal parts, or at
    the given indices.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices_or_sections (Union[int, tuple[int], list[int]]): an int ``N`` splits into ``N``
            equal parts; a sequence gives the increasing indices where the parts begin.
        axis (int): the axis split. Default: ``0``.

    Returns:
        tuple of Tensors for a number of sections, list of Tensors for split indices.

    Raises:
        TypeError: ``indices_or_sections`` or ``axis`` is not an int (or a sequence of ints), or
            ``x`` is not array-like.
        ValueError: ``x`` is 0-D, ``N`` is not positive or does not divide the axis, ``axis`` is
            out of range, or a part would be empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.arange(6)
        >>> print(mnp.split(x, 3)[1])
        [2 3]
        >>> print([p.shape for p in mnp.split(x, [1, 4])])
        [(1,), (3,), (2,)]
    """
    return _split(x, indices_or_sections, axis, "split", True)


def array_split(x, indices_or_sections, axis=0):
    """array_split(x, indices_or_sections, axis=0): like :func:`split`, but ``N`` parts need not be
    equal: the first ``len % N`` parts get one element more.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices_or_sections (Union[int, tuple[int], list[int]]): an int ``N`` splits into ``N``
            equal parts; a sequence gives the increasing indices where the parts begin.
        axis (int): the axis split. Default: ``0``.

    Returns:
        tuple of Tensors for a number of sections, list of Tensors for split indices.

    Raises:
        TypeError: ``indices_or_sections`` or ``axis`` is not an int (or a sequence of ints), or
            ``x`` is not array-like.
        ValueError: ``x`` is 0-D, ``N`` is not positive, ``axis`` is out of range, or a part
            would be empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print([p.asnumpy().tolist() for p in mnp.array_split(mnp.arange(7), 3)])
        [[0, 1, 2], [3, 4], [5, 6]]
    """
    return _split(x, indices_or_sections, axis, "array_split", False)


def hsplit(x, indices_or_sections):
    """hsplit(x, indices_or_sections): :func:`split` along axis 1 (axis 0 for 1-D ``x``).

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices_or_sections (Union[int, tuple[int], list[int]]): an int ``N`` splits into ``N``
            equal parts; a sequence gives the increasing indices where the parts begin.

    Returns:
        tuple of Tensors for a number of sections, list of Tensors for split indices.

    Raises:
        TypeError: ``indices_or_sections`` is not an int or a sequence of ints, or ``x`` is not
            array-like.
        ValueError: ``N`` is not positive or does not divide the axis, ``x`` is 0-D, or a
            part would be empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> parts = mnp.hsplit(mnp.arange(8).reshape(2, 4), 2)
        >>> print(parts[0])
        [[0 1]
         [4 5]]
    """
    t = U.asarray(x, "hsplit")
    return _split(t, indices_or_sections, 1 if t.ndim > 1 else 0, "hsplit", True)


def vsplit(x, indices_or_sections):
    """vsplit(x, indices_or_sections): :func:`split` along axis 0.

    Args:
        x (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        indices_or_sections (Union[int, tuple[int], list[int]]): an int ``N`` splits into ``N``
            equal parts; a sequence gives the increasing indices where the parts begin.

    Returns:
        tuple of Tensors for a number of sections, list of Tensors for split indices.

    Raises:
        TypeError: ``indices_or_sections`` is not an int or a sequence of ints, or ``x`` is not
            array-like.
        ValueError: ``N`` is not positive or does not divide axis 0, ``x`` is 0-D, or a part
            would be empty.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> top, bottom = mnp.vsplit(mnp.arange(8).reshape(4, 2), [1])
        >>> print(top.shape, bottom.shape)
        (1, 2) (3, 2)
    """
    return _split(x, indices_or_sections, 0, "vsplit", True)


def tile(a, reps):
    """tile(a, reps): ``a`` repeated ``reps[i]`` times along axis ``i``.

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        reps (Union[int, tuple[int], list[int]]): the repetitions per axis; when lengths differ,
            ``a``'s shape or ``reps`` gets leading 1s.

    Returns:
        Tensor with ``max(a.ndim, len(reps))`` dimensions.

    Raises:
        TypeError: ``reps`` is not an int or a sequence of ints, or ``a`` is not array-like.
        ValueError: an entry of ``reps`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.tile([1, 2], 2))
        [1 2 1 2]
        >>> print(mnp.tile([1, 2], (2, 1)))
        [[1 2]
         [1 2]]
    """
    t = U.asarray(a, "tile")
    reps = U.shape_arg(reps, "tile", "reps")
    nd = max(t.ndim, len(reps))
    t = ops.reshape(t, (1,) * (nd - t.ndim) + t.shape)
    return ops.tile(t, (1,) * (nd - len(reps)) + reps)


def repeat(a, repeats, axis=None):
    """repeat(a, repeats, axis=None): each element of ``a`` repeated along ``axis`` (of the
    flattened input when None).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        repeats (Union[int, tuple[int], list[int]]): the repetitions, one int for all elements or
            one per element along the axis.
        axis (Union[int, None]): the axis. Default: ``None``.

    Returns:
        Tensor (1-D when ``axis`` is None).

    Raises:
        TypeError: ``repeats`` or ``axis`` is not an int (or a sequence of ints), or ``a`` is not
            array-like.
        ValueError: a repetition is negative, ``repeats`` does not match the axis length, or
            ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.repeat([[1, 2], [3, 4]], 2))
        [1 1 2 2 3 3 4 4]
        >>> print(mnp.repeat([[1, 2], [3, 4]], [1, 2], axis=0))
        [[1 2]
         [3 4]
         [3 4]]
    """
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
    """broadcast_to(array, shape): ``array`` broadcast to ``shape`` (numpy's rules).

    Args:
        array (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        shape (Union[int, tuple[int], list[int]]): the target shape.

    Returns:
        Tensor of shape ``shape``.

    Raises:
        TypeError: ``shape`` is not an int or a sequence of ints, or ``array`` is not array-like.
        ValueError: ``array`` cannot broadcast to ``shape``, or an entry of ``shape`` is negative.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.broadcast_to([1, 2, 3], (2, 3)))
        [[1 2 3]
         [1 2 3]]
    """
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
    """``broadcast_arrays(*args)``: the inputs broadcast to their common shape.

    Args:
        args (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the inputs.

    Returns:
        list of Tensors, all of the broadcast shape.

    Raises:
        TypeError: an input is not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: the shapes do not broadcast together.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> a, b = mnp.broadcast_arrays([[1], [2]], [10, 20, 30])
        >>> print(a.shape, b.shape)
        (2, 3) (2, 3)
        >>> print(b)
        [[10 20 30]
         [10 20 30]]
    """
    ts = [U.asarray(a, "broadcast_arrays") for a in args]
    try:
        shape = np.broadcast_shapes(*[t.shape for t in ts])
    except ValueError:
        raise U.fail("broadcast_arrays", "shapes %s cannot broadcast together"
                     % [t.shape for t in ts], ValueError) from None
    return [ops.broadcast_to(t, shape) for t in ts]


def flip(m, axis=None):
    """flip(m, axis=None): ``m`` with the order of its elements reversed along ``axis``.

    Args:
        m (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        axis (Union[int, tuple[int], list[int], None]): the axes reversed. Default: ``None`` (all).

    Returns:
        Tensor of ``m``'s shape.

    Raises:
        TypeError: an axis is not an int, or ``m`` is not array-like.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> x = mnp.array([[1, 2], [3, 4]])
        >>> print(mnp.flip(x))
        [[4 3]
         [2 1]]
        >>> print(mnp.flip(x, axis=1))
        [[2 1]
         [4 3]]
    """
    t = U.asarray(m, "flip")
    axes = U.axes_arg(axis, t.ndim, "flip")
    return ops.flip(t, axes) if axes else t


def fliplr(m):
    """fliplr(m): ``m`` with its columns (axis 1) in reverse order.

    Args:
        m (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 2-D.

    Returns:
        Tensor of ``m``'s shape.

    Raises:
        TypeError: ``m`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``m`` is less than 2-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.fliplr([[1, 2, 3], [4, 5, 6]]))
        [[3 2 1]
         [6 5 4]]
    """
    t = U.asarray(m, "fliplr")
    if t.ndim < 2:
        raise U.fail("fliplr", "input must be >= 2-D", ValueError)
    return ops.flip(t, (1,))


def flipud(m):
    """flipud(m): ``m`` with its rows (axis 0) in reverse order.

    Args:
        m (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input, at least 1-D.

    Returns:
        Tensor of ``m``'s shape.

    Raises:
        TypeError: ``m`` is not a Tensor, a number, a list/tuple or a numpy array of numbers.
        ValueError: ``m`` is 0-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.flipud([[1, 2], [3, 4]]))
        [[3 4]
         [1 2]]
    """
    t = U.asarray(m, "flipud")
    if t.ndim < 1:
        raise U.fail("flipud", "input must be >= 1-D", ValueError)
    return ops.flip(t, (0,))


def roll(a, shift, axis=None):
    """roll(a, shift, axis=None): the elements of ``a`` shifted cyclically along ``axis`` (of the
    flattened input when None; the shape is kept).

    Args:
        a (Union[Tensor, int, float, bool, list, tuple, numpy.ndarray]): the input.
        shift (Union[int, tuple[int], list[int]]): the shifts (positive toward higher indices), one
            or one per axis.
        axis (Union[int, tuple[int], list[int], None]): the axes. Default: ``None``.

    Returns:
        Tensor of ``a``'s shape.

    Raises:
        TypeError: a shift or an axis is not an int, or ``a`` is not array-like.
        ValueError: ``shift`` and ``axis`` differ in length (neither of length 1), or an axis is
            out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.roll([1, 2, 3, 4], 1))
        [4 1 2 3]
        >>> print(mnp.roll([[1, 2], [3, 4]], -1, axis=1))
        [[2 1]
         [4 3]]
    """
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
