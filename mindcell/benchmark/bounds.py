"""What each workload must at least cost on this machine, and the summary table of a run.

The bound of a workload is the larger of its FLOPs at this machine's GEMM rate and its bytes at
this machine's memory bandwidth (``../shared/BENCHMARKS.md``'s definition), both measured here
by :func:`machine_peaks` at the benchmark's thread count. :func:`summary_markdown` turns a
pytest-benchmark JSON run into the table of ``docs/performance.md``: one row per workload, one
column per framework and mode, and the ratios the targets are stated in."""
import os
import re
import threading
import time

import numpy as np


def _mlp_flops(batch):
    """Forward, weight gradients and the input gradients of the 2nd and 3rd Dense layers of the
    784-512-512-10 MLP (the first layer's input gradient is not needed)."""
    forward = 784 * 512 + 512 * 512 + 512 * 10
    return 2 * batch * (2 * forward + 512 * 512 + 512 * 10)


# workload id -> (FLOPs, bytes). The FLOP counts of W5, W6 and W9 are BENCHMARKS.md's; W2 reads
# and writes 1e6 float32; W7 reads x and dy and writes y and dx, (4096, 1024) float32 each.
WORK = {
    "W2": (0, 2 * 4 * 10 ** 6),
    "W3": (_mlp_flops(64), 0),
    "W4": (_mlp_flops(1024), 0),
    "W5": (72.2e6, 0),
    "W6": (5.25e9, 0),
    "W7ln": (0, 4 * 4 * 4096 * 1024),
    "W7rms": (0, 4 * 4 * 4096 * 1024),
    "W9": (106.5e9, 0),
}

PEERS = ("torch", "torch_compile", "jax")
COLUMNS = ("torch", "torch_compile", "jax", "pynative", "graph")
_HEADINGS = {"torch": "torch eager", "torch_compile": "torch.compile", "jax": "JAX jit",
             "pynative": "mindcell PYNATIVE", "graph": "mindcell GRAPH"}


def _best_seconds(fn, repeats):
    best = float("inf")
    for _ in range(repeats + 1):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def _parallel_copy(dst, src, threads):
    """Copy ``src`` into ``dst`` in ``threads`` contiguous slices at once (numpy releases the
    GIL for the copy)."""
    edges = np.linspace(0, src.size, threads + 1).astype(int)
    workers = [threading.Thread(target=np.copyto, args=(dst[a:b], src[a:b]))
               for a, b in zip(edges[:-1], edges[1:])]
    for w in workers:
        w.start()
    for w in workers:
        w.join()


def machine_peaks(size=2048, copy_mb=256, repeats=3):
    """(GEMM FLOP/s, bandwidth bytes/s) of this machine at the benchmark's thread count
    (``OMP_NUM_THREADS``): the best of ``repeats`` float32 ``size``-cubed products through numpy's
    BLAS, and the best copy of ``copy_mb`` MB between two arrays split over the threads,
    counting the bytes read and written."""
    a = np.ones((size, size), np.float32)
    flops = 2 * size ** 3 / _best_seconds(lambda: a @ a, repeats)
    src = np.ones(copy_mb * 2 ** 20 // 4, np.float32)
    dst = np.zeros_like(src)
    threads = int(os.environ.get("OMP_NUM_THREADS", "2"))
    seconds = _best_seconds(lambda: _parallel_copy(dst, src, threads), repeats)
    return flops, 2 * src.nbytes / seconds


def bound_seconds(workload, peaks):
    flops, nbytes = WORK[workload]
    return max(flops / peaks[0], nbytes / peaks[1])


def workload_of(group):
    """The workload id of a benchmark group: ``"W7 LayerNorm ..."`` -> ``"W7ln"``."""
    m = re.match(r"(W\d+|M\d+|LSTM|CONTENTION)\b", group)
    if not m:
        return None
    wid = m.group(1)
    if wid == "W7":
        return "W7ln" if "LayerNorm" in group else "W7rms"
    return wid


def column_of(name):
    """The framework/mode column of a benchmark name (``test_w2_torch_compile`` ->
    ``"torch_compile"``), or None."""
    for column in ("torch_compile", "torch", "jax", "pynative", "graph", "numpy"):
        if re.search(r"(^|[_\[-])%s($|[_\]-])" % column, name, re.I):
            return column
    return None


def _medians(data):
    from mindcell.benchmark.__main__ import _median
    rows = {}
    for b in data["benchmarks"]:
        wid, col = workload_of(b["group"] or ""), column_of(b["name"])
        if wid and col:
            rows.setdefault(wid, {})[col] = _median(b)
    return rows


def summary_markdown(data, peaks=None):
    """The markdown table of a run: medians per column, the bound (when ``peaks`` is given),
    GRAPH / best peer, GRAPH / bound and PYNATIVE / torch eager."""
    from mindcell.benchmark.__main__ import format_time
    head = [_HEADINGS[c] for c in COLUMNS] + ["bound", "GRAPH / best peer", "GRAPH / bound",
                                              "PYNATIVE / torch eager"]
    lines = ["| id | " + " | ".join(head) + " |", "|---" * (len(head) + 1) + "|"]
    order = ["W1", "W2", "W3", "W4", "W5", "W6", "W7ln", "W7rms", "W8", "W9", "LSTM"]
    rows = _medians(data)
    for wid in [w for w in order if w in rows]:
        cells = rows[wid]
        values = [format_time(cells[c]) if c in cells else "—" for c in COLUMNS]
        bound = bound_seconds(wid, peaks) if peaks and wid in WORK else None
        peers = [cells[c] for c in PEERS if c in cells]
        graph, pynative = cells.get("graph"), cells.get("pynative")
        values.append(format_time(bound) if bound else "—")
        values.append("%.2f" % (graph / min(peers)) if graph and peers else "—")
        values.append("%.2f" % (graph / bound) if graph and bound else "—")
        values.append("%.2f" % (pynative / cells["torch"]) if pynative and "torch" in cells
                      else "—")
        lines.append("| %s | %s |" % (wid, " | ".join(values)))
    return "\n".join(lines)
