"""The dtype-acceptance matrix of every ops/mint function and Tensor method, against MindSpore 2.10
(issue 16, dtypes8).

tests/goldens/dtype_matrix/ms_2_10.json is MindSpore 2.10's outcome of every row (``face:name:case``,
see tests/ops/dtype_matrix_cases.py; recorded with tests/goldens/dtype_matrix/probe.py under the
oracle): the result's dtype, shape and values, or the exception's type. Each row is replayed under
mindcell and must give the same outcome: the same dtype, shape and values (1e-5; 1e-3 for Float16,
1e-2 for BFloat16 results), an exception where MindSpore raises one (of the same type where MindSpore
raises a TypeError or ValueError).

Rows MindSpore's own CPU kernels get wrong are in ``EXCLUDED`` with the reason. The rows mindcell
does not match yet are listed in tests/goldens/dtype_matrix/known_mismatches.txt (with how they
differ); every other row must match, so a change that breaks a matching row fails here. After a fix,
``python tests/ops/test_dtype_matrix.py --update-known`` rewrites the list (it only drops rows that
now match unless told ``--add``: a new mismatch is a failure to fix, not to list).
"""
import json
import math
import os
import warnings

import pytest

import mindcell as ms
import dtype_matrix_cases as C

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "goldens", "dtype_matrix")
with open(os.path.join(HERE, "ms_2_10.json")) as _fh:
    GOLDEN = json.load(_fh)


def _known():
    out = {}
    with open(os.path.join(HERE, "known_mismatches.txt")) as fh:
        lines = fh.read().splitlines()
    for line in lines:
        line = line.strip()
        if line and not line.startswith("#"):
            key, _, why = line.partition(" ")
            out[key] = why.strip()
    return out


KNOWN = _known()

# Rows where MindSpore 2.10's CPU kernel itself misbehaves: not a behaviour to copy.
def _no_cpu_kernel():
    """The functions MindSpore 2.10 has no CPU kernel for: their float32 row raises RuntimeError
    and no row returns (the oracle says "The kernel AcosExt unregistered" for mint.acos, and the
    same for mint.argmax/log2/exp2/clone/std, Tensor.unique, ops.tanh_/zero_/soft_margin_loss).
    mindcell computes them; their RuntimeError rows are not behaviour to copy. ops.matmul and
    Tensor.matmul are not among them: their RuntimeError is the (2, 3) @ (2, 3) shape error."""
    rows = {}
    for key, out in GOLDEN.items():
        fn, case = key.rsplit(":", 1)
        rows.setdefault(fn, {})[case] = out
    dead = set()
    for fn, cases in rows.items():
        f32 = cases.get("float32") or cases.get("float32,float32") or {}
        if (f32.get("error") == "RuntimeError" and all("error" in o for o in cases.values())
                and fn not in ("ops:matmul", "tensor:matmul")):
            dead.add(fn)
    return {"%s:%s" % (fn, c): "MindSpore 2.10 has no CPU kernel for %s" % fn
            for fn in dead for c, o in rows[fn].items() if o["error"] == "RuntimeError"}


def _rows(fns, cases):
    return {"%s:%s" % (fn, c) for fn in fns for c in cases}


