"""Geometric transforms of ``mindcell.dataset.vision``: crops, flips, rotation and affine
warps (OpenCV's warpAffine arithmetic, see ``_cv``), random resizing, slicing into patches and
padding to a size."""
import math

import numpy as np

from mindcell.dataset import config
from mindcell.dataset._docs import shared_sections
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.vision._pil import ImageOp, SameDrawEachInput, to_pil
from mindcell.dataset.vision.modes import SliceMode
from mindcell.dataset.vision.transforms import _pad, check_interpolation, resize
from mindcell.dataset.vision.utils import Border, Inter

__all__ = ["Crop", "HorizontalFlip", "VerticalFlip", "Rotate", "Affine", "RandomAffine",
           "ResizedCrop", "RandomResize", "SlicePatches", "PadToSize"]


def _coords(op, arg, value):
    if not isinstance(value, (list, tuple)):
        raise TypeError("%s: '%s' must be a list or tuple, but got %r" % (op, arg, value))
    if len(value) != 2:
        raise TypeError("%s: '%s' must have 2 values, but got %r" % (op, arg, value))
    return tuple(chk.number(op, arg, v, 0, 2 ** 31 - 1, True) for v in value)


def crop(op, x, top, left, height, width):
    chk.image(op, x, channels=range(1, 1 << 16))
    if top + height > x.shape[0] or left + width > x.shape[1]:
        raise RuntimeError("%s: the crop (top %d, left %d, height %d, width %d) exceeds the "
                           "image of shape %s" % (op, top, left, height, width, x.shape))
    return x[top:top + height, left:left + width].copy()


class Crop(ImageOp):
    """Crop(coordinates, size): the ``size`` region whose upper left corner is at
    ``coordinates`` = (top, left).

    Args:
        coordinates (Sequence[int]): the (top, left) corner, each >= 0.
        size (Union[int, Sequence[int]]): the (height, width) of the region, or one size for
            both, each >= 1.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels), the input's dtype.

    Raises:
        TypeError: ``coordinates`` is not a pair of ints, or ``size`` not an int or a pair of
            ints.
        ValueError: a coordinate is negative or a size below 1.
        RuntimeError: the region exceeds the image, or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Crop((1, 0), 2)(np.arange(9).reshape(3, 3)).tolist()
        [[3, 4], [6, 7]]
    """

    def __init__(self, coordinates, size):
        self.coordinates = _coords("Crop", "coordinates", coordinates)
        self.size = chk.size("Crop", "size", size)

    def _apply(self, x):
        return crop("Crop", x, *self.coordinates, *self.size)


class HorizontalFlip(ImageOp):
    """HorizontalFlip(): mirror an image left-right.

    Inputs:
        - **image** (numpy.ndarray) - an <H, W> or <H, W, C> image.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        RuntimeError: the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.HorizontalFlip()(np.array([[1, 2, 3]])).tolist()
        [[3, 2, 1]]
    """
    _axis = 1

    def _apply(self, x):
        chk.image(type(self).__name__, x, channels=range(1, 1 << 16))
        return np.flip(x, self._axis).copy()


@shared_sections(HorizontalFlip)
class VerticalFlip(HorizontalFlip):
    """VerticalFlip(): mirror an image top-bottom.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.VerticalFlip()(np.array([[1], [2]])).tolist()
        [[2], [1]]
    """
    _axis = 0


def _resample(op, resample):
    """warpAffine's sampling for an Inter: False (nearest), True (bilinear; AREA samples
    bilinearly there) or "cubic"; None for ANTIALIAS and PILCUBIC, which MindSpore accepts
    and then rejects when the transform runs."""
    chk.enum(op, "resample", resample, Inter)
    return {Inter.NEAREST: False, Inter.BILINEAR: True, Inter.AREA: True,
            Inter.BICUBIC: "cubic"}.get(resample)


def _warp_image(op, x, sampling=False):
    if sampling is None:
        raise RuntimeError("%s: unsupported interpolation, use NEAREST, BILINEAR, BICUBIC or AREA"
                           % op)
    return chk.image(op, x, channels=range(1, 1 << 16), dtypes=("uint8", "float32", "float64"))


