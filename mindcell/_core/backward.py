"""Reverse-mode autodiff, walking half: ``backward`` runs a tape in reverse calling each
primitive's bprop. Because bprops bind ops, the walk itself is recorded by any enclosing tape
(grad of grad) or graph trace (gradients in GRAPH_MODE).

Unbroadcasting and gradient accumulation live here and nowhere else. The primitives they bind
(Add, ReduceSum, Reshape, Cast) are defined in the layer above (mindcell.ops.defs), so they are
looked up in the registry, not imported.
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import autodiff, trace as _trace
from mindcell._core.primitive import REGISTRY, complex_rule


def _is_float(t):
    """Whether ``t`` takes a gradient: float, complex and, as in MindSpore (which
    differentiates integer tensors, giving integer gradients), integer tensors; not bool."""
    return t._np_dtype.kind in "fciu" or mstype.is_float_np(t._np_dtype)


def unbroadcast(grad, target):
    """Sum ``grad`` down to ``target``'s shape and cast it to ``target``'s dtype."""
    shape = target.shape
    gshape = grad.shape
    if gshape != shape and len(gshape) < len(shape):
        # fewer axes than the target: only a reshape of the same elements fits (a sens of shape
        # () for an output of shape (1,), which MindSpore's GRAPH_MODE accepts)
        return _grad_cast(_reshape_same_size(grad, shape), target._np_dtype)
    if gshape != shape:
        lead = len(gshape) - len(shape)
        axes = tuple(range(lead)) + tuple(
            i + lead for i, n in enumerate(shape) if n == 1 and gshape[i + lead] != 1)
        if axes:
            grad = REGISTRY["ReduceSum"].bind(grad, axis=axes, keep_dims=False)
        if grad.shape != shape:
            grad = REGISTRY["Reshape"].bind(grad, shape=tuple(shape))
    return _grad_cast(grad, target._np_dtype)


def _reshape_same_size(grad, shape):
    if int(np.prod(grad.shape)) != int(np.prod(shape)):
        raise ValueError("grad: a gradient (or the sens given for an output) of shape %s does not "
                         "fit a tensor of shape %s" % (tuple(grad.shape), tuple(shape)))
    return REGISTRY["Reshape"].bind(grad, shape=tuple(shape))


def cast(t, np_dtype):
    """``t`` as ``np_dtype`` (itself when it already is)."""
    if t._np_dtype == np_dtype:
        return t
    return REGISTRY["Cast"].bind(t, dtype=np_dtype)


def _grad_cast(g, np_dtype):
    """The gradient ``g`` as the dtype of the tensor it is for. The complex gradient of a real
    tensor is its real part: with MindSpore's convention (the gradient of a real loss L at
    z = x + iy is dL/dx + i dL/dy) the real part is dL/dx."""
    if g._np_dtype.kind == "c" and np.dtype(np_dtype).kind != "c":
        g = REGISTRY["Real"].bind(g)
    return cast(g, np_dtype)


def _conj(t):
    return REGISTRY["Conj"].bind(t) if t is not None and t._np_dtype.kind == "c" else t


def _call_bprop(prim, inputs, out, dout, attrs):
    """``prim.bprop``; for a holomorphic primitive (``complex_rule``) with complex values the
    real-number rule ``g * f'(z)`` is turned into MindSpore's ``g * conj(f'(z))`` as
    ``conj(bprop(conj(g)))`` (real gradients pass through unchanged)."""
    if complex_rule(prim) != "holomorphic" or not any(
            t._np_dtype.kind == "c" for t in (tuple(inputs) + (out if isinstance(out, tuple)
                                                               else (out,)))):
        return prim.bprop(*inputs, out=out, dout=dout, **attrs)
    dout = tuple(_conj(d) for d in dout) if isinstance(dout, tuple) else _conj(dout)
    grads = prim.bprop(*inputs, out=out, dout=dout, **attrs)
    return tuple(_conj(g) for g in grads)


def promote(a, b):
    """Two tensors cast to their promoted dtype (the rule of the public binary ops)."""
    da, db = a._np_dtype, b._np_dtype
    if da == db:
        return a, b
    r = mstype.promote_types(mstype.from_numpy_dtype(da), mstype.from_numpy_dtype(db)).np_dtype
    return cast(a, r), cast(b, r)


def zeros_like(t):
    """A constant tensor of zeros with ``t``'s shape and dtype (``t`` may be traced)."""
    return _trace.Tensor._make(np.zeros(t.shape, t._np_dtype))


def backward(tape, outputs, sens):
    """Gradients of ``sum(outputs * sens)`` for every tracked tensor: ``{id: Tensor}``."""
    state = autodiff._state
    state.backward_depth += 1
    try:
        return _backward(tape, outputs, sens)
    finally:
        state.backward_depth -= 1


def _backward(tape, outputs, sens):
    grads = {}
    stack = autodiff._state.needed  # per bprop call on the stack: which inputs take a gradient
    for o, s in zip(outputs, sens):
        if s is not None and hasattr(s, "shape") and hasattr(o, "shape") and s.shape != o.shape \
                and len(s.shape) < len(o.shape):
            s = _reshape_same_size(s, o.shape)  # a sens of shape () for an output of shape (1,)
        _accumulate(grads, o, s)
    for prim, inputs, attrs, outs in reversed(tape.entries):
        douts = [grads.get(id(o)) for o in outs]
        if all(d is None for d in douts):
            continue
        if len(outs) == 1:
            out, dout = outs[0], douts[0]
        else:
            out = outs
            dout = tuple(zeros_like(o) if d is None else d for o, d in zip(outs, douts))
        needed = tuple(id(t) in tape.tracked and _is_float(t) for t in inputs)
        stack.append(needed)
        try:
            in_grads = _call_bprop(prim, inputs, out, dout, attrs)
        finally:
            stack.pop()
        for t, g, need in zip(inputs, in_grads, needed):
            if g is None or not need:
                continue
            _accumulate(grads, t, unbroadcast(g, t))
    return grads


def _accumulate(grads, t, g):
    prev = grads.get(id(t))
    grads[id(t)] = g if prev is None else REGISTRY["Add"].bind(*promote(prev, g))
