"""What a profile becomes on disk and on screen: a Chrome trace (the trace event format that
Perfetto and chrome://tracing open), an op statistics CSV in MindSpore's layout, and a
summary table of the slowest ops."""
import csv
import json
import os
import socket
import time

__all__ = ["write_profile", "op_table", "format_table", "read_trace"]

OUTPUT_DIR = "ASCEND_PROFILER_OUTPUT"  # MindSpore's layout: scripts glob for it
TRACE_FILE = "trace_view.json"
STAT_FILE = "op_statistic.csv"
META_FILE = "profiler_metadata.json"


def default_worker_name():
    return "%s_%d" % (socket.gethostname(), os.getpid())


def trace_events(events, base_ns, base_us, pid):
    """The ``traceEvents`` list: process/thread names, then one complete ("X") event per
    call ("C" counter events for memory samples), times in microseconds since the epoch."""
    out = [{"name": "process_name", "ph": "M", "pid": pid, "tid": 0,
            "args": {"name": "mindcell CPU ops"}}]
    for tid in sorted({e.tid for e in events}):
        out.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": tid,
                    "args": {"name": "Thread %d" % tid}})
    for e in events:
        if e.cat == "memory":  # a counter track
            out.append({"name": e.name, "ph": "C", "cat": e.cat,
                        "ts": round(base_us + (e.start_ns - base_ns) / 1e3, 3), "pid": pid,
                        "tid": e.tid, "args": dict(e.args)})
            continue
        if e.cat == "mstx":
            args = dict(e.args)
        else:
            args = {"Input Dims": ";".join(",".join(map(str, s)) for s in e.shapes),
                    "Output Bytes": e.out_bytes,
                    "mode": "PYNATIVE" if e.cat == "eager" else "GRAPH"}
            args.update(e.args or {})
        out.append({"name": e.name, "ph": "X", "cat": e.cat,
                    "ts": round(base_us + (e.start_ns - base_ns) / 1e3, 3),
                    "dur": round(e.dur_ns / 1e3, 3), "pid": pid, "tid": e.tid, "args": args})
    return out


def op_table(events):
    """Per op name: calls, total/avg/max time (ns), output bytes; slowest (total) first.
    Whole-graph ``RunGraph`` events are left out: their instructions are counted."""
    rows = {}
    for e in events:
        if e.name == "RunGraph" or e.cat in ("mstx", "memory"):
            continue
        r = rows.setdefault(e.name, {"op": e.name, "calls": 0, "total_ns": 0, "max_ns": 0,
                                     "out_bytes": 0})
        r["calls"] += 1
        r["total_ns"] += e.dur_ns
        r["max_ns"] = max(r["max_ns"], e.dur_ns)
        r["out_bytes"] += e.out_bytes
    table = sorted(rows.values(), key=lambda r: (-r["total_ns"], r["op"]))
    total = sum(r["total_ns"] for r in table) or 1
    for r in table:
        r["avg_ns"] = r["total_ns"] / r["calls"]
        r["percent"] = 100.0 * r["total_ns"] / total
    return table


def format_table(table, top=20):
    """The slowest ``top`` ops as a text table."""
    head = "%-28s %7s %12s %11s %11s %7s %12s" % ("op", "calls", "total(ms)", "avg(us)",
                                                  "max(us)", "%", "out bytes")
    lines = [head, "-" * len(head)]
    for r in table[:top]:
        lines.append("%-28s %7d %12.3f %11.2f %11.2f %7.2f %12d" % (
            r["op"][:28], r["calls"], r["total_ns"] / 1e6, r["avg_ns"] / 1e3, r["max_ns"] / 1e3,
            r["percent"], r["out_bytes"]))
    if len(table) > top:
        lines.append("... %d more op types" % (len(table) - top))
    return "\n".join(lines)


def write_profile(dir_name, worker_name, events, clock, metadata, pretty=False):
    """Write one profile under ``dir_name/<worker>_<time>_ascend_ms/``; returns that folder."""
    base_ns, base_us = clock
    root = _new_folder(dir_name, worker_name or default_worker_name())
    out_dir = os.path.join(root, OUTPUT_DIR)
    os.makedirs(out_dir)
    trace = {"traceEvents": trace_events(events, base_ns, base_us, os.getpid()),
             "displayTimeUnit": "ms"}
    _atomic_write(os.path.join(out_dir, TRACE_FILE),
                  json.dumps(trace, indent=1 if pretty else None))
    with open(os.path.join(out_dir, STAT_FILE), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["OP Type", "Count", "Total Time(us)", "Avg Time(us)", "Max Time(us)",
                    "Ratio(%)", "Output Bytes"])
        for r in op_table(events):
            w.writerow([r["op"], r["calls"], "%.3f" % (r["total_ns"] / 1e3),
                        "%.3f" % (r["avg_ns"] / 1e3), "%.3f" % (r["max_ns"] / 1e3),
                        "%.3f" % r["percent"], r["out_bytes"]])
    if metadata:
        _atomic_write(os.path.join(root, META_FILE), json.dumps(metadata, indent=1))
    return root


def _new_folder(dir_name, worker):
    """A folder no earlier profile uses (two traces in one millisecond get ``_1``, ``_2``)."""
    os.makedirs(dir_name, exist_ok=True)
    stamp = time.strftime("%Y%m%d%H%M%S") + "%03d" % (time.time_ns() // 1000000 % 1000)
    for n in range(1000):
        root = os.path.join(dir_name, "%s_%s%s_ascend_ms" % (worker, stamp,
                                                             "_%d" % n if n else ""))
        try:
            os.mkdir(root)
            return root
        except FileExistsError:
            continue
    raise FileExistsError("Profiler: no free trace folder name under %s" % dir_name)


def read_trace(path):
    """The ``traceEvents`` of ``path`` (a trace file or a folder holding one)."""
    if os.path.isdir(path):
        found = [os.path.join(d, TRACE_FILE) for d, _, files in os.walk(path)
                 if TRACE_FILE in files]
        if not found:
            raise FileNotFoundError("no %s under %s" % (TRACE_FILE, path))
        path = sorted(found)[-1]
    with open(path) as f:
        return json.load(f)["traceEvents"]


def _atomic_write(path, text):
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, path)
