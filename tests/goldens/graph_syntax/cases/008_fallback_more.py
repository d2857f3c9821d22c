"""More JIT Fallback and Python objects in GRAPH_MODE: tensor values as list indices, numpy
arrays made from inputs, str()/format of tensors, conversions that fail, globals returned,
tensors built from Python lists inside construct."""
from _syntax_util import ms, np, run, f32, i32, Tensor
from _target import nn, ops

ms.set_context(mode=ms.GRAPH_MODE)
X = f32(1.5, 2.5)
I = i32(1)
S = Tensor(np.array(2.7, np.float32))
G_LIST = [1, 2, 3]
G_TUPLE = (4, 5)


@ms.jit
def list_index_by_tensor(x, i):
    table = [10, 20, 30]
    return x * table[int(i)]


@ms.jit
def tuple_of_tensors_index(x, i):
    t = (x, x * 2, x * 3)
    return t[int(i)]


@ms.jit
def numpy_from_input(x):
    a = np.array(x)
    return Tensor(a.max() + a), a.shape


@ms.jit
def return_numpy(x):
    return x.asnumpy()


@ms.jit
def str_of_tensor(s):
    return str(s)


@ms.jit
def format_tensor(s):
    return "v={}".format(s)


@ms.jit
def int_of_float_tensor(s):
    return int(s)


@ms.jit
def float_of_vector(x):
    return float(x)


@ms.jit
def bool_of_vector(x):
    return bool(x)


@ms.jit
def len_of_scalar(s):
    return len(s)


@ms.jit
def return_global_list(x):
    return G_LIST, G_TUPLE, x


@ms.jit
def tensor_from_list(x):
    return Tensor([1.0, 2.0]) * x, ops.stack([x, x]).shape


@ms.jit
def tensor_from_python_values(x, n):
    k = int(n)
    return Tensor([k, k + 1], ms.int32)


@ms.jit
def shape_arith(x):
    m = Tensor(np.zeros((2, 3), np.float32))
    return m.shape[0] * m.shape[1], m.shape + (1,), x.reshape(m.shape[1] - 1)


@ms.jit
def while_on_int_value(x, n):
    k = int(n)
    while k > 0:
        x = x + k
        k -= 1
    return x, k


@ms.jit
def item_of_index(x):
    return x[1].item(), x.max().item()


run("int.list_index", list_index_by_tensor, X, I)
run("int.tuple_index", tuple_of_tensors_index, X, I)
run("numpy.from_input", numpy_from_input, X)
run("numpy.returned", return_numpy, X)
run("str.tensor", str_of_tensor, S)
run("format.tensor", format_tensor, S)
run("int.float_tensor", int_of_float_tensor, S)
run("float.vector", float_of_vector, X)
run("bool.vector", bool_of_vector, X)
run("len.scalar", len_of_scalar, S)
run("global.list_returned", return_global_list, X)
emit_same = return_global_list(X)
run("global.list_identity", lambda: emit_same[0] is G_LIST)
run("tensor.from_list", tensor_from_list, X)
run("tensor.from_int_value", tensor_from_python_values, X, i32(4))
run("shape.arith", shape_arith, X)
run("while.int_value", while_on_int_value, X, i32(3))
run("item.index", item_of_index, X)
