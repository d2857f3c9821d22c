"""ConjugateTranspose (values, dtypes, errors, its gradient in both modes), MatrixLogarithm
(complex128, and complex64 where the logarithm is real), coalesce/Coalesce on sorted indices,
TensorToTuple, tensor_muls, tensor_range and isconstant."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err

F = ops.functional
C_NP = np.array([[1 + 2j, 3 - 1j], [1j, 2]], np.complex64)
# a fresh Tensor per op: MindSpore 2.10's ConjugateTranspose also conjugates its input in place
c = Tensor(C_NP)
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
ct = ops.ConjugateTranspose()
out = ct(c, (1, 0))
emit("ct_complex_real", out.asnumpy().real.tolist())
emit("ct_complex_imag", out.asnumpy().imag.tolist())
emit("ct_complex_dtype", out.dtype)
emit("ct_3d", ct(x3, (2, 0, 1)))
emit("ct_int", ct(Tensor(np.array([[1, 2, 3]], np.int32)), (1, 0)))
emit_err("ct_list_perm", ct, c, [1, 0])
emit_err("ct_short_perm", ct, c, (0,))
emit_err("ct_repeat_perm", ct, c, (0, 0))
emit_err("ct_not_tensor", ct, [1], (0,))

w = Tensor(np.linspace(-1, 1, 24, dtype=np.float32).reshape(4, 2, 3))


def loss(x):
    return (ct(x, (2, 0, 1)) * w).sum()


for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    emit("ct_grad_%d" % mode, ms.grad(loss)(x3))
ms.set_context(mode=ms.PYNATIVE_MODE)

ml = ops.MatrixLogarithm()
out = ml(Tensor(C_NP.astype(np.complex128)))
emit("mlog_c128_real", out.asnumpy().real.tolist())
emit("mlog_c128_imag", out.asnumpy().imag.tolist())
emit("mlog_c128_dtype", out.dtype)
spd = np.array([[[2.0, 0.5], [0.5, 1.0]], [[np.e, 0], [0, 1.0]]])
out = ml(Tensor(spd.astype(np.complex64)))
emit("mlog_c64_real", out.asnumpy().real.tolist())
emit("mlog_c64_imag", np.abs(out.asnumpy().imag).max() < 1e-5)
emit("mlog_c64_dtype", out.dtype)
emit_err("mlog_float", ml, Tensor(spd.astype(np.float32)))
emit_err("mlog_rect", ml, Tensor(np.ones((2, 3), np.complex64)))
emit_err("mlog_rank1", ml, Tensor(np.ones((2,), np.complex64)))

i = Tensor([[0, 0, 1], [1, 1, 2]], ms.int64)
v = Tensor([1.0, 2.0, 3.0], ms.float32)
s = Tensor([3, 3], ms.int64)
# MindSpore 2.10's CPU Coalesce kernel does not trim its outputs: after its first call in a
# process, and for unsorted indices, they carry extra columns of stale memory (a silent wrong
# answer); only its first result is recorded here (tests/ops/test_legacy_prims.py checks the
# rest against numpy).
emit("coalesce", ops.coalesce(i, v, s))
emit("coalesce_same_at_functional", F.coalesce is ops.coalesce)
for dt in (ms.float16, ms.float64):
    out = ops.coalesce(i, v.astype(dt), s)
    emit("coalesce_%s" % dt, out)
    emit("coalesce_%s_dtype" % dt, out[1].dtype)
emit_err("coalesce_int32_idx", ops.coalesce, i.astype(ms.int32), v, s)
emit_err("coalesce_int_vals", ops.coalesce, i, Tensor([1, 2, 3]), s)
emit_err("coalesce_nnz", ops.coalesce, i, Tensor([1.0, 2.0]), s)
emit_err("coalesce_ndim", ops.coalesce, i, v, Tensor([3, 3, 3], ms.int64))
emit_err("coalesce_range", ops.coalesce, i, v, Tensor([1, 3], ms.int64))
emit_err("coalesce_rank", ops.coalesce, i[0], v, s)

tt = ops.TensorToTuple()
for key, t in (("f", Tensor([1.5, 2.0])), ("i", Tensor([1, 2])), ("b", Tensor([True, False]))):
    out = tt(t)
    emit("tt_" + key, out)
    emit("tt_%s_types" % key, [type(e).__name__ for e in out])
emit_err("tt_0d", tt, Tensor(3))

emit("muls", ops.tensor_muls(Tensor([1, 2]), 2.5))
emit("muls_dtype", ops.tensor_muls(Tensor([1, 2]), 2.5).dtype)
emit("muls_int", ops.tensor_muls(Tensor([1, 2]), 3))
emit_err("muls_tensor", ops.tensor_muls, Tensor([1.0]), Tensor([1.0]))
for key, args in (("range_i", (0, 5, 2)), ("range_f", (0.0, 1.0, 0.5)),
                  ("range_t", (Tensor(0), Tensor(5), Tensor(2)))):
    out = F.tensor_range(*args)
    emit(key, out)
    emit(key + "_dtype", out.dtype)
emit("isconstant", [F.isconstant(1), F.isconstant(Tensor([1.0]))])

ms.set_context(mode=ms.GRAPH_MODE)


@ms.jit
def constness(x):
    return F.isconstant(x), F.isconstant(x.shape[0])


emit("isconstant_graph", constness(Tensor([1.0, 2.0])))
ms.set_context(mode=ms.PYNATIVE_MODE)
