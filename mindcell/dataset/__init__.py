"""Minimal datasets so a training loop needs no other library: batching and shuffling of numpy
arrays (``NumpySlicesDataset``) and of a Python source (``GeneratorDataset``)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.context import global_rng

__all__ = ["NumpySlicesDataset", "GeneratorDataset"]


class _Dataset:
    def __init__(self, column_names):
        self.column_names = column_names
        self._batch = None
        self._drop_remainder = False
        self._shuffle = False

    def batch(self, batch_size, drop_remainder=False):
        """batch(batch_size, drop_remainder=False): a dataset of stacked rows."""
        if not isinstance(batch_size, int) or batch_size <= 0:
            raise ValueError("batch: 'batch_size' must be a positive int, but got %r"
                             % (batch_size,))
        out = self._copy()
        out._batch, out._drop_remainder = batch_size, bool(drop_remainder)
        return out

    def shuffle(self, buffer_size):
        """shuffle(buffer_size): rows in a new random order every epoch (set_seed applies)."""
        if not isinstance(buffer_size, int) or buffer_size <= 1:
            raise ValueError("shuffle: 'buffer_size' must be an int > 1")
        out = self._copy()
        out._shuffle = True
        return out

    def _copy(self):
        out = object.__new__(type(self))
        out.__dict__.update(self.__dict__)
        return out

    def _rows(self):
        raise NotImplementedError

    def _batches(self):
        rows = self._rows()
        if self._shuffle:
            rows = [rows[i] for i in global_rng().permutation(len(rows))]
        if self._batch is None:
            for row in rows:
                yield row
            return
        for start in range(0, len(rows), self._batch):
            chunk = rows[start:start + self._batch]
            if len(chunk) < self._batch and self._drop_remainder:
                return
            yield tuple(np.stack([r[c] for r in chunk]) for c in range(len(chunk[0])))

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """Iterate rows (or batches) as lists of Tensors (numpy arrays with output_numpy)."""
        for item in self._batches():
            yield [np.asarray(v) if output_numpy else Tensor(np.asarray(v)) for v in item]

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False):
        """Iterate rows (or batches) as dicts column name -> Tensor (numpy array with
        output_numpy)."""
        for item in self.create_tuple_iterator(output_numpy=output_numpy):
            yield dict(zip(self.column_names, item))

    def __iter__(self):
        return self.create_tuple_iterator()

    def get_dataset_size(self):
        """Number of rows, or of batches after ``batch``."""
        n = len(self._rows())
        if self._batch is None:
            return n
        return n // self._batch if self._drop_remainder else -(-n // self._batch)

    def get_col_names(self):
        """The column names, a list of str."""
        return list(self.column_names)


class NumpySlicesDataset(_Dataset):
    """NumpySlicesDataset(data, column_names=None, shuffle=True): rows are slices along the first
    axis of an array, a tuple/list of arrays, or a dict of arrays.

    Args:
        data (Union[numpy.ndarray, tuple, list, dict]): one column, several columns, or
            columns by name; every column has the same length.
        column_names (list[str]): the column names (default: the dict's keys, or
            ``column_0``, ``column_1`` ...).
        shuffle (bool): visit the rows in a new random order every epoch.
        num_samples (int): use only the first ``num_samples`` rows.

    Raises:
        ValueError: the columns have different lengths.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import NumpySlicesDataset
        >>> ds = NumpySlicesDataset((np.arange(10.0), np.arange(10) % 2), shuffle=False)
        >>> ds = ds.batch(4)
        >>> ds.get_dataset_size()
        3
        >>> [x.shape for x in next(iter(ds))]
        [(4,), (4,)]
    """

    def __init__(self, data, column_names=None, shuffle=True, num_samples=None):
        if isinstance(data, dict):
            column_names = column_names or list(data)
            columns = [np.asarray(data[k]) for k in data]
        elif isinstance(data, (tuple, list)) and data and not np.isscalar(data[0]):
            columns = [np.asarray(c) for c in data]
        else:
            columns = [np.asarray(data)]
        lengths = {len(c) for c in columns}
        if len(lengths) != 1:
            raise ValueError("NumpySlicesDataset: columns have different lengths %s"
                             % sorted(lengths))
        super().__init__(column_names or ["column_%d" % i for i in range(len(columns))])
        self._columns = columns
        self._shuffle = bool(shuffle)
        self._num_samples = num_samples

    def _rows(self):
        n = len(self._columns[0]) if self._num_samples is None else self._num_samples
        return [tuple(c[i] for c in self._columns) for i in range(n)]


class GeneratorDataset(_Dataset):
    """GeneratorDataset(source, column_names=None, shuffle=True): rows from a callable
    returning an iterable, an iterable, or a random-access source (``__getitem__``/``__len__``).

    Args:
        source (Union[Callable, Iterable, Sequence]): where the rows come from; a row is a
            tuple of column values (or one value).
        column_names (Union[str, list[str]]): the column names (default ``["data"]``).
        shuffle (bool): shuffle the rows every epoch (random-access sources only).
        num_samples (int): use only the first ``num_samples`` rows.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import GeneratorDataset
        >>> def rows():
        ...     for i in range(3):
        ...         yield np.full(2, i, np.float32), np.int32(i)
        >>> ds = GeneratorDataset(rows, column_names=["x", "y"])
        >>> [d["y"].asnumpy().item() for d in ds.create_dict_iterator()]
        [0, 1, 2]
    """

    def __init__(self, source, column_names=None, shuffle=True, num_samples=None):
        super().__init__(column_names if column_names is not None else ["data"])
        if isinstance(column_names, str):
            self.column_names = [column_names]
        self._source = source
        self._shuffle = bool(shuffle) and hasattr(source, "__getitem__")
        self._num_samples = num_samples

    def _rows(self):
        src = self._source
        if hasattr(src, "__getitem__") and hasattr(src, "__len__"):
            items = [src[i] for i in range(len(src))]
        else:
            items = list(src() if callable(src) else src)
        rows = [tuple(r) if isinstance(r, (tuple, list)) else (r,) for r in items]
        return rows[:self._num_samples] if self._num_samples else rows
