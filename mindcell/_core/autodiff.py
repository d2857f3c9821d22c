"""Reverse-mode autodiff: tapes record primitive calls on tracked tensors; ``backward`` walks a
tape in reverse calling each primitive's bprop. Because bprops bind ops, the walk itself is
recorded by any enclosing tape (grad of grad) or graph trace (gradients in GRAPH_MODE).

Unbroadcasting and gradient accumulation live here and nowhere else.

The tapes and the state of a running backward walk are per thread: ``autodiff.tapes`` is the
calling thread's list of active tapes (outermost first).
"""
import sys
import threading
import types


class _ThreadState(threading.local):
    """Per thread: active tapes, backward-walk depth, and the 'needs a gradient' flags of the
    bprop calls on the stack."""

    def __init__(self):
        self.tapes = []
        self.backward_depth = 0
        self.needed = []


_state = _ThreadState()


class _AutodiffModule(types.ModuleType):
    @property
    def tapes(self):
        """The calling thread's active tapes (a list; mutate it, never rebind it)."""
        return _state.tapes


sys.modules[__name__].__class__ = _AutodiffModule


def in_backward():
    """True while a backward walk runs (graph nodes created then are marked 'bwd')."""
    return _state.backward_depth > 0


class Tape:
    """Entries ``(prim, inputs, attrs, outputs)`` for every op touching a tracked tensor."""

    __slots__ = ("entries", "tracked", "keep")

    def __init__(self):
        self.entries = []
        self.tracked = set()
        self.keep = []  # keeps tracked tensors alive so their ids stay unique

    def track(self, tensor):
        self.tracked.add(id(tensor))
        self.keep.append(tensor)


def record(prim, inputs, attrs, outputs, tapes=None):
    """Append an entry to every active tape of this thread that tracks one of ``inputs``."""
    for tape in _state.tapes if tapes is None else tapes:
        tracked = tape.tracked
        for t in inputs:
            if id(t) in tracked:
                break
        else:
            continue
        tape.entries.append((prim, inputs, attrs, outputs))
        for o in outputs:
            tracked.add(id(o))


def is_tracked(tensor):
    return any(id(tensor) in tape.tracked for tape in _state.tapes)


def replace_in_tapes(old, shadow):
    """Before ``old`` is mutated in place, earlier tape entries must see its previous value."""
    for tape in _state.tapes:
        if id(old) not in tape.tracked:
            continue
        tape.tracked.add(id(shadow))
        tape.keep.append(shadow)
        for i, (prim, ins, attrs, outs) in enumerate(tape.entries):
            if any(t is old for t in ins) or any(t is old for t in outs):
                tape.entries[i] = (prim, tuple(shadow if t is old else t for t in ins), attrs,
                                   tuple(shadow if t is old else t for t in outs))


def _is_float(t):
    return t._np_dtype.kind == "f"


def unbroadcast(grad, target):
    """Sum ``grad`` down to ``target``'s shape and cast it to ``target``'s dtype."""
    from mindcell.ops import functional as F
    shape = target.shape
    gshape = grad.shape
    if gshape != shape:
        lead = len(gshape) - len(shape)
        axes = tuple(range(lead)) + tuple(
            i + lead for i, n in enumerate(shape) if n == 1 and gshape[i + lead] != 1)
        if axes:
            grad = F.reduce_sum(grad, axes, keep_dims=False)
        if grad.shape != shape:
            grad = F.reshape(grad, shape)
    if grad._np_dtype != target._np_dtype:
        grad = F.cast(grad, target.dtype)
    return grad


def backward(tape, outputs, sens):
    """Gradients of ``sum(outputs * sens)`` for every tracked tensor: ``{id: Tensor}``."""
    state = _state
    state.backward_depth += 1
    try:
        return _backward(tape, outputs, sens)
    finally:
        state.backward_depth -= 1


def needs_grad(i):
    """needs_grad(i): whether the backward rule running now must return a gradient for its
    input ``i`` (False when that input is not tracked: its gradient would be discarded).
    Rules with costly per-input work (matrix products, convolutions) skip it."""
    needed = _state.needed
    return needed[-1][i] if needed else True


def _backward(tape, outputs, sens):
    from mindcell.ops import functional as F
    grads = {}
    stack = _state.needed  # per bprop call on the stack: which of its inputs take a gradient
    for o, s in zip(outputs, sens):
        _accumulate(grads, o, s, F)
    for prim, inputs, attrs, outs in reversed(tape.entries):
        douts = [grads.get(id(o)) for o in outs]
        if all(d is None for d in douts):
            continue
        if len(outs) == 1:
            out, dout = outs[0], douts[0]
        else:
            out = outs
            dout = tuple(F.zeros_like(o) if d is None else d for o, d in zip(outs, douts))
        needed = tuple(id(t) in tape.tracked and _is_float(t) for t in inputs)
        stack.append(needed)
        try:
            in_grads = prim.bprop(*inputs, out=out, dout=dout, **attrs)
        finally:
            stack.pop()
        for t, g, need in zip(inputs, in_grads, needed):
            if g is None or not need:
                continue
            _accumulate(grads, t, unbroadcast(g, t), F)
    return grads


def _accumulate(grads, t, g, F):
    prev = grads.get(id(t))
    grads[id(t)] = g if prev is None else F.add(prev, g)


def zeros_for(t):
    from mindcell.ops import functional as F
    return F.zeros_like(t)


def ones_for(t):
    from mindcell.ops import functional as F
    return F.ones_like(t)
