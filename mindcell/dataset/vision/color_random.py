"""Random colour augmentations of ``mindcell.dataset.vision``: each draws its factor from the
pipeline's random stream (``config.set_seed``) and applies the matching ``color`` transform."""
import numpy as np

from mindcell.dataset import config
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.vision import color
from mindcell.dataset.vision._pil import ImageOp, require_pil

__all__ = ["RandomColorAdjust", "RandomColor", "RandomSharpness", "RandomAdjustSharpness",
           "RandomAutoContrast", "RandomEqualize", "RandomInvert", "RandomPosterize",
           "RandomSolarize", "RandomGrayscale"]


def _factor_range(op, arg, value, hue=False):
    """A number v as [max(0, 1 - v), 1 + v] (hue: [-v, v], v <= 0.5); a (min, max) pair as
    it is (factors >= 0, hues in [-0.5, 0.5])."""
    if chk.is_number(value):
        if value < 0:
            raise ValueError("%s: '%s' cannot be negative, but got %r" % (op, arg, value))
        if hue:
            value = chk.number(op, arg, value, 0.0, 0.5)
            return -value, value
        return max(0.0, 1.0 - value), 1.0 + value
    if not isinstance(value, (list, tuple)):
        raise TypeError("%s: '%s' must be a number or a (min, max) pair, but got %r"
                        % (op, arg, value))
    if len(value) != 2:
        raise TypeError("%s: '%s' as a sequence must have length 2, but got %r"
                        % (op, arg, value))
    return chk.pair(op, arg, value, -0.5 if hue else 0.0, 0.5 if hue else chk._MAX)


class RandomColorAdjust(ImageOp):
    """RandomColorAdjust(brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
    adjust brightness, contrast, saturation and hue (as :class:`AdjustBrightness` ...), in a
    random order, each by a factor drawn uniformly from its range. Numpy images skip the
    adjustments whose range is the identity; PIL images go through all four (the hue one as a
    lossy HSV round trip), as MindSpore.

    Args:
        brightness (Union[float, Sequence[float]], optional): the factor range; a number b
            means [max(0, 1 - b), 1 + b]. Default: ``(1, 1)``.
        contrast (Union[float, Sequence[float]], optional): as ``brightness``.
            Default: ``(1, 1)``.
        saturation (Union[float, Sequence[float]], optional): as ``brightness``.
            Default: ``(1, 1)``.
        hue (Union[float, Sequence[float]], optional): the hue shift range in [-0.5, 0.5]; a
            number h <= 0.5 means [-h, h]. Default: ``(0, 0)``.

    Returns:
        numpy.ndarray <H, W, 3> of the input's dtype (a PIL image for a PIL input).

    Raises:
        TypeError: an argument is not a number or a pair.
        ValueError: a negative number, a range out of order, or hue outside [-0.5, 0.5].
        RuntimeError: the image is not <H, W, 3> uint8 (or float32 without a hue range).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.RandomColorAdjust(brightness=(2.0, 2.0))
        >>> op(np.full((1, 1, 3), 60, np.uint8)).tolist()
        [[[120, 120, 120]]]
    """

    def __init__(self, brightness=(1, 1), contrast=(1, 1), saturation=(1, 1), hue=(0, 0)):
        op = "RandomColorAdjust"
        self.brightness = _factor_range(op, "brightness", brightness)
        self.contrast = _factor_range(op, "contrast", contrast)
        self.saturation = _factor_range(op, "saturation", saturation)
        self.hue = _factor_range(op, "hue", hue, hue=True)

    def _steps(self, rng):
        steps = [(color.brightness, self.brightness, 1.0), (color.contrast, self.contrast, 1.0),
                 (color.saturation, self.saturation, 1.0), (color.hue, self.hue, 0.0)]
        return [steps[i] for i in rng.permutation(4)]

    def _apply(self, x):
        active = {fn for fn, (lo, hi), identity in self._steps(np.random.default_rng(0))
                  if not lo == hi == identity}
        if active <= {color.brightness}:
            # as AdjustBrightness, MindSpore scales any float image (float64 too) by brightness;
            # contrast and saturation need uint8 or float32, hue uint8
            chk.image("RandomColorAdjust", x, (3,), (3,), dtypes=color._U8F)
        else:
            color.rgb_image("RandomColorAdjust", x, floats=color.hue not in active)
        for fn, (lo, hi), identity in self._steps(config.transform_rng()):
            if not lo == hi == identity:
                x = fn(x, lo if lo == hi else float(config.transform_rng().uniform(lo, hi)))
        return x

    def _apply_pil(self, img):
        rng = config.transform_rng()
        enhance = {color.brightness: "Brightness", color.contrast: "Contrast",
                   color.saturation: "Color"}
        for fn, (lo, hi), _ in self._steps(rng):
            factor = lo if lo == hi else float(rng.uniform(lo, hi))
            if fn is color.hue:
                img = color.pil_hue(img, factor)
            else:
                img = color._enhance(enhance[fn])(img).enhance(factor)
        return img


