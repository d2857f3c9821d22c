"""The few protobuf messages of a TensorBoard event file, encoded by hand (no protobuf,
TensorFlow or tensorboard dependency). Field numbers are those of TensorFlow's
``event.proto``, ``summary.proto``, ``tensor.proto`` and ``tensor_shape.proto``:

- Event: wall_time 1 (double), step 2 (int64), file_version 3 (string), summary 5.
- Summary: value 1 (repeated). Summary.Value: tag 1, simple_value 2 (float), image 4,
  histo 5, tensor 8, metadata 9.
- HistogramProto: min 1, max 2, num 3, sum 4, sum_squares 5 (doubles), bucket_limit 6 and
  bucket 7 (packed doubles). Summary.Image: height 1, width 2, colorspace 3 (int32),
  encoded_image_string 4 (bytes).
- TensorProto: dtype 1 (enum), tensor_shape 2, tensor_content 4 (little-endian bytes).
  TensorShapeProto: dim 2 (repeated Dim: size 1).
- SummaryMetadata: plugin_data 1 (PluginData: plugin_name 1, content 2).
"""
import struct

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._wire import encode_varint, field_key

_VARINT, _FIXED64, _BYTES, _FIXED32 = 0, 1, 2, 5


varint = encode_varint
_key = field_key


def f_varint(field, n):
    return _key(field, _VARINT) + varint(int(n))


def f_double(field, x):
    return _key(field, _FIXED64) + struct.pack("<d", float(x))


def f_float(field, x):
    return _key(field, _FIXED32) + struct.pack("<f", float(x))


def f_bytes(field, data):
    if isinstance(data, str):
        data = data.encode("utf-8")
    return _key(field, _BYTES) + varint(len(data)) + data


def f_packed_doubles(field, values):
    return f_bytes(field, np.asarray(values, "<f8").tobytes())


def event(wall_time, step, summary=None, file_version=None):
    """An encoded ``Event``."""
    out = f_double(1, wall_time) + f_varint(2, step)
    if file_version is not None:
        out += f_bytes(3, file_version)
    if summary is not None:
        out += f_bytes(5, summary)
    return out


def summary(values):
    """An encoded ``Summary`` from encoded ``Summary.Value`` messages."""
    return b"".join(f_bytes(1, v) for v in values)


def scalar_value(tag, x):
    return f_bytes(1, tag) + f_float(2, x)


def histogram_value(tag, lo, hi, num, total, total_sq, limits, counts):
    histo = (f_double(1, lo) + f_double(2, hi) + f_double(3, num) + f_double(4, total)
             + f_double(5, total_sq) + f_packed_doubles(6, limits) + f_packed_doubles(7, counts))
    return f_bytes(1, tag) + f_bytes(5, histo)


def image_value(tag, height, width, channels, png):
    image = f_varint(1, height) + f_varint(2, width) + f_varint(3, channels) + f_bytes(4, png)
    return f_bytes(1, tag) + f_bytes(4, image)


# numpy dtype -> TensorFlow DataType enum
_TF_DTYPES = {"float32": 1, "float64": 2, "int32": 3, "uint8": 4, "int16": 5, "int8": 6,
              "int64": 9, "bool": 10, "uint16": 17, "float16": 19, "uint32": 22, "uint64": 23}


def tensor_value(tag, array, plugin_name="tensor"):
    """A ``tensor`` value (stored; TensorBoard shows tensors of the plugins it knows)."""
    array = c_contiguous(array)
    code = _TF_DTYPES.get(array.dtype.name)
    if code is None:
        array, code = array.astype(np.float32), 1
    shape = b"".join(f_bytes(2, f_varint(1, d)) for d in array.shape)
    tensor = f_varint(1, code) + f_bytes(2, shape) + f_bytes(4, array.astype(
        array.dtype.newbyteorder("<")).tobytes())
    metadata = f_bytes(1, f_bytes(1, plugin_name))
    return f_bytes(1, tag) + f_bytes(8, tensor) + f_bytes(9, metadata)
