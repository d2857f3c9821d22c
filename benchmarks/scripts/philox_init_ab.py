"""Seeded initializer fills, before and after the compiled kernel (csrc/philox.pyx), interleaved
in one run: the numpy Philox path (tests/kernels/philox_reference.py, 76dcd1e until the
kernel), the kernel, and the generator before 76dcd1e (``np.random.default_rng(seed)``, not
MindSpore's values), for

- fills of 4M float32 values (normal, uniform, truncated normal), in this process;
- W8 (a fresh process builds the W3 MLP and finishes its first training step; import
  excluded; mindcell/benchmark/workloads/test_w8_m1.py), PYNATIVE and GRAPH, under both
  OpenBLAS settings: its own kernel choice (``OPENBLAS_CORETYPE``/``OPENBLAS_L2_SIZE`` unset)
  and ``OPENBLAS_CORETYPE=Haswell``.

Every variant runs in every round, in rotating order, so load on the machine falls on all of
them alike; medians over the rounds and their ratios are printed.

Run: ``python benchmarks/scripts/philox_init_ab.py [--rounds 7] [--w8-rounds 7]``.
"""
import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "kernels"))

import philox_reference  # noqa: E402

from mindcell.benchmark.workloads.test_w8_m1 import STARTUP  # noqa: E402
from mindcell.common import _ms_philox  # noqa: E402

N = 4 << 20
SEED = 0x5DEECE66D12345
VARIANTS = ("kernel", "numpy", "default_rng")

# What each W8 child runs after `import mindcell` (outside the timed span): nothing for the
# kernel; the numpy path in place of the kernel's functions; or the fills before 76dcd1e.
PRELUDES = {
    "kernel": "",
    "numpy": """
import sys
sys.path.insert(0, %r)
import philox_reference
from mindcell.common import _ms_philox
for _name in ("uniform", "normal", "truncated_normal"):
    setattr(_ms_philox, _name, getattr(philox_reference, _name))
""" % str(ROOT / "tests" / "kernels"),
    "default_rng": """
import numpy as np
from mindcell.common import initializer as _init
_init._random_uniform = lambda a, b, shape: np.random.default_rng(_init._fill_seed()).uniform(
    a, b, shape)
_init._random_normal = lambda mean, sigma, shape: np.random.default_rng(
    _init._fill_seed()).normal(mean, sigma, shape)
""",
}
SETTINGS = {"OpenBLAS's own kernels": {}, "OPENBLAS_CORETYPE=Haswell": {
    "OPENBLAS_CORETYPE": "Haswell"}}


def _fills(variant):
    if variant == "default_rng":
        rng = lambda: np.random.default_rng(SEED)  # noqa: E731
        return {"normal": lambda: rng().normal(0.0, 1.0, N).astype(np.float32),
                "uniform": lambda: rng().uniform(-1.0, 1.0, N).astype(np.float32),
                "truncated_normal": None}
    mod = _ms_philox if variant == "kernel" else philox_reference
    return {"normal": lambda: mod.normal(SEED, (N,), 0.0, 1.0),
            "uniform": lambda: mod.uniform(SEED, (N,), -1.0, 1.0),
            "truncated_normal": lambda: mod.truncated_normal(SEED, (N,), -2.0, 2.0, 0.0, 1.0)}


def bench_fills(rounds):
    fills = {v: _fills(v) for v in VARIANTS}
    times = {}
    for r in range(rounds):
        for i in range(len(VARIANTS)):
            variant = VARIANTS[(r + i) % len(VARIANTS)]
            for dist, fn in fills[variant].items():
                if fn is None:
                    continue
                t0, c0 = time.perf_counter(), time.process_time()
                fn()
                times.setdefault((dist, variant), []).append(time.perf_counter() - t0)
                times.setdefault((dist, variant, "cpu"), []).append(time.process_time() - c0)
    return {k: statistics.median(v) for k, v in times.items()}


def _w8_env(setting):
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONDONTWRITEBYTECODE", "OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE")}
    env.update(SETTINGS[setting])
    env.update(OMP_NUM_THREADS="2", OPENBLAS_NUM_THREADS="2", MKL_NUM_THREADS="2")
    return env


def _w8_once(variant, mode, setting):
    code = STARTUP.format(mode=mode).replace(
        "t1 = time.perf_counter()", PRELUDES[variant] + "\nt1 = time.perf_counter()", 1)
    out = subprocess.run([sys.executable, "-c", code], env=_w8_env(setting), check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[1])


def bench_w8(rounds):
    cases = [(v, m, s) for s in SETTINGS for m in ("PYNATIVE_MODE", "GRAPH_MODE")
             for v in VARIANTS]
    for case in cases:  # byte-code caches written, not counted
        _w8_once(*case)
    times = {}
    for r in range(rounds):
        for i in range(len(cases)):
            case = cases[(r + i) % len(cases)]
            times.setdefault(case, []).append(_w8_once(*case))
    return {k: statistics.median(v) for k, v in times.items()}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds of the 4M fills")
    parser.add_argument("--w8-rounds", type=int, default=7, help="rounds of W8 (0: skip)")
    args = parser.parse_args()
    print("load average before: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))
    fills = bench_fills(args.rounds)
    print("\n4M float32 values, median of %d (s): wall / CPU of all threads; ratios kernel / "
          "other" % args.rounds)
    for dist in ("normal", "uniform", "truncated_normal"):
        k, n = fills[(dist, "kernel")], fills[(dist, "numpy")]
        kc, nc = fills[(dist, "kernel", "cpu")], fills[(dist, "numpy", "cpu")]
        line = "%-17s kernel %.4f / %.4f  numpy %.4f / %.4f (%.3fx)" % (dist, k, kc, n, nc, k / n)
        if (dist, "default_rng") in fills:
            d, dc = fills[(dist, "default_rng")], fills[(dist, "default_rng", "cpu")]
            line += "  default_rng %.4f / %.4f (%.3fx)" % (d, dc, k / d)
        print(line)
    if args.w8_rounds:
        w8 = bench_w8(args.w8_rounds)
        print("\nW8 first step (import excluded), median of %d (ms); ratios kernel / other"
              % args.w8_rounds)
        for setting in SETTINGS:
            for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
                k, n, d = (w8[(v, mode, setting)] for v in VARIANTS)
                print("%-26s %-13s kernel %.1f  numpy %.1f (%.3fx)  default_rng %.1f (%.3fx)"
                      % (setting, mode, 1e3 * k, 1e3 * n, k / n, 1e3 * d, k / d))
    print("load average after: %s" % " ".join(open("/proc/loadavg").read().split()[:3]))


if __name__ == "__main__":
    main()
