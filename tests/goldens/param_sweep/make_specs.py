"""Write cases/_sweep_specs.json and _unswept.txt: the public functions of ``mindspore.ops``
and the Tensor methods with a defaulted parameter (MindSpore 2.10's signatures,
../../shared/surface), each with its sample inputs taken from mindcell's op tables
(tests/ops/api_table*.py rows' specs, keywords and method arguments, tests/ops/op_db.py rows;
EXTRA below for a few functions without a usable row), the first candidate whose all-defaults
call works in mindcell.

    python tests/goldens/param_sweep/make_specs.py   # under mindcell, from the repository root

Functions without a usable sample call and parameters without a candidate value rule are listed
in _unswept.txt with the reason (not dropped)."""
import inspect
import json
import os
import sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(HERE, "..", "..", ".."))
SURFACE = os.path.join(REPO, "..", "shared", "surface", "mindspore-2.10.json")
sys.path[:0] = [os.path.join(HERE, "cases"), os.path.join(REPO, "tests", "ops"),
                os.path.join(REPO, "tests")]
os.environ.setdefault("CONF_TARGET", "mindcell")
sys.path.insert(0, os.path.join(REPO, "..", "shared", "conformance"))

import numpy as np  # noqa: E402

import _sweep  # noqa: E402
import api_table  # noqa: E402
import op_db  # noqa: E402
import test_api_table  # noqa: E402

ms = _sweep.ms
# functions whose sample call must not run in the sweep: they need a process group, start
# servers, compile kernels or decorate (they return functions, not values)
NOT_SWEPT = {
    "add_flags": "a decorator", "constexpr": "a decorator", "kernel": "a decorator",
    "ms_kernel": "a decorator", "jvp": "a functional transform", "vjp": "a functional transform",
    "grad": "a functional transform", "value_and_grad": "a functional transform",
    "jacfwd": "a functional transform", "jacrev": "a functional transform",
    "vmap": "a functional transform", "tensordump": "writes files",
}
RANDOM_NAMES = ("rand", "random", "normal", "uniform", "bernoulli", "multinomial", "dropout",
                "shuffle", "gamma", "poisson", "laplace", "choice", "sampler", "gumbel", "rrelu",
                "exponential_", "fractional")


# sample calls of functions without a usable op-table row (Python values first in "args",
# then the tensors of "inputs", then "kw")
EXTRA = {
    "zeros": {"args": [(2, 3)]},
    "ones": {"args": [(2, 3)]},
    "full": {"args": [(2, 3), 1.5]},
    "eye": {"args": [3]},
    "arange": {"kw": {"end": 6}},
    "rand": {"args": [2, 3]},
    "randn": {"args": [2, 3]},
    "randint": {"args": [0, 5, (2, 3)]},
    "standard_normal": {"args": [(2, 3)]},
    "normal": {"args": [(2, 3), 0.0, 1.0]},
    "uniform": {"args": [(2, 3)], "inputs": [["f", []], ["pos", []]]},
    "scalar_to_tensor": {"args": [2.5]},
    "layer_norm": {"inputs": [["f", [2, 4]]], "kw": {"normalized_shape": (4,)}},
    "group_norm": {"inputs": [["f", [2, 4, 3]]], "kw": {"num_groups": 2}},
    "max_pool3d": {"inputs": [["f", [1, 2, 3, 4, 4]]], "kw": {"kernel_size": 2}},
    "multi_margin_loss": {"inputs": [["f", [2, 3]], ["int", [2], 3, "int64"]]},
    "tensor_scatter_elements": {"inputs": [["f", [2, 3]], ["int", [2, 3], 2], ["f", [2, 3]]]},
    "reverse_sequence": {"inputs": [["f", [3, 5]], ["int", [3], 5]], "kw": {"seq_dim": 1}},
    "conv_transpose2d": {"inputs": [["f", [1, 2, 4, 4]], ["f", [2, 3, 3, 3]]]},
    "grid_sample": {"inputs": [["f", [1, 2, 4, 4]], ["prob", [1, 3, 3, 2]]]},
    "mse_loss_ext": {"inputs": [["f", [2, 3]], ["f", [2, 3]]]},
    "diff_ext": {"inputs": [["f", [3, 5]]]},
    "baddbmm_ext": {"inputs": [["f", [2, 2, 2]], ["f", [2, 2, 2]], ["f", [2, 2, 2]]]},
    "bernoulli_ext": {"inputs": [["prob", [2, 3]]]},
    "cosine_embedding_loss": {"inputs": [["f", [2, 3]], ["f", [2, 3]], ["sign", [2]]]},
    "margin_ranking_loss": {"inputs": [["f", [4]], ["f", [4]], ["sign", [4]]]},
    "mint.addmm": {"inputs": [["f", [2, 2]], ["f", [2, 3]], ["f", [3, 2]]]},
    "mint.addmv": {"inputs": [["f", [2]], ["f", [2, 3]], ["f", [3]]]},
    "mint.addbmm": {"inputs": [["f", [2, 2]], ["f", [3, 2, 4]], ["f", [3, 4, 2]]]},
    "mint.baddbmm": {"inputs": [["f", [2, 2, 2]], ["f", [2, 2, 3]], ["f", [2, 3, 2]]]},
    "mint.allclose": {"inputs": [["f", [2, 3]], ["f", [2, 3]]]},
    "mint.cumsum": {"inputs": [["f", [2, 3]]], "kw": {"dim": 1}},
    "mint.count_nonzero": {"inputs": [["int", [2, 3], 3]]},
    "mint.median": {"inputs": [["f", [2, 3]]]},
    "mint.softmax": {"inputs": [["f", [2, 3]]], "kw": {"dim": 1}},
    "mint.histc": {"inputs": [["f", [2, 3]]]},
    "mint.randperm": {"args": [4]},
    "mint.bincount": {"inputs": [["int", [6], 4, "int64"]]},
    "mint.unbind": {"inputs": [["f", [2, 3]]]},
    "mint.nn.functional.linear": {"inputs": [["f", [2, 3]], ["f", [4, 3]]]},
    "mint.nn.functional.pad": {"inputs": [["f", [1, 2, 3]]], "kw": {"pad": (1, 1)}},
    "mint.nn.functional.normalize": {"inputs": [["f", [2, 3]]]},
    "mint.nn.functional.threshold": {"inputs": [["f", [2, 3]]],
                                     "kw": {"threshold": 0.1, "value": 20.0}},
    "mint.nn.functional.avg_pool1d": {"inputs": [["f", [1, 2, 6]]], "kw": {"kernel_size": 2}},
}


