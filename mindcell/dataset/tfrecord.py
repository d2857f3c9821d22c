"""``TFRecordDataset``: rows of ``tf.train.Example`` records in TFRecord files (no TensorFlow
needed; the format is in :mod:`.tfrecord_io`)."""
import os
import struct

import numpy as np

from mindcell.dataset import tfrecord_io
from mindcell.dataset.engine import names_arg
from mindcell.dataset.file_source import FileRowsSource, expand_files
from mindcell.dataset.samplers import Shuffle
from mindcell.dataset.schema import Schema

__all__ = ["TFRecordDataset"]

_COMPRESSIONS = (None, "", "GZIP", "ZLIB")


def _scan(path):
    """(start, end) of every record payload of an uncompressed file, reading only the
    12-byte record heads."""
    out, size = [], os.path.getsize(path)
    with open(path, "rb") as f:
        pos = 0
        while pos < size:
            head = f.read(12)
            if len(head) < 12 or struct.unpack_from("<I", head, 8)[0] != \
                    tfrecord_io.masked_crc(head[:8]):
                raise RuntimeError("TFRecordDataset: %s is not a valid TFRecord file (bad record "
                                   "head at byte %d)" % (path, pos))
            n = struct.unpack_from("<Q", head)[0]
            out.append((pos + 12, pos + 12 + n))
            pos += 16 + n
            f.seek(pos)
    if pos != size:
        raise RuntimeError("TFRecordDataset: %s is truncated" % path)
    return out


def _bytes_as_uint8(items):
    """MindSpore's uint8 column of a bytes list: the values padded with spaces to the longest,
    joined."""
    width = max((len(b) for b in items), default=0)
    return np.frombuffer(b"".join(b.ljust(width, b" ") for b in items), np.uint8).copy()


def _column(name, kind, values, spec):
    """The numpy value of one feature, as the schema column ``spec`` (None: as read)."""
    if spec is None:
        return _bytes_as_uint8(values) if kind == "bytes" else values
    target = spec["type"]
    if kind == "bytes":
        if target == "string":
            out = np.array([v.decode("utf-8") for v in values])
        elif target in ("uint8", "int8"):
            out = _bytes_as_uint8(values).view(target)
        else:
            raise RuntimeError("TFRecordDataset: column %r holds bytes, which cannot be read as "
                               "%s" % (name, target))
    elif target == "string":
        raise RuntimeError("TFRecordDataset: column %r holds %s values, not strings"
                           % (name, kind))
    else:
        out = values.astype(target)
    if "shape" in spec:
        try:
            out = out.reshape(spec["shape"])
        except ValueError:
            raise RuntimeError("TFRecordDataset: column %r has %d values, which do not fit "
                               "the schema's shape %s" % (name, out.size, spec["shape"])) \
                from None
    return out


