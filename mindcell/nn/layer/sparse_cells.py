"""The sparse-tensor cells of ``mindspore.nn``: ``SparseToDense`` (a COOTensor to its dense
Tensor) and ``SparseTensorDenseMatmul`` (a COO matrix, given by indices and values, times a dense
matrix: ``ops.SparseTensorDenseMatmul``, a gather and scatter-add over the stored values).
Gradients flow to the values and the dense operand."""
from mindcell.nn.cell import Cell
from mindcell.ops._sparse import COOTensor
from mindcell.ops.operations_sparse import SparseTensorDenseMatmul as _SparseTensorDenseMatmul

__all__ = ["SparseToDense", "SparseTensorDenseMatmul"]


class SparseToDense(Cell):
    """SparseToDense(): the dense Tensor of a COOTensor (zeros where it has no value; repeated
    indices add up).

    Inputs:
        - **sparse_tensor** (COOTensor) - the sparse tensor.

    Outputs:
        Tensor of the COOTensor's shape and dtype.

    Raises:
        TypeError: the input is not a COOTensor.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.COOTensor(ms.Tensor([[0, 1], [1, 2]]), ms.Tensor([1, 2], ms.int32), (2, 3))
        >>> print(ms.nn.SparseToDense()(x))
        [[0 1 0]
         [0 0 2]]
    """

    def construct(self, sparse_tensor):
        if not isinstance(sparse_tensor, COOTensor):
            raise TypeError("SparseToDense: the input must be a COOTensor, but got %s"
                            % type(sparse_tensor).__name__)
        return sparse_tensor.to_dense()


class SparseTensorDenseMatmul(Cell):
    """SparseTensorDenseMatmul(adjoint_st=False, adjoint_dt=False): the product of a 2-D
    sparse matrix (COO ``indices``, ``values``, ``sparse_shape``; repeated indices add up) and a
    dense matrix, either transposed first.

    Args:
        adjoint_st (bool): transpose the sparse matrix. Default: ``False``.
        adjoint_dt (bool): transpose the dense matrix. Default: ``False``.

    Inputs:
        - **indices** (Tensor) - (N, 2) Int32/Int64 positions.
        - **values** (Tensor) - (N,) values, the dense matrix's dtype.
        - **sparse_shape** (tuple[int]) - the sparse matrix's shape.
        - **dense** (Tensor) - the 2-D dense matrix.

    Outputs:
        Tensor, the 2-D product.

    Raises:
        TypeError: a flag is not a bool or ``indices`` is not an int tensor.
        ValueError: a shape does not fit.

    Examples:
        >>> import mindcell as ms
        >>> indices = ms.Tensor([[0, 1], [1, 0]], ms.int32)
        >>> values = ms.Tensor([2.0, 3.0])
        >>> dense = ms.Tensor([[1.0, 1.0], [2.0, 2.0]])
        >>> print(ms.nn.SparseTensorDenseMatmul()(indices, values, (2, 2), dense))
        [[4. 4.]
         [3. 3.]]
    """

    def __init__(self, adjoint_st=False, adjoint_dt=False):
        super().__init__()
        for arg, value in (("adjoint_st", adjoint_st), ("adjoint_dt", adjoint_dt)):
            if not isinstance(value, bool):
                raise TypeError("SparseTensorDenseMatmul: '%s' must be a bool, but got %s"
                                % (arg, type(value).__name__))
        self.adjoint_st, self.adjoint_dt = adjoint_st, adjoint_dt
        self._matmul = _SparseTensorDenseMatmul(adjoint_st, adjoint_dt)

    def construct(self, indices, values, sparse_shape, dense):
        return self._matmul(indices, values, sparse_shape, dense)
