"""The computations of MindSpore 2.10 Primitive classes that have no ``ops`` function (the
segment reductions, ``MatrixTriangularSolve``, ``Lstsq``/``MatrixSolveLs``, ``UnravelIndex``,
``ListDiff``, ``TridiagonalMatMul`` ...). Each is one documented function here; the class itself
is generated from a record in ``operations_from_functions`` (its constructor parameters become
the function's keywords). The argument rules and results follow MindSpore 2.10 on CPU,
recorded with ms-oracle; random ones draw from mindcell's streams (the numbers are not
MindSpore's, the shapes, dtypes and distributions are)."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)
_INTS = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
         mstype.uint32, mstype.uint64)
_SEGMENT_DTYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.int8, mstype.int16,
                   mstype.int32, mstype.int64, mstype.uint8, mstype.uint16, mstype.uint32,
                   mstype.uint64)


def _need_tensor(op, arg, value, ndim=None, dtypes=None):
    if not isinstance(value, Tensor):
        raise TypeError("%s: '%s' must be a Tensor, but got %s" % (op, arg, type(value).__name__))
    if dtypes is not None and value.dtype not in dtypes:
        raise TypeError("%s: '%s' must have a dtype in {%s}, but got %s"
                        % (op, arg, ", ".join(str(d) for d in dtypes), value.dtype))
    if ndim is not None and value.ndim not in ((ndim,) if isinstance(ndim, int) else ndim):
        raise ValueError("%s: '%s' must be %s-D, but got shape %s"
                         % (op, arg, ndim if isinstance(ndim, int) else " or ".join(
                             str(n) for n in ndim), tuple(value.shape)))
    return value


def _int_value(op, arg, value):
    """An int given as a Python int or a one-element int Tensor."""
    if isinstance(value, Tensor):
        if value.size != 1 or value.dtype not in _INTS:
            raise TypeError("%s: '%s' must be an int or a one-element int Tensor, but got %s %s"
                            % (op, arg, value.dtype, tuple(value.shape)))
        return int(value.asnumpy().reshape(-1)[0])
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("%s: '%s' must be an int, but got %r" % (op, arg, value))
    return int(value)


# ---------------------------------------------------------------------------------- segments


def _segments(op, x, segment_ids):
    _need_tensor(op, "input_x", x, dtypes=_SEGMENT_DTYPES)
    _need_tensor(op, "segment_ids", segment_ids, 1, (mstype.int32, mstype.int64))
    if x.ndim < 1:
        raise ValueError("%s: 'input_x' must have rank >= 1, but got a 0-d Tensor" % op)
    ids = segment_ids.asnumpy()
    if ids.shape[0] != x.shape[0]:
        raise ValueError("%s: 'segment_ids' must have one id per row of 'input_x' (%d), but got %d"
                         % (op, x.shape[0], ids.shape[0]))
    if ids.size and ids.min() < 0:
        raise ValueError("%s: the values of 'segment_ids' must be >= 0, but got %d"
                         % (op, ids.min()))
    if np.any(np.diff(ids) < 0):
        raise ValueError("%s: 'segment_ids' must be sorted in ascending order, but got %s"
                         % (op, ids.tolist()))
    num = int(ids[-1]) + 1 if ids.size else 0
    counts = np.bincount(ids, minlength=num)
    shape = (num,) + (1,) * (x.ndim - 1)
    return num, counts, shape


def _fill_empty(result, counts, shape, value):
    if counts.all():
        return result
    empty = Tensor(np.broadcast_to((counts == 0).reshape(shape), result.shape).copy())
    return F.masked_fill(result, empty, Tensor(value, result.dtype))


def segment_sum(input_x, segment_ids):
    """The sum of each segment of rows of ``input_x``: row ``i`` of the result adds the rows
    ``j`` with ``segment_ids[j] == i``; an id missing from ``segment_ids`` gives a row of 0.

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64, one non-negative id per row of ``input_x``,
            sorted in ascending order.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """
    num, _, _ = _segments("SegmentSum", input_x, segment_ids)
    return F.unsorted_segment_sum(input_x, segment_ids, num)


def segment_max(input_x, segment_ids):
    """The maximum of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 0.

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64 sorted non-negative ids, one per row.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """
    num, counts, shape = _segments("SegmentMax", input_x, segment_ids)
    return _fill_empty(F.unsorted_segment_max(input_x, segment_ids, num), counts, shape, 0)


def segment_min(input_x, segment_ids):
    """The minimum of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 0.

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64 sorted non-negative ids, one per row.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """
    num, counts, shape = _segments("SegmentMin", input_x, segment_ids)
    return _fill_empty(F.unsorted_segment_min(input_x, segment_ids, num), counts, shape, 0)


def segment_mean(input_x, segment_ids):
    """The mean of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty segment
    gives a row of 0, and integer means are truncated towards zero.

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64 sorted non-negative ids, one per row.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """
    num, counts, shape = _segments("SegmentMean", input_x, segment_ids)
    total = F.unsorted_segment_sum(input_x, segment_ids, num)
    count = Tensor(np.maximum(counts, 1).reshape(shape))
    if input_x.dtype.is_floating_point:
        return F.div(total, F.cast(count, input_x.dtype))
    return F.cast(F.div(total, F.cast(count, total.dtype), rounding_mode="trunc"), input_x.dtype)


def segment_prod(input_x, segment_ids):
    """The product of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 1.

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64 sorted non-negative ids, one per row.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """
    num, counts, shape = _segments("SegmentProd", input_x, segment_ids)
    return _fill_empty(F.unsorted_segment_prod(input_x, segment_ids, num), counts, shape, 1)


# ------------------------------------------------------------------------------ linear algebra


def _least_squares(op, a, b, l2):
    """min ||a @ x - b||^2 + l2 ||x||^2 over the last two axes, by the normal equations."""
    n = a.shape[-1]
    m = a.shape[-2]
    at = F.swapaxes(a, -1, -2)
    if m >= n:
        gram = F.matmul(at, a)
        if l2:
            gram = gram + l2 * F.eye(n, n, a.dtype)
        return F.matrix_solve(gram, F.matmul(at, b))
    gram = F.matmul(a, at)
    if l2:
        gram = gram + l2 * F.eye(m, m, a.dtype)
    return F.matmul(at, F.matrix_solve(gram, b))


def lstsq_prim(x, a, fast=True, l2_regularizer=0.0):
    """The least-squares solution ``out`` of ``x @ out = a`` (the minimum-norm one for a wide
    ``x``), from the normal equations as MindSpore's CPU kernel computes it.

    Args:
        x (Tensor): float16/32/64, (M, N), of full rank.
        a (Tensor): ``x``'s dtype, (M,) or (M, K).
        fast (bool): must be True (MindSpore 2.10 implements only the fast path). Default:
            ``True``.
        l2_regularizer (float): must be 0.0 (as in MindSpore 2.10). Default: ``0.0``.

    Returns:
        Tensor (N, K) of ``x``'s dtype ((N, 1) for a 1-D ``a``).

    Raises:
        TypeError: ``fast`` is not True or ``l2_regularizer`` not 0.0 (as MindSpore raises), or
            the inputs are not float Tensors of one dtype.
        ValueError: the shapes do not fit.
    """
    op = "Lstsq"
    if fast is not True:
        raise TypeError("%s: 'fast' must be True (the only path MindSpore 2.10 has), but got %r"
                        % (op, fast))
    if l2_regularizer != 0.0:
        raise TypeError("%s: 'l2_regularizer' must be 0.0 (as in MindSpore 2.10), but got %r"
                        % (op, l2_regularizer))
    _need_tensor(op, "x", x, 2, _FLOATS)
    _need_tensor(op, "a", a, (1, 2), (x.dtype,))
    if a.shape[0] != x.shape[0]:
        raise ValueError("%s: 'a' must have %d rows (those of 'x'), but got shape %s"
                         % (op, x.shape[0], tuple(a.shape)))
    if a.ndim == 1:
        a = F.expand_dims(a, 1)
    return _least_squares(op, x, a, 0.0)


def matrix_solve_ls(matrix, rhs, l2, fast=True):
    """The regularised least-squares solution of ``matrix @ out = rhs`` for each matrix of a
    batch: ``out`` minimises ``||matrix @ out - rhs||^2 + l2 * ||out||^2``. With ``fast`` the
    normal equations are solved (the minimum-norm solution for a wide matrix); otherwise the
    unregularised problem is solved by an orthogonal decomposition and ``l2`` must be 0.

    Args:
        matrix (Tensor): float32/float64, (..., M, N).
        rhs (Tensor): ``matrix``'s dtype, (..., M, K).
        l2 (Tensor): a float64 scalar >= 0.
        fast (bool): the normal equations (True) or the orthogonal decomposition. Default:
            ``True``.

    Returns:
        Tensor (..., N, K) of ``matrix``'s dtype.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above, or ``fast`` not a bool.
        ValueError: the shapes do not fit, ``l2`` is negative, or ``fast`` is False with
            ``l2`` not 0.
    """
    op = "MatrixSolveLs"
    if not isinstance(fast, bool):
        raise TypeError("%s: 'fast' must be a bool, but got %r" % (op, fast))
    _need_tensor(op, "matrix", matrix, None, (mstype.float32, mstype.float64))
    _need_tensor(op, "rhs", rhs, None, (matrix.dtype,))
    if matrix.ndim < 2 or rhs.ndim != matrix.ndim or rhs.shape[:-1] != matrix.shape[:-1]:
        raise ValueError("%s: 'matrix' (..., M, N) and 'rhs' (..., M, K) do not fit: %s and %s"
                         % (op, tuple(matrix.shape), tuple(rhs.shape)))
    if isinstance(l2, Tensor):
        if l2.size != 1:
            raise ValueError("%s: 'l2' must be a scalar, but got shape %s"
                             % (op, tuple(l2.shape)))
        l2 = float(l2.asnumpy().reshape(-1)[0])
    if not isinstance(l2, (int, float)) or isinstance(l2, bool) or l2 < 0:
        raise ValueError("%s: 'l2' must be a number >= 0, but got %r" % (op, l2))
    if not fast:
        if l2:
            raise ValueError("%s: 'l2' must be 0 when 'fast' is False, but got %r" % (op, l2))
        return F.matmul(F.pinv(matrix), rhs)
    return _least_squares(op, matrix, rhs, l2)


def matrix_triangular_solve(matrix, rhs, lower=True, adjoint=False):
    """Solves ``T @ out = rhs`` for the triangle ``T`` of each square ``matrix`` (its lower
    triangle with ``lower``, else the upper; the other entries are not read), or
    ``T^H @ out = rhs`` with ``adjoint``.

    Args:
        matrix (Tensor): float, (..., M, M).
        rhs (Tensor): ``matrix``'s dtype, (..., M, K), batch dimensions broadcast.
        lower (bool): use the lower triangle. Default: ``True``.
        adjoint (bool): solve with the (conjugate) transpose of the triangle. Default:
            ``False``.

    Returns:
        Tensor (..., M, K).

    Raises:
        TypeError: an input is not a float Tensor or a flag not a bool.
        ValueError: ``matrix`` is not square or the shapes do not fit.
    """
    op = "MatrixTriangularSolve"
    for arg, v in (("lower", lower), ("adjoint", adjoint)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    _need_tensor(op, "matrix", matrix, None, _FLOATS)
    _need_tensor(op, "rhs", rhs, None, (matrix.dtype,))
    if matrix.ndim < 2 or matrix.shape[-1] != matrix.shape[-2] or rhs.ndim < 2 or \
            rhs.shape[-2] != matrix.shape[-1]:
        raise ValueError("%s: 'matrix' must be (..., M, M) and 'rhs' (..., M, K), but got %s "
                         "and %s" % (op, tuple(matrix.shape), tuple(rhs.shape)))
    tri = F.tril(matrix) if lower else F.triu(matrix)
    if adjoint:
        tri = F.swapaxes(tri, -1, -2)
    batch = np.broadcast_shapes(tuple(tri.shape[:-2]), tuple(rhs.shape[:-2]))
    tri = F.broadcast_to(tri, batch + tuple(tri.shape[-2:]))
    rhs = F.broadcast_to(rhs, batch + tuple(rhs.shape[-2:]))
    return F.matrix_solve(tri, rhs)


def tridiagonal_matmul(superdiag, maindiag, subdiag, rhs):
    """The product of the tridiagonal matrices given by their diagonals with ``rhs``: row
    ``i`` of the result is ``subdiag[i] * rhs[i-1] + maindiag[i] * rhs[i] + superdiag[i] *
    rhs[i+1]`` (``subdiag[0]`` and ``superdiag[M-1]`` are not read).

    Args:
        superdiag (Tensor): float, (..., 1, M).
        maindiag (Tensor): (..., 1, M), ``superdiag``'s dtype.
        subdiag (Tensor): (..., 1, M), ``superdiag``'s dtype.
        rhs (Tensor): (..., M, N), ``superdiag``'s dtype.

    Returns:
        Tensor (..., M, N).

    Raises:
        TypeError: an input is not a float Tensor or the dtypes differ.
        ValueError: the shapes do not fit.
    """
    op = "TridiagonalMatMul"
    _need_tensor(op, "superdiag", superdiag, None, _FLOATS)
    for arg, t in (("maindiag", maindiag), ("subdiag", subdiag), ("rhs", rhs)):
        _need_tensor(op, arg, t, None, (superdiag.dtype,))
    if rhs.ndim < 2:
        raise ValueError("%s: 'rhs' must be (..., M, N), but got shape %s"
                         % (op, tuple(rhs.shape)))
    m = rhs.shape[-2]
    want = tuple(rhs.shape[:-2]) + (1, m)
    for arg, t in (("superdiag", superdiag), ("maindiag", maindiag), ("subdiag", subdiag)):
        if tuple(t.shape) != want:
            raise ValueError("%s: '%s' must have shape %s (rhs is %s), but got %s"
                             % (op, arg, want, tuple(rhs.shape), tuple(t.shape)))
    sup, main, sub = (F.swapaxes(t, -1, -2) for t in (superdiag, maindiag, subdiag))
    out = main * rhs
    if m > 1:
        zero = F.zeros_like(rhs[..., :1, :])
        out = out + sup * F.cat((rhs[..., 1:, :], zero), -2)
        out = out + sub * F.cat((zero, rhs[..., :-1, :]), -2)
    return out


# ---------------------------------------------------------------------------------- indices


def unravel_index(indices, dims):
    """The coordinates of flat ``indices`` in an array of shape ``dims`` (row-major).

    Args:
        indices (Tensor): int32/int64, a scalar or 1-D, each in ``[0, prod(dims))``.
        dims (Tensor): 1-D, ``indices``' dtype, the shape.

    Returns:
        Tensor of ``indices``' dtype: ``(len(dims),)`` for a scalar index, else
        ``(len(dims), len(indices))`` (row ``k`` the ``k``-th coordinates).

    Raises:
        TypeError: an input is not an int32/int64 Tensor or the dtypes differ.
        ValueError: an index is negative or outside the shape, or a rank is wrong.
    """
    op = "UnravelIndex"
    _need_tensor(op, "indices", indices, (0, 1), (mstype.int32, mstype.int64))
    _need_tensor(op, "dims", dims, 1, (indices.dtype,))
    idx, shape = indices.asnumpy(), dims.asnumpy()
    if (shape <= 0).any():
        raise ValueError("%s: 'dims' must be positive, but got %s" % (op, shape.tolist()))
    if (idx < 0).any():
        raise ValueError("%s: 'indices' must be >= 0, but got %s" % (op, idx.tolist()))
    if (idx >= np.prod(shape)).any():
        raise ValueError("%s: 'indices' %s must be < %d (the size of dims %s)"
                         % (op, idx.tolist(), int(np.prod(shape)), shape.tolist()))
    out = np.stack(np.unravel_index(idx, tuple(int(s) for s in shape)))
    return Tensor(out.astype(idx.dtype))


def list_diff(x, y, out_idx=mstype.int32):
    """The values of ``x`` that are not in ``y``, in their order in ``x`` (repeats kept), and
    their positions in ``x``.

    Args:
        x (Tensor): 1-D.
        y (Tensor): 1-D, ``x``'s dtype.
        out_idx (mindspore.dtype): the dtype of the positions, int32 or int64. Default:
            ``mindspore.int32``.

    Returns:
        tuple(Tensor, Tensor): the values (``x``'s dtype) and their positions (``out_idx``).

    Raises:
        TypeError: an input is not a Tensor, the dtypes differ, or ``out_idx`` is not int32 or
            int64.
        ValueError: an input is not 1-D.
    """
    op = "ListDiff"
    if out_idx not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'out_idx' must be mindspore.int32 or mindspore.int64, but got %r"
                        % (op, out_idx))
    _need_tensor(op, "x", x, 1)
    _need_tensor(op, "y", y, 1, (x.dtype,))
    keep = np.flatnonzero(~np.isin(x.asnumpy(), y.asnumpy()))
    return F.gather(x, Tensor(keep.astype(np.int64)), 0), Tensor(keep.astype(out_idx.np_dtype))


def nth_element(input, n, reverse=False):
    """The ``n``-th smallest value (from 0) along the last axis of ``input``; with
    ``reverse``, the ``n``-th largest.

    Args:
        input (Tensor): a number Tensor of rank >= 1.
        n (Union[int, Tensor]): in ``[0, input.shape[-1])``; an int or a 0-d int32 Tensor.
        reverse (bool): count from the largest. Default: ``False``.

    Returns:
        Tensor of ``input``'s dtype, shape ``input.shape[:-1]``.

    Raises:
        TypeError: ``input`` is not a Tensor or ``n`` not an int.
        ValueError: ``n`` is outside the last axis.
    """
    op = "NthElement"
    if not isinstance(reverse, bool):
        raise TypeError("%s: 'reverse' must be a bool, but got %r" % (op, reverse))
    _need_tensor(op, "input", input)
    if input.ndim < 1:
        raise ValueError("%s: 'input' must have rank >= 1, but got a 0-d Tensor" % op)
    n = _int_value(op, "n", n)
    if not 0 <= n < input.shape[-1]:
        raise ValueError("%s: 'n' must be in [0, %d), but got %d" % (op, input.shape[-1], n))
    values = F.sort(input, -1, reverse)[0]
    return values[..., n]


def split_v(input_x, size_splits, split_dim, num_split):
    """``input_x`` cut along ``split_dim`` into ``num_split`` pieces of the sizes
    ``size_splits`` (one of them may be -1: the rest of the axis).

    Args:
        input_x (Tensor): the input.
        size_splits (Union[tuple[int], list[int]]): the sizes, ``num_split`` of them.
        split_dim (int): the axis, in ``[-rank, rank)``.
        num_split (int): the number of pieces, > 0.

    Returns:
        tuple(Tensor), the pieces.

    Raises:
        TypeError: ``input_x`` is not a Tensor or an argument not an int.
        ValueError: the sizes do not add up to the axis or there is more than one -1.
    """
    op = "SplitV"
    _need_tensor(op, "input_x", input_x)
    if isinstance(num_split, bool) or not isinstance(num_split, int) or num_split < 1:
        raise ValueError("%s: 'num_split' must be a positive int, but got %r" % (op, num_split))
    if isinstance(split_dim, bool) or not isinstance(split_dim, int) or \
            not -input_x.ndim <= split_dim < input_x.ndim:
        raise ValueError("%s: 'split_dim' must be an int in [%d, %d), but got %r"
                         % (op, -input_x.ndim, input_x.ndim, split_dim))
    sizes = list(size_splits) if isinstance(size_splits, (tuple, list)) else None
    if sizes is None or len(sizes) != num_split or not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= -1 for s in sizes) or \
            sizes.count(-1) > 1:
        raise ValueError("%s: 'size_splits' must be %d ints >= 0 (one may be -1), but got %r"
                         % (op, num_split, size_splits))
    length = input_x.shape[split_dim]
    if -1 in sizes:
        sizes[sizes.index(-1)] = length - (sum(sizes) + 1)
    if sum(sizes) != length or min(sizes) < 0:
        raise ValueError("%s: 'size_splits' %r must add up to the size %d of axis %d"
                         % (op, size_splits, length, split_dim))
    return tuple(F.split(input_x, sizes, split_dim))


# ---------------------------------------------------------------------------- elementwise-ish


def cumulative_logsumexp(x, axis, exclusive=False, reverse=False):
    """``log(cumsum(exp(x)))`` along ``axis``, computed stably. With ``exclusive`` the
    element itself is left out (the first result is the lowest finite value of the dtype);
    with ``reverse`` the sums run from the end.

    Args:
        x (Tensor): float16/32/64.
        axis (Union[int, Tensor]): the axis, an int or a 0-d int Tensor.
        exclusive (bool): leave each element out of its own sum. Default: ``False``.
        reverse (bool): sum from the end of the axis. Default: ``False``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float Tensor or a flag not a bool.
        ValueError: ``axis`` is outside ``x``'s rank.
    """
    op = "CumulativeLogsumexp"
    for arg, v in (("exclusive", exclusive), ("reverse", reverse)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    _need_tensor(op, "x", x, None, _FLOATS)
    axis = _int_value(op, "axis", axis)
    rank = max(x.ndim, 1)
    if not -rank <= axis < rank:
        raise ValueError("%s: 'axis' must be in [%d, %d), but got %d" % (op, -rank, rank, axis))
    if x.ndim == 0:
        return x if not exclusive else Tensor(float(np.finfo(x.dtype.np_dtype).min), x.dtype)
    axis %= x.ndim
    y = F.flip(x, (axis,)) if reverse else x
    y = F.logcumsumexp(y, axis)
    if exclusive:
        low = F.full_like(F.narrow(y, axis, 0, 1), float(np.finfo(x.dtype.np_dtype).min))
        y = F.cat((low, F.narrow(y, axis, 0, x.shape[axis] - 1)), axis)
    return F.flip(y, (axis,)) if reverse else y


def check_numerics(x):
    """``x`` itself after checking that it holds no NaN or infinity.

    Args:
        x (Tensor): float16/32/64.

    Returns:
        Tensor, ``x``.

    Raises:
        TypeError: ``x`` is not a float Tensor.
        RuntimeError: ``x`` holds a NaN or an infinity (as MindSpore raises).
    """
    op = "CheckNumerics"
    _need_tensor(op, "x", x, None, _FLOATS)
    values = x.asnumpy()
    if np.isnan(values).any():
        raise RuntimeError("%s: the Tensor had NaN values" % op)
    if np.isinf(values).any():
        raise RuntimeError("%s: the Tensor had Inf values" % op)
    return F.identity(x)


def fill_diagonal(input_x, fill_value, wrap=False):
    """``input_x`` with its main diagonal set to ``fill_value`` (cast to its dtype). For a
    tall matrix, ``wrap`` restarts the diagonal after every ``N + 1`` rows (numpy's
    ``fill_diagonal``).

    Args:
        input_x (Tensor): rank >= 2; all dimensions equal when the rank is above 2.
        fill_value (float): the value.
        wrap (bool): wrap the diagonal of a tall matrix. Default: ``False``.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: ``input_x`` is not a Tensor, ``fill_value`` not a number or ``wrap`` not a
            bool.
        ValueError: the rank is below 2, or above 2 with unequal dimensions.
    """
    op = "FillDiagonal"
    if not isinstance(wrap, bool):
        raise TypeError("%s: 'wrap' must be a bool, but got %r" % (op, wrap))
    if isinstance(fill_value, bool) or not isinstance(fill_value, (int, float)):
        raise TypeError("%s: 'fill_value' must be a number, but got %r" % (op, fill_value))
    _need_tensor(op, "input_x", input_x)
    if input_x.ndim < 2:
        raise ValueError("%s: 'input_x' must have rank >= 2, but got shape %s"
                         % (op, tuple(input_x.shape)))
    if input_x.ndim > 2 and len(set(input_x.shape)) != 1:
        raise ValueError("%s: 'input_x' must have equal dimensions when its rank is above 2, "
                         "but got shape %s" % (op, tuple(input_x.shape)))
    mask = np.zeros(tuple(input_x.shape), np.bool_)
    np.fill_diagonal(mask, True, wrap=wrap)
    value = fill_value if input_x.dtype.is_floating_point else math.trunc(fill_value)
    return F.masked_fill(input_x, Tensor(mask), Tensor(value, input_x.dtype))


def data_format_vec_permute(x, src_format="NHWC", dst_format="NCHW"):
    """The 4 per-dimension values ``x`` (a shape, or one (before, after) pair per row) moved
    from the dimension order ``src_format`` to ``dst_format``.

    Args:
        x (Tensor): int32/int64, (4,) or (4, 2).
        src_format (str): "NHWC" or "NCHW". Default: ``"NHWC"``.
        dst_format (str): "NHWC" or "NCHW". Default: ``"NCHW"``.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not an int32/int64 Tensor.
        ValueError: a format is not "NHWC"/"NCHW" or ``x`` not (4,) or (4, 2).
    """
    op = "DataFormatVecPermute"
    for arg, v in (("src_format", src_format), ("dst_format", dst_format)):
        if v not in ("NHWC", "NCHW"):
            raise ValueError("%s: '%s' must be 'NHWC' or 'NCHW', but got %r" % (op, arg, v))
    _need_tensor(op, "x", x, None, (mstype.int32, mstype.int64))
    if tuple(x.shape) not in ((4,), (4, 2)):
        raise ValueError("%s: 'x' must have shape (4,) or (4, 2), but got %s"
                         % (op, tuple(x.shape)))
    perm = [src_format.index(c) for c in dst_format]
    return F.gather(x, Tensor(np.array(perm, np.int64)), 0)


def histogram(x, bins=100, min=0.0, max=0.0):
    """Counts of the values of ``x`` in ``bins`` equal bins over ``[min, max]`` (``ops.histc``;
    ``min == max == 0`` takes the range of ``x``; values outside are not counted).

    Args:
        x (Tensor): float16, float32 or int32.
        bins (int): the number of bins, > 0. Default: ``100``.
        min (float): the lower end. Default: ``0.0``.
        max (float): the upper end. Default: ``0.0``.

    Returns:
        Tensor (bins,) of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a float16, float32 or int32 Tensor.
        ValueError: ``bins`` is not positive or ``min`` is above ``max``.
    """
    _need_tensor("Histogram", "x", x, None, (mstype.float16, mstype.float32, mstype.int32))
    return F.histc(x, bins, min, max)


def histogram_fixed_width(x, range, nbins, dtype="int32"):
    """Counts of the values of ``x`` in ``nbins`` equal bins over ``[range[0], range[1])``;
    values below the range count in the first bin, values from ``range[1]`` up in the last.

    Args:
        x (Tensor): int32, float16, float32 or float64.
        range (Tensor): (2,), ``x``'s dtype, ``range[0] < range[1]``.
        nbins (int): the number of bins, > 0.
        dtype (str): "int32", the only dtype of the counts. Default: ``"int32"``.

    Returns:
        Tensor (nbins,) int32.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above, or ``dtype`` not "int32".
        ValueError: ``nbins`` is not positive, ``range`` not 2 increasing values or ``x``
            holds a NaN.
    """
    op = "HistogramFixedWidth"
    if dtype != "int32":
        raise TypeError("%s: 'dtype' must be 'int32', but got %r" % (op, dtype))
    if isinstance(nbins, bool) or not isinstance(nbins, int) or not 0 < nbins < 2 ** 31:
        raise ValueError("%s: 'nbins' must be a positive int32, but got %r" % (op, nbins))
    _need_tensor(op, "x", x, None, (mstype.int32,) + _FLOATS)
    _need_tensor(op, "range", range, 1, (x.dtype,))
    lo, hi = (float(v) for v in range.asnumpy().astype(np.float64)) if range.shape[0] == 2 \
        else (None, None)
    if lo is None or not lo < hi:
        raise ValueError("%s: 'range' must be 2 increasing values, but got %s"
                         % (op, range.asnumpy().tolist()))
    values = x.asnumpy().astype(np.float64).reshape(-1)
    if np.isnan(values).any():
        raise ValueError("%s: 'x' must not hold NaN (it falls in no bin)" % op)
    bins = np.clip(np.floor((values - lo) / (hi - lo) * nbins), 0, nbins - 1).astype(np.int64)
    return Tensor(np.bincount(bins, minlength=nbins).astype(np.int32))


def euclidean_norm(x, axes, keep_dims=False):
    """``sqrt(sum(x ** 2))`` over ``axes`` (integer inputs are reduced in float64 and
    truncated back to their dtype).

    Args:
        x (Tensor): a number Tensor.
        axes (Union[int, tuple[int], list[int], Tensor]): the axes, each in ``[-rank, rank)``.
        keep_dims (bool): keep the reduced axes with size 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a number Tensor or ``keep_dims`` not a bool.
        ValueError: an axis is outside ``x``'s rank.
    """
    op = "EuclideanNorm"
    if not isinstance(keep_dims, bool):
        raise TypeError("%s: 'keep_dims' must be a bool, but got %r" % (op, keep_dims))
    _need_tensor(op, "x", x)
    if x.dtype == mstype.bool_:
        raise TypeError("%s: 'x' must be a number Tensor, but got Bool" % op)
    if isinstance(axes, Tensor):
        axes = axes.asnumpy().reshape(-1).tolist()
    axes = [axes] if isinstance(axes, int) else list(axes)
    rank = max(x.ndim, 1)
    if not all(isinstance(a, int) and -rank <= a < rank for a in axes):
        raise ValueError("%s: 'axes' must be ints in [%d, %d), but got %r"
                         % (op, -rank, rank, axes))
    axes = tuple(sorted({a % rank for a in axes}))
    if x.dtype.is_floating_point:
        return F.sqrt(F.reduce_sum(F.square(x), axes, keep_dims) if axes else F.square(x))
    wide = F.cast(x, mstype.float64)
    out = F.sqrt(F.reduce_sum(F.square(wide), axes, keep_dims) if axes else F.square(wide))
    return F.cast(F.trunc(out), x.dtype)


def identity_n(x):
    """The tensors of ``x``, unchanged, as a tuple.

    Args:
        x (Union[tuple[Tensor], list[Tensor]]): the tensors.

    Returns:
        tuple(Tensor).

    Raises:
        TypeError: ``x`` is not a tuple or list of Tensors.
    """
    if not isinstance(x, (tuple, list)) or not x or not all(isinstance(t, Tensor) for t in x):
        raise TypeError("IdentityN: 'x' must be a non-empty tuple or list of Tensors, but got %r"
                        % (x,))
    return tuple(F.identity(t) for t in x)


def scatter_add_with_axis(input_x, indices, updates, axis=0):
    """``input_x`` with each of ``updates`` added at the position given by ``indices`` along
    ``axis`` (the other coordinates its own): ``ops.tensor_scatter_elements`` with
    ``reduction="add"``.

    Args:
        input_x (Tensor): the input, rank >= 1.
        indices (Tensor): int32/int64 of ``updates``' shape, each in ``[-n, n)`` for the size
            ``n`` of ``axis``.
        updates (Tensor): ``input_x``'s dtype and rank.
        axis (int): the axis. Default: ``0``.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: an input is not a Tensor of a fitting dtype.
        ValueError: the shapes do not fit or an index is out of range.
    """
    return F.tensor_scatter_elements(input_x, indices, updates, axis, "add")


def adaptive_max_pool2d_prim(input_x, output_size):
    """2-D adaptive max pooling returning the maxima and their indices (into each plane's
    flattened (H, W)), ``ops.adaptive_max_pool2d(..., return_indices=True)``.

    Args:
        input_x (Tensor): float, (C, H, W) or (N, C, H, W).
        output_size (Union[tuple[int], list[int]]): (H_out, W_out).

    Returns:
        tuple(Tensor, Tensor): the pooled values and their int64 indices.

    Raises:
        TypeError: ``output_size`` is not a tuple or list of ints.
    """
    if not isinstance(output_size, (tuple, list)) or len(output_size) != 2 or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in output_size):
        raise TypeError("AdaptiveMaxPool2D: 'output_size' must be a tuple or list of 2 positive "
                        "ints, but got %r" % (output_size,))
    return F.adaptive_max_pool2d(input_x, tuple(output_size), True)


def batch_to_space_nd_v2(input_x, block_shape, crops):
    """``ops.batch_to_space_nd`` with ``block_shape`` and ``crops`` given as Tensors (or
    sequences).

    Args:
        input_x (Tensor): the input, (N, C, H, W).
        block_shape (Union[Tensor, tuple[int], list[int]]): the block sizes.
        crops (Union[Tensor, tuple, list]): per spatial axis, (start, end) amounts cropped.

    Returns:
        Tensor: see ``ops.batch_to_space_nd``.
    """
    for arg, v in (("block_shape", block_shape), ("crops", crops)):
        if isinstance(v, Tensor) and v.dtype not in _INTS:
            raise TypeError("BatchToSpaceNDV2: '%s' must be an int Tensor, but got %s"
                            % (arg, v.dtype))
    if isinstance(block_shape, Tensor):
        block_shape = [int(v) for v in block_shape.asnumpy().reshape(-1)]
    if isinstance(crops, Tensor):
        crops = crops.asnumpy().tolist()
    return F.batch_to_space_nd(input_x, list(block_shape), [list(c) for c in crops])


def _block(op, block_size):
    if isinstance(block_size, bool) or not isinstance(block_size, int) or block_size < 2:
        raise ValueError("%s: 'block_size' must be an int >= 2, but got %r" % (op, block_size))
    return [block_size, block_size]


def batch_to_space(x, block_size, crops):
    """Moves blocks of the batch dimension of the 4-D ``x`` into its height and width, then
    crops: ``ops.batch_to_space_nd`` with the block ``(block_size, block_size)``.

    Args:
        x (Tensor): (N, C, H, W), N a multiple of ``block_size ** 2``.
        block_size (int): the block side, >= 2.
        crops (Union[tuple, list]): ((top, bottom), (left, right)) amounts cropped.

    Returns:
        Tensor (N / block_size ** 2, C, H * block_size - top - bottom,
        W * block_size - left - right).

    Raises:
        ValueError: ``block_size`` is below 2 or the shapes do not fit.
    """
    return F.batch_to_space_nd(x, _block("BatchToSpace", block_size), crops)


def space_to_batch(x, block_size, paddings):
    """Pads the height and width of the 4-D ``x``, then moves blocks of them into the batch
    dimension: ``ops.space_to_batch_nd`` with the block ``(block_size, block_size)``.

    Args:
        x (Tensor): (N, C, H, W).
        block_size (int): the block side, >= 2.
        paddings (Union[tuple, list]): ((top, bottom), (left, right)); the padded sizes must be
            multiples of ``block_size``.

    Returns:
        Tensor (N * block_size ** 2, C, (H + top + bottom) / block_size,
        (W + left + right) / block_size).

    Raises:
        ValueError: ``block_size`` is below 2 or the shapes do not fit.
    """
    return F.space_to_batch_nd(x, _block("SpaceToBatch", block_size), paddings)


# ------------------------------------------------------------------------------------ random


def _rng_stream(op, seed, seed2):
    from mindcell.ops.function.random_more_func import _stream
    for arg, v in (("seed", seed), ("seed2", seed2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError("%s: '%s' must be an int >= 0, but got %r" % (op, arg, v))
    return _stream((seed * 1000003 + seed2) if (seed or seed2) else None, op)


def _uniform01(shape, stream, dtype=mstype.float64):
    from mindcell.ops.function.random_more_func import _uniform
    return _uniform(shape, stream, dtype)


def _shape_of(op, shape):
    if isinstance(shape, Tensor):
        if shape.ndim != 1 or shape.dtype not in _INTS:
            raise TypeError("%s: 'shape' must be a 1-D int Tensor, but got %s %s"
                            % (op, shape.dtype, tuple(shape.shape)))
        shape = shape.asnumpy().tolist()
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, int) and not isinstance(s, bool) and s >= 0 for s in shape):
        raise ValueError("%s: 'shape' must be non-negative ints, but got %r" % (op, shape))
    return tuple(shape)


def truncated_normal(shape, dtype=mstype.float32, seed=0, seed2=0):
    """Samples of the standard normal distribution truncated to ``[-2, 2]``.

    Args:
        shape (Tensor): 1-D int32/int64, at least 2 values.
        dtype (mindspore.dtype): float16, float32 or float64. Default: ``mindspore.float32``.
        seed (int): with ``seed2``, a seed for the draw; both 0 use the global generator.
            Default: ``0``.
        seed2 (int): the second seed. Default: ``0``.

    Returns:
        Tensor of ``shape`` and ``dtype``.

    Raises:
        TypeError: ``dtype`` is not a float dtype or ``shape`` not an int Tensor.
        ValueError: ``shape`` has fewer than 2 values or a seed is negative.
    """
    op = "TruncatedNormal"
    if dtype not in _FLOATS:
        raise TypeError("%s: 'dtype' must be float16, float32 or float64, but got %r"
                        % (op, dtype))
    shape = _shape_of(op, shape)
    if len(shape) < 2:
        raise ValueError("%s: 'shape' must have at least 2 values, but got %r" % (op, shape))
    u = _uniform01(shape, _rng_stream(op, seed, seed2))
    lo = 0.5 * math.erfc(2.0 / math.sqrt(2.0))  # the normal CDF at -2
    p = lo + u * (1.0 - 2.0 * lo)
    z = F.clamp(math.sqrt(2.0) * F.erfinv(2.0 * p - 1.0), -2.0, 2.0)
    return F.cast(z, dtype)


def cauchy(size, median=0.0, sigma=1.0):
    """Samples of the Cauchy distribution ``median + sigma * tan(pi * (u - 1/2))``.

    Args:
        size (Union[tuple[int], list[int]]): the shape.
        median (float): the location. Default: ``0.0``.
        sigma (float): the scale, > 0. Default: ``1.0``.

    Returns:
        Tensor of ``size``, float32.

    Raises:
        TypeError: ``size`` is not a list of ints or a parameter not a float.
        ValueError: ``sigma`` is not positive.
    """
    op = "Cauchy"
    if not isinstance(size, (tuple, list)) or not size or not all(
            isinstance(s, int) and not isinstance(s, bool) and s > 0 for s in size):
        raise TypeError("%s: 'size' must be a non-empty list of positive ints, but got %r"
                        % (op, size))
    for arg, v in (("median", median), ("sigma", sigma)):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError("%s: '%s' must be a float, but got %r" % (op, arg, v))
    if sigma <= 0:
        raise ValueError("%s: 'sigma' must be > 0, but got %r" % (op, sigma))
    u = _uniform01(tuple(size), _rng_stream(op, 0, 0))
    return F.cast(median + sigma * F.tan(math.pi * (u - 0.5)), mstype.float32)


def log_normal_reverse(input, mean=1.0, std=2.0):
    """A Tensor of ``input``'s shape and dtype filled with samples of the log-normal
    distribution ``exp(mean + std * N(0, 1))`` (``input``'s values are not read).

    Args:
        input (Tensor): float16, float32 or float64.
        mean (float): the mean of the underlying normal. Default: ``1.0``.
        std (float): its standard deviation, > 0. Default: ``2.0``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float Tensor.
        ValueError: ``std`` is not positive.
    """
    op = "LogNormalReverse"
    _need_tensor(op, "input", input, None, _FLOATS)
    for arg, v in (("mean", mean), ("std", std)):
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            raise TypeError("%s: '%s' must be a float, but got %r" % (op, arg, v))
    if std <= 0:
        raise ValueError("%s: 'std' must be > 0, but got %r" % (op, std))
    u1 = _uniform01(tuple(input.shape), _rng_stream(op, 0, 0))
    u2 = _uniform01(tuple(input.shape), _rng_stream(op, 0, 0))
    z = F.sqrt(-2.0 * F.log(1.0 - u1)) * F.cos(2.0 * math.pi * u2)
    return F.cast(F.exp(mean + std * z), input.dtype)


def randperm_padded(n, max_length=1, pad=-1, dtype=mstype.int32):
    """A random permutation of ``0 .. n - 1`` followed by ``pad`` up to ``max_length``
    values.

    Args:
        n (Tensor): a (1,) int32/int64 Tensor, ``0 <= n <= max_length``.
        max_length (int): the length of the result, > 0. Default: ``1``.
        pad (int): the value after the permutation. Default: ``-1``.
        dtype (mindspore.dtype): an int dtype of the result. Default: ``mindspore.int32``.

    Returns:
        Tensor (max_length,) of ``dtype``.

    Raises:
        TypeError: ``n`` is not an int Tensor or ``dtype`` not an int dtype.
        ValueError: ``n`` is negative or above ``max_length``.
    """
    from mindcell.ops.function.random_more_func import _permutation, _stream
    op = "Randperm"
    if dtype not in (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8,
                     mstype.uint16, mstype.uint32, mstype.uint64):
        raise TypeError("%s: 'dtype' must be an int dtype, but got %r" % (op, dtype))
    if isinstance(max_length, bool) or not isinstance(max_length, int) or max_length < 1:
        raise ValueError("%s: 'max_length' must be a positive int, but got %r"
                         % (op, max_length))
    if isinstance(pad, bool) or not isinstance(pad, int):
        raise TypeError("%s: 'pad' must be an int, but got %r" % (op, pad))
    _need_tensor(op, "n", n, None, (mstype.int32, mstype.int64))
    count = _int_value(op, "n", n)
    if not 0 <= count <= max_length:
        raise ValueError("%s: 'n' must be in [0, max_length=%d], but got %d"
                         % (op, max_length, count))
    perm = F.cast(_permutation(count, _stream(None, op)), dtype)
    if count == max_length:
        return perm
    return F.cat((perm, F.full((max_length - count,), pad, dtype=dtype)))


def randperm_v2(n, seed=0, offset=0, dtype=mstype.int64):
    """A random permutation of ``0 .. n - 1`` (``ops.randperm`` with ``n`` an int or a
    one-element int Tensor).

    Args:
        n (Union[int, Tensor]): the length, >= 0.
        seed (int): the op seed; 0 draws from the global stream. Default: ``0``.
        offset (int): with ``seed``, names another stream. Default: ``0``.
        dtype (mindspore.dtype): the result's dtype. Default: ``mindspore.int64``.

    Returns:
        Tensor (n,) of ``dtype``.

    Raises:
        TypeError: ``n`` is not an int.
        ValueError: ``n`` is negative or too large for ``dtype``.
    """
    return F.randperm(_int_value("RandpermV2", "n", n), seed, offset, dtype)


def nuclear_norm(x, dim=None, keepdim=False):
    """The nuclear norm (the sum of the singular values) of the matrices of ``x`` over the two
    axes ``dim``.

    Args:
        x (Tensor): float32/float64, rank >= 2 (exactly 2 when ``dim`` is None).
        dim (Union[tuple[int], list[int]], optional): the two matrix axes; None: (0, 1) of a
            2-D ``x``. Default: ``None``.
        keepdim (bool): keep the two axes with size 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a float Tensor or ``keepdim`` not a bool.
        ValueError: ``dim`` is not two distinct axes of ``x``, or None for a ``x`` not 2-D.
    """
    op = "NuclearNorm"
    if not isinstance(keepdim, bool):
        raise TypeError("%s: 'keepdim' must be a bool, but got %r" % (op, keepdim))
    _need_tensor(op, "x", x, None, (mstype.float32, mstype.float64))
    if dim is None:
        if x.ndim != 2:
            raise ValueError("%s: 'dim' None takes a 2-D 'x', but got shape %s"
                             % (op, tuple(x.shape)))
        dim = (0, 1)
    if not isinstance(dim, (tuple, list)) or len(dim) != 2 or not all(
            isinstance(d, int) and not isinstance(d, bool) and -x.ndim <= d < x.ndim
            for d in dim) or dim[0] % x.ndim == dim[1] % x.ndim:
        raise ValueError("%s: 'dim' must be two distinct axes in [%d, %d), but got %r"
                         % (op, -x.ndim, x.ndim, dim))
    return F.matrix_norm(x, "nuc", tuple(dim), keepdim)


def masked_scatter(x, mask, updates):
    """``x`` with the positions where ``mask`` is True filled, in order, from the leading
    elements of ``updates`` (``Tensor.masked_scatter``).

    Args:
        x (Tensor): the input.
        mask (Tensor): bool, broadcast to ``x``'s shape.
        updates (Tensor): ``x``'s dtype, at least as many elements as ``mask`` has True.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: an input is not a Tensor or ``mask`` not bool.
        ValueError: ``updates`` has too few elements.
    """
    _need_tensor("MaskedScatter", "x", x)
    return x.masked_scatter(mask, updates)


def scatter_non_aliasing_add(input_x, indices, updates):
    """Adds ``updates`` to the Parameter ``input_x`` at the index tuples ``indices`` (its last
    axis), in place, and returns the updated value (``ops.scatter_nd_add``).

    Args:
        input_x (Parameter): the Parameter updated.
        indices (Tensor): int32/int64, (..., k) index tuples into the first k axes.
        updates (Tensor): ``indices.shape[:-1] + input_x.shape[k:]``, ``input_x``'s dtype.

    Returns:
        Tensor, the updated value of ``input_x``.

    Raises:
        TypeError: ``input_x`` is not a Parameter or ``indices`` not an int Tensor.
        ValueError: the shapes do not fit.
    """
    return F.scatter_nd_add(input_x, indices, updates)


def max_unpool3d_prim(x, argmax, ksize, strides=0, pads=0, output_shape=(), data_format="NCDHW"):
    """Puts each value of ``x`` at its flat position ``argmax`` (in D_out * H_out * W_out) of a
    zero volume: the inverse of a 3-D max pooling with indices (``ops.max_unpool3d``).

    Args:
        x (Tensor): (N, C, D, H, W).
        argmax (Tensor): int indices, ``x``'s shape.
        ksize (Union[int, tuple[int]]): the pooling window.
        strides (Union[int, tuple[int]]): the pooling steps; 0 takes ``ksize``. Default: ``0``.
        pads (Union[int, tuple[int]]): the pooling padding. Default: ``0``.
        output_shape (tuple[int]): (N, C, D_out, H_out, W_out), or () for
            ``(D - 1) * stride - 2 * pad + ksize`` per axis. Default: ``()``.
        data_format (str): ``"NCDHW"``. Default: ``"NCDHW"``.

    Returns:
        Tensor (N, C, D_out, H_out, W_out).

    Raises:
        ValueError: an attribute or shape that does not fit, or an index outside the output.
    """
    op = "MaxUnpool3D"
    if data_format != "NCDHW":
        raise ValueError("%s: 'data_format' must be 'NCDHW', but got %r" % (op, data_format))
    if output_shape and (not isinstance(output_shape, (tuple, list)) or len(output_shape) != 5):
        raise ValueError("%s: 'output_shape' must be () or 5 ints, but got %r"
                         % (op, output_shape))
    stride = None if strides == 0 or strides == (0, 0, 0) else strides
    return F.max_unpool3d(x, argmax, ksize, stride, pads,
                          tuple(output_shape[2:]) if output_shape else None)
