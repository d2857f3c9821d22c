"""Benchmark fixtures: those of the shipped workloads (mindcell/benchmark/workloads/conftest.py:
2 threads for everyone, fixed seeds, the optional PyTorch column, ``--workload ID``), so the
repository's suites and the shipped workloads run side by side in one table.

Run: ``python -m pytest benchmarks --benchmark-only``."""
from mindcell.benchmark.workloads.conftest import *  # noqa: F401,F403
from mindcell.benchmark.workloads.conftest import (pytest_addoption,  # noqa: F401
                                                   pytest_collection_modifyitems)
