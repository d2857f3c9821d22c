"""ops.vmap: in_axes/out_axes (ints, None, nests), constants, Cells, nested vmap, grad inside,
and the error types."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit, emit_err

x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
y = Tensor(np.arange(3, dtype=np.float32))


def mul_sum(a, b):
    return a * b, a.sum()


def dbl(a):
    return a * 2


def inc(a):
    return a + 1


def add_pair(t):
    return t[0] + t[1]


def scale(a, s):
    return a * s


def three(a):
    return 3


def mean(a):
    return a.mean()


def as_dict(a):
    return {"k": a * 2}


def add(a, b):
    return a + b


def square(a):
    return a * a


def sum_sq(a):
    return (a * a).sum()


def two(a):
    return a * 2, a.sum()


emit("same_object", [ms.vmap is ops.vmap, ms.ops.functional.vmap is ops.vmap])
emit("basic", ops.vmap(mul_sum, in_axes=(0, None))(x, y))
emit("axis1", ops.vmap(mul_sum, in_axes=(1, None))(x, Tensor(np.arange(2, dtype=np.float32))))
emit("out_axes1", ops.vmap(dbl, in_axes=1, out_axes=1)(x))
emit("out_axes_tuple", ops.vmap(two, in_axes=1, out_axes=(1, 0))(x))
emit("out_axes_negative", ops.vmap(dbl, in_axes=0, out_axes=-1)(x))
emit("in_axes_negative", ops.vmap(inc, in_axes=-1)(x))
emit("nested_in_axes", ops.vmap(add_pair, in_axes=((0, 1),))((x, x.T)))
emit("nested_list", ops.vmap(add_pair, in_axes=([0, 1],))([x, x.T]))
emit("scalar_unmapped", ops.vmap(scale, in_axes=(0, None))(x, 2.0))
out = ops.vmap(three, in_axes=0)(x)
emit("constant_output", [str(out.dtype), out])
emit("cell", ops.vmap(nn.ReLU())(x - 2))
emit("nested_vmap", ops.vmap(ops.vmap(square))(x))
emit("list_in_axes", ops.vmap(add, in_axes=[0, 0])(x, x))
emit("int_input", ops.vmap(dbl, in_axes=0)(Tensor(np.arange(3, dtype=np.int32))))
emit("grad_inside", ops.vmap(ops.grad(sum_sq))(x))
emit("mean_axis1", ops.vmap(mean, in_axes=1)(x))
emit_err("out_none_varying", ops.vmap(mul_sum, in_axes=(0, None), out_axes=(0, None)), x, y)
emit_err("size_mismatch", ops.vmap(mul_sum, in_axes=(0, 0)), x, y)
emit_err("all_none", ops.vmap(mul_sum, in_axes=(None, None)), x, y)
emit_err("in_axes_float", ops.vmap(mul_sum, in_axes=1.5), x, y)
emit_err("in_axes_str", ops.vmap(dbl, in_axes="a"), x)
emit_err("in_axes_length", ops.vmap(mul_sum, in_axes=(0, 0, 0)), x, y)
emit_err("in_axis_out_of_range", ops.vmap(mul_sum, in_axes=(3, None)), x, y)
emit_err("dict_output", ops.vmap(as_dict), x)
emit_err("out_axis_out_of_range", ops.vmap(dbl, out_axes=2), x)
emit_err("out_axes_float", ops.vmap(dbl, out_axes=1.5), x)
emit_err("scalar_mapped", ops.vmap(scale, in_axes=(0, 0)), x, 2.0)
emit_err("keyword_argument", lambda: ops.vmap(add)(x, b=x))
emit_err("dict_input", ops.vmap(as_dict, in_axes=0), {"a": x})
emit_err("not_callable", lambda: ops.vmap(3)(x))
emit_err("mean_out_axis", ops.vmap(mean, out_axes=1), x)
