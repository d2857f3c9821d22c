"""Byte formats several file formats share: protobuf's wire encoding and decoding (checkpoints,
MINDIR, TensorBoard events, tf.train.Example) and TFRecord framing (TFRecord datasets,
TensorBoard event files). One implementation each; the formats' own modules build their
messages on it."""
import struct

WIRE_VARINT, WIRE_FIXED64, WIRE_LEN, WIRE_FIXED32 = 0, 1, 2, 5


# ----- protobuf ------------------------------------------------------------------------------
def encode_varint(value):
    """Base-128 varint; negative int64 values take ten bytes (two's complement)."""
    value &= (1 << 64) - 1
    out = bytearray()
    while value > 0x7F:
        out.append((value & 0x7F) | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def field_key(number, wire):
    return encode_varint(number << 3 | wire)


def len_field(number, payload):
    """A length-delimited field (bytes, str as UTF-8, or an encoded message)."""
    if isinstance(payload, str):
        payload = payload.encode("utf-8")
    return field_key(number, WIRE_LEN) + encode_varint(len(payload)) + payload


class WireError(ValueError):
    """Bytes that are not a well-formed protobuf message (truncated, or a bad wire type)."""


def read_varint(buf, pos, end):
    """(value, next position) of the varint at ``buf[pos:end]``."""
    value = shift = 0
    while True:
        if pos >= end:
            raise WireError("truncated varint at byte %d" % pos)
        byte = buf[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, pos
        shift += 7
        if shift >= 70:
            raise WireError("malformed varint (more than 10 bytes) at byte %d" % pos)


def decode_message(buf):
    """{field number: [values]} of one message: varints as ints, length-delimited fields as
    memoryview slices of ``buf`` (no copy), fixed32/fixed64 fields as 4/8 bytes."""
    buf = memoryview(buf)
    out, pos, end = {}, 0, len(buf)
    while pos < end:
        key, pos = read_varint(buf, pos, end)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise WireError("field number 0 at byte %d" % pos)
        if wire == WIRE_VARINT:
            value, pos = read_varint(buf, pos, end)
        elif wire == WIRE_LEN:
            size, pos = read_varint(buf, pos, end)
            if pos + size > end:
                raise WireError("field %d at byte %d runs past the end (%d bytes needed, %d "
                                "left)" % (number, pos, size, end - pos))
            value, pos = buf[pos:pos + size], pos + size
        elif wire in (WIRE_FIXED32, WIRE_FIXED64):
            size = 4 if wire == WIRE_FIXED32 else 8
            if pos + size > end:
                raise WireError("truncated fixed-size field %d at byte %d" % (number, pos))
            value, pos = bytes(buf[pos:pos + size]), pos + size
        else:
            raise WireError("invalid wire type %d at byte %d" % (wire, pos))
        out.setdefault(number, []).append(value)
    return out


def packed_varints(values):
    """The ints of a repeated varint field, written unpacked (ints) or packed (slices)."""
    out = []
    for v in values:
        if isinstance(v, int):
            out.append(v)
            continue
        pos, end = 0, len(v)
        while pos < end:
            value, pos = read_varint(v, pos, end)
            out.append(value)
    return out


def signed64(value):
    """An int64 field's value (varints carry negative numbers in two's complement)."""
    return value - (1 << 64) if value >= 1 << 63 else value


# ----- TFRecord framing: uint64 length, masked CRC-32C of it, data, masked CRC-32C of data ------
_POLY = 0x82F63B78  # CRC-32C (Castagnoli), reflected


def _crc_table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ _POLY if c & 1 else c >> 1
        table.append(c)
    return tuple(table)


_TABLE = _crc_table()


def crc32c(data):
    crc = 0xFFFFFFFF
    table = _TABLE
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame_record(data):
    """One TFRecord: header, data and footer bytes."""
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", masked_crc32c(header)) + data
            + struct.pack("<I", masked_crc32c(data)))


def record_spans(data, what, check_data=True):
    """(start, end) of the payload of every record in ``data`` (a file's bytes), checking the
    length checksums and, with ``check_data``, the payload checksums.

    Raises:
        ValueError: a truncated record or a checksum mismatch; the message starts with ``what``.
    """
    out, pos, n = [], 0, len(data)
    while pos < n:
        if pos + 12 > n:
            raise ValueError("%s is truncated at byte %d" % (what, pos))
        head = bytes(data[pos:pos + 8])
        if struct.unpack_from("<I", data, pos + 8)[0] != masked_crc32c(head):
            raise ValueError("%s is not TFRecord-framed (bad length checksum at byte %d)"
                             % (what, pos))
        start = pos + 12
        end = start + struct.unpack("<Q", head)[0]
        if end + 4 > n:
            raise ValueError("%s is truncated at byte %d" % (what, pos))
        if check_data and struct.unpack_from("<I", data, end)[0] != masked_crc32c(
                bytes(data[start:end])):
            raise ValueError("%s: bad data checksum at byte %d" % (what, pos))
        out.append((start, end))
        pos = end + 4
    return out
