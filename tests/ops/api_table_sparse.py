"""api_table rows for the sparse tensors' functions and primitives (ops/_sparse.py,
ops/function/sparse_func.py, sparse_unary_func.py, ops/operations_sparse.py) and
ops.InsertGradientOf. The rows take dense float tensors as the stored values (and dense
operands) of COOTensor/CSRTensor built on fixed index patterns, and return the results' parts
(indices, values, dense form) as Tensors, so the table's GRAPH_MODE, gradient and float64
finite-difference checks run through the sparse paths: gradients reach the values and the
dense operands. Functions of index tensors only (coo2csr, csr2coo, the index getters) have no
float output: their rows check GRAPH_MODE against PYNATIVE. The functions reading index values
(dense_to_sparse_*, Tensor.to_coo/to_csr, coo2csr, csr2coo) run in GRAPH_MODE by computing them
while tracing from the call's values (the graph keyed by them), so their rows are value rows."""
import numpy as np

import mindcell as ms
from mindcell import COOTensor, CSRTensor, Tensor, ops

from api_table import R

NNZ = 4
SHAPE = (3, 4)
# one pattern of 4 entries of a 3x4 matrix, row-major: (0,1) (1,2) (2,0) (2,3)
COO_IDX = Tensor(np.array([[0, 1], [1, 2], [2, 0], [2, 3]], np.int64))
CSR_PTR = Tensor(np.array([0, 1, 2, 4], np.int32))
CSR_COL = Tensor(np.array([1, 2, 0, 3], np.int32))
# a second pattern overlapping the first in (1,2): (0,0) (1,2) (2,1)
COO_IDX2 = Tensor(np.array([[0, 0], [1, 2], [2, 1]], np.int64))
CSR_PTR2 = Tensor(np.array([0, 1, 2, 3], np.int32))
CSR_COL2 = Tensor(np.array([0, 2, 1], np.int32))
V = ("f", (NNZ,))
V2 = ("f", (3,))


def _coo(v, idx=COO_IDX):
    return COOTensor(idx, v, SHAPE)


def _csr(v, ptr=CSR_PTR, col=CSR_COL):
    return CSRTensor(ptr, col, v, SHAPE)


def _coo_parts(c):
    return c.indices, c.values, c.to_dense()


def _csr_parts(c):
    return c.indptr, c.indices, c.values, c.to_dense()


# ----- the element-wise families ops.coo_<op> / ops.csr_<op>: the input domain per op --------
_UNARY_DOMAIN = {
    "abs": "away", "acos": "prob", "acosh": "acosh", "asin": "prob", "asinh": "f",
    "atan": "f", "atanh": "prob", "ceil": "f", "cos": "f", "cosh": "f", "exp": "f",
    "expm1": "f", "floor": "f", "inv": "away", "isfinite": "f", "isinf": "f", "isnan": "f",
    "log": "pos", "log1p": "pos", "neg": "f", "relu": "away", "relu6": "away", "round": "f",
    "sigmoid": "f", "sin": "f", "sinh": "f", "softsign": "away", "sqrt": "pos", "square": "f",
    "tan": "away", "tanh": "f",
}


def _unary_rows(prefix, make, parts):
    rows = []
    for op, domain in sorted(_UNARY_DOMAIN.items()):
        fn = getattr(ops, "%s_%s" % (prefix, op))
        # acosh needs values >= 1: "pos" values in [0.5, 2] shifted by 1
        shift = 1.0 if domain == "acosh" else 0.0
        spec = ("pos" if domain == "acosh" else domain, (NNZ,))
        rows.append(R("ops.%s_%s" % (prefix, op),
                      (lambda fn, shift: lambda v: parts(fn(make(v + shift) if shift
                                                            else make(v))))(fn, shift),
                      spec))
    return rows


