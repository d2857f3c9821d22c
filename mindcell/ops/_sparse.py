"""``COOTensor`` and ``CSRTensor``: 2-D sparse tensors held as index and value tensors.

The index bookkeeping (sorting, merging, row expansion) is vectorised numpy on the index
tensors' numbers, which are data, never differentiated; everything computed from ``values``
or a dense operand goes through mindcell ops (gather, multiply, scatter-add), so gradients
reach the values and the dense operands, in PYNATIVE_MODE and GRAPH_MODE alike.
The classes live in the ops layer because they are built from ops; ``mindcell.COOTensor``
and MindSpore's other paths bind the same objects.
"""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.row_tensor import sparse_tensor_text
from mindcell.common.tensor import Tensor

__all__ = ["COOTensor", "CSRTensor", "SparseTensor"]

_INDEX_DTYPES = (mstype.int16, mstype.int32, mstype.int64)


def _ops():
    from mindcell.ops import functional
    return functional


# ----- argument checks (MindSpore 2.10's messages) ----------------------------------------------
def _api(default):
    """The API to name in an error: the public op the user called (ops.make_coo_tensor,
    ops.csr_div, Tensor.to_csr ... reach these checks through the classes), else ``default``
    (the class or method MindSpore's message names when the user calls it directly)."""
    from mindcell.ops._errors import public_name
    return public_name(default)


def _check_tensor(v, arg):
    if not isinstance(v, Tensor):
        raise TypeError("For %s, '%s' must be Tensor, but got %s."
                        % (_api("SparseTensors"), arg, type(v)))


def _check_shape(shape, cls, ndim=None):
    if not isinstance(shape, tuple):
        raise TypeError("For %s, 'shape' must be tuple, but got %s."
                        % (_api("SparseTensors"), type(shape)))
    if ndim is not None and len(shape) != ndim:
        raise ValueError("For %s, the length of 'shape' must be %d, but got %s."
                         % (_api(cls), ndim, shape))
    for n in shape:
        if not isinstance(n, (int, np.integer)) or isinstance(n, bool):
            raise TypeError("For %s, the element of 'shape' must be int, but got %r in %s."
                            % (_api(cls), n, shape))
        if n <= 0:
            raise ValueError("For %s, the element of 'shape' must be positive, but got %d in %s."
                             % (_api(cls), n, shape))
    return tuple(int(n) for n in shape)


def _traced(t):
    """Whether ``t`` is a GRAPH_MODE placeholder (no values until the compiled graph runs)."""
    return getattr(t, "_traced", False)


def _idx(t):
    """The numbers of an index tensor as int64 numpy."""
    return t.asnumpy().astype(np.int64)


def _index_tensor(arr, like):
    """An index Tensor of ``like``'s dtype holding ``arr``."""
    return Tensor(np.ascontiguousarray(arr).astype(like.asnumpy().dtype))


def _take(values, positions):
    """``values[positions]`` along axis 0 (a gather, so gradients flow back)."""
    return _ops().gather(values, Tensor(np.asarray(positions, np.int64)), 0)


def _segment_sum(values, segments, count):
    """Sum ``values`` (first axis) into ``count`` rows by ``segments`` (differentiable)."""
    ops = _ops()
    zeros = ops.zeros((count,) + tuple(values.shape[1:]), values.dtype)
    return ops.tensor_scatter_add(zeros, Tensor(np.asarray(segments, np.int64).reshape(-1, 1)),
                                  values)


def _spmm(rows, cols, values, dense, m, api):
    """The (m, K) product of the sparse matrix ``values`` at (``rows``, ``cols``) and ``dense``:
    each stored value scales its column's row of ``dense`` and adds into its row."""
    ops = _ops()
    if not isinstance(dense, Tensor) or dense.ndim != 2:
        raise ValueError("For %s, the dense operand must be a 2-D Tensor, but got %r"
                         % (_api(api), getattr(dense, "shape", dense)))
    if dense.dtype != values.dtype:
        raise TypeError("For %s, the dense operand's dtype %s must be the values' dtype %s"
                        % (_api(api), dense.dtype, values.dtype))
    picked = ops.gather(dense, Tensor(np.asarray(cols, np.int64)), 0)
    scaled = ops.mul(picked, ops.reshape(values, (-1, 1)))
    return _segment_sum(scaled, rows, m)


