"""The compile pipeline (trace -> passes -> lowering), the compile cache and the report."""
import os
import threading
import time
import warnings

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.graph import passes as P
from mindcell.graph.executor import Program, wrap_outputs
from mindcell.graph.attr_effects import AttrEffects
from mindcell.graph.fallback import Guards
from mindcell.graph.passes.fuse import fused_p
from mindcell.graph.tracer import trace, _unflatten

PIPELINE = (("eliminate_dead_code", P.eliminate_dead_code),
            ("fold_constants", P.fold_constants),
            ("simplify_algebra", P.simplify_algebra),
            ("eliminate_common_subexpressions", P.eliminate_common_subexpressions),
            ("eliminate_dead_code", P.eliminate_dead_code),
            ("apply_recompute", P.apply_recompute),
            ("eliminate_dead_code", P.eliminate_dead_code),
            ("fuse_elementwise", P.fuse_elementwise),
            ("fuse_epilogues", P.fuse_epilogues),
            ("sink_to_first_use", P.sink_to_first_use),
            # after every pass that moves or replaces nodes: reads of a parameter's version
            # that a write overwrites keep program order (passes/state.py)
            ("protect_overwritten_values", P.protect_overwritten_values),
            ("plan_memory", P.plan_memory))

RECOMPILE_WARN_AFTER = 8


class CompileReport:
    """Node counts before/after each pass, fusion groups, peak bytes, how much of the program
    runs natively, and compile time."""

    def __init__(self, name):
        self.name = name
        self.passes = []  # (pass name, nodes before, nodes after)
        self.fusion_groups = 0
        self.peak_bytes = 0
        self.naive_bytes = 0
        self.compile_seconds = 0.0
        self.native_instructions = 0
        self.instructions = 0
        self.arena_bytes = 0

    def __str__(self):
        lines = ["compile report for %s (%.1f ms)" % (self.name, 1e3 * self.compile_seconds)]
        for name, before, after in self.passes:
            lines.append("  %-34s %5d -> %5d nodes" % (name, before, after))
        lines.append("  fusion groups: %d" % self.fusion_groups)
        if self.instructions:
            lines.append("  native instructions: %d of %d (arena %d bytes)"
                         % (self.native_instructions, self.instructions, self.arena_bytes))
        lines.append("  peak bytes: %d (without reuse: %d)" % (self.peak_bytes, self.naive_bytes))
        return "\n".join(lines)

    __repr__ = __str__


class Compiled:
    """A compiled function for one input signature: the optimised graph and its program."""

    def __init__(self, graph, in_tree, out_tree, report):
        self.graph = graph
        self.in_tree = in_tree
        self.out_tree = out_tree
        self.report = report
        self.program = Program(graph)
        # values Python read while tracing (int(x), x.asnumpy(): graph/fallback.py)
        self.guards = getattr(graph, "value_guards", None) or Guards(())
        # Python attributes construct writes (graph/attr_effects.py): assigned by every run
        self.attr_effects = getattr(graph, "attr_effects", None) or AttrEffects(())
        # the results (not written-back inputs) that may share memory with an input: all but
        # the program's native results, which are fresh arrays each run
        n = len(graph.outputs) - len(graph.written_inputs)
        self._maybe_shared = tuple(k for k in self.program._shared_outputs if k < n)
        # nothing to check or write back per call: the signature's fast path is one line, and
        # a Cell's call runs it from C (executor.FastCall)
        self.fast_call_ok = self.out_tree == ("T", 0) and not (
            graph.input_layouts or self.guards or graph.state_tensors or graph.written_inputs
            or self.attr_effects)
        if self.fast_call_ok:
            self.call_tensors = self._call_to_one_tensor

    def __call__(self, leaves):
        outs = wrap_outputs(self._run(leaves))
        return _unflatten(self.out_tree, outs)

    def call_tensors(self, tensors):
        """Run with a flat tuple of tensor arguments (the signature's fast path); returns
        NotImplemented if an argument's layout is not the one the trace relied on (the caller
        takes the signature's slow path, whose key holds layouts)."""
        if self.graph.input_layouts and not self.layouts_match(tensors):
            return NotImplemented
        if self.guards and not self.guards.hold(tensors):
            return NotImplemented  # traced for other values: the slow path finds or makes it
        if self.attr_effects and not self.attr_effects.hold():
            return NotImplemented  # traced for other attribute values: the same
        outs = self._run(tensors)
        if self.out_tree == ("T", 0):
            return Tensor._make(outs[0])
        return _unflatten(self.out_tree, wrap_outputs(outs))

    def _call_to_one_tensor(self, tensors):
        """``call_tensors`` of a graph with one tensor result and no input layouts, guards,
        state or written inputs (a compiled call's cost is mostly this path's: W1)."""
        return Tensor._make(self.program.run([t._data for t in tensors])[0])

    def _run(self, tensors):
        """The output arrays; the final values of inputs construct wrote go into the caller's
        tensors, as PYNATIVE_MODE's in-place writes would have left them."""
        state = self.graph.state_tensors
        if state:  # tensors construct writes: bound at each call, like the arguments
            tensors = list(tensors) + list(state)
        outs = self.program.run([t._data for t in tensors])
        written = self.graph.written_inputs
        if written:
            n = len(outs) - len(written)
            _detach_from(outs, self._maybe_shared, [tensors[i]._data for i in written])
            for i, new in zip(written, outs[n:]):
                _write_into(tensors[i], new, i in self.graph.new_storage_inputs)
            outs = outs[:n]
        if self.attr_effects:
            self.attr_effects.apply()
        return outs


    def layouts_match(self, tensors):
        return all(_layout_key(tensors[i]._data) == strides
                   for i, strides in self.graph.input_layouts.items() if i < len(tensors))


