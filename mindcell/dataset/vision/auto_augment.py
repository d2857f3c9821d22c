"""Learned and random augmentation policies of ``mindcell.dataset.vision``: ``AutoAugment``
(Cubuk et al. 2019), ``RandAugment`` (Cubuk et al. 2020) and ``TrivialAugmentWide`` (Muller and
Hutter 2021), with MindSpore's operation spaces and draws.

One deliberate difference: MindSpore 2.10 passes the TranslateX/Y shift in pixels to an affine
kernel that multiplies it by the image size again, so its translations move the whole image
out of view (about one output in seven of RandAugment is solid fill); mindcell translates by
the intended number of pixels."""
import math

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.vision import color
from mindcell.dataset.vision._pil import ImageOp
from mindcell.dataset.vision.geometry import _resample, affine_matrix
from mindcell.dataset.vision.modes import AutoAugmentPolicy
from mindcell.dataset.vision.utils import Inter

__all__ = ["AutoAugment", "RandAugment", "TrivialAugmentWide"]

_F32 = np.float32

# (operation, probability, magnitude bin) pairs of the published policies; -1: no magnitude
_POLICIES = {
    AutoAugmentPolicy.IMAGENET: [
        (("Posterize", 0.4, 8), ("Rotate", 0.6, 9)),
        (("Solarize", 0.6, 5), ("AutoContrast", 0.6, -1)),
        (("Equalize", 0.8, -1), ("Equalize", 0.6, -1)),
        (("Posterize", 0.6, 7), ("Posterize", 0.6, 6)),
        (("Equalize", 0.4, -1), ("Solarize", 0.2, 4)),
        (("Equalize", 0.4, -1), ("Rotate", 0.8, 8)),
        (("Solarize", 0.6, 3), ("Equalize", 0.6, -1)),
        (("Posterize", 0.8, 5), ("Equalize", 1.0, -1)),
        (("Rotate", 0.2, 3), ("Solarize", 0.6, 8)),
        (("Equalize", 0.6, -1), ("Posterize", 0.4, 6)),
        (("Rotate", 0.8, 8), ("Color", 0.4, 0)),
        (("Rotate", 0.4, 9), ("Equalize", 0.6, -1)),
        (("Equalize", 0.0, -1), ("Equalize", 0.8, -1)),
        (("Invert", 0.6, -1), ("Equalize", 1.0, -1)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Rotate", 0.8, 8), ("Color", 1.0, 2)),
        (("Color", 0.8, 8), ("Solarize", 0.8, 7)),
        (("Sharpness", 0.4, 7), ("Invert", 0.6, -1)),
        (("ShearX", 0.6, 5), ("Equalize", 1.0, -1)),
        (("Color", 0.4, 0), ("Equalize", 0.6, -1)),
        (("Equalize", 0.4, -1), ("Solarize", 0.2, 4)),
        (("Solarize", 0.6, 5), ("AutoContrast", 0.6, -1)),
        (("Invert", 0.6, -1), ("Equalize", 1.0, -1)),
        (("Color", 0.6, 4), ("Contrast", 1.0, 8)),
        (("Equalize", 0.8, -1), ("Equalize", 0.6, -1))],
    AutoAugmentPolicy.CIFAR10: [
        (("Invert", 0.1, -1), ("Contrast", 0.2, 6)),
        (("Rotate", 0.7, 2), ("TranslateX", 0.3, 9)),
        (("Sharpness", 0.8, 1), ("Sharpness", 0.9, 3)),
        (("ShearY", 0.5, 8), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.5, -1), ("Equalize", 0.9, -1)),
        (("ShearY", 0.2, 7), ("Posterize", 0.3, 7)),
        (("Color", 0.4, 3), ("Brightness", 0.6, 7)),
        (("Sharpness", 0.3, 9), ("Brightness", 0.7, 9)),
        (("Equalize", 0.6, -1), ("Equalize", 0.5, -1)),
        (("Contrast", 0.6, 7), ("Sharpness", 0.6, 5)),
        (("Color", 0.7, 7), ("TranslateX", 0.5, 8)),
        (("Equalize", 0.3, -1), ("AutoContrast", 0.4, -1)),
        (("TranslateY", 0.4, 3), ("Sharpness", 0.2, 6)),
        (("Brightness", 0.9, 6), ("Color", 0.2, 8)),
        (("Solarize", 0.5, 2), ("Invert", 0.0, -1)),
        (("Equalize", 0.2, -1), ("AutoContrast", 0.6, -1)),
        (("Equalize", 0.2, -1), ("Equalize", 0.6, -1)),
        (("Color", 0.9, 9), ("Equalize", 0.6, -1)),
        (("AutoContrast", 0.8, -1), ("Solarize", 0.2, 8)),
        (("Brightness", 0.1, 3), ("Color", 0.7, 0)),
        (("Solarize", 0.4, 5), ("AutoContrast", 0.9, -1)),
        (("TranslateY", 0.9, 9), ("TranslateY", 0.7, 9)),
        (("AutoContrast", 0.9, -1), ("Solarize", 0.8, 3)),
        (("Equalize", 0.8, -1), ("Invert", 0.1, -1)),
        (("TranslateY", 0.7, 9), ("AutoContrast", 0.9, -1))],
    AutoAugmentPolicy.SVHN: [
        (("ShearX", 0.9, 4), ("Invert", 0.2, -1)),
        (("ShearY", 0.9, 8), ("Invert", 0.7, -1)),
        (("Equalize", 0.6, -1), ("Solarize", 0.6, 6)),
        (("Invert", 0.9, -1), ("Equalize", 0.6, -1)),
        (("Equalize", 0.6, -1), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("AutoContrast", 0.8, -1)),
        (("ShearY", 0.9, 8), ("Invert", 0.4, -1)),
        (("ShearY", 0.9, 5), ("Solarize", 0.2, 6)),
        (("Invert", 0.9, -1), ("AutoContrast", 0.8, -1)),
        (("Equalize", 0.6, -1), ("Rotate", 0.9, 3)),
        (("ShearX", 0.9, 4), ("Solarize", 0.3, 3)),
        (("ShearY", 0.8, 8), ("Invert", 0.7, -1)),
        (("Equalize", 0.9, -1), ("TranslateY", 0.6, 6)),
        (("Invert", 0.9, -1), ("Equalize", 0.6, -1)),
        (("Contrast", 0.3, 3), ("Rotate", 0.8, 4)),
        (("Invert", 0.8, -1), ("TranslateY", 0.0, 2)),
        (("ShearY", 0.7, 6), ("Solarize", 0.4, 8)),
        (("Invert", 0.6, -1), ("Rotate", 0.8, 4)),
        (("ShearY", 0.3, 7), ("TranslateX", 0.9, 3)),
        (("ShearX", 0.1, 6), ("Invert", 0.6, -1)),
        (("Solarize", 0.7, 2), ("TranslateY", 0.6, 7)),
        (("ShearY", 0.8, 4), ("Invert", 0.8, -1)),
        (("ShearX", 0.7, 9), ("TranslateY", 0.8, 3)),
        (("ShearY", 0.8, 5), ("AutoContrast", 0.7, -1)),
        (("ShearX", 0.7, 2), ("Invert", 0.1, -1))],
}


