"""Sequence and array ops MindSpore programs reach through their primitive classes: reverse,
reverse_sequence, slice, addn, scalar_cast, and the composites behind ArgMinWithValue,
CumSum(exclusive, reverse), DepthToSpace/SpaceToDepth, L2Normalize and L2Loss. All are built
from existing ops, so they differentiate and trace like their parts."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_int, check_number, public_name, show
from mindcell.ops._helpers import (check_float, check_rank, check_tensor, normalize_axis,
                                   normalize_dim)
from mindcell.ops.defs import shape as S
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R

_SCALAR_CAST = {mstype.int64: int, mstype.float64: float, mstype.bool_: bool}


def _concrete(t):
    """The numpy value of ``t``, or None while tracing a graph (values unknown)."""
    return None if _trace.current().is_graph else t.asnumpy()


def reverse(x, axis):
    """reverse(x, axis): ``x`` with the order of elements reversed along each axis in ``axis``.

    Args:
        x (Tensor): the input.
        axis (Union[tuple[int], list[int]]): the axes to reverse (negative counts from the end).

    Returns:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor, or ``axis`` is not a tuple or list of ints.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.reverse(Tensor(np.array([[1, 2, 3], [4, 5, 6]])), (1,)).asnumpy().tolist()
        [[3, 2, 1], [6, 5, 4]]
    """
    check_tensor(x, "reverse", "x")
    if not isinstance(axis, (tuple, list)):
        raise TypeError("%s: 'axis' must be a tuple or list of ints, but got %s"
                        % (public_name("reverse"), show(axis)))
    if not axis:
        return S.copy_p.bind(x)
    return S.reverse_p.bind(x, axis=normalize_axis(tuple(axis), x.ndim, "reverse"))


def _seq_lengths(seq_lengths, x, seq_dim, batch_dim, op):
    check_tensor(seq_lengths, op, "seq_lengths")
    if seq_lengths._np_dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
        raise TypeError("%s: 'seq_lengths' must be int32 or int64, but got %s"
                        % (public_name(op), seq_lengths.dtype))
    if seq_lengths.shape != (x.shape[batch_dim],):
        raise ValueError("%s: 'seq_lengths' must have shape (%d,) (x.shape[batch_dim]), but got "
                         "%s" % (public_name(op), x.shape[batch_dim], seq_lengths.shape))
    value = _concrete(seq_lengths)
    if value is not None and ((value < 0) | (value > x.shape[seq_dim])).any():
        bad = int(np.flatnonzero((value < 0) | (value > x.shape[seq_dim]))[0])
        raise RuntimeError("%s: seq_lengths[%d] = %d is outside [0, %d] (x.shape[seq_dim])"
                           % (public_name(op), bad, int(value[bad]), x.shape[seq_dim]))


def reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0):
    """reverse_sequence(x, seq_lengths, seq_dim, batch_dim=0): for each index ``b`` along
    ``batch_dim``, reverses the first ``seq_lengths[b]`` elements along ``seq_dim``; the rest
    are unchanged.

    Args:
        x (Tensor): the input, at least 1-D.
        seq_lengths (Tensor): Int32 or Int64 of shape ``(x.shape[batch_dim],)``, each in
            ``[0, x.shape[seq_dim]]``.
        seq_dim (int): the axis to reverse along.
        batch_dim (int): the axis ``seq_lengths`` indexes. Default: 0.

    Returns:
        Tensor, the shape and dtype of ``x``.

    Raises:
        TypeError: a wrong argument type.
        ValueError: an axis out of range, ``seq_dim == batch_dim``, or ``seq_lengths`` of the
            wrong shape.
        RuntimeError: a length outside ``[0, x.shape[seq_dim]]`` (checked in PYNATIVE_MODE;
            while tracing a graph such lengths are clipped to the range).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(9, dtype=np.int32).reshape(3, 3))
        >>> ops.reverse_sequence(x, Tensor(np.array([1, 2, 3], np.int32)), 1).asnumpy().tolist()
        [[0, 1, 2], [4, 3, 5], [8, 7, 6]]
    """
    op = "reverse_sequence"
    check_rank(check_tensor(x, op, "x"), op, 1, "x")
    sd = normalize_dim(check_int(seq_dim, op, "seq_dim"), x.ndim, op, "seq_dim")
    bd = normalize_dim(check_int(batch_dim, op, "batch_dim"), x.ndim, op, "batch_dim")
    if sd == bd:
        raise ValueError("%s: 'seq_dim' and 'batch_dim' must differ, but both are %d"
                         % (public_name(op), seq_dim))
    _seq_lengths(seq_lengths, x, sd, bd, op)
    n = x.shape[sd]
    pos_shape = [1] * x.ndim
    pos_shape[sd] = n
    pos = Tensor._make(np.arange(n, dtype=np.int64).reshape(pos_shape))
    len_shape = [1] * x.ndim
    len_shape[bd] = x.shape[bd]
    lengths = M.clamp(A.reshape(M.cast(seq_lengths, mstype.int64), tuple(len_shape)), 0, n)
    mirrored = M.sub(M.sub(lengths, 1), pos)
    index = M.select(M.less(pos, lengths), mirrored, A.broadcast_to(pos, mirrored.shape))
    return S.gather_d_p.bind(x, A.broadcast_to(index, x.shape), axis=sd)


def _int_seq(v, op, arg):
    if isinstance(v, Tensor):
        v = v.tolist()
    if not isinstance(v, (tuple, list)):
        raise TypeError("%s: '%s' must be a tuple or list of ints, but got %s"
                        % (public_name(op), arg, show(v)))
    return tuple(check_int(i, op, arg) for i in v)


def slice(input_x, begin, size):
    """slice(input_x, begin, size): the block of ``input_x`` starting at ``begin`` with extent
    ``size`` per dimension (-1 takes the rest of that dimension).

    Args:
        input_x (Tensor): the input.
        begin (Union[tuple[int], list[int]]): the start per dimension.
        size (Union[tuple[int], list[int]]): the extent per dimension, or -1.

    Returns:
        Tensor, of shape ``size`` (with -1 resolved) and the dtype of ``input_x``.

    Raises:
        TypeError: ``begin``/``size`` are not tuples or lists of ints.
        ValueError: their length is not the rank, or the block leaves the tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(12).reshape(3, 4))
        >>> ops.slice(x, (1, 1), (2, -1)).asnumpy().tolist()
        [[5, 6, 7], [9, 10, 11]]
    """
    op = "slice"
    check_tensor(input_x, op, "input_x")
    begin, size = _int_seq(begin, op, "begin"), _int_seq(size, op, "size")
    if len(begin) != input_x.ndim or len(size) != input_x.ndim:
        raise ValueError("%s: 'begin' and 'size' must have %d entries (the rank of input_x), "
                         "but got %d and %d" % (public_name(op), input_x.ndim, len(begin),
                                                len(size)))
    out = input_x
    for axis, (b, s, n) in enumerate(zip(begin, size, input_x.shape)):
        s = n - b if s == -1 else s
        if b < 0 or s < 0 or b + s > n:
            raise ValueError("%s: begin %d with size %d leaves dimension %d of length %d"
                             % (public_name(op), b, size[axis], axis, n))
        if (b, s) != (0, n):
            out = S.slice_along(out, axis, b, b + s)
    return out if out is not input_x else S.copy_p.bind(input_x)


def addn(x):
    """addn(x): the elementwise sum of the tensors in ``x``, all of one shape and dtype.

    Args:
        x (Union[tuple[Tensor], list[Tensor]]): the tensors to add.

    Returns:
        Tensor, the shape and dtype of the inputs.

    Raises:
        TypeError: ``x`` is not a non-empty tuple/list of Tensors, or their dtypes differ.
        ValueError: their shapes differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([1.0, 2.0], np.float32))
        >>> ops.addn([a, a, a]).asnumpy().tolist()
        [3.0, 6.0]
    """
    op = "addn"
    if not isinstance(x, (tuple, list)) or not x:
        raise TypeError("%s: 'x' must be a non-empty tuple or list of Tensors, but got %s"
                        % (public_name(op), show(x)))
    first = check_tensor(x[0], op, "x[0]")
    for i, t in enumerate(x[1:], 1):
        check_tensor(t, op, "x[%d]" % i)
        if t.dtype != first.dtype:
            raise TypeError("%s: every input must have dtype %s (that of x[0]), but x[%d] is %s"
                            % (public_name(op), first.dtype, i, t.dtype))
        if t.shape != first.shape:
            raise ValueError("%s: every input must have shape %s (that of x[0]), but x[%d] has "
                             "%s" % (public_name(op), first.shape, i, t.shape))
    out = first
    for t in x[1:]:
        out = M.add(out, t)
    return out if len(x) > 1 else S.copy_p.bind(first)


def scalar_cast(input_x, input_y):
    """scalar_cast(input_x, input_y): the Python number ``input_x`` converted to the scalar
    type ``input_y``: ``mstype.int64`` (truncates toward zero), ``mstype.float64`` or
    ``mstype.bool_``.

    Args:
        input_x (Union[int, float, bool]): the number.
        input_y (mindcell.dtype): int64, float64 or ``bool_``.

    Returns:
        int, float or bool.

    Raises:
        TypeError: ``input_x`` is not a number.
        ValueError: ``input_y`` is another dtype.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.scalar_cast(-2.7, ms.int64)
        -2
    """
    op = "scalar_cast"
    if not isinstance(input_y, mstype.DType):
        raise TypeError("%s: 'input_y' must be a dtype, but got %s" % (public_name(op),
                                                                      show(input_y)))
    if input_y not in _SCALAR_CAST:
        raise ValueError("%s: 'input_y' must be one of [Int64, Float64, Bool], but got %s"
                         % (public_name(op), input_y))
    if isinstance(input_x, Tensor):
        raise TypeError("%s: 'input_x' must be a Python number, but got %s"
                        % (public_name(op), show(input_x)))
    if not isinstance(input_x, (bool, np.bool_)):
        value = check_number(input_x, op, "input_x")
        if input_y == mstype.int64 and not np.isfinite(value):
            raise ValueError("%s: cannot convert %r to Int64" % (public_name(op), input_x))
    return _SCALAR_CAST[input_y](input_x)


# ----- composites behind the primitive classes -----------------------------------------------
def arg_extreme_with_value(x, axis, keep_dims, largest, op):
    """(index Int64, value) of the max/min along ``axis`` (first occurrence; a NaN wins)."""
    check_rank(check_tensor(x, op, "x"), op, 1, "x")
    ax = normalize_dim(check_int(axis, op, "axis"), x.ndim, op)
    values, index = (R.max if largest else R.min)(x, ax, bool(keep_dims))
    return index, values


def check_labels_in_range(labels, n, op):
    """Class labels in [0, n) (checked when the values are known: PYNATIVE_MODE)."""
    value = _concrete(labels)
    if value is not None and value.size and (value.min() < 0 or value.max() >= n):
        bad = value[(value < 0) | (value >= n)][0]
        raise ValueError("%s: labels must be in [0, %d), but got %d" % (public_name(op), n, bad))


def cumsum_flags(x, axis, exclusive, reverse, op):
    """Cumulative sum along ``axis``, optionally from the end and/or excluding each element
    itself (the shifted sum, exact for integers and floats alike)."""
    check_tensor(x, op, "input")
    if x._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name(op))
    if isinstance(axis, Tensor):
        if axis.ndim != 0 or axis._np_dtype.kind not in "iu":
            raise TypeError("%s: 'axis' must be an int or a 0-D integer Tensor, but got %s"
                            % (public_name(op), show(axis)))
        value = _concrete(axis)
        if value is None:
            axis._no_value("read a Tensor 'axis' of %s while tracing; pass a Python int"
                           % public_name(op))
        axis = int(value)
    ax = normalize_dim(check_int(axis, op, "axis"), x.ndim, op)
    y = A.flip(x, (ax,)) if reverse else x
    y = R.cumsum(y, ax, y.dtype)
    if exclusive:
        n = y.shape[ax]
        pads = [0, 0] * x.ndim
        pads[2 * (x.ndim - 1 - ax)] = 1
        y = A.pad(S.slice_along(y, ax, 0, n - 1), tuple(pads)) if n > 1 else M.sub(y, y)
    return A.flip(y, (ax,)) if reverse else y


def _block(block_size, op):
    return check_int(block_size, op, "block_size", 2)


def depth_to_space(x, block_size, op="DepthToSpace"):
    """NCHW depth-to-space: channel ``(i * b + j) * C' + c`` moves to spatial offset (i, j)."""
    b = _block(block_size, op)
    check_tensor(x, op, "x")
    if x.ndim != 4:
        raise ValueError("%s: 'x' must be 4-D (N, C, H, W), but got shape %s"
                         % (public_name(op), x.shape))
    n, c, h, w = x.shape
    if c % (b * b):
        raise ValueError("%s: the channel count %d must be divisible by block_size**2 = %d"
                         % (public_name(op), c, b * b))
    y = A.reshape(x, (n, b, b, c // (b * b), h, w))
    y = A.transpose(y, (0, 3, 4, 1, 5, 2))
    return A.reshape(y, (n, c // (b * b), h * b, w * b))


def space_to_depth(x, block_size, op="SpaceToDepth"):
    """NCHW space-to-depth, the inverse of :func:`depth_to_space`."""
    b = _block(block_size, op)
    check_tensor(x, op, "x")
    if x.ndim != 4:
        raise ValueError("%s: 'x' must be 4-D (N, C, H, W), but got shape %s"
                         % (public_name(op), x.shape))
    n, c, h, w = x.shape
    if h % b or w % b:
        raise ValueError("%s: height %d and width %d must be divisible by block_size %d"
                         % (public_name(op), h, w, b))
    y = A.reshape(x, (n, c, h // b, b, w // b, b))
    y = A.transpose(y, (0, 3, 5, 1, 2, 4))
    return A.reshape(y, (n, c * b * b, h // b, w // b))


def l2_normalize(x, axis, epsilon, op="L2Normalize"):
    """``x / sqrt(max(sum(x**2, axis), epsilon))``."""
    check_float(x, op, "x")
    ax = normalize_dim(axis, x.ndim, op)
    sq = R.reduce_sum(M.square(x), (ax,), True)
    return M.div(x, M.sqrt(M.maximum(sq, epsilon)))


def l2_loss(x, op="L2Loss"):
    """``sum(x**2) / 2`` as a 0-D tensor of ``x``'s float dtype."""
    check_float(x, op, "input_x")
    return M.div(R.reduce_sum(M.square(x)), 2)


__all__ = ["reverse", "reverse_sequence", "slice", "addn", "scalar_cast"]