def _at_positions(dense, rows, cols, shape, api):
    """The entries of ``dense`` broadcast to ``shape`` at (``rows``, ``cols``), without
    materialising the broadcast: a size-1 axis is read at 0."""
    ops = _ops()
    if not isinstance(dense, Tensor):
        raise TypeError("For %s, the other operand must be a Tensor, but got %s"
                        % (_api(api), type(dense).__name__))
    if dense.ndim == 0:
        return dense
    if dense.ndim > 2 or any(d not in (1, s) for d, s in zip(dense.shape[::-1], shape[::-1])):
        raise ValueError("For %s, the dense shape %s cannot broadcast to the sparse shape %s"
                         % (_api(api), dense.shape, shape))
    d2 = ops.reshape(dense, (1,) * (2 - dense.ndim) + tuple(dense.shape))
    r = rows if d2.shape[0] == shape[0] else np.zeros_like(rows)
    c = cols if d2.shape[1] == shape[1] else np.zeros_like(cols)
    return ops.gather_nd(d2, Tensor(np.stack([r, c], 1).astype(np.int64)))


def _sorted_union(keys_list, values_list, ncols):
    """Merge (key = row * ncols + col, values) lists: sorted unique keys and the summed values."""
    ops = _ops()
    keys = np.concatenate(keys_list)
    uniq, inverse = np.unique(keys, return_inverse=True)
    values = ops.concat(values_list) if len(values_list) > 1 else values_list[0]
    summed = _segment_sum(values, inverse.reshape(-1), len(uniq))
    return uniq // ncols, uniq % ncols, summed


class _FrozenIndex:
    """An index array as the static part of a sparse tensor in GRAPH_MODE (see
    ``_graph_flatten``): equal and hashed by value, so a graph compiled for one sparsity
    pattern is reused for the same pattern and recompiled for another."""
    __slots__ = ("array", "_key")

    def __init__(self, tensor):
        self.array = tensor.asnumpy()
        self._key = (self.array.dtype.str, self.array.shape, self.array.tobytes())

    def __eq__(self, other):
        return isinstance(other, _FrozenIndex) and self._key == other._key

    def __hash__(self):
        return hash(self._key)

    def tensor(self):
        return Tensor(self.array)


class _SparseBase:
    """What both formats share: the value dtype, sizes and value-wise maps."""

    _tensor_defers = True  # Tensor + sparse calls the sparse tensor's __radd__ (tensor_methods)

    @property
    def indices(self):
        """Tensor, the stored values' positions."""
        return self._indices

    @property
    def values(self):
        """Tensor, the stored values."""
        return self._values

    @property
    def shape(self):
        """tuple(int), the dense shape."""
        return self._shape

    @property
    def dtype(self):
        """The values' dtype."""
        return self._values.dtype

    @property
    def size(self):
        """int, the number of stored values (``values.size``)."""
        return self._values.size

    @property
    def itemsize(self):
        """int, the bytes of one value."""
        return self._values.itemsize

    @property
    def ndim(self):
        """int, the dense rank (``len(shape)``)."""
        return len(self._shape)

    def _with_values(self, values):
        raise NotImplementedError

    def astype(self, dtype):
        """The same sparse tensor with the values cast to ``dtype``.

        Args:
            dtype (mindcell.dtype): the values' new dtype.

        Returns:
            The same kind of sparse tensor.
        """
        return self._with_values(_ops().cast(self._values, dtype))

    def abs(self):
        """The same sparse tensor with the absolute values.

        Returns:
            The same kind of sparse tensor.
        """
        return self._with_values(_ops().abs(self._values))

    def __neg__(self):
        return self._with_values(_ops().neg(self._values))

    def __eq__(self, other):
        return self is other

    __hash__ = object.__hash__

    # GRAPH_MODE (mindcell.graph): the values are the traced tensors; the index tensors and the
    # shape are the static part, so index bookkeeping stays numpy inside a compiled graph
    # (an index tensor computed inside the graph is a traced tensor itself: a leaf too)
    def _graph_flatten(self):
        parts = self.to_tuple()
        frozen = tuple(None if _traced(t) else _FrozenIndex(t) for t in parts[:-2])
        traced = tuple(t for t, f in zip(parts[:-2], frozen) if f is None)
        return (frozen, parts[-1]), traced + (parts[-2],)

    @classmethod
    def _graph_unflatten(cls, static, tensors):
        frozen, shape = static
        rest = iter(tensors)
        indices = [next(rest) if f is None else f.tensor() for f in frozen]
        obj = cls.__new__(cls)
        obj._init_parts(*indices, next(rest), shape)
        return obj


