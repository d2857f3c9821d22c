"""Reading checkpoint files into ``{name: Parameter or str or [arrays]}`` with every check
the formats allow (used by ``load_checkpoint``).

``.ckpt``: the CRC trailer is verified whenever the file has one (``crc_check=True`` also
demands one); every record is checked before anything is converted: its type is known, its
dims are non-negative, its byte length is exactly what its dims and type need (computed
without allocating, so a huge declared size is refused, not attempted), the pieces of a split
tensor agree, and a name does not come back after other names. ``.safetensors``: the
package's own validation (header, offsets, lengths) plus the ``crc_num`` metadata when present.
Every problem is a ValueError naming the file.
"""

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.train import _ckpt_proto as proto
from mindcell.train import _safetensors_io as st_io
from mindcell.train._ckpt_files import map_regular_file


# tensor_type string -> numpy dtype of the little-endian bytes on disk
CKPT_NP = {
    "Bool": np.dtype(np.bool_), "Int8": np.dtype("<i1"), "UInt8": np.dtype("<u1"),
    "Int16": np.dtype("<i2"), "UInt16": np.dtype("<u2"), "Int32": np.dtype("<i4"),
    "UInt32": np.dtype("<u4"), "Int64": np.dtype("<i8"), "UInt64": np.dtype("<u8"),
    "Float16": np.dtype("<f2"), "Float32": np.dtype("<f4"), "Float64": np.dtype("<f8"),
    "BFloat16": mstype.BF16_NP,  # ml_dtypes' bfloat16 is native (little-endian) only
    # the tags MindSpore 2.10 writes for complex tensors (its own load_checkpoint cannot read
    # them back: KeyError 'Complex64'); real part then imaginary part, as numpy lays them out
    "Complex64": np.dtype("<c8"), "Complex128": np.dtype("<c16"),
}
STR_TYPE = "str"
MAX_NDIM = 64

_FUNC = "load_checkpoint"


def _fail(path, what):
    return ValueError("For '%s', failed to load the checkpoint file %s: %s"
                      % (_FUNC, path, what))


def _nbytes(dims, itemsize, limit):
    """``prod(dims) * itemsize``, or ``limit + 1`` as soon as it is known to exceed
    ``limit`` (no huge products)."""
    if 0 in dims:
        return 0
    n = itemsize
    for d in dims:
        n *= d
        if n > limit:
            return limit + 1
    return n


def _check_dims(path, tag, dims):
    if len(dims) > MAX_NDIM:
        raise _fail(path, "the tensor %r has %d dims (at most %d)" % (tag, len(dims), MAX_NDIM))
    if any(d < 0 for d in dims):
        raise _fail(path, "the tensor %r has negative dims %s" % (tag, list(dims)))


def _tensor_plan(path, tag, chunks):
    """Check one tensor's Values; returns ``(np_dtype, dims)``."""
    first = chunks[0]
    tensor_type = first.tensor_type
    for c in chunks[1:]:
        if c.tensor_type != tensor_type or list(c.dims) != list(first.dims):
            raise _fail(path, "the pieces of the tensor %r disagree on type or dims (%s %s vs "
                        "%s %s)" % (tag, tensor_type, list(first.dims), c.tensor_type,
                                    list(c.dims)))
    np_dtype = CKPT_NP.get(tensor_type)
    if np_dtype is None:
        raise _fail(path, "the tensor %r has the type %r, which mindcell cannot read "
                    "(known: %s, %s)" % (tag, tensor_type, ", ".join(CKPT_NP), STR_TYPE))
    itemsize = np_dtype.itemsize
    dims = list(first.dims)
    size = sum(len(c.content) for c in chunks)
    if dims == [0] and size == itemsize:
        dims = []  # old MindSpore wrote scalars with dims [0]
    _check_dims(path, tag, dims)
    expected = _nbytes(dims, itemsize, size)
    if expected != size:
        raise _fail(path, "the tensor %r (%s, dims %s) should hold %s bytes but holds %d; the "
                    "file is damaged or truncated"
                    % (tag, tensor_type, dims, "more than %d" % size if expected > size
                       else expected, size))
    return np_dtype, dims


def _tensor_value(path, tag, chunks, plan):
    np_dtype, dims = plan
    arr = np.empty(dims, np_dtype.newbyteorder("="))
    flat, pos = arr.reshape(-1), 0
    for c in chunks:  # one copy, piece by piece, of a tensor split over several records
        part = np.frombuffer(c.content, dtype=np_dtype)
        flat[pos:pos + part.size] = part
        pos += part.size
    return Parameter(Tensor._make(arr), name=tag)


def _str_value(path, tag, chunks):
    text = b"".join(bytes(c.content) for c in chunks)
    if len(text) % 4:
        raise _fail(path, "the string %r is not UTF-32 (%d bytes)" % (tag, len(text)))
    try:
        return text.decode("utf-32-le").rstrip("\x00")
    except UnicodeDecodeError:
        raise _fail(path, "the string %r is not valid UTF-32" % tag) from None


