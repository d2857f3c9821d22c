"""``CocoDataset``: images and annotations of a COCO-format annotation file (the Detection and
Keypoint tasks)."""
import json
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import MappableSource, check_dir
from mindcell.dataset.vision._decode import decode as _decode

__all__ = ["CocoDataset"]

_COLUMNS = {"Detection": ["image", "bbox", "category_id", "iscrowd"],
            "Keypoint": ["image", "keypoints", "num_keypoints"]}
_NOT_IMPLEMENTED = ("Stuff", "Panoptic", "Captioning")


@source_options
class CocoDataset(MappableSource):
    """CocoDataset(dataset_dir, annotation_file, task='Detection', num_samples=None,
    num_parallel_workers=None, shuffle=None, decode=False, sampler=None, num_shards=None,
    shard_id=None, cache=None, extra_metadata=False, decrypt=None): the images of
    ``dataset_dir`` listed in a COCO annotation file (``images``, ``annotations``,
    ``categories``), one row per image that has annotations, in the file's ``images`` order.

    Columns by ``task``:

    - ``'Detection'``: ``image``, ``bbox`` float32 (N, 4) (COCO's x, y, width, height),
      ``category_id`` uint32 (N, 1), ``iscrowd`` uint32 (N, 1).
    - ``'Keypoint'``: ``image``, ``keypoints`` float32 (N, 51), ``num_keypoints`` uint32 (N, 1).

    ``image`` is the file's bytes (uint8 1-D), or HWC uint8 with ``decode``.

    Args:
        dataset_dir (str): the directory of the image files.
        annotation_file (str): the COCO JSON annotation file.
        task (str, optional): 'Detection' or 'Keypoint'; 'Stuff', 'Panoptic' and 'Captioning'
            are not implemented by mindcell. Default: ``'Detection'``.
        decode (bool, optional): decode the images. Default: ``False``.
        extra_metadata (bool, optional): the ``_meta-filename`` column is not implemented:
            must be False. Default: ``False``.
        decrypt (callable, optional): not implemented: must be None. Default: ``None``.
        (the source options)

    Raises:
        TypeError: a path is not a str, ``decode`` not a bool, or an option has a wrong type.
        ValueError: no such directory, an unknown ``task``, ``sampler`` with ``shuffle``, or
            only one of ``num_shards`` / ``shard_id``.
        NotImplementedError: ``task`` is 'Stuff', 'Panoptic' or 'Captioning', or
            ``extra_metadata``/``decrypt`` is set.
        RuntimeError: the annotation file is missing or malformed, or an image file is
            missing (when read).

    Examples:
        >>> import json, os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "a.jpg"), "wb") as f:
        ...     _ = f.write(b"jpeg bytes")
        >>> ann = {"images": [{"id": 1, "file_name": "a.jpg"}],
        ...        "annotations": [{"id": 1, "image_id": 1, "category_id": 3, "iscrowd": 0,
        ...                         "bbox": [1, 2, 30, 40]}],
        ...        "categories": [{"id": 3, "name": "car"}]}
        >>> with open(os.path.join(folder, "ann.json"), "w") as f:
        ...     json.dump(ann, f)
        >>> data = ds.CocoDataset(folder, os.path.join(folder, "ann.json"), shuffle=False)
        >>> row = next(data.create_dict_iterator(output_numpy=True))
        >>> row["bbox"].tolist(), row["category_id"].tolist(), data.get_class_indexing()
        ([[1.0, 2.0, 30.0, 40.0]], [[3]], {'car': [3]})
    """

    def __init__(self, dataset_dir, annotation_file, task="Detection", num_samples=None,
                 num_parallel_workers=None, shuffle=None, decode=False, sampler=None,
                 num_shards=None, shard_id=None, cache=None, extra_metadata=False,
                 decrypt=None):
        op = "CocoDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        if not isinstance(annotation_file, str):
            raise TypeError("%s: 'annotation_file' must be a str, but got %r"
                            % (op, annotation_file))
        if task in _NOT_IMPLEMENTED:
            raise NotImplementedError("%s: task %r is not implemented by mindcell (Detection "
                                      "and Keypoint are)" % (op, task))
        if task not in _COLUMNS:
            raise ValueError("%s: 'task' must be one of Detection, Stuff, Panoptic, Keypoint, "
                             "Captioning, but got %r" % (op, task))
        if not isinstance(decode, bool):
            raise TypeError("%s: 'decode' must be a bool, but got %r" % (op, decode))
        if extra_metadata:
            raise NotImplementedError("%s: extra_metadata (the _meta-filename column) is not "
                                      "implemented by mindcell" % op)
        if decrypt is not None:
            raise NotImplementedError("%s: 'decrypt' is not implemented by mindcell" % op)
        super().__init__(op, _COLUMNS[task], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self.decode, self.task, self._dir = decode, task, os.fspath(dataset_dir)
        self._items, self._class_indexing = _parse(op, annotation_file, task)

    def get_class_indexing(self):
        """get_class_indexing(): category name -> [category id] (the Detection task).

        Returns:
            dict[str, list[int]].

        Examples:
            >>> import json, os, tempfile
            >>> import mindcell.dataset as ds
            >>> folder = tempfile.mkdtemp()
            >>> with open(os.path.join(folder, "ann.json"), "w") as f:
            ...     json.dump({"images": [], "annotations": [],
            ...                "categories": [{"id": 2, "name": "dog"}]}, f)
            >>> ds.CocoDataset(folder, os.path.join(folder, "ann.json")).get_class_indexing()
            {'dog': [2]}
        """
        return {k: list(v) for k, v in self._class_indexing.items()}

    def _length(self):
        return len(self._items)

    def _row_at(self, index):
        name, columns = self._items[index]
        path = os.path.join(self._dir, name)
        if not os.path.isfile(path):
            raise RuntimeError("CocoDataset: the image %s does not exist" % path)
        data = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            data = _decode("CocoDataset", data)
        return (data,) + tuple(c.copy() for c in columns)


def _parse(op, annotation_file, task):
    if not os.path.isfile(annotation_file):
        raise RuntimeError("%s: no such annotation file: %s" % (op, annotation_file))
    try:
        with open(annotation_file, "r", encoding="utf-8") as f:
            doc = json.load(f)
        images = [(im["id"], im["file_name"]) for im in doc.get("images", [])]
        anns = doc.get("annotations", [])
        cats = {c["name"]: [c["id"]] for c in doc.get("categories", [])}
    except (ValueError, KeyError, TypeError) as exc:
        raise RuntimeError("%s: %s is not a COCO annotation file (%s)"
                           % (op, annotation_file, exc)) from None
    by_image = {}
    for a in anns:
        by_image.setdefault(a.get("image_id"), []).append(a)
    items = []
    for image_id, name in images:
        group = by_image.get(image_id)
        if not group:
            continue  # as MindSpore: images without annotations are not rows
        try:
            if task == "Detection":
                columns = (np.array([a["bbox"] for a in group], np.float32).reshape(-1, 4),
                           np.array([[a["category_id"]] for a in group], np.uint32),
                           np.array([[a.get("iscrowd", 0)] for a in group], np.uint32))
            else:
                columns = (np.array([a["keypoints"] for a in group], np.float32).reshape(
                    len(group), -1),
                           np.array([[a["num_keypoints"]] for a in group], np.uint32))
        except (KeyError, ValueError, TypeError) as exc:
            raise RuntimeError("%s: the annotations of image %s in %s lack a %s field (%s)"
                               % (op, image_id, annotation_file, task, exc)) from None
        items.append((name, columns))
    return items, cats
