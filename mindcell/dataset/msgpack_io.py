"""The small part of MessagePack that MindRecord's raw (non-blob) rows use: maps of str keys to
ints, floats and strings (and, when reading, the other scalar kinds a writer may produce).

Numbers are packed the way MindSpore's writer packs them: an int in the smallest MessagePack
int that holds it (unsigned forms for values >= 0), a float as float32 when that is exact and as
float64 otherwise; map keys are written in sorted order.
"""
import struct

__all__ = ["pack", "unpack"]


def _pack_int(v, out):
    if v >= 0:
        if v < 0x80:
            out.append(struct.pack(">B", v))
        elif v <= 0xFF:
            out.append(b"\xcc" + struct.pack(">B", v))
        elif v <= 0xFFFF:
            out.append(b"\xcd" + struct.pack(">H", v))
        elif v <= 0xFFFFFFFF:
            out.append(b"\xce" + struct.pack(">I", v))
        else:
            out.append(b"\xcf" + struct.pack(">Q", v))
    elif v >= -32:
        out.append(struct.pack(">b", v))
    elif v >= -0x80:
        out.append(b"\xd0" + struct.pack(">b", v))
    elif v >= -0x8000:
        out.append(b"\xd1" + struct.pack(">h", v))
    elif v >= -0x80000000:
        out.append(b"\xd2" + struct.pack(">i", v))
    else:
        out.append(b"\xd3" + struct.pack(">q", v))


def _pack_float(v, out):
    try:
        as32 = struct.unpack(">f", struct.pack(">f", v))[0]
    except OverflowError:
        as32 = None
    if as32 == v or (v != v):
        out.append(b"\xca" + struct.pack(">f", v))
    else:
        out.append(b"\xcb" + struct.pack(">d", v))


def _pack_str(v, out):
    data = v.encode("utf-8")
    n = len(data)
    if n < 32:
        out.append(struct.pack(">B", 0xA0 | n))
    elif n <= 0xFF:
        out.append(b"\xd9" + struct.pack(">B", n))
    elif n <= 0xFFFF:
        out.append(b"\xda" + struct.pack(">H", n))
    else:
        out.append(b"\xdb" + struct.pack(">I", n))
    out.append(data)


def _pack(value, out):
    if value is None:
        out.append(b"\xc0")
    elif isinstance(value, bool):
        out.append(b"\xc3" if value else b"\xc2")
    elif isinstance(value, int):
        _pack_int(value, out)
    elif isinstance(value, float):
        _pack_float(value, out)
    elif isinstance(value, str):
        _pack_str(value, out)
    elif isinstance(value, dict):
        n = len(value)
        if n < 16:
            out.append(struct.pack(">B", 0x80 | n))
        elif n <= 0xFFFF:
            out.append(b"\xde" + struct.pack(">H", n))
        else:
            out.append(b"\xdf" + struct.pack(">I", n))
        for key in sorted(value):
            _pack_str(key, out)
            _pack(value[key], out)
    else:
        raise TypeError("msgpack: cannot pack a %s" % type(value).__name__)


def pack(value):
    """The MessagePack bytes of ``value`` (None, bool, int, float, str, or a dict of them)."""
    out = []
    _pack(value, out)
    return b"".join(out)


_FIXED = {0xcc: ">B", 0xcd: ">H", 0xce: ">I", 0xcf: ">Q", 0xd0: ">b", 0xd1: ">h",
          0xd2: ">i", 0xd3: ">q", 0xca: ">f", 0xcb: ">d"}
_STR_LEN = {0xd9: ">B", 0xda: ">H", 0xdb: ">I"}
_BIN_LEN = {0xc4: ">B", 0xc5: ">H", 0xc6: ">I"}
_MAP_LEN = {0xde: ">H", 0xdf: ">I"}
_ARRAY_LEN = {0xdc: ">H", 0xdd: ">I"}


def _read_len(data, pos, fmt):
    size = struct.calcsize(fmt)
    return struct.unpack_from(fmt, data, pos)[0], pos + size


def _unpack(data, pos):
    tag = data[pos]
    pos += 1
    if tag < 0x80:
        return tag, pos
    if tag >= 0xe0:
        return tag - 0x100, pos
    if 0xa0 <= tag <= 0xbf:
        n = tag & 0x1f
        return data[pos:pos + n].decode("utf-8"), pos + n
    if 0x80 <= tag <= 0x8f:
        return _unpack_map(data, pos, tag & 0x0f)
    if 0x90 <= tag <= 0x9f:
        return _unpack_array(data, pos, tag & 0x0f)
    if tag in _FIXED:
        fmt = _FIXED[tag]
        return struct.unpack_from(fmt, data, pos)[0], pos + struct.calcsize(fmt)
    if tag in _STR_LEN:
        n, pos = _read_len(data, pos, _STR_LEN[tag])
        return bytes(data[pos:pos + n]).decode("utf-8"), pos + n
    if tag in _BIN_LEN:
        n, pos = _read_len(data, pos, _BIN_LEN[tag])
        return bytes(data[pos:pos + n]), pos + n
    if tag in _MAP_LEN:
        n, pos = _read_len(data, pos, _MAP_LEN[tag])
        return _unpack_map(data, pos, n)
    if tag in _ARRAY_LEN:
        n, pos = _read_len(data, pos, _ARRAY_LEN[tag])
        return _unpack_array(data, pos, n)
    if tag in (0xc0, 0xc2, 0xc3):
        return {0xc0: None, 0xc2: False, 0xc3: True}[tag], pos
    raise ValueError("msgpack: unsupported type byte 0x%02x at offset %d" % (tag, pos - 1))


def _unpack_map(data, pos, n):
    out = {}
    for _ in range(n):
        key, pos = _unpack(data, pos)
        out[key], pos = _unpack(data, pos)
    return out, pos


def _unpack_array(data, pos, n):
    out = []
    for _ in range(n):
        item, pos = _unpack(data, pos)
        out.append(item)
    return out, pos


def unpack(data):
    """The value of one MessagePack object filling ``data`` (bytes)."""
    value, pos = _unpack(data, 0)
    if pos != len(data):
        raise ValueError("msgpack: %d bytes left after the object" % (len(data) - pos))
    return value
