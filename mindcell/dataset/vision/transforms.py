"""Image transforms of ``mindcell.dataset.vision`` on numpy images <H, W> or <H, W, C> (HWC, as
MindSpore's eager/C transforms), used by ``Dataset.map`` or called directly."""
import numbers

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset import config
from mindcell.dataset._docs import shared_sections
from mindcell.dataset.transforms.transforms import TensorOperation, check_prob, numpy_dtype
from mindcell.dataset.vision._decode import decode
from mindcell.dataset.vision._pil import PilRoundTrip, SameDrawEachInput, pil_filter
from mindcell.dataset.vision._resize import (resize_area, resize_cubic, resize_linear,
                                             resize_nearest, resize_pilcubic)
from mindcell.dataset.vision.utils import Border, Inter

__all__ = ["Resize", "Normalize", "HWC2CHW", "ToTensor", "Rescale", "Pad", "RandomCrop",
           "CenterCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "Decode", "not_random"]


def not_random(func):
    """not_random(func): mark a Python function given to ``map`` as deterministic (sets
    ``func.random = False``) and return it. MindSpore has this function in
    ``dataset.vision`` apart from ``dataset.transforms.not_random`` (whose parameter is
    named ``function``).

    Args:
        func (callable): the function to mark.

    Returns:
        callable, ``func`` itself.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.not_random(lambda x: x).random
        False
    """
    func.random = False
    return func


def _image(op, x):
    if x.ndim not in (2, 3):
        raise ValueError("%s: expected an image of shape <H, W> or <H, W, C>, but got shape %s"
                         % (op, x.shape))
    return x


def _size(op, size):
    """``size`` as an int or an (height, width) pair of positive ints."""
    pair = isinstance(size, (list, tuple))
    values = list(size) if pair else [size]
    if (pair and len(values) != 2) or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        raise TypeError("%s: 'size' must be an int or a sequence of 2 ints, but got %r"
                        % (op, size))
    if any(v <= 0 for v in values):
        raise ValueError("%s: 'size' must be positive, but got %r" % (op, size))
    return (int(values[0]), int(values[1])) if pair else int(values[0])


def _crop_size(op, size):
    size = _size(op, size)
    return (size, size) if isinstance(size, int) else size


_RESIZERS = {Inter.NEAREST: resize_nearest, Inter.LINEAR: resize_linear,
             Inter.CUBIC: resize_cubic, Inter.AREA: resize_area, Inter.PILCUBIC: resize_pilcubic}


def check_interpolation(op, interpolation, arg="interpolation"):
    if not isinstance(interpolation, Inter):
        raise TypeError("%s: '%s' must be a vision.Inter, but got %r" % (op, arg, interpolation))
    if interpolation not in _RESIZERS:
        raise ValueError("%s: interpolation %s is not implemented by mindcell (use Inter.LINEAR, "
                         "NEAREST, BICUBIC, AREA or PILCUBIC)" % (op, interpolation.name))
    return interpolation


def resize(x, out, interpolation):
    """``x`` resized to ``out`` = (height, width)."""
    return _RESIZERS[interpolation](x, *out)


class Resize(PilRoundTrip):
    """Resize(size, interpolation=Inter.LINEAR): resize an image to (height, width), or its
    shorter side to ``size`` keeping the aspect ratio (the other side truncated to an int).
    NEAREST, LINEAR/BILINEAR, CUBIC/BICUBIC and AREA are implemented (numpy, OpenCV's
    sampling), and PILCUBIC (Pillow's bicubic, 3-channel images only; bit-exact with MindSpore
    on uint8, float images resampled with the same weights unrounded); the dtype is kept. A PIL image is resized by Pillow and stays a PIL image.

    Args:
        size (Union[int, Sequence[int]]): the (height, width) of the output, or the length of
            its shorter side.
        interpolation (Inter, optional): the sampling. Default: ``Inter.LINEAR``.

    Returns:
        numpy.ndarray <H', W'> or <H', W', C> of the input's dtype (a PIL image for a PIL
        input).

    Raises:
        TypeError: ``size`` is not an int or a pair of ints, or ``interpolation`` not an
            ``Inter``.
        ValueError: a size is not positive, ``interpolation`` is one mindcell does not
            implement (ANTIALIAS), the image is not 2-d or 3-d, or PILCUBIC is asked of an
            image without 3 channels.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Resize((2, 3))(np.zeros((4, 6, 3), np.uint8)).shape
        (2, 3, 3)
        >>> vision.Resize(2, vision.Inter.NEAREST)(np.arange(24, dtype=np.uint8).reshape(4, 6))
        array([[ 0,  2,  4],
               [12, 14, 16]], dtype=uint8)
    """

    def __init__(self, size, interpolation=Inter.LINEAR):
        self.size = _size("Resize", size)
        self.interpolation = check_interpolation("Resize", interpolation)

    def _out_size(self, h, w):
        if isinstance(self.size, int):
            s = self.size
            return (s, int(w * s / h)) if h <= w else (int(h * s / w), s)
        return self.size

    def _apply(self, x):
        h, w = _image("Resize", x).shape[:2]
        return resize(x, self._out_size(h, w), self.interpolation)

    def _apply_pil(self, img):
        # MindSpore resizes PIL images with Pillow's filters
        oh, ow = self._out_size(img.size[1], img.size[0])
        return img.resize((ow, oh), pil_filter("Resize", self.interpolation))


def _per_channel(op, arg, values, low, high, low_open):
    values = list(values) if isinstance(values, (list, tuple)) else None
    if not values or not all(isinstance(v, numbers.Real) and not isinstance(v, bool)
                             for v in values):
        raise TypeError("%s: '%s' must be a non-empty list of numbers, but got %r"
                        % (op, arg, values))
    for v in values:
        if (v <= low if low_open else v < low) or v > high:
            raise ValueError("%s: '%s' values must be in %s%s, %s], but got %r"
                             % (op, arg, "(" if low_open else "[", low, high, values))
    return np.asarray(values, np.float32)


class Normalize(TensorOperation):
    """Normalize(mean, std, is_hwc=True): ``(image - mean) / std`` per channel, in float32
    (mean and std in pixel units, e.g. ``[123.675, 116.28, 103.53]``). A single mean and std
    apply to every channel, whatever the layout.

    Args:
        mean (Sequence[float]): the per-channel means, each in [0, 255].
        std (Sequence[float]): the per-channel standard deviations, each in (0, 255].
        is_hwc (bool, optional): whether the image is <H, W, C> (else <C, H, W>).
            Default: ``True``.

    Returns:
        numpy.ndarray, float32, of the input's shape.

    Raises:
        TypeError: ``mean`` or ``std`` is not a non-empty list of numbers, or ``is_hwc`` not a
            bool.
        ValueError: a value is out of range, ``mean`` and ``std`` differ in length, the image
            is not 2-d or 3-d, or its channel count differs from a multi-value mean.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = np.array([[[0, 100, 200]]], np.uint8)
        >>> vision.Normalize([100.0, 100.0, 100.0], [50.0, 50.0, 100.0])(img)
        array([[[-2.,  0.,  1.]]], dtype=float32)
    """

    def __init__(self, mean, std, is_hwc=True):
        self.mean = _per_channel("Normalize", "mean", mean, 0, 255, False)
        self.std = _per_channel("Normalize", "std", std, 0, 255, True)
        if len(self.mean) != len(self.std):
            raise ValueError("Normalize: 'mean' and 'std' have different lengths %d and %d"
                             % (len(self.mean), len(self.std)))
        if not isinstance(is_hwc, bool):
            raise TypeError("Normalize: 'is_hwc' must be a bool, but got %r" % (is_hwc,))
        self.is_hwc = is_hwc

    def _apply(self, x):
        _image("Normalize", x)
        channels = 1 if x.ndim == 2 else x.shape[2 if self.is_hwc else 0]
        # one mean/std value serves every channel (MindSpore normalises a <1, H, W> ToTensor
        # output with Normalize([0.5], [0.5]) under the default is_hwc=True)
        if len(self.mean) != channels and len(self.mean) != 1:
            raise ValueError("Normalize: the image has %d channels but mean/std have %d values"
                             % (channels, len(self.mean)))
        shape = (-1,) if self.is_hwc or x.ndim == 2 else (-1, 1, 1)
        out = (x.astype(np.float32) - self.mean.reshape(shape)) / self.std.reshape(shape)
        return out.astype(np.float32)


class HWC2CHW(TensorOperation):
    """HWC2CHW(): transpose an <H, W, C> image to <C, H, W> (a <H, W> image is returned as is).

    Inputs:
        - **image** (numpy.ndarray) - an <H, W, C> or <H, W> image.

    Returns:
        numpy.ndarray <C, H, W> of the input's dtype.

    Raises:
        ValueError: the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.HWC2CHW()(np.zeros((4, 5, 3), np.uint8)).shape
        (3, 4, 5)
    """

    def _apply(self, x):
        _image("HWC2CHW", x)
        return x if x.ndim == 2 else c_contiguous(x.transpose(2, 0, 1))


class ToTensor(TensorOperation):
    """ToTensor(output_type=np.float32): an <H, W, C> image in [0, 255] as <C, H, W> in [0, 1]
    (``image / 255``; a <H, W> image gives <1, H, W>).

    Args:
        output_type (Union[numpy.dtype, mindcell.dtype], optional): the output dtype.
            Default: ``np.float32``.

    Returns:
        numpy.ndarray <C, H, W> of ``output_type``.

    Raises:
        TypeError: ``output_type`` is not a dtype.
        ValueError: the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out = vision.ToTensor()(np.array([[[0, 51, 255]]], np.uint8))
        >>> out.shape, out.ravel().tolist()
        ((3, 1, 1), [0.0, 0.20000000298023224, 1.0])
    """

    def __init__(self, output_type=np.float32):
        self.output_type = output_type
        self._np = numpy_dtype("ToTensor", output_type)

    def _apply(self, x):
        x = _image("ToTensor", x)
        x = x[:, :, None] if x.ndim == 2 else x
        return (x.transpose(2, 0, 1) / 255.0).astype(self._np)


class Rescale(TensorOperation):
    """Rescale(rescale, shift): ``image * rescale + shift`` in float32.

    Args:
        rescale (float): the scale factor.
        shift (float): the value added after scaling.

    Returns:
        numpy.ndarray, float32, of the input's shape.

    Raises:
        TypeError: ``rescale`` or ``shift`` is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Rescale(1.0 / 255, -0.5)(np.array([[0, 255]], np.uint8))
        array([[-0.5,  0.5]], dtype=float32)
    """

    def __init__(self, rescale, shift):
        for name, v in (("rescale", rescale), ("shift", shift)):
            if isinstance(v, bool) or not isinstance(v, numbers.Real):
                raise TypeError("Rescale: '%s' must be a number, but got %r" % (name, v))
        self.rescale, self.shift = float(rescale), float(shift)

    def _apply(self, x):
        return (x.astype(np.float32) * np.float32(self.rescale)
                + np.float32(self.shift)).astype(np.float32)


def _padding(op, padding):
    """(left, top, right, bottom) from an int, a pair (left/right, top/bottom) or 4 ints."""
    values = list(padding) if isinstance(padding, (list, tuple)) else [padding]
    if len(values) not in (1, 2, 4) or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in values):
        raise TypeError("%s: 'padding' must be an int or a sequence of 2 or 4 ints, but got %r"
                        % (op, padding))
    if any(v < 0 for v in values):
        raise ValueError("%s: 'padding' must be >= 0, but got %r" % (op, padding))
    if len(values) == 1:
        return values * 4
    return values * 2 if len(values) == 2 else values


