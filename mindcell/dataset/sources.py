"""Sources of rows: ``NumpySlicesDataset`` (in-memory arrays) and ``GeneratorDataset`` (a Python
callable, iterable or random-access object), over the shared index-sampling of
:class:`MappableSource` (shuffle, ``num_samples``, shards)."""
import itertools
import os
import warnings

import numpy as np

from mindcell.dataset.engine import Dataset, check_count, names_arg, to_array
from mindcell.dataset.parallel import check_workers, ordered_map
from mindcell.dataset.samplers import make_sampler

__all__ = ["MappableSource", "ArraySource", "NumpySlicesDataset", "GeneratorDataset"]


def check_dir(op, dataset_dir):
    """Check that the ``dataset_dir`` of a file-reading source is an existing directory."""
    if not isinstance(dataset_dir, (str, os.PathLike)):
        raise TypeError("%s: 'dataset_dir' must be a str, but got %s"
                        % (op, type(dataset_dir).__name__))
    if not os.path.isdir(dataset_dir):
        raise ValueError("%s: the directory %r does not exist" % (op, str(dataset_dir)))


def check_dir_and_usage(op, dataset_dir, usage, allowed=("train", "test", "all")):
    """``usage`` (None means 'all') after checking the directory exists."""
    check_dir(op, dataset_dir)
    usage = "all" if usage is None else usage
    if usage not in allowed:
        raise ValueError("%s: 'usage' must be one of %s or None, but got %r"
                         % (op, list(allowed), usage))
    return usage


class MappableSource(Dataset):
    """A source whose rows are read by index: every epoch visits the indices in order, in a
    new random order (``shuffle`` True, or None as MindSpore's default for such sources), or as
    a sampler/shard says; ``num_samples`` keeps the first of them. ``workers`` > 1 threads
    read the rows (in the same order)."""

    workers = 1

    def __init__(self, op, column_names, shuffle, num_samples, sampler, num_shards, shard_id,
                 num_parallel_workers=None):
        super().__init__()
        self.workers = check_workers(op, num_parallel_workers)
        if shuffle is not None and not isinstance(shuffle, bool):
            raise TypeError("%s: 'shuffle' must be a bool or None, but got %r" % (op, shuffle))
        if sampler is not None and shuffle is not None:
            raise ValueError("%s: give either 'sampler' or 'shuffle', not both" % op)
        self.num_samples = None if num_samples is None else check_count(
            op, "num_samples", num_samples, 1)
        self.shuffle_rows = shuffle is not False
        self.sampler = make_sampler(op, sampler, num_shards, shard_id, self.shuffle_rows)
        self._names = list(column_names)

    def get_col_names(self):
        return list(self._names)

    def _length(self):
        """The number of rows of the whole source."""
        raise NotImplementedError

    def _row_at(self, index):
        raise NotImplementedError

    def _labels(self):
        """The label column, for samplers that sample by class (PKSampler)."""
        raise ValueError("%s doesn't support PKSampler." % type(self).__name__)

    def _give_labels(self):
        if getattr(self.sampler, "needs_labels", False):
            self.sampler.labels = self._labels()

    def _count(self):
        n = self._length()
        self._give_labels()
        if self.sampler is not None:
            n = self.sampler._count_rows(n)
        return n if self.num_samples is None else min(n, self.num_samples)

    def _order(self, epoch):
        n = self._length()
        if self.sampler is not None:
            self._give_labels()
            order = np.asarray(self.sampler._epoch_indices(n, epoch.rng()))
        elif self.shuffle_rows:
            order = epoch.rng().permutation(n)
        else:
            order = np.arange(n)
        return order if self.num_samples is None else order[:self.num_samples]

    def _rows(self, epoch):
        return ordered_map(self._row_at, (int(i) for i in self._order(epoch)), self.workers)


class ArraySource(MappableSource):
    """A mappable source over equally long arrays, one per column."""

    def _set_columns(self, op, columns):
        lengths = {len(c) for c in columns}
        if len(lengths) != 1:
            raise ValueError("%s: the columns have different lengths %s"
                             % (op, sorted(lengths)))
        self._columns = columns

    def _length(self):
        return len(self._columns[0])

    def _labels(self):
        if "label" not in self._names:
            return super()._labels()
        return self._columns[self._names.index("label")]

    def _row_at(self, index):
        # copies, so a transform writing into its input cannot change the source
        return tuple(np.array(c[index]) for c in self._columns)


