"""Primitives that do not fit a family: Unique (data-dependent shape), Multinomial (a random
draw from the framework generator) and HookBackward (calls a Python function on the
gradient)."""
import numpy as np

from mindcell._core.primitive import data_dependent, defprim
from mindcell._core.random_state import draw_rng
from mindcell.ops.defs import _grad_ops as G


def _unique_impl(x):
    # MindSpore 2.10 keeps the values in order of first occurrence (ms-oracle: [5, 5, 0, -1,
    # 0, 7] gives [5, 0, -1, 7] and idx [0, 0, 1, 2, 1, 3]); idx maps every input element to
    # its value.
    flat = x.ravel()
    _, first, inverse = np.unique(flat, return_index=True, return_inverse=True)
    order = np.argsort(first, kind="stable")  # sorted values -> first-occurrence order
    rank = np.empty(order.size, np.int64)
    rank[order] = np.arange(order.size)
    idx = rank[inverse.reshape(-1)].reshape(x.shape)
    # idx is Int64 for an Int64 input, else Int32 (MindSpore 2.10's Unique kernel)
    return flat[first[order]].astype(x.dtype), idx.astype(
        np.int64 if x.dtype == np.int64 else np.int32)


def _unique_bprop(x, out, dout):
    # every occurrence of a value receives that value's gradient
    dy = dout[0]
    return (G.reshape(G.gather(dy, G.reshape(out[1], (x.size,)), 0), x.shape),)


unique_p = defprim("Unique", _unique_impl, nout=2, infer=data_dependent("Unique"),
                   bprop=_unique_bprop)


def _multinomial_impl(probs, num_samples, replacement, stream=None):
    rows = probs.reshape(-1, probs.shape[-1]).astype(np.float64)
    if not np.isfinite(rows).all() or (rows < 0).any() or (rows.sum(-1) <= 0).any():
        raise ValueError("multinomial: the weights must be finite and non-negative with a "
                         "positive sum in every row")
    if not replacement and ((rows > 0).sum(-1) < num_samples).any():
        raise ValueError("multinomial: without replacement every row needs at least "
                         "num_samples=%d non-zero weights" % num_samples)
    rng = draw_rng(stream)
    out = np.empty((rows.shape[0], num_samples), np.int32)
    for i, p in enumerate(rows):
        p = p / p.sum()
        out[i] = rng.choice(p.size, size=num_samples, replace=replacement, p=p)
    return out.reshape(probs.shape[:-1] + (num_samples,))


multinomial_p = defprim("Multinomial", _multinomial_impl,
                        infer=lambda p, num_samples, replacement, stream=None: (
                            tuple(p[0][:-1]) + (num_samples,), np.dtype(np.int32)),
                        has_side_effect=True)


def _hook_bprop(x, out, dout, hook_fn):
    new = hook_fn((dout,))  # MindSpore passes the gradient as a one-element tuple
    if new is None:
        return (dout,)
    if isinstance(new, (tuple, list)):
        if len(new) != 1:
            raise ValueError("HookBackward: the hook must return None or one gradient, but "
                             "returned %d values" % len(new))
        new = new[0]
    if not hasattr(new, "shape") or tuple(new.shape) != tuple(dout.shape):
        raise ValueError("HookBackward: the hook must return a Tensor of shape %s, but got %r"
                         % (dout.shape, new))
    return (new,)


hook_backward_p = defprim("HookBackward", lambda x, hook_fn: x, infer=lambda x, hook_fn: x,
                          bprop=_hook_bprop)


def _insert_gradient_bprop(x, out, dout, fn):
    """InsertGradientOf's backward: ``fn(dout)`` is the gradient (a number or a Tensor that
    broadcasts to ``dout``'s shape, in ``dout``'s dtype)."""
    from mindcell._core.backward import cast
    from mindcell.common.tensor import Tensor
    from mindcell.ops.defs.shape import broadcast_to_p
    new = fn(dout)
    if not isinstance(new, Tensor):
        if isinstance(new, bool) or not isinstance(new, (int, float, np.number, np.ndarray)):
            raise TypeError("InsertGradientOf: the function must return a gradient (a Tensor or "
                            "a number), but returned %r" % (new,))
        new = Tensor(np.asarray(new, np.float32))
    new = cast(new, dout._np_dtype)
    if tuple(new.shape) != tuple(dout.shape):
        new = broadcast_to_p.bind(new, shape=tuple(dout.shape))
    return (new,)


insert_gradient_of_p = defprim("InsertGradientOf", lambda x, fn: x, infer=lambda x, fn: x,
                               bprop=_insert_gradient_bprop)
