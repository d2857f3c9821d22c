"""``Cifar10Dataset`` and ``Cifar100Dataset``: the CIFAR binary versions (nothing is
downloaded)."""
import os
import re

import numpy as np

from mindcell._arrays import c_contiguous
from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["Cifar10Dataset", "Cifar100Dataset"]

_IMAGE = 32 * 32 * 3  # the red, green and blue planes after the label bytes


def _batch_files(op, dataset_dir, part):
    if op == "Cifar100Dataset":
        return [os.path.join(dataset_dir, part + ".bin")]
    if part == "test":
        names = ["test_batch.bin"]
    else:
        found = [f for f in os.listdir(dataset_dir) if re.fullmatch(r"data_batch_\d+\.bin", f)]
        names = sorted(found, key=lambda f: int(re.findall(r"\d+", f)[0]))
        if not names:
            raise RuntimeError("Cifar10Dataset: no data_batch_1.bin ... data_batch_5.bin in %s"
                               % dataset_dir)
    return [os.path.join(dataset_dir, n) for n in names]


def _part_present(op, dataset_dir, part):
    """Whether ``dataset_dir`` holds any file of ``part`` ('train' or 'test')."""
    if op == "Cifar100Dataset" or part == "test":
        return os.path.isfile(_batch_files(op, dataset_dir, part)[0])
    return any(re.fullmatch(r"data_batch_\d+\.bin", f) for f in os.listdir(dataset_dir))


def _read_batch(op, path, label_limits):
    """The images (N, 32, 32, 3) and the label columns of one file."""
    if not os.path.isfile(path):
        raise RuntimeError("%s: missing file %s" % (op, path))
    raw = np.fromfile(path, dtype=np.uint8)
    record = len(label_limits) + _IMAGE
    if raw.size % record:
        raise RuntimeError("%s: %s has %d bytes, not a multiple of the %d-byte record (%d "
                           "label bytes + 32x32x3 image)"
                           % (op, path, raw.size, record, len(label_limits)))
    records = raw.reshape(-1, record)
    labels = []
    for k, limit in enumerate(label_limits):
        column = records[:, k]
        if column.size and column.max() >= limit:
            raise RuntimeError("%s: %s has a label %d outside 0..%d"
                               % (op, path, column.max(), limit - 1))
        labels.append(column.astype(np.uint32))
    images = records[:, len(label_limits):].reshape(-1, 3, 32, 32).transpose(0, 2, 3, 1)
    return [c_contiguous(images)] + labels


class _Cifar(ArraySource):
    _columns_of, _label_limits = (), ()

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = type(self).__name__
        check_cache(op, cache)
        usage = check_dir_and_usage(op, dataset_dir, usage)
        parts = ["train", "test"] if usage == "all" else [usage]
        if usage == "all":
            # MindSpore reads whichever parts the folder holds (the model zoo's
            # cifar-10-verify-bin has only test_batch.bin)
            parts = [p for p in parts if _part_present(op, dataset_dir, p)] or parts
        batches = [_read_batch(op, f, self._label_limits)
                   for p in parts for f in _batch_files(op, dataset_dir, p)]
        super().__init__(op, self._columns_of, shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.concatenate(c) for c in zip(*batches)])


@source_options
class Cifar10Dataset(_Cifar):
    """Cifar10Dataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): CIFAR-10 from the
    binary version's files in ``dataset_dir`` (``data_batch_1.bin`` ... ``data_batch_5.bin``,
    ``test_batch.bin``: records of one label byte and 3072 image bytes, channel planes;
    nothing is downloaded).

    Columns ``image`` (32, 32, 3) uint8 HWC and ``label`` () uint32.

    Args:
        dataset_dir (str): the directory of the files (``cifar-10-batches-bin``).
        usage (str, optional): 'train', 'test' or 'all' (train then test; a folder with
            only one of them gives that one); None: 'all'.
            Default: ``None``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, an option has a wrong type, or ``cache`` is
            not a DatasetCache.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, only one
            of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing or corrupt file (named), or a label above 9.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> records = np.zeros((2, 1 + 3072), np.uint8)
        >>> records[:, 0] = [6, 1]
        >>> records[1, 1:1025] = 255  # the red plane of the second image
        >>> with tempfile.TemporaryDirectory() as d:
        ...     records.tofile(os.path.join(d, "test_batch.bin"))
        ...     rows = list(ds.Cifar10Dataset(d, usage="test", shuffle=False))
        >>> [(int(label), image.shape, image.asnumpy()[0, 0].tolist()) for image, label in rows]
        [(6, (32, 32, 3), [0, 0, 0]), (1, (32, 32, 3), [255, 0, 0])]
    """

    _columns_of, _label_limits = ("image", "label"), (10,)


@source_options
class Cifar100Dataset(_Cifar):
    """Cifar100Dataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): CIFAR-100 from the
    binary version's files in ``dataset_dir`` (``train.bin``, ``test.bin``: records of a coarse
    label byte, a fine label byte and 3072 image bytes, channel planes).

    Columns ``image`` (32, 32, 3) uint8 HWC, ``coarse_label`` () uint32 (0..19) and
    ``fine_label`` () uint32 (0..99).

    Args:
        dataset_dir (str): the directory of the files (``cifar-100-binary``).
        usage (str, optional): 'train', 'test' or 'all' (train then test; a folder with
            only one of them gives that one); None: 'all'.
            Default: ``None``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, an option has a wrong type, or ``cache`` is
            not a DatasetCache.
        ValueError: no such directory, a bad ``usage``, ``sampler`` with ``shuffle``, only one
            of ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: a missing or corrupt file (named), or a label out of range.

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> records = np.zeros((3, 2 + 3072), np.uint8)
        >>> records[:, :2] = [[4, 30], [19, 99], [0, 7]]
        >>> with tempfile.TemporaryDirectory() as d:
        ...     records.tofile(os.path.join(d, "train.bin"))
        ...     data = ds.Cifar100Dataset(d, usage="train", shuffle=False)
        ...     labels = [(int(r["coarse_label"]), int(r["fine_label"]))
        ...               for r in data.create_dict_iterator(output_numpy=True)]
        >>> data.get_col_names(), labels
        (['image', 'coarse_label', 'fine_label'], [(4, 30), (19, 99), (0, 7)])
    """

    _columns_of, _label_limits = ("image", "coarse_label", "fine_label"), (20, 100)
