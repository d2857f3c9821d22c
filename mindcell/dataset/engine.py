"""The dataset pipeline: :class:`Dataset` (the methods every dataset has) and its iterators.

A dataset is a tree of nodes (sources at the leaves, ``map``/``batch``/... above them). One
pass over the root is an *epoch*; every random decision of a pass (shuffles, random transforms)
draws from a generator that is a function of the seed (``config.set_seed`` or
``mindcell.set_seed``), the epoch number and the node, so a pipeline built again after the
same ``set_seed`` yields the same rows, epoch after epoch.
"""
import threading
import weakref

import numpy as np

from mindcell.common.tensor import Tensor, numpy_backed
from mindcell.dataset._docs import shared_sections
from mindcell.dataset import config
from mindcell.dataset.cache import check_cache
from mindcell.dataset.parallel import check_workers

__all__ = ["Dataset", "TupleIterator", "DictIterator"]

# While get_dataset_size counts (depth > 0), an endless repeat counts as one pass.
_ONE_PASS = threading.local()


def counting_one_pass():
    """Whether the count under way is get_dataset_size's (an endless repeat counts once)."""
    return getattr(_ONE_PASS, "depth", 0) > 0

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
    """A transform's (or source's) output as a numpy array (Tensors included). A dict stays a
    dict, its values converted the same way (lists element by element), as MindSpore 2.10
    carries Python dicts through a pipeline."""
    if hasattr(value, "asnumpy"):
        return value.asnumpy()
    if isinstance(value, dict):
        return {k: _dict_item(v) for k, v in value.items()}
    return np.asarray(value)


def _dict_item(value):
    if isinstance(value, (list, tuple)):
        return type(value)(_dict_item(v) for v in value)
    return to_array(value)