class Rotate(ImageOp):
    """Rotate(degrees, resample=Inter.NEAREST, expand=False, center=None, fill_value=0): rotate
    an image counter-clockwise by ``degrees`` about ``center`` (OpenCV's warpAffine
    arithmetic).

    Args:
        degrees (float): the angle in degrees.
        resample (Inter, optional): NEAREST, BILINEAR, BICUBIC or AREA (sampled bilinearly,
            as OpenCV). Default: ``Inter.NEAREST``.
        expand (bool, optional): enlarge the output to hold the whole rotated image.
            Default: ``False``.
        center (Sequence[float], optional): the (x, y) centre in pixels; None: the image
            centre. Default: ``None``.
        fill_value (Union[int, tuple[int]], optional): the value of pixels from outside, in
            [0, 255]; as MindSpore, a 3-tuple is used in reverse channel order. Default: ``0``.

    Returns:
        numpy.ndarray of the input's dtype.

    Raises:
        TypeError: ``degrees`` is not a number, ``resample`` not an ``Inter``, ``expand`` not
            a bool, or ``fill_value`` not an int or 3 ints.
        ValueError: ``center`` is not an (x, y) pair, or a ``fill_value`` outside [0, 255].
        RuntimeError: ANTIALIAS or PILCUBIC ``resample`` (when it runs), or the image is not
            2-d or 3-d uint8, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.Rotate(90)(np.arange(9, dtype=np.uint8).reshape(3, 3)).tolist()
        [[2, 5, 8], [1, 4, 7], [0, 3, 6]]
        >>> vision.Rotate(90, expand=True)(np.zeros((2, 4), np.uint8)).shape
        (4, 2)
    """

    def __init__(self, degrees, resample=Inter.NEAREST, expand=False, center=None,
                 fill_value=0):
        self.degrees = chk.number("Rotate", "degrees", degrees, -math.inf, math.inf)
        self.resample = resample
        self._bilinear = _resample("Rotate", resample)
        self.expand = chk.boolean("Rotate", "expand", expand)
        if center is not None:
            if not isinstance(center, (list, tuple)) or len(center) != 2:
                raise ValueError("Rotate: 'center' must be an (x, y) 2-tuple, but got %r"
                                 % (center,))
            center = tuple(chk.number("Rotate", "center", c, -math.inf, math.inf)
                           for c in center)
        self.center = center
        self.fill_value = chk.fill_value("Rotate", fill_value)

    def _apply(self, x):
        _warp_image("Rotate", x, self._bilinear)
        h, w = x.shape[:2]
        cx, cy = self.center if self.center is not None else ((w - 1) / 2.0, (h - 1) / 2.0)
        center = (float(np.float32(cx)), float(np.float32(cy)))
        matrix = _cv.rotation_matrix(center, self.degrees)
        out_hw = (h, w)
        if self.expand:
            bw, bh = _cv.rotated_bounds(center, (w, h), self.degrees)
            matrix[0, 2] += bw / 2.0 - w / 2.0
            matrix[1, 2] += bh / 2.0 - h / 2.0
            out_hw = (int(np.rint(bh)), int(np.rint(bw)))
        return _cv.warp_affine(x, matrix, out_hw, self._bilinear, self.fill_value[::-1])


def affine_matrix(h, w, degrees, translate, scale, shear):
    """MindSpore's forward affine matrix: rotation, scale and shears about the image centre,
    then a translation in pixels (float32 entries, as its kernel)."""
    f32 = np.float32
    a = f32(math.pi * degrees / 180.0)
    sx, sy = f32(math.pi * shear[0] / 180.0), f32(math.pi * -shear[1] / 180.0)
    a, sx, sy, scale = float(a), float(sx), float(sy), float(scale)
    m = [f32(scale * math.cos(a + sy) / math.cos(sy)),
         f32(scale * (-math.cos(a + sy) * math.tan(sx) / math.cos(sy) - math.sin(a))),
         f32(scale * math.sin(a + sy) / math.cos(sy)),
         f32(scale * (-math.sin(a + sy) * math.tan(sx) / math.cos(sy) + math.cos(a)))]
    cx, cy = f32((w - 1) / 2.0), f32((h - 1) / 2.0)
    tx, ty = f32(translate[0]), f32(translate[1])
    m02 = (f32(1) - m[0]) * cx - m[1] * cy + tx
    m12 = (f32(1) - m[3]) * cy - m[2] * cx + ty
    return np.array([[m[0], m[1], m02], [m[2], m[3], m12]], np.float64)


