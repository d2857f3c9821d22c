"""PIL images in the vision transforms. As in MindSpore, a transform with a Python (Pillow)
implementation returns a PIL image for a PIL input; the others run on the image's pixels and
return a numpy array."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset.transforms.transforms import TensorOperation


def pil_module():
    try:
        from PIL import Image
    except ImportError:
        raise RuntimeError("PIL images need Pillow, which is not installed (pip install "
                           "pillow)") from None
    return Image


def is_pil(x):
    image_cls = getattr(type(x), "__module__", "").startswith("PIL.")
    return image_cls and hasattr(x, "getbands")


def require_pil(op, x):
    if not is_pil(x):
        raise TypeError("%s: the image must be a PIL image, but got %s (use Decode(to_pil="
                        "True) or ToPIL() first)" % (op, type(x).__name__))
    return x


def to_pil(x):
    """A numpy <H, W>, <H, W, 1|3|4> image (uint8, or float in [0, 1]) as a PIL image."""
    image = pil_module()
    if is_pil(x):
        return x
    x = np.asarray(x)
    if x.ndim == 3 and x.shape[2] == 1:
        x = x[:, :, 0]
    if x.ndim not in (2, 3) or (x.ndim == 3 and x.shape[2] not in (3, 4)):
        raise TypeError("ToPIL: expected an image of shape <H, W> or <H, W, 1|3|4>, but got "
                        "shape %s" % (x.shape,))
    if x.dtype.kind == "f":  # float images in [0, 1] are scaled, as MindSpore does
        x = (x * 255).astype(np.uint8)
    elif x.dtype != np.uint8:
        raise TypeError("ToPIL: expected a uint8 or float image, but got %s" % x.dtype)
    return image.fromarray(x)


class ImageOp(TensorOperation):
    """A transform whose ``_apply_pil`` (when defined) handles PIL images and returns one."""

    def __call__(self, *inputs):
        if len(inputs) == 1 and is_pil(inputs[0]) and hasattr(self, "_apply_pil"):
            return self._apply_pil(inputs[0])
        return super().__call__(*inputs)


class SameDrawEachInput:
    """Mixin for the random transforms MindSpore 2.10 applies to several columns of one map
    (``map(RandomHorizontalFlip(), input_columns=["image", "mask"])``): RandomCrop,
    RandomResizedCrop, RandomResize, RandomHorizontalFlip and RandomVerticalFlip transform every
    input with the same random draw of the row (an image and its mask are cropped and flipped
    alike) and return one output per input. One input keeps the one-input call."""

    def __call__(self, *inputs):
        if len(inputs) <= 1:
            return super().__call__(*inputs)
        from mindcell.dataset import config
        rng = config.transform_rng()
        start = rng.bit_generator.state
        outs = []
        for x in inputs:  # each input replays the row's draws from the same state
            replay = np.random.Generator(type(rng.bit_generator)())
            replay.bit_generator.state = start
            saved = getattr(config._local, "slot", None)
            config._local.slot = [None, replay]
            try:
                outs.append(super().__call__(x))
            finally:
                config._local.slot = saved
        rng.bit_generator.state = replay.bit_generator.state  # the row used one draw
        return tuple(outs)


class PilRoundTrip(ImageOp):
    """A transform that MindSpore also runs on PIL images, returning PIL images: mindcell
    transforms the pixels and converts the result back (palette and other modes as RGB)."""

    def _apply_pil(self, img):
        if img.mode not in ("L", "RGB", "RGBA"):
            img = img.convert("RGB")
        out = self._apply(np.asarray(img))
        return pil_module().fromarray(c_contiguous(out))


_PIL_FILTERS = {0: "NEAREST", 1: "LANCZOS", 2: "BILINEAR", 3: "BICUBIC"}


def pil_filter(op, interpolation):
    """The Pillow resampling filter of a vision.Inter (NEAREST, ANTIALIAS, BILINEAR, BICUBIC),
    as MindSpore's Python transforms use; TypeError for the others, as MindSpore."""
    name = _PIL_FILTERS.get(int(interpolation))
    if name is None:
        raise TypeError("%s: interpolation %s is not supported with PIL input"
                        % (op, interpolation.name))
    return getattr(pil_module(), name)
