"""The MNIST-format family beside MNIST and Fashion-MNIST: ``KMnistDataset`` (Kuzushiji-MNIST,
MNIST's file names), ``EMnistDataset`` (``emnist-<name>-<usage>-...`` files) and
``QMnistDataset`` (``qmnist-<usage>-...`` files with 8 int32 label fields per image). The idx
files are read uncompressed from ``dataset_dir``; nothing is downloaded."""
import os

import numpy as np

from mindcell.dataset._docs import shared_sections, source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.mnist import MnistDataset, read_idx
from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["KMnistDataset", "EMnistDataset", "QMnistDataset"]

_IMAGE_MAGIC, _LABEL_MAGIC, _INT_MAGIC = 2051, 2049, 3074
_EMNIST_NAMES = ("byclass", "bymerge", "balanced", "letters", "digits", "mnist")


@shared_sections(MnistDataset, ("Args:", "Raises:"))
class KMnistDataset(MnistDataset):
    """KMnistDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): Kuzushiji-MNIST
    (28x28 grey images of 10 cursive Japanese characters) from its idx files in
    ``dataset_dir``, which have MNIST's names and format (``train-images-idx3-ubyte``,
    ``train-labels-idx1-ubyte``, ``t10k-images-idx3-ubyte``, ``t10k-labels-idx1-ubyte``,
    uncompressed).

    Columns ``image`` (28, 28, 1) uint8 and ``label`` () uint32 (0..9).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> def write(folder, name, magic, array):
        ...     header = np.array([magic, *array.shape], ">u4").tobytes()
        ...     with open(os.path.join(folder, name), "wb") as f:
        ...         _ = f.write(header + array.astype(np.uint8).tobytes())
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     write(folder, "train-images-idx3-ubyte", 2051, np.zeros((2, 28, 28)))
        ...     write(folder, "train-labels-idx1-ubyte", 2049, np.array([4, 7]))
        ...     data = ds.KMnistDataset(folder, usage="train", shuffle=False)
        >>> [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]
        [4, 7]
    """


def _read_int_idx(path, op):
    """An idx file of big-endian int32 values (magic 3074: QMNIST's 2-D label tables)."""
    if not os.path.isfile(path):
        raise RuntimeError("%s: missing file %s" % (op, path))
    raw = np.fromfile(path, dtype=np.uint8)
    if raw.size < 12:
        raise RuntimeError("%s: %s is not an idx file (only %d bytes)" % (op, path, raw.size))
    magic, rows, cols = (int(v) for v in raw[:12].view(">u4"))
    if magic != _INT_MAGIC:
        raise RuntimeError("%s: %s has magic number %d, expected %d"
                           % (op, path, magic, _INT_MAGIC))
    if raw.size - 12 != rows * cols * 4:
        raise RuntimeError("%s: %s has %d data bytes but its header says (%d, %d) int32"
                           % (op, path, raw.size - 12, rows, cols))
    return raw[12:].view(">i4").reshape(rows, cols).astype(np.int64)


def _pair(op, image_file, label_file, labels):
    img = read_idx(image_file, _IMAGE_MAGIC, 3)
    if len(img) != len(labels):
        raise RuntimeError("%s: %s has %d images but %s has %d labels"
                           % (op, image_file, len(img), label_file, len(labels)))
    return img[..., None]


@source_options
class EMnistDataset(ArraySource):
    """EMnistDataset(dataset_dir, name, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): EMNIST (28x28 grey
    images of handwritten characters) from its idx files in ``dataset_dir``:
    ``emnist-<name>-train-images-idx3-ubyte``, ``emnist-<name>-train-labels-idx1-ubyte`` and
    the same with ``test`` (uncompressed; nothing is downloaded).

    Columns ``image`` (28, 28, 1) uint8 and ``label`` () uint32.

    Args:
        dataset_dir (str): the directory of the files.
        name (str): the split: 'byclass', 'bymerge', 'balanced', 'letters', 'digits' or
            'mnist'.
        usage (str, optional): 'train', 'test' or 'all' (test then train, as MindSpore reads
            the files in name order); None: 'all'. Default: ``None``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` or ``name`` is not a str, an option has a wrong type, or
            ``cache`` is not a DatasetCache.
        ValueError: no such directory, a bad ``name`` or ``usage``, ``sampler`` with
            ``shuffle``, only one of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing or corrupt file (named), or images and labels that disagree.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> def write(folder, name, magic, array):
        ...     header = np.array([magic, *array.shape], ">u4").tobytes()
        ...     with open(os.path.join(folder, name), "wb") as f:
        ...         _ = f.write(header + array.astype(np.uint8).tobytes())
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     write(folder, "emnist-letters-test-images-idx3-ubyte", 2051, np.zeros((2, 28, 28)))
        ...     write(folder, "emnist-letters-test-labels-idx1-ubyte", 2049, np.array([1, 26]))
        ...     data = ds.EMnistDataset(folder, "letters", usage="test", shuffle=False)
        >>> [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]
        [1, 26]
    """

    def __init__(self, dataset_dir, name, usage=None, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None,
                 shard_id=None, cache=None):
        op = type(self).__name__
        check_cache(op, cache)
        if not isinstance(name, str):
            raise TypeError("%s: 'name' must be a str, but got %r" % (op, name))
        if name not in _EMNIST_NAMES:
            raise ValueError("%s: 'name' must be one of %s, but got %r"
                             % (op, list(_EMNIST_NAMES), name))
        usage = check_dir_and_usage(op, dataset_dir, usage)
        images, labels = [], []
        for part in (["test", "train"] if usage == "all" else [usage]):
            stem = os.path.join(dataset_dir, "emnist-%s-%s-" % (name, part))
            label_file = stem + "labels-idx1-ubyte"
            lab = read_idx(label_file, _LABEL_MAGIC, 1)
            images.append(_pair(op, stem + "images-idx3-ubyte", label_file, lab))
            labels.append(lab.astype(np.uint32))
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.concatenate(images), np.concatenate(labels)])


