"""Reverse-mode autodiff, recording half: tapes record primitive calls on tracked tensors
(``record``); ``mindcell._core.backward`` walks a tape in reverse. This module sits below the
traces and primitives (they import it), so it binds no op.

The tapes and the state of a running backward walk are per thread: ``autodiff.tapes`` is the
calling thread's list of active tapes (outermost first); hot paths (every Cell call, bprop,
setitem) read the same list as ``_state.tapes``, without the module property's lookup.
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


def needs_grad(i):
    """needs_grad(i): whether the backward rule running now must return a gradient for its
    input ``i`` (False when that input is not tracked: its gradient would be discarded).
    Rules with costly per-input work (matrix products, convolutions) skip it."""
    needed = _state.needed
    return needed[-1][i] if needed else True
