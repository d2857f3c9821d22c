"""``MindDataset``: the rows of MindRecord files (written by MindSpore's or mindcell's
``mindrecord.FileWriter``)."""
import numpy as np

from mindcell.dataset import mindrecord_io as mrio
from mindcell.dataset.cache import check_cache as _check_cache
from mindcell.dataset.engine import names_arg
from mindcell.dataset.samplers import Shuffle
from mindcell.dataset.sources import MappableSource

__all__ = ["MindDataset", "shuffle_mode", "check_cache"]


def shuffle_mode(op, shuffle):
    """A ``shuffle`` argument (bool, None or :class:`Shuffle`) as a :class:`Shuffle`."""
    if shuffle is None or shuffle is True:
        return Shuffle.GLOBAL
    if shuffle is False:
        return Shuffle.FALSE
    if isinstance(shuffle, Shuffle):
        return Shuffle.GLOBAL if shuffle in (Shuffle.ADAPTIVE, Shuffle.PARTIAL) else shuffle
    raise TypeError("%s: 'shuffle' must be a bool, None or a Shuffle, but got %r"
                    % (op, shuffle))


def check_cache(op, cache):
    """``cache=``: None or a DatasetCache (mindcell runs uncached: see :mod:`.cache`)."""
    return _check_cache(op, cache)


def _value(spec, value):
    """A record's field as the numpy value MindDataset yields."""
    kind = spec["type"]
    if isinstance(value, np.ndarray):
        return value
    if kind == "bytes":
        return np.array([value])
    if kind == "string":
        return np.array(value)
    return np.array(value, mrio.FIELD_TYPES[kind])


