"""The datasets ``Dataset.batch``, ``padded_batch`` and ``bucket_batch_by_length`` return:
fixed or callable batch sizes, ``per_batch_map``, padding, and batches built by a pool of
threads."""
import itertools
import numbers

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.engine import _PEEK, Epoch, check_columns, names_arg, to_array
from mindcell.dataset.parallel import ordered_map
from mindcell.dataset.pipeline import _Unary, set_layout

__all__ = ["BatchInfo", "BatchDataset", "BucketBatchDataset"]


class BatchInfo:
    """BatchInfo(batch_num, epoch_num): what a callable ``batch_size`` and a ``per_batch_map``
    of :meth:`Dataset.batch` are told about the batch being made.

    Args:
        batch_num (int): the number of the batch in its epoch, from 0.
        epoch_num (int): the number of the epoch, from 0.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> def add_epoch(x, info):
        ...     return ([v + 100 * info.get_epoch_num() for v in x],)
        >>> data = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False).batch(
        ...     2, per_batch_map=add_epoch)
        >>> it = data.create_tuple_iterator(output_numpy=True)
        >>> [[b[0].tolist() for b in it] for _ in range(2)]
        [[[1, 2]], [[101, 102]]]
    """

    def __init__(self, batch_num, epoch_num):
        self._batch_num, self._epoch_num = batch_num, epoch_num

    def get_batch_num(self):
        """get_batch_num(): the number of this batch in the current epoch, from 0.

        Returns:
            int.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.BatchInfo(3, 0).get_batch_num()
            3
        """
        return self._batch_num

    def get_epoch_num(self):
        """get_epoch_num(): the number of the current epoch (pass over the batch's input), from 0.

        Returns:
            int.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.BatchInfo(3, 1).get_epoch_num()
            1
        """
        return self._epoch_num


def _check_pad_info(op, pad_info, names):
    """pad_info as {column: (shape or None, value)}; {} pads every column."""
    if pad_info is None:
        return None
    if not isinstance(pad_info, dict):
        raise TypeError("%s: 'pad_info' must be a dict or None, but got %s"
                        % (op, type(pad_info).__name__))
    if not pad_info:
        return {n: (None, 0) for n in names}
    check_columns(op, names, list(pad_info))
    out = {}
    for name, spec in pad_info.items():
        if not isinstance(spec, (tuple, list)) or len(spec) != 2:
            raise TypeError("%s: pad_info[%r] must be a (shape, pad_value) pair, but got %r"
                            % (op, name, spec))
        shape, value = spec
        if shape is not None:
            if not isinstance(shape, (list, tuple)) or not all(
                    d is None or (isinstance(d, numbers.Integral) and not isinstance(d, bool)
                                  and d > 0) for d in shape):
                raise TypeError("%s: the shape of pad_info[%r] must be None or a list of "
                                "positive ints / None, but got %r" % (op, name, shape))
            shape = list(shape)
        if value is not None and (isinstance(value, bool)
                                  or not isinstance(value, (numbers.Number, str, bytes))):
            raise TypeError("%s: the pad value of pad_info[%r] must be a number, but got %r"
                            % (op, name, value))
        out[name] = (shape, 0 if value is None else value)
    return out


def _element_type(value):
    """The element type of a row's array as MindSpore's batch compares it (strings of any
    length are one type)."""
    return "string" if value.dtype.kind in "US" else value.dtype.name


