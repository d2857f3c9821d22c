"""Transforms of ``mindcell.dataset.vision`` on an image and its bounding boxes (two columns:
the image and a float32 <N, 4+> array of [x, y, width, height, ...] boxes in pixels)."""
import inspect
import math
import textwrap

import numpy as np

from mindcell.dataset import config
from mindcell.dataset._docs import shared_sections
from mindcell.dataset.engine import to_array
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision.augment import RandomResizedCrop
from mindcell.dataset.vision.transforms import (_pad, Resize, check_interpolation, RandomCrop,
                                                resize)
from mindcell.dataset.vision.utils import Border, Inter

__all__ = ["RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox", "ResizeWithBBox",
           "RandomResizeWithBBox", "RandomCropWithBBox", "RandomResizedCropWithBBox",
           "BoundingBoxAugment"]


def _inputs(op, inputs):
    if len(inputs) != 2:
        raise TypeError("%s: expected 2 input columns (image, bboxes), but got %d"
                        % (op, len(inputs)))
    img, boxes = (to_array(v) for v in inputs)
    if img.ndim not in (2, 3):
        raise RuntimeError("%s: expected an image <H, W> or <H, W, C>, but got shape %s"
                           % (op, img.shape))
    if boxes.ndim != 2 or boxes.shape[1] < 4:
        raise RuntimeError("%s: bounding boxes must be <N, 4+> ([x, y, w, h, ...]), but got "
                           "shape %s" % (op, boxes.shape))
    if boxes.dtype != np.float32:
        raise RuntimeError("%s: bounding boxes must be float32, but got %s" % (op, boxes.dtype))
    h, w = img.shape[:2]
    x, y, bw, bh = (boxes[:, i] for i in range(4))
    if (x < 0).any() or (y < 0).any() or (x + bw > w).any() or (y + bh > h).any():
        raise RuntimeError("%s: bounding boxes are out of the image of width %d and height %d"
                           % (op, w, h))
    return img, boxes.copy()


def _crop_boxes(boxes, top, left, height, width):
    """Boxes clipped to the (top, left, height, width) region in its coordinates; boxes
    outside it are dropped."""
    x0 = np.maximum(boxes[:, 0], left)
    y0 = np.maximum(boxes[:, 1], top)
    x1 = np.minimum(boxes[:, 0] + boxes[:, 2], left + width)
    y1 = np.minimum(boxes[:, 1] + boxes[:, 3], top + height)
    keep = (x1 > x0) & (y1 > y0)
    out = boxes[keep].copy()
    out[:, 0], out[:, 1] = x0[keep] - left, y0[keep] - top
    out[:, 2], out[:, 3] = x1[keep] - x0[keep], y1[keep] - y0[keep]
    return out


def _scale_boxes(boxes, sy, sx):
    out = boxes.copy()
    out[:, [0, 2]] = (out[:, [0, 2]] * np.float32(sx)).astype(np.float32)
    out[:, [1, 3]] = (out[:, [1, 3]] * np.float32(sy)).astype(np.float32)
    return out


def _bbox_doc(returns, raises=()):
    """Class decorator: the ``Inputs``, ``Returns`` and ``Raises`` sections shared by the
    bounding-box transforms, put before the class docstring's ``Examples:`` (``returns``
    says what happens to the boxes, ``raises`` adds the class's own ``(error, text)``
    entries to the input checks of ``_inputs``)."""
    errors = [("TypeError", "the call is not given 2 columns (image, bboxes)")] + list(raises)
    errors.append(("RuntimeError", "the image is not 2-d or 3-d, or the boxes are not float32 "
                                   "<N, 4+> inside the image"))
    lines = ["Inputs:",
             "    - **image** (numpy.ndarray) - an <H, W> or <H, W, C> image.",
             "    - **bboxes** (numpy.ndarray) - float32 boxes <N, 4+>, rows [x, y, width,",
             "      height, ...] in pixels, inside the image.", "",
             "Returns:"]
    lines += textwrap.wrap("tuple of two numpy.ndarray: the image and the float32 boxes, "
                           + returns, 84, initial_indent="    ", subsequent_indent="    ")
    lines += ["", "Raises:"]
    for name in ("TypeError", "ValueError", "RuntimeError"):
        texts = [t for n, t in errors if n == name]
        if texts:
            lines += textwrap.wrap("%s: %s." % (name, "; or ".join(texts)), 84,
                                   initial_indent="    ", subsequent_indent="        ")

    def decorate(cls):
        if not cls.__doc__:  # python -OO
            return cls
        head, sep, tail = inspect.cleandoc(cls.__doc__).partition("\nExamples:")
        cls.__doc__ = head.rstrip("\n") + "\n\n" + "\n".join(lines) + "\n" + sep + tail
        return cls
    return decorate

