"""Text corpora read from their released files (nothing is downloaded): ``WikiTextDataset``
(lines), ``YelpReviewDataset`` and ``AmazonReviewDataset`` (CSV records) and ``SQuADDataset``
(one row per question of the JSON files). They read like :class:`TextFileDataset`: without
shuffling, a usage of several files interleaves their rows as MindSpore's readers do (see
:mod:`.file_source`)."""
import json
import os

import numpy as np

from mindcell.dataset.file_source import FileRowsSource
from mindcell.dataset.samplers import Shuffle
from mindcell.dataset.text_sources import CSVDataset, TextFileDataset

__all__ = ["WikiTextDataset", "YelpReviewDataset", "AmazonReviewDataset", "SQuADDataset"]


def _usage_files(op, dataset_dir, usage, files):
    """The files of ``usage`` (None: 'all') after checking the directory and the usage."""
    if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
        raise ValueError("%s: the folder %r does not exist or is not a directory"
                         % (op, dataset_dir))
    usage = "all" if usage is None else usage
    if usage not in files:
        raise ValueError("%s: Input usage is not within the valid set of %s, but got %r"
                         % (op, list(files), usage))
    names = files[usage]
    paths = [os.path.join(os.fspath(dataset_dir), n) for n in names]
    for path in paths:
        if not os.path.isfile(path):
            raise RuntimeError("%s: missing data file %s (usage %r reads %s)"
                               % (op, path, usage, names))
    return paths


def _by_usage(parts, order):
    """{usage: files} with 'all' reading the parts' files in ``order``."""
    files = dict(parts)
    files["all"] = [f for u in order for f in parts[u]]
    return files


class _UsageTextFiles(TextFileDataset):
    """One row per line of the files ``_FILES`` names for a ``usage`` (see :func:`_by_usage`)."""
    _FILES = {}

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        files = _usage_files(type(self).__name__, dataset_dir, usage, self._FILES)
        super().__init__(files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, cache)


class WikiTextDataset(_UsageTextFiles):
    """WikiTextDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): WikiText-2 or
    WikiText-103 from ``wiki.train.tokens``, ``wiki.valid.tokens`` and ``wiki.test.tokens``:
    one row per non-empty line, in the column ``text`` (a str, spaces kept).

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'valid', 'test' or 'all' (None).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`TextFileDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: a missing file.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "wiki.valid.tokens"), "w") as f:
        ...     _ = f.write(" = Title = \\n\\n first line . \\n")
        >>> data = ds.WikiTextDataset(folder, usage="valid", shuffle=False)
        >>> [str(r["text"]) for r in data.create_dict_iterator(output_numpy=True)]
        [' = Title = ', ' first line . ']
    """

    _FILES = _by_usage({"train": ["wiki.train.tokens"], "valid": ["wiki.valid.tokens"],
                        "test": ["wiki.test.tokens"]}, ["test", "train", "valid"])


class _ReviewDataset(CSVDataset):
    _COLUMNS, _ORDER = (), ()

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        files = _usage_files(type(self).__name__, dataset_dir, usage, _by_usage(
            {"train": ["train.csv"], "test": ["test.csv"]}, self._ORDER))
        super().__init__(files, ",", None, list(self._COLUMNS), num_samples,
                         num_parallel_workers, shuffle, num_shards, shard_id, cache)


class YelpReviewDataset(_ReviewDataset):
    """YelpReviewDataset(dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
    num_shards=None, shard_id=None, num_parallel_workers=None, cache=None): Yelp Review
    Polarity or Full from ``train.csv`` and ``test.csv`` (quoted CSV records without a
    header): columns ``label`` and ``text``, both str (a ``\\n`` written as two characters in
    the file stays two characters).

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'test' or 'all' (None: train and test interleaved).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`CSVDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: a missing file, or a
        record without 2 fields (when read).

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "test.csv"), "w") as f:
        ...     _ = f.write('"2","Great ""food"", quick."\\n"1","Slow."\\n')
        >>> data = ds.YelpReviewDataset(folder, usage="test", shuffle=False)
        >>> rows = data.create_dict_iterator(output_numpy=True)
        >>> [(str(r["label"]), str(r["text"])) for r in rows]
        [('2', 'Great "food", quick.'), ('1', 'Slow.')]
    """

    _COLUMNS, _ORDER = ("label", "text"), ("train", "test")

    def __init__(self, dataset_dir, usage=None, num_samples=None, shuffle=Shuffle.GLOBAL,
                 num_shards=None, shard_id=None, num_parallel_workers=None, cache=None):
        super().__init__(dataset_dir, usage, num_samples, num_parallel_workers, shuffle,
                         num_shards, shard_id, cache)


