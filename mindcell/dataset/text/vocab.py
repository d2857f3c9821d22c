"""``text.Vocab``: a word -> id table built from a list, a dict, a file or a dataset's words,
looked up by :class:`~mindcell.dataset.text.Lookup` and the Bert/Wordpiece tokenizers."""
import collections
import os

import numpy as np

__all__ = ["Vocab"]


def _check_type(arg, value, types):
    """MindSpore's argument check: ``value`` is one of ``types`` (a bool is not an int)."""
    if isinstance(value, bool) and bool not in types or not isinstance(value, tuple(types)):
        raise TypeError("Argument %s with value %r is not of type %s, but got %s."
                        % (arg, value, list(types), type(value)))


def _check_specials(special_tokens, special_first):
    if special_tokens is not None:
        _check_type("special_tokens", special_tokens, [list])
        for token in special_tokens:
            _check_type("special_tokens", token, [str])
    _check_type("special_first", special_first, [bool])
    return list(special_tokens or [])


def _with_specials(op, words, specials, special_first):
    """The word -> id dict of ``words`` (in order) with the special tokens before or after."""
    found = set(specials) & set(words)
    if found:
        raise ValueError("%s: special_tokens and word_list contain duplicate words: %s"
                         % (op, sorted(found)))
    if len(set(specials)) != len(specials):
        raise ValueError("%s: special_tokens contains duplicate words: %r" % (op, specials))
    ordered = specials + words if special_first else words + specials
    return {w: i for i, w in enumerate(ordered)}


