"""``MnistDataset`` and ``FashionMnistDataset``: the idx files of MNIST and Fashion-MNIST
(nothing is downloaded)."""
import os

import numpy as np

from mindcell.dataset._docs import shared_sections, source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["MnistDataset", "FashionMnistDataset"]

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


@source_options
class MnistDataset(ArraySource):
    """MnistDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): MNIST from the
    standard idx files in ``dataset_dir`` (``train-images-idx3-ubyte``,
    ``train-labels-idx1-ubyte``, ``t10k-images-idx3-ubyte``, ``t10k-labels-idx1-ubyte``,
    uncompressed; nothing is downloaded).

    Columns ``image`` (28, 28, 1) uint8 and ``label`` () uint32.

    Args:
        dataset_dir (str): the directory of the files.
        usage (str, optional): 'train' (60000 rows), 'test' (10000) or 'all' (test then
            train, as MindSpore reads the files in name order; a folder with only one of the
            two sets of files gives that set); None: 'all'.
            Default: ``None``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, an option has a wrong type, or ``cache`` is
            not a DatasetCache.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, only one
            of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing or corrupt file (named), images and labels that disagree, or
            a label above 9.

    Examples:
        >>> import pathlib, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> with tempfile.TemporaryDirectory() as d:
        ...     for name, magic, data in (("train-images-idx3-ubyte", 2051, np.ones((3, 28, 28))),
        ...                               ("train-labels-idx1-ubyte", 2049, np.arange(3))):
        ...         head = np.array([magic, *data.shape], ">u4").tobytes()
        ...         _ = pathlib.Path(d, name).write_bytes(head + data.astype("u1").tobytes())
        ...     data = ds.MnistDataset(d, usage="train", shuffle=False)
        ...     labels = [int(r["label"]) for r in data.create_dict_iterator()]
        >>> data.get_dataset_size(), labels
        (3, [0, 1, 2])
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = type(self).__name__
        check_cache(op, cache)
        usage = check_dir_and_usage(op, dataset_dir, usage)
        images, labels = [], []
        parts = ["test", "train"] if usage == "all" else [usage]
        if usage == "all":
            # MindSpore reads whichever parts the folder holds: MNIST_Data/train has only
            # the train-* files, MNIST_Data/test only the t10k-* files
            present = [p for p in parts
                       if os.path.isfile(os.path.join(dataset_dir, _FILES[p][0]))]
            parts = present or parts
        for part in parts:
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


@shared_sections(MnistDataset, ("Args:", "Raises:"))
class FashionMnistDataset(MnistDataset):
    """FashionMnistDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): Fashion-MNIST
    (28x28 grey images of 10 kinds of clothing) from its idx files in ``dataset_dir``, which
    have MNIST's names and format (``train-images-idx3-ubyte``, ``train-labels-idx1-ubyte``,
    ``t10k-images-idx3-ubyte``, ``t10k-labels-idx1-ubyte``, uncompressed).

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
        ...     write(folder, "t10k-images-idx3-ubyte", 2051, np.zeros((2, 28, 28)))
        ...     write(folder, "t10k-labels-idx1-ubyte", 2049, np.array([9, 3]))
        ...     data = ds.FashionMnistDataset(folder, usage="test", shuffle=False)
        >>> rows = data.create_dict_iterator(output_numpy=True)
        >>> [(r["image"].shape, int(r["label"])) for r in rows]
        [((28, 28, 1), 9), ((28, 28, 1), 3)]
    """