def map_leaves(fn, value):
    """``fn`` applied to every array inside a column value (a dict's values, a list's items)."""
    if isinstance(value, dict):
        return {k: map_leaves(fn, v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(map_leaves(fn, v) for v in value)
    return fn(value)


def check_count(op, arg, value, minimum):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < minimum:
        raise ValueError("%s: '%s' must be an int >= %d, but got %r" % (op, arg, minimum, value))
    return int(value)


class Dataset:
    """Dataset: the pipeline methods shared by every dataset (the sources and the datasets that
    ``map``, ``batch`` ... return). Each method returns a new dataset over this one; the
    original is unchanged. Iterating a dataset (``for row in data``) is one epoch of rows as
    lists of Tensors.

    Args:
        children (Sequence[Dataset], optional): the datasets this node reads (sources have
            none). Users build datasets from the sources and the methods, not this constructor.
            Default: ``()``.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False)
        >>> data = data.map(lambda x: x * 10, input_columns="x").batch(2, drop_remainder=True)
        >>> isinstance(data, ds.Dataset), [r[0].asnumpy().tolist() for r in data]
        (True, [[0, 10], [20, 30]])
    """

    # Public attributes every MindSpore 2.10 dataset has (ms-oracle: vars() of any node);
    # programs read them, e.g. ``loader.dataset_size`` after get_dataset_size(). Output
    # types/shapes are not saved or estimated ahead here, and a cache= argument is checked but
    # not kept (it only speeds MindSpore up), so these read None.
    cache = None
    saved_output_types = None
    saved_output_shapes = None
    estimated_output_shapes = None
    runtime_context = None

    def __init__(self, children=()):
        self.children = list(children)
        self.parent = []  # weak references to the datasets built on this one, as MindSpore's
        for child in self.children:
            if isinstance(getattr(child, "parent", None), list):
                child.parent.append(weakref.ref(self))

    @property
    def dataset_size(self):
        """dataset_size: None until :meth:`get_dataset_size` has counted, then that count (as
        in MindSpore); a value assigned to it is what :meth:`get_dataset_size` returns."""
        size = self.__dict__.get("_set_size")
        return size if size is not None else self.__dict__.get("_counted_size")

    @dataset_size.setter
    def dataset_size(self, value):
        self.__dict__["_set_size"] = value

    # --- implemented by each node -------------------------------------------------------
    def get_col_names(self):
        """get_col_names(): the column names of the rows.

        Returns:
            list[str], the names in column order.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"a": [1, 2], "b": [3, 4]})
            >>> data.rename("a", "c").get_col_names()
            ['c', 'b']
        """
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
        num_parallel_workers=None, python_multiprocessing=False): apply a callable (or a list of
        them, each fed the previous one's outputs) to ``input_columns`` of every row.

        The last operation's outputs become ``output_columns``: with as many outputs as inputs
        they replace them in place, with another number they come first, followed by the other
        columns. ``num_parallel_workers`` > 1 runs the operations on that many threads, rows in
        the serial order with the same random draws (None: the calling thread).

        Args:
            operations (Union[callable, list[callable]]): transforms (``vision.Resize(...)`` ...)
                or Python functions of the input columns' numpy arrays.
            input_columns (Union[str, list[str]], optional): the columns fed to the first
                operation; None: the first column (as in MindSpore). Default: ``None``.
            output_columns (Union[str, list[str]], optional): the names of the last operation's
                outputs; None: the input names. Default: ``None``.
            column_order (list[str], optional): the columns to keep, in this order, after the map.
                Default: ``None``.
            num_parallel_workers (int, optional): the number of threads, >= 1. Default: ``None``.
            python_multiprocessing (bool, optional): accepted for MindSpore scripts; runs threads
                too, with the same results. Default: ``False``.

        Returns:
            MapDataset.

        Raises:
            TypeError: an operation is not callable, a column argument is not a str or list of
                str, ``num_parallel_workers`` not an int, ``callbacks`` not DSCallback
                instances, or an unknown keyword is given.
            ValueError: ``operations`` is empty, a column does not exist, the output names clash
                with the other columns, ``num_parallel_workers`` < 1, or ``offload`` is set.
            RuntimeError: (when iterated) the last operation returns another number of columns
                than ``output_columns`` names.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2], "y": [5, 6]}, shuffle=False)
            >>> data = data.map(lambda x: (x, x * x), input_columns="x", output_columns=["x", "x2"])
            >>> data.get_col_names()
            ['x', 'x2', 'y']
            >>> [r["x2"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
            [1, 4]
        """
        from mindcell.dataset.callback import check_callbacks
        from mindcell.dataset.pipeline import MapDataset
        callbacks = check_callbacks("map", kwargs.pop("callbacks", None))
        workers = _options("map", num_parallel_workers, kwargs)
        return MapDataset(self, operations, input_columns, output_columns, column_order,
                          workers, callbacks)

    def batch(self, batch_size, drop_remainder=False, num_parallel_workers=None, **kwargs):
        """batch(batch_size, drop_remainder=False, num_parallel_workers=None, per_batch_map=None,
        input_columns=None, output_columns=None, pad_info=None, python_multiprocessing=False):
        stack ``batch_size`` consecutive rows column by column (a new first axis).

        Args:
            batch_size (Union[int, callable]): the rows per batch, >= 1, or a callable taking a
                :class:`BatchInfo` (the batch and epoch numbers) and returning the next batch's
                size.
            drop_remainder (bool, optional): drop the last, smaller batch. Default: ``False``.
            num_parallel_workers (int, optional): build batches on that many threads, in order.
                Default: ``None``.
            per_batch_map (callable, optional): ``per_batch_map(col, ..., batch_info)`` gets, for
                each of ``input_columns``, the list of the batch's arrays and returns a tuple of
                such lists, which are then stacked. Default: ``None``.
            input_columns (Union[str, list[str]], optional): the columns given to
                ``per_batch_map``; None: all. Default: ``None``.
            output_columns (Union[str, list[str]], optional): the names of ``per_batch_map``'s
                outputs; None: the input names. Default: ``None``.
            pad_info (dict, optional): pads the rows before stacking, as :meth:`padded_batch`.
                Default: ``None``.
            python_multiprocessing (bool, optional): accepted; runs threads. Default: ``False``.

        Returns:
            BatchDataset.

        Raises:
            TypeError: ``batch_size`` is not an int or callable, ``drop_remainder`` not a bool,
                ``per_batch_map`` not callable, ``pad_info`` malformed, or an unknown keyword.
            ValueError: ``batch_size`` < 1, columns without ``per_batch_map``, or a missing column.
            RuntimeError: (when iterated) the rows of a column have different shapes (pad them).

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": np.arange(5)}, shuffle=False).batch(2)
            >>> data.get_dataset_size(), [b[0].asnumpy().tolist() for b in data]
            (3, [[0, 1], [2, 3], [4]])
            >>> sizes = ds.NumpySlicesDataset({"x": np.arange(6)}, shuffle=False).batch(
            ...     lambda info: info.get_batch_num() + 1)
            >>> [len(b[0]) for b in sizes]
            [1, 2, 3]
        """
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
        """padded_batch(batch_size, drop_remainder=False, num_parallel_workers=None, pad_info=None):
        :meth:`batch` after padding the rows' arrays at the end of each axis.

        Args:
            batch_size (Union[int, callable]): the rows per batch, as in ``batch``.
            drop_remainder (bool, optional): drop the last, smaller batch. Default: ``False``.
            num_parallel_workers (int, optional): the number of threads. Default: ``None``.
            pad_info (dict, optional): maps a column to ``(shape, value)``: ``shape`` None (or a
                None axis) pads to the batch's largest, ``value`` None pads with 0; ``{}`` pads
                every column to the batch's largest shape with 0; None pads nothing.
                Default: ``None``.

        Returns:
            BatchDataset.

        Raises:
            TypeError: an argument has a wrong type or ``pad_info`` is malformed.
            ValueError: ``batch_size`` < 1 or ``pad_info`` names a missing column.
            RuntimeError: (when iterated) a row is larger than its pad shape, or differs in rank.

        Examples:
            >>> import mindcell.dataset as ds
            >>> def rows():
            ...     for n in (1, 3):
            ...         yield (list(range(n)),)
            >>> data = ds.GeneratorDataset(rows, ["x"]).padded_batch(2, pad_info={"x": ([4], -1)})
            >>> [b[0].asnumpy().tolist() for b in data]
            [[[0, -1, -1, -1], [0, 1, 2, -1]]]
        """
        from mindcell.dataset.batch import BatchDataset
        workers = _options("padded_batch", num_parallel_workers, {})
        return BatchDataset(self, batch_size, drop_remainder, workers, None, None, None,
                            pad_info, op="padded_batch")

    def bucket_batch_by_length(self, column_names, bucket_boundaries, bucket_batch_sizes,
                               element_length_function=None, pad_info=None,
                               pad_to_bucket_boundary=False, drop_remainder=False):
        """bucket_batch_by_length(column_names, bucket_boundaries, bucket_batch_sizes,
        element_length_function=None, pad_info=None, pad_to_bucket_boundary=False,
        drop_remainder=False): batch rows of similar length.

        A row's length goes to bucket i with ``bucket_boundaries[i-1] <= length <
        bucket_boundaries[i]`` (the first bucket from 0, the last without end), and a bucket
        yields a batch when it holds ``bucket_batch_sizes[i]`` rows; the partial buckets follow
        at the end of the epoch, in bucket order. The dataset size takes one pass.

        Args:
            column_names (list[str]): the columns given to ``element_length_function``.
            bucket_boundaries (list[int]): strictly increasing boundaries, >= 1.
            bucket_batch_sizes (list[int]): one batch size per bucket
                (``len(bucket_boundaries) + 1``), each >= 1.
            element_length_function (callable, optional): ``f(*columns)`` -> int; None: the first
                axis of the one column named. Default: ``None``.
            pad_info (dict, optional): pads as :meth:`padded_batch`. Default: ``None``.
            pad_to_bucket_boundary (bool, optional): pad the None axes of ``pad_info``'s list
                shapes to the bucket's boundary - 1 (a None shape still pads to the batch's
                longest row, as in MindSpore 2.10). Default: ``False``.
            drop_remainder (bool, optional): drop the partial buckets. Default: ``False``.

        Returns:
            BucketBatchDataset.

        Raises:
            TypeError: an argument has a wrong type.
            ValueError: boundaries not increasing, a wrong number of batch sizes, several
                columns without ``element_length_function``, or ``pad_to_bucket_boundary``
                without ``pad_info``.
            RuntimeError: (when iterated) a row falls in the last bucket with
                ``pad_to_bucket_boundary``.

        Examples:
            >>> import mindcell.dataset as ds
            >>> def rows():
            ...     for n in (1, 5, 2, 6):
            ...         yield (list(range(n)),)
            >>> data = ds.GeneratorDataset(rows, ["x"]).bucket_batch_by_length(
            ...     ["x"], [3], [2, 2], pad_info={})
            >>> [b[0].shape for b in data]
            [(2, 2), (2, 6)]
        """
        from mindcell.dataset.batch import BucketBatchDataset
        return BucketBatchDataset(self, column_names, bucket_boundaries, bucket_batch_sizes,
                                  element_length_function, pad_info, pad_to_bucket_boundary,
                                  drop_remainder)

    def sync_wait(self, condition_name, num_batch=1, callback=None):
        """sync_wait(condition_name, num_batch=1, callback=None): a barrier in the pipeline:
        ``num_batch`` rows (batches, when built on a batch) pass at the start of each epoch,
        then ``num_batch`` more after each :meth:`sync_update` of ``condition_name``.

        Args:
            condition_name (str): the name :meth:`sync_update` releases.
            num_batch (int, optional): rows released each time, > 0. Default: ``1``.
            callback (callable, optional): called with ``sync_update``'s ``data`` before the
                release. Default: ``None``.

        Returns:
            SyncWaitDataset.

        Raises:
            TypeError: ``condition_name`` not a str, ``num_batch`` not an int or ``callback``
                not callable.
            ValueError: ``num_batch`` <= 0.
            RuntimeError: (when iterating) a row asked for before its release; MindSpore's
                background pipeline waits there, mindcell's runs in the iterating thread.

        Examples:
            >>> import mindcell.dataset as ds
            >>> seen = []
            >>> data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False)
            >>> data = data.sync_wait("step", callback=seen.append)
            >>> for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            ...     data.sync_update("step", data=int(row[0]))
            >>> seen
            [1, 2, 3]
        """
        from mindcell.dataset.sync import SyncWaitDataset
        return SyncWaitDataset(self, condition_name, num_batch, callback)

    def sync_update(self, condition_name, num_batch=None, data=None):
        """sync_update(condition_name, num_batch=None, data=None): release the
        :meth:`sync_wait` barrier ``condition_name`` in this pipeline, after calling its
        callback with ``data``.

        Args:
            condition_name (str): the barrier's name.
            num_batch (int, optional): rows to release from now on (default: the barrier's).
            data (optional): passed to the barrier's callback. Default: ``None``.

        Raises:
            RuntimeError: no barrier of that name in the pipeline.
            TypeError / ValueError: ``num_batch`` not an int / <= 0.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset([1, 2], shuffle=False).sync_wait("c")
            >>> rows = []
            >>> for row in data.create_tuple_iterator(num_epochs=1, output_numpy=True):
            ...     rows.append(int(row[0])); data.sync_update("c")
            >>> rows
            [1, 2]
        """
        from mindcell.dataset.sync import find_sync_node
        find_sync_node(self, condition_name).release(num_batch, data)

    def repeat(self, count=None):
        """repeat(count=None): the rows ``count`` times; every repetition reshuffles (each pass
        draws anew).

        Args:
            count (int, optional): the number of repetitions, >= 1; None or -1: endlessly.
                Default: ``None``.

        Returns:
            RepeatDataset.

        Raises:
            ValueError: ``count`` is not an int >= 1, None or -1.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset([1, 2], column_names=["x"], shuffle=False).repeat(2)
            >>> data.get_dataset_size(), [int(r[0]) for r in data]
            (4, [1, 2, 1, 2])
        """
        from mindcell.dataset.pipeline import RepeatDataset
        return RepeatDataset(self, count)

    def take(self, count=-1):
        """take(count=-1): at most the first ``count`` rows.

        Args:
            count (int, optional): the number of rows, >= 1; -1: all. Default: ``-1``.

        Returns:
            TakeDataset.

        Raises:
            ValueError: ``count`` is not an int >= 1 or -1.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset([1, 2, 3], column_names=["x"], shuffle=False)
            >>> [int(r[0]) for r in data.take(2)]
            [1, 2]
        """
        from mindcell.dataset.pipeline import TakeDataset
        return TakeDataset(self, count)

    def skip(self, count):
        """skip(count): the rows after the first ``count``.

        Args:
            count (int): the number of rows to skip, >= 0.

        Returns:
            SkipDataset.

        Raises:
            ValueError: ``count`` is not an int >= 0.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset([1, 2, 3], column_names=["x"], shuffle=False)
            >>> [int(r[0]) for r in data.skip(2)], data.skip(5).get_dataset_size()
            ([3], 0)
        """
        from mindcell.dataset.pipeline import SkipDataset
        return SkipDataset(self, count)

    def shuffle(self, buffer_size):
        """shuffle(buffer_size): shuffle through a buffer of ``buffer_size`` rows: each output row
        is a random one of the buffer, replaced by the next input row (``buffer_size`` >= the
        dataset size shuffles globally). The draws follow ``config.set_seed``.

        Args:
            buffer_size (int): the buffer's size, >= 2.

        Returns:
            ShuffleDataset.

        Raises:
            ValueError: ``buffer_size`` is not an int >= 2.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset(list(range(5)), column_names=["x"], shuffle=False)
            >>> sorted(int(r[0]) for r in data.shuffle(5))
            [0, 1, 2, 3, 4]
        """
        from mindcell.dataset.pipeline import ShuffleDataset
        return ShuffleDataset(self, buffer_size)

    def project(self, columns):
        """project(columns): only these columns, in this order.

        Args:
            columns (Union[str, list[str]]): the columns to keep.

        Returns:
            ProjectDataset.

        Raises:
            TypeError: ``columns`` is not a str or a non-empty list of str.
            ValueError: a name repeats or does not exist.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"a": [1], "b": [2], "c": [3]})
            >>> data.project(["c", "a"]).get_col_names()
            ['c', 'a']
        """
        from mindcell.dataset.pipeline import ProjectDataset
        return ProjectDataset(self, columns)

    def rename(self, input_columns, output_columns):
        """rename(input_columns, output_columns): rename columns (the order is kept).

        Args:
            input_columns (Union[str, list[str]]): the current names.
            output_columns (Union[str, list[str]]): the new names, one per input name.

        Returns:
            RenameDataset.

        Raises:
            TypeError: an argument is not a str or a non-empty list of str.
            ValueError: the lists differ in length, a column does not exist, or a new name
                repeats a column name.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"a": [1], "b": [2]})
            >>> data.rename(["a", "b"], ["image", "label"]).get_col_names()
            ['image', 'label']
        """
        from mindcell.dataset.pipeline import RenameDataset
        return RenameDataset(self, input_columns, output_columns)

    def zip(self, datasets):
        """zip(datasets): this dataset's rows side by side with the others' (the column names
        must differ); as long as the shortest.

        Args:
            datasets (Union[Dataset, tuple[Dataset]]): the dataset(s) to zip with.

        Returns:
            ZipDataset.

        Raises:
            TypeError: an item is not a dataset.
            ValueError: the datasets share a column name.

        Examples:
            >>> import mindcell.dataset as ds
            >>> a = ds.NumpySlicesDataset({"a": [1, 2, 3]}, shuffle=False)
            >>> b = ds.NumpySlicesDataset({"b": [4, 5]}, shuffle=False)
            >>> [[int(v) for v in r] for r in a.zip(b)]
            [[1, 4], [2, 5]]
        """
        from mindcell.dataset.pipeline import ZipDataset
        datasets = datasets if isinstance(datasets, tuple) else (datasets,)
        return ZipDataset((self,) + datasets)

    def concat(self, datasets):
        """concat(datasets): this dataset's rows, then the others' (same column names). ``a + b``
        is ``a.concat(b)``.

        Args:
            datasets (Union[Dataset, list[Dataset]]): the dataset(s) to append.

        Returns:
            ConcatDataset.

        Raises:
            TypeError: an item is not a dataset.
            ValueError: the datasets' columns differ.

        Examples:
            >>> import mindcell.dataset as ds
            >>> a = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False)
            >>> b = ds.NumpySlicesDataset({"x": [3]}, shuffle=False)
            >>> [int(r[0]) for r in a + b], a.concat([b, b]).get_dataset_size()
            ([1, 2, 3], 4)
        """
        from mindcell.dataset.pipeline import ConcatDataset
        datasets = list(datasets) if isinstance(datasets, (list, tuple)) else [datasets]
        return ConcatDataset([self] + datasets)

    def __add__(self, other):
        return self.concat(other)

    def use_sampler(self, new_sampler):
        """use_sampler(new_sampler): read with ``new_sampler``, in place. On a concatenation
        (typically a dataset + :class:`PaddedDataset`) only ``DistributedSampler(...,
        shuffle=False)`` without ``num_samples``: every child is sharded on its own, continuing
        where the previous one ended (a MindDataset in contiguous blocks, other sources row by
        row); on another dataset, the sampler of the random-access source below it is replaced.

        Args:
            new_sampler (Sampler): the sampler.

        Raises:
            TypeError: ``new_sampler`` is not a sampler, or the dataset has no random-access
                source.
            ValueError: a concatenation is given another sampler, or a DistributedSampler with
                ``shuffle=True`` or ``num_samples``.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3, 4]}, shuffle=False)
            >>> data.use_sampler(ds.DistributedSampler(2, 1, shuffle=False))
            >>> [int(r[0]) for r in data]
            [2, 4]
        """
        from mindcell.dataset.padded import use_sampler
        use_sampler(self, new_sampler)

    def apply(self, apply_func):
        """apply(apply_func): ``apply_func(self)``, which must return a dataset (a pipeline
        built by a function).

        Args:
            apply_func (callable): takes this dataset, returns a Dataset.

        Returns:
            Dataset, what ``apply_func`` returns.

        Raises:
            TypeError: ``apply_func`` is not callable or does not return a Dataset.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3, 4]}, shuffle=False)
            >>> [r[0].asnumpy().tolist() for r in data.apply(lambda d: d.skip(1).batch(2))]
            [[2, 3], [4]]
        """
        if not callable(apply_func):
            raise TypeError("Dataset.apply: 'apply_func' must be a function, but got %s"
                            % type(apply_func).__name__)
        out = apply_func(self)
        if not isinstance(out, Dataset):
            raise TypeError("Dataset.apply: 'apply_func' must return a Dataset, but returned %s"
                            % type(out).__name__)
        return out

    def filter(self, predicate, input_columns=None, num_parallel_workers=None):
        """filter(predicate, input_columns=None, num_parallel_workers=None): only the rows for
        which ``predicate(*input_columns)`` is true (Python's truth value of the result; the
        columns are passed as numpy arrays).

        Args:
            predicate (callable): the test of a row.
            input_columns (Union[str, list[str]], optional): the columns passed to it; None:
                all, in order. Default: ``None``.
            num_parallel_workers (int, optional): threads evaluating the predicate (the row
                order is kept). Default: ``None`` (one).

        Returns:
            FilterDataset.

        Raises:
            TypeError: ``predicate`` is not callable, ``input_columns`` is malformed or
                ``num_parallel_workers`` is not an int.
            ValueError: a column does not exist, or ``num_parallel_workers`` < 1.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3], "y": [9, 8, 7]}, shuffle=False)
            >>> [int(r[1]) for r in data.filter(lambda x: x > 1, input_columns="x")]
            [8, 7]
        """
        from mindcell.dataset.filter_flat import FilterDataset
        workers = _options("filter", num_parallel_workers, {})
        return FilterDataset(self, predicate, input_columns, workers)

    def flat_map(self, func):
        """flat_map(func): ``func(*columns)`` of every row returns a dataset; their rows follow
        one another (the columns are those of the returned datasets).

        Args:
            func (callable): takes the columns of a row (numpy arrays), returns a Dataset.

        Returns:
            FlatMapDataset.

        Raises:
            TypeError: ``func`` is not callable, or (when iterated) does not return a Dataset.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"n": [1, 2]}, shuffle=False)
            >>> flat = data.flat_map(lambda n: ds.NumpySlicesDataset({"v": np.arange(int(n))},
            ...                                                       shuffle=False))
            >>> flat.get_col_names(), [int(r[0]) for r in flat]
            (['v'], [0, 0, 1])
        """
        from mindcell.dataset.filter_flat import FlatMapDataset
        return FlatMapDataset(self, func)

    def split(self, sizes, randomize=True):
        """split(sizes, randomize=True): non-overlapping datasets of the given sizes.

        Args:
            sizes (Union[list[int], list[float]]): row counts summing to the dataset size, or
                fractions in (0, 1] summing to 1.
            randomize (bool, optional): draw the rows of each split at random (else in order).
                Default: ``True``.

        Returns:
            list[Dataset], one per size.

        Raises:
            TypeError: ``sizes`` is not a list of all ints or all floats, or ``randomize`` not a
                bool.
            ValueError: a size is not positive, or the fractions do not sum to 1.
            RuntimeError: the int sizes do not sum to the dataset size, a fraction gives an
                empty split, or the dataset is sharded or endless.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2, 3, 4]}, shuffle=False)
            >>> train, test = data.split([0.75, 0.25], randomize=False)
            >>> [int(r[0]) for r in train], [int(r[0]) for r in test]
            ([1, 2, 3], [4])
        """
        from mindcell.dataset.split import split
        return split(self, sizes, randomize)

    # --- sizes and schema ---------------------------------------------------------------
    def get_dataset_size(self):
        """get_dataset_size(): the number of rows per epoch (batches after ``batch``).

        Returns:
            int, the count (an endless ``repeat`` counts once), or -1 when a source's length
            is unknown.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": list(range(10))})
            >>> data.get_dataset_size(), data.batch(4).get_dataset_size()
            (10, 3)
            >>> data.repeat().get_dataset_size()
            10

        An endless ``repeat`` counts as one pass (as MindSpore's), so ``len(data)`` and
        ``range(data.get_dataset_size())`` give the steps of one pass; -1 is left for a source
        whose length is unknown.
        """
        if self.__dict__.get("_set_size") is not None:
            return self.__dict__["_set_size"]
        _ONE_PASS.depth = getattr(_ONE_PASS, "depth", 0) + 1
        try:
            size = self._count()
        finally:
            _ONE_PASS.depth -= 1
        self.__dict__["_counted_size"] = size  # counted afresh each call (use_sampler changes it)
        return size

    def __len__(self):
        """len(dataset): :meth:`get_dataset_size`.

        Raises:
            TypeError: the dataset's length is unknown (a source without one).

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": list(range(10))})
            >>> len(data), len(data.batch(4)), len(data.repeat(2))
            (10, 3, 20)
        """
        size = self.get_dataset_size()
        if size < 0:
            raise TypeError("len(%s): the dataset's length is unknown (a source without a "
                            "length); iterate it to count its rows" % type(self).__name__)
        return size

    def get_batch_size(self):
        """get_batch_size(): the batch size of the last ``batch`` down the pipeline.

        Returns:
            int, the batch size; 1 without a batch, -1 for a callable batch size.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": list(range(10))})
            >>> data.get_batch_size(), data.batch(4).repeat(2).get_batch_size()
            (1, 4)
        """
        from mindcell.dataset.batch import BatchDataset
        node = self._last(BatchDataset)
        if node is None:
            return 1
        return -1 if callable(node.batch_size) else node.batch_size

    def get_repeat_count(self):
        """get_repeat_count(): the count of the last ``repeat`` down the pipeline.

        Returns:
            int, the count; 1 without a repeat, -1 for an endless one.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2]})
            >>> data.get_repeat_count(), data.repeat(3).get_repeat_count()
            (1, 3)
            >>> data.repeat().get_repeat_count()
            -1
        """
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
        """output_shapes(estimate=False): the shape of every column of the first row (read by
        running the pipeline on it).

        Args:
            estimate (bool, optional): accepted for MindSpore scripts; the first row's shapes are
                returned either way. Default: ``False``.

        Returns:
            list[list[int]], one shape per column.

        Raises:
            RuntimeError: the dataset has no rows.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"img": np.zeros((4, 2, 3)), "label": [0, 1, 2, 3]})
            >>> data.batch(2).output_shapes()
            [[2, 2, 3], [2]]
        """
        return [list(np.shape(v)) for v in self._first_row()]

    def output_types(self):
        """output_types(): the numpy dtype of every column of the first row.

        Returns:
            list[numpy.dtype], one per column.

        Raises:
            RuntimeError: the dataset has no rows.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"img": np.zeros((4, 2), np.float32),
            ...                               "label": [0, 1, 2, 3]})
            >>> data.output_types()
            [dtype('float32'), dtype('int64')]
        """
        return [np.asarray(v).dtype for v in self._first_row()]

    def save(self, file_name, num_files=1, file_type="mindrecord"):
        """save(file_name, num_files=1, file_type='mindrecord'): write one epoch of the rows to
        MindRecord files, readable by :class:`MindDataset` and ``mindrecord.FileReader``.

        The schema comes from the first row, as MindSpore 2.10 derives it: a 0-d value is a
        scalar field, an array a field of shape ``[-1, *shape[1:]]``; integers of up to 16 bits
        (bool and uint8 too) are saved as int32, uint32/uint64 as int64, float16 as float32;
        str and bytes values as string and bytes. With ``num_files`` > 1 the files are
        ``file_name0`` ... and the rows go to them in consecutive blocks (MindSpore spreads them
        in another order).

        Args:
            file_name (str): the file (the files' common prefix when ``num_files`` > 1).
            num_files (int, optional): how many files, in [1, 1000]. Default: ``1``.
            file_type (str, optional): only ``'mindrecord'``. Default: ``'mindrecord'``.

        Raises:
            TypeError: an argument of the wrong type.
            ValueError: ``num_files`` out of range, or another ``file_type``.
            RuntimeError: the files already exist, the dataset is empty, or a column holds
                values MindRecord cannot (arrays of strings).

        Examples:
            >>> import os, tempfile
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> path = os.path.join(tempfile.mkdtemp(), "rows.mindrecord")
            >>> ds.NumpySlicesDataset({"x": np.arange(3, dtype=np.uint8)}, shuffle=False).save(path)
            >>> [int(r["x"]) for r in ds.MindDataset(path, shuffle=False).create_dict_iterator()]
            [0, 1, 2]
        """
        from mindcell.dataset.save import save
        save(self, file_name, num_files, file_type)

    # --- iteration ----------------------------------------------------------------------
    def _start_epoch(self, number):
        # the number counts the epochs of one iterator: a fresh iterator over a seeded
        # pipeline starts again from epoch 0, so it repeats the first one's order and random
        # transforms (MindSpore 2.10 builds a new pipeline per iterator)
        return self._rows(Epoch((number,)))

    def create_tuple_iterator(self, columns=None, num_epochs=-1, output_numpy=False,
                              do_copy=True):
        """create_tuple_iterator(columns=None, num_epochs=-1, output_numpy=False, do_copy=True):
        an iterator over the rows as lists of Tensors (numpy arrays with ``output_numpy``;
        string columns stay numpy). Each ``for`` over the iterator is one epoch.

        Args:
            columns (list[str], optional): the columns to give, in this order; None: all.
                Default: ``None``.
            num_epochs (int, optional): how many epochs the iterator runs, >= 1; -1: any number.
                Default: ``-1``.
            output_numpy (bool, optional): give numpy arrays instead of Tensors.
                Default: ``False``.
            do_copy (bool, optional): accepted for MindSpore scripts (rows are always fresh).
                Default: ``True``.

        Returns:
            TupleIterator.

        Raises:
            TypeError: ``output_numpy`` is not a bool or ``columns`` not a list of str.
            ValueError: ``num_epochs`` is not -1 or a positive int, or a column does not exist.
            RuntimeError: (when iterated) a row is asked for after the last of ``num_epochs``
                epochs.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1, 2], "y": [3, 4]}, shuffle=False)
            >>> it = data.create_tuple_iterator(columns=["y"], num_epochs=2)
            >>> [[r[0].asnumpy().tolist() for r in it] for _ in range(2)]
            [[3, 4], [3, 4]]
            >>> try:  # a third epoch is beyond num_epochs
            ...     next(it)
            ... except RuntimeError:
            ...     print("no third epoch")
            no third epoch
        """
        return TupleIterator(self, columns, num_epochs, output_numpy)

    def create_dict_iterator(self, num_epochs=-1, output_numpy=False, do_copy=True):
        """create_dict_iterator(num_epochs=-1, output_numpy=False, do_copy=True): an iterator over
        the rows as dicts column name -> Tensor (numpy array with ``output_numpy``).

        Args:
            num_epochs (int, optional): how many epochs the iterator runs, >= 1; -1: any number.
                Default: ``-1``.
            output_numpy (bool, optional): give numpy arrays instead of Tensors.
                Default: ``False``.
            do_copy (bool, optional): accepted for MindSpore scripts. Default: ``True``.

        Returns:
            DictIterator.

        Raises:
            TypeError: ``output_numpy`` is not a bool.
            ValueError: ``num_epochs`` is not -1 or a positive int.

        Examples:
            >>> import mindcell.dataset as ds
            >>> data = ds.NumpySlicesDataset({"x": [1.5], "y": [3]})
            >>> row = next(data.create_dict_iterator())
            >>> sorted(row), row["x"]
            (['x', 'y'], Tensor(shape=[], dtype=Float64, value= 1.5))
        """
        return DictIterator(self, None, num_epochs, output_numpy)

    def device_que(self, send_epoch_end=True, create_data_info_queue=False, queue_name=""):
        """device_que(send_epoch_end=True, create_data_info_queue=False, queue_name=""): not
        applicable: mindcell runs on the CPU and has no device queue (iterate the dataset, or
        pass it to ``Model.train``).

        Args:
            send_epoch_end (bool, optional): MindSpore's option, unused. Default: ``True``.
            create_data_info_queue (bool, optional): MindSpore's option, unused.
                Default: ``False``.
            queue_name (str, optional): MindSpore's option, unused. Default: ``""``.

        Raises:
            RuntimeError: always.

        Examples:
            >>> import mindcell.dataset as ds
            >>> try:
            ...     ds.NumpySlicesDataset({"x": [1]}).device_que()
            ... except RuntimeError as e:
            ...     print(str(e)[:44])
            device_que: mindcell runs on the CPU and has
        """
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
    """TupleIterator(dataset, columns, num_epochs, output_numpy): the rows of a dataset as
    lists, what :meth:`Dataset.create_tuple_iterator` returns. One ``for`` loop over it is one
    epoch; ``len(it)`` is the dataset size.

    Args:
        dataset (Dataset): the dataset.
        columns (list[str]): the columns to give, in this order; None: all.
        num_epochs (int): the number of epochs, >= 1, or -1 for any number.
        output_numpy (bool): numpy arrays instead of Tensors.

    Raises:
        TypeError: ``output_numpy`` is not a bool.
        ValueError: ``num_epochs`` is not -1 or a positive int, or a column does not exist.

    Examples:
        >>> import mindcell.dataset as ds
        >>> it = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False).create_tuple_iterator(
        ...     output_numpy=True)
        >>> len(it), [r[0].tolist() for r in it]
        (2, [1, 2])
    """

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
        self._rows, self._stopped, self._epoch = None, False, 0

    def __iter__(self):
        return self

    def __len__(self):
        return self._dataset.get_dataset_size()

    def stop(self):
        """stop(): end the iterator; a further ``next`` raises AttributeError, as MindSpore's
        stopped iterator.

        Examples:
            >>> import mindcell.dataset as ds
            >>> it = ds.NumpySlicesDataset({"x": [1, 2]}).create_tuple_iterator(num_epochs=-1)
            >>> it.stop()
            >>> try:
            ...     next(it)
            ... except AttributeError:
            ...     print("stopped")
            stopped
        """
        self._stopped, self._rows = True, None

    def __next__(self):
        if self._stopped:
            raise AttributeError("'%s' object has no attribute '_runtime_context' (the "
                                 "iterator was stopped)" % type(self).__name__)
        if self._rows is None:
            if self._left == 0:
                # MindSpore 2.10 raises where a silent empty epoch would hide the mistake
                raise RuntimeError("EOF buffer encountered. User tries to fetch data beyond "
                                   "the specified number of epochs. (num_epochs of "
                                   "create_tuple_iterator/create_dict_iterator)")
            self._left -= self._left > 0
            self._rows = self._dataset._start_epoch(self._epoch)
            self._epoch += 1
        try:
            row = next(self._rows)
        except StopIteration:
            self._rows = None
            raise
        if self._index is not None:
            row = [row[i] for i in self._index]
        return self._pack([self._convert(v) for v in row])

    def _convert(self, value):
        if isinstance(value, dict):  # a dict column: its arrays converted one by one
            return map_leaves(self._leaf, value)
        value = np.asarray(value)
        if self._numpy and value.dtype.char in "lL":
            # MindSpore 2.10's columns leave its C++ tensors as long long arrays ('q'/'Q'),
            # which numpy prints with their dtype: array([0, 1], dtype=int64)
            return value.view(np.longlong if value.dtype.char == "l" else np.ulonglong)
        return self._leaf(value)

    def _leaf(self, value):
        value = np.asarray(value)
        if self._numpy or value.dtype.kind in "USO":
            return value
        return numpy_backed(Tensor(value))  # MindSpore's iterators print values as numpy

    def _pack(self, values):
        return values


@shared_sections(TupleIterator)
class DictIterator(TupleIterator):
    """DictIterator(dataset, columns, num_epochs, output_numpy): the rows of a dataset as dicts
    column name -> value, what :meth:`Dataset.create_dict_iterator` returns.

    Examples:
        >>> import mindcell.dataset as ds
        >>> it = ds.NumpySlicesDataset({"x": [1], "y": ["a"]}).create_dict_iterator(num_epochs=1)
        >>> row = next(it)
        >>> type(row["x"]).__name__, row["y"]
        ('Tensor', array('a', dtype='<U1'))
    """

    def _pack(self, values):
        return dict(zip(self._names, values))
