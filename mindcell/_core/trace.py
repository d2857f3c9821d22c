"""Traces: where ``Prim.bind`` sends each call. The eager trace runs kernels now; a graph trace
(GRAPH_MODE) records nodes instead. Traces form a stack; the innermost one is current.

The stack is per thread (as are autodiff's tapes): a thread tracing a graph never sees another
thread's trace, so cells compile and run from several threads at once."""
import threading

import numpy as np

from mindcell._core import autodiff as _autodiff
from mindcell._core.views import ViewTracking


class EagerTrace(ViewTracking):
    """PYNATIVE_MODE: compute now, and record a tape entry while gradients are being taken.
    One per thread: ``tapes`` is that thread's list of active autodiff tapes. While taping,
    views are tracked so that a recorded ``x[i] = v`` reaches the tensors sharing memory."""

    is_graph = False

    def __init__(self):
        self.tapes = _autodiff._state.tapes  # created in its thread: that thread's list
        self._init_views()

    @staticmethod
    def snapshot(t):
        """A tensor holding ``t``'s current value, unaffected by later writes to ``t``."""
        return Tensor._make(t._data.copy())

    @staticmethod
    def _assign(t, new):
        t._data = new._data

    def process(self, prim, inputs, attrs):
        out = prim.compute([t._data for t in inputs], attrs)
        if prim.nout == 1:
            if type(out) is not _ndarray:  # numpy returns scalars for 0-d results
                out = _asarray(out)
            result = _new_tensor(Tensor)
            result._data = out
            if self.tapes and prim.bprop is not None:
                _autodiff.record(prim, inputs, attrs, (result,), self.tapes)
                if prim.view is not None:
                    self.record_views(prim, inputs, attrs, (result,))
            return result
        result = tuple(Tensor._make(o if type(o) is _ndarray else _asarray(o)) for o in out)
        if self.tapes and prim.bprop is not None:
            _autodiff.record(prim, inputs, attrs, result, self.tapes)
        return result


class _ThreadTraces(threading.local):
    """This thread's trace stack; ``top`` is its innermost trace (the eager one when empty),
    kept up to date by push/pop so ``Prim.bind`` needs a single lookup."""

    def __init__(self):
        self.stack = []
        self.eager = EagerTrace()
        self.top = self.eager


Tensor = None  # set by mindcell.common.tensor (avoids an import cycle)
_new_tensor = object.__new__
_ndarray = np.ndarray
_asarray = np.asarray
_local = _ThreadTraces()


def current():
    """The innermost trace of the calling thread."""
    return _local.top


def is_eager():
    """True when no trace is active in the calling thread (ops run now)."""
    return not _local.stack


def push(trace):
    local = _local
    local.stack.append(trace)
    local.top = trace


def pop(trace):
    """Remove ``trace`` (and any trace a failed inner trace left above it) from this thread's
    stack. The stack is repaired before an error is raised, so later calls still work."""
    local = _local
    stack = local.stack
    if trace in stack:
        i = len(stack) - 1 - stack[::-1].index(trace)
        orphans = stack[i + 1:]
        del stack[i:]
        local.top = stack[-1] if stack else local.eager
        if not orphans:
            return
        raise RuntimeError("trace stack corrupted: %d trace(s) were left above %r (removed)"
                           % (len(orphans), trace))
    raise RuntimeError("trace stack corrupted: pop(%r), but that trace is not active in this "
                       "thread" % (trace,))


def checkpoint():
    """This thread's trace, tape and backward-walk depths, for :func:`restore`."""
    state = _autodiff._state
    return len(_local.stack), len(state.tapes), state.backward_depth, len(state.needed)


def restore(saved):
    """Drop whatever was pushed since ``saved = checkpoint()`` and is still there (what a
    trace interrupted at an unlucky point, e.g. by KeyboardInterrupt, could leave behind)."""
    local, state = _local, _autodiff._state
    n_traces, n_tapes, state.backward_depth, n_needed = saved
    del local.stack[n_traces:]
    local.top = local.stack[-1] if local.stack else local.eager
    del state.tapes[n_tapes:]
    del state.needed[n_needed:]

