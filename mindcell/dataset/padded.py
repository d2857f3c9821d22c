"""``PaddedDataset`` (rows given as dicts, to pad a dataset so it shards evenly) and
``Dataset.use_sampler``."""
import numpy as np

from mindcell.dataset.samplers import BuiltinSampler, DistributedSampler, make_sampler
from mindcell.dataset.sources import MappableSource

__all__ = ["PaddedDataset", "use_sampler"]


class PaddedDataset(MappableSource):
    """PaddedDataset(padded_samples): rows given as dicts (column -> value), read in order.

    Typically concatenated to a dataset so that its rows divide evenly into shards, then
    sharded with ``use_sampler(DistributedSampler(num_shards, shard_id, shuffle=False))``.
    Values become numpy arrays (Python ints int64, floats float64, str strings).

    Args:
        padded_samples (list[dict]): the rows; every dict has the same keys (the columns, in
            the first dict's order).

    Raises:
        TypeError: ``padded_samples`` is not a list of dicts.
        ValueError: an empty list.
        RuntimeError: rows with other keys than the first.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> data = ds.NumpySlicesDataset({"x": np.arange(3), "y": np.arange(3) * 10},
        ...                              shuffle=False)
        >>> padded = data + ds.PaddedDataset([{"x": np.array(-1), "y": np.array(-1)}])
        >>> padded.use_sampler(ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))
        >>> [int(r["x"]) for r in padded.create_dict_iterator(output_numpy=True)]
        [1, -1]
    """

    def __init__(self, padded_samples):
        op = "PaddedDataset"
        if not isinstance(padded_samples, list):
            raise TypeError("%s: 'padded_samples' must be a list of dicts, but got %s"
                            % (op, type(padded_samples).__name__))
        if not padded_samples:
            raise ValueError("%s: padded_samples cannot be empty." % op)
        for i, row in enumerate(padded_samples):
            if not isinstance(row, dict):
                raise TypeError("%s: padded_samples[%d] must be a dict, but got %s"
                                % (op, i, type(row).__name__))
            if set(row) != set(padded_samples[0]):
                raise RuntimeError("%s: padded_samples[%d] has the keys %s, the first row %s"
                                   % (op, i, sorted(row), sorted(padded_samples[0])))
        super().__init__(op, [str(k) for k in padded_samples[0]], False, None, None, None,
                         None)
        self._samples = [[np.array(row[k]) for k in padded_samples[0]]
                         for row in padded_samples]

    def _length(self):
        return len(self._samples)

    def _row_at(self, index):
        return tuple(np.array(v) for v in self._samples[index])


def _sequential_rows(dataset, epoch):
    """A dataset's rows in their stored order (a random-access source ignores its shuffle,
    as MindSpore's sharded concatenation does; so do the parts of a nested concatenation)."""
    from mindcell.dataset.pipeline import ConcatDataset
    if isinstance(dataset, MappableSource) and dataset.sampler is None:
        for i in range(dataset._count()):
            yield dataset._row_at(i)
    elif isinstance(dataset, ConcatDataset) and dataset.sampler is None:
        for i, child in enumerate(dataset.children):
            yield from _sequential_rows(child, epoch.child(i))
    else:
        yield from dataset._rows(epoch)


def _child_positions(child, size, offset, num_shards, shard_id):
    """Which rows of one concatenated child a shard reads. Each child is sharded on its own,
    starting at ``offset`` (the rows before it, modulo ``num_shards``): a MindDataset in
    contiguous blocks (sizes differing by one, the larger ones from shard ``offset`` on), any
    other source by position (row ``j`` goes to shard ``(offset + j) % num_shards``)."""
    from mindcell.dataset.mind_dataset import MindDataset
    if not isinstance(child, MindDataset):
        return [j for j in range(size) if (offset + j) % num_shards == shard_id]
    base, extra = divmod(size, num_shards)
    sizes = [base + ((k - offset) % num_shards < extra) for k in range(num_shards)]
    start = sum(sizes[:shard_id])
    return list(range(start, start + sizes[shard_id]))


def concat_shard_rows(concat, epoch):
    """The rows of a ConcatDataset sharded by ``use_sampler(DistributedSampler)``."""
    sampler = concat.sampler
    offset = 0
    for i, child in enumerate(concat.children):
        size = child._count()
        wanted = _child_positions(child, size, offset, sampler.num_shards, sampler.shard_id)
        if wanted:
            keep = set(wanted)
            for j, row in enumerate(_sequential_rows(child, epoch.child(i))):
                if j in keep:
                    yield row
        offset = (offset + size) % sampler.num_shards


def concat_shard_count(concat, total):
    sampler = concat.sampler
    count, offset = 0, 0
    for child in concat.children:
        size = child._count()
        count += len(_child_positions(child, size, offset, sampler.num_shards,
                                      sampler.shard_id))
        offset = (offset + size) % sampler.num_shards
    return count


def use_sampler(dataset, new_sampler):
    """``Dataset.use_sampler``: a ConcatDataset takes a ``DistributedSampler(shuffle=False)``
    without ``num_samples``; a random-access source (or the source under a chain of
    one-child operations) takes any sampler."""
    from mindcell.dataset.pipeline import ConcatDataset
    if not isinstance(new_sampler, BuiltinSampler):
        raise TypeError("use_sampler: 'new_sampler' must be a sampler, but got %s"
                        % type(new_sampler).__name__)
    if isinstance(dataset, ConcatDataset):
        if not isinstance(new_sampler, DistributedSampler):
            raise ValueError("use_sampler: a concatenated dataset takes only a "
                             "DistributedSampler in mindcell, but got %s"
                             % type(new_sampler).__name__)
        if new_sampler.shuffle:
            raise ValueError("The parameter shuffle of DistributedSampler must be False!")
        if new_sampler.num_samples is not None:
            raise ValueError("The parameter num_samples of DistributedSampler is not support "
                             "to be set!")
        dataset.sampler = new_sampler
        return
    node = dataset
    while not isinstance(node, MappableSource):
        if len(node.children) != 1:
            raise TypeError("use_sampler: %s does not read by index and has no single source "
                            "below it" % type(dataset).__name__)
        node = node.children[0]
    node.sampler = make_sampler("use_sampler", new_sampler, None, None, None)
