"""MindSpore's ``.ckpt`` wire format, written and read without the ``protobuf`` package.

The schema (``shared/interop/checkpoint.proto``, proto2) is tiny::

    message Checkpoint { message Value { required string tag = 1;
                                         oneof value { TensorProto tensor = 2;
                                                       MapTensorProto maptensor = 3; } }
                         repeated Value value = 1; }
    message TensorProto { repeated int64 dims = 1; required string tensor_type = 2;
                          required bytes tensor_content = 3; }
    message MapTensorProto { repeated TensorProto tensor = 1; }

A file is the concatenation of one-Value ``Checkpoint`` messages (concatenated protobuf
messages merge, so the whole file parses as one ``Checkpoint``), optionally followed by the
17-byte CRC trailer ``b"crc_num" + crc32.to_bytes(10, "big")``.

The encoder emits fields in field-number order with unpacked ``dims``, exactly as the
protobuf runtime MindSpore uses does, so a file written here is byte-identical to the one
MindSpore writes for the same tensors. The decoder follows protobuf's parsing rules
(unknown fields skipped, last value wins for singular fields, packed or unpacked ``dims``)
and checks the proto2 required fields.
"""
import zlib

from mindcell._wire import encode_varint

CRC_MARK = b"crc_num"
CRC_TRAILER_LEN = len(CRC_MARK) + 10

_WIRE_VARINT, _WIRE_I64, _WIRE_LEN, _WIRE_I32 = 0, 1, 2, 5


class DecodeError(ValueError):
    """The bytes are not a well-formed checkpoint message."""


# ----- encoding ------------------------------------------------------------------------------
def _len_field(field_number, payload_len):
    return encode_varint((field_number << 3) | _WIRE_LEN) + encode_varint(payload_len)


def value_header(tag, dims, tensor_type, content_len):
    """The bytes of a one-Value ``Checkpoint`` message up to (not including) the raw
    ``tensor_content``, which the caller writes straight after them."""
    tag_b = tag.encode("utf-8")
    type_b = tensor_type.encode("utf-8")
    tensor_head = (b"".join(b"\x08" + encode_varint(int(d)) for d in dims)
                   + _len_field(2, len(type_b)) + type_b
                   + _len_field(3, content_len))
    tensor_len = len(tensor_head) + content_len
    value_head = _len_field(1, len(tag_b)) + tag_b + _len_field(2, tensor_len)
    value_len = len(value_head) + tensor_len
    return _len_field(1, value_len) + value_head + tensor_head


def encode_value(tag, dims, tensor_type, content):
    """A complete one-Value ``Checkpoint`` message (bytes)."""
    return value_header(tag, dims, tensor_type, len(content)) + bytes(content)


def crc_trailer(crc):
    return CRC_MARK + (crc & 0xFFFFFFFF).to_bytes(10, byteorder="big")


def crc32(data, crc=0):
    return zlib.crc32(data, crc)