@_bbox_doc("the x positions mirrored when the image is flipped.",
           [("TypeError", "'prob' is not a number"), ("ValueError", "'prob' is outside [0, 1]")])
class RandomHorizontalFlipWithBBox(TensorOperation):
    """RandomHorizontalFlipWithBBox(prob=0.5): mirror the image and its boxes left-right with
    probability ``prob``.

    Args:
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[1, 1, 3, 2]], np.float32)
        >>> vision.RandomHorizontalFlipWithBBox(1.0)(np.zeros((6, 8, 3), np.uint8), boxes)[1]
        array([[4., 1., 3., 2.]], dtype=float32)
    """
    _axis = 1

    def __init__(self, prob=0.5):
        self.prob = chk.prob(type(self).__name__, prob)

    def __call__(self, *inputs):
        img, boxes = _inputs(type(self).__name__, inputs)
        if config.transform_rng().random() >= self.prob:
            return img, boxes
        size = img.shape[self._axis]
        pos, extent = (0, 2) if self._axis == 1 else (1, 3)
        boxes[:, pos] = size - boxes[:, pos] - boxes[:, extent]
        return np.flip(img, self._axis).copy(), boxes


@_bbox_doc("the y positions mirrored when the image is flipped.",
           [("TypeError", "'prob' is not a number"), ("ValueError", "'prob' is outside [0, 1]")])
class RandomVerticalFlipWithBBox(RandomHorizontalFlipWithBBox):
    """RandomVerticalFlipWithBBox(prob=0.5): mirror the image and its boxes top-bottom with
    probability ``prob``.

    Args:
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[1, 1, 3, 2]], np.float32)
        >>> vision.RandomVerticalFlipWithBBox(1.0)(np.zeros((6, 8, 3), np.uint8), boxes)[1]
        array([[1., 3., 3., 2.]], dtype=float32)
    """
    _axis = 0


@_bbox_doc("x and width scaled by the width's factor, y and height by the height's.",
           [("TypeError", "'size' or 'interpolation' has a wrong type"),
            ("ValueError", "a size is not positive or 'interpolation' is not implemented")])
class ResizeWithBBox(TensorOperation):
    """ResizeWithBBox(size, interpolation=Inter.BILINEAR): :class:`Resize` the image and scale
    the boxes with it.

    Args:
        size (Union[int, Sequence[int]]): the output (height, width), or the length of the
            shorter side.
        interpolation (Inter, optional): NEAREST, LINEAR, CUBIC or AREA.
            Default: ``Inter.BILINEAR``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[1, 1, 3, 2]], np.float32)
        >>> vision.ResizeWithBBox((12, 4))(np.zeros((6, 8, 3), np.uint8), boxes)[1]
        array([[0.5, 2. , 1.5, 4. ]], dtype=float32)
    """

    def __init__(self, size, interpolation=Inter.BILINEAR):
        self._resize = Resize(size, interpolation)
        self.size, self.interpolation = self._resize.size, interpolation

    def __call__(self, *inputs):
        img, boxes = _inputs(type(self).__name__, inputs)
        out = self._resize(img)
        return out, _scale_boxes(boxes, out.shape[0] / img.shape[0],
                                 out.shape[1] / img.shape[1])


