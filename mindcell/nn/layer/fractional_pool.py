"""nn.FractionalMaxPool2d and nn.FractionalMaxPool3d (MindSpore's nn.layer.pooling)."""
import numbers

from mindcell import _checkparam as validator
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops.defs.fractional_pool import fractional_max_pool_p

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


def _tuple(value, n, owner, name):
    if isinstance(value, bool) or not isinstance(value, (int, tuple, list)):
        raise TypeError("For %s, '%s' must be an int or a tuple of %d ints, but got %s"
                        % (owner, name, n, type(value).__name__))
    out = (value,) * n if isinstance(value, int) else tuple(value)
    if len(out) != n or not all(isinstance(v, int) and not isinstance(v, bool) and v > 0
                                for v in out):
        raise ValueError("For %s, '%s' must be a positive int or a tuple of %d positive ints, "
                         "but got %s" % (owner, name, n, value))
    return out


def _fractional(owner, x, kernel_size, output_size, output_ratio, return_indices, samples, nd):
    """The pooling of ``nd`` spatial axes (a leading (N, C) or, unbatched, (C,))."""
    if output_size is None and output_ratio is None:
        raise ValueError("For %s, 'output_size' and 'output_ratio' can not be None at the same "
                         "time, but got None and None." % owner)
    validator.check_value_type("return_indices", return_indices, [bool], owner)
    if not isinstance(x, Tensor):
        raise TypeError("For %s, 'input' must be a Tensor, but got %s" % (owner,
                                                                         type(x).__name__))
    if x.ndim not in (nd + 1, nd + 2):
        raise ValueError("For %s, 'input' must be %d-D or %d-D, but got %d-D"
                         % (owner, nd + 1, nd + 2, x.ndim))
    unbatched = x.ndim == nd + 1
    if unbatched:
        x = F.expand_dims(x, 0)
    n, c = x.shape[:2]
    spatial = tuple(x.shape[2:])
    if samples is None:
        dtype = x.dtype if mstype.is_floating(x.dtype) else mstype.float32
        samples = F.rand(n, c, nd, dtype=dtype)
    elif not isinstance(samples, Tensor):
        raise TypeError("For %s, '_random_samples' must be a Tensor, but got %s"
                        % (owner, type(samples).__name__))
    if nd == 3 and samples.dtype != x.dtype:
        raise TypeError("For '%s', 'input' and '_random_samples' must be same dtype, but got "
                        "Tensor[%s] and Tensor[%s]." % (owner, x.dtype, samples.dtype))
    if tuple(samples.shape) != (n, c, nd):
        raise ValueError("For %s, '_random_samples' must have shape (N, C, %d) = %s, but got %s"
                         % (owner, nd, (n, c, nd), tuple(samples.shape)))
    if output_size is None:
        if isinstance(output_ratio, numbers.Number):
            validator.check_value_type("output_ratio", output_ratio, [float], owner)
            output_ratio = (output_ratio,) * nd
        for d, r in enumerate(output_ratio):
            validator.check_float_range(r, 0.0, 1.0, validator.INC_NEITHER,
                                        "output_ratio[%d]" % d, owner)
        output_size = tuple(int(s * r) for s, r in zip(spatial, output_ratio))
    ksize = _tuple(kernel_size, nd, owner, "kernel_size")
    out_size = _tuple(output_size, nd, owner, "output_size")
    for d, (k, o, s) in enumerate(zip(ksize, out_size, spatial)):
        if k + o - 1 > s:
            raise ValueError("For %s, kernel_size[%d] %d + output_size[%d] %d is too large for "
                             "the input's size %d: need kernel_size + output_size - 1 <= input "
                             "size" % (owner, d, k, d, o, s))
    sample_axes = (1, 0) if nd == 2 else (0, 1, 2)  # MindSpore's order: (w, h), (d, h, w)
    out, arg = fractional_max_pool_p.bind(x, samples, ksize=ksize, output_shape=out_size,
                                          sample_axes=sample_axes)
    if unbatched:
        out, arg = F.squeeze(out, 0), F.squeeze(arg, 0)
    return (out, arg) if return_indices else out


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
