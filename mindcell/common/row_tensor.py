"""``RowTensor``: MindSpore's sparse representation of a tensor by a subset of its rows (the
gradient of an embedding lookup)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor

__all__ = ["RowTensor"]


def sparse_tensor_text(t):
    """A part of a sparse tensor as MindSpore prints it inside ``COOTensor(...)``/``RowTensor(...)``:
    ``Tensor(shape=[2], dtype=Int32, value=[1 2])``, the values numpy-style without commas
    (floats as ``"% .8e"`` formats them), a 2-D+ value on the following lines."""
    arr = t.asnumpy()
    if mstype.is_float_np(arr.dtype):
        spec = "% .4e" if arr.dtype == np.float16 else "% .8e"
        body = np.array2string(arr.astype(np.float64), separator=" ", threshold=1000,
                               max_line_width=1 << 30, formatter={"float_kind": spec.__mod__})
    else:
        body = np.array2string(arr, separator=" ", threshold=1000, max_line_width=1 << 30)
    if arr.size == 0:
        body = ""
    return "Tensor(shape=%s, dtype=%s, value=%s%s)" % (list(t.shape), t.dtype,
                                                        "\n" if arr.ndim > 1 else "", body)


class RowTensor:
    """RowTensor(indices=None, values=None, shape=None, row_tensor=None)

    The dense tensor of shape ``shape`` (read back as ``dense_shape``) that is zero except ``dense[indices[i]] =
    values[i]``.

    Args:
        indices (Tensor): 1-D integer Tensor of row indices.
        values (Tensor): the rows, shape ``(len(indices),) + shape[1:]``.
        shape (tuple[int]): the dense tensor's shape.
        row_tensor (RowTensor): copy another RowTensor instead.

    Raises:
        TypeError: ``indices``/``values`` are not Tensors, ``indices`` not integer, or
            ``shape`` not a tuple of ints.
        ValueError: the shapes do not agree.

    Examples:
        >>> import mindcell as ms
        >>> rt = ms.RowTensor(ms.Tensor([0]), ms.Tensor([[1.0, 2.0]]), (3, 2))
        >>> rt.dense_shape
        (3, 2)
    """

    def __init__(self, indices=None, values=None, shape=None, row_tensor=None):
        dense_shape = shape
        if row_tensor is not None:
            if not isinstance(row_tensor, RowTensor):
                raise TypeError("RowTensor: 'row_tensor' must be a RowTensor, but got %s"
                                % type(row_tensor).__name__)
            indices, values, dense_shape = (row_tensor.indices, row_tensor.values,
                                            row_tensor.dense_shape)
        for name, t in (("indices", indices), ("values", values)):
            if not isinstance(t, Tensor):
                raise TypeError("RowTensor: '%s' must be a Tensor, but got %s"
                                % (name, type(t).__name__))
        if indices._np_dtype.kind not in "iu" or indices.ndim != 1:
            raise TypeError("RowTensor: 'indices' must be a 1-D integer Tensor, but got %s of "
                            "shape %s" % (indices.dtype, indices.shape))
        if not isinstance(dense_shape, tuple) or not dense_shape or not all(
                isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in dense_shape):
            raise TypeError("RowTensor: 'shape' must be a non-empty tuple of ints >= 0, "
                            "but got %r" % (dense_shape,))
        if values.shape != indices.shape + tuple(dense_shape[1:]):
            raise ValueError("RowTensor: 'values' must have shape %s, but got %s"
                             % (indices.shape + tuple(dense_shape[1:]), values.shape))
        self._indices, self._values, self._dense_shape = indices, values, dense_shape

    @property
    def indices(self):
        return self._indices

    @property
    def values(self):
        return self._values

    @property
    def dense_shape(self):
        return self._dense_shape

    def __repr__(self):
        return "RowTensor(shape=%s, dtype=%s, indices=%s, values=%s)" % (
            list(self._dense_shape), self._values.dtype, sparse_tensor_text(self._indices),
            sparse_tensor_text(self._values))

    __str__ = __repr__