@_bbox_doc("x and width scaled by the width's factor, y and height by the height's.",
           [("TypeError", "'size' is not an int or a pair of ints"),
            ("ValueError", "a size is not positive")])
class RandomResizeWithBBox(ResizeWithBBox):
    """RandomResizeWithBBox(size): :class:`ResizeWithBBox` with an interpolation chosen at
    random among NEAREST, BILINEAR, BICUBIC and AREA.

    Args:
        size (Union[int, Sequence[int]]): the output (height, width), or the length of the
            shorter side.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[2, 2, 4, 2]], np.float32)
        >>> vision.RandomResizeWithBBox(3)(np.zeros((6, 8, 3), np.uint8), boxes)[1]
        array([[1., 1., 2., 1.]], dtype=float32)
    """
    _MODES = (Inter.NEAREST, Inter.BILINEAR, Inter.BICUBIC, Inter.AREA)

    def __init__(self, size):
        super().__init__(size)

    def __call__(self, *inputs):
        mode = self._MODES[int(config.transform_rng().integers(4))]
        self._resize = Resize(self.size, mode)
        return super().__call__(*inputs)


@_bbox_doc("shifted by the padding and clipped to the crop, in its coordinates; the "
           "boxes outside it are dropped.",
           [("TypeError", "an argument has a wrong type"),
            ("ValueError", "a size is not positive or a padding negative"),
            ("RuntimeError", "the (padded) image is smaller than 'size'")])
class RandomCropWithBBox(TensorOperation):
    """RandomCropWithBBox(size, padding=None, pad_if_needed=False, fill_value=0,
    padding_mode=Border.CONSTANT): :class:`RandomCrop` of the image with its boxes.

    Args:
        size (Union[int, Sequence[int]]): the crop (height, width), or one size for both.
        padding (Union[int, Sequence[int]], optional): padding applied first, as in ``Pad``.
            Default: ``None``.
        pad_if_needed (bool, optional): pad a smaller image by the missing size on each side.
            Default: ``False``.
        fill_value (Union[int, tuple[int]], optional): the constant padding value.
            Default: ``0``.
        padding_mode (Border, optional): how to pad. Default: ``Border.CONSTANT``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[1, 1, 3, 2]], np.float32)
        >>> out = vision.RandomCropWithBBox((6, 8), padding=1)(np.zeros((6, 8), np.uint8), boxes)
        >>> out[0].shape, out[1].shape
        ((6, 8), (1, 4))
    """

    def __init__(self, size, padding=None, pad_if_needed=False, fill_value=0,
                 padding_mode=Border.CONSTANT):
        self._crop = RandomCrop(size, padding, pad_if_needed, fill_value, padding_mode)
        self.size, self.padding = self._crop.size, self._crop.padding
        self.pad_if_needed = pad_if_needed
        self.fill_value, self.padding_mode = fill_value, padding_mode

    def __call__(self, *inputs):
        img, boxes = _inputs(type(self).__name__, inputs)
        c = self._crop
        if c.padding is not None:
            left, top, right, bottom = c.padding
            img = _pad(img, left, top, right, bottom, c.fill_value, c.padding_mode)
            boxes[:, 0] += left
            boxes[:, 1] += top
        ch, cw = c.size
        if c.pad_if_needed:
            dh, dw = max(ch - img.shape[0], 0), max(cw - img.shape[1], 0)
            img = _pad(img, dw, dh, dw, dh, c.fill_value, c.padding_mode)
            boxes[:, 0] += dw
            boxes[:, 1] += dh
        h, w = img.shape[:2]
        if h < ch or w < cw:
            raise RuntimeError("RandomCropWithBBox: the crop %s is larger than the (padded) "
                               "image %s" % ((ch, cw), (h, w)))
        rng = config.transform_rng()
        top, left = int(rng.integers(h - ch + 1)), int(rng.integers(w - cw + 1))
        return img[top:top + ch, left:left + cw].copy(), _crop_boxes(boxes, top, left, ch, cw)


