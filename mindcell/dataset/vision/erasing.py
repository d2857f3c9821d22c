"""Erasing transforms of ``mindcell.dataset.vision``: ``CutOut`` (random square patches set to
0), ``RandomErasing`` (a random rectangle of a <C, H, W> image, as in Zhong et al. 2017) and
``Erase`` (a given rectangle)."""
import math

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset import config
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision._pil import ImageOp, is_pil

__all__ = ["CutOut", "RandomErasing", "Erase"]


class CutOut(ImageOp):
    """CutOut(length, num_patches=1, is_hwc=True): set ``num_patches`` square patches of side
    ``length`` to 0. Each patch's top left corner is drawn uniformly from [-length, size], so
    a patch may lie partly (or wholly) outside the image.

    Args:
        length (int): the side of a patch, >= 1.
        num_patches (int, optional): the number of patches, >= 1. Default: ``1``.
        is_hwc (bool, optional): the image is <H, W, C> (True) or <C, H, W> (False).
            Default: ``True``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``length`` or ``num_patches`` is not an int, ``is_hwc`` not a bool.
        ValueError: ``length`` or ``num_patches`` is below 1.
        RuntimeError: the image is not <H, W, C> (<C, H, W>) or is smaller than ``length``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out = vision.CutOut(2)(np.ones((4, 4, 3), np.uint8))
        >>> out.shape, int(out.sum()) >= 36
        ((4, 4, 3), True)
    """

    def __init__(self, length, num_patches=1, is_hwc=True):
        self.length = chk.number("CutOut", "length", length, 1, chk._MAX, True)
        self.num_patches = chk.number("CutOut", "num_patches", num_patches, 1, chk._MAX, True)
        self.is_hwc = chk.boolean("CutOut", "is_hwc", is_hwc)

    def _apply(self, x):
        if x.ndim != 3:
            raise RuntimeError("CutOut: expected an image of shape %s, but got shape %s"
                               % ("<H, W, C>" if self.is_hwc else "<C, H, W>", x.shape))
        out = x.copy() if self.is_hwc else np.moveaxis(x.copy(), 0, 2)
        h, w, n = out.shape[0], out.shape[1], self.length
        if n > h or n > w:
            raise RuntimeError("CutOut: the patch side %d is larger than the image (%d, %d)"
                               % (n, h, w))
        rng = config.transform_rng()
        for _ in range(self.num_patches):
            top = int(rng.integers(0, h + n + 1)) - n
            left = int(rng.integers(0, w + n + 1)) - n
            out[max(top, 0):max(top + n, 0), max(left, 0):max(left + n, 0)] = 0
        return out if self.is_hwc else c_contiguous(np.moveaxis(out, 2, 0))


def _erase_value(value):
    if isinstance(value, str):
        if value != "random":
            raise ValueError("RandomErasing: 'value' must be a number, 'random' or 3 numbers, "
                             "but got %r" % value)
        return value
    values = [value] if chk.is_number(value) else value
    if not isinstance(values, (list, tuple)) or len(values) not in (1, 3) or \
            not all(chk.is_number(v) for v in values):
        raise ValueError("RandomErasing: 'value' must be a number, 'random' or 3 numbers, "
                         "but got %r" % (value,))
    return tuple(chk.number("RandomErasing", "value", v, 0, 255) for v in values)


