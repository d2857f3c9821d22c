"""The functions of COOTensor/CSRTensor (MindSpore's ``ops.function.sparse_func``): conversions
between dense, COO and CSR, sparse-dense products, sums, softmax and concatenation. Index work
is vectorised numpy on the index tensors; values go through ops, so gradients reach them."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import _sparse
from mindcell.ops._errors import check_int
from mindcell.ops._sparse import (COOTensor, CSRTensor, SparseTensor,  # noqa: F401 (faces)
                                  coo_add, csr_add, _ops, _idx, _spmm, _take)

__all__ = ["coo_add", "coo_concat", "csr_add", "csr_div", "csr_mm", "csr_mul", "csr_mv",
           "csr_reduce_sum", "csr_softmax", "csr_to_coo", "csr_to_dense", "dense_to_sparse_coo",
           "dense_to_sparse_csr", "make_coo_tensor", "make_csr_tensor", "make_sparse_tensor",
           "coo_tensor_get_indices", "coo_tensor_get_values", "coo_tensor_get_dense_shape",
           "csr_tensor_get_indptr", "csr_tensor_get_indices", "csr_tensor_get_values",
           "csr_tensor_get_dense_shape", "coo2csr", "csr2coo", "csr_gather"]


def _require(x, cls, api):
    if not isinstance(x, cls):
        raise TypeError("For functional operator %s, input argument must be a %s."
                        % (api, cls.__name__))


def _nonzero_2d(tensor, api, fmt):
    if not isinstance(tensor, Tensor):
        raise TypeError("For functional operator %s, input argument must be a Tensor." % api)
    if tensor.ndim > 2:
        raise ValueError("For %s, currently only support 2-D Tensor when converting to %s."
                         % (_sparse._api(api), fmt))
    if tensor.ndim < 2:
        raise ValueError("For %s, the length of 'shape' must be 2, but got %s."
                         % (_sparse._api(fmt), tuple(tensor.shape)))
    pos = np.stack(np.nonzero(tensor.asnumpy()), 1).astype(np.int64).reshape(-1, 2)
    return pos, _ops().gather_nd(tensor, Tensor(pos))


def dense_to_sparse_coo(tensor):
    """dense_to_sparse_coo(tensor): the non-zero entries of a 2-D Tensor as a COOTensor
    (row-major order, int32 indices; gradients reach ``tensor`` through the values).

    Args:
        tensor (Tensor): 2-D.

    Returns:
        COOTensor of ``tensor``'s shape and dtype.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: ``tensor`` is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> out = ops.dense_to_sparse_coo(Tensor([[1, 0], [-5, 0]], ms.float32))
        >>> print(out.indices)
        [[0 0]
         [1 0]]
        >>> print(out.values)
        [ 1. -5.]
    """
    pos, values = _nonzero_2d(tensor, "dense_to_sparse_coo", "COOTensor")
    return COOTensor(Tensor(pos.astype(np.int32)), values, tuple(tensor.shape))


def dense_to_sparse_csr(tensor):
    """dense_to_sparse_csr(tensor): the non-zero entries of a 2-D Tensor as a CSRTensor
    (int32 indptr and indices).

    Args:
        tensor (Tensor): 2-D.

    Returns:
        CSRTensor of ``tensor``'s shape and dtype.

    Raises:
        TypeError: ``tensor`` is not a Tensor.
        ValueError: ``tensor`` is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> out = ops.dense_to_sparse_csr(Tensor([[1, 0], [-5, 0]], ms.float32))
        >>> print(out.indptr, out.indices)
        [0 1 2] [0 0]
    """
    pos, values = _nonzero_2d(tensor, "dense_to_sparse_csr", "CSRTensor")
    counts = np.bincount(pos[:, 0], minlength=tensor.shape[0])
    indptr = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
    return CSRTensor(Tensor(indptr), Tensor(pos[:, 1].astype(np.int32)), values,
                     tuple(tensor.shape))


def csr_to_dense(csr_tensor):
    """csr_to_dense(csr_tensor): the dense Tensor of a CSRTensor.

    Args:
        csr_tensor (CSRTensor): the sparse tensor.

    Returns:
        Tensor of its shape and dtype.

    Raises:
        TypeError: the input is not a CSRTensor.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_to_dense(x))
        [[2. 0. 0. 0.]
         [0. 1. 0. 0.]]
    """
    _require(csr_tensor, CSRTensor, "csr_to_dense")
    return csr_tensor.to_dense()


def csr_to_coo(tensor):
    """csr_to_coo(tensor): a 2-D CSRTensor as a COOTensor (row-major, index dtype kept).

    Args:
        tensor (CSRTensor): 2-D.

    Returns:
        COOTensor.

    Raises:
        TypeError: the input is not a CSRTensor.
        ValueError: it is not 2-D.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_to_coo(x).indices)
        [[0 0]
         [1 1]]
    """
    _require(tensor, CSRTensor, "csr_to_coo")
    return tensor.to_coo()


def csr_mul(x, y):
    """csr_mul(x, y): ``x * y`` of a CSRTensor and a dense Tensor broadcast to its shape, at
    the stored positions.

    Args:
        x (CSRTensor): 2-D.
        y (Tensor): broadcastable to ``x.shape``.

    Returns:
        CSRTensor, ``x``'s pattern.

    Raises:
        TypeError: ``x`` is not a CSRTensor or ``y`` not a Tensor.
        ValueError: ``y`` does not broadcast to ``x.shape``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_mul(x, Tensor([1., 2., 3., 4.])).values)
        [2. 2.]
    """
    _require(x, CSRTensor, "csr_mul")
    return x * y


def csr_div(x, y):
    """csr_div(x, y): the values of ``x / y`` for a CSRTensor and a dense Tensor broadcast to
    its shape (a dense Tensor of the stored positions' results; ``x / y`` gives a CSRTensor).

    Args:
        x (CSRTensor): 2-D.
        y (Tensor): broadcastable to ``x.shape``.

    Returns:
        Tensor, one value per stored position.

    Raises:
        TypeError: ``x`` is not a CSRTensor or ``y`` not a Tensor.
        ValueError: ``y`` does not broadcast to ``x.shape``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_div(x, Tensor([1., 2., 3., 4.])))
        [2.  0.5]
    """
    _require(x, CSRTensor, "csr_div")
    return (x / y).values


def csr_mv(csr_tensor, dense):
    """csr_mv(csr_tensor, dense): the product of a 2-D CSRTensor and a dense (shape[1], 1)
    Tensor; gradients reach the values and ``dense``.

    Args:
        csr_tensor (CSRTensor): shape (M, N).
        dense (Tensor): shape (N, 1), the values' dtype.

    Returns:
        Tensor, shape (M, 1).

    Raises:
        TypeError: ``csr_tensor`` is not a CSRTensor.
        ValueError: the shapes do not fit.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_mv(x, Tensor([[1.], [1.], [1.], [1.]])))
        [[2.]
         [1.]]
    """
    _require(csr_tensor, CSRTensor, "csr_mv")
    return csr_tensor.mv(dense)


def csr_reduce_sum(csr_tensor, axis):
    """csr_reduce_sum(csr_tensor, axis): the sum of a 2-D CSRTensor over ``axis``, kept.

    Args:
        csr_tensor (CSRTensor): 2-D.
        axis (int): 0 or 1 (or -2, -1).

    Returns:
        Tensor, (1, N) for axis 0, (M, 1) for axis 1.

    Raises:
        TypeError: ``csr_tensor`` is not a CSRTensor.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 1, 2], ms.int32), Tensor([0, 1], ms.int32),
        ...               Tensor([2., 1.]), (2, 4))
        >>> print(ops.csr_reduce_sum(x, 1))
        [[2.]
         [1.]]
    """
    _require(csr_tensor, CSRTensor, "csr_reduce_sum")
    return csr_tensor.sum(axis)


def csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False):
    """csr_mm(a, b, trans_a=False, trans_b=False, adjoint_a=False, adjoint_b=False): the matrix
    product of a CSRTensor and a dense Tensor or CSRTensor, either transposed (``trans_*``) or
    conjugate-transposed (``adjoint_*``) first.

    Args:
        a (CSRTensor): 2-D.
        b (Union[Tensor, CSRTensor]): 2-D, the values' dtype.
        trans_a, trans_b, adjoint_a, adjoint_b (bool): Default: ``False``.

    Returns:
        Tensor when ``b`` is a Tensor; CSRTensor (the product's non-zero entries, int32
        indices) when ``b`` is a CSRTensor.

    Raises:
        TypeError: ``a`` is not a CSRTensor, or a flag is not a bool.
        ValueError: the shapes do not fit.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> a = CSRTensor(Tensor([0, 1, 1, 3, 4], ms.int32), Tensor([0, 3, 4, 0], ms.int32),
        ...               Tensor([1., 5., -1., -2.]), (4, 5))
        >>> b = CSRTensor(Tensor([0, 1, 1, 3, 3, 3], ms.int32), Tensor([0, 0, 1], ms.int32),
        ...               Tensor([2., 7., 8.]), (5, 3))
        >>> c = ops.csr_mm(a, b)
        >>> print(c.shape, c.values, c.indptr)
        (4, 3) [ 2. -4.] [0 1 1 1 2]
    """
    _require(a, CSRTensor, "csr_mm")
    for name, flag in (("trans_a", trans_a), ("trans_b", trans_b), ("adjoint_a", adjoint_a),
                       ("adjoint_b", adjoint_b)):
        if not isinstance(flag, bool):
            raise TypeError("For csr_mm, '%s' must be a bool, but got %s"
                            % (name, type(flag).__name__))
    a._require_2d("multiplying")
    ops = _ops()
    rows, cols = a._positions("csr_mm")
    values, m = a.values, a.shape[0]
    if trans_a or adjoint_a:
        rows, cols, m = cols, rows, a.shape[1]
        if adjoint_a and a.dtype in (mstype.complex64, mstype.complex128):
            values = ops.conj(values)
    sparse_b = isinstance(b, CSRTensor)
    dense = b.to_dense() if sparse_b else b
    if not isinstance(dense, Tensor):
        raise TypeError("For csr_mm, 'b' must be a Tensor or CSRTensor, but got %s" % type(b))
    if trans_b or adjoint_b:
        dense = ops.transpose(dense, (1, 0))
        if adjoint_b and dense.dtype in (mstype.complex64, mstype.complex128):
            dense = ops.conj(dense)
    inner = a.shape[0] if (trans_a or adjoint_a) else a.shape[1]
    if dense.ndim != 2 or dense.shape[0] != inner:
        raise ValueError("For csr_mm, the right operand must have %d rows, but got shape %s"
                         % (inner, tuple(dense.shape)))
    out = _spmm(rows, cols, values, dense, m, "csr_mm")
    return dense_to_sparse_csr(out) if sparse_b else out


def csr_softmax(logits, dtype):
    """csr_softmax(logits, dtype): the softmax of each row's stored values of a 2-D CSRTensor
    (absent entries take no part), computed in ``dtype``.

    Args:
        logits (CSRTensor): 2-D.
        dtype (mindcell.dtype): float32 or float64.

    Returns:
        CSRTensor, ``logits``' pattern, values of ``dtype``.

    Raises:
        TypeError: ``logits`` is not a CSRTensor, or ``dtype`` is not float32/float64.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, CSRTensor, ops
        >>> x = CSRTensor(Tensor([0, 4, 6], ms.int32), Tensor([0, 2, 3, 4, 3, 4], ms.int32),
        ...               Tensor([1., 2., 3., 4., 1., 2.]), (2, 6))
        >>> print(ops.csr_softmax(x, ms.float32).values)
        [0.0320586  0.08714432 0.23688284 0.6439143  0.26894143 0.7310586 ]
    """
    _require(logits, CSRTensor, "csr_softmax")
    if not any(dtype is d for d in (mstype.float32, mstype.float64)):
        raise TypeError("For csr_softmax, 'dtype' must be float32 or float64, but got %s"
                        % (dtype,))
    logits._require_2d("computing softmax")
    ops = _ops()
    rows, _ = logits._positions("csr_softmax")
    v = ops.cast(logits.values, dtype)
    # the row maxima shift the exponent for range only: softmax does not depend on them, so
    # they carry no gradient
    seg = Tensor(rows.astype(np.int32))
    peak = ops.stop_gradient(ops.unsorted_segment_max(v, seg, logits.shape[0]))
    e = ops.exp(ops.sub(v, ops.gather(peak, seg, 0)))
    total = _sparse._segment_sum(e, rows, logits.shape[0])
    return logits._with_values(ops.div(e, ops.gather(total, Tensor(rows), 0)))


def coo_concat(sp_input, concat_dim=0):
    """coo_concat(sp_input, concat_dim=0): COOTensors joined along ``concat_dim`` (the other
    dimension must agree); entries in row-major order, int64 indices.

    Args:
        sp_input (Union[list[COOTensor], tuple[COOTensor]]): two or more COOTensors with int64
            indices and one values dtype.
        concat_dim (int): 0, 1, -2 or -1. Default: ``0``.

    Returns:
        COOTensor.

    Raises:
        TypeError: an item is not a COOTensor, or the dtypes differ.
        ValueError: fewer than two inputs, ``concat_dim`` out of range, or the other dimension
            differs.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, COOTensor, ops
        >>> a = COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), Tensor([1, 2], ms.int32), (3, 4))
        >>> b = COOTensor(Tensor([[0, 0], [1, 1]], ms.int64), Tensor([3, 4], ms.int32), (3, 4))
        >>> out = ops.coo_concat((a, b), 1)
        >>> print(out.shape, out.values)
        (3, 8) [1 3 2 4]
    """
    if not isinstance(sp_input, (list, tuple)) or len(sp_input) < 2:
        raise ValueError("For coo_concat, 'sp_input' must be a list or tuple of at least two "
                         "COOTensors, but got %r" % (sp_input,))
    for x in sp_input:
        if not isinstance(x, COOTensor):
            raise TypeError("For coo_concat, every input must be a COOTensor, but got %s"
                            % type(x))
    if isinstance(concat_dim, bool) or not isinstance(concat_dim, int) or \
            not -2 <= concat_dim < 2:
        raise ValueError("For coo_concat, 'concat_dim' must be an int in [-2, 2), but got %r"
                         % (concat_dim,))
    axis = concat_dim % 2
    other = 1 - axis
    if len({x.shape[other] for x in sp_input}) != 1:
        raise ValueError("For coo_concat, the inputs' dimension %d must agree, but got shapes %s"
                         % (other, [x.shape for x in sp_input]))
    if len({x.dtype for x in sp_input}) != 1:
        raise TypeError("For coo_concat, the values' dtypes must agree, but got %s"
                        % [x.dtype for x in sp_input])
    parts, offset = [], 0
    for x in sp_input:
        idx = _idx(x.indices).copy()
        idx[:, axis] += offset
        parts.append(idx)
        offset += x.shape[axis]
    idx = np.concatenate(parts)
    order = np.lexsort((idx[:, 1], idx[:, 0]))
    shape = list(sp_input[0].shape)
    shape[axis] = offset
    values = _ops().concat([x.values for x in sp_input])
    return COOTensor(Tensor(idx[order]), _take(values, order), tuple(shape))


def make_coo_tensor(*args):
    """make_coo_tensor(indices, values, shape): a COOTensor (MindSpore's graph primitive for
    the constructor).

    Args:
        args: as :class:`COOTensor`'s.

    Returns:
        COOTensor.

    Raises:
        TypeError, ValueError: as :class:`COOTensor`.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.ops.make_coo_tensor(ms.Tensor([[0, 1]]), ms.Tensor([1.]), (2, 2))
        >>> print(x.shape)
        (2, 2)
    """
    return COOTensor(*args)


def make_csr_tensor(*args):
    """make_csr_tensor(indptr, indices, values, shape): a CSRTensor (MindSpore's graph
    primitive for the constructor).

    Args:
        args: as :class:`CSRTensor`'s.

    Returns:
        CSRTensor.

    Raises:
        TypeError, ValueError: as :class:`CSRTensor`.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.ops.make_csr_tensor(ms.Tensor([0, 1, 1]), ms.Tensor([1]), ms.Tensor([1.]),
        ...                            (2, 2))
        >>> print(x.shape)
        (2, 2)
    """
    return CSRTensor(*args)


def make_sparse_tensor(indices, values, dense_shape):
    """make_sparse_tensor(indices, values, dense_shape): a COOTensor (MindSpore's deprecated
    name).

    Args:
        indices, values, dense_shape: as :class:`COOTensor`'s ``indices, values, shape``.

    Returns:
        COOTensor.

    Raises:
        TypeError, ValueError: as :class:`COOTensor`.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.ops.make_sparse_tensor(ms.Tensor([[0, 1]]), ms.Tensor([1.]), (2, 2))
        >>> print(x.values)
        [1.]
    """
    return COOTensor(indices, values, dense_shape)


def _getter(name, cls, attr):
    def get(*args):  # MindSpore's is a primitive instance: (*args)
        if len(args) != 1:
            raise TypeError("%s takes 1 argument, but got %d" % (name, len(args)))
        x = args[0]
        if not isinstance(x, cls):
            raise TypeError("For %s, the input must be a %s, but got %s"
                            % (name, cls.__name__, type(x)))
        return getattr(x, attr)

    get.__name__ = get.__qualname__ = name
    get.__module__ = __name__
    get.__doc__ = """%s(x): the ``%s`` of a %s.

    Args:
        x (%s): the sparse tensor.

    Returns:
        Its ``%s``.

    Raises:
        TypeError: ``x`` is not a %s.

    Examples:
        >>> import mindcell as ms
        >>> x = ms.COOTensor(ms.Tensor([[0, 1]]), ms.Tensor([1.]), (2, 2))
        >>> y = ms.CSRTensor(ms.Tensor([0, 1, 1]), ms.Tensor([1]), ms.Tensor([1.]), (2, 2))
        >>> print(ms.ops.%s(%s))
        %s
