"""``RgbToHsv`` and ``HsvToRgb`` of ``mindcell.dataset.vision``: float64 conversions of numpy
images or batches (values taken as they are; hue and saturation in [0, 1], value as given)."""
import numpy as np

from mindcell.dataset._docs import shared_sections
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision._pil import is_pil

__all__ = ["RgbToHsv", "HsvToRgb"]


def _channels_last(op, x, is_hwc):
    if x.ndim not in (3, 4):
        raise TypeError("%s: the image must be (H, W, C), (N, H, W, C), (C, H, W) or (N, C, H, "
                        "W), but got shape %s" % (op, x.shape))
    axis = -1 if is_hwc else -3
    if x.shape[axis] != 3:
        raise TypeError("%s: the image must have 3 channels, but got %d"
                        % (op, x.shape[axis]))
    return np.moveaxis(x.astype(np.float64), axis, -1), axis


def rgb_to_hsv(rgb):
    r, g, b = rgb[..., 0], rgb[..., 1], rgb[..., 2]
    high, low = rgb.max(-1), rgb.min(-1)
    span = high - low
    with np.errstate(divide="ignore", invalid="ignore"):
        s = np.where(high > 0, span / high, 0.0)
        rc, gc, bc = ((high - c) / span for c in (r, g, b))
        h = np.where(r == high, bc - gc, np.where(g == high, 2.0 + rc - bc, 4.0 + gc - rc))
    h = np.where(span > 0, (h / 6.0) % 1.0, 0.0)
    return np.stack([h, s, high], -1)


def hsv_to_rgb(hsv):
    h, s, v = hsv[..., 0], hsv[..., 1], hsv[..., 2]
    sector = np.floor(h * 6.0)
    f = h * 6.0 - sector
    p, q, t = v * (1 - s), v * (1 - s * f), v * (1 - s * (1 - f))
    sector = sector.astype(np.int64) % 6
    r = np.choose(sector, [v, q, p, p, t, v])
    g = np.choose(sector, [t, v, v, q, p, p])
    b = np.choose(sector, [p, p, t, v, v, q])
    return np.stack([r, g, b], -1)


class _Convert(TensorOperation):
    _fn = None

    def __init__(self, is_hwc=False):
        self.is_hwc = chk.boolean(type(self).__name__, "is_hwc", is_hwc)

    def __call__(self, *inputs):
        if len(inputs) == 1 and is_pil(inputs[0]):
            raise TypeError("%s: the image must be a numpy array, but got a PIL image"
                            % type(self).__name__)
        return super().__call__(*inputs)

    def _apply(self, x):
        data, axis = _channels_last(type(self).__name__, x, self.is_hwc)
        return np.moveaxis(type(self)._fn(data), -1, axis)


class RgbToHsv(_Convert):
    """RgbToHsv(is_hwc=False): RGB to HSV (float64) of a numpy image or batch; values are taken
    as they are (hue and saturation come out in [0, 1], value as given).

    Args:
        is_hwc (bool, optional): the channels are last (<H, W, C> or <N, H, W, C>) instead of
            <C, H, W> / <N, C, H, W>. Default: ``False``.

    Returns:
        numpy.ndarray, float64, of the input's shape.

    Raises:
        TypeError: ``is_hwc`` is not a bool, the image is a PIL image, not 3-d or 4-d, or
            has other than 3 channels.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RgbToHsv(is_hwc=True)(np.array([[[1.0, 0.5, 0.0]]])).tolist()
        [[[0.08333333333333333, 1.0, 1.0]]]
    """
    _fn = staticmethod(rgb_to_hsv)


@shared_sections(RgbToHsv)
class HsvToRgb(_Convert):
    """HsvToRgb(is_hwc=False): HSV to RGB (float64) of a numpy image or batch, the inverse of
    :class:`RgbToHsv`.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.HsvToRgb()(np.array([[[0.0]], [[1.0]], [[1.0]]])).ravel().tolist()
        [1.0, 0.0, 0.0]
    """
    _fn = staticmethod(hsv_to_rgb)
