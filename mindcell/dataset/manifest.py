"""``ManifestDataset``: images listed in a ModelArts manifest file (one JSON object per line)."""
import json
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import MappableSource
from mindcell.dataset.vision._decode import decode

__all__ = ["ManifestDataset"]

_CLASSIFICATION = "modelarts/image_classification"


@source_options
class ManifestDataset(MappableSource):
    """ManifestDataset(dataset_file, usage='train', num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, class_indexing=None, decode=False, num_shards=None,
    shard_id=None, cache=None): the images of a manifest file, one JSON object per line::

        {"source": "/data/0.jpg", "usage": "train",
         "annotation": [{"type": "modelarts/image_classification", "name": "dog"}]}

    Lines whose ``usage`` (compared case-insensitively) is ``usage`` are read, in file order;
    the class names are those of the ``modelarts/image_classification`` annotations.

    Columns ``image`` (the file's bytes, uint8 1-D; decoded HWC uint8 with ``decode``) and
    ``label``: int32, the class index, or a 1-D int32 array for an image of several classes
    (in the order of its annotations).

    Args:
        dataset_file (str): the manifest file.
        usage (str, optional): 'train', 'eval' or 'inference'. Default: ``'train'``.
        class_indexing (dict[str, int], optional): class name -> index; classes not in it are
            dropped, and images left without a class are skipped. None: the class names of the
            rows read, in sorted order, numbered from 0. Default: ``None``.
        decode (bool, optional): decode the images. Default: ``False``.
        (the source options)

    Raises:
        TypeError: ``dataset_file`` is not a str, ``class_indexing`` not a dict of str -> int,
            ``decode`` not a bool, or an option has a wrong type.
        ValueError: ``sampler`` with ``shuffle``, only one of ``num_shards`` / ``shard_id``, or
            a count out of range.
        RuntimeError: no such file, a bad ``usage`` (as MindSpore), a line that is not a JSON
            object with ``source`` and ``usage``, or no image for ``usage``.

    Examples:
        >>> import json, os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> lines = []
        >>> for i, names in enumerate((["dog"], ["cat", "dog"], ["cat"])):
        ...     path = os.path.join(folder, "%d.jpg" % i)
        ...     with open(path, "wb") as f:
        ...         _ = f.write(bytes([255, 216, 255, i]))
        ...     ann = [{"type": "modelarts/image_classification", "name": n} for n in names]
        ...     lines.append(json.dumps({"source": path, "usage": "train", "annotation": ann}))
        >>> with open(os.path.join(folder, "data.manifest"), "w") as f:
        ...     _ = f.write("\\n".join(lines))
        >>> data = ds.ManifestDataset(os.path.join(folder, "data.manifest"), shuffle=False)
        >>> data.get_class_indexing()
        {'cat': 0, 'dog': 1}
        >>> [r["label"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
        [1, [0, 1], 0]
    """

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, class_indexing=None, decode=False, num_shards=None,
                 shard_id=None, cache=None):
        op = "ManifestDataset"
        check_cache(op, cache)
        if not isinstance(dataset_file, str):
            raise TypeError("%s: 'dataset_file' must be a str, but got %r" % (op, dataset_file))
        if not isinstance(usage, str) or usage not in ("train", "eval", "inference"):
            raise RuntimeError("%s: 'usage' must be 'train', 'eval' or 'inference', but got %r"
                               % (op, usage))
        if class_indexing is not None and not (
                isinstance(class_indexing, dict)
                and all(isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool)
                        for k, v in class_indexing.items())):
            raise TypeError("%s: 'class_indexing' must be a dict of str -> int, but got %r"
                            % (op, class_indexing))
        if not isinstance(decode, bool):
            raise TypeError("%s: 'decode' must be a bool, but got %r" % (op, decode))
        if not os.path.isfile(dataset_file):
            raise RuntimeError("%s: no such manifest file: %s" % (op, dataset_file))
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        entries = _parse(op, dataset_file, usage)
        if class_indexing is None:
            class_indexing = {n: i for i, n in enumerate(sorted({n for _, names in entries
                                                                 for n in names}))}
        self._class_indexing = dict(class_indexing)
        self._items = []
        for path, names in entries:
            ids = [class_indexing[n] for n in names if n in class_indexing]
            if ids:
                self._items.append((path, np.array(ids[0] if len(ids) == 1 else ids, np.int32)))
        if not self._items:
            raise RuntimeError("%s: no images with usage %r (and a class of class_indexing) in "
                               "%s" % (op, usage, dataset_file))
        self.decode = decode

    def get_class_indexing(self):
        """get_class_indexing(): the class name -> index dict of the classes read.

        Returns:
            dict[str, int].

        Examples:
            >>> import json, os, tempfile
            >>> import mindcell.dataset as ds
            >>> folder = tempfile.mkdtemp()
            >>> path = os.path.join(folder, "a.jpg")
            >>> with open(path, "wb") as f:
            ...     _ = f.write(b"x")
            >>> with open(os.path.join(folder, "m.manifest"), "w") as f:
            ...     _ = f.write(json.dumps({"source": path, "usage": "eval", "annotation": [
            ...         {"type": "modelarts/image_classification", "name": "bird"}]}))
            >>> ds.ManifestDataset(os.path.join(folder, "m.manifest"), usage="eval").get_class_indexing()
            {'bird': 0}
        """
        return dict(self._class_indexing)

    def _length(self):
        return len(self._items)

    def _labels(self):
        return np.array([label.reshape(-1)[0] for _, label in self._items], np.int32)

    def _row_at(self, index):
        path, label = self._items[index]
        if not os.path.isfile(path):
            raise RuntimeError("ManifestDataset: the image %s does not exist" % path)
        data = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            try:
                data = decode("ManifestDataset", data)
            except RuntimeError as exc:
                raise RuntimeError("%s (file %s)" % (exc, path)) from None
        return data, label.copy()


def _parse(op, dataset_file, usage):
    """(image path, [class names]) of the lines of ``usage``."""
    entries = []
    with open(dataset_file, "r", encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                source, line_usage = obj["source"], obj["usage"]
            except (ValueError, KeyError, TypeError):
                raise RuntimeError("%s: line %d of %s is not a JSON object with 'source' and "
                                   "'usage'" % (op, number, dataset_file)) from None
            if str(line_usage).lower() != usage:
                continue
            names = [a.get("name") for a in obj.get("annotation", [])
                     if isinstance(a, dict) and a.get("type") == _CLASSIFICATION]
            entries.append((str(source), [str(n) for n in names if n is not None]))
    return entries
