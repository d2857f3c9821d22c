"""``mindcell.dataset.vision``: image transforms on numpy HWC images (and PIL images where
MindSpore has a Pillow implementation) and the vision enums. The older module paths
``vision.transforms``, ``c_transforms`` and ``py_transforms`` give the same classes."""
from mindcell.dataset.vision.transforms import (CenterCrop, Decode, HWC2CHW, Normalize, Pad,
                                                RandomCrop, RandomHorizontalFlip,
                                                RandomVerticalFlip, Rescale, Resize, ToTensor,
                                                not_random)
from mindcell.dataset.vision.augment import RandomResizedCrop, RandomRotation
from mindcell.dataset.vision.utils import Border, Inter
from mindcell.dataset.vision.modes import (AutoAugmentPolicy, ConvertMode, ImageBatchFormat,
                                           ImageReadMode, SliceMode)
from mindcell.dataset.vision.color import (AdjustBrightness, AdjustContrast, AdjustGamma,
                                           AdjustHue, AdjustSaturation, AdjustSharpness,
                                           AutoContrast, ConvertColor, Equalize, Grayscale,
                                           Invert, Posterize, Solarize)
from mindcell.dataset.vision.color_random import (RandomAdjustSharpness, RandomAutoContrast,
                                                  RandomColor, RandomColorAdjust,
                                                  RandomEqualize, RandomGrayscale, RandomInvert,
                                                  RandomPosterize, RandomSharpness,
                                                  RandomSolarize)
from mindcell.dataset.vision.geometry import (Affine, Crop, HorizontalFlip, PadToSize,
                                              RandomAffine, RandomResize, ResizedCrop, Rotate,
                                              SlicePatches, VerticalFlip)
from mindcell.dataset.vision.erasing import CutOut, Erase, RandomErasing
from mindcell.dataset.vision.conversion import RandomCropDecodeResize, ToNumpy, ToPIL, ToType
from mindcell.dataset.vision.policy import RandomSelectSubpolicy, UniformAugment
from mindcell.dataset.vision.filters import GaussianBlur, Perspective, RandomPerspective
from mindcell.dataset.vision.hsv import HsvToRgb, RgbToHsv
from mindcell.dataset.vision.linear import LinearTransformation, NormalizePad, RandomLighting
from mindcell.dataset.vision.multi_crop import FiveCrop, TenCrop
from mindcell.dataset.vision.mix import CutMixBatch, MixUp, MixUpBatch
from mindcell.dataset.vision.auto_augment import AutoAugment, RandAugment, TrivialAugmentWide
from mindcell.dataset.vision.bbox import (BoundingBoxAugment, RandomCropWithBBox,
                                          RandomHorizontalFlipWithBBox, RandomResizedCropWithBBox,
                                          RandomResizeWithBBox, RandomVerticalFlipWithBBox,
                                          ResizeWithBBox)
from mindcell.dataset.vision.image_io import (encode_jpeg, encode_png, get_image_num_channels,
                                              get_image_size, read_file, read_image,
                                              write_file, write_jpeg, write_png)

__all__ = ["Resize", "Normalize", "HWC2CHW", "ToTensor", "Rescale", "Pad", "RandomCrop",
           "CenterCrop", "RandomHorizontalFlip", "RandomVerticalFlip", "Decode",
           "RandomResizedCrop", "RandomRotation", "Inter", "Border",
           "ConvertMode", "SliceMode", "ImageBatchFormat", "AutoAugmentPolicy", "ImageReadMode",
           "Invert", "Equalize", "AutoContrast", "Posterize", "Solarize", "AdjustBrightness",
           "AdjustContrast", "AdjustSaturation", "AdjustHue", "AdjustGamma", "AdjustSharpness",
           "Grayscale", "ConvertColor",
           "RandomColorAdjust", "RandomColor", "RandomSharpness", "RandomAdjustSharpness",
           "RandomAutoContrast", "RandomEqualize", "RandomInvert", "RandomPosterize",
           "RandomSolarize", "RandomGrayscale",
           "Crop", "HorizontalFlip", "VerticalFlip", "Rotate", "Affine", "RandomAffine",
           "ResizedCrop", "RandomResize", "SlicePatches", "PadToSize",
           "CutOut", "RandomErasing", "Erase",
           "ToPIL", "ToNumpy", "ToType", "RandomCropDecodeResize",
           "RandomSelectSubpolicy", "UniformAugment",
           "GaussianBlur", "Perspective", "RandomPerspective", "RgbToHsv", "HsvToRgb",
           "NormalizePad", "RandomLighting", "LinearTransformation", "FiveCrop", "TenCrop",
           "MixUpBatch", "CutMixBatch", "MixUp", "read_file", "write_file", "read_image",
           "encode_jpeg", "encode_png", "write_jpeg", "write_png", "get_image_num_channels",
           "get_image_size", "AutoAugment", "RandAugment", "TrivialAugmentWide",
           "RandomHorizontalFlipWithBBox", "RandomVerticalFlipWithBBox", "ResizeWithBBox",
           "RandomResizeWithBBox", "RandomCropWithBBox", "RandomResizedCropWithBBox",
           "BoundingBoxAugment", "not_random"]
