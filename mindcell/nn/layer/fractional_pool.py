"""nn.FractionalMaxPool2d and nn.FractionalMaxPool3d (MindSpore's nn.layer.pooling)."""
from mindcell.nn.cell import Cell
from mindcell.ops.function.fractional_pool_func import _fractional

__all__ = ["FractionalMaxPool2d", "FractionalMaxPool3d"]

_DOC = r"""

    Each spatial axis is cut into ``output_size`` windows of ``kernel_size`` whose starts are
    pseudo-random: with a sample :math:`u \in [0, 1)` per (batch, channel) and axis,
    :math:`start_i = \lfloor (i + u) \alpha \rfloor - \lfloor u \alpha \rfloor`,
    :math:`\alpha = (in - k) / (out - 1)`, the last window ending at the input's end. The
    output is each window's maximum (and with ``return_indices`` the flat spatial index of its
    first maximum, int64).

    ``_random_samples`` fixes the samples (the outputs then equal MindSpore's). Without it they
    are drawn from mindcell's random stream (``ops.rand``, reproducible under
    ``mindcell.set_seed``): the same seed does not give MindSpore's samples, whose generator
    mindcell does not reproduce.
"""


class FractionalMaxPool2d(Cell):
    __doc__ = r"""FractionalMaxPool2d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): 2-D fractional max pooling over (N, C, H, W)
    or (C, H, W) inputs.""" + _DOC + r"""
    Args:
        kernel_size (Union[int, tuple[int]]): the window (kH, kW).
        output_size (Union[int, tuple[int]]): the output (oH, oW), with
            ``kernel_size + output_size - 1 <= input size``. Default: ``None``.
        output_ratio (Union[float, tuple[float]]): in (0, 1), the output size as a fraction of
            the input's (used when ``output_size`` is None). Default: ``None``.
        return_indices (bool): also return the argmax indices. Default: ``False``.
        _random_samples (Tensor): the samples, shape (N, C, 2), ordered (w, h). Default:
            ``None``.

    Inputs:
        - **input** (Tensor) - shape (N, C, H, W) or (C, H, W).

    Outputs:
        Tensor of shape (N, C, oH, oW) (or (C, oH, oW)), ``input``'s dtype; with
        ``return_indices`` also the int64 indices of that shape.

    Raises:
        TypeError: ``return_indices`` is not a bool, or ``output_ratio`` a number but not a
            float.
        ValueError: neither ``output_size`` nor ``output_ratio`` is given, a ratio is outside
            (0, 1), the windows do not fit the input, or the samples' shape is wrong.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> samples = ms.Tensor(np.array([[[0.5, 0.5]]], np.float32))
        >>> pool = ms.nn.FractionalMaxPool2d(2, output_size=(2, 2), _random_samples=samples)
        >>> print(pool(x))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _fractional("FractionalMaxPool2d", input, self.kernel_size, self.output_size,
                           self.output_ratio, self.return_indices, self._random_samples, 2)


class FractionalMaxPool3d(Cell):
    __doc__ = r"""FractionalMaxPool3d(kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): 3-D fractional max pooling over
    (N, C, D, H, W) or (C, D, H, W) inputs.""" + _DOC + r"""
    Args:
        kernel_size (Union[int, tuple[int]]): the window (kD, kH, kW).
        output_size (Union[int, tuple[int]]): the output (oD, oH, oW). Default: ``None``.
        output_ratio (Union[float, tuple[float]]): in (0, 1), used when ``output_size`` is
            None. Default: ``None``.
        return_indices (bool): also return the argmax indices. Default: ``False``.
        _random_samples (Tensor): the samples, shape (N, C, 3) (N = 1 for an unbatched
            input), ordered (d, h, w), of ``input``'s dtype. Default: ``None``.

    Inputs:
        - **input** (Tensor) - shape (N, C, D, H, W) or (C, D, H, W).

    Outputs:
        Tensor of shape (N, C, oD, oH, oW) (or (C, oD, oH, oW)), ``input``'s dtype; with
        ``return_indices`` also the int64 indices.

    Raises:
        TypeError: ``return_indices`` is not a bool, a number ``output_ratio`` is not a float,
            or the samples' dtype is not the input's.
        ValueError: neither ``output_size`` nor ``output_ratio`` is given, a ratio is outside
            (0, 1), the windows do not fit the input, or the samples' shape is wrong.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(27, dtype=np.float32).reshape(1, 1, 3, 3, 3))
        >>> samples = ms.Tensor(np.array([[[0.5, 0.5, 0.5]]], np.float32))
        >>> pool = ms.nn.FractionalMaxPool3d(2, output_size=(1, 1, 1), _random_samples=samples)
        >>> print(pool(x).reshape(-1))
        [26.]
    """

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super().__init__()
        self.kernel_size = kernel_size
        self.output_size = output_size
        self.output_ratio = output_ratio
        self.return_indices = return_indices
        self._random_samples = _random_samples

    def construct(self, input):  # noqa: A002 - MindSpore's argument name
        return _fractional("FractionalMaxPool3d", input, self.kernel_size, self.output_size,
                           self.output_ratio, self.return_indices, self._random_samples, 3)
