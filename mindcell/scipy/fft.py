"""``mindcell.scipy.fft`` (MindSpore's ``mindspore.scipy.fft``): the orthonormal discrete cosine
transform of type II and its inverse, along one axis or several. Each transform is a matrix
product with the (cached) DCT matrix, so it differentiates and runs in graphs like any matmul.
"""
import functools

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor

__all__ = ["dct", "idct", "dctn", "idctn"]


@functools.lru_cache(maxsize=64)
def _matrix(n_in, n, inverse, np_dtype):
    """The (n, n_in) matrix of the transform of length ``n`` after zero-padding or truncating
    ``n_in`` inputs to ``n``."""
    k = np.arange(n)[:, None]
    j = np.arange(n)[None, :]
    c = np.cos(np.pi * k * (2 * j + 1) / (2.0 * n)) * np.sqrt(2.0 / n)
    c[0] /= np.sqrt(2.0)  # the orthonormal DCT-II: C @ C.T == I
    if inverse:
        c = c.T
    m = np.zeros((n, n_in))
    m[:, :min(n, n_in)] = c[:, :min(n, n_in)]
    return np.ascontiguousarray(m.T, np_dtype)  # (n_in, n): x @ m


def _check(x, type, norm, op):  # noqa: A002  (SciPy's name)
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', 'x' should be a Tensor, but got %s." % (op, type(x).__name__))
    if type != 2:
        raise ValueError("For '%s', only dct type II is supported currently, but got type %r."
                         % (op, type))
    if norm not in (None, "ortho"):
        raise ValueError("For '%s', only norm \"ortho\" is supported currently, but got %r."
                         % (op, norm))
    kind = x._np_dtype.kind
    if kind == "c":
        raise NotImplementedError("%s: complex inputs are not implemented by mindcell; transform "
                                  "the real and imaginary parts separately" % op)
    if kind not in "biuf":
        raise TypeError("For '%s', 'x' should be a real Tensor, but got %s." % (op, x.dtype))
    if x._np_dtype != np.float64:
        x = ops.cast(x, mstype.float32)  # as MindSpore: integers and float16 give float32
    return x


def _along(x, n, axis, inverse, op):
    if x.ndim == 0:
        raise ValueError("For '%s', 'x' should have at least 1 dimension." % op)
    if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)) \
            or not -x.ndim <= axis < x.ndim:
        raise ValueError("For '%s', 'axis' should be an int in [%d, %d), but got %r."
                         % (op, -x.ndim, x.ndim, axis))
    axis = int(axis) % x.ndim
    size = x.shape[axis]
    if n is None:
        n = size
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or n < 1:
        raise ValueError("For '%s', 'n' should be a positive int, but got %r." % (op, n))
    m = Tensor(_matrix(size, int(n), inverse, x._np_dtype))
    last = axis == x.ndim - 1
    y = x if last else ops.swapaxes(x, axis, -1)
    y = ops.matmul(y, m)
    return y if last else ops.swapaxes(y, axis, -1)


def dct(x, type=2, n=None, axis=-1, norm=None):  # noqa: A002
    """Compute the discrete cosine transform (type II, orthonormal) of ``x`` along ``axis``.

    Args:
        x (Tensor): the input; integer and float16 inputs give float32, float64 stays.
        type (int): the DCT type; only ``2`` is supported (as in MindSpore). Default: ``2``.
        n (int): the transform length: ``x`` is truncated or zero-padded to it along ``axis``.
            Default: ``None`` (``x.shape[axis]``).
        axis (int): the axis transformed. Default: ``-1``.
        norm (str): ``None`` or ``'ortho'``, both orthonormal (as in MindSpore).
            Default: ``None``.

    Returns:
        Tensor of ``x``'s shape with ``n`` along ``axis``.

    Raises:
        TypeError: ``x`` is not a real Tensor.
        ValueError: ``type`` is not 2, ``norm`` not None/'ortho', or ``n``/``axis`` invalid.
        NotImplementedError: ``x`` is complex.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.fft import dct
        >>> print(dct(Tensor(np.array([1., 1., 1., 1.], np.float32))))
        [2. 0. 0. 0.]
    """
    return _along(_check(x, type, norm, "dct"), n, axis, False, "dct")


