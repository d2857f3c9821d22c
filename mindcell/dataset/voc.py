"""``VOCDataset`` (PASCAL VOC: segmentation masks or detection boxes) and ``CityscapesDataset``,
read from their directory trees (nothing is downloaded)."""
import json
import numbers
import os
import xml.etree.ElementTree as ET

import numpy as np

from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import MappableSource
from mindcell.dataset.vision._decode import decode as _decode

__all__ = ["VOCDataset", "CityscapesDataset"]


def _check_flags(op, decode, decrypt, extra_metadata=False):
    if not isinstance(decode, bool):
        raise TypeError("%s: 'decode' must be a bool, but got %r" % (op, decode))
    if decrypt is not None:
        raise ValueError("%s: 'decrypt' is not supported by mindcell (got %r)" % (op, decrypt))
    if not isinstance(extra_metadata, bool):
        raise TypeError("%s: 'extra_metadata' must be a bool, but got %r" % (op, extra_metadata))
    if extra_metadata:
        raise NotImplementedError("%s: extra_metadata=True (the hidden '_meta-filename' column) "
                                  "is not supported by mindcell" % op)


def _read(op, path, decode):
    data = np.fromfile(path, dtype=np.uint8)
    if not decode:
        return data
    try:
        return _decode(op, data)
    except RuntimeError as exc:
        raise RuntimeError("%s (file %s)" % (exc, path)) from None


def _number(op, path, node, tag):
    found = node.find(tag)
    if found is None or found.text is None:
        raise RuntimeError("%s: %s: an object's bndbox has no <%s>" % (op, path, tag))
    try:
        return float(found.text)
    except ValueError:
        raise RuntimeError("%s: %s: <%s> is %r, not a number"
                           % (op, path, tag, found.text)) from None


def _flag(node, tag):
    found = node.find(tag)
    return int(float(found.text)) if found is not None and found.text else 0


