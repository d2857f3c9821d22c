"""``ops.ExtractGlimpse``: windows ("glimpses") cut from a batch of NHWC images at given
offsets, as MindSpore's CPU kernel (TensorFlow's ``extract_glimpse``) computes them: the window
of ``size`` whose top-left corner is the truncated (toward zero) offset, read in float32, with
the pixels outside the image filled with zeros or uniform noise."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import show
from mindcell.ops._prim_attrs import AttrPrimitive

__all__ = ["ExtractGlimpse"]

_NAME = "ExtractGlimpse"
_NOISES = ("uniform", "gaussian", "zero")


def _typed(arg, value, dtype, names):
    if not isinstance(value, Tensor):
        raise TypeError("For Primitive[%s], the type of input argument[%s] must be Tensor but "
                        "got %s." % (_NAME, arg, show(value)))
    if value.dtype != dtype:
        raise TypeError("For primitive[%s], the input argument[%s] must be a type of {%s}, "
                        "but got %s." % (_NAME, arg, names, show(value)))
    return value.asnumpy()


def _fill(shape, noise, rng):
    """The values of the pixels outside the image: zeros, or uniform noise in [-1, 1) (what
    MindSpore's kernel draws, whatever the image's values)."""
    if noise == "zero":
        return np.zeros(shape, np.float32)
    if noise == "uniform":
        return rng.uniform(-1.0, 1.0, shape).astype(np.float32)
    raise NotImplementedError(
        "For '%s', noise='gaussian' for a window reaching outside the image is not supported: "
        "the distribution MindSpore's kernel draws from is not documented (its values are "
        "about N(10, 1)); use noise='zero' or 'uniform', or keep windows inside" % _NAME)


class ExtractGlimpse(AttrPrimitive):
    r"""ExtractGlimpse(centered=True, normalized=True, uniform_noise=True, noise='uniform')(x,
    size, offsets): for each image ``b`` the ``size[0] x size[1]`` window at ``offsets[b]``
    (``(y, x)``): the offset is scaled by the image's height and width when ``normalized``,
    taken from the image's centre (halved and shifted by half the image) when ``centered``,
    moved back by half the window, and truncated toward zero to the window's top-left pixel.

    Args:
        centered (bool): offsets count from the image centre. Default: ``True``.
        normalized (bool): offsets are fractions of the image size. Default: ``True``.
        uniform_noise (bool): fill outside pixels with uniform noise; ``noise`` must then be
            ``'uniform'``. Default: ``True``.
        noise (str): ``'uniform'``, ``'gaussian'`` or ``'zero'``: what fills the pixels outside
            the image: uniform noise in [-1, 1) (as MindSpore's kernel), zeros, or (not
            supported: NotImplementedError when a window reaches outside) gaussian noise.
            Default: ``'uniform'``.

    Inputs:
        - **x** (Tensor) - float32, ``(N, H, W, C)``.
        - **size** (Tensor) - int32, ``(2,)``: the window's height and width (positive).
        - **offsets** (Tensor) - float32, ``(N, 2)``: ``(y, x)`` per image.

    Outputs:
        Tensor, float32, ``(N, size[0], size[1], C)``.

    Raises:
        TypeError: an argument or input has the wrong type or dtype.
        ValueError: ``noise`` is another string, or is not ``'uniform'`` with
            ``uniform_noise``; ``offsets`` has another batch than ``x``; ``size`` is not
            positive.
        RuntimeError: ``x`` is not 4-D (MindSpore's error type).
        NotImplementedError: ``noise='gaussian'`` and a window reaches outside the image.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 4, 4, 1))
        >>> out = ops.ExtractGlimpse()(x, Tensor([2, 2], ms.int32), Tensor([[0.0, 0.0]]))
        >>> print(out.reshape(2, 2))
        [[ 5.  6.]
         [ 9. 10.]]
    """

    def __init__(self, centered=True, normalized=True, uniform_noise=True, noise="uniform"):
        super().__init__()
        for arg, value in (("centered", centered), ("normalized", normalized),
                           ("uniform_noise", uniform_noise)):
            if not isinstance(value, bool):
                raise TypeError("For '%s', the type of '%s' should be 'bool', but got type "
                                "'%s'." % (_NAME, arg, type(value).__name__))
        if not isinstance(noise, str) or noise not in _NOISES:
            raise ValueError("For '%s', the 'noise' must be str and must be in '%s', but got "
                             "'%s'." % (_NAME, list(_NOISES), noise))
        if uniform_noise and noise != "uniform":
            raise ValueError("For '%s', the value of 'noise' must be uniform when uniform_noise "
                             "is True, but got %s." % (_NAME, noise))
        self.set_attrs(centered=centered, normalized=normalized, uniform_noise=uniform_noise,
                       noise=noise)
        self.add_prim_attr("input_names", ["x", "size", "offsets"])
        self.add_prim_attr("output_names", ["output"])
        self._rng = np.random.default_rng()

    def __call__(self, x, size, offsets):
        image = _typed("x", x, mstype.float32, "Tensor[Float32]")
        window = _typed("size", size, mstype.int32, "Tensor[Int32]")
        where = _typed("offsets", offsets, mstype.float32, "Tensor[Float32]")
        if image.ndim != 4:
            raise RuntimeError("For '%s', the shape of parameter 'x' must be 4, but got %d."
                               % (_NAME, image.ndim))
        if window.shape != (2,) or (window <= 0).any():
            raise ValueError("For '%s', 'size' must hold two positive ints, but got %s"
                             % (_NAME, window.tolist()))
        if where.ndim != 2 or where.shape[1] != 2 or where.shape[0] != image.shape[0]:
            raise ValueError("For '%s', offsets must be (N, 2) with N the first dimension of "
                             "x (%d), but got %s." % (_NAME, image.shape[0], where.shape))
        if not np.isfinite(where).all():
            raise ValueError("For '%s', offsets must be finite, but got %s"
                             % (_NAME, where.tolist()))
        n, height, width, channels = image.shape
        h, w = int(window[0]), int(window[1])
        out = np.empty((n, h, w, channels), np.float32)
        half = np.float32(2)
        for b in range(n):
            y, x_ = where[b, 0], where[b, 1]  # float32 arithmetic, as the kernel's
            if self.normalized:
                y, x_ = y * np.float32(height), x_ * np.float32(width)
            if self.centered:
                y = y / half + np.float32(height) / half
                x_ = x_ / half + np.float32(width) / half
            top = int(y - np.float32(h) / half)
            left = int(x_ - np.float32(w) / half)
            rows = slice(max(top, 0), min(top + h, height))
            cols = slice(max(left, 0), min(left + w, width))
            inside = (rows.stop - rows.start, cols.stop - cols.start) == (h, w)
            out[b] = 0.0 if inside else _fill((h, w, channels), self.noise, self._rng)
            if rows.start < rows.stop and cols.start < cols.stop:
                out[b, rows.start - top:rows.stop - top, cols.start - left:cols.stop - left] = \
                    image[b, rows, cols]
        return Tensor(out)
