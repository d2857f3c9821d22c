"""MaxPool2dExt, LRN and Dropout2dExt with MindSpore 2.10's signatures, attributes and
argument checks, on mindcell's functional ops (so both modes and gradients work)."""
import numbers

from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F


class MaxPool2dExt(Cell):
    r"""MaxPool2dExt(kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): the maximum over 2-D windows of an :math:`(N, C, H, W)` or
    :math:`(C, H, W)` input, PyTorch-style arguments.

    MindSpore 2.10 runs this cell on Ascend only (RuntimeError on CPU); mindcell computes the
    documented result.

    Args:
        kernel_size (Union[int, tuple[int]]): the window. Default: ``1``.
        stride (Union[int, tuple[int]], optional): the step; ``None`` for ``kernel_size``
            (the attribute ``stride`` holds the value used). Default: ``None``.
        padding (Union[int, tuple[int]]): implicit -inf padding on both sides, at most half
            the window. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the window's elements. Default:
            ``1``.
        return_indices (bool): also return the flat indices of the maxima. Default:
            ``False``.
        ceil_mode (bool): round the output size up. Default: ``False``.

    Inputs:
        - **input** (Tensor) - a 3-D or 4-D Tensor.

    Outputs:
        Tensor, the pooled values; with ``return_indices`` a tuple (values, indices).

    Raises:
        TypeError: an argument is not an int or a pair of ints.
        ValueError: a size is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ms.nn.MaxPool2dExt(2)(x))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    def __init__(self, kernel_size=1, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super().__init__()
        self.kernel_size = kernel_size
        self.stride = stride if stride is not None else kernel_size
        self.padding = padding
        self.dilation = dilation
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def construct(self, input):  # noqa: A002 - MindSpore's input name
        return F.max_pool2d(input, self.kernel_size, self.stride, self.padding, self.dilation,
                            self.return_indices, self.ceil_mode)


def _check_float(v, op, arg):
    if not isinstance(v, float):
        raise TypeError("For '%s', '%s' must be a float, but got %s"
                        % (op, arg, type(v).__name__))
    return v


class LRN(Cell):
    r"""LRN(depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region='ACROSS_CHANNELS'):
    local response normalization across channels,
    :math:`x_c / (bias + alpha \sum_{c'=c-r}^{c+r} x_{c'}^2)^{beta}` (the sum over the
    channels within ``depth_radius`` :math:`r` of ``c`` that exist).

    Args:
        depth_radius (int): the half-width :math:`r` of the channel window, at least 0.
            Default: ``5``.
        bias (float): the offset. Default: ``1.0``.
        alpha (float): the scale of the sum. Default: ``1.0``.
        beta (float): the exponent. Default: ``0.5``.
        norm_region (str): ``'ACROSS_CHANNELS'``, the only region. Default:
            ``'ACROSS_CHANNELS'``.

    Inputs:
        - **input_x** (Tensor) - a 4-D float Tensor :math:`(N, C, H, W)`.

    Outputs:
        Tensor, the shape and dtype of ``input_x``.

    Raises:
        TypeError: ``depth_radius`` is not an int, or ``bias``, ``alpha``, ``beta`` not floats.
        ValueError: ``depth_radius`` is negative, ``norm_region`` is not
            ``'ACROSS_CHANNELS'``, or ``input_x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[1.0]], [[2.0]]]], np.float32))
        >>> print(ms.nn.LRN(depth_radius=1, alpha=0.5, beta=1.0)(x).reshape(-1))
        [0.2857143 0.5714286]
    """

    def __init__(self, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5,
                 norm_region="ACROSS_CHANNELS"):
        super().__init__()
        if not isinstance(depth_radius, numbers.Integral) or isinstance(depth_radius, bool):
            raise TypeError("For 'LRN', 'depth_radius' must be an int, but got %s"
                            % type(depth_radius).__name__)
        if depth_radius < 0:
            raise ValueError("For 'LRN', 'depth_radius' must be at least 0, but got %d"
                             % depth_radius)
        _check_float(bias, "LRN", "bias")
        _check_float(alpha, "LRN", "alpha")
        _check_float(beta, "LRN", "beta")
        if norm_region != "ACROSS_CHANNELS":
            raise ValueError("For 'LRN', 'norm_region' must be 'ACROSS_CHANNELS', but got %r"
                             % (norm_region,))
        self.depth_radius = int(depth_radius)
        self.bias, self.alpha, self.beta = bias, alpha, beta
        self.norm_region = norm_region

    def construct(self, input_x):
        if len(input_x.shape) != 4:
            raise ValueError("For 'LRN', 'input_x' must be 4-D (N, C, H, W), but got %d-D"
                             % len(input_x.shape))
        r = self.depth_radius
        c = input_x.shape[1]
        sq = F.square(input_x)
        padded = F.pad(sq, (0, 0, 0, 0, r, r)) if r else sq
        total = padded[:, 0:c]
        for i in range(1, 2 * r + 1):
            total = total + padded[:, i:i + c]
        return input_x / F.pow(total * self.alpha + self.bias, self.beta)


class Dropout2dExt(Cell):
    """Dropout2dExt(p=0.5, inplace=False): in training, whole channels of an
    :math:`(N, C, H, W)` input zeroed with probability ``p`` and the others scaled by
    ``1 / (1 - p)``; the identity in evaluation or with ``p == 0``.

    Args:
        p (float): the probability of zeroing a channel. Default: ``0.5``.
        inplace (bool): overwrite the input. mindcell cannot write into its input: in
            training with ``p > 0`` an ``inplace=True`` cell raises NotImplementedError.
            Default: ``False``.

    Inputs:
        - **input** (Tensor) - a 4-D Tensor.

    Outputs:
        Tensor, the shape and dtype of ``input``.

    Raises:
        NotImplementedError: ``inplace`` is True in training with ``p > 0``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.ones((1, 2, 1, 1), np.float32))
        >>> print(ms.nn.Dropout2dExt()(x).reshape(-1))
        [1. 1.]
    """

    def __init__(self, p=0.5, inplace=False):
        super().__init__()
        self.p = p
        self.inplace = inplace
        # MindSpore's attribute: how far each call advances its random generator (mindcell
        # draws from its own generator; kept for code that reads it)
        self.generator_step = Tensor(12, mstype.int64)

    def construct(self, input):  # noqa: A002 - MindSpore's input name
        if not self.training or self.p == 0:
            return input
        if self.inplace:
            raise NotImplementedError("Dropout2dExt: 'inplace=True' is not supported by "
                                      "mindcell (it cannot overwrite the input); use "
                                      "inplace=False")
        return F.dropout2d(input, self.p, True)