def _round_half_even(v):
    return np.rint(v).astype(_F32)


def linspace(start, end, n, scale=1.0, offset=0.0, rounded=False):
    """MindSpore's float32 Linspace of the magnitude bins."""
    start, end = _F32(start), _F32(end)
    step = _F32(0) if n == 1 else (end - start) / _F32(n - 1)
    values = (start + np.arange(n, dtype=_F32) * step) * _F32(scale) + _F32(offset)
    return _round_half_even(values) if rounded else values.astype(_F32)


def space(kind, bins, h, w):
    """{operation: (magnitudes, signed)} of AutoAugment ('auto'), RandAugment ('rand') or
    TrivialAugmentWide ('wide'), names in sorted order (MindSpore keeps them in a map)."""
    wide = kind == "wide"
    top = 0.99 if wide else 0.9
    ops = {"ShearX": (linspace(0, top if wide else 0.3, bins), True),
           "ShearY": (linspace(0, top if wide else 0.3, bins), True),
           "TranslateX": (linspace(0, 32.0 if wide else _F32(150.0 / 331) * _F32(w), bins), True),
           "TranslateY": (linspace(0, 32.0 if wide else _F32(150.0 / 331) * _F32(h), bins), True),
           "Rotate": (linspace(0, 135.0 if wide else 30, bins), True),
           "Brightness": (linspace(0, top, bins), True), "Color": (linspace(0, top, bins), True),
           "Contrast": (linspace(0, top, bins), True), "Sharpness": (linspace(0, top, bins), True),
           "Posterize": (linspace(0, bins - 1, bins, -(6.0 if wide else 4.0) / (bins - 1), 8,
                                  True), False),
           "Solarize": (linspace(256.0 if kind == "auto" else 255.0, 0, bins), False),
           "AutoContrast": (None, False), "Equalize": (None, False)}
    if kind == "auto":
        ops["Invert"] = (None, False)
    else:
        ops["Identity"] = (None, False)
    return dict(sorted(ops.items()))


