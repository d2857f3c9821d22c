"""MindSpore 2.10 array functions mindcell composes from its own ops: diagonal embedding and
scattering (``diag_embed``, ``diagflat``, ``diagonal_scatter``, ``select_scatter``,
``slice_scatter``), ``channel_shuffle``, ``mirror_pad``, ``clip_by_norm`` and the NaN-aware
statistics ``median``, ``nanmedian``, ``nanmean``, and ``unique_consecutive``. Values move by
gather/where/reshape, so gradients and GRAPH_MODE come from those ops; every function checks its
arguments with MindSpore's rules (recorded with ms-oracle) so errors name it."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, int_arg, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function._opdoc import array, example, opdoc


def _F():
    from mindcell.ops import functional
    return functional


def _axis(axis, ndim, op, arg="axis"):
    check_int(axis, op, arg)
    n = max(ndim, 1)
    if not -n <= axis < n:
        raise ValueError("%s: '%s' must be in [%d, %d), but got %d"
                         % (public_name(op), arg, -n, n, axis))
    return axis % n


def _place_last_two(x, ndim, d1, d2):
    """``x`` has its two matrix axes last; move them to ``d1`` and ``d2`` of an ``ndim``-D
    result (the other axes keep their order)."""
    rest = iter(range(ndim - 2))
    perm = [ndim - 2 if i == d1 else ndim - 1 if i == d2 else next(rest) for i in range(ndim)]
    return _F().transpose(x, tuple(perm))


def _diag_positions(n, offset):
    """Rows and columns of the ``n`` elements of diagonal ``offset``."""
    k = np.arange(n)
    return (k - min(offset, 0), k + max(offset, 0))


# ----- diagonals --------------------------------------------------------------------------------
def diag_embed(input, offset=0, dim1=-2, dim2=-1):
    op = "diag_embed"
    check_tensor(input, op, "input")
    check_int(offset, op, "offset")
    ndim = input.ndim + 1
    d1, d2 = _axis(dim1, ndim, op, "dim1"), _axis(dim2, ndim, op, "dim2")
    if d1 == d2:
        raise ValueError("%s: 'dim1' and 'dim2' must differ, but both are %d"
                         % (public_name(op), d1))
    F = _F()
    x = input.reshape((1,)) if input.ndim == 0 else input
    n = x.shape[-1]
    m = n + abs(offset)
    if m * m * max(n, 1) > 2 ** 31:
        raise ValueError("%s: the result of %d-element diagonals at offset %d is too large"
                         % (public_name(op), n, offset))
    if n == 0:
        return _place_last_two(F.zeros(x.shape[:-1] + (m, m), x.dtype), ndim, d1, d2)
    rows, cols = _diag_positions(n, offset)
    e = np.zeros((n, m, m), np.bool_)
    e[np.arange(n), rows, cols] = True
    picks = Tensor(e.reshape(n, m * m).argmax(axis=0).astype(np.int32))   # element per cell
    filled = Tensor(e.any(axis=0).reshape(-1))
    out = F.gather(x, picks, x.ndim - 1)                                   # (..., m * m)
    out = F.where(filled, out, F.zeros_like(out)).reshape(x.shape[:-1] + (m, m))
    return _place_last_two(out, ndim, d1, d2)


diag_embed.__doc__ = opdoc(
    "A tensor whose diagonals (over ``dim1`` and ``dim2``) are the last axis of ``input``: "
    "each vector becomes diagonal ``offset`` (above the main one if positive) of a square "
    "matrix of size ``n + |offset|``, zero elsewhere.",
    ["input (Tensor): the diagonals, along the last axis.",
     "offset (int): which diagonal. Default: ``0``.",
     "dim1 (int): the axis of the rows, of the result. Default: ``-2``.",
     "dim2 (int): the axis of the columns, of the result. Default: ``-1``."],
    "Tensor of ``input``'s dtype, with one axis more.",
    ["TypeError: ``input`` is not a Tensor or an argument not an int.",
     "ValueError: ``dim1`` or ``dim2`` is out of range, or they are equal."],
    example("ops.diag_embed(x, 1)", "[[0 1 0]\n [0 0 2]\n [0 0 0]]",
            ["x = " + array([1, 2], "int32")]))


def diagflat(input, offset=0):
    op = "diagflat"
    check_tensor(input, op, "input")
    check_int(offset, op, "offset")
    return diag_embed(input.reshape((-1,)), offset, 0, 1)


diagflat.__doc__ = opdoc(
    "A 2-D tensor with the flattened ``input`` on diagonal ``offset``, zero elsewhere.",
    ["input (Tensor): the values (flattened).", "offset (int): which diagonal (above the main "
     "one if positive). Default: ``0``."],
    "Tensor of ``input``'s dtype, shape ``(n + |offset|, n + |offset|)``.",
    ["TypeError: ``input`` is not a Tensor or ``offset`` not an int."],
    example("ops.diagflat(x, -1)", "[[0. 0. 0.]\n [1. 0. 0.]\n [0. 2. 0.]]",
            ["x = " + array([1.0, 2.0])]))


def _scatter_along(input, src, axis, positions, op):
    """``input`` with the slices at ``positions`` (ints, along ``axis``) replaced by the
    slices of ``src`` in turn."""
    F = _F()
    size = input.shape[axis]
    pick = np.zeros(size, np.int32)
    hit = np.zeros(size, np.bool_)
    pick[positions], hit[positions] = np.arange(len(positions)), True
    mask_shape = [1] * input.ndim
    mask_shape[axis] = size
    gathered = F.gather(src, Tensor(pick), axis)
    return F.where(Tensor(hit.reshape(mask_shape)), gathered, input)


def _check_src(input, src, expected, op, what):
    check_tensor(src, op, "src")
    if tuple(src.shape) != tuple(expected):
        raise ValueError("%s: 'src' must have the shape of %s %s, but got %s"
                         % (public_name(op), what, tuple(expected), src.shape))
    if src.dtype != input.dtype:
        raise TypeError("%s: 'src' must have the dtype of 'input' (%s), but got %s"
                        % (public_name(op), input.dtype, src.dtype))


def slice_scatter(input, src, axis=0, start=None, end=None, step=1):
    op = "slice_scatter"
    check_tensor(input, op, "input")
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-D Tensor"
                         % public_name(op))
    ax = _axis(axis, input.ndim, op)
    for name, v in (("start", start), ("end", end)):
        if v is not None:
            check_int(v, op, name)
    check_int(step, op, "step")
    if step <= 0:
        raise ValueError("%s: 'step' must be positive, but got %d" % (public_name(op), step))
    positions = np.arange(input.shape[ax])[slice(start, end, step)]
    expected = list(input.shape)
    expected[ax] = len(positions)
    _check_src(input, src, expected, op, "the slice")
    if len(positions) == 0:
        return input * 1
    return _scatter_along(input, src, ax, positions, op)


slice_scatter.__doc__ = opdoc(
    "``input`` with the slice ``start:end:step`` along ``axis`` replaced by ``src``.",
    ["input (Tensor): the tensor written into (not modified).",
     "src (Tensor): the slice, of ``input``'s dtype and the slice's shape.",
     "axis (int): the axis sliced. Default: ``0``.",
     "start (int, optional): the first index; None: 0. Default: ``None``.",
     "end (int, optional): the end (exclusive); None: the length. Default: ``None``.",
     "step (int): the stride, positive. Default: ``1``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: an argument is not a Tensor or an int, or the dtypes differ.",
     "ValueError: ``axis`` is out of range, ``step`` not positive, or ``src`` not of the "
     "slice's shape."],
    example("ops.slice_scatter(x, s, 1, 0, 3, 2)", "[[1. 0. 1.]\n [1. 0. 1.]]",
            ["x = Tensor(np.zeros((2, 3), np.float32))",
             "s = Tensor(np.ones((2, 2), np.float32))"]))


def select_scatter(input, src, axis, index):
    op = "select_scatter"
    check_tensor(input, op, "input")
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-D Tensor"
                         % public_name(op))
    ax = _axis(axis, input.ndim, op)
    size = input.shape[ax]
    check_int(index, op, "index")
    if not -size <= index < size:
        raise ValueError("%s: 'index' must be in [%d, %d), but got %d"
                         % (public_name(op), -size, size, index))
    expected = input.shape[:ax] + input.shape[ax + 1:]
    _check_src(input, src, expected, op, "the selected slice")
    return _scatter_along(input, _F().expand_dims(src, ax), ax, [index % size], op)


select_scatter.__doc__ = opdoc(
    "``input`` with the slice at ``index`` of ``axis`` replaced by ``src``.",
    ["input (Tensor): the tensor written into (not modified).",
     "src (Tensor): of ``input``'s dtype and shape without ``axis``.",
     "axis (int): the axis.", "index (int): the position along ``axis``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: an argument is not a Tensor or an int, or the dtypes differ.",
     "ValueError: ``axis`` or ``index`` is out of range, or ``src`` has the wrong shape."],
    example("ops.select_scatter(x, s, 1, -1)", "[[0. 0. 1.]\n [0. 0. 2.]]",
            ["x = Tensor(np.zeros((2, 3), np.float32))", "s = " + array([1.0, 2.0])]))


def diagonal_scatter(input, src, offset=0, dim1=0, dim2=1):
    op = "diagonal_scatter"
    check_tensor(input, op, "input")
    check_int(offset, op, "offset")
    if input.ndim < 2:
        raise ValueError("%s: 'input' must be at least 2-D, but got shape %s"
                         % (public_name(op), input.shape))
    d1, d2 = _axis(dim1, input.ndim, op, "dim1"), _axis(dim2, input.ndim, op, "dim2")
    if d1 == d2:
        raise ValueError("%s: 'dim1' and 'dim2' must differ, but both are %d"
                         % (public_name(op), d1))
    r, c = input.shape[d1], input.shape[d2]
    n = max(0, min(r + min(offset, 0), c - max(offset, 0)))
    rest = [input.shape[i] for i in range(input.ndim) if i not in (d1, d2)]
    _check_src(input, src, rest + [n], op, "the diagonal")
    F = _F()
    rows, cols = _diag_positions(n, offset)
    pick = np.zeros(r * c, np.int32)
    hit = np.zeros(r * c, np.bool_)
    pick[rows * c + cols], hit[rows * c + cols] = np.arange(n), True
    if n == 0:
        return input * 1
    flat = F.gather(src, Tensor(pick), src.ndim - 1).reshape(tuple(rest) + (r, c))
    placed = _place_last_two(flat, input.ndim, d1, d2)
    mask = _place_last_two(Tensor(hit.reshape((1,) * len(rest) + (r, c))), input.ndim, d1, d2)
    return F.where(mask, placed, input)


diagonal_scatter.__doc__ = opdoc(
    "``input`` with diagonal ``offset`` (over ``dim1`` and ``dim2``) replaced by ``src``.",
    ["input (Tensor): at least 2-D (not modified).",
     "src (Tensor): of ``input``'s dtype and the diagonal's shape (the other axes, then the "
     "diagonal's length, as :func:`diagonal` gives).",
     "offset (int): which diagonal (above the main one if positive). Default: ``0``.",
     "dim1 (int): the axis of the rows. Default: ``0``.",
     "dim2 (int): the axis of the columns. Default: ``1``."],
    "Tensor of ``input``'s shape and dtype.",
    ["TypeError: an argument is not a Tensor or an int, or the dtypes differ.",
     "ValueError: ``input`` is below 2-D, the axes are out of range or equal, or ``src`` has "
     "the wrong shape."],
    example("ops.diagonal_scatter(x, s, 1)", "[[0. 1. 0.]\n [0. 0. 2.]]",
            ["x = Tensor(np.zeros((2, 3), np.float32))", "s = " + array([1.0, 2.0])]))


# ----- reshuffles and padding -------------------------------------------------------------------
def channel_shuffle(x, groups):
    op = "channel_shuffle"
    check_tensor(x, op, "x")
    check_int(groups, op, "groups")
    if x.ndim <= 3:
        raise TypeError("%s: 'x' must have more than 3 dimensions, but got shape %s"
                        % (public_name(op), x.shape))
    if groups <= 0 or x.shape[1] % groups:
        raise ValueError("%s: the channels (%d) must be divisible by a positive 'groups', but "
                         "got %d" % (public_name(op), x.shape[1], groups))
    n, c = x.shape[0], x.shape[1]
    rest = tuple(x.shape[2:])
    y = x.reshape((n, groups, c // groups) + rest)
    y = _F().transpose(y, (0, 2, 1) + tuple(range(3, y.ndim)))
    return y.reshape(x.shape)


channel_shuffle.__doc__ = opdoc(
    "Splits the channels (axis 1) into ``groups`` and interleaves them: channel ``g * k + j`` "
    "of the result is channel ``j * (C / groups) + g`` of ``x``.",
    ["x (Tensor): shape ``(N, C, ...)``, more than 3-D.",
     "groups (int): the number of groups, dividing ``C``."],
    "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not a Tensor of more than 3 dimensions or ``groups`` not an int.",
     "ValueError: ``groups`` does not divide the channels."],
    example("ops.channel_shuffle(x, 2).reshape(-1)", "[0 2 1 3]",
            ["x = Tensor(np.arange(4, dtype=np.int32).reshape(1, 4, 1, 1))"]))


def mirror_pad(input_x, paddings, mode):
    op = "mirror_pad"
    check_tensor(input_x, op, "input_x")
    if not isinstance(paddings, Tensor):
        raise TypeError("%s: 'paddings' must be a Tensor of shape (%d, 2), but got %s"
                        % (public_name(op), input_x.ndim, type(paddings).__name__))
    if not isinstance(mode, str) or mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError("%s: 'mode' must be 'REFLECT' or 'SYMMETRIC', but got %r"
                         % (public_name(op), mode))
    pads = paddings.asnumpy()
    if pads.shape != (input_x.ndim, 2) or not np.issubdtype(pads.dtype, np.integer):
        raise ValueError("%s: 'paddings' must be an integer Tensor of shape (%d, 2), but got "
                         "%s of shape %s" % (public_name(op), input_x.ndim, paddings.dtype,
                                             pads.shape))
    F = _F()
    out = input_x
    for ax, (before, after) in enumerate(pads.tolist()):
        size = input_x.shape[ax]
        limit = size - 1 if mode == "REFLECT" else size
        if before < 0 or after < 0 or before > limit or after > limit:
            raise ValueError("%s: the paddings of axis %d must be in [0, %d] for mode %s, but "
                             "got %s" % (public_name(op), ax, limit, mode, [before, after]))
        if before or after:
            idx = np.pad(np.arange(size), (before, after), mode=mode.lower())
            out = F.gather(out, Tensor(idx.astype(np.int32)), ax)
    return out


mirror_pad.__doc__ = opdoc(
    "Pads ``input_x`` with its own mirror image: ``'REFLECT'`` leaves out the edge element "
    "(``[1, 2, 3]`` padded by 2 is ``[3, 2, 1, 2, 3, 2, 1]``), ``'SYMMETRIC'`` repeats it "
    "(``[2, 1, 1, 2, 3, 3, 2]``).",
    ["input_x (Tensor): the input.", "paddings (Tensor): integer, shape ``(input_x.ndim, 2)``: "
     "the elements added before and after each axis (at most the length - 1 for REFLECT, the "
     "length for SYMMETRIC).", "mode (str): ``'REFLECT'`` or ``'SYMMETRIC'``."],
    "Tensor of ``input_x``'s dtype.",
    ["TypeError: ``input_x`` or ``paddings`` is not a Tensor.",
     "ValueError: ``mode`` is not listed, or ``paddings`` has the wrong shape or a value out "
     "of range."],
    example('ops.mirror_pad(x, p, "SYMMETRIC")', "[[2 1 1 2 3 3 2]]",
            ["x = " + array([[1, 2, 3]], "int32"), "p = " + array([[0, 0], [2, 2]], "int32")]))


# ----- clipping ---------------------------------------------------------------------------------
def clip_by_norm(x, max_norm, norm_type=2.0, error_if_nonfinite=False):
    op = "clip_by_norm"
    tensors = list(x) if isinstance(x, (list, tuple)) else [x]
    if not tensors:
        raise ValueError("%s: 'x' must be a Tensor or a non-empty list of Tensors, but got an "
                         "empty %s" % (public_name(op), type(x).__name__))
    for i, t in enumerate(tensors):
        check_tensor(t, op, "x" if t is x else "x[%d]" % i)
    if isinstance(max_norm, bool) or not isinstance(max_norm, numbers.Real):
        raise TypeError("%s: 'max_norm' must be a number, but got %s"
                        % (public_name(op), type(max_norm).__name__))
    if isinstance(norm_type, bool) or not isinstance(norm_type, numbers.Real):
        raise TypeError("%s: 'norm_type' must be a number, but got %s"
                        % (public_name(op), type(norm_type).__name__))
    check_bool(error_if_nonfinite, op, "error_if_nonfinite")
    F = _F()
    tensors = [t if t.dtype.is_floating_point else t.astype(mstype.float32) for t in tensors]
    common = mstype.float64 if any(t.dtype == mstype.float64 for t in tensors) \
        else mstype.float32
    norms = F.stack([F.norm(t.reshape((-1,)), norm_type).astype(common) for t in tensors])
    total = F.norm(norms, norm_type)
    if error_if_nonfinite and not np.isfinite(total.asnumpy()):
        raise RuntimeError("%s: the total norm of order %r is not finite (%s)"
                           % (public_name(op), norm_type, total.asnumpy()))
    coef = F.clamp(max_norm / (total + 1e-6), None, 1.0)
    out = [F.mul(t, coef.astype(t.dtype)) for t in tensors]
    return tuple(out) if isinstance(x, (list, tuple)) else out[0]


clip_by_norm.__doc__ = opdoc(
    "Scales ``x`` (a tensor, or a list of tensors together) so that its total norm is at most "
    "``max_norm``: each tensor is multiplied by ``min(1, max_norm / (total_norm + 1e-6))``, "
    "where the total norm is the ``norm_type`` norm of the tensors' norms. Bool and integer "
    "tensors compute in Float32.",
    ["x (Union[Tensor, list[Tensor], tuple[Tensor]]): the tensors.",
     "max_norm (Union[float, int]): the largest total norm.",
     "norm_type (Union[float, int]): the order of the norm (``float('inf')`` for the largest "
     "magnitude). Default: ``2.0``.",
     "error_if_nonfinite (bool): raise when the total norm is NaN or infinite. Default: "
     "``False``."],
    "Tensor, or a tuple of Tensors for a list or tuple ``x``.",
    ["TypeError: ``x`` holds a non-Tensor, or an argument has the wrong type.",
     "RuntimeError: ``error_if_nonfinite`` and the total norm is not finite."],
    example("ops.clip_by_norm(x, 1.0)", "[0.5999999  0.79999983]",
            ["x = " + array([3.0, 4.0])]))


# ----- NaN-aware statistics ---------------------------------------------------------------------
def _median(input, axis, keepdims, op, skip_nan):
    check_tensor(input, op, "input")
    axis = int_arg(axis)  # a numpy int or a 0-d integer Tensor reads as its int
    if isinstance(axis, (bool, np.bool_)) or not isinstance(axis, (int, np.integer)):
        raise TypeError("%s: 'axis' must be an int, but got %s"
                        % (public_name(op), type(axis).__name__))
    axis = int(axis)
    check_bool(keepdims, op, "keepdims")
    F = _F()
    x = input.reshape((1,)) if input.ndim == 0 else input
    ax = _axis(axis, x.ndim, op)
    values, order = F.sort(x, ax)            # stable, NaN last
    nan = F.isnan(x) if x.dtype.is_floating_point else None
    n = x.shape[ax]
    if nan is None:
        pos = F.zeros_like(F.sum(order, ax, keepdim=True)).astype(mstype.int64) + (n - 1) // 2
    else:
        count = F.sum(F.logical_not(nan).astype(mstype.int64), ax, keepdim=True)
        if skip_nan:       # the lower median of the numbers; an all-NaN slice gives position 0
            pos = F.maximum(count - 1, F.zeros_like(count)) // 2
        else:              # a NaN anywhere makes the median NaN: the position of the first NaN
            pos = F.where(count < n, count, F.zeros_like(count) + (n - 1) // 2)
    value = F.gather_elements(values, ax, pos.astype(mstype.int64))
    index = F.gather_elements(order, ax, pos.astype(mstype.int64)).astype(mstype.int64)
    if not keepdims:
        value, index = F.squeeze(value, ax), F.squeeze(index, ax)
    if input.ndim == 0:
        value, index = value.reshape(()), index.reshape(())
    return value, index


def median(input, axis=-1, keepdims=False):
    return _median(input, axis, keepdims, "median", False)


median.__doc__ = opdoc(
    "The median of ``input`` along ``axis`` and its index: the lower of the two middle values "
    "for an even length (ties keep the order of ``input``); a NaN in a slice makes its median "
    "NaN, with the NaN's index.",
    ["input (Tensor): the input.", "axis (int): the axis. Default: ``-1``.",
     "keepdims (bool): keep ``axis`` with length 1. Default: ``False``."],
    "tuple(Tensor, Tensor): the medians (``input``'s dtype) and their indices (Int64).",
    ["TypeError: ``input`` is not a Tensor, ``axis`` not an int or ``keepdims`` not a bool.",
     "ValueError: ``axis`` is out of range."],
    example("ops.median(x)", "(Tensor(shape=[2], dtype=Int32, value= [2, 5]), "
            "Tensor(shape=[2], dtype=Int64, value= [2, 0]))",
            ["x = " + array([[9, 1, 2, 3], [5, 7, 4, 6]], "int32")]))


def nanmedian(input, axis=-1, keepdims=False):
    return _median(input, axis, keepdims, "nanmedian", True)


nanmedian.__doc__ = opdoc(
    "The median of ``input`` along ``axis`` ignoring NaNs, and its index: the lower of the "
    "two middle numbers for an even count; an all-NaN slice gives NaN and index 0.",
    ["input (Tensor): the input.", "axis (int): the axis. Default: ``-1``.",
     "keepdims (bool): keep ``axis`` with length 1. Default: ``False``."],
    "tuple(Tensor, Tensor): the medians (``input``'s dtype) and their indices (Int64).",
    ["TypeError: ``input`` is not a Tensor, ``axis`` not an int or ``keepdims`` not a bool.",
     "ValueError: ``axis`` is out of range."],
    example("ops.nanmedian(x)[0]", "[2. 1.]",
            ["x = " + array([[4.0, 1.0, "np.nan", 2.0], [1.0, "np.nan", 1.0, 3.0]])
             .replace("'", "")]))


def nanmean(input, axis=None, keepdims=False, *, dtype=None):
    op = "nanmean"
    check_tensor(input, op, "input")
    if not input.dtype.is_floating_point:
        raise TypeError("%s: 'input' must be a float Tensor, but got %s"
                        % (public_name(op), input.dtype))
    check_bool(keepdims, op, "keepdims")
    F = _F()
    x = input.astype(dtype) if dtype is not None else input
    nan = F.isnan(x)
    total = F.sum(F.where(nan, F.zeros_like(x), x), axis, keepdims)
    count = F.sum(F.logical_not(nan).astype(x.dtype), axis, keepdims)
    return total / count


nanmean.__doc__ = opdoc(
    "The mean of ``input`` along ``axis`` ignoring NaNs (NaN where a slice has no number).",
    ["input (Tensor): a float tensor.", "axis (Union[int, tuple(int)], optional): the axes; "
     "None: all. Default: ``None``.", "keepdims (bool): keep the reduced axes with length 1. "
     "Default: ``False``.", "dtype (mindcell.dtype, optional): (keyword-only) the dtype "
     "``input`` is cast to first. Default: ``None``."],
    "Tensor of ``input``'s dtype (or ``dtype``).",
    ["TypeError: ``input`` is not a float Tensor or ``keepdims`` not a bool."],
    example("ops.nanmean(x, 0)", "[2.  1.5]",
            ["x = " + array([["np.nan", 1.0], [2.0, 2.0]]).replace("'", "")]))


def _unique_consecutive(input, return_inverse, return_counts, dim):
    """Eager only: the output length depends on the values."""
    check_bool(return_inverse, "unique_consecutive", "return_inverse")
    check_bool(return_counts, "unique_consecutive", "return_counts")
    data = input.asnumpy()
    if dim is None:
        data, axis = data.reshape(-1), 0
    else:
        axis = check_int(dim, "unique_consecutive", "dim", -data.ndim, data.ndim - 1) % data.ndim
    moved = np.moveaxis(data, axis, 0).reshape(data.shape[axis], -1)
    if moved.shape[0] == 0:
        starts = np.zeros(0, np.int64)
    else:
        change = np.any(moved[1:] != moved[:-1], axis=1)
        starts = np.concatenate([[0], np.nonzero(change)[0] + 1])
    out = [_F().gather(input if dim is not None else _F().reshape(input, (-1,)),
                      Tensor(starts.astype(np.int64)), axis)]
    if return_inverse:
        inverse = np.cumsum(np.isin(np.arange(moved.shape[0]), starts)) - 1
        shape = input.shape if dim is None else (data.shape[axis],)
        out.append(Tensor(inverse.reshape(shape).astype(np.int64)))
    if return_counts:
        counts = np.diff(np.append(starts, moved.shape[0]))
        out.append(Tensor(counts.astype(np.int64)))
    return out[0] if len(out) == 1 else tuple(out)


def unique_consecutive(input, return_inverse=False, return_counts=False, dim=None):
    op = "unique_consecutive"
    check_tensor(input, op, "input")
    if input.size == 0:
        check_bool(return_inverse, op, "return_inverse")
        check_bool(return_counts, op, "return_counts")
        F = _F()
        if dim is None:
            values, inverse = input.reshape((0,)), F.zeros(input.shape, mstype.int64)
        else:
            ax = _axis(dim, input.ndim, op, "dim")
            if input.shape[ax] != 0:
                raise ValueError("%s: 'input' has a 0-sized axis other than 'dim' (%d): %s"
                                 % (public_name(op), dim, input.shape))
            values, inverse = input, F.zeros((0,), mstype.int64)
        out = (values,) + ((inverse,) if return_inverse else ()) \
            + ((F.zeros((0,), mstype.int64),) if return_counts else ())
        return out if len(out) > 1 else values
    return _unique_consecutive(input, return_inverse, return_counts, dim)


unique_consecutive.__doc__ = opdoc(
    "Collapses each run of equal consecutive elements (or slices along ``dim``) of ``input`` "
    "into one.",
    ["input (Tensor): the input.", "return_inverse (bool): also return, for each element, the "
     "index of its run. Default: ``False``.", "return_counts (bool): also return the length "
     "of each run. Default: ``False``.", "dim (int, optional): the axis whose slices are "
     "compared; None flattens ``input``. Default: ``None``."],
    "Tensor, or a tuple with the inverse indices and/or counts (Int64) after it.",
    ["TypeError: ``input`` is not a Tensor or an argument has the wrong type.",
     "ValueError: ``dim`` is out of range."],
    example("ops.unique_consecutive(x)", "[1 2 1]", ["x = " + array([1, 1, 2, 1], "int32")]))


# ----- integer bit operations -------------------------------------------------------------------
_INTS = (mstype.int8, mstype.int16, mstype.int32, mstype.int64, mstype.uint8, mstype.uint16,
         mstype.uint32, mstype.uint64)


def _shift(input, other, op, left):
    if not isinstance(input, Tensor) and not isinstance(other, Tensor):
        raise TypeError("%s: 'input' or 'other' must be a Tensor, but got %s and %s"
                        % (public_name(op), type(input).__name__, type(other).__name__))
    ref = input if isinstance(input, Tensor) else other
    if ref.dtype not in _INTS:
        raise TypeError("%s: '%s' must be an integer Tensor, but got %s"
                        % (public_name(op), "input" if ref is input else "other", ref.dtype))
    info = np.iinfo(ref.dtype.np_dtype)
    for name, v in (("input", input), ("other", other)):
        # a Python bool counts as the int it is (MindSpore 2.10: x << True shifts by 1)
        if not isinstance(v, Tensor) and (not isinstance(v, int)
                                          or not info.min <= v <= info.max):
            raise TypeError("%s: '%s' must be a Tensor or an int in the range of %s, but "
                            "got %r" % (public_name(op), name, ref.dtype, v))
    a = input if isinstance(input, Tensor) else Tensor(np.asarray(int(input), ref.dtype.np_dtype))
    b = other if isinstance(other, Tensor) else Tensor(np.asarray(int(other), ref.dtype.np_dtype))
    for name, t in (("input", a), ("other", b)):
        if t.dtype not in _INTS:
            raise TypeError("%s: '%s' must be an integer Tensor, but got %s"
                            % (public_name(op), name, t.dtype))
    if a.dtype != b.dtype:
        raise TypeError("%s: 'input' and 'other' must have the same dtype, but got %s and %s"
                        % (public_name(op), a.dtype, b.dtype))
    try:
        x, k = np.broadcast_arrays(a.asnumpy(), b.asnumpy())
    except ValueError:
        raise ValueError("%s: the shapes %s and %s do not broadcast"
                         % (public_name(op), a.shape, b.shape)) from None
    wide = np.uint64 if x.dtype.kind == "u" else np.int64
    # MindSpore's CPU kernel shifts in C: the count is taken modulo the width the value is
    # computed in (32 bits up to int32, 64 for int64), and narrow results wrap
    bits = 63 if x.dtype.itemsize == 8 else 31
    count = (k.astype(np.int64) & bits).astype(wide)
    with np.errstate(over="ignore"):
        out = (x.astype(wide) << count) if left else (x.astype(wide) >> count)
    return Tensor(out.astype(x.dtype))


def bitwise_left_shift(input, other):
    return _shift(input, other, "bitwise_left_shift", True)


def bitwise_right_shift(input, other):
    return _shift(input, other, "bitwise_right_shift", False)


for _f, _dir, _ex in ((bitwise_left_shift, "left", "[ 2  4 -8 16]"),
                      (bitwise_right_shift, "right", "[ 0  1 -2  4]")):
    _f.__doc__ = opdoc(
        "Shifts the bits of ``input`` %s by ``other`` (arithmetic for signed integers), "
        "elementwise with broadcasting; the count is taken modulo 32 (64 for 64-bit "
        "integers), as in MindSpore's CPU kernel." % _dir,
        ["input (Union[Tensor, int]): an integer tensor (or a number, with ``other`` a "
         "Tensor).", "other (Union[Tensor, int, bool]): the shift counts, of ``input``'s dtype "
         "(a Python bool counts as 0 or 1)."],
        "Tensor of the operands' dtype and broadcast shape.",
        ["TypeError: neither operand is a Tensor, an operand is not an integer tensor, or "
         "the dtypes differ."],
        example("ops.bitwise_%s_shift(x, 1)" % _dir, _ex,
                ["x = " + array([1, 2, -4, 8], "int32")]))


def population_count(input_x):
    op = "population_count"
    check_tensor(input_x, op, "input_x")
    if input_x.dtype not in _INTS:
        raise TypeError("%s: 'input_x' must be an integer Tensor, but got %s"
                        % (public_name(op), input_x.dtype))
    x = input_x.asnumpy()
    as_bytes = np.ascontiguousarray(x).view(np.uint8).reshape(x.shape + (x.dtype.itemsize,))
    return Tensor(np.unpackbits(as_bytes, axis=-1).sum(-1).astype(np.uint8))


population_count.__doc__ = opdoc(
    "The number of set bits of each element (two's complement for negative values).",
    ["input_x (Tensor): an integer tensor."], "Tensor of UInt8, ``input_x``'s shape.",
    ["TypeError: ``input_x`` is not an integer Tensor."],
    example("ops.population_count(x)", "[16  3  8]", ["x = " + array([-1, 7, 255], "int16")]))


# ----- functional in-place updates of rows ------------------------------------------------------
def _rows(x, v, indices, op):
    check_tensor(x, op, "x")
    check_tensor(v, op, "v")
    if x.ndim == 0:
        raise ValueError("%s: 'x' must be at least 1-D, but got a 0-D Tensor" % public_name(op))
    if isinstance(indices, Tensor):
        idx = indices.asnumpy().reshape(-1).tolist()
    elif isinstance(indices, int) and not isinstance(indices, bool):
        idx = [indices]
    elif isinstance(indices, (tuple, list)):
        idx = list(indices)
    else:
        raise TypeError("%s: 'indices' must be an int, a tuple of ints or a Tensor, but got %s"
                        % (public_name(op), type(indices).__name__))
    for i in idx:
        if isinstance(i, bool) or not isinstance(i, (int, np.integer)) or \
                not 0 <= i < x.shape[0]:
            raise ValueError("%s: 'indices' must be in [0, %d), but got %r"
                             % (public_name(op), x.shape[0], indices))
    if v.dtype != x.dtype or tuple(v.shape) != (len(idx),) + tuple(x.shape[1:]):
        raise ValueError("%s: 'v' must be of 'x''s dtype and shape %s, but got %s %s"
                         % (public_name(op), (len(idx),) + tuple(x.shape[1:]), v.dtype,
                            v.shape))
    return Tensor(np.asarray(idx, np.int32))


def inplace_add(x, v, indices):
    idx = _rows(x, v, indices, "inplace_add")
    return _F().add(x, _F().unsorted_segment_sum(v, idx, x.shape[0]))


def inplace_sub(x, v, indices):
    idx = _rows(x, v, indices, "inplace_sub")
    return _F().sub(x, _F().unsorted_segment_sum(v, idx, x.shape[0]))


def inplace_update(x, v, indices):
    op = "inplace_update"
    idx = _rows(x, v, indices, op)
    last = {}
    for pos, i in enumerate(idx.asnumpy().tolist()):
        last[i] = pos                                   # a repeated row takes its last value
    rows = np.zeros(x.shape[0], np.int32)
    hit = np.zeros(x.shape[0], np.bool_)
    for i, pos in last.items():
        rows[i], hit[i] = pos, True
    F = _F()
    picked = F.gather(v, Tensor(rows), 0)
    return F.where(Tensor(hit.reshape((-1,) + (1,) * (x.ndim - 1))), picked, x)


for _f, _what, _ex in (
        (inplace_add, "adds ``v[i]`` to row ``indices[i]`` (repeated rows add up)",
         "[[1.5 3. ]\n [3.  4. ]\n [6.  7.5]]"),
        (inplace_sub, "subtracts ``v[i]`` from row ``indices[i]`` (repeated rows add up)",
         "[[0.5 1. ]\n [3.  4. ]\n [4.  4.5]]"),
        (inplace_update, "sets row ``indices[i]`` to ``v[i]`` (a repeated row takes the last)",
         "[[0.5 1. ]\n [3.  4. ]\n [1.  1.5]]")):
    _f.__doc__ = opdoc(
        "``x`` with its rows along axis 0 changed: %s. Despite its name ``x`` is not modified "
        "(as in MindSpore 2.10); the result is a new Tensor." % _what,
        ["x (Tensor): the input.", "v (Tensor): of ``x``'s dtype, shape ``(len(indices),) + "
         "x.shape[1:]``.", "indices (Union[int, tuple[int], Tensor]): rows of ``x``, in "
         "``[0, x.shape[0])``."], "Tensor of ``x``'s shape and dtype.",
        ["TypeError: ``x`` or ``v`` is not a Tensor, or ``indices`` has the wrong type.",
         "ValueError: an index is out of range, or ``v`` has the wrong dtype or shape."],
        example("ops.%s(x, v, (2, 0))" % _f.__name__, _ex,
                ["x = " + array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
                 "v = " + array([[1.0, 1.5], [0.5, 1.0]])]))


def intopk(x1, x2, k):
    op = "intopk"
    check_tensor(x1, op, "x1")
    check_tensor(x2, op, "x2")
    check_int(k, op, "k")
    if x1.dtype not in (mstype.float16, mstype.float32):
        raise TypeError("%s: 'x1' must be a Float16/Float32 Tensor, but got %s"
                        % (public_name(op), x1.dtype))
    if x2.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'x2' must be an Int32/Int64 Tensor, but got %s"
                        % (public_name(op), x2.dtype))
    if x1.ndim != 2 or x2.ndim != 1 or x2.shape[0] != x1.shape[0]:
        raise ValueError("%s: 'x1' must be (N, C) and 'x2' (N,), but got %s and %s"
                         % (public_name(op), x1.shape, x2.shape))
    F = _F()
    target = F.gather_elements(x1, 1, F.expand_dims(x2.astype(mstype.int64), 1))
    above = F.sum((x1 > target).astype(mstype.int32), 1)
    return above < k


intopk.__doc__ = opdoc(
    "Whether each target ``x2[i]`` is among the ``k`` largest predictions of row ``x1[i]`` "
    "(values equal to the target's do not push it out).",
    ["x1 (Tensor): Float16/Float32, shape ``(N, C)``.", "x2 (Tensor): Int32/Int64 class "
     "indices, shape ``(N,)``.", "k (int): how many of the largest count."],
    "Tensor of bool, shape ``(N,)``.",
    ["TypeError: an operand has the wrong dtype or ``k`` is not an int.",
     "ValueError: the shapes do not fit."],
    example("ops.intopk(x, t, 3)", "[ True False]",
            ["x = " + array([[1, 8, 5, 2, 7], [4, 9, 1, 3, 5]]), "t = " + array([1, 3],
                                                                                  "int32")]))


def pdist(input, p=2.0):
    op = "pdist"
    check_tensor(input, op, "input")
    if not input.dtype.is_floating_point:
        raise TypeError("%s: 'input' must be a float Tensor, but got %s" % (public_name(op),
                                                                          input.dtype))
    if input.ndim != 2:
        raise ValueError("%s: 'input' must be 2-D (N, M), but got shape %s"
                         % (public_name(op), input.shape))
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or p < 0:
        raise ValueError("%s: 'p' must be a non-negative float, but got %r" % (public_name(op),
                                                                              p))
    n = input.shape[0]
    i, j = np.triu_indices(n, 1)
    F = _F()
    diff = F.sub(F.gather(input, Tensor(i.astype(np.int32)), 0),
                 F.gather(input, Tensor(j.astype(np.int32)), 0))
    return F.norm(diff, float(p), dim=-1)


pdist.__doc__ = opdoc(
    "The p-norm distances between every pair of rows of ``input``, in the order of the upper "
    "triangle: ``(0, 1), (0, 2), ..., (1, 2), ...``.",
    ["input (Tensor): float, shape ``(N, M)``.", "p (float): the order, >= 0 (``inf`` the "
     "largest difference, 0 the count of differing coordinates). Default: ``2.0``."],
    "Tensor of shape ``(N * (N - 1) / 2,)``.",
    ["TypeError: ``input`` is not a float Tensor.", "ValueError: ``input`` is not 2-D or "
     "``p`` negative."],
    example("ops.pdist(x, 1.0)", "[2. 6. 4.]", ["x = " + array([[1.0, 1.0], [2.0, 2.0],
                                                               [3.0, 5.0]])]))


def combinations(input, r=2, with_replacement=False):
    import itertools
    op = "combinations"
    check_tensor(input, op, "input")
    check_int(r, op, "r")
    check_bool(with_replacement, op, "with_replacement")
    if input.ndim != 1:
        raise ValueError("%s: 'input' must be 1-D, but got shape %s" % (public_name(op),
                                                                      input.shape))
    if r <= 0:
        raise ValueError("%s: 'r' must be positive, but got %d" % (public_name(op), r))
    n = input.shape[0]
    if r > 2 ** 16:
        raise ValueError("%s: 'r' must be at most 65536, but got %d" % (public_name(op), r))
    count = math.comb(n + r - 1, r) if with_replacement else math.comb(n, r)
    if count * r > 2 ** 31:
        raise ValueError("%s: %d combinations of length %d are too many" % (public_name(op),
                                                                           count, r))
    pick = itertools.combinations_with_replacement if with_replacement else \
        itertools.combinations
    idx = np.array(list(pick(range(input.shape[0]), r)), np.int32).reshape(-1, r)
    if idx.shape[0] == 0:
        return _F().zeros((0, r), input.dtype)
    return _F().gather(input, Tensor(idx), 0)


combinations.__doc__ = opdoc(
    "The length-``r`` combinations of the elements of ``input``, as ``itertools`` orders them.",
    ["input (Tensor): 1-D.", "r (int): the length of a combination, positive. Default: "
     "``2``.", "with_replacement (bool): allow an element to repeat. Default: ``False``."],
    "Tensor of shape ``(count, r)``, of ``input``'s dtype.",
    ["TypeError: ``input`` is not a Tensor or an argument has the wrong type.",
     "ValueError: ``input`` is not 1-D or ``r`` is not positive."],
    example("ops.combinations(x)", "[[1 2]\n [1 3]\n [2 3]]",
            ["x = " + array([1, 2, 3], "int32")]))


def igammac(input, other):
    F = _F()
    for name, t in (("input", input), ("other", other)):
        check_tensor(t, "igammac", name)
        if t.dtype not in (mstype.float32, mstype.float64):
            raise TypeError("%s: '%s' must be a Float32/Float64 Tensor, but got %s"
                            % (public_name("igammac"), name, t.dtype))
    if input.dtype == mstype.float64 or not input.dtype.is_floating_point \
            or input.dtype != other.dtype:
        return F.sub(1.0, F.igamma(input, other))      # igamma's own checks and dtype rules
    # 1 - P in Float64, so that a small upper tail (P close to 1) keeps its digits
    p = F.igamma(input.astype(mstype.float64), other.astype(mstype.float64))
    return F.sub(1.0, p).astype(input.dtype)


igammac.__doc__ = opdoc(
    "The regularized upper incomplete gamma function ``Q(input, other) = 1 - P(input, "
    "other)`` (see :func:`igamma`).",
    ["input (Tensor): float, the parameters ``a > 0``.", "other (Tensor): float, the points "
     "``x >= 0``, of ``input``'s dtype."], "Tensor of the broadcast shape.",
    ["TypeError: an operand is not a float Tensor, or the dtypes differ."],
    example("ops.igammac(a, x)", "[0.40600586 0.6472319 ]",
            ["a = " + array([2.0, 4.0]), "x = " + array([2.0, 3.0])]))


# ----- small utilities and the TensorFlow-style block rearrangements ----------------------------
def eps(x):
    op = "eps"
    check_tensor(x, op, "x")
    if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
        raise TypeError("%s: 'x' must be a Float16/Float32/Float64 Tensor, but got %s"
                        % (public_name(op), x.dtype))
    return _F().zeros_like(x) + float(np.finfo(x.dtype.np_dtype).eps)


eps.__doc__ = opdoc(
    "A tensor of ``x``'s shape filled with the machine epsilon of its dtype (the gap between "
    "1 and the next number: 0.0009765625, 1.1920929e-07, 2.220446049250313e-16).",
    ["x (Tensor): Float16, Float32 or Float64."], "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not a float Tensor."],
    example("ops.eps(x)", "[1.1920929e-07 1.1920929e-07]", ["x = " + array([4.0, 1.0])]))


def deepcopy(input_x):
    check_tensor(input_x, "deepcopy", "input_x")
    return _F().cast(input_x, input_x.dtype) * 1 if input_x.dtype != mstype.bool_ else \
        _F().logical_and(input_x, input_x)


deepcopy.__doc__ = opdoc(
    "A new Tensor with the values of ``input_x`` (later changes to either do not show in the "
    "other).", ["input_x (Tensor): the input."], "Tensor of ``input_x``'s shape and dtype.",
    ["TypeError: ``input_x`` is not a Tensor."],
    example("ops.deepcopy(x)", "[[0 1]\n [2 1]]", ["x = " + array([[0, 1], [2, 1]], "int32")]))


def dyn_shape(input_x):
    check_tensor(input_x, "dyn_shape", "input_x")
    return Tensor(np.asarray(input_x.shape, np.int64).reshape(-1))


dyn_shape.__doc__ = opdoc(
    "The shape of ``input_x`` as an Int64 Tensor.", ["input_x (Tensor): the input."],
    "Tensor of Int64, shape ``(input_x.ndim,)``.", ["TypeError: ``input_x`` is not a Tensor."],
    example("ops.dyn_shape(x)", "[2 3]", ["x = Tensor(np.ones((2, 3), np.float32))"]))


def padding(x, pad_dim_size=8):
    op = "padding"
    check_tensor(x, op, "x")
    check_int(pad_dim_size, op, "pad_dim_size")
    if x.ndim < 2 or x.shape[-1] != 1:
        raise ValueError("%s: 'x' must be at least 2-D with a last dimension of 1, but got "
                         "shape %s" % (public_name(op), x.shape))
    if pad_dim_size < 1 or pad_dim_size > 2 ** 20:
        raise ValueError("%s: 'pad_dim_size' must be in [1, 2**20], but got %d"
                         % (public_name(op), pad_dim_size))
    return _F().pad(x, (0, pad_dim_size - 1))


padding.__doc__ = opdoc(
    "Extends the last axis of ``x`` (of length 1) to ``pad_dim_size`` with zeros.",
    ["x (Tensor): at least 2-D, last dimension 1.", "pad_dim_size (int): the new length. "
     "Default: ``8``."], "Tensor of ``x``'s dtype.",
    ["TypeError: ``x`` is not a Tensor or ``pad_dim_size`` not an int.",
     "ValueError: the last dimension of ``x`` is not 1 or ``pad_dim_size`` < 1."],
    example("ops.padding(x, 3)", "[[8. 0. 0.]\n [2. 0. 0.]]", ["x = " + array([[8.0], [2.0]])]))


def unique_with_pad(x, pad_num):
    op = "unique_with_pad"
    check_tensor(x, op, "x")
    if x.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'x' must be an Int32/Int64 Tensor, but got %s"
                        % (public_name(op), x.dtype))
    if x.ndim != 1:
        raise ValueError("%s: 'x' must be 1-D, but got shape %s" % (public_name(op), x.shape))
    if isinstance(pad_num, Tensor) and pad_num.ndim == 0 and pad_num.dtype in (mstype.int32,
                                                                               mstype.int64):
        pad_num = int(pad_num.asnumpy())  # MindSpore 2.10 takes a 0-d integer Tensor (ms-oracle)
    check_int(pad_num, op, "pad_num")
    info = np.iinfo(x.dtype.np_dtype)
    if not info.min <= pad_num <= info.max:
        raise ValueError("%s: 'pad_num' must fit %s, but got %d" % (public_name(op), x.dtype,
                                                                   pad_num))
    values = x.asnumpy()
    first, pos = {}, []
    for v in values.tolist():
        pos.append(first.setdefault(v, len(first)))
    uniq = np.full(values.shape, pad_num, values.dtype)
    uniq[:len(first)] = list(first)
    return Tensor(uniq), Tensor(np.asarray(pos, values.dtype))


unique_with_pad.__doc__ = opdoc(
    "The distinct values of ``x`` in the order they first appear, padded with ``pad_num`` to "
    "``x``'s length, and for each element the position of its value among them.",
    ["x (Tensor): Int32/Int64, 1-D.", "pad_num (Union[int, Tensor]): the filler (a 0-d integer "
     "Tensor is taken as its value)."],
    "tuple(Tensor, Tensor): the values and the indices, both of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not an Int32/Int64 Tensor or ``pad_num`` not an int.",
     "ValueError: ``x`` is not 1-D."],
    example("ops.unique_with_pad(x, -1)[0]", "[ 5  2  3 -1]",
            ["x = " + array([5, 2, 2, 3], "int32")]))


def _blocks(block, m, op, name):
    if isinstance(block, int) and not isinstance(block, bool):
        block = [block] * m
    if not isinstance(block, (tuple, list)) or len(block) != m or not all(
            isinstance(b, int) and not isinstance(b, bool) and 1 <= b <= 2 ** 16 for b in block):
        raise ValueError("%s: '%s' must be %d ints in [1, 65536], but got %r"
                         % (public_name(op), name, m, block))
    return list(block)


def _pairs(pads, m, op, name):
    if isinstance(pads, Tensor):
        pads = pads.asnumpy().tolist()
    if not isinstance(pads, (tuple, list)) or len(pads) != m or not all(
            isinstance(p, (tuple, list)) and len(p) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 2 ** 20 for v in p)
            for p in pads):
        raise ValueError("%s: '%s' must be %d pairs of non-negative ints, but got %r"
                         % (public_name(op), name, m, pads))
    return [list(p) for p in pads]


def space_to_batch_nd(input_x, block_size, paddings):
    op = "space_to_batch_nd"
    check_tensor(input_x, op, "input_x")
    m = len(block_size) if isinstance(block_size, (tuple, list)) else 2
    if input_x.ndim < m + 2:
        raise ValueError("%s: 'input_x' must have at least %d dimensions, but got shape %s"
                         % (public_name(op), m + 2, input_x.shape))
    blocks = _blocks(block_size, m, op, "block_size")
    pads = _pairs(paddings, m, op, "paddings")
    F = _F()
    lead = input_x.ndim - m                    # (N, C, ...) before the spatial axes
    flat = []
    for p in reversed(pads):
        flat += p
    x = F.pad(input_x, tuple(flat)) if any(v for p in pads for v in p) else input_x
    shape = list(x.shape)
    for i, b in enumerate(blocks):
        if shape[lead + i] % b:
            raise ValueError("%s: the padded spatial dimension %d (%d) must be divisible by "
                             "its block %d" % (public_name(op), i, shape[lead + i], b))
    split = shape[:lead]
    for i, b in enumerate(blocks):
        split += [shape[lead + i] // b, b]
    y = x.reshape(tuple(split))
    block_axes = [lead + 2 * i + 1 for i in range(m)]
    perm = block_axes + list(range(lead)) + [lead + 2 * i for i in range(m)]
    y = F.transpose(y, tuple(perm))
    out_shape = [int(np.prod(blocks)) * shape[0]] + shape[1:lead] + \
        [shape[lead + i] // b for i, b in enumerate(blocks)]
    return y.reshape(tuple(out_shape))


space_to_batch_nd.__doc__ = opdoc(
    "Pads the last ``M`` (spatial) axes of ``input_x`` and moves ``block_size`` blocks of them "
    "into the batch axis: batch ``(offset_index * N + n)`` holds the elements at that offset "
    "within each block.",
    ["input_x (Tensor): shape ``(N, C, *spatial)``.", "block_size (Union[int, list[int]]): "
     "the block of each spatial axis (one int for 2 axes).", "paddings (Union[list, Tensor]): "
     "``M`` pairs ``[before, after]`` of zeros added first."],
    "Tensor of shape ``(N * prod(block_size), C, *(padded spatial / block))``.",
    ["TypeError: ``input_x`` is not a Tensor.", "ValueError: the blocks or paddings are "
     "invalid, or a padded axis is not divisible by its block."],
    example("ops.space_to_batch_nd(x, [2, 2], [[0, 0], [0, 0]]).reshape(-1)", "[1. 2. 3. 4.]",
            ["x = " + array([[[[1.0, 2.0], [3.0, 4.0]]]])]))


def batch_to_space_nd(input_x, block_shape, crops):
    op = "batch_to_space_nd"
    check_tensor(input_x, op, "input_x")
    m = len(block_shape) if isinstance(block_shape, (tuple, list)) else 2
    if input_x.ndim < m + 2:
        raise ValueError("%s: 'input_x' must have at least %d dimensions, but got shape %s"
                         % (public_name(op), m + 2, input_x.shape))
    blocks = _blocks(block_shape, m, op, "block_shape")
    cuts = _pairs(crops, m, op, "crops")
    prod = int(np.prod(blocks))
    if input_x.shape[0] % prod:
        raise ValueError("%s: the batch (%d) must be divisible by the product of 'block_shape' "
                         "(%d)" % (public_name(op), input_x.shape[0], prod))
    F = _F()
    lead = input_x.ndim - m
    shape = list(input_x.shape)
    n = shape[0] // prod
    y = input_x.reshape(tuple(blocks + [n] + shape[1:]))
    # axes now: blocks (m), N, C..., spatial (m)
    perm = [m] + list(range(m + 1, m + lead))
    for i in range(m):
        perm += [m + lead + i, i]
    y = F.transpose(y, tuple(perm))
    full = [shape[lead + i] * b for i, b in enumerate(blocks)]
    y = y.reshape(tuple([n] + shape[1:lead] + full))
    for i, (lo, hi) in enumerate(cuts):
        if lo + hi > full[i]:
            raise ValueError("%s: the crops of spatial axis %d (%d + %d) exceed its size %d"
                             % (public_name(op), i, lo, hi, full[i]))
        if lo or hi:
            y = F.narrow(y, lead + i, lo, full[i] - lo - hi)
    return y


batch_to_space_nd.__doc__ = opdoc(
    "The inverse of :func:`space_to_batch_nd`: moves blocks of the batch axis back into the "
    "last ``M`` (spatial) axes, then crops them.",
    ["input_x (Tensor): shape ``(N * prod(block_shape), C, *spatial)``.",
     "block_shape (Union[int, list[int]]): the block of each spatial axis (one int for 2 "
     "axes).", "crops (Union[list, Tensor]): ``M`` pairs ``[start, end]`` cut off after."],
    "Tensor of shape ``(N, C, *(spatial * block - crops))``.",
    ["TypeError: ``input_x`` is not a Tensor.", "ValueError: the blocks or crops are invalid, "
     "or the batch is not divisible by the blocks."],
    example("ops.batch_to_space_nd(x, [2, 2], [[0, 0], [0, 0]])", "[[[[1. 2.]\n   [3. 4.]]]]",
            ["x = " + array([[[[1.0]]], [[[2.0]]], [[[3.0]]], [[[4.0]]]])]))


__all__ = ["diag_embed", "diagflat", "slice_scatter", "select_scatter", "diagonal_scatter",
           "channel_shuffle", "mirror_pad", "clip_by_norm", "median", "nanmedian", "nanmean",
           "unique_consecutive", "bitwise_left_shift", "bitwise_right_shift",
           "population_count", "inplace_add", "inplace_sub", "inplace_update", "intopk", "pdist",
           "combinations", "igammac", "eps", "deepcopy", "dyn_shape", "padding", "unique_with_pad",
           "space_to_batch_nd", "batch_to_space_nd"]
