"""The datasets ``Dataset.filter`` and ``Dataset.flat_map`` return."""
from mindcell.dataset.engine import _PEEK, Dataset, Epoch, check_columns, names_arg, to_array
from mindcell.dataset.parallel import ordered_map

__all__ = ["FilterDataset", "FlatMapDataset"]


class FilterDataset(Dataset):
    """FilterDataset(child, predicate, input_columns=None, workers=1): the dataset
    :meth:`Dataset.filter` returns: the rows of ``child`` for which
    ``predicate(*columns)`` is true (Python's truth value of its result).

    Args:
        child (Dataset): the dataset filtered.
        predicate (callable): called with the ``input_columns`` of a row (numpy arrays).
        input_columns (Union[str, list[str]], optional): the columns passed; None: all, in
            order. Default: ``None``.
        workers (int, optional): the number of threads evaluating the predicate. Default: ``1``.

    Raises:
        TypeError: ``predicate`` is not callable, or ``input_columns`` is malformed.
        ValueError: a column of ``input_columns`` does not exist.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)
        >>> kept = data.filter(lambda x: x % 2 == 0, input_columns=["x"])
        >>> type(kept).__name__, [int(r[0]) for r in kept], kept.get_dataset_size()
        ('FilterDataset', [0, 2, 4], 3)
    """

    def __init__(self, child, predicate, input_columns=None, workers=1):
        super().__init__([child])
        if not callable(predicate):
            raise TypeError("filter: 'predicate' must be a Python function or a callable "
                            "object, but got %s" % type(predicate).__name__)
        names = child.get_col_names()
        ins = names_arg("filter", "input_columns", input_columns) or list(names)
        check_columns("filter", names, ins)
        self.child, self.predicate, self.workers = child, predicate, workers
        self.input_columns = ins
        self._index = [names.index(n) for n in ins]

    def get_col_names(self):
        return self.child.get_col_names()

    def _count(self):
        if self.child._count() < 0:
            return -1
        return sum(1 for _ in self._rows(Epoch((_PEEK,))))

    def _rows(self, epoch):
        def keep(row):
            return row, bool(self.predicate(*[row[i] for i in self._index]))
        for row, kept in ordered_map(keep, self.child._rows(epoch.child(0)), self.workers):
            if kept:
                yield row


class FlatMapDataset(Dataset):
    """FlatMapDataset(child, func): the dataset :meth:`Dataset.flat_map` returns: for each row
    of ``child``, ``func(*columns)`` returns a dataset, and the rows of those datasets follow
    one another. The columns are those of the datasets ``func`` returns.

    Args:
        child (Dataset): the dataset whose rows are mapped.
        func (callable): called with every column of a row (numpy arrays); returns a Dataset.

    Raises:
        TypeError: ``func`` is not callable, or (when iterated) returns something other than
            a Dataset.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3)}, shuffle=False)
        >>> twice = data.flat_map(lambda x: ds.NumpySlicesDataset([int(x)] * 2, ["x"],
        ...                                                       shuffle=False))
        >>> [int(r[0]) for r in twice], twice.get_dataset_size()
        ([0, 0, 1, 1, 2, 2], 6)
    """

    def __init__(self, child, func):
        super().__init__([child])
        if not callable(func):
            raise TypeError("flat_map: 'func' must be a function, but got %s"
                            % type(func).__name__)
        self.child, self.func = child, func

    def _inner(self, row):
        out = self.func(*row)
        if not isinstance(out, Dataset):
            raise TypeError("flat_map: 'func' must return a Dataset, but returned %s"
                            % type(out).__name__)
        return out

    def get_col_names(self):
        first = next(iter(self.child._rows(Epoch((_PEEK,)))), None)
        if first is None:
            raise RuntimeError("flat_map: the dataset has no rows, so no column names")
        return self._inner(first).get_col_names()

    def _count(self):
        if self.child._count() < 0:
            return -1
        return sum(1 for _ in self._rows(Epoch((_PEEK,))))

    def _rows(self, epoch):
        for i, row in enumerate(self.child._rows(epoch.child(0))):
            inner = self._inner(row)
            for values in inner._rows(epoch.child(i + 1)):
                yield tuple(to_array(v) for v in values)
