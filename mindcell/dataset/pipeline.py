"""The datasets the pipeline methods return: map, repeat, take, skip, shuffle, project,
rename, zip, concat (batch: :mod:`.batch`)."""
import itertools

from mindcell.dataset import config
from mindcell.dataset.engine import (_PEEK, Dataset, check_columns, check_count,
                                     counting_one_pass, names_arg, to_array)
from mindcell.dataset.parallel import ordered_map

__all__ = ["MapDataset", "RepeatDataset", "TakeDataset", "SkipDataset",
           "ShuffleDataset", "ProjectDataset", "RenameDataset", "ZipDataset", "ConcatDataset"]


def set_layout(node, op, names, input_columns, output_columns):
    """The columns of a node that replaces ``input_columns`` by ``output_columns`` (in place
    when as many, else the outputs first): sets ``node._names``, ``_in_index`` (inputs in
    the row), ``_keep`` (row index -> output index of the other columns) and ``_out_index``;
    returns the input and output names."""
    ins = names_arg(op, "input_columns", input_columns) or list(names)
    check_columns(op, names, ins)
    outs = names_arg(op, "output_columns", output_columns) or list(ins)
    if len(outs) == len(ins):
        cols = [outs[ins.index(n)] if n in ins else n for n in names]
    else:
        cols = outs + [n for n in names if n not in ins]
    if len(set(cols)) != len(cols):
        raise ValueError("%s: output_columns %s clash with the other columns %s"
                         % (op, outs, [n for n in names if n not in ins]))
    node._names = cols
    node._in_index = [names.index(n) for n in ins]
    node._keep = [(names.index(n), cols.index(n)) for n in names if n not in ins]
    node._out_index = [cols.index(n) for n in outs]
    return ins, outs


class _Unary(Dataset):
    """A node over one child that keeps its columns and row count unless it overrides them."""

    def __init__(self, child):
        super().__init__([child])
        self.child = child

    def get_col_names(self):
        return self.child.get_col_names()

    def _count(self):
        return self.child._count()


class MapDataset(_Unary):
    """MapDataset(child, operations, input_columns, output_columns, column_order, workers=1):
    the dataset :meth:`Dataset.map` returns (build it with ``map``).

    Args:
        child (Dataset): the dataset mapped.
        operations (Union[callable, list[callable]]): the operations, applied in turn.
        input_columns (Union[str, list[str]]): the columns fed to them; None: the first.
        output_columns (Union[str, list[str]]): the names of the outputs; None: the inputs'.
        column_order (list[str]): the columns kept after the map, in order; None: all.
        workers (int, optional): the number of threads. Default: ``1``.

    Raises:
        TypeError: an operation is not callable or a column argument is malformed.
        ValueError: ``operations`` is empty, a column does not exist, or the output names
            clash with the other columns.

    Examples:
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False).map(lambda x: x + 1)
        >>> type(data).__name__, [int(r[0]) for r in data]
        ('MapDataset', [2, 3])
    """

    def __init__(self, child, operations, input_columns, output_columns, column_order,
                 workers=1, callbacks=None):
        super().__init__(child)
        self.workers = workers
        self._callbacks = None
        if callbacks:
            from mindcell.dataset.callback import CallbackRunner
            self._callbacks = CallbackRunner(list(callbacks))
        ops = list(operations) if isinstance(operations, (list, tuple)) else [operations]
        if not ops:
            raise ValueError("map: 'operations' is empty")
        for op in ops:
            if not callable(op):
                raise TypeError("map: every operation must be callable, but got %s"
                                % type(op).__name__)
        names = child.get_col_names()
        if input_columns is None and names:  # MindSpore 2.10 feeds the first column only
            input_columns = names[:1]
        ins, outs = set_layout(self, "map", names, input_columns, output_columns)
        self.operations, self.input_columns, self.output_columns = ops, ins, outs
        cols = self._names
        self._order = None  # column_order: a project after the map
        if column_order is not None:
            order = names_arg("map", "column_order", column_order)
            check_columns("map", cols, order)
            self._order = [cols.index(n) for n in order]

    def get_col_names(self):
        if self._order is not None:
            return [self._names[i] for i in self._order]
        return list(self._names)

    def _apply(self, row):
        values = [row[i] for i in self._in_index]
        for op in self.operations:
            result = op(*values)
            values = list(result) if isinstance(result, tuple) else [result]
        if len(values) != len(self.output_columns):
            raise RuntimeError("map: the last operation returned %d columns but "
                               "output_columns has %d: %s; pass output_columns naming each "
                               "output" % (len(values), len(self.output_columns),
                                           self.output_columns))
        out = [None] * len(self._names)
        for src, dst in self._keep:
            out[dst] = row[src]
        for dst, value in zip(self._out_index, values):
            out[dst] = to_array(value)
        return tuple(out) if self._order is None else tuple(out[i] for i in self._order)

    def _rows(self, epoch):
        rng_of = epoch.rngs()

        def work(item):
            with config.map_random(lambda: rng_of(item[0])):
                return self._apply(item[1])
        rows = self.child._rows(epoch.child(0))
        if self._callbacks is not None and epoch.key[:1] != (_PEEK,):
            # the callbacks see the rows one at a time, in order (one worker)
            return self._callbacks.epoch(rows, lambda i, row: work((i, row)))
        return ordered_map(work, enumerate(rows), self.workers)


