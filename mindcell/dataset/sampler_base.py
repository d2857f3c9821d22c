"""The sampler base classes: :class:`BuiltinSampler` (what every sampler does: map a dataset of
``n`` rows to a list of row indices, ``num_samples``, child samplers), :class:`Sampler` (user
samplers written with ``__iter__``), :class:`IterSampler` (any iterable) and the
:class:`Shuffle` modes. The concrete samplers are in :mod:`.samplers`."""
import enum
import numbers

import numpy as np

__all__ = ["Shuffle", "BuiltinSampler", "Sampler", "IterSampler", "check_num_samples",
           "check_bool"]


class Shuffle(str, enum.Enum):
    """How a file-reading dataset (``MindDataset``, ``TFRecordDataset``, ``TextFileDataset``,
    ``CSVDataset`` ...) shuffles, a str ``Enum``: ``GLOBAL`` every row, ``FILES`` the order of
    the files only, ``INFILE`` the rows inside each file only, ``FALSE`` nothing (``ADAPTIVE``
    and ``PARTIAL`` are MindSpore's names for global shuffles of large datasets).

    Args:
        value (str): the member's value: 'false', 'adaptive', 'global', 'partial', 'files' or
            'infile'.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.Shuffle("files"), ds.Shuffle.GLOBAL.value
        (<Shuffle.FILES: 'files'>, 'global')
    """

    FALSE = "false"
    ADAPTIVE = "adaptive"
    GLOBAL = "global"
    PARTIAL = "partial"
    FILES = "files"
    INFILE = "infile"


def check_num_samples(name, num_samples):
    if num_samples is None:
        return None
    if isinstance(num_samples, bool) or not isinstance(num_samples, numbers.Integral):
        raise TypeError("%s: 'num_samples' must be an int or None, but got %r"
                        % (name, num_samples))
    if num_samples < 0:
        raise ValueError("%s: 'num_samples' must be >= 0 (0 or None: all), but got %d"
                         % (name, num_samples))
    return int(num_samples) or None


def check_bool(name, arg, value):
    if not isinstance(value, bool):
        raise TypeError("%s: '%s' must be a bool, but got %r" % (name, arg, value))
    return value


class BuiltinSampler:
    """BuiltinSampler(num_samples=None): the base of every sampler: ``num_samples`` bounds the
    rows it yields; ``add_child(sampler)`` makes it sample the child's output instead of the
    dataset's rows.

    Args:
        num_samples (int, optional): the most rows per epoch, >= 0; None or 0: all.
            Default: ``None``.

    Raises:
        TypeError: ``num_samples`` is not an int or None.
        ValueError: ``num_samples`` is negative.

    Examples:
        >>> import mindcell.dataset as ds
        >>> s = ds.SequentialSampler(num_samples=2)
        >>> s.get_num_samples(), s.is_shuffled(), s.is_sharded()
        (2, False, False)
    """

    def __init__(self, num_samples=None):
        self.num_samples = check_num_samples(type(self).__name__, num_samples)
        self.child_sampler = None

    def add_child(self, sampler):
        """add_child(sampler): sample the indices ``sampler`` yields instead of the dataset's rows
        (one child at most).

        Args:
            sampler (BuiltinSampler): the child sampler.

        Raises:
            TypeError: ``sampler`` is not a sampler.
            RuntimeError: this sampler already has a child.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> parent = ds.SequentialSampler(num_samples=2)
            >>> parent.add_child(ds.SubsetSampler([5, 3, 1]))
            >>> data = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=parent)
            >>> [int(r[0]) for r in data]
            [5, 3]
        """
        if not isinstance(sampler, BuiltinSampler):
            raise TypeError("add_child: the child must be a sampler, but got %s"
                            % type(sampler).__name__)
        if self.child_sampler is not None:
            raise RuntimeError("add_child: this sampler already has a child")
        self.child_sampler = sampler

    def get_child(self):
        """get_child(): the child sampler given to :meth:`add_child`.

        Returns:
            BuiltinSampler, or None without a child.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.RandomSampler().get_child() is None
            True
        """
        return self.child_sampler

    def get_num_samples(self):
        """get_num_samples(): ``num_samples`` as given (a SubsetSampler without one reports its
        number of indices).

        Returns:
            int, or None for all rows.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.RandomSampler(num_samples=4).get_num_samples()
            4
            >>> ds.SubsetSampler([0, 2]).get_num_samples()
            2
        """
        return self.num_samples

    def is_shuffled(self):
        """is_shuffled(): whether the sampler's order is random.

        Returns:
            bool.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.RandomSampler().is_shuffled(), ds.SequentialSampler().is_shuffled()
            (True, False)
        """
        return False

    def is_sharded(self):
        """is_sharded(): whether only one shard of the rows is read (a DistributedSampler, here or
        as the child).

        Returns:
            bool.

        Examples:
            >>> import mindcell.dataset as ds
            >>> ds.DistributedSampler(2, 0).is_sharded(), ds.RandomSampler().is_sharded()
            (True, False)
        """
        return False if self.child_sampler is None else self.child_sampler.is_sharded()

    def _limit(self, n):
        return n if self.num_samples is None else min(n, self.num_samples)

    def _size(self, n):
        return self._limit(n)

    def _draw(self, n, rng):
        raise NotImplementedError

    def _count_rows(self, n):
        """How many indices an epoch over ``n`` rows yields."""
        if self.child_sampler is not None:
            n = self.child_sampler._count_rows(n)
        return self._size(n)

    def _epoch_indices(self, n, rng=None):
        """The row indices of the next epoch over ``n`` rows (``rng``: the epoch's numpy
        generator)."""
        rng = rng if rng is not None else np.random.default_rng()
        if self.child_sampler is None:
            return np.asarray(self._draw(n, rng), np.int64)
        base = np.asarray(self.child_sampler._epoch_indices(n, rng), np.int64)
        return base[np.asarray(self._draw(len(base), rng), np.int64)]


