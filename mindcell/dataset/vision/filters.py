"""Filtering and perspective transforms of ``mindcell.dataset.vision``: ``GaussianBlur`` and
``Perspective`` (OpenCV's arithmetic, see ``_cv``) and ``RandomPerspective`` (Pillow's, on PIL
images)."""
import numpy as np

from mindcell.dataset import config
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision._pil import ImageOp, is_pil, pil_module
from mindcell.dataset.vision.utils import Inter

__all__ = ["GaussianBlur", "Perspective", "RandomPerspective"]


def _kernel_sizes(kernel_size):
    sizes = (kernel_size, kernel_size) if chk.is_int(kernel_size) else kernel_size
    if not isinstance(sizes, (list, tuple)) or len(sizes) != 2 or \
            not all(chk.is_int(k) for k in sizes):
        raise TypeError("GaussianBlur: 'kernel_size' must be an int or 2 ints, but got %r"
                        % (kernel_size,))
    for k in sizes:
        chk.number("GaussianBlur", "kernel_size", k, 1, chk._MAX, True)
        if k % 2 == 0:
            raise ValueError("GaussianBlur: 'kernel_size' must be odd, but got %r"
                             % (kernel_size,))
    return tuple(int(k) for k in sizes)


class GaussianBlur(ImageOp):
    """GaussianBlur(kernel_size, sigma=None): blur an image with a Gaussian kernel. The border
    is reflected without the edge pixel; uint8 images use OpenCV's 8-bit fixed point.

    Args:
        kernel_size (Union[int, Sequence[int]]): the odd kernel size, or (width, height).
        sigma (Union[float, Sequence[float]], optional): the standard deviation, or (x, y),
            >= 0; None or 0: ``0.3 * ((kernel_size - 1) * 0.5 - 1) + 0.8``. Default: ``None``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: ``kernel_size`` is not an int or 2 ints, or ``sigma`` not a number or 2
            numbers.
        ValueError: a kernel size below 1 or even, or a negative ``sigma``.
        RuntimeError: the image is not 2-d or 3-d uint8, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.GaussianBlur(3)(np.full((3, 3), 9, np.uint8)).tolist()
        [[9, 9, 9], [9, 9, 9], [9, 9, 9]]
        >>> vision.GaussianBlur((3, 1), sigma=1.0)(np.array([[0.0, 3.0, 0.0]])).round(3)
        array([[1.644, 1.356, 1.644]])
    """

    def __init__(self, kernel_size, sigma=None):
        self.kernel_size = _kernel_sizes(kernel_size)
        if sigma is None:
            sigma = tuple(0.3 * ((k - 1) * 0.5 - 1) + 0.8 for k in self.kernel_size)
        elif chk.is_number(sigma):
            sigma = (sigma, sigma)
        if not isinstance(sigma, (list, tuple)) or len(sigma) != 2:
            raise TypeError("GaussianBlur: 'sigma' must be None, a number or 2 numbers, but "
                            "got %r" % (sigma,))
        self.sigma = tuple(chk.number("GaussianBlur", "sigma", s) for s in sigma)

    def _apply(self, x):
        chk.image("GaussianBlur", x, channels=range(1, 1 << 16),
                  dtypes=("uint8", "float32", "float64"))
        sx, sy = (s if s > 0 else 0.3 * ((k - 1) * 0.5 - 1) + 0.8
                  for s, k in zip(self.sigma, self.kernel_size))
        return _cv.gaussian_blur(x, self.kernel_size[0], self.kernel_size[1], sx, sy)


def _points(op, arg, points):
    if not isinstance(points, (list, tuple)) or len(points) != 4 or not all(
            isinstance(p, (list, tuple)) and len(p) == 2 and all(chk.is_int(c) for c in p)
            for p in points):
        raise TypeError("%s: '%s' must be 4 [x, y] pairs of ints, but got %r"
                        % (op, arg, points))
    return [[int(c) for c in p] for p in points]


def _sampling(op, interpolation):
    chk.enum(op, "interpolation", interpolation, Inter)
    return {Inter.NEAREST: False, Inter.BILINEAR: True, Inter.AREA: True, Inter.PILCUBIC: True,
            Inter.BICUBIC: "cubic"}.get(interpolation)