def _shear_pair(op, shear):
    if chk.is_number(shear):
        return chk.number(op, "shear", shear, -180, 180), 0.0
    if not isinstance(shear, (list, tuple)) or len(shear) != 2:
        raise TypeError("%s: 'shear' must be a number or a sequence of 2 numbers, but got %r"
                        % (op, shear))
    return tuple(chk.number(op, "shear", s, -180, 180) for s in shear)


class Affine(ImageOp):
    """Affine(degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0): rotate
    an image by ``degrees`` (clockwise on screen, unlike Rotate), scale it by ``scale`` and
    shear it by ``shear`` about its centre, then translate it.

    Args:
        degrees (float): the rotation angle, in [-180, 180].
        translate (Sequence[float]): the (x, y) shift as fractions of the width and height,
            each in [-1, 1].
        scale (float): the scale factor, > 0.
        shear (Union[float, Sequence[float]]): the (x, y) shear angles in degrees, each in
            [-180, 180]; a number is (x, 0).
        resample (Inter, optional): NEAREST, BILINEAR, BICUBIC or AREA (sampled bilinearly).
            Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]], optional): the value of pixels from outside, in
            [0, 255]. Default: ``0``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: an argument has a wrong type or ``translate`` / ``shear`` a wrong length.
        ValueError: a value is out of range or ``scale`` <= 0.
        RuntimeError: ANTIALIAS or PILCUBIC ``resample`` (when it runs), or the image is not
            2-d or 3-d uint8, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> x = np.arange(9, dtype=np.uint8).reshape(3, 3)
        >>> vision.Affine(0, [0, 0], 1.0, 0.0)(x).tolist()
        [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        >>> vision.Affine(0, [1 / 3, 0], 1.0, 0.0)(x).tolist()
        [[0, 0, 1], [0, 3, 4], [0, 6, 7]]
    """

    def __init__(self, degrees, translate, scale, shear, resample=Inter.NEAREST, fill_value=0):
        op = "Affine"
        self.degrees = chk.number(op, "degrees", degrees, -180, 180)
        if not isinstance(translate, (list, tuple)) or len(translate) != 2:
            raise TypeError("Affine: 'translate' must be a sequence of 2 numbers, but got %r"
                            % (translate,))
        self.translate = tuple(chk.number(op, "translate", t, -1.0, 1.0) for t in translate)
        self.scale = chk.number(op, "scale", scale, -math.inf, math.inf)
        if self.scale <= 0:
            raise ValueError("Affine: 'scale' must be greater than 0, but got %r" % scale)
        self.shear = _shear_pair(op, shear)
        self.resample = resample
        self._bilinear = _resample(op, resample)
        self.fill_value = chk.fill_value(op, fill_value)

    def _apply(self, x):
        x = _warp_image("Affine", x, self._bilinear)
        return warp(x, self.degrees, self.translate, self.scale, self.shear, self._bilinear,
                    self.fill_value)


def warp(x, degrees, translate, scale, shear, bilinear, fill_value):
    """``x`` through Affine's transform (``translate`` as fractions of width and height)."""
    h, w = x.shape[:2]
    shift = (float(np.float32(translate[0]) * np.float32(w)),
             float(np.float32(translate[1]) * np.float32(h)))
    matrix = affine_matrix(h, w, degrees, shift, scale, shear)
    return _cv.warp_affine(x, matrix, (h, w), bilinear, fill_value)


def _symmetric(op, arg, value, low=-math.inf):
    """A number v >= 0 as (-v, v), or a (min, max) pair."""
    if chk.is_number(value):
        if value < 0:
            raise ValueError("%s: '%s' must be >= 0 as a number, but got %r" % (op, arg, value))
        return -float(value), float(value)
    if not isinstance(value, (list, tuple)):
        raise TypeError("%s: '%s' must be a number or a (min, max) pair, but got %r"
                        % (op, arg, value))
    return chk.pair(op, arg, value, low, math.inf)


