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


_SEGMENT_DOC = """

    Args:
        input_x (Tensor): a number Tensor of rank >= 1.
        segment_ids (Tensor): 1-D int32/int64 sorted non-negative ids, one per row.

    Returns:
        Tensor of ``input_x``'s dtype, shape ``(segment_ids[-1] + 1,) + input_x.shape[1:]``.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``segment_ids`` is not 1-D, not sorted, negative, or of the wrong length.
    """


def _segment_reduction(name, op, reduce, empty, summary):
    """The function ``name`` of the Primitive ``op``: ``F.<reduce>`` over the segments, an empty
    segment giving a row of ``empty``; its doc is ``summary`` and the segment reductions'
    Args/Returns/Raises."""
    def reduction(input_x, segment_ids):
        num, counts, shape = _segments(op, input_x, segment_ids)
        return _fill_empty(getattr(F, reduce)(input_x, segment_ids, num), counts, shape, empty)

    reduction.__name__ = reduction.__qualname__ = name
    reduction.__doc__ = summary + _SEGMENT_DOC
    return reduction


segment_max = _segment_reduction(
    "segment_max", "SegmentMax", "unsorted_segment_max", 0,
    """The maximum of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 0.""")

segment_min = _segment_reduction(
    "segment_min", "SegmentMin", "unsorted_segment_min", 0,
    """The minimum of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 0.""")


def segment_mean(input_x, segment_ids):
    num, counts, shape = _segments("SegmentMean", input_x, segment_ids)
    total = F.unsorted_segment_sum(input_x, segment_ids, num)
    count = Tensor(np.maximum(counts, 1).reshape(shape))
    if input_x.dtype.is_floating_point:
        return F.div(total, F.cast(count, input_x.dtype))
    return F.cast(F.div(total, F.cast(count, total.dtype), rounding_mode="trunc"), input_x.dtype)


segment_mean.__doc__ = ("The mean of each segment of rows of ``input_x`` (see ``SegmentSum``); an "
                        "empty segment\n    gives a row of 0, and integer means are truncated "
                        "towards zero." + _SEGMENT_DOC)

segment_prod = _segment_reduction(
    "segment_prod", "SegmentProd", "unsorted_segment_prod", 1,
    """The product of each segment of rows of ``input_x`` (see ``SegmentSum``); an empty
    segment gives a row of 1.""")


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


# -------------------------------------------------------------------------- pooling with argmax


def _argmax_type(op, argmax_type):
    if argmax_type not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'argmax_type' must be mindspore.int32 or mindspore.int64, but got %r"
                        % (op, argmax_type))
    return argmax_type


def max_pool_with_argmax_v2(x, kernel_size, strides=None, pads=0, dilation=(1, 1),
                            ceil_mode=False, argmax_type=mstype.int64):
    """2-D max pooling returning the maxima and where they came from (the index into each
    plane's flattened (H, W)), ``ops.max_pool2d(..., return_indices=True)``.

    Args:
        x (Tensor): float, (N, C, H, W).
        kernel_size (Union[int, tuple[int]]): the window.
        strides (Union[int, tuple[int]], optional): the step; None takes ``kernel_size``.
            Default: ``None``.
        pads (Union[int, tuple[int]]): the padding of each side (-inf), at most half the
            window. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default:
            ``(1, 1)``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        argmax_type (mindspore.dtype): int32 or int64. Default: ``mindspore.int64``.

    Returns:
        tuple(Tensor, Tensor): the maxima and their indices (``argmax_type``).

    Raises:
        TypeError: ``argmax_type`` is not int32/int64.
        ValueError: a size does not fit.
    """
    op = "MaxPoolWithArgmaxV2"
    _argmax_type(op, argmax_type)
    _need_tensor(op, "x", x, 4, _FLOATS)
    stride = kernel_size if strides is None else strides
    out, idx = F.max_pool2d(x, kernel_size, stride, pads, dilation, True, ceil_mode)
    return out, F.cast(idx, argmax_type)


def max_pool3d_with_argmax(x, ksize, strides, pads, dilation=(1, 1, 1), ceil_mode=False,
                           data_format="NCDHW", argmax_type=mstype.int64):
    """3-D max pooling returning the maxima and where they came from (the index into each
    volume's flattened (D, H, W)), ``ops.max_pool3d(..., return_indices=True)``.

    Args:
        x (Tensor): float, (N, C, D, H, W).
        ksize (Union[int, tuple[int]]): the window.
        strides (Union[int, tuple[int]]): the step.
        pads (Union[int, tuple[int]]): the padding of each side (-inf).
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default:
            ``(1, 1, 1)``.
        ceil_mode (bool): round the output size up. Default: ``False``.
        data_format (str): "NCDHW" only. Default: ``"NCDHW"``.
        argmax_type (mindspore.dtype): int32 or int64. Default: ``mindspore.int64``.

    Returns:
        tuple(Tensor, Tensor): the maxima and their indices (``argmax_type``).

    Raises:
        TypeError: ``argmax_type`` is not int32/int64.
        ValueError: ``data_format`` is not "NCDHW" or a size does not fit.
    """
    op = "MaxPool3DWithArgmax"
    if data_format != "NCDHW":
        raise ValueError("%s: 'data_format' must be 'NCDHW', but got %r" % (op, data_format))
    _argmax_type(op, argmax_type)
    _need_tensor(op, "x", x, 5, _FLOATS)
    out, idx = F.max_pool3d(x, ksize, strides, pads, dilation, ceil_mode, True)
    return out, F.cast(idx, argmax_type)


# ---------------------------------------------------------------------------------- resizing


def _size_pair(op, size, n):
    if isinstance(size, Tensor):
        size = size.asnumpy().reshape(-1).tolist()
    if not isinstance(size, (tuple, list)) or len(size) != n or not all(
            isinstance(v, (int, np.integer)) and not isinstance(v, bool) and v > 0 for v in size):
        raise ValueError("%s: 'size' must be %d positive ints, but got %r" % (op, n, size))
    return [int(v) for v in size]


def _apply_matrix(x, w, axis):
    """``x`` resampled along ``axis`` by the (out, in) weight matrix ``w``."""
    moved = F.moveaxis(x, axis, -1)
    out = F.matmul(moved, Tensor(w.T.astype(x.dtype.np_dtype)))
    return F.moveaxis(out, -1, axis)


def _linear_weights(n_in, n_out, mode):
    w = np.zeros((n_out, n_in))
    for o in range(n_out):
        if mode == "align_corners":
            src = o * (n_in - 1) / (n_out - 1) if n_out > 1 else 0.0
        else:
            src = min(max((o + 0.5) * n_in / n_out - 0.5, 0.0), n_in - 1)
        lo = int(np.floor(src))
        hi = min(lo + 1, n_in - 1)
        t = src - lo
        w[o, lo] += 1 - t
        w[o, hi] += t
    return w


def resize_linear_1d(x, size, coordinate_transformation_mode="align_corners"):
    """Linear resampling of the last axis of ``x`` to ``size`` values.

    Args:
        x (Tensor): float, (N, C, W).
        size (Union[tuple[int], Tensor]): (W_out,).
        coordinate_transformation_mode (str): "align_corners" (the end values stay) or
            "half_pixel" (pixel centres, clamped at the ends). Default: ``"align_corners"``.

    Returns:
        Tensor (N, C, W_out) of ``x``'s dtype.

    Raises:
        ValueError: the mode is neither of the above, ``x`` is not 3-D or ``size`` not one
            positive int.
    """
    op = "ResizeLinear1D"
    if coordinate_transformation_mode not in ("align_corners", "half_pixel"):
        raise ValueError("%s: 'coordinate_transformation_mode' must be 'align_corners' or "
                         "'half_pixel' (as in MindSpore 2.10), but got %r"
                         % (op, coordinate_transformation_mode))
    _need_tensor(op, "x", x, 3, _FLOATS)
    (n_out,) = _size_pair(op, size, 1)
    return _apply_matrix(x, _linear_weights(x.shape[-1], n_out, coordinate_transformation_mode),
                         -1)


def _area_weights(n_in, n_out, align_corners):
    scale = (n_in - 1) / (n_out - 1) if align_corners and n_out > 1 else n_in / n_out
    w = np.zeros((n_out, n_in))
    for o in range(n_out):
        lo, hi = o * scale, (o + 1) * scale
        for i in range(int(np.floor(lo)), int(np.ceil(hi))):
            overlap = min(i + 1, hi) - max(i, lo)
            w[o, min(i, n_in - 1)] += overlap / scale
    return w


def resize_area(images, size, align_corners=False):
    """Area resampling of the (H, W) of the NHWC ``images``: each output pixel averages the
    input area it covers.

    Args:
        images (Tensor): a number Tensor, (N, H, W, C).
        size (Union[tuple[int], Tensor]): (H_out, W_out), 2 positive int32 values.
        align_corners (bool): align the corner pixels (scale ``(in - 1) / (out - 1)``).
            Default: ``False``.

    Returns:
        Tensor (N, H_out, W_out, C), float32.

    Raises:
        TypeError: ``images`` is not a number Tensor or ``align_corners`` not a bool.
        ValueError: ``images`` is not 4-D or ``size`` not 2 positive ints.
    """
    op = "ResizeArea"
    if not isinstance(align_corners, bool):
        raise TypeError("%s: 'align_corners' must be a bool, but got %r" % (op, align_corners))
    _need_tensor(op, "images", images, 4)
    if images.dtype == mstype.bool_:
        raise TypeError("%s: 'images' must be a number Tensor, but got Bool" % op)
    h_out, w_out = _size_pair(op, size, 2)
    x = F.cast(images, mstype.float32)
    x = _apply_matrix(x, _area_weights(x.shape[1], h_out, align_corners), 1)
    return _apply_matrix(x, _area_weights(x.shape[2], w_out, align_corners), 2)


def _cubic_weights(n_in, n_out, align_corners, half_pixel_centers):
    a = -0.5 if half_pixel_centers else -0.75
    scale = (n_in - 1) / (n_out - 1) if align_corners and n_out > 1 else n_in / n_out

    def kernel(d):
        d = abs(d)
        if d <= 1:
            return ((a + 2) * d - (a + 3)) * d * d + 1
        if d < 2:
            return ((a * d - 5 * a) * d + 8 * a) * d - 4 * a
        return 0.0

    w = np.zeros((n_out, n_in))
    for o in range(n_out):
        src = (o + 0.5) * scale - 0.5 if half_pixel_centers else o * scale
        x0 = int(np.floor(src))
        t = np.rint((src - x0) * 1024) / 1024  # the 1024-entry weight table of the kernel
        taps = [(x0 + k, kernel(t - k)) for k in (-1, 0, 1, 2)]
        if half_pixel_centers:  # taps outside the image get no weight; the rest renormalised
            inside = [(i, v) for i, v in taps if 0 <= i < n_in]
            total = sum(v for _, v in inside)
            for i, v in inside:
                w[o, i] += v / total
        else:
            for i, v in taps:
                w[o, min(max(i, 0), n_in - 1)] += v
    return w