def _pad(x, left, top, right, bottom, fill_value, mode):
    widths = [(top, bottom), (left, right)] + [(0, 0)] * (x.ndim - 2)
    if mode != Border.CONSTANT:
        return np.pad(x, widths, mode=mode.value)
    fill = np.asarray(fill_value, x.dtype)
    if fill.ndim == 0:
        return np.pad(x, widths, constant_values=fill)
    out = np.empty((x.shape[0] + top + bottom, x.shape[1] + left + right) + x.shape[2:],
                   x.dtype)
    out[...] = fill  # one value per channel
    out[top:top + x.shape[0], left:left + x.shape[1]] = x
    return out


def _fill_and_mode(op, fill_value, padding_mode):
    values = list(fill_value) if isinstance(fill_value, (list, tuple)) else [fill_value]
    if len(values) not in (1, 3) or not all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 255 for v in values):
        raise TypeError("%s: 'fill_value' must be an int in [0, 255] or 3 of them, but got %r"
                        % (op, fill_value))
    if not isinstance(padding_mode, Border):
        raise TypeError("%s: 'padding_mode' must be a vision.Border, but got %r"
                        % (op, padding_mode))
    return fill_value, padding_mode


class Pad(PilRoundTrip):
    """Pad(padding, fill_value=0, padding_mode=Border.CONSTANT): pad the borders of an image.

    Args:
        padding (Union[int, Sequence[int]]): one width for all sides, (left/right,
            top/bottom) or (left, top, right, bottom); each >= 0.
        fill_value (Union[int, tuple[int]], optional): the value of ``Border.CONSTANT``
            padding, in [0, 255], or one per channel (3). Default: ``0``.
        padding_mode (Border, optional): ``CONSTANT``, ``EDGE``, ``REFLECT`` or
            ``SYMMETRIC``. Default: ``Border.CONSTANT``.

    Returns:
        numpy.ndarray of shape (H + top + bottom, W + left + right, ...) (a PIL image for a PIL
        input).

    Raises:
        TypeError: ``padding`` or ``fill_value`` has a wrong type or length, or
            ``padding_mode`` is not a ``Border``.
        ValueError: a padding width is negative, or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Pad((1, 0), fill_value=9)(np.array([[1, 2]], np.uint8)).tolist()
        [[9, 1, 2, 9]]
        >>> vision.Pad(1, padding_mode=vision.Border.EDGE)(np.array([[1, 2]], np.uint8)).tolist()
        [[1, 1, 2, 2], [1, 1, 2, 2], [1, 1, 2, 2]]
    """

    def __init__(self, padding, fill_value=0, padding_mode=Border.CONSTANT):
        self.padding = _padding("Pad", padding)
        self.fill_value, self.padding_mode = _fill_and_mode("Pad", fill_value, padding_mode)

    def _apply(self, x):
        return _pad(_image("Pad", x), *self.padding, self.fill_value, self.padding_mode)


