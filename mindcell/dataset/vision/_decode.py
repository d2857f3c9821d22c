"""Image decoding with Pillow, an optional dependency (``pip install pillow``)."""
import io

import numpy as np


def decode(op, data, to_pil=False):
    """Encoded bytes (a 1-d uint8 array, or one ``bytes`` value) as an <H, W, 3> uint8 RGB
    image (or a PIL image)."""
    try:
        from PIL import Image, UnidentifiedImageError
    except ImportError:
        raise RuntimeError("%s: decoding images needs Pillow, which is not installed (pip "
                           "install pillow, or mindcell's 'image' extra)" % op) from None
    if data.dtype.kind == "S" and data.size == 1:
        # one encoded image as bytes (a MindRecord bytes column, or a bytes object); the
        # buffer keeps trailing zero bytes, which indexing the array would drop
        data = np.frombuffer(data.tobytes(), np.uint8)
    if data.dtype != np.uint8 or data.ndim != 1:
        raise TypeError("%s: expected the encoded bytes as a 1-d uint8 array, but got %s of "
                        "shape %s" % (op, data.dtype, data.shape))
    try:
        image = Image.open(io.BytesIO(data.tobytes()))
        image = image.convert("RGB")
    except (UnidentifiedImageError, OSError) as exc:
        raise RuntimeError("%s: cannot decode the image (%d bytes): %s"
                           % (op, data.size, exc)) from None
    return image if to_pil else np.asarray(image)