class RandomAffine(ImageOp):
    """RandomAffine(degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST,
    fill_value=0): :class:`Affine` with parameters drawn uniformly from ranges. A PIL image
    is warped as its pixels and returned as a PIL image.

    Args:
        degrees (Union[float, Sequence[float]]): the (min, max) angle range; a number d >= 0
            means (-d, d).
        translate (Sequence[float], optional): (min_x, max_x) or (min_x, max_x, min_y, max_y),
            fractions of the size in [-1, 1]; None: no shift. Default: ``None``.
        scale (Sequence[float], optional): the (min, max) scale range, >= 0; None: 1.
            Default: ``None``.
        shear (Union[float, Sequence[float]], optional): a number s means x in (-s, s); 2
            values the x range; 4 values the x and y ranges; None: no shear. Default: ``None``.
        resample (Inter, optional): as in ``Affine``. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]], optional): the value of pixels from outside, in
            [0, 255]. Default: ``0``.

    Returns:
        numpy.ndarray of the input's shape and dtype (a PIL image for a PIL input).

    Raises:
        TypeError: an argument has a wrong type or length.
        ValueError: a negative number ``degrees`` / ``shear``, a value out of range, or a
            range out of order.
        RuntimeError: ANTIALIAS or PILCUBIC ``resample`` (when it runs), or the image is not
            2-d or 3-d uint8, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> x = np.arange(9, dtype=np.uint8).reshape(3, 3)
        >>> vision.RandomAffine((90, 90))(x).tolist()
        [[6, 3, 0], [7, 4, 1], [8, 5, 2]]
    """

    def __init__(self, degrees, translate=None, scale=None, shear=None, resample=Inter.NEAREST,
                 fill_value=0):
        op = "RandomAffine"
        if not chk.is_number(degrees) and not isinstance(degrees, (list, tuple)):
            raise TypeError("RandomAffine: 'degrees' must be a number or a (min, max) pair, "
                            "but got %r" % (degrees,))
        self.degrees = _symmetric(op, "degrees", degrees)
        self.translate = self._translate(translate)
        self.scale = (1.0, 1.0) if scale is None else chk.pair(op, "scale", scale)
        self.shear = self._shear(shear)
        self.resample = resample
        self._bilinear = _resample(op, resample)
        self.fill_value = chk.fill_value(op, fill_value)

    @staticmethod
    def _translate(translate):
        if translate is None:
            return (0.0, 0.0, 0.0, 0.0)
        if not isinstance(translate, (list, tuple)) or len(translate) not in (2, 4):
            raise TypeError("RandomAffine: 'translate' must be a list or tuple of 2 or 4 "
                            "numbers, but got %r" % (translate,))
        values = [chk.number("RandomAffine", "translate", t, -1.0, 1.0) for t in translate]
        values = values + [0.0, 0.0] if len(values) == 2 else values
        for lo, hi in (values[:2], values[2:]):
            if lo > hi:
                raise ValueError("RandomAffine: 'translate' ranges must be (min, max), but got "
                                 "%r" % (translate,))
        return tuple(values)

    @staticmethod
    def _shear(shear):
        if shear is None:
            return (0.0, 0.0, 0.0, 0.0)
        if chk.is_number(shear):
            if shear <= 0 and shear != 0:
                raise ValueError("RandomAffine: 'shear' must be >= 0 as a number, but got %r"
                                 % shear)
            return (-float(shear), float(shear), 0.0, 0.0)
        if not isinstance(shear, (list, tuple)) or len(shear) not in (2, 4):
            raise TypeError("RandomAffine: 'shear' must be a number or 2 or 4 numbers, but got "
                            "%r" % (shear,))
        values = [chk.number("RandomAffine", "shear", s, -math.inf, math.inf) for s in shear]
        values = values + [0.0, 0.0] if len(values) == 2 else values
        for lo, hi in (values[:2], values[2:]):
            if lo > hi:
                raise ValueError("RandomAffine: 'shear' ranges must be (min, max), but got %r"
                                 % (shear,))
        return tuple(values)

    def _params(self):
        rng = config.transform_rng()

        def draw(lo, hi):
            return lo if lo == hi else float(rng.uniform(lo, hi))
        t = self.translate
        return (draw(*self.degrees), (draw(t[0], t[1]), draw(t[2], t[3])), draw(*self.scale),
                (draw(*self.shear[:2]), draw(*self.shear[2:])))

    def _apply(self, x):
        degrees, translate, scale, shear = self._params()
        scale = float(np.float32(scale))  # MindSpore draws it as a float32 (Affine's is double)
        x = _warp_image("RandomAffine", x, self._bilinear)
        return warp(x, degrees, translate, scale, shear, self._bilinear, self.fill_value)

    def _apply_pil(self, img):
        return to_pil(self._apply(np.asarray(img)))


