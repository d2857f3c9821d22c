"""The calls and the recorded form of the argument-kind acceptance table (issue 16, kinds9).

Shared by the probe that recorded MindSpore 2.10's table (tests/goldens/arg_kinds/probe.py, run
under the oracle) and by tests/ops/test_arg_kinds.py, which replays every row under mindcell.
Every function here takes the framework module (``mindspore`` or ``mindcell``) as ``ms``.

A row is one call, stored as data (``spec``) so both sides build the same arguments:
``{"face": "ops"|"mint"|"tensor"|"prim", "name": ..., "init": [...] (prim only), "args": [...],
"kwargs": {...}}``. An argument is encoded as a JSON value decoded by :func:`decode`:

- ``{"T": "X"}`` the sample tensor X (see ``SAMPLES``); ``{"P": "X"}`` it as a Parameter;
  ``{"N": "X"}`` it as a numpy array; ``{"L": "X"}`` / ``{"TU": "X"}`` it as a nested Python
  list / tuple;
- ``{"tuple": [...]}`` a tuple of decoded items (a JSON list is a Python list of decoded items);
- ``{"npi": 1}`` ``np.int64(1)``; ``{"npf": 2.0}`` ``np.float32(2.0)``; ``{"t0": 1}`` a 0-d
  Tensor of a Python number (Int64 for an int, Float32 for a float); ``{"t1": [2, 1]}`` a 1-d
  Int64 Tensor; ``{"nparr": [2, 1]}`` a numpy int64 array; ``{"dtype": "float32"}`` ms.float32;
- any other JSON value (number, bool, string, null) as is.

A row's key is ``face:name:variant``: ``base`` is the call with tensors and plain Python ints and
tuples, the other variants replace one argument by another kind (``a1=list``: positional argument
1 as a Python list; ``kw.axis=t0``: keyword ``axis`` as a 0-d Tensor; ``bykw``: the tensor
arguments passed by their MindSpore parameter names; ``kwdef.beta``: the optional ``beta`` passed
explicitly with its default value; ``init0=list``: the Primitive's first constructor argument,
``initaxis=...`` its keyword ``axis``).
"""
import math

import numpy as np

import dtype_matrix_cases as DM

SAMPLES = {
    "X": ("float32", [[-1.5, 0.0, 0.5], [2.0, -0.25, 3.0]]),
    "Y": ("float32", [[0.5, 2.0, -1.0], [1.5, 4.0, 2.0]]),
    "X3": ("float32", (np.arange(24, dtype=np.float32).reshape(2, 3, 4) / 8 - 1.25).tolist()),
    "U": ("float32", [[[0.25, -1.0, 2.0], [1.5, 0.5, -0.75]]]),
    "V": ("float32", [1.0, -2.0, 0.5]),
    "I": ("int32", [[0, 2, 1], [1, 0, 2]]),
    "IDX": ("int32", [2, 0]),
    "B": ("bool", [[True, False, True], [False, True, False]]),
}

# the replacement scalars of a tensor argument (a float sample becomes 2.0, an int one 2)
PY_SCALAR = {"float32": 2.0, "int32": 2, "bool": True}

TENSOR_KINDS = ("list", "tuple", "numpy", "param", "pyscalar", "npscalar")


def sample(name):
    dtype, vals = SAMPLES[name]
    return np.array(vals, np.bool_ if dtype == "bool" else dtype)


def decode(ms, v):
    if isinstance(v, list):
        return [decode(ms, e) for e in v]
    if not isinstance(v, dict):
        return v
    (k, a), = v.items()
    if k == "T":
        return ms.Tensor(sample(a))
    if k == "P":
        return ms.Parameter(ms.Tensor(sample(a)), name="p_" + a.lower())
    if k == "N":
        return sample(a)
    if k == "L":
        return sample(a).tolist()
    if k == "TU":
        return _tuplify(sample(a).tolist())
    if k == "tuple":
        return tuple(decode(ms, e) for e in a)
    if k == "npi":
        return np.int64(a)
    if k == "npf":
        return np.float32(a)
    if k == "t0":
        return ms.Tensor(a)
    if k == "t1":
        return ms.Tensor(np.array(a, np.int64))
    if k == "nparr":
        return np.array(a, np.int64)
    if k == "dtype":
        return getattr(ms, a)
    raise ValueError(v)


