"""F.make_range, F.tuple_len, F.mixed_precision_cast, C.add_flags, ops.tensor_scatter_elements,
ops.tensor_dot and ops.range: values, dtypes and error types."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

F = ms.ops.functional
C = ms.ops.composite
emit("make_range_1", list(F.make_range(4)))
emit("make_range_2", list(F.make_range(1, 4)))
emit("make_range_3", list(F.make_range(1, 8, 3)))
emit("make_range_neg", list(F.make_range(5, 1, -2)))
emit("make_range_empty", list(F.make_range(3, 1)))
emit_err("make_range_zero_step", F.make_range, 1, 5, 0)
emit_err("make_range_float", F.make_range, 1.5)
emit_err("make_range_bool", F.make_range, True)
emit_err("make_range_none", F.make_range)
emit_err("make_range_four", F.make_range, 1, 2, 3, 4)
emit_err("make_range_tensor", F.make_range, Tensor(3))

emit("tuple_len", F.tuple_len((1, 2, 3)))
emit("tuple_len_list", F.tuple_len([1, 2]))
emit("tuple_len_empty", F.tuple_len(()))
emit_err("tuple_len_two", F.tuple_len, (1,), (2,))

x32 = Tensor(np.array([1.5, 2.0], np.float32))
emit("mpc_tensor", F.mixed_precision_cast(ms.float16, x32))
emit("mpc_tensor_dtype", str(F.mixed_precision_cast(ms.float16, x32).dtype))
emit("mpc_int_dtype", str(F.mixed_precision_cast(ms.float16, Tensor([1, 2], ms.int32)).dtype))
out = F.mixed_precision_cast(ms.float16, (x32, Tensor([2], ms.int32)))
emit("mpc_tuple_dtypes", [str(t.dtype) for t in out])
emit("mpc_list_type", type(F.mixed_precision_cast(ms.float16, [x32])).__name__)
emit("mpc_scalar", F.mixed_precision_cast(ms.float16, 1.5))
emit("mpc_f64", str(F.mixed_precision_cast(ms.float32, Tensor([1.5], ms.float64)).dtype))
emit("mpc_to_int", str(F.mixed_precision_cast(ms.int32, Tensor([1.5])).dtype))
emit_err("mpc_bad_dtype", F.mixed_precision_cast, "float16", x32)


def plain(v):
    return v


emit("add_flags_same", C.add_flags(plain, a=True, b=False) is plain)
emit("add_flags_dict", plain._func_graph_flags)
C.add_flags(plain, c=True)
emit("add_flags_merged", sorted(plain._func_graph_flags))
deco = C.add_flags(k=True)
emit("add_flags_deco", deco(plain) is plain)

zeros = Tensor(np.zeros((2, 3), np.float32))
upd = Tensor(np.array([[1., 2.], [3., 4.]], np.float32))
idx = Tensor(np.array([[1, 0], [2, 1]], np.int32))
emit("tse_axis1", ops.tensor_scatter_elements(zeros, idx, upd, axis=1))
emit("tse_add", ops.tensor_scatter_elements(Tensor(np.ones((2, 3), np.float32)),
                                            Tensor(np.array([[1, 1], [2, 1]], np.int32)), upd,
                                            axis=1, reduction="add"))
emit("tse_axis0", ops.tensor_scatter_elements(zeros, Tensor(np.array([[1, 0, 1]], np.int32)),
                                              Tensor(np.array([[1., 2., 3.]], np.float32))))
emit("tse_negative_index", ops.tensor_scatter_elements(
    zeros, Tensor(np.array([[-1, 0, 1]], np.int32)), Tensor(np.array([[1., 2., 3.]], np.float32))))
emit_err("tse_bad_reduction", ops.tensor_scatter_elements, zeros, idx, upd, 1, "mul")

a = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
b = Tensor(np.arange(12, dtype=np.float32).reshape(4, 3))
emit("tensor_dot_int", ops.tensor_dot(a, b, 1))
emit("tensor_dot_pair", ops.tensor_dot(a, b, ((2, 1), (0, 1))))
emit("tensor_dot_pair_ints", ops.tensor_dot(a, b, (2, 0)))
emit("tensor_dot_negative", ops.tensor_dot(a, b, ((-1,), (0,))))
emit("tensor_dot_outer", ops.tensor_dot(Tensor([1., 2.]), Tensor([3., 4.]), 0))
emit("tensor_dot_int32", ops.tensor_dot(Tensor(np.ones((2, 2), np.int32)),
                                        Tensor(np.ones((2, 2), np.int32)), 1))
emit_err("tensor_dot_mismatch", ops.tensor_dot, a, b, ((1,), (0,)))
emit_err("tensor_dot_float_axes", ops.tensor_dot, a, b, 1.0)
emit_err("tensor_dot_too_many", ops.tensor_dot, a, b, 3)

emit("range_int", ops.range(Tensor(0), Tensor(5), Tensor(2)))
emit("range_float", ops.range(Tensor(0.), Tensor(1.), Tensor(0.3)))
emit("range_negative", ops.range(Tensor(5), Tensor(0), Tensor(-2)))
emit("range_python", ops.range(0, 5, 2))
emit("range_empty", ops.range(Tensor(3), Tensor(3), Tensor(1)))
emit("range_one_element", ops.range(Tensor([0]), Tensor([5]), Tensor([1])))
for dt in (ms.int32, ms.int8, ms.uint8, ms.int64, ms.float16, ms.float64):
    r = ops.range(Tensor(0, dt), Tensor(5, dt), Tensor(2, dt))
    emit("range_dtype_" + str(dt), [str(r.dtype), r])
emit_err("range_mixed", ops.range, Tensor(0), Tensor(5.), Tensor(2))
emit_err("range_mixed_python", ops.range, 0, 5, 2.5)
emit_err("range_zero", ops.range, Tensor(0), Tensor(5), Tensor(0))
emit_err("range_wrong_direction", ops.range, Tensor(0), Tensor(5), Tensor(-1))
emit_err("range_maxlen_zero", ops.range, 0, 5, 1, 0)
emit_err("range_two_elements", ops.range, Tensor([0, 1]), 5, 1)