def _objects(op, path):
    """[(name, [xmin, ymin, w, h], difficult, truncated)] of an annotation file."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise RuntimeError("%s: cannot read the annotation %s: %s" % (op, path, exc)) from None
    found = []
    for obj in root.iter("object"):
        name = (obj.findtext("name") or "").strip()
        box = obj.find("bndbox")
        if not name or box is None:
            raise RuntimeError("%s: %s: an <object> without <name> or <bndbox>" % (op, path))
        xmin, ymin, xmax, ymax = (_number(op, path, box, t)
                                  for t in ("xmin", "ymin", "xmax", "ymax"))
        if min(xmin, ymin, xmax, ymax) <= 0:
            raise RuntimeError("%s: Invalid bndbox, the coordinate of bndbox in %s should be "
                               "greater than 0, but got {%g, %g, %g, %g}"
                               % (op, path, xmin, ymin, xmax, ymax))
        found.append((name, [xmin, ymin, xmax - xmin, ymax - ymin], _flag(obj, "difficult"),
                      _flag(obj, "truncated")))
    return found


class VOCDataset(MappableSource):
    """VOCDataset(dataset_dir, task='Segmentation', usage='train', class_indexing=None,
    num_samples=None, num_parallel_workers=None, shuffle=None, decode=False, sampler=None,
    num_shards=None, shard_id=None, cache=None, extra_metadata=False, decrypt=None): PASCAL
    VOC from its directory tree (``JPEGImages/``, ``SegmentationClass/``, ``Annotations/``,
    ``ImageSets/Segmentation/<usage>.txt``, ``ImageSets/Main/<usage>.txt``); the rows are the
    images the usage file lists, in its order.

    Columns, task ``'Segmentation'``: ``image`` and ``target`` (the mask PNG), each the file's
    bytes (1-D uint8) or, with ``decode``, an <H, W, 3> uint8 RGB image (a palette mask is
    decoded to its colours). Task ``'Detection'``: ``image``, ``bbox`` (N, 4) float32 rows of
    ``[xmin, ymin, width, height]``, ``label``, ``difficult`` and ``truncate``, each (N, 1)
    uint32, one row per object of the annotation whose class is in ``class_indexing``.

    Args:
        dataset_dir (str): the ``VOC20xx`` folder.
        task (str): 'Segmentation' or 'Detection'.
        usage (str): the list in ``ImageSets/<Segmentation|Main>/`` to read ('train',
            'val', 'trainval' ...).
        class_indexing (dict[str, int]): Detection only: class name -> label; objects of
            other classes are left out. None: every class of the listed annotations, labelled
            in name order.
        decode (bool): decode the images (needs Pillow).
        num_samples, shuffle, sampler, num_shards, shard_id: as
            :class:`NumpySlicesDataset`'s (shuffled by default).
        num_parallel_workers (int): threads reading the files (same order).
        cache (DatasetCache): accepted; the rows are read uncached (see DatasetCache).
        extra_metadata (bool): only False (mindcell has no hidden meta columns).
        decrypt: only None.

    Raises:
        TypeError: an argument of another type. ValueError: no such folder or usage file, a
        bad ``task``, ``class_indexing`` with Segmentation. RuntimeError: a listed file that is
        missing, an annotation that does not parse or has a box coordinate <= 0.
        NotImplementedError: ``extra_metadata=True``.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for d in ("JPEGImages", "Annotations", "ImageSets/Main"):
        ...     os.makedirs(os.path.join(root, d))
        >>> with open(os.path.join(root, "JPEGImages", "a.jpg"), "wb") as f:
        ...     _ = f.write(b"not decoded")
        >>> box = "<bndbox><xmin>2</xmin><ymin>1</ymin><xmax>5</xmax><ymax>4</ymax></bndbox>"
        >>> with open(os.path.join(root, "Annotations", "a.xml"), "w") as f:
        ...     _ = f.write("<annotation><object><name>dog</name>%s</object></annotation>" % box)
        >>> with open(os.path.join(root, "ImageSets", "Main", "train.txt"), "w") as f:
        ...     _ = f.write("a\\n")
        >>> data = ds.VOCDataset(root, task="Detection", usage="train", shuffle=False)
        >>> row = next(data.create_dict_iterator(output_numpy=True))
        >>> row["bbox"].tolist(), row["label"].tolist(), data.get_class_indexing()
        ([[2.0, 1.0, 3.0, 3.0]], [[0]], {'dog': 0})
    """

    def __init__(self, dataset_dir, task="Segmentation", usage="train", class_indexing=None,
                 num_samples=None, num_parallel_workers=None, shuffle=None, decode=False,
                 sampler=None, num_shards=None, shard_id=None, cache=None,
                 extra_metadata=False, decrypt=None):
        op = "VOCDataset"
        if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
            raise ValueError("%s: the folder %r does not exist or is not a directory"
                             % (op, dataset_dir))
        check_cache(op, cache)
        _check_flags(op, decode, decrypt, extra_metadata)
        if task not in ("Segmentation", "Detection"):
            raise ValueError("%s: Invalid task : %s (expected 'Segmentation' or 'Detection')."
                             % (op, task))
        if not isinstance(usage, str):
            raise TypeError("%s: 'usage' must be a str, but got %r" % (op, usage))
        if class_indexing is not None:
            if task == "Segmentation":
                raise ValueError("%s: class_indexing is not supported in Segmentation task."
                                 % op)
            if not isinstance(class_indexing, dict) or not all(
                    isinstance(k, str) and isinstance(v, numbers.Integral)
                    and not isinstance(v, bool) and v >= 0 for k, v in class_indexing.items()):
                raise TypeError("%s: 'class_indexing' must be a dict of str to int >= 0, but "
                                "got %r" % (op, class_indexing))
        root = os.fspath(dataset_dir)
        listing = os.path.join(root, "ImageSets", "Main" if task == "Detection"
                               else "Segmentation", usage + ".txt")
        if not os.path.isfile(listing):
            raise ValueError("%s: The file %s does not exist." % (op, listing))
        with open(listing, encoding="utf-8") as f:
            names = [line.strip() for line in f if line.strip()]
        columns = (["image", "bbox", "label", "difficult", "truncate"] if task == "Detection"
                   else ["image", "target"])
        super().__init__(op, columns, shuffle, num_samples, sampler, num_shards, shard_id,
                         num_parallel_workers)
        self.task, self.decode = task, decode
        self._images = [os.path.join(root, "JPEGImages", n + ".jpg") for n in names]
        if task == "Segmentation":
            self._targets = [os.path.join(root, "SegmentationClass", n + ".png") for n in names]
            self._class_indexing = None
            paths = self._images + self._targets
        else:
            notes = [os.path.join(root, "Annotations", n + ".xml") for n in names]
            paths = self._images + notes
        for path in paths:
            if not os.path.isfile(path):
                raise RuntimeError("%s: missing file %s (listed in %s)" % (op, path, listing))
        if task == "Detection":
            self._objects = [_objects(op, p) for p in notes]
            if class_indexing is None:
                classes = sorted({o[0] for objs in self._objects for o in objs})
                class_indexing = {c: i for i, c in enumerate(classes)}
            self._class_indexing = dict(class_indexing)

    def get_class_indexing(self):
        """get_class_indexing(): the class name -> label dict (Detection only).

        Raises:
            NotImplementedError: task 'Segmentation' (as MindSpore).
        """
        if self.task != "Detection":
            raise NotImplementedError("Only 'Detection' support get_class_indexing.")
        return dict(self._class_indexing)

    def _length(self):
        return len(self._images)

    def _row_at(self, index):
        image = _read("VOCDataset", self._images[index], self.decode)
        if self.task == "Segmentation":
            return image, _read("VOCDataset", self._targets[index], self.decode)
        kept = [o for o in self._objects[index] if o[0] in self._class_indexing]
        column = (lambda v: np.array(v, np.uint32).reshape(-1, 1))
        return (image, np.array([o[1] for o in kept], np.float32).reshape(-1, 4),
                column([self._class_indexing[o[0]] for o in kept]),
                column([o[2] for o in kept]), column([o[3] for o in kept]))


_CITY_USAGE = {"fine": ("train", "test", "val", "all"),
               "coarse": ("train", "train_extra", "val", "all")}
_CITY_SUFFIX = {"instance": "instanceIds.png", "semantic": "labelIds.png",
                "color": "color.png", "polygon": "polygons.json"}


class CityscapesDataset(MappableSource):
    """CityscapesDataset(dataset_dir, usage='train', quality_mode='fine', task='instance',
    num_samples=None, num_parallel_workers=None, shuffle=None, decode=None, sampler=None,
    num_shards=None, shard_id=None, cache=None): Cityscapes from its directory tree:
    ``leftImg8bit/<split>/<city>/<name>_leftImg8bit.png`` and
    ``gtFine|gtCoarse/<split>/<city>/<name>_gtFine|gtCoarse_<kind>``; rows in split, city and
    file name order.

    Columns ``image`` and ``task``: the files' bytes (1-D uint8), or with ``decode`` <H, W, 3>
    uint8 RGB images; for task ``'polygon'`` the ``task`` column is the JSON of the polygons
    file, compact with sorted keys (a str).

    Args:
        dataset_dir (str): the folder holding ``leftImg8bit`` and ``gtFine``/``gtCoarse``.
        usage (str): 'train', 'test', 'val' or 'all' (fine); 'train', 'train_extra', 'val'
            or 'all' (coarse).
        quality_mode (str): 'fine' or 'coarse'.
        task (str): 'instance' (``instanceIds.png``), 'semantic' (``labelIds.png``),
            'color' (``color.png``) or 'polygon' (``polygons.json``).
        decode (bool): decode the images (needs Pillow); None is False.
        num_samples, shuffle, sampler, num_shards, shard_id: as
            :class:`NumpySlicesDataset`'s (shuffled by default).
        num_parallel_workers (int): threads reading the files (same order).
        cache (DatasetCache): accepted; the rows are read uncached (see DatasetCache).

    Raises:
        TypeError: an argument of another type. ValueError: no such folder, a bad
        ``usage``, ``quality_mode`` or ``task``. RuntimeError: a split folder that is missing
        (every split for 'all'), no images, or an image without its annotation file.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for top, name in (("leftImg8bit", "leftImg8bit.png"),
        ...                   ("gtFine", "gtFine_polygons.json")):
        ...     os.makedirs(os.path.join(root, top, "val", "bonn"))
        ...     path = os.path.join(root, top, "val", "bonn", "bonn_000001_" + name)
        ...     with open(path, "w") as f:
        ...         _ = f.write('{"objects": []}')
        >>> data = ds.CityscapesDataset(root, usage="val", task="polygon")
        >>> str(next(data.create_dict_iterator(output_numpy=True))["task"])
        '{"objects":[]}'
    """

    def __init__(self, dataset_dir, usage="train", quality_mode="fine", task="instance",
                 num_samples=None, num_parallel_workers=None, shuffle=None, decode=None,
                 sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "CityscapesDataset"
        if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
            raise ValueError("%s: the folder %r does not exist or is not a directory"
                             % (op, dataset_dir))
        check_cache(op, cache)
        decode = False if decode is None else decode
        _check_flags(op, decode, None)
        if quality_mode not in _CITY_USAGE:
            raise ValueError("%s: 'quality_mode' must be 'fine' or 'coarse', but got %r"
                             % (op, quality_mode))
        if usage not in _CITY_USAGE[quality_mode]:
            raise ValueError("%s: 'usage' must be one of %s for quality_mode %r, but got %r"
                             % (op, list(_CITY_USAGE[quality_mode]), quality_mode, usage))
        if task not in _CITY_SUFFIX:
            raise ValueError("%s: 'task' must be one of %s, but got %r"
                             % (op, list(_CITY_SUFFIX), task))
        super().__init__(op, ["image", "task"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self.task, self.decode = task, decode
        root = os.fspath(dataset_dir)
        gt = "gtFine" if quality_mode == "fine" else "gtCoarse"
        splits = [u for u in _CITY_USAGE[quality_mode] if u != "all"] if usage == "all" \
            else [usage]
        self._pairs = []
        for split in splits:
            folder = os.path.join(root, "leftImg8bit", split)
            if not os.path.isdir(folder):
                raise RuntimeError("%s: Invalid path, %s is not a directory (usage %r reads "
                                   "the splits %s)" % (op, folder, usage, splits))
            for city in sorted(os.listdir(folder)):
                city_dir = os.path.join(folder, city)
                if not os.path.isdir(city_dir):
                    continue
                for name in sorted(os.listdir(city_dir)):
                    if not name.endswith("_leftImg8bit.png"):
                        continue
                    stem = name[:-len("_leftImg8bit.png")]
                    target = os.path.join(root, gt, split, city, "%s_%s_%s"
                                          % (stem, gt, _CITY_SUFFIX[task]))
                    if not os.path.isfile(target):
                        raise RuntimeError("%s: %s has no annotation %s"
                                           % (op, os.path.join(city_dir, name), target))
                    self._pairs.append((os.path.join(city_dir, name), target))
        if not self._pairs:
            raise RuntimeError("%s: no images (*_leftImg8bit.png) for usage %r under %s"
                               % (op, usage, os.path.join(root, "leftImg8bit")))

    def _length(self):
        return len(self._pairs)

    def _row_at(self, index):
        image_path, target_path = self._pairs[index]
        image = _read("CityscapesDataset", image_path, self.decode)
        if self.task == "polygon":
            with open(target_path, encoding="utf-8") as f:
                text = f.read()
            try:
                polygons = json.loads(text)
            except ValueError as exc:
                raise RuntimeError("CityscapesDataset: %s is not JSON: %s"
                                   % (target_path, exc)) from None
            # MindSpore re-serializes the file compactly, keys sorted
            return image, np.array(json.dumps(polygons, separators=(",", ":"), sort_keys=True,
                                              ensure_ascii=False))
        return image, _read("CityscapesDataset", target_path, self.decode)