class Sampler(BuiltinSampler):
    """Sampler(num_samples=None): the base of user samplers. Write ``__iter__`` yielding row
    indices; ``self.dataset_size`` holds the number of rows when it runs, ``num_samples``
    keeps the first ones.

    Args:
        num_samples (int, optional): the most indices used per epoch; None or 0: all.
            Default: ``None``.

    Raises:
        TypeError: ``num_samples`` is not an int, or (when iterating) ``__iter__`` yields a
            non-int.
        ValueError: ``num_samples`` is negative.
        RuntimeError: (when iterating) an index is out of range.
        NotImplementedError: the subclass does not define ``__iter__``.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> class EveryOther(ds.Sampler):
        ...     def __iter__(self):
        ...         return iter(range(0, self.dataset_size, 2))
        >>> data = ds.NumpySlicesDataset(np.arange(6), ["x"], sampler=EveryOther())
        >>> [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]
        [0, 2, 4]
    """

    dataset_size = 0

    def __iter__(self):
        raise NotImplementedError("Sampler: a user sampler must define __iter__")

    def _draw(self, n, rng):
        self.dataset_size = n
        out = []
        for v in self:
            if self.num_samples is not None and len(out) >= self.num_samples:
                break
            if isinstance(v, (bool, np.bool_)) or not isinstance(v, (numbers.Integral,)):
                raise TypeError("Sampler: __iter__ must yield ints, but yielded %r" % (v,))
            if not 0 <= v < n:
                raise RuntimeError("Sampler: index %d is out of range [0, %d)" % (v, n))
            out.append(int(v))
        return out

    def _size(self, n):
        return len(self._draw(n, None))


class IterSampler(Sampler):
    """A plain iterable (any object with ``__iter__``, e.g. a user class not derived from
    :class:`Sampler`) used as a sampler: each epoch iterates it again. With ``__len__`` that
    length is the dataset size, and yielding another number of indices is an error (as in
    MindSpore)."""

    def __init__(self, iterable, num_samples=None):
        super().__init__(num_samples)
        self.iterable = iterable

    def __iter__(self):
        return iter(self.iterable)

    def _size(self, n):
        if hasattr(self.iterable, "__len__"):
            return self._limit(len(self.iterable))
        return super()._size(n)

    def _draw(self, n, rng):
        out = super()._draw(n, rng)
        if hasattr(self.iterable, "__len__") and self.num_samples is None \
                and len(out) != len(self.iterable):
            raise RuntimeError("sampler: %s yielded %d indices but its __len__ is %d; make "
                               "them match" % (type(self.iterable).__name__, len(out),
                                               len(self.iterable)))
        return out
