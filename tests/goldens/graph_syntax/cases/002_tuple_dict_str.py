"""tuple, dict and str methods inside ms.jit functions (GRAPH_MODE).

Not recorded: ``d.pop(k)``, which MindSpore 2.10 gets wrong in graph mode (it returns 0-d
tensors for both the value and the dict; with a default it raises TypeError); mindcell gives
Python's result."""
from _syntax_util import ms, np, run, f32

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)


@ms.jit
def tuple_slice(x):
    t = (x, x * 2, x * 3)
    return t[1:], t[::-1][0]


@ms.jit
def tuple_index_count(x):
    t = (1, 2, 2, 3)
    return x * t.index(3), t.count(2)


@ms.jit
def tuple_concat(x):
    t = (x,) + (x + 1, 5)
    return t, len(t)


@ms.jit
def dict_keys_values_items(x):
    d = {"a": x, "b": x * 2}
    ks = list(d.keys())
    vs = list(d.values())
    total = x * 0
    for k, v in d.items():
        total = total + v
    return ks, vs[1], total


@ms.jit
def dict_get(x):
    d = {"a": x}
    return d.get("a"), d.get("z", 5)


@ms.jit
def dict_update(x):
    d = {"a": x}
    d.update({"b": x * 3})
    return d["b"], len(d)


@ms.jit
def dict_has_key(x):
    d = {"a": x}
    return d.has_key("a"), d.has_key("b")


@ms.jit
def dict_in(x):
    d = {"a": x}
    return "a" in d, "b" in d


@ms.jit
def dict_fromkeys(x):
    d = dict.fromkeys(("a", "b"), 1)
    return x * d["b"], d


@ms.jit
def dict_clear(x):
    d = {"a": x}
    d.clear()
    return x, len(d)


@ms.jit
def dict_setitem(x):
    d = {"a": x}
    d["c"] = x + 1
    return d


@ms.jit
def str_format(x):
    s = "v{}_{}".format(1, "a")
    return x, s


@ms.jit
def str_methods(x):
    s = "conv_weight"
    return s.startswith("conv"), s.endswith("bias"), s.upper(), s.split("_"), s.replace("_", "."), x


@ms.jit
def str_concat_in(x):
    s = "ab" + "cd"
    return "bc" in s, len(s), s * 2, x


@ms.jit
def str_fstring(x):
    n = 3
    return f"n={n}", x


run("tuple.slice", tuple_slice, X)
run("tuple.index_count", tuple_index_count, X)
run("tuple.concat", tuple_concat, X)
run("dict.keys_values_items", dict_keys_values_items, X)
run("dict.get", dict_get, X)
run("dict.update", dict_update, X)
run("dict.has_key", dict_has_key, X)
run("dict.in", dict_in, X)
run("dict.fromkeys", dict_fromkeys, X)
run("dict.clear", dict_clear, X)
run("dict.setitem_return", dict_setitem, X)
run("str.format", str_format, X)
run("str.methods", str_methods, X)
run("str.concat_in", str_concat_in, X)
run("str.fstring", str_fstring, X)
