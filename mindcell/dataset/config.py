"""``mindcell.dataset.config``: the seed of the dataset pipeline's randomness (shuffles, random
splits, random transforms) and a few accepted-for-compatibility settings."""
import random
import threading

import numpy as np

from mindcell.context import get_seed as _global_seed

__all__ = ["set_seed", "get_seed", "set_num_parallel_workers", "get_num_parallel_workers"]

_DEFAULT_SEED = 5489  # std::mt19937's default seed, what MindSpore reports when none was set
_state = {"seed": None, "workers": 8, "eager_rng": None}
_local = threading.local()  # the running map's generator, per worker thread


def set_seed(seed):
    """set_seed(seed): seed every shuffle, random split and random transform of the pipeline
    (also Python's ``random`` and numpy's global generator, as MindSpore does). A pipeline
    built again after the same ``set_seed`` yields the same rows, epoch after epoch.

    Args:
        seed (int): the seed, in [0, 2**32 - 1].

    Raises:
        TypeError: ``seed`` is not an int.
        ValueError: ``seed`` is outside [0, 2**32 - 1].

    Examples:
        >>> import mindcell.dataset as ds
        >>> def order():
        ...     data = ds.NumpySlicesDataset({"x": list(range(6))}, shuffle=True)
        ...     return [int(r[0]) for r in data]
        >>> ds.config.set_seed(3)
        >>> first = order()
        >>> ds.config.set_seed(3)
        >>> order() == first, ds.config.get_seed()
        (True, 3)
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)):
        raise TypeError("config.set_seed: 'seed' must be an int, but got %s"
                        % type(seed).__name__)
    if not 0 <= seed <= 2 ** 32 - 1:
        raise ValueError("config.set_seed: 'seed' must be in [0, 2**32 - 1], but got %d" % seed)
    _state["seed"] = int(seed)
    _state["eager_rng"] = None
    random.seed(int(seed))
    np.random.seed(int(seed))


def get_seed():
    """get_seed(): the seed given to :func:`set_seed` (or ``mindcell.set_seed``).

    Returns:
        int, the seed, or 5489 (MindSpore's default report) when none was set.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_seed(11)
        >>> ds.config.get_seed()
        11
    """
    seed = base_seed()
    return _DEFAULT_SEED if seed is None else seed


def set_num_parallel_workers(num):
    """set_num_parallel_workers(num): accepted for compatibility and reported by
    :func:`get_num_parallel_workers`; an operation given no ``num_parallel_workers`` of its
    own still runs in the calling thread.

    Args:
        num (int): the number of workers, > 0.

    Raises:
        ValueError: ``num`` is not a positive int.

    Examples:
        >>> import mindcell.dataset as ds
        >>> ds.config.set_num_parallel_workers(4)
        >>> ds.config.get_num_parallel_workers()
        4
        >>> ds.config.set_num_parallel_workers(8)
    """
    if isinstance(num, bool) or not isinstance(num, int) or num <= 0:
        raise ValueError("config.set_num_parallel_workers: 'num' must be a positive int, "
                         "but got %r" % (num,))
    _state["workers"] = num


def get_num_parallel_workers():
    """get_num_parallel_workers(): the value given to :func:`set_num_parallel_workers`.

    Returns:
        int, 8 unless set.

    Examples:
        >>> import mindcell.dataset as ds
        >>> isinstance(ds.config.get_num_parallel_workers(), int)
        True
    """
    return _state["workers"]


def base_seed():
    """The pipeline's seed: ``config.set_seed``'s, else ``mindcell.set_seed``'s, else None
    (then every run differs)."""
    return _state["seed"] if _state["seed"] is not None else _global_seed()


def rng_for(*key):
    """A numpy Generator for one random decision of the pipeline, a function of the seed and
    ``key`` (epoch, node ...); fresh entropy when no seed was set."""
    seed = base_seed()
    if seed is None:
        return np.random.default_rng()
    return np.random.default_rng([seed, *key])


def transform_rng():
    """The generator random transforms draw from: the running ``map``'s, or outside a
    pipeline one that follows the current seed."""
    slot = getattr(_local, "slot", None)
    if slot is not None:
        if slot[1] is None:
            slot[1] = slot[0]()
        return slot[1]
    seed = base_seed()
    cached = _state["eager_rng"]
    if cached is None or cached[0] != seed or seed is None:
        cached = (seed, np.random.default_rng(None if seed is None else [seed, 7]))
        _state["eager_rng"] = cached
    return cached[1]


class map_random:
    """``with map_random(make):`` random transforms called inside (in this thread) draw from
    the generator ``make()`` returns, made on the first draw."""

    def __init__(self, make):
        self.make, self.saved = make, None

    def __enter__(self):
        self.saved, _local.slot = getattr(_local, "slot", None), [self.make, None]

    def __exit__(self, *exc):
        _local.slot = self.saved
