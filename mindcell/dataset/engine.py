"""The dataset pipeline: :class:`Dataset` (the methods every dataset has) and its iterators.

A dataset is a tree of nodes (sources at the leaves, ``map``/``batch``/... above them). One
pass over the root is an *epoch*; every random decision of a pass (shuffles, random transforms)
draws from a generator that is a function of the seed (``config.set_seed`` or
``mindcell.set_seed``), the epoch number and the node, so a pipeline built again after the
same ``set_seed`` yields the same rows, epoch after epoch.
"""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.dataset import config
from mindcell.dataset.cache import check_cache
from mindcell.dataset.parallel import check_workers

__all__ = ["Dataset", "TupleIterator", "DictIterator"]

_PEEK = 2 ** 32 - 1  # the epoch key of output_shapes/output_types' look at the first row


class Epoch:
    """Where a pass over a node stands: random decisions are a function of ``key``."""

    def __init__(self, key):
        self.key = tuple(key)
        self._draws = 0

    def rng(self):
        self._draws += 1
        return config.rng_for(len(self.key), *self.key, self._draws)

    def rngs(self):
        """A function ``i -> generator`` of the i-th item of one random decision: every row
        (batch) has its own, so parallel workers draw what a serial pass would."""
        self._draws += 1
        key = (len(self.key),) + self.key + (self._draws,)
        return lambda i: config.rng_for(*key, i)

    def child(self, i):
        """The epoch of a sub-pass (a repetition, a zipped dataset ...)."""
        return Epoch(self.key + (i + 1,))


def names_arg(op, arg, value, allow_none=True):
    """A column-name argument as a list of str (a str is one name)."""
    if value is None and allow_none:
        return None
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, (list, tuple)) or not names \
            or not all(isinstance(n, str) for n in names):
        raise TypeError("%s: '%s' must be a str or a non-empty list of str, but got %r"
                        % (op, arg, value))
    if len(set(names)) != len(names):
        raise ValueError("%s: '%s' has duplicate names %r" % (op, arg, list(names)))
    return list(names)


def check_columns(op, names, wanted):
    for c in wanted:
        if c not in names:
            raise ValueError("%s: no column %r (columns: %s)" % (op, c, names))


def to_array(value):
    """A transform's (or source's) output as a numpy array (Tensors included)."""
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    return np.asarray(value)


def check_count(op, arg, value, minimum):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError("%s: '%s' must be an int >= %d, but got %r" % (op, arg, minimum, value))
    return int(value)


