"""Record MindSpore 2.10's argument-kind acceptance table (issue 16, kinds9): run from a scratch
dir, ``/work/shared/tools/ms-oracle /work/main/tests/goldens/arg_kinds/probe.py OUT.jsonl``, then
``python tests/ops/arg_kinds_cases.py OUT.jsonl tests/goldens/arg_kinds/ms_2_10.json``.

The rows (tests/ops/arg_kinds_cases.py): the hand-written calls of the functions, Tensor methods
and Primitives taking axes, shapes and other ints, with each such parameter and each tensor
argument replaced in turn; every unary and binary ops/mint function and Tensor method of the
dtype matrix (tests/goldens/dtype_matrix/ms_2_10.json) whose float32 row runs, with each tensor
argument replaced, the tensors by keyword, and each optional parameter passed with its default;
every Primitive class MindSpore builds without arguments and that runs on one or two float32
tensors, with each input replaced. A row's variants are recorded only when its base call runs.
One JSON line per row (key, spec, outcome) is appended to OUT.jsonl; a rerun resumes.
"""
import inspect
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "ops"))
import arg_kinds_cases as C  # noqa: E402

import mindspore as ms  # noqa: E402

ms.set_context(pynative_synchronize=True)

SKIP_PRIM_WORDS = ("Print", "Summary", "Send", "Receive", "All", "Reduce", "Broadcast", "Barrier",
                   "Hook", "Depend", "Assign", "Custom", "Dump", "Comm", "Scatter", "Gather",
                   "Update", "Apply", "Sparse", "Coo", "Csr", "Queue", "Stack", "Py", "Allto",
                   "Morph", "Tensor")


def params_of(f, face):
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return []
    out = []
    for i, p in enumerate(sig.parameters.values()):
        if face == "tensor" and i == 0:
            continue
        if p.kind in (p.VAR_POSITIONAL, p.VAR_KEYWORD):
            continue
        if p.default is p.empty:
            out.append((p.name, "req", None))
        else:
            out.append((p.name, "opt", C.encodable(p.default)))
    return out


def function_plan():
    gold = json.load(open(os.path.join(HERE, "..", "dtype_matrix", "ms_2_10.json")))
    rows = []
    for key, out in sorted(gold.items()):
        face, name, case = key.split(":")
        if case not in ("float32", "float32,float32") or "error" in out:
            continue
        n = 1 if case == "float32" else 2
        f = getattr(ms.Tensor if face == "tensor" else ms.ops if face == "ops" else ms.mint, name)
        rows += C.function_rows(face, name, n, params_of(f, face))
    return rows


def prim_candidates():
    from mindspore.ops.primitive import Primitive
    out = []
    for name in sorted(dir(ms.ops)):
        cls = getattr(ms.ops, name)
        if not (inspect.isclass(cls) and issubclass(cls, Primitive)) or name.startswith("_"):
            continue
        if not any(w in name for w in SKIP_PRIM_WORDS):
            out.append(name)
    return out


def prim_arity(name):
    """How many float32 tensors the Primitive ``name`` built without arguments runs on (1 or
    2), or None."""
    try:
        getattr(ms.ops, name)()
    except Exception:  # noqa: BLE001 -- needs constructor arguments: not probed
        return None
    for n in (1, 2):
        if "error" not in C.outcome(ms, C.prim_rows(name, n)[0][1]):
            return n
    return None


def prim_plan(fh, done, started):
    """The rows of the Primitives found to run: each try is recorded (a crash too, as None)."""
    rows = []
    for name in prim_candidates():
        key = "plan:" + name
        if key in done:
            n = done[key]
        elif key == started:
            n = None
        else:
            fh.write(json.dumps({"start": key}) + "\n")
            fh.flush()
            n = prim_arity(name)
        if key not in done:
            fh.write(json.dumps({"plan": key, "n": n}) + "\n")
            fh.flush()
        if n:
            rows += C.prim_rows(name, n)
    return rows


def _rows(fh, done, started):
    yield from C.hand_rows() + function_plan()
    yield from prim_plan(fh, done, started)


def main():
    out = sys.argv[1]
    done, started = {}, None
    if os.path.exists(out):
        for line in open(out):
            rec = json.loads(line)
            if "start" in rec:
                started = rec["start"]
            elif "plan" in rec:
                done[rec["plan"]] = rec["n"]
            else:
                done[rec["key"]] = rec["out"]
    with open(out, "a") as fh:
        bases = {}
        for key, spec in _rows(fh, done, started):
            stem = key.rsplit(":", 1)[0]
            if key in done:
                if key.endswith(":base"):
                    bases[stem] = done[key]
                continue
            if not key.endswith(":base") and "error" in bases.get(stem, {}):
                continue  # the base call fails: its variants say nothing
            if key == started:
                fh.write(json.dumps({"key": key, "spec": spec, "out": {"error": "CRASH"}}) + "\n")
                fh.flush()
                continue
            fh.write(json.dumps({"start": key}) + "\n")
            fh.flush()
            res = C.outcome(ms, spec)
            if key.endswith(":base"):
                bases[stem] = res
            fh.write(json.dumps({"key": key, "spec": spec, "out": res}) + "\n")
            fh.flush()


if __name__ == "__main__":
    main()
