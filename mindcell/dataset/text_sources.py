"""``TextFileDataset`` (one row per line) and ``CSVDataset`` (one row per CSV record)."""
import csv
import io
import os
import re

import numpy as np

from mindcell.dataset.engine import names_arg
from mindcell.dataset.file_source import FileRowsSource, expand_files
from mindcell.dataset.samplers import Shuffle

__all__ = ["TextFileDataset", "CSVDataset"]


def _line_offsets(path, chunk=1 << 24):
    """(start, end) byte offsets of the non-empty lines of a file (without the newline),
    found chunk by chunk so a large corpus is never read whole."""
    ends, size = [], os.path.getsize(path)
    with open(path, "rb") as f:
        pos = 0
        while True:
            block = f.read(chunk)
            if not block:
                break
            ends.append(np.flatnonzero(np.frombuffer(block, np.uint8) == 10) + pos)
            pos += len(block)
    newlines = np.concatenate(ends) if ends else np.zeros(0, np.int64)
    stops = np.append(newlines, size) if (not len(newlines) or newlines[-1] != size - 1) \
        else newlines
    starts = np.concatenate([[0], newlines + 1])[:len(stops)]
    keep = stops > starts
    return np.stack([starts[keep], stops[keep]], axis=1).astype(np.int64).reshape(-1, 2)


