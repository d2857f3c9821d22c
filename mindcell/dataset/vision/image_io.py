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

    Args:
        filename (str): the path of the file.

    Returns:
        numpy.ndarray, 1-d uint8, the file's content.

    Raises:
        TypeError: ``filename`` is not a str.
        RuntimeError: the file cannot be read.

    Examples:
        >>> import os, tempfile
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "a.bin")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"abc")
        ...     print(vision.read_file(path))
        [97 98 99]
    """
    _filename("read_file", filename)
    try:
        with open(filename, "rb") as f:
            return np.frombuffer(f.read(), np.uint8).copy()
    except OSError as exc:
        raise RuntimeError("read_file: cannot read %r: %s" % (filename, exc)) from None


def write_file(filename, data):
    """write_file(filename, data): write a 1-d uint8 array (or Tensor) to ``filename``.

    Args:
        filename (str): the path of the file (overwritten).
        data (Union[numpy.ndarray, Tensor]): the bytes, a 1-d uint8 array.

    Raises:
        TypeError: ``filename`` is not a str.
        RuntimeError: ``data`` is not a 1-d uint8 array, or the file cannot be written.

    Examples:
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = pathlib.Path(d, "a.bin")
        ...     vision.write_file(str(path), np.array([104, 105], np.uint8))
        ...     print(path.read_bytes())
        b'hi'
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
    """read_image(filename, mode=ImageReadMode.UNCHANGED): decode an image file (JPEG, PNG ...)
    to a uint8 <H, W, C> array: as stored (UNCHANGED), one gray channel (GRAYSCALE) or RGB
    (COLOR).

    Args:
        filename (str): the path of the image file.
        mode (ImageReadMode, optional): how to decode. Default: ``ImageReadMode.UNCHANGED``.

    Returns:
        numpy.ndarray <H, W, C> uint8 (C = 1 for GRAYSCALE, 3 for COLOR).

    Raises:
        TypeError: ``filename`` is not a str or ``mode`` not an ImageReadMode.
        RuntimeError: the file cannot be read or decoded, or Pillow is not installed.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "a.png")
        ...     vision.write_png(path, np.full((2, 3, 3), 100, np.uint8))
        ...     img = vision.read_image(path, vision.ImageReadMode.GRAYSCALE)
        >>> img.shape, img.dtype, int(img[0, 0, 0])
        ((2, 3, 1), dtype('uint8'), 100)
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
    """encode_jpeg(image, quality=75): JPEG bytes of a uint8 RGB or gray image. Pillow's
    encoder: the bytes differ from OpenCV's, the image decodes alike.

    Args:
        image (Union[numpy.ndarray, Tensor]): a uint8 image <H, W> or <H, W, 1|3>.
        quality (int, optional): the JPEG quality, in [1, 100]. Default: ``75``.

    Returns:
        numpy.ndarray, 1-d uint8, the encoded file.

    Raises:
        TypeError: ``quality`` is not an int.
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3>, or ``quality`` is out of
            range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> data = vision.encode_jpeg(np.zeros((8, 8, 3), np.uint8), quality=90)
        >>> data.dtype, data[:2].tolist(), vision.Decode()(data).shape
        (dtype('uint8'), [255, 216], (8, 8, 3))
    """
    x = _encodable("encode_jpeg", image)
    buf = io.BytesIO()
    pil_module().fromarray(x).save(buf, "JPEG", quality=_level("encode_jpeg", "quality", quality,
                                                               1, 100))
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def encode_png(image, compression_level=6):
    """encode_png(image, compression_level=6): PNG bytes of a uint8 RGB or gray image
    (lossless).

    Args:
        image (Union[numpy.ndarray, Tensor]): a uint8 image <H, W> or <H, W, 1|3>.
        compression_level (int, optional): the zlib level, in [0, 9]. Default: ``6``.

    Returns:
        numpy.ndarray, 1-d uint8, the encoded file.

    Raises:
        TypeError: ``compression_level`` is not an int.
        RuntimeError: the image is not uint8 <H, W> or <H, W, 1|3>, or ``compression_level``
            is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> img = np.arange(12, dtype=np.uint8).reshape(2, 2, 3)
        >>> data = vision.encode_png(img, compression_level=9)
        >>> bytes(data[1:4]), bool((vision.Decode()(data) == img).all())
        (b'PNG', True)
    """
    x = _encodable("encode_png", image)
    level = _level("encode_png", "compression_level", compression_level, 0, 9)
    buf = io.BytesIO()
    pil_module().fromarray(x).save(buf, "PNG", compress_level=level)
    return np.frombuffer(buf.getvalue(), np.uint8).copy()


def write_jpeg(filename, image, quality=75):
    """write_jpeg(filename, image, quality=75): write :func:`encode_jpeg`'s bytes of ``image``
    to a file.

    Args:
        filename (str): the path of the file (overwritten).
        image (Union[numpy.ndarray, Tensor]): a uint8 image <H, W> or <H, W, 1|3>.
        quality (int, optional): the JPEG quality, in [1, 100]. Default: ``75``.

    Raises:
        TypeError: ``filename`` is not a str or ``quality`` not an int.
        RuntimeError: the image cannot be encoded, ``quality`` is out of range, or the file
            cannot be written.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "a.jpg")
        ...     vision.write_jpeg(path, np.zeros((4, 6), np.uint8))
        ...     print(vision.read_image(path).shape)
        (4, 6, 1)
    """
    write_file(_filename("write_jpeg", filename), encode_jpeg(image, quality))


def write_png(filename, image, compression_level=6):
    """write_png(filename, image, compression_level=6): write :func:`encode_png`'s bytes of
    ``image`` to a file.

    Args:
        filename (str): the path of the file (overwritten).
        image (Union[numpy.ndarray, Tensor]): a uint8 image <H, W> or <H, W, 1|3>.
        compression_level (int, optional): the zlib level, in [0, 9]. Default: ``6``.

    Raises:
        TypeError: ``filename`` is not a str or ``compression_level`` not an int.
        RuntimeError: the image cannot be encoded, ``compression_level`` is out of range, or
            the file cannot be written.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "a.png")
        ...     vision.write_png(path, np.full((2, 2, 3), 7, np.uint8))
        ...     print(vision.read_image(path).tolist()[0])
        [[7, 7, 7], [7, 7, 7]]
    """
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
    or of a PIL image (its bands).

    Args:
        image (Union[numpy.ndarray, Tensor, PIL.Image.Image]): the image.

    Returns:
        int, the number of channels.

    Raises:
        RuntimeError: an array with fewer than 2 dimensions.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import vision
        >>> vision.get_image_num_channels(np.zeros((4, 5, 3)))
        3
        >>> vision.get_image_num_channels(vision.ToPIL()(np.zeros((4, 5), np.uint8)))
        1
    """
    x = _check_image("get_image_num_channels", image)
    if x is None:
        return len(image.getbands())
    return int(x.shape[2]) if x.ndim == 3 else 1


def get_image_size(image):
    """get_image_size(image): [height, width] of an <H, W, ...> array or of a PIL image.

    Args:
        image (Union[numpy.ndarray, Tensor, PIL.Image.Image]): the image.

    Returns:
        list[int], [height, width].

    Raises:
        RuntimeError: an array with fewer than 2 dimensions.

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