def resize_bicubic(images, size, align_corners=False, half_pixel_centers=False):
    """Bicubic resampling of the (H, W) of the NCHW ``images`` (Keys' cubic with a = -0.75, or
    -0.5 with ``half_pixel_centers``, its weights read from a table of 1024 steps, as
    TensorFlow's and MindSpore's ResizeBicubic).

    Args:
        images (Tensor): float, (N, C, H, W).
        size (Union[tuple[int], Tensor]): (H_out, W_out), 2 positive ints.
        align_corners (bool): align the corner pixels. Default: ``False``.
        half_pixel_centers (bool): sample at pixel centres. Default: ``False``.

    Returns:
        Tensor (N, C, H_out, W_out) of ``images``' dtype.

    Raises:
        TypeError: ``images`` is not a float Tensor or a flag not a bool.
        ValueError: both flags are True, ``images`` is not 4-D or ``size`` not 2 positive ints.
    """
    op = "ResizeBicubic"
    for arg, v in (("align_corners", align_corners), ("half_pixel_centers", half_pixel_centers)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    if align_corners and half_pixel_centers:
        raise ValueError("%s: 'align_corners' and 'half_pixel_centers' cannot both be True" % op)
    _need_tensor(op, "images", images, 4, _FLOATS)
    h_out, w_out = _size_pair(op, size, 2)
    x = _apply_matrix(images, _cubic_weights(images.shape[2], h_out, align_corners,
                                             half_pixel_centers), 2)
    return _apply_matrix(x, _cubic_weights(images.shape[3], w_out, align_corners,
                                           half_pixel_centers), 3)


# ------------------------------------------------------------------------------------ colour


def _rgb_to_hsv_np(rgb):
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    v = rgb.max(-1)
    rng = v - rgb.min(-1)
    s = np.where(v > 0, rng / np.where(v > 0, v, 1), 0)
    safe = np.where(rng > 0, rng, 1)
    h = np.where(v == r, (g - b) / safe, np.where(v == g, 2 + (b - r) / safe, 4 + (r - g) / safe))
    h = np.where(rng > 0, h / 6.0, 0.0)
    return np.stack([h % 1.0, s, v], -1)


def _hsv_to_rgb_np(hsv):
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    c = s * v
    m = v - c
    dh = (h % 1.0) * 6.0
    x = c * (1 - np.abs(dh % 2 - 1))
    k = np.floor(dh).astype(np.int64) % 6
    zeros = np.zeros_like(c)
    r = np.choose(k, [c, x, zeros, zeros, x, c])
    g = np.choose(k, [x, c, c, x, zeros, zeros])
    b = np.choose(k, [zeros, zeros, x, c, c, x])
    return np.stack([r + m, g + m, b + m], -1)


def _image(op, name, image, ndim=None):
    _need_tensor(op, name, image, ndim, _FLOATS)
    if image.ndim < 1 or image.shape[-1] != 3:
        raise ValueError("%s: the last axis of '%s' must hold 3 channels, but got shape %s"
                         % (op, name, tuple(image.shape)))
    return image.asnumpy().astype(np.float64)


def rgb_to_hsv(images):
    """The (hue, saturation, value) of each RGB pixel (the last axis), hue in [0, 1).

    Args:
        images (Tensor): float, (..., 3).

    Returns:
        Tensor of ``images``' shape and dtype.

    Raises:
        TypeError: ``images`` is not a float Tensor.
        ValueError: its last axis does not hold 3 channels.
    """
    rgb = _image("RGBToHSV", "images", images)
    return Tensor(_rgb_to_hsv_np(rgb).astype(images.dtype.np_dtype))


def hsv_to_rgb(x):
    """The RGB pixels of the (hue, saturation, value) pixels of ``x`` (the last axis).

    Args:
        x (Tensor): float, (N, H, W, 3).

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float Tensor.
        ValueError: ``x`` is not 4-D or its last axis does not hold 3 channels.
    """
    hsv = _image("HSVToRGB", "x", x, 4)
    return Tensor(_hsv_to_rgb_np(hsv).astype(x.dtype.np_dtype))


def _hsv_adjusted(op, image, arg, value, invalid, channel, edit):
    """``image`` (RGB on the last axis) with its HSV ``channel`` replaced by ``edit(channel,
    value)``, ``value`` being the scalar argument ``arg`` as a float; ``invalid(value)`` names
    what is wrong with it (a ValueError), or is None."""
    rgb = _image(op, "image", image)
    value = float(_scalar_value(op, arg, value))
    problem = invalid(value)
    if problem is not None:
        raise ValueError("%s: %s" % (op, problem))
    hsv = _rgb_to_hsv_np(rgb)
    hsv[..., channel] = edit(hsv[..., channel], value)
    return Tensor(_hsv_to_rgb_np(hsv).astype(image.dtype.np_dtype))


def adjust_hue(image, delta):
    """``image`` (RGB on the last axis) with ``delta`` added to the hue of every pixel (modulo
    1).

    Args:
        image (Tensor): float, (..., 3).
        delta (Union[float, Tensor]): the hue shift, a scalar.

    Returns:
        Tensor of ``image``'s shape and dtype.

    Raises:
        TypeError: ``image`` is not a float Tensor.
        ValueError: its last axis does not hold 3 channels or ``delta`` is not a scalar.
    """
    return _hsv_adjusted("AdjustHue", image, "delta", delta, lambda d: None if math.isfinite(d)
                         else "'delta' must be finite, but got %r" % (d,),
                         0, lambda hue, d: (hue + d) % 1.0)


def adjust_saturation(image, scale):
    """``image`` (RGB on the last axis) with the saturation of every pixel multiplied by
    ``scale`` (clipped to [0, 1]).

    Args:
        image (Tensor): float, (..., 3).
        scale (Union[float, Tensor]): the factor, a scalar.

    Returns:
        Tensor of ``image``'s shape and dtype.

    Raises:
        TypeError: ``image`` is not a float Tensor.
        ValueError: its last axis does not hold 3 channels or ``scale`` is not a scalar.
    """
    return _hsv_adjusted("AdjustSaturation", image, "scale", scale,
                         lambda f: "'scale' must not be NaN" if math.isnan(f) else None,
                         1, lambda sat, f: np.clip(sat * f, 0.0, 1.0))


def _scalar_value(op, arg, value):
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError("%s: '%s' must be a scalar, but got shape %s"
                             % (op, arg, tuple(value.shape)))
        return value.asnumpy().reshape(-1)[0]
    if isinstance(value, bool) or not isinstance(value, (int, float, np.number)):
        raise TypeError("%s: '%s' must be a number or a scalar Tensor, but got %r"
                        % (op, arg, value))
    return value


# ------------------------------------------------------------------------------------- misc


def compare_and_bitpack(x, threshold):
    """``x > threshold`` packed 8 to a byte along the last axis (the first element in the
    highest bit; in the lowest for a bool ``x``, as MindSpore 2.10 packs it).

    Args:
        x (Tensor): a bool or number Tensor whose last axis is a multiple of 8.
        threshold (Union[number, Tensor]): a scalar of ``x``'s dtype.

    Returns:
        Tensor (..., n / 8), uint8.

    Raises:
        TypeError: ``x`` is not a Tensor.
        ValueError: the last axis is not a multiple of 8 or ``threshold`` not a scalar.
    """
    op = "CompareAndBitpack"
    _need_tensor(op, "x", x)
    if x.ndim < 1 or x.shape[-1] % 8:
        raise ValueError("%s: the last axis of 'x' must be a multiple of 8, but got shape %s"
                         % (op, tuple(x.shape)))
    bits = x.asnumpy() > _scalar_value(op, "threshold", threshold)
    # MindSpore 2.10 packs bool inputs from the lowest bit, numbers from the highest
    order = "little" if x.dtype == mstype.bool_ else "big"
    return Tensor(np.packbits(bits, axis=-1, bitorder=order))


def ragged_range(starts, limits, deltas, Tsplits=mstype.int64):
    """The ranges ``range(starts[i], limits[i], deltas[i])`` one after the other, with the
    offsets where each starts (a ragged tensor's row splits).

    Args:
        starts (Tensor): 0-D or 1-D, int32/int64/float32/float64.
        limits (Tensor): ``starts``' dtype, broadcast with it.
        deltas (Tensor): ``starts``' dtype, non-zero.
        Tsplits (mindspore.dtype): int32 or int64, the splits' dtype. Default:
            ``mindspore.int64``.

    Returns:
        tuple(Tensor, Tensor): the splits (n + 1,) of ``Tsplits`` and the values of
        ``starts``' dtype.

    Raises:
        TypeError: ``Tsplits`` is not int32/int64 or the inputs are not Tensors of one dtype.
        ValueError: a delta is 0 or the shapes do not broadcast.
    """
    op = "RaggedRange"
    if Tsplits not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'Tsplits' must be mindspore.int32 or mindspore.int64, but got %r"
                        % (op, Tsplits))
    dts = (mstype.int32, mstype.int64, mstype.float32, mstype.float64)
    _need_tensor(op, "starts", starts, (0, 1), dts)
    _need_tensor(op, "limits", limits, (0, 1), (starts.dtype,))
    _need_tensor(op, "deltas", deltas, (0, 1), (starts.dtype,))
    s, l, d = np.broadcast_arrays(starts.asnumpy(), limits.asnumpy(), deltas.asnumpy())
    if (d == 0).any():
        raise ValueError("%s: 'deltas' must not be 0, but got %s" % (op, d.tolist()))
    pieces = [np.arange(a, b, c, dtype=starts.dtype.np_dtype) for a, b, c in
              zip(s.reshape(-1), l.reshape(-1), d.reshape(-1))]
    splits = np.concatenate([[0], np.cumsum([len(p) for p in pieces])]).astype(Tsplits.np_dtype)
    values = np.concatenate(pieces) if pieces else np.zeros(0, starts.dtype.np_dtype)
    return Tensor(splits), Tensor(values.astype(starts.dtype.np_dtype))


_PAD_MODES = {"constant": "constant", "reflect": "reflect", "edge": "replicate",
              "circular": "circular"}


