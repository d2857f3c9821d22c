"""MaxUnpool1d, MaxUnpool2d and MaxUnpool3d with MindSpore 2.10's signatures, attributes and
checks: each value scattered to its index in a zero plane (tensor_scatter_elements, so both
modes and gradients work)."""
import numbers


from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops.function.nn_more_func import unpool_scatter


def _tuple(v, n, owner, arg):
    if isinstance(v, numbers.Integral) and not isinstance(v, bool):
        return (int(v),) * n
    if isinstance(v, (tuple, list)) and len(v) == n and all(
            isinstance(i, numbers.Integral) and not isinstance(i, bool) for i in v):
        return tuple(int(i) for i in v)
    raise TypeError("For %s, '%s' must be an int or a tuple of %d ints, but got %r"
                    % (owner, arg, n, v))


class _MaxUnpoolNd(Cell):
    _dims = 1

    def __init__(self, kernel_size, stride=None, padding=0):
        super().__init__()
        if stride is None:
            stride = kernel_size
        self.kernel_size = kernel_size
        self.stride = stride
        self.padding = padding

    def construct(self, x, indices, output_size=None):
        owner, n = type(self).__name__, self._dims
        if output_size is not None:
            if not isinstance(output_size, tuple):
                raise ValueError("For %s, output_size must be tuple, but type %s."
                                 % (owner, type(output_size)))
            if not output_size:
                raise ValueError("For %s, the length of output_size must be positive, but got "
                                 "0." % owner)
        if not isinstance(x, Tensor) or not isinstance(indices, Tensor):
            raise TypeError("For %s, 'x' and 'indices' must be Tensors" % owner)
        if tuple(x.shape) != tuple(indices.shape):
            raise ValueError("For %s, 'x' and 'indices' must have the same shape, but got %s "
                             "and %s" % (owner, tuple(x.shape), tuple(indices.shape)))
        if len(x.shape) not in (n + 1, n + 2):
            raise ValueError("For %s, the input must be %d-D or %d-D, but got %d-D"
                             % (owner, n + 1, n + 2, len(x.shape)))
        k = _tuple(self.kernel_size, n, owner, "kernel_size")
        s = _tuple(self.stride, n, owner, "stride")
        p = _tuple(self.padding, n, owner, "padding")
        spatial = tuple(x.shape[-n:])
        if output_size is None:
            out = tuple((i - 1) * st - 2 * pd + kk for i, st, pd, kk in zip(spatial, s, p, k))
        else:
            out = tuple(int(v) for v in output_size[-n:])
        return unpool_scatter(x, indices, out)


_DOC = '''{name}(kernel_size, stride=None, padding=0): the partial inverse of MaxPool{d}d: each
    value of ``x`` put at its flat index (within its :math:`({dims})` plane) from ``indices``,
    zeros elsewhere.

    Args:
        kernel_size (Union[int, tuple[int]]): the pooling window.
        stride (Union[int, tuple[int]], optional): the pooling step; ``None`` for
            ``kernel_size``. Default: ``None``.
        padding (Union[int, tuple[int]]): the pooling padding. Default: ``0``.

    Inputs:
        - **x** (Tensor) - the pooled values, {nd1}-D or {nd2}-D.
        - **indices** (Tensor) - their flat indices, the shape of ``x`` (int32 or int64).
        - **output_size** (tuple[int], optional) - the output's spatial size (its last {d}
          entries are used); ``None`` for ``(in - 1) * stride - 2 * padding + kernel_size``.
          Default: ``None``.

    Outputs:
        Tensor, ``x``'s leading axes with the spatial size ``output_size``.

    Raises:
        TypeError: ``kernel_size``, ``stride`` or ``padding`` is not an int or {d} ints.
        ValueError: ``output_size`` is not a non-empty tuple, or ``x`` and ``indices`` differ
            in shape or have the wrong rank.

    Examples:
{example}'''


class MaxUnpool1d(_MaxUnpoolNd):
    __doc__ = _DOC.format(name="MaxUnpool1d", d=1, dims="L", nd1=2, nd2=3, example='''\
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 2.0]]], np.float32))
        >>> idx = ms.Tensor(np.array([[[1, 2]]], np.int64))
        >>> print(ms.nn.MaxUnpool1d(2)(x, idx))
        [[[0. 1. 2. 0.]]]
''')
    _dims = 1


class MaxUnpool2d(_MaxUnpoolNd):
    __doc__ = _DOC.format(name="MaxUnpool2d", d=2, dims="H, W", nd1=3, nd2=4, example='''\
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[5.0]]]], np.float32))
        >>> idx = ms.Tensor(np.array([[[[3]]]], np.int64))
        >>> print(ms.nn.MaxUnpool2d(2)(x, idx))
        [[[[0. 0.]
           [0. 5.]]]]
''')
    _dims = 2


class MaxUnpool3d(_MaxUnpoolNd):
    __doc__ = _DOC.format(name="MaxUnpool3d", d=3, dims="D, H, W", nd1=4, nd2=5, example='''\
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[[5.0]]]]], np.float32))
        >>> idx = ms.Tensor(np.array([[[[[7]]]]], np.int64))
        >>> print(ms.nn.MaxUnpool3d(2)(x, idx).reshape(-1))
        [0. 0. 0. 0. 0. 0. 0. 5.]
''')
    _dims = 3
