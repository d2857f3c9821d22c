"""``ImageFolderDataset``: image files in one folder per class."""
import numbers
import os

import numpy as np

from mindcell.dataset._docs import source_options
from mindcell.dataset.cache import check_cache
from mindcell.dataset.sources import MappableSource, check_dir
from mindcell.dataset.vision._decode import decode

__all__ = ["ImageFolderDataset"]


def _check_options(op, extensions, class_indexing, decode_flag, decrypt):
    if extensions is not None and (not isinstance(extensions, (list, tuple)) or not all(
            isinstance(e, str) for e in extensions)):
        raise TypeError("%s: 'extensions' must be a list of str (e.g. ['.JPEG', '.png']), but "
                        "got %r" % (op, extensions))
    if class_indexing is not None:
        if not isinstance(class_indexing, dict) or not all(
                isinstance(k, str) and isinstance(v, numbers.Integral)
                and not isinstance(v, bool) for k, v in class_indexing.items()):
            raise TypeError("%s: 'class_indexing' must be a dict of str to int, but got %r"
                            % (op, class_indexing))
        if any(v < 0 for v in class_indexing.values()):
            raise ValueError("%s: 'class_indexing' labels must be >= 0, but got %r"
                             % (op, class_indexing))
    if not isinstance(decode_flag, bool):
        raise TypeError("%s: 'decode' must be a bool, but got %r" % (op, decode_flag))
    if decrypt is not None:
        raise ValueError("%s: 'decrypt' is not supported by mindcell (got %r)" % (op, decrypt))


def _scan(op, root, extensions, class_indexing):
    """The (path, label) of every image, class folders in name order, files in name order."""
    if class_indexing is None:
        classes = sorted(d for d in os.listdir(root) if os.path.isdir(os.path.join(root, d)))
        class_indexing = {c: i for i, c in enumerate(classes)}
    else:
        for c in class_indexing:
            if not os.path.isdir(os.path.join(root, c)):
                raise ValueError("%s: class_indexing names the folder %r, which is not in %s"
                                 % (op, c, root))
    files = []
    for c in sorted(class_indexing):
        folder = os.path.join(root, c)
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if os.path.isfile(path) and (extensions is None
                                         or os.path.splitext(name)[1] in extensions):
                files.append((path, class_indexing[c]))
    if not files:
        raise RuntimeError("%s: no image files%s in the class folders of %s"
                           % (op, "" if extensions is None else " with extensions %s"
                              % list(extensions), root))
    return files, dict(class_indexing)


@source_options
class ImageFolderDataset(MappableSource):
    """ImageFolderDataset(dataset_dir, num_samples=None, num_parallel_workers=None,
    shuffle=None, sampler=None, extensions=None, class_indexing=None, decode=False,
    num_shards=None, shard_id=None, cache=None, decrypt=None): the image files of the
    sub-folders of ``dataset_dir``, one folder per class.

    Columns ``image`` (the file's bytes, 1-d uint8; with ``decode`` an <H, W, 3> uint8 RGB
    image) and ``label`` () int32. Unshuffled, the rows go class folder by class folder in
    name order, files in name order.

    Args:
        dataset_dir (str): the folder of the class folders.
        extensions (list[str], optional): read only files with these extensions (e.g.
            ``['.JPEG']``, compared exactly); None: every file. Default: ``None``.
        class_indexing (dict[str, int], optional): folder name -> label (>= 0); only these
            folders are read. None: every folder, labelled 0, 1 ... in name order.
            Default: ``None``.
        decode (bool, optional): decode the images (needs Pillow); else the ``image`` column
            holds the encoded bytes (``vision.Decode`` decodes them later). Default: ``False``.
        decrypt (callable, optional): not supported; must be None. Default: ``None``.
        (the source options)

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: no such directory, a ``class_indexing`` folder that is missing, a
            negative label, ``decrypt`` given, ``sampler`` with ``shuffle``, or a count out of
            range.
        RuntimeError: no image files, or (when iterated) a file that does not decode (named).

    Examples:
        >>> import os, tempfile
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> from mindcell.dataset import vision
        >>> with tempfile.TemporaryDirectory() as d:
        ...     for label, name in enumerate(["cat", "dog"]):
        ...         os.mkdir(os.path.join(d, name))
        ...         image = np.full((2, 3, 3), label, np.uint8)
        ...         vision.write_png(os.path.join(d, name, "a.png"), image)
        ...     data = ds.ImageFolderDataset(d, shuffle=False, decode=True)
        ...     rows = [(r["image"].shape, int(r["label"])) for r in data.create_dict_iterator()]
        >>> data.get_class_indexing(), rows
        ({'cat': 0, 'dog': 1}, [((2, 3, 3), 0), ((2, 3, 3), 1)])
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=None,
                 sampler=None, extensions=None, class_indexing=None, decode=False,
                 num_shards=None, shard_id=None, cache=None, decrypt=None):
        op = "ImageFolderDataset"
        check_dir(op, dataset_dir)
        check_cache(op, cache)
        _check_options(op, extensions, class_indexing, decode, decrypt)
        super().__init__(op, ["image", "label"], shuffle, num_samples, sampler, num_shards,
                         shard_id, num_parallel_workers)
        self._files, self._class_indexing = _scan(op, os.fspath(dataset_dir), extensions,
                                                  class_indexing)
        self.decode = decode

    def get_class_indexing(self):
        """get_class_indexing(): the folder name -> label dict of the classes read.

        Returns:
            dict[str, int].

        Examples:
            >>> import pathlib, tempfile
            >>> import mindcell.dataset as ds
            >>> with tempfile.TemporaryDirectory() as d:
            ...     pathlib.Path(d, "b").mkdir()
            ...     _ = pathlib.Path(d, "b", "x.jpg").write_bytes(b"not decoded")
            ...     print(ds.ImageFolderDataset(d, class_indexing={"b": 7}).get_class_indexing())
            {'b': 7}
        """
        return dict(self._class_indexing)

    def _length(self):
        return len(self._files)

    def _labels(self):
        return np.array([label for _, label in self._files], np.int32)

    def _row_at(self, index):
        path, label = self._files[index]
        data = np.fromfile(path, dtype=np.uint8)
        if self.decode:
            try:
                data = decode("ImageFolderDataset", data)
            except RuntimeError as exc:
                raise RuntimeError("%s (file %s)" % (exc, path)) from None
        return data, np.array(label, np.int32)
