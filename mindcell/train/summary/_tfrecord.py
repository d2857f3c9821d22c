"""TFRecord framing, as TensorBoard reads event files: per record the length (uint64 LE),
the masked CRC-32C of those 8 bytes, the data, the masked CRC-32C of the data."""
import struct

_POLY = 0x82F63B78  # CRC-32C (Castagnoli), reflected


def _table():
    table = []
    for i in range(256):
        c = i
        for _ in range(8):
            c = (c >> 1) ^ _POLY if c & 1 else c >> 1
        table.append(c)
    return tuple(table)


_TABLE = _table()


def crc32c(data):
    crc = 0xFFFFFFFF
    table = _TABLE
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def masked_crc32c(data):
    crc = crc32c(data)
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def frame(data):
    """One record: header, data and footer bytes."""
    header = struct.pack("<Q", len(data))
    return (header + struct.pack("<I", masked_crc32c(header)) + data
            + struct.pack("<I", masked_crc32c(data)))


def read_records(path):
    """The data of every record in ``path``, checking both CRCs.

    Raises:
        ValueError: a truncated record or a CRC mismatch.
    """
    with open(path, "rb") as f:
        blob = f.read()
    out, at = [], 0
    while at < len(blob):
        if at + 12 > len(blob):
            raise ValueError("%s: truncated record header at byte %d" % (path, at))
        header = blob[at:at + 8]
        (n,) = struct.unpack("<Q", header)
        (crc,) = struct.unpack("<I", blob[at + 8:at + 12])
        if crc != masked_crc32c(header):
            raise ValueError("%s: bad length CRC at byte %d" % (path, at))
        data = blob[at + 12:at + 12 + n]
        if len(data) != n or at + 16 + n > len(blob):
            raise ValueError("%s: truncated record at byte %d" % (path, at))
        (crc,) = struct.unpack("<I", blob[at + 12 + n:at + 16 + n])
        if crc != masked_crc32c(data):
            raise ValueError("%s: bad data CRC at byte %d" % (path, at))
        out.append(data)
        at += 16 + n
    return out
