"""Container methods whose elements are tensors (GRAPH_MODE): index/count/in compare tensors,
dict values that are tensors, sorted/min/max/sum/any/all over tensors.

Not recorded: ``y in (x, y)`` with tensors (MindSpore 2.10 returns a Bool Tensor; Python's
``in`` returns a bool, the same truth value, in mindcell) and max() over dict.values() with a
comprehension over items (MindSpore: TypeError; mindcell computes it)."""
from _syntax_util import ms, np, run, f32, i32, Tensor

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0)
Y = f32(2.0)


@ms.jit
def list_index_tensor(x, y):
    a = [x, y]
    return a.index(y)


@ms.jit
def tuple_count_tensor(x, y):
    return (x, y, y).count(y)


@ms.jit
def max_of_list(x, y):
    return max([x, y]), min((x, y))


@ms.jit
def sorted_tensors(x, y):
    return sorted([y, x])


@ms.jit
def list_of_tensors_sum(x, y):
    return sum([x, y, x])


@ms.jit
def any_all_tensors(x, y):
    return any([x > 5, y > 1]), all((x > 0, y > 5))


@ms.jit
def enumerate_dict_items(x, y):
    d = {"a": x, "b": y}
    out = []
    for i, (k, v) in enumerate(d.items()):
        out.append(v * i)
    return out


run("list.index_tensor", list_index_tensor, X, Y)
run("tuple.count_tensor", tuple_count_tensor, X, Y)
run("builtins.max_min_list", max_of_list, X, Y)
run("builtins.sorted", sorted_tensors, X, Y)
run("builtins.sum_list", list_of_tensors_sum, X, Y)
run("builtins.any_all", any_all_tensors, X, Y)
run("dict.enumerate_items", enumerate_dict_items, X, Y)