# ----- decoding ------------------------------------------------------------------------------
def _read_varint(buf, pos, end):
    result = 0
    shift = 0
    while True:
        if pos >= end:
            raise DecodeError("truncated varint at byte %d" % pos)
        b = buf[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if b < 0x80:
            if result >> 64:
                raise DecodeError("varint at byte %d does not fit in 64 bits" % pos)
            return result, pos
        shift += 7
        if shift >= 70:
            raise DecodeError("malformed varint (more than 10 bytes) at byte %d" % pos)


def _fields(buf, pos, end):
    """Yield ``(field_number, wire_type, value, start, stop)``: ``value`` is the int for
    varints and fixed fields; for length-delimited fields ``start:stop`` is the payload."""
    while pos < end:
        key, pos = _read_varint(buf, pos, end)
        field, wire = key >> 3, key & 7
        if field == 0:
            raise DecodeError("field number 0 at byte %d" % pos)
        if wire == _WIRE_VARINT:
            value, pos = _read_varint(buf, pos, end)
            yield field, wire, value, 0, 0
        elif wire == _WIRE_LEN:
            length, pos = _read_varint(buf, pos, end)
            stop = pos + length
            if stop > end:
                raise DecodeError("length-delimited field %d at byte %d runs past the end of its "
                                  "message (%d bytes needed, %d left)"
                                  % (field, pos, length, end - pos))
            yield field, wire, None, pos, stop
            pos = stop
        elif wire == _WIRE_I64:
            if pos + 8 > end:
                raise DecodeError("truncated 64-bit field at byte %d" % pos)
            yield field, wire, int.from_bytes(buf[pos:pos + 8], "little"), 0, 0
            pos += 8
        elif wire == _WIRE_I32:
            if pos + 4 > end:
                raise DecodeError("truncated 32-bit field at byte %d" % pos)
            yield field, wire, int.from_bytes(buf[pos:pos + 4], "little"), 0, 0
            pos += 4
        else:
            raise DecodeError("invalid wire type %d at byte %d" % (wire, pos))


def _to_int64(v):
    return v - (1 << 64) if v >= 1 << 63 else v


def _utf8(buf, start, stop, what):
    try:
        return bytes(buf[start:stop]).decode("utf-8")
    except UnicodeDecodeError:
        raise DecodeError("%s is not valid UTF-8" % what) from None


class TensorProto:
    __slots__ = ("dims", "tensor_type", "content")

    def __init__(self, dims, tensor_type, content):
        self.dims = dims
        self.tensor_type = tensor_type
        self.content = content      # memoryview into the file's bytes


def _parse_tensor(buf, start, stop):
    dims = []
    tensor_type = None
    content = None
    for field, wire, value, s, e in _fields(buf, start, stop):
        if field == 1:
            if wire == _WIRE_VARINT:
                dims.append(_to_int64(value))
            elif wire == _WIRE_LEN:  # packed encoding, accepted by every protobuf parser
                pos = s
                while pos < e:
                    v, pos = _read_varint(buf, pos, e)
                    dims.append(_to_int64(v))
            else:
                raise DecodeError("TensorProto.dims has wire type %d" % wire)
        elif field == 2:
            if wire != _WIRE_LEN:
                raise DecodeError("TensorProto.tensor_type has wire type %d" % wire)
            tensor_type = _utf8(buf, s, e, "TensorProto.tensor_type")
        elif field == 3:
            if wire != _WIRE_LEN:
                raise DecodeError("TensorProto.tensor_content has wire type %d" % wire)
            content = buf[s:e]
    if tensor_type is None or content is None:
        raise DecodeError("a TensorProto lacks its required %s"
                          % ("tensor_type" if tensor_type is None else "tensor_content"))
    return TensorProto(dims, tensor_type, content)


def parse_checkpoint(data):
    """Parse the bytes of a ``Checkpoint`` message (CRC trailer already removed).

    Returns a list of ``(tag, kind, payload)``: ``kind`` is ``"tensor"`` with a TensorProto,
    or ``"map"`` with a list of TensorProtos. Raises DecodeError.
    """
    buf = memoryview(data)
    values = []
    for field, wire, _, s, e in _fields(buf, 0, len(buf)):
        if field != 1:
            continue  # unknown field: skipped, as protobuf does
        if wire != _WIRE_LEN:
            raise DecodeError("Checkpoint.value has wire type %d" % wire)
        tag = None
        kind = payload = None
        for vfield, vwire, _, vs, ve in _fields(buf, s, e):
            if vfield == 1:
                if vwire != _WIRE_LEN:
                    raise DecodeError("Value.tag has wire type %d" % vwire)
                tag = _utf8(buf, vs, ve, "a Value's tag")
            elif vfield == 2:
                if vwire != _WIRE_LEN:
                    raise DecodeError("Value.tensor has wire type %d" % vwire)
                kind, payload = "tensor", _parse_tensor(buf, vs, ve)
            elif vfield == 3:
                if vwire != _WIRE_LEN:
                    raise DecodeError("Value.maptensor has wire type %d" % vwire)
                tensors = []
                for mfield, mwire, _, ms_, me in _fields(buf, vs, ve):
                    if mfield == 1 and mwire == _WIRE_LEN:
                        tensors.append(_parse_tensor(buf, ms_, me))
                kind, payload = "map", tensors
        if tag is None:
            raise DecodeError("a Value lacks its required tag")
        if kind is None:
            raise DecodeError("the Value %r holds no tensor" % tag)
        values.append((tag, kind, payload))
    return values


def split_crc(data):
    """``(body, stored_crc or None)``: strips the CRC trailer when the file has one (the
    body is a memoryview of ``data``, not a copy)."""
    if len(data) >= CRC_TRAILER_LEN and bytes(data[-CRC_TRAILER_LEN:-10]) == CRC_MARK:
        return (memoryview(data)[:-CRC_TRAILER_LEN],
                int.from_bytes(bytes(data[-10:]), byteorder="big"))
    return data, None
