"""The parameter sweep of ``mindspore.ops``' public functions and the Tensor methods (issue 16,
build item 4): every parameter that has a default, called at one or two non-default values
(everything else at its default) on the function's standard sample inputs; what comes back
(dtype, shape, values) or the exception's class is recorded under ``<func>|<param>=<value>``
(``Tensor.<name>|...`` for a method), beside ``<func>|defaults`` (the call with every default, to
tell a parameter's difference from the base call's).

The functions, their MindSpore 2.10 signatures and their sample inputs are data
(``_sweep_specs.json``, written by ``../make_specs.py`` from mindcell's op tables), so MindSpore
and mindcell sweep identical keys. The candidate values are derived from each default by the
rules of ``candidates()``; a parameter without a rule is listed in ``_unswept.txt`` (written by
``../make_specs.py``) with the reason, never dropped silently."""
import ast
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tensor_methods", "cases"))
from _tm_table import ms, Tensor, emit, summary, _drain  # noqa: E402,F401

SPECS = os.path.join(HERE, "_sweep_specs.json")

AXIS_NAMES = ("axis", "dim", "axes", "dims", "start_dim", "end_dim", "dim1", "dim2", "axis1",
              "axis2", "batch_dims", "source", "destination")
KEEP_NAMES = ("keepdims", "keep_dims", "keepdim")
EPS_NAMES = ("eps", "epsilon")
# alternatives of str-valued parameters, by the parameter's name (from MindSpore's documents)
STR_ALTS = {
    "reduction": ["sum", "none", "mean"],
    "rounding_mode": ["floor", "trunc"],
    "approximate": ["tanh", "none"],
    "norm": ["ortho", "forward", "backward"],
    "side": ["right", "left"],
    "interpolation": ["lower", "nearest", "linear"],
    "pad_mode": ["same", "valid", "pad"],
    "padding": ["same", "valid"],
    # 'mode' names different choices per function: by its default
    "mode": {"constant": ["reflect", "replicate"], "nearest": ["bilinear", "area"],
             "iou": ["iof"], "reduced": ["complete", "r"], "bilinear": ["nearest", "bicubic"]},
    "padding_mode": ["border", "reflection"],
    "data_format": {"NCHW": ["NHWC"], "NCDHW": ["NDHWC"]},
    "compute_mode": ["use_mm_for_euclid_dist", "donot_use_mm_for_euclid_dist"],
    "p": {"fro": ["nuc"]},
    "indexing": ["ij", "xy"],
    "align": ["LEFT_LEFT", "RIGHT_RIGHT", "RIGHT_LEFT"],
    "method": ["bilinear", "nearest"],
    "order": ["C", "F"],
    "UPLO": ["U", "L"],
    "uplo": ["U", "L"],
}
# values of None-defaulted parameters, by the parameter's name
NONE_RULES = {
    "dtype": ["ms.float64", "ms.int32"],
    "rounding_mode": ["'floor'", "'trunc'"],
    "norm": ["'ortho'", "'forward'"],
    "min": ["-0.5"],
    "max": ["0.5"],
    "clip_value_min": ["-0.5"],
    "clip_value_max": ["0.5"],
    "initial": ["1.0"],
    "n": ["2"],
    "p": ["1"],
    "seed": ["1"],
    "scale_factor": ["2.0"],
    "align_corners": ["True"],
    "end": ["3"],
    "stride": ["1"],
    "size": ["4"],
    "eps": ["0.1"],
    "nan": ["0.5"],
    "posinf": ["10.0"],
    "neginf": ["-10.0"],
    "value": ["1.0"],
    "ord": ["1", "2"],
    "padding_idx": ["0"],
    "max_norm": ["1.0"],
    "m": ["2"],
    "recompute_scale_factor": ["True"],
    "device": ["'CPU'"],
    "ceil_mode": ["True"],
    "divisor_override": ["2"],
    # a Bool mask shaped like the first input (where= of the reductions)
    "where": ["MASK"],
}