""" % (name, attr, cls.__name__, cls.__name__, attr, cls.__name__, name,
       "x" if cls is COOTensor else "y",
       {"indices": "[[0 1]]" if cls is COOTensor else "[1]", "values": "[1.]",
        "shape": "(2, 2)", "indptr": "[0 1 1]"}[attr])
    return get


coo_tensor_get_indices = _getter("coo_tensor_get_indices", COOTensor, "indices")
coo_tensor_get_values = _getter("coo_tensor_get_values", COOTensor, "values")
coo_tensor_get_dense_shape = _getter("coo_tensor_get_dense_shape", COOTensor, "shape")
csr_tensor_get_indptr = _getter("csr_tensor_get_indptr", CSRTensor, "indptr")
csr_tensor_get_indices = _getter("csr_tensor_get_indices", CSRTensor, "indices")
csr_tensor_get_values = _getter("csr_tensor_get_values", CSRTensor, "values")
csr_tensor_get_dense_shape = _getter("csr_tensor_get_dense_shape", CSRTensor, "shape")


def _unpack(args, n, api):
    if len(args) != n:
        raise TypeError("%s takes %d arguments, but got %d" % (api, n, len(args)))
    return args if n > 1 else args[0]


def _int_tensor(t, arg, api):
    if not isinstance(t, Tensor) or t.ndim != 1 or t.asnumpy().dtype.kind not in "iu":
        raise TypeError("For %s, '%s' must be a 1-D integer Tensor, but got %r"
                        % (api, arg, t))
    return t.asnumpy()


def coo2csr(*args):
    """coo2csr(row_indices, height): the CSR row pointers of sorted COO row indices.

    Args:
        row_indices (Tensor): 1-D integer, non-decreasing, each in [0, height).
        height (int): the number of rows.

    Returns:
        Tensor, shape (height + 1,), ``row_indices``' dtype.

    Raises:
        TypeError: ``row_indices`` is not a 1-D integer Tensor.
        ValueError: a row index lies outside [0, height).

    Examples:
        >>> import mindcell as ms
        >>> print(ms.ops.coo2csr(ms.Tensor([0, 1], ms.int32), 2))
        [0 1 2]
    """
    # MindSpore's is a primitive instance: (*args)
    row_indices, height = _unpack(args, 2, "coo2csr")
    rows = _int_tensor(row_indices, "row_indices", "coo2csr")
    height = check_int(height, "coo2csr", "height", 0, 2 ** 31 - 1)
    if rows.size and (rows.min() < 0 or rows.max() >= height):
        raise ValueError("For coo2csr, the row indices must lie in [0, %d), but got %s"
                         % (height, rows.tolist()))
    ptr = np.concatenate([[0], np.cumsum(np.bincount(rows.astype(np.int64), minlength=height))])
    return Tensor(ptr.astype(rows.dtype))


def csr2coo(*args):
    """csr2coo(indptr, nnz): the COO row index of each of the ``nnz`` values of a CSRTensor.

    Args:
        indptr (Tensor): 1-D integer row pointers.
        nnz (int): the number of values (``indptr[-1]``).

    Returns:
        Tensor, shape (nnz,), ``indptr``'s dtype.

    Raises:
        TypeError: ``indptr`` is not a 1-D integer Tensor.
        ValueError: ``indptr`` does not end at ``nnz`` or decreases.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.ops.csr2coo(ms.Tensor([0, 1, 2], ms.int32), 2))
        [0 1]
    """
    # MindSpore's is a primitive instance: (*args)
    indptr, nnz = _unpack(args, 2, "csr2coo")
    ptr = _int_tensor(indptr, "indptr", "csr2coo").astype(np.int64)
    nnz = check_int(nnz, "csr2coo", "nnz", 0)
    if ptr[-1] != nnz or np.any(np.diff(ptr) < 0):
        raise ValueError("For csr2coo, 'indptr' must not decrease and end at nnz=%d, but got %s"
                         % (nnz, ptr.tolist()))
    return Tensor(np.repeat(np.arange(len(ptr) - 1), np.diff(ptr)).astype(indptr.asnumpy().dtype))


def csr_gather(*args):
    """csr_gather(indptr, indices, dense, sparse_shape): the entries of ``dense`` at the
    positions of a CSR pattern (gradients reach ``dense``).

    Args:
        indptr (Tensor): 1-D integer row pointers.
        indices (Tensor): 1-D integer column indices.
        dense (Tensor): shape ``sparse_shape``.
        sparse_shape (tuple(int)): the pattern's shape.

    Returns:
        Tensor, shape (nnz,) + dense.shape[2:].

    Raises:
        TypeError, ValueError: the pattern is not valid for ``sparse_shape``.

    Examples:
        >>> import mindcell as ms
        >>> dense = ms.Tensor([[1., 2., 3., 4.], [5., 6., 7., 8.]])
        >>> print(ms.ops.csr_gather(ms.Tensor([0, 1, 2], ms.int32), ms.Tensor([0, 1], ms.int32),
        ...                         dense, (2, 4)))
        [1. 6.]
    """
    # MindSpore's is a primitive instance: (*args)
    indptr, indices, dense, sparse_shape = _unpack(args, 4, "csr_gather")
    if not isinstance(indices, Tensor) or indices.ndim != 1:
        raise TypeError("For csr_gather, 'indices' must be a 1-D Tensor, but got %r"
                        % (getattr(indices, "shape", indices),))
    if not isinstance(sparse_shape, (tuple, list)) or len(sparse_shape) < 2:
        raise TypeError("For csr_gather, 'sparse_shape' must be a tuple of at least 2 ints, but "
                        "got %r" % (sparse_shape,))
    if not isinstance(dense, Tensor):
        raise TypeError("For csr_gather, 'dense' must be a Tensor, but got %s"
                        % type(dense).__name__)
    pattern = CSRTensor(indptr, indices,
                        _ops().zeros((indices.shape[0],) + tuple(sparse_shape[2:])),
                        tuple(sparse_shape))
    rows, cols = pattern._positions("csr_gather")
    return _ops().gather_nd(dense, Tensor(np.stack([rows, cols], 1)))