class TextFileDataset(FileRowsSource):
    """TextFileDataset(dataset_files, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): one row per line of
    text files, in the column ``text`` (a str; empty lines are skipped, a ``\\r`` before the
    newline is kept, as in MindSpore).

    Args:
        dataset_files (Union[str, list[str]]): files or glob patterns.
        num_samples (int, optional): read at most this many rows; None or 0: all.
            Default: ``None``.
        num_parallel_workers (int, optional): readers; without shuffling their files' lines
            interleave (see :mod:`.file_source`). Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): ``Shuffle.GLOBAL`` or True every line,
            ``Shuffle.FILES`` the file order, ``Shuffle.INFILE`` the lines inside each file,
            False nothing. Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): read one of this many shards: an equal run of
            ``ceil(lines / num_shards)`` lines (wrapping around). Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
        cache (DatasetCache, optional): accepted; the rows are read uncached (see
            DatasetCache). Default: ``None``.

    Raises:
        TypeError: ``dataset_files`` is not a str or a list of str.
        ValueError: no file matches, or a bad ``num_shards`` / ``shard_id``.

    Examples:
        >>> import pathlib, tempfile
        >>> from mindcell.dataset import TextFileDataset
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = pathlib.Path(d, "t.txt")
        ...     _ = path.write_text("first line\\n\\nsecond line\\n")
        ...     data = TextFileDataset(str(path), shuffle=False)
        ...     lines = [str(r["text"]) for r in data.create_dict_iterator(output_numpy=True)]
        >>> lines
        ['first line', 'second line']
    """

    def __init__(self, dataset_files, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        super().__init__()
        op = type(self).__name__
        self._setup(op, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                    cache)
        self.files = expand_files(op, dataset_files)
        self._lines = [_line_offsets(f) for f in self.files]
        self.counts = [len(x) for x in self._lines]

    def get_col_names(self):
        return ["text"]

    def _read(self, f, r):
        start, end = self._lines[f][r]
        return (np.array(self._pread(f, start, end).decode("utf-8")),)


_CSV_TYPES = {int: np.int32, float: np.float32, str: None}
_INT = re.compile(r"\s*[+-]?\d+")
_FLOAT = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?|\s*[+-]?(inf|nan)", re.I)


class CSVDataset(FileRowsSource):
    """CSVDataset(dataset_files, field_delim=',', column_defaults=None, column_names=None,
    num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
    shard_id=None, cache=None): one row per record of CSV files (quoted fields as in RFC 4180).

    Args:
        dataset_files (Union[str, list[str]]): files or glob patterns.
        field_delim (str, optional): the one-character field separator (not a quote or a
            line break). Default: ``','``.
        column_defaults (list, optional): one value per column giving its type: an int
            makes an int32 column, a float a float32 column, a str a string column (the
            default for every column). A numeric field is read as C's ``strtol``/``strtof``
            read it (``"8.5"`` is 8 in an int column); one without a leading number (or
            empty) is an error. Default: ``None``.
        column_names (list[str], optional): the column names; None: the first line of every
            file is its header (all headers must agree) and is not a row.
            Default: ``None``.
        num_samples (int, optional): read at most this many rows; None or 0: all.
            Default: ``None``.
        num_parallel_workers (int, optional): readers, as in :class:`TextFileDataset`.
            Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): as in :class:`TextFileDataset`.
            Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): read one of this many shards, an equal run of rows
            each. Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
        cache (DatasetCache, optional): accepted; the rows are read uncached.
            Default: ``None``.

    Raises:
        TypeError: ``dataset_files`` is not a str or a list of str, or a default that is
            not an int, float or str.
        ValueError: no file matches, a bad ``field_delim``, or a bad ``num_shards`` /
            ``shard_id``.
        RuntimeError: headers that differ, a record with another number of fields than
            columns, or a field that does not parse as its column's type.

    Examples:
        >>> import pathlib, tempfile
        >>> from mindcell.dataset import CSVDataset
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = pathlib.Path(d, "t.csv")
        ...     _ = path.write_text("id,score,name\\n1,0.5,a\\n2,1.5,\\"b,c\\"\\n")
        ...     data = CSVDataset(str(path), column_defaults=[0, 0.0, ""], shuffle=False)
        ...     rows = [(int(r["id"]), str(r["name"]))
        ...             for r in data.create_dict_iterator(output_numpy=True)]
        >>> data.get_col_names(), rows
        (['id', 'score', 'name'], [(1, 'a'), (2, 'b,c')])
    """

    def __init__(self, dataset_files, field_delim=",", column_defaults=None, column_names=None,
                 num_samples=None, num_parallel_workers=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, cache=None):
        super().__init__()
        op = type(self).__name__
        if not isinstance(field_delim, str) or len(field_delim) != 1 or field_delim in "\"\r\n":
            raise ValueError("%s: 'field_delim' must be one character other than a quote or a "
                             "newline, but got %r" % (op, field_delim))
        if column_defaults is not None:
            if not isinstance(column_defaults, list) or any(
                    type(v) not in _CSV_TYPES for v in column_defaults):
                raise TypeError("%s: 'column_defaults' must be a list of int, float or str, but "
                                "got %r" % (op, column_defaults))
        self._setup(op, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                    cache)
        self.files = expand_files(op, dataset_files)
        names = names_arg(op, "column_names", column_names)
        self._records, headers = [], []
        for path in self.files:
            records = self._parse(path, field_delim)
            if names is None:
                headers.append(records[0] if records else None)
                records = records[1:]
            self._records.append(records)
        if names is None:
            names = self._header(op, headers)
        self._names = names
        defaults = list(column_defaults or [])
        self._types = [_CSV_TYPES[type(v)] for v in defaults][:len(names)]
        self._types += [None] * (len(names) - len(self._types))
        self.counts = [len(r) for r in self._records]

    @staticmethod
    def _parse(path, delim):
        with open(path, encoding="utf-8", newline="") as f:
            text = f.read()
        reader = csv.reader(io.StringIO(text), delimiter=delim)
        return [(reader.line_num, rec) for rec in reader if rec]

    def _header(self, op, headers):
        found = [h for h in headers if h is not None]
        if not found or any(h[1] != found[0][1] for h in found):
            raise RuntimeError("%s: failed to obtain the column names from the files' first "
                               "lines (they differ or are missing); pass column_names"
                               % op)
        return list(found[0][1])

    def get_col_names(self):
        return list(self._names)

    def _read(self, f, r):
        line, fields = self._records[f][r]
        path = os.path.basename(self.files[f])
        if len(fields) != len(self._names):
            raise RuntimeError("%s: %s line %d has %d fields for %d columns %s"
                               % (self._op, path, line, len(fields), len(self._names),
                                  self._names))
        row = []
        for value, kind in zip(fields, self._types):
            if kind is None:
                row.append(np.array(value))
                continue
            # like C's strtol/strtof (MindSpore's parser): the longest numeric prefix counts
            found = (_INT if kind is np.int32 else _FLOAT).match(value)
            if found:
                row.append(np.array(int(found.group()) if kind is np.int32
                                    else float(found.group()), kind))
            else:
                raise RuntimeError("%s: %s line %d: %r is not a valid %s (the type of its "
                                   "column's default)" % (self._op, path, line, value,
                                                          np.dtype(kind)))
        return tuple(row)
