"""Samplers: which rows of a random-access dataset are read in an epoch, and in what order.

Every sampler maps a dataset of ``n`` rows to a list of row indices (``_epoch_indices(n,
rng)``) and knows how many it yields (``_count_rows(n)``; private names, so a user sampler's
own attributes such as ``self.indices`` never clash with them). A sampler given a child
(``add_child``) samples the child's indices instead of ``range(n)``. User samplers subclass
:class:`Sampler` and write ``__iter__``.
"""
import numbers

import numpy as np

from mindcell.context import get_seed
from mindcell.dataset._docs import shared_sections
from mindcell.dataset.sampler_base import (BuiltinSampler, IterSampler, Sampler, Shuffle,
                                           check_bool)

__all__ = ["Shuffle", "BuiltinSampler", "Sampler", "IterSampler", "SequentialSampler",
           "RandomSampler", "SubsetSampler", "SubsetRandomSampler", "WeightedRandomSampler",
           "DistributedSampler", "PKSampler", "make_sampler"]


def _check_indices(name, indices):
    if isinstance(indices, np.ndarray):
        indices = indices.tolist()
    if not isinstance(indices, (list, tuple)):
        raise TypeError("%s: 'indices' must be a list of int, but got %s"
                        % (name, type(indices).__name__))
    for i, v in enumerate(indices):
        if isinstance(v, bool) or not isinstance(v, numbers.Integral):
            raise TypeError("%s: 'indices' must hold ints, but indices[%d] is %r"
                            % (name, i, v))
    return [int(v) for v in indices]


class SequentialSampler(BuiltinSampler):
    """SequentialSampler(start_index=None, num_samples=None): the rows in order from
    ``start_index``.

    Args:
        start_index (int, optional): the first row, >= 0; None: 0. Default: ``None``.
        num_samples (int, optional): the most rows per epoch; None or 0: all.
            Default: ``None``.

    Raises:
        TypeError: ``start_index`` or ``num_samples`` is not an int.
        ValueError: ``start_index`` or ``num_samples`` is negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(6), ["x"],
        ...                              sampler=ds.SequentialSampler(2, 3))
        >>> [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
        [2, 3, 4]
    """

    def __init__(self, start_index=None, num_samples=None):
        super().__init__(num_samples)
        start = 0 if start_index is None else start_index
        if isinstance(start, bool) or not isinstance(start, numbers.Integral):
            raise TypeError("SequentialSampler: 'start_index' must be an int, but got %r"
                            % (start_index,))
        if start < 0:
            raise ValueError("SequentialSampler: 'start_index' must be >= 0, but got %d"
                             % start)
        self.start_index = int(start)

    def _size(self, n):
        return self._limit(max(0, n - self.start_index))

    def _draw(self, n, rng):
        return np.arange(self.start_index, self.start_index + self._size(n))


class RandomSampler(BuiltinSampler):
    """RandomSampler(replacement=False, num_samples=None, shuffle=Shuffle.GLOBAL): rows in a new
    random order every epoch; with ``replacement``, rows drawn independently. Either way
    ``num_samples`` rows per epoch (at most the dataset size, as in MindSpore).

    Args:
        replacement (bool, optional): draw rows with replacement. Default: ``False``.
        num_samples (int, optional): the rows per epoch; None or 0: the dataset size.
            Default: ``None``.
        shuffle (Shuffle, optional): only ``Shuffle.GLOBAL`` (or True). Default:
            ``Shuffle.GLOBAL``.

    Raises:
        TypeError: ``replacement`` is not a bool or ``num_samples`` not an int.
        ValueError: ``num_samples`` is negative or ``shuffle`` another mode.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=ds.RandomSampler())
        >>> sorted(int(r[0]) for r in data.create_tuple_iterator(output_numpy=True))
        [0, 1, 2, 3, 4, 5]
        >>> ds.NumpySlicesDataset(np.arange(6), ["x"],
        ...                       sampler=ds.RandomSampler(True, 3)).get_dataset_size()
        3
    """

    def __init__(self, replacement=False, num_samples=None, shuffle=Shuffle.GLOBAL):
        super().__init__(num_samples)
        self.replacement = check_bool("RandomSampler", "replacement", replacement)
        if shuffle not in (Shuffle.GLOBAL, True):
            raise ValueError("RandomSampler: only shuffle=Shuffle.GLOBAL is supported, but got "
                             "%r" % (shuffle,))
        self.shuffle = Shuffle.GLOBAL

    def is_shuffled(self):
        return True

    def _draw(self, n, rng):
        if self.replacement:
            return rng.integers(0, n, self._size(n)) if n else np.zeros(0, np.int64)
        return rng.permutation(n)[:self._size(n)]


