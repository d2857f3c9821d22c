"""CONTENTION: training steps next to one CPU-bound process. W3 (MLP, batch 64), W5 (LeNet-5)
and W9 (ResNet-18, when the benchmark networks have it) in both modes, each measured quiet and
next to a background process spinning in pure Python, in interleaved rounds; ``extra_info``
holds the slowdown ratios (busy / quiet median step time, per round and their median, min and
max), never an assertion on time. Columns: ``adaptive`` (the thread count follows the load,
the default) and ``fixed`` (``_threads.set_adaptive(False)``: the configured count whatever the
load, as before issue 19). The benchmark's own timing is the step next to the busy process.

Run: ``python -m mindcell.benchmark -k CONTENTION``."""
import contextlib
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
ROUNDS = 3            # interleaved quiet/busy rounds per column
ROUND_SECONDS = 1.0   # time spent stepping in each half of a round (at least MIN_STEPS steps)
MIN_STEPS = 3

_NETS = {"W3": (MLP, (64, 784)), "W5": (LeNet5, (32, 1, 32, 32))}
if hasattr(models, "ResNet18"):  # W9, at its benchmark's input shape
    from mindcell.benchmark.workloads.test_w9_resnet import SHAPE as _W9_SHAPE
    _NETS["W9"] = (models.ResNet18, _W9_SHAPE)

_SPIN = "while True:\n    pass\n"


@pytest.fixture
def busy():
    """A context manager: one CPU-bound Python process while it is open (killed on exit)."""
    procs = []

    @contextlib.contextmanager
    def run():
        proc = subprocess.Popen([sys.executable, "-c", _SPIN])
        procs.append(proc)
        time.sleep(0.3)  # let it start and the thread count notice it
        try:
            yield
        finally:
            proc.kill()
            proc.wait()
            time.sleep(0.1)
    yield run
    for proc in procs:  # also when the test failed inside the block
        if proc.poll() is None:
            proc.kill()
            proc.wait()


@pytest.fixture
def adaptation():
    yield
    _threads.set_adaptive(_threads._env_adaptive())


def _median_step(fn, seconds=ROUND_SECONDS):
    times, end = [], time.perf_counter() + seconds
    while time.perf_counter() < end or len(times) < MIN_STEPS:
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


@pytest.mark.parametrize("column", ["adaptive", "fixed"])
@pytest.mark.parametrize("mode", ["graph", "pynative"])
@pytest.mark.parametrize("net", sorted(_NETS))
def test_contention_slowdown(benchmark, busy, adaptation, net, mode, column):
    benchmark.group = "CONTENTION %s %s step next to one busy process" % (net, mode)
    _threads.set_adaptive(column == "adaptive")
    ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(0)
    net_cls, shape = _NETS[net]
    step, x, y = train_step(net_cls(), shape)
    assert np.isfinite(float(step(x, y).asnumpy()))

    def fn():
        return float(step(x, y).asnumpy())

    fn()
    quiet, loaded = [], []
    for _ in range(ROUNDS):
        quiet.append(_median_step(fn))
        with busy():
            loaded.append(_median_step(fn))
    ratios = [b / q for q, b in zip(quiet, loaded)]
    benchmark.extra_info.update({
        "threads": _threads.get_num_threads(), "adaptive": column == "adaptive",
        "quiet_ms": [round(q * 1e3, 3) for q in quiet],
        "busy_ms": [round(b * 1e3, 3) for b in loaded],
        "ratios": [round(r, 2) for r in ratios], "ratio_median": round(statistics.median(ratios), 2),
        "ratio_min": round(min(ratios), 2), "ratio_max": round(max(ratios), 2)})
    with busy():
        benchmark.pedantic(fn, rounds=MIN_STEPS * 2, iterations=1, warmup_rounds=1)
