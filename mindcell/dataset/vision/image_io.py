"""Image file functions of ``mindcell.dataset.vision``: reading and writing files, decoding and
encoding JPEG/PNG (with Pillow), and an image's size and channel count."""
import io

import numpy as np

from mindcell.dataset.engine import to_array
from mindcell.dataset.vision._pil import is_pil, pil_module
from mindcell.dataset.vision.modes import ImageReadMode

__all__ = ["read_file", "write_file", "read_image", "encode_jpeg", "encode_png", "write_jpeg",
           "write_png", "get_image_num_channels", "get_image_size"]


def _filename(op, filename):
    if not isinstance(filename, str):
        raise TypeError("%s: 'filename' must be a str, but got %s" % (op, type(filename).__name__))
    return filename


def read_file(filename):
    """read_file(filename): the file's bytes as a 1-d uint8 array.

    Raises:
        TypeError: ``filename`` is not a str.
        RuntimeError: the file cannot be read.
    """
    _filename("read_file", filename)
    try:
        with open(filename, "rb") as f:
            return np.frombuffer(f.read(), np.uint8).copy()
    except OSError as exc:
        raise RuntimeError("read_file: cannot read %r: %s" % (filename, exc)) from None


def write_file(filename, data):
    """write_file(filename, data): write a 1-d uint8 array (or Tensor) to ``filename``.

    Raises:
        TypeError: ``filename`` is not a str.
        RuntimeError: ``data`` is not a 1-d uint8 array, or the file cannot be written.
    """
    _filename("write_file", filename)
    data = to_array(data)
    if data.ndim != 1 or data.dtype != np.uint8:
        raise RuntimeError("write_file: 'data' must be a 1-d uint8 array, but got %s of shape %s"
                           % (data.dtype, data.shape))
    try:
        with open(filename, "wb") as f:
            f.write(data.tobytes())
    except OSError as exc:
        raise RuntimeError("write_file: cannot write %r: %s" % (filename, exc)) from None


def read_image(filename, mode=ImageReadMode.UNCHANGED):
    """read_image(filename, mode=ImageReadMode.UNCHANGED): decode an image file to a uint8
    <H, W, C> array: as stored (UNCHANGED), one gray channel (GRAYSCALE) or RGB (COLOR).

    Raises:
        TypeError: ``filename`` is not a str or ``mode`` not an ImageReadMode.
        RuntimeError: the file cannot be read or decoded.
    """
    _filename("read_image", filename)
    if not isinstance(mode, ImageReadMode):
        raise TypeError("read_image: 'mode' must be a vision.ImageReadMode, but got %r" % (mode,))
    image = pil_module()
    try:
        img = image.open(filename)
        if mode == ImageReadMode.GRAYSCALE and img.format == "JPEG":
            img.draft("L", img.size)  # libjpeg's own gray output, as OpenCV's decoder
        img.load()
    except (OSError, ValueError) as exc:
        raise RuntimeError("read_image: cannot decode %r: %s" % (filename, exc)) from None
    if mode == ImageReadMode.GRAYSCALE and img.mode != "L":
        return _gray(np.asarray(img.convert("RGB")))[:, :, None]
    if mode == ImageReadMode.COLOR or img.mode not in ("L", "RGB", "RGBA", "LA"):
        img = img.convert("RGB")
    out = np.asarray(img)
    return out[:, :, None] if out.ndim == 2 else out


def _gray(rgb):
    """libpng's rgb_to_gray with OpenCV's 0.299 / 0.587 weights (15-bit, truncated)."""
    c = rgb.astype(np.int64)
    return ((c[..., 0] * 9797 + c[..., 1] * 19234 + c[..., 2] * 3737) >> 15).astype(np.uint8)


def _encodable(op, image):
    x = to_array(image)
    if x.dtype != np.uint8 or x.ndim not in (2, 3) or (x.ndim == 3 and x.shape[2] not in (1, 3)):
        raise RuntimeError("%s: expected a uint8 image <H, W> or <H, W, 1|3>, but got %s of "
                           "shape %s" % (op, x.dtype, x.shape))
    return x[:, :, 0] if x.ndim == 3 and x.shape[2] == 1 else x


def _level(op, arg, value, low, high):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("%s: '%s' must be an int, but got %r" % (op, arg, value))
    if not low <= value <= high:
        raise RuntimeError("%s: '%s' must be in [%d, %d], but got %d" % (op, arg, low, high, value))
    return value


def encode_jpeg(image, quality=75):
    """encode_jpeg(image, quality=75): JPEG bytes (1-d uint8) of a uint8 RGB or gray image;
    ``quality`` in [1, 100]. Pillow's encoder: the bytes differ from OpenCV's, the image
    decodes alike."""
    x = _encodable("encode_jpeg", image)
    buf = io.BytesIO()
    pil_module().fromarray(x).save(buf, "JPEG", quality=_level("encode_jpeg", "quality", quality,
                                                               1, 100))
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def encode_png(image, compression_level=6):
    """encode_png(image, compression_level=6): PNG bytes (1-d uint8) of a uint8 RGB or gray
    image; ``compression_level`` in [0, 9]."""
    x = _encodable("encode_png", image)
    level = _level("encode_png", "compression_level", compression_level, 0, 9)
    buf = io.BytesIO()
    pil_module().fromarray(x).save(buf, "PNG", compress_level=level)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def write_jpeg(filename, image, quality=75):
    """write_jpeg(filename, image, quality=75): encode_jpeg to a file."""
    write_file(_filename("write_jpeg", filename), encode_jpeg(image, quality))


def write_png(filename, image, compression_level=6):
    """write_png(filename, image, compression_level=6): encode_png to a file."""
    write_file(_filename("write_png", filename), encode_png(image, compression_level))


def _check_image(op, image):
    if is_pil(image):
        return None
    x = to_array(image)
    if x.ndim < 2:
        raise RuntimeError("%s: expected an image of at least 2 dimensions, but got shape %s"
                           % (op, x.shape))
    return x


def get_image_num_channels(image):
    """get_image_num_channels(image): the channel count of an <H, W, C> array (1 for <H, W>)
    or a PIL image.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.get_image_num_channels(np.zeros((4, 5, 3)))
        3
    """
    x = _check_image("get_image_num_channels", image)
    if x is None:
        return len(image.getbands())
    return int(x.shape[2]) if x.ndim == 3 else 1


def get_image_size(image):
    """get_image_size(image): [height, width] of an <H, W, ...> array or a PIL image.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.get_image_size(np.zeros((4, 5, 3)))
        [4, 5]
    """
    x = _check_image("get_image_size", image)
    if x is None:
        return [image.size[1], image.size[0]]
    return [int(x.shape[0]), int(x.shape[1])]
