"""Sliding-window patches and plain matrix products of ``mindcell.ops``: ``unfold`` (im2col),
``fold`` (col2im, its adjoint) and ``mm`` (2-D matmul). ``unfold`` is a grouped convolution
with one-hot kernels and ``fold`` the matching transposed convolution, so both differentiate
and compile in GRAPH_MODE like any convolution."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_int, public_name, show
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function import array_func as A
from mindcell.ops.function.reduce_func import matmul

__all__ = ["unfold", "fold", "mm"]


def _pair(v, op, arg, low):
    """An int or a pair of ints, each >= ``low``, as a 2-tuple."""
    items = tuple(v) if isinstance(v, (tuple, list)) else (v, v)
    if len(items) != 2:
        raise ValueError("%s: '%s' must be an int or a tuple of 2 ints, but got %s"
                         % (public_name(op), arg, show(v)))
    return tuple(check_int(i, op, "%s[%d]" % (arg, n), low) for n, i in enumerate(items))


def _windows(op, kernel_size, dilation, padding, stride):
    return (_pair(kernel_size, op, "kernel_size", 1), _pair(dilation, op, "dilation", 1),
            _pair(padding, op, "padding", 0), _pair(stride, op, "stride", 1))


def _one_hot_kernels(channels, kh, kw, dtype):
    """(C*kh*kw, 1, kh, kw): kernel ``c*kh*kw + i`` picks window position ``i`` of channel c."""
    eye = np.eye(kh * kw, dtype=np.float32).reshape(kh * kw, 1, kh, kw)
    return Tensor(np.tile(eye, (channels, 1, 1, 1)), dtype)


def unfold(input, kernel_size, dilation=1, padding=0, stride=1):
    """unfold(input, kernel_size, dilation=1, padding=0, stride=1)

    Extract the sliding windows of a batch of images (im2col): every window of every channel
    becomes a column.

    Args:
        input (Tensor): a 4-D float tensor (N, C, H, W).
        kernel_size (Union[int, tuple[int]]): the window size, an int or (kH, kW), positive.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default: 1.
        padding (Union[int, tuple[int]]): zeros added on both sides of H and W. Default: 0.
        stride (Union[int, tuple[int]]): the step between windows. Default: 1.

    Returns:
        Tensor of shape (N, C*kH*kW, L), L the number of windows; row ``c*kH*kW + i`` holds
        element ``i`` (row-major in the window) of channel ``c``.

    Raises:
        TypeError: ``input`` is not a Tensor, or a size is not an int.
        ValueError: ``input`` is not 4-D, a size is out of range, or no window fits.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> cols = ops.unfold(x, kernel_size=2, stride=2)
        >>> cols.shape
        (1, 4, 4)
        >>> cols[0, :, 0].asnumpy().tolist()
        [0.0, 1.0, 4.0, 5.0]
    """
    op = "unfold"
    check_tensor(input, op)
    if input.ndim != 4:
        raise ValueError("%s: 'input' must be 4-D (N, C, H, W), but got shape %s"
                         % (public_name(op), tuple(input.shape)))
    k, d, p, s = _windows(op, kernel_size, dilation, padding, stride)
    for i in (0, 1):
        if d[i] * (k[i] - 1) + 1 > input.shape[2 + i] + 2 * p[i]:
            raise ValueError("%s: the dilated window %s does not fit the padded input %s"
                             % (public_name(op), tuple(d[j] * (k[j] - 1) + 1 for j in (0, 1)),
                                tuple(input.shape[2 + j] + 2 * p[j] for j in (0, 1))))
    from mindcell.ops.function.nn_func import conv2d
    c = input.shape[1]
    cols = conv2d(input, _one_hot_kernels(c, *k, input.dtype), None, s, "pad",
                  (p[0], p[0], p[1], p[1]), d, c)
    return A.reshape(cols, (input.shape[0], c * k[0] * k[1], -1))


def _output_size(output_size, op):
    if isinstance(output_size, Tensor):
        if output_size.dtype.np_dtype.kind not in "iu" or tuple(output_size.shape) != (2,):
            raise ValueError("%s: a Tensor 'output_size' must hold 2 ints, but got %s"
                             % (public_name(op), show(output_size)))
        output_size = tuple(int(v) for v in output_size.asnumpy())
    return _pair(output_size, op, "output_size", 1)


def fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1):
    """fold(input, output_size, kernel_size, dilation=1, padding=0, stride=1)

    Sum sliding-window columns back into images (col2im), the adjoint of :func:`unfold`:
    where windows overlap their values add up.

    Args:
        input (Tensor): a 3-D float tensor (N, C*kH*kW, L), L the number of windows of an
            ``output_size`` image.
        output_size (Union[Tensor, tuple[int]]): (H, W), a Tensor of 2 ints as MindSpore
            takes it (a pair of ints is accepted too).
        kernel_size (Union[int, tuple[int]]): the window size.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default: 1.
        padding (Union[int, tuple[int]]): the padding ``unfold`` added. Default: 0.
        stride (Union[int, tuple[int]]): the step between windows. Default: 1.

    Returns:
        Tensor of shape (N, C, H, W).

    Raises:
        TypeError: ``input`` is not a Tensor, or a size is not an int.
        ValueError: ``input`` is not 3-D, its dim 1 is not a multiple of kH*kW, or its dim 2
            is not the number of windows.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> cols = ms.Tensor(np.ones((1, 4, 9), np.float32))
        >>> img = ops.fold(cols, ms.Tensor([4, 4], ms.int32), kernel_size=2)
        >>> img[0, 0].asnumpy().tolist()[1]
        [2.0, 4.0, 4.0, 2.0]
    """
    op = "fold"
    check_tensor(input, op)
    if input.ndim != 3:
        raise ValueError("%s: 'input' must be 3-D (N, C*kH*kW, L), but got shape %s"
                         % (public_name(op), tuple(input.shape)))
    size = _output_size(output_size, op)
    k, d, p, s = _windows(op, kernel_size, dilation, padding, stride)
    n, ck, length = input.shape
    if ck % (k[0] * k[1]):
        raise ValueError("%s: the input's dim 1 (%d) must be a multiple of kH*kW = %d"
                         % (public_name(op), ck, k[0] * k[1]))
    blocks = [(size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in (0, 1)]
    if min(blocks) < 1 or blocks[0] * blocks[1] != length:
        raise ValueError("%s: the input's dim 2 (%d) must be the number of windows %s x %s of "
                         "a %s image" % (public_name(op), length, blocks[0], blocks[1], size))
    from mindcell.ops.defs.nn import conv2d_input_p
    c = ck // (k[0] * k[1])
    return conv2d_input_p.bind(A.reshape(input, (n, ck, blocks[0], blocks[1])),
                               _one_hot_kernels(c, *k, input.dtype), input_shape=(n, c) + size,
                               stride=s, padding=(p[0], p[0], p[1], p[1]), dilation=d,
                               groups=c)


def mm(input, mat2):
    """mm(input, mat2)

    The matrix product of two 2-D tensors of one dtype.

    Args:
        input (Tensor): of shape (n, m).
        mat2 (Tensor): of shape (m, p), ``input``'s dtype.

    Returns:
        Tensor of shape (n, p).

    Raises:
        TypeError: an input is not a Tensor, or the dtypes differ.
        ValueError: an input is not 2-D, or the inner sizes differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.mm(ms.Tensor(np.ones((2, 3), np.float32)),
        ...        ms.Tensor(np.ones((3, 4), np.float32))).shape
        (2, 4)
    """
    check_tensor(input, "mm")
    check_tensor(mat2, "mm", "mat2")
    if input.ndim != 2 or mat2.ndim != 2:
        raise ValueError("mm: 'input' and 'mat2' must be 2-D, but got shapes %s and %s"
                         % (tuple(input.shape), tuple(mat2.shape)))
    if input.dtype != mat2.dtype:
        raise TypeError("mm: 'input' and 'mat2' must have one dtype, but got %s and %s"
                        % (input.dtype, mat2.dtype))
    if input.shape[1] != mat2.shape[0]:
        raise ValueError("mm: the columns of 'input' (%d) must equal the rows of 'mat2' (%d)"
                         % (input.shape[1], mat2.shape[0]))
    return matmul(input, mat2)
