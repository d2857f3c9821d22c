"""The TFRecord file format and the ``tf.train.Example`` message, without TensorFlow.

A TFRecord file is a sequence of records::

    uint64 length (little-endian) | uint32 masked crc32c of those 8 bytes | data | uint32
    masked crc32c of data

(masked crc: ``((crc >> 15) | (crc << 17)) + 0xa282ead8`` modulo 2**32), optionally compressed
as a whole with GZIP or ZLIB. ``data`` is a serialized ``Example``: ``features`` (field 1), a
``Features`` whose field 1 is a map entry ``{key (1): str, value (2): Feature}`` repeated; a
``Feature`` holds one of ``bytes_list`` (1), ``float_list`` (2) or ``int64_list`` (3), each a
list in its field 1 (floats and ints usually packed).
"""
import gzip
import zlib

import numpy as np

from mindcell._wire import (crc32c, encode_varint, frame_record, len_field, masked_crc32c,
                            record_spans)

__all__ = ["crc32c", "masked_crc", "read_records", "record_offsets", "parse_example",
           "encode_example", "write_records"]

masked_crc = masked_crc32c  # the name this module's users know


# --- framing ----------------------------------------------------------------------------
def _decompress(raw, compression):
    if compression == "GZIP":
        return gzip.decompress(raw)
    if compression == "ZLIB":
        return zlib.decompress(raw)
    return raw


def record_offsets(data, path="<bytes>"):
    """(start, end) of the payload of every record in ``data`` (the whole file's bytes),
    checking the length's checksum (a payload's checksum is not checked: reading stays fast)."""
    try:
        return record_spans(data, "TFRecordDataset: %s" % path, check_data=False)
    except ValueError as error:
        raise RuntimeError(str(error)) from None


def read_records(path, compression=None):
    """The file's bytes (decompressed) and the (start, end) of every record payload."""
    with open(path, "rb") as f:
        data = _decompress(f.read(), compression)
    return data, record_offsets(data, path)


def write_records(path, payloads, compression=None):
    """Write ``payloads`` (bytes) as a TFRecord file."""
    parts = [frame_record(p) for p in payloads]
    data = b"".join(parts)
    if compression == "GZIP":
        data = gzip.compress(data)
    elif compression == "ZLIB":
        data = zlib.compress(data)
    with open(path, "wb") as f:
        f.write(data)


# --- protobuf ---------------------------------------------------------------------------
def _varint(data, pos):
    result = shift = 0
    while True:
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            return result, pos
        shift += 7


def _fields(data):
    """(field number, wire type, value) of a message: varints as ints, length-delimited
    fields as memoryview slices, fixed32/64 as raw bytes."""
    pos, n = 0, len(data)
    while pos < n:
        key, pos = _varint(data, pos)
        num, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _varint(data, pos)
        elif wire == 2:
            size, pos = _varint(data, pos)
            value, pos = data[pos:pos + size], pos + size
        elif wire == 5:
            value, pos = data[pos:pos + 4], pos + 4
        elif wire == 1:
            value, pos = data[pos:pos + 8], pos + 8
        else:
            raise RuntimeError("TFRecordDataset: unsupported protobuf wire type %d" % wire)
        yield num, wire, value


def _signed64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def _ints(wire, value, out):
    if wire == 0:
        out.append(_signed64(value))
        return
    pos = 0
    while pos < len(value):
        v, pos = _varint(value, pos)
        out.append(_signed64(v))


def _parse_feature(data):
    """A Feature as (kind, values): kind 'bytes' (list of bytes), 'float' (float32 array) or
    'int64' (int64 array); an empty Feature is ('bytes', [])."""
    for num, _, body in _fields(data):
        items = []
        for inner, wire, value in _fields(body):
            if inner != 1:
                continue
            if num == 1:
                items.append(bytes(value))
            elif num == 2:
                items.append(np.frombuffer(bytes(value), "<f4"))
            elif num == 3:
                _ints(wire, value, items)
        if num == 1:
            return "bytes", items
        if num == 2:
            return "float", (np.concatenate(items).astype(np.float32) if items
                             else np.zeros(0, np.float32))
        if num == 3:
            return "int64", np.array(items, np.int64)
    return "bytes", []


def parse_example(data):
    """The features of a serialized ``Example``: name -> (kind, values)."""
    out = {}
    data = memoryview(data)
    for num, _, features in _fields(data):
        if num != 1:
            continue
        for fnum, _, entry in _fields(features):
            if fnum != 1:
                continue
            key, feature = None, b""
            for enum_, _, value in _fields(entry):
                if enum_ == 1:
                    key = bytes(value).decode("utf-8")
                elif enum_ == 2:
                    feature = value
            out[key] = _parse_feature(feature)
    return out




def encode_example(features):
    """A serialized ``Example`` from ``{name: list of bytes | float array | int array}`` (the
    kind comes from the values: bytes/str items, float or int numpy dtypes)."""
    entries = []
    for name, values in features.items():
        if isinstance(values, (bytes, str)):
            values = [values]
        if isinstance(values, (list, tuple)) and (not values or isinstance(values[0],
                                                                           (bytes, str))):
            body = b"".join(len_field(1, v.encode() if isinstance(v, str) else v)
                            for v in values)
            feature = len_field(1, body)
        else:
            arr = np.asarray(values).reshape(-1)
            if arr.dtype.kind == "f":
                feature = len_field(2, len_field(1, arr.astype("<f4").tobytes()))
            else:
                packed = b"".join(encode_varint(int(v)) for v in arr)
                feature = len_field(3, len_field(1, packed))
        entries.append(len_field(1, len_field(1, name.encode()) + len_field(2, feature)))
    return len_field(1, b"".join(entries))
