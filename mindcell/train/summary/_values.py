"""Checks and encodings of the values ``SummaryRecord.add_value`` takes: scalars,
histograms, images (NCHW, written as one PNG grid) and tensors."""
import struct
import zlib

import numpy as np

from mindcell.train.summary import _proto

PLUGINS = ("tensor", "scalar", "image", "histogram", "train_lineage", "eval_lineage",
           "dataset_graph", "custom_lineage_data", "LANDSCAPE")
WRITTEN = ("tensor", "scalar", "image", "histogram")
HISTOGRAM_BINS = 30


def check(plugin, name, value):
    """``value`` as a numpy array after MindSpore's checks for ``plugin``.

    Raises:
        ValueError: an unknown plugin, an empty or non-str name, or a value of the wrong rank.
        TypeError: a value that is not a Tensor.
        NotImplementedError: a lineage/landscape plugin (MindInsight data, not TensorBoard's).
    """
    api = "SummaryRecord.add_value"
    if plugin not in PLUGINS:
        raise ValueError("%s: no such 'plugin' %r, expected one of %s" % (api, plugin, PLUGINS))
    if plugin not in WRITTEN:
        raise NotImplementedError("%s: the plugin %r (MindInsight lineage/landscape data) is "
                                  "not written by mindcell; plugins written: %s"
                                  % (api, plugin, WRITTEN))
    if not isinstance(name, str) or not name:
        raise ValueError("%s: 'name' must be a non-empty str, but got %r" % (api, name))
    from mindcell.common.tensor import Tensor
    if not isinstance(value, Tensor):
        raise TypeError("%s: 'value' must be a Tensor, but got %s"
                        % (api, type(value).__name__))
    array = value.asnumpy()
    if plugin == "scalar" and (array.ndim > 1 or array.size != 1):
        raise ValueError("%s: a 'scalar' value must hold one element (rank 0 or 1), but got "
                         "shape %s" % (api, array.shape))
    if plugin == "histogram" and (array.ndim == 0 or array.size == 0):
        raise ValueError("%s: a 'histogram' value must be a non-empty tensor of rank >= 1, "
                         "but got shape %s" % (api, array.shape))
    if plugin == "image" and (array.ndim != 4 or array.shape[1] not in (1, 3, 4)
                              or array.size == 0):
        raise ValueError("%s: an 'image' value must be NCHW with 1, 3 or 4 channels, but got "
                         "shape %s" % (api, array.shape))
    return array


def encode(plugin, tag, array):
    """The encoded ``Summary.Value`` of a checked value."""
    if plugin == "scalar":
        return _proto.scalar_value(tag, float(array.reshape(-1)[0]))
    if plugin == "histogram":
        return _proto.histogram_value(tag, *histogram(array))
    if plugin == "image":
        grid = image_grid(array)
        return _proto.image_value(tag, grid.shape[0], grid.shape[1], grid.shape[2], png(grid))
    return _proto.tensor_value(tag, array)


def histogram(array):
    """``(min, max, count, sum, sum of squares, bucket right edges, bucket counts)`` over the
    finite values (NaN and inf are left out, as TensorBoard has no bucket for them)."""
    x = np.asarray(array, np.float64).reshape(-1)
    x = x[np.isfinite(x)]
    if x.size == 0:
        return 0.0, 0.0, 0, 0.0, 0.0, [0.0], [0.0]
    lo, hi = float(x.min()), float(x.max())
    if lo == hi:
        return lo, hi, x.size, float(x.sum()), float(x @ x), [hi], [float(x.size)]
    counts, edges = np.histogram(x, bins=HISTOGRAM_BINS, range=(lo, hi))
    return (lo, hi, x.size, float(x.sum()), float(x @ x), edges[1:].tolist(),
            counts.astype(np.float64).tolist())


def image_grid(array):
    """An NCHW batch as one HWC uint8 image: the N images side by side in a square-ish grid.
    Floats within [0, 1] are scaled by 255, other values are clipped to [0, 255]."""
    x = np.asarray(array)
    if x.dtype != np.uint8:
        x = x.astype(np.float64)
        finite = x[np.isfinite(x)]
        if finite.size and finite.min() >= 0 and finite.max() <= 1:
            x = x * 255.0
        x = np.clip(np.nan_to_num(x), 0, 255).round().astype(np.uint8)
    n, c, h, w = x.shape
    cols = int(np.ceil(np.sqrt(n)))
    rows = -(-n // cols)
    grid = np.zeros((rows * h, cols * w, c), np.uint8)
    for i in range(n):
        r, k = divmod(i, cols)
        grid[r * h:(r + 1) * h, k * w:(k + 1) * w] = x[i].transpose(1, 2, 0)
    return grid


def png(image):
    """PNG bytes of an HWC uint8 image (1: grey, 3: RGB, 4: RGBA)."""
    h, w, c = image.shape
    color = {1: 0, 3: 2, 4: 6}[c]
    raw = b"".join(b"\x00" + image[r].tobytes() for r in range(h))

    def chunk(kind, data):
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, color, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))
