"""``ops.igamma`` / ``ops.Igamma`` (the regularized lower incomplete gamma function) and
``ops.fractional_max_pool2d`` / ``ops.fractional_max_pool3d``, the functional forms of
nn.IGamma's function and nn.FractionalMaxPool2d/3d."""
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_broadcast
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.defs.special_pairs import igamma_p

__all__ = ["igamma", "Igamma", "fractional_max_pool2d", "fractional_max_pool3d"]


def igamma(input, other):  # noqa: A002 - MindSpore's argument name
    r"""igamma(input, other): the regularized lower incomplete gamma function
    :math:`P(a, x) = \frac{1}{\Gamma(a)} \int_0^x t^{a-1} e^{-t} dt` with ``a = input`` and
    ``x = other``, element-wise (broadcast); nan where an argument is negative. Differentiable
    in both arguments.

    Args:
        input (Tensor): ``a``, float32 or float64.
        other (Tensor): ``x``, ``input``'s dtype.

    Returns:
        Tensor of the broadcast shape, ``input``'s dtype.

    Raises:
        TypeError: an argument is not a float32/float64 Tensor, or their dtypes differ.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([2.0, 4.0, 6.0, 8.0], np.float32))
        >>> x = ms.Tensor(np.array([2.0, 3.0, 4.0, 5.0], np.float32))
        >>> print(ms.ops.igamma(a, x))
        [0.59399414 0.35276812 0.21486962 0.13337168]
    """
    for name, t in (("a", input), ("x", other)):
        if not isinstance(t, Tensor) or t.dtype not in (mstype.float32, mstype.float64):
            raise TypeError("For primitive[Igamma], the input argument[%s] must be a float32 or "
                            "float64 Tensor, but got %s"
                            % (name, t.dtype if isinstance(t, Tensor) else type(t).__name__))
    if input.dtype != other.dtype:
        raise TypeError("For primitive[Igamma], the input type must be same, but got %s and %s"
                        % (input.dtype, other.dtype))
    check_broadcast("igamma", input.shape, other.shape)
    return igamma_p.bind(input, other)


class Igamma(AttrPrimitive):
    r"""Igamma()(a, x): the regularized lower incomplete gamma function; see :func:`igamma`.

    Inputs:
        - **a** (Tensor) - float32 or float64.
        - **x** (Tensor) - ``a``'s dtype.

    Outputs:
        Tensor of the broadcast shape, ``a``'s dtype.

    Raises:
        TypeError: an input is not a float32/float64 Tensor, or their dtypes differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([2.0], np.float64))
        >>> print(ms.ops.Igamma()(a, ms.Tensor(np.array([2.0], np.float64))))
        [0.59399415]
    """

    def __call__(self, a, x):
        return igamma(a, x)


def fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,  # noqa: A002
                          return_indices=False, _random_samples=None):
    r"""fractional_max_pool2d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): 2-D fractional max pooling; see
    :class:`mindcell.nn.FractionalMaxPool2d` (the same arguments, values and errors).

    Args:
        input (Tensor): shape (N, C, H, W) or (C, H, W).
        kernel_size (Union[int, tuple[int]]): the window (kH, kW).
        output_size (Union[int, tuple[int]]): the output (oH, oW). Default: ``None``.
        output_ratio (Union[float, tuple[float]]): in (0, 1), used when ``output_size`` is
            None. Default: ``None``.
        return_indices (bool): also return the int64 argmax indices. Default: ``False``.
        _random_samples (Tensor): shape (N, C, 2), ordered (w, h). Default: ``None`` (drawn
            from mindcell's seeded stream).

    Returns:
        Tensor, or (Tensor, Tensor) with ``return_indices``.

    Raises:
        TypeError: ``return_indices`` is not a bool.
        ValueError: neither ``output_size`` nor ``output_ratio`` is given, or the windows do
            not fit the input.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> s = ms.Tensor(np.array([[[0.5, 0.5]]], np.float32))
        >>> print(ms.ops.fractional_max_pool2d(x, 2, (2, 2), _random_samples=s).reshape(-1))
        [ 5.  7. 13. 15.]
    """
    from mindcell.ops.function.fractional_pool_func import _fractional
    return _fractional("fractional_max_pool2d", input, kernel_size, output_size, output_ratio,
                       return_indices, _random_samples, 2)


def fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,  # noqa: A002
                          return_indices=False, _random_samples=None):
    r"""fractional_max_pool3d(input, kernel_size, output_size=None, output_ratio=None,
    return_indices=False, _random_samples=None): 3-D fractional max pooling; see
    :class:`mindcell.nn.FractionalMaxPool3d` (the same arguments, values and errors).

    Args:
        input (Tensor): shape (N, C, D, H, W) or (C, D, H, W).
        kernel_size (Union[int, tuple[int]]): the window (kD, kH, kW).
        output_size (Union[int, tuple[int]]): the output (oD, oH, oW). Default: ``None``.
        output_ratio (Union[float, tuple[float]]): in (0, 1), used when ``output_size`` is
            None. Default: ``None``.
        return_indices (bool): also return the int64 argmax indices. Default: ``False``.
        _random_samples (Tensor): shape (N, C, 3), ordered (d, h, w), ``input``'s dtype.
            Default: ``None`` (drawn from mindcell's seeded stream).

    Returns:
        Tensor, or (Tensor, Tensor) with ``return_indices``.

    Raises:
        TypeError: ``return_indices`` is not a bool or the samples' dtype is not the input's.
        ValueError: neither ``output_size`` nor ``output_ratio`` is given, or the windows do
            not fit the input.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(27, dtype=np.float32).reshape(1, 1, 3, 3, 3))
        >>> s = ms.Tensor(np.array([[[0.5, 0.5, 0.5]]], np.float32))
        >>> print(ms.ops.fractional_max_pool3d(x, 2, (1, 1, 1), _random_samples=s).reshape(-1))
        [26.]
    """
    from mindcell.ops.function.fractional_pool_func import _fractional
    return _fractional("fractional_max_pool3d", input, kernel_size, output_size, output_ratio,
                       return_indices, _random_samples, 3)
