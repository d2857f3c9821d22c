"""The inputs and the recorded form of the dtype-acceptance matrix (issue 16, dtypes8).

Shared by the probe that recorded MindSpore 2.10's table (tests/goldens/dtype_matrix/probe.py, run
under the oracle) and by tests/ops/test_dtype_matrix.py, which replays every row under mindcell.
Every function here takes the framework module (``mindspore`` or ``mindcell``) as ``ms``, so both
sides build the same inputs and record outcomes the same way.

A row is keyed ``face:name:case``: ``face`` is ``ops``, ``mint`` or ``tensor`` (the Tensor method
of the ops function's name), ``case`` the input dtypes: ``int32`` (unary), ``int32,int32``
(binary), ``int32,py_int`` (a tensor and a Python scalar).
"""
import math

import numpy as np

DTYPES = ("bool", "int8", "uint8", "int16", "int32", "int64", "float16", "float32", "float64",
          "bfloat16")
PY_SCALARS = {"py_int": 2, "py_float": 1.5, "py_bool": True}
DTYPE_NAMES = ("Bool", "Int8", "UInt8", "Int16", "Int32", "Int64", "Float16", "Float32", "Float64",
               "BFloat16", "Complex64", "Complex128", "UInt16", "UInt32", "UInt64")
MIXED = (("int32", "float32"), ("int64", "float16"), ("bool", "int32"), ("float16", "float32"))

# the ops functions whose outputs are random: only their dtype and shape are recorded
RANDOM_WORDS = ("rand", "dropout", "multinomial", "bernoulli", "shuffle", "poisson", "uniform",
                "normal", "choice", "sample", "gamma", "laplace", "truncated", "gumbel", "rrelu")


def is_random(name):
    return any(w in name for w in RANDOM_WORDS) and name not in (
        "lgamma", "mvlgamma", "igamma", "igammac", "normalize", "batch_norm", "group_norm",
        "layer_norm", "instance_norm", "rms_norm", "l1_normalize")


def unary_cases():
    return list(DTYPES)


def binary_cases():
    cases = ["%s,%s" % (d, d) for d in DTYPES]
    cases += ["%s,%s" % (d, s) for s in PY_SCALARS for d in DTYPES]
    cases += ["%s,%s" % pair for pair in MIXED]
    return cases


def _values(dtype, second):
    if dtype == "bool":
        return [[True, True, False], [False, True, False]] if second else \
            [[True, False, True], [False, True, True]]
    if dtype == "uint8":
        return [[2, 3, 1], [1, 4, 2]] if second else [[3, 0, 2], [5, 1, 7]]
    if dtype.startswith("int"):
        if second:
            return [[2, 3, -1], [1, 4, 2]]
        return [[-128, 0, 2], [5, -1, 7]] if dtype == "int8" else [[-3, 0, 2], [5, -1, 7]]
    return [[0.5, 2.0, -1.0], [1.5, 4.0, 2.0]] if second else [[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]]


def make_tensor(ms, dtype, second=False):
    vals = _values(dtype, second)
    if dtype == "bfloat16":
        return ms.Tensor(np.array(vals, np.float32), ms.bfloat16)
    return ms.Tensor(np.array(vals, getattr(np, "bool_" if dtype == "bool" else dtype)))


def make_inputs(ms, case):
    parts = case.split(",")
    out = [make_tensor(ms, parts[0])]
    if len(parts) == 2:
        out.append(PY_SCALARS[parts[1]] if parts[1] in PY_SCALARS
                   else make_tensor(ms, parts[1], second=True))
    return out


def _plain(v):
    if isinstance(v, float):
        if math.isnan(v):
            return "nan"
        if math.isinf(v):
            return "inf" if v > 0 else "-inf"
    if isinstance(v, list):
        return [_plain(e) for e in v]
    return v


def describe(ms, result, values=True):
    """The recorded outcome of a call's result: a Tensor as {dtype, shape, values}; a tuple or
    list as a list of outcomes; a Python number or bool as {py, value}."""
    if isinstance(result, ms.Tensor):
        out = {"dtype": str(result.dtype), "shape": list(result.shape)}
        if values:
            t = result
            if str(t.dtype) == "BFloat16":
                t = t.astype(ms.float32)
            a = t.asnumpy()
            if a.size <= 64 and a.dtype.kind in "biuf":
                out["values"] = _plain(a.tolist())
        return out
    if str(result) in DTYPE_NAMES and not isinstance(result, (str, bool, int, float)):
        return {"py": "dtype", "value": str(result)}
    if isinstance(result, (tuple, list)) and len(result) <= 8:
        return {"seq": [describe(ms, r, values) for r in result]}
    if isinstance(result, (bool, int, float)):
        return {"py": type(result).__name__, "value": _plain(result) if values else None}
    if result is None:
        return {"py": "None"}
    return {"py": type(result).__name__}


def call(ms, face, name, case):
    """Run one row: the function of ``face`` named ``name`` on the inputs of ``case``."""
    args = make_inputs(ms, case)
    if face == "tensor":
        return getattr(args[0], name)(*args[1:])
    mod = ms.ops if face == "ops" else ms.mint
    return getattr(mod, name)(*args)


def outcome(ms, face, name, case):
    try:
        r = call(ms, face, name, case)
        return describe(ms, r, values=not is_random(name))
    except Exception as e:  # noqa: BLE001 -- the exception's type is the outcome recorded
        return {"error": type(e).__name__}


def write_golden(jsonl, out):
    """The golden file from the probe's output: one row per line, sorted; a random function's
    values dropped (only its dtype and shape are compared)."""
    import json
    rows = {}
    for line in open(jsonl):
        rec = json.loads(line)
        if "key" in rec:
            rows[rec["key"]] = _strip(rec["out"]) if is_random(rec["key"].split(":")[1]) \
                else rec["out"]
    with open(out, "w") as fh:
        fh.write("{\n")
        fh.write(",\n".join("%s: %s" % (json.dumps(k), json.dumps(rows[k])) for k in sorted(rows)))
        fh.write("\n}\n")


def _strip(out):
    if "seq" in out:
        return {"seq": [_strip(o) for o in out["seq"]]}
    return {k: v for k, v in out.items() if k not in ("values", "value")}


if __name__ == "__main__":  # python tests/ops/dtype_matrix_cases.py PROBE.jsonl GOLDEN.json
    import sys
    write_golden(sys.argv[1], sys.argv[2])
