"""Collective primitives (AllReduce, AllGather, ReduceScatter, Broadcast). Each one talks to
the other processes when it runs, so it has a side effect: dead-code elimination, CSE and
constant folding keep it, and a compiled step calls MPI at its place in the program."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.communication import _comm
from mindcell.ops.defs import _grad_ops as G


def _all_reduce(x, op, group):
    return _comm.all_reduce(x, op, group)


def _all_reduce_bprop(x, out, dout, op, group):
    total = all_reduce_p.bind(dout, op="sum", group=group)
    if op == "sum":
        return (total,)
    if op == "prod":  # d(prod_r x_r)/dx = out / x
        return (G.div(all_reduce_p.bind(G.mul(dout, out), op="sum", group=group), x),)
    # max/min: the gradient goes to the ranks whose x is the result
    return (G.mul(total, G.cast(G.equal(x, out), dout._np_dtype)),)


def _gathered_shape(shape, group):
    n = _comm.group_size(group, "AllGather")
    return (n * shape[0],) + tuple(shape[1:]) if shape else (n,)


def _reduce_scatter(x, op, group):
    n, r = _comm.group_size(group, "ReduceScatter"), _comm.group_rank(group, "ReduceScatter")
    total = _comm.all_reduce(x, op, group)
    step = x.shape[0] // n
    return c_contiguous(total[r * step:(r + 1) * step])


def _reduce_scatter_infer(x, op, group):
    n = _comm.group_size(group, "ReduceScatter")
    return ((x[0][0] // n,) + tuple(x[0][1:]), x[1])


def _broadcast_bprop(x, out, dout, root_rank, group):
    total = all_reduce_p.bind(dout, op="sum", group=group)
    if _comm.group_rank(group, "Broadcast") == root_rank:
        return (total,)
    return (G.zeros_like(dout),)


all_reduce_p = defprim("AllReduce", _all_reduce, infer=lambda x, op, group: x,
                       bprop=_all_reduce_bprop, has_side_effect=True)
all_gather_p = defprim("AllGather", lambda x, group: _comm.all_gather(x, group),
                       infer=lambda x, group: (_gathered_shape(x[0], group), x[1]),
                       bprop=lambda x, out, dout, group: (
                           reduce_scatter_p.bind(dout, op="sum", group=group),),
                       has_side_effect=True)
# DistributedGradReducer's fused bucket: the flat sum of several gradients (not differentiable)
bucket_all_reduce_p = defprim(
    "BucketAllReduce",
    lambda *xs, group, scale, key: _comm.bucket_all_reduce(xs, group, scale, key),
    infer=lambda *xs, group, scale, key: ((sum(int(np.prod(x[0])) for x in xs),), xs[0][1]),
    has_side_effect=True)


def _reduce_scatter_bprop(x, out, dout, op, group):
    if op != "sum":
        raise ValueError("ReduceScatter: only op=ReduceOp.SUM is differentiable, but got %r"
                         % op)
    return (all_gather_p.bind(dout, group=group),)


reduce_scatter_p = defprim("ReduceScatter", _reduce_scatter, infer=_reduce_scatter_infer,
                           bprop=_reduce_scatter_bprop, has_side_effect=True)
broadcast_p = defprim("Broadcast", lambda x, root_rank, group: _comm.broadcast(x, root_rank,
                                                                               group),
                      infer=lambda x, root_rank, group: x, bprop=_broadcast_bprop,
                      has_side_effect=True)
