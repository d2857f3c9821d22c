"""Lowering and execution: a graph becomes a flat list of kernel calls over value slots.
Each step calls the primitive's compiled kernel (or its reference for ops without one) and
frees the slots whose values are dead after it (the memory plan's liveness)."""
import numpy as np

from mindcell.common.tensor import Tensor


class Program:
    """A lowered graph: ``run(input_arrays)`` returns the output arrays."""

    def __init__(self, graph):
        slot = {}
        for v in graph.inputs + graph.params + graph.consts:
            slot[v.id] = len(slot)
        for n in graph.nodes:
            for o in n.outputs:
                slot[o.id] = len(slot)
        self.n_slots = len(slot)
        self.input_slots = [slot[v.id] for v in graph.inputs]
        self.params = [(slot[v.id], v.param) for v in graph.params]
        self.consts = [(slot[v.id], v.const) for v in graph.consts]
        self.output_slots = [slot[v.id] for v in graph.outputs]
        keep = set(self.output_slots)
        last = {}
        for i, n in enumerate(graph.nodes):
            for v in n.inputs:
                last[slot[v.id]] = i
        frees = [[] for _ in graph.nodes]
        for s, i in last.items():
            if s not in keep and s >= len(self.input_slots) + len(self.params) + len(self.consts):
                frees[i].append(s)
        self.steps = []
        for i, n in enumerate(graph.nodes):
            self.steps.append((n.prim, tuple(slot[v.id] for v in n.inputs), n.attrs,
                               tuple(slot[o.id] for o in n.outputs), n.prim.nout != 1,
                               tuple(frees[i])))
        self._template = [None] * self.n_slots
        for s, arr in self.consts:
            self._template[s] = arr

    def run(self, arrays):
        env = self._template.copy()
        for s, a in zip(self.input_slots, arrays):
            env[s] = a
        for s, p in self.params:
            env[s] = p._data
        for prim, ins, attrs, outs, multi, frees in self.steps:
            result = prim.compute([env[i] for i in ins], attrs)
            if multi:
                for s, r in zip(outs, result):
                    env[s] = r if type(r) is np.ndarray else np.asarray(r)
            else:
                env[outs[0]] = result if type(result) is np.ndarray else np.asarray(result)
            for s in frees:
                env[s] = None
        return [env[s] for s in self.output_slots]


def wrap_outputs(arrays):
    return [Tensor._make(a if isinstance(a, np.ndarray) else np.asarray(a)) for a in arrays]
