"""MindSpore's sparse primitives over COO parts (``indices``, ``values``, ``shape``):
``SparseToDense``, ``SparseTensorDenseMatmul``, ``SparseTensorDenseAdd``. Gradients reach the
values and the dense operand (scatter-add / gather / multiply)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import _sparse
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.function import sparse_func, sparse_unary_func  # noqa: F401 (see ops.operations)

__all__ = ["SparseToDense", "SparseTensorDenseMatmul", "SparseTensorDenseAdd", "SparseSlice",
           "SparseGatherV2"]


def _coo_parts(prim, indices, values, shape, ndim=None):
    """Checked (int64 numpy positions, shape tuple) of COO parts given to ``prim``."""
    if not isinstance(indices, Tensor) or indices.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("For '%s', 'indices' must be an int32 or int64 Tensor, but got %r"
                        % (prim, getattr(indices, "dtype", indices)))
    if not isinstance(values, Tensor) or values.ndim != 1:
        raise ValueError("For '%s', 'values' must be a 1-D Tensor, but got %r"
                         % (prim, getattr(values, "shape", values)))
    if isinstance(shape, Tensor):
        if shape.ndim != 1 or shape.asnumpy().dtype.kind not in "iu":
            raise TypeError("For '%s', a Tensor sparse shape must be a 1-D integer Tensor, but got "
                            "shape %s and dtype %s" % (prim, tuple(shape.shape), shape.dtype))
        shape = tuple(int(s) for s in shape.asnumpy())
    if not isinstance(shape, (tuple, list)) or not all(
            isinstance(s, (int, np.integer)) and not isinstance(s, bool) and s > 0
            for s in shape):
        raise ValueError("For '%s', the sparse shape must be a tuple of positive ints, but got %r"
                         % (prim, shape))
    shape = tuple(int(s) for s in shape)
    if ndim is not None and len(shape) != ndim:
        raise ValueError("For '%s', the sparse shape must have %d dimensions, but got %s"
                         % (prim, ndim, shape))
    if indices.ndim != 2 or indices.shape != (values.shape[0], len(shape)):
        raise ValueError("For '%s', 'indices' must have shape %s, but got %s"
                         % (prim, (values.shape[0], len(shape)), tuple(indices.shape)))
    pos = _sparse._idx(indices)
    if pos.size and (pos.min() < 0 or (pos >= np.array(shape)).any()):
        raise ValueError("For '%s', an index in %s lies outside the shape %s"
                         % (prim, pos.tolist(), shape))
    return pos, shape


def _scatter(values, pos, shape):
    ops = _sparse._ops()
    return ops.tensor_scatter_add(ops.zeros(shape, values.dtype), Tensor(pos), values)


class SparseToDense(AttrPrimitive):
    """SparseToDense()(indices, values, sparse_shape): the dense Tensor of COO parts (zeros
    elsewhere; repeated positions add up).

    Inputs:
        - **indices** (Tensor) - int32/int64, shape (N, ndim).
        - **values** (Tensor) - shape (N,).
        - **sparse_shape** (tuple(int)) - the dense shape, ndim positive ints.

    Outputs:
        Tensor of ``sparse_shape`` and the values' dtype.

    Raises:
        TypeError: ``indices`` is not an int32/int64 Tensor.
        ValueError: the shapes do not agree, or an index lies outside ``sparse_shape``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> out = ops.SparseToDense()(Tensor([[0, 1], [1, 2]]), Tensor([1., 2.]), (3, 4))
        >>> print(out)
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
    """

    def __call__(self, indices, values, sparse_shape):
        pos, shape = _coo_parts("SparseToDense", indices, values, sparse_shape)
        return _scatter(values, pos, shape)


class SparseTensorDenseMatmul(AttrPrimitive):
    """SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False)(indices, values,
    sparse_shape, dense): the product of a 2-D COO sparse matrix and a dense matrix, either
    transposed first; gradients reach ``values`` and ``dense``.

    Args:
        adjoint_st (bool): transpose the sparse matrix. Default: ``False``.
        adjoint_dt (bool): transpose the dense matrix. Default: ``False``.

    Inputs:
        - **indices** (Tensor) - int32/int64, shape (N, 2).
        - **values** (Tensor) - shape (N,), the dense matrix's dtype.
        - **sparse_shape** (Union[tuple(int), Tensor]) - the sparse matrix's shape (M, K).
        - **dense** (Tensor) - 2-D.

    Outputs:
        Tensor, the 2-D product.

    Raises:
        TypeError: a flag is not a bool, ``indices`` is not int32/int64, the dtypes differ.
        ValueError: the shapes do not fit.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> indices = Tensor([[0, 1], [1, 2]], ms.int32)
        >>> values = Tensor([1., 2.])
        >>> dense = Tensor([[1., 1.], [2., 2.], [3., 3.], [4., 4.]])
        >>> print(ops.SparseTensorDenseMatmul()(indices, values, (3, 4), dense))
        [[2. 2.]
         [6. 6.]
         [0. 0.]]
    """

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        for arg, value in (("adjoint_st", adjoint_st), ("adjoint_dt", adjoint_dt)):
            if not isinstance(value, bool):
                raise TypeError("For 'SparseTensorDenseMatmul', '%s' must be a bool, but got %s"
                                % (arg, type(value).__name__))
        self.set_attrs(adjoint_st=adjoint_st, adjoint_dt=adjoint_dt)

    def __call__(self, indices, values, sparse_shape, dense):
        pos, shape = _coo_parts("SparseTensorDenseMatmul", indices, values, sparse_shape, 2)
        rows, cols, m = pos[:, 0], pos[:, 1], shape[0]
        if self.adjoint_st:
            rows, cols, m = cols, rows, shape[1]
        if self.adjoint_dt:
            dense = _sparse._ops().transpose(dense, (1, 0))
        inner = shape[0] if self.adjoint_st else shape[1]
        if not isinstance(dense, Tensor) or dense.ndim != 2 or dense.shape[0] != inner:
            raise ValueError("For 'SparseTensorDenseMatmul', the dense matrix must have %d rows "
                             "(after adjoint_dt), but got %r"
                             % (inner, getattr(dense, "shape", dense)))
        return _sparse._spmm(rows, cols, values, dense, m, "SparseTensorDenseMatmul")


class SparseTensorDenseAdd(AttrPrimitive):
    """SparseTensorDenseAdd()(x1_indices, x1_values, x1_shape, x2): a COO sparse tensor plus a
    dense Tensor of its shape.

    Inputs:
        - **x1_indices** (Tensor) - int32/int64, shape (N, ndim).
        - **x1_values** (Tensor) - shape (N,), ``x2``'s dtype.
        - **x1_shape** (Tensor) - 1-D, ``x1_indices``' dtype: the shape.
        - **x2** (Tensor) - the dense summand, shape ``x1_shape``.

    Outputs:
        Tensor, ``x2``'s shape and dtype.

    Raises:
        TypeError: ``x1_shape`` is not a Tensor of ``x1_indices``' dtype, or the value dtypes
            differ.
        ValueError: the shapes do not agree.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> out = ops.SparseTensorDenseAdd()(Tensor([[0, 0], [0, 1]], ms.int64),
        ...                                  Tensor([1., 1.]), Tensor([3, 3], ms.int64),
        ...                                  ops.ones((3, 3), ms.float32))
        >>> print(out)
        [[2. 2. 1.]
         [1. 1. 1.]
         [1. 1. 1.]]
    """

    def __call__(self, x1_indices, x1_values, x1_shape, x2):
        if not isinstance(x1_shape, Tensor) or not isinstance(x1_indices, Tensor) or \
                x1_shape.dtype != x1_indices.dtype:
            raise TypeError("The primitive[SparseTensorDenseAdd]'s input arguments[indices, "
                            "shape] must be all tensor and those type must be same. But got "
                            "input argument[shape]:%r" % (x1_shape,))
        pos, shape = _coo_parts("SparseTensorDenseAdd", x1_indices, x1_values, x1_shape)
        if not isinstance(x2, Tensor) or tuple(x2.shape) != shape:
            raise ValueError("For 'SparseTensorDenseAdd', 'x2' must have the shape %s, but got %r"
                             % (shape, getattr(x2, "shape", x2)))
        if x2.dtype != x1_values.dtype:
            raise TypeError("For 'SparseTensorDenseAdd', 'x1_values' and 'x2' must have one "
                            "dtype, but got %s and %s" % (x1_values.dtype, x2.dtype))
        return _sparse._ops().tensor_scatter_add(x2, Tensor(pos), x1_values)


def _int64_vector(t, arg, rank=None):
    if not isinstance(t, Tensor) or t.dtype != mstype.int64:
        raise TypeError("For 'SparseSlice', '%s' must be an int64 Tensor, but got %r"
                        % (arg, getattr(t, "dtype", t)))
    if t.ndim != 1 or (rank is not None and t.shape[0] != rank):
        raise ValueError("For 'SparseSlice', '%s' must be a 1-D Tensor%s, but got shape %s"
                         % (arg, "" if rank is None else " of %d elements" % rank,
                            tuple(t.shape)))
    return t.asnumpy()


class SparseSlice(AttrPrimitive):
    """SparseSlice()(indices, values, shape, start, size): the part of a COO sparse tensor in
    the box ``[start, start + size)`` (cut at ``shape``), its indices relative to ``start``.

    Inputs:
        - **indices** (Tensor) - int64, shape (N, R).
        - **values** (Tensor) - shape (N,).
        - **shape** (Tensor) - int64, shape (R,).
        - **start** (Tensor) - int64, shape (R,).
        - **size** (Tensor) - int64, shape (R,).

    Outputs:
        tuple(Tensor), the slice's int64 indices, its values (gradients reach ``values``) and
        its int64 shape ``min(start + size, shape) - start``.

    Raises:
        TypeError: ``indices``, ``shape``, ``start`` or ``size`` is not int64.
        ValueError: the ranks or lengths do not agree.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> i64 = lambda *a: Tensor(np.array(a, np.int64))
        >>> out = ops.SparseSlice()(Tensor(np.array([[0, 1], [1, 2], [1, 3], [2, 2]], np.int64)),
        ...                         i64(1, 2, 3, 4), i64(3, 4), i64(0, 1), i64(2, 3))
        >>> print(out[0])
        [[0 0]
         [1 1]
         [1 2]]
        >>> print(out[1], out[2])
        [1 2 3] [2 3]
    """

    def __call__(self, indices, values, shape, start, size):
        if not isinstance(indices, Tensor) or indices.dtype != mstype.int64:
            raise TypeError("For 'SparseSlice', 'indices' must be an int64 Tensor, but got %r"
                            % (getattr(indices, "dtype", indices),))
        if indices.ndim != 2:
            raise ValueError("For 'SparseSlice', 'indices' must be 2-D, but got shape %s"
                             % (tuple(indices.shape),))
        if not isinstance(values, Tensor) or values.ndim != 1 or \
                values.shape[0] != indices.shape[0]:
            raise ValueError("For 'SparseSlice', 'values' must be 1-D with %d elements, but got "
                             "%r" % (indices.shape[0], getattr(values, "shape", values)))
        rank = indices.shape[1]
        dense_shape = _int64_vector(shape, "shape", rank)
        lo = _int64_vector(start, "start", rank)
        hi = np.minimum(lo + _int64_vector(size, "size", rank), dense_shape)
        pos = indices.asnumpy()
        keep = np.flatnonzero(((pos >= lo) & (pos < hi)).all(axis=1))
        return (Tensor((pos[keep] - lo).reshape(-1, rank).astype(np.int64)),
                _sparse._take(values, keep), Tensor(np.maximum(hi - lo, 0).astype(np.int64)))


class SparseGatherV2(AttrPrimitive):
    """SparseGatherV2()(input_params, input_indices, axis): the slices of ``input_params`` at
    ``input_indices`` along ``axis`` (MindSpore's Gather with a sparse gradient, which mindcell
    computes densely: the same values).

    Inputs:
        - **input_params** (Tensor) - the source.
        - **input_indices** (Tensor) - int32/int64 indices in ``[0, input_params.shape[axis])``.
        - **axis** (Union[int, Tensor]) - the axis.

    Outputs:
        Tensor, ``input_params.shape[:axis] + input_indices.shape + input_params.shape[axis+1:]``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 7, 42], [3, 4, 54, 22], [2, 2, 55, 3]]), ms.float32)
        >>> print(ops.SparseGatherV2()(x, Tensor(np.array([1, 2]), ms.int32), 1))
        [[ 2.  7.]
         [ 4. 54.]
         [ 2. 55.]]
    """

    def __call__(self, input_params, input_indices, axis):
        if isinstance(axis, Tensor):
            if axis.size != 1 or axis.asnumpy().dtype.kind not in "iu":
                raise TypeError("For 'SparseGatherV2', a Tensor 'axis' must hold one integer, but "
                                "got shape %s and dtype %s" % (tuple(axis.shape), axis.dtype))
            axis = int(axis.asnumpy().reshape(-1)[0])
        return _sparse._ops().gather(input_params, input_indices, axis)


# ----- MindSpore's private mindspore.ops.operations._csr_ops (not ops.* names): programs such as
# mindspore_gl's CSR backend build these primitives over the parts of a CSRTensor ----------------
def _csr(prim, indptr, indices, values, shape):
    if not isinstance(shape, tuple):
        raise TypeError("For '%s', 'shape' must be a tuple, but got %s" % (prim, type(shape)))
    return _sparse.CSRTensor(indptr, indices, values, shape)


class _CSRPrim(AttrPrimitive):
    def __init__(self):
        super().__init__()


class CSRReduceSum(_CSRPrim):
    """CSRReduceSum()(indptr, indices, values, shape, axis): a CSR matrix summed over ``axis``
    (kept); see :func:`mindcell.ops.csr_reduce_sum`.

    Inputs:
        - **indptr**, **indices**, **values** (Tensor), **shape** (tuple(int)) - the CSRTensor.
        - **axis** (int) - 0 or 1.

    Outputs:
        Tensor, (1, N) or (M, 1).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRReduceSum
        >>> print(CSRReduceSum()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]), ms.Tensor([2., 1.]),
        ...                      (2, 4), 1))
        [[2.]
         [1.]]
    """

    def __call__(self, indptr, indices, values, shape, axis):
        return _csr("CSRReduceSum", indptr, indices, values, shape).sum(axis)


class CSRMV(_CSRPrim):
    """CSRMV()(indptr, indices, values, shape, dense_tensor): a CSR matrix times a dense
    (N, 1) vector; see :meth:`mindcell.CSRTensor.mv`.

    Inputs:
        - **indptr**, **indices**, **values** (Tensor), **shape** (tuple(int)) - the CSRTensor.
        - **dense_tensor** (Tensor) - shape (N, 1).

    Outputs:
        Tensor, shape (M, 1).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRMV
        >>> print(CSRMV()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]), ms.Tensor([2., 1.]), (2, 2),
        ...               ms.Tensor([[1.], [3.]])))
        [[2.]
         [3.]]
    """

    def __call__(self, indptr, indices, values, shape, dense_tensor):
        return _csr("CSRMV", indptr, indices, values, shape).mv(dense_tensor)


class CSRMM(_CSRPrim):
    """CSRMM()(indptr, indices, values, shape, dense): a CSR matrix times a dense (N, K)
    matrix; see :meth:`mindcell.CSRTensor.mm`.

    Inputs:
        - **indptr**, **indices**, **values** (Tensor), **shape** (tuple(int)) - the CSRTensor.
        - **dense** (Tensor) - shape (N, K).

    Outputs:
        Tensor, shape (M, K).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRMM
        >>> print(CSRMM()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]), ms.Tensor([2., 1.]), (2, 2),
        ...               ms.Tensor([[1., 2.], [3., 4.]])))
        [[2. 4.]
         [3. 4.]]
    """

    def __call__(self, indptr, indices, values, shape, dense):
        return _csr("CSRMM", indptr, indices, values, shape).mm(dense)


class CSRMul(_CSRPrim):
    """CSRMul()(indptr, indices, values, shape, dense_tensor): the values of a CSR matrix times
    a dense Tensor broadcast to its shape, at the stored positions.

    Inputs:
        - **indptr**, **indices**, **values** (Tensor), **shape** (tuple(int)) - the CSRTensor.
        - **dense_tensor** (Tensor) - broadcastable to ``shape``.

    Outputs:
        Tensor, one value per stored position.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRMul
        >>> print(CSRMul()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]), ms.Tensor([2., 1.]), (2, 2),
        ...                ms.Tensor([3., 5.])))
        [6. 5.]
    """

    def __call__(self, indptr, indices, values, shape, dense_tensor):
        return (_csr("CSRMul", indptr, indices, values, shape) * dense_tensor).values


class CSRDiv(_CSRPrim):
    """CSRDiv()(indptr, indices, values, shape, dense_tensor): the values of a CSR matrix over a
    dense Tensor broadcast to its shape, at the stored positions.

    Inputs:
        - **indptr**, **indices**, **values** (Tensor), **shape** (tuple(int)) - the CSRTensor.
        - **dense_tensor** (Tensor) - broadcastable to ``shape``.

    Outputs:
        Tensor, one value per stored position.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRDiv
        >>> print(CSRDiv()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]), ms.Tensor([2., 1.]), (2, 2),
        ...                ms.Tensor([4., 5.])))
        [0.5 0.2]
    """

    def __call__(self, indptr, indices, values, shape, dense_tensor):
        return (_csr("CSRDiv", indptr, indices, values, shape) / dense_tensor).values


class CSRGather(_CSRPrim):
    """CSRGather()(indptr, indices, dense, sparse_shape): the entries of ``dense`` at a CSR
    pattern's positions; see :func:`mindcell.ops.csr_gather`.

    Inputs:
        - **indptr**, **indices** (Tensor) - the pattern.
        - **dense** (Tensor) - shape ``sparse_shape``.
        - **sparse_shape** (tuple(int)) - the pattern's shape.

    Outputs:
        Tensor, one value per stored position.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSRGather
        >>> print(CSRGather()(ms.Tensor([0, 1, 2]), ms.Tensor([0, 1]),
        ...                   ms.Tensor([[1., 2.], [3., 4.]]), (2, 2)))
        [1. 4.]
    """

    def __call__(self, indptr, indices, dense, sparse_shape):
        return sparse_func.csr_gather(indptr, indices, dense, sparse_shape)


class COO2CSR(_CSRPrim):
    """COO2CSR()(row_indices, height): CSR row pointers of sorted COO row indices; see
    :func:`mindcell.ops.coo2csr`.

    Inputs:
        - **row_indices** (Tensor) - 1-D integer.
        - **height** (int) - the number of rows.

    Outputs:
        Tensor, shape (height + 1,).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import COO2CSR
        >>> print(COO2CSR()(ms.Tensor([0, 1], ms.int32), 2))
        [0 1 2]
    """

    def __call__(self, row_indices, height):
        return sparse_func.coo2csr(row_indices, height)


class CSR2COO(_CSRPrim):
    """CSR2COO()(indptr, nnz): the COO row index of each stored value; see
    :func:`mindcell.ops.csr2coo`.

    Inputs:
        - **indptr** (Tensor) - 1-D integer row pointers.
        - **nnz** (int) - the number of values.

    Outputs:
        Tensor, shape (nnz,).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops.operations_sparse import CSR2COO
        >>> print(CSR2COO()(ms.Tensor([0, 1, 2], ms.int32), 2))
        [0 1]
    """

    def __call__(self, indptr, nnz):
        return sparse_func.csr2coo(indptr, nnz)