def apply_op(x, name, magnitude, bilinear, fill, rotate_fill):
    """One augmentation step on a uint8 <H, W, 3> image."""
    h, w = x.shape[:2]
    if name in ("ShearX", "ShearY", "TranslateX", "TranslateY"):
        shear = float(_F32(magnitude) * _F32(180) / _F32(math.pi))
        shears = {"ShearX": (shear, 0.0), "ShearY": (0.0, shear)}.get(name, (0.0, 0.0))
        shift = {"TranslateX": (int(magnitude), 0),
                 "TranslateY": (0, int(magnitude))}.get(name, (0, 0))
        return _cv.warp_affine(x, affine_matrix(h, w, 0.0, shift, 1.0, shears), (h, w),
                               bilinear, fill)
    if name == "Rotate":
        center = (float(_F32((w - 1) / 2.0)), float(_F32((h - 1) / 2.0)))
        return _cv.warp_affine(x, _cv.rotation_matrix(center, magnitude), (h, w), bilinear,
                               rotate_fill)
    simple = {"Brightness": lambda: color.brightness(x, 1 + magnitude),
              "Color": lambda: color.saturation(x, 1 + magnitude),
              "Contrast": lambda: color.contrast(x, 1 + magnitude),
              "Sharpness": lambda: color.sharpness(x, 1 + magnitude),
              "Posterize": lambda: color.Posterize(int(magnitude))(x),
              "Solarize": lambda: color.solarize(x, magnitude, magnitude),
              "AutoContrast": lambda: color.AutoContrast()(x),
              "Equalize": lambda: color.Equalize()(x),
              "Invert": lambda: color.Invert()(x), "Identity": lambda: x}
    return simple[name]()


def _rgb_u8(op, x, sampling):
    if sampling is None:
        raise RuntimeError("%s: unsupported interpolation, use NEAREST, BILINEAR, BICUBIC or AREA"
                           % op)
    return chk.image(op, x, (3,), (3,), ("uint8",))


class _Policy(ImageOp):
    def _setup(self, op, interpolation, fill_value):
        self.interpolation = interpolation
        self._bilinear = _resample(op, interpolation)
        self.fill_value = chk.fill_value(op, fill_value)


