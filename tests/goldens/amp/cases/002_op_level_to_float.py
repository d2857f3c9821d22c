"""Mixed precision at op level: what each primitive call inside a ``to_float(float16)`` cell
computes in (the dtype of its result), for inputs of every origin: the cell's inputs and
keyword inputs, tensors made in construct, float64 and int tensors, Parameters registered, in a
list, a ParameterTuple or a plain object, Python scalars, outputs of other ops, functions and
ms.jit functions called from construct, child cells (also set back to float32), and the calls
that are not cast (Cast, views, Depend ...). PYNATIVE_MODE casts at every primitive call.
MindSpore's GRAPH_MODE casts less: the cell's inputs on entry, the tensors read from the cell's
attributes in its own construct, and Parameters given to a Primitive called there; a tensor
made in construct, or a Parameter given to a functional op (ops.matmul), is not cast. mindcell
applies the PYNATIVE rule in both modes; the GRAPH_MODE rows kept here (second item of CASES)
are those where the two rules agree."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


def P(v, name):
    return Parameter(Tensor(np.full((2, 2), v, np.float32)), name=name)


class Holder:
    pass


class Child(nn.Cell):
    def __init__(self):
        super().__init__()
        self.c32 = Tensor(np.full((2, 2), 1.5, np.float32))

    def construct(self, x):
        return ops.add(x, self.c32)


class ChildMM(nn.Cell):
    def __init__(self):
        super().__init__()
        self.v = P(1.0, "v")
        self.mm = ops.MatMul()

    def construct(self, x):
        return self.mm(x, self.v)


def helper(a, b):
    return ops.add(a, b)


@ms.jit
def jhelper(a, b):
    return ops.add(a, b)


class Base(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = P(0.5, "w")
        self.pt = ms.ParameterTuple([P(0.25, "p0")])
        self.lst = [P(0.125, "l0")]
        h = Holder()
        h.p = P(2.0, "hp")
        self.h = h
        self.c64 = Tensor(np.full((2, 2), 1.5), ms.float64)
        self.c32 = Tensor(np.full((2, 2), 1.5, np.float32))
        self.i32 = Tensor(np.full((2, 2), 3, np.int32))
        self.mm = ops.MatMul()
        self.ch = Child()
        self.ch32 = Child()
        self.chmm = ChildMM()
        self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")


# the construct bodies (module functions: MindSpore's GRAPH_MODE parses their source)
# PYNATIVE: the cell's inputs are not cast on entry, only where an op uses them
def c_input(self, x, y=None):
    return x


def c_kwarg_plain(self, x, y=None):
    return y


def c_kwarg_op(self, x, y=None):
    return ops.add(y, y)


def c_mm_const(self, x, y=None):
    return ops.matmul(x, ops.ones((2, 2), ms.float32))


def c_ones(self, x, y=None):
    return ops.ones((2, 2), ms.float32)


def c_add_ones(self, x, y=None):
    return ops.add(ops.ones((2, 2), ms.float32), ops.ones((2, 2), ms.float32))


def c_np_const(self, x, y=None):
    return Tensor(np.ones((2, 2), np.float32))


def c_add_np_const(self, x, y=None):
    return ops.add(Tensor(np.ones((2, 2), np.float32)), Tensor(np.ones((2, 2), np.float32)))


def c_attr_op(self, x, y=None):
    return ops.add(self.c32, self.c32)


def c_f64(self, x, y=None):
    return ops.add(self.c64, self.c64)


def c_f64_x(self, x, y=None):
    return ops.add(x, self.c64)


def c_f64_matmul(self, x, y=None):
    return ops.matmul(Tensor(np.ones((2, 2))), self.c32)


def c_int(self, x, y=None):
    return ops.add(self.i32, self.i32)


def c_int_mul_float(self, x, y=None):
    return ops.mul(self.i32, 2.5)


def c_param_plain(self, x, y=None):
    return self.w


def c_param_matmul(self, x, y=None):
    return ops.matmul(x, self.w)


def c_param_prim(self, x, y=None):
    return self.mm(x, self.w)


def c_param_tuple(self, x, y=None):
    return ops.matmul(x, self.pt[0])


def c_param_list(self, x, y=None):
    return ops.matmul(x, self.lst[0])


def c_param_object(self, x, y=None):
    return ops.matmul(x, self.h.p)


def c_scalar(self, x, y=None):
    return ops.mul(self.c32, 2.5)


def c_op_of_op(self, x, y=None):
    return ops.exp(ops.add(self.c32, self.c32))


def c_operator(self, x, y=None):
    return self.c32 + self.c32


def c_matmul_operator(self, x, y=None):
    return x @ self.c32


def c_cast32(self, x, y=None):
    return ops.cast(x, ms.float32)


def c_cast32_add(self, x, y=None):
    return ops.add(ops.cast(x, ms.float32), self.c32)


def c_equal(self, x, y=None):
    return ops.equal(self.c32, self.c32)


def c_sum(self, x, y=None):
    return self.c32.sum()


def c_softmax(self, x, y=None):
    return ops.softmax(self.c32)


def c_concat(self, x, y=None):
    return ops.concat((x, self.c32))


def c_stack(self, x, y=None):
    return ops.stack((self.c32, self.c32))


def c_gather(self, x, y=None):
    return ops.gather(self.c32, Tensor([0], ms.int32), 0)


def c_where(self, x, y=None):
    return ops.where(ops.equal(self.c32, self.c32), x, self.c32)


def c_stop_gradient(self, x, y=None):
    return ops.stop_gradient(self.c32)


def c_tile(self, x, y=None):
    return ops.tile(self.c32, (2, 1))


def c_cumsum(self, x, y=None):
    return ops.cumsum(self.c32, 0)


def c_argmax(self, x, y=None):
    return ops.argmax(self.c32)



# not cast in PYNATIVE_MODE: views, copies, Depend, ones_like/zeros_like
def c_reshape(self, x, y=None):
    return ops.reshape(self.c32, (4,))


def c_transpose(self, x, y=None):
    return ops.transpose(self.c32, (1, 0))


def c_expand_dims(self, x, y=None):
    return ops.expand_dims(self.c32, 0)


def c_getitem(self, x, y=None):
    return self.c32[0]


def c_broadcast_to(self, x, y=None):
    return ops.broadcast_to(self.c32, (3, 2, 2))


def c_depend(self, x, y=None):
    return ops.depend(self.c32, x)


def c_zeros_like(self, x, y=None):
    return ops.zeros_like(self.c32)


def c_ones_like(self, x, y=None):
    return ops.ones_like(self.c32)



# children, functions, jit functions
def c_child(self, x, y=None):
    return self.ch(x)


def c_child32(self, x, y=None):
    return self.ch32(x)


def c_child_prim(self, x, y=None):
    return self.chmm(x)


def c_dense(self, x, y=None):
    return self.dense(x)


def c_func(self, x, y=None):
    return helper(self.c32, self.c32)


def c_func_const(self, x, y=None):
    return helper(ops.ones((2, 2), ms.float32), ops.ones((2, 2), ms.float32))


def c_jit(self, x, y=None):
    return jhelper(self.c32, self.c32)


# name -> (construct body, whether MindSpore's GRAPH_MODE gives the PYNATIVE dtype)
CASES = {
    "input": (c_input, True),
    "kwarg_plain": (c_kwarg_plain, True),
    "kwarg_op": (c_kwarg_op, True),
    "mm_const": (c_mm_const, False),
    "ones": (c_ones, True),
    "add_ones": (c_add_ones, False),
    "np_const": (c_np_const, True),
    "add_np_const": (c_add_np_const, False),
    "attr_op": (c_attr_op, True),
    "f64": (c_f64, True),
    "f64_x": (c_f64_x, True),
    "f64_matmul": (c_f64_matmul, False),
    "int": (c_int, True),
    "int_mul_float": (c_int_mul_float, False),
    "param_plain": (c_param_plain, True),
    "param_matmul": (c_param_matmul, False),
    "param_prim": (c_param_prim, True),
    "param_tuple": (c_param_tuple, False),
    "param_list": (c_param_list, False),
    "param_object": (c_param_object, False),
    "scalar": (c_scalar, True),
    "op_of_op": (c_op_of_op, True),
    "operator": (c_operator, True),
    "matmul_operator": (c_matmul_operator, True),
    "cast32": (c_cast32, True),
    "cast32_add": (c_cast32_add, False),
    "equal": (c_equal, True),
    "sum": (c_sum, True),
    "softmax": (c_softmax, True),
    "concat": (c_concat, True),
    "stack": (c_stack, True),
    "gather": (c_gather, True),
    "where": (c_where, True),
    "stop_gradient": (c_stop_gradient, True),
    "tile": (c_tile, True),
    "cumsum": (c_cumsum, True),
    "argmax": (c_argmax, True),
    "reshape": (c_reshape, False),
    "transpose": (c_transpose, False),
    "expand_dims": (c_expand_dims, False),
    "getitem": (c_getitem, False),
    "broadcast_to": (c_broadcast_to, False),
    "depend": (c_depend, False),
    "zeros_like": (c_zeros_like, False),
    "ones_like": (c_ones_like, False),
    "child": (c_child, True),
    "child32": (c_child32, True),
    "child_prim": (c_child_prim, True),
    "dense": (c_dense, True),
    "func": (c_func, True),
    "func_const": (c_func_const, False),
    "jit": (c_jit, True),
}

x = Tensor(np.full((2, 2), 0.3, np.float32))
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    for name, (fn, same_in_graph) in CASES.items():
        if mode == ms.GRAPH_MODE and not same_in_graph:
            continue
        net = type("Net_" + name, (Base,), {"construct": fn})().to_float(ms.float16)
        net.ch32.to_float(ms.float32)  # set back after the parent (amp's black list does this)
        out = net(x, y=x)
        emit("%s_%d" % (name, mode), [str(out.dtype), out])
ms.set_context(mode=ms.PYNATIVE_MODE)
