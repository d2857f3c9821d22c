"""``SemeionDataset``: the Semeion handwritten digits (``semeion.data``, one text line per
image)."""
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir

__all__ = ["SemeionDataset"]


@source_options
class SemeionDataset(ArraySource):
    """SemeionDataset(dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
    sampler=None, num_shards=None, shard_id=None, cache=None): the Semeion handwritten digits
    from ``semeion.data`` in ``dataset_dir``: one line per image, 256 pixel values (a 16x16
    image, row by row, 0 or 1) then a one-hot code of the digit over 10 values.

    Columns ``image`` (16, 16) uint8 (the pixel values) and ``label`` () uint32 (the digit).

    Args:
        dataset_dir (str): the directory of ``semeion.data``.
        (the source options)

    Raises:
        TypeError: ``dataset_dir`` is not a str, an option has a wrong type, or ``cache`` is
            not a DatasetCache.
        ValueError: no such directory, ``sampler`` with ``shuffle``, only one of
            ``num_shards`` / ``shard_id``, or a count out of range.
        RuntimeError: ``semeion.data`` is missing, or a line has not 266 numbers.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> line = " ".join(["1.0000"] * 256 + ["0", "0", "1"] + ["0"] * 7)
        >>> with open(os.path.join(folder, "semeion.data"), "w") as f:
        ...     _ = f.write(line + "\\n")
        >>> row = next(ds.SemeionDataset(folder).create_dict_iterator(output_numpy=True))
        >>> row["image"].shape, int(row["image"].sum()), int(row["label"])
        ((16, 16), 256, 2)
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "SemeionDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        path = os.path.join(dataset_dir, "semeion.data")
        if not os.path.isfile(path):
            raise RuntimeError("%s: missing file %s" % (op, path))
        images, labels = [], []
        with open(path, "r", encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    values = np.array(line.split(), np.float64)
                except ValueError:
                    values = np.zeros(0)
                if values.size != 266:
                    raise RuntimeError("%s: line %d of %s has %d numbers, expected 256 pixels "
                                       "and 10 label values" % (op, number, path, values.size))
                images.append(values[:256].reshape(16, 16).astype(np.uint8))
                labels.append(int(np.argmax(values[256:])))
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [np.array(images, np.uint8).reshape(-1, 16, 16),
                               np.array(labels, np.uint32)])