def _tuplify(v):
    return tuple(_tuplify(e) for e in v) if isinstance(v, list) else v


def call(ms, spec):
    args = [decode(ms, a) for a in spec.get("args", [])]
    kwargs = {k: decode(ms, a) for k, a in spec.get("kwargs", {}).items()}
    face, name = spec["face"], spec["name"]
    if face == "tensor":
        return getattr(args[0], name)(*args[1:], **kwargs)
    if face == "prim":
        init = spec.get("init", [])
        ikw = spec.get("init_kwargs", {})
        prim = getattr(ms.ops, name)(*[decode(ms, a) for a in init],
                                     **{k: decode(ms, a) for k, a in ikw.items()})
        return prim(*args, **kwargs)
    return getattr(ms.ops if face == "ops" else ms.mint, name)(*args, **kwargs)


def outcome(ms, spec):
    try:
        r = call(ms, spec)
        return DM.describe(ms, r, values=not DM.is_random(spec["name"]))
    except Exception as e:  # noqa: BLE001 -- the exception's type is the outcome recorded
        return {"error": type(e).__name__}


# ---------------------------------------------------------------- variants of one argument


def tensor_variants(ref):
    """The replacements of the tensor argument ``{"T": name}``: kind -> encoded value."""
    name = ref["T"]
    dtype = SAMPLES[name][0]
    out = {"list": {"L": name}, "tuple": {"TU": name}, "numpy": {"N": name}, "param": {"P": name},
           "pyscalar": PY_SCALAR[dtype]}
    if dtype == "float32":
        out["npscalar"] = {"npf": 2.0}
    elif dtype == "int32":
        out["npscalar"] = {"npi": 2}
    return out


def int_variants(v, kind, ndim):
    """The replacements of an int / tuple parameter ``v`` of ``kind``: "axis" (an int axis of a
    tensor of ``ndim`` dimensions), "axes" (a tuple of axes), "int" (another int), "shape" (a
    tuple of sizes; its last size also given as -1)."""
    out = {}
    if kind in ("axis", "int"):
        out.update(list=[v], tuple={"tuple": [v]}, npint={"npi": v}, t0={"t0": v})
        if v in (0, 1):
            out["bool"] = bool(v)
        if kind == "axis" and v >= 0:
            out["neg"] = v - ndim
    elif kind in ("axes", "shape"):
        v = list(v)
        out.update(list=list(v), npint={"tuple": [{"npi": e} for e in v]},
                   t0={"tuple": [{"t0": v[0]}] + v[1:]}, nparr={"nparr": v}, t1={"t1": v})
        if kind == "axes":
            out["neg"] = {"tuple": [e - ndim if e >= 0 else e for e in v]}
        else:
            out["neg"] = {"tuple": v[:-1] + [-1]}
            out["t0neg"] = {"tuple": [{"t0": v[0]}] + v[1:-1] + [-1]}
    return out


# ---------------------------------------------------------------- the hand-written rows

T = {n: {"T": n} for n in SAMPLES}


def tup(*v):
    return {"tuple": list(v)}


def R(face, name, args=(), kwargs=None, vary=None, init=(), init_kwargs=None, tensors=None):
    """A hand-written row: ``vary`` maps an argument (position or keyword; ``"@0"``, ``"@axis"`` for a
    Primitive's constructor) to its kind (see :func:`int_variants`); ``tensors``: the positions
    whose tensors are also replaced (all of them when None)."""
    return {"face": face, "name": name, "args": list(args), "kwargs": dict(kwargs or {}),
            "init": list(init), "init_kwargs": dict(init_kwargs or {}), "vary": dict(vary or {}),
            "tensors": tensors}