def _slices(data):
    """The columns of NumpySlicesDataset's ``data`` and their default names."""
    if isinstance(data, dict):
        return [np.asarray(v) for v in data.values()], [str(k) for k in data]
    if isinstance(data, tuple):
        columns = [np.asarray(c) for c in data]
    elif isinstance(data, (list, np.ndarray)):
        columns = [np.asarray(data)]
    else:
        raise TypeError("NumpySlicesDataset: 'data' must be a list, tuple, dict or numpy "
                        "array, but got %s" % type(data).__name__)
    return columns, ["column_%d" % i for i in range(len(columns))]


class NumpySlicesDataset(ArraySource):
    """NumpySlicesDataset(data, column_names=None, num_samples=None, num_parallel_workers=1,
    shuffle=None, sampler=None, num_shards=None, shard_id=None): rows are slices along the
    first axis of in-memory data.

    Args:
        data (Union[list, tuple, dict, numpy.ndarray]): a list or array is one column (a list
            of lists gives rows that are lists); a tuple has one column per element; a dict
            one column per key. Every column has the same length.
        column_names (Union[str, list[str]], optional): the names; None: the dict's keys,
            else ``column_0``, ``column_1`` ... Default: ``None``.
        num_samples (int, optional): read at most this many rows per epoch, >= 1; None: all.
            Default: ``None``.
        num_parallel_workers (int, optional): threads copying the rows out (same order).
            Default: ``1``.
        shuffle (bool, optional): a new random order every epoch; None shuffles too.
            Default: ``None``.
        sampler (Union[Sampler, list[int]], optional): which rows to read, in what order
            (instead of ``shuffle``; a list of indices is a :class:`SubsetSampler`).
            Default: ``None``.
        num_shards (int, optional): read one of this many shards (data parallel, see
            :class:`DistributedSampler`); given with ``shard_id``. Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.

    Raises:
        TypeError: ``data`` of another type, or ``shuffle`` not a bool.
        ValueError: columns of different lengths, a 0-d column, ``column_names`` of another
            length than the columns, ``sampler`` with ``shuffle``, or only one of
            ``num_shards`` / ``shard_id``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import NumpySlicesDataset
        >>> ds = NumpySlicesDataset((np.arange(10.0), np.arange(10) % 2), shuffle=False)
        >>> ds.get_col_names()
        ['column_0', 'column_1']
        >>> ds = ds.batch(4)
        >>> ds.get_dataset_size()
        3
        >>> [x.shape for x in next(iter(ds))]
        [(4,), (4,)]
    """

    def __init__(self, data, column_names=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None):
        op = "NumpySlicesDataset"
        columns, default_names = _slices(data)
        if not columns:
            raise ValueError("%s: 'data' has no columns" % op)
        for c in columns:
            if c.ndim == 0:
                raise ValueError("%s: a column must have at least one axis to slice, but got "
                                 "the scalar %r" % (op, c.item()))
        names = names_arg(op, "column_names", column_names) or default_names
        if len(names) != len(columns):
            raise ValueError("%s: %d column_names %s for %d columns"
                             % (op, len(names), names, len(columns)))
        super().__init__(op, names, shuffle, num_samples, sampler, num_shards, shard_id,
                         num_parallel_workers)
        self._set_columns(op, columns)


def _as_row(item, names):
    """A source item as a tuple of numpy arrays, one per column."""
    values = item if isinstance(item, (tuple, list)) else (item,)  # a dict: one column
    if len(values) != len(names):
        raise ValueError("GeneratorDataset: the source gave a row of %d values but "
                         "column_names has %d: %s" % (len(values), len(names), names))
    return tuple(to_array(v) for v in values)


def _declared_types(op, schema, column_types):
    """The column names a ``schema`` gives (None without one) and the numpy dtypes declared by
    it or by ``column_types`` (None: not checked)."""
    if schema is not None:
        from mindcell.dataset.schema import Schema
        schema = Schema(schema) if isinstance(schema, str) else schema
        if not isinstance(schema, Schema) or not schema.columns:
            raise TypeError("%s: 'schema' must be a Schema with columns or a schema file, but "
                            "got %r" % (op, schema))
        names = [c["name"] for c in schema.columns]
        return names, [schema.numpy_type(n) for n in names]
    if column_types is None:
        return None, None
    from mindcell.dtype import DType
    if not isinstance(column_types, (list, tuple)) or not all(
            isinstance(t, DType) for t in column_types):
        raise TypeError("%s: 'column_types' must be a list of mindcell dtypes, but got %r"
                        % (op, column_types))
    return None, [t.np_dtype for t in column_types]


