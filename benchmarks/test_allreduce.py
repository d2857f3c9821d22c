"""All-reduce of a 64 MB float32 gradient through DistributedGradReducer vs raw mpi4py
Allreduce on the same buffers, 2 processes (target: within 1.2x). pytest-benchmark runs in one
process, so the measurement is a script launched with mpiexec; the ratio is reported in
extra_info (and docs/performance.md)."""
import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("mpi4py", reason="mpi4py is not installed: pip install 'mindcell[mpi]'")

SCRIPT = os.path.join(os.path.dirname(__file__), "scripts", "allreduce_bench.py")


def test_allreduce_64mb_reducer_vs_raw(benchmark):
    def run():
        out = subprocess.run([sys.executable, "-m", "mindcell.parallel.launcher", "-n", "2",
                              SCRIPT], capture_output=True, text=True, timeout=600, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    result = benchmark.pedantic(run, rounds=1, iterations=1)
    benchmark.extra_info.update(result)
    print("\nDistributedGradReducer / raw Allreduce: %.2fx (raw %.1f ms)"
          % (result["ratio"], 1e3 * result["raw_s"]))
