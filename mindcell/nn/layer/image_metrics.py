"""Image cells (MindSpore's ``nn.layer.image``): PSNR and SSIM over NCHW batches (one value per
image), and CentralCrop."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_int, check_number


def _check_max_val(owner, max_val):
    if isinstance(max_val, bool) or not isinstance(max_val, numbers.Real):
        raise TypeError("%s: 'max_val' must be an int or float, but got %s"
                        % (owner, type(max_val).__name__))
    if max_val <= 0:
        raise ValueError("%s: 'max_val' must be > 0, but got %r" % (owner, max_val))
    return max_val


def _check_pair(owner, img1, img2):
    for name, img in (("img1", img1), ("img2", img2)):
        if not isinstance(img, Tensor):
            raise TypeError("%s: '%s' must be a Tensor, but got %s"
                            % (owner, name, type(img).__name__))
        if img.ndim != 4:
            raise ValueError("%s: '%s' must be 4-D (N, C, H, W), but got %d-D"
                             % (owner, name, img.ndim))
    if img1.shape != img2.shape or img1.dtype != img2.dtype:
        raise ValueError("%s: 'img1' and 'img2' must have the same shape and dtype, but got "
                         "%s %s and %s %s" % (owner, img1.shape, img1.dtype, img2.shape,
                                              img2.dtype))


class PSNR(Cell):
    """Peak signal-to-noise ratio per image: ``10 * log10(max_val ** 2 / mse)``, the mean square
    error over C, H and W. Integer images are compared as float32 values without rescaling.

    Args:
        max_val (Union[int, float]): the dynamic range of the pixel values, > 0. Default: 1.0.

    Inputs:
        - **img1** (Tensor) - shape (N, C, H, W).
        - **img2** (Tensor) - same shape and dtype.

    Outputs:
        float32 Tensor of shape (N,) (``inf`` for identical images).

    Raises:
        TypeError: ``max_val`` is not a number or an image not a Tensor.
        ValueError: ``max_val`` is not positive, or the images are not 4-D of one shape.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.zeros((1, 1, 2, 2), np.float32))
        >>> b = ms.Tensor(np.full((1, 1, 2, 2), 0.1, np.float32))
        >>> ms.nn.PSNR()(a, b).asnumpy().round(3)
        array([20.], dtype=float32)
    """

    def __init__(self, max_val=1.0):
        super().__init__()
        self.max_val = _check_max_val("PSNR", max_val)

    def construct(self, img1, img2):
        _check_pair("PSNR", img1, img2)
        a, b = F.cast(img1, mstype.float32), F.cast(img2, mstype.float32)
        mse = F.mean(F.square(F.sub(a, b)), (-3, -2, -1))
        return F.mul(F.log10(F.div(float(self.max_val) ** 2, mse)), 10.0)


def gaussian_window(size, sigma):
    """The normalised 2-D Gaussian (size x size) SSIM filters with; its offsets run from
    ``-size // 2 + 1`` to ``size // 2`` (so an even window leans right, as in MindSpore)."""
    offsets = np.arange(-size // 2 + 1, size // 2 + 1, dtype=np.float64)
    g = np.exp(-(offsets[:, None] ** 2 + offsets[None, :] ** 2) / (2.0 * sigma ** 2))
    return (g / g.sum()).astype(np.float32).reshape(1, 1, size, size)


class SSIM(Cell):
    """Structural similarity per image, averaged over channels and the valid positions of a
    ``filter_size`` Gaussian window: ``((2 mu1 mu2 + c1)(2 s12 + c2)) /
    ((mu1^2 + mu2^2 + c1)(s1^2 + s2^2 + c2))`` with ``c1 = (k1 * max_val) ** 2`` and
    ``c2 = (k2 * max_val) ** 2``.

    Args:
        max_val (Union[int, float]): the dynamic range of the pixel values, > 0. Default: 1.0.
        filter_size (int): the Gaussian window's side, >= 1. Default: 11.
        filter_sigma (float): the Gaussian's standard deviation, > 0. Default: 1.5.
        k1 (float): the luminance constant. Default: 0.01.
        k2 (float): the contrast constant. Default: 0.03.

    Inputs:
        - **img1** (Tensor) - float16/float32, shape (N, C, H, W), H and W >= filter_size.
        - **img2** (Tensor) - same shape and dtype.

    Outputs:
        Tensor of shape (N,).

    Raises:
        TypeError: an argument has the wrong type or the images are not float16/float32.
        ValueError: an argument is out of range, or the images are not 4-D of one shape or are
            smaller than the window.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> img = ms.Tensor(np.linspace(0, 1, 256, dtype=np.float32).reshape(1, 1, 16, 16))
        >>> ms.nn.SSIM()(img, img)
        Tensor(shape=[1], dtype=Float32, value= [ 1.00000000e+00])
    """

    def __init__(self, max_val=1.0, filter_size=11, filter_sigma=1.5, k1=0.01, k2=0.03):
        super().__init__()
        self.max_val = _check_max_val("SSIM", max_val)
        self.filter_size = check_int(filter_size, "SSIM", "filter_size", 1)
        if not isinstance(filter_sigma, float):
            raise TypeError("SSIM: 'filter_sigma' must be a float, but got %s"
                            % type(filter_sigma).__name__)
        if filter_sigma <= 0:
            raise ValueError("SSIM: 'filter_sigma' must be > 0, but got %r" % filter_sigma)
        self.filter_sigma = filter_sigma
        self.k1 = check_number(k1, "SSIM", "k1")
        self.k2 = check_number(k2, "SSIM", "k2")
        self._window = Tensor(gaussian_window(self.filter_size, filter_sigma))
        self.concat, self.reduce_mean = P.Concat(axis=1), P.ReduceMean()

    def construct(self, img1, img2):
        _check_pair("SSIM", img1, img2)
        if img1.dtype not in (mstype.float16, mstype.float32):
            raise TypeError("SSIM: the images must be float16 or float32, but got %s"
                            % img1.dtype)
        n, c, h, w = img1.shape
        if min(h, w) < self.filter_size:
            raise ValueError("SSIM: the images' H and W must be >= filter_size %d, but got %s"
                             % (self.filter_size, (h, w)))
        a = F.reshape(F.cast(img1, mstype.float32), (n * c, 1, h, w))
        b = F.reshape(F.cast(img2, mstype.float32), (n * c, 1, h, w))
        c1 = (self.k1 * self.max_val) ** 2
        c2 = (self.k2 * self.max_val) ** 2
        blur = lambda t: F.conv2d(t, self._window)  # noqa: E731 - one window, five uses
        mu1, mu2 = blur(a), blur(b)
        mu11, mu22, mu12 = F.mul(mu1, mu1), F.mul(mu2, mu2), F.mul(mu1, mu2)
        s11 = F.sub(blur(F.mul(a, a)), mu11)
        s22 = F.sub(blur(F.mul(b, b)), mu22)
        s12 = F.sub(blur(F.mul(a, b)), mu12)
        num = F.mul(F.add(F.mul(mu12, 2.0), c1), F.add(F.mul(s12, 2.0), c2))
        den = F.mul(F.add(F.add(mu11, mu22), c1), F.add(F.add(s11, s22), c2))
        ssim = F.mean(F.reshape(F.div(num, den), (n, -1)), -1)
        return F.cast(ssim, img1.dtype)


class CentralCrop(Cell):
    """Crop the central region of an image or a batch of images: the window keeps
    ``central_fraction`` of the height and of the width, its margins rounded down, so that
    the same number of rows (columns) is cut from each side.

    Args:
        central_fraction (float): the fraction of each spatial side to keep, in (0.0, 1.0];
            1.0 returns the input.

    Inputs:
        - **image** (Tensor) - a 3-D (C, H, W) or 4-D (N, C, H, W) Tensor of any dtype.

    Outputs:
        Tensor of the input's dtype and rank: ``H - 2 * int((H - H * central_fraction) / 2)``
        rows and ``W - 2 * int((W - W * central_fraction) / 2)`` columns.

    Raises:
        TypeError: ``central_fraction`` is not a float, or ``image`` is not a Tensor.
        ValueError: ``central_fraction`` is not in (0.0, 1.0], or ``image`` is not 3-D or 4-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, nn
        >>> image = Tensor(np.arange(2 * 3 * 7 * 5, dtype=np.float32).reshape(2, 3, 7, 5))
        >>> nn.CentralCrop(0.5)(image).shape
        (2, 3, 5, 3)
    """

    def __init__(self, central_fraction):
        super().__init__()
        if not isinstance(central_fraction, float):
            raise TypeError("For 'CentralCrop', the type of 'central_fraction' should be 'float', "
                            "but got type '%s'." % type(central_fraction).__name__)
        if not 0.0 < central_fraction <= 1.0:
            raise ValueError("For 'CentralCrop', the 'central_fraction' must be in range of "
                             "(0.0, 1.0], but got %r with type 'float'." % central_fraction)
        self.central_fraction = central_fraction
        self.slice = P.Slice()

    def construct(self, image):
        if not isinstance(image, Tensor):
            raise TypeError("For 'CentralCrop', 'image' must be a Tensor, but got %s"
                            % type(image).__name__)
        shape = tuple(image.shape)
        if len(shape) not in (3, 4):
            raise ValueError("CentralCrop image must be 3d or 4d, but got shape %s" % (shape,))
        if self.central_fraction == 1.0:
            return image
        h, w = shape[-2:]
        top = int((float(h) - float(h * self.central_fraction)) / 2)
        left = int((float(w) - float(w * self.central_fraction)) / 2)
        begin = (0,) * (len(shape) - 2) + (top, left)
        size = shape[:-2] + (h - 2 * top, w - 2 * left)
        return self.slice(image, begin, size)