def _fns(faces, name, args, kwargs=None, vary=None, tensors=None):
    return [R(f, name, args if f != "tensor" else args, kwargs, vary, tensors=tensors)
            for f in faces]


OM = ("ops", "mint")
OT = ("ops", "tensor")
OMT = ("ops", "mint", "tensor")

HAND = [
    # reductions with an axis
    *[R(f, n, [T["X"], 1], vary={1: "axis"}, tensors=())
      for n in ("sum", "mean", "prod", "amax", "amin", "argmax", "argmin", "logsumexp", "std",
                "var", "cumsum", "cumprod", "all", "any", "max", "min", "median", "norm")
      for f in OMT],
    *[R(f, n, [T["X"]], kwargs={"axis": 1}, vary={"axis": "axis"}, tensors=())
      for n in ("sum", "mean", "prod", "amax", "argmax", "max", "min", "std", "var")
      for f in ("ops", "tensor")],
    *[R(f, n, [T["X"]], kwargs={"dim": 1}, vary={"dim": "axis"}, tensors=())
      for n in ("sum", "mean", "prod", "amax", "argmax", "max", "min", "cumsum")
      for f in ("ops", "mint", "tensor")],
    *[R(f, n, [T["X"], (0, 1)], vary={1: "axes"}, tensors=())
      for n in ("sum", "mean", "amax", "prod", "std", "var", "logsumexp") for f in OMT],
    *[R(f, n, [T["X"], 1], vary={1: "axis"}, tensors=())
      for n in ("softmax", "log_softmax") for f in OMT],
    # shapes
    *[R(f, "reshape", [T["X"], tup(3, 2)], vary={1: "shape"}, tensors=()) for f in OMT],
    R("tensor", "reshape", [T["X"], 3, 2], vary={1: "int", 2: "int"}, tensors=()),
    R("tensor", "view", [T["X"], tup(3, 2)], vary={1: "shape"}, tensors=()),
    R("tensor", "view", [T["X"], 3, 2], vary={1: "int"}, tensors=()),
    *[R(f, "tile", [T["X"], tup(2, 1)], vary={1: "shape"}, tensors=()) for f in OMT],
    *[R(f, "broadcast_to", [T["X"], tup(2, 2, 3)], vary={1: "shape"}, tensors=())
      for f in OMT],
    R("tensor", "expand", [T["X"], tup(2, 2, 3)], vary={1: "shape"}, tensors=()),
    *[R(f, "transpose", [T["X3"], tup(2, 0, 1)], vary={1: "axes"}, tensors=())
      for f in ("ops", "tensor")],
    R("tensor", "transpose", [T["X3"], 2, 0, 1], vary={1: "axis"}, tensors=()),
    R("mint", "transpose", [T["X3"], 0, 2], vary={1: "axis", 2: "axis"}, tensors=()),
    *[R(f, "permute", [T["X3"], tup(2, 0, 1)], vary={1: "axes"}, tensors=()) for f in OMT],
    R("tensor", "permute", [T["X3"], 2, 0, 1], vary={1: "axis"}, tensors=()),
    *[R(f, n, [T["X"], 1], vary={1: "axis"}, tensors=())
      for n in ("expand_dims", "unsqueeze") for f in OMT],
    *[R(f, "squeeze", [T["U"], 0], vary={1: "axis"}, tensors=()) for f in OMT],
    *[R(f, "flatten", [T["X3"]], kwargs={"start_dim": 1}, vary={"start_dim": "axis"},
        tensors=()) for f in OMT],
    *[R(f, "flip", [T["X"], tup(1,)], vary={1: "axes"}, tensors=()) for f in OMT],
    *[R(f, "roll", [T["X"], 1, 1], vary={1: "int", 2: "axis"}, tensors=()) for f in OMT],
    *[R(f, "narrow", [T["X"], 1, 0, 2], vary={1: "axis", 2: "int", 3: "int"}, tensors=())
      for f in OMT],
    *[R(f, "split", [T["X"], 1, 1], vary={1: "int", 2: "axis"}, tensors=()) for f in OMT],
    *[R(f, "split", [T["X"], tup(1, 2), 1], vary={1: "shape"}, tensors=()) for f in OMT],
    *[R(f, "chunk", [T["X"], 3, 1], vary={1: "int", 2: "axis"}, tensors=()) for f in OMT],
    *[R(f, "unbind", [T["X"], 1], vary={1: "axis"}, tensors=()) for f in OMT],
    *[R(f, "movedim", [T["X3"], 0, 2], vary={1: "axis", 2: "axis"}, tensors=())
      for f in OMT],
    *[R(f, "swapaxes", [T["X3"], 0, 2], vary={1: "axis", 2: "axis"}, tensors=())
      for f in OMT],
    *[R(f, "repeat_interleave", [T["X"], 2, 1], vary={1: "int", 2: "axis"}, tensors=())
      for f in OMT],
    *[R(f, "diagonal", [T["X"], 0, 0, 1], vary={1: "int", 3: "axis"}, tensors=())
      for f in OMT],
    *[R(f, n, [T["X"], 1], vary={1: "int"}, tensors=()) for n in ("tril", "triu") for f in OMT],
    *[R(f, "topk", [T["X"], 2, 1], vary={1: "int", 2: "axis"}, tensors=()) for f in OMT],
    *[R(f, "sort", [T["X"], 1], vary={1: "axis"}, tensors=()) for f in OT],
    *[R(f, "argsort", [T["X"], 1], vary={1: "axis"}, tensors=()) for f in OT],
    R("mint", "sort", [T["X"]], kwargs={"dim": 1}, vary={"dim": "axis"}, tensors=()),
    *[R(f, n, [tup(T["X"], T["Y"]), 1], vary={1: "axis"}) for n in ("concat", "cat", "stack")
      for f in OM],
    *[R(f, n, [[T["X"], T["Y"]], 1]) for n in ("concat", "cat", "stack") for f in OM],
    *[R(f, n, [tup(T["X"], T["Y"])]) for n in ("hstack", "vstack", "column_stack")
      for f in ("ops",)],
    *[R(f, "gather", [T["X"], T["IDX"], 1], vary={2: "axis"}) for f in ("ops", "tensor")],
    *[R(f, "gather", [T["X"], 1, T["I"]], vary={1: "axis"}) for f in ("mint",)],
    *[R(f, "index_select", [T["X"], 1, T["IDX"]], vary={1: "axis"}) for f in OMT],
    *[R(f, "gather_elements", [T["X"], 1, T["I"]], vary={1: "axis"}) for f in OT],
    *[R(f, "take_along_dim", [T["X"], T["I"], 1], vary={2: "axis"}) for f in ("ops",)],
    *[R(f, "masked_fill", [T["X"], T["B"], 0.5]) for f in OMT],
    *[R(f, "where", [T["B"], T["X"], T["Y"]]) for f in OM],
    R("tensor", "masked_select", [T["X"], T["B"]]),
    *[R(f, "clamp", [T["X"], -1.0, 1.0]) for f in OMT],
    *[R(f, "clip", [T["X"], -1.0, 1.0]) for f in OT],
    *[R(f, "lerp", [T["X"], T["Y"], 0.5]) for f in OT],
    *[R(f, "addcmul", [T["X"], T["X"], T["Y"]], kwargs={"value": 0.5}) for f in OT],
    *[R(f, "pad", [T["X"], tup(1, 1)], vary={1: "shape"}, tensors=()) for f in ("ops",)],
    R("ops", "slice", [T["X"], tup(0, 1), tup(2, 2)], vary={1: "shape", 2: "shape"},
      tensors=()),
    R("ops", "one_hot", [T["I"], 3, {"t0": 1.0}, {"t0": 0.0}], vary={1: "int"}),
    R("mint", "ones_like", [T["X"]]),
    *[R(f, n, [tup(2, 3)], vary={0: "shape"}) for n in ("zeros", "ones") for f in OM],
    *[R(f, "full", [tup(2, 3), 1.5], vary={0: "shape"}) for f in OM],
    R("ops", "fill", [{"dtype": "float32"}, tup(2, 3), 1.5], vary={1: "shape"}),
    *[R(f, "eye", [3], vary={0: "int"}) for f in OM],
    *[R(f, "arange", [0, 5, 1], vary={1: "int"}) for f in OM],
    *[R(f, "linspace", [0.0, 1.0, 5], vary={2: "int"}) for f in OM],
    R("ops", "cast", [T["X"], {"dtype": "int32"}]),
    R("tensor", "astype", [T["X"], {"dtype": "int32"}]),
    R("tensor", "to", [T["X"], {"dtype": "int32"}]),
    R("tensor", "repeat", [T["X"], 2, 1], vary={1: "int", 2: "int"}, tensors=()),
    R("tensor", "repeat", [T["X"], tup(2, 1)], vary={1: "shape"}, tensors=()),
    R("tensor", "item", [T["V"], 1], vary={1: "int"}, tensors=()),
    R("tensor", "size", [T["X"], 1], vary={1: "axis"}, tensors=()),
    R("tensor", "new_zeros", [T["X"], tup(2, 2)], vary={1: "shape"}, tensors=()),
    R("tensor", "new_ones", [T["X"], tup(2, 2)], vary={1: "shape"}, tensors=()),
    R("tensor", "new_full", [T["X"], tup(2, 2), 1.5], vary={1: "shape"}, tensors=()),
    R("tensor", "__getitem__", [T["X"], 1], vary={1: "int"}, tensors=()),
    R("tensor", "__getitem__", [T["X"], tup(1, 2)], vary={1: "shape"}, tensors=()),
    # Primitive call inputs and constructor arguments
    *[R("prim", n, [T["X"], 1], vary={1: "axis"})
      for n in ("ReduceSum", "ReduceMean", "ReduceMax", "ReduceMin", "ReduceProd", "ArgMaxWithValue",
                "CumSum", "CumProd", "ExpandDims")],
    *[R("prim", n, [T["X"], tup(0, 1)], vary={1: "axes"})
      for n in ("ReduceSum", "ReduceMean", "ReduceMax")],
    R("prim", "ReduceSum", [T["X"], 1], init_kwargs={"keep_dims": True}, vary={1: "axis"}),
    R("prim", "Reshape", [T["X"], tup(3, 2)], vary={1: "shape"}),
    R("prim", "Tile", [T["X"], tup(2, 1)], vary={1: "shape"}),
    R("prim", "Transpose", [T["X3"], tup(2, 0, 1)], vary={1: "axes"}),
    R("prim", "Gather", [T["X"], T["IDX"], 1], vary={2: "axis"}),
    R("prim", "GatherD", [T["X"], 1, T["I"]], vary={1: "axis"}),
    R("prim", "Concat", [tup(T["X"], T["Y"])], init=[1], vary={"@0": "axis"}),
    R("prim", "Concat", [[T["X"], T["Y"]]], init=[1]),
    R("prim", "Stack", [tup(T["X"], T["Y"])], init=[1], vary={"@0": "axis"}),
    R("prim", "Split", [T["X"]], init=[1, 3], vary={"@0": "axis", "@1": "int"}),
    R("prim", "Softmax", [T["X"]], init=[1], vary={"@0": "axis"}),
    R("prim", "Squeeze", [T["U"]], init=[0], vary={"@0": "axis"}),
    R("prim", "BroadcastTo", [T["X"]], init=[tup(2, 2, 3)], vary={"@0": "shape"}),
    R("prim", "Cast", [T["X"], {"dtype": "int32"}]),
    R("prim", "OneHot", [T["I"], 3, {"t0": 1.0}, {"t0": 0.0}], vary={1: "int"}),
    R("prim", "Zeros", [tup(2, 3), {"dtype": "float32"}], vary={0: "shape"}),
    R("prim", "Ones", [tup(2, 3), {"dtype": "float32"}], vary={0: "shape"}),
    R("prim", "Fill", [{"dtype": "float32"}, tup(2, 3), 1.5], vary={1: "shape"}),
    R("prim", "Slice", [T["X"], tup(0, 1), tup(2, 2)], vary={1: "shape", 2: "shape"}),
    R("prim", "StridedSlice", [T["X"], tup(0, 0), tup(2, 2), tup(1, 1)],
      vary={1: "shape", 2: "shape"}),
    R("prim", "TopK", [T["X"], 2], vary={1: "int"}),
    R("prim", "Flatten", [T["X3"]]),
    R("prim", "Select", [T["B"], T["X"], T["Y"]]),
    R("prim", "MatMul", [T["X"], T["Y"]], init_kwargs={"transpose_b": True}),
    R("prim", "BatchMatMul", [T["X3"], T["X3"]], init_kwargs={"transpose_b": True}),
    R("prim", "Pad", [T["X"]], init=[tup(tup(1, 1), tup(0, 0))]),
    R("prim", "ScatterNd", [{"tuple": [{"t1": [0]}]}, T["V"], tup(2, 3)]),
    R("prim", "Argmax", [T["X"]], init_kwargs={"axis": 1}, vary={"@axis": "axis"}),
    R("prim", "ReverseV2", [T["X"]], init=[tup(1,)], vary={"@0": "axes"}),
    R("prim", "ResizeNearestNeighbor", [T["X3"]], init=[tup(2, 2)]),
    R("prim", "TensorScatterUpdate", [T["X"], {"t1": [[0], [1]]}, T["Y"]]),
]