def parse(sig):
    """[(name, default source, kind)] of a signature string; kind 'pos' / 'kw' / 'var'."""
    t = ast.parse("def f" + sig.split(" -> ")[0] + ": pass").body[0].args
    pos = t.posonlyargs + t.args
    out = []
    first_default = len(pos) - len(t.defaults)
    for i, a in enumerate(pos):
        d = t.defaults[i - first_default] if i >= first_default else None
        out.append((a.arg, None if d is None else ast.unparse(d), "pos"))
    if t.vararg:
        out.append((t.vararg.arg, None, "var"))
    for a, d in zip(t.kwonlyargs, t.kw_defaults):
        out.append((a.arg, None if d is None else ast.unparse(d), "kw"))
    if t.kwarg:
        out.append((t.kwarg.arg, None, "var"))
    return out


def candidates(name, default):
    """(sources of one or two non-default values, or None, why not) for a parameter."""
    try:
        d = ast.literal_eval(default)
    except ValueError:
        if name == "dtype" or default.startswith("mindspore."):
            return [v for v in ("ms.float64", "ms.int32", "ms.float32")
                    if v.split(".")[1] != default.split(".")[-1]][:2], None
        return None, "default %s is an expression" % default
    if isinstance(d, bool):
        return [repr(not d)], None
    if isinstance(d, int):
        if name in AXIS_NAMES:
            return [repr(v) for v in (0, -1, 1) if v != d][:2], None
        return [repr(d + 1), repr(0 if d not in (0, 1) else -1)], None
    if isinstance(d, float):
        if name in EPS_NAMES or d and abs(d) < 1e-3:
            return ["0.1"], None
        return [repr(v) for v in ((0.5, -1.0) if d == 0 else (d * 2, -d))], None
    if d is None:
        if name in AXIS_NAMES:
            return ["0", "1"], None
        if name in KEEP_NAMES:
            return ["True"], None
        if name in NONE_RULES:
            return NONE_RULES[name], None
        return None, "None default: no rule for this name"
    if isinstance(d, str):
        alts = STR_ALTS.get(name, ())
        if isinstance(alts, dict):
            alts = alts.get(d, ())
        if alts:
            return [repr(v) for v in alts if v != d][:2], None
        return None, "str default %r: alternatives not derived" % d
    if d == () and name in AXIS_NAMES:
        return ["0", "(0, 1)"], None
    return None, "%s default %s: no rule" % (type(d).__name__, default)


class _Mask:
    """The value "MASK": a Bool tensor shaped like the call's first input, made by call()."""


def value(source):
    """The Python value of a candidate's source text."""
    if source == "MASK":
        return _Mask
    if source.startswith("ms."):
        return getattr(ms, source[3:])
    return ast.literal_eval(source)


def array(spec, salt=0, dtype=np.float32):
    """A fixed numpy array for an input spec [kind, shape, (high, (dtype))] (no random numbers:
    the same values under any numpy); ``salt`` (the input's position) shifts the values, so that
    two inputs of one spec differ."""
    kind, shape = spec[0], tuple(spec[1])
    n = int(np.prod(shape)) if shape else 1
    i = np.arange(n, dtype=np.float64) + 7 * salt
    if kind == "f":
        # a quadratic phase: the matrices have full rank (a linear one gives rank 2)
        a = np.round(np.sin(i * i * 0.37 + i * 1.7 + 0.3) * 1.5, 4)
    elif kind == "pos":
        a = 0.5 + np.round((i * 0.37) % 1.5, 4)
    elif kind == "away":
        a = (0.3 + np.round((i * 0.41) % 1.7, 4)) * np.where(i % 3 == 1, -1.0, 1.0)
    elif kind == "prob":
        a = 0.1 + np.round((i * 0.29) % 0.8, 4)
    elif kind == "unit":
        a = np.round((i * 0.29) % 1.0, 4)
    elif kind == "distinct":
        a = ((i * 7) % n) / 3.0 + 0.1
    elif kind == "int":
        return ((np.arange(n) * 5 + 1 + salt) % spec[2]).reshape(shape).astype(
            spec[3] if len(spec) > 3 else np.int32)
    elif kind == "sign":  # +1 / -1 targets (margin and embedding losses)
        a = np.where(i % 2 == 1, -1.0, 1.0)  # both signs from two elements on
    elif kind == "bool":
        return ((np.arange(n) * 5 + 1 + salt) % 3 != 0).reshape(shape)
    else:
        raise ValueError(spec)
    return a.reshape(shape).astype(dtype)


