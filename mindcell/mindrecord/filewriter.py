"""``FileWriter``: write rows to MindRecord files (MindSpore's format, see
:mod:`mindcell.dataset.mindrecord_io`) that MindSpore's ``MindDataset`` reads."""
import os
import re

import numpy as np

from mindcell import log
from mindcell.dataset import mindrecord_io as mrio
from mindcell.dataset import msgpack_io
from mindcell.mindrecord.errors import (MRMBuildSchemaError, MRMDefineIndexError,
                                        MRMInvalidSchemaError, ParamTypeError, ParamValueError)

__all__ = ["FileWriter", "check_schema"]

_NAME = re.compile(r"^[0-9A-Za-z_]+$")
_INT_RANGE = {"int32": (-2 ** 31, 2 ** 31 - 1), "int64": (-2 ** 63, 2 ** 63 - 1)}


def check_schema(content):
    """A schema dict ``{field: {"type": ..., "shape": [...]}}`` after checking it."""
    if not isinstance(content, dict) or not content:
        raise MRMInvalidSchemaError("the schema must be a non-empty dict, but got %r"
                                    % (content,))
    for name, spec in content.items():
        if not isinstance(name, str) or not _NAME.match(name):
            raise MRMInvalidSchemaError("field name %r must be made of 0-9, a-z, A-Z and _"
                                        % (name,))
        if not isinstance(spec, dict) or "type" not in spec or set(spec) - {"type", "shape"}:
            raise MRMInvalidSchemaError("field %r must be a dict with 'type' and optionally "
                                        "'shape', but got %r" % (name, spec))
        kind = spec["type"]
        if kind not in mrio.FIELD_TYPES:
            raise MRMInvalidSchemaError("field %r has the type %r; expected one of %s"
                                        % (name, kind, sorted(mrio.FIELD_TYPES)))
        if "shape" in spec:
            if kind in ("string", "bytes"):
                raise MRMInvalidSchemaError("field %r of type %r cannot have a shape"
                                            % (name, kind))
            shape = spec["shape"]
            if (not isinstance(shape, list) or any(
                    isinstance(d, bool) or not isinstance(d, int) or (d < 1 and d != -1)
                    for d in shape) or shape.count(-1) > 1):
                raise MRMBuildSchemaError("field %r: 'shape' must be a list of positive ints "
                                          "with at most one -1, but got %r" % (name, shape))
    return {k: dict(v) for k, v in content.items()}


def _scalar_ok(kind, v):
    dtype = mrio.FIELD_TYPES[kind]
    if isinstance(v, np.generic) and not isinstance(v, float):
        return v.dtype == dtype
    if kind in _INT_RANGE:
        low, high = _INT_RANGE[kind]
        return isinstance(v, int) and not isinstance(v, bool) and low <= v <= high
    return isinstance(v, float)


def _field_problem(name, spec, v):
    """Why a row's value does not fit its field (None when it does)."""
    kind = spec["type"]
    if "shape" in spec:
        dtype = np.dtype(mrio.FIELD_TYPES[kind])
        if not isinstance(v, np.ndarray) or v.dtype != dtype:
            return "field %r needs a numpy %s array, got %s" % (
                name, dtype, getattr(v, "dtype", type(v).__name__))
        fixed = int(np.prod([d for d in spec["shape"] if d != -1]))
        ok = v.size % max(fixed, 1) == 0 if -1 in spec["shape"] else v.size == fixed
        return None if ok else "field %r of shape %s got %d values" % (
            name, spec["shape"], v.size)
    if kind == "string":
        return None if isinstance(v, str) else "field %r needs a str" % name
    if kind == "bytes":
        return None if isinstance(v, bytes) else "field %r needs bytes" % name
    return None if _scalar_ok(kind, v) else "field %r needs a %s, got %r" % (name, kind, v)


