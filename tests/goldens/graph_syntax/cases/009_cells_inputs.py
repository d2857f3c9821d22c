"""Cells and inputs in GRAPH_MODE: construct with **kwargs and defaults called by keyword,
tuple/list/dict inputs, ms.jit on a method, jit calling jit, jit_class state, recursion with
a constant depth, a Cell returning a dict, Parameters read through attributes and lists.

Not recorded: Parameter.name inside construct (MindSpore 2.10: RuntimeError; mindcell gives it)."""
from _syntax_util import ms, np, run, f32, Tensor
from _target import nn, ops, Parameter

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)


class KwCell(nn.Cell):
    def construct(self, x, scale=2.0, **kwargs):
        out = x * scale
        if "shift" in kwargs:
            out = out + kwargs["shift"]
        return out


class SeqInputs(nn.Cell):
    def construct(self, xs, ys):
        return xs[0] + xs[-1] + ys[1], len(xs), len(ys)


class DictInput(nn.Cell):
    def construct(self, d):
        return d["a"] * d["b"]


class DictOut(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        y = self.dense(x.reshape(1, 2))
        return {"out": y, "double": y * 2}


class JitMethod(nn.Cell):
    @ms.jit
    def construct(self, x):
        return x + 10


@ms.jit
def inner_jit(x):
    return x * 3


@ms.jit
def outer_jit(x):
    return inner_jit(x) + 1


@ms.jit_class
class Counter:
    def __init__(self):
        self.step = 2

    def scale(self, x):
        return x * self.step


COUNTER = Counter()


@ms.jit
def jit_class_state(x):
    return COUNTER.scale(x), COUNTER.step


def depth_sum(x, n):
    if n == 0:
        return x
    return x + depth_sum(x, n - 1)


@ms.jit
def recursion_const(x):
    return depth_sum(x, 3)


class ParamList(nn.Cell):
    def __init__(self):
        super().__init__()
        self.ws = nn.CellList([nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
                               for _ in range(2)])
        self.p = Parameter(f32(0.5, 0.5), name="p")

    def construct(self, x):
        for layer in self.ws:
            x = layer(x)
        return x * self.p, len(self.ws)


class UsesSelfMethod(nn.Cell):
    def helper(self, x, k=3):
        return x * k

    def construct(self, x):
        return self.helper(x) + self.helper(x, k=1)


run("cell.kwargs_default", KwCell(), X)
run("cell.kwargs_by_keyword", KwCell(), X, scale=3.0)
run("cell.kwargs_extra", KwCell(), X, shift=1.0)
run("cell.tuple_list_inputs", SeqInputs(), (X, X * 2), [X, X * 3])
run("cell.dict_input", DictInput(), {"a": X, "b": X * 2})
run("cell.dict_output", DictOut(), X)
run("cell.jit_method", JitMethod(), X)
run("jit.calls_jit", outer_jit, X)
run("jit_class.state", jit_class_state, X)
run("recursion.const_depth", recursion_const, X)
run("cell.celllist_param", ParamList(), f32(1.0, 2.0))
run("cell.self_method_defaults", UsesSelfMethod(), X)
