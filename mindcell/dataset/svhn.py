"""``SVHNDataset``: the Street View House Numbers digits from their MATLAB files."""
import os

import numpy as np

from mindcell.dataset.sources import ArraySource, check_dir

__all__ = ["SVHNDataset"]

_PARTS = ("train", "test", "extra")


class SVHNDataset(ArraySource):
    """SVHNDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=1,
    shuffle=None, sampler=None, num_shards=None, shard_id=None): SVHN's cropped digits from
    ``train_32x32.mat``, ``test_32x32.mat`` and ``extra_32x32.mat`` in ``dataset_dir`` (MATLAB
    files holding ``X`` of shape (32, 32, 3, N) and ``y`` of shape (N, 1); read with
    ``scipy.io.loadmat``; nothing is downloaded).

    Columns ``image`` (32, 32, 3) uint8 and ``label`` () uint32, the digit (SVHN's label 10,
    the digit 0, becomes 0 as in MindSpore).

    Args:
        dataset_dir (str): the directory of the files.
        usage (str, optional): 'train', 'test', 'extra' or 'all' (train, test then extra);
            None: 'all'. Default: ``None``.
        num_samples (int, optional): the most rows read; None: all. Default: ``None``.
        num_parallel_workers (int, optional): threads reading rows. Default: ``1``.
        shuffle (bool, optional): a new row order every epoch; None: shuffled unless a
            sampler is given. Default: ``None``.
        sampler (Sampler, optional): which rows to read, in what order. Default: ``None``.
        num_shards (int, optional): split the rows into this many shards. Default: ``None``.
        shard_id (int, optional): the shard read, with ``num_shards``. Default: ``None``.

    Raises:
        TypeError: ``dataset_dir`` is not a str or an option has a wrong type.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, or only
            one of ``num_shards`` / ``shard_id``.
        RuntimeError: a missing or malformed file (named).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import scipy.io
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> scipy.io.savemat(os.path.join(folder, "test_32x32.mat"),
        ...                  {"X": np.zeros((32, 32, 3, 2), np.uint8),
        ...                   "y": np.array([[10], [4]], np.uint8)})
        >>> data = ds.SVHNDataset(folder, usage="test", shuffle=False)
        >>> [(r["image"].shape, int(r["label"])) for r in data.create_dict_iterator(output_numpy=True)]
        [((32, 32, 3), 0), ((32, 32, 3), 4)]
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=1,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None):
        op = "SVHNDataset"
        check_dir(op, dataset_dir)
        usage = "all" if usage is None else usage
        if usage not in _PARTS + ("all",):
            raise ValueError("Input usage is not within the valid set of ['train', 'test', "
                             "'extra', 'all'], but got %r." % (usage,))
        images, labels = [], []
        for part in (_PARTS if usage == "all" else (usage,)):
            img, lab = _load(op, os.path.join(dataset_dir, "%s_32x32.mat" % part))
            images.append(img)
            labels.append(lab)
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.concatenate(images), np.concatenate(labels)])


def _load(op, path):
    if not os.path.isfile(path):
        raise RuntimeError("%s: missing file %s" % (op, path))
    from scipy import io as sio
    try:
        mat = sio.loadmat(path)
        x, y = mat["X"], mat["y"]
    except (ValueError, KeyError, OSError) as exc:
        raise RuntimeError("%s: %s is not an SVHN MATLAB file with 'X' and 'y' (%s)"
                           % (op, path, exc)) from None
    if x.ndim != 4 or x.shape[:3] != (32, 32, 3) or y.size != x.shape[3]:
        raise RuntimeError("%s: %s has X of shape %s and y of %s; expected (32, 32, 3, N) "
                           "and N labels" % (op, path, x.shape, y.shape))
    images = np.ascontiguousarray(np.transpose(x, (3, 0, 1, 2)).astype(np.uint8))
    labels = y.reshape(-1).astype(np.int64)
    labels[labels == 10] = 0
    return images, labels.astype(np.uint32)
