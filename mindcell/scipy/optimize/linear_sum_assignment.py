"""``linear_sum_assignment``: the optimal assignment of rows to columns of a cost matrix."""
import sys

import numpy as np

from mindcell.common.tensor import Tensor

__all__ = ["linear_sum_assignment"]

_KINDS = "biuf"


def linear_sum_assignment(cost_matrix, maximize, dimension_limit=Tensor(sys.maxsize)):
    r"""Solve the linear sum assignment problem.

    Find the assignment :math:`X` (:math:`X_{i,j} = 1` when column :math:`j` is assigned to row
    :math:`i`, each row and column at most once, min(M, N) pairs) minimising (or maximising)
    :math:`\sum_i \sum_j C_{i,j} X_{i,j}`.

    Args:
        cost_matrix (Tensor): the 2-D cost matrix :math:`C` of shape (M, N); bool, integer or
            float.
        maximize (bool): find a maximum-weight assignment instead of a minimum one.
        dimension_limit (Tensor): a 0-D int64 Tensor: only the first ``dimension_limit``
            columns take part. Default: ``Tensor(sys.maxsize)`` (all of them).

    Returns:
        tuple ``(row_idx, col_idx)`` of int64 Tensors of shape (min(M, N),): row
        ``row_idx[k]`` is assigned column ``col_idx[k]``, in increasing row order; when
        ``dimension_limit`` leaves fewer pairs, both are padded with -1 at the end.

    Raises:
        TypeError: ``cost_matrix`` is not a Tensor of those dtypes, ``maximize`` is not a bool or
            ``dimension_limit`` not an int64 Tensor.
        ValueError: ``cost_matrix`` is not 2-D, or contains NaN (or +-inf in the direction
            optimised, which makes the problem infeasible).

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.optimize import linear_sum_assignment
        >>> cost = Tensor(np.array([[2, 3, 3], [3, 2, 3], [3, 3, 2]], np.float64))
        >>> rows, cols = linear_sum_assignment(cost, False, Tensor(2))
        >>> print(rows, cols)
        [ 0  1 -1] [ 0  1 -1]
    """
    op = "For primitive[LinearSumAssignment]"
    if not isinstance(cost_matrix, Tensor) or cost_matrix._np_dtype.kind not in _KINDS:
        raise TypeError("%s, the input argument[cost_matrix] must be a bool, integer or float "
                        "Tensor, but got %s." % (op, getattr(cost_matrix, "dtype",
                                                             type(cost_matrix).__name__)))
    if not isinstance(maximize, (bool, np.bool_)):
        raise TypeError("%s, the input argument[maximize] must be a type of {Bool}, but got "
                        "%s." % (op, type(maximize).__name__))
    if not isinstance(dimension_limit, Tensor) or dimension_limit._np_dtype != np.int64 \
            or dimension_limit.ndim != 0:
        raise TypeError("%s, the input argument[dimension_limit] must be a 0-D Tensor[Int64], "
                        "but got %r." % (op, dimension_limit))
    if cost_matrix.ndim != 2:
        raise ValueError("%s, the cost_matrix rank must be equal to 2, but got %d."
                         % (op, cost_matrix.ndim))
    from scipy.optimize import linear_sum_assignment as _solve
    cost = cost_matrix.asnumpy()
    limit = int(dimension_limit.asnumpy())
    size = min(cost.shape)
    if limit < 0:
        raise ValueError("%s, 'dimension_limit' must be non-negative, but got %d." % (op, limit))
    used = cost[:, :limit].astype(np.float64)
    if np.isnan(used).any():
        raise ValueError("%s, the cost_matrix contains NaN." % op)
    try:
        rows, cols = _solve(used, maximize=bool(maximize))
    except ValueError as e:
        raise ValueError("%s, the cost matrix is infeasible: %s" % (op, e)) from None
    out_r = np.full(size, -1, np.int64)
    out_c = np.full(size, -1, np.int64)
    out_r[:rows.size], out_c[:cols.size] = rows, cols
    return Tensor(out_r), Tensor(out_c)