class COOTensor(_SparseBase):
    """COOTensor(indices=None, values=None, shape=None, coo_tensor=None): a 2-D sparse tensor in
    coordinate format: ``dense[indices[k, 0], indices[k, 1]] = values[k]`` (repeated positions add
    up when made dense), zero elsewhere.

    Args:
        indices (Tensor): int16/int32/int64, shape (N, 2). Default: ``None``.
        values (Tensor): shape (N,), any dtype. Default: ``None``.
        shape (tuple(int)): the dense shape, two positive ints. Default: ``None``.
        coo_tensor (COOTensor): copy the parts of this COOTensor instead. Default: ``None``.

    Raises:
        TypeError: ``indices``/``values`` is not a Tensor, ``indices`` has another dtype,
            ``shape`` is not a tuple.
        ValueError: the ranks or lengths do not match, or ``shape`` is not two positive ints.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, COOTensor
        >>> x = COOTensor(Tensor([[0, 1], [1, 2]], ms.int32), Tensor([1., 2.]), (3, 4))
        >>> print(x.to_dense())
        [[0. 1. 0. 0.]
         [0. 0. 2. 0.]
         [0. 0. 0. 0.]]
        >>> print(x.shape, x.dtype)
        (3, 4) Float32
    """

    def __init__(self, indices=None, values=None, shape=None, coo_tensor=None):
        if coo_tensor is not None:
            if not isinstance(coo_tensor, COOTensor):
                raise TypeError("For %s, 'coo_tensor' must be a COOTensor, but got %s."
                                % (_api("COOTensor"), type(coo_tensor)))
            indices, values, shape = coo_tensor.indices, coo_tensor.values, coo_tensor.shape
        _check_tensor(indices, "indices")
        _check_tensor(values, "values")
        shape = _check_shape(shape, "COOTensor", 2)
        if indices.dtype not in _INDEX_DTYPES:
            raise TypeError("For %s, the type of 'indices' must be one of [int16, int32, "
                            "int64], but got %s." % (_api("COOTensor"), indices.dtype))
        for t, arg, rank in ((indices, "indices", 2), (values, "values", 1)):
            if t.ndim != rank:
                raise ValueError("For %s, '%s' must be a %d-dimensional tensor, but got a "
                                 "%d-dimensional tensor."
                                 % (_api("COOTensor"), arg, rank, t.ndim))
        if indices.shape[0] != values.shape[0]:
            raise ValueError("For %s, 'indices.shape[0]' must be euqal to "
                             "'values.shape[0]', but got 'indices.shape[0]' = %d and "
                             "'values.shape[0]' = %d."
                             % (_api("COOTensor"), indices.shape[0], values.shape[0]))
        if indices.shape[1] != 2:
            raise ValueError("For %s, 'indices.shape[1]' must be 2, but got %d."
                             % (_api("COOTensor"), indices.shape[1]))
        self._init_parts(indices, values, shape)

    def _init_parts(self, indices, values, shape):
        self._indices, self._values, self._shape = indices, values, shape

    def _with_values(self, values):
        return COOTensor(self._indices, values, self._shape)

    def to_tuple(self):
        """The parts ``(indices, values, shape)``.

        Returns:
            tuple(Tensor, Tensor, tuple(int)).
        """
        return self._indices, self._values, self._shape

    def to_dense(self):
        """The dense Tensor: zero except the values at their positions (repeated positions add).

        Returns:
            Tensor of ``shape`` and the values' dtype.

        Raises:
            TypeError: ``indices`` is int16 (MindSpore's TensorScatterAdd takes int32/int64).
            ValueError: an index lies outside ``shape``.
        """
        if self._indices.dtype == mstype.int16:
            raise TypeError("For primitive[TensorScatterAdd], the input[indices type] supports "
                            "types: Int32, Int64. But got Int16.")
        if not _traced(self._indices):  # indices computed in a graph are checked by the op
            idx = _idx(self._indices)
            if idx.size and (idx.min() < 0 or (idx >= np.array(self._shape)).any()):
                raise ValueError("COOTensor.to_dense: an index in %s lies outside the shape %s"
                                 % (idx.tolist(), self._shape))
        ops = _ops()
        return ops.tensor_scatter_add(ops.zeros(self._shape, self.dtype), self._indices,
                                      self._values)

    def coalesce(self):
        """The same matrix with sorted, duplicate-free indices (repeated positions summed).

        Returns:
            COOTensor with int64 indices.

        Raises:
            TypeError: ``indices`` is not int64 (as MindSpore's Coalesce).
        """
        _require_int64(self._indices, "Coalesce", "x_indices")
        idx = _idx(self._indices)
        rows, cols, summed = _sorted_union([idx[:, 0] * self._shape[1] + idx[:, 1]],
                                           [self._values], self._shape[1])
        return COOTensor(Tensor(np.stack([rows, cols], 1).astype(np.int64)), summed,
                         self._shape)

    def add(self, other, thresh):
        """The sum with another COOTensor, dropping the sums whose magnitude is below
        ``thresh``; indices sorted.

        Args:
            other (COOTensor): the other summand, the same shape.
            thresh (Union[Tensor, number]): the magnitude a sum must reach to be kept.

        Returns:
            COOTensor with int64 indices.

        Raises:
            TypeError: ``other`` is not a COOTensor, or an ``indices`` is not int64.
            ValueError: the shapes differ.
        """
        return coo_add(self, other, thresh)

    def __add__(self, other):
        if isinstance(other, COOTensor):
            return self.add(other, 0)
        if isinstance(other, Tensor):
            return _ops().add(self.to_dense(), other)
        raise TypeError("COOTensor add with %s is not supported." % type(other))

    def __radd__(self, other):
        if isinstance(other, Tensor):
            return _ops().add(other, self.to_dense())
        raise TypeError("COOTensor add with %s is not supported." % type(other))

    def __sub__(self, other):
        if isinstance(other, COOTensor):
            return self.add(-other, 0)
        if isinstance(other, Tensor):
            return _ops().sub(self.to_dense(), other)
        raise TypeError("COOTensor sub with %s is not supported." % type(other))

    def __rsub__(self, other):
        if isinstance(other, Tensor):
            return _ops().sub(other, self.to_dense())
        raise TypeError("COOTensor sub with %s is not supported." % type(other))

    def _dense_at_indices(self, other, op):
        if not isinstance(other, Tensor):
            raise TypeError("COOTensor %s with %s is not supported." % (op, type(other)))
        if tuple(other.shape) != self._shape:
            raise ValueError("Input tensors should have the same shape.")
        return _ops().gather_nd(other, self._indices.astype(mstype.int64))

    def __mul__(self, other):
        return self._with_values(_ops().mul(self._values, self._dense_at_indices(other, "mul")))

    def __rmul__(self, other):
        return self._with_values(_ops().mul(self._dense_at_indices(other, "mul"), self._values))

    def __truediv__(self, other):
        return self._with_values(_ops().div(self._values, self._dense_at_indices(other, "div")))

    __div__ = __truediv__

    def to_csr(self):
        """The same matrix as a CSRTensor: entries ordered by row, then column (the original
        order among repeated positions), index dtype kept.

        Returns:
            CSRTensor.
        """
        idx = _idx(self._indices)
        order = np.lexsort((idx[:, 1], idx[:, 0]))
        counts = np.bincount(idx[:, 0], minlength=self._shape[0])
        indptr = np.concatenate([[0], np.cumsum(counts)])
        return CSRTensor(_index_tensor(indptr, self._indices),
                         _index_tensor(idx[order, 1], self._indices),
                         _take(self._values, order), self._shape)

    def __repr__(self):
        return "COOTensor(shape=%s, dtype=%s, indices=%s, values=%s)" % (
            list(self._shape), self.dtype, sparse_tensor_text(self._indices),
            sparse_tensor_text(self._values))

    __str__ = __repr__