EXCLUDED = {
    **_no_cpu_kernel(),
    # sinc of a Bool tensor: MindSpore 2.10 gives NaN for False (sinc(0) is 1, as its float
    # kernel says) and sinc(1) for True: garbage
    **dict.fromkeys(_rows(("ops:sinc", "tensor:sinc", "mint:sinc"), ("bool",)),
                    "MindSpore's Bool sinc kernel: NaN for False"),
    # any() of [[-1.5, 0, 0.5], [2, -0.25, 3]] in Float64 is False in MindSpore 2.10
    **dict.fromkeys(_rows(("ops:any", "tensor:any"), ("float64",)),
                    "MindSpore's Float64 any kernel: False for nonzero elements"),
    # bessel_y1(0) is -inf; MindSpore 2.10's Float16/Float32 kernels give NaN
    **dict.fromkeys(_rows(("ops:bessel_y1", "tensor:bessel_y1"), ("float16", "float32")),
                    "MindSpore's bessel_y1 kernel: NaN at 0"),
    # Int8 statistics accumulate in Int8 and overflow on -128: a negative variance, a NaN std,
    # a 2-norm of 8.9 for a tensor holding -128
    **dict.fromkeys(_rows(("ops:vector_norm", "tensor:var", "tensor:std"), ("int8",)),
                    "MindSpore's Int8 reduction overflows (-128 squared wraps to 0)"),
    # MindSpore 2.10's FMin CPU kernel fails at run time (RuntimeError) for every dtype its
    # type check lets through (FMax of the same rows runs): mindcell computes them as fmax
    **{k: "MindSpore's FMin kernel: RuntimeError for every accepted dtype" for k in GOLDEN
       if k.split(":")[1] == "fmin" and GOLDEN[k].get("error") == "RuntimeError"},
    # tanhshrink(5) = 5 - tanh(5) is 4.0000906; MindSpore 2.10 gives 3.99999 (its Float32 tanh
    # of 5 is 1.00001, above 1): the integer rows (computed in Float32) hold a 5
    **dict.fromkeys(_rows(("ops:tanhshrink",), ("int8", "int16", "int32", "int64", "uint8")),
                    "MindSpore's Float32 tanh(5) is 1.00001"),
    # xlogy(0, 0) is NaN in MindSpore 2.10's CPU kernel (xlogy(0, NaN) too, in every float
    # dtype), though its documentation says the result is 0 where x is 0: mindcell keeps 0
    **dict.fromkeys(_rows(("ops:xlogy", "tensor:xlogy"), ("bool,bool",)),
                    "MindSpore's xlogy kernel: NaN at x = 0, y = 0, against its own docs"),
    # the singular vectors' signs are not unique: both sides' factors are valid
    **dict.fromkeys(_rows(("ops:svd", "tensor:svd"), ("float32", "float64")),
                    "singular vectors are unique up to sign"),
}

_TOL = {"Float16": 1e-3, "BFloat16": 1e-2}


def _close(a, b, tol):
    if isinstance(a, list) or isinstance(b, list):
        return (isinstance(a, list) and isinstance(b, list) and len(a) == len(b)
                and all(_close(x, y, tol) for x, y in zip(a, b)))
    if isinstance(a, str) or isinstance(b, str):  # nan / inf / -inf
        return a == b
    if isinstance(a, bool) or isinstance(b, bool) or isinstance(a, int) and isinstance(b, int):
        return a == b
    return math.isclose(a, b, rel_tol=tol, abs_tol=tol)


def difference(want, got):
    """Why the outcome ``got`` (mindcell) differs from ``want`` (MindSpore), or None."""
    if "error" in want:
        if "error" not in got:
            return "MindSpore raises %s, mindcell returns %s" % (want["error"], _show(got))
        if want["error"] in ("TypeError", "ValueError") and got["error"] != want["error"]:
            return "MindSpore raises %s, mindcell %s" % (want["error"], got["error"])
        return None
    if "error" in got:
        return "MindSpore returns %s, mindcell raises %s" % (_show(want), got["error"])
    if "seq" in want:
        if "seq" not in got or len(got["seq"]) != len(want["seq"]):
            return "MindSpore returns %s, mindcell %s" % (_show(want), _show(got))
        for i, (w, g) in enumerate(zip(want["seq"], got["seq"])):
            d = difference(w, g)
            if d:
                return "output %d: %s" % (i, d)
        return None
    if "py" in want:
        if got.get("py") != want["py"] or not _close(want.get("value"), got.get("value"), 1e-5):
            return "MindSpore returns %s, mindcell %s" % (_show(want), _show(got))
        return None
    if got.get("dtype") != want["dtype"] or got.get("shape") != want["shape"]:
        return "MindSpore returns %s, mindcell %s" % (_show(want), _show(got))
    if "values" in want:
        if "values" not in got or not _close(want["values"], got["values"],
                                             _TOL.get(want["dtype"], 1e-5)):
            return "values: MindSpore %s, mindcell %s" % (want["values"], got.get("values"))
    return None


def _show(out):
    if "error" in out:
        return out["error"]
    if "seq" in out:
        return "(%s)" % ", ".join(_show(o) for o in out["seq"])
    if "py" in out:
        return "%s %r" % (out["py"], out.get("value"))
    return "%s%s" % (out["dtype"], tuple(out["shape"]))


def _functions():
    fns = {}
    for key in GOLDEN:
        face, name, case = key.split(":")
        fns.setdefault("%s:%s" % (face, name), []).append(case)
    return sorted(fns.items())


FUNCTIONS = _functions()


