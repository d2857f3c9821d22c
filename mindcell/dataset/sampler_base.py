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
    """How a file-reading dataset shuffles: ``GLOBAL`` every row, ``FILES`` the order of the
    files only, ``INFILE`` the rows inside each file only, ``FALSE`` nothing (``ADAPTIVE``
    and ``PARTIAL`` are MindSpore's names for global shuffles of large datasets)."""

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
    """The base of every sampler: ``num_samples`` (None or 0: all) bounds the rows it yields;
    ``add_child(sampler)`` makes it sample the child's output instead of the dataset's rows."""

    def __init__(self, num_samples=None):
        self.num_samples = check_num_samples(type(self).__name__, num_samples)
        self.child_sampler = None

    def add_child(self, sampler):
        """add_child(sampler): sample the rows ``sampler`` yields (one child at most)."""
        if not isinstance(sampler, BuiltinSampler):
            raise TypeError("add_child: the child must be a sampler, but got %s"
                            % type(sampler).__name__)
        if self.child_sampler is not None:
            raise RuntimeError("add_child: this sampler already has a child")
        self.child_sampler = sampler

    def get_child(self):
        """The child sampler, or None."""
        return self.child_sampler

    def get_num_samples(self):
        """``num_samples`` as given (None: all rows)."""
        return self.num_samples

    def is_shuffled(self):
        """Whether the order is random."""
        return False

    def is_sharded(self):
        """Whether only one shard of the rows is read."""
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