def hand_rows():
    """(key, spec) of every hand-written row and its variants."""
    rows = []
    seen = {}
    for r in HAND:
        base = {k: r[k] for k in ("face", "name", "args", "kwargs", "init", "init_kwargs")}
        tag = "%s:%s" % (r["face"], r["name"])
        n = seen[tag] = seen.get(tag, 0) + 1
        stem = "%s#%d" % (tag, n)
        rows.append(("%s:base" % stem, base))
        ndim = _ndim(r)
        for where, kind in r["vary"].items():
            for vk, vv in int_variants(_get(r, where), kind, ndim).items():
                rows.append(("%s:%s=%s" % (stem, _label(where), vk), _put(base, where, vv)))
        tens = r["tensors"]
        for i, a in enumerate(r["args"]):
            if r["face"] == "tensor" and i == 0:
                continue
            if tens is not None and i not in tens:
                continue
            if isinstance(a, dict) and "T" in a:
                for vk, vv in tensor_variants(a).items():
                    rows.append(("%s:a%d=%s" % (stem, i, vk), _put(base, i, vv)))
            elif isinstance(a, dict) and "tuple" in a and all(
                    isinstance(e, dict) and "T" in e for e in a["tuple"]):
                rows.append(("%s:a%d=list" % (stem, i), _put(base, i, list(a["tuple"]))))
                rows.append(("%s:a%d=params" % (stem, i),
                             _put(base, i, {"tuple": [{"P": e["T"]} for e in a["tuple"]]})))
                rows.append(("%s:a%d=numpys" % (stem, i),
                             _put(base, i, {"tuple": [{"N": e["T"]} for e in a["tuple"]]})))
    return rows