class SparseTensor(COOTensor):
    """SparseTensor(indices, values, shape): MindSpore's deprecated name of :class:`COOTensor`
    (since 1.7); the same checks and methods.

    Args:
        indices (Tensor): int16/int32/int64, shape (N, 2).
        values (Tensor): shape (N,).
        shape (tuple(int)): the dense shape.

    Raises:
        TypeError, ValueError: as :class:`COOTensor`.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.SparseTensor(ms.Tensor([[0, 1], [1, 2]]), ms.Tensor([1., 2.]), (3, 4))
        >>> print(x.values)
        [1. 2.]
    """

    def __init__(self, indices, values, shape):
        super().__init__(indices, values, shape)


class CSRTensor(_SparseBase):
    """CSRTensor(indptr=None, indices=None, values=None, shape=None, csr_tensor=None): a sparse
    tensor in compressed-row format: row ``i`` holds ``values[indptr[i]:indptr[i+1]]`` at the
    columns ``indices[indptr[i]:indptr[i+1]]``; ``values`` may have trailing dimensions (then
    ``shape`` has them too).

    Args:
        indptr (Tensor): int16/int32/int64, shape (shape[0] + 1,). Default: ``None``.
        indices (Tensor): int16/int32/int64 column indices, shape (N,). Default: ``None``.
        values (Tensor): shape (N,) + shape[2:]. Default: ``None``.
        shape (tuple(int)): the dense shape, positive ints. Default: ``None``.
        csr_tensor (CSRTensor): copy the parts of this CSRTensor instead. Default: ``None``.

    Raises:
        TypeError: a part is not a Tensor, an index tensor has another dtype, ``shape`` is not
            a tuple.
        ValueError: the ranks or lengths do not match.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([1., 2.]), (2, 4))
        >>> print(x.to_dense())
        [[1. 0. 0. 0.]
         [0. 2. 0. 0.]]
        >>> print(x.mv(Tensor([[1.], [1.], [1.], [1.]])))
        [[1.]
         [2.]]
    """

    def __init__(self, indptr=None, indices=None, values=None, shape=None, csr_tensor=None):
        if csr_tensor is not None:
            if not isinstance(csr_tensor, CSRTensor):
                raise TypeError("For %s, 'csr_tensor' must be a CSRTensor, but got %s."
                                % (_api("CSRTensor"), type(csr_tensor)))
            indptr, indices, values, shape = csr_tensor.to_tuple()
        for t, arg in ((indptr, "indptr"), (indices, "indices"), (values, "values")):
            _check_tensor(t, arg)
        shape = _check_shape(shape, "CSRTensor")
        for t, arg in ((indptr, "indptr"), (indices, "indices")):
            if t.dtype not in _INDEX_DTYPES:
                raise TypeError("For %s, %s must have int16 or int32 or int64 data type, "
                                "but got %s." % (_api("CSRTensor"), arg, t.dtype))
            if t.ndim != 1:
                raise ValueError("For %s, %s must be a 1-dimensional tensor, but got a %d "
                                 "dimension tensor." % (_api("CSRTensor"), arg, t.ndim))
        if values.ndim != len(shape) - 1 or len(shape) < 2:
            api = _api("CSRTensor")  # MindSpore's message names no API: the op called, if any
            raise ValueError("%sValues' dimension should equal to CSRTensor's dimension - 1, but "
                             "gotValues' dimension: %d , CSRTensor's dimension: %d"
                             % ("" if api == "CSRTensor" else "For %s, " % api, values.ndim,
                                len(shape)))
        if indptr.shape[0] != shape[0] + 1:
            raise ValueError("For %s, indptr must have length (1 + shape[0]), but got: %d"
                             % (_api("CSRTensor"), indptr.shape[0]))
        if indices.shape[0] != values.shape[0]:
            raise ValueError("For %s, indices and values must equal in their shape, but "
                             "got indices shape: %d, values shape: %d."
                             % (_api("CSRTensor"), indices.shape[0], values.shape[0]))
        if tuple(values.shape[1:]) != shape[2:]:
            raise ValueError("For %s, the values' trailing shape %s must be the shape's "
                             "%s" % (_api("CSRTensor"), tuple(values.shape[1:]), shape[2:]))
        self._init_parts(indptr, indices, values, shape)

    def _init_parts(self, indptr, indices, values, shape):
        self._indptr, self._indices, self._values, self._shape = indptr, indices, values, shape

    @property
    def indptr(self):
        """Tensor, the row pointers."""
        return self._indptr

    def _with_values(self, values):
        return CSRTensor(self._indptr, self._indices, values, self._shape)

    def to_tuple(self):
        """The parts ``(indptr, indices, values, shape)``.

        Returns:
            tuple(Tensor, Tensor, Tensor, tuple(int)).
        """
        return self._indptr, self._indices, self._values, self._shape

    def _positions(self, api="CSRTensor"):
        """(rows, cols) of the stored values as int64 numpy, after checking the structure."""
        ptr = _idx(self._indptr)
        nnz = self._values.shape[0]
        if ptr[0] != 0 or np.any(np.diff(ptr) < 0) or ptr[-1] != nnz:
            raise ValueError("For %s, 'indptr' must start at 0, not decrease and end at the "
                             "number of values %d, but got %s" % (_api(api), nnz, ptr.tolist()))
        cols = _idx(self._indices)
        if cols.size and (cols.min() < 0 or cols.max() >= self._shape[1]):
            raise ValueError("For %s, the column indices must be in [0, %d), but got %s"
                             % (_api(api), self._shape[1], cols.tolist()))
        return np.repeat(np.arange(self._shape[0]), np.diff(ptr)), cols

    def _require_2d(self, what):
        if len(self._shape) != 2:
            raise ValueError("Currently only support 2-D CSRTensor when %s." % what)

    def to_coo(self):
        """The same matrix as a COOTensor (row-major order, index dtype kept).

        Returns:
            COOTensor.

        Raises:
            ValueError: the CSRTensor is not 2-D.
        """
        self._require_2d("converting to COOTensor")
        rows, cols = self._positions("CSRTensor.to_coo")
        return COOTensor(_index_tensor(np.stack([rows, cols], 1), self._indices), self._values,
                         self._shape)

    def to_dense(self):
        """The dense Tensor.

        Returns:
            Tensor of ``shape`` and the values' dtype.
        """
        rows, cols = self._positions("CSRTensor.to_dense")
        ops = _ops()
        return ops.tensor_scatter_add(ops.zeros(self._shape, self.dtype),
                                      Tensor(np.stack([rows, cols], 1)), self._values)

    def mv(self, dense_vector):
        """The product with a dense (shape[1], 1) Tensor.

        Args:
            dense_vector (Tensor): shape (shape[1], 1), the values' dtype.

        Returns:
            Tensor, shape (shape[0], 1).

        Raises:
            ValueError: the shapes do not fit.
        """
        if not isinstance(dense_vector, Tensor) or dense_vector.ndim != 2 or \
                tuple(dense_vector.shape) != (self._shape[1], 1):
            raise ValueError("For %s, the dense vector must have shape %s, but got %r"
                             % (_api("CSRTensor.mv"), (self._shape[1], 1),
                                getattr(dense_vector, "shape", dense_vector)))
        return self.mm(dense_vector)

    def mm(self, matrix):
        """The product with a dense (shape[1], K) Tensor.

        Args:
            matrix (Tensor): shape (shape[1], K), the values' dtype.

        Returns:
            Tensor, shape (shape[0], K).

        Raises:
            ValueError: the shapes do not fit, or ``self`` is not 2-D.
            NotImplementedError: ``matrix`` is a CSRTensor (MindSpore runs that on GPU only).
        """
        if isinstance(matrix, CSRTensor):
            raise NotImplementedError("CSRTensor.mm of two CSRTensors (MindSpore: GPU only) is "
                                      "not implemented by mindcell; use a dense right operand")
        self._require_2d("multiplying")
        if not isinstance(matrix, Tensor) or matrix.ndim != 2 or matrix.shape[0] != self._shape[1]:
            raise ValueError("For %s, the dense matrix must have shape (%d, K), but got "
                             "%r" % (_api("CSRTensor.mm"), self._shape[1],
                                     getattr(matrix, "shape", matrix)))
        rows, cols = self._positions("CSRTensor.mm")
        return _spmm(rows, cols, self._values, matrix, self._shape[0], "CSRTensor.mm")

    def sum(self, axis):
        """The sum over ``axis`` of the dense matrix, keeping that axis.

        Args:
            axis (int): 0, 1 or -2, -1.

        Returns:
            Tensor, (1, shape[1]) for axis 0, (shape[0], 1) for axis 1.

        Raises:
            ValueError: ``axis`` is out of range.
        """
        self._require_2d("summing")
        if isinstance(axis, bool) or not isinstance(axis, int) or not -2 <= axis < 2:
            raise ValueError("For %s, 'axis' must be an int in [-2, 2), but got %r"
                             % (_api("CSRTensor.sum"), axis))
        rows, cols = self._positions("CSRTensor.sum")
        ops = _ops()
        if axis % 2 == 1:
            return ops.reshape(_segment_sum(self._values, rows, self._shape[0]), (-1, 1))
        return ops.reshape(_segment_sum(self._values, cols, self._shape[1]), (1, -1))

    def add(self, b, alpha, beta):
        """``alpha * self + beta * b``, on the union of the two patterns (row-major order).

        Args:
            b (CSRTensor): the other CSRTensor, the same shape.
            alpha (Tensor): a scalar Tensor, the values' dtype.
            beta (Tensor): a scalar Tensor, the values' dtype.

        Returns:
            CSRTensor.
        """
        return csr_add(self, b, alpha, beta)

    def __add__(self, other):
        if isinstance(other, CSRTensor):
            one = _ops().ones((), self.dtype)
            return csr_add(self, other, one, one)
        raise TypeError("CSRTensor add with %s is not supported." % type(other))

    def __sub__(self, other):
        if isinstance(other, CSRTensor):
            one = _ops().ones((), self.dtype)
            return csr_add(self, other, one, -one)
        raise TypeError("CSRTensor sub with %s is not supported." % type(other))

    def _dense_at(self, other, api):
        rows, cols = self._positions(api)
        return _at_positions(other, rows, cols, self._shape, api)

    def __mul__(self, other):
        return self._with_values(_ops().mul(self._values, self._dense_at(other, "CSRTensor.mul")))

    def __truediv__(self, other):
        return self._with_values(_ops().div(self._values, self._dense_at(other, "CSRTensor.div")))

    __div__ = __truediv__

    def __repr__(self):
        return "CSRTensor(shape=%s, dtype=%s, indptr=%s, indices=%s, values=%s)" % (
            list(self._shape), self.dtype, sparse_tensor_text(self._indptr),
            sparse_tensor_text(self._indices), sparse_tensor_text(self._values))

    __str__ = __repr__


