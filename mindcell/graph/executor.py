"""The thin Python face of the Cython executor (csrc/executor.pyx): a lowered graph becomes a
``Program`` whose ``run(input_arrays)`` binds the parameters by reference and executes."""
import time

import numpy as np

from mindcell._C import executor as _executor
from mindcell._core import blas
from mindcell.common.tensor import Tensor
from mindcell.graph.lower import lower

Executor = blas.bind(_executor).Executor
PROFILER = None  # mindcell.profiler's recorder while one records (run's one check)
# a GRAPH_MODE Cell's compiled calls (nn.Cell.__call__ is cell_call; nn/cell.py configures it)
FastPrograms, cell_call = _executor.FastPrograms, _executor.cell_call


def configure_cell_calls(slow_call):
    """Hand the compiled-call fast path (csrc/executor.pyx cell_call) the objects it reads;
    ``slow_call(cell, args, kwargs)`` makes every call it does not run itself."""
    from mindcell import context
    from mindcell._core import trace
    _executor.configure_calls(Tensor, context._context, trace._local, trace.EagerTrace,
                              context.GRAPH_MODE, globals(), slow_call)


class Program:
    """A lowered graph: ``run(input_arrays)`` returns the output arrays."""

    def __init__(self, graph):
        self.lowered = lower(graph)
        self.name = graph.name
        self.nodes = tuple(graph.nodes)  # one per instruction, for run_stepwise
        self._frees_by_node = None  # run_stepwise's frees, made at its first run
        self.params = [v.param for v in graph.params]
        memory = self.lowered.memory
        self._consts = [c for _, c in memory.consts]
        # outputs that may share memory with a parameter or constant: all but native results,
        # which are allocated fresh for each run (decided here, not on every call)
        fresh = {f[0] for f in memory.fresh}
        self._shared_outputs = tuple(i for i, s in enumerate(memory.slots["output_slots"])
                                     if s not in fresh)
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
        if PROFILER is not None:
            return PROFILER.run_program(self, arrays)
        # An executor owns its arena: a concurrent or nested run takes another one.
        idle = self._idle
        executor = idle.pop() if idle else self._new_executor()
        bound = [p._data for p in self.params]
        try:
            outs = executor.run(arrays, bound)
        finally:
            idle.append(executor)
        if self._shared_outputs:
            self._detach(outs, bound)
        return outs

    def run_stepwise(self, arrays, observe):
        """``run`` one instruction at a time from Python, each through its node's primitive
        ``compute`` (the kernels the native instructions inline), calling
        ``observe(node, kind, inputs, outputs, start_ns, end_ns)`` after each. The profiler's
        path: slower than ``run``, same results."""
        lo, memory = self.lowered, self.lowered.memory
        env = [None] * lo.n_slots
        bound = [p._data for p in self.params]
        for s, a in memory.consts + list(zip(memory.slots["input_slots"], arrays)) + list(
                zip(memory.slots["param_slots"], bound)):
            env[s] = a
        slot, now = lo.slot, time.perf_counter_ns
        for node, instr, frees in zip(self.nodes, lo.instrs, self._stepwise_frees()):
            inputs = [env[slot[v.id]] for v in node.inputs]
            start = now()
            out = node.prim.compute(inputs, node.attrs)
            end = now()
            outs = [np.asarray(o) for o in (out if node.prim.nout != 1 else (out,))]
            for v, o in zip(node.outputs, outs):
                env[slot[v.id]] = o
            observe(node, instr["kind"], inputs, outs, start, end)
            for s in frees:
                env[s] = None
        outs = [env[s] for s in memory.slots["output_slots"]]
        self._detach(outs, bound, range(len(outs)))
        return outs

    def _stepwise_frees(self):
        """Per node, the slots of node results whose last use it is (not the outputs): what
        ``run_stepwise`` drops, as the executor's arena reuse and frees would."""
        frees = self._frees_by_node
        if frees is None:
            slot = self.lowered.slot
            keep = set(self.lowered.memory.slots["output_slots"])
            produced = {slot[o.id] for n in self.nodes for o in n.outputs}
            last = {}
            for i, n in enumerate(self.nodes):
                for v in n.inputs:
                    last[slot[v.id]] = i
            frees = [[] for _ in self.nodes]
            for s, i in last.items():
                if s in produced and s not in keep:
                    frees[i].append(s)
            self._frees_by_node = frees
        return frees

    def _detach(self, outs, bound, indices=None):
        """Outputs that share memory with a parameter (bound by reference: a later step or
        ``ops.assign`` writes it) or with a constant (every run would return that one array)
        are replaced by copies: the caller gets the value at the end of this run."""
        shared = bound + self._consts
        ids = {id(a) for a in shared}
        for i in self._shared_outputs if indices is None else indices:
            o = outs[i]
            # an array owning its memory shares it only by being one of them (the fast test)
            if id(o) in ids or o.base is not None and any(
                    np.may_share_memory(o, a) for a in shared):
                outs[i] = o.copy()


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