class AmazonReviewDataset(_ReviewDataset):
    """AmazonReviewDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): Amazon Review
    Polarity or Full from ``train.csv`` and ``test.csv`` (quoted CSV records without a
    header): columns ``label``, ``title`` and ``content``, all str.

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'test' or 'all' (None: test and train interleaved).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`CSVDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: a missing file, or a
        record without 3 fields (when read).

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> with open(os.path.join(folder, "train.csv"), "w") as f:
        ...     _ = f.write('"1","Too small","It broke, sadly."\\n')
        >>> data = ds.AmazonReviewDataset(folder, usage="train", shuffle=False)
        >>> [[str(v) for v in r] for r in data.create_tuple_iterator(output_numpy=True)]
        [['1', 'Too small', 'It broke, sadly.']]
    """

    _COLUMNS, _ORDER = ("label", "title", "content"), ("test", "train")


class SQuADDataset(FileRowsSource):
    """SQuADDataset(dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
    shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None): SQuAD 1.1 or 2.0 from
    ``train-v1.1.json`` / ``train-v2.0.json`` and ``dev-v1.1.json`` / ``dev-v2.0.json`` (each
    one present is read): one row per question.

    Columns ``context`` and ``question`` (str), ``text`` (1-D str array, the answers) and
    ``answer_start`` (1-D uint32 array, their character offsets in the context); a question
    without answers has ``text`` [''] and ``answer_start`` [4294967295] (-1 as uint32).

    Args:
        dataset_dir (str): the folder of the files.
        usage (str): 'train', 'dev' or 'all' (None: train and dev interleaved).
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`TextFileDataset`'s.

    Raises:
        ValueError: no such folder, or a bad ``usage``. RuntimeError: no file for a usage, or
        a file that is not SQuAD JSON.

    Examples:
        >>> import json, os, tempfile
        >>> import mindcell.dataset as ds
        >>> folder = tempfile.mkdtemp()
        >>> qa = {"question": "Where?", "answers": [{"answer_start": 9, "text": "Paris"}]}
        >>> squad = {"data": [{"paragraphs": [{"context": "It is in Paris.", "qas": [qa]}]}]}
        >>> with open(os.path.join(folder, "dev-v1.1.json"), "w") as f:
        ...     json.dump(squad, f)
        >>> row = next(ds.SQuADDataset(folder, "dev").create_dict_iterator(output_numpy=True))
        >>> str(row["question"]), row["text"].tolist(), row["answer_start"].tolist()
        ('Where?', ['Paris'], [9])
    """

    def __init__(self, dataset_dir, usage=None, num_samples=None, num_parallel_workers=None,
                 shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None, cache=None):
        super().__init__()
        op = type(self).__name__
        if not isinstance(dataset_dir, (str, os.PathLike)) or not os.path.isdir(dataset_dir):
            raise ValueError("%s: the folder %r does not exist or is not a directory"
                             % (op, dataset_dir))
        usage = "all" if usage is None else usage
        if usage not in ("train", "dev", "all"):
            raise ValueError("%s: Input usage is not within the valid set of ['train', 'dev', "
                             "'all'], but got %r" % (op, usage))
        self._setup(op, num_samples, num_parallel_workers, shuffle, num_shards, shard_id,
                    cache)
        self.files = []
        for part in (["train", "dev"] if usage == "all" else [usage]):
            found = [os.path.join(os.fspath(dataset_dir), "%s-v%s.json" % (part, v))
                     for v in ("1.1", "2.0")]
            found = [f for f in found if os.path.isfile(f)]
            if not found:
                raise RuntimeError("%s: Invalid path, failed to find SQuAD %s data file "
                                   "(%s-v1.1.json or %s-v2.0.json) in %s"
                                   % (op, part, part, part, dataset_dir))
            self.files += found
        self._rows_of = [self._parse(op, f) for f in self.files]
        self.counts = [len(r) for r in self._rows_of]

    @staticmethod
    def _parse(op, path):
        try:
            with open(path, encoding="utf-8") as f:
                articles = json.load(f)["data"]
            rows = []
            for article in articles:
                for paragraph in article["paragraphs"]:
                    context = paragraph["context"]
                    for qa in paragraph["qas"]:
                        answers = qa.get("answers") or []
                        rows.append((context, qa["question"],
                                     [a["text"] for a in answers] or [""],
                                     [a["answer_start"] for a in answers] or [-1]))
        except (ValueError, KeyError, TypeError) as exc:
            raise RuntimeError("%s: %s is not a SQuAD JSON file: %s: %s"
                               % (op, path, type(exc).__name__, exc)) from None
        return rows

    def get_col_names(self):
        return ["context", "question", "text", "answer_start"]

    def _read(self, f, r):
        context, question, texts, starts = self._rows_of[f][r]
        return (np.array(context), np.array(question), np.array(texts),
                np.array(starts, np.int64).astype(np.uint32))