# ----- functions the methods share (ops.function.sparse_func re-exports them) ------------------
def _require_int64(t, prim, arg):
    if t.dtype != mstype.int64:
        raise TypeError("For primitive[%s], the input argument[%s] must be a type of "
                        "{Tensor[Int64]}, but got Tensor[%s]." % (prim, arg, t.dtype))


def coo_add(x1, x2, thresh):
    """coo_add(x1, x2, thresh): the sum of two COOTensors, dropping the sums whose magnitude is
    below ``thresh``; indices sorted (MindSpore's SparseAdd).

    Args:
        x1 (COOTensor): int64 indices.
        x2 (COOTensor): int64 indices, the same shape.
        thresh (Union[Tensor, number]): a 0-D threshold.

    Returns:
        COOTensor with int64 indices.

    Raises:
        TypeError: an input is not a COOTensor, or its indices are not int64.
        ValueError: the shapes differ, or ``thresh`` is not 0-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, COOTensor, ops
        >>> a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
        >>> b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
        >>> print(ops.coo_add(a, b, Tensor(0, ms.int32)).values)
        [3 1 4 2]
    """
    for x, arg in ((x1, "x1"), (x2, "x2")):
        if not isinstance(x, COOTensor):
            raise TypeError("For coo_add, '%s' must be a COOTensor, but got %s" % (arg, type(x)))
    _require_int64(x1.indices, "SparseAdd", "x1_indices")
    _require_int64(x2.indices, "SparseAdd", "x2_indices")
    if x1.shape != x2.shape:
        raise ValueError("For coo_add, the shapes must be equal, but got %s and %s"
                         % (x1.shape, x2.shape))
    if x1.dtype != x2.dtype:
        raise TypeError("For coo_add, the values' dtypes must be equal, but got %s and %s"
                        % (x1.dtype, x2.dtype))
    if not isinstance(thresh, Tensor) and (
            not isinstance(thresh, (int, float, np.number)) or isinstance(thresh, bool)):
        raise TypeError("For coo_add, 'thresh' must be a Tensor or a number, but got %s"
                        % type(thresh).__name__)
    limit = thresh.asnumpy() if isinstance(thresh, Tensor) else np.asarray(thresh)
    if limit.ndim != 0:
        raise ValueError("For coo_add, 'thresh' must be 0-D, but got shape %s" % (limit.shape,))
    ncols = x1.shape[1]
    keys = [_idx(x.indices)[:, 0] * ncols + _idx(x.indices)[:, 1] for x in (x1, x2)]
    rows, cols, summed = _sorted_union(keys, [x1.values, x2.values], ncols)
    keep = np.flatnonzero(np.abs(summed.asnumpy()) >= limit)
    return COOTensor(Tensor(np.stack([rows[keep], cols[keep]], 1).astype(np.int64)),
                     _take(summed, keep), x1.shape)


