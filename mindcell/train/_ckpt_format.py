"""MindSpore's ``.ckpt`` wire format: concatenated one-Value ``Checkpoint`` protobuf messages
(schema in shared/interop/checkpoint.proto), read and written with a small varint codec."""
import zlib

import numpy as np

# tensor_type strings <-> numpy dtypes; BFloat16 is read as float32 (mindcell has no bf16).
_TYPES = {"Bool": np.bool_, "Int8": np.int8, "UInt8": np.uint8, "Int16": np.int16,
          "UInt16": np.uint16, "Int32": np.int32, "UInt32": np.uint32, "Int64": np.int64,
          "UInt64": np.uint64, "Float16": np.float16, "Float32": np.float32,
          "Float64": np.float64}
_NAMES = {np.dtype(v): k for k, v in _TYPES.items()}
CRC_MARK = b"crc_num"


def _varint(n):
    out = bytearray()
    n &= (1 << 64) - 1
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def _field(number, wire, payload):
    key = _varint((number << 3) | wire)
    if wire == 2:
        return key + _varint(len(payload)) + payload
    return key + payload


def encode_value(tag, array=None, text=None):
    """One ``Checkpoint{value: Value{tag, tensor}}`` message for an array or a string."""
    if text is not None:
        tensor = (_field(1, 0, _varint(0)) + _field(2, 2, b"str")
                  + _field(3, 2, text.encode("utf-32-le")))
    else:
        array = np.asarray(array)
        array = array if array.flags.c_contiguous else array.copy()  # keeps 0-d arrays 0-d
        if array.dtype not in _NAMES:
            raise TypeError("save_checkpoint: cannot store dtype %s" % array.dtype)
        dims = b"".join(_field(1, 0, _varint(int(d))) for d in array.shape)
        tensor = (dims + _field(2, 2, _NAMES[array.dtype].encode())
                  + _field(3, 2, array.astype(array.dtype.newbyteorder("<")).tobytes()))
    value = _field(1, 2, tag.encode("utf-8")) + _field(2, 2, tensor)
    return _field(1, 2, value)


def crc_trailer(data):
    """``b"crc_num"`` + the crc32 of ``data`` as a 10-byte big-endian integer."""
    return CRC_MARK + (zlib.crc32(data) & 0xFFFFFFFF).to_bytes(10, "big")


def _read_varint(buf, pos):
    result = shift = 0
    while True:
        if pos >= len(buf):
            raise ValueError("truncated varint")
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7


def _fields(buf):
    pos, n = 0, len(buf)
    while pos < n:
        key, pos = _read_varint(buf, pos)
        number, wire = key >> 3, key & 7
        if wire == 0:
            value, pos = _read_varint(buf, pos)
        elif wire == 2:
            length, pos = _read_varint(buf, pos)
            if pos + length > n:
                raise ValueError("truncated field")
            value = buf[pos:pos + length]
            pos += length
        elif wire == 5:
            value = buf[pos:pos + 4]
            pos += 4
        elif wire == 1:
            value = buf[pos:pos + 8]
            pos += 8
        else:
            raise ValueError("unsupported wire type %d" % wire)
        yield number, value


def _decode_tensor(buf):
    dims, ttype, content = [], None, b""
    for number, value in _fields(buf):
        if number == 1:
            dims.append(value if value < (1 << 63) else value - (1 << 64))
        elif number == 2:
            ttype = bytes(value).decode()
        elif number == 3:
            content = bytes(value)
    if ttype == "str":
        return content.decode("utf-32-le")
    if ttype == "BFloat16":
        bits = np.frombuffer(content, "<u2").astype(np.uint32) << 16
        return bits.view(np.float32).reshape(dims)
    if ttype not in _TYPES:
        raise ValueError("unknown tensor_type %r" % ttype)
    dt = np.dtype(_TYPES[ttype]).newbyteorder("<")
    return np.frombuffer(content, dt).astype(dt.newbyteorder("="), copy=True).reshape(dims)


def decode(data, crc_check=False):
    """Ordered list of (tag, array or str); consecutive slices of one tag are joined."""
    data = bytes(data)
    if data[-17:-10] == CRC_MARK:
        body, stored = data[:-17], int.from_bytes(data[-10:], "big")
        if crc_check and (zlib.crc32(body) & 0xFFFFFFFF) != stored:
            raise ValueError("CRC check failed")
        data = body
    elif crc_check:
        raise ValueError("the file has no CRC")
    entries = []
    for number, msg in _fields(data):
        if number != 1:
            raise ValueError("not a checkpoint (unexpected field %d)" % number)
        tag, value = None, None
        for n2, v2 in _fields(msg):
            if n2 == 1:
                tag = bytes(v2).decode("utf-8")
            elif n2 == 2:
                value = _decode_tensor(v2)
        if tag is None or value is None:
            raise ValueError("not a checkpoint (value without tag or tensor)")
        if entries and entries[-1][0] == tag and isinstance(value, np.ndarray):
            entries[-1] = (tag, np.concatenate([entries[-1][1].reshape(-1), value.reshape(-1)])
                           .reshape(value.shape))
        else:
            entries.append((tag, value))
    return entries

