"""Conversions of ``mindcell.dataset.vision``: numpy <-> PIL images, dtype casts, and decoding
fused with a random resized crop."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset.transforms.transforms import TensorOperation, numpy_dtype
from mindcell.dataset.vision._decode import decode
from mindcell.dataset.vision._pil import is_pil, pil_module
from mindcell.dataset.vision.augment import RandomResizedCrop
from mindcell.dataset.vision.utils import Inter

__all__ = ["ToPIL", "ToNumpy", "ToType", "RandomCropDecodeResize"]


class ToPIL(TensorOperation):
    """ToPIL(): a uint8 numpy image <H, W> or <H, W, 1|2|3|4> as a PIL image (mode L, LA, RGB or
    RGBA); a PIL image is returned as it is.

    Raises:
        TypeError: the array is not uint8 or has another shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.ToPIL()(np.zeros((2, 3, 3), np.uint8)).size
        (3, 2)
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
    """ToNumpy(): a PIL image (or array) as a numpy array.

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
    """ToType(data_type): cast to ``data_type`` (a numpy or mindcell dtype), as TypeCast.

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


class RandomCropDecodeResize(RandomResizedCrop):
    """RandomCropDecodeResize(size, scale=(0.08, 1.0), ratio=(3. / 4., 4. / 3.),
    interpolation=Inter.BILINEAR, max_attempts=10): decode an encoded image (a 1-d uint8
    array: JPEG, PNG ...) and apply RandomResizedCrop to it.

    Raises:
        TypeError: the input is not a 1-d uint8 array of encoded bytes.

    Examples:
        >>> import io
        >>> import numpy as np
        >>> from PIL import Image
        >>> from mindcell.dataset import vision
        >>> buf = io.BytesIO()
        >>> Image.fromarray(np.zeros((8, 8, 3), np.uint8)).save(buf, "PNG")
        >>> data = np.frombuffer(buf.getvalue(), np.uint8)
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