class Dataset:
    """The pipeline methods shared by every dataset (sources and the datasets ``map``,
    ``batch`` ... return). Each method returns a new dataset; the original is unchanged."""

    def __init__(self, children=()):
        self.children = list(children)
        self._epochs = 0  # epochs started on this node as a root

    # --- implemented by each node -------------------------------------------------------
    def get_col_names(self):
        """The column names, a list of str."""
        raise NotImplementedError

    def _count(self):
        """Rows per epoch, -1 if endless."""
        raise NotImplementedError

    def _rows(self, epoch):
        """An iterator over one epoch's rows (tuples of numpy arrays)."""
        raise NotImplementedError

    # --- pipeline operations ------------------------------------------------------------
    def map(self, operations, input_columns=None, output_columns=None, column_order=None,
            num_parallel_workers=None, **kwargs):
        """map(operations, input_columns=None, output_columns=None, column_order=None,
        num_parallel_workers=None, python_multiprocessing=False): apply a callable (or a list
        of them, each fed the previous one's outputs) to ``input_columns`` (default: all
        columns) of every row; the last outputs become ``output_columns`` (default: the input
        names, replaced in place; with another number of columns the outputs come first).

        ``num_parallel_workers`` > 1 runs the operations on that many threads, rows in the
        serial order with the same random draws (None: the calling thread);
        ``python_multiprocessing=True`` runs threads too, with the same results."""
        from mindcell.dataset.pipeline import MapDataset
        workers = _options("map", num_parallel_workers, kwargs)
        return MapDataset(self, operations, input_columns, output_columns, column_order,
                          workers)

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        """batch(batch_size, drop_remainder=False, num_parallel_workers=None,
        per_batch_map=None, input_columns=None, output_columns=None, pad_info=None,
        python_multiprocessing=False): stack ``batch_size`` consecutive rows column by column
        (the last smaller batch is dropped with ``drop_remainder``).

        ``batch_size`` may be a callable taking a :class:`BatchInfo` (the batch and epoch
        numbers) and returning the next batch's size. ``per_batch_map(col, ..., batch_info)``
        gets, for each of ``input_columns`` (default: all), the list of the batch's arrays and
        returns a tuple of such lists, named ``output_columns`` (default: the input names),
        which are then stacked. ``pad_info`` pads as :meth:`padded_batch`.
        ``num_parallel_workers`` > 1 builds batches on that many threads, in order."""
        from mindcell.dataset.batch import BatchDataset
        per_batch_map = kwargs.pop("per_batch_map", None)
        input_columns = kwargs.pop("input_columns", None)
        output_columns = kwargs.pop("output_columns", None)
        pad_info = kwargs.pop("pad_info", None)
        workers = _options("batch", num_parallel_workers, kwargs)
        return BatchDataset(self, batch_size, drop_remainder, workers, per_batch_map,
                            input_columns, output_columns, pad_info)

    def padded_batch(self, batch_size, drop_remainder=False, num_parallel_workers=None,
                     pad_info=None):
        """padded_batch(batch_size, drop_remainder=False, num_parallel_workers=None,
        pad_info=None): ``batch`` after padding the rows' arrays at the end of each axis.
        ``pad_info`` maps a column to ``(shape, value)``: ``shape`` None (or a None axis) pads
        to the batch's largest, ``value`` None pads with 0; ``{}`` pads every column to the
        batch's largest shape with 0; None pads nothing."""
        from mindcell.dataset.batch import BatchDataset
        workers = _options("padded_batch", num_parallel_workers, {})
        return BatchDataset(self, batch_size, drop_remainder, workers, None, None, None,
                            pad_info, op="padded_batch")

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None,
                               pad_to_bucket_boundary=False, drop_remainder=False):
        """bucket_batch_by_length(column_names, bucket_boundaries, bucket_batch_sizes,
        element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
        drop_remainder=False): batch rows of similar length. A row's length is
        ``element_length_function(*columns)`` (default: the first axis of the one column
        named); it goes to bucket i with ``bucket_boundaries[i-1] <= length <
        bucket_boundaries[i]`` (the first bucket from 0, the last without end), and a bucket
        yields a batch when it holds ``bucket_batch_sizes[i]`` rows; the partial buckets
        follow at the end of the epoch, in bucket order (dropped with ``drop_remainder``).
        ``pad_info`` pads as :meth:`padded_batch`; ``pad_to_bucket_boundary`` pads its
        unspecified axes to the bucket's boundary - 1. The dataset size takes one pass."""
        from mindcell.dataset.batch import BucketBatchDataset
        return BucketBatchDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                  element_length_function, pad_info, pad_to_bucket_boundary,
                                  drop_remainder)

    def repeat(self, count=None):
        """repeat(count=None): the rows ``count`` times (None or -1: endlessly); every
        repetition reshuffles."""
        from mindcell.dataset.pipeline import RepeatDataset
        return RepeatDataset(self, count)

    def take(self, count=-1):
        """take(count=-1): at most the first ``count`` rows (-1: all)."""
        from mindcell.dataset.pipeline import TakeDataset
        return TakeDataset(self, count)

    def skip(self, count):
        """skip(count): the rows after the first ``count``."""
        from mindcell.dataset.pipeline import SkipDataset
        return SkipDataset(self, count)

    def shuffle(self, buffer_size):
        """shuffle(buffer_size): a buffer of ``buffer_size`` (> 1) rows; each output row is a
        random one of the buffer, replaced by the next input row (``buffer_size`` >= the
        dataset size shuffles globally)."""
        from mindcell.dataset.pipeline import ShuffleDataset
        return ShuffleDataset(self, buffer_size)

    def project(self, columns):
        """project(columns): only these columns, in this order."""
        from mindcell.dataset.pipeline import ProjectDataset
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        """rename(input_columns, output_columns): rename columns."""
        from mindcell.dataset.pipeline import RenameDataset
        return RenameDataset(self, input_columns, output_columns)

    def zip(self, datasets):
        """zip(datasets): rows side by side (column names must differ); as long as the
        shortest."""
        from mindcell.dataset.pipeline import ZipDataset
        datasets = datasets if isinstance(datasets, tuple) else (datasets,)
        return ZipDataset((self,) + datasets)

    def concat(self, datasets):
        """concat(datasets): this dataset's rows, then the others' (same column names)."""
        from mindcell.dataset.pipeline import ConcatDataset
        datasets = list(datasets) if isinstance(datasets, (list, tuple)) else [datasets]
        return ConcatDataset([self] + datasets)

    def __add__(self, other):
        return self.concat(other)

    def use_sampler(self, new_sampler):
        """use_sampler(new_sampler): read with ``new_sampler``. On a concatenation (typically
        a dataset + :class:`PaddedDataset`) only ``DistributedSampler(..., shuffle=False)``
        without ``num_samples``: every child is sharded on its own, continuing where the
        previous one ended (a MindDataset in contiguous blocks, other sources row by row; see
        :mod:`.padded`); on another dataset, the sampler of the random-access source below it
        is replaced."""
        from mindcell.dataset.padded import use_sampler
        use_sampler(self, new_sampler)

    def split(self, sizes, randomize=True):
        """split(sizes, randomize=True): non-overlapping datasets of the given sizes (ints
        summing to the dataset size, or fractions summing to 1)."""
        from mindcell.dataset.split import split
        return split(self, sizes, randomize)

    # --- sizes and schema ---------------------------------------------------------------
    def get_dataset_size(self):
        """The number of rows per epoch (batches after ``batch``), -1 if endless."""
        return self._count()

    def get_batch_size(self):
        """The batch size of the last ``batch`` (1 without one, -1 for a callable one)."""
        from mindcell.dataset.batch import BatchDataset
        node = self._last(BatchDataset)
        if node is None:
            return 1
        return -1 if callable(node.batch_size) else node.batch_size

    def get_repeat_count(self):
        """The count of the last ``repeat`` (1 without one, -1 endless)."""
        from mindcell.dataset.pipeline import RepeatDataset
        node = self._last(RepeatDataset)
        return 1 if node is None else node.count

    def _last(self, cls):
        """The nearest node of type ``cls`` down the first-child chain, or None."""
        node = self
        while not isinstance(node, cls):
            if not node.children:
                return None
            node = node.children[0]
        return node

    def _first_row(self):
        row = next(iter(self._rows(Epoch((_PEEK,)))), None)
        if row is None:
            raise RuntimeError("%s: the dataset has no rows" % type(self).__name__)
        return row

    def output_shapes(self, estimate=False):
        """The shape (a list of int) of every column of the first row."""
        return [list(np.shape(v)) for v in self._first_row()]

    def output_types(self):
        """The numpy dtype of every column of the first row."""
        return [np.asarray(v).dtype for v in self._first_row()]

    # --- iteration ----------------------------------------------------------------------
    def _start_epoch(self):
        epoch = Epoch((self._epochs,))
        self._epochs += 1
        return self._rows(epoch)

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """create_tuple_iterator(columns=None, num_epochs=-1, output_numpy=False): iterate rows
        as lists of Tensors (numpy arrays with ``output_numpy``). Each ``for`` over the
        iterator is one epoch; ``num_epochs`` bounds how many (-1: any number)."""
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """create_dict_iterator(num_epochs=-1, output_numpy=False): iterate rows as dicts
        column name -> Tensor (numpy array with ``output_numpy``)."""
        return DictIterator(self, None, num_epochs, output_numpy)

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """device_que(...): not applicable: mindcell has no device queue (iterate the dataset,
        or pass it to ``Model.train``)."""
        raise RuntimeError("device_que: mindcell runs on the CPU and has no device queue; "
                           "iterate with create_tuple_iterator or pass the dataset to "
                           "Model.train")

    def __iter__(self):
        return self.create_tuple_iterator(num_epochs=1)