class FileWriter:
    """FileWriter(file_name, shard_num=1, overwrite=False): write rows of a schema to MindRecord
    files (``file_name``, or ``file_name0`` ... ``file_name<shard_num-1>`` with the index
    zero-padded to the width of the last one, e.g. ``file_name00`` ... ``file_name20`` for 21
    shards, each with a ``.db`` index beside it) in MindSpore's format.

    Args:
        file_name (str): the file (the shards' common prefix when ``shard_num`` > 1).
        shard_num (int): the number of files, in [1, 1000]. Each ``write_raw_data`` call
            splits its rows into ``shard_num`` consecutive blocks (sizes differ by at most one;
            MindSpore gives the extra rows to random shards, mindcell to the first ones).
        overwrite (bool): replace existing files instead of raising.

    Raises:
        ParamTypeError / ParamValueError: an argument of the wrong type or value.
        RuntimeError: a file exists and ``overwrite`` is False, or its folder does not exist.

    Examples:
        >>> import numpy as np, os, tempfile
        >>> from mindcell.mindrecord import FileWriter, FileReader
        >>> path = os.path.join(tempfile.mkdtemp(), "demo.mindrecord")
        >>> writer = FileWriter(path, shard_num=1, overwrite=True)
        >>> writer.add_schema({"label": {"type": "int32"},
        ...                    "data": {"type": "float32", "shape": [2]}}, "demo")
        >>> writer.write_raw_data([{"label": i, "data": np.full(2, i, np.float32)}
        ...                        for i in range(3)])
        >>> writer.commit()
        >>> [row["label"] for row in FileReader(path).get_next()]
        [0, 1, 2]
    """

    def __init__(self, file_name, shard_num=1, overwrite=False):
        if not isinstance(file_name, str) or not file_name:
            raise ParamTypeError("'file_name' must be a non-empty str, but got %r"
                                 % (file_name,))
        if isinstance(shard_num, bool) or not isinstance(shard_num, int):
            raise ParamTypeError("'shard_num' must be an int, but got %r" % (shard_num,))
        if not 1 <= shard_num <= 1000:
            raise ParamValueError("'shard_num' must be in [1, 1000], but got %d" % shard_num)
        if not isinstance(overwrite, bool):
            raise ParamTypeError("'overwrite' must be a bool, but got %r" % (overwrite,))
        folder = os.path.dirname(os.path.abspath(file_name))
        if not os.path.isdir(folder):
            raise RuntimeError("FileWriter: the folder %r does not exist" % folder)
        # shard suffixes are zero-padded to the width of the last index, as MindSpore names
        # them (11 shards: x00 ... x10), so programs can open file_name + "00"
        width = len(str(shard_num - 1))
        self._paths = ([file_name] if shard_num == 1 else
                       ["%s%0*d" % (file_name, width, i) for i in range(shard_num)])
        existing = [p for path in self._paths for p in (path, path + ".db")
                    if os.path.exists(p)]
        if existing and not overwrite:
            raise RuntimeError("FileWriter: the MindRecord files %s already exist; pass "
                               "overwrite=True to replace them" % existing)
        for p in existing:
            os.remove(p)
        self._header_size, self._page_size = mrio.HEADER_SIZE, mrio.PAGE_SIZE
        self._schema, self._desc, self._index = None, "", None
        self._shards, self._index_values = None, None
        self._committed = False

    @staticmethod
    def open_for_append(file_name):
        """open_for_append(file_name): a FileWriter that appends rows to existing MindRecord
        files (``file_name`` is any shard of the set; the schema, index fields, header and
        page sizes are the files'). Appending gives the same files as writing every row in
        one session.

        Raises:
            RuntimeError: a file of the set that does not exist or is not MindRecord.
        """
        if not isinstance(file_name, str):
            raise ParamTypeError("'file_name' must be a str, but got %r" % (file_name,))
        if not os.path.isfile(file_name):
            raise RuntimeError("The input: %s is not exists." % file_name)
        header = mrio.read_header(file_name)
        folder = os.path.dirname(file_name)
        paths = [os.path.join(folder, os.path.basename(n)) for n in header["shard_addresses"]]
        for p in paths:
            if not os.path.isfile(p) or not os.path.isfile(p + ".db"):
                raise RuntimeError("FileWriter.open_for_append: the shard %s (or its .db) "
                                   "does not exist" % p)
        writer = FileWriter.__new__(FileWriter)
        writer._paths = paths
        writer._header_size, writer._page_size = header["header_size"], header["page_size"]
        first = header["schema"][0]
        writer._schema = {k: dict(v) for k, v in first["schema"].items()}
        writer._desc = first.get("desc", "")
        writer._index = [f["index_field"] for f in header["index_fields"]]
        writer._shards, writer._index_values = [], []
        for p in paths:
            shard, values = mrio.ShardWriter.resume(p, mrio.read_header(p))
            writer._shards.append(shard)
            writer._index_values.append(values)
        writer._committed = False
        return writer

    def add_schema(self, content, desc=None):
        """add_schema(content, desc=None): the fields of every row.

        Args:
            content (dict): field name -> ``{"type": t}`` or ``{"type": t, "shape": [...]}``,
                ``t`` one of int32, int64, float32, float64, string, bytes; a field with a
                shape (numbers only; -1 at most once, for any length) holds a numpy array.
            desc (str): a description stored in the header.

        Raises:
            MRMInvalidSchemaError / MRMBuildSchemaError: an invalid schema.
        """
        self._check_open()
        if self._schema is not None:
            raise RuntimeError("FileWriter: add_schema was already called (one schema per "
                               "file)")
        if desc is not None and not isinstance(desc, str):
            raise ParamTypeError("'desc' must be a str, but got %r" % (desc,))
        self._schema = check_schema(content)
        self._desc = desc or ""

    def add_index(self, index_fields):
        """add_index(index_fields): the fields written to the ``.db`` index (default: every
        field without a shape that is not bytes).

        Raises:
            ParamTypeError: not a non-empty list. MRMDefineIndexError: an array or bytes
            field. RuntimeError: a field not in the schema, or no schema yet.
        """
        self._check_open()
        if not isinstance(index_fields, list) or not index_fields:
            raise ParamTypeError("'index_fields' must be a non-empty list, but got %r"
                                 % (index_fields,))
        if self._schema is None:
            raise RuntimeError("FileWriter: call add_schema before add_index")
        for f in index_fields:
            if f not in self._schema:
                raise RuntimeError("FileWriter: index field %r is not in the schema %s"
                                   % (f, sorted(self._schema)))
            if f in mrio.blob_fields(self._schema):
                raise MRMDefineIndexError("index field %r is not a scalar (number or "
                                          "string) field" % f)
        self._index = list(index_fields)

    def set_header_size(self, header_size):
        """set_header_size(header_size): bytes reserved for each file's header, in
        [16384, 134217728] (default 16 MB)."""
        self._header_size = self._check_size("header_size", header_size, 1 << 14, 1 << 27)

    def set_page_size(self, page_size):
        """set_page_size(page_size): bytes of a page, the largest row, in
        [32768, 268435456] (default 32 MB)."""
        self._page_size = self._check_size("page_size", page_size, 1 << 15, 1 << 28)

    def _check_size(self, name, value, low, high):
        self._check_open()
        if self._shards is not None:
            raise RuntimeError("FileWriter: set the %s before writing rows" % name)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise RuntimeError("FileWriter: %s must be an int in [%d, %d] bytes, but got %r"
                               % (name, low, high, value))
        return value

    def _check_open(self):
        if self._committed:
            raise RuntimeError("FileWriter: the files were already committed")

    def write_raw_data(self, raw_data, parallel_writer=False):
        """write_raw_data(raw_data, parallel_writer=False): append rows.

        Args:
            raw_data (list[dict]): rows, field -> value: ints (int or the numpy scalar of the
                field's type) for int fields, floats for float fields, str, bytes, and numpy
                arrays of exactly the field's dtype for fields with a shape. A row that does
                not fit the schema is skipped with a warning, as in MindSpore.
            parallel_writer (bool): accepted for compatibility; rows are written in order
                either way.

        Raises:
            ParamTypeError: ``raw_data`` not a list of dicts. RuntimeError: no schema, or no
            valid row.
        """
        self._check_open()
        if not isinstance(raw_data, list) or not all(isinstance(r, dict) for r in raw_data):
            raise ParamTypeError("'raw_data' must be a list of dicts")
        if not isinstance(parallel_writer, bool):
            raise ParamTypeError("'parallel_writer' must be a bool, but got %r"
                                 % (parallel_writer,))
        if self._schema is None:
            raise RuntimeError("FileWriter: call add_schema before write_raw_data")
        rows = [r for i, r in enumerate(raw_data) if self._valid(i, r)]
        if not rows:
            raise RuntimeError("There is no valid data which can be written by "
                               "'write_raw_data' to mindrecord file (see the warnings)")
        self._start()
        per, extra = divmod(len(rows), len(self._shards))
        start = 0
        for k, shard in enumerate(self._shards):
            block = rows[start:start + per + (k < extra)]
            start += len(block)
            if block:
                self._write_block(k, shard, block)

    def _valid(self, i, row):
        for name, spec in self._schema.items():
            problem = ("field %r is missing" % name if name not in row
                       else _field_problem(name, spec, row[name]))
            if problem:
                log.warning("FileWriter.write_raw_data: row %d skipped: %s" % (i, problem))
                return False
        return True

    def _start(self):
        if self._shards is None:
            if self._index is None:
                self._index = sorted(k for k in self._schema
                                     if k not in mrio.blob_fields(self._schema))
            self._shards = [mrio.ShardWriter(p, self._header_size, self._page_size)
                            for p in self._paths]
            self._index_values = [[] for _ in self._paths]

    def _write_block(self, k, shard, block):
        blobs = mrio.blob_fields(self._schema)
        raws, blob_data = [], []
        for row in block:
            scalars = {}
            for name, spec in self._schema.items():
                if name in blobs:
                    continue
                v = row[name]
                scalars[name] = v if spec["type"] == "string" else (
                    int(v) if spec["type"] in _INT_RANGE else float(v))
            raws.append(msgpack_io.pack(scalars))
            data, saved = mrio.encode_blob(self._schema, blobs, row)
            blob_data.append(data)
            shard.saved += saved
            self._index_values[k].append([scalars[f] for f in self._index])
        shard.write(raws, blob_data)

    def commit(self):
        """commit(): write the headers and the ``.db`` index files; the writer is then closed.

        Raises:
            RuntimeError: no schema, or already committed.
        """
        self._check_open()
        if self._schema is None:
            raise RuntimeError("FileWriter: call add_schema before commit")
        self._start()
        names = [os.path.basename(p) for p in self._paths]
        for k, shard in enumerate(self._shards):
            header = shard.header(self._schema, self._desc, self._index, k, names)
            shard.commit(header, self._schema, self._index, self._index_values[k])
        self._committed = True
