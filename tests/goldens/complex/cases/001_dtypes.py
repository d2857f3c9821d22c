"""Complex tensors: construction, printing, promotion with every real dtype, casts, Python
scalars, elementwise arithmetic, reductions and shape ops (MindSpore 2.10, CPU)."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

Z = np.array([[1 + 2j, 3.5 - 4j, -0.25 + 0j], [0 + 1j, -2 - 2j, 1e-8 + 1e10j]])
z64 = Tensor(Z.astype(np.complex64))
z128 = Tensor(Z)

# construction and printing
emit("py_scalar", [str(Tensor(1 + 2j).dtype), repr(Tensor(1 + 2j))])
emit("py_list", [str(Tensor([1 + 2j, 3]).dtype), repr(Tensor([1 + 2j, 3 - 4j]))])
emit("py_mixed", repr(Tensor([True, 2.5 + 1j])))
emit("np64", [str(z64.dtype), z64.shape, z64.asnumpy()])
emit("np128", [str(z128.dtype), z128.asnumpy()])
emit("repr64", repr(z64))
emit("repr128", repr(z128))
emit("repr_special", repr(Tensor(np.array([np.nan + np.inf * 1j, -0.0 - 2.5j, 1 / 3 + 2 / 3j,
                                            123456.789 - 1j], np.complex64))))
emit("repr_0d", repr(Tensor(np.array(1 / 3 - 2 / 3j, np.complex64))))
emit("repr_3d", repr(Tensor(np.arange(12).reshape(2, 3, 2) + 1j, ms.complex64)))
emit("repr_long", repr(Tensor(np.arange(2000) * (1 + 1j), ms.complex64)))
emit("str_0d", str(Tensor(np.array(1 / 3 - 2 / 3j, np.complex64))))
emit("str_1d", str(Tensor(np.array([1 + 2j, 3 - 4j], np.complex64))))
emit("with_dtype", [repr(Tensor([1, 2.5], ms.complex64)),
                    repr(Tensor(np.array([1, 2], np.int32), ms.complex128)),
                    repr(Tensor([1 + 2j, 3], ms.complex64))])
emit("complex_to_real_dtype", repr(Tensor(np.array([1 + 2j]), ms.float32)))
emit("dtype_objects", [str(ms.complex64), str(ms.complex128), repr(ms.complex64),
                       ms.complex64.itemsize if hasattr(ms.complex64, "itemsize") else 8,
                       ms.dtype_to_nptype(ms.complex128).__name__])
emit("in_number_type", [ms.complex64 in ms.common.dtype.number_type,
                        ms.complex128 in ms.common.dtype.all_types])
emit("predicates", [z64.is_complex(), z64.is_floating_point(), ops.is_complex(z128),
                    ops.is_floating_point(z64), Tensor([1.0]).is_complex()])

# promotion with every real dtype (tensor + tensor)
reals = [ms.bool_, ms.int8, ms.int16, ms.int32, ms.int64, ms.uint8, ms.float16, ms.float32,
         ms.float64, ms.bfloat16]
def _dtype_of(fn):
    try:
        return str(fn().dtype)
    except Exception as e:  # MindSpore 2.10's Mul has no complex-with-bool/int kernel
        return type(e).__name__


for c in (ms.complex64, ms.complex128):
    row = []
    for r in reals + [ms.complex64, ms.complex128]:
        row.append(_dtype_of(lambda: Tensor(np.ones(2), r) + Tensor(np.ones(2), c)))
        row.append(_dtype_of(lambda: Tensor(np.ones(2), c) - Tensor(np.ones(2), r)))
    emit("promote_%s" % c, row)

# Python scalars
emit("scalar_int", [str((z64 + 1).dtype), (z64 + 1).asnumpy()])
emit("scalar_float", [str((z64 * 1.5).dtype), (z64 * 1.5).asnumpy()])
emit("scalar_bool", str((z64 + True).dtype))
emit("rscalar", [(2 - z64).asnumpy(), (1 / z128).asnumpy()])
emit_err("complex_scalar_on_complex", lambda: z64 + 2j)
emit_err("complex_scalar_on_real", lambda: Tensor([1.0]) + 2j)

# casts
for d in (ms.float32, ms.float64, ms.int32, ms.bool_, ms.float16):
    emit("cast_to_%s" % d, repr(z64.astype(d)))
    emit("cast_from_%s" % d, repr(Tensor([1, 0, 2], d).astype(ms.complex64)))
emit("cast_c64_c128", repr(z64.astype(ms.complex128)))
emit("cast_c128_c64", z128.astype(ms.complex64).asnumpy())
emit("ops_cast", repr(ops.cast(z64, ms.float64)))

# arithmetic on complex tensors
w = Tensor(np.array([[0.5 - 1j, 2 + 0j, 1j], [-1 + 1j, 3 - 0.5j, 0.25 + 0.25j]], np.complex64))
emit("add", (z64 + w).asnumpy())
emit("sub", (z64 - w).asnumpy())
emit("mul", (z64 * w).asnumpy())
emit("div", (w / (z64 + 1)).asnumpy())
emit("neg", (-z64).asnumpy())
emit("abs", [str(ops.abs(w).dtype), ops.abs(w).asnumpy()])
emit("exp", ops.exp(w).asnumpy())
emit("log", ops.log(w).asnumpy())
emit("sqrt", ops.sqrt(w).asnumpy())
emit("pow", ops.pow(w, 2).asnumpy())
emit("square", ops.square(w).asnumpy())
emit("reciprocal", ops.reciprocal(w).asnumpy())
emit("sin", ops.sin(w).asnumpy())
emit("tanh", ops.tanh(w).asnumpy())
emit("matmul", ops.matmul(w, w.T).asnumpy())
emit("matmul128", ops.matmul(z128[:, :2], z128[:, 1:].T).asnumpy())
emit("sum", [w.sum().asnumpy(), w.sum(axis=1).asnumpy(), ops.sum(w, 0).asnumpy()])
emit("mean", [w.mean().asnumpy(), ops.mean(w, 1).asnumpy()])
emit("reshape", w.reshape(3, 2).asnumpy())
emit("transpose", [w.T.asnumpy(), ops.transpose(w, (1, 0)).asnumpy()])
emit("concat", ops.concat((w, w * 2), 1).asnumpy())
emit("stack", ops.stack((w, -w)).asnumpy())
emit("slice", [w[1].asnumpy(), w[:, ::2].asnumpy(), w[1, 2].asnumpy()])
emit("expand_squeeze", [ops.expand_dims(w, 0).shape, ops.squeeze(w[None]).shape])
emit("tile", ops.tile(w[0], (2,)).asnumpy())
# (asnumpy: MindSpore 2.10 reports a kernel's dtype error when the value is read)
emit_err("relu", lambda: ops.relu(w).asnumpy())
emit_err("maximum", lambda: ops.maximum(w, w).asnumpy())
emit_err("greater", lambda: ops.greater(w, w).asnumpy())
