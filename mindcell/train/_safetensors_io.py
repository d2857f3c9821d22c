"""The safetensors side of ``save_checkpoint`` / ``load_checkpoint`` (``format="safetensors"``).

Writing goes through the ``safetensors`` package's numpy API (``safetensors.numpy.save_file``).
Reading a file (:func:`read_file`) memory-maps it: the package's ``safe_open`` validates the
header, dtypes and data offsets, and each tensor is one copy out of the mapping into a native
numpy array (BF16 through ml_dtypes' bfloat16, which the package's numpy loader lacks), so a
load costs about what ``safetensors.numpy.load_file`` costs. :func:`read` parses bytes held
in memory the same way.
"""
import json
import struct
import zlib

import numpy as np

from mindcell.dtype import BF16_NP

# safetensors dtype string -> numpy dtype (little-endian on disk)
ST_TO_NP = {
    "BOOL": np.dtype(np.bool_), "U8": np.dtype("<u1"), "I8": np.dtype("<i1"),
    "U16": np.dtype("<u2"), "I16": np.dtype("<i2"), "U32": np.dtype("<u4"),
    "I32": np.dtype("<i4"), "U64": np.dtype("<u8"), "I64": np.dtype("<i8"),
    "F16": np.dtype("<f2"), "F32": np.dtype("<f4"), "F64": np.dtype("<f8"), "BF16": BF16_NP,
}


def _package():
    try:
        import safetensors
        import safetensors.numpy
    except ImportError:  # pragma: no cover - it is a dependency of mindcell
        raise RuntimeError("format='safetensors' needs the 'safetensors' package "
                           "(pip install safetensors)") from None
    return safetensors


def crc_of(named_bytes):
    """MindSpore's safetensors CRC: crc32 over each name (UTF-8) then the tensor's raw bytes,
    names in sorted order. ``named_bytes`` maps name -> bytes-like or numpy array."""
    crc = 0
    for name in sorted(named_bytes):
        crc = zlib.crc32(name.encode("utf-8"), crc)
        crc = zlib.crc32(raw_bytes(named_bytes[name]), crc)
    return crc


def c_order(arr):
    """``arr`` as a C-contiguous array, keeping 0-d arrays 0-d (np.ascontiguousarray
    would make them 1-d)."""
    arr = np.asarray(arr)
    return arr if arr.flags.c_contiguous else np.array(arr, order="C", copy=True)


def raw_bytes(value):
    """The bytes of a numpy array as safetensors stores them (C order, little-endian)."""
    if not isinstance(value, np.ndarray):
        return value
    arr = c_order(value)
    if arr.dtype.byteorder == ">":
        arr = arr.astype(arr.dtype.newbyteorder("<"))
    return memoryview(arr.reshape(-1).view(np.uint8))


def save(path, named_arrays, metadata):
    """Write ``named_arrays`` (name -> numpy array) to ``path``."""
    st = _package()
    tensors = {k: c_order(v) for k, v in named_arrays.items()}
    if tensors:
        st.numpy.save_file(tensors, path, metadata=metadata)
    else:
        st.numpy.save_file(tensors, path)


class FormatError(ValueError):
    pass


def _header(data):
    """``(header dict, offset of the data section)`` of a safetensors file's bytes."""
    if len(data) < 8:
        raise FormatError("it is %d bytes long, shorter than a safetensors header" % len(data))
    (header_len,) = struct.unpack("<Q", bytes(data[:8]))
    if header_len > len(data) - 8:
        raise FormatError("its header length %d runs past the end of the file" % header_len)
    try:
        header = json.loads(bytes(data[8:8 + header_len]).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise FormatError("its header is not valid JSON (%s)" % e) from None
    if not isinstance(header, dict):
        raise FormatError("its header is not a map")
    metadata = header.get("__metadata__")
    if metadata is not None and not isinstance(metadata, dict):
        raise FormatError("its __metadata__ is not a map")
    return header, 8 + header_len


def read_file(path, mapped):
    """Parse the safetensors file ``path`` whose bytes are ``mapped`` (a read-only mmap).

    Returns ``(metadata, entries)`` as :func:`read`, the raw bytes being memoryviews into
    ``mapped`` (no copy). Raises FormatError for anything that is not a valid safetensors file.
    """
    st = _package()
    header, start = _header(mapped)
    try:  # the package's validation: offsets contiguous and inside the file, dtypes, shapes
        with st.safe_open(path, framework="numpy") as f:
            f.keys()
    except Exception as e:  # safetensors raises its own SafetensorError (an Exception)
        raise FormatError("it is not a valid safetensors file (%s)" % e) from None
    view = memoryview(mapped)
    entries = {}
    for name in sorted(k for k in header if k != "__metadata__"):
        info = header[name]
        begin, end = info["data_offsets"]
        entries[name] = (info["dtype"], tuple(int(d) for d in info["shape"]),
                         view[start + begin:start + end])
    return header.get("__metadata__"), entries


def read(data):
    """Parse a safetensors file's bytes.

    Returns ``(metadata, entries)``: ``metadata`` is the ``__metadata__`` dict (or None);
    ``entries`` maps each name (sorted) to ``(dtype string, shape, raw bytes)``.
    Raises FormatError for anything that is not a valid safetensors file.
    """
    st = _package()
    if len(data) < 8:
        raise FormatError("it is %d bytes long, shorter than a safetensors header" % len(data))
    try:
        items = st.deserialize(bytes(data))
    except Exception as e:  # safetensors raises its own SafetensorError (an Exception)
        raise FormatError("it is not a valid safetensors file (%s)" % e) from None
    (header_len,) = struct.unpack("<Q", bytes(data[:8]))
    try:
        header = json.loads(bytes(data[8:8 + header_len]).decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as e:
        raise FormatError("its header is not valid JSON (%s)" % e) from None
    metadata = header.get("__metadata__") if isinstance(header, dict) else None
    if metadata is not None and not isinstance(metadata, dict):
        raise FormatError("its __metadata__ is not a map")
    entries = {}
    for name, info in sorted(items, key=lambda kv: kv[0]):
        entries[name] = (info["dtype"], tuple(int(d) for d in info["shape"]), info["data"])
    return metadata, entries


def to_array(name, dtype, shape, raw):
    """One safetensors entry as a writable native-endian numpy array: one copy of ``raw``."""
    np_dtype = ST_TO_NP.get(dtype)
    if np_dtype is None:
        raise FormatError("tensor %r has the dtype %s, which mindcell cannot load (supported: %s)"
                          % (name, dtype, ", ".join(sorted(ST_TO_NP))))
    out = np.empty(shape, np_dtype.newbyteorder("="))
    if out.size:
        np.copyto(out.reshape(-1), np.frombuffer(raw, dtype=np_dtype), casting="no"
                  if np_dtype.byteorder in ("=", "|") or np_dtype.isnative else "equiv")
    return out
