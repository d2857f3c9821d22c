"""N-d gather/scatter primitives: the last axis of ``indices`` addresses the leading axes of the
tensor (MindSpore's GatherNd, ScatterNd, TensorScatterUpdate/Add). Index values are checked
when the op runs (in either mode)."""
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


def _scatter_impl(x, indices, updates, reduction):
    op = {"add": "tensor_scatter_add", "update": "tensor_scatter_update"}[reduction]
    out = np.array(x, copy=True)
    key = _key(indices, x.shape, op)
    if reduction == "add":
        np.add.at(out, key, updates)  # repeated indices accumulate
    else:
        out[key] = updates
    return out


def _scatter_bprop(x, indices, updates, out, dout, reduction):
    dupdates = gather_nd_p.bind(dout, indices)
    if reduction == "add":
        return (dout, None, dupdates)
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