class RepeatDataset(_Unary):
    """RepeatDataset(child, count): the dataset :meth:`Dataset.repeat` returns.

    Args:
        child (Dataset): the dataset repeated.
        count (int): the number of repetitions, >= 1; None or -1: endlessly.

    Raises:
        ValueError: ``count`` is not an int >= 1, None or -1.

    Examples:
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": [1, 2]}).repeat(3)
        >>> type(data).__name__, data.count, data.get_dataset_size()
        ('RepeatDataset', 3, 6)
    """

    def __init__(self, child, count):
        super().__init__(child)
        if count is None or count == -1:
            count = -1
        else:
            count = check_count("repeat", "count", count, 1)
        self.count = count

    def _count(self):
        n = self.child._count()
        count = 1 if self.count == -1 and counting_one_pass() else self.count
        return -1 if count == -1 or n < 0 else n * count

    def _rows(self, epoch):
        for i in itertools.count() if self.count == -1 else range(self.count):
            empty = True
            for row in self.child._rows(epoch.child(i)):
                empty = False
                yield row
            if empty:  # an endless repeat of nothing would never return
                return


class TakeDataset(_Unary):
    """The dataset ``Dataset.take`` returns."""

    def __init__(self, child, count):
        super().__init__(child)
        self.count = -1 if count == -1 else check_count("take", "count", count, 1)

    def _count(self):
        n = self.child._count()
        if self.count == -1:
            return n
        return self.count if n < 0 else min(n, self.count)

    def _rows(self, epoch):
        rows = self.child._rows(epoch.child(0))
        yield from rows if self.count == -1 else itertools.islice(rows, self.count)


class SkipDataset(_Unary):
    """The dataset ``Dataset.skip`` returns."""

    def __init__(self, child, count):
        super().__init__(child)
        self.count = check_count("skip", "count", count, 0)

    def _count(self):
        n = self.child._count()
        return n if n < 0 else max(n - self.count, 0)

    def _rows(self, epoch):
        yield from itertools.islice(self.child._rows(epoch.child(0)), self.count, None)


class ShuffleDataset(_Unary):
    """The dataset ``Dataset.shuffle`` returns."""

    def __init__(self, child, buffer_size):
        super().__init__(child)
        self.buffer_size = check_count("shuffle", "buffer_size", buffer_size, 2)

    def _rows(self, epoch):
        rng = epoch.rng()
        rows = self.child._rows(epoch.child(0))
        buffer = list(itertools.islice(rows, self.buffer_size))
        while buffer:
            j = int(rng.integers(len(buffer)))
            out = buffer[j]
            nxt = next(rows, None)
            if nxt is not None:
                buffer[j] = nxt
            else:
                buffer[j] = buffer[-1]
                buffer.pop()
            yield out


class ProjectDataset(_Unary):
    """The dataset ``Dataset.project`` returns."""

    def __init__(self, child, columns):
        super().__init__(child)
        self.columns = names_arg("project", "columns", columns, allow_none=False)
        names = child.get_col_names()
        check_columns("project", names, self.columns)
        self._index = [names.index(c) for c in self.columns]

    def get_col_names(self):
        return list(self.columns)

    def _rows(self, epoch):
        for row in self.child._rows(epoch.child(0)):
            yield tuple(row[i] for i in self._index)


