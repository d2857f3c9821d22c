"""Random geometric augmentations of ``mindcell.dataset.vision``: ``RandomResizedCrop`` and
``RandomRotation`` (numpy, HWC images; random draws from ``config.set_seed``'s stream)."""
import math
import numbers

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.vision._pil import PilRoundTrip, SameDrawEachInput, pil_filter
from mindcell.dataset.vision.transforms import (_crop_size, _image, check_interpolation,
                                                resize)
from mindcell.dataset.vision.utils import Inter

__all__ = ["RandomResizedCrop", "RandomRotation"]


def _range(op, arg, value, low, low_open):
    """A (min, max) pair of numbers with low <= min <= max."""
    if not isinstance(value, (list, tuple)) or len(value) != 2 or not all(
            isinstance(v, numbers.Real) and not isinstance(v, bool) for v in value):
        raise TypeError("%s: '%s' must be a (min, max) pair of numbers, but got %r"
                        % (op, arg, value))
    lo, hi = float(value[0]), float(value[1])
    if (lo <= low if low_open else lo < low) or lo > hi:
        raise ValueError("%s: '%s' must have %s %s min <= max, but got %r"
                         % (op, arg, low, "<" if low_open else "<=", value))
    return lo, hi


class RandomResizedCrop(SameDrawEachInput, PilRoundTrip):
    """RandomResizedCrop(size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
    interpolation=Inter.BILINEAR, max_attempts=10): crop a random region whose area is a
    ``scale`` fraction of the image and whose width / height is in ``ratio`` (log-uniform),
    then resize it to ``size``. After ``max_attempts`` draws that do not fit, the central crop
    of the largest region with a ratio in range is taken.

    Args:
        size (Union[int, Sequence[int]]): the output (height, width), or one size for both.
        scale (Sequence[float], optional): the (min, max) area fraction, min >= 0.
            Default: ``(0.08, 1.0)``.
        ratio (Sequence[float], optional): the (min, max) aspect ratio width / height,
            min > 0. Default: ``(3. / 4., 4. / 3.)``.
        interpolation (Inter, optional): the resize sampling. Default: ``Inter.BILINEAR``.
        max_attempts (int, optional): how many regions to draw before the fallback, >= 1.
            Default: ``10``.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels), the input's dtype (a PIL image for a PIL
        input).

    Raises:
        TypeError: ``size`` is not an int or a pair of ints, ``scale`` or ``ratio`` not a
            pair of numbers, or ``interpolation`` not an ``Inter``.
        ValueError: a size is not positive, ``scale`` / ``ratio`` out of order or range,
            ``max_attempts`` < 1, or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.RandomResizedCrop((4, 6), scale=(0.5, 1.0))
        >>> op(np.zeros((32, 32, 3), np.uint8)).shape
        (4, 6, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        op = "RandomResizedCrop"
        self.size = _crop_size(op, size)
        self.scale = _range(op, "scale", scale, 0, False)
        self.ratio = _range(op, "ratio", ratio, 0, True)
        self.interpolation = check_interpolation(op, interpolation)
        if isinstance(max_attempts, bool) or not isinstance(max_attempts, numbers.Integral) \
                or max_attempts < 1:
            raise ValueError("%s: 'max_attempts' must be an int >= 1, but got %r"
                             % (op, max_attempts))
        self.max_attempts = int(max_attempts)

    def crop_box(self, h, w, rng):
        """(top, left, height, width) of the region to crop from an h x w image."""
        log_lo, log_hi = math.log(self.ratio[0]), math.log(self.ratio[1])
        for _ in range(self.max_attempts):
            area = h * w * rng.uniform(*self.scale)
            aspect = math.exp(rng.uniform(log_lo, log_hi))
            cw = int(round(math.sqrt(area * aspect)))
            ch = int(round(math.sqrt(area / aspect)))
            if 0 < cw <= w and 0 < ch <= h:
                return int(rng.integers(h - ch + 1)), int(rng.integers(w - cw + 1)), ch, cw
        aspect = w / h
        if aspect < self.ratio[0]:
            cw, ch = w, int(round(w / self.ratio[0]))
        elif aspect > self.ratio[1]:
            ch, cw = h, int(round(h * self.ratio[1]))
        else:
            ch, cw = h, w
        ch, cw = max(min(ch, h), 1), max(min(cw, w), 1)
        return (h - ch) // 2, (w - cw) // 2, ch, cw

    def _apply(self, x):
        h, w = _image("RandomResizedCrop", x).shape[:2]
        top, left, ch, cw = self.crop_box(h, w, config.transform_rng())
        return resize(x[top:top + ch, left:left + cw], self.size, self.interpolation)

    def _apply_pil(self, img):
        # MindSpore crops and resizes PIL images with Pillow
        resample = pil_filter(type(self).__name__, self.interpolation)
        top, left, ch, cw = self.crop_box(img.size[1], img.size[0], config.transform_rng())
        return img.crop((left, top, left + cw, top + ch)).resize(self.size[::-1], resample)


def _fill(op, fill_value):
    values = list(fill_value) if isinstance(fill_value, (list, tuple)) else [fill_value]
    if len(values) not in (1, 3) or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) and 0 <= v <= 255
            for v in values):
        raise TypeError("%s: 'fill_value' must be an int in [0, 255] or 3 of them, but got %r"
                        % (op, fill_value))
    return values


class RandomRotation(PilRoundTrip):
    """RandomRotation(degrees, resample=Inter.NEAREST, expand=False, center=None,
    fill_value=0): rotate an image counter-clockwise by an angle drawn uniformly from
    ``degrees`` about ``center``. ``expand`` enlarges the output to hold the whole rotated
    image; pixels from outside the image are ``fill_value``.

    Args:
        degrees (Union[float, Sequence[float]]): the (min, max) angle range in degrees; a
            number d >= 0 means (-d, d).
        resample (Inter, optional): ``Inter.NEAREST`` or ``Inter.BILINEAR`` (the others are
            not implemented). Default: ``Inter.NEAREST``.
        expand (bool, optional): enlarge the output to the rotated image's bounding box.
            Default: ``False``.
        center (Sequence[float], optional): the (x, y) centre in pixels; None: the image
            centre ((w - 1) / 2, (h - 1) / 2). Default: ``None``.
        fill_value (Union[int, tuple[int]], optional): the value of the pixels from outside,
            in [0, 255], or 3 of them for a 3-channel image. Default: ``0``.

    Returns:
        numpy.ndarray of the input's dtype (a PIL image for a PIL input).

    Raises:
        TypeError: ``degrees`` is not a number or pair, ``resample`` not an ``Inter``,
            ``expand`` not a bool, ``center`` not a pair of numbers, or ``fill_value`` not an
            int in [0, 255] or 3 of them.
        ValueError: a negative number ``degrees``, a range out of order, an unimplemented
            ``resample``, the image not 2-d or 3-d, or 3 fill values for another channel count.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = np.array([[1, 2], [3, 4]], np.uint8)
        >>> vision.RandomRotation((90, 90))(img).tolist()
        [[2, 4], [1, 3]]
        >>> vision.RandomRotation((90, 90), expand=True)(np.zeros((2, 4), np.uint8)).shape
        (4, 2)
    """

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None,
                 fill_value=0):
        op = "RandomRotation"
        if isinstance(degrees, numbers.Real) and not isinstance(degrees, bool):
            if degrees < 0:
                raise ValueError("%s: 'degrees' must be >= 0 as a number, but got %r"
                                 % (op, degrees))
            degrees = (-degrees, degrees)
        self.degrees = _range(op, "degrees", degrees, -math.inf, False)
        if not isinstance(resample, Inter):
            raise TypeError("%s: 'resample' must be a vision.Inter, but got %r" % (op, resample))
        if resample not in (Inter.NEAREST, Inter.LINEAR):
            raise ValueError("%s: resample %s is not implemented by mindcell (use "
                             "Inter.NEAREST or Inter.BILINEAR)" % (op, resample.name))
        self.resample = resample
        if not isinstance(expand, bool):
            raise TypeError("%s: 'expand' must be a bool, but got %r" % (op, expand))
        self.expand = expand
        if center is not None and (not isinstance(center, (list, tuple)) or len(center) != 2
                                   or not all(isinstance(c, numbers.Real)
                                              and not isinstance(c, bool) for c in center)):
            raise TypeError("%s: 'center' must be None or an (x, y) pair of numbers, but got "
                            "%r" % (op, center))
        self.center = None if center is None else (float(center[0]), float(center[1]))
        self.fill_value = _fill(op, fill_value)

    def _apply(self, x):
        x = _image("RandomRotation", x)
        angle = config.transform_rng().uniform(*self.degrees)
        return rotate(x, angle, self.resample, self.expand, self.center, self.fill_value)

    def _apply_pil(self, img):
        # MindSpore rotates PIL images with Pillow
        resample = pil_filter("RandomRotation", self.resample)
        angle = config.transform_rng().uniform(*self.degrees)
        fill = tuple(self.fill_value) if len(self.fill_value) == 3 and img.mode == "RGB" \
            else self.fill_value[0]
        return img.rotate(angle, resample, self.expand, self.center, fillcolor=fill)


def rotate(x, angle, resample, expand, center, fill_value):
    """``x`` rotated counter-clockwise by ``angle`` degrees (the picture as seen, y down)."""
    h, w = x.shape[:2]
    cx, cy = ((w - 1) / 2, (h - 1) / 2) if center is None else center
    t = math.radians(angle)
    # exact quarter turns: cos(pi / 2) is 6e-17, which would blend in a neighbour
    cos, sin = (round(v) if abs(v - round(v)) < 1e-12 else v for v in (math.cos(t), math.sin(t)))
    oh, ow, ocx, ocy = h, w, cx, cy
    if expand:  # the bounding box of the rotated corners, centred on the rotated centre
        ow = int(math.ceil(abs(w * cos) + abs(h * sin) - 1e-9))
        oh = int(math.ceil(abs(w * sin) + abs(h * cos) - 1e-9))
        ocx, ocy = (ow - 1) / 2, (oh - 1) / 2
    yy, xx = np.mgrid[0:oh, 0:ow].astype(np.float64)
    dx, dy = xx - ocx, yy - ocy
    # inverse map: a counter-clockwise turn on screen (y down) takes source to output
    sx = cos * dx - sin * dy + cx
    sy = sin * dx + cos * dy + cy
    fill = np.empty(x.shape[2:])
    if len(fill_value) == 3 and fill.shape != (3,):
        raise ValueError("RandomRotation: a fill_value of 3 values needs a 3-channel image, "
                         "but got shape %s" % (x.shape,))
    fill[...] = fill_value if len(fill_value) == 3 else fill_value[0]
    src = x.astype(np.float64)
    if resample == Inter.NEAREST:
        ix, iy = np.floor(sx + 0.5).astype(np.int64), np.floor(sy + 0.5).astype(np.int64)
        inside = (ix >= 0) & (ix < w) & (iy >= 0) & (iy < h)
        out = np.empty((oh, ow) + x.shape[2:])
        out[...] = fill
        out[inside] = src[iy[inside], ix[inside]]
    else:
        x0, y0 = np.floor(sx).astype(np.int64), np.floor(sy).astype(np.int64)
        fx, fy = (sx - x0)[..., None], (sy - y0)[..., None]
        if x.ndim == 2:
            fx, fy = fx[..., 0], fy[..., 0]
        out = 0
        for ox, oy, wgt in ((0, 0, (1 - fx) * (1 - fy)), (1, 0, fx * (1 - fy)),
                            (0, 1, (1 - fx) * fy), (1, 1, fx * fy)):
            px, py = x0 + ox, y0 + oy
            ok = (px >= 0) & (px < w) & (py >= 0) & (py < h)
            tap = np.empty((oh, ow) + x.shape[2:])
            tap[...] = fill
            tap[ok] = src[py[ok], px[ok]]
            out = out + wgt * tap
    if x.dtype.kind in "iu":
        info = np.iinfo(x.dtype)
        return np.clip(np.rint(out), info.min, info.max).astype(x.dtype)
    return out.astype(x.dtype)
