"""CONTENTION: training steps next to one CPU-bound process. W3 (MLP, batch 64), W5 (LeNet-5)
and W9 (ResNet-18, when the benchmark networks have it) in both modes, each measured quiet and
next to a background process spinning in pure Python. The process runs for the whole test and
is stopped (SIGSTOP) and continued (SIGCONT) to alternate quiet and busy halves of ROUNDS
rounds, so that both see the same machine (a shared machine's other load drifts within
seconds); the first step of each half is not counted (the thread count settles), except for
steps longer than a second (W9: 2 rounds).
``extra_info`` holds the slowdown ratios (busy / quiet median step time per round, and their
median, min and max), never an assertion on time. Columns:
``adaptive`` (the BLAS's thread count follows the load, the default) and ``fixed``
(``_threads.set_adaptive(False)``: the configured count whatever the load, as before issue
19). The benchmark's own timing is the step next to the busy process.

Run: ``python -m mindcell.benchmark -k CONTENTION``."""
import contextlib
import os
import signal
import statistics
import subprocess
import sys
import time

import numpy as np
import pytest

import mindcell as ms
from mindcell import _threads
from mindcell.benchmark.workloads import models
from mindcell.benchmark.workloads.models import MLP, LeNet5, train_step

WORKLOAD = "CONTENTION"
ROUNDS = 6           # alternating quiet/busy rounds per column
HALF_SECONDS = 0.5   # time spent stepping in each half of a round (at least MIN_STEPS steps)
MIN_STEPS = 2

_NETS = {"W3": (MLP, (64, 784)), "W5": (LeNet5, (32, 1, 32, 32))}
if hasattr(models, "ResNet18"):  # W9, at its benchmark's input shape
    from mindcell.benchmark.workloads.test_w9_resnet import SHAPE as _W9_SHAPE
    _NETS["W9"] = (models.ResNet18, _W9_SHAPE)

_SPIN = "while True:\n    pass\n"


@pytest.fixture
def spinner():
    """A CPU-bound Python process, stopped (SIGSTOP); killed when the test ends."""
    proc = subprocess.Popen([sys.executable, "-c", _SPIN])
    time.sleep(0.2)
    os.kill(proc.pid, signal.SIGSTOP)
    yield proc
    proc.kill()
    proc.wait()


@contextlib.contextmanager
def running(proc):
    """The spinner spins while the block runs."""
    os.kill(proc.pid, signal.SIGCONT)
    try:
        yield
    finally:
        os.kill(proc.pid, signal.SIGSTOP)


@pytest.fixture
def adaptation():
    yield
    _threads.set_adaptive(_threads._env_adaptive())


def _steps(fn, settle, seconds=HALF_SECONDS):
    """Step times for `seconds` (at least MIN_STEPS), after one uncounted step if `settle`."""
    if settle:
        fn()
    times, end = [], time.perf_counter() + seconds
    while time.perf_counter() < end or len(times) < MIN_STEPS:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return times


@pytest.mark.parametrize("column", ["adaptive", "fixed"])
@pytest.mark.parametrize("mode", ["graph", "pynative"])
@pytest.mark.parametrize("net", sorted(_NETS))
def test_contention_slowdown(benchmark, spinner, adaptation, net, mode, column):
    benchmark.group = "CONTENTION %s %s step next to one busy process" % (net, mode)
    _threads.set_adaptive(column == "adaptive")
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(0)
    net_cls, shape = _NETS[net]
    step, x, y = train_step(net_cls(), shape)
    assert np.isfinite(float(step(x, y).asnumpy()))

    def fn():
        return float(step(x, y).asnumpy())

    t0 = time.perf_counter()
    fn()
    first = time.perf_counter() - t0
    # long steps (W9: seconds): 2 rounds, and no settling step (the count settles in ~20 ms)
    rounds, settle = (ROUNDS, True) if first < 1.0 else (2, False)
    quiet, loaded = [], []
    for _ in range(rounds):
        quiet.append(_steps(fn, settle))
        with running(spinner):
            loaded.append(_steps(fn, settle))
    med = statistics.median
    ratios = [med(b) / med(q) for q, b in zip(quiet, loaded)]
    benchmark.extra_info.update({
        "threads": _threads.get_num_threads(), "adaptive": column == "adaptive",
        "quiet_ms": [round(med(q) * 1e3, 3) for q in quiet],
        "busy_ms": [round(med(b) * 1e3, 3) for b in loaded],
        "ratios": [round(r, 2) for r in ratios], "ratio_median": round(med(ratios), 2),
        "ratio_min": round(min(ratios), 2), "ratio_max": round(max(ratios), 2)})
    with running(spinner):
        fn()
        benchmark.pedantic(fn, rounds=MIN_STEPS * 2, iterations=1, warmup_rounds=1)