def _label(where):
    if isinstance(where, int):
        return "a%d" % where
    return "init" + where[1:] if where.startswith("@") else "kw." + where


def _ndim(r):
    for a in r["args"]:
        if isinstance(a, dict) and "T" in a:
            return np.ndim(sample(a["T"]))
        if isinstance(a, dict) and "tuple" in a and a["tuple"] and isinstance(a["tuple"][0], dict) \
                and "T" in a["tuple"][0]:
            return np.ndim(sample(a["tuple"][0]["T"])) + (1 if r["name"].lower() == "stack" else 0)
    return 2


def _plainv(v):
    return tuple(v["tuple"]) if isinstance(v, dict) and "tuple" in v else v


def _get(r, where):
    if isinstance(where, int):
        return _plainv(r["args"][where])
    if where.startswith("@"):  # a Primitive's constructor argument: position or keyword
        w = where[1:]
        return _plainv(r["init"][int(w)] if w.isdigit() else r["init_kwargs"][w])
    return _plainv(r["kwargs"][where])


def _put(base, where, v):
    s = {k: (list(x) if isinstance(x, list) else dict(x) if isinstance(x, dict) else x)
         for k, x in base.items()}
    if isinstance(where, int):
        s["args"][where] = v
    elif where.startswith("@"):
        w = where[1:]
        if w.isdigit():
            s["init"][int(w)] = v
        else:
            s["init_kwargs"][w] = v
    else:
        s["kwargs"][where] = v
    return s