def _detach_from(outs, shared, arrays):
    """Results sharing memory with an input written back (``a = x * 1`` simplified to ``x``,
    then ``x[0] = v``) are copied first: they hold the values from before the write.
    ``shared``: the positions of the results that may share memory with an input."""
    for k in shared:
        if any(np.may_share_memory(outs[k], a) for a in arrays):
            outs[k] = outs[k].copy()


def _layout_key(array):
    """None for a C-contiguous array, else its strides."""
    return None if array.flags.c_contiguous else array.strides


def _write_into(t, new, new_storage):
    """``t`` takes the value ``new``: in its storage as an eager setitem writes, or as new
    storage as eager ``assign_value``/``set_dtype`` give it (and a setitem into a read-only
    tensor)."""
    if new_storage or not t._data.flags.writeable:
        t._data = np.array(new)
    else:
        np.copyto(t._data, new)


def optimize(graph, report, verify=False):
    for name, fn in PIPELINE:
        before = graph.node_count()
        fn(graph)
        if verify:
            graph.verify()
        report.passes.append((name, before, graph.node_count()))
    report.fusion_groups = sum(1 for n in graph.nodes if n.prim is fused_p)
    report.peak_bytes = graph.memory_plan.peak_bytes
    report.naive_bytes = graph.memory_plan.naive_bytes
    return graph


def compile_function(fn, args, kwargs, name):
    t0 = time.perf_counter()
    graph, in_tree, out_tree = trace(fn, args, kwargs, name)
    report = CompileReport(name)
    optimize(graph, report, verify=bool(os.environ.get("MINDCELL_VERIFY_GRAPH")))
    compiled = Compiled(graph, in_tree, out_tree, report)
    report.instructions = len(compiled.program.lowered.instrs)
    report.native_instructions = compiled.program.native_count
    report.arena_bytes = compiled.program.arena_bytes
    report.compile_seconds = time.perf_counter() - t0
    if os.environ.get("MINDCELL_COMPILE_REPORT"):
        print(report)
        print(graph)
    return compiled


def flatten_args(args):
    leaves, spec = [], []
    _signature(args, leaves, spec)
    return leaves, tuple(spec)