class SubsetSampler(BuiltinSampler):
    """SubsetSampler(indices, num_samples=None): the rows at ``indices``, in that order (repeats
    allowed). A list of indices given as a dataset's ``sampler`` is one.

    Args:
        indices (Union[list[int], numpy.ndarray]): the row indices.
        num_samples (int, optional): use only the first ``num_samples`` indices; None or 0:
            all. Default: ``None``.

    Raises:
        TypeError: ``indices`` is not a list of int, or ``num_samples`` not an int.
        ValueError: ``num_samples`` is negative.
        RuntimeError: (when iterating) an index is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(10), ["x"], sampler=ds.SubsetSampler([7, 2, 7]))
        >>> [int(r[0]) for r in data]
        [7, 2, 7]
    """

    def __init__(self, indices, num_samples=None):
        super().__init__(num_samples)
        self.indices = _check_indices(type(self).__name__, indices)
        if self.num_samples is None:  # MindSpore reports the subset's size
            self.num_samples = len(self.indices) or None

    def _size(self, n):
        return self._limit(len(self.indices))

    def _checked(self, n):
        for v in self.indices:
            if not 0 <= v < n:
                raise RuntimeError("%s: sample ID (%d) is out of bound, expected range "
                                   "[0, %d]" % (type(self).__name__, v, n - 1))
        return np.asarray(self.indices, np.int64)

    def _draw(self, n, rng):
        return self._checked(n)[:self._size(n)]


@shared_sections(SubsetSampler)
class SubsetRandomSampler(SubsetSampler):
    """SubsetRandomSampler(indices, num_samples=None): the rows at ``indices`` (the first
    ``num_samples`` of them) in a new random order every epoch.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset(np.arange(10), ["x"],
        ...                              sampler=ds.SubsetRandomSampler([1, 5, 7]))
        >>> sorted(int(r[0]) for r in data.create_tuple_iterator(output_numpy=True))
        [1, 5, 7]
    """

    def is_shuffled(self):
        return True

    def _draw(self, n, rng):
        # MindSpore keeps the first num_samples indices, then shuffles those
        return rng.permutation(self._checked(n)[:self._size(n)])


class WeightedRandomSampler(BuiltinSampler):
    """WeightedRandomSampler(weights, num_samples=None, replacement=True): ``num_samples`` rows,
    row ``i`` drawn with probability proportional to ``weights[i]`` (rows past the weights are
    never drawn).

    Args:
        weights (Sequence[float]): one weight >= 0 per row (at most the dataset size).
        num_samples (int, optional): the rows per epoch, at most the dataset size (as in
            MindSpore 2.10, with replacement too); None or 0: the dataset size.
            Default: ``None``.
        replacement (bool, optional): draw with replacement. Default: ``True``.

    Raises:
        TypeError: weights that are not numbers, ``replacement`` not a bool, or
            ``num_samples`` not an int.
        ValueError: ``num_samples`` is negative.
        RuntimeError: (when iterating) no weights, a negative weight, all weights 0, more
            weights than rows, or more rows without replacement than non-zero weights.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> sampler = ds.WeightedRandomSampler([0, 1, 0, 1], num_samples=6)
        >>> data = ds.NumpySlicesDataset(np.arange(4), ["x"], sampler=sampler)
        >>> all(int(r[0]) in (1, 3) for r in data), data.get_dataset_size()
        (True, 4)
    """

    def __init__(self, weights, num_samples=None, replacement=True):
        super().__init__(num_samples)
        if not isinstance(weights, (list, tuple, np.ndarray)) or not all(
                isinstance(w, numbers.Real) and not isinstance(w, bool) for w in weights):
            raise TypeError("WeightedRandomSampler: 'weights' must be a list of numbers, but "
                            "got %r" % (weights,))
        self.weights = [float(w) for w in weights]
        self.replacement = check_bool("WeightedRandomSampler", "replacement", replacement)

    def is_shuffled(self):
        return True

    def _draw(self, n, rng):
        w = np.asarray(self.weights, np.float64)
        name = "WeightedRandomSampler"
        if w.size == 0 or (w < 0).any() or not w.any():
            raise RuntimeError("%s: the weights must be non-empty, >= 0 and not all 0, but "
                               "got %s" % (name, self.weights))
        if w.size > n:
            raise RuntimeError("%s: %d weights for a dataset of %d rows" % (name, w.size, n))
        size = self._size(n)
        if not self.replacement and size > np.count_nonzero(w):
            raise RuntimeError("%s: %d rows without replacement but only %d non-zero weights"
                               % (name, size, np.count_nonzero(w)))
        return rng.choice(w.size, size, replace=self.replacement, p=w / w.sum())


