"""N-d gather/scatter primitives: the last axis of ``indices`` addresses the leading axes of the
tensor (MindSpore's GatherNd, ScatterNd, TensorScatterUpdate/Add/Max/Min/Mul/Div). Index values
are checked when the op runs (in either mode)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops.defs import _grad_ops as G


def _key(indices, shape, op):
    n = indices.shape[-1]
    for axis in range(n):
        col = indices[..., axis]
        if col.size and (col.min() < -shape[axis] or col.max() >= shape[axis]):
            raise ValueError("%s: indices for axis %d must be in [%d, %d), but got values in "
                             "[%d, %d]" % (public_name(op), axis, -shape[axis], shape[axis],
                                           col.min(), col.max()))
    return tuple(indices[..., axis] for axis in range(n))


def _gather_nd_impl(x, indices):
    return c_contiguous(x[_key(indices, x.shape, "gather_nd")])


def _gather_nd_infer(x, indices):
    shape = tuple(indices[0])
    return (shape[:-1] + tuple(x[0][shape[-1]:]), x[1])


def _gather_nd_bprop(x, indices, out, dout):
    return (tensor_scatter_p.bind(G.zeros_like(x), indices, dout, reduction="add"), None)


gather_nd_p = defprim("GatherNd", _gather_nd_impl, infer=_gather_nd_infer,
                      bprop=_gather_nd_bprop)


# reduction -> the numpy ufunc whose .at applies every update in turn (repeated indices combine)
_REDUCE = {"add": np.add, "max": np.maximum, "min": np.minimum, "mul": np.multiply,
           "div": np.divide}


def _scatter_impl(x, indices, updates, reduction):
    out = np.array(x, copy=True)
    key = _key(indices, x.shape, "tensor_scatter_" + reduction)
    if reduction == "update":
        out[key] = updates
    else:
        with np.errstate(divide="ignore", invalid="ignore"):  # IEEE results, as the kernels
            _REDUCE[reduction].at(out, key, updates)
    return out


def _scatter_bprop(x, indices, updates, out, dout, reduction):
    dupdates = gather_nd_p.bind(dout, indices)
    if reduction == "add":
        return (dout, None, dupdates)
    if reduction in ("max", "min"):
        # the gradient goes to every operand equal to the result (ties share it, each whole)
        dx = G.mul(dout, G.cast(G.equal(out, x), dout._np_dtype))
        won = G.cast(G.equal(gather_nd_p.bind(out, indices), updates), dout._np_dtype)
        return (dx, None, G.mul(dupdates, won))
    if reduction in ("mul", "div"):
        # out = x * prod(u) (or x / prod(u)): d out / d x = out / x taken as the product of
        # the updates at that slot, so zeros in x stay exact; d out / d u_j = +-out / u_j
        ones = G.ones_like(x)
        factor = tensor_scatter_p.bind(ones, indices, updates, reduction=reduction)
        dx = G.mul(dout, factor)
        per_update = G.div(gather_nd_p.bind(G.mul(dout, out), indices), updates)
        return (dx, None, per_update if reduction == "mul" else G.neg(per_update))
    dx = tensor_scatter_p.bind(dout, indices, G.zeros_like(updates), reduction="update")
    return (dx, None, G.mul(dupdates, _written(x, indices, updates)))


def _written(x, indices, updates):
    """1 for the updates that stay written, 0 for those a later repeated index overwrote:
    scatter each update's position, read back which position won."""
    lead = indices.shape[:-1]
    k = int(np.prod(lead, dtype=np.int64))
    pos = Tensor._make(np.arange(k, dtype=np.int64).reshape(lead))
    table = G.zeros(x.shape[:indices.shape[-1]], np.int64)
    won = gather_nd_p.bind(tensor_scatter_p.bind(table, indices, pos, reduction="update"),
                           indices)
    mask = G.cast(G.equal(won, pos), updates._np_dtype)
    return G.reshape(mask, lead + (1,) * (updates.ndim - len(lead)))


tensor_scatter_p = defprim("TensorScatter", _scatter_impl,
                           infer=lambda x, indices, updates, reduction: x, bprop=_scatter_bprop)
