"""``ops.Scan`` with ``unroll=False`` in GRAPH_MODE: a scan over a list of same-shaped tensors
becomes one While node (whatever the length) carrying the index, the carry and one buffer per
tensor the loop function returns (row ``i`` written at iteration ``i``); differentiable
through the While node's backward."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.graph.tracer import _flatten, _unflatten


def scan_loop(loop_func, init, xs):
    """``(carry, ys)`` of the scan as one While node, or None when it cannot be one (the
    elements of ``xs`` differ in shape or dtype, or are not tensors, or ``loop_func`` returns
    ``y`` values that are not tensors): the caller unrolls it."""
    from mindcell.ops import functional as F
    from mindcell.ops.control_flow import scan_step, while_loop
    if not all(isinstance(x, Tensor) for x in xs) or \
            len({(x.shape, x._np_dtype) for x in xs}) != 1:
        return None
    n = len(xs)
    stacked = F.stack(list(xs))
    _, y0 = scan_step(loop_func, init, xs[0])  # the shapes of y (unused nodes: dead code)
    leaves = []
    ytree = _flatten(y0, leaves)
    if _has_constant(ytree):
        return None
    bufs = tuple(Tensor._make(np.zeros((n,) + tuple(t.shape), t._np_dtype)) for t in leaves)
    rows = F.arange(n)

    def body(state):
        i, carry, bufs = state
        carry, y = scan_step(loop_func, carry, F.gather(stacked, i, 0))
        ys = []
        if _flatten(y, ys) != ytree:
            raise ValueError("Scan: 'loop_func' must return y values of the same structure at "
                             "every step")
        hit = F.equal(rows, i)
        new = []
        for b, y_ in zip(bufs, ys):
            mask = F.broadcast_to(F.reshape(hit, (n,) + (1,) * y_.ndim), b.shape)
            new.append(F.select(mask, F.broadcast_to(F.expand_dims(y_, 0), b.shape), b))
        return i + 1, carry, tuple(new)

    i0 = Tensor._make(np.asarray(0, np.int64))
    _, carry, bufs = while_loop(lambda s: s[0] < n, body, (i0, init, bufs))
    return carry, [_unflatten(ytree, [b[k] for b in bufs]) for k in range(n)]


def _has_constant(tree):
    kind, payload = tree
    if kind == "C":
        return True
    return kind != "T" and any(_has_constant(t) for t in payload)