class RandomCrop(SameDrawEachInput, PilRoundTrip):
    """RandomCrop(size, padding=None, pad_if_needed=False, fill_value=0,
    padding_mode=Border.CONSTANT): pad (optionally, as :class:`Pad`), then crop ``size`` at a
    random place.

    Args:
        size (Union[int, Sequence[int]]): the (height, width) of the crop, or one size for
            both.
        padding (Union[int, Sequence[int]], optional): padding applied first, as in ``Pad``;
            None pads nothing. Default: ``None``.
        pad_if_needed (bool, optional): pad an image smaller than ``size`` by the missing
            height / width on each side.
            Default: ``False``.
        fill_value (Union[int, tuple[int]], optional): the constant padding value.
            Default: ``0``.
        padding_mode (Border, optional): how to pad. Default: ``Border.CONSTANT``.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels) (a PIL image for a PIL input).

    Raises:
        TypeError: an argument has a wrong type.
        ValueError: a size is not positive, a padding negative, the image not 2-d or 3-d, or
            the (padded) image smaller than ``size`` without ``pad_if_needed``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomCrop(2)(np.zeros((5, 5, 3), np.uint8)).shape
        (2, 2, 3)
        >>> vision.RandomCrop((3, 4), pad_if_needed=True)(np.ones((2, 2), np.uint8)).shape
        (3, 4)
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0,
                 padding_mode=Border.CONSTANT):
        self.size = _crop_size("RandomCrop", size)
        self.padding = None if padding is None else _padding("RandomCrop", padding)
        if not isinstance(pad_if_needed, bool):
            raise TypeError("RandomCrop: 'pad_if_needed' must be a bool, but got %r"
                            % (pad_if_needed,))
        self.pad_if_needed = pad_if_needed
        self.fill_value, self.padding_mode = _fill_and_mode("RandomCrop", fill_value,
                                                            padding_mode)

    def _apply(self, x):
        x = _image("RandomCrop", x)
        if self.padding is not None:
            x = _pad(x, *self.padding, self.fill_value, self.padding_mode)
        ch, cw = self.size
        if self.pad_if_needed:
            dh, dw = max(ch - x.shape[0], 0), max(cw - x.shape[1], 0)
            x = _pad(x, dw, dh, dw, dh, self.fill_value, self.padding_mode)
        h, w = x.shape[:2]
        if h < ch or w < cw:
            raise ValueError("RandomCrop: the crop %s is larger than the (padded) image %s; "
                             "pass pad_if_needed=True" % ((ch, cw), (h, w)))
        rng = config.transform_rng()
        top, left = int(rng.integers(h - ch + 1)), int(rng.integers(w - cw + 1))
        return x[top:top + ch, left:left + cw].copy()


class CenterCrop(PilRoundTrip):
    """CenterCrop(size): the central ``size`` crop (a smaller image is first padded with 0, the
    odd pixel of padding on top / left; PIL images are cropped as MindSpore's Python path, at
    the rounded centre, so the odd pixel falls differently).

    Args:
        size (Union[int, Sequence[int]]): the (height, width) of the crop, or one size for
            both.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels) (a PIL image for a PIL input).

    Raises:
        TypeError: ``size`` is not an int or a pair of ints.
        ValueError: a size is not positive, or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.CenterCrop(2)(np.arange(16, dtype=np.uint8).reshape(4, 4)).tolist()
        [[5, 6], [9, 10]]
    """

    def __init__(self, size):
        self.size = _crop_size("CenterCrop", size)

    def _apply(self, x):
        x = _image("CenterCrop", x)
        ch, cw = self.size
        dh, dw = max(ch - x.shape[0], 0), max(cw - x.shape[1], 0)
        if dh or dw:  # the odd pixel of padding goes on top / left
            x = _pad(x, dw - dw // 2, dh - dh // 2, dw // 2, dh // 2, 0, Border.CONSTANT)
        top, left = (x.shape[0] - ch) // 2, (x.shape[1] - cw) // 2
        return x[top:top + ch, left:left + cw].copy()

    def _apply_pil(self, img):
        # MindSpore's Python path: Pillow's crop at the rounded centre (round half to even),
        # which fills with 0 where the box leaves a smaller image
        ch, cw = self.size
        w, h = img.size
        top, left = int(round((h - ch) / 2.0)), int(round((w - cw) / 2.0))
        return img.crop((left, top, left + cw, top + ch))


class RandomHorizontalFlip(SameDrawEachInput, PilRoundTrip):
    """RandomHorizontalFlip(prob=0.5): mirror an image left-right with probability ``prob``.

    Args:
        prob (float, optional): the probability of flipping, in [0, 1]. Default: ``0.5``.

    Returns:
        numpy.ndarray of the input's shape (a PIL image for a PIL input).

    Raises:
        ValueError: ``prob`` is not a number in [0, 1], or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomHorizontalFlip(prob=1.0)(np.array([[1, 2, 3]], np.uint8)).tolist()
        [[3, 2, 1]]
    """

    _axis = 1

    def __init__(self, prob=0.5):
        self.prob = check_prob(type(self).__name__, prob)

    def _apply(self, x):
        _image(type(self).__name__, x)
        if config.transform_rng().random() < self.prob:
            return np.flip(x, self._axis).copy()
        return x


@shared_sections(RandomHorizontalFlip)
class RandomVerticalFlip(RandomHorizontalFlip):
    """RandomVerticalFlip(prob=0.5): mirror an image top-bottom with probability ``prob``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomVerticalFlip(prob=1.0)(np.array([[1], [2]], np.uint8)).tolist()
        [[2], [1]]
    """

    _axis = 0


class Decode(TensorOperation):
    """Decode(to_pil=False): encoded image bytes (JPEG, PNG ...) as an <H, W, 3> uint8 RGB
    image. Needs Pillow (``pip install pillow``).

    Args:
        to_pil (bool, optional): return a PIL image instead of a numpy array.
            Default: ``False``.

    Returns:
        numpy.ndarray <H, W, 3> uint8 (or a PIL RGB image).

    Raises:
        TypeError: ``to_pil`` is not a bool, or the input is not a 1-d uint8 array (or one
            ``bytes`` value).
        RuntimeError: the bytes cannot be decoded, or Pillow is not installed.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> data = vision.encode_png(np.full((2, 3, 3), 200, np.uint8))
        >>> img = vision.Decode()(data)
        >>> img.shape, img.dtype, int(img[0, 0, 0])
        ((2, 3, 3), dtype('uint8'), 200)
    """

    def __init__(self, to_pil=False):
        if not isinstance(to_pil, bool):
            raise TypeError("Decode: 'to_pil' must be a bool, but got %r" % (to_pil,))
        self.to_pil = to_pil

    def _apply(self, x):
        return decode("Decode", x, self.to_pil)


def __getattr__(name):
    # MindSpore's module path vision.transforms also has every other vision transform and
    # enum; their modules import this one (so they cannot be imported at its top)
    from mindcell.dataset import vision
    if name in vision.__all__:
        return getattr(vision, name)
    raise AttributeError("module %r has no attribute %r" % (__name__, name))
