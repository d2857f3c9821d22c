"""``STL10Dataset``: STL-10's binary files (``<part>_X.bin`` images, ``<part>_y.bin``
labels)."""
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["STL10Dataset"]

_USAGES = ("train", "test", "unlabeled", "train+unlabeled", "all")
_PARTS = {"train": ["train"], "test": ["test"], "unlabeled": ["unlabeled"],
          "train+unlabeled": ["train", "unlabeled"], "all": ["test", "train", "unlabeled"]}
_SIDE = 96


@source_options
class STL10Dataset(ArraySource):
    """STL10Dataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): STL-10 from its
    binary files in ``dataset_dir``: ``train_X.bin``/``train_y.bin``, ``test_X.bin``/
    ``test_y.bin`` and ``unlabeled_X.bin``. An ``_X.bin`` file holds N images of 3 x 96 x 96
    bytes, each channel stored column by column; a ``_y.bin`` file one byte per image, the
    class 1..10.

    Columns ``image`` (96, 96, 3) uint8 and ``label`` () int32: the class 0..9, or -1 for the
    unlabeled images.

    Args:
        dataset_dir (str): the directory of the files.
        usage (str, optional): 'train', 'test', 'unlabeled', 'train+unlabeled' or 'all' (test,
            train then unlabeled, as MindSpore); None: 'all'. Default: ``None``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, an option has a wrong type, or ``cache`` is
            not a DatasetCache.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, only one
            of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing file, a size that is not whole images, or images and labels
            that disagree.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> np.zeros((2, 3, 96, 96), np.uint8).tofile(os.path.join(folder, "test_X.bin"))
        >>> np.array([3, 10], np.uint8).tofile(os.path.join(folder, "test_y.bin"))
        >>> data = ds.STL10Dataset(folder, usage="test", shuffle=False)
        >>> [(r["image"].shape, int(r["label"])) for r in data.create_dict_iterator(output_numpy=True)]
        [((96, 96, 3), 2), ((96, 96, 3), 9)]
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "STL10Dataset"
        check_cache(op, cache)
        usage = check_dir_and_usage(op, dataset_dir, usage, _USAGES)
        images, labels = [], []
        for part in _PARTS[usage]:
            img = _read(op, os.path.join(dataset_dir, part + "_X.bin"))
            n = img.size // (3 * _SIDE * _SIDE)
            if img.size != n * 3 * _SIDE * _SIDE:
                raise RuntimeError("%s: %s has %d bytes, not a whole number of 3x96x96 images"
                                   % (op, part + "_X.bin", img.size))
            # (N, C, W, H) as stored: each channel column-major -> (N, H, W, C)
            images.append(img.reshape(n, 3, _SIDE, _SIDE).transpose(0, 3, 2, 1))
            if part == "unlabeled":
                labels.append(np.full(n, -1, np.int32))
                continue
            lab = _read(op, os.path.join(dataset_dir, part + "_y.bin"))
            if lab.size != n:
                raise RuntimeError("%s: %s has %d images but %s has %d labels"
                                   % (op, part + "_X.bin", n, part + "_y.bin", lab.size))
            labels.append(lab.astype(np.int32) - 1)
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.ascontiguousarray(np.concatenate(images)),
                               np.concatenate(labels)])


def _read(op, path):
    if not os.path.isfile(path):
        raise RuntimeError("%s: missing file %s" % (op, path))
    return np.fromfile(path, dtype=np.uint8)
