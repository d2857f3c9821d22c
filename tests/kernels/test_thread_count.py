"""One thread setting for every kernel and the BLAS: set_context(runtime_num_threads=N),
OMP_NUM_THREADS, default the cores this process may use; read back from OpenMP itself."""
import os
import subprocess
import sys

import numpy as np
import pytest

import mindcell as ms
from mindcell import _threads, ops
from mindcell._core import blas


@pytest.fixture
def restore_threads():
    yield
    ms.set_context(runtime_num_threads=0)


@pytest.fixture(autouse=True)
def configured_count():
    """These tests read the configured count back: the load's (tests/kernels/
    test_thread_adapt.py) is switched off meanwhile."""
    _threads.set_adaptive(False)
    yield
    _threads.set_adaptive(_threads._env_adaptive())


def _team_sizes():
    return {m.__name__: m.team_size() for m in _threads._kernel_modules()}


def test_every_kernel_module_is_enumerated():
    names = {m.__name__.rsplit(".", 1)[1] for m in _threads._kernel_modules()}
    csrc = os.path.join(os.path.dirname(__file__), "..", "..", "csrc")
    assert names == {f[:-4] for f in os.listdir(csrc) if f.endswith(".pyx")}


def test_default_is_the_usable_cores():
    assert ms.get_context("runtime_num_threads") == _threads.default_num_threads()
    assert set(_team_sizes().values()) == {_threads.default_num_threads()}


def test_one_thread_runs_every_kernel_and_the_blas_on_one_thread(restore_threads):
    ms.set_context(runtime_num_threads=1)
    assert ms.get_context("runtime_num_threads") == 1
    assert set(_team_sizes().values()) == {1}
    assert blas.get_num_threads() == 1
    ms.set_context(runtime_num_threads=0)  # 0: back to the default, as in MindSpore
    assert set(_team_sizes().values()) == {_threads.default_num_threads()}
    assert blas.get_num_threads() == _threads.default_num_threads()


def test_results_do_not_depend_on_the_thread_count(restore_threads):
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((256, 1024)).astype(np.float32))
    w = ms.Tensor(rng.standard_normal((1024, 64)).astype(np.float32))

    def run():
        y = ops.tanh(x) * 2.0 + ops.exp(-ops.abs(x))
        return [y.asnumpy(), ops.sum(y, 1).asnumpy(), ops.softmax(y, -1).asnumpy(),
                ops.matmul(y, w).asnumpy()]

    ms.set_context(runtime_num_threads=2)
    two = run()
    ms.set_context(runtime_num_threads=1)
    one = run()
    for a, b in zip(one, two):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)


def test_omp_num_threads_sets_the_default():
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, OMP_NUM_THREADS="1",
               PYTHONPATH=root + os.pathsep + os.environ.get("PYTHONPATH", ""))
    code = ("import mindcell as ms; from mindcell import _threads; "
            "print(ms.get_context('runtime_num_threads'), "
            "sorted({m.team_size() for m in _threads._kernel_modules()}))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.split(None, 1)
    assert out[0] == "1" and out[1].strip() == "[1]"


@pytest.mark.parametrize("value, error", [(-1, ValueError), (1.5, TypeError), ("2", TypeError)])
def test_bad_values_raise_and_change_nothing(value, error, restore_threads):
    before = ms.get_context("runtime_num_threads")
    with pytest.raises(error, match="runtime_num_threads"):
        ms.set_context(mode=ms.GRAPH_MODE, runtime_num_threads=value)
    assert ms.get_context("runtime_num_threads") == before
    assert ms.get_context("mode") == ms.PYNATIVE_MODE
