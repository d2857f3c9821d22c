"""mindspore.numpy append, diagonal, diagflat, rot90, rollaxis, dsplit, size, sometrue, isscalar,
ediff1d, tril/triu_indices(_from), diag_indices, indices and vander: values, dtypes, result
types and error types (Tensor inputs: mindcell.numpy also takes lists where MindSpore refuses)."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

mnp = ms.numpy
x = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
xi = Tensor(np.arange(6, dtype=np.int32).reshape(2, 3))
x3 = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
x4 = Tensor(np.zeros((2, 3, 4, 5), np.float32))


def out(key, r):
    if isinstance(r, (tuple, list)):
        emit(key + "_type", type(r).__name__)
        for k, t in enumerate(r):
            out("%s_%d" % (key, k), t)
        return
    emit(key, r)
    emit(key + "_meta", [str(r.dtype), list(r.shape)])


out("append", mnp.append(x, xi))
out("append_axis0", mnp.append(x, x, axis=0))
out("append_axis1", mnp.append(xi, Tensor(np.ones((2, 1), np.int8)), axis=-1))
emit_err("append_ndim", mnp.append, x, Tensor(np.ones(3, np.float32)), 1)
emit_err("append_axis_range", mnp.append, x, x, 2)

out("diagonal_3d", mnp.diagonal(x3))
out("diagonal_offset", mnp.diagonal(x, 1))
out("diagonal_negative", mnp.diagonal(x, -1))
out("diagonal_axes", mnp.diagonal(x3, 0, 2, 1))
out("diagonal_axes_offset", mnp.diagonal(x3, 1, -1, 0))
out("diagonal_past", mnp.diagonal(x, 5))
emit_err("diagonal_1d", mnp.diagonal, Tensor(np.arange(3)))

out("diagflat", mnp.diagflat(x))
out("diagflat_k", mnp.diagflat(Tensor(np.array([1, 2], np.int32)), -1))
out("diagflat_k2", mnp.diagflat(Tensor(np.array([[1., 2.]], np.float32)), 2))

for k in (1, 2, 3, 4, -1, 5):
    out("rot90_k%d" % k, mnp.rot90(x, k))
out("rot90_axes", mnp.rot90(x3, 1, (2, 0)))
out("rot90_axes_neg", mnp.rot90(x3, -1, (1, -1)))
emit_err("rot90_1d", mnp.rot90, Tensor(np.arange(3)))
emit_err("rot90_same_axes", mnp.rot90, x, 1, (0, 0))
emit_err("rot90_float_k", mnp.rot90, x, 1.5)

for a, s in ((3, 1), (1, 4), (-1, 0), (2, 2), (0, -1), (3, -4)):
    out("rollaxis_%d_%d" % (a, s), mnp.rollaxis(x4, a, s))
emit_err("rollaxis_axis", mnp.rollaxis, x4, 4)
emit_err("rollaxis_start", mnp.rollaxis, x4, 1, 5)
emit_err("rollaxis_float", mnp.rollaxis, x4, 1.0)

out("dsplit", mnp.dsplit(Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4)), 2))
out("dsplit_indices", mnp.dsplit(Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4)), [1, 3]))
emit_err("dsplit_2d", mnp.dsplit, x, 3)

emit("size", mnp.size(x))
emit("size_axis", mnp.size(x, 1))
emit("size_axis_neg", mnp.size(x3, -1))
emit("size_number", mnp.size(3))
emit_err("size_axis_range", mnp.size, x, 2)
emit_err("size_axis_float", mnp.size, x, 1.0)

out("sometrue_axis", mnp.sometrue(Tensor(np.array([[0, 1], [0, 0]], np.float32)), 1))
out("sometrue_all", mnp.sometrue(Tensor(np.array([[0, 1], [0, 0]], np.int32))))
out("sometrue_keepdims", mnp.sometrue(Tensor(np.array([[0, 1], [0, 0]], np.int32)), 0, True))

for k, v in enumerate((1, 1.5, True, Tensor(1), np.float32(1), np.int8(1), [1], "a", None,
                       np.array(1), 1j, np.complex64(1), b"a")):
    emit("isscalar_%d" % k, mnp.isscalar(v))

out("ediff1d", mnp.ediff1d(x))
out("ediff1d_ends", mnp.ediff1d(xi, to_end=[7, 8], to_begin=-1))
out("ediff1d_cast", mnp.ediff1d(x, to_end=Tensor(np.array([1], np.int32)), to_begin=2.5))
out("ediff1d_bool", mnp.ediff1d(Tensor(np.array([True, False, False, True]))))

out("tril_indices", mnp.tril_indices(3))
out("tril_indices_km", mnp.tril_indices(3, 1, 4))
out("tril_indices_float", mnp.tril_indices(3.0))
out("triu_indices", mnp.triu_indices(3))
out("triu_indices_km", mnp.triu_indices(3, -1, 2))
out("tril_indices_from", mnp.tril_indices_from(x))
out("triu_indices_from", mnp.triu_indices_from(x, 1))
emit_err("triu_indices_from_1d", mnp.triu_indices_from, Tensor(np.arange(3)))
emit_err("tril_indices_tensor", mnp.tril_indices, Tensor(3))

out("diag_indices", mnp.diag_indices(3))
out("diag_indices_3d", mnp.diag_indices(2, 3))
emit_err("diag_indices_float", mnp.diag_indices, 2.0)

out("indices", mnp.indices((2, 3)))
out("indices_sparse", mnp.indices((2, 3), sparse=True))
out("indices_float", mnp.indices((2, 3), dtype=ms.float32))
out("indices_3d", mnp.indices([2, 1, 2]))
emit_err("indices_int", mnp.indices, 3)
emit_err("indices_negative", mnp.indices, (2, -1))

out("vander", mnp.vander(Tensor(np.array([1, 2, 3], np.int32))))
out("vander_increasing", mnp.vander(Tensor(np.array([1.5, 2, 3], np.float32)), 2, True))
out("vander_N", mnp.vander(Tensor(np.array([2, 3], np.int8)), 4))
out("vander_N0", mnp.vander(Tensor(np.array([1, 2], np.int32)), 0))
emit_err("vander_2d", mnp.vander, x)
emit_err("vander_N_float", mnp.vander, Tensor(np.array([2, 3], np.int8)), 2.5)
