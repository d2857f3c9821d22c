"""Samplers: which rows of a dataset one process reads, and in what order."""
import numpy as np

from mindcell.context import get_seed

__all__ = ["DistributedSampler"]


class DistributedSampler:
    """DistributedSampler(num_shards, shard_id, shuffle=True, num_samples=None, offset=-1):
    the rows of one shard for data-parallel training.

    Every shard shuffles with the same seed (``set_seed``'s, or 0, plus the epoch), then shard
    ``shard_id`` reads the rows at positions ``i`` with ``i % num_shards == shard_id``. When
    the rows do not divide evenly the order wraps around, so every shard reads
    ``ceil(n / num_shards)`` rows (the shards' batches stay in step).

    Args:
        num_shards (int): the number of shards (processes), >= 1.
        shard_id (int): this shard, in [0, num_shards).
        shuffle (bool): a new shared order every epoch.
        num_samples (int): read at most this many rows of the shard.
        offset (int): -1 (MindSpore's default; other offsets are not supported).

    Raises:
        TypeError / ValueError: an argument of the wrong type or out of range.
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
        if not isinstance(shuffle, bool):
            raise TypeError("%s: 'shuffle' must be a bool, but got %r" % (name, shuffle))
        if num_samples is not None and (isinstance(num_samples, bool)
                                        or not isinstance(num_samples, int) or num_samples < 0):
            raise ValueError("%s: 'num_samples' must be None or an int >= 0, but got %r"
                             % (name, num_samples))
        if offset != -1:
            raise ValueError("%s: only offset=-1 is supported, but got %r" % (name, offset))
        self.num_shards, self.shard_id, self.shuffle = num_shards, shard_id, shuffle
        self.num_samples, self.offset = num_samples, offset
        self._epoch = 0

    def num_rows(self, n):
        per_shard = -(-n // self.num_shards)
        return per_shard if self.num_samples is None else min(per_shard, self.num_samples)

    def indices(self, n):
        """The row indices of this shard for the next epoch."""
        order = np.arange(n)
        if self.shuffle:
            seed = (get_seed() or 0) + self._epoch
            order = np.random.default_rng(seed).permutation(n)
        self._epoch += 1
        total = -(-n // self.num_shards) * self.num_shards
        order = np.resize(order, total) if n else order
        return order[self.shard_id::self.num_shards][:self.num_rows(n)]


def make_sampler(op, sampler, num_shards, shard_id, shuffle):
    """The sampler of a dataset from its ``sampler``/``num_shards``/``shard_id`` arguments."""
    if (num_shards is None) != (shard_id is None):
        raise ValueError("%s: 'num_shards' and 'shard_id' must be given together" % op)
    if num_shards is not None:
        if sampler is not None:
            raise ValueError("%s: give either 'sampler' or 'num_shards'/'shard_id', not both"
                             % op)
        return DistributedSampler(num_shards, shard_id, shuffle=bool(shuffle))
    if sampler is not None and not isinstance(sampler, DistributedSampler):
        raise TypeError("%s: 'sampler' must be a DistributedSampler, but got %s"
                        % (op, type(sampler).__name__))
    return sampler