def decode(v):
    """A keyword value of the specs file (tuples are stored as {"tuple": [...]})."""
    if isinstance(v, dict) and "tuple" in v:
        return tuple(decode(x) for x in v["tuple"])
    if isinstance(v, dict) and "dtype" in v:
        return getattr(ms, v["dtype"])
    if isinstance(v, list):
        return [decode(x) for x in v]
    return v


def load():
    with open(SPECS) as f:
        return json.load(f)


def call(fn, spec, extra):
    """A call of ``fn`` on fresh sample inputs (in-place ops must not see an earlier call's
    writes) with the spec's keywords and ``extra``."""
    def run():
        ts = [Tensor(array(s, j)) for j, s in enumerate(spec["inputs"])]
        if spec.get("pack"):  # the tensors are one tuple argument (cat, stack ...)
            ts = [tuple(ts)]
        # Python values first (shapes), or after the tensors ("post": a method's arguments)
        ts = [decode(a) for a in spec.get("args", ())] + ts + \
            [decode(a) for a in spec.get("post", ())]
        kw = {k: decode(v) for k, v in spec["kw"].items()}
        kw.update(extra)
        for k, v in kw.items():
            if v is _Mask:
                kw[k] = Tensor(array(["bool", spec["inputs"][0][1]], 5))
        if "init" in spec:  # a Primitive class: made with the init values, called on the rest
            return fn(*[decode(a) for a in spec["init"]], **kw)(*ts)
        return fn(*ts, **kw)
    return run


def swept(spec):
    """[(name, default source)] of the parameters of ``spec``'s function to sweep: those with a
    default that the sample call passes neither by keyword nor by position."""
    given = len(spec.get("args", ())) + (1 if spec.get("pack") else len(spec["inputs"])) + \
        len(spec.get("post", ()))
    if "init" in spec:  # a Primitive class's __init__: self, then the init values
        given = 1 + len(spec["init"])
    out = []
    for i, (name, default, kind) in enumerate(parse(spec["sig"])):
        if kind == "var" or default is None or name in spec["kw"]:
            continue
        if kind == "pos" and i < given:
            continue
        out.append((name, default))
    return out


# sections of the sweep beside "functions" (mindspore.ops) and "methods" (Tensor): the module
SECTIONS = {"mint": "mint", "mint_functional": "mint.nn.functional"}


def function(section, name):
    """The callable of ``name``: ``ops.<name>``, or for the section "methods" a call of the
    Tensor method on the first input; None when the target lacks it."""
    if section in ("functions", "primitives"):
        return getattr(ms.ops, name, None)
    if section in SECTIONS:
        module = ms
        for part in SECTIONS[section].split("."):
            module = getattr(module, part, None)
        return getattr(module, name, None)
    if not hasattr(Tensor, name):
        return None
    return lambda x, *rest, **kw: getattr(x, name)(*rest, **kw)


def sweep(first, last, section="functions"):
    """Record every function (or Tensor method: section "methods", keys "Tensor.<name>|...")
    whose name starts with a letter in [first, last]."""
    data = load()
    prefix = {"methods": "Tensor.", "functions": "", "primitives": ""}.get(section)
    if prefix is None:
        prefix = SECTIONS[section] + "."
    for name in sorted(data[section]):
        if not first <= name[0].lower() <= last:
            continue
        spec = data[section][name]
        fn = function(section, name)
        key = prefix + name
        if fn is None:
            emit("%s|defaults" % key, {"error": "missing"})
            continue
        rand = bool(spec.get("random"))
        record("%s|defaults" % key, call(fn, spec, {}), rand)
        for pname, default in swept(spec):
            vals, _ = candidates(pname, default)
            for src in vals or ():
                record("%s|%s=%s" % (key, pname, src), call(fn, spec, {pname: value(src)}), rand)


def record(key, fn, random=False):
    """Emit what ``fn()`` gives (dtype and shape only if ``random``), or the exception's class;
    a failing call is retried after draining MindSpore's deferred kernel errors (_tm_table's
    record)."""
    for _ in range(3):
        try:
            out = summary(fn())
            if random:
                out = _strip(out)
            break
        except Exception as e:  # noqa: BLE001 - the exception's class is recorded
            out = {"error": type(e).__name__}
            _drain()
    emit(key, out)


def _strip(s):
    if isinstance(s, list):
        return [_strip(x) for x in s]
    if isinstance(s, dict) and "value" in s and "dtype" in s:
        return {"dtype": s["dtype"], "shape": s["shape"]}
    return s