# ---------------------------------------------------------------- the introspected rows


def encodable(v):
    """The JSON encoding of a signature default, or None when it has none."""
    if v is None or isinstance(v, (bool, int, str)):
        return {"ok": v}
    if isinstance(v, float):
        return {"ok": v} if math.isfinite(v) else None
    if isinstance(v, tuple) and all(isinstance(e, (bool, int, float)) for e in v):
        return {"ok": {"tuple": list(v)}}
    return None


def function_rows(face, name, n, params):
    """(key, spec) of a unary (``n`` 1) or binary function taking float32 tensors: its base call,
    each tensor argument replaced in turn, the tensors by keyword, and each optional parameter
    passed explicitly with its default. ``params``: [(name, kind, encoded default or None)] of
    its MindSpore signature, kind "req" or "opt"."""
    args = [T["X"], T["Y"]][:n]
    base = {"face": face, "name": name, "args": args, "kwargs": {}}
    stem = "%s:%s" % (face, name)
    rows = [("%s:base" % stem, base)]
    for i, a in enumerate(args):
        if face == "tensor" and i == 0:
            continue
        for vk, vv in tensor_variants(a).items():
            rows.append(("%s:a%d=%s" % (stem, i, vk), _put(base, i, vv)))
    req = [p for p, kind, _ in params if kind == "req"]
    if face != "tensor" and len(req) == n:
        rows.append(("%s:bykw" % stem, {"face": face, "name": name, "args": [],
                                         "kwargs": dict(zip(req, args))}))
    for p, kind, default in params:
        if kind == "opt" and default is not None:
            s = _put(base, p, default["ok"])
            rows.append(("%s:kwdef.%s" % (stem, p), s))
    return rows