def pad_v3(x, paddings, constant_value=None, mode="constant", paddings_contiguous=True):
    """``x`` padded on its trailing axes: ``paddings`` holds (before, after) pairs from the
    last axis backwards (with ``paddings_contiguous`` False, all the befores then all the
    afters); negative amounts crop.

    Args:
        x (Tensor): the input.
        paddings (Union[Tensor, tuple[int], list[int]]): 2 * k ints for the last k axes.
        constant_value (Union[number, Tensor], optional): the fill of mode "constant".
            Default: ``None`` (0).
        mode (str): "constant", "reflect", "edge" or "circular". Default: ``"constant"``.
        paddings_contiguous (bool): the layout of ``paddings``. Default: ``True``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor or ``paddings_contiguous`` not a bool.
        ValueError: ``mode`` is not one of the above or ``paddings`` does not fit ``x``.
    """
    op = "PadV3"
    if mode not in _PAD_MODES:
        raise ValueError("%s: 'mode' must be one of %s, but got %r" % (op, sorted(_PAD_MODES),
                                                                       mode))
    if not isinstance(paddings_contiguous, bool):
        raise TypeError("%s: 'paddings_contiguous' must be a bool, but got %r"
                        % (op, paddings_contiguous))
    _need_tensor(op, "x", x)
    if isinstance(paddings, Tensor):
        if paddings.dtype not in _INTS:
            raise TypeError("%s: 'paddings' must be an int Tensor, but got %s"
                            % (op, paddings.dtype))
        paddings = paddings.asnumpy().reshape(-1).tolist()
    pads = list(paddings) if isinstance(paddings, (tuple, list)) else None
    if pads is None or len(pads) % 2 or len(pads) // 2 > x.ndim or not all(
            isinstance(p, (int, np.integer)) and not isinstance(p, bool) for p in pads):
        raise ValueError("%s: 'paddings' must be an even number (at most 2 * rank) of ints, but "
                         "got %r" % (op, paddings))
    k = len(pads) // 2
    if not paddings_contiguous:
        pads = [v for pair in zip(pads[:k], pads[k:]) for v in pair]
    if mode != "constant" and constant_value is not None:
        raise ValueError("%s: 'constant_value' is taken only by mode 'constant'" % op)
    crop = [slice(None)] * x.ndim
    grow = []
    for j in range(k):
        axis = x.ndim - 1 - j
        before, after = int(pads[2 * j]), int(pads[2 * j + 1])
        crop[axis] = slice(max(-before, 0), x.shape[axis] - max(-after, 0))
        grow += [max(before, 0), max(after, 0)]
    if any(p < 0 for p in pads):
        x = x[tuple(crop)]
    value = None
    if mode == "constant":
        value = 0 if constant_value is None else _scalar_value(op, "constant_value",
                                                               constant_value)
        value = value.item() if isinstance(value, np.generic) else value
    if not any(grow):
        return F.identity(x)
    return F.pad(x, tuple(grow), _PAD_MODES[mode], value)


# ------------------------------------------------------------------ non-maximum suppression


def _greedy_nms(order, scores, suppressed_by, max_output, score_threshold):
    """Indices kept by greedy NMS: candidates by decreasing score (ties by index), above
    ``score_threshold``, dropped when ``suppressed_by(candidate, kept)`` holds."""
    keep = []
    for i in order:
        if len(keep) >= max_output:
            break
        if not scores[i] > score_threshold:
            continue
        if any(suppressed_by(i, j) for j in keep):
            continue
        keep.append(int(i))
    return keep


def _iou(a, b):
    ya1, yb1 = min(a[0], a[2]), min(b[0], b[2])
    xa1, xb1 = min(a[1], a[3]), min(b[1], b[3])
    ya2, yb2 = max(a[0], a[2]), max(b[0], b[2])
    xa2, xb2 = max(a[1], a[3]), max(b[1], b[3])
    area_a, area_b = (ya2 - ya1) * (xa2 - xa1), (yb2 - yb1) * (xb2 - xb1)
    if area_a <= 0 or area_b <= 0:
        return 0.0
    inter = max(min(ya2, yb2) - max(ya1, yb1), 0) * max(min(xa2, xb2) - max(xa1, xb1), 0)
    return inter / (area_a + area_b - inter)


def _nms_scalars(op, **named):
    """The scalar inputs as Python numbers; those named max_* must be ints."""
    out = []
    for arg, v in named.items():
        value = _scalar_value(op, arg, v)
        value = value.item() if isinstance(value, np.generic) else value
        if arg.startswith("max_") and (isinstance(value, bool) or not isinstance(value, int)):
            raise TypeError("%s: '%s' must be an int or an int Tensor, but got %r"
                            % (op, arg, value))
        if isinstance(value, float) and math.isnan(value):
            raise ValueError("%s: '%s' must not be NaN" % (op, arg))
        out.append(value)
    return out


def non_max_suppression_with_overlaps(overlaps, scores, max_output_size, overlap_threshold,
                                      score_threshold):
    """Greedy non-maximum suppression with a given overlap matrix: the indices of the boxes
    kept, by decreasing score; a box is dropped when its score is not above
    ``score_threshold`` or its overlap with a kept box is above ``overlap_threshold``.

    Args:
        overlaps (Tensor): float, (N, N), ``overlaps[i, j]`` of boxes i and j.
        scores (Tensor): (N,), ``overlaps``' dtype.
        max_output_size (Union[int, Tensor]): the most boxes kept, >= 0.
        overlap_threshold (Union[float, Tensor]): the overlap above which a box is dropped.
        score_threshold (Union[float, Tensor]): the score a box must exceed.

    Returns:
        Tensor (M,) int32, M <= max_output_size.

    Raises:
        TypeError: an input is not a float Tensor of one dtype.
        ValueError: the shapes do not fit or ``max_output_size`` is negative.
    """
    op = "NonMaxSuppressionWithOverlaps"
    _need_tensor(op, "overlaps", overlaps, 2, _FLOATS)
    _need_tensor(op, "scores", scores, 1, (overlaps.dtype,))
    n = scores.shape[0]
    if tuple(overlaps.shape) != (n, n):
        raise ValueError("%s: 'overlaps' must be (N, N) for N = %d scores, but got %s"
                         % (op, n, tuple(overlaps.shape)))
    max_out, thr, s_thr = _nms_scalars(op, max_output_size=max_output_size,
                                       overlap_threshold=overlap_threshold,
                                       score_threshold=score_threshold)
    if max_out < 0:
        raise ValueError("%s: 'max_output_size' must be >= 0, but got %d" % (op, max_out))
    ov, sc = overlaps.asnumpy(), scores.asnumpy()
    order = sorted(range(n), key=lambda i: (-sc[i], i))
    keep = _greedy_nms(order, sc, lambda i, j: ov[i, j] > thr, int(max_out), s_thr)
    return Tensor(np.array(keep, np.int32))


def non_max_suppression_v3(boxes, scores, max_output_size, iou_threshold, score_threshold):
    """Greedy non-maximum suppression of boxes ``(y1, x1, y2, x2)`` (any corner order): the
    indices kept, by decreasing score; a box is dropped when its score is not above
    ``score_threshold`` or its IoU with a kept box is above ``iou_threshold``.

    Args:
        boxes (Tensor): float16/float32, (N, 4).
        scores (Tensor): (N,), ``boxes``' dtype.
        max_output_size (Union[int, Tensor]): the most boxes kept, >= 0.
        iou_threshold (Union[float, Tensor]): in [0, 1].
        score_threshold (Union[float, Tensor]): the score a box must exceed.

    Returns:
        Tensor (M,) int32, M <= max_output_size.

    Raises:
        TypeError: an input is not a float Tensor.
        ValueError: the shapes do not fit, ``iou_threshold`` is outside [0, 1] or
            ``max_output_size`` negative.
    """
    op = "NonMaxSuppressionV3"
    _need_tensor(op, "boxes", boxes, 2, (mstype.float16, mstype.float32))
    _need_tensor(op, "scores", scores, 1, (mstype.float16, mstype.float32))
    n = scores.shape[0]
    if tuple(boxes.shape) != (n, 4):
        raise ValueError("%s: 'boxes' must be (N, 4) for N = %d scores, but got %s"
                         % (op, n, tuple(boxes.shape)))
    max_out, thr, s_thr = _nms_scalars(op, max_output_size=max_output_size,
                                       iou_threshold=iou_threshold,
                                       score_threshold=score_threshold)
    if max_out < 0:
        raise ValueError("%s: 'max_output_size' must be >= 0, but got %d" % (op, max_out))
    if not 0 <= thr <= 1:
        raise ValueError("%s: 'iou_threshold' must be in [0, 1], but got %r" % (op, thr))
    bx, sc = boxes.asnumpy().astype(np.float64), scores.asnumpy().astype(np.float64)
    order = sorted(range(n), key=lambda i: (-sc[i], i))
    keep = _greedy_nms(order, sc, lambda i, j: _iou(bx[i], bx[j]) > thr, int(max_out), s_thr)
    return Tensor(np.array(keep, np.int32))