class AutoAugment(_Policy):
    """AutoAugment(policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST,
    fill_value=0): apply one of the policy's 25 learned sub-policies, chosen at random: two
    steps, each applied with its probability and magnitude (signed ones negated half of the
    time). Takes uint8 <H, W, 3> images.

    Args:
        policy (AutoAugmentPolicy, optional): the policy, ``IMAGENET``, ``CIFAR10`` or
            ``SVHN``. Default: ``AutoAugmentPolicy.IMAGENET``.
        interpolation (Inter, optional): the sampling of the geometric steps: NEAREST,
            BILINEAR, BICUBIC or AREA. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]], optional): the value the geometric steps fill
            with, in [0, 255], or an RGB triple. Default: ``0``.

    Returns:
        numpy.ndarray <H, W, 3> uint8.

    Raises:
        TypeError: ``policy`` is not an ``AutoAugmentPolicy``, ``interpolation`` not an
            ``Inter``, or ``fill_value`` not an int or 3 ints.
        ValueError: a ``fill_value`` outside [0, 255].
        RuntimeError: ANTIALIAS or PILCUBIC ``interpolation`` (when it runs), or the image is
            not uint8 <H, W, 3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.AutoAugment(vision.AutoAugmentPolicy.CIFAR10, fill_value=(0, 0, 255))
        >>> op(np.zeros((8, 8, 3), np.uint8)).shape
        (8, 8, 3)
    """

    def __init__(self, policy=AutoAugmentPolicy.IMAGENET, interpolation=Inter.NEAREST,
                 fill_value=0):
        self.policy = chk.enum("AutoAugment", "policy", policy, AutoAugmentPolicy)
        self._setup("AutoAugment", interpolation, fill_value)

    def _apply(self, x):
        _rgb_u8("AutoAugment", x, self._bilinear)
        rng = config.transform_rng()
        steps = _POLICIES[self.policy][int(rng.integers(len(_POLICIES[self.policy])))]
        probs, signs = rng.random(2), rng.integers(0, 2, 2)
        ops = space("auto", 10, *x.shape[:2])
        for (name, p, level), u, s in zip(steps, probs, signs):
            if u <= p:
                mags, signed = ops[name]
                m = float(mags[level]) if mags is not None and level != -1 else 0.0
                m = -m if signed and s == 0 else m
                x = apply_op(x, name, m, self._bilinear, self.fill_value, self.fill_value[::-1])
        return x


def _rand_index(rng, n):
    """MindSpore's draw: uniform on [0, n] folded modulo n (index 0 twice as likely)."""
    return int(rng.integers(0, n + 1)) % n