def prim_rows(name, n):
    """(key, spec) of a Primitive built without arguments and called on ``n`` float32 tensors:
    its base call and each tensor input replaced in turn."""
    args = [T["X"], T["Y"]][:n]
    base = {"face": "prim", "name": name, "init": [], "init_kwargs": {}, "args": args,
            "kwargs": {}}
    stem = "prim:%s" % name
    rows = [("%s:base" % stem, base)]
    for i, a in enumerate(args):
        for vk, vv in tensor_variants(a).items():
            rows.append(("%s:a%d=%s" % (stem, i, vk), _put(base, i, vv)))
    return rows


def write_golden(jsonl, out):
    """The golden file from the probe's output: one row per line (key -> spec and outcome),
    sorted; a random function's values dropped (only its dtype and shape are compared)."""
    import json
    rows = {}
    for line in open(jsonl):
        rec = json.loads(line)
        if "key" in rec:
            res = rec["out"]
            if DM.is_random(rec["spec"]["name"].lower()):
                res = DM._strip(res)
            rows[rec["key"]] = {"spec": rec["spec"], "out": res}
    with open(out, "w") as fh:
        fh.write("{\n")
        fh.write(",\n".join("%s: %s" % (json.dumps(k), json.dumps(rows[k], sort_keys=True))
                            for k in sorted(rows)))
        fh.write("\n}\n")


if __name__ == "__main__":  # python tests/ops/arg_kinds_cases.py PROBE.jsonl GOLDEN.json
    import sys
    write_golden(sys.argv[1], sys.argv[2])