def combined_non_max_suppression(boxes, scores, max_output_size_per_class, max_total_size,
                                 iou_threshold, score_threshold, pad_per_class=False,
                                 clip_boxes=True):
    """Per-class greedy non-maximum suppression over a batch, then the best
    ``max_total_size`` detections of each image over all classes, zero-padded.

    Args:
        boxes (Tensor): float32, (B, N, q, 4), q 1 (boxes shared by the classes) or the class
            count.
        scores (Tensor): float32, (B, N, C).
        max_output_size_per_class (Union[int, Tensor]): the most boxes kept per class.
        max_total_size (Union[int, Tensor]): the most detections per image.
        iou_threshold (Union[float, Tensor]): in [0, 1].
        score_threshold (Union[float, Tensor]): the score a box must exceed.
        pad_per_class (bool): pad to ``min(max_total_size, max_output_size_per_class * C)``
            instead of ``max_total_size``. Default: ``False``.
        clip_boxes (bool): clip the output boxes to [0, 1]. Default: ``True``.

    Returns:
        tuple(Tensor): the boxes (B, T, 4), scores (B, T), classes (B, T) float32 and the count
        of valid detections (B,) int32.

    Raises:
        TypeError: an input is not a float32 Tensor or a flag not a bool.
        ValueError: the shapes do not fit or a threshold is out of range.
    """
    op = "CombinedNonMaxSuppression"
    for arg, v in (("pad_per_class", pad_per_class), ("clip_boxes", clip_boxes)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    _need_tensor(op, "boxes", boxes, 4, (mstype.float32,))
    _need_tensor(op, "scores", scores, 3, (mstype.float32,))
    b, n, q, four = boxes.shape
    classes = scores.shape[2]
    if four != 4 or tuple(scores.shape[:2]) != (b, n) or q not in (1, classes):
        raise ValueError("%s: 'boxes' (B, N, q, 4) and 'scores' (B, N, C) with q 1 or C do not "
                         "fit: %s and %s" % (op, tuple(boxes.shape), tuple(scores.shape)))
    per_class, total, thr, s_thr = _nms_scalars(
        op, max_output_size_per_class=max_output_size_per_class, max_total_size=max_total_size,
        iou_threshold=iou_threshold, score_threshold=score_threshold)
    if per_class < 0 or total <= 0 or not 0 <= thr <= 1:
        raise ValueError("%s: need max_output_size_per_class >= 0, max_total_size > 0 and "
                         "iou_threshold in [0, 1], but got %r, %r and %r"
                         % (op, per_class, total, thr))
    size = min(total, per_class * classes) if pad_per_class else total
    bx, sc = boxes.asnumpy().astype(np.float64), scores.asnumpy().astype(np.float64)
    out_boxes = np.zeros((b, size, 4), np.float32)
    out_scores = np.zeros((b, size), np.float32)
    out_classes = np.zeros((b, size), np.float32)
    valid = np.zeros((b,), np.int32)
    for i in range(b):
        found = []
        for c in range(classes):
            cb = bx[i, :, 0 if q == 1 else c]
            cs = sc[i, :, c]
            order = sorted(range(n), key=lambda j: (-cs[j], j))
            keep = _greedy_nms(order, cs, lambda u, v: _iou(cb[u], cb[v]) > thr, int(per_class),
                               s_thr)
            found += [(cs[j], c, cb[j]) for j in keep]
        found.sort(key=lambda t: -t[0])
        found = found[:size]
        valid[i] = len(found)
        for k, (s, c, box) in enumerate(found):
            out_boxes[i, k] = np.clip(box, 0.0, 1.0) if clip_boxes else box
            out_scores[i, k], out_classes[i, k] = s, c
    return Tensor(out_boxes), Tensor(out_scores), Tensor(out_classes), Tensor(valid)


# ------------------------------------------------------- classes over functions of this session


def multilabel_margin_loss_prim(x, target, reduction="mean"):
    """The multi-label margin loss (``ops.multilabel_margin_loss``) and, as MindSpore's
    MultilabelMarginLoss returns it, ``is_target``: 1 where a class is among the sample's
    targets (those before the first -1 of its row of ``target``), else 0.

    Args:
        x (Tensor): float, (C,) or (N, C).
        target (Tensor): int32 of ``x``'s shape, class indices padded with -1.
        reduction (str): "none", "mean" or "sum". Default: ``"mean"``.

    Returns:
        tuple(Tensor, Tensor): the loss and ``is_target`` (``x``'s shape and dtype).

    Raises:
        TypeError: ``target`` is not an int32 Tensor.
        ValueError: ``reduction`` is not one of the above or the shapes differ.
    """
    loss = F.multilabel_margin_loss(x, target, reduction)
    t = target.asnumpy().reshape(-1, target.shape[-1]) if target.ndim else target.asnumpy()
    mark = np.zeros(t.shape, np.float64)
    for i, row in enumerate(t):
        for c in row:
            if c < 0:
                break
            mark[i, c] = 1
    return loss, Tensor(mark.reshape(tuple(x.shape)).astype(x.dtype.np_dtype))


def adaptive_max_pool3d_prim(x, output_size):
    """3-D adaptive max pooling returning the maxima and their indices, with ``output_size``
    given as a Tensor (``ops.adaptive_max_pool3d(..., return_indices=True)``).

    Args:
        x (Tensor): float, (C, D, H, W) or (N, C, D, H, W).
        output_size (Union[Tensor, tuple[int]]): (D_out, H_out, W_out).

    Returns:
        tuple(Tensor, Tensor): the pooled values and their int32 indices.

    Raises:
        ValueError: ``output_size`` is not 3 positive ints.
    """
    size = _size_pair("AdaptiveMaxPool3D", output_size, 3)
    return F.adaptive_max_pool3d(x, tuple(size), True)


def _one_seed(op, seed, seed2):
    for arg, v in (("seed", seed), ("seed2", seed2)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError("%s: '%s' must be an int >= 0, but got %r" % (op, arg, v))
    return (seed * 1000003 + seed2) % (2 ** 31) if (seed or seed2) else None


def random_gamma_prim(shape, alpha, seed=0, seed2=0):
    """Gamma samples of shape ``shape + alpha.shape`` with concentrations ``alpha``
    (``ops.random_gamma``); ``seed``/``seed2`` both 0 draw from the global generator.

    Args:
        shape (Tensor): 1-D int32/int64, the sample shape.
        alpha (Tensor): float, the concentrations, > 0.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        Tensor of shape ``shape + alpha.shape``, ``alpha``'s dtype.
    """
    return F.random_gamma(shape, alpha, _one_seed("RandomGamma", seed, seed2))


def random_poisson_prim(shape, rate, seed=0, seed2=0, dtype=mstype.int64):
    """Poisson samples of shape ``shape + rate.shape`` with rates ``rate``
    (``ops.random_poisson``); ``seed``/``seed2`` both 0 draw from the global generator.

    Args:
        shape (Tensor): 1-D int32/int64, the sample shape.
        rate (Tensor): the rates, >= 0.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.
        dtype (mindspore.dtype): the samples' dtype. Default: ``mindspore.int64``.

    Returns:
        Tensor of shape ``shape + rate.shape`` and ``dtype``.
    """
    return F.random_poisson(shape, rate, _one_seed("RandomPoisson", seed, seed2), dtype)


def gamma_prim(shape, alpha, beta, seed=0, seed2=0):
    """Gamma samples with concentrations ``alpha`` and rates ``beta`` (``ops.gamma``), of
    ``shape`` broadcast with theirs; ``seed``/``seed2`` both 0 draw from the global generator.

    Args:
        shape (tuple[int]): the sample shape.
        alpha (Tensor): float32, the concentrations, > 0.
        beta (Tensor): float32, the rates, > 0.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        Tensor, float32.
    """
    return F.gamma(shape, alpha, beta, _one_seed("Gamma", seed, seed2))


def poisson_prim(shape, mean, seed=0, seed2=0):
    """Poisson samples with means ``mean`` (``ops.poisson``), of ``shape`` broadcast with
    theirs; ``seed``/``seed2`` both 0 draw from the global generator.

    Args:
        shape (tuple[int]): the sample shape.
        mean (Tensor): float32, the means, > 0.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        Tensor, int32.
    """
    return F.poisson(shape, mean, _one_seed("Poisson", seed, seed2))


def triplet_margin_loss_prim(x, positive, negative, margin, p=2, swap=False, eps=1e-06,
                             reduction="mean"):
    """The triplet margin loss (``ops.triplet_margin_loss``) with ``margin`` given as a float
    or a scalar Tensor, as MindSpore's TripletMarginLoss takes it.

    Args:
        x (Tensor): the anchors, float, (N, D).
        positive (Tensor): the positive samples, ``x``'s shape.
        negative (Tensor): the negative samples, ``x``'s shape.
        margin (Union[float, Tensor]): the margin, a scalar.
        p (int): the norm degree of the distances. Default: ``2``.
        swap (bool): use the smaller of the two negative distances. Default: ``False``.
        eps (float): added to the differences. Default: ``1e-06``.
        reduction (str): "none", "mean" or "sum". Default: ``"mean"``.

    Returns:
        Tensor, the loss.

    Raises:
        TypeError: ``margin`` is not a number or a scalar Tensor.
        ValueError: the shapes do not fit or ``reduction`` is not one of the above.
    """
    value = _scalar_value("TripletMarginLoss", "margin", margin)
    value = value.item() if isinstance(value, np.generic) else value
    return F.triplet_margin_loss(x, positive, negative, float(value), p, eps, swap, reduction)


# --------------------------------------------------------------- special math, QR, patches


def betainc(a, b, x):
    """The regularized incomplete beta function :math:`I_x(a, b)`, elementwise.

    Args:
        a (Tensor): float32/float64, > 0.
        b (Tensor): ``a``'s shape and dtype, > 0.
        x (Tensor): ``a``'s shape and dtype, in [0, 1].

    Returns:
        Tensor of ``a``'s shape and dtype.

    Raises:
        TypeError: an input is not a float32/float64 Tensor or the dtypes differ.
        ValueError: the shapes differ.
    """
    import scipy.special
    op = "Betainc"
    _need_tensor(op, "a", a, None, (mstype.float32, mstype.float64))
    for arg, t in (("b", b), ("x", x)):
        _need_tensor(op, arg, t, None, (a.dtype,))
        if tuple(t.shape) != tuple(a.shape):
            raise ValueError("%s: '%s' must have the shape of 'a' %s, but got %s"
                             % (op, arg, tuple(a.shape), tuple(t.shape)))
    out = scipy.special.betainc(a.asnumpy().astype(np.float64), b.asnumpy().astype(np.float64),
                                x.asnumpy().astype(np.float64))
    return Tensor(out.astype(a.dtype.np_dtype))


def _matrices(op, arg, x, dtypes=(mstype.float32, mstype.float64)):
    _need_tensor(op, arg, x, None, dtypes)
    if x.ndim < 2:
        raise ValueError("%s: '%s' must have rank >= 2, but got shape %s"
                         % (op, arg, tuple(x.shape)))
    return x.asnumpy()


def geqrf(x):
    """The QR decomposition of each matrix of ``x`` in LAPACK's geqrf form: ``R`` on and
    above the diagonal, the Householder vectors below it, and their scales ``tau``.

    Args:
        x (Tensor): float32/float64, (..., M, N).

    Returns:
        tuple(Tensor, Tensor): ``y`` of ``x``'s shape and ``tau`` (..., min(M, N)).

    Raises:
        TypeError: ``x`` is not a float32/float64 Tensor.
        ValueError: ``x`` has rank below 2.
    """
    a = _matrices("Geqrf", "x", x)
    m, n = a.shape[-2:]
    flat = a.reshape((-1, m, n)).astype(np.float64)
    ys, taus = [], []
    for mat in flat:
        h, tau = np.linalg.qr(mat, mode="raw")
        ys.append(h.T)
        taus.append(tau)
    dt = a.dtype
    return (Tensor(np.array(ys).reshape(a.shape).astype(dt)),
            Tensor(np.array(taus).reshape(a.shape[:-2] + (min(m, n),)).astype(dt)))


def _householder_q(y, tau):
    """The full (M, M) orthogonal matrix of one geqrf result."""
    m = y.shape[0]
    q = np.eye(m)
    for i in range(len(tau) - 1, -1, -1):
        v = np.zeros(m)
        v[i] = 1.0
        v[i + 1:] = y[i + 1:, i]
        q = q - tau[i] * np.outer(v, v @ q)
    return q


def _qr_inputs(op, x, tau):
    a = _matrices(op, "x", x)
    _need_tensor(op, "tau", tau, None, (x.dtype,))
    k = tau.shape[-1] if tau.ndim else 0
    if tau.ndim != x.ndim - 1 or tuple(tau.shape[:-1]) != tuple(x.shape[:-2]) or \
            k > min(x.shape[-2:]):
        raise ValueError("%s: 'tau' must be (..., k) with k <= min(M, N) for x %s, but got %s"
                         % (op, tuple(x.shape), tuple(tau.shape)))
    return a.astype(np.float64), tau.asnumpy().astype(np.float64)


def orgqr(x, tau):
    """The first N columns of the orthogonal matrix ``Q`` of a Householder QR given in geqrf
    form (``Geqrf``'s outputs).

    Args:
        x (Tensor): float32/float64, (..., M, N), M >= N, the Householder vectors below the
            diagonal.
        tau (Tensor): (..., K), K <= N, ``x``'s dtype.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: an input is not a float32/float64 Tensor or the dtypes differ.
        ValueError: M < N or ``tau`` does not fit.
    """
    op = "Orgqr"
    a, t = _qr_inputs(op, x, tau)
    m, n = a.shape[-2:]
    if m < n:
        raise ValueError("%s: 'x' must have M >= N, but got shape %s" % (op, tuple(x.shape)))
    flat_a, flat_t = a.reshape((-1, m, n)), t.reshape((-1, t.shape[-1]))
    out = np.array([_householder_q(y, tt)[:, :n] for y, tt in zip(flat_a, flat_t)])
    return Tensor(out.reshape(a.shape).astype(x.dtype.np_dtype))


def ormqr(x, tau, other, left=True, transpose=False):
    """``other`` multiplied by the orthogonal matrix ``Q`` of a Householder QR in geqrf form:
    ``Q @ other`` (``left``) or ``other @ Q``, with ``Q`` transposed when ``transpose``.

    Args:
        x (Tensor): float32/float64, (..., M, K) (M rows for ``left``, else N), the Householder
            vectors below the diagonal.
        tau (Tensor): (..., K), ``x``'s dtype.
        other (Tensor): (..., M, N), ``x``'s dtype.
        left (bool): multiply from the left. Default: ``True``.
        transpose (bool): use ``Q`` transposed. Default: ``False``.

    Returns:
        Tensor of ``other``'s shape and dtype.

    Raises:
        TypeError: an input is not a float32/float64 Tensor, the dtypes differ or a flag is
            not a bool.
        ValueError: the shapes do not fit.
    """
    op = "Ormqr"
    for arg, v in (("left", left), ("transpose", transpose)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    a, t = _qr_inputs(op, x, tau)
    c = _matrices(op, "other", other, (x.dtype,)).astype(np.float64)
    side = c.shape[-2] if left else c.shape[-1]
    if a.shape[-2] != side or c.shape[:-2] != a.shape[:-2]:
        raise ValueError("%s: 'x' %s does not fit 'other' %s (left=%s)"
                         % (op, tuple(x.shape), tuple(other.shape), left))
    flat_a, flat_t = a.reshape((-1,) + a.shape[-2:]), t.reshape((-1, t.shape[-1]))
    flat_c = c.reshape((-1,) + c.shape[-2:])
    outs = []
    for y, tt, cc in zip(flat_a, flat_t, flat_c):
        q = _householder_q(y, tt)
        q = q.T if transpose else q
        outs.append(q @ cc if left else cc @ q)
    return Tensor(np.array(outs).reshape(c.shape).astype(other.dtype.np_dtype))


def non_deterministic_ints(shape, dtype=mstype.int64):
    """Random integers over the whole range of ``dtype`` (from mindcell's global stream).

    Args:
        shape (Union[Tensor, tuple[int]]): the shape, at least 2 values when a Tensor.
        dtype (mindspore.dtype): int32, int64, uint32 or uint64. Default: ``mindspore.int64``.

    Returns:
        Tensor of ``shape`` and ``dtype``.

    Raises:
        TypeError: ``dtype`` is not one of the above.
        ValueError: ``shape`` is not non-negative ints.
    """
    op = "NonDeterministicInts"
    if dtype not in (mstype.int32, mstype.int64, mstype.uint32, mstype.uint64):
        raise TypeError("%s: 'dtype' must be int32, int64, uint32 or uint64, but got %r"
                        % (op, dtype))
    dims = _shape_of(op, shape)
    info = np.iinfo(dtype.np_dtype)
    gen = _rng_stream(op, 0, 0).generator()
    return Tensor(gen.integers(info.min, info.max, dims, dtype=dtype.np_dtype, endpoint=True))


def confusion_matrix(labels, predictions, weights=None, num_classes=None, dtype="int32"):
    """The (num_classes, num_classes) matrix counting (or weighting) each pair
    ``(labels[i], predictions[i])``.

    Args:
        labels (Tensor): 1-D int32/int64 class ids in ``[0, num_classes)``.
        predictions (Tensor): ``labels``' shape and dtype.
        weights (Tensor, optional): ``labels``' shape, the weight of each pair. Default:
            ``None`` (1 each).
        num_classes (int): the number of classes, > 0.
        dtype (str): the matrix's dtype name ("int32", "int64", "float32", ...). Default:
            ``"int32"``.

    Returns:
        Tensor (num_classes, num_classes) of ``dtype``.

    Raises:
        TypeError: an input is not an int Tensor or ``dtype`` not a known dtype name.
        ValueError: the shapes differ or an id is outside ``[0, num_classes)``.
    """
    op = "ConfusionMatrix"
    if isinstance(num_classes, bool) or not isinstance(num_classes, int) or num_classes < 1:
        raise ValueError("%s: 'num_classes' must be a positive int, but got %r"
                         % (op, num_classes))
    out_dtype = getattr(mstype, dtype, None) if isinstance(dtype, str) else None
    if out_dtype is None or out_dtype == mstype.bool_:
        raise TypeError("%s: 'dtype' must name a number dtype, but got %r" % (op, dtype))
    _need_tensor(op, "labels", labels, 1, (mstype.int32, mstype.int64))
    _need_tensor(op, "predictions", predictions, 1, (mstype.int32, mstype.int64))
    lab, pred = labels.asnumpy(), predictions.asnumpy()
    if lab.shape != pred.shape:
        raise ValueError("%s: 'labels' %s and 'predictions' %s must have one shape"
                         % (op, lab.shape, pred.shape))
    for arg, v in (("labels", lab), ("predictions", pred)):
        if v.size and (v.min() < 0 or v.max() >= num_classes):
            raise ValueError("%s: '%s' must be in [0, %d), but got %s"
                             % (op, arg, num_classes, v.tolist()))
    w = np.ones(lab.shape) if weights is None else _need_tensor(op, "weights", weights,
                                                                1).asnumpy()
    if w.shape != lab.shape:
        raise ValueError("%s: 'weights' must have the shape of 'labels' %s, but got %s"
                         % (op, lab.shape, w.shape))
    out = np.zeros((num_classes, num_classes), np.float64)
    np.add.at(out, (lab, pred), w)
    return Tensor(out.astype(out_dtype.np_dtype))


def lerp_scalar(input, end, weight):
    """``input + weight * (end - input)`` with a float ``weight`` (``ops.lerp``).

    Args:
        input (Tensor): float.
        end (Tensor): broadcast with ``input``, its dtype.
        weight (float): the weight.

    Returns:
        Tensor of the broadcast shape.

    Raises:
        TypeError: ``weight`` is not a float or the inputs not float Tensors.
    """
    if isinstance(weight, bool) or not isinstance(weight, (int, float)):
        raise TypeError("LerpScalar: 'weight' must be a float, but got %r" % (weight,))
    return F.lerp(input, end, float(weight))


def _window(op, name, value, n):
    """An int, or n or n + 2 ints (MindSpore's (1, 1, ...) layouts), as n positive ints."""
    if isinstance(value, int) and not isinstance(value, bool):
        value = (value,) * n
    if isinstance(value, (tuple, list)) and len(value) == n + 2:
        value = tuple(value[2:])
    if not isinstance(value, (tuple, list)) or len(value) != n or not all(
            isinstance(v, int) and not isinstance(v, bool) and v > 0 for v in value):
        raise ValueError("%s: '%s' must be a positive int or %d (or %d) positive ints, but got %r"
                         % (op, name, n, n + 2, value))
    return tuple(value)


def _same_pads(sizes, kernel, stride, dilation):
    pads = []
    for size, k, s, d in zip(sizes, kernel, stride, dilation):
        out = -(-size // s)
        total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
        pads.append((total // 2, total - total // 2))
    return pads


def _taps(x, kernel, stride, dilation, padding, fill):
    """The strided views of ``x`` (N, C, *spatial) under each kernel offset, kernel-major:
    a list of (offset, view) with views of the output's spatial shape."""
    import itertools
    spatial = x.shape[2:]
    if padding == "SAME":
        pads = _same_pads(spatial, kernel, stride, dilation)
        flat = []
        for before, after in reversed(pads):
            flat += [before, after]
        if any(flat):
            x = F.pad(x, tuple(flat), "constant", fill)
    padded = x.shape[2:]
    outs = [(p - (k - 1) * d - 1) // s + 1 for p, k, s, d in zip(padded, kernel, stride,
                                                                   dilation)]
    if min(outs) < 1:
        raise ValueError("the window %s (dilation %s) is larger than the input %s"
                         % (kernel, dilation, tuple(spatial)))
    views = []
    for offset in itertools.product(*[range(k) for k in kernel]):
        index = (slice(None), slice(None)) + tuple(
            slice(o * d, o * d + (n - 1) * s + 1, s)
            for o, d, n, s in zip(offset, dilation, outs, stride))
        views.append((offset, x[index]))
    return views


def _padding_name(op, padding):
    if not isinstance(padding, str) or padding.upper() not in ("SAME", "VALID"):
        raise ValueError("%s: 'padding' must be 'SAME' or 'VALID', but got %r" % (op, padding))
    return padding.upper()


def extract_image_patches(x, ksizes, strides, rates, padding="VALID"):
    """The (kh, kw) patches of the NCHW ``x`` at each output position, laid out on the
    channel axis kernel-major (row, column, then channel), as MindSpore and TensorFlow lay
    them.

    Args:
        x (Tensor): (N, C, H, W).
        ksizes (Union[tuple[int], list[int]]): (1, 1, kh, kw).
        strides (Union[tuple[int], list[int]]): (1, 1, sh, sw).
        rates (Union[tuple[int], list[int]]): (1, 1, rh, rw), the dilation.
        padding (str): "VALID" or "SAME" (zero padding). Default: ``"VALID"``.

    Returns:
        Tensor (N, kh * kw * C, H_out, W_out).

    Raises:
        ValueError: a window argument or ``padding`` does not fit.
    """
    op = "ExtractImagePatches"
    kernel = _window(op, "ksizes", ksizes, 2)
    stride = _window(op, "strides", strides, 2)
    rate = _window(op, "rates", rates, 2)
    _need_tensor(op, "x", x, 4)
    views = _taps(x, kernel, stride, rate, _padding_name(op, padding), 0)
    out = F.stack([v for _, v in views], 1)  # (N, K, C, oh, ow)
    n, k, c = out.shape[:3]
    return F.reshape(out, (n, k * c) + tuple(out.shape[3:]))


def extract_volume_patches(x, kernel_size, strides, padding):
    """The (kd, kh, kw) patches of the NCDHW ``x`` at each output position, laid out on the
    channel axis kernel-major (depth, row, column, then channel), as MindSpore lays them.

    Args:
        x (Tensor): (N, C, D, H, W).
        kernel_size (Union[int, tuple[int]]): (1, 1, kd, kh, kw) or an int.
        strides (Union[int, tuple[int]]): (1, 1, sd, sh, sw) or an int.
        padding (str): "VALID" or "SAME" (zero padding).

    Returns:
        Tensor (N, kd * kh * kw * C, D_out, H_out, W_out).

    Raises:
        ValueError: a window argument or ``padding`` does not fit.
    """
    op = "ExtractVolumePatches"
    kernel = _window(op, "kernel_size", kernel_size, 3)
    stride = _window(op, "strides", strides, 3)
    _need_tensor(op, "x", x, 5)
    views = _taps(x, kernel, stride, (1, 1, 1), _padding_name(op, padding), 0)
    out = F.stack([v for _, v in views], 1)
    n, k, c = out.shape[:3]
    return F.reshape(out, (n, k * c) + tuple(out.shape[3:]))


def dilation2d(x, filter, stride, dilation, pad_mode="SAME", data_format="NCHW"):
    """Grayscale morphological dilation: each output is the maximum over the window of
    ``x + filter`` (per channel), ``filter`` spread by ``dilation``.

    Args:
        x (Tensor): float, (N, C, H, W).
        filter (Tensor): ``x``'s dtype, (C, kh, kw).
        stride (Union[int, tuple[int]]): the step, an int, (sh, sw) or (1, 1, sh, sw).
        dilation (Union[int, tuple[int]]): the filter's spacing, same forms.
        pad_mode (str): "SAME" (padded with -inf) or "VALID", any case. Default: ``"SAME"``.
        data_format (str): "NCHW" only. Default: ``"NCHW"``.

    Returns:
        Tensor (N, C, H_out, W_out).

    Raises:
        TypeError: an input is not a float Tensor of one dtype.
        ValueError: the shapes, a window argument or ``pad_mode`` do not fit.
    """
    op = "Dilation2D"
    if data_format != "NCHW":
        raise ValueError("%s: 'data_format' must be 'NCHW', but got %r" % (op, data_format))
    stride = _window(op, "stride", stride, 2)
    rate = _window(op, "dilation", dilation, 2)
    _need_tensor(op, "x", x, 4, _FLOATS)
    _need_tensor(op, "filter", filter, 3, (x.dtype,))
    if filter.shape[0] != x.shape[1]:
        raise ValueError("%s: 'filter' must have %d channels (those of x), but got shape %s"
                         % (op, x.shape[1], tuple(filter.shape)))
    kernel = tuple(filter.shape[1:])
    views = _taps(x, kernel, stride, rate, _padding_name(op, pad_mode), float("-inf"))
    best = None
    for (i, j), view in views:
        tap = view + F.reshape(filter[:, i, j], (1, x.shape[1], 1, 1))
        best = tap if best is None else F.maximum(best, tap)
    return best


# --------------------------------------------------------------- sequences, embedding caches


def _levenshtein(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def _sparse_sequences(op, name, indices, values, shape):
    _need_tensor(op, name + "_indices", indices, 2, (mstype.int64,))
    _need_tensor(op, name + "_values", values, 1)
    _need_tensor(op, name + "_shape", shape, 1, (mstype.int64,))
    idx, val, shp = indices.asnumpy(), values.asnumpy(), shape.asnumpy()
    if idx.shape != (val.shape[0], shp.shape[0]) or shp.shape[0] < 2:
        raise ValueError("%s: '%s_indices' must be (nnz, rank) with rank = len(%s_shape) >= 2 and "
                         "nnz values, but got %s, %s values and shape %s"
                         % (op, name, name, idx.shape, val.shape[0], shp.tolist()))
    seqs = {}
    for row, v in zip(idx, val):
        seqs.setdefault(tuple(int(i) for i in row[:-1]), []).append(v)
    return seqs, shp


def edit_distance(hypothesis_indices, hypothesis_values, hypothesis_shape, truth_indices,
                  truth_values, truth_shape, normalize=True):
    """The Levenshtein distance between the sequences of two sparse tensors (given by their
    indices, values and dense shape; a sequence runs along the last axis, in the order of the
    indices), for every position of the other axes; with ``normalize`` divided by the length
    of the truth (an empty truth gives inf, or 0 against an empty hypothesis).

    Args:
        hypothesis_indices (Tensor): int64, (nnz_h, R).
        hypothesis_values (Tensor): (nnz_h,).
        hypothesis_shape (Tensor): int64, (R,), R >= 2.
        truth_indices (Tensor): int64, (nnz_t, R).
        truth_values (Tensor): (nnz_t,), the hypothesis values' dtype.
        truth_shape (Tensor): int64, (R,).
        normalize (bool): divide by the truth's length. Default: ``True``.

    Returns:
        Tensor of shape ``max(hypothesis_shape, truth_shape)[:-1]``, float32.

    Raises:
        TypeError: an input is not a Tensor of the dtype above or ``normalize`` not a bool.
        ValueError: the shapes do not fit.
    """
    op = "EditDistance"
    if not isinstance(normalize, bool):
        raise TypeError("%s: 'normalize' must be a bool, but got %r" % (op, normalize))
    hyp, hshape = _sparse_sequences(op, "hypothesis", hypothesis_indices, hypothesis_values,
                                    hypothesis_shape)
    truth, tshape = _sparse_sequences(op, "truth", truth_indices, truth_values, truth_shape)
    if hshape.shape != tshape.shape:
        raise ValueError("%s: the two shapes must have one rank, but got %s and %s"
                         % (op, hshape.tolist(), tshape.tolist()))
    out_shape = tuple(int(v) for v in np.maximum(hshape, tshape)[:-1])
    out = np.zeros(out_shape, np.float32)
    for pos in np.ndindex(*out_shape):
        h, t = hyp.get(pos, []), truth.get(pos, [])
        d = float(_levenshtein(h, t))
        if normalize:
            d = d / len(t) if t else (float("inf") if h else 0.0)
        out[pos] = d
    return Tensor(out)


def parameterized_truncated_normal(shape, mean, stdevs, min, max, seed=0, seed2=0):
    """Samples of normal distributions truncated to ``[min, max]``, one distribution per
    batch row: row ``i`` of the result (its first axis) draws from ``N(mean[i], stdevs[i])``
    cut to ``[min[i], max[i]]`` (one-value parameters serve every row).

    Args:
        shape (Tensor): 1-D int32/int64, (batch, ...), at least 2 values.
        mean (Tensor): float, (batch,) or (1,).
        stdevs (Tensor): ``mean``'s dtype, > 0.
        min (Tensor): ``mean``'s dtype.
        max (Tensor): ``mean``'s dtype, > ``min``.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        Tensor of ``shape``, ``mean``'s dtype.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: the shapes do not fit or a parameter is out of range.
    """
    from mindcell._core import trace as _trace
    op = "ParameterizedTruncatedNormal"
    dims = _shape_of(op, shape)
    if len(dims) < 2:
        raise ValueError("%s: 'shape' must have at least 2 values, but got %r" % (op, dims))
    _need_tensor(op, "mean", mean, 1, _FLOATS)
    params = []
    col = (dims[0],) + (1,) * (len(dims) - 1)
    for arg, t in (("mean", mean), ("stdevs", stdevs), ("min", min), ("max", max)):
        _need_tensor(op, arg, t, 1, (mean.dtype,))
        if t.shape[0] not in (1, dims[0]):
            raise ValueError("%s: '%s' must hold 1 or %d values (the batch), but got %d"
                             % (op, arg, dims[0], t.shape[0]))
        params.append(F.reshape(F.broadcast_to(F.cast(t, mstype.float64), (dims[0],)), col))
    mu, sd, lo, hi = params
    if not _trace.current().is_graph and (
            (sd.asnumpy() <= 0).any() or (lo.asnumpy() >= hi.asnumpy()).any()):
        raise ValueError("%s: need stdevs > 0 and min < max, but got %s, %s and %s"
                         % (op, stdevs.asnumpy().tolist(), min.asnumpy().tolist(),
                            max.asnumpy().tolist()))
    u = _uniform01(dims, _rng_stream(op, seed, seed2))
    root2 = math.sqrt(2.0)
    a = 0.5 * F.erfc(-(lo - mu) / sd / root2)  # the normal CDF at the bounds
    b = 0.5 * F.erfc(-(hi - mu) / sd / root2)
    p = F.clamp(a + u * (b - a), 1e-300, 1.0 - 1e-16)
    z = root2 * F.erfinv(2.0 * p - 1.0)
    out = F.minimum(F.maximum(mu + sd * z, lo), hi)
    return F.cast(out, mean.dtype)


def map_uniform(input, per_group_size, group_num):
    """Maps the ids ``x`` of a table split round-robin into ``group_num`` groups to their rows
    in the grouped layout: ``(x % group_num) * per_group_size + x // group_num``.

    Args:
        input (Tensor): int32/int64 ids.
        per_group_size (int): the rows of a group, > 0.
        group_num (int): the number of groups, > 0.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not an int32/int64 Tensor.
        ValueError: a size is not a positive int.
    """
    op = "MapUniform"
    _need_tensor(op, "input", input, None, (mstype.int32, mstype.int64))
    per = _int_value(op, "per_group_size", per_group_size)
    groups = _int_value(op, "group_num", group_num)
    if per < 1 or groups < 1:
        raise ValueError("%s: 'per_group_size' and 'group_num' must be positive, but got %d and "
                         "%d" % (op, per, groups))
    return F.remainder(input, groups) * per + F.floor_divide(input, groups)


def sub_and_filter(input_x, max_num, offset):
    """``input_x - offset`` kept where it lies in ``[0, max_num)``, with the positions kept.

    Args:
        input_x (Tensor): 1-D int32/int64.
        max_num (int): the upper bound (exclusive).
        offset (int): subtracted first.

    Returns:
        tuple(Tensor, Tensor): the values kept and their indices in ``input_x`` (its dtype).

    Raises:
        TypeError: ``input_x`` is not an int32/int64 Tensor or a bound not an int.
        ValueError: ``input_x`` is not 1-D.
    """
    op = "SubAndFilter"
    _need_tensor(op, "input_x", input_x, 1, (mstype.int32, mstype.int64))
    top = _int_value(op, "max_num", max_num)
    off = _int_value(op, "offset", offset)
    info = np.iinfo(input_x.dtype.np_dtype)
    for arg, v in (("max_num", top), ("offset", off)):
        if not info.min <= v <= info.max:
            raise ValueError("%s: '%s' must fit in %s, but got %d" % (op, arg, input_x.dtype, v))
    y = input_x.asnumpy() - off
    keep = np.flatnonzero((y >= 0) & (y < top))
    dt = input_x.dtype.np_dtype
    return Tensor(y[keep].astype(dt)), Tensor(keep.astype(dt))


def no_repeat_ngram(state_seq, log_probs, ngram_size=1):
    """``log_probs`` with every token that would repeat an n-gram of ``state_seq`` set to the
    lowest float32: a token follows an earlier occurrence of the sequence's last
    ``ngram_size - 1`` tokens.

    Args:
        state_seq (Tensor): int32, (batch, beams, length), the tokens so far.
        log_probs (Tensor): float, (batch, beams, vocab).
        ngram_size (int): the n-gram length, > 0. Default: ``1``.

    Returns:
        Tensor of ``log_probs``' shape and dtype.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: ``ngram_size`` is not positive or the shapes do not fit.
    """
    op = "NoRepeatNGram"
    if isinstance(ngram_size, bool) or not isinstance(ngram_size, int) or ngram_size < 1:
        raise ValueError("%s: 'ngram_size' must be a positive int, but got %r" % (op, ngram_size))
    _need_tensor(op, "state_seq", state_seq, 3, (mstype.int32, mstype.int64))
    _need_tensor(op, "log_probs", log_probs, 3, _FLOATS)
    if tuple(state_seq.shape[:2]) != tuple(log_probs.shape[:2]):
        raise ValueError("%s: 'state_seq' %s and 'log_probs' %s must share (batch, beams)"
                         % (op, tuple(state_seq.shape), tuple(log_probs.shape)))
    seq = state_seq.asnumpy()
    vocab = log_probs.shape[2]
    ban = np.zeros(tuple(log_probs.shape), np.bool_)
    n, length = ngram_size, seq.shape[2]
    for b, beam in np.ndindex(*seq.shape[:2]):
        row = seq[b, beam]
        prefix = tuple(row[length - n + 1:]) if n > 1 else ()
        for start in range(0, length - n + 1):
            if tuple(row[start:start + n - 1]) == prefix:
                token = row[start + n - 1]
                if 0 <= token < vocab:
                    ban[b, beam, token] = True
    low = float(np.finfo(log_probs.dtype.np_dtype).min)  # MindSpore: float32's lowest
    return F.masked_fill(log_probs, Tensor(ban), Tensor(low, log_probs.dtype))


# --------------------------------------------------------------------------- 3-D grid sample


def _unnormalize(coord, size, align_corners):
    if align_corners:
        return (coord + 1.0) * 0.5 * (size - 1)
    return ((coord + 1.0) * size - 1.0) * 0.5


def _reflect(coord, size, align_corners):
    """Reflects the (unnormalised) coordinates into the sampled range, as PyTorch/MindSpore's
    grid samplers do."""
    lo, span = (0.0, size - 1.0) if align_corners else (-0.5, float(size))
    if span <= 0:
        return F.zeros_like(coord)
    x = F.abs(coord - lo)
    flips = F.floor(x / span)
    extra = x - flips * span
    even = F.equal(F.remainder(flips, 2.0), 0.0)
    out = F.where(even, extra + lo, span - extra + lo)
    return F.clamp(out, 0.0, size - 1.0)


def grid_sampler_3d(input_x, grid, interpolation_mode="bilinear", padding_mode="zeros",
                    align_corners=False):
    """Samples the volume ``input_x`` at the normalised (x, y, z) points of ``grid`` (-1 and 1
    the edges: the corner voxel centres with ``align_corners``, else the outer faces),
    trilinearly ("bilinear") or from the nearest voxel.

    Args:
        input_x (Tensor): float, (N, C, D, H, W).
        grid (Tensor): ``input_x``'s dtype, (N, D_out, H_out, W_out, 3), (x, y, z) order.
        interpolation_mode (str): "bilinear" or "nearest". Default: ``"bilinear"``.
        padding_mode (str): "zeros", "border" or "reflection": the value of points outside.
            Default: ``"zeros"``.
        align_corners (bool): see above. Default: ``False``.

    Returns:
        Tensor (N, C, D_out, H_out, W_out).

    Raises:
        TypeError: an input is not a float Tensor of one dtype or ``align_corners`` not a bool.
        ValueError: a mode is not one of the above or the shapes do not fit.
    """
    op = "GridSampler3D"
    if interpolation_mode not in ("bilinear", "nearest"):
        raise ValueError("%s: 'interpolation_mode' must be 'bilinear' or 'nearest', but got %r"
                         % (op, interpolation_mode))
    if padding_mode not in ("zeros", "border", "reflection"):
        raise ValueError("%s: 'padding_mode' must be 'zeros', 'border' or 'reflection', but got "
                         "%r" % (op, padding_mode))
    if not isinstance(align_corners, bool):
        raise TypeError("%s: 'align_corners' must be a bool, but got %r" % (op, align_corners))
    _need_tensor(op, "input_x", input_x, 5, _FLOATS)
    _need_tensor(op, "grid", grid, 5, (input_x.dtype,))
    n, c, d, h, w = input_x.shape
    if grid.shape[0] != n or grid.shape[-1] != 3:
        raise ValueError("%s: 'grid' must be (N, D_out, H_out, W_out, 3) with N = %d, but got %s"
                         % (op, n, tuple(grid.shape)))
    out_sp = tuple(grid.shape[1:4])
    sizes = (w, h, d)
    coords = []
    for k in range(3):
        v = _unnormalize(grid[..., k], sizes[k], align_corners)
        if padding_mode == "border":
            v = F.clamp(v, 0.0, sizes[k] - 1.0)
        elif padding_mode == "reflection":
            v = _reflect(v, sizes[k], align_corners)
        coords.append(v)
    flat = F.reshape(input_x, (n, c, d * h * w))
    m = int(np.prod(out_sp))

    def gather(ix, iy, iz):
        inside = F.logical_and(F.logical_and(F.logical_and(ix >= 0, ix <= w - 1),
                                             F.logical_and(iy >= 0, iy <= h - 1)),
                               F.logical_and(iz >= 0, iz <= d - 1))
        cx = F.cast(F.clamp(ix, 0, w - 1), mstype.int64)
        cy = F.cast(F.clamp(iy, 0, h - 1), mstype.int64)
        cz = F.cast(F.clamp(iz, 0, d - 1), mstype.int64)
        index = F.reshape((cz * h + cy) * w + cx, (n, 1, m))
        vals = F.gather_elements(flat, 2, F.broadcast_to(index, (n, c, m)))
        mask = F.broadcast_to(F.reshape(inside, (n, 1, m)), (n, c, m))
        return F.where(mask, vals, F.zeros_like(vals))

    x, y, z = coords
    if interpolation_mode == "nearest":
        out = gather(F.round(x), F.round(y), F.round(z))
    else:
        x0, y0, z0 = F.floor(x), F.floor(y), F.floor(z)
        fx, fy, fz = x - x0, y - y0, z - z0
        out = 0
        for dz in (0, 1):
            wz = fz if dz else 1 - fz
            for dy in (0, 1):
                wy = fy if dy else 1 - fy
                for dx in (0, 1):
                    wx = fx if dx else 1 - fx
                    weight = F.reshape(wx * wy * wz, (n, 1, m))
                    out = out + weight * gather(x0 + dx, y0 + dy, z0 + dz)
    return F.reshape(out, (n, c) + out_sp)


def conv3d_transpose_prim(dout, weight, in_channel, out_channel, kernel_size, mode=1,
                          pad_mode="valid", pad=0, stride=1, dilation=1, group=1,
                          output_padding=0, data_format="NCDHW"):
    """The 3-D transposed convolution of ``dout`` with ``weight`` (``ops.conv3d_transpose``)
    after checking the attributes against the weight, as MindSpore's Conv3DTranspose takes
    them.

    Args:
        dout (Tensor): float, (N, in_channel, D, H, W).
        weight (Tensor): (in_channel, out_channel / group, kD, kH, kW).
        in_channel (int): the input channels.
        out_channel (int): the output channels.
        kernel_size (Union[int, tuple[int]]): (kD, kH, kW).
        mode (int): 1, MindSpore's only convolution mode. Default: ``1``.
        pad_mode (str): "valid", "same" or "pad". Default: ``"valid"``.
        pad (Union[int, tuple[int]]): with "pad", an int or 6 ints cropped from the output.
            Default: ``0``.
        stride (Union[int, tuple[int]]): Default: ``1``.
        dilation (Union[int, tuple[int]]): Default: ``1``.
        group (int): Default: ``1``.
        output_padding (Union[int, tuple[int]]): extra size at the end of each dimension.
            Default: ``0``.
        data_format (str): "NCDHW" only. Default: ``"NCDHW"``.

    Returns:
        Tensor (N, out_channel, D_out, H_out, W_out).

    Raises:
        ValueError: ``mode``, ``data_format`` or the channels and kernel do not fit the
            weight, or ``output_padding`` is not 0 without pad_mode "pad".
    """
    op = "Conv3DTranspose"
    if mode != 1:
        raise ValueError("%s: 'mode' must be 1, but got %r" % (op, mode))
    if data_format != "NCDHW":
        raise ValueError("%s: 'data_format' must be 'NCDHW', but got %r" % (op, data_format))
    kernel = _window(op, "kernel_size", kernel_size, 3)
    if pad_mode != "pad" and output_padding not in (0, (0, 0, 0), [0, 0, 0]):
        raise ValueError("%s: 'output_padding' must be 0 unless pad_mode is 'pad' (as in "
                         "MindSpore 2.10), but got %r with pad_mode %r"
                         % (op, output_padding, pad_mode))
    _need_tensor(op, "weight", weight, 5, _FLOATS)
    for arg, v in (("in_channel", in_channel), ("out_channel", out_channel), ("group", group)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 1:
            raise ValueError("%s: '%s' must be a positive int, but got %r" % (op, arg, v))
    want = (in_channel, out_channel // group) + kernel
    if tuple(weight.shape) != want:
        raise ValueError("%s: 'weight' must have shape %s (in_channel, out_channel / group, "
                         "kernel_size), but got %s" % (op, want, tuple(weight.shape)))
    return F.conv3d_transpose(dout, weight, pad_mode, pad, stride, dilation, group,
                              output_padding)


def quantile_prim(input, q, dim=None, keep_dims=False, ignore_nan=False):
    """The ``q``-quantiles of ``input`` along ``dim`` (``ops.quantile``, or
    ``ops.nanquantile`` with ``ignore_nan``).

    Args:
        input (Tensor): float32/float64.
        q (Union[float, Tensor]): in [0, 1], a float or a 0-D/1-D Tensor.
        dim (int, optional): the axis; None flattens. Default: ``None``.
        keep_dims (bool): keep the reduced axis. Default: ``False``.
        ignore_nan (bool): skip NaN values. Default: ``False``.

    Returns:
        Tensor of ``input``'s dtype.
    """
    if not isinstance(ignore_nan, bool):
        raise TypeError("Quantile: 'ignore_nan' must be a bool, but got %r" % (ignore_nan,))
    fn = F.nanquantile if ignore_nan else F.quantile
    return fn(input, q, dim, keep_dims)


# ------------------------------------------------------------------------- fractional pooling


def _pooling_sequence(n, ratio, pseudo_random, gen):
    """The window starts (m + 1 of them, ending with n) of a fractional pooling of n values by
    ``ratio`` (Graham's fractional max-pooling, as TensorFlow and MindSpore draw them)."""
    m = int(n / ratio)
    if m < 1:
        raise ValueError("the pooling ratio %r leaves no output for size %d" % (ratio, n))
    alpha = n / m
    k = n // m
    if pseudo_random:
        # boundaries ceil(alpha * (i + u)) for one u drawn so that every window keeps k or
        # k + 1 values (the first starts at 0, the last ends at n)
        u = gen.uniform(0.0, min((k + 2) / alpha - 1, (n + 1 - k) / alpha - (m - 1)))
        cut = [1] + [int(np.ceil(alpha * (i + u))) for i in range(1, m)] + [n + 1]
        return (np.array(cut, np.int64) - 1)
    diff = np.full(m, k, np.int64)
    extra = n - m * k
    if extra:
        diff[gen.permutation(m)[:extra]] += 1
    return np.concatenate([[0], np.cumsum(diff)]).astype(np.int64)


def _window_index(seq, overlapping, n):
    """(m, L) indices of each window along one axis (short windows repeat their last index)
    and the (m, L) mask of the real ones."""
    starts, ends = seq[:-1], seq[1:] + (1 if overlapping else 0)
    ends = np.minimum(ends, n)
    width = int((ends - starts).max())
    idx = np.minimum(starts[:, None] + np.arange(width)[None, :], ends[:, None] - 1)
    mask = (starts[:, None] + np.arange(width)[None, :]) < ends[:, None]
    return idx, mask


def _fractional_pool(op, x, pooling_ratio, pseudo_random, overlapping, deterministic, seed,
                     seed2, reduce):
    _need_tensor(op, "x", x, 4, (mstype.float32, mstype.float64, mstype.int32, mstype.int64))
    for arg, v in (("pseudo_random", pseudo_random), ("overlapping", overlapping),
                   ("deterministic", deterministic)):
        if not isinstance(v, bool):
            raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    if not isinstance(pooling_ratio, (tuple, list)) or len(pooling_ratio) != 4 or \
            pooling_ratio[0] != 1.0 or pooling_ratio[3] != 1.0 or not all(
                isinstance(r, (int, float)) and not isinstance(r, bool) and r >= 1.0
                for r in pooling_ratio):
        raise ValueError("%s: 'pooling_ratio' must be [1.0, rh, rw, 1.0] with rh, rw >= 1, but "
                         "got %r" % (op, pooling_ratio))
    if deterministic and not (seed or seed2):
        gen = np.random.default_rng(0)
    else:
        gen = _rng_stream(op, seed, seed2).generator()
    _, h, w, _ = x.shape
    rows = _pooling_sequence(h, float(pooling_ratio[1]), pseudo_random, gen)
    cols = _pooling_sequence(w, float(pooling_ratio[2]), pseudo_random, gen)
    out = x
    for axis, seq, n in ((1, rows, h), (2, cols, w)):
        idx, mask = _window_index(seq, overlapping, n)
        m, width = idx.shape
        picked = F.gather(out, Tensor(idx.reshape(-1)), axis)
        shape = list(out.shape)
        shape[axis:axis + 1] = [m, width]
        picked = F.reshape(picked, tuple(shape))
        if reduce == "max":
            out = F.amax(picked, axis + 1)
        else:
            wshape = [1] * len(shape)
            wshape[axis], wshape[axis + 1] = m, width
            weights = (mask / mask.sum(1, keepdims=True)).reshape(wshape)
            out = F.reduce_sum(F.cast(picked, mstype.float64) * Tensor(weights), axis + 1)
    if reduce != "max":
        out = F.cast(F.trunc(out) if not x.dtype.is_floating_point else out, x.dtype)
    return out, Tensor(rows), Tensor(cols)


def fractional_max_pool(x, pooling_ratio, pseudo_random=False, overlapping=False,
                        deterministic=False, seed=0, seed2=0):
    """Fractional max pooling of the NHWC ``x``: windows of random integer sizes (about
    ``pooling_ratio`` each, Graham's method) along H and W.

    Args:
        x (Tensor): float32/float64/int32/int64, (N, H, W, C).
        pooling_ratio (list[float]): [1.0, rh, rw, 1.0], rh and rw >= 1.
        pseudo_random (bool): draw the windows pseudo-randomly instead of randomly. Default:
            ``False``.
        overlapping (bool): each window also takes the first value of the next. Default:
            ``False``.
        deterministic (bool): with seeds 0, the same windows at every call. Default:
            ``False``.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        tuple(Tensor): the pooled (N, H / rh, W / rw, C) values and the row and column window
        boundaries (int64).

    Raises:
        TypeError: ``x`` is not a Tensor of the dtypes above or a flag not a bool.
        ValueError: ``pooling_ratio`` does not fit.
    """
    return _fractional_pool("FractionalMaxPool", x, pooling_ratio, pseudo_random, overlapping,
                            deterministic, seed, seed2, "max")


def fractional_avg_pool(x, pooling_ratio, pseudo_random=False, overlapping=False,
                        deterministic=False, seed=0, seed2=0):
    """Fractional average pooling of the NHWC ``x`` (windows as ``FractionalMaxPool``; the
    means of integer inputs are truncated).

    Args:
        x (Tensor): float32/float64/int32/int64, (N, H, W, C).
        pooling_ratio (list[float]): [1.0, rh, rw, 1.0], rh and rw >= 1.
        pseudo_random (bool): draw the windows pseudo-randomly. Default: ``False``.
        overlapping (bool): each window also takes the first value of the next. Default:
            ``False``.
        deterministic (bool): with seeds 0, the same windows at every call. Default:
            ``False``.
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Returns:
        tuple(Tensor): the pooled values and the row and column window boundaries (int64).

    Raises:
        TypeError: ``x`` is not a Tensor of the dtypes above or a flag not a bool.
        ValueError: ``pooling_ratio`` does not fit.
    """
    return _fractional_pool("FractionalAvgPool", x, pooling_ratio, pseudo_random, overlapping,
                            deterministic, seed, seed2, "avg")


def _fixed_ksize_pool(op, layout, data_format, pool, x, ksize, output_shape, random_samples):
    """``pool`` (``F.fractional_max_pool2d``/``3d``) at the windows ``random_samples`` places,
    returning the maxima and their int64 indices; ``data_format`` must be ``layout``."""
    if data_format != layout:
        raise ValueError("%s: 'data_format' must be '%s', but got %r" % (op, layout, data_format))
    y, idx = pool(x, ksize, output_shape, None, True, random_samples)
    return y, F.cast(idx, mstype.int64)


def fractional_max_pool_with_fixed_ksize(input_x, random_samples, ksize, output_shape,
                                         data_format="NCHW"):
    """Fractional max pooling with a fixed window and the window positions given by
    ``random_samples`` (``ops.fractional_max_pool2d(..., return_indices=True)``).

    Args:
        input_x (Tensor): float, (N, C, H, W).
        random_samples (Tensor): (N, C, 2), values in [0, 1).
        ksize (Union[int, tuple[int]]): the window (kh, kw).
        output_shape (Union[int, tuple[int]]): (H_out, W_out).
        data_format (str): "NCHW" only. Default: ``"NCHW"``.

    Returns:
        tuple(Tensor, Tensor): the maxima and their int64 indices into each plane.

    Raises:
        ValueError: ``data_format`` is not "NCHW" or a size does not fit.
    """
    return _fixed_ksize_pool("FractionalMaxPoolWithFixedKsize", "NCHW", data_format,
                             F.fractional_max_pool2d, input_x, ksize, output_shape,
                             random_samples)


def fractional_max_pool3d_with_fixed_ksize(x, random_samples, ksize, output_shape,
                                           data_format="NCDHW"):
    """3-D fractional max pooling with a fixed window and the window positions given by
    ``random_samples`` (``ops.fractional_max_pool3d(..., return_indices=True)``).

    Args:
        x (Tensor): float, (N, C, D, H, W).
        random_samples (Tensor): (N, C, 3), values in [0, 1).
        ksize (Union[int, tuple[int]]): the window (kd, kh, kw).
        output_shape (Union[int, tuple[int]]): (D_out, H_out, W_out).
        data_format (str): "NCDHW" only. Default: ``"NCDHW"``.

    Returns:
        tuple(Tensor, Tensor): the maxima and their int64 indices into each volume.

    Raises:
        ValueError: ``data_format`` is not "NCDHW" or a size does not fit.
    """
    return _fixed_ksize_pool("FractionalMaxPool3DWithFixedKsize", "NCDHW", data_format,
                             F.fractional_max_pool3d, x, ksize, output_shape, random_samples)
