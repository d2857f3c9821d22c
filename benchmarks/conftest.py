"""Benchmark fixtures: 2 threads for everyone, fixed seeds, optional PyTorch column.

Run: ``python -m pytest benchmarks --benchmark-only`` (pytest-benchmark groups put the
columns of one workload side by side; ratios come from one run)."""
import os

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


@pytest.fixture(autouse=True)
def _modes():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    ms.set_seed(0)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.fixture
def rng():
    return np.random.default_rng(0)
