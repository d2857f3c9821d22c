"""``python -m mindcell.benchmark [--json OUT] [--compare OLD.json] [--plot OUT.png]``

Runs ``pytest benchmarks --benchmark-only`` from the repository, then prints one table: the
median of every column of every workload and its ratio to the fastest column of the same
workload (all measured in this run). ``--compare`` adds the ratio to a saved run."""
import argparse
import json
import os
import subprocess
import sys
import tempfile


def _rows(data):
    groups = {}
    for b in data["benchmarks"]:
        groups.setdefault(b["group"] or b["name"], []).append((b["name"], b["stats"]["median"]))
    return groups


def _table(data, old=None):
    old_medians = {b["name"]: b["stats"]["median"] for b in old["benchmarks"]} if old else {}
    lines = ["%-48s %-44s %12s %8s%s" % ("workload", "column", "median", "ratio",
                                          "  vs saved" if old else "")]
    for group, items in _rows(data).items():
        best = min(m for _, m in items)
        for name, median in sorted(items, key=lambda t: t[1]):
            extra = ""
            if name in old_medians:
                extra = "  %.2fx" % (median / old_medians[name])
            lines.append("%-48s %-44s %10.3f ms %7.2fx%s" % (group[:48], name[:44], median * 1e3,
                                                             median / best, extra))
    return "\n".join(lines)


def _plot(data, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("matplotlib is not installed: no plot", file=sys.stderr)
        return
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


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--benchmarks", default="benchmarks", help="the benchmark folder")
    parser.add_argument("--json", help="save the run's JSON here")
    parser.add_argument("--compare", help="a saved JSON run to compare against")
    parser.add_argument("--plot", help="write a PNG of the ratios (needs matplotlib)")
    parser.add_argument("-k", default=None, help="pytest -k expression to select workloads")
    args = parser.parse_args(argv)
    if not os.path.isdir(args.benchmarks):
        parser.error("no benchmark folder %r (run from the repository root)" % args.benchmarks)
    out = args.json or os.path.join(tempfile.mkdtemp(), "bench.json")
    cmd = [sys.executable, "-m", "pytest", args.benchmarks, "--benchmark-only", "-q",
           "--benchmark-json=" + out]
    if args.k:
        cmd += ["-k", args.k]
    proc = subprocess.run(cmd)
    if proc.returncode not in (0,):
        return proc.returncode
    with open(out) as f:
        data = json.load(f)
    old = None
    if args.compare:
        with open(args.compare) as f:
            old = json.load(f)
    print(_table(data, old))
    if args.plot:
        _plot(data, args.plot)
    return 0


if __name__ == "__main__":
    sys.exit(main())
