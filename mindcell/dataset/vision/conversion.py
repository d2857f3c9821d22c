"""Conversions of ``mindcell.dataset.vision``: numpy <-> PIL images, dtype casts, and decoding
fused with a random resized crop."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset._docs import shared_sections
from mindcell.dataset.transforms.transforms import TensorOperation, numpy_dtype
from mindcell.dataset.vision._decode import decode
from mindcell.dataset.vision._pil import is_pil, pil_module
from mindcell.dataset.vision.augment import RandomResizedCrop
from mindcell.dataset.vision.utils import Inter

__all__ = ["ToPIL", "ToNumpy", "ToType", "RandomCropDecodeResize"]


class ToPIL(TensorOperation):
    """ToPIL(): a uint8 numpy image <H, W> or <H, W, 1|2|3|4> as a PIL image (mode L, LA, RGB or
    RGBA); a PIL image is returned as it is.

    Inputs:
        - **image** (Union[numpy.ndarray, PIL.Image.Image]) - a uint8 image.

    Returns:
        PIL.Image.Image.

    Raises:
        TypeError: the array is not uint8 or has another shape, or the call is not given one
            column.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.zeros((2, 3, 3), np.uint8))
        >>> img.size, img.mode
        ((3, 2), 'RGB')
    """

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("ToPIL: expected 1 input column, but got %d" % len(inputs))
        if is_pil(inputs[0]):
            return inputs[0]
        return self._apply(np.asarray(inputs[0]))

    def _apply(self, x):
        if x.ndim == 3 and x.shape[2] == 1:
            x = x[:, :, 0]
        if x.ndim not in (2, 3) or (x.ndim == 3 and x.shape[2] > 4):
            raise TypeError("ToPIL: expected an image of shape <H, W> or <H, W, 1|2|3|4>, but "
                            "got shape %s" % (x.shape,))
        if x.dtype != np.uint8:
            raise TypeError("ToPIL: expected a uint8 image, but got %s" % x.dtype)
        return pil_module().fromarray(c_contiguous(x))


class ToNumpy(TensorOperation):
    """ToNumpy(): a PIL image (or an array) as a numpy array (a copy).

    Inputs:
        - **image** (Union[PIL.Image.Image, numpy.ndarray]) - the image.

    Returns:
        numpy.ndarray, <H, W> or <H, W, C> for a PIL image.

    Raises:
        TypeError: the call is not given one column.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = vision.ToPIL()(np.ones((2, 2), np.uint8))
        >>> vision.ToNumpy()(img).tolist()
        [[1, 1], [1, 1]]
    """

    def _apply(self, x):
        return np.array(x)


class ToType(TensorOperation):
    """ToType(data_type): cast an image (or any array) to ``data_type``, as
    ``transforms.TypeCast``.

    Args:
        data_type (Union[numpy.dtype, mindcell.dtype]): the target type.

    Returns:
        numpy.ndarray with dtype ``data_type``.

    Raises:
        TypeError: ``data_type`` is not a dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.ToType(np.int16)(np.ones(2, np.uint8)).dtype
        dtype('int16')
    """

    def __init__(self, data_type):
        self.data_type = data_type
        self._np = numpy_dtype("ToType", data_type)

    def _apply(self, x):
        return x.astype(self._np)


@shared_sections(RandomResizedCrop, ("Args:",))
class RandomCropDecodeResize(RandomResizedCrop):
    """RandomCropDecodeResize(size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
    interpolation=Inter.BILINEAR, max_attempts=10): decode an encoded image (a 1-d uint8
    array: JPEG, PNG ...) and apply :class:`RandomResizedCrop` to it.

    Returns:
        numpy.ndarray <size[0], size[1], 3> uint8.

    Raises:
        TypeError: an argument has a wrong type, or the input is not a 1-d uint8 array of
            encoded bytes.
        ValueError: an argument is out of range.
        RuntimeError: the bytes cannot be decoded.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> data = vision.encode_png(np.zeros((8, 8, 3), np.uint8))
        >>> vision.RandomCropDecodeResize(4)(data).shape
        (4, 4, 3)
    """

    def __init__(self, size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
                 interpolation=Inter.BILINEAR, max_attempts=10):
        super().__init__(size, scale, ratio, interpolation, max_attempts)

    def _apply(self, x):
        if x.ndim != 1 or x.dtype != np.uint8:
            raise TypeError("RandomCropDecodeResize: expected an encoded image as a 1-d uint8 "
                            "array, but got %s of shape %s" % (x.dtype, x.shape))
        return super()._apply(decode("RandomCropDecodeResize", x))
