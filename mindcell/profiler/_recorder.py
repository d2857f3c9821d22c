"""The recorder: what the two dispatch points call while a profiler records.

``Prim.bind`` (every eager op) and ``Program.run`` (every compiled graph) each check one
module-level variable, ``PROFILER``; it is None unless a profiler is recording, so profiling
costs nothing when off. While on, eager ops are timed around the active trace's ``process``,
and a graph program runs instruction by instruction through ``Program.run_stepwise`` so each
instruction is timed (the same kernels; only the dispatch is in Python)."""
import os
import sys
import threading
import time

from mindcell._core import primitive as _primitive
from mindcell._core import trace as _trace
from mindcell.graph import executor as _executor

_now = time.perf_counter_ns
_local = _trace._local
_PACKAGE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_lock = threading.Lock()


class Event:
    """One timed call: an eager op, a graph instruction, or a whole graph run."""

    __slots__ = ("name", "cat", "start_ns", "end_ns", "tid", "shapes", "out_bytes", "args")

    def __init__(self, name, cat, start_ns, end_ns, tid, shapes=(), out_bytes=0, args=None):
        self.name, self.cat, self.start_ns, self.end_ns = name, cat, start_ns, end_ns
        self.tid, self.shapes, self.out_bytes, self.args = tid, shapes, out_bytes, args

    @property
    def dur_ns(self):
        return self.end_ns - self.start_ns


class Recorder:
    """Collects events; installed as ``PROFILER`` of the dispatch points while recording."""

    def __init__(self, with_stack=False, mstx=False, mstx_domains=((), ()),
                 profile_memory=False):
        self.with_stack = with_stack
        self.profile_memory = profile_memory  # sample the resident set size after each op
        self.mstx = mstx  # take mstx annotations; mstx_domains: (include, exclude)
        self.mstx_domains = mstx_domains
        self.events = []
        self.step = None  # the schedule step the events belong to (set by the profiler)

    def bind(self, prim, inputs, attrs):
        trace = _local.top
        if trace.is_graph:  # tracing a graph records nodes, it runs nothing
            return trace.process(prim, inputs, attrs)
        start = _now()
        result = trace.process(prim, inputs, attrs)
        end = _now()
        outs = result if type(result) is tuple else (result,)
        shapes = tuple(getattr(getattr(t, "_data", t), "shape", ()) for t in inputs)
        out_bytes = sum(getattr(getattr(t, "_data", None), "nbytes", 0) for t in outs)
        args = {"stack": _user_stack()} if self.with_stack else None
        tid = threading.get_native_id()
        self.events.append(Event(prim.name, "eager", start, end, tid, shapes, out_bytes, args))
        if self.profile_memory:
            self.events.append(Event("Memory", "memory", end, end, tid, (), 0,
                                     {"RSS (MB)": resident_mb()}))
        return result

    def run_program(self, program, arrays):
        tid = threading.get_native_id()
        events = self.events

        memory = self.profile_memory

        graph = program.name
        index = iter(range(len(program.nodes)))

        def observe(node, kind, inputs, outputs, start, end):
            events.append(Event(node.prim.name, "graph", start, end, tid,
                                tuple(a.shape for a in inputs), sum(o.nbytes for o in outputs),
                                {"instruction": kind, "index": next(index), "graph": graph}))
            if memory:
                events.append(Event("Memory", "memory", end, end, tid, (), 0,
                                    {"RSS (MB)": resident_mb()}))

        start = _now()
        outs = program.run_stepwise(arrays, observe)
        args = {"graph": graph, "instructions": len(program.nodes),
                "native": program.native_count}
        if self.with_stack:
            args["stack"] = _user_stack()
        events.append(Event("RunGraph", "graph", start, _now(), tid, (), 0, args))
        return outs


def install(recorder):
    """Make ``recorder`` the active one (None: stop recording).

    Raises:
        RuntimeError: another profiler is recording.
    """
    with _lock:
        if recorder is not None and _primitive.PROFILER not in (None, recorder):
            raise RuntimeError("Profiler.start: another profiler is already recording; stop "
                               "it first")
        _primitive.set_profiler(recorder)
        _executor.PROFILER = recorder


def active():
    """The recording recorder, or None."""
    return _primitive.PROFILER


_PAGE_MB = os.sysconf("SC_PAGE_SIZE") / 2.0 ** 20 if hasattr(os, "sysconf") else None
_STATM = "/proc/self/statm"


def memory_supported():
    return _PAGE_MB is not None and os.path.exists(_STATM)


def resident_mb():
    """This process's resident set size in MB (Linux /proc; a few microseconds)."""
    with open(_STATM, "rb") as f:
        return round(int(f.read().split()[1]) * _PAGE_MB, 3)


def _user_stack(limit=6):
    """The innermost frames outside the mindcell package, as ``file:line(function)``."""
    frames = []
    f = sys._getframe(2)
    while f is not None and len(frames) < limit:
        path = f.f_code.co_filename
        if not os.path.abspath(path).startswith(_PACKAGE):
            frames.append("%s:%d(%s)" % (path, f.f_lineno, f.f_code.co_name))
        f = f.f_back
    return frames
