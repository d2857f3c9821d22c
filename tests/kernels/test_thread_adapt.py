"""The BLAS's thread count follows the machine's load (csrc/_threads.h, mindcell/_threads.py):
fewer threads while other processes keep the cores busy, the configured count when they are
free, with hysteresis; the OpenMP loops of every kernel module keep the configured count
unless they are told to follow too; a deterministic context and MINDCELL_ADAPTIVE_THREADS=0
keep the configured count. Load samples are fed by hand here (the machine's real load is
switched off), so nothing depends on timing."""
import os
import subprocess
import sys
import time

import numpy as np
import pytest

import mindcell as ms
from mindcell import _threads, nn, ops
from mindcell._core import blas

MS = 1000000  # ns


@pytest.fixture
def fed():
    """Two configured threads on two cores, adaptive, samples fed by hand; restored after."""
    before = ms.get_context("runtime_num_threads")
    ms.set_context(runtime_num_threads=2)
    _threads.set_adaptive(True)
    _threads._set_load_source(sampling=False, cores=2)
    owner = _threads._owner()
    yield owner
    _threads._set_loops_follow(False)
    _threads._set_load_source(sampling=True, cores=None)
    _threads.set_adaptive(_threads._env_adaptive())
    ms.set_context(runtime_num_threads=before)


def _feed(owner, others, start_ms, count, step_ms=2):
    """`count` samples of `others` every `step_ms` from `start_ms`; the counts of now."""
    return [owner._thread_feed(others, (start_ms + i * step_ms) * MS) for i in range(count)]


def _team_sizes():
    return {m.team_size() for m in _threads._kernel_modules()}


def _blas_threads_now():
    """OpenBLAS's count after one product (the wrappers set it as a product starts)."""
    a = ms.Tensor(np.ones((64, 64), np.float32))
    ops.matmul(a, a).asnumpy()
    return blas.get_num_threads()


def test_quiet_machine_keeps_the_configured_count(fed):
    assert _feed(fed, 0.0, 1, 50) == [2] * 50
    assert _team_sizes() == {2}
    assert _blas_threads_now() == 2


def test_one_busy_process_drops_to_one_thread_and_quiet_brings_two_back(fed):
    _feed(fed, 0.0, 1, 10)
    busy = _feed(fed, 1.0, 21, 20)
    assert busy[-1] == 1 and busy[0] == 2  # smoothed: not on the first sample ...
    assert busy.index(1) <= 10             # ... but within ~20 ms of samples
    assert _blas_threads_now() == 1
    assert _team_sizes() == {2}            # the OpenMP loops keep the configured count
    quiet = _feed(fed, 0.0, 61, 40)
    assert quiet[0] == 1 and quiet[-1] == 2
    assert _blas_threads_now() == 2
    assert _threads.state()["changes"] >= 2


def test_loops_follow_the_load_when_told(fed):
    _threads._set_loops_follow(True)
    _feed(fed, 1.0, 1, 20)
    assert _team_sizes() == {1} and _blas_threads_now() == 1
    _feed(fed, 0.0, 100, 40)
    assert _team_sizes() == {2}
    _threads._set_loops_follow(False)
    _feed(fed, 1.0, 200, 20)
    assert _team_sizes() == {2} and _blas_threads_now() == 1


def test_a_long_gap_takes_the_new_sample_as_it_is(fed):
    _feed(fed, 0.0, 1, 5)
    assert fed._thread_feed(1.0, 1000 * MS) == 1   # 1 s after the last sample
    assert fed._thread_feed(0.0, 2000 * MS) == 2


@pytest.mark.parametrize("level", [0.3, 0.4])
def test_between_the_margins_the_count_holds(fed, level):
    """Hysteresis: a load between the margins (0.25 .. 0.5 other tasks on 2 cores) keeps
    whatever count is in use, from either side."""
    assert _feed(fed, level, 1, 30)[-1] == 2
    _feed(fed, 2.0, 100, 30)
    assert _feed(fed, level, 200, 50)[-1] == 1


