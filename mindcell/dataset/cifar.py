"""``Cifar10Dataset``: the CIFAR-10 binary version (nothing is downloaded)."""
import os
import re

import numpy as np

from mindcell.dataset.mnist import check_dir_and_usage
from mindcell.dataset.sources import ArraySource

__all__ = ["Cifar10Dataset"]

_RECORD = 1 + 32 * 32 * 3  # a label byte, then the red, green and blue planes


def _batch_files(dataset_dir, part):
    if part == "test":
        names = ["test_batch.bin"]
    else:
        found = [f for f in os.listdir(dataset_dir) if re.fullmatch(r"data_batch_\d+\.bin", f)]
        names = sorted(found, key=lambda f: int(re.findall(r"\d+", f)[0]))
        if not names:
            raise RuntimeError("Cifar10Dataset: no data_batch_1.bin ... data_batch_5.bin in %s"
                               % dataset_dir)
    return [os.path.join(dataset_dir, n) for n in names]


def _read_batch(path):
    if not os.path.isfile(path):
        raise RuntimeError("Cifar10Dataset: missing file %s" % path)
    raw = np.fromfile(path, dtype=np.uint8)
    if raw.size % _RECORD:
        raise RuntimeError("Cifar10Dataset: %s has %d bytes, not a multiple of the %d-byte "
                           "record (label + 32x32x3 image)" % (path, raw.size, _RECORD))
    records = raw.reshape(-1, _RECORD)
    labels = records[:, 0]
    if labels.size and labels.max() > 9:
        raise RuntimeError("Cifar10Dataset: %s has a label %d outside 0..9"
                           % (path, labels.max()))
    images = records[:, 1:].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    return np.ascontiguousarray(images), labels.astype(np.uint32)


class Cifar10Dataset(ArraySource):
    """Cifar10Dataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): CIFAR-10 from the
    binary version's files in ``dataset_dir`` (``data_batch_1.bin`` ... ``data_batch_5.bin``,
    ``test_batch.bin``: records of one label byte and 3072 image bytes, channel planes).

    Columns ``image`` (32, 32, 3) uint8 HWC and ``label`` () uint32.

    Args:
        dataset_dir (str): the directory of the files (``cifar-10-batches-bin``).
        usage (str): 'train', 'test' or 'all' (train then test; None).
        num_samples, shuffle, sampler, num_shards, shard_id: as
            :class:`NumpySlicesDataset`'s (shuffled by default).

    Raises:
        ValueError: no such directory, or a bad ``usage``.
        RuntimeError: a missing or corrupt file (named).
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "Cifar10Dataset"
        usage = check_dir_and_usage(op, dataset_dir, usage)
        parts = ["train", "test"] if usage == "all" else [usage]
        batches = [_read_batch(f) for p in parts for f in _batch_files(dataset_dir, p)]
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id)
        self._set_columns(op, [np.concatenate([b[0] for b in batches]),
                               np.concatenate([b[1] for b in batches])])