class RenameDataset(_Unary):
    """The dataset ``Dataset.rename`` returns."""

    def __init__(self, child, input_columns, output_columns):
        super().__init__(child)
        ins = names_arg("rename", "input_columns", input_columns, allow_none=False)
        outs = names_arg("rename", "output_columns", output_columns, allow_none=False)
        if len(ins) != len(outs):
            raise ValueError("rename: input_columns %s and output_columns %s differ in length"
                             % (ins, outs))
        names = child.get_col_names()
        check_columns("rename", names, ins)
        new = [outs[ins.index(n)] if n in ins else n for n in names]
        if len(set(new)) != len(new):
            raise ValueError("rename: the new names %s repeat a column name" % new)
        self._names = new

    def get_col_names(self):
        return list(self._names)

    def _rows(self, epoch):
        return self.child._rows(epoch.child(0))


def _check_datasets(op, datasets):
    for d in datasets:
        if not isinstance(d, Dataset):
            raise TypeError("%s: expected datasets, but got %s" % (op, type(d).__name__))


class ZipDataset(Dataset):
    """ZipDataset(datasets): the dataset :meth:`Dataset.zip` and :func:`mindcell.dataset.zip`
    return: the rows of the datasets side by side, as long as the shortest.

    Args:
        datasets (tuple[Dataset]): the datasets, with distinct column names.

    Raises:
        TypeError: an item is not a dataset.
        ValueError: the datasets share column names.

    Examples:
        >>> import mindcell.dataset as ds
        >>> a = ds.NumpySlicesDataset({"a": [1, 2]})
        >>> b = ds.NumpySlicesDataset({"b": [3, 4, 5]})
        >>> data = ds.ZipDataset((a, b))
        >>> data.get_col_names(), data.get_dataset_size()
        (['a', 'b'], 2)
    """

    def __init__(self, datasets):
        _check_datasets("zip", datasets)
        super().__init__(datasets)
        names = [n for d in datasets for n in d.get_col_names()]
        if len(set(names)) != len(names):
            raise ValueError("zip: the datasets share column names %s; rename them first"
                             % sorted({n for n in names if names.count(n) > 1}))
        self._names = names

    def get_col_names(self):
        return list(self._names)

    def _count(self):
        counts = [d._count() for d in self.children]
        finite = [n for n in counts if n >= 0]
        return min(finite) if finite else -1

    def _rows(self, epoch):
        iters = [d._rows(epoch.child(i)) for i, d in enumerate(self.children)]
        for parts in zip(*iters):
            yield tuple(v for part in parts for v in part)


class ConcatDataset(Dataset):
    """ConcatDataset(datasets): the dataset :meth:`Dataset.concat` (and ``+``) returns: the
    rows of the datasets one after the other.

    Args:
        datasets (list[Dataset]): the datasets, all with the same column names.

    Raises:
        TypeError: an item is not a dataset.
        ValueError: the datasets' columns differ.

    Examples:
        >>> import mindcell.dataset as ds
        >>> part = ds.NumpySlicesDataset({"label": [7, 8]}, shuffle=False)
        >>> data = ds.ConcatDataset([part, part])
        >>> data.get_dataset_size(), [int(r[0]) for r in data]
        (4, [7, 8, 7, 8])
    """

    def __init__(self, datasets):
        _check_datasets("concat", datasets)
        super().__init__(datasets)
        names = datasets[0].get_col_names()
        for d in datasets[1:]:
            if d.get_col_names() != names:
                raise ValueError("concat: the datasets' columns differ: %s and %s"
                                 % (names, d.get_col_names()))
        self.sampler = None  # a DistributedSampler set by use_sampler (see .padded)

    def get_col_names(self):
        return self.children[0].get_col_names()

    def _count(self):
        counts = [d._count() for d in self.children]
        total = -1 if any(n < 0 for n in counts) else sum(counts)
        if self.sampler is not None and total >= 0:
            from mindcell.dataset.padded import concat_shard_count
            return concat_shard_count(self, total)
        return total

    def _rows(self, epoch):
        if self.sampler is not None:
            from mindcell.dataset.padded import concat_shard_rows
            yield from concat_shard_rows(self, epoch)
            return
        for i, d in enumerate(self.children):
            yield from d._rows(epoch.child(i))
