"""Small math cells MindSpore keeps in ``nn``: OneHot, MatMul, Norm, Range, Moments and
LogSigmoid."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import _activation
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_bool, check_int, check_matmul_shapes


def _axis_tuple(axis, owner, allow_none=True):
    """``axis`` as a tuple of ints (None or () meaning every axis)."""
    if axis is None and allow_none:
        return ()
    if isinstance(axis, int) and not isinstance(axis, bool):
        return (axis,)
    if isinstance(axis, (tuple, list)) and all(
            isinstance(a, int) and not isinstance(a, bool) for a in axis):
        return tuple(axis)
    raise TypeError("%s: 'axis' must be an int or a tuple of ints, but got %r of type %s"
                    % (owner, axis, type(axis).__name__))


class OneHot(Cell):
    """One-hot encoding of integer indices: position ``indices[i]`` along a new axis ``axis``
    holds ``on_value``, every other position ``off_value``. Indices outside ``[0, depth)``
    give a row of ``off_value``.

    Args:
        axis (int): where the new axis goes, in ``[-1, indices.ndim]``. Default: ``-1``.
        depth (int): length of the new axis. Default: ``1``.
        on_value (float): the value at the index. Default: ``1.0``.
        off_value (float): the value elsewhere. Default: ``0.0``.
        dtype (mindcell.dtype): the output dtype. Default: ``mstype.float32``.

    Inputs:
        - **indices** (Tensor) - int32 or int64 indices of any shape.

    Outputs:
        Tensor of ``dtype``, ``indices.shape`` with ``depth`` inserted at ``axis``.

    Raises:
        TypeError: ``indices`` is not an int32/int64 Tensor.
        ValueError: ``axis`` is outside ``[-1, indices.ndim]``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.nn.OneHot(depth=3)(ms.Tensor(np.array([0, 2], np.int32))).asnumpy()
        array([[1., 0., 0.],
               [0., 0., 1.]], dtype=float32)
    """

    def __init__(self, axis=-1, depth=1, on_value=1.0, off_value=0.0, dtype=mstype.float32):
        super().__init__()
        self.axis = check_int(axis, "OneHot", "axis")
        self.depth = check_int(depth, "OneHot", "depth")
        self.dtype = dtype
        self.on_value, self.off_value = on_value, off_value
        self.onehot = P.OneHot(self.axis)

    def construct(self, indices):
        if not isinstance(indices, Tensor) or indices.dtype not in (mstype.int32, mstype.int64):
            raise TypeError("OneHot: 'indices' must be an int32 or int64 Tensor, but got %s"
                            % (indices.dtype if isinstance(indices, Tensor)
                               else type(indices).__name__))
        if not -1 <= self.axis <= indices.ndim:
            raise ValueError("OneHot: 'axis' must be in [-1, %d], but got %d"
                             % (indices.ndim, self.axis))
        if self.depth <= 0:  # an empty axis: nothing to encode
            shape = list(indices.shape)
            shape.insert(len(shape) if self.axis == -1 else self.axis, 0)
            return F.zeros(tuple(shape), self.dtype)
        return self.onehot(indices, self.depth, Tensor(self.on_value, self.dtype),
                           Tensor(self.off_value, self.dtype))


class MatMul(Cell):
    """Matrix product with numpy's rules for 1-D operands and broadcast batch dimensions
    (unlike ``ops.MatMul``, which takes 2-D matrices only).

    Args:
        transpose_x1 (bool): transpose the last two dims of ``x1`` (ignored when 1-D).
        transpose_x2 (bool): transpose the last two dims of ``x2`` (ignored when 1-D).

    Inputs:
        - **x1** (Tensor) - shape ``(*B1, N, C)`` or ``(C,)``.
        - **x2** (Tensor) - shape ``(*B2, C, M)`` or ``(C,)``, same dtype as ``x1``.

    Outputs:
        Tensor of shape ``(*broadcast(B1, B2), N, M)`` with the 1-D operands' dims removed.

    Raises:
        TypeError: a transpose flag is not a bool.
        ValueError: the contracted dims differ or the batch dims do not broadcast.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.MatMul()
        >>> x1 = ms.Tensor(np.ones((2, 3, 4), np.float32))
        >>> x2 = ms.Tensor(np.ones((4, 5), np.float32))
        >>> net(x1, x2).shape
        (2, 3, 5)
    """

    def __init__(self, transpose_x1=False, transpose_x2=False):
        super().__init__()
        self.transpose_x1 = check_bool(transpose_x1, "MatMul", "transpose_x1")
        self.transpose_x2 = check_bool(transpose_x2, "MatMul", "transpose_x2")
        # the primitives MindSpore's nn.MatMul holds
        self.shape_op, self.expand_op = P.Shape(), P.ExpandDims()
        self.squeeze_left_op, self.squeeze_right_op = P.Squeeze(-2), P.Squeeze(-1)
        self.reduce_sum_op = P.ReduceSum(keep_dims=False)

    def construct(self, x1, x2):
        t1 = self.transpose_x1 and x1.ndim > 1
        t2 = self.transpose_x2 and x2.ndim > 1
        try:
            check_matmul_shapes("MatMul", x1.shape, x2.shape, t1, t2)
        except RuntimeError as e:  # MindSpore's nn.MatMul reports this as a ValueError
            raise ValueError(str(e)) from None
        if t1:
            x1 = F.swapaxes(x1, -1, -2)
        if t2:
            x2 = F.swapaxes(x2, -1, -2)
        return F.matmul(x1, x2)


class Norm(Cell):
    """Euclidean norm ``sqrt(sum(x ** 2))`` over ``axis``.

    Args:
        axis (Union[int, tuple[int]]): the axes to reduce; ``()`` reduces all. Default: ``()``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - any shape; an integer input gives a float32 result.

    Outputs:
        Tensor, the norms.

    Raises:
        TypeError: ``axis`` is not an int or tuple of ints, or ``keep_dims`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.nn.Norm(axis=1)(ms.Tensor(np.array([[3., 4.], [6., 8.]], np.float32)))
        Tensor(shape=[2], dtype=Float32, value= [ 5.00000000e+00,  1.00000000e+01])
    """

    def __init__(self, axis=(), keep_dims=False):
        super().__init__()
        self._axes = _axis_tuple(axis, "Norm")
        self.axis = axis  # as given, like MindSpore
        self.keep_dims = check_bool(keep_dims, "Norm", "keep_dims")
        self.reduce_sum, self.sqrt = P.ReduceSum(keep_dims=True), P.Sqrt()
        self.squeeze = P.Squeeze(self._axes)

    def construct(self, x):
        if not x.dtype.is_floating_point:
            x = F.cast(x, mstype.float32)
        return F.sqrt(F.reduce_sum(F.square(x), self._axes, self.keep_dims))


class Range(Cell):
    """The sequence ``start, start + delta, ...`` up to (not including) ``limit``; with only
    ``start`` given, ``0, 1, ..., start - 1``. int32 when every bound is an int, else float32.

    Args:
        start (Union[int, float]): the first value (or the limit when ``limit`` is None).
        limit (Union[int, float, None]): the end, excluded. Default: ``None``.
        delta (Union[int, float]): the step, not zero. Default: ``1``.

    Outputs:
        1-D Tensor (empty when ``delta`` points away from ``limit``).

    Raises:
        TypeError: a bound is not an int or float.
        ValueError: ``delta`` is zero.

    Examples:
        >>> import mindcell as ms
        >>> ms.nn.Range(1, 8, 2)()
        Tensor(shape=[4], dtype=Int32, value= [1, 3, 5, 7])
    """

    def __init__(self, start, limit=None, delta=1):
        super().__init__()
        values = (start, delta) if limit is None else (start, limit, delta)
        for name, v in zip(("start", "limit", "delta") if limit is not None
                           else ("start", "delta"), values):
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError("Range: '%s' must be an int or float, but got %r" % (name, v))
        if delta == 0:
            raise ValueError("Range: 'delta' can not be zero")
        if limit is None:
            start, limit = 0, start
        ints = all(isinstance(v, int) for v in (start, limit, delta))
        self.ms_dtype = mstype.int32 if ints else mstype.float32
        self.result_tensor = Tensor(np.arange(start, limit, delta).astype(
            np.int32 if ints else np.float32))

    def construct(self):
        return self.result_tensor


class Moments(Cell):
    """Mean and (population) variance over ``axis``.

    Args:
        axis (Union[int, tuple[int], None]): the axes to reduce; None reduces all.
        keep_dims (Union[bool, None]): keep the reduced axes with length 1; None means False.

    Inputs:
        - **x** (Tensor) - float16 or float32.

    Outputs:
        ``(mean, variance)``, two Tensors of ``x``'s dtype.

    Raises:
        TypeError: ``axis`` is not an int or tuple, ``keep_dims`` not a bool, or ``x`` not
            float16/float32.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[1., 2.], [3., 6.]], np.float32))
        >>> mean, var = ms.nn.Moments(axis=0)(x)
        >>> mean.asnumpy(), var.asnumpy()
        (array([2., 4.], dtype=float32), array([1., 4.], dtype=float32))
    """

    def __init__(self, axis=None, keep_dims=None):
        super().__init__()
        if axis is not None and not isinstance(axis, (int, tuple)) or isinstance(axis, bool):
            raise TypeError("Moments: 'axis' must be an int or a tuple, but got %s"
                            % type(axis).__name__)
        self._axes = _axis_tuple(axis, "Moments")
        self.axis = () if axis is None else axis  # as MindSpore stores it
        self.keep_dims = False if keep_dims is None else check_bool(keep_dims, "Moments",
                                                                    "keep_dims")
        self.cast, self.reduce_mean = P.Cast(), P.ReduceMean(keep_dims=True)
        self.squeeze = P.Squeeze(self._axes)

    def construct(self, x):
        if x.dtype not in (mstype.float16, mstype.float32):
            raise TypeError("Moments: 'x' must be float16 or float32, but got %s" % x.dtype)
        axis = self._axes or None
        mean = F.mean(x, axis, keep_dims=True)
        variance = F.mean(F.square(F.sub(x, mean)), axis, keep_dims=self.keep_dims)
        if not self.keep_dims:
            mean = F.mean(x, axis, keep_dims=False)
        return mean, variance


class LogSigmoid(Cell):
    """``log(sigmoid(x)) = -softplus(-x)``, computed without overflow for large ``|x|``.

    Inputs:
        - **x** (Tensor) - a float Tensor.

    Outputs:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float Tensor.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.nn.LogSigmoid()(ms.Tensor(np.array([0.0], np.float32)))
        Tensor(shape=[1], dtype=Float32, value= [-6.93147182e-01])
    """

    def __init__(self):
        super().__init__()
        # MindSpore's primitives for log(1 / (1 + exp(-x))); the cell computes -softplus(-x)
        self.mul, self.exp, self.add = P.Mul(), P.Exp(), P.Add()
        self.rec, self.log = P.Reciprocal(), P.Log()

    def construct(self, x):
        if not isinstance(x, Tensor) or not x.dtype.is_floating_point:
            raise TypeError("LogSigmoid: the input must be a float Tensor, but got %s"
                            % (x.dtype if isinstance(x, Tensor) else type(x).__name__))
        return F.logsigmoid(x)


_activation["logsigmoid"] = LogSigmoid  # MindSpore's activation name (nn.get_activation)