def _map_arrays(path, tag, chunks):
    """A MapParameter's Values: lists of (keys, values, status) tensors, joined on axis 0."""
    parts = None
    for tensors in chunks:
        arrays = []
        for t in tensors:
            try:
                dt = np.dtype(t.tensor_type)
            except Exception:  # numpy raises TypeError, ValueError, SyntaxError... here
                dt = None
            if dt is None or mstype.np_kind(dt) not in "biuf" or dt.subdtype is not None:
                raise _fail(path, "the map parameter %r has the unsupported type %r"
                            % (tag, t.tensor_type))
            _check_dims(path, tag, t.dims)
            if _nbytes(t.dims, dt.itemsize, len(t.content)) != len(t.content):
                raise _fail(path, "a tensor of the map parameter %r (%s, dims %s) does not hold "
                            "%d bytes" % (tag, t.tensor_type, list(t.dims), len(t.content)))
            arrays.append(np.frombuffer(t.content, dtype=dt).reshape(t.dims).copy())
        if parts is not None and len(arrays) != len(parts):
            raise _fail(path, "the pieces of the map parameter %r hold different numbers of "
                        "tensors" % tag)
        parts = [[a] for a in arrays] if parts is None else [p + [a] for p, a in
                                                           zip(parts, arrays)]
    try:
        return [np.concatenate(p, axis=0) for p in (parts or [])]
    except ValueError as e:
        raise _fail(path, "the pieces of the map parameter %r do not join (%s)" % (tag, e)) \
            from None


def _groups(path, values):
    """Join consecutive Values with the same tag (tensors over 512 MiB are split); a tag that
    comes back after another one means a damaged or foreign file."""
    groups, seen = [], set()
    for tag, kind, payload in values:
        if groups and groups[-1][0] == tag and groups[-1][1] == kind:
            groups[-1][2].append(payload)
            continue
        if tag in seen:
            raise _fail(path, "the name %r appears twice, apart" % tag)
        seen.add(tag)
        groups.append((tag, kind, [payload]))
    return groups


def load_ckpt(path, keep, crc_check, given=None):
    """``.ckpt`` file -> dict name -> Parameter / str / list of arrays (map parameters).

    The file is memory-mapped and every tensor is copied once out of the mapping (protobuf
    gives no alignment, so the bytes cannot be used in place)."""
    raw = map_regular_file(path, _FUNC, given)
    body, stored_crc = proto.split_crc(raw)
    if stored_crc is None:
        if crc_check:
            raise ValueError("For 'load_checkpoint', crc_check=True but the checkpoint file %s "
                             "has no CRC trailer: it was saved without crc_check=True, or its "
                             "end is missing." % path)
    elif proto.crc32(body) != stored_crc:
        raise ValueError("For 'load_checkpoint', the CRC check of the checkpoint file %s failed: "
                         "the file is damaged." % path)
    try:
        values = proto.parse_checkpoint(body)
    except proto.DecodeError as e:
        raise _fail(path, "it is not a MindSpore checkpoint or it is damaged/truncated (%s)"
                    % e) from None
    if not values:
        raise _fail(path, "it holds no parameters (an empty file, or not a MindSpore checkpoint)")
    groups = _groups(path, values)
    plans = []  # everything is checked before anything is converted
    for tag, kind, chunks in groups:
        if kind == "map":
            plans.append(None)
        elif any(c.tensor_type == STR_TYPE for c in chunks):
            if any(c.tensor_type != STR_TYPE for c in chunks):
                raise _fail(path, "the pieces of %r have different types" % tag)
            plans.append(_str_value(path, tag, chunks))
        else:
            plans.append(_tensor_plan(path, tag, chunks))
    for (tag, kind, chunks), plan in zip(groups, plans):
        if kind == "map":
            _map_arrays(path, tag, chunks)  # checked even when filtered out
    result = {}
    for (tag, kind, chunks), plan in zip(groups, plans):
        if not keep(tag):
            continue
        if kind == "map":
            result[tag] = _map_arrays(path, tag, chunks)
        elif isinstance(plan, str):
            result[tag] = plan
        else:
            result[tag] = _tensor_value(path, tag, chunks, plan)
    return result


def load_safetensors(path, keep, crc_check, given=None):
    """``.safetensors`` file -> dict name -> Parameter (sorted names)."""
    mapped = map_regular_file(path, _FUNC, given)
    try:
        metadata, entries = st_io.read_file(path, mapped)
    except st_io.FormatError as e:
        raise _fail(path, str(e)) from None
    # the mapping is unmapped when the last view into it goes (no tensor keeps one: each is
    # copied out)
    return _safetensors_params(path, keep, crc_check, metadata, entries)


def _safetensors_params(path, keep, crc_check, metadata, entries):
    stored = (metadata or {}).get("crc_num")
    if stored is None:
        if crc_check:
            raise ValueError("For 'load_checkpoint', crc_check=True but the safetensors file %s "
                             "has no 'crc_num' metadata: it was saved without crc_check=True."
                             % path)
    else:
        computed = st_io.crc_of({k: v[2] for k, v in entries.items()})
        if str(computed) != str(stored).strip():
            raise ValueError("For 'load_checkpoint', the CRC check of the checkpoint file %s "
                             "failed: the file is damaged." % path)
    for name, (dtype, _, _) in entries.items():  # filtered-out entries are checked too
        if dtype not in st_io.ST_TO_NP:
            raise _fail(path, "tensor %r has the dtype %s, which mindcell cannot load "
                        "(supported: %s)" % (name, dtype, ", ".join(sorted(st_io.ST_TO_NP))))
    result = {}
    for name, (dtype, shape, data) in entries.items():
        if not keep(name):
            continue
        try:
            arr = st_io.to_array(name, dtype, shape, data)
        except ValueError as e:
            raise _fail(path, str(e)) from None
        result[name] = Parameter(Tensor._make(arr), name=name)
    return result
