"""More enums of ``mindcell.dataset.vision``: colour conversions, patch slicing, batch layouts,
AutoAugment policies and image read modes (values as MindSpore's)."""
from enum import Enum, IntEnum

__all__ = ["ConvertMode", "SliceMode", "ImageBatchFormat", "AutoAugmentPolicy",
           "ImageReadMode"]


class ConvertMode(IntEnum):
    """Colour conversions of :class:`ConvertColor`, an ``IntEnum`` of OpenCV's codes
    (``COLOR_BGR2RGB``, ``COLOR_RGB2GRAY``, ``COLOR_GRAY2RGBA`` ...; the RGB spellings that
    do the same channel moves as BGR ones are aliases of them).

    Args:
        value (int): the member's value, as for any ``IntEnum``.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.ConvertMode.COLOR_RGB2BGR is vision.ConvertMode.COLOR_BGR2RGB
        True
        >>> vision.ConvertMode(7).name
        'COLOR_RGB2GRAY'
    """
    COLOR_BGR2BGRA = 0
    COLOR_RGB2RGBA = 0
    COLOR_BGRA2BGR = 1
    COLOR_RGBA2RGB = 1
    COLOR_BGR2RGBA = 2
    COLOR_RGB2BGRA = 2
    COLOR_RGBA2BGR = 3
    COLOR_BGRA2RGB = 3
    COLOR_BGR2RGB = 4
    COLOR_RGB2BGR = 4
    COLOR_BGRA2RGBA = 5
    COLOR_RGBA2BGRA = 5
    COLOR_BGR2GRAY = 6
    COLOR_RGB2GRAY = 7
    COLOR_GRAY2BGR = 8
    COLOR_GRAY2RGB = 8
    COLOR_GRAY2BGRA = 9
    COLOR_GRAY2RGBA = 9
    COLOR_BGRA2GRAY = 10
    COLOR_RGBA2GRAY = 11


class SliceMode(IntEnum):
    """How :class:`SlicePatches` treats a remainder that does not fill a patch, an ``IntEnum``:
    ``PAD`` (0, pad the image) or ``DROP`` (1, drop the pixels).

    Args:
        value (int): the member's value, 0 or 1.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.SliceMode(1), int(vision.SliceMode.PAD)
        (<SliceMode.DROP: 1>, 0)
    """
    PAD = 0
    DROP = 1


class ImageBatchFormat(IntEnum):
    """Layout of an image batch for :class:`CutMixBatch`, an ``IntEnum``: ``NHWC`` (0) or
    ``NCHW`` (1).

    Args:
        value (int): the member's value, 0 or 1.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.ImageBatchFormat(1)
        <ImageBatchFormat.NCHW: 1>
    """
    NHWC = 0
    NCHW = 1


class AutoAugmentPolicy(str, Enum):
    """The data sets whose learned policies :class:`AutoAugment` applies, a str ``Enum``:
    ``IMAGENET``, ``CIFAR10`` and ``SVHN``.

    Args:
        value (str): the member's value: 'imagenet', 'cifar10' or 'svhn'.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.AutoAugmentPolicy("svhn")
        <AutoAugmentPolicy.SVHN: 'svhn'>
    """
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


class ImageReadMode(IntEnum):
    """How :func:`read_image` decodes, an ``IntEnum``: ``UNCHANGED`` (0, as stored),
    ``GRAYSCALE`` (1, one gray channel) or ``COLOR`` (2, RGB).

    Args:
        value (int): the member's value, 0 to 2.

    Examples:
        >>> from mindcell.dataset import vision
        >>> vision.ImageReadMode(2)
        <ImageReadMode.COLOR: 2>
    """
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2