class RandAugment(_Policy):
    """RandAugment(num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=Inter.NEAREST,
    fill_value=0): apply ``num_ops`` operations drawn from 14 (as MindSpore, the first,
    AutoContrast, is twice as likely) at magnitude bin ``magnitude``, signed ones negated a
    third of the time. Takes uint8 <H, W, 3> images.

    Args:
        num_ops (int, optional): how many operations, >= 0. Default: ``2``.
        magnitude (int, optional): the magnitude bin, in [0, num_magnitude_bins).
            Default: ``9``.
        num_magnitude_bins (int, optional): the number of bins, >= 2. Default: ``31``.
        interpolation (Inter, optional): the sampling of the geometric operations: NEAREST,
            BILINEAR, BICUBIC or AREA. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]], optional): the geometric operations' fill, in
            [0, 255], or an RGB triple. Default: ``0``.

    Returns:
        numpy.ndarray <H, W, 3> uint8.

    Raises:
        TypeError: a count is not an int, ``interpolation`` not an ``Inter``, or
            ``fill_value`` not an int or 3 ints.
        ValueError: a value out of range, or ``magnitude`` >= ``num_magnitude_bins``.
        RuntimeError: ANTIALIAS or PILCUBIC ``interpolation`` (when it runs), or the image is
            not uint8 <H, W, 3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandAugment()(np.zeros((8, 8, 3), np.uint8)).shape
        (8, 8, 3)
        >>> vision.RandAugment(num_ops=0)(np.full((1, 1, 3), 5, np.uint8)).tolist()
        [[[5, 5, 5]]]
    """

    def __init__(self, num_ops=2, magnitude=9, num_magnitude_bins=31, interpolation=Inter.NEAREST,
                 fill_value=0):
        op = "RandAugment"
        self.num_ops = chk.number(op, "num_ops", num_ops, 0, chk._MAX, True)
        self.num_magnitude_bins = chk.number(op, "num_magnitude_bins", num_magnitude_bins, 2,
                                             chk._MAX, True)
        self.magnitude = chk.number(op, "magnitude", magnitude, 0, chk._MAX, True)
        if self.magnitude >= self.num_magnitude_bins:
            raise ValueError("RandAugment: 'magnitude' must be below num_magnitude_bins %d, but "
                             "got %d" % (self.num_magnitude_bins, self.magnitude))
        self._setup(op, interpolation, fill_value)

    def _apply(self, x):
        _rgb_u8("RandAugment", x, self._bilinear)
        rng = config.transform_rng()
        ops = space("rand", self.num_magnitude_bins, *x.shape[:2])
        names = list(ops)
        for _ in range(self.num_ops):
            name = names[_rand_index(rng, len(names))]
            mags, signed = ops[name]
            m = float(mags[self.magnitude]) if mags is not None else 0.0
            m = -m if signed and _rand_index(rng, 2) else m
            x = apply_op(x, name, m, self._bilinear, self.fill_value,
                         tuple(self.fill_value[i] for i in (1, 2, 0)))
        return x


class TrivialAugmentWide(_Policy):
    """TrivialAugmentWide(num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
    apply one operation drawn from 14 at a random magnitude bin (MindSpore's folded draws, see
    :class:`RandAugment`), with the wide magnitude ranges. Takes uint8 <H, W, 3> images.

    Args:
        num_magnitude_bins (int, optional): the number of magnitude bins, >= 2.
            Default: ``31``.
        interpolation (Inter, optional): the sampling of the geometric operations: NEAREST,
            BILINEAR, BICUBIC or AREA. Default: ``Inter.NEAREST``.
        fill_value (Union[int, tuple[int]], optional): the geometric operations' fill, in
            [0, 255], or an RGB triple. Default: ``0``.

    Returns:
        numpy.ndarray <H, W, 3> uint8.

    Raises:
        TypeError: ``num_magnitude_bins`` is not an int, ``interpolation`` not an ``Inter``,
            or ``fill_value`` not an int or 3 ints.
        ValueError: ``num_magnitude_bins`` < 2 or a ``fill_value`` outside [0, 255].
        RuntimeError: ANTIALIAS or PILCUBIC ``interpolation`` (when it runs), or the image is
            not uint8 <H, W, 3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out = vision.TrivialAugmentWide(num_magnitude_bins=5)(np.zeros((8, 8, 3), np.uint8))
        >>> out.shape, out.dtype
        ((8, 8, 3), dtype('uint8'))
    """

    def __init__(self, num_magnitude_bins=31, interpolation=Inter.NEAREST, fill_value=0):
        self.num_magnitude_bins = chk.number("TrivialAugmentWide", "num_magnitude_bins",
                                             num_magnitude_bins, 2, chk._MAX, True)
        self._setup("TrivialAugmentWide", interpolation, fill_value)

    def _apply(self, x):
        _rgb_u8("TrivialAugmentWide", x, self._bilinear)
        rng = config.transform_rng()
        ops = space("wide", self.num_magnitude_bins, *x.shape[:2])
        names = list(ops)
        name = names[_rand_index(rng, len(names))]
        mags, signed = ops[name]
        m = float(mags[_rand_index(rng, len(mags))]) if mags is not None else 0.0
        m = -m if signed and _rand_index(rng, 2) else m
        return apply_op(x, name, m, self._bilinear, self.fill_value,
                        tuple(self.fill_value[i] for i in (1, 2, 0)))