def _degrees(op, degrees):
    if not isinstance(degrees, (list, tuple)):
        raise TypeError("%s: 'degrees' must be a (min, max) list or tuple, but got %r"
                        % (op, degrees))
    return chk.pair(op, "degrees", degrees)


def _draw(lo, hi):
    return lo if lo == hi else float(config.transform_rng().uniform(lo, hi))


class RandomColor(ImageOp):
    """RandomColor(degrees=(0.1, 1.9)): blend an RGB image with its gray version by a factor
    drawn uniformly from ``degrees`` (0 gives gray, 1 the original).

    Args:
        degrees (Sequence[float], optional): the (min, max) factor range, min >= 0.
            Default: ``(0.1, 1.9)``.

    Returns:
        numpy.ndarray <H, W, 3> of the input's dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``degrees`` is not a pair of numbers.
        ValueError: a negative factor or a range out of order.
        RuntimeError: the image is not <H, W, 3> uint8 or float32.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomColor((0.0, 0.0))(np.array([[[255, 0, 0]]], np.uint8)).tolist()
        [[[76, 76, 76]]]
    """

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _degrees("RandomColor", degrees)

    def _apply(self, x):
        color.rgb_image("RandomColor", x)
        t = _draw(*self.degrees)
        eps = 0.00195  # half a uint8 step: MindSpore returns the input or the gray image
        if abs(t - 1.0) < eps:
            return x
        gray = np.repeat(color.gray(x)[:, :, None], 3, 2)
        if abs(t) < eps:
            return gray
        if x.dtype != np.uint8:
            return color._float_blend(x, gray, t)
        return _cv.blend(x, gray, t, img_first=True)

    def _apply_pil(self, img):
        return color._enhance("Color")(img).enhance(_draw(*self.degrees))


class RandomSharpness(ImageOp):
    """RandomSharpness(degrees=(0.1, 1.9)): :class:`AdjustSharpness` by a factor drawn
    uniformly from ``degrees``.

    Args:
        degrees (Sequence[float], optional): the (min, max) factor range, min >= 0.
            Default: ``(0.1, 1.9)``.

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``degrees`` is not a pair of numbers.
        ValueError: a negative factor or a range out of order.
        RuntimeError: the image is not <H, W> or <H, W, 1|3|4> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> int(vision.RandomSharpness((1.0, 1.0))(np.full((3, 3), 5, np.uint8)).sum())
        45
    """

    def __init__(self, degrees=(0.1, 1.9)):
        self.degrees = _degrees("RandomSharpness", degrees)

    def _apply(self, x):
        chk.image("RandomSharpness", x, channels=(1, 3, 4), dtypes=color._U8F)
        return color.sharpness(x, _draw(*self.degrees))

    def _apply_pil(self, img):
        return color._enhance("Sharpness")(img).enhance(_draw(*self.degrees))


class _WithProb(ImageOp):
    """Applies ``self._op`` with probability ``prob``."""

    def _apply(self, x):
        return self._op(x) if config.transform_rng().random() < self.prob else x


class RandomAdjustSharpness(_WithProb):
    """RandomAdjustSharpness(degree, prob=0.5): :class:`AdjustSharpness` (``degree``) with
    probability ``prob``, else the image unchanged.

    Args:
        degree (float): the sharpness factor, >= 0.
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``degree`` or ``prob`` is not a number.
        ValueError: ``degree`` is negative or ``prob`` outside [0, 1].
        RuntimeError: the image is not one AdjustSharpness takes (when it is applied).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> int(vision.RandomAdjustSharpness(2.0, prob=0.0)(np.eye(3, dtype=np.uint8)).trace())
        3
    """

    def __init__(self, degree, prob=0.5):
        self.degree = chk.number("RandomAdjustSharpness", "degree", degree)
        self.prob = chk.prob("RandomAdjustSharpness", prob)
        self._op = color.AdjustSharpness(self.degree)


class RandomAutoContrast(_WithProb):
    """RandomAutoContrast(cutoff=0.0, ignore=None, prob=0.5): :class:`AutoContrast` with
    probability ``prob``, else the image unchanged.

    Args:
        cutoff (float, optional): the percent cut at each end, in [0, 50). Default: ``0.0``.
        ignore (Union[int, Sequence[int]], optional): pixel values left out of the histogram.
            Default: ``None``.
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Returns:
        numpy.ndarray of the input's shape, uint8.

    Raises:
        TypeError: an argument has a wrong type.
        ValueError: ``cutoff``, an ``ignore`` value or ``prob`` is out of range.
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3> (when it is applied).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomAutoContrast(prob=1.0)(np.array([[100, 150]], np.uint8)).tolist()
        [[0, 255]]
    """

    def __init__(self, cutoff=0.0, ignore=None, prob=0.5):
        self._op = color.AutoContrast(cutoff, ignore)
        self.cutoff, self.ignore = self._op.cutoff, self._op.ignore
        self.prob = chk.prob("RandomAutoContrast", prob)