class Vocab:
    """Vocab(): a table of words and their ids, made with one of the class methods
    :meth:`from_list`, :meth:`from_dict`, :meth:`from_file` or :meth:`from_dataset` (a bare
    ``Vocab()`` has no table yet: its methods raise RuntimeError).

    Examples:
        >>> from mindcell.dataset import text
        >>> vocab = text.Vocab.from_list(["hello", "world"], special_tokens=["<pad>", "<unk>"])
        >>> sorted(vocab.vocab().items(), key=lambda kv: kv[1])
        [('<pad>', 0), ('<unk>', 1), ('hello', 2), ('world', 3)]
        >>> vocab.tokens_to_ids(["world", "nope"]), vocab.ids_to_tokens(2)
        ([3, -1], 'hello')
    """

    def __init__(self):
        self._words = None  # word -> id
        self._ids = None    # id -> word (the last word of a repeated id)

    @classmethod
    def _made(cls, words):
        vocab = cls()
        vocab._words = dict(words)
        vocab._ids = {i: w for w, i in vocab._words.items()}
        return vocab

    def _table(self):
        if self._words is None:
            raise RuntimeError("The Vocab has not built yet, got type <class 'NoneType'>. Use "
                               "Vocab.from_dataset(), Vocab.from_list(), Vocab.from_file() or "
                               "Vocab.from_dict() to build a Vocab.")
        return self._words

    def vocab(self):
        """vocab(): the word -> id dict.

        Returns:
            dict[str, int], a copy of the table.

        Raises:
            RuntimeError: the Vocab was not built with a class method.

        Examples:
            >>> from mindcell.dataset import text
            >>> text.Vocab.from_dict({"a": 3, "b": 0}).vocab()
            {'a': 3, 'b': 0}
        """
        return dict(self._table())

    def tokens_to_ids(self, tokens):
        """tokens_to_ids(tokens): the id of a word, or of each word of a list or array
        (-1 for a word that is not in the table).

        Args:
            tokens (Union[str, list[str], numpy.ndarray]): the words.

        Returns:
            int for one word, else a list of int.

        Raises:
            TypeError: ``tokens`` of another type.

        Examples:
            >>> from mindcell.dataset import text
            >>> text.Vocab.from_list(["a", "b"]).tokens_to_ids(["b", "z"])
            [1, -1]
        """
        table = self._table()
        if isinstance(tokens, np.ndarray):
            tokens = tokens.tolist()
        _check_type("tokens", tokens, [str, list, np.ndarray])
        if isinstance(tokens, str):
            return table.get(tokens, -1)
        for t in tokens:
            _check_type("tokens", t, [str])
        return [table.get(t, -1) for t in tokens]

    def ids_to_tokens(self, ids):
        """ids_to_tokens(ids): the word of an id, or of each id of a list or array (''
        for an id that is not in the table).

        Args:
            ids (Union[int, list[int], numpy.ndarray]): the ids, each >= 0.

        Returns:
            str for one id, else a list of str.

        Raises:
            TypeError: ``ids`` of another type (a numpy scalar included, as in MindSpore).
            ValueError: a negative id.

        Examples:
            >>> from mindcell.dataset import text
            >>> text.Vocab.from_list(["a", "b"]).ids_to_tokens([1, 7])
            ['b', '']
        """
        self._table()
        if isinstance(ids, np.ndarray):
            ids = ids.tolist()
        _check_type("ids", ids, [int, list, np.ndarray])
        single = isinstance(ids, int)
        for i in ([ids] if single else ids):
            _check_type("ids", i, [int])
            if not 0 <= i <= 2147483647:
                raise ValueError("Input ids is not within the required interval of "
                                 "[0, 2147483647].")
        if single:
            return self._ids.get(ids, "")
        return [self._ids.get(i, "") for i in ids]

    @classmethod
    def from_list(cls, word_list, special_tokens=None, special_first=True):
        """from_list(word_list, special_tokens=None, special_first=True): a Vocab of the
        words in order (ids 0, 1 ...), the special tokens first or last.

        Args:
            word_list (list[str]): the words, without repeats.
            special_tokens (list[str]): extra words such as ``"<pad>"``, ``"<unk>"``.
            special_first (bool): special tokens before the words (True) or after.

        Returns:
            Vocab.

        Raises:
            TypeError: an argument of another type. ValueError: a repeated word, or a special
            token that is also a word.

        Examples:
            >>> from mindcell.dataset import text
            >>> text.Vocab.from_list(["x"], ["<unk>"], special_first=False).vocab()
            {'x': 0, '<unk>': 1}
        """
        _check_type("word_list", word_list, [list])
        for w in word_list:
            _check_type("word_list", w, [str])
        specials = _check_specials(special_tokens, special_first)
        seen = set()
        for w in word_list:
            if w in seen:
                raise ValueError("word_list contains duplicate word: %s." % w)
            seen.add(w)
        return cls._made(_with_specials("from_list", list(word_list), specials,
                                        special_first))

    @classmethod
    def from_dict(cls, word_dict):
        """from_dict(word_dict): a Vocab of the given word -> id pairs (ids need not be
        contiguous; two words may share an id: ``ids_to_tokens`` gives the last).

        Args:
            word_dict (dict[str, int]): the table; ids in [0, 2**31 - 1].

        Returns:
            Vocab.

        Raises:
            TypeError: a key that is not a str, an id that is not an int. ValueError: a
            negative id.

        Examples:
            >>> from mindcell.dataset import text
            >>> text.Vocab.from_dict({"x": 4, "y": 0}).ids_to_tokens([0, 4])
            ['y', 'x']
        """
        _check_type("word_dict", word_dict, [dict])
        for word, word_id in word_dict.items():
            _check_type("word", word, [str])
            _check_type("word_id", word_id, [int])
            if not 0 <= word_id <= 2147483647:
                raise ValueError("Input word_id is not within the required interval of "
                                 "[0, 2147483647].")
        return cls._made(word_dict)

    @classmethod
    def from_file(cls, file_path, delimiter="", vocab_size=None, special_tokens=None,
                  special_first=True):
        """from_file(file_path, delimiter="", vocab_size=None, special_tokens=None,
        special_first=True): a Vocab of the lines of a text file, one word per line (the
        line up to the first ``delimiter``; the whole line, ``\\r`` included, when the
        delimiter is empty). An empty line is the word ''.

        Args:
            file_path (str): the file (UTF-8).
            delimiter (str): what ends the word on each line ("" for none).
            vocab_size (int): read at most this many words (None: all).
            special_tokens (list[str]), special_first (bool): as in :meth:`from_list`.

        Returns:
            Vocab.

        Raises:
            TypeError: an argument of another type. ValueError: ``vocab_size`` < 1.
            RuntimeError: the file does not exist, a repeated word, or a special token that is
            also a word.

        Examples:
            >>> import os, tempfile
            >>> from mindcell.dataset import text
            >>> path = os.path.join(tempfile.mkdtemp(), "vocab.txt")
            >>> with open(path, "w") as f:
            ...     _ = f.write("hello,1\\nworld,2\\n")
            >>> text.Vocab.from_file(path, ",", special_tokens=["<unk>"]).vocab()
            {'<unk>': 0, 'hello': 1, 'world': 2}
        """
        _check_type("file_path", file_path, [str])
        _check_type("delimiter", delimiter, [str])
        if vocab_size is not None:
            _check_type("vocab_size", vocab_size, [int])
            if vocab_size < 1:
                raise ValueError("Input vocab_size must be greater than 0.")
        specials = _check_specials(special_tokens, special_first)
        if not os.path.isfile(file_path):
            raise RuntimeError("Vocab.from_file: get real path failed, path=%s" % file_path)
        with open(file_path, encoding="utf-8", newline="") as f:
            lines = f.read().split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the newline that ends the last line
        words, seen = [], set()
        for line in lines:
            if vocab_size is not None and len(words) >= vocab_size:
                break
            word = line.split(delimiter, 1)[0] if delimiter else line
            if word in seen:
                raise RuntimeError("from_file: word_list contains duplicate word:%s" % word)
            if word in specials:
                raise RuntimeError("from_file: special_tokens and word_list contain duplicate "
                                   "word:%s" % word)
            seen.add(word)
            words.append(word)
        return cls._made(_with_specials("from_file", words, specials, special_first))

    @classmethod
    def from_dataset(cls, dataset, columns=None, freq_range=None, top_k=None,
                     special_tokens=None, special_first=True):
        """from_dataset(dataset, columns=None, freq_range=None, top_k=None,
        special_tokens=None, special_first=True): a Vocab of the words of string columns
        of a dataset (each value a word or an array of words, e.g. a tokenizer's output),
        the most frequent first (ties in code-point order of the word).

        Args:
            dataset (Dataset): the dataset (read once, in full).
            columns (Union[str, list[str]]): the columns to count (None: every column).
            freq_range (tuple): ``(min_frequency, max_frequency)``, ints, inclusive; either may
                be None (no bound). Words counted outside it are left out.
            top_k (int): keep the ``top_k`` most frequent words (after ``freq_range``).
            special_tokens (list[str]), special_first (bool): as in :meth:`from_list`.

        Returns:
            Vocab.

        Raises:
            TypeError: an argument of another type. ValueError: a bad ``freq_range`` or
            ``top_k`` < 1. RuntimeError: a column that does not exist or is not a string
            column, or a special token that is also a word.

        Examples:
            >>> import numpy as np
            >>> import mindcell.dataset as ds
            >>> from mindcell.dataset import text
            >>> data = ds.NumpySlicesDataset(np.array(["b a", "a c a"]), ["text"], shuffle=False)
            >>> data = data.map(text.WhitespaceTokenizer(), "text")
            >>> text.Vocab.from_dataset(data, "text", special_tokens=["<unk>"]).vocab()
            {'<unk>': 0, 'a': 1, 'b': 2, 'c': 3}
        """
        if isinstance(columns, str):
            columns = [columns]
        if columns is not None:
            _check_type("columns", columns, [list])
            for c in columns:
                _check_type("columns", c, [str])
        low, high = _check_freq_range(freq_range)
        if top_k is not None:
            _check_type("top_k", top_k, [int])
            if top_k < 1:
                raise ValueError("Input top_k must be greater than 0.")
        specials = _check_specials(special_tokens, special_first)
        if not hasattr(dataset, "create_tuple_iterator"):
            raise TypeError("Vocab.from_dataset: 'dataset' must be a dataset, but got %s"
                            % type(dataset).__name__)
        names = dataset.get_col_names()
        wanted = list(names) if not columns else columns
        for c in wanted:
            if c not in names:
                raise RuntimeError("Vocab.from_dataset: invalid column name, column name: %s "
                                   "does not exist; the columns are %s" % (c, names))
        picks = [names.index(c) for c in wanted]
        counts = collections.Counter()
        for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
            for k in picks:
                value = np.asarray(row[k])
                if value.dtype.kind not in "US":
                    raise RuntimeError("Vocab.from_dataset: only string columns can be "
                                       "counted, but column %r is %s" % (names[k], value.dtype))
                counts.update(str(w) for w in value.reshape(-1).tolist())
        kept = [(w, n) for w, n in counts.items()
                if (low is None or n >= low) and (high is None or n <= high)]
        kept.sort(key=lambda wn: (-wn[1], wn[0]))
        words = [w for w, _ in kept[:top_k]]
        found = set(specials) & set(words)
        if found:
            raise RuntimeError("Vocab.from_dataset: invalid special words, these special words "
                               "are already in the vocab: %s" % sorted(found))
        return cls._made(_with_specials("from_dataset", words, specials, special_first))


def _check_freq_range(freq_range):
    if freq_range is None:
        return None, None
    ok = (isinstance(freq_range, tuple) and len(freq_range) == 2 and all(
        v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in freq_range))
    if not ok:
        raise ValueError("freq_range needs to be either None or a tuple of 2 integers or an "
                         "int and a None.")
    low, high = freq_range
    if (low is not None and low < 0) or (low is not None and high is not None and low > high):
        raise ValueError("frequency range [a,b] should be 0 <= a <= b (a,b are inclusive).")
    return low, high
