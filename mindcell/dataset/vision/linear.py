"""Per-pixel linear maps of ``mindcell.dataset.vision``: ``NormalizePad`` (normalise and add a
zero channel), ``RandomLighting`` (AlexNet's PCA colour noise) and ``LinearTransformation``
(a matrix applied to the flattened image)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset import config
from mindcell.dataset.transforms.transforms import TensorOperation
from mindcell.dataset.vision import _checks as chk
from mindcell.dataset.vision import _cv
from mindcell.dataset.vision._pil import ImageOp

__all__ = ["NormalizePad", "RandomLighting", "LinearTransformation"]


def _three(op, arg, values, positive):
    if not isinstance(values, (list, tuple)):
        raise TypeError("%s: '%s' must be a list or tuple of 3 numbers, but got %r"
                        % (op, arg, values))
    if len(values) != 3:
        raise ValueError("%s: '%s' must have 3 values (mean and std of equal length), but got "
                         "%r" % (op, arg, values))
    out = [chk.number(op, arg, v, 0, 255) for v in values]
    if positive and min(out) <= 0:
        raise ValueError("%s: '%s' must be in (0, 255], but got %r" % (op, arg, values))
    return out


class NormalizePad(ImageOp):
    """NormalizePad(mean, std, dtype="float32", is_hwc=True): ``(image - mean) / std`` per
    channel of a 3-channel image, with a fourth channel of zeros.

    Args:
        mean (Sequence[float]): the 3 channel means, in [0, 255].
        std (Sequence[float]): the 3 channel standard deviations, in (0, 255].
        dtype (str, optional): the output type, "float32" or "float16". Default: ``"float32"``.
        is_hwc (bool, optional): the image is <H, W, 3> (True) or <3, H, W>. Default: ``True``.

    Returns:
        numpy.ndarray <H, W, 4> (or <4, H, W>) of ``dtype``.

    Raises:
        TypeError: ``mean`` / ``std`` is not a list or tuple of numbers, ``dtype`` not a str,
            or ``is_hwc`` not a bool.
        ValueError: ``mean`` / ``std`` does not have 3 values or has one out of range, or
            ``dtype`` is another str.
        RuntimeError: the image is not 3-channel in the given layout.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.NormalizePad([10.0, 20.0, 30.0], [2.0, 4.0, 5.0])
        >>> op(np.full((1, 1, 3), 40, np.uint8)).tolist()
        [[[15.0, 5.0, 2.0, 0.0]]]
    """

    def __init__(self, mean, std, dtype="float32", is_hwc=True):
        self.mean = _three("NormalizePad", "mean", mean, False)
        self.std = _three("NormalizePad", "std", std, True)
        if not isinstance(dtype, str):
            raise TypeError("NormalizePad: 'dtype' must be a str, but got %r" % (dtype,))
        if dtype not in ("float32", "float16"):
            raise ValueError("NormalizePad: 'dtype' must be 'float32' or 'float16', but got %r"
                             % dtype)
        self.dtype, self.is_hwc = dtype, chk.boolean("NormalizePad", "is_hwc", is_hwc)

    def _apply(self, x):
        if x.ndim != 3 or x.shape[2 if self.is_hwc else 0] != 3:
            raise RuntimeError("NormalizePad: expected a 3-channel %s image, but got shape %s"
                               % ("<H, W, C>" if self.is_hwc else "<C, H, W>", x.shape))
        hwc = x if self.is_hwc else np.moveaxis(x, 0, 2)
        scale = 1.0 / np.asarray(self.std, np.float32).astype(np.float64)
        shift = -np.asarray(self.mean, np.float32) / np.asarray(self.std, np.float32)
        out = np.zeros(hwc.shape[:2] + (4,), self.dtype)
        out[..., :3] = hwc.astype(np.float64) * scale + shift.astype(np.float64)
        return out if self.is_hwc else c_contiguous(np.moveaxis(out, 2, 0))


# ImageNet RGB eigenvalues times eigenvectors (Krizhevsky et al. 2012)
_EIG = np.array([[55.46 * -0.5675, 4.794 * 0.7192, 1.148 * 0.4009],
                 [55.46 * -0.5808, 4.794 * -0.0045, 1.148 * -0.8140],
                 [55.46 * -0.5836, 4.794 * -0.6948, 1.148 * 0.4203]], np.float32)


class RandomLighting(ImageOp):
    """RandomLighting(alpha=0.05): add AlexNet's PCA colour shift ``eig @ n`` to every pixel of
    an <H, W, 3> image, with ``n`` three draws from N(0, alpha) (uint8 images are rounded and
    saturated).

    Args:
        alpha (float, optional): the standard deviation of the draws, >= 0 (0: no shift).
            Default: ``0.05``.

    Returns:
        numpy.ndarray <H, W, 3> of the input's dtype.

    Raises:
        TypeError: ``alpha`` is not a number.
        ValueError: ``alpha`` is negative.
        RuntimeError: the image is not <H, W, 3>.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.RandomLighting(0.0)(np.full((1, 1, 3), 7, np.uint8)).tolist()
        [[[7, 7, 7]]]
        >>> vision.RandomLighting(0.1)(np.zeros((4, 4, 3), np.float32)).shape
        (4, 4, 3)
    """

    def __init__(self, alpha=0.05):
        self.alpha = chk.number("RandomLighting", "alpha", alpha)

    def _apply(self, x):
        chk.image("RandomLighting", x, (3,), (3,))
        noise = config.transform_rng().normal(0.0, self.alpha, 3).astype(np.float32) \
            if self.alpha > 0 else np.zeros(3, np.float32)
        shift = _EIG @ noise
        out = x.astype(np.float32) + shift
        return _cv.saturate_u8(out) if x.dtype == np.uint8 else out.astype(x.dtype)


class LinearTransformation(TensorOperation):
    """LinearTransformation(transformation_matrix, mean_vector): ``(flat - mean_vector) @
    transformation_matrix`` of the flattened numpy image (D = C * H * W values), reshaped back
    (float64), e.g. for ZCA whitening.

    Args:
        transformation_matrix (numpy.ndarray): a D x D matrix.
        mean_vector (numpy.ndarray): a vector of length D.

    Returns:
        numpy.ndarray, float64, of the input's shape.

    Raises:
        TypeError: an argument is not a numpy array.
        ValueError: the matrix is not square, the vector's length differs, or the image does
            not have D values.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> op = vision.LinearTransformation(np.eye(2) * 2, np.ones(2))
        >>> op(np.array([[[3.0, 4.0]]])).tolist()
        [[[4.0, 6.0]]]
    """

    def __init__(self, transformation_matrix, mean_vector):
        op = "LinearTransformation"
        for arg, v in (("transformation_matrix", transformation_matrix),
                       ("mean_vector", mean_vector)):
            if not isinstance(v, np.ndarray):
                raise TypeError("%s: '%s' must be a numpy array, but got %s"
                                % (op, arg, type(v).__name__))
        m, mean = transformation_matrix, mean_vector
        if m.ndim != 2 or m.shape[0] != m.shape[1]:
            raise ValueError("%s: 'transformation_matrix' must be square, but got shape %s"
                             % (op, m.shape))
        if mean.ndim != 1 or mean.shape[0] != m.shape[0]:
            raise ValueError("%s: 'mean_vector' must have length %d, but got shape %s"
                             % (op, m.shape[0], mean.shape))
        self.transformation_matrix, self.mean_vector = m, mean

    def _apply(self, x):
        if x.size != self.mean_vector.shape[0]:
            raise ValueError("LinearTransformation: the image has %d values but the matrix is "
                             "%d x %d" % (x.size, *self.transformation_matrix.shape))
        flat = x.reshape(1, -1).astype(np.float64) - self.mean_vector
        return (flat @ self.transformation_matrix).reshape(x.shape)
