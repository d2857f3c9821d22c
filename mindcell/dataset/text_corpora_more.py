"""More text corpora read from their released files (nothing is downloaded): the CSV news and
question corpora ``AGNewsDataset``, ``DBpediaDataset``, ``SogouNewsDataset`` and
``YahooAnswersDataset`` (quoted records without a header in ``train.csv`` / ``test.csv``),
the line corpora ``PennTreebankDataset`` and ``EnWik9Dataset``, and the CLUE benchmark's
JSON-lines files (``CLUEDataset``). Columns, file names and the
row order of ``usage='all'`` (the files' rows interleaved, as MindSpore's readers interleave
them) were recorded with MindSpore 2.10."""
from mindcell.dataset.samplers import Shuffle
from mindcell.dataset.text_corpora import (_by_usage, _ReviewDataset, _usage_files,
                                           _UsageTextFiles)
from mindcell.dataset.text_sources import TextFileDataset

__all__ = ["AGNewsDataset", "DBpediaDataset", "SogouNewsDataset", "YahooAnswersDataset",
           "PennTreebankDataset", "EnWik9Dataset", "CLUEDataset"]

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


class PennTreebankDataset(_UsageTextFiles):
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


_CLUE_INT = ("id", "idx", "span1_index", "span2_index")
_CLUE_COLUMNS = {  # task -> (train/eval columns, test columns); "target/x" is a nested key
    "AFQMC": (("label", "sentence1", "sentence2"), ("id", "sentence1", "sentence2")),
    "CMNLI": (("label", "sentence1", "sentence2"), ("id", "sentence1", "sentence2")),
    "TNEWS": (("keywords", "label", "label_desc", "sentence"), ("id", "keywords", "sentence")),
    "IFLYTEK": (("label", "label_des", "sentence"), ("id", "sentence")),
    "WSC": (("idx", "label", "target/span1_index", "target/span1_text", "target/span2_index",
             "target/span2_text", "text"),
            ("idx", "target/span1_index", "target/span1_text", "target/span2_index",
             "target/span2_text", "text")),
    "CSL": (("abst", "id", "keyword", "label"), ("abst", "id", "keyword")),
}


class CLUEDataset(TextFileDataset):
    """CLUEDataset(dataset_files, task='AFQMC', usage='train', num_samples=None,
    num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None, shard_id=None,
    cache=None): the CLUE benchmark's JSON-lines files (one JSON object per line) of one task.
    The columns, in name order, are the task's keys for the usage:

    ========  ============================================  ===============================
    task      train / eval                                   test
    ========  ============================================  ===============================
    AFQMC     label, sentence1, sentence2                    id, sentence1, sentence2
    CMNLI     label, sentence1, sentence2                    id, sentence1, sentence2
    TNEWS     keywords, label, label_desc, sentence          id, keywords, sentence
    IFLYTEK   label, label_des, sentence                     id, sentence
    WSC       idx, label, span1_index, span1_text,           the same without label
              span2_index, span2_text, text (the spans in
              the object ``target``)
    CSL       abst, id, keyword, label                       abst, id, keyword
    ========  ============================================  ===============================

    ``id``, ``idx`` and the span indices are uint32, ``keyword`` a 1-D str array, the others
    str, as MindSpore 2.10 gives them.

    Args:
        dataset_files (Union[str, list[str]]): files or glob patterns.
        task (str): 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', 'WSC' or 'CSL'. Default: ``'AFQMC'``.
        usage (str): 'train', 'test' or 'eval'. Default: ``'train'``.
        num_samples, num_parallel_workers, shuffle, num_shards, shard_id, cache: as
            :class:`TextFileDataset`'s.

    Raises:
        ValueError: a bad ``task`` or ``usage``, or no file matches.
        RuntimeError: (when read) a line that is not a JSON object with the task's keys.

    Examples:
        >>> import os, tempfile
        >>> import mindcell.dataset as ds
        >>> path = os.path.join(tempfile.mkdtemp(), "train.json")
        >>> with open(path, "w") as f:
        ...     _ = f.write('{"sentence1": "a", "sentence2": "b", "label": "1"}\\n')
        >>> data = ds.CLUEDataset(path, task="AFQMC", usage="train", shuffle=False)
        >>> data.get_col_names(), [str(v) for v in next(data.create_tuple_iterator(output_numpy=True))]
        (['label', 'sentence1', 'sentence2'], ['1', 'a', 'b'])
    """

    def __init__(self, dataset_files, task="AFQMC", usage="train", num_samples=None,
                 num_parallel_workers=None, shuffle=Shuffle.GLOBAL, num_shards=None,
                 shard_id=None, cache=None):
        if task not in _CLUE_COLUMNS:
            raise ValueError("CLUEDataset: task should be 'AFQMC', 'TNEWS', 'IFLYTEK', 'CMNLI', "
                             "'WSC' or 'CSL', but got %r" % (task,))
        if usage not in ("train", "test", "eval"):
            raise ValueError("CLUEDataset: usage should be 'train', 'test' or 'eval', but got %r"
                             % (usage,))
        self.task, self.usage = task, usage
        self._keys = _CLUE_COLUMNS[task][1 if usage == "test" else 0]
        super().__init__(dataset_files, num_samples, num_parallel_workers, shuffle, num_shards,
                         shard_id, cache)

    def get_col_names(self):
        return [k.split("/")[-1] for k in self._keys]

    def _read(self, f, r):
        import json
        import numpy as np
        (line,) = super()._read(f, r)
        try:
            record = json.loads(str(line))
        except ValueError:
            record = None
        if not isinstance(record, dict):
            raise RuntimeError("CLUEDataset: record %d of %s is not a JSON object"
                               % (r + 1, self.files[f]))
        out = []
        for key in self._keys:
            value = record
            for part in key.split("/"):
                if not isinstance(value, dict) or part not in value:
                    raise RuntimeError("CLUEDataset: record %d of %s has no key %r (task %s, "
                                       "usage %s)" % (r + 1, self.files[f], key, self.task,
                                                      self.usage))
                value = value[part]
            name = key.split("/")[-1]
            if name in _CLUE_INT:
                out.append(np.array(value, np.uint32))
            elif isinstance(value, list):
                out.append(np.array([str(v) for v in value]))
            else:
                out.append(np.array(str(value)))
        return tuple(out)
