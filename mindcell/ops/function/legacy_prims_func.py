"""Functional faces of small MindSpore primitives (``ops``/``ops.functional``): ``coalesce``
(of a COO sparse tensor given as its three parts), ``tensor_muls`` (Tensor times a number),
``tensor_range`` (the ``Range`` primitive) and ``isconstant``."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import show
from mindcell.ops.function import math_func as M

__all__ = ["coalesce", "tensor_muls", "tensor_range", "isconstant"]


def _typed(arg, value, dtypes, names):
    if not isinstance(value, Tensor):
        raise TypeError("For Primitive[Coalesce], the type of input argument[%s] must be Tensor "
                        "but got %s." % (arg, show(value)))
    if value.dtype not in dtypes:
        raise TypeError("For primitive[Coalesce], the input argument[%s] must be a type of {%s}, "
                        "but got %s." % (arg, names, show(value)))


def coalesce(x_indices, x_values, x_shape):
    """Coalesces a COO sparse tensor: sorts its entries by position (row-major) and sums the
    values of repeated positions.

    Args:
        x_indices (Tensor): int64, shape ``(ndim, nnz)``: column ``k`` is entry ``k``'s position.
        x_values (Tensor): float16/float32/float64, shape ``(nnz,)``.
        x_shape (Tensor): int64, shape ``(ndim,)``: the dense shape.

    Returns:
        A tuple of the coalesced ``(indices, values, shape)``: int64 ``(ndim, m)``, ``(m,)`` of
        ``x_values``' dtype and ``x_shape`` itself, ``m`` the number of distinct positions.

    Raises:
        TypeError: an input is not a Tensor of the dtypes above.
        ValueError: the ranks or lengths disagree, or an index is negative or not below its
            dimension of ``x_shape``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> indices = Tensor([[0, 0, 1], [1, 1, 2]], ms.int64)
        >>> values = Tensor([1.0, 2.0, 3.0], ms.float32)
        >>> out = ops.coalesce(indices, values, Tensor([3, 3], ms.int64))
        >>> print(out[0], out[1])
        [[0 1]
         [1 2]] [3. 3.]
    """
    _typed("x_indices", x_indices, (mstype.int64,), "Tensor[Int64]")
    _typed("x_values", x_values, (mstype.float16, mstype.float32, mstype.float64),
           "Tensor[Float16], Tensor[Float32], Tensor[Float64]")
    _typed("x_shape", x_shape, (mstype.int64,), "Tensor[Int64]")
    if x_indices.ndim != 2 or x_values.ndim != 1 or x_shape.ndim != 1:
        raise ValueError("For 'Coalesce' x_indices must be a 2-D tensor, x_values and x_shape "
                         "must be a 1-D tensor, but got x_indices is a %d-D tensor, got x_values "
                         "is a %d-D tensor, got x_shape is a %d-D tensor."
                         % (x_indices.ndim, x_values.ndim, x_shape.ndim))
    idx, vals, shape = x_indices.asnumpy(), x_values.asnumpy(), x_shape.asnumpy()
    if idx.shape[1] != vals.shape[0]:
        raise ValueError("For Coalesce, second dim of x_indices and first dim of x_values must "
                         "be the same, but got second dim of x_indices: %d, first dim of "
                         "x_values: %d." % (idx.shape[1], vals.shape[0]))
    if idx.shape[0] != shape.shape[0]:
        raise ValueError("For Coalesce, first dim of x_indices and first dim of x_shape must be "
                         "the same, but got first dim of x_indices: %d, first dim of x_shape: "
                         "%d." % (idx.shape[0], shape.shape[0]))
    bad = np.argwhere((idx < 0) | (idx >= shape[:, None]))
    if bad.size:
        i, j = bad[0]
        raise ValueError("For Coalesce, values of elements of x_indices can not exceed the limit "
                         "set by x_shape, but got x_indices[%d][%d] = %d, got x_shape[%d] = %d"
                         % (i, j, idx[i, j], i, shape[i]))
    positions, inverse = np.unique(idx.T, axis=0, return_inverse=True)
    summed = np.zeros(len(positions), np.float64)
    np.add.at(summed, inverse.reshape(-1), vals.astype(np.float64))
    return (Tensor(np.ascontiguousarray(positions.T, np.int64)),
            Tensor(summed.astype(vals.dtype)), x_shape)


def tensor_muls(input, other):
    """``input * other`` for a Tensor and a Python number (MindSpore's ``Muls``; a Tensor
    ``other`` is refused).

    Args:
        input (Tensor): the tensor.
        other (Union[int, float, bool]): the number.

    Returns:
        Tensor, as ``ops.mul(input, other)``.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``other`` is not a number.

    Examples:
        >>> from mindcell import Tensor, ops
        >>> print(ops.tensor_muls(Tensor([1, 2]), 2.5))
        [2.5 5. ]
    """
    if not isinstance(input, Tensor) or isinstance(other, Tensor) \
            or not isinstance(other, (int, float, bool, np.number, np.bool_)):
        raise TypeError('For tensor_muls: failed calling Muls with "Muls()(input=%s, other=%s)": '
                        'input must be a Tensor and other a number.'
                        % (type(input).__name__, type(other).__name__))
    return M.mul(input, other)


def tensor_range(start, end, step):
    """``ops.Range()(start, end, step)``: the numbers from ``start`` up to (not including)
    ``end`` by ``step``, as a 1-D Tensor (int64 for ints, float32 for floats).

    Args:
        start (Union[int, float, Tensor]): the first value.
        end (Union[int, float, Tensor]): the bound.
        step (Union[int, float, Tensor]): the increment.

    Returns:
        Tensor.

    Raises:
        ValueError: ``step`` is 0 or points away from ``end``.

    Examples:
        >>> from mindcell.ops import functional as F
        >>> print(F.tensor_range(0, 5, 2))
        [0 2 4]
    """
    from mindcell.ops.operations import Range  # the primitive class is defined after the functions
    return Range()(start, end, step)


def isconstant(x):
    """Whether ``x`` is a constant of the graph being compiled: ``False`` for a Tensor inside a
    GRAPH_MODE function, ``True`` otherwise (eagerly every value is), as in MindSpore.

    Args:
        x (Any): a value.

    Returns:
        bool.

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.isconstant(1)
        True
    """
    return not (isinstance(x, Tensor) and _trace.current().is_graph)