def test_two_busy_processes_on_four_cores_leave_two_threads(fed):
    ms.set_context(runtime_num_threads=4)
    _threads._set_load_source(sampling=False, cores=4)
    assert _feed(fed, 2.0, 1, 30)[-1] == 2
    assert _feed(fed, 3.0, 100, 30)[-1] == 1
    assert _feed(fed, 0.0, 200, 60)[-1] == 4


def test_more_threads_than_cores_stay_when_quiet(fed):
    """A count above the cores is the user's choice: kept while the machine is quiet."""
    ms.set_context(runtime_num_threads=3)
    assert _feed(fed, 0.0, 1, 20)[-1] == 3
    assert _feed(fed, 1.0, 100, 30)[-1] == 2


def test_the_blas_gets_the_count_of_now(fed):
    rng = np.random.default_rng(0)
    a = ms.Tensor(rng.standard_normal((96, 300)).astype(np.float32))
    b = ms.Tensor(rng.standard_normal((300, 200)).astype(np.float32))
    ops.matmul(a, b).asnumpy()
    assert blas.get_num_threads() == 2
    _feed(fed, 1.0, 1, 20)
    adapted = ops.matmul(a, b).asnumpy()
    assert blas.get_num_threads() == 1
    _threads.set_adaptive(False)  # the configured count again, for the BLAS too
    ops.matmul(a, b).asnumpy()
    assert blas.get_num_threads() == 2
    assert _team_sizes() == {2}
    ms.set_context(runtime_num_threads=1)
    np.testing.assert_array_equal(adapted, ops.matmul(a, b).asnumpy())


def test_graph_mode_products_get_the_count_of_now(fed):
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.Dense(96, 80)
        x = ms.Tensor(np.ones((64, 96), np.float32))
        net(x).asnumpy()
        assert blas.get_num_threads() == 2
        _feed(fed, 1.0, 1, 20)
        net(x).asnumpy()
        assert blas.get_num_threads() == 1
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_not_adaptive_ignores_the_load(fed):
    _threads._set_loops_follow(True)
    _threads.set_adaptive(False)
    _feed(fed, 5.0, 1, 20)
    assert _team_sizes() == {2} and _blas_threads_now() == 2
    assert not _threads.is_adaptive()


def test_deterministic_context_keeps_the_configured_count(fed):
    _threads._set_loops_follow(True)
    ms.set_context(deterministic="ON")
    try:
        assert not _threads.is_adaptive()
        _feed(fed, 5.0, 1, 20)
        assert _team_sizes() == {2} and _blas_threads_now() == 2
    finally:
        ms.set_context(deterministic="OFF")
    assert _threads.is_adaptive()


def test_live_load_is_sampled():
    """With the machine's load read (the default), running kernels takes load samples (where
    there is no /proc/loadavg, adaptation switches itself off)."""
    before = ms.get_context("runtime_num_threads")
    ms.set_context(runtime_num_threads=2)
    _threads.set_adaptive(True)
    try:
        x = ms.Tensor(np.ones((512, 512), np.float32))
        start = _threads.state()["samples"]
        for _ in range(5):
            ops.exp(x).asnumpy()
            ops.matmul(x, x).asnumpy()
            time.sleep(0.005)
        state = _threads.state()
        if os.path.exists("/proc/loadavg"):
            assert state["samples"] > start and state["adaptive"]
            assert 1 <= state["now"] <= 2
        else:
            assert not state["adaptive"] and state["now"] == 2
    finally:
        _threads.set_adaptive(_threads._env_adaptive())
        ms.set_context(runtime_num_threads=before)


def test_environment_switches_adaptation_off():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    code = "from mindcell import _threads; print(_threads.is_adaptive())"
    out = {}
    for adaptive, policy in (("0", "PASSIVE"), ("1", "PASSIVE"), ("1", "ACTIVE")):
        env = dict(os.environ, MINDCELL_ADAPTIVE_THREADS=adaptive, OMP_WAIT_POLICY=policy,
                   PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
        out[adaptive, policy] = subprocess.run(
            [sys.executable, "-c", code], env=env, capture_output=True, text=True,
            check=True).stdout.split()[-1]
    # spinning OpenMP workers (ACTIVE) would count as load: no adaptation then
    assert out == {("0", "PASSIVE"): "False", ("1", "PASSIVE"): "True",
                   ("1", "ACTIVE"): "False"}
