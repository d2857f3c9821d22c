"""JIT Fallback: Python conversions of tensors inside ms.jit / construct (GRAPH_MODE) - which
MindSpore runs (on a constant, on an input) and what they return."""
from _syntax_util import ms, np, run, f32, i32, Tensor
from _target import nn
import math

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.5, 2.5)
N = i32(3)
S = Tensor(np.array(2.5, np.float32))


@ms.jit
def int_of_const(x):
    c = Tensor(np.array(3, np.int32))
    return x * int(c), int(c)


@ms.jit
def float_of_const(x):
    c = Tensor(np.array(2.0, np.float32))
    return x + float(c), float(c)


@ms.jit
def int_of_input(x, n):
    return x * int(n), int(n)


@ms.jit
def float_of_input(x, s):
    return x + float(s), float(s)


@ms.jit
def float_of_reduced(x):
    return float(x.sum())


@ms.jit
def int_of_shape(x):
    return int(x.shape[0]) + 1


@ms.jit
def asnumpy_of_const(x):
    c = Tensor(np.array([1.0, 2.0], np.float32))
    a = c.asnumpy()
    return x + Tensor(a * 2)


@ms.jit
def asnumpy_of_input(x):
    a = x.asnumpy()
    return Tensor(a + 1)


@ms.jit
def item_of_input(s):
    return s.item()


@ms.jit
def tolist_of_input(x):
    return x.tolist()


@ms.jit
def range_of_int_input(x, n):
    out = x
    for _ in range(int(n)):
        out = out + 1
    return out


@ms.jit
def if_on_int_input(x, n):
    if int(n) > 2:
        return x + 1
    return x - 1


@ms.jit
def numpy_on_consts(x):
    a = np.arange(4).reshape(2, 2).sum(axis=0)
    return x * Tensor(a, ms.float32), int(a[1])


@ms.jit
def math_on_const(x):
    return x * math.sqrt(4.0), math.floor(2.7)


@ms.jit
def bool_of_input(s):
    return bool(s)


class IntCell(nn.Cell):
    def construct(self, x, n):
        k = int(n)
        return x * k


class NumpyCell(nn.Cell):
    def construct(self, x):
        return Tensor(np.ones(2, np.float32)) + x


run("int.const", int_of_const, X)
run("float.const", float_of_const, X)
run("int.input", int_of_input, X, N)
run("float.input", float_of_input, X, S)
run("float.reduced", float_of_reduced, X)
run("int.shape", int_of_shape, X)
run("asnumpy.const", asnumpy_of_const, X)
run("asnumpy.input", asnumpy_of_input, X)
run("item.input", item_of_input, S)
run("tolist.input", tolist_of_input, X)
run("range.int_input", range_of_int_input, X, N)
run("if.int_input", if_on_int_input, X, N)
run("numpy.consts", numpy_on_consts, X)
run("math.const", math_on_const, X)
run("bool.input", bool_of_input, S)
run("cell.int_input", IntCell(), X, N)
run("cell.numpy_const", NumpyCell(), X)