class ResizedCrop(ImageOp):
    """ResizedCrop(top, left, height, width, size, interpolation=Inter.BILINEAR): crop the
    (top, left, height, width) region, then resize it to ``size`` (as :class:`Resize`).

    Args:
        top (int): the region's top row, >= 0.
        left (int): the region's left column, >= 0.
        height (int): the region's height, >= 1.
        width (int): the region's width, >= 1.
        size (Union[int, Sequence[int]]): the output (height, width), or one size for both.
        interpolation (Inter, optional): the resize sampling (NEAREST, LINEAR, CUBIC or AREA).
            Default: ``Inter.BILINEAR``.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels), the input's dtype.

    Raises:
        TypeError: an argument is not an int (pair), or ``interpolation`` not an ``Inter``.
        ValueError: a value out of range, or an ``interpolation`` mindcell does not implement.
        RuntimeError: the region exceeds the image, or the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.ResizedCrop(0, 0, 2, 2, 4)(np.zeros((5, 5, 3), np.uint8)).shape
        (4, 4, 3)
        >>> x = np.arange(16, dtype=np.uint8).reshape(4, 4)
        >>> vision.ResizedCrop(1, 1, 1, 2, (2, 4), vision.Inter.NEAREST)(x).tolist()
        [[5, 5, 6, 6], [5, 5, 6, 6]]
    """

    def __init__(self, top, left, height, width, size, interpolation=Inter.BILINEAR):
        op = "ResizedCrop"
        self.top, self.left = (chk.number(op, a, v, 0, 2 ** 31 - 1, True)
                               for a, v in (("top", top), ("left", left)))
        self.height, self.width = (chk.number(op, a, v, 1, 2 ** 31 - 1, True)
                                   for a, v in (("height", height), ("width", width)))
        self.size = chk.size(op, "size", size)
        self.interpolation = check_interpolation(op, interpolation)

    def _apply(self, x):
        part = crop("ResizedCrop", x, self.top, self.left, self.height, self.width)
        return resize(part, self.size, self.interpolation)


class RandomResize(SameDrawEachInput, ImageOp):
    """RandomResize(size): :class:`Resize` (``size``) with an interpolation chosen at random
    among NEAREST, BILINEAR, BICUBIC and AREA.

    Args:
        size (Union[int, Sequence[int]]): the output (height, width), or the length of the
            shorter side.

    Returns:
        numpy.ndarray of the resized shape, the input's dtype.

    Raises:
        TypeError: ``size`` is not an int or a pair of ints.
        ValueError: a size below 1.
        RuntimeError: the image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomResize((2, 3))(np.zeros((4, 4), np.uint8)).shape
        (2, 3)
        >>> vision.RandomResize(2)(np.zeros((4, 8, 3), np.uint8)).shape
        (2, 4, 3)
    """
    _MODES = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size):
        if chk.is_int(size):
            self.size = chk.number("RandomResize", "size", size, 1, 2 ** 31 - 1, True)
        else:
            self.size = chk.size("RandomResize", "size", size)

    def _apply(self, x):
        chk.image("RandomResize", x, channels=range(1, 1 << 16))
        from mindcell.dataset.vision.transforms import Resize
        mode = self._MODES[int(config.transform_rng().integers(4))]
        return Resize(self.size, mode)(x)


