"""``IMDBDataset`` (the Large Movie Review Dataset's ``aclImdb`` folder layout) and
``FakeImageDataset`` (random images and labels generated on the fly from a seed)."""
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import ArraySource, check_dir

__all__ = ["IMDBDataset", "FakeImageDataset"]


def _last_line(path):
    with open(path, "r", encoding="utf-8") as f:
        lines = f.read().splitlines()
    return lines[-1] if lines else ""


@source_options
class IMDBDataset(ArraySource):
    """IMDBDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None): the IMDB movie
    reviews of ``dataset_dir/{train,test}/{pos,neg}/*.txt`` (``unsup`` is not read). Rows
    come in the order train then test, positive then negative, files by name.

    Columns ``text`` () str (a review; MindSpore keeps a file's last line, and so does this)
    and ``label`` () int32 (1 positive, 0 negative).

    Args:
        dataset_dir (str): the ``aclImdb`` folder.
        usage (str): 'train', 'test' or 'all' (None). Default: ``None``.
        (the source options)

    Raises:
        TypeError: an option has a wrong type.
        ValueError: no such directory, or a bad ``usage``.
        RuntimeError: a ``pos``/``neg`` folder of the usage is missing.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> root = tempfile.mkdtemp()
        >>> for split, kind, text in [("train", "pos", "Loved it."), ("train", "neg", "Dull.")]:
        ...     os.makedirs(os.path.join(root, split, kind))
        ...     with open(os.path.join(root, split, kind, "0_9.txt"), "w") as f:
        ...         _ = f.write(text)
        >>> data = ds.IMDBDataset(root, usage="train", shuffle=False)
        >>> [(str(r["text"]), int(r["label"])) for r in data.create_dict_iterator(output_numpy=True)]
        [('Loved it.', 1), ('Dull.', 0)]
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, num_shards=None, shard_id=None, cache=None):
        op = "IMDBDataset"
        check_cache(op, cache)
        check_dir(op, dataset_dir)
        usage = "all" if usage is None else usage
        splits = {"train": ["train"], "test": ["test"], "all": ["train", "test"]}
        if usage not in splits:
            raise ValueError("%s: Input usage is not within the valid set of ['train', 'test', "
                             "'all'], but got %r" % (op, usage))
        texts, labels = [], []
        for split in splits[usage]:
            for kind, label in (("pos", 1), ("neg", 0)):
                folder = os.path.join(dataset_dir, split, kind)
                if not os.path.isdir(folder):
                    raise RuntimeError("%s: missing folder %s" % (op, folder))
                for name in sorted(os.listdir(folder)):
                    path = os.path.join(folder, name)
                    if name.endswith(".txt") and os.path.isfile(path):
                        texts.append(_last_line(path))
                        labels.append(label)
        super().__init__(op, ["text", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._set_columns(op, [texts, np.array(labels, np.int32)])


def _positive(op, arg, value):
    if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
        raise ValueError("%s: '%s' must be a positive int, but got %r" % (op, arg, value))
    return value


@source_options
class FakeImageDataset(ArraySource):
    """FakeImageDataset(num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0,
    num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None, num_shards=None,
    shard_id=None, cache=None): ``num_images`` random images and labels, each made on the fly
    from ``base_seed`` and its index (the same every epoch and run; MindSpore's generator draws
    other values).

    Columns ``image`` ``image_size`` uint8 (uniform in [0, 255]) and ``label`` () uint32
    (uniform in [0, num_classes)).

    Args:
        num_images (int): the number of images. Default: ``1000``.
        image_size (tuple[int]): the shape of an image. Default: ``(224, 224, 3)``.
        num_classes (int): the number of classes. Default: ``10``.
        base_seed (int): the seed the images derive from. Default: ``0``.
        (the source options)

    Raises:
        ValueError: a count is not positive, or ``image_size`` is not a tuple of positive ints.

    Examples:
        >>> import mindcell.dataset as ds
        >>> data = ds.FakeImageDataset(num_images=4, image_size=(8, 8, 3), num_classes=2)
        >>> row = next(data.create_dict_iterator(output_numpy=True))
        >>> row["image"].shape, row["image"].dtype, row["label"].dtype
        ((8, 8, 3), dtype('uint8'), dtype('uint32'))
    """

    def __init__(self, num_images=1000, image_size=(224, 224, 3), num_classes=10, base_seed=0,
                 num_samples=None, num_parallel_workers=None, shuffle=None, sampler=None,
                 num_shards=None, shard_id=None, cache=None):
        op = "FakeImageDataset"
        check_cache(op, cache)
        self.num_images = _positive(op, "num_images", num_images)
        self.num_classes = _positive(op, "num_classes", num_classes)
        if not isinstance(image_size, (tuple, list)) or not image_size or any(
                isinstance(s, bool) or not isinstance(s, int) or s <= 0 for s in image_size):
            raise ValueError("%s: 'image_size' must be a tuple of positive ints, but got %r"
                             % (op, image_size))
        if isinstance(base_seed, bool) or not isinstance(base_seed, int) or base_seed < 0:
            raise ValueError("%s: 'base_seed' must be a non-negative int, but got %r"
                             % (op, base_seed))
        self.image_size, self.base_seed = tuple(image_size), base_seed
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)

    def _length(self):
        return self.num_images

    def _labels(self):
        return np.array([self._label(i) for i in range(self.num_images)], np.uint32)

    def _label(self, index):
        return int(np.random.default_rng([self.base_seed, index, 1]).integers(self.num_classes))

    def _row_at(self, index):
        rng = np.random.default_rng([self.base_seed, index])
        image = rng.integers(0, 256, self.image_size, dtype=np.uint8)
        return image, np.array(self._label(index), np.uint32)