_QMNIST_FILES = {"train": "qmnist-train", "test": "qmnist-test", "nist": "xnist"}


@source_options
class QMnistDataset(ArraySource):
    """QMnistDataset(dataset_dir, usage=None, compat=True, num_samples=None,
    num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None, shard_id=None,
    cache=None): QMNIST (MNIST's images with the extended NIST labels) from its files in
    ``dataset_dir``: ``qmnist-train-images-idx3-ubyte`` with ``qmnist-train-labels-idx2-int``,
    the same with ``test``, and ``xnist-images-idx3-ubyte`` with ``xnist-labels-idx2-int``
    (uncompressed; the label files hold 8 big-endian int32 fields per image).

    Columns ``image`` (28, 28, 1) uint8 and ``label``: () uint32, the class (``compat``), or
    (8,) uint32, all 8 fields (class, NIST series, writer, ...).

    Args:
        dataset_dir (str): the directory of the files.
        usage (str, optional): 'train', 'test' (both 60000-row files), 'test10k' (the first
            10000 test rows), 'test50k' (the rest), 'nist' (the xnist files) or 'all' (train,
            test and nist, in that order, as MindSpore); None: 'all'. Default: ``None``.
        compat (bool, optional): the class alone as the label (MNIST-compatible), else all
            8 fields. Default: ``True``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, ``compat`` not a bool, an option has a wrong
            type, or ``cache`` is not a DatasetCache.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, only one
            of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing or corrupt file (named), or images and labels that disagree.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> with tempfile.TemporaryDirectory() as folder:
        ...     images = np.array([2051, 2, 28, 28], ">u4").tobytes() + bytes(2 * 28 * 28)
        ...     labels = np.array([3074, 2, 8], ">u4").tobytes() + np.arange(16, dtype=">i4").tobytes()
        ...     for name, body in (("qmnist-train-images-idx3-ubyte", images),
        ...                        ("qmnist-train-labels-idx2-int", labels)):
        ...         with open(os.path.join(folder, name), "wb") as f:
        ...             _ = f.write(body)
        ...     data = ds.QMnistDataset(folder, usage="train", compat=False, shuffle=False)
        >>> [r["label"].tolist() for r in data.create_dict_iterator(output_numpy=True)][1]
        [8, 9, 10, 11, 12, 13, 14, 15]
    """

    def __init__(self, dataset_dir, usage=None, compat=True, num_samples=None,
                 num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None,
                 shard_id=None, cache=None):
        op = type(self).__name__
        check_cache(op, cache)
        usage = check_dir_and_usage(op, dataset_dir, usage,
                                    ("train", "test", "test10k", "test50k", "nist", "all"))
        if not isinstance(compat, bool):
            raise TypeError("%s: 'compat' must be a bool, but got %r" % (op, compat))
        parts = {"all": ["train", "test", "nist"], "test10k": ["test"], "test50k": ["test"]}.get(
            usage, [usage])
        images, labels = [], []
        for part in parts:
            stem = os.path.join(dataset_dir, _QMNIST_FILES[part])
            label_file = stem + "-labels-idx2-int"
            lab = _read_int_idx(label_file, op)
            img = _pair(op, stem + "-images-idx3-ubyte", label_file, lab)
            if usage == "test10k":
                img, lab = img[:10000], lab[:10000]
            elif usage == "test50k":
                img, lab = img[10000:], lab[10000:]
            images.append(img)
            labels.append(lab[:, 0] if compat else lab)
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.concatenate(images),
                               np.concatenate(labels).astype(np.uint32)])