def _options(op, num_parallel_workers, kwargs):
    """The thread count of an operation, after checking its remaining keyword arguments."""
    multiprocessing = kwargs.pop("python_multiprocessing", None)
    check_cache(op, kwargs.get("cache"))
    for name in ("max_rowsize", "cache"):  # performance settings, no effect on the rows
        kwargs.pop(name, None)
    for name in ("callbacks", "offload"):
        if not kwargs.get(name):
            kwargs.pop(name, None)
        elif name in kwargs:
            raise ValueError("%s: '%s' is not supported by mindcell, but got %r"
                             % (op, name, kwargs[name]))
    if kwargs:
        raise TypeError("%s: unexpected keyword arguments %s" % (op, sorted(kwargs)))
    return check_workers(op, num_parallel_workers, multiprocessing)


class TupleIterator:
    """Rows of a dataset as lists; one ``for`` loop over it is one epoch."""

    def __init__(self, dataset, columns, num_epochs, output_numpy):
        name = type(self).__name__
        if isinstance(num_epochs, bool) or not isinstance(num_epochs, int) \
                or (num_epochs < 1 and num_epochs != -1):
            raise ValueError("%s: 'num_epochs' must be -1 or a positive int, but got %r"
                             % (name, num_epochs))
        if not isinstance(output_numpy, bool):
            raise TypeError("%s: 'output_numpy' must be a bool, but got %r"
                            % (name, output_numpy))
        names = dataset.get_col_names()
        columns = names_arg("create_tuple_iterator", "columns", columns)
        check_columns("create_tuple_iterator", names, columns or ())
        self._index = None if columns is None else [names.index(c) for c in columns]
        self._names = names if columns is None else columns
        self._dataset, self._left, self._numpy = dataset, num_epochs, output_numpy
        self._rows = None

    def __iter__(self):
        return self

    def __len__(self):
        return self._dataset.get_dataset_size()

    def __next__(self):
        if self._rows is None:
            if self._left == 0:
                raise StopIteration
            self._left -= self._left > 0
            self._rows = self._dataset._start_epoch()
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            raise
        if self._index is not None:
            row = [row[i] for i in self._index]
        return self._pack([self._convert(v) for v in row])

    def _convert(self, value):
        value = np.asarray(value)
        if self._numpy or value.dtype.kind in "USO":
            return value
        return Tensor(value)

    def _pack(self, values):
        return values


class DictIterator(TupleIterator):
    """Rows of a dataset as dicts column name -> value."""

    def _pack(self, values):
        return dict(zip(self._names, values))
