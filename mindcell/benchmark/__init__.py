"""Benchmark your own Cell in both modes: ``compare_modes(cell, *inputs)``.

``python -m mindcell.benchmark`` runs the workloads shipped in
:mod:`mindcell.benchmark.workloads` (W1-W8, M1, LSTM) and prints one table of medians and
ratios; see ``--help``."""
import time

import numpy as np

from mindcell import context

__all__ = ["compare_modes", "ModeComparison"]


class ModeComparison:
    """Result of :func:`compare_modes`: seconds per call in each mode, compile time, peak bytes
    of the compiled graph, and whether the outputs agree."""

    def __init__(self, pynative, graph, compile_seconds, peak_bytes, agree):
        self.pynative_seconds, self.graph_seconds = pynative, graph
        self.compile_seconds, self.peak_bytes, self.outputs_agree = compile_seconds, peak_bytes, agree

    @property
    def speedup(self):
        """PYNATIVE_MODE seconds per call divided by GRAPH_MODE seconds per call."""
        return self.pynative_seconds / self.graph_seconds

    def __repr__(self):
        return ("ModeComparison(pynative=%.3f ms/call, graph=%.3f ms/call, speedup=%.2fx, "
                "compile=%.1f ms, peak_bytes=%d, outputs_agree=%s)"
                % (self.pynative_seconds * 1e3, self.graph_seconds * 1e3, self.speedup,
                   self.compile_seconds * 1e3, self.peak_bytes, self.outputs_agree))


def _median_time(fn, min_time=0.2, max_calls=10000):
    fn()
    times, start = [], time.perf_counter()
    while time.perf_counter() - start < min_time and len(times) < max_calls:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return float(np.median(times))


def _leaves(out):
    if isinstance(out, (tuple, list)):
        return [x for o in out for x in _leaves(o)]
    return [out.asnumpy()] if hasattr(out, "asnumpy") else []


def compare_modes(cell, *inputs, min_time=0.2):
    """compare_modes(cell, *inputs, min_time=0.2): time ``cell(*inputs)`` in PYNATIVE_MODE and
    GRAPH_MODE (steady state, median of repeated calls) and report compile time and the
    compiled graph's peak bytes. Returns a :class:`ModeComparison`.

    Args:
        cell (Cell): the network to time.
        inputs (Tensor): its inputs.
        min_time (float): seconds spent on repeated calls in each mode.

    Returns:
        ModeComparison: seconds per call in each mode, compile seconds, peak bytes of the
        compiled graph and whether both modes' outputs agree. The context's mode is restored.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.benchmark import compare_modes
        >>> r = compare_modes(ms.nn.Dense(8, 8), ms.Tensor(np.ones((4, 8), np.float32)),
        ...                   min_time=0.01)
        >>> r.outputs_agree
        True
    """
    saved = context.get_context("mode")
    try:
        context.set_context(mode=context.PYNATIVE_MODE)
        eager_out = _leaves(cell(*inputs))
        eager = _median_time(lambda: _leaves(cell(*inputs)), min_time)
        context.set_context(mode=context.GRAPH_MODE)
        cell.compile_cache.clear()
        t0 = time.perf_counter()
        graph_out = _leaves(cell(*inputs))
        compile_seconds = time.perf_counter() - t0
        graph = _median_time(lambda: _leaves(cell(*inputs)), min_time)
        reports = cell.compile_report() if hasattr(cell, "compile_report") else []
        peak = max((r.peak_bytes for r in reports), default=0)
    finally:
        context.set_context(mode=saved)
    agree = len(eager_out) == len(graph_out) and all(
        np.allclose(a, b, rtol=1e-5, atol=1e-6) for a, b in zip(eager_out, graph_out))
    return ModeComparison(eager, graph, compile_seconds, peak, agree)
