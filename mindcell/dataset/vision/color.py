"""Colour transforms of ``mindcell.dataset.vision`` with MindSpore's pixel values: on numpy
images the arithmetic of MindSpore's OpenCV kernels (see ``_cv``), on PIL images Pillow's
(``ImageOps`` / ``ImageEnhance``, which MindSpore's Python transforms call)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.vision._pil import ImageOp, pil_module, require_pil
from mindcell.dataset.vision.modes import ConvertMode

__all__ = ["Invert", "Equalize", "AutoContrast", "Posterize", "Solarize", "AdjustBrightness",
           "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "AdjustSharpness",
           "Grayscale", "ConvertColor"]

_U8 = ("uint8",)
_U8F = ("uint8", "float32", "float64")


def _planes(fn, x):
    """``fn`` applied to each channel plane of an <H, W> or <H, W, C> image."""
    if x.ndim == 2:
        return fn(x)
    return np.stack([fn(x[:, :, c]) for c in range(x.shape[2])], -1)


def _enhance(name):
    from PIL import ImageEnhance
    return getattr(ImageEnhance, name)


class Invert(ImageOp):
    """Invert(): ``255 - image`` for an <H, W, 3> RGB image (uint8 or float). A PIL image is
    inverted by Pillow and stays a PIL image.

    Inputs:
        - **image** (numpy.ndarray) - an <H, W, 3> uint8, float32 or float64 image.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        RuntimeError: the image is not <H, W, 3> or has another dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Invert()(np.array([[[0, 100, 255]]], np.uint8)).tolist()
        [[[255, 155, 0]]]
    """

    def _apply(self, x):
        chk.image("Invert", x, (3,), (3,), _U8F)
        return (255 - x.astype(np.int64)).astype(np.uint8) if x.dtype == np.uint8 \
            else (x.dtype.type(255) - x)

    def _apply_pil(self, img):
        from PIL import ImageOps
        return ImageOps.invert(img)


class Equalize(ImageOp):
    """Equalize(): equalise the histogram of each channel of a uint8 image (OpenCV's
    ``equalizeHist`` per plane; Pillow's ``ImageOps.equalize`` for a PIL image).

    Inputs:
        - **image** (numpy.ndarray) - a uint8 <H, W> or <H, W, 1|3> image.

    Returns:
        numpy.ndarray of the input's shape, uint8.

    Raises:
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Equalize()(np.array([[10, 20], [20, 30]], np.uint8)).tolist()
        [[0, 170], [170, 255]]
    """

    def _apply(self, x):
        return _planes(_cv.equalize_plane, chk.image("Equalize", x, dtypes=_U8))

    def _apply_pil(self, img):
        from PIL import ImageOps
        return ImageOps.equalize(img)


class AutoContrast(ImageOp):
    """AutoContrast(cutoff=0.0, ignore=None): stretch each channel of a uint8 image so that,
    after dropping ``cutoff`` percent of the darkest and of the brightest pixels (MindSpore
    uses the whole percent: 10.7 acts as 10) and the values in ``ignore``, its range covers
    [0, 255].

    Args:
        cutoff (float, optional): the percent of pixels cut at each end, in [0, 50).
            Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): pixel values in [0, 255] left out of the
            histogram. Default: ``None``.

    Returns:
        numpy.ndarray of the input's shape, uint8 (a PIL image for a PIL input).

    Raises:
        TypeError: ``cutoff`` is not a number or ``ignore`` not an int or list of ints.
        ValueError: ``cutoff`` is outside [0, 50) or an ``ignore`` value outside [0, 255].
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AutoContrast()(np.array([[100, 150]], np.uint8)).tolist()
        [[0, 255]]
        >>> vision.AutoContrast(ignore=150)(np.array([[100, 120, 150]], np.uint8)).tolist()
        [[0, 255, 255]]
    """

    def __init__(self, cutoff=0.0, ignore=None):
        self.cutoff = chk.number("AutoContrast", "cutoff", cutoff, 0, 50)
        if self.cutoff >= 50:
            raise ValueError("AutoContrast: 'cutoff' must be in [0, 50), but got %r" % cutoff)
        self.ignore = _ignore("AutoContrast", ignore)

    def _apply(self, x):
        chk.image("AutoContrast", x, dtypes=_U8)
        return _planes(lambda p: _cv.autocontrast_plane(p, self.cutoff, self.ignore), x)

    def _apply_pil(self, img):
        from PIL import ImageOps
        return ImageOps.autocontrast(img, self.cutoff, self.ignore or None)


def _ignore(op, ignore):
    if ignore is None:
        return []
    values = [ignore] if chk.is_int(ignore) else ignore
    if not isinstance(values, (list, tuple)) or not all(chk.is_int(v) for v in values):
        raise TypeError("%s: 'ignore' must be an int or a list of ints, but got %r"
                        % (op, ignore))
    return [chk.number(op, "ignore", v, 0, 255, True) for v in values]


class Posterize(ImageOp):
    """Posterize(bits): keep the ``bits`` highest bits of each uint8 value (0 gives black).

    Args:
        bits (int): the number of bits kept, in [0, 8].

    Returns:
        numpy.ndarray of the input's shape, uint8.

    Raises:
        TypeError: ``bits`` is not an int.
        ValueError: ``bits`` is outside [0, 8].
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3|4>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Posterize(3)(np.array([[172, 47]], np.uint8)).tolist()
        [[160, 32]]
    """

    def __init__(self, bits):
        self.bits = chk.number("Posterize", "bits", bits, 0, 8, True)

    def _apply(self, x):
        chk.image("Posterize", x, channels=(1, 3, 4), dtypes=_U8)
        return x & np.uint8((0xFF << (8 - self.bits)) & 0xFF)


def threshold_pair(op, threshold):
    if chk.is_number(threshold):
        threshold = (threshold, threshold)
    if not isinstance(threshold, (list, tuple)):
        raise TypeError("%s: 'threshold' must be a number or a (min, max) pair, but got %r"
                        % (op, threshold))
    if len(threshold) != 2:
        raise TypeError("%s: 'threshold' must be a number or a sequence of two numbers, but "
                        "got %r" % (op, threshold))
    lo, hi = (chk.number(op, "threshold", t, 0, 255) for t in threshold)
    if lo > hi:
        raise ValueError("%s: 'threshold' must be in (min, max) order, but got %r"
                         % (op, threshold))
    return lo, hi


def solarize(x, lo, hi):
    """Invert the values >= lo (one threshold) or in [lo, hi] (a range)."""
    hit = x >= lo if lo == hi else (x >= lo) & (x <= hi)
    flipped = (255 - x.astype(np.int64)).astype(np.uint8) if x.dtype == np.uint8 \
        else x.dtype.type(255) - x
    return np.where(hit, flipped, x)


class Solarize(ImageOp):
    """Solarize(threshold): invert (``255 - x``) the pixels >= ``threshold``, or, for a
    (min, max) pair, the pixels in [min, max].

    Args:
        threshold (Union[float, Sequence[float]]): one threshold, or a (min, max) pair, in
            [0, 255].

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``threshold`` is not a number or a pair of numbers.
        ValueError: a threshold is outside [0, 255] or the pair is out of order.
        RuntimeError: the image is not <H, W> or <H, W, 1|3> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Solarize(100.0)(np.array([[50, 200]], np.uint8)).tolist()
        [[50, 55]]
        >>> vision.Solarize((40, 60))(np.array([[50, 200]], np.uint8)).tolist()
        [[205, 200]]
    """

    def __init__(self, threshold):
        self.threshold = threshold_pair("Solarize", threshold)

    def _apply(self, x):
        chk.image("Solarize", x, dtypes=_U8F)
        return solarize(x, *self.threshold)


def brightness(x, factor):
    if x.dtype == np.uint8:
        return _cv.saturate_u8(x.astype(np.float32) * np.float32(factor))
    return (x * x.dtype.type(factor)).astype(x.dtype)


class AdjustBrightness(ImageOp):
    """AdjustBrightness(brightness_factor): ``image * brightness_factor`` (0 gives black), uint8
    results saturated to [0, 255] (Pillow's ``ImageEnhance.Brightness`` for a PIL image).

    Args:
        brightness_factor (float): the factor, in [0, 16777216].

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``brightness_factor`` is not a number.
        ValueError: ``brightness_factor`` is negative.
        RuntimeError: the image is not <H, W> or <H, W, 1|3> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AdjustBrightness(1.5)(np.array([[100, 200]], np.uint8)).tolist()
        [[150, 255]]
    """

    def __init__(self, brightness_factor):
        self.brightness_factor = chk.number("AdjustBrightness", "brightness_factor",
                                            brightness_factor)

    def _apply(self, x):
        return brightness(chk.image("AdjustBrightness", x, dtypes=_U8F),
                          self.brightness_factor)

    def _apply_pil(self, img):
        return _enhance("Brightness")(img).enhance(self.brightness_factor)


def rgb_image(op, x, floats=True):
    """An <H, W, 3> uint8 (or, with ``floats``, float32) image."""
    return chk.image(op, x, (3,), (3,), ("uint8", "float32") if floats else _U8)


def gray(x, blue_first=False):
    """The gray level of an RGB image: OpenCV's fixed point for uint8, float weights else."""
    if x.dtype == np.uint8:
        return _cv.rgb_to_gray(x, blue_first)
    weights = np.array([0.114, 0.587, 0.299] if blue_first else [0.299, 0.587, 0.114],
                       np.float32)
    return (x[..., :3].astype(np.float32) @ weights).astype(x.dtype)


def _float_blend(x, other, factor):
    f = np.float32(factor)
    return (x * f + other * (np.float32(1) - f)).astype(x.dtype)


def contrast(x, factor):
    if x.dtype != np.uint8:  # MindSpore blends float images with the unrounded mean
        return _float_blend(x, np.float32(gray(x).mean()), factor)
    mean = int(_cv.rgb_to_gray(x).mean() + 0.5)
    return _cv.blend(x, np.full_like(x, mean), factor)


def saturation(x, factor):
    if x.dtype != np.uint8:
        return _float_blend(x, gray(x)[:, :, None], factor)
    return _cv.blend(x, np.repeat(_cv.rgb_to_gray(x)[:, :, None], 3, 2), factor)


def hue(x, factor):
    hsv = _cv.rgb_to_hsv_full(x)
    # MindSpore converts hue * 255 to uint8 and adds it with wrap-around
    hsv[..., 0] = (hsv[..., 0] + int(np.float32(factor) * np.float32(255))) % 256
    return _cv.hsv_full_to_rgb(hsv)


def pil_hue(img, factor):
    """Pillow's HSV round trip with the hue shifted by ``factor`` of a turn."""
    image = pil_module()
    if img.mode in ("L", "1", "I", "F"):
        return img
    h, s, v = img.convert("HSV").split()
    shifted = (np.asarray(h, np.int64) + int(factor * 255)) % 256
    merged = image.merge("HSV", (image.fromarray(shifted.astype(np.uint8), "L"), s, v))
    return merged.convert(img.mode)


class AdjustContrast(ImageOp):
    """AdjustContrast(contrast_factor): blend an RGB image with its mean gray level (0 gives
    flat gray, 1 the original, above 1 more contrast).

    Args:
        contrast_factor (float): the blend factor, in [0, 16777216].

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``contrast_factor`` is not a number.
        ValueError: ``contrast_factor`` is negative.
        RuntimeError: the image is not <H, W, 3> uint8 or float32.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AdjustContrast(0.0)(np.full((1, 2, 3), 90, np.uint8)).tolist()
        [[[90, 90, 90], [90, 90, 90]]]
        >>> vision.AdjustContrast(2.0)(np.array([[[0, 0, 0], [100, 100, 100]]], np.uint8)).tolist()
        [[[0, 0, 0], [150, 150, 150]]]
    """

    def __init__(self, contrast_factor):
        self.contrast_factor = chk.number("AdjustContrast", "contrast_factor", contrast_factor)

    def _apply(self, x):
        return contrast(rgb_image("AdjustContrast", x), self.contrast_factor)

    def _apply_pil(self, img):
        return _enhance("Contrast")(img).enhance(self.contrast_factor)


class AdjustSaturation(ImageOp):
    """AdjustSaturation(saturation_factor): blend an RGB image with its gray version (0 gives
    gray, 1 the original, above 1 more saturated).

    Args:
        saturation_factor (float): the blend factor, in [0, 16777216].

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``saturation_factor`` is not a number.
        ValueError: ``saturation_factor`` is negative.
        RuntimeError: the image is not <H, W, 3> uint8 or float32.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AdjustSaturation(0.0)(np.array([[[255, 0, 0]]], np.uint8)).tolist()
        [[[76, 76, 76]]]
    """

    def __init__(self, saturation_factor):
        self.saturation_factor = chk.number("AdjustSaturation", "saturation_factor",
                                            saturation_factor)

    def _apply(self, x):
        return saturation(rgb_image("AdjustSaturation", x), self.saturation_factor)

    def _apply_pil(self, img):
        return _enhance("Color")(img).enhance(self.saturation_factor)


class AdjustHue(ImageOp):
    """AdjustHue(hue_factor): turn the hue of an RGB image by ``hue_factor`` of a full turn,
    through 8-bit HSV.

    Args:
        hue_factor (float): the fraction of a turn, in [-0.5, 0.5].

    Returns:
        numpy.ndarray <H, W, 3> uint8 (a PIL image for a PIL input).

    Raises:
        TypeError: ``hue_factor`` is not a number.
        ValueError: ``hue_factor`` is outside [-0.5, 0.5].
        RuntimeError: the image is not <H, W, 3> uint8.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AdjustHue(0.5)(np.array([[[255, 0, 0]]], np.uint8)).tolist()
        [[[0, 255, 252]]]
    """

    def __init__(self, hue_factor):
        self.hue_factor = chk.number("AdjustHue", "hue_factor", hue_factor, -0.5, 0.5)

    def _apply(self, x):
        # float images: MindSpore's kernel reads them as bytes and returns garbage; refuse
        return hue(rgb_image("AdjustHue", x, floats=False), self.hue_factor)

    def _apply_pil(self, img):
        return pil_hue(img, self.hue_factor)


class AdjustGamma(ImageOp):
    """AdjustGamma(gamma, gain=1): ``255 * gain * (image / 255) ** gamma`` (rounded down) for
    uint8 images, ``clip((image * gain) ** gamma, 0, 1)`` for float images.

    Args:
        gamma (float): the exponent, in [0, 16777216].
        gain (float, optional): the multiplier. Default: ``1``.

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``gamma`` or ``gain`` is not a number.
        ValueError: ``gamma`` is negative.
        RuntimeError: the image is not <H, W> or <H, W, 1|3> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.AdjustGamma(0.5)(np.array([[64, 255]], np.uint8)).tolist()
        [[128, 255]]
        >>> vision.AdjustGamma(2.0, gain=2.0)(np.array([[0.25, 0.75]], np.float32)).tolist()
        [[0.25, 1.0]]
    """

    def __init__(self, gamma, gain=1):
        self.gamma = chk.number("AdjustGamma", "gamma", gamma)
        if not chk.is_number(gain):
            raise TypeError("AdjustGamma: 'gain' must be a number, but got %r" % (gain,))
        self.gain = float(gain)

    def _lut(self):
        f = np.power((np.arange(256) / 255.0).astype(np.float32), np.float32(self.gamma))
        return np.clip(np.floor(np.minimum(f * (255.0 + 1 - 1e-3) * self.gain, 255.0)),
                       0, 255).astype(np.uint8)

    def _apply(self, x):
        chk.image("AdjustGamma", x, dtypes=_U8F)
        if x.dtype == np.uint8:
            return self._lut()[x]
        out = np.power(x * x.dtype.type(self.gain), x.dtype.type(self.gamma))
        return np.clip(out, 0, 1).astype(x.dtype)

    def _apply_pil(self, img):
        lut = [int((255 + 1 - 1e-3) * self.gain * pow(v / 255., self.gamma))
               for v in range(256)]
        return img.point(lut * len(img.getbands()))


def sharpness(x, factor):
    if x.dtype == np.uint8:
        return _cv.blend(x, _cv.smooth(x), factor, img_first=True)
    return (x * factor + _cv.smooth(x) * (1 - factor)).astype(x.dtype)


class AdjustSharpness(ImageOp):
    """AdjustSharpness(sharpness_factor): blend an image with a smoothed copy (0 gives the
    smoothed image, 1 the original, 2 twice as sharp); the border pixels stay unchanged.

    Args:
        sharpness_factor (float): the blend factor, in [0, 16777216].

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``sharpness_factor`` is not a number.
        ValueError: ``sharpness_factor`` is negative.
        RuntimeError: the image is not <H, W> or <H, W, 1|3|4> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = np.zeros((3, 3), np.uint8)
        >>> img[1, 1] = 130
        >>> vision.AdjustSharpness(0.0)(img)[1].tolist()
        [0, 50, 0]
    """

    def __init__(self, sharpness_factor):
        self.sharpness_factor = chk.number("AdjustSharpness", "sharpness_factor",
                                           sharpness_factor)

    def _apply(self, x):
        chk.image("AdjustSharpness", x, channels=(1, 3, 4), dtypes=_U8F)
        return sharpness(x, self.sharpness_factor)


class Grayscale(ImageOp):
    """Grayscale(num_output_channels=1): a PIL image as gray ('L'), or as gray copied to 3
    channels ('RGB'). Takes PIL images only, as MindSpore (use ToPIL() first).

    Args:
        num_output_channels (int, optional): 1 or 3. Default: ``1``.

    Returns:
        PIL.Image.Image, in mode 'L' or 'RGB'.

    Raises:
        TypeError: ``num_output_channels`` is not an int, or the image is not a PIL image.
        ValueError: ``num_output_channels`` is not 1 or 3.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.zeros((2, 2, 3), np.uint8))
        >>> vision.Grayscale(3)(img).mode, vision.Grayscale()(img).mode
        ('RGB', 'L')
    """

    def __init__(self, num_output_channels=1):
        if not chk.is_int(num_output_channels):
            raise TypeError("Grayscale: 'num_output_channels' must be an int, but got %r"
                            % (num_output_channels,))
        if num_output_channels not in (1, 3):
            raise ValueError("Grayscale: 'num_output_channels' must be 1 or 3, but got %d"
                             % num_output_channels)
        self.num_output_channels = num_output_channels

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("Grayscale: expected 1 input column, but got %d" % len(inputs))
        return self._apply_pil(require_pil("Grayscale", inputs[0]))

    def _apply_pil(self, img):
        gray = img.convert("L")
        return gray.convert("RGB") if self.num_output_channels == 3 else gray


_SWAPS = {2, 3, 4, 5}
_OUT_CHANNELS = {0: 4, 1: 3, 2: 4, 3: 3, 4: 3, 5: 4, 8: 3, 9: 4}


class ConvertColor(ImageOp):
    """ConvertColor(convert_mode): convert between RGB, BGR, RGBA, BGRA and gray. Gray results
    are <H, W>; an <H, W> input is taken as gray by every mode that does not produce gray;
    added alpha channels are opaque.

    Args:
        convert_mode (ConvertMode): the conversion, e.g. ``ConvertMode.COLOR_RGB2BGR``.

    Returns:
        numpy.ndarray of the input's dtype: <H, W, 3>, <H, W, 4> or <H, W> by mode.

    Raises:
        TypeError: ``convert_mode`` is not a ``ConvertMode``.
        RuntimeError: the image is not <H, W> or <H, W, 3|4> uint8, uint16 or float32, the
            mode does not fit its channels, or a uint16 image is converted to gray.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.ConvertColor(vision.ConvertMode.COLOR_RGB2BGR)
        >>> op(np.array([[[1, 2, 3]]], np.uint8)).tolist()
        [[[3, 2, 1]]]
        >>> vision.ConvertColor(vision.ConvertMode.COLOR_GRAY2RGBA)(np.array([[9]], np.uint8))
        array([[[  9,   9,   9, 255]]], dtype=uint8)
    """

    def __init__(self, convert_mode):
        self.convert_mode = chk.enum("ConvertColor", "convert_mode", convert_mode, ConvertMode)

    def _apply(self, x):
        mode = int(self.convert_mode)
        to_gray = mode in (6, 7, 10, 11)
        chk.image("ConvertColor", x, channels=(3, 4), dtypes=("uint8", "uint16", "float32"))
        if (x.ndim == 2 and to_gray) or (x.ndim == 3 and mode in (8, 9)):
            raise RuntimeError("ConvertColor: %s does not apply to an image of shape %s"
                               % (self.convert_mode.name, x.shape))
        if x.ndim == 2:  # a gray image becomes RGB whatever the mode's source
            rgb, alpha = np.repeat(x[:, :, None], 3, 2), None
        elif to_gray:
            if x.dtype == np.uint16:
                raise RuntimeError("ConvertColor: mindcell converts uint8 and float32 images to "
                                   "gray, but got uint16")
            return gray(x, blue_first=mode in (6, 10))
        else:
            rgb = x[:, :, 2::-1] if mode in _SWAPS else x[:, :, :3]
            alpha = x[:, :, 3:] if x.shape[2] == 4 else None
        if _OUT_CHANNELS[mode] == 3:
            return c_contiguous(rgb)
        if alpha is None:
            opaque = {"uint8": 255, "uint16": 65535}.get(x.dtype.name, 1)
            alpha = np.full(x.shape[:2] + (1,), opaque, x.dtype)
        return np.concatenate([rgb, alpha], 2)
