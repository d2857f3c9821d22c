"""``USPSDataset``: the USPS handwritten digits in LIBSVM text format (``usps``, ``usps.t``)."""
import os

import numpy as np

from mindcell.dataset.cache import check_cache
from mindcell.dataset.sampler_base import Shuffle
from mindcell.dataset.sources import ArraySource, check_dir_and_usage

__all__ = ["USPSDataset"]

_FILES = {"train": "usps", "test": "usps.t"}


class USPSDataset(ArraySource):
    """USPSDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): USPS from its
    uncompressed LIBSVM files in ``dataset_dir``: ``usps`` (train) and ``usps.t`` (test), one
    image per line: the class 1..10, then ``index:value`` for the 256 pixels (16x16, row by
    row) with values in [-1, 1], and a trailing space (as the published files; MindSpore
    rejects lines without it).

    Columns ``image`` (16, 16, 1) uint8, ``(value + 1) / 2 * 255`` truncated, and ``label``
    () uint32, the class minus 1.

    Args:
        dataset_dir (str): the directory of the files.
        usage (str, optional): 'train', 'test' or 'all' (the two files' lines interleaved, one
            from each in turn, as MindSpore reads them); None: 'all'. Default: ``None``.
        num_samples (int, optional): the most rows read; None: all. Default: ``None``.
        num_parallel_workers (int, optional): threads reading rows. Default: ``None``.
        shuffle (Union[bool, Shuffle], optional): ``True``/``Shuffle.GLOBAL`` shuffles every
            row each epoch, ``False``/``Shuffle.FALSE`` keeps the file order;
            ``Shuffle.FILES``/``Shuffle.INFILE`` are not implemented. Default: ``Shuffle.GLOBAL``.
        num_shards (int, optional): split the rows into this many shards. Default: ``None``.
        shard_id (int, optional): the shard read, with ``num_shards``. Default: ``None``.
        cache (DatasetCache, optional): accepted for compatibility. Default: ``None``.

    Raises:
        TypeError: ``dataset_dir`` is not a str, ``shuffle`` not a bool/Shuffle, or an option
            has a wrong type.
        ValueError: no such directory, a bad ``usage``, or only one of ``num_shards`` /
            ``shard_id``.
        NotImplementedError: ``shuffle`` is ``Shuffle.FILES`` or ``Shuffle.INFILE``.
        RuntimeError: a missing file, or a line without a class and 256 ``index:value`` pairs.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> pixels = " ".join("%d:%s" % (i + 1, "1" if i == 0 else "-1") for i in range(256))
        >>> with open(os.path.join(folder, "usps.t"), "w") as f:
        ...     _ = f.write("3 " + pixels + " \\n")
        >>> row = next(ds.USPSDataset(folder, usage="test").create_dict_iterator(output_numpy=True))
        >>> row["image"].shape, int(row["image"][0, 0, 0]), int(row["image"][0, 1, 0]), int(row["label"])
        ((16, 16, 1), 255, 0, 2)
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        op = "USPSDataset"
        check_cache(op, cache)
        usage = check_dir_and_usage(op, dataset_dir, usage)
        if isinstance(shuffle, Shuffle):
            if shuffle in (Shuffle.FILES, Shuffle.INFILE):
                raise NotImplementedError("%s: shuffle=%s is not implemented by mindcell; use "
                                          "True (Shuffle.GLOBAL) or False" % (op, shuffle))
            shuffle = shuffle is not Shuffle.FALSE
        elif not isinstance(shuffle, bool):
            raise TypeError("%s: 'shuffle' must be a bool or a Shuffle, but got %r"
                            % (op, shuffle))
        parts = [_read(op, os.path.join(dataset_dir, _FILES[p]))
                 for p in (["train", "test"] if usage == "all" else [usage])]
        images, labels = [], []
        for i in range(max(len(p[0]) for p in parts)):  # one line of each file in turn
            for part_images, part_labels in parts:
                if i < len(part_images):
                    images.append(part_images[i])
                    labels.append(part_labels[i])
        super().__init__(op, ["image", "label"], shuffle, num_samples, None, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.array(images, np.uint8).reshape(-1, 16, 16, 1),
                               np.array(labels, np.uint32)])


def _read(op, path):
    if not os.path.isfile(path):
        raise RuntimeError("%s: missing file %s" % (op, path))
    images, labels = [], []
    with open(path, "r", encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            fields = line.split()
            try:
                label = int(fields[0])
                pairs = [field.split(":") for field in fields[1:]]
                values = np.array([float(v) for _, v in pairs], np.float64)
                ok = len(pairs) == 256 and all(int(k) == j + 1 for j, (k, _) in
                                               enumerate(pairs))
            except (ValueError, IndexError):
                ok = False
            if not ok or not 1 <= label <= 10:
                raise RuntimeError("%s: line %d of %s is not a class 1..10 and 256 index:value "
                                   "pixels" % (op, number, path))
            images.append(((values + 1.0) / 2.0 * 255.0).astype(np.uint8))
            labels.append(label - 1)
    return images, labels
