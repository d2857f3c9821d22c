"""Batch-mixing augmentations of ``mindcell.dataset.vision`` (after ``batch``, with one-hot
labels): ``MixUpBatch``, ``CutMixBatch`` and ``MixUp``."""
import math

import numpy as np

from mindcell._arrays import c_contiguous
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
    lam) * x[perm]`` for images and one-hot labels, one ``lam`` drawn from Beta(alpha, alpha)
    per call. Images keep their dtype (integers truncated), labels become float32. Use it
    after ``batch``, with ``input_columns=["image", "label"]``.

    Args:
        alpha (float, optional): the Beta distribution's parameter, > 0. Default: ``1.0``.

    Inputs:
        - **images** (numpy.ndarray) - a batch <N, H, W, C> or <N, C, H, W>.
        - **labels** (numpy.ndarray) - one-hot labels <N, classes> (or <N, L, classes>).

    Returns:
        tuple of two numpy.ndarray, the mixed images (input dtype) and labels (float32).

    Raises:
        TypeError: ``alpha`` is not a number, or the call is not given 2 columns.
        ValueError: ``alpha`` <= 0.
        RuntimeError: the images are not 4-d, or the labels not 2-d or 3-d with the batch's
            length.

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
    image, paste into it a box of its partner in a random permutation of the batch, and mix
    the labels by the pasted area. As MindSpore, the box side is ``sqrt(1 - lam)`` of the
    image side (``lam`` from Beta(alpha, alpha)), centred at a uniform point and clipped, at
    least one pixel. Use it after ``batch``.

    Args:
        image_batch_format (ImageBatchFormat): the layout of the images, ``NHWC`` or ``NCHW``.
        alpha (float, optional): the Beta distribution's parameter, > 0. Default: ``1.0``.
        prob (float, optional): the probability of mixing each image, in [0, 1].
            Default: ``1.0``.

    Inputs:
        - **images** (numpy.ndarray) - a batch in ``image_batch_format``.
        - **labels** (numpy.ndarray) - one-hot labels <N, classes> (or <N, L, classes>).

    Returns:
        tuple of two numpy.ndarray, the images (input shape and dtype) and the mixed labels
        (float32).

    Raises:
        TypeError: ``image_batch_format`` is not an ``ImageBatchFormat``, ``alpha`` or
            ``prob`` not a number, or the call is not given 2 columns.
        ValueError: ``alpha`` <= 0 or ``prob`` outside [0, 1].
        RuntimeError: the images are not 4-d, or the labels not 2-d or 3-d with the batch's
            length.

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

    @staticmethod
    def box(h, w, lam, rng):
        """(top, left, height, width) of the pasted box."""
        ratio = math.sqrt(1 - lam)
        cut_w, cut_h = int(w * ratio), int(h * ratio)
        cx, cy = int(rng.integers(0, w + 1)), int(rng.integers(0, h + 1))
        x0, x1 = (min(max(v, 0), w - 1) for v in (cx - cut_w // 2, cx + cut_w // 2))
        y0, y1 = (min(max(v, 0), h - 1) for v in (cy - cut_h // 2, cy + cut_h // 2))
        return y0, x0, min(max(y1 - y0, 1), h - 1), min(max(x1 - x0, 1), w - 1)

    def __call__(self, *inputs):
        images, labels = _batch("CutMixBatch", inputs)
        nchw = self.image_batch_format == ImageBatchFormat.NCHW
        src = np.moveaxis(images, 1, 3) if nchw else images
        out = src.copy()
        soft = labels.astype(np.float32).copy()
        n, h, w = out.shape[:3]
        rng = config.transform_rng()
        partner = rng.permutation(n)
        for i in range(n):
            lam = rng.beta(self.alpha, self.alpha)
            if rng.random() >= self.prob:
                continue
            top, left, bh, bw = self.box(h, w, lam, rng)
            j = int(partner[i])
            out[i, top:top + bh, left:left + bw] = src[j, top:top + bh, left:left + bw]
            keep = np.float32(1) - np.float32(bh * bw) / np.float32(h * w)
            soft[i] = keep * labels[i] + (1 - keep) * labels[j]
        return (c_contiguous(np.moveaxis(out, 3, 1)) if nchw else out), soft


class MixUp(TensorOperation):
    """MixUp(batch_size, alpha, is_single=True): mix a batch of images and one-hot labels, each
    sample by its own ``lam`` from Beta(alpha, alpha): with the next sample of the batch (the
    last with the first) when ``is_single``, else with the previous batch's mixed output (the
    first batch passes unchanged), as MindSpore's Python MixUp. There are ``batch_size``
    weights, shaped (batch_size, 1, 1, 1) for the images and (batch_size, 1) for the labels,
    combined with the data by numpy broadcasting, as MindSpore's. Outputs float64.

    Args:
        batch_size (int): the batch size, >= 1 (checked; the samples are counted from the
            images' first axis).
        alpha (float): the Beta distribution's parameter, > 0.
        is_single (bool, optional): mix within the batch (True) or with the previous batch
            (False). Default: ``True``.

    Inputs:
        - **images** (numpy.ndarray) - a batch of images <N, H, W, C> (anything that broadcasts
          with the (batch_size, 1, 1, 1) weights).
        - **labels** (numpy.ndarray) - one-hot labels <N, classes> (anything that broadcasts with
          the (batch_size, 1) weights).

    Returns:
        tuple of two numpy.ndarray (float64), the mixed images and labels.

    Raises:
        TypeError: an argument has a wrong type, or the call is not given 2 columns.
        ValueError: ``batch_size`` < 1, ``alpha`` <= 0, or the data do not broadcast with the
            weights.
        IndexError: ``is_single`` and the data have fewer than ``batch_size`` samples.

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
        self._previous = None

    def __call__(self, *inputs):
        if len(inputs) != 2:
            raise TypeError("MixUp: expected 2 input columns (images, labels), but got %d"
                            % len(inputs))
        images, labels = (to_array(v) for v in inputs)
        # MindSpore 2.10's rule: ``batch_size`` weights (not one per image) shaped
        # (batch_size, 1, 1, 1) for the images and (batch_size, 1) for the labels, combined with
        # numpy broadcasting (so MixUp(batch_size=1) after batch(4) mixes every image of the
        # batch with the first one, with one weight).
        bs = self.batch_size
        lam = config.transform_rng().beta(self.alpha, self.alpha, bs)
        if self.is_single:
            order = list(range(1, bs)) + [0]
            try:
                other = (images[order, ...], labels[order, ...])
            except IndexError:
                raise IndexError("MixUp: batch_size=%d, but the images have shape %s and the "
                                 "labels %s (mixing takes samples 0..%d of each)"
                                 % (bs, images.shape, labels.shape, bs - 1)) from None
        else:
            if self._previous is None:
                lam, self._previous = np.ones(bs), (0.0, 0.0)
            other = self._previous
        lam_img, lam_lab = lam.reshape((bs, 1, 1, 1)), lam.reshape((bs, 1))
        try:
            mixed = (lam_img * images + (1 - lam_img) * other[0],
                     lam_lab * labels + (1 - lam_lab) * other[1])
        except ValueError as err:
            raise ValueError("MixUp: batch_size=%d, images of shape %s and labels of shape %s "
                             "do not combine (the weights have shape (%d, 1, 1, 1) for the "
                             "images and (%d, 1) for the labels): %s"
                             % (bs, images.shape, labels.shape, bs, bs, err)) from None
        mixed = tuple(np.asarray(m, np.float64) for m in mixed)
        if not self.is_single:
            self._previous = mixed
        return mixed
