"""Batch-mixing augmentations of ``mindcell.dataset.vision`` (after ``batch``, with one-hot
labels): ``MixUpBatch``, ``CutMixBatch`` and ``MixUp``."""
import math

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.engine import to_array
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision.modes import ImageBatchFormat

__all__ = ["MixUpBatch", "CutMixBatch", "MixUp"]


def _alpha(op, alpha):
    alpha = chk.number(op, "alpha", alpha, -math.inf, math.inf)
    if alpha <= 0:
        raise ValueError("%s: 'alpha' must be greater than 0, but got %r" % (op, alpha))
    return alpha


def _batch(op, inputs, error=RuntimeError):
    if len(inputs) != 2:
        raise TypeError("%s: expected 2 input columns (images, labels), but got %d"
                        % (op, len(inputs)))
    images, labels = (to_array(v) for v in inputs)
    if images.ndim != 4 or labels.ndim not in (2, 3) or labels.shape[0] != images.shape[0]:
        raise error("%s: expected images <N, H, W, C> or <N, C, H, W> and one-hot labels <N, "
                    "classes>, but got shapes %s and %s" % (op, images.shape, labels.shape))
    return images, labels


def _like(values, dtype):
    if dtype.kind in "iu":
        info = np.iinfo(dtype)
        return np.clip(values, info.min, info.max).astype(dtype)
    return values.astype(dtype)


class MixUpBatch(TensorOperation):
    """MixUpBatch(alpha=1.0): mix a batch with a shuffled copy of itself, ``lam * x + (1 -
    lam) * x[perm]`` for images and one-hot labels, ``lam`` drawn from Beta(alpha, alpha).
    Images keep their dtype (integers truncated), labels become float32.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> images, labels = np.zeros((4, 2, 2, 3), np.uint8), np.eye(4, dtype=np.float32)
        >>> out, mixed = vision.MixUpBatch()(images, labels)
        >>> out.dtype, np.allclose(mixed.sum(1), 1)
        (dtype('uint8'), True)
    """

    def __init__(self, alpha=1.0):
        self.alpha = _alpha("MixUpBatch", alpha)

    def __call__(self, *inputs):
        images, labels = _batch("MixUpBatch", inputs)
        rng = config.transform_rng()
        lam = rng.beta(self.alpha, self.alpha)
        perm = rng.permutation(images.shape[0])
        mixed = lam * images.astype(np.float64) + (1 - lam) * images[perm]
        soft = lam * labels.astype(np.float64) + (1 - lam) * labels[perm]
        return _like(mixed, images.dtype), soft.astype(np.float32)


class CutMixBatch(TensorOperation):
    """CutMixBatch(image_batch_format, alpha=1.0, prob=1.0): with probability ``prob`` per
    image, paste a random box of another image of the batch into it; the box covers a
    ``1 - lam`` fraction (``lam`` from Beta(alpha, alpha)) before clipping to the image, and
    the labels mix by the pasted area. ``image_batch_format`` is a vision.ImageBatchFormat.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.CutMixBatch(vision.ImageBatchFormat.NHWC)
        >>> out, mixed = op(np.zeros((4, 8, 8, 3), np.uint8), np.eye(4, dtype=np.float32))
        >>> out.shape, mixed.dtype
        ((4, 8, 8, 3), dtype('float32'))
    """

    def __init__(self, image_batch_format, alpha=1.0, prob=1.0):
        self.image_batch_format = chk.enum("CutMixBatch", "image_batch_format",
                                           image_batch_format, ImageBatchFormat)
        self.alpha = chk.number("CutMixBatch", "alpha", alpha, 0, chk._MAX)
        if self.alpha <= 0:
            raise ValueError("CutMixBatch: 'alpha' must be in (0, %d], but got %r"
                             % (chk._MAX, alpha))
        self.prob = chk.number("CutMixBatch", "prob", prob, 0, 1)

    def __call__(self, *inputs):
        images, labels = _batch("CutMixBatch", inputs)
        nchw = self.image_batch_format == ImageBatchFormat.NCHW
        out = np.moveaxis(images, 1, 3).copy() if nchw else images.copy()
        soft = labels.astype(np.float32).copy()
        n, h, w = out.shape[:3]
        rng = config.transform_rng()
        for i in range(n):
            if rng.random() >= self.prob:
                continue
            lam = rng.beta(self.alpha, self.alpha)
            ratio = math.sqrt(1 - lam)
            cut_h, cut_w = int(h * ratio), int(w * ratio)
            cy, cx = int(rng.integers(h)), int(rng.integers(w))
            y0, y1 = max(cy - cut_h // 2, 0), min(cy + cut_h // 2, h)
            x0, x1 = max(cx - cut_w // 2, 0), min(cx + cut_w // 2, w)
            j = int(rng.integers(n))
            out[i, y0:y1, x0:x1] = images[j, :, y0:y1, x0:x1].transpose(1, 2, 0) if nchw \
                else images[j, y0:y1, x0:x1]
            share = (y1 - y0) * (x1 - x0) / float(h * w)
            soft[i] = (1 - share) * labels[i] + share * labels[j]
        return (np.ascontiguousarray(np.moveaxis(out, 3, 1)) if nchw else out), soft


class MixUp(TensorOperation):
    """MixUp(batch_size, alpha, is_single=True): mix each image and one-hot label of a batch
    with the previous one in the batch, by ``lam`` from Beta(alpha, alpha): one ``lam`` for
    the batch when ``is_single``, one per sample otherwise. Outputs float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> out, mixed = vision.MixUp(2, 1.0)(np.zeros((2, 2, 2, 3)), np.eye(2))
        >>> out.dtype, np.allclose(mixed.sum(1), 1)
        (dtype('float64'), True)
    """

    def __init__(self, batch_size, alpha, is_single=True):
        self.batch_size = chk.number("MixUp", "batch_size", batch_size, 1, chk._MAX, True)
        self.alpha = _alpha("MixUp", alpha)
        self.is_single = chk.boolean("MixUp", "is_single", is_single)

    def __call__(self, *inputs):
        images, labels = _batch("MixUp", inputs, ValueError)
        rng = config.transform_rng()
        n = images.shape[0]
        lam = np.full(n, rng.beta(self.alpha, self.alpha)) if self.is_single \
            else rng.beta(self.alpha, self.alpha, n)
        partner = np.roll(np.arange(n), 1)
        shape = (n,) + (1,) * (images.ndim - 1)
        mixed = lam.reshape(shape) * images + (1 - lam.reshape(shape)) * images[partner]
        lshape = (n,) + (1,) * (labels.ndim - 1)
        soft = lam.reshape(lshape) * labels + (1 - lam.reshape(lshape)) * labels[partner]
        return mixed.astype(np.float64), soft.astype(np.float64)
