"""``python -m mindcell.benchmark [-k ID ...] [--json OUT] [--compare OLD.json] [--plot OUT.png] [--markdown]``

Runs the workloads that ship in :mod:`mindcell.benchmark.workloads` (W1-W9, M1, LSTM,
CONTENTION) with pytest-benchmark, then prints one table: the median of every column of every
workload, in a unit that fits it, and its ratio to the fastest column of the same workload
(all measured in this run), and the CONTENTION slowdowns. ``-k W1`` runs workload W1 only
(ids are matched exactly, case-insensitively); ``--compare`` adds the ratio to a saved run;
``--plot`` draws the ratios (needs matplotlib); ``--markdown`` prints the summary table of
docs/performance.md with each workload's bound on this machine (:mod:`mindcell.benchmark.bounds`).
"""
import argparse
import importlib
import json
import os
import subprocess
import sys
import tempfile

_PACKAGE = "mindcell.benchmark.workloads"


# Workloads whose time is measured inside a child process and kept in extra_info (W8's
# start-up): pytest-benchmark's own timing of them is a placeholder.
_MEASURED_ELSEWHERE = ("first_step_seconds",)


def _median(bench):
    info = bench.get("extra_info", {})
    for key in _MEASURED_ELSEWHERE:
        if key in info:
            return info[key]
    return bench["stats"]["median"]


def _rows(data):
    groups = {}
    for b in data["benchmarks"]:
        groups.setdefault(b["group"] or b["name"], []).append((b["name"], _median(b)))
    return groups


def format_time(seconds):
    """``seconds`` in the unit that fits: ns, µs, ms or s, three decimals (``"41.500 ns"``)."""
    for scale, unit in ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs")):
        if abs(seconds) >= scale:
            return "%.3f %s" % (seconds / scale, unit)
    return "%.3f ns" % (seconds * 1e9)


def _table(data, old=None):
    old_medians = {b["name"]: _median(b) for b in old["benchmarks"]} if old else {}
    lines = ["%-48s %-44s %12s %8s%s" % ("workload", "column", "median", "ratio",
                                          "  vs saved" if old else "")]
    for group, items in _rows(data).items():
        best = min(m for _, m in items)
        for name, median in sorted(items, key=lambda t: t[1]):
            extra = ""
            if name in old_medians:
                extra = "  %.2fx" % (median / old_medians[name])
            lines.append("%-48s %-44s %12s %7.2fx%s" % (group[:48], name[:44],
                                                        format_time(median), median / best,
                                                        extra))
    return "\n".join(lines)


def _slowdowns(data):
    """The CONTENTION columns' slowdown ratios (busy / quiet step time, from extra_info)."""
    lines = []
    for b in data["benchmarks"]:
        info = b.get("extra_info", {})
        if "ratio_median" in info:
            lines.append("%-60s slowdown %5.2fx (rounds %s)" % (
                b["name"][:60], info["ratio_median"],
                " ".join("%.2f" % r for r in info.get("ratios", []))))
    return "\n".join(["%-60s %s" % ("next to one busy process", "busy / quiet")] + lines
                     ) if lines else ""


def _matplotlib():
    """pyplot with the Agg backend, or None when matplotlib is not installed."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    return plt


def _plot(plt, data, path):
    labels, ratios = [], []
    for group, items in _rows(data).items():
        best = min(m for _, m in items)
        for name, median in items:
            labels.append(name)
            ratios.append(median / best)
    fig, ax = plt.subplots(figsize=(8, 0.3 * len(labels) + 1))
    ax.barh(labels, ratios)
    ax.set_xlabel("time / fastest column of the workload")
    fig.tight_layout()
    fig.savefig(path)


def _workload_ids():
    from mindcell.benchmark.workloads import WORKLOADS
    return WORKLOADS


def main(argv=None):
    """Run the shipped workloads and print the table; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m mindcell.benchmark",
                                     description=__doc__.splitlines()[0].strip("`"))
    parser.add_argument("--json", help="save the run's JSON here")
    parser.add_argument("--compare", help="a saved JSON run to compare against")
    parser.add_argument("--plot", help="write a PNG of the ratios (needs matplotlib)")
    parser.add_argument("--markdown", action="store_true",
                        help="also print the summary table of docs/performance.md (one row per "
                        "workload, the bound from this machine's measured GEMM rate and "
                        "bandwidth, the target ratios)")
    parser.add_argument("-k", action="append", default=[], metavar="ID",
                        help="run only this workload (%s); repeatable"
                        % ", ".join(_workload_ids()))
    args = parser.parse_args(argv)
    known = {w.upper() for w in _workload_ids()}
    unknown = [w for w in args.k if w.upper() not in known]
    if unknown:
        parser.error("unknown workload %s; the workloads are %s"
                     % (", ".join(unknown), ", ".join(_workload_ids())))
    plt = None
    if args.plot:  # refuse before spending minutes on the run
        plt = _matplotlib()
        if plt is None:
            print("--plot needs matplotlib, which is not installed: pip install matplotlib",
                  file=sys.stderr)
            return 2
    try:
        import pytest_benchmark  # noqa: F401
    except ImportError:
        print("the benchmarks need pytest-benchmark: pip install pytest-benchmark",
              file=sys.stderr)
        return 2
    out = args.json or os.path.join(tempfile.mkdtemp(), "bench.json")
    # the folder, not --pyargs: pytest reads its conftest (the --workload option) only then
    folder = os.path.dirname(importlib.import_module(_PACKAGE).__file__)
    cmd = [sys.executable, "-m", "pytest", folder, "--benchmark-only", "-q",
           "-p", "no:cacheprovider", "--benchmark-json=" + out]
    for w in args.k:
        cmd += ["--workload", w]
    proc = subprocess.run(cmd, cwd=tempfile.gettempdir())
    if proc.returncode != 0:
        return proc.returncode
    with open(out) as f:
        data = json.load(f)
    old = None
    if args.compare:
        with open(args.compare) as f:
            old = json.load(f)
    print(_table(data, old))
    slowdowns = _slowdowns(data)
    if slowdowns:
        print(slowdowns)
    if plt is not None:
        _plot(plt, data, args.plot)
    if args.markdown:
        from mindcell.benchmark.bounds import machine_peaks, summary_markdown
        peaks = machine_peaks()
        print("\nmachine: GEMM %.0f GFLOP/s, bandwidth %.1f GB/s (float32, this run's threads)\n"
              % (peaks[0] / 1e9, peaks[1] / 1e9))
        print(summary_markdown(data, peaks))
    return 0


if __name__ == "__main__":
    sys.exit(main())