def _signature(obj, leaves, spec):
    if isinstance(obj, Parameter):  # bound by reference, as MindSpore passes a Parameter
        # argument (a Ref): the program reads (and writes) this Parameter, not a copy
        spec.append(("P", id(obj), obj.shape, obj._data.dtype.str))
    elif isinstance(obj, Tensor):
        leaves.append(obj)
        layout = _layout_key(obj._data)  # whether a reshape of it is a view (eagerly)
        spec.append(("T", obj.shape, obj._data.dtype.str) if layout is None
                    else ("T", obj.shape, obj._data.dtype.str, layout))
    elif isinstance(obj, (tuple, list)):
        spec.append((type(obj).__name__, len(obj)))
        for o in obj:
            _signature(o, leaves, spec)
    elif isinstance(obj, dict):  # its tensors are inputs, in the order the trace takes them
        spec.append(("dict", tuple(obj)))
        for o in obj.values():
            _signature(o, leaves, spec)
    elif hasattr(type(obj), "_graph_flatten"):  # COOTensor, CSRTensor (see tracer._flatten)
        static, tensors = obj._graph_flatten()
        spec.append(("node", type(obj).__name__, static))
        for o in tensors:
            _signature(o, leaves, spec)
    else:
        try:
            hash(obj)
            # repr for floats: -0.0 == 0.0 and nan != nan, but both are distinct constants
            spec.append(("C", type(obj).__name__, repr(obj) if isinstance(obj, float) else obj))
        except TypeError:
            spec.append(("C", type(obj).__name__, id(obj)))


class CompileCache:
    """Compiled programs keyed by signature; warns when one owner recompiles often.

    Safe under concurrent calls: the first caller of a signature compiles it while later
    callers of the same signature wait for its result (other signatures compile meanwhile);
    a failed compile inserts nothing. ``last_compiled`` is per thread."""

    def __init__(self, owner_name):
        self.owner_name = owner_name
        self.entries = {}
        self.compiles = 0
        self.last_key = None
        self._lock = threading.Lock()  # guards entries' inserts, the counters and _gates
        self._gates = {}  # key -> lock held by the thread compiling that key
        self._local = threading.local()

    @property
    def last_compiled(self):
        """The program of the calling thread's latest compiled call (None before one)."""
        return getattr(self._local, "compiled", None)

    @last_compiled.setter
    def last_compiled(self, compiled):
        self._local.compiled = compiled

    def forget_old_attribute_variants(self, key, keep=4):
        """Keep the ``keep`` latest entries traced for Python attribute values (a counter
        construct writes makes a new one per call): older ones are dropped."""
        with self._lock:
            variants = self.__dict__.setdefault("_attr_variants", [])
            if key in variants:
                return
            variants.append(key)
            while len(variants) > keep:
                self.entries.pop(variants.pop(0), None)

    def get_or_compile(self, key, build):
        """The entry for ``key``; on a miss ``build()`` makes it, once across threads."""
        compiled = self.entries.get(key)
        if compiled is not None:
            return compiled
        with self._lock:
            gate = self._gates.setdefault(key, threading.RLock())
        with gate:
            compiled = self.entries.get(key)
            if compiled is None:  # first here, or the previous builder failed: build
                compiled = self.insert(key, build())
        with self._lock:
            if self._gates.get(key) is gate:
                del self._gates[key]
        return compiled

    def insert(self, key, compiled):
        """Publish ``compiled`` for ``key`` (an entry already there wins and is returned)."""
        with self._lock:
            existing = self.entries.get(key)
            if existing is not None:
                return existing
            self.entries[key] = compiled
            self.compiles += 1
            compiles, last_key, self.last_key = self.compiles, self.last_key, key
        if compiles == RECOMPILE_WARN_AFTER + 1:
            warnings.warn("%s has been compiled %d times; the input signature keeps changing "
                          "(last change: %s). Use set_inputs with None dims for dynamic shapes."
                          % (self.owner_name, compiles, _diff(last_key, key)),
                          RuntimeWarning, stacklevel=4)
        return compiled


def _diff(a, b):
    if a is None:
        return "first call"
    if any(isinstance(k, tuple) and k[:1] == ("python attributes",) for k in b):
        return ("construct writes Python attributes (self.n = self.n + 1), which it also "
                "reads: each new value is traced again; keep such values in Parameters")
    if any(isinstance(k, tuple) and k[:1] == ("fallback values",) for k in b):
        return ("construct reads tensor values in Python (int(x), float(x), x.asnumpy(), or "
                "an if on a tensor whose branches cannot be merged), and each new value is "
                "traced again: pass such numbers as Python arguments or keep them in tensors")
    for x, y in zip(a, b):
        if x != y:
            return "%r -> %r" % (x, y)
    return "structure"