class SlicePatches(ImageOp):
    """SlicePatches(num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0): cut an
    image into a num_height x num_width grid of equal patches, row by row. PAD pads the bottom
    and right edges with ``fill_value`` to a multiple of the grid, DROP drops the remainder.

    Args:
        num_height (int, optional): the number of patch rows, >= 1. Default: ``1``.
        num_width (int, optional): the number of patch columns, >= 1. Default: ``1``.
        slice_mode (SliceMode, optional): ``PAD`` or ``DROP``. Default: ``SliceMode.PAD``.
        fill_value (int, optional): the padding value, in [0, 255]. Default: ``0``.

    Returns:
        tuple of numpy.ndarray, the num_height * num_width patches (one output column each;
        a single patch is returned as the image itself).

    Raises:
        TypeError: an argument has a wrong type.
        ValueError: a count below 1 or ``fill_value`` outside [0, 255].
        RuntimeError: the grid has more cells than the image has pixels along an axis, or the
            image is not 2-d or 3-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> [p.tolist() for p in vision.SlicePatches(1, 2)(np.arange(4).reshape(1, 4))]
        [[[0, 1]], [[2, 3]]]
        >>> op = vision.SlicePatches(1, 2, fill_value=9)
        >>> [p.tolist() for p in op(np.arange(3).reshape(1, 3))]
        [[[0, 1]], [[2, 9]]]
    """

    def __init__(self, num_height=1, num_width=1, slice_mode=SliceMode.PAD, fill_value=0):
        op = "SlicePatches"
        self.num_height = chk.number(op, "num_height", num_height, 1, 2 ** 31 - 1, True)
        self.num_width = chk.number(op, "num_width", num_width, 1, 2 ** 31 - 1, True)
        self.slice_mode = chk.enum(op, "slice_mode", slice_mode, SliceMode)
        self.fill_value = chk.number(op, "fill_value", fill_value, 0, 255, True)

    def _apply(self, x):
        chk.image("SlicePatches", x, channels=range(1, 1 << 16))
        nh, nw = self.num_height, self.num_width
        if nh == 1 and nw == 1:  # one patch: the image itself, as MindSpore
            return x
        h, w = x.shape[:2]
        if nh > h or nw > w:
            raise RuntimeError("SlicePatches: %d x %d patches do not fit an image of %d x %d"
                               % (nh, nw, h, w))
        pad = self.slice_mode == SliceMode.PAD
        ph, pw = h // nh + (pad and h % nh != 0), w // nw + (pad and w % nw != 0)
        if pad:
            grid = np.full((ph * nh, pw * nw) + x.shape[2:], self.fill_value, x.dtype)
            grid[:h, :w] = x
            x = grid
        return tuple(x[i * ph:(i + 1) * ph, j * pw:(j + 1) * pw].copy()
                     for i in range(nh) for j in range(nw))


class PadToSize(ImageOp):
    """PadToSize(size, offset=None, fill_value=0, padding_mode=Border.CONSTANT): pad an image to
    ``size``, with ``offset`` rows / columns of padding before it.

    Args:
        size (Union[int, Sequence[int]]): the output (height, width), or one size for both.
        offset (Union[int, Sequence[int]], optional): the (top, left) padding before the image
            (an int for both); None centres the image, the odd pixel after. Default: ``None``.
        fill_value (Union[int, tuple[int]], optional): the ``CONSTANT`` value, in [0, 255], or
            one per channel of a 3-channel image. Default: ``0``.
        padding_mode (Border, optional): how to pad. Default: ``Border.CONSTANT``.

    Returns:
        numpy.ndarray of shape ``size`` (+ channels), the input's dtype.

    Raises:
        TypeError: an argument has a wrong type.
        ValueError: a size below 1, a negative offset or a ``fill_value`` outside [0, 255].
        RuntimeError: ``size`` is smaller than the image, the offset puts the image outside,
            or the image is not <H, W> or <H, W, 1|3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.PadToSize((1, 4), offset=(0, 1))(np.array([[5, 6]], np.uint8)).tolist()
        [[0, 5, 6, 0]]
        >>> vision.PadToSize(3, padding_mode=vision.Border.EDGE)(np.array([[5]], np.uint8)).tolist()
        [[5, 5, 5], [5, 5, 5], [5, 5, 5]]
    """

    def __init__(self, size, offset=None, fill_value=0, padding_mode=Border.CONSTANT):
        op = "PadToSize"
        self.size = chk.size(op, "size", size)
        if offset is not None:
            values = (offset, offset) if chk.is_int(offset) else offset
            if not isinstance(values, (list, tuple)) or len(values) != 2:
                raise TypeError("PadToSize: 'offset' must be None, an int or a (top, left) pair, "
                                "but got %r" % (offset,))
            offset = tuple(chk.number(op, "offset", v, 0, 2 ** 31 - 1, True) for v in values)
        self.offset = offset
        self.fill_value = chk.fill_value(op, fill_value)
        self.padding_mode = chk.enum(op, "padding_mode", padding_mode, Border)

    def _apply(self, x):
        chk.image("PadToSize", x)
        h, w = x.shape[:2]
        th, tw = self.size
        if th < h or tw < w:
            raise RuntimeError("PadToSize: the target size %s is smaller than the image (%d, "
                               "%d)" % (self.size, h, w))
        top, left = self.offset if self.offset is not None else ((th - h) // 2, (tw - w) // 2)
        if top + h > th or left + w > tw:
            raise RuntimeError("PadToSize: offset %s puts the image outside the target size %s"
                               % (self.offset, self.size))
        fill = self.fill_value if x.ndim == 3 and x.shape[2] == 3 else self.fill_value[0]
        return _pad(x, left, top, tw - w - left, th - h - top, fill, self.padding_mode)

