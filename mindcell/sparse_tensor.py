"""``COOTensor`` and ``CSRTensor``: 2-D sparse tensors held as dense index and value tensors.

Their operations are built from mindcell ops on ``values`` (so gradients reach the values) with
the index bookkeeping done on the index tensors' numbers; they run in PYNATIVE_MODE.
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor

__all__ = ["COOTensor", "CSRTensor"]

_INDEX_DTYPES = (mstype.int16, mstype.int32, mstype.int64)


def _ops():
    from mindcell import ops
    return ops


def _check_tensor(v, arg):
    if not isinstance(v, Tensor):
        raise TypeError("For SparseTensors, '%s' must be Tensor, but got %s." % (arg, type(v)))


def _check_shape(shape, cls):
    if not isinstance(shape, tuple):
        raise TypeError("For SparseTensors, 'shape' must be tuple, but got %s." % type(shape))
    if len(shape) != 2:
        raise ValueError("For %s, the length of 'shape' must be 2, but got %s." % (cls, shape))
    if not all(isinstance(n, (int, np.integer)) and not isinstance(n, bool) and n > 0
               for n in shape):
        raise TypeError("For %s, 'shape' must be a tuple of positive ints, but got %s."
                        % (cls, shape))
    return tuple(int(n) for n in shape)


def _check_index_dtype(t, arg, cls):
    if t.dtype not in _INDEX_DTYPES:
        raise TypeError("For %s, the type of '%s' must be one of [int16, int32, int64], but got "
                        "%s." % (cls, arg, t.dtype))


def _check_rank(t, arg, rank, cls):
    if t.ndim != rank:
        raise ValueError("For %s, '%s' must be a %d-dimensional tensor, but got a %d-dimensional "
                         "tensor." % (cls, arg, rank, t.ndim))


class _SparseBase:
    """What both sparse formats share: dtype, sizes and value-wise maps."""

    @property
    def dtype(self):
        """The element dtype (that of ``values``)."""
        return self.values.dtype

    @property
    def size(self):
        """The number of stored values."""
        return self.values.size

    @property
    def itemsize(self):
        """Bytes per value."""
        return self.values.itemsize

    @property
    def ndim(self):
        """The dense rank (2)."""
        return len(self.shape)

    def _with_values(self, values):
        raise NotImplementedError

    def astype(self, dtype):
        """The same sparse tensor with values cast to ``dtype``."""
        return self._with_values(_ops().cast(self.values, dtype))

    def abs(self):
        """The same sparse tensor with absolute values."""
        return self._with_values(_ops().abs(self.values))

    def __neg__(self):
        return self._with_values(_ops().neg(self.values))


class COOTensor(_SparseBase):
    """COOTensor(indices=None, values=None, shape=None, coo_tensor=None): a 2-D sparse tensor in
    coordinate format: ``values[k]`` sits at row ``indices[k, 0]``, column ``indices[k, 1]``.

    Args:
        indices (Tensor): int16/int32/int64, shape (N, 2).
        values (Tensor): shape (N,).
        shape (tuple[int]): the dense shape, two positive ints.
        coo_tensor (COOTensor): copy the parts of this COOTensor instead. Default: ``None``.

    Raises:
        TypeError: an argument is not a Tensor, ``indices`` has another dtype, ``shape`` is not
            a tuple.
        ValueError: ranks or lengths do not match, or ``shape`` is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, COOTensor
        >>> x = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1., 2.]), (3, 4))
        >>> x.to_dense().asnumpy().tolist()
        [[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 2.0, 0.0], [0.0, 0.0, 0.0, 0.0]]
    """

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError("COOTensor: 'coo_tensor' must be a COOTensor, but got %s"
                                % type(coo_tensor))
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        _check_tensor(indices, "indices")
        _check_tensor(values, "values")
        shape = _check_shape(shape, "COOTensor")
        _check_index_dtype(indices, "indices", "COOTensor")
        _check_rank(indices, "indices", 2, "COOTensor")
        _check_rank(values, "values", 1, "COOTensor")
        if indices.shape[0] != values.shape[0]:
            raise ValueError("For COOTensor, 'indices.shape[0]' must be euqal to 'values.shape[0]'"
                             ", but got 'indices.shape[0]' = %d and 'values.shape[0]' = %d."
                             % (indices.shape[0], values.shape[0]))
        if indices.shape[1] != 2:
            raise ValueError("For COOTensor, 'indices.shape[1]' must be 2, but got %d."
                             % indices.shape[1])
        self.indices, self.values, self.shape = indices, values, shape

    def _with_values(self, values):
        return COOTensor(self.indices, values, self.shape)

    def to_tuple(self):
        """(indices, values, shape)."""
        return self.indices, self.values, self.shape

    def to_dense(self):
        """The dense Tensor (values at repeated indices add up).

        Raises:
            ValueError: an index is outside ``shape``.
        """
        ops = _ops()
        zeros = ops.zeros(self.shape, self.dtype)
        return ops.tensor_scatter_add(zeros, self.indices, self.values)

    def coalesce(self):
        """Sorted, duplicate-free indices (the values of repeated indices summed).

        Raises:
            TypeError: ``indices`` is not int64 (as MindSpore's Coalesce).
        """
        if self.indices.dtype != mstype.int64:
            raise TypeError("For primitive[Coalesce], the input argument[x_indices] must be a "
                            "type of {Tensor[Int64]}, but got Tensor[%s]." % self.indices.dtype)
        ops = _ops()
        idx = self.indices.asnumpy()
        keys = idx[:, 0] * self.shape[1] + idx[:, 1]
        uniq, inverse = np.unique(keys, return_inverse=True)
        sums = ops.zeros((len(uniq),), self.dtype)
        sums = ops.tensor_scatter_add(sums, Tensor(inverse.reshape(-1, 1).astype(np.int64)),
                                      self.values)
        new_idx = np.stack([uniq // self.shape[1], uniq % self.shape[1]], 1).astype(np.int64)
        return COOTensor(Tensor(new_idx), sums, self.shape)

    def add(self, other, thresh):
        """The sum with another COOTensor, dropping values whose magnitude is below ``thresh``
        (a Tensor or number).

        Raises:
            TypeError: ``other`` is not a COOTensor, or the indices are not int64.
            ValueError: the shapes differ.
        """
        if not isinstance(other, COOTensor):
            raise TypeError("COOTensor.add: 'other' must be a COOTensor, but got %s" % type(other))
        for t, arg in ((self.indices, "x1_indices"), (other.indices, "x2_indices")):
            if t.dtype != mstype.int64:
                raise TypeError("For primitive[SparseAdd], the input argument[%s] must be a type "
                                "of {Tensor[Int64]}, but got Tensor[%s]." % (arg, t.dtype))
        if other.shape != self.shape:
            raise ValueError("COOTensor.add: shapes differ: %s and %s" % (self.shape, other.shape))
        ops = _ops()
        both = COOTensor(ops.concat((self.indices, other.indices)),
                         ops.concat((self.values, ops.cast(other.values, self.dtype))),
                         self.shape).coalesce()
        limit = thresh.asnumpy() if isinstance(thresh, Tensor) else np.asarray(thresh)
        keep = np.flatnonzero(np.abs(both.values.asnumpy()) >= limit)
        return COOTensor(Tensor(both.indices.asnumpy()[keep]),
                         ops.gather(both.values, Tensor(keep.astype(np.int64)), 0), self.shape)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            return self.add(other, 0)
        if isinstance(other, Tensor):
            return _ops().add(self.to_dense(), other)
        raise TypeError("COOTensor: cannot add %s" % type(other).__name__)

    def _dense_at_indices(self, dense, op):
        if not isinstance(dense, Tensor) or dense.shape != self.shape:
            raise TypeError("COOTensor.%s: the other operand must be a Tensor of shape %s, but "
                            "got %r" % (op, self.shape, dense))
        return _ops().gather_nd(dense, self.indices)

    def __mul__(self, other):
        return self._with_values(_ops().mul(self.values, self._dense_at_indices(other, "__mul__")))

    def __truediv__(self, other):
        return self._with_values(_ops().div(self.values,
                                            self._dense_at_indices(other, "__truediv__")))

    def to_csr(self):
        """The same matrix as a CSRTensor (indices sorted by row, then column)."""
        idx = self.indices.asnumpy().astype(np.int64)
        order = np.lexsort((idx[:, 1], idx[:, 0]))
        counts = np.bincount(idx[:, 0], minlength=self.shape[0])
        indptr = np.concatenate([[0], np.cumsum(counts)]).astype(self.indices.asnumpy().dtype)
        values = _ops().gather(self.values, Tensor(order.astype(np.int64)), 0)
        return CSRTensor(Tensor(indptr), Tensor(idx[order, 1].astype(indptr.dtype)), values,
                         self.shape)

    def __repr__(self):
        return "COOTensor(shape=%s, dtype=%s, indices=%r, values=%r)" % (
            list(self.shape), self.dtype, self.indices, self.values)

    __str__ = __repr__


class CSRTensor(_SparseBase):
    """CSRTensor(indptr=None, indices=None, values=None, shape=None, csr_tensor=None): a 2-D
    sparse tensor in compressed-row format: row ``i`` holds ``values[indptr[i]:indptr[i+1]]``
    at columns ``indices[indptr[i]:indptr[i+1]]``.

    Args:
        indptr (Tensor): int16/int32/int64, shape (rows + 1,).
        indices (Tensor): int16/int32/int64 column indices, shape (N,).
        values (Tensor): shape (N,).
        shape (tuple[int]): the dense shape, two positive ints.
        csr_tensor (CSRTensor): copy the parts of this CSRTensor instead. Default: ``None``.

    Raises:
        TypeError: an argument is not a Tensor, an index tensor has another dtype, ``shape`` is
            not a tuple.
        ValueError: ranks or lengths do not match.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([1., 2.]), (2, 4))
        >>> x.to_dense().asnumpy().tolist()
        [[1.0, 0.0, 0.0, 0.0], [0.0, 2.0, 0.0, 0.0]]
    """

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError("CSRTensor: 'csr_tensor' must be a CSRTensor, but got %s"
                                % type(csr_tensor))
            indptr, indices, values, shape = (csr_tensor.indptr, csr_tensor.indices,
                                              csr_tensor.values, csr_tensor.shape)
        for t, arg in ((indptr, "indptr"), (indices, "indices"), (values, "values")):
            _check_tensor(t, arg)
        shape = _check_shape(shape, "CSRTensor")
        _check_index_dtype(indptr, "indptr", "CSRTensor")
        _check_index_dtype(indices, "indices", "CSRTensor")
        for t, arg in ((indptr, "indptr"), (indices, "indices"), (values, "values")):
            _check_rank(t, arg, 1, "CSRTensor")
        if indptr.shape[0] != shape[0] + 1:
            raise ValueError("For CSRTensor, indptr must have length (1 + shape[0]), but got: %d"
                             % indptr.shape[0])
        if indices.shape[0] != values.shape[0]:
            raise ValueError("For CSRTensor, indices and values must have the same length, but "
                             "got %d and %d" % (indices.shape[0], values.shape[0]))
        self.indptr, self.indices, self.values, self.shape = indptr, indices, values, shape

    def _with_values(self, values):
        return CSRTensor(self.indptr, self.indices, values, self.shape)

    def to_tuple(self):
        """(indptr, indices, values, shape)."""
        return self.indptr, self.indices, self.values, self.shape

    def _rows(self):
        ptr = self.indptr.asnumpy().astype(np.int64)
        if ptr[0] != 0 or np.any(np.diff(ptr) < 0) or ptr[-1] != self.values.shape[0]:
            raise ValueError("CSRTensor: 'indptr' must start at 0, not decrease and end at the "
                             "number of values %d, but got %s" % (self.values.shape[0], ptr))
        return np.repeat(np.arange(self.shape[0]), np.diff(ptr))

    def to_coo(self):
        """The same matrix as a COOTensor."""
        rows = self._rows()
        cols = self.indices.asnumpy().astype(np.int64)
        dtype = self.indices.asnumpy().dtype
        return COOTensor(Tensor(np.stack([rows, cols], 1).astype(dtype)), self.values,
                         self.shape)

    def to_dense(self):
        """The dense Tensor."""
        return self.to_coo().to_dense()

    def mv(self, dense_vector):
        """The product with a dense (columns, 1) Tensor: a (rows, 1) Tensor."""
        return _ops().matmul(self.to_dense(), dense_vector)

    def mm(self, matrix):
        """The product with a dense (columns, K) Tensor."""
        return _ops().matmul(self.to_dense(), matrix)

    def sum(self, axis):
        """The dense sum over ``axis``, keeping it (MindSpore's CSRReduceSum)."""
        return _ops().sum(self.to_dense(), axis, keepdim=True)

    def __repr__(self):
        return "CSRTensor(shape=%s, dtype=%s, indptr=%r, indices=%r, values=%r)" % (
            list(self.shape), self.dtype, self.indptr, self.indices, self.values)

    __str__ = __repr__


def _register_with_multitype_dispatch():
    from mindcell.ops.composite import register_sparse_type
    for cls in (COOTensor, CSRTensor):
        register_sparse_type(cls)


_register_with_multitype_dispatch()
