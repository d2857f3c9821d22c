"""Fixtures of the shipped workloads: 2 threads for everyone, fixed seeds, optional PyTorch
(eager and torch.compile) and JAX jit columns, and ``--workload ID`` (repeatable) selecting
workloads by id exactly (W1 is not W10 and not the W2 that shares its file).

Run: ``python -m mindcell.benchmark`` or ``python -m pytest --pyargs
mindcell.benchmark.workloads --benchmark-only`` (pytest-benchmark groups put the columns of
one workload side by side; ratios come from one run)."""
import os
import re

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "2")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

import mindcell as ms  # noqa: E402


def torch_or_none():
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(2)
    return torch


@pytest.fixture
def torch():
    t = torch_or_none()
    if t is None:
        pytest.skip("PyTorch is not installed: the PyTorch column is optional")
    return t


def jax_or_none():
    try:
        import jax
    except ImportError:
        return None
    return jax


@pytest.fixture
def jax():
    j = jax_or_none()
    if j is None:
        pytest.skip("JAX is not installed: the JAX jit column is optional")
    return j


@pytest.fixture(autouse=True)
def _modes():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture
def rng():
    return np.random.default_rng(0)


def pytest_configure(config):
    # The peers' compilers import modules that warn about their own deprecations; the test
    # suite's warnings-as-errors setting is for mindcell's code, not theirs.
    for module in ("torch", "jax"):
        config.addinivalue_line("filterwarnings", "ignore::DeprecationWarning:%s.*" % module)
        config.addinivalue_line("filterwarnings", "ignore::FutureWarning:%s.*" % module)
        config.addinivalue_line("filterwarnings", "ignore::UserWarning:%s.*" % module)


def pytest_addoption(parser):
    parser.addoption("--workload", action="append", default=[],
                     help="run only this workload id (W1 ... W9, M1, LSTM); repeatable")


def workload_id(item):
    """The workload id of a collected benchmark: from its name (test_w5_..., test_m1_...),
    from the batch parameter of the shared MLP step (64: W3, else W4), or its module's WORKLOAD."""
    name = getattr(item, "originalname", item.name)
    m = re.match(r"test_([wm]\d+)_", name)
    if m:
        return m.group(1).upper()
    params = getattr(getattr(item, "callspec", None), "params", {})
    if "batch" in params and name == "test_mlp_training_step":
        return "W3" if params["batch"] == 64 else "W4"
    return getattr(item.module, "WORKLOAD", name)


def pytest_collection_modifyitems(config, items):
    wanted = {w.upper() for w in config.getoption("--workload")}
    if not wanted:
        return
    keep = [it for it in items if workload_id(it) in wanted]
    config.hook.pytest_deselected(items=[it for it in items if it not in keep])
    items[:] = keep
