"""TFRecord framing, as TensorBoard reads event files (mindcell/_wire.py): per record the
length (uint64 LE), the masked CRC-32C of those 8 bytes, the data, the masked CRC-32C of the
data."""
from mindcell._wire import crc32c, frame_record as frame, masked_crc32c, record_spans

__all__ = ["crc32c", "masked_crc32c", "frame", "read_records"]


def read_records(path):
    """The data of every record in ``path``, checking both CRCs.

    Raises:
        ValueError: a truncated record or a CRC mismatch.
    """
    with open(path, "rb") as f:
        blob = f.read()
    return [blob[start:end] for start, end in record_spans(blob, path)]