class RandomErasing(ImageOp):
    """RandomErasing(prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
    max_attempts=10): with probability ``prob``, erase a rectangle of a <C, H, W> numpy image
    (e.g. after ToTensor) whose area is a ``scale`` fraction of the image and whose
    height / width is in ``ratio`` (log-uniform). After ``max_attempts`` draws that do not
    fit, the image is returned unchanged.

    Args:
        prob (float, optional): the probability of erasing, in [0, 1]. Default: ``0.5``.
        scale (Sequence[float], optional): the (min, max) area fraction. Default:
            ``(0.02, 0.33)``.
        ratio (Sequence[float], optional): the (min, max) aspect ratio, min > 0. Default:
            ``(0.3, 3.3)``.
        value (Union[float, Sequence[float], str], optional): the fill: a number, one number
            per channel (3), or 'random' (standard normal values); numbers in [0, 255].
            Default: ``0``.
        inplace (bool, optional): write into the input array. Default: ``False``.
        max_attempts (int, optional): the number of rectangles drawn before giving up, >= 1.
            Default: ``10``.

    Returns:
        numpy.ndarray <C, H, W> of the input's dtype (the input itself with ``inplace``).

    Raises:
        TypeError: an argument has a wrong type, or the image is a PIL image.
        ValueError: a value out of range, a range out of order, a bad ``value``, 3 values for
            another channel count, or an image that is not 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out = vision.RandomErasing(prob=1.0)(np.ones((3, 8, 8), np.float32))
        >>> out.shape, bool(out.min() == 0)
        ((3, 8, 8), True)
    """

    def __init__(self, prob=0.5, scale=(0.02, 0.33), ratio=(0.3, 3.3), value=0, inplace=False,
                 max_attempts=10):
        op = "RandomErasing"
        self.prob = chk.prob(op, prob)
        self.scale = chk.pair(op, "scale", scale)
        self.ratio = chk.pair(op, "ratio", ratio)
        if self.ratio[0] <= 0:
            raise ValueError("RandomErasing: 'ratio' must be in (0, %d], but got %r"
                             % (chk._MAX, ratio))
        self.value = _erase_value(value)
        self.inplace = chk.boolean(op, "inplace", inplace)
        self.max_attempts = chk.number(op, "max_attempts", max_attempts, 1, chk._MAX, True)

    def __call__(self, *inputs):
        if len(inputs) == 1 and is_pil(inputs[0]):
            raise TypeError("RandomErasing: the image must be a numpy array, but got a PIL "
                            "image (use ToTensor() first)")
        if len(inputs) == 1 and self.inplace and isinstance(inputs[0], np.ndarray):
            return self._erase(inputs[0], inputs[0])
        return super().__call__(*inputs)

    def _apply(self, x):
        return self._erase(x, x.copy())

    def _erase(self, x, out):
        if x.ndim != 3:
            raise ValueError("RandomErasing: expected a <C, H, W> image, but got shape %s"
                             % (x.shape,))
        rng = config.transform_rng()
        if rng.random() >= self.prob:
            return out
        box = self._box(x.shape, rng)
        if box is not None:
            top, left, h, w = box
            if self.value == "random":
                fill = rng.standard_normal((x.shape[0], h, w))
            else:
                fill = np.asarray(self.value, np.float64).reshape(-1, 1, 1)
            out[:, top:top + h, left:left + w] = np.asarray(fill).astype(x.dtype)
        return out

    def _box(self, shape, rng):
        c, img_h, img_w = shape
        area = img_h * img_w
        log_lo, log_hi = math.log(self.ratio[0]), math.log(self.ratio[1])
        for _ in range(self.max_attempts):
            target = area * rng.uniform(*self.scale)
            aspect = math.exp(rng.uniform(log_lo, log_hi))
            h = int(round(math.sqrt(target * aspect)))
            w = int(round(math.sqrt(target / aspect)))
            if h < img_h and w < img_w:
                if self.value not in ("random",) and len(self.value) == 3 and c != 3:
                    raise ValueError("RandomErasing: 3 fill values need a 3-channel image, but "
                                     "got %d channels" % c)
                return (int(rng.integers(0, img_h - h + 1)), int(rng.integers(0, img_w - w + 1)),
                        h, w)
        return None


class Erase(ImageOp):
    """Erase(top, left, height, width, value=0.0, inplace=False): set the (top, left, height,
    width) region of an <H, W, 3> image to ``value`` (uint8 images get it rounded).

    Args:
        top (int): the region's top row, >= 0.
        left (int): the region's left column, >= 0.
        height (int): the region's height, >= 1.
        width (int): the region's width, >= 1.
        value (Union[float, Sequence[float]], optional): the fill, one number or one per
            channel (3), in [0, 255]. Default: ``0.0``.
        inplace (bool, optional): write into the input array. Default: ``False``.

    Returns:
        numpy.ndarray <H, W, 3> of the input's dtype (the input itself with ``inplace``).

    Raises:
        TypeError: an argument has a wrong type, or ``value`` is not 1 or 3 numbers.
        ValueError: a value out of range.
        RuntimeError: the image is not <H, W, 3>, or the region exceeds it.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out = vision.Erase(0, 0, 1, 1, value=(1, 2, 3))(np.zeros((2, 2, 3), np.uint8))
        >>> out[0, 0].tolist(), int(out[1].sum())
        ([1, 2, 3], 0)
    """

    def __init__(self, top, left, height, width, value=0.0, inplace=False):
        op = "Erase"
        self.top, self.left = (chk.number(op, a, v, 0, 2 ** 31 - 1, True)
                               for a, v in (("top", top), ("left", left)))
        self.height, self.width = (chk.number(op, a, v, 1, 2 ** 31 - 1, True)
                                   for a, v in (("height", height), ("width", width)))
        values = [value] * 3 if chk.is_number(value) else value
        if not isinstance(values, (list, tuple)) or len(values) != 3:
            raise TypeError("Erase: 'value' must be a number or 3 numbers, but got %r"
                            % (value,))
        self.value = tuple(chk.number(op, "value", v, 0, 255) for v in values)
        self.inplace = chk.boolean(op, "inplace", inplace)

    def __call__(self, *inputs):
        if len(inputs) == 1 and self.inplace and isinstance(inputs[0], np.ndarray):
            return self._erase(inputs[0], inputs[0])
        return super().__call__(*inputs)

    def _apply(self, x):
        return self._erase(x, x.copy())

    def _erase(self, x, out):
        chk.image("Erase", x, (3,), (3,))
        if self.top + self.height > x.shape[0] or self.left + self.width > x.shape[1]:
            raise RuntimeError("Erase: the region (top %d, left %d, height %d, width %d) exceeds "
                               "the image of shape %s" % (self.top, self.left, self.height,
                                                          self.width, x.shape))
        fill = np.asarray(self.value, np.float64)
        if x.dtype.kind in "iu":
            fill = np.rint(fill)
        out[self.top:self.top + self.height, self.left:self.left + self.width] = \
            fill.astype(x.dtype)
        return out
