"""``MnistDataset``: the MNIST idx files (nothing is downloaded)."""
import os

import numpy as np

from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["MnistDataset"]

_FILES = {"train": ("train-images-idx3-ubyte", "train-labels-idx1-ubyte"),
          "test": ("t10k-images-idx3-ubyte", "t10k-labels-idx1-ubyte")}
_IMAGE_MAGIC, _LABEL_MAGIC = 2051, 2049


def read_idx(path, magic, ndim):
    """The array of an idx file (big-endian header: magic, then one uint32 per dimension)."""
    if not os.path.isfile(path):
        raise RuntimeError("MnistDataset: missing file %s" % path)
    raw = np.fromfile(path, dtype=np.uint8)
    header = 4 * (1 + ndim)
    if raw.size < header:
        raise RuntimeError("MnistDataset: %s is not an idx file (only %d bytes)"
                           % (path, raw.size))
    fields = raw[:header].view(">u4")
    if fields[0] != magic:
        raise RuntimeError("MnistDataset: %s has magic number %d, expected %d"
                           % (path, fields[0], magic))
    shape = tuple(int(d) for d in fields[1:])
    if raw.size - header != int(np.prod(shape)):
        raise RuntimeError("MnistDataset: %s has %d data bytes but its header says %s"
                           % (path, raw.size - header, shape))
    return raw[header:].reshape(shape)


class MnistDataset(ArraySource):
    """MnistDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): MNIST from the
    standard idx files in ``dataset_dir`` (``train-images-idx3-ubyte``,
    ``train-labels-idx1-ubyte``, ``t10k-images-idx3-ubyte``, ``t10k-labels-idx1-ubyte``,
    uncompressed).

    Columns ``image`` (28, 28, 1) uint8 and ``label`` () uint32.

    Args:
        dataset_dir (str): the directory of the files.
        usage (str): 'train' (60000 rows), 'test' (10000) or 'all' (train then test; None).
        num_samples, shuffle, sampler, num_shards, shard_id: as
            :class:`NumpySlicesDataset`'s (shuffled by default).

    Raises:
        ValueError: no such directory, or a bad ``usage``.
        RuntimeError: a missing or corrupt file (named), or images and labels that disagree.
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "MnistDataset"
        usage = check_dir_and_usage(op, dataset_dir, usage)
        images, labels = [], []
        for part in (["train", "test"] if usage == "all" else [usage]):
            image_file, label_file = (os.path.join(dataset_dir, f) for f in _FILES[part])
            img = read_idx(image_file, _IMAGE_MAGIC, 3)
            lab = read_idx(label_file, _LABEL_MAGIC, 1)
            if len(img) != len(lab):
                raise RuntimeError("%s: %s has %d images but %s has %d labels"
                                   % (op, image_file, len(img), label_file, len(lab)))
            if lab.size and lab.max() > 9:
                raise RuntimeError("%s: %s has a label %d outside 0..9"
                                   % (op, label_file, lab.max()))
            images.append(img[..., None])
            labels.append(lab.astype(np.uint32))
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.concatenate(images), np.concatenate(labels)])