@_bbox_doc("clipped to the crop (the boxes outside it dropped) and scaled to "
           "'size'.",
           [("TypeError", "an argument has a wrong type"),
            ("ValueError", "an argument is out of range")])
@shared_sections(RandomResizedCrop, ("Args:",))
class RandomResizedCropWithBBox(TensorOperation):
    """RandomResizedCropWithBBox(size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
    interpolation=Inter.BILINEAR, max_attempts=10): :class:`RandomResizedCrop` of the image
    with its boxes.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[1, 1, 3, 2]], np.float32)
        >>> op = vision.RandomResizedCropWithBBox(4, scale=(1.0, 1.0), ratio=(4 / 3, 4 / 3))
        >>> op(np.zeros((6, 8, 3), np.uint8), boxes)[1]
        array([[0.5      , 0.6666667, 1.5      , 1.3333334]], dtype=float32)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        self._rrc = RandomResizedCrop(size, scale, ratio, interpolation, max_attempts)
        self.size, self.scale, self.ratio = self._rrc.size, self._rrc.scale, self._rrc.ratio
        self.interpolation = check_interpolation("RandomResizedCropWithBBox", interpolation)
        self.max_attempts = self._rrc.max_attempts

    def __call__(self, *inputs):
        img, boxes = _inputs(type(self).__name__, inputs)
        h, w = img.shape[:2]
        top, left, ch, cw = self._rrc.crop_box(h, w, config.transform_rng())
        out = resize(img[top:top + ch, left:left + cw], self.size, self.interpolation)
        boxes = _crop_boxes(boxes, top, left, ch, cw)
        return out, _scale_boxes(boxes, self.size[0] / ch, self.size[1] / cw)


@_bbox_doc("unchanged.",
           [("TypeError", "'transform' is not callable or 'ratio' not a number"),
            ("ValueError", "'ratio' is outside [0, 1]"),
            ("RuntimeError", "the transform changes a region's shape")])
class BoundingBoxAugment(TensorOperation):
    """BoundingBoxAugment(transform, ratio=0.3): apply ``transform`` to the image region of each
    box with probability ``ratio`` (each region separately). The transform must keep the
    region's shape.

    Args:
        transform (callable): the transform of a region (an <h, w, C> array).
        ratio (float, optional): the probability per box, in [0, 1]. Default: ``0.3``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> boxes = np.array([[0, 0, 2, 1]], np.float32)
        >>> img = np.zeros((2, 3, 3), np.uint8)
        >>> vision.BoundingBoxAugment(vision.Invert(), 1.0)(img, boxes)[0][..., 0].tolist()
        [[255, 255, 0], [0, 0, 0]]
    """

    def __init__(self, transform, ratio=0.3):
        if not callable(transform):
            raise TypeError("BoundingBoxAugment: 'transform' must be callable, but got %r"
                            % (transform,))
        self.transform, self.ratio = transform, chk.number("BoundingBoxAugment", "ratio",
                                                           ratio, 0, 1)

    def __call__(self, *inputs):
        img, boxes = _inputs(type(self).__name__, inputs)
        out = img.copy()
        chosen = config.transform_rng().random(len(boxes)) < self.ratio
        for i in np.flatnonzero(chosen):
            x, y, bw, bh = (boxes[i, :4]).tolist()
            x0, y0 = int(math.floor(x)), int(math.floor(y))
            x1, y1 = int(math.floor(x + bw)), int(math.floor(y + bh))
            if x1 <= x0 or y1 <= y0:
                continue
            region = to_array(self.transform(out[y0:y1, x0:x1].copy()))
            if region.shape != out[y0:y1, x0:x1].shape:
                raise RuntimeError("BoundingBoxAugment: the transform changed the region's "
                                   "shape %s to %s" % (out[y0:y1, x0:x1].shape, region.shape))
            out[y0:y1, x0:x1] = region
        return out, boxes
