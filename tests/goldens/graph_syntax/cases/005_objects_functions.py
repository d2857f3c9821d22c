"""Python objects and functions in GRAPH_MODE: attributes assigned numbers, ms.jit_class
objects, globals, nested functions and closures, *args/**kwargs, defaults, returning dicts,
None and strings."""
from _syntax_util import ms, np, run, f32, Tensor
from _target import nn, ops, Parameter

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)
SCALE = 3.0
TABLE = {"k": 2}


class AttrNumber(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        self.k = 2

    def construct(self, x):
        self.k = 5
        return x * self.w * self.k


class ParamAssignNumber(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array(1.0, np.float32)), name="w")

    def construct(self, x):
        self.w = 4.0
        return x * self.w


class ParamAssignNumberRank(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        self.w = 4
        return x * self.w


@ms.jit_class
class Scaler:
    def __init__(self, k):
        self.k = k

    def apply(self, x):
        return x * self.k


SCALER = Scaler(3)


class UsesJitClass(nn.Cell):
    def __init__(self):
        super().__init__()
        self.s = Scaler(2)

    def construct(self, x):
        return self.s.apply(x), self.s.k


@ms.jit
def jit_class_global(x):
    return SCALER.apply(x)


@ms.jit
def jit_class_made_inside(x):
    s = Scaler(4)
    return s.apply(x)


@ms.jit
def globals_read(x):
    return x * SCALE, TABLE["k"]


@ms.jit
def nested_closure(x):
    k = 3

    def inner(t):
        return t * k

    def outer(t):
        return inner(t) + 1
    return outer(x)


def make_adder(n):
    @ms.jit
    def add(x):
        return x + n
    return add


@ms.jit
def star_args(*args):
    total = args[0]
    for a in args[1:]:
        total = total + a
    return total, len(args)


@ms.jit
def kw_args(x, **kwargs):
    return x * kwargs["scale"], len(kwargs)


class StarCell(nn.Cell):
    def construct(self, *inputs):
        return inputs[0] + inputs[-1]


@ms.jit
def defaults(x, k=2, flag=True):
    if flag:
        return x * k
    return x


@ms.jit
def return_dict(x):
    return {"a": x, "b": x * 2}


@ms.jit
def return_none(x):
    y = x + 1  # noqa: F841
    return None


@ms.jit
def return_str(x):
    return "done"


@ms.jit
def return_nested(x):
    return (x, [x + 1, (2, "s")], {"n": None})


class NoReturn(nn.Cell):
    def construct(self, x):
        x = x + 1


run("attr.number_reassigned", AttrNumber(), X)
p = ParamAssignNumber()
run("attr.param_assign_number", p, X)
run("attr.param_after", lambda: p.w)
run("attr.param_assign_number_rank", ParamAssignNumberRank(), X)
run("jit_class.attr", UsesJitClass(), X)
run("jit_class.global", jit_class_global, X)
run("jit_class.made_inside", jit_class_made_inside, X)
run("globals.read", globals_read, X)
SCALE = 5.0
run("globals.after_rebind", globals_read, X)
run("nested.closure", nested_closure, X)
run("closure.factory", make_adder(7), X)
run("args.star", star_args, X, X, X)
run("args.kwargs", kw_args, X, scale=3)
run("args.cell_star", StarCell(), X, X * 2)
run("defaults.default", defaults, X)
run("defaults.given", defaults, X, 3, False)
run("return.dict", return_dict, X)
run("return.none", return_none, X)
run("return.str", return_str, X)
run("return.nested", return_nested, X)
run("return.cell_none", NoReturn(), X)