def csr_add(a, b, alpha, beta):
    """csr_add(a, b, alpha, beta): ``alpha * a + beta * b`` of two CSRTensors, on the union of
    their patterns (row-major order; sums that are zero are kept).

    Args:
        a (CSRTensor): 2-D.
        b (CSRTensor): the same shape and values dtype.
        alpha (Tensor): a scalar (or broadcastable) Tensor, the values' dtype.
        beta (Tensor): as ``alpha``.

    Returns:
        CSRTensor, ``a``'s index dtype.

    Raises:
        TypeError: ``a``/``b`` is not a CSRTensor, or the dtypes differ.
        ValueError: the shapes differ.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> a = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([1., 2.]), (2, 6))
        >>> one = Tensor(1, ms.float32)
        >>> print(ops.csr_add(a, a, one, one).values)
        [2. 4.]
    """
    for x, arg in ((a, "a"), (b, "b")):
        if not isinstance(x, CSRTensor):
            raise TypeError("For csr_add, '%s' must be a CSRTensor, but got %s" % (arg, type(x)))
    if a.shape != b.shape:
        raise ValueError("For csr_add, the shapes must be equal, but got %s and %s"
                         % (a.shape, b.shape))
    if a.dtype != b.dtype:
        raise TypeError("For csr_add, the values' dtypes must be equal, but got %s and %s"
                        % (a.dtype, b.dtype))
    a._require_2d("adding")
    ops = _ops()
    ncols = a.shape[1]
    parts, keys = [], []
    for x, w, arg in ((a, alpha, "alpha"), (b, beta, "beta")):
        if not isinstance(w, Tensor):
            raise TypeError("For csr_add, '%s' must be a Tensor, but got %s" % (arg, type(w)))
        rows, cols = x._positions("csr_add")
        keys.append(rows * ncols + cols)
        parts.append(ops.mul(x.values, _at_positions(w, rows, cols, x.shape, "csr_add")))
    rows, cols, summed = _sorted_union(keys, parts, ncols)
    indptr = np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=a.shape[0]))])
    return CSRTensor(_index_tensor(indptr, a.indptr), _index_tensor(cols, a.indices), summed,
                     a.shape)