class MindDataset(MappableSource):
    """MindDataset(dataset_files, columns_list=None, num_parallel_workers=None, shuffle=None,
    num_shards=None, shard_id=None, sampler=None, padded_sample=None, num_padded=None,
    num_samples=None, cache=None): the rows of MindRecord files.

    A field yields a numpy value: scalars of the field's type (``int32`` ...), ``str`` arrays
    for strings, a 1-element ``bytes`` array (dtype ``S<n>``) for bytes, arrays of the
    schema's shape for array fields. Rows come file by file, in write order.

    Args:
        dataset_files (Union[str, list[str]]): one MindRecord file (then every shard file of
            its set is read) or a list of shard files (only those).
        columns_list (list[str], optional): the columns, in this order; None: every field,
            sorted. Default: ``None``.
        num_parallel_workers (int, optional): threads reading rows (same order).
            Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): None, True or ``Shuffle.GLOBAL`` shuffle
            every row; ``Shuffle.FILES`` the order of the files; ``Shuffle.INFILE`` the rows
            inside each file; False nothing. Default: ``None``.
        num_shards (int, optional): read one of this many shards (see
            :class:`DistributedSampler`), given with ``shard_id``. Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
        sampler (Sampler, optional): which rows to read (instead of ``shuffle``).
            Default: ``None``.
        padded_sample (dict, optional): a row appended ``num_padded`` times (needs
            ``columns_list``), so the rows divide evenly into shards (with ``num_shards``
            they must). Default: ``None``.
        num_padded (int, optional): how many times, >= 0. Default: ``None``.
        num_samples (int, optional): read at most this many rows. Default: ``None``.
        cache (DatasetCache, optional): accepted; the rows are read uncached (see
            DatasetCache). Default: ``None``.

    Raises:
        TypeError: ``shuffle`` is not a bool, None or a Shuffle, ``padded_sample`` not a
            dict, or ``cache`` not a DatasetCache.
        ValueError: a file that does not exist, an unknown column, or a ``padded_sample``
            without a value for a column.
        RuntimeError: ``padded_sample`` without ``columns_list`` or ``num_padded`` (or
            ``num_padded`` without it), or rows and padded samples that do not divide into
            ``num_shards``.

    Examples:
        >>> import numpy as np, os, tempfile
        >>> from mindcell.mindrecord import FileWriter
        >>> from mindcell.dataset import MindDataset
        >>> with tempfile.TemporaryDirectory() as d:
        ...     path = os.path.join(d, "m.mindrecord")
        ...     w = FileWriter(path)
        ...     w.add_schema({"name": {"type": "string"}, "v": {"type": "int64", "shape": [2]}})
        ...     w.write_raw_data([{"name": "r%d" % i, "v": np.array([i, -i])} for i in range(3)])
        ...     w.commit()
        ...     data = MindDataset(path, shuffle=False)
        ...     names = [str(r["name"]) for r in data.create_dict_iterator(output_numpy=True)]
        >>> data.get_col_names(), data.get_dataset_size(), names
        (['name', 'v'], 3, ['r0', 'r1', 'r2'])
    """

    def __init__(self, dataset_files, columns_list=None, num_parallel_workers=None,
                 shuffle=None, num_shards=None, shard_id=None, sampler=None, padded_sample=None,
                 num_padded=None, num_samples=None, cache=None):
        from mindcell.mindrecord.filereader import MindRecordFiles
        op = "MindDataset"
        check_cache(op, cache)
        mode = shuffle_mode(op, shuffle)
        self._files = MindRecordFiles(op, dataset_files)
        schema = self._files.schema
        columns = names_arg(op, "columns_list", columns_list) or sorted(schema)
        unknown = [c for c in columns if c not in schema]
        if unknown:
            raise ValueError("%s: columns_list %s are not fields of the files (fields: %s)"
                             % (op, unknown, sorted(schema)))
        self._padded, self._num_padded = self._check_padding(op, columns_list, padded_sample,
                                                             num_padded, schema)
        super().__init__(op, columns, None if shuffle is None else mode != Shuffle.FALSE,
                         num_samples, sampler, num_shards, shard_id, num_parallel_workers)
        self._mode = mode
        self._specs = [schema[c] for c in columns]
        if self._padded is not None and num_shards is not None \
                and self._length() % num_shards:
            raise RuntimeError("%s: the %d rows and %d padded samples do not divide evenly "
                               "into %d shards" % (op, len(self._files), self._num_padded,
                                                   num_shards))

    @staticmethod
    def _check_padding(op, columns_list, padded_sample, num_padded, schema):
        if padded_sample is None:
            if num_padded:
                raise RuntimeError("%s: num_padded is given without padded_sample" % op)
            return None, 0
        if columns_list is None:
            raise RuntimeError("padded_sample is specified and requires columns_list as well.")
        if not isinstance(padded_sample, dict):
            raise TypeError("%s: 'padded_sample' must be a dict, but got %s"
                            % (op, type(padded_sample).__name__))
        if isinstance(num_padded, bool) or not isinstance(num_padded, int) or num_padded < 0:
            raise RuntimeError("%s: padded_sample needs 'num_padded', an int >= 0, but got %r"
                               % (op, num_padded))
        missing = [c for c in columns_list if c not in padded_sample]
        if missing:
            raise ValueError("%s: padded_sample has no value for the columns %s"
                             % (op, missing))
        return {c: _value(schema[c], padded_sample[c]) for c in columns_list}, num_padded

    def _length(self):
        return len(self._files) + self._num_padded

    def _row_at(self, index):
        if index >= len(self._files):
            return tuple(np.array(self._padded[c]) for c in self._names)
        record = self._files.record(index)
        return tuple(_value(spec, record[c]) for c, spec in zip(self._names, self._specs))

    def _order(self, epoch):
        if self.sampler is not None or self._mode in (Shuffle.GLOBAL, Shuffle.FALSE):
            return super()._order(epoch)
        rng = epoch.rng()
        groups = [np.arange(s, s + n) for s, n in zip(self._files.starts, self._files.counts)]
        groups.append(np.arange(len(self._files), self._length()))
        if self._mode == Shuffle.FILES:
            groups = [groups[i] for i in rng.permutation(len(groups) - 1)] + groups[-1:]
        else:
            groups = [rng.permutation(g) for g in groups]
        order = np.concatenate(groups).astype(np.int64)
        return order if self.num_samples is None else order[:self.num_samples]
