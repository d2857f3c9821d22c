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
    """gather_nd(input_x, indices): ``input_x[indices[..., 0], indices[..., 1], ...]``; the
    result has shape ``indices.shape[:-1] + input_x.shape[indices.shape[-1]:]``."""
    check_tensor(input_x, "gather_nd", "input_x")
    return SN.gather_nd_p.bind(input_x, _indices(indices, input_x.shape, "gather_nd"))


def _scatter(input_x, indices, updates, op, reduction):
    check_tensor(input_x, op, "input_x")
    _indices(indices, input_x.shape, op)
    _updates(updates, indices, input_x.shape, input_x._np_dtype, op)
    return SN.tensor_scatter_p.bind(input_x, indices, updates, reduction=reduction)


def tensor_scatter_update(input_x, indices, updates):
    """tensor_scatter_update(input_x, indices, updates): a copy of ``input_x`` with the slices
    at ``indices`` replaced by ``updates``."""
    return _scatter(input_x, indices, updates, "tensor_scatter_update", "update")


def tensor_scatter_add(input_x, indices, updates):
    """tensor_scatter_add(input_x, indices, updates): a copy of ``input_x`` with ``updates``
    added at ``indices`` (repeated indices accumulate)."""
    return _scatter(input_x, indices, updates, "tensor_scatter_add", "add")


def scatter_nd(indices, updates, shape):
    """scatter_nd(indices, updates, shape): ``updates`` added into zeros of ``shape`` at
    ``indices`` (repeated indices accumulate)."""
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
    X.assign(input_x, value)
    return input_x


def scatter_nd_update(input_x, indices, updates, use_locking=True):
    """scatter_nd_update(input_x, indices, updates, use_locking=True): writes ``updates`` into
    the Parameter ``input_x`` at ``indices``; returns it."""
    return _in_place(input_x, indices, updates, use_locking, "scatter_nd_update", "update")


def scatter_nd_add(input_x, indices, updates, use_locking=False):
    """scatter_nd_add(input_x, indices, updates, use_locking=False): adds ``updates`` into the
    Parameter ``input_x`` at ``indices``; returns it."""
    return _in_place(input_x, indices, updates, use_locking, "scatter_nd_add", "add")


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
