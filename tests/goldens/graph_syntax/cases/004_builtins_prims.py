"""Builtins over tuples/lists of tensors, Primitives built inside construct, isinstance, len,
comprehensions and print in GRAPH_MODE."""
from _syntax_util import ms, np, run, f32, Tensor
from _target import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.0, 2.0)
Y = f32(3.0, 4.0)


class PrimInside(nn.Cell):
    def construct(self, x, y):
        return ops.Add()(x, y), ops.ReduceSum(keep_dims=True)(x, 0)


class PrimInit(nn.Cell):
    def __init__(self):
        super().__init__()
        self.mul = ops.Mul()

    def construct(self, x, y):
        return self.mul(x, y)


@ms.jit
def is_instance(x):
    return isinstance(x, Tensor), isinstance(3, int), isinstance((x,), tuple), \
        isinstance(x, (int, float))


@ms.jit
def length(x, y):
    return len((x, y)), len([x]), len(x), len({"a": x})


@ms.jit
def range_enumerate(x, y):
    total = x * 0
    for i, t in enumerate((x, y)):
        total = total + t * i
    for k in range(1, 4, 2):
        total = total + k
    return total


@ms.jit
def zip_map_filter(x, y):
    pairs = [a * b for a, b in zip((x, y), (y, x))]
    doubled = tuple(map(lambda t: t * 2, (x, y)))
    kept = list(filter(lambda v: v > 1, [1, 2, 3]))
    return pairs[0] + pairs[1], doubled[1], kept


@ms.jit
def comprehensions(x):
    a = [x * i for i in range(3) if i != 1]
    d = {str(i): x + i for i in range(2)}
    return a[1], d["1"], len(a)


@ms.jit
def builtins_numbers(x):
    return max(1, 3, 2), min((4, 2)), abs(-3), sum([1, 2, 3]), round(2.567, 1), \
        all((True, 1)), any((0, False)), divmod(7, 2), x


@ms.jit
def builtins_on_tensors(x, y):
    return max(x.sum(), y.sum()), sum((x, y)), abs(-x)


@ms.jit
def print_tensor(x):
    print("x is", x)
    y = x + 1
    print(y)
    return y


@ms.jit
def tuple_unpack_star(x, y):
    a, *rest = (x, y, x + y)
    return rest[-1], len(rest)


@ms.jit
def getattr_shape_dtype(x):
    return x.shape, x.dtype == ms.float32, x.ndim, x.size


run("prim.inside_construct", PrimInside(), X, Y)
run("prim.in_init", PrimInit(), X, Y)
run("isinstance", is_instance, X)
run("len", length, X, Y)
run("range_enumerate", range_enumerate, X, Y)
run("zip_map_filter", zip_map_filter, X, Y)
run("comprehensions", comprehensions, X)
run("builtins.numbers", builtins_numbers, X)
run("builtins.tensors", builtins_on_tensors, X, Y)
run("print.tensor", print_tensor, X)
run("tuple.unpack_star", tuple_unpack_star, X, Y)
run("attrs.shape_dtype", getattr_shape_dtype, X)