def _check_batch_sampler(source, batch_sampler, collate_fn, exclusive):
    """MindSpore's rules (and messages) for ``batch_sampler``/``collate_fn``."""
    if batch_sampler is None:
        if collate_fn is not None:
            raise ValueError("GeneratorDataset: collate_fn can be specified only when "
                             "batch_sampler is set.")
        return
    if any(v is not None for v in exclusive):
        raise ValueError("GeneratorDataset: batch_sampler is mutually exclusive with "
                         "num_samples, shuffle, num_shards, shard_id and sampler.")
    if not (hasattr(batch_sampler, "__getitem__") or hasattr(batch_sampler, "__iter__")):
        raise TypeError("GeneratorDataset: batch_sampler should have __getitem__ or __iter__ "
                        "method, but got %s" % type(batch_sampler).__name__)
    if collate_fn is not None and not callable(collate_fn):
        raise TypeError("GeneratorDataset: collate_fn should be callable, but got %s"
                        % type(collate_fn).__name__)
    if not hasattr(source, "__getitem__"):
        raise ValueError("GeneratorDataset: batch_sampler is not supported if source does not "
                         "have attribute '__getitem__'.")


class GeneratorDataset(MappableSource):
    """GeneratorDataset(source, column_names=None, column_types=None, schema=None,
    num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None, num_shards=None,
    shard_id=None, python_multiprocessing=True, max_rowsize=None, batch_sampler=None,
    collate_fn=None): rows from Python.

    Args:
        source (Union[Callable, Iterable, Sequence]): a random-access object (``__getitem__``
            and ``__len__``: a list, an array, a class) read by index; otherwise an iterable,
            or a callable returning one (a generator function), read again every epoch (a
            one-shot iterator is read once and kept). A row is a value (one column) or a
            tuple/list of values (numpy arrays, scalars, Tensors).
        column_names (Union[str, list[str]], optional): the column names (required without a
            schema). Default: ``None``.
        column_types (list[mindcell.dtype], optional): the dtype of every column: a row with
            another dtype is an error (nothing is cast, as in MindSpore). Default: ``None``.
        schema (Union[Schema, str], optional): a :class:`Schema` (or schema file) giving the
            column names (instead of ``column_names``) and dtypes (checked as
            ``column_types``). Default: ``None``.
        num_samples (int, optional): read at most this many rows per epoch. Default: ``None``.
        num_parallel_workers (int, optional): threads reading a random-access source (rows in
            the same order). Default: ``1``.
        shuffle (bool, optional): random-access sources only; None shuffles them. With
            another source the rows keep its order (a UserWarning says so when ``shuffle`` is
            True), as in MindSpore. Default: ``None``.
        sampler (Union[Sampler, list[int]], optional): random-access sources only: which rows
            to read, in what order. Default: ``None``.
        num_shards (int, optional): random-access sources only: read one of this many shards,
            given with ``shard_id``. Default: ``None``.
        shard_id (int, optional): the shard read, in [0, num_shards). Default: ``None``.
        python_multiprocessing (bool, optional): accepted; the ``num_parallel_workers``
            threads are used either way. Default: ``True``.
        max_rowsize (int, optional): MindSpore's shared-memory size per row; no effect on the
            rows. Default: ``None``.
        batch_sampler (Iterable[list[int]], optional): random-access sources only: every
            element is the list of indices of one output row (a batch), read every epoch in
            its order; instead of ``num_samples``/``shuffle``/``sampler``/shards.
            Default: ``None``.
        collate_fn (Callable, optional): with ``batch_sampler``: called with one list per
            column (the values of the batch's rows), it returns the batch's columns; None:
            each column's values stacked along a new first axis. Default: ``None``.

    Raises:
        TypeError: a ``source`` that is neither callable, iterable nor random-access, a
            ``batch_sampler`` that cannot be iterated, a ``collate_fn`` that is not callable,
            or ``python_multiprocessing`` not a bool.
        ValueError: no ``column_names``; ``sampler``/shards with a source that is not
            random-access; a row with another number of values than columns;
            ``batch_sampler`` with ``num_samples``/``shuffle``/``sampler``/shards or with a
            source that is not random-access; ``collate_fn`` without ``batch_sampler``.
        RuntimeError: as many ``column_types`` as columns are not given, or (when iterated) a
            row of another dtype than declared.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import GeneratorDataset
        >>> def rows():
        ...     for i in range(3):
        ...         yield np.full(2, i, np.float32), np.int32(i)
        >>> ds = GeneratorDataset(rows, column_names=["x", "y"])
        >>> [d["y"].asnumpy().item() for d in ds.create_dict_iterator()]
        [0, 1, 2]
        >>> ds = GeneratorDataset(np.arange(5.0), ["x"], batch_sampler=[[0, 1], [4]])
        >>> [d["x"].asnumpy().tolist() for d in ds.create_dict_iterator()]
        [[0.0, 1.0], [4.0]]
    """

    def __init__(self, source, column_names=None, column_types=None, schema=None,
                 num_samples=None, num_parallel_workers=1, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, python_multiprocessing=True, max_rowsize=None,
                 batch_sampler=None, collate_fn=None):
        op = "GeneratorDataset"
        check_workers(op, num_parallel_workers, python_multiprocessing)
        _check_batch_sampler(source, batch_sampler, collate_fn, (
            num_samples, shuffle, num_shards, shard_id, sampler))
        self._batch_sampler, self._collate = batch_sampler, collate_fn
        schema_names, types = _declared_types(op, schema, column_types)
        if column_names is None and schema_names is None:
            raise ValueError("%s: 'column_names' (or a 'schema') is required" % op)
        names = schema_names or names_arg(op, "column_names", column_names)
        if types is not None and len(types) != len(names):
            raise RuntimeError("%s: %d column types for %d columns %s"
                             % (op, len(types), len(names), names))
        self._types = types
        if isinstance(source, zip):  # as MindSpore 2.10: a list, so it is random-access (and
            source = list(source)    # shuffled by default) and can be read every epoch
        self._random_access = hasattr(source, "__getitem__") and hasattr(source, "__len__")
        if not self._random_access:
            if not (callable(source) or hasattr(source, "__iter__")):
                raise TypeError("%s: 'source' must be callable, iterable or random-access, but "
                                "got %s" % (op, type(source).__name__))
            for name, value in (("sampler", sampler), ("num_shards", num_shards)):
                if value is not None:
                    raise ValueError("%s: %s is not supported if source does not have "
                                     "attribute '__getitem__' (a random-access source with "
                                     "__getitem__ and __len__)" % (op, name))
            if shuffle:  # MindSpore 2.10 reads an iterable source in order (its GAN tutorial
                # passes shuffle=True with a dataset object as the source); said, not silent
                warnings.warn("%s: shuffle=True has no effect on a source without "
                              "__getitem__ and __len__: its rows come in their own order, as "
                              "in MindSpore" % op, stacklevel=2)
            shuffle = False
        super().__init__(op, names, shuffle, num_samples, sampler, num_shards, shard_id,
                         num_parallel_workers)
        self._source = source
        # MindSpore 2.10's public attributes, which programs read (dataset.source[0:n])
        self.source = source
        self.source_len = len(source) if hasattr(source, "__len__") else -1
        self.column_names = list(names)
        self.num_parallel_workers = num_parallel_workers
        self.python_multiprocessing = python_multiprocessing
        self.max_rowsize = -1 if max_rowsize is None else max_rowsize
        self._kept = None  # a one-shot iterator's rows
        self._size = None

    def _count(self):
        if self._batch_sampler is None:
            return super()._count()
        if hasattr(self._batch_sampler, "__len__"):
            return len(self._batch_sampler)
        return sum(1 for _ in self._batch_sampler)

    def _batch(self, indices):
        """One output row of ``batch_sampler``: the rows at ``indices``, collated."""
        rows = [_as_row(self._source[int(i)], self._names) for i in indices]
        columns = [[row[c] for row in rows] for c in range(len(self._names))]
        if self._collate is None:
            return self._checked(tuple(np.stack(c) for c in columns))
        return self._checked(_as_row(self._collate(*columns), self._names))

    def _length(self):
        if self._random_access:
            return len(self._source)
        if self._size is None:
            self._size = sum(1 for _ in self._items())
        return self._size

    def _row_at(self, index):
        return self._checked(_as_row(self._source[index], self._names))

    def _checked(self, row):
        """The row, after checking its dtypes against ``column_types``/``schema`` (MindSpore
        raises on a mismatch rather than casting)."""
        if self._types is not None:
            for name, value, dtype in zip(self._names, row, self._types):
                if value.dtype != dtype and not (dtype.kind == "U" and value.dtype.kind in "US"):
                    raise RuntimeError("GeneratorDataset: column %r is %s but column_types / "
                                       "schema say %s" % (name, value.dtype, dtype))
        return row

    def _items(self):
        src = self._source
        if callable(src):
            return iter(src())
        if iter(src) is src:
            if self._kept is None:
                self._kept = list(src)
            return iter(self._kept)
        return iter(src)

    def _rows(self, epoch):
        if self._batch_sampler is not None:
            yield from ordered_map(self._batch, iter(self._batch_sampler), self.workers)
            return
        if self._random_access:
            yield from super()._rows(epoch)
            return
        items = self._items()
        if self.num_samples is not None:
            items = itertools.islice(items, self.num_samples)
        for item in items:
            yield self._checked(_as_row(item, self._names))
