"""More enums of ``mindcell.dataset.vision``: colour conversions, patch slicing, batch layouts,
AutoAugment policies and image read modes (values as MindSpore's)."""
from enum import Enum, IntEnum

__all__ = ["ConvertMode", "SliceMode", "ImageBatchFormat", "AutoAugmentPolicy",
           "ImageReadMode"]


class ConvertMode(IntEnum):
    """Colour conversions of :class:`ConvertColor` (OpenCV's codes; the RGB spellings are
    aliases of the BGR ones that do the same channel moves)."""
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
    """How :class:`SlicePatches` treats a remainder: pad the image, or drop the pixels."""
    PAD = 0
    DROP = 1


class ImageBatchFormat(IntEnum):
    """Layout of an image batch."""
    NHWC = 0
    NCHW = 1


class AutoAugmentPolicy(str, Enum):
    """The data sets whose learned AutoAugment policies exist."""
    IMAGENET = "imagenet"
    CIFAR10 = "cifar10"
    SVHN = "svhn"


class ImageReadMode(IntEnum):
    """How ``read_image`` decodes: as stored, as one gray channel, or as RGB."""
    UNCHANGED = 0
    GRAYSCALE = 1
    COLOR = 2
