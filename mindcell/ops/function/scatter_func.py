"""N-d gather and scatter: ``indices[..., :N]`` address the first N axes (gather_nd,
scatter_nd, tensor_scatter_update/add), and the in-place Parameter forms (scatter_nd_update,
scatter_nd_add)."""
from mindcell.common.parameter import Parameter
from mindcell.ops._errors import check_bool, public_name, show
from mindcell.ops._helpers import check_shape, check_tensor, check_numel
from mindcell.ops.defs import scatter_nd as SN
from mindcell.ops.function import creation_func as C, misc_func as X


def _indices(indices, x_shape, op):
    check_tensor(indices, op, "indices")
    if indices._np_dtype.kind not in "iu":
        raise TypeError("%s: 'indices' must be an int32 or int64 tensor, but got %s"
                        % (public_name(op), indices.dtype))
    if indices.ndim < 1 or indices.shape[-1] > len(x_shape) or indices.shape[-1] == 0:
        raise ValueError("%s: 'indices' must be at least 1-D with a last dim in [1, %d], but "
                         "got shape %s" % (public_name(op), len(x_shape), indices.shape))
    return indices


def _updates(updates, indices, x_shape, x_dtype, op):
    check_tensor(updates, op, "updates")
    want = tuple(indices.shape[:-1]) + tuple(x_shape[indices.shape[-1]:])
    if updates.shape != want:
        raise ValueError("%s: 'updates' must have shape %s (indices.shape[:-1] + "
                         "shape[indices.shape[-1]:]), but got %s"
                         % (public_name(op), want, updates.shape))
    if x_dtype is not None and updates._np_dtype != x_dtype:
        raise TypeError("%s: 'updates' must have the dtype of the input, %s, but got %s"
                        % (public_name(op), x_dtype, updates.dtype))
    return updates


def gather_nd(input_x, indices):
    """Gathers slices of ``input_x`` addressed by the last dimension of ``indices``.

    ``out[i...] = input_x[indices[i..., 0], ..., indices[i..., K - 1]]`` with
    ``K = indices.shape[-1]``; the result has shape
    ``indices.shape[:-1] + input_x.shape[K:]``.

    Args:
        input_x (Tensor): the tensor to gather from.
        indices (Tensor): an Int32/Int64 tensor, at least 1-D, with a last dimension K in
            ``[1, input_x.ndim]``.

    Returns:
        Tensor of ``input_x``'s dtype.

    Raises:
        TypeError: ``input_x`` or ``indices`` is not a Tensor, or ``indices`` is not integer.
        ValueError: ``indices`` is 0-D or its last dimension is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> print(ops.gather_nd(x, Tensor(np.array([[1, 2], [0, 0]], np.int32))))
        [5. 0.]
        >>> print(ops.gather_nd(x, Tensor(np.array([[1]], np.int32))))
        [[3. 4. 5.]]
    """
    check_tensor(input_x, "gather_nd", "input_x")
    return SN.gather_nd_p.bind(input_x, _indices(indices, input_x.shape, "gather_nd"))


def _scatter(input_x, indices, updates, op, reduction):
    check_tensor(input_x, op, "input_x")
    _indices(indices, input_x.shape, op)
    _updates(updates, indices, input_x.shape, input_x._np_dtype, op)
    return SN.tensor_scatter_p.bind(input_x, indices, updates, reduction=reduction)


def tensor_scatter_update(input_x, indices, updates):
    """Returns a copy of ``input_x`` with the slices at ``indices`` replaced by ``updates``.

    Args:
        input_x (Tensor): the tensor to update.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: a non-Tensor input, non-integer ``indices``, or ``updates`` of another dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops.function.scatter_func import tensor_scatter_update
        >>> x = Tensor(np.zeros((2, 2), np.float32))
        >>> idx = Tensor(np.array([[1, 0]], np.int32))
        >>> print(tensor_scatter_update(x, idx, Tensor(np.array([7.0], np.float32))))
        [[0. 0.]
         [7. 0.]]
    """
    return _scatter(input_x, indices, updates, "tensor_scatter_update", "update")