def _int_list(op, arg, value, minimum):
    if not isinstance(value, (list, tuple)) or not value or not all(
            isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
        raise TypeError("%s: '%s' must be a non-empty list of int, but got %r" % (op, arg, value))
    if min(value) < minimum:
        raise ValueError("%s: '%s' values must be >= %d, but got %r" % (op, arg, minimum, value))
    return [int(v) for v in value]


class BatchDataset(_Unary):
    """BatchDataset(child, batch_size, drop_remainder, workers=1, per_batch_map=None,
    input_columns=None, output_columns=None, pad_info=None, op="batch"): the dataset
    :meth:`Dataset.batch` and :meth:`Dataset.padded_batch` return.

    Args:
        child (Dataset): the dataset batched.
        batch_size (Union[int, callable]): the rows per batch, or a callable of a
            :class:`BatchInfo`.
        drop_remainder (bool): drop the last, smaller batch.
        workers (int, optional): the number of threads. Default: ``1``.
        per_batch_map (callable, optional): the function of the batch's column lists.
            Default: ``None``.
        input_columns (list[str], optional): its input columns. Default: ``None``.
        output_columns (list[str], optional): its output names. Default: ``None``.
        pad_info (dict, optional): the padding, as ``padded_batch``. Default: ``None``.
        op (str, optional): the method named in errors. Default: ``"batch"``.

    Raises:
        TypeError: ``batch_size`` is not an int or callable, ``drop_remainder`` not a bool,
            ``per_batch_map`` not callable, or ``pad_info`` malformed.
        ValueError: ``batch_size`` < 1, columns without ``per_batch_map``, or a missing column.

    Examples:
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3]}).batch(2, drop_remainder=True)
        >>> type(data).__name__, data.get_dataset_size(), data.get_batch_size()
        ('BatchDataset', 1, 2)
    """

    def __init__(self, child, batch_size, drop_remainder, workers=1, per_batch_map=None,
                 input_columns=None, output_columns=None, pad_info=None, op="batch"):
        super().__init__(child)
        self.op = op
        if not callable(batch_size):
            # a bool is an int here, as in MindSpore 2.10 (batch(True) batches single rows)
            if not isinstance(batch_size, numbers.Integral):
                raise TypeError("%s: 'batch_size' must be an int or a callable, but got %r"
                                % (op, batch_size))
            if batch_size < 1:
                raise ValueError("%s: 'batch_size' must be >= 1, but got %d" % (op, batch_size))
            batch_size = int(batch_size)
        self.batch_size = batch_size
        if not isinstance(drop_remainder, bool):
            raise TypeError("%s: 'drop_remainder' must be a bool, but got %r"
                            % (op, drop_remainder))
        self.drop_remainder, self.workers = drop_remainder, workers
        if per_batch_map is not None and not callable(per_batch_map):
            raise TypeError("%s: 'per_batch_map' must be callable, but got %s"
                            % (op, type(per_batch_map).__name__))
        if per_batch_map is None and (input_columns is not None or output_columns is not None):
            raise ValueError("%s: 'input_columns' and 'output_columns' need a 'per_batch_map'"
                             % op)
        self.per_batch_map = per_batch_map
        _, self._outs = set_layout(self, op, child.get_col_names(), input_columns,
                                   output_columns)
        self._pad = _check_pad_info(op, pad_info, self._names)
        self._passes = 0  # epochs started, BatchInfo.get_epoch_num

    def get_col_names(self):
        return list(self._names)

    def _size(self, info):
        if not callable(self.batch_size):
            return self.batch_size
        size = self.batch_size(info)
        if isinstance(size, bool) or not isinstance(size, numbers.Integral) or size < 1:
            raise ValueError("%s: the callable batch_size must return an int >= 1, but "
                             "returned %r for batch %d" % (self.op, size, info.get_batch_num()))
        return int(size)

    def _count(self):
        n = self.child._count()
        if n < 0:
            return n
        if not callable(self.batch_size):
            s = self.batch_size
            return n // s if self.drop_remainder else -(-n // s)
        count = 0
        while n > 0:
            size = self._size(BatchInfo(count, self._passes))
            if size > n and self.drop_remainder:
                break
            n -= size
            count += 1
        return count

    def _columns(self, chunk, info):
        """The batch's columns as lists of arrays, after per_batch_map."""
        cols = [list(c) for c in zip(*chunk)]
        if self.per_batch_map is None:
            return cols
        result = self.per_batch_map(*[cols[i] for i in self._in_index], info)
        if not isinstance(result, tuple):
            raise TypeError("%s: per_batch_map must return a tuple of lists of arrays (one "
                            "per output column), but returned %s"
                            % (self.op, type(result).__name__))
        if len(result) != len(self._outs):
            raise RuntimeError("%s: per_batch_map returned %d columns but output_columns has "
                               "%d: %s; pass output_columns naming each output"
                               % (self.op, len(result), len(self._outs), self._outs))
        out = [None] * len(self._names)
        for src, dst in self._keep:
            out[dst] = cols[src]
        for dst, values, name in zip(self._out_index, result, self._outs):
            if isinstance(values, dict):  # the whole batch's value of a dict column
                out[dst] = values
                continue
            if not isinstance(values, (list, tuple, np.ndarray)):
                raise TypeError("%s: per_batch_map's output %r must be a list of arrays, but "
                                "got %s" % (self.op, name, type(values).__name__))
            out[dst] = [to_array(v) for v in values]
        return out

    def _padded(self, name, values, spec):
        shape, value = spec
        ndims = {v.ndim for v in values}
        if len(ndims) > 1 or (shape is not None and ndims != {len(shape)}):
            raise RuntimeError("%s: cannot pad column %r: its rows have ranks %s but the pad "
                               "shape is %s" % (self.op, name, sorted(ndims), shape))
        ndim = ndims.pop()
        if ndim == 0:
            return values
        biggest = [max(v.shape[a] for v in values) for a in range(ndim)]
        target = biggest if shape is None else [b if d is None else d
                                                for b, d in zip(biggest, shape)]
        out = []
        for v in values:
            # MindSpore 2.10 cuts a row longer than the pad shape down to it (ms-oracle)
            v = v[tuple(slice(0, t) for t in target)]
            widths = [(0, t - s) for s, t in zip(v.shape, target)]
            out.append(np.pad(v, widths, constant_values=np.asarray(value, v.dtype)))
        return out

    def _stack(self, name, values, pad):
        if isinstance(values, dict):  # per_batch_map gave the batch's dict itself
            return values
        if values and isinstance(values[0], dict):
            return self._stack_dicts(name, values)
        values = [np.asarray(v) for v in values]
        if pad is not None and name in pad:
            values = self._padded(name, values, pad[name])
        shapes = {v.shape for v in values}
        if len(shapes) > 1:
            raise RuntimeError("%s: the rows of column %r have different shapes %s; resize "
                               "them with map, or pad them with padded_batch / pad_info"
                               % (self.op, name, sorted(shapes)))
        first, dtype = _element_type(values[0]), values[0].dtype
        for v in values[1:]:
            if v.dtype != dtype and _element_type(v) != first:
                # MindSpore 2.10 refuses to batch mixed types (np.stack would promote them)
                raise RuntimeError(
                    "%s: Cannot batch tensors with different types in column %d (%r). First "
                    "element had type %s and this element had type %s; cast them with map "
                    "(transforms.TypeCast)" % (self.op, self._names.index(name), name, first,
                                               _element_type(v)))
        return np.stack(values)

    def _stack_dicts(self, name, values):
        """Rows of a dict column batched key by key into arrays of primitive type, as
        MindSpore 2.10 batches them (a key whose values do not make one raises)."""
        out = {}
        for key in values[0]:
            try:
                out[key] = np.array([v[key] for v in values])
            except (ValueError, KeyError):
                out[key] = None
            if out[key] is None or out[key].dtype.kind == "O":
                raise RuntimeError(
                    "%s: failed to create a NumPy array with primitive types for the dictionary "
                    "objects in column %d, key: '%s'.\nIf you want a customized array, define a "
                    "custom 'per_batch_map' function." % (self.op, self._names.index(name), key))
        return out

    def _make(self, chunk, info):
        cols = self._columns(chunk, info)
        return tuple(self._stack(n, v, self._pad) for n, v in zip(self._names, cols))

    def _rows(self, epoch):
        peek = epoch.key[0] == _PEEK
        epoch_num = 0 if peek else self._passes
        self._passes += not peek
        rng_of = epoch.rngs()
        rows = self.child._rows(epoch.child(0))

        def chunks():
            for b in itertools.count():
                size = self._size(BatchInfo(b, epoch_num))
                chunk = list(itertools.islice(rows, size))
                if not chunk or (len(chunk) < size and self.drop_remainder):
                    return
                yield b, chunk

        def work(item):
            with config.map_random(lambda: rng_of(item[0])):
                return self._make(item[1], BatchInfo(item[0], epoch_num))
        return ordered_map(work, chunks(), self.workers)


class BucketBatchDataset(BatchDataset):
    """The dataset ``Dataset.bucket_batch_by_length`` returns."""

    def __init__(self, child, column_names, bucket_boundaries, bucket_batch_sizes,
                 element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder):
        op = "bucket_batch_by_length"
        super().__init__(child, 1, drop_remainder, pad_info=pad_info, op=op)
        self._length_columns = names_arg(op, "column_names", column_names, allow_none=False)
        check_columns(op, self._names, self._length_columns)
        if element_length_function is None and len(self._length_columns) != 1:
            raise ValueError("%s: without element_length_function, 'column_names' must name "
                             "one column, but got %s" % (op, self._length_columns))
        if element_length_function is not None and not callable(element_length_function):
            raise TypeError("%s: 'element_length_function' must be callable, but got %s"
                            % (op, type(element_length_function).__name__))
        self.length_of = element_length_function
        bounds = _int_list(op, "bucket_boundaries", bucket_boundaries, 1)
        if any(b >= c for b, c in zip(bounds, bounds[1:])):
            raise ValueError("%s: 'bucket_boundaries' must be strictly increasing, but got %s"
                             % (op, bounds))
        sizes = _int_list(op, "bucket_batch_sizes", bucket_batch_sizes, 1)
        if len(sizes) != len(bounds) + 1:
            raise ValueError("%s: 'bucket_batch_sizes' needs len(bucket_boundaries) + 1 = %d "
                             "values, but got %d" % (op, len(bounds) + 1, len(sizes)))
        if not isinstance(pad_to_bucket_boundary, bool):
            raise TypeError("%s: 'pad_to_bucket_boundary' must be a bool, but got %r"
                            % (op, pad_to_bucket_boundary))
        self.bounds, self.sizes, self.to_boundary = bounds, sizes, pad_to_bucket_boundary
        self._index = [self._names.index(c) for c in self._length_columns]

    def _count(self):
        if self.child._count() < 0:
            return -1
        return sum(1 for _ in self._rows(Epoch((_PEEK,))))

    def _bucket(self, row):
        values = [row[i] for i in self._index]
        if self.length_of is None and np.ndim(values[0]) == 0:
            raise ValueError("%s: column %r holds scalars, which have no length; pass an "
                             "element_length_function" % (self.op, self._length_columns[0]))
        length = self.length_of(*values) if self.length_of else np.shape(values[0])[0]
        if isinstance(length, bool) or not isinstance(length, numbers.Integral):
            raise TypeError("%s: the element length must be an int, but got %r"
                            % (self.op, length))
        return int(np.searchsorted(self.bounds, length, side="right"))

    def _batch(self, bucket, rows):
        pad = self._pad
        # MindSpore 2.10 pads to the boundary only the None axes of pad shapes given as lists;
        # a None shape (and pad_info={}) pads to the batch's longest row, with or without it
        to_edge = {n for n, (shape, _) in (pad or {}).items()
                   if shape is not None and None in shape} if self.to_boundary else ()
        if to_edge:
            if bucket == len(self.bounds):
                raise RuntimeError("%s: a row is in the last bucket (length >= %d), which has "
                                   "no boundary to pad to" % (self.op, self.bounds[-1]))
            edge = self.bounds[bucket] - 1
            pad = {n: ([edge if d is None else d for d in shape] if n in to_edge else shape,
                       value) for n, (shape, value) in pad.items()}
        cols = [list(c) for c in zip(*rows)]
        return tuple(self._stack(n, v, pad) for n, v in zip(self._names, cols))

    def _rows(self, epoch):
        buckets = [[] for _ in self.sizes]
        for row in self.child._rows(epoch.child(0)):
            b = self._bucket(row)
            buckets[b].append(row)
            if len(buckets[b]) == self.sizes[b]:
                yield self._batch(b, buckets[b])
                buckets[b] = []
        if not self.drop_remainder:
            for b, rows in enumerate(buckets):
                if rows:
                    yield self._batch(b, rows)