class TFRecordDataset(FileRowsSource):
    """TFRecordDataset(dataset_files, schema=None, columns_list=None, num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
    shard_equal_rows=False, cache=None, compression_type=None): the features of the
    ``tf.train.Example`` records of TFRecord files, one column per feature.

    Without a schema the columns are the features of the first record, sorted by name:
    ``int64_list`` as int64 arrays, ``float_list`` as float32 arrays and ``bytes_list`` as uint8
    arrays (several values are padded with spaces to the longest and joined, as MindSpore
    does). A schema gives the columns, their order, types (``string`` decodes bytes as UTF-8)
    and shapes, and its ``numRows`` bounds the rows (``num_samples``, when given, instead).

    Args:
        dataset_files (Union[str, list[str]]): files, or glob patterns.
        schema (Union[str, Schema], optional): a :class:`Schema` or the path of a schema JSON
            file; None: the features of the first record, sorted. Default: ``None``.
        columns_list (list[str], optional): the columns to read, in this order; None: all.
            Default: ``None``.
        num_samples (int, optional): read at most this many rows; None or 0: all.
            Default: ``None``.
        num_parallel_workers (int, optional): readers; without shuffling the rows of the
            files they read interleave as in MindSpore (see :mod:`.file_source`).
            Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): ``Shuffle.GLOBAL`` or True shuffles every
            row, ``Shuffle.FILES`` the file order, ``Shuffle.INFILE`` the rows inside each
            file, False nothing. Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): read one of this many shards: the files ``shard_id``,
            ``shard_id + num_shards`` ..., or with ``shard_equal_rows`` an equal run of
            ``ceil(rows / num_shards)`` rows (wrapping around). Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
        shard_equal_rows (bool, optional): shard by rows instead of by files.
            Default: ``False``.
        cache (DatasetCache, optional): accepted; the rows are read uncached (see
            DatasetCache). Default: ``None``.
        compression_type (str, optional): None or ``""`` (plain), ``"GZIP"`` or ``"ZLIB"``.
            Default: ``None``.

    Raises:
        TypeError: ``dataset_files`` is not a str or a list of str, ``schema`` not a Schema
            or path, or ``shard_equal_rows`` not a bool.
        ValueError: no file matches, an unknown compression, or a bad ``num_shards`` /
            ``shard_id``.
        RuntimeError: a file that is not TFRecord, an unknown column, values that do not fit
            the schema, or fewer files than shards when sharding by file.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> from mindcell.dataset import TFRecordDataset, tfrecord_io
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "d.tfrecord")
        ...     tfrecord_io.write_records(path, [tfrecord_io.encode_example(
        ...         {"label": np.array([i]), "x": np.array([i, 1.5], np.float32)})
        ...         for i in range(3)])
        ...     data = TFRecordDataset(path, shuffle=False)
        ...     labels = [r["label"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
        >>> data.get_col_names(), data.get_dataset_size(), labels
        (['label', 'x'], 3, [[0], [1], [2]])
    """

    def __init__(self, dataset_files, schema=None, columns_list=None, num_samples=None,
                 num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
                 shard_id=None, shard_equal_rows=False, cache=None, compression_type=None):
        super().__init__()
        op = "TFRecordDataset"
        if compression_type not in _COMPRESSIONS:
            raise ValueError("%s: 'compression_type' must be '' (none), 'ZLIB' or 'GZIP', but "
                             "got %r" % (op, compression_type))
        self._setup(op, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                    cache, shard_equal_rows)
        self.files = expand_files(op, dataset_files)
        self._compression = compression_type or None
        self._data = {}  # decompressed contents of compressed files
        self._offsets = [self._index(i) for i in range(len(self.files))]
        self.counts = [len(o) for o in self._offsets]
        self._check_file_shards()
        self._schema = self._load_schema(op, schema)
        self._names = self._columns(op, columns_list)

    @staticmethod
    def _load_schema(op, schema):
        if schema is None or isinstance(schema, Schema):
            return schema
        if isinstance(schema, str):
            return Schema(schema)
        raise TypeError("%s: 'schema' must be a Schema or a file path, but got %s"
                        % (op, type(schema).__name__))

    def _index(self, i):
        path = self.files[i]
        if self._compression is None:
            return _scan(path)
        data, offsets = tfrecord_io.read_records(path, self._compression)
        self._data[i] = data
        return offsets

    def _payload(self, f, r):
        start, end = self._offsets[f][r]
        if f in self._data:
            return self._data[f][start:end]
        return self._pread(f, start, end)

    def _columns(self, op, columns_list):
        if self._schema is not None and self._schema.columns:
            available = [c["name"] for c in self._schema.columns]
        else:
            first = next(((f, 0) for f, n in enumerate(self.counts) if n), None)
            available = [] if first is None else sorted(
                tfrecord_io.parse_example(self._payload(*first)))
        names = names_arg(op, "columns_list", columns_list) or available
        unknown = [c for c in names if c not in available]
        if unknown:
            raise RuntimeError("%s: columns_list %s are not among the columns %s"
                               % (op, unknown, available))
        return names

    def get_col_names(self):
        return list(self._names)

    def _limit(self):
        # num_samples first, else the schema's numRows (MindSpore's priority)
        if self.num_samples:
            return self.num_samples
        rows = self._schema.num_rows if self._schema is not None else None
        return rows or None

    def _read(self, f, r):
        features = tfrecord_io.parse_example(self._payload(f, r))
        row = []
        for name in self._names:
            if name not in features:
                raise RuntimeError("TFRecordDataset: record %d of %s has no feature %r"
                                   % (r, self.files[f], name))
            spec = None if self._schema is None else self._schema.column(name)
            rank = None if self._schema is None else self._schema.free_ranks.get(name)
            if rank is not None:
                # a column declared without a shape: MindSpore reads a rank-1 column (and
                # bytes) as stored, a rank-0 one as a scalar, and no other rank
                if rank not in (0, 1):
                    raise RuntimeError("TFRecordDataset: column %r of the schema has rank %r "
                                       "but no shape; give its shape" % (name, rank))
                if rank == 1 or features[name][0] == "bytes":
                    spec = {k: v for k, v in spec.items() if k != "shape"}
            row.append(_column(name, *features[name], spec))
        return tuple(row)
