"""Record MindSpore 2.10's dtype-acceptance matrix (issue 16, dtypes8): run from a scratch dir,
``/work/shared/tools/ms-oracle /work/main/tests/goldens/dtype_matrix/probe.py OUT.jsonl``.

Every public ``ops`` and ``mint`` function whose leading parameters are tensors (one required
tensor parameter: unary; two, the second an operand name: binary), and the Tensor method of an ops
function's name, is called on each case of tests/ops/dtype_matrix_cases.py. One JSON line per
row (``face:name:case`` -> outcome) is appended to OUT.jsonl; a rerun resumes where the last one
stopped, and a function that killed the process is recorded once as ``{"error": "CRASH"}``.
``--plan`` writes the list of functions probed and skipped (with why) instead.
"""
import inspect
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "ops"))
import dtype_matrix_cases as C  # noqa: E402

import mindspore as ms  # noqa: E402

ms.set_context(pynative_synchronize=True)

TENSOR_FIRST = {"input", "x", "input_x", "tensor", "a", "data", "matrix", "input_data", "logits",
                "x1", "input1", "self"}
OPERAND_SECOND = {"other", "y", "exponent", "x2", "mat2", "vec2", "input2", "input_y", "divisor",
                  "tensor", "b", "target", "vec"}
# names probing cannot call in isolation: communication (needs a cluster), printing/dumping
# to files or the screen, and the functions for the graph compiler's own use
DENY_WORDS = ("all_", "reduce_scatter", "broadcast", "barrier", "send", "recv", "isend", "irecv",
              "gather_into", "scatter_object", "batch_isend", "print", "dump", "summary",
              "depend", "side_effect", "hook", "assign", "custom", "comm")

DENY_PREFIXES = ("coo_", "csr_", "scalar_", "dense_to_sparse", "move_to", "sparse_")


def arity(f):
    try:
        sig = inspect.signature(f)
    except (TypeError, ValueError):
        return None, "no signature"
    ps = list(sig.parameters.values())
    req = [p.name for p in ps if p.default is p.empty
           and p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    if any(p.default is p.empty and p.kind == p.KEYWORD_ONLY for p in ps):
        return None, "keyword-only required argument"
    if not req:
        return None, "no required argument"
    if req[0] not in TENSOR_FIRST:
        return None, "first argument %r is not a tensor" % req[0]
    if len(req) == 1:
        return 1, ""
    if len(req) == 2 and req[1] in OPERAND_SECOND:
        return 2, ""
    return None, "needs other required arguments %s" % req[1:]


def plan():
    rows, skipped = [], []
    for face, mod in (("ops", ms.ops), ("mint", ms.mint)):
        for name in sorted(dir(mod)):
            if name.startswith("_"):
                continue
            f = getattr(mod, name)
            if inspect.isclass(f) or inspect.ismodule(f) or not callable(f):
                continue
            if any(w in name for w in DENY_WORDS) or "comm" in (getattr(f, "__module__", "") or ""):
                skipped.append((face, name, "not callable in isolation"))
                continue
            if name.startswith(DENY_PREFIXES):
                skipped.append((face, name, "takes a sparse tensor or Python scalars"))
                continue
            n, why = arity(f)
            if n is None:
                skipped.append((face, name, why))
                continue
            rows.append((face, name, n))
            if face == "ops" and hasattr(ms.Tensor, name):
                rows.append(("tensor", name, n))
    return rows, skipped


def main():
    rows, skipped = plan()
    if sys.argv[1] == "--plan":
        json.dump({"probed": rows, "skipped": skipped}, open(sys.argv[2], "w"), indent=0)
        return
    out = sys.argv[1]
    done, started = set(), None
    if os.path.exists(out):
        for line in open(out):
            rec = json.loads(line)
            if "start" in rec:
                started = rec["start"]
            else:
                done.add(rec["key"].rsplit(":", 1)[0])
    with open(out, "a") as fh:
        for face, name, n in rows:
            fn = "%s:%s" % (face, name)
            if fn in done:
                continue
            cases = C.unary_cases() if n == 1 else C.binary_cases()
            if fn == started:  # the last run died inside this function
                for case in cases:
                    fh.write(json.dumps({"key": "%s:%s" % (fn, case), "out": {"error": "CRASH"}})
                             + "\n")
                fh.flush()
                continue
            fh.write(json.dumps({"start": fn}) + "\n")
            fh.flush()
            for case in cases:
                fh.write(json.dumps({"key": "%s:%s" % (fn, case),
                                     "out": C.outcome(ms, face, name, case)}) + "\n")
            fh.flush()


if __name__ == "__main__":
    main()