def _csr2coo_of_counts(counts):
    """csr2coo of the row pointers of rows holding ``counts`` values."""
    ptr = ops.concat([ops.zeros((1,), counts.dtype), ops.cumsum(counts, 0)])
    return ops.csr2coo(ptr, int(ptr[-1]))


_I64 = lambda *a: Tensor(np.array(a, np.int64))  # noqa: E731
_SOFTMAX_F32 = "computed in its dtype argument, float32"

ROWS = [
    *_unary_rows("coo", _coo, _coo_parts),
    *_unary_rows("csr", _csr, _csr_parts),
    # ----- COOTensor functions
    R("ops.coo_add", lambda a, b: _coo_parts(ops.coo_add(_coo(a), _coo(b, COO_IDX2), 0.0)),
      ("away", (NNZ,)), ("away", (3,))),
    R("ops.coo_concat", lambda a, b: _coo_parts(ops.coo_concat((_coo(a), _coo(b, COO_IDX2)), 1)),
      V, V2),
    R("ops.coo_concat", lambda a, b: _coo_parts(ops.coo_concat([_coo(a), _coo(b, COO_IDX2)])),
      V, V2),
    R("ops.coo_tensor_get_values", lambda v: ops.coo_tensor_get_values(_coo(v)) * 2.0, V),
    R("ops.coo_tensor_get_indices", lambda v: ops.coo_tensor_get_indices(_coo(v)), V),
    R("ops.coo_tensor_get_dense_shape",
      lambda v: (ops.coo_tensor_get_dense_shape(_coo(v)), v * 1.0), V),
    R("ops.make_coo_tensor", lambda v: _coo_parts(ops.make_coo_tensor(COO_IDX, v, SHAPE)), V),
    R("ops.make_sparse_tensor",
      lambda v: _coo_parts(ops.make_sparse_tensor(COO_IDX, v, SHAPE)), V),
    R("ops.dense_to_sparse_coo", lambda x: _coo_parts(ops.dense_to_sparse_coo(ops.relu(x))),
      SHAPE),
    R("Tensor.to_coo", lambda x: _coo_parts(ops.relu(x).to_coo()), SHAPE),
    R("ops.coo2csr", lambda r: ops.coo2csr(ops.sort(r)[0], 3), ("int", (5,), 3)),
    # ----- CSRTensor functions
    R("ops.csr_add", lambda a, b, al, be: _csr_parts(
        ops.csr_add(_csr(a), _csr(b, CSR_PTR2, CSR_COL2), al, be)), V, V2, (), ()),
    R("ops.csr_mul", lambda v, d: _csr_parts(ops.csr_mul(_csr(v), d)), V, SHAPE),
    R("ops.csr_mul", lambda v, d: _csr_parts(ops.csr_mul(_csr(v), d)), V, (SHAPE[1],)),
    R("ops.csr_div", lambda v, d: ops.csr_div(_csr(v), d), V, ("away", SHAPE)),  # the values
    R("ops.csr_mv", lambda v, d: ops.csr_mv(_csr(v), d), V, (SHAPE[1], 1)),
    R("ops.csr_mm", lambda v, d: ops.csr_mm(_csr(v), d), V, (SHAPE[1], 2)),
    R("ops.csr_mm", lambda v, d: ops.csr_mm(_csr(v), d, trans_a=True), V, (SHAPE[0], 2)),
    R("ops.csr_mm", lambda v, d: ops.csr_mm(_csr(v), d, trans_b=True), V, (2, SHAPE[1])),
    R("ops.csr_reduce_sum", lambda v: ops.csr_reduce_sum(_csr(v), 1), V),
    R("ops.csr_reduce_sum", lambda v: ops.csr_reduce_sum(_csr(v), 0), V),
    R("ops.csr_softmax", lambda v: _csr_parts(ops.csr_softmax(_csr(v), ms.float64)), V),
    R("ops.csr_softmax", lambda v: _csr_parts(ops.csr_softmax(_csr(v), ms.float32)), V,
      fd=_SOFTMAX_F32),
    R("ops.csr_to_dense", lambda v: ops.csr_to_dense(_csr(v)), V),
    R("ops.csr_to_coo", lambda v: _coo_parts(ops.csr_to_coo(_csr(v))), V),
    R("ops.csr_gather", lambda d: ops.csr_gather(CSR_PTR, CSR_COL, d, SHAPE), SHAPE),
    R("ops.csr_tensor_get_values", lambda v: ops.csr_tensor_get_values(_csr(v)) * 2.0, V),
    R("ops.csr_tensor_get_indices", lambda v: ops.csr_tensor_get_indices(_csr(v)), V),
    R("ops.csr_tensor_get_indptr", lambda v: ops.csr_tensor_get_indptr(_csr(v)), V),
    R("ops.csr_tensor_get_dense_shape",
      lambda v: (ops.csr_tensor_get_dense_shape(_csr(v)), v * 1.0), V),
    R("ops.make_csr_tensor",
      lambda v: _csr_parts(ops.make_csr_tensor(CSR_PTR, CSR_COL, v, SHAPE)), V),
    R("ops.dense_to_sparse_csr", lambda x: _csr_parts(ops.dense_to_sparse_csr(ops.relu(x))),
      SHAPE),
    R("Tensor.to_csr", lambda x: _csr_parts(ops.relu(x).to_csr()), SHAPE,
      f16=False),  # float32/float64/complex only (MindSpore's DenseToCSRSparseMatrix)
    R("ops.csr2coo", lambda n: _csr2coo_of_counts(n), ("int", (3,), 3)),
    # ----- primitives over the parts of a COO tensor
    R("ops.SparseToDense", lambda v: ops.SparseToDense()(COO_IDX, v, SHAPE), V),
    R("ops.SparseTensorDenseMatmul",
      lambda v, d: ops.SparseTensorDenseMatmul()(COO_IDX, v, SHAPE, d), V, (SHAPE[1], 2)),
    R("ops.SparseTensorDenseMatmul",
      lambda v, d: ops.SparseTensorDenseMatmul(adjoint_st=True, adjoint_dt=True)(
          COO_IDX, v, SHAPE, d), V, (2, SHAPE[0])),
    R("ops.SparseTensorDenseAdd",
      lambda v, d: ops.SparseTensorDenseAdd()(COO_IDX, v, _I64(*SHAPE), d),
      V, SHAPE),
    R("ops.SparseSlice", lambda v: ops.SparseSlice()(COO_IDX, v, _I64(*SHAPE), _I64(1, 1),
                                                     _I64(2, 2)), V),
    R("ops.SparseGatherV2", lambda x, i: ops.SparseGatherV2()(x, i, 1), SHAPE,
      ("int", (2,), SHAPE[1])),
    # ----- ops.InsertGradientOf: the identity forward, f on the output gradient backward
    R("ops.InsertGradientOf", lambda x: ops.InsertGradientOf(lambda d: d * 2.0)(x) * x, (2, 3),
      z=True, fd="its backward pass applies f (here doubling) to the output gradient: by "
                 "definition not the derivative of its identity forward"),
]