class RandomEqualize(_WithProb):
    """RandomEqualize(prob=0.5): :class:`Equalize` with probability ``prob``, else the image
    unchanged.

    Args:
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Returns:
        numpy.ndarray of the input's shape, uint8.

    Raises:
        TypeError: ``prob`` is not a number.
        ValueError: ``prob`` is outside [0, 1].
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3> (when it is applied).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomEqualize(1.0)(np.array([[10, 30]], np.uint8)).tolist()
        [[0, 255]]
    """

    def __init__(self, prob=0.5):
        self.prob = chk.prob("RandomEqualize", prob)
        self._op = color.Equalize()


class RandomInvert(_WithProb):
    """RandomInvert(prob=0.5): :class:`Invert` with probability ``prob``, else the image
    unchanged.

    Args:
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``prob`` is not a number.
        ValueError: ``prob`` is outside [0, 1].
        RuntimeError: the image is not <H, W, 3> uint8 or float (when it is applied).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomInvert(1.0)(np.zeros((1, 1, 3), np.uint8)).tolist()
        [[[255, 255, 255]]]
    """

    def __init__(self, prob=0.5):
        self.prob = chk.prob("RandomInvert", prob)
        self._op = color.Invert()


class RandomPosterize(ImageOp):
    """RandomPosterize(bits=(8, 8)): :class:`Posterize` with a number of bits drawn uniformly
    from the integers in ``bits``.

    Args:
        bits (Union[int, Sequence[int]], optional): the (min, max) range of bits, each in
            [1, 8]; an int b means (b, b). Default: ``(8, 8)``.

    Returns:
        numpy.ndarray of the input's shape, uint8.

    Raises:
        TypeError: ``bits`` is not an int or a pair of ints.
        ValueError: a value outside [1, 8] or a range out of order.
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3|4>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomPosterize((1, 1))(np.array([[200, 100]], np.uint8)).tolist()
        [[128, 0]]
    """

    def __init__(self, bits=(8, 8)):
        if chk.is_int(bits):
            bits = (bits, bits)
        self.bits = chk.pair("RandomPosterize", "bits", bits, 1, 8, integer=True)

    def _apply(self, x):
        lo, hi = self.bits
        bits = int(config.transform_rng().integers(lo, hi + 1))
        return color.Posterize(bits)(x)


class RandomSolarize(ImageOp):
    """RandomSolarize(threshold=(0, 255)): :class:`Solarize` over a range [a, b] (sorted) of two
    ints drawn uniformly from ``threshold``.

    Args:
        threshold (tuple, optional): the (min, max) range of the two drawn values, in
            [0, 255]. Default: ``(0, 255)``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``threshold`` is not a tuple of two numbers.
        ValueError: a value outside [0, 255] or a range out of order.
        RuntimeError: the image is not <H, W> or <H, W, 1|3> uint8 or float.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomSolarize((100, 100))(np.array([[50, 200]], np.uint8)).tolist()
        [[50, 55]]
    """

    def __init__(self, threshold=(0, 255)):
        if not isinstance(threshold, tuple):
            raise TypeError("RandomSolarize: 'threshold' must be a (min, max) tuple, but got %r"
                            % (threshold,))
        self.threshold = chk.pair("RandomSolarize", "threshold", threshold, 0, 255)

    def _apply(self, x):
        chk.image("RandomSolarize", x, dtypes=color._U8F)
        lo, hi = int(self.threshold[0]), int(self.threshold[1])
        a, b = sorted(int(v) for v in config.transform_rng().integers(lo, hi + 1, size=2))
        return color.solarize(x, a, b)


class RandomGrayscale(ImageOp):
    """RandomGrayscale(prob=0.1): with probability ``prob``, a PIL image as gray with the same
    number of channels ('L' stays 'L', 'RGB' becomes gray 'RGB'). PIL images only.

    Args:
        prob (float, optional): the probability, in [0, 1]. Default: ``0.1``.

    Returns:
        PIL.Image.Image, the gray or the unchanged image.

    Raises:
        TypeError: ``prob`` is not a number, or the image is not a PIL image.
        ValueError: ``prob`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.array([[[255, 0, 0]]], np.uint8))
        >>> np.asarray(vision.RandomGrayscale(1.0)(img)).tolist()
        [[[76, 76, 76]]]
    """

    def __init__(self, prob=0.1):
        self.prob = chk.prob("RandomGrayscale", prob)

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("RandomGrayscale: expected 1 input column, but got %d"
                            % len(inputs))
        img = require_pil("RandomGrayscale", inputs[0])
        if config.transform_rng().random() >= self.prob:
            return img
        gray = img.convert("L")
        return gray if len(img.getbands()) == 1 else gray.convert("RGB")
