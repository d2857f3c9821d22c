"""Traces: where ``Prim.bind`` sends each call. The eager trace runs kernels now; a graph trace
(GRAPH_MODE) records nodes instead. Traces form a stack; the innermost one is current.

The stack is per thread (as are autodiff's tapes): a thread tracing a graph never sees another
thread's trace, so cells compile and run from several threads at once."""
import threading

import numpy as np

from mindcell import context as _context
from mindcell._core import autodiff as _autodiff
from mindcell._core.views import ViewTracking


class Trace(ViewTracking):
    """What autodiff and the op layers may ask of a trace, whichever kind is active (they sit
    below the graph layer and never import it): ``process`` a primitive call, ``snapshot`` and
    ``alias`` a tensor, and ``is_graph``. ``GraphTrace`` (mindcell.graph) overrides them."""

    is_graph = False

    def process(self, prim, inputs, attrs):
        raise NotImplementedError

    def snapshot(self, t):
        """A tensor holding ``t``'s current value, unaffected by later writes to ``t``."""
        raise NotImplementedError

    def alias(self, t):
        """A second tensor object for ``t``'s current value: no copy, no recorded op."""
        return Tensor._make(t._data)

    # Structured control flow (ops.WhileLoop, and construct's while/if on tensors once
    # rewritten): run as Python here; GraphTrace builds While/If nodes instead.
    def while_loop(self, cond_fn, body_fn, init_val):
        val = init_val
        while cond_fn(val):
            val = body_fn(val)
        return val

    def cond(self, pred, then_fn, else_fn, operands):
        return then_fn(*operands) if pred else else_fn(*operands)


class EagerTrace(Trace):
    """PYNATIVE_MODE: compute now, and record a tape entry while gradients are being taken.
    One per thread: ``tapes`` is that thread's list of active autodiff tapes. While taping,
    views are tracked so that a recorded ``x[i] = v`` reaches the tensors sharing memory."""

    def __init__(self):
        self.tapes = _autodiff._state.tapes  # created in its thread: that thread's list
        self._init_views()

    @staticmethod
    def snapshot(t):
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


_graph_compiler = None  # set by mindcell.graph.jit (register_graph_compiler)


def register_graph_compiler(make):
    """``make(fn)`` returns ``fn`` compiled into one graph per input signature. The graph layer
    registers it; the layers below it (``ops.grad``) compile through :func:`graph_mode_aware`."""
    global _graph_compiler
    _graph_compiler = make


def should_compile():
    """GRAPH_MODE, not already tracing, and no eager tape recording this call."""
    return _context.is_graph_mode() and not _local.top.is_graph and not _autodiff._state.tapes


def graph_mode_aware(fn):
    """``fn`` compiled (forward and backward together) per input signature when called in
    GRAPH_MODE, run eagerly otherwise."""
    compiled = []  # made on the first GRAPH_MODE call (the graph layer may load after fn)

    def run(*args):
        if not should_compile():
            return fn(*args)
        if not compiled:
            if _graph_compiler is None:
                raise RuntimeError("%s: GRAPH_MODE needs the graph compiler, which registers "
                                   "when mindcell.graph is imported (import mindcell)"
                                   % fn.__name__)
            compiled.append(_graph_compiler(fn))
        return compiled[0](*args)
    run.__name__ = fn.__name__
    return run
