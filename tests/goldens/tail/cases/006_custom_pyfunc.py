"""ops.Custom with func_type='pyfunc': callable and explicit out_shape/out_dtype, several
outputs, a bprop, GRAPH_MODE, and the errors of its arguments."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit, emit_err


def np_add(a, b):
    return a + b


def two_outputs(a):
    return a * 2, a.sum()


def bprop(a, b, out, dout):
    return dout * 2, dout * 3


x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
z = Tensor(np.ones((2, 3), np.float32))
op = ops.Custom(np_add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a, func_type="pyfunc")
emit("callable_decl", op(x, z))
emit("explicit_decl", ops.Custom(np_add, out_shape=(2, 3), out_dtype=ms.float32)(x, z))
outs = ops.Custom(two_outputs, out_shape=((2, 3), ()), out_dtype=(ms.float32, ms.float32),
                  func_type="pyfunc")(x)
emit("two_outputs", list(outs))
with_bprop = ops.Custom(np_add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a,
                        func_type="pyfunc", bprop=bprop)


def loss(a, b):
    return with_bprop(a, b).sum()


emit("grad_bprop", list(ops.grad(loss, grad_position=(0, 1))(x, z)))


def loss_plain(a, b):
    return op(a, b).sum()


emit_err("grad_without_bprop", ops.grad(loss_plain), x, z)
emit_err("bad_func_type", ops.Custom, np_add, (2, 3), ms.float32, "nope")
emit_err("no_out_shape", lambda: ops.Custom(np_add, func_type="pyfunc")(x, z))
emit_err("func_not_function", ops.Custom, 3, (2, 3), ms.float32, "pyfunc")


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = ops.Custom(np_add, out_shape=lambda a, b: a, out_dtype=lambda a, b: a,
                             func_type="pyfunc")

    def construct(self, a, b):
        return self.op(a, b) * 2


ms.set_context(mode=ms.GRAPH_MODE)
emit("graph_mode", Net()(x, z))
ms.set_context(mode=ms.PYNATIVE_MODE)