def encode(v):
    if isinstance(v, bool) or v is None or isinstance(v, (int, float, str)):
        return v
    if isinstance(v, tuple):
        items = [encode(x) for x in v]
        return None if any(x is _BAD for x in items) else {"tuple": items}
    if isinstance(v, list):
        items = [encode(x) for x in v]
        return None if any(x is _BAD for x in items) else items
    if isinstance(v, ms.dtype.Type if hasattr(ms.dtype, "Type") else type(ms.float32)):
        return {"dtype": str(v).lower().replace("float", "float").replace("int", "int")}
    return _BAD


_BAD = object()


def norm_spec(s):
    s = api_table._norm(tuple(s) if isinstance(s, list) else s)
    if isinstance(s[0], str):
        kind, rest = s[0], list(s[1:])
        if kind is None:
            kind = "f"
        out = [kind, list(rest[0])] + rest[1:]
    else:
        out = ["f", list(s)]
    if len(out) > 3:
        out[3] = np.dtype(out[3]).name
    return out


def db_spec(s):
    """An op_db input spec (its integers are int64)."""
    if isinstance(s, tuple) and s and s[0] == "int":
        return ["int", list(s[1]), s[2], "int64"]
    return norm_spec(s)


def row_candidates():
    """name (``Tensor.<name>`` for a method) -> [(inputs, keywords, random, source, Python
    arguments after the inputs)] from the op tables."""
    opcode = api_table.Op("abs", (2,)).fn.__code__
    out = {}
    mcode = api_table.M("abs", (2,)).fn.__code__
    pcode = api_table.P("Abs", ()).fn.__code__
    for r in test_api_table.ROWS:
        cells = dict(zip(r.fn.__code__.co_freevars,
                         [c.cell_contents for c in (r.fn.__closure__ or ())]))
        if r.name.startswith("Tensor.") and r.fn.__code__ is mcode:
            # a method row: the tensors (self first), then its Python arguments ("post")
            out.setdefault(r.name, []).append(([norm_spec(s) for s in r.specs], cells["kw"],
                                               r.kind == "random", "api_table M row",
                                               list(cells["args"]), None))
            continue
        if not r.name.startswith("ops."):
            continue
        name = r.name[4:]
        if r.fn.__code__ is pcode:
            # a Primitive class row: its init values ("init"), the tensors, the call's values
            out.setdefault("primitive." + name, []).append(
                ([norm_spec(s) for s in r.specs], {}, r.kind == "random", "api_table P row",
                 list(cells["call"]), list(cells["args"])))
            continue
        if r.fn.__code__ is opcode:
            out.setdefault(name, []).append(([norm_spec(s) for s in r.specs], cells["kw"],
                                             r.kind == "random", "api_table Op row", [],
                                             None))
        else:
            out.setdefault(name, []).append(([norm_spec(s) for s in r.specs], {},
                                             r.kind == "random", "api_table row's inputs", [],
                                             None))
    for o in op_db.OPS:
        fn = getattr(o.fn, "__name__", "")
        if getattr(ms.ops, fn, None) is o.fn:
            out.setdefault(fn, []).append(([db_spec(s) for s in o.inputs], o.kwargs, False,
                                           "op_db row", [], None))
    return out