def idct(x, type=2, n=None, axis=-1, norm=None):  # noqa: A002
    """Compute the inverse of :func:`dct` (the orthonormal DCT of type III) along ``axis``.

    Args:
        x (Tensor): the input; integer and float16 inputs give float32, float64 stays.
        type (int): the DCT type inverted; only ``2`` is supported. Default: ``2``.
        n (int): the transform length (``x`` truncated or zero-padded to it along ``axis``).
            Default: ``None`` (``x.shape[axis]``).
        axis (int): the axis transformed. Default: ``-1``.
        norm (str): ``None`` or ``'ortho'``, both orthonormal. Default: ``None``.

    Returns:
        Tensor of ``x``'s shape with ``n`` along ``axis``.

    Raises:
        TypeError: ``x`` is not a real Tensor.
        ValueError: ``type`` is not 2, ``norm`` not None/'ortho', or ``n``/``axis`` invalid.
        NotImplementedError: ``x`` is complex.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.fft import idct
        >>> print(idct(Tensor(np.array([2., 0., 0., 0.], np.float32))))
        [1. 1. 1. 1.]
    """
    return _along(_check(x, type, norm, "idct"), n, axis, True, "idct")


def _nd(x, type, s, axes, norm, inverse, op):  # noqa: A002
    x = _check(x, type, norm, op)
    if axes is None:
        axes = tuple(range(x.ndim)) if s is None else tuple(range(x.ndim - len(s), x.ndim))
    elif isinstance(axes, (int, np.integer)):
        axes = (axes,)
    axes = tuple(axes)
    if s is None:
        s = (None,) * len(axes)
    elif isinstance(s, (int, np.integer)):
        s = (s,)
    if len(s) != len(axes):
        raise ValueError("For '%s', 's' and 'axes' should have one length, but got %s and %s."
                         % (op, s, axes))
    for n, axis in zip(s, axes):
        x = _along(x, n, axis, inverse, op)
    return x


def dctn(x, type=2, s=None, axes=None, norm=None):  # noqa: A002
    """Compute the multi-dimensional orthonormal DCT of type II over ``axes``.

    Args:
        x (Tensor): the input; integer and float16 inputs give float32, float64 stays.
        type (int): only ``2`` is supported. Default: ``2``.
        s (tuple[int]): the transform length of each axis in ``axes`` (truncating or
            zero-padding). Default: ``None`` (the input's sizes).
        axes (tuple[int]): the axes transformed. Default: ``None``: all of them, or the last
            ``len(s)`` when ``s`` is given.
        norm (str): ``None`` or ``'ortho'``, both orthonormal. Default: ``None``.

    Returns:
        Tensor, the transform.

    Raises:
        TypeError: ``x`` is not a real Tensor.
        ValueError: ``type`` is not 2, ``norm`` not None/'ortho', or ``s``/``axes`` invalid.
        NotImplementedError: ``x`` is complex.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.fft import dctn
        >>> print(np.round(dctn(Tensor(np.ones((2, 2), np.float64))).asnumpy(), 6))
        [[2. 0.]
         [0. 0.]]
    """
    return _nd(x, type, s, axes, norm, False, "dctn")


def idctn(x, type=2, s=None, axes=None, norm=None):  # noqa: A002
    """Compute the inverse of :func:`dctn` over ``axes``.

    Args:
        x (Tensor): the input; integer and float16 inputs give float32, float64 stays.
        type (int): only ``2`` is supported. Default: ``2``.
        s (tuple[int]): the transform length of each axis in ``axes``. Default: ``None``.
        axes (tuple[int]): the axes transformed. Default: ``None``: all of them, or the last
            ``len(s)`` when ``s`` is given.
        norm (str): ``None`` or ``'ortho'``, both orthonormal. Default: ``None``.

    Returns:
        Tensor, the inverse transform.

    Raises:
        TypeError: ``x`` is not a real Tensor.
        ValueError: ``type`` is not 2, ``norm`` not None/'ortho', or ``s``/``axes`` invalid.
        NotImplementedError: ``x`` is complex.

    Supported Platforms:
        ``CPU``

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.scipy.fft import idctn
        >>> print(idctn(Tensor(np.array([[2., 0.], [0., 0.]], np.float64))))
        [[1. 1.]
         [1. 1.]]
    """
    return _nd(x, type, s, axes, norm, True, "idctn")