class DistributedSampler(BuiltinSampler):
    """DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
    the rows of one shard for data-parallel training.

    Every shard shuffles with the same seed (``set_seed``'s, or 0, plus the epoch), then shard
    ``shard_id`` reads the rows at positions ``i`` with ``i % num_shards == shard_id``. When
    the rows do not divide evenly the order wraps around, so every shard reads
    ``ceil(n / num_shards)`` rows (the shards' batches stay in step). With an ``offset`` >= 0
    the shard reads the positions ``i`` with ``(offset + i) % num_shards == shard_id``,
    without wrapping around (as MindSpore does when continuing a concatenation).

    Args:
        num_shards (int): the number of shards (processes), >= 1.
        shard_id (int): this shard, in [0, num_shards).
        shuffle (bool, optional): a new shared order every epoch. Default: ``True``.
        num_samples (int, optional): read at most this many rows of the shard; None or 0:
            all. Default: ``None``.
        offset (int, optional): -1 (wrap around), or the shard of the first row, in
            [0, num_shards]. Default: ``-1``.

    Raises:
        TypeError: ``shuffle`` is not a bool.
        ValueError: ``num_shards``, ``shard_id``, ``num_samples`` or ``offset`` is not an
            int in its range.
        RuntimeError: (when iterating) an offset above ``num_shards``.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> def rows(sampler):
        ...     data = ds.NumpySlicesDataset(np.arange(10), ["x"], sampler=sampler)
        ...     return [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
        >>> rows(ds.DistributedSampler(3, 1, shuffle=False))
        [1, 4, 7, 0]
        >>> rows(ds.DistributedSampler(3, 1, shuffle=False, offset=1))
        [0, 3, 6, 9]
    """

    def __init__(self, num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
        name = "DistributedSampler"
        if isinstance(num_shards, bool) or not isinstance(num_shards, int) or num_shards < 1:
            raise ValueError("%s: 'num_shards' must be an int >= 1, but got %r"
                             % (name, num_shards))
        if (isinstance(shard_id, bool) or not isinstance(shard_id, int)
                or not 0 <= shard_id < num_shards):
            raise ValueError("%s: 'shard_id' must be an int in [0, %d), but got %r"
                             % (name, num_shards, shard_id))
        check_bool(name, "shuffle", shuffle)
        if num_samples is not None and (isinstance(num_samples, bool)
                                        or not isinstance(num_samples, int) or num_samples < 0):
            raise ValueError("%s: 'num_samples' must be None or an int >= 0, but got %r"
                             % (name, num_samples))
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < -1:
            raise ValueError("%s: 'offset' must be -1 or an int >= 0, but got %r"
                             % (name, offset))
        super().__init__(num_samples)
        self.num_shards, self.shard_id, self.shuffle = num_shards, shard_id, shuffle
        self.offset = offset
        self._epoch = 0

    def is_shuffled(self):
        return self.shuffle

    def is_sharded(self):
        return True

    def _size(self, n):
        if self.offset >= 0:
            return self._limit(len(range((self.shard_id - self.offset) % self.num_shards, n,
                                         self.num_shards)))
        return self._limit(-(-n // self.num_shards))

    def _draw(self, n, rng):
        order = np.arange(n)
        if self.shuffle:
            seed = (get_seed() or 0) + self._epoch
            order = np.random.default_rng(seed).permutation(n)
        self._epoch += 1
        if self.offset >= 0:
            if self.offset > self.num_shards:
                raise RuntimeError("DistributedSampler: offset %d is above num_shards %d"
                                   % (self.offset, self.num_shards))
            first = (self.shard_id - self.offset) % self.num_shards
            return order[first::self.num_shards][:self._size(n)]
        total = -(-n // self.num_shards) * self.num_shards
        order = np.resize(order, total) if n else order
        return order[self.shard_id::self.num_shards][:self._size(n)]


class PKSampler(BuiltinSampler):
    """PKSampler(num_val, num_class=None, shuffle=False, class_column='label', num_samples=None):
    ``num_val`` rows of every class (P classes, K rows each): for each label value, in
    ascending order (a random order with ``shuffle``), ``num_val`` rows of that label drawn
    uniformly at random with replacement, as MindSpore's PKSampler does. The label is the
    source's ``label`` column (image and MNIST-format sources); GeneratorDataset and
    NumpySlicesDataset do not support it, as in MindSpore.

    Args:
        num_val (int): the rows per class.
        num_class (int, optional): not supported (as in MindSpore): must be None.
            Default: ``None``.
        shuffle (bool, optional): visit the classes in a random order. Default: ``False``.
        class_column (str, optional): the label column's name (MindSpore's sources use
            ``label`` whatever it says). Default: ``'label'``.
        num_samples (int, optional): the most rows per epoch; None or 0: all.
            Default: ``None``.

    Raises:
        TypeError: ``num_val`` is not an int, ``shuffle`` not a bool or ``class_column`` not a
            str.
        NotImplementedError: ``num_class`` is given.
        RuntimeError: (when iterating) ``num_val`` is not positive.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> labels = np.array([2, 0, 1, 0, 2, 1])
        >>> for name, magic, a in (("train-images-idx3-ubyte", 2051, np.zeros((6, 28, 28))),
        ...                        ("train-labels-idx1-ubyte", 2049, labels)):
        ...     with open(os.path.join(folder, name), "wb") as f:
        ...         _ = f.write(np.array([magic, *a.shape], ">u4").tobytes() + a.astype("u1").tobytes())
        >>> data = ds.MnistDataset(folder, usage="train", sampler=ds.PKSampler(2))
        >>> [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]
        [0, 0, 1, 1, 2, 2]
    """

    needs_labels = True

    def __init__(self, num_val, num_class=None, shuffle=False, class_column="label",
                 num_samples=None):
        if isinstance(num_val, bool) or not isinstance(num_val, numbers.Integral):
            raise TypeError("PKSampler: num_val must be integer but was: %r." % (num_val,))
        if num_class is not None:
            raise NotImplementedError("Not supported to specify num_class for PKSampler.")
        if not isinstance(shuffle, bool):
            raise TypeError("PKSampler: shuffle must be a boolean value but was: %r."
                            % (shuffle,))
        if not isinstance(class_column, str):
            raise TypeError("PKSampler: class_column must be a str value but was: %r."
                            % (class_column,))
        super().__init__(num_samples)
        self.num_val = int(num_val)
        self.shuffle = shuffle
        self.class_column = class_column
        self.labels = None  # the source's label column, set by the source before each epoch

    def is_shuffled(self):
        return self.shuffle

    def _classes(self):
        if self.labels is None:
            raise RuntimeError("PKSampler: the dataset gave no label column to sample from")
        labels = np.asarray(self.labels).reshape(len(self.labels), -1)[:, 0]
        return np.unique(labels), labels

    def _size(self, n):
        if self.labels is None:
            return self._limit(n)
        return self._limit(len(self._classes()[0]) * max(self.num_val, 0))

    def _draw(self, n, rng):
        if self.num_val <= 0:
            raise RuntimeError("PKSampler: num_val must be positive, but got %d" % self.num_val)
        classes, labels = self._classes()
        if len(labels) != n:
            raise RuntimeError("PKSampler: %d labels for %d rows (a PKSampler cannot sample "
                               "another sampler's output)" % (len(labels), n))
        if self.shuffle:
            classes = rng.permutation(classes)
        out = []
        for c in classes:
            members = np.flatnonzero(labels == c)
            out.extend(members[rng.integers(0, len(members), self.num_val)].tolist())
        return out[:self._size(n)]


def _iterable(obj):
    """``iter(obj)`` works: an ``__iter__`` or, as for MindSpore 2.10's samplers, the sequence
    protocol (``__getitem__`` indexed from 0 until IndexError)."""
    try:
        iter(obj)
    except TypeError:
        return False
    return True


def make_sampler(op, sampler, num_shards, shard_id, shuffle):
    """The sampler of a dataset from its ``sampler``/``num_shards``/``shard_id`` arguments (a
    list of indices is a :class:`SubsetSampler`, another iterable an :class:`IterSampler`)."""
    if (num_shards is None) != (shard_id is None):
        raise ValueError("%s: 'num_shards' and 'shard_id' must be given together" % op)
    if num_shards is not None:
        if sampler is not None:
            raise ValueError("%s: give either 'sampler' or 'num_shards'/'shard_id', not both"
                             % op)
        return DistributedSampler(num_shards, shard_id, shuffle=bool(shuffle))
    if isinstance(sampler, (list, tuple, np.ndarray)):
        return SubsetSampler(sampler)
    if sampler is not None and not isinstance(sampler, BuiltinSampler) \
            and _iterable(sampler) and not isinstance(sampler, (str, bytes, dict)):
        return IterSampler(sampler)
    if sampler is not None and not isinstance(sampler, BuiltinSampler):
        raise TypeError("%s: unsupported sampler object of type %s"
                        % (op, type(sampler).__name__))
    if getattr(sampler, "needs_labels", False) and op in ("GeneratorDataset",
                                                          "NumpySlicesDataset"):
        raise ValueError("GeneratorDataset doesn't support %s." % type(sampler).__name__)
    return sampler