def choose(section, prefix, name, sig, cands, unswept, why_count):
    """The sample call of ``name`` (the first candidate that works in mindcell), or None;
    what is not swept is added to ``unswept``."""
    label = prefix + name
    try:
        params = _sweep.parse(sig)
    except SyntaxError:
        unswept.append("%s\t*\tsignature not readable: %s" % (label, sig))
        why_count["function: signature not readable"] += 1
        return None
    required = {p for p, d, k in params if d is None and k != "var"}
    if name in NOT_SWEPT and not prefix.startswith("Tensor"):
        unswept.append("%s\t*\t%s" % (label, NOT_SWEPT[name]))
        why_count["function: " + NOT_SWEPT[name]] += 1
        return None
    if any(p == "group" for p, d, k in params):
        # a collective (AllGather, AllReduce ...): MindSpore crashes without a process group
        unswept.append("%s\t*\ta collective (needs a process group)" % label)
        why_count["function: a collective (needs a process group)"] += 1
        return None
    fn = _sweep.function(section, name)
    chosen = None
    # every row with its required keywords only (a defaulted one is swept, not fixed); failing
    # that, with the row's keywords (those parameters are then not swept); the row's tensors
    # positionally, or packed in one tuple (cat, stack ...)
    rows = cands.get(label, [])
    if label != name and not label.startswith(("Tensor.", "primitive.")):
        rows = rows + cands.get(name, [])  # a mint function: the ops function's sample calls
    tries = [(inputs, {k: v for k, v in kw.items() if k in required}, rand, source, False, post,
              init) for inputs, kw, rand, source, post, init in rows]
    tries += [(inputs, {k: v for k, v in kw.items() if k in required}, rand, source, True, post,
               init) for inputs, kw, rand, source, post, init in rows
              if not prefix.startswith(("Tensor", "primitive"))]
    tries += [(inputs, kw, rand, source, pack, post, init) for pack in (False, True)
              for inputs, kw, rand, source, post, init in rows
              if kw and not (pack and prefix.startswith(("Tensor", "primitive")))]
    extra = EXTRA.get(label, None if prefix.startswith(("Tensor", "primitive"))
                      else EXTRA.get(name))
    if extra is not None:
        tries.append((extra.get("inputs", []), extra.get("kw", {}), False, "make_specs.EXTRA",
                      False, [], None))
    for inputs, kw, rand, source, pack, post, init in tries:
        enc = {k: encode(v) for k, v in kw.items()}
        post = [encode(a) for a in post]
        if any(v is _BAD for v in list(enc.values()) + post) or fn is None:
            continue
        spec = {"sig": sig, "inputs": inputs, "kw": enc, "source": source,
                "random": rand or (any(w in name.lower() for w in RANDOM_NAMES)
                                   and "normaliz" not in name.lower())}
        if pack:
            spec["pack"] = True
        if post:
            spec["post"] = post
        if init is not None:
            spec["init"] = [encode(a) for a in init]
            if any(a is _BAD for a in spec["init"]):
                continue
        if source == "make_specs.EXTRA" and "args" in extra:
            spec["args"] = [encode(a) for a in extra["args"]]
        try:
            _sweep.summary(_sweep.call(fn, spec, {})())
        except Exception:  # noqa: BLE001 - not a usable sample call
            continue
        chosen = spec
        break
    if chosen is None:
        why = "no sample call in mindcell's op tables" if fn is not None \
            else "mindcell lacks it"
        unswept.append("%s\t*\t%s" % (label, why))
        why_count["function: " + why] += 1
        return None
    sweep = dict(_sweep.swept(chosen))
    for p, d, k in params:
        if d is not None and p not in sweep and p != "self":
            unswept.append("%s\t%s\tgiven by the sample call" % (label, p))
            why_count["parameter: given by the sample call"] += 1
        if p not in sweep:
            continue
        vals, why = _sweep.candidates(p, d)
        if vals is None:
            unswept.append("%s\t%s\t%s" % (label, p, why))
            why_count["parameter: " + why.split(":")[0]] += 1
    return chosen


def main():
    with open(SURFACE) as f:
        surface = json.load(f)
    cands = row_candidates()
    data, unswept, why_count = {}, [], Counter()
    for section, module, kind, prefix in (("functions", ".ops", "function", ""),
                                          ("methods", "Tensor", "method", "Tensor."),
                                          ("mint", ".mint", "function", "mint."),
                                          ("mint_functional", ".mint.nn.functional", "function",
                                           "mint.nn.functional."),
                                          ("primitives", ".ops", "class", "primitive.")):
        sigs = {k: v["sig"] for k, v in surface[module].items() if v["kind"] == kind
                and v.get("sig") and not k.startswith("_") and "=" in v["sig"]}
        data[section] = {}
        for name in sorted(sigs):
            spec = choose(section, prefix, name, sigs[name], cands, unswept, why_count)
            if spec is not None:
                data[section][name] = spec
        print(len(sigs), section, "with a defaulted parameter;", len(data[section]), "swept")
    functions = data
    with open(os.path.join(HERE, "cases", "_sweep_specs.json"), "w") as f:
        json.dump(functions, f, indent=0, sort_keys=True)
        f.write("\n")
    with open(os.path.join(HERE, "_unswept.txt"), "w") as f:
        f.write("# what the parameter sweep does not call, and why (written by make_specs.py)\n")
        for why, n in why_count.most_common():
            f.write("# %4d  %s\n" % (n, why))
        f.write("\n".join(unswept) + "\n")
    print(why_count.most_common())


if __name__ == "__main__":
    main()
