"""More text corpora read from their released files (nothing is downloaded): the CSV news and
question corpora ``AGNewsDataset``, ``DBpediaDataset``, ``SogouNewsDataset`` and
``YahooAnswersDataset`` (quoted records without a header in ``train.csv`` / ``test.csv``), and
the line corpora ``PennTreebankDataset`` and ``EnWik9Dataset``. Columns, file names and the
row order of ``usage='all'`` (the files' rows interleaved, as MindSpore's readers interleave
them) were recorded with MindSpore 2.10."""
from mindcell.dataset.samplers import Shuffle
from mindcell.dataset.text_corpora import _by_usage, _ReviewDataset, _usage_files
from mindcell.dataset.text_sources import TextFileDataset

__all__ = ["AGNewsDataset", "DBpediaDataset", "SogouNewsDataset", "YahooAnswersDataset",
           "PennTreebankDataset", "EnWik9Dataset"]

_CSV_DOC = """{name}(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): {what} from
    ``train.csv`` and ``test.csv`` (quoted CSV records without a header): columns {columns},
    all str.

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'test' or 'all' (None: {order} interleaved).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`CSVDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: a missing file, or a
        record with another number of fields (when read).

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "test.csv"), "w") as f:
        ...     _ = f.write({record!r})
        >>> data = ds.{name}(folder, usage="test", shuffle=False)
        >>> [[str(v) for v in r] for r in data.create_tuple_iterator(output_numpy=True)]
        {shown}
"""


def _csv_corpus(name, what, columns, order):
    record = ",".join('"%s"' % v for v in ["3"] + ["x%d" % i for i in range(len(columns) - 1)])
    shown = [["3"] + ["x%d" % i for i in range(len(columns) - 1)]]

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        _ReviewDataset.__init__(self, dataset_dir, usage, num_samples, num_parallel_workers,
                                shuffle, num_shards, shard_id, cache)

    doc = _CSV_DOC.format(name=name, what=what, columns=", ".join("``%s``" % c for c in columns),
                          order=" and ".join(order), record=record + "\n", shown=shown)
    return type(name, (_ReviewDataset,), {
        "__doc__": doc, "__init__": __init__, "__module__": __name__,
        "_COLUMNS": tuple(columns), "_ORDER": tuple(order)})


AGNewsDataset = _csv_corpus("AGNewsDataset", "AG's News topic classification",
                            ("index", "title", "description"), ("test", "train"))
DBpediaDataset = _csv_corpus("DBpediaDataset", "DBpedia ontology classification",
                             ("class", "title", "content"), ("test", "train"))
SogouNewsDataset = _csv_corpus("SogouNewsDataset", "Sogou News classification",
                               ("index", "title", "content"), ("train", "test"))
YahooAnswersDataset = _csv_corpus("YahooAnswersDataset", "Yahoo! Answers topic classification",
                                  ("class", "title", "content", "answer"), ("test", "train"))
# MindSpore's SogouNewsDataset takes shuffle before num_parallel_workers
SogouNewsDataset.__init__ = (lambda self, dataset_dir, usage=None, num_samples=None,
                             shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
                             num_parallel_workers=None, cache=None: _ReviewDataset.__init__(
                                 self, dataset_dir, usage, num_samples, num_parallel_workers,
                                 shuffle, num_shards, shard_id, cache))


class PennTreebankDataset(TextFileDataset):
    """PennTreebankDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): the Penn Treebank
    language-modelling text from ``ptb.train.txt``, ``ptb.valid.txt`` and ``ptb.test.txt``:
    one row per non-empty line, in the column ``text`` (a str).

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'valid', 'test' or 'all' (None: test, train and valid
            interleaved).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`TextFileDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: a missing file.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "ptb.valid.txt"), "w") as f:
        ...     _ = f.write(" the cat\\n a dog\\n")
        >>> data = ds.PennTreebankDataset(folder, usage="valid", shuffle=False)
        >>> [str(r["text"]) for r in data.create_dict_iterator(output_numpy=True)]
        [' the cat', ' a dog']
    """

    _FILES = _by_usage({"train": ["ptb.train.txt"], "valid": ["ptb.valid.txt"],
                        "test": ["ptb.test.txt"]}, ["test", "train", "valid"])

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        files = _usage_files(type(self).__name__, dataset_dir, usage, self._FILES)
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, cache)


class EnWik9Dataset(TextFileDataset):
    """EnWik9Dataset(dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True,
    num_shards=None, shard_id=None, cache=None): the first 10**9 bytes of an English Wikipedia
    dump, from the file ``enwik9``: one row per non-empty line, in the column ``text``.

    Args:
        dataset_dir (str): the folder of ``enwik9``.
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`TextFileDataset`'s (``shuffle`` defaults to True, as MindSpore's).

    Raises:
        ValueError: no such folder. RuntimeError: ``enwik9`` is missing.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "enwik9"), "w") as f:
        ...     _ = f.write("<mediawiki>\\n  <page>\\n")
        >>> data = ds.EnWik9Dataset(folder, shuffle=False)
        >>> [str(r["text"]) for r in data.create_dict_iterator(output_numpy=True)]
        ['<mediawiki>', '  <page>']
    """

    def __init__(self, dataset_dir, num_samples=None, num_parallel_workers=None, shuffle=True,
                 num_shards=None, shard_id=None, cache=None):
        files = _usage_files(type(self).__name__, dataset_dir, None, {"all": ["enwik9"]})
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, cache)
