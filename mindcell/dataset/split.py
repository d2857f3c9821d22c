"""``Dataset.split``: non-overlapping sub-datasets of given sizes."""
import numbers

import numpy as np

from mindcell.dataset import config
from mindcell.dataset.engine import Dataset
from mindcell.dataset.sources import MappableSource

__all__ = ["split", "SubsetDataset"]


def _split_sizes(sizes, total):
    """Absolute sizes from ints summing to ``total`` or fractions summing to 1 (MindSpore's
    rounding: round each, then the first split takes the difference)."""
    if not isinstance(sizes, (list, tuple)) or not sizes:
        raise TypeError("split: 'sizes' must be a non-empty list of ints or of floats, but got "
                        "%r" % (sizes,))
    if all(isinstance(s, numbers.Integral) and not isinstance(s, bool) for s in sizes):
        if any(s <= 0 for s in sizes):
            raise ValueError("split: every size must be positive, but got %s" % list(sizes))
        if sum(sizes) != total:
            raise RuntimeError("split: the sizes %s sum to %d, not to the dataset size %d"
                               % (list(sizes), sum(sizes), total))
        return [int(s) for s in sizes]
    if not all(isinstance(s, float) for s in sizes):
        raise TypeError("split: 'sizes' must be all ints or all floats, but got %r"
                        % (list(sizes),))
    if any(not 0 < s <= 1 for s in sizes) or abs(sum(sizes) - 1) > 1e-6:
        raise ValueError("split: fractions must be in (0, 1] and sum to 1, but got %s"
                         % list(sizes))
    out = [round(f * total) for f in sizes]
    if any(s == 0 for s in out):
        raise RuntimeError("split: the fractions %s of %d rows give an empty split %s"
                           % (list(sizes), total, out))
    diff = total - sum(out)
    if diff > 0:
        out[0] += diff
    elif diff < 0:
        for i, s in enumerate(out):
            if s + diff >= 1:
                out[i] += diff
                break
    return out


def split(dataset, sizes, randomize=True):
    """The datasets ``Dataset.split`` returns (see there)."""
    if not isinstance(randomize, bool):
        raise TypeError("split: 'randomize' must be a bool, but got %r" % (randomize,))
    if isinstance(dataset, MappableSource) and dataset.sampler is not None:
        raise RuntimeError("split: the dataset is sharded (num_shards/sampler); split it first "
                           "and shard the splits")
    total = dataset.get_dataset_size()
    if total < 0:
        raise RuntimeError("split: the dataset is endless (repeat without a count)")
    sizes = _split_sizes(sizes, total)
    order = config.rng_for(0, 0).permutation(total) if randomize else np.arange(total)
    bounds = np.cumsum([0] + sizes)
    return tuple(SubsetDataset(dataset, np.sort(order[a:b]), randomize)
                 for a, b in zip(bounds[:-1], bounds[1:]))


class SubsetDataset(Dataset):
    """The rows at some positions of a dataset (in a new random order every epoch with
    ``randomize``). A source readable by index is read by index: its own shuffle does not
    apply, so the splits never overlap."""

    def __init__(self, parent, positions, randomize):
        super().__init__([parent])
        self._source, self.positions, self.randomize = parent, positions, randomize

    def get_col_names(self):
        return self._source.get_col_names()

    def _count(self):
        return len(self.positions)

    def _rows(self, epoch):
        if isinstance(self._source, MappableSource):
            order = epoch.rng().permutation(self.positions) if self.randomize \
                else self.positions
            for i in order:
                yield self._source._row_at(int(i))
            return
        wanted = set(self.positions.tolist())
        rows = (r for pos, r in enumerate(self._source._rows(epoch.child(0))) if pos in wanted)
        if not self.randomize:
            yield from rows
            return
        rows = list(rows)
        for i in epoch.rng().permutation(len(rows)):
            yield rows[i]