def replay(fn, cases, every=False):
    """(new mismatches, known rows that now match) of one function's rows; ``every``: all the
    mismatching rows, listed or not, instead of the new ones."""
    face, name = fn.split(":")
    bad, fixed = [], []
    for case in cases:
        key = "%s:%s" % (fn, case)
        if key in EXCLUDED:
            continue
        want = GOLDEN[key]
        if want.get("error") == "CRASH":
            continue
        if face != "tensor" and not hasattr(ms.ops if face == "ops" else ms.mint, name):
            got = {"error": "AttributeError"}
        else:
            with warnings.catch_warnings():  # numpy's invalid-value warnings are not outcomes
                warnings.simplefilter("ignore")
                got = C.outcome(ms, face, name, case)
        d = difference(want, got)
        if d and (every or key not in KNOWN):
            bad.append("%s %s" % (key, d))
        elif not d and key in KNOWN:
            fixed.append(key)
    return bad, fixed


@pytest.mark.parametrize("fn,cases", FUNCTIONS, ids=[f for f, _ in FUNCTIONS])
def test_dtype_matrix(fn, cases):
    bad, _ = replay(fn, cases)
    assert not bad, "rows differing from MindSpore 2.10:\n" + "\n".join(bad)


def test_known_mismatches_are_rows():
    assert set(KNOWN) <= set(GOLDEN), sorted(set(KNOWN) - set(GOLDEN))[:10]
    assert not set(KNOWN) & set(EXCLUDED)


def update_known(add=False):
    """Rewrite known_mismatches.txt from a replay of every row."""
    rows = []
    for fn, cases in FUNCTIONS:
        bad, _ = replay(fn, cases, every=True)
        rows += [b for b in bad if add or b.split(" ", 1)[0] in KNOWN]
    with open(os.path.join(HERE, "known_mismatches.txt"), "w") as fh:
        fh.write("# Rows of ms_2_10.json mindcell does not match yet (tests/ops/test_dtype_matrix.py):"
                 " the row,\n# then how it differs. Rewritten by `python tests/ops/"
                 "test_dtype_matrix.py --update-known`.\n")
        for row in sorted(rows):
            fh.write(row.replace("\n", " ")[:200] + "\n")
    print("%d rows mismatch" % len(rows))


if __name__ == "__main__":
    import sys
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    update_known(add="--add" in sys.argv)


# GRAPH_MODE: the dtype rules hold in a compiled function too. A sample: every row of the
# functions whose rules were fixed against this matrix, and of the float unary math family.
JIT_SAMPLE = ("ops:fmax", "tensor:fmax", "ops:bitwise_left_shift", "ops:bitwise_right_shift",
              "ops:mse_loss", "ops:l1_loss", "ops:huber_loss", "ops:smooth_l1_loss",
              "ops:binary_cross_entropy_with_logits", "ops:ldexp", "ops:tanhshrink", "ops:cov",
              "ops:cos", "ops:erf", "ops:sqrt", "ops:exp", "tensor:sin", "mint:isfinite",
              "ops:add", "ops:div", "ops:floor_divide", "ops:pow", "ops:float_power")


def _jit_outcome(face, name, case):
    args = C.make_inputs(ms, case)
    tensors = [a for a in args if isinstance(a, ms.Tensor)]
    scalars = [a for a in args if not isinstance(a, ms.Tensor)]

    def run(*ts):
        full = list(ts) + scalars
        if face == "tensor":
            return getattr(full[0], name)(*full[1:])
        return getattr(ms.ops if face == "ops" else ms.mint, name)(*full)

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return C.describe(ms, ms.jit(run)(*tensors), values=not C.is_random(name))
    except Exception as e:  # noqa: BLE001 -- the exception's type is the outcome compared
        return {"error": type(e).__name__}


@pytest.mark.parametrize("fn", JIT_SAMPLE)
def test_dtype_matrix_graph_mode(fn):
    rows = [k for k in GOLDEN if k.rsplit(":", 1)[0] == fn]
    assert rows, fn
    bad = []
    for key in rows:
        if key in EXCLUDED or key in KNOWN:
            continue
        face, name, case = key.split(":")
        d = difference(GOLDEN[key], _jit_outcome(face, name, case))
        if d:
            bad.append("%s %s" % (key, d))
    assert not bad, "rows differing from MindSpore 2.10 under ms.jit:\n" + "\n".join(bad)