# ----- valid base calls for tests/ops/test_bad_input_fuzz.py, which replaces each argument by
# bad values (a Tensor, None, a number ... where a COOTensor/CSRTensor is expected) ----------
def _fuzz_coo():
    return COOTensor(Tensor(np.array([[0, 1], [1, 2]], np.int64)),
                     Tensor(np.array([1.0, -2.0], np.float32)), SHAPE)


def _fuzz_csr():
    return CSRTensor(Tensor(np.array([0, 1, 2, 2], np.int32)), Tensor(np.array([1, 2], np.int32)),
                     Tensor(np.array([1.0, -2.0], np.float32)), SHAPE)


def base_overrides(a, t):
    """name -> () -> (args, kwargs)."""
    out = {}
    for op in _UNARY_DOMAIN:
        out["coo_" + op] = lambda: ([_fuzz_coo()], {})
        out["csr_" + op] = lambda: ([_fuzz_csr()], {})
    ptr = lambda: Tensor(np.array([0, 1, 2, 2], np.int32))  # noqa: E731
    col = lambda: Tensor(np.array([1, 2], np.int32))  # noqa: E731
    idx = lambda: Tensor(np.array([[0, 1], [1, 2]], np.int64))  # noqa: E731
    vals = lambda: Tensor(np.array([1.0, -2.0], np.float32))  # noqa: E731
    dense = lambda: t(np.arange(12, dtype=np.float32).reshape(SHAPE) + 1)  # noqa: E731
    out.update({
        "coo_add": lambda: ([_fuzz_coo(), _fuzz_coo(), 0.0], {}),
        "coo_concat": lambda: ([(_fuzz_coo(), _fuzz_coo())], {"concat_dim": 1}),
        "coo_tensor_get_values": lambda: ([_fuzz_coo()], {}),
        "coo_tensor_get_indices": lambda: ([_fuzz_coo()], {}),
        "coo_tensor_get_dense_shape": lambda: ([_fuzz_coo()], {}),
        "csr_tensor_get_values": lambda: ([_fuzz_csr()], {}),
        "csr_tensor_get_indices": lambda: ([_fuzz_csr()], {}),
        "csr_tensor_get_indptr": lambda: ([_fuzz_csr()], {}),
        "csr_tensor_get_dense_shape": lambda: ([_fuzz_csr()], {}),
        "make_coo_tensor": lambda: ([idx(), vals(), SHAPE], {}),
        "make_sparse_tensor": lambda: ([idx(), vals(), SHAPE], {}),
        "make_csr_tensor": lambda: ([ptr(), col(), vals(), SHAPE], {}),
        "csr_add": lambda: ([_fuzz_csr(), _fuzz_csr(), t(np.float32(1.0)), t(np.float32(2.0))],
                            {}),
        "csr_mul": lambda: ([_fuzz_csr(), dense()], {}),
        "csr_div": lambda: ([_fuzz_csr(), dense()], {}),
        "csr_mv": lambda: ([_fuzz_csr(), t(np.ones((SHAPE[1], 1), np.float32))], {}),
        "csr_mm": lambda: ([_fuzz_csr(), t(np.ones((SHAPE[1], 2), np.float32))], {}),
        "csr_reduce_sum": lambda: ([_fuzz_csr(), 1], {}),
        "csr_softmax": lambda: ([_fuzz_csr(), ms.float32], {}),
        "csr_to_dense": lambda: ([_fuzz_csr()], {}),
        "csr_to_coo": lambda: ([_fuzz_csr()], {}),
        "csr_gather": lambda: ([ptr(), col(), dense(), SHAPE], {}),
        "coo2csr": lambda: ([Tensor(np.array([0, 1, 1], np.int32)), 3], {}),
        "csr2coo": lambda: ([ptr(), 2], {}),
        "SparseToDense": lambda: ([idx(), vals(), SHAPE], {}),
        "SparseTensorDenseMatmul": lambda: ([idx(), vals(), SHAPE,
                                             t(np.ones((SHAPE[1], 2), np.float32))], {}),
        "SparseTensorDenseAdd": lambda: ([idx(), vals(), _I64(*SHAPE), dense()], {}),
        "SparseSlice": lambda: ([idx(), vals(), _I64(*SHAPE), _I64(0, 1), _I64(2, 2)], {}),
        "SparseGatherV2": lambda: ([dense(), Tensor(np.array([1, 0], np.int32)), 1], {}),
        "dense_to_sparse_coo": lambda: ([dense()], {}),
        "dense_to_sparse_csr": lambda: ([dense()], {}),
    })
    return out


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (ctor args, call args)."""
    return {"InsertGradientOf": lambda: ([lambda d: d * 2.0], [t(a["X"])])}
