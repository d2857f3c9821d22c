"""The thin Python face of the Cython executor (csrc/executor.pyx): a lowered graph becomes a
``Program`` whose ``run(input_arrays)`` binds the parameters by reference and executes."""
import numpy as np

from mindcell._C import executor as _executor
from mindcell._core import blas
from mindcell.common.tensor import Tensor
from mindcell.graph.lower import lower

Executor = blas.bind(_executor).Executor


class Program:
    """A lowered graph: ``run(input_arrays)`` returns the output arrays."""

    def __init__(self, graph):
        self.lowered = lower(graph)
        self.params = [v.param for v in graph.params]
        self._idle = [self._new_executor()]

    @property
    def native_count(self):
        return self.lowered.native_count

    @property
    def arena_bytes(self):
        return self.lowered.arena_bytes

    def _new_executor(self):
        lo = self.lowered
        return Executor(lo.n_slots, lo.instrs, lo.py_steps, lo.frees, lo.new_bindings())

    def run(self, arrays):
        # An executor owns its arena: a concurrent or nested run takes another one.
        idle = self._idle
        executor = idle.pop() if idle else self._new_executor()
        try:
            return executor.run(arrays, [p._data for p in self.params])
        finally:
            idle.append(executor)


def run_node(node, arrays):
    """Execute one graph node on ``arrays`` exactly as a compiled program would (as a native
    instruction or as a Python step); returns its output arrays."""
    from mindcell.graph.ir import Graph
    graph = Graph(node.prim.name)
    inputs = [graph.add_input(v.shape, v.dtype) for v in node.inputs]
    copy = graph.add_node(node.prim, inputs, node.attrs, [(o.shape, o.dtype) for o in node.outputs])
    graph.outputs = list(copy.outputs)
    return Program(graph).run([np.asarray(a) for a in arrays])


def wrap_outputs(arrays):
    return [Tensor._make(a if isinstance(a, np.ndarray) else np.asarray(a)) for a in arrays]
