"""Traces: where ``Prim.bind`` sends each call. The eager trace runs kernels now; a graph trace
(GRAPH_MODE) records nodes instead. Traces form a stack; the innermost one is current."""
import numpy as np

from mindcell._core import autodiff as _autodiff

_stack = []


class EagerTrace:
    """PYNATIVE_MODE: compute now, and record a tape entry while gradients are being taken."""

    is_graph = False

    @staticmethod
    def snapshot(t):
        """A tensor holding ``t``'s current value, unaffected by later writes to ``t``."""
        return Tensor._make(t._data.copy())

    @staticmethod
    def rebind(t, new):
        """Make ``t`` hold ``new``'s value (an in-place update as seen by Python code)."""
        t._data = new._data

    def process(self, prim, inputs, attrs):
        out = prim.compute([t._data for t in inputs], attrs)
        if prim.nout == 1:
            if type(out) is not _ndarray:  # numpy returns scalars for 0-d results
                out = _asarray(out)
            result = _new_tensor(Tensor)
            result._data = out
            if _autodiff.tapes and prim.bprop is not None:
                _autodiff.record(prim, inputs, attrs, (result,))
            return result
        result = tuple(Tensor._make(o if type(o) is _ndarray else _asarray(o)) for o in out)
        if _autodiff.tapes and prim.bprop is not None:
            _autodiff.record(prim, inputs, attrs, result)
        return result


_eager = EagerTrace()
Tensor = None  # set by mindcell.common.tensor (avoids an import cycle)
_new_tensor = object.__new__
_ndarray = np.ndarray
_asarray = np.asarray


def current():
    return _stack[-1] if _stack else _eager


def push(trace):
    _stack.append(trace)


def pop(trace):
    assert _stack and _stack[-1] is trace, "trace stack corrupted"
    _stack.pop()
