"""Adaptive pooling cells for any output size: window i of a dim of length L pooled to n
covers [floor(i*L/n), ceil((i+1)*L/n))."""
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _check_size(output_size, n, owner, allow_none):
    sizes = output_size if isinstance(output_size, (tuple, list)) else (output_size,) * n
    ok = len(sizes) == n and all(
        (o is None and allow_none) or (isinstance(o, int) and not isinstance(o, bool) and o > 0)
        for o in sizes)
    if not ok:
        raise ValueError("%s: 'output_size' must be a positive int%s or %d of them, but got %r"
                         % (owner, " (or None)" if allow_none else "", n, output_size))
    return output_size


def _adaptive1d_helpers(cell):
    """The helper primitives MindSpore's 1-D adaptive pools hold."""
    cell.shape = F.shape
    cell.dtype = P.DType()
    cell.expand = P.ExpandDims()
    cell.squeeze = P.Squeeze(2)


class AdaptiveAvgPool1d(Cell):
    """AdaptiveAvgPool1d(output_size): the mean over adaptive windows of (N, C, L) input, so that
    the output has length ``output_size``.

    Window i of a dim of length L pooled to n covers ``[floor(i*L/n), ceil((i+1)*L/n))``.

    Args:
        output_size (int): the output length.

    Inputs:
        input (Tensor): a float Tensor of shape (N, C, L).

    Outputs:
        Tensor of shape (N, C, output_size).

    Raises:
        ValueError: ``output_size`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 2.0, 3.0, 4.0, 5.0]]], np.float32))
        >>> print(ms.nn.AdaptiveAvgPool1d(2)(x))
        [[[2. 4.]]]
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 1, "AdaptiveAvgPool1d", False)
        _adaptive1d_helpers(self)

    def construct(self, input):
        return F.adaptive_avg_pool1d(input, self.output_size)


class AdaptiveMaxPool1d(Cell):
    """AdaptiveMaxPool1d(output_size): the max over adaptive windows of (N, C, L) input, so that
    the output has length ``output_size``.

    Window i of a dim of length L pooled to n covers ``[floor(i*L/n), ceil((i+1)*L/n))``.

    Args:
        output_size (int): the output length.

    Inputs:
        input (Tensor): a Tensor of shape (N, C, L).

    Outputs:
        Tensor of shape (N, C, output_size).

    Raises:
        ValueError: ``output_size`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 5.0, 3.0, 2.0, 4.0]]], np.float32))
        >>> print(ms.nn.AdaptiveMaxPool1d(3)(x))
        [[[5. 5. 4.]]]
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 1, "AdaptiveMaxPool1d", False)
        _adaptive1d_helpers(self)

    def construct(self, input):
        return F.adaptive_max_pool1d(input, self.output_size)


class AdaptiveAvgPool2d(Cell):
    """AdaptiveAvgPool2d(output_size): the mean over adaptive windows of (N, C, H, W) or (C, H, W)
    input, so that the output's last two dims are ``output_size``.

    Window i of a dim of length L pooled to n covers ``[floor(i*L/n), ceil((i+1)*L/n))``.

    Args:
        output_size (Union[int, tuple]): one int for H and W, or (H_out, W_out) where ``None``
            keeps that input size.

    Inputs:
        input (Tensor): a float Tensor of shape (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out) (or (C, H_out, W_out)).

    Raises:
        ValueError: ``output_size`` is not a positive int or a pair of them (or None).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(12, dtype=np.float32).reshape(1, 3, 4))
        >>> print(ms.nn.AdaptiveAvgPool2d((1, 2))(x))
        [[[4.5 6.5]]]
        >>> ms.nn.AdaptiveAvgPool2d((None, 1))(x).shape
        (1, 3, 1)
    """

    def __init__(self, output_size):
        super().__init__()
        self.output_size = _check_size(output_size, 2, "AdaptiveAvgPool2d", True)
        self.adaptive_avgpool2d = P.AdaptiveAvgPool2D(output_size)  # as MindSpore holds

    def construct(self, input):
        return F.adaptive_avg_pool2d(input, self.output_size)


class AdaptiveMaxPool2d(Cell):
    """AdaptiveMaxPool2d(output_size, return_indices=False): the max over adaptive windows of
    (N, C, H, W) or (C, H, W) input, so that the output's last two dims are ``output_size``.

    Window i of a dim of length L pooled to n covers ``[floor(i*L/n), ceil((i+1)*L/n))``.
    With ``return_indices`` the cell also returns the Int64 flat index ``h * W + w`` of each
    maximum.

    Args:
        output_size (Union[int, tuple]): one int for H and W, or (H_out, W_out) where ``None``
            keeps that input size.
        return_indices (bool): also return the indices. Default: ``False``.

    Inputs:
        input (Tensor): a Tensor of shape (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out) (or (C, H_out, W_out)); with ``return_indices`` a
        tuple (output, indices).

    Raises:
        ValueError: ``output_size`` is not a positive int or a pair of them (or None).
        TypeError: ``return_indices`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[1.0, 7.0, 3.0], [4.0, 2.0, 9.0]]], np.float32))
        >>> out, idx = ms.nn.AdaptiveMaxPool2d((1, 2), return_indices=True)(x)
        >>> print(out, idx)
        [[[7. 9.]]] [[[1 5]]]
    """

    def __init__(self, output_size, return_indices=False):
        super().__init__()
        self.output_size = _check_size(output_size, 2, "AdaptiveMaxPool2d", True)
        if not isinstance(return_indices, bool):
            raise TypeError("AdaptiveMaxPool2d: 'return_indices' must be a bool, but got %r"
                            % (return_indices,))
        self.return_indices = return_indices

    def construct(self, input):
        return F.adaptive_max_pool2d(input, self.output_size, self.return_indices)