class Perspective(ImageOp):
    """Perspective(start_points, end_points, interpolation=Inter.BILINEAR): the perspective warp
    taking the 4 ``start_points`` to ``end_points``; pixels from outside are 0.

    Args:
        start_points (Sequence[Sequence[int]]): 4 [x, y] corners in the input.
        end_points (Sequence[Sequence[int]]): the 4 [x, y] places they go to.
        interpolation (Inter, optional): NEAREST, BILINEAR, BICUBIC, AREA or PILCUBIC (the
            last two sampled bilinearly). Default: ``Inter.BILINEAR``.

    Returns:
        numpy.ndarray of the input's shape and dtype.

    Raises:
        TypeError: the points are not 4 pairs of ints, or ``interpolation`` not an ``Inter``.
        RuntimeError: ANTIALIAS ``interpolation`` (when it runs), or the image is not 2-d or
            3-d uint8, float32 or float64.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> corners = [[0, 0], [2, 0], [2, 2], [0, 2]]
        >>> x = np.arange(9, dtype=np.uint8).reshape(3, 3)
        >>> vision.Perspective(corners, corners)(x).tolist()
        [[0, 1, 2], [3, 4, 5], [6, 7, 8]]
        >>> shifted = [[1, 0], [3, 0], [3, 2], [1, 2]]
        >>> vision.Perspective(corners, shifted, vision.Inter.NEAREST)(x).tolist()
        [[0, 0, 1], [0, 3, 4], [0, 6, 7]]
    """

    def __init__(self, start_points, end_points, interpolation=Inter.BILINEAR):
        self.start_points = _points("Perspective", "start_points", start_points)
        self.end_points = _points("Perspective", "end_points", end_points)
        self.interpolation = interpolation
        self._linear = _sampling("Perspective", interpolation)

    def _apply(self, x):
        if self._linear is None:
            raise RuntimeError("Perspective: ANTIALIAS needs a PIL image (mindcell samples numpy "
                               "images with NEAREST, BILINEAR, BICUBIC, AREA or PILCUBIC)")
        chk.image("Perspective", x, channels=range(1, 1 << 16),
                  dtypes=("uint8", "float32", "float64"))
        matrix = _cv.perspective_matrix(self.start_points, self.end_points)
        return _cv.warp_perspective(x, matrix, self._linear)


_PIL_RESAMPLE = {Inter.NEAREST: "NEAREST", Inter.BILINEAR: "BILINEAR", Inter.BICUBIC: "BICUBIC",
                 Inter.ANTIALIAS: "LANCZOS"}


def _perspective_coeffs(start, end):
    """Pillow's PERSPECTIVE data: the 8 coefficients mapping output ``end`` points back to
    input ``start`` points."""
    rows, rhs = [], []
    for (x, y), (u, v) in zip(end, start):
        rows += [[x, y, 1, 0, 0, 0, -u * x, -u * y], [0, 0, 0, x, y, 1, -v * x, -v * y]]
        rhs += [u, v]
    return np.linalg.lstsq(np.array(rows, np.float64), np.array(rhs, np.float64),
                           rcond=None)[0].tolist()


class RandomPerspective(TensorOperation):
    """RandomPerspective(distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC): with
    probability ``prob``, move each corner of a PIL image inwards by up to
    ``distortion_scale`` of half the size (uniformly, in whole pixels) and warp it with
    Pillow. PIL images only, as MindSpore.

    Args:
        distortion_scale (float, optional): the largest move, in [0, 1]. Default: ``0.5``.
        prob (float, optional): the probability, in [0, 1]. Default: ``0.5``.
        interpolation (Inter, optional): NEAREST, BILINEAR, BICUBIC or ANTIALIAS.
            Default: ``Inter.BICUBIC``.

    Returns:
        PIL.Image.Image of the input's size.

    Raises:
        TypeError: an argument has a wrong type, or the call is not given one column.
        ValueError: a value outside [0, 1], or the image is not a PIL image.
        RuntimeError: ``interpolation`` is AREA or PILCUBIC.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.zeros((8, 8, 3), np.uint8))
        >>> vision.RandomPerspective(prob=1.0)(img).size
        (8, 8)
    """

    def __init__(self, distortion_scale=0.5, prob=0.5, interpolation=Inter.BICUBIC):
        op = "RandomPerspective"
        self.distortion_scale = chk.number(op, "distortion_scale", distortion_scale, 0, 1)
        self.prob = chk.prob(op, prob)
        self.interpolation = chk.enum(op, "interpolation", interpolation, Inter)

    def corners(self, h, w, rng):
        """(start_points, end_points) of one draw for an h x w image."""
        dw = int(self.distortion_scale * (w // 2))
        dh = int(self.distortion_scale * (h // 2))

        def near(limit):  # in [0, limit]
            return int(rng.integers(0, limit + 1))

        def far(size, limit):  # in [size - 1 - limit, size - 1]
            return int(rng.integers(size - limit - 1, size))
        start = [[0, 0], [w - 1, 0], [w - 1, h - 1], [0, h - 1]]
        end = [[near(dw), near(dh)], [far(w, dw), near(dh)], [far(w, dw), far(h, dh)],
               [near(dw), far(h, dh)]]
        return start, end

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("RandomPerspective: expected 1 input column, but got %d"
                            % len(inputs))
        img = inputs[0]
        if not is_pil(img):
            raise ValueError("RandomPerspective: the image must be a PIL image, but got %s"
                             % type(img).__name__)
        if self.interpolation not in _PIL_RESAMPLE:
            raise RuntimeError("RandomPerspective: interpolation %s is not supported (use "
                               "NEAREST, ANTIALIAS, LINEAR or CUBIC)" % self.interpolation.name)
        rng = config.transform_rng()
        if rng.random() >= self.prob:
            return img
        w, h = img.size
        start, end = self.corners(h, w, rng)
        image = pil_module()
        resample = getattr(image, _PIL_RESAMPLE[self.interpolation])
        return img.transform((w, h), image.PERSPECTIVE, _perspective_coeffs(start, end),
                             resample)