def _to_coo_method(self):
    """to_coo(): this 2-D Tensor as a COOTensor of its non-zero entries (row-major, int32
    indices).

    Returns:
        COOTensor.

    Raises:
        ValueError: the Tensor is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.Tensor([[1, 0], [-5, 0]], ms.float32)
        >>> print(x.to_coo().indices)
        [[0 0]
         [1 0]]
    """
    from mindcell.ops.function.sparse_func import dense_to_sparse_coo
    return dense_to_sparse_coo(self)


def _to_csr_method(self):
    """to_csr(): this 2-D float or complex Tensor as a CSRTensor of its non-zero entries
    (int32 indices).

    Returns:
        CSRTensor.

    Raises:
        TypeError: the dtype is not float32/float64/complex64/complex128 (MindSpore's
            DenseToCSRSparseMatrix).
        ValueError: the Tensor is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.Tensor([[1, 0], [-5, 0]], ms.float32)
        >>> print(x.to_csr().indptr)
        [0 1 2]
    """
    if self.dtype not in (mstype.float32, mstype.float64, mstype.complex64, mstype.complex128):
        raise TypeError("For primitive[DenseToCSRSparseMatrix], the input argument[dense_input] "
                        "must be a type of {Tensor[Complex128], Tensor[Complex64], "
                        "Tensor[Float32], Tensor[Float64]}, but got Tensor[%s]." % self.dtype)
    from mindcell.ops.function.sparse_func import dense_to_sparse_csr
    return dense_to_sparse_csr(self)


_to_coo_method.__name__ = _to_coo_method.__qualname__ = "to_coo"
_to_csr_method.__name__ = _to_csr_method.__qualname__ = "to_csr"


# Tensor.to_coo / Tensor.to_csr, MindSpore's Tensor methods
Tensor.to_coo = _to_coo_method
Tensor.to_csr = _to_csr_method
