"""Repeating elements, non-zero indices and reinterpreting bytes: ops behind Tensor methods
(``repeat``, ``nonzero``, ``view(dtype)``), each a primitive or a composite of primitives."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, check_ints, public_name
from mindcell.ops._helpers import INT64_MAX, check_numel, check_tensor, normalize_dim
from mindcell.ops.defs import shape as S


def _repeat_counts(repeats, n, op):
    """``repeats`` (an int, or one count per element along the axis) as ``n`` counts >= 0."""
    if isinstance(repeats, Tensor):
        repeats = repeats.tolist()
    if not isinstance(repeats, (list, tuple)):
        repeats = [check_int(repeats, op, "repeats", 0, INT64_MAX)]
    counts = list(check_ints(tuple(repeats), op, "repeats", None, 0, INT64_MAX))
    if len(counts) == 1:
        counts *= n
    if len(counts) != n:
        raise ValueError("%s: 'repeats' must have 1 or %d entries (the axis length), but got %d"
                         % (public_name(op), n, len(counts)))
    check_numel((sum(counts),), op, "the result")
    return counts


def repeat_interleave(input, repeats, axis=None):
    """Repeats each element of ``input`` along an axis (``numpy.repeat``'s semantics).

    Args:
        input (Tensor): the input tensor.
        repeats (Union[int, list[int], tuple[int], Tensor]): the non-negative count for every
            element, or one count per element along ``axis``.
        axis (int, optional): the axis; None repeats the elements of the flattened input.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s dtype, the length along ``axis`` being the sum of the counts.

    Raises:
        TypeError: ``input`` is not a Tensor, or a count or ``axis`` is not an int.
        ValueError: a negative count, a number of counts other than 1 or the axis length, or
            ``axis`` out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2], [3, 4]], np.int32))
        >>> print(ops.repeat_interleave(x, 2))
        [1 1 2 2 3 3 4 4]
        >>> print(ops.repeat_interleave(x, [1, 2], axis=0))
        [[1 2]
         [3 4]
         [3 4]]
    """
    check_tensor(input, "repeat_interleave")
    x = S.reshape_p.bind(input, shape=(input.size,)) if axis is None else input
    ax = 0 if axis is None else normalize_dim(axis, x.ndim, "repeat_interleave")
    if x.ndim == 0:
        x = S.reshape_p.bind(x, shape=(1,))
    n = x.shape[ax]
    idx = np.repeat(np.arange(n, dtype=np.int64), _repeat_counts(repeats, n,
                                                                 "repeat_interleave"))
    return S.gather_p.bind(x, Tensor._make(idx), axis=ax)


def repeat_elements(x, rep, axis=0):
    """Repeats each slice of ``x`` along ``axis`` ``rep`` times.

    Args:
        x (Tensor): the input tensor.
        rep (int): the number of repetitions, non-negative.
        axis (int): the axis. Default: ``0``.

    Returns:
        Tensor of ``x``'s dtype with ``x.shape[axis] * rep`` along ``axis``.

    Raises:
        TypeError: ``x`` is not a Tensor, or ``rep``/``axis`` is not an int.
        ValueError: ``rep`` is negative, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0, 1, 2]], np.int32))
        >>> print(ops.repeat_elements(x, rep=2, axis=1))
        [[0 0 1 1 2 2]]
    """
    return repeat_interleave(x, check_int(rep, "repeat_elements", "rep", 0, INT64_MAX), axis)


def nonzero(input, *, as_tuple=False):
    """Returns the indices of the non-zero elements of ``input``, in row-major order.

    The output's shape depends on the values, so it cannot run inside a GRAPH_MODE construct.

    Args:
        input (Tensor): the input tensor.

    Keyword Args:
        as_tuple (bool): return one 1-D index tensor per dimension instead. Default: ``False``.

    Returns:
        Tensor of shape (n, ndim) and dtype Int64 for n non-zero elements, or with
        ``as_tuple`` a tuple of ndim tensors of shape (n,).

    Raises:
        TypeError: ``input`` is not a Tensor, or ``as_tuple`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0, 3], [5, 0]], np.int32))
        >>> print(ops.nonzero(x))
        [[0 1]
         [1 0]]
        >>> rows, cols = ops.nonzero(x, as_tuple=True)
        >>> print(rows, cols)
        [0 1] [1 0]
    """
    check_tensor(input, "nonzero")
    check_bool(as_tuple, "nonzero", "as_tuple")
    out = S.nonzero_p.bind(input)
    if not as_tuple:
        return out
    return tuple(S.index_p.bind(out, spec=(("s", None, None, None), ("i", d)))
                 for d in range(max(input.ndim, 1)))


def argwhere(input):
    """Returns the indices of the non-zero elements of ``input``: the same as :func:`nonzero`.

    Args:
        input (Tensor): the input tensor.

    Returns:
        Tensor of shape (n, ndim), dtype Int64.

    Raises:
        TypeError: ``input`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.argwhere(Tensor(np.array([0.0, 1.5, 0.0, 2.0], np.float32))))
        [[1]
         [3]]
    """
    return nonzero(input)


def bitcast(input, dtype):
    """Reinterpret the bytes of ``input`` as ``dtype`` (Tensor.view(dtype)); the last dim
    scales by the ratio of the item sizes."""
    check_tensor(input, "view")
    target = mstype.to_dtype(dtype).np_dtype
    src = input._np_dtype
    if src.itemsize != target.itemsize:
        last = input.shape[-1] * src.itemsize if input.ndim else 0
        if input.ndim == 0 or last % target.itemsize:
            raise ValueError("view: cannot view a %s tensor of shape %s as %s: the last "
                             "dimension's bytes (%d) are not a multiple of %d"
                             % (input.dtype, input.shape, mstype.to_dtype(dtype), last,
                                target.itemsize))
    return S.bitcast_p.bind(input, dtype=target)


__all__ = ["repeat_interleave", "repeat_elements", "nonzero", "argwhere"]