def tensor_scatter_add(input_x, indices, updates):
    """Returns a copy of ``input_x`` with ``updates`` added at ``indices`` (repeated indices
    accumulate).

    Args:
        input_x (Tensor): the tensor added to.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: a non-Tensor input, non-integer ``indices``, or ``updates`` of another dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones(3, np.float32))
        >>> idx = Tensor(np.array([[0], [2], [0]], np.int32))
        >>> print(ops.tensor_scatter_add(x, idx, Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [5. 1. 3.]
    """
    return _scatter(input_x, indices, updates, "tensor_scatter_add", "add")


def scatter_nd(indices, updates, shape):
    """Scatters ``updates`` into a zero tensor of ``shape`` at ``indices`` (repeated indices
    accumulate).

    Args:
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``shape``.
        updates (Tensor): of shape ``indices.shape[:-1] + shape[K:]``; its dtype is the
            output's.
        shape (tuple[int]): the output shape, positive entries.

    Returns:
        Tensor of ``shape`` and ``updates``' dtype.

    Raises:
        TypeError: ``shape`` is not a tuple of ints, or ``indices``/``updates`` is not a Tensor,
            or ``indices`` is not integer.
        ValueError: a non-positive entry of ``shape``, or a wrong shape of ``indices`` or
            ``updates``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> idx = Tensor(np.array([[0, 1], [1, 1]], np.int32))
        >>> print(ops.scatter_nd(idx, Tensor(np.array([3, 4], np.int32)), (2, 2)))
        [[0 3]
         [0 4]]
    """
    if not isinstance(shape, (tuple, list)):
        raise TypeError("%s: 'shape' must be a tuple of ints, but got %s"
                        % (public_name("scatter_nd"), type(shape).__name__))
    shape = check_shape(tuple(shape), "scatter_nd", low=1)
    check_numel(shape, "scatter_nd")
    _indices(indices, shape, "scatter_nd")
    _updates(updates, indices, shape, None, "scatter_nd")
    zeros = C.zeros(shape, updates.dtype)
    return SN.tensor_scatter_p.bind(zeros, indices, updates, reduction="add")


def _in_place(input_x, indices, updates, use_locking, op, reduction):
    if not isinstance(input_x, Parameter):
        raise TypeError("%s: 'input_x' must be a Parameter, but got %s"
                        % (public_name(op), show(input_x)))
    check_bool(use_locking, op, "use_locking")
    value = _scatter(input_x, indices, updates, op, reduction)
    # MindSpore returns a Tensor holding the updated value, not the Parameter (its printout and
    # type differ)
    return X.assign(input_x, value)


def scatter_nd_update(input_x, indices, updates, use_locking=True):
    """Writes ``updates`` into the Parameter ``input_x`` at ``indices`` and returns it.

    Args:
        input_x (Parameter): the Parameter to update.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.
        use_locking (bool): a lock around concurrent updates; no effect in one CPU process.
            Default: ``True``.

    Returns:
        Tensor, the updated value of ``input_x`` (it shares the Parameter's data).

    Raises:
        TypeError: ``input_x`` is not a Parameter, ``use_locking`` is not a bool, or
            ``indices``/``updates`` have a wrong dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter
        >>> from mindcell.ops.function.scatter_func import scatter_nd_update
        >>> p = Parameter(Tensor(np.zeros(3, np.float32)), name="p")
        >>> idx = Tensor(np.array([[2]], np.int32))
        >>> _ = scatter_nd_update(p, idx, Tensor(np.array([5.0], np.float32)))
        >>> print(p.asnumpy())
        [0. 0. 5.]
    """
    return _in_place(input_x, indices, updates, use_locking, "scatter_nd_update", "update")


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """Adds ``updates`` into the Parameter ``input_x`` at ``indices`` (repeated indices
    accumulate) and returns it.

    Args:
        input_x (Parameter): the Parameter to update.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.
        use_locking (bool): a lock around concurrent updates; no effect in one CPU process.
            Default: ``False``.

    Returns:
        Tensor, the updated value of ``input_x`` (it shares the Parameter's data).

    Raises:
        TypeError: ``input_x`` is not a Parameter, ``use_locking`` is not a bool, or
            ``indices``/``updates`` have a wrong dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="p")
        >>> idx = Tensor(np.array([[1], [1]], np.int32))
        >>> _ = ops.scatter_nd_add(p, idx, Tensor(np.ones((2, 2), np.float32)))
        >>> print(p.asnumpy())
        [[0. 0.]
         [2. 2.]]
    """
    return _in_place(input_x, indices, updates, use_locking, "scatter_nd_add", "add")


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
