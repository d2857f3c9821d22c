"""COOTensor and CSRTensor: parts, dense forms, value maps, conversions and validation."""
import numpy as np
from _target import ms, Tensor, emit, emit_err

COO, CSR = ms.COOTensor, ms.CSRTensor
idx = Tensor(np.array([[0, 1], [1, 2]], np.int32))
val = Tensor(np.array([1., 2.], np.float32))
c = COO(idx, val, (3, 4))
emit("coo_indices", c.indices)
emit("coo_values", c.values)
emit("coo_shape", list(c.shape))
emit("coo_meta", [str(c.dtype), c.size, c.itemsize, c.ndim])
emit("coo_dense", c.to_dense())
emit("coo_astype", [type(c.astype(ms.float64)).__name__, str(c.astype(ms.float64).values.dtype)])
emit("coo_abs", COO(idx, -val, (3, 4)).abs().values)
emit("coo_neg", (-c).values)
emit("coo_to_tuple", list(c.to_tuple()))
emit("coo_plus_dense", c + Tensor(np.ones((3, 4), np.float32)))
emit("coo_copy", COO(coo_tensor=c).values)
emit("coo_int64", COO(Tensor(np.array([[0, 1]], np.int64)), Tensor([1.]), (2, 2)).indices)
emit("coo_duplicates", COO(Tensor(np.array([[0, 1], [0, 1]], np.int32)),
                           Tensor(np.array([1., 2.], np.float32)), (2, 2)).to_dense())
emit("coo_int_values", COO(Tensor(np.array([[0, 1]], np.int32)), Tensor(np.array([1], np.int32)),
                           (2, 2)).to_dense())
emit_err("coo_coalesce_int32", c.coalesce)
emit_err("coo_add_int32", c.add, c, Tensor(np.array(0.0, np.float32)))
emit_err("coo_float_indices", COO, Tensor(np.array([[0., 1.]], np.float32)), Tensor([1.]), (2, 2))
emit_err("coo_indices_rank", COO, Tensor(np.array([0, 1], np.int32)), Tensor([1.]), (2, 2))
emit_err("coo_values_rank", COO, Tensor(np.array([[0, 1]], np.int32)), Tensor([[1.]]), (2, 2))
emit_err("coo_count", COO, Tensor(np.array([[0, 1]], np.int32)), Tensor([1., 2.]), (2, 2))
emit_err("coo_columns", COO, Tensor(np.array([[0, 1, 1]], np.int32)), Tensor([1.]), (2, 2))
emit_err("coo_shape_list", COO, Tensor(np.array([[0, 1]], np.int32)), Tensor([1.]), [2, 2])
emit_err("coo_numpy_indices", COO, np.array([[0, 1]]), Tensor([1.]), (2, 2))
emit_err("coo_3d", COO, Tensor(np.array([[0, 1, 1]], np.int32)), Tensor([1.]), (2, 2, 2))
emit_err("coo_none", COO)

d = CSR(Tensor(np.array([0, 1, 2, 2], np.int32)), Tensor(np.array([1, 2], np.int32)), val, (3, 4))
emit("csr_parts", [d.indptr, d.indices, d.values, list(d.shape)])
emit("csr_meta", [str(d.dtype), d.size, d.itemsize, d.ndim])
emit("csr_dense", d.to_dense())
emit("csr_astype", str(d.astype(ms.float64).values.dtype))
emit("csr_abs", CSR(d.indptr, d.indices, -val, (3, 4)).abs().values)
emit("csr_dense_2", CSR(Tensor(np.array([0, 1, 2], np.int32)), Tensor(np.array([0, 1], np.int32)),
                        val, (2, 4)).to_dense())
emit_err("csr_indptr_length", CSR, Tensor(np.array([0, 1], np.int32)),
         Tensor(np.array([0, 1], np.int32)), val, (2, 4))
