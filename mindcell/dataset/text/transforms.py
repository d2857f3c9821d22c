"""The text transforms of ``mindcell.dataset.text``: ``Lookup`` (words to ids) and the
tokenizers ``UnicodeCharTokenizer``, ``WhitespaceTokenizer``, ``BasicTokenizer``,
``WordpieceTokenizer`` and ``BertTokenizer``. Each works on numpy string arrays, in
``Dataset.map`` or called directly; a tokenizer's output is a 1-D str array (``['']`` when there
is no token) and, with ``with_offsets=True``, two uint32 arrays more: the start and end byte
offsets (UTF-8) of each token in the text it tokenized."""
import enum
import re
import unicodedata

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.dtype_names import _ValueType
from mindcell.dataset.engine import to_array
from mindcell.dataset.text.vocab import Vocab
from mindcell.dataset.transforms.transforms import TensorOperation

__all__ = ["NormalizeForm", "Lookup", "UnicodeCharTokenizer", "WhitespaceTokenizer",
           "BasicTokenizer", "WordpieceTokenizer", "BertTokenizer", "ToNumber",
           "TruncateSequencePair", "Ngram"]


class NormalizeForm(enum.IntEnum):
    """NormalizeForm: the Unicode normalization a tokenizer applies first: ``NONE``, ``NFC``,
    ``NFKC``, ``NFD`` or ``NFKD``."""

    NONE = 0
    NFC = 1
    NFKC = 2
    NFD = 3
    NFKD = 4


def _check_bool(op, arg, value):
    if not isinstance(value, bool):
        raise TypeError("%s: Wrong input type for %s, should be boolean, but got %r"
                        % (op, arg, value))


def _check_str(op, arg, value):
    if not isinstance(value, str):
        raise TypeError("%s: Wrong input type for %s, should be string, but got %r"
                        % (op, arg, value))


def _check_vocab(op, vocab):
    if not isinstance(vocab, Vocab):
        raise TypeError("%s: Wrong input type for vocab, should be text.Vocab object, but got "
                        "%s" % (op, type(vocab).__name__))
    return vocab._table()


def _text_scalar(op, value):
    """The one string a tokenizer reads (a str or a 0-d string array)."""
    x = to_array(value)
    if x.ndim != 0 or x.dtype.kind not in "US":
        raise RuntimeError("%s: the input shape should be scalar and the input datatype should "
                           "be string, but got shape %s, dtype %s" % (op, x.shape, x.dtype))
    return str(x)


def _tokens_out(tokens, with_offsets):
    """A tokenizer's result: tokens [(text, start, end)] -> str array (and offset arrays)."""
    if not tokens:
        tokens = [("", 0, 0)]
    words = np.array([t for t, _, _ in tokens])
    if not with_offsets:
        return words
    return (words, np.array([s for _, s, _ in tokens], np.uint32),
            np.array([e for _, _, e in tokens], np.uint32))


class _Tokenizer(TensorOperation):
    """A tokenizer of one string (``_tokens`` returns [(token, start, end)], byte offsets)."""

    with_offsets = False

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("%s: expected 1 input column, but got %d"
                            % (type(self).__name__, len(inputs)))
        text = _text_scalar(type(self).__name__, inputs[0])
        return _tokens_out(self._tokens(text), self.with_offsets)


class UnicodeCharTokenizer(_Tokenizer):
    """UnicodeCharTokenizer(with_offsets=False): split a string into its Unicode characters.

    Args:
        with_offsets (bool): also output the start and end byte offsets of each character
            (three output columns: give ``output_columns`` in ``map``).

    Raises:
        TypeError: ``with_offsets`` is not a bool.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.UnicodeCharTokenizer()("héllo").tolist()
        ['h', 'é', 'l', 'l', 'o']
        >>> [a.tolist() for a in text.UnicodeCharTokenizer(with_offsets=True)("hé!")]
        [['h', 'é', '!'], [0, 1, 3], [1, 3, 4]]
    """

    def __init__(self, with_offsets=False):
        _check_bool("UnicodeCharTokenizer", "with_offsets", with_offsets)
        self.with_offsets = with_offsets

    def _tokens(self, text):
        out, pos = [], 0
        for ch in text:
            n = len(ch.encode("utf-8"))
            out.append((ch, pos, pos + n))
            pos += n
        return out


def _byte_spans(text, spans):
    """Character spans [(start, end)] of ``text`` as (token, byte start, byte end)."""
    prefix = np.cumsum([0] + [len(c.encode("utf-8")) for c in text]).tolist()
    return [(text[s:e], prefix[s], prefix[e]) for s, e in spans]


class WhitespaceTokenizer(_Tokenizer):
    """WhitespaceTokenizer(with_offsets=False): split a string on runs of whitespace
    (Unicode ``\\s``; the whitespace is dropped).

    Args:
        with_offsets (bool): also output the start and end byte offsets of each token.

    Raises:
        TypeError: ``with_offsets`` is not a bool.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.WhitespaceTokenizer()("a bc\\td").tolist()
        ['a', 'bc', 'd']
    """

    def __init__(self, with_offsets=False):
        _check_bool("WhitespaceTokenizer", "with_offsets", with_offsets)
        self.with_offsets = with_offsets

    def _tokens(self, text):
        return _byte_spans(text, [m.span() for m in re.finditer(r"\S+", text)])


# BERT's special tokens, kept whole by BasicTokenizer(preserve_unused_token=True)
_UNUSED = re.compile(r"\[CLS\]|\[SEP\]|\[UNK\]|\[PAD\]|\[MASK\]|\[unused\d+\]")
_CJK = ((0x4E00, 0x9FFF), (0x3400, 0x4DBF), (0x20000, 0x2A6DF), (0x2A700, 0x2B73F),
        (0x2B740, 0x2B81F), (0x2B820, 0x2CEAF), (0xF900, 0xFAFF), (0x2F800, 0x2FA1F))


def _is_cjk(ch):
    cp = ord(ch)
    return any(lo <= cp <= hi for lo, hi in _CJK)


def _is_punct(ch):
    """ASCII symbols count as punctuation (as in BERT), and every Unicode P* character."""
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith("P")


def _fold(text):
    """lower_case: NFKD, case-fold (NFKD again: folding can compose), then drop the combining
    marks (accents)."""
    text = unicodedata.normalize("NFKD", unicodedata.normalize("NFKD", text).casefold())
    return "".join(c for c in text if unicodedata.category(c) != "Mn")


class BasicTokenizer(_Tokenizer):
    """BasicTokenizer(lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False):
    BERT's first tokenization step: control and format characters become spaces, the text is
    split on whitespace, every punctuation character and every CJK ideograph is a token of its
    own.

    Args:
        lower_case (bool): apply NFKD, case-fold the text and drop the accents (combining
            marks) first; ``normalization_form`` is then not used.
        keep_whitespace (bool): keep the runs of whitespace as tokens.
        normalization_form (NormalizeForm): the Unicode normalization applied first when
            ``lower_case`` is False.
        preserve_unused_token (bool): keep ``[CLS]``, ``[SEP]``, ``[UNK]``, ``[PAD]``,
            ``[MASK]`` and ``[unusedN]`` whole (even inside a word), never case-folded.
            (MindSpore 2.10 with ``lower_case=True`` repeats the text before each such token
            in its output, a bug mindcell does not reproduce.)
        with_offsets (bool): also output the start and end byte offsets of each token, in
            the normalized text.

    Raises:
        TypeError: an argument of another type.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.BasicTokenizer(lower_case=True)("Héllo, World! [SEP] 你好").tolist()
        ['hello', ',', 'world', '!', '[SEP]', '你', '好']
    """

    def __init__(self, lower_case=False, keep_whitespace=False,
                 normalization_form=NormalizeForm.NONE, preserve_unused_token=True,
                 with_offsets=False):
        op = type(self).__name__
        for arg, value in (("lower_case", lower_case), ("keep_whitespace", keep_whitespace),
                           ("preserve_unused_token", preserve_unused_token),
                           ("with_offsets", with_offsets)):
            _check_bool(op, arg, value)
        if not isinstance(normalization_form, NormalizeForm):
            raise TypeError("%s: Wrong input type for normalization_form, should be enum of "
                            "'NormalizeForm', but got %r" % (op, normalization_form))
        self.lower_case, self.keep_whitespace = lower_case, keep_whitespace
        self.normalization_form = normalization_form
        self.preserve_unused_token, self.with_offsets = preserve_unused_token, with_offsets

    def _normalize(self, piece):
        if self.lower_case:
            return _fold(piece)
        if self.normalization_form != NormalizeForm.NONE:
            return unicodedata.normalize(self.normalization_form.name, piece)
        return piece

    def _tokens(self, text):
        # control (Cc) and format (Cf) characters become spaces; whitespace stays as it is
        text = "".join(" " if unicodedata.category(c) in ("Cc", "Cf") else c for c in text)
        # normalize around the preserved tokens, which are kept as they are
        pieces, kept, pos = [], [], 0
        matches = list(_UNUSED.finditer(text)) if self.preserve_unused_token else []
        for m in matches:
            pieces.append(self._normalize(text[pos:m.start()]))
            kept.append(m.group())
            pos = m.end()
        pieces.append(self._normalize(text[pos:]))
        spans, out, start = [], "", 0
        for k, piece in enumerate(pieces):
            spans += [(start + s, start + e) for s, e in self._split(piece)]
            out += piece
            start = len(out)
            if k < len(kept):
                spans.append((start, start + len(kept[k])))
                out += kept[k]
                start = len(out)
        return [t for t in _byte_spans(out, spans)]

    def _split(self, text):
        """Character spans of the tokens of a normalized piece."""
        spans, word = [], None
        for i, ch in enumerate(text):
            if ch.isspace():
                if word is not None:
                    spans.append((word, i))
                    word = None
                if self.keep_whitespace:
                    if spans and spans[-1][1] == i and text[spans[-1][0]].isspace():
                        spans[-1] = (spans[-1][0], i + 1)
                    else:
                        spans.append((i, i + 1))
            elif _is_punct(ch) or _is_cjk(ch):
                if word is not None:
                    spans.append((word, i))
                    word = None
                spans.append((i, i + 1))
            elif word is None:
                word = i
        if word is not None:
            spans.append((word, len(text)))
        return spans


def _check_wordpiece_args(op, suffix_indicator, max_bytes_per_token, unknown_token,
                          with_offsets):
    _check_str(op, "suffix_indicator", suffix_indicator)
    if isinstance(max_bytes_per_token, bool) or not isinstance(max_bytes_per_token, int):
        raise TypeError("%s: Wrong input type for max_bytes_per_token, should be int, but got "
                        "%r" % (op, max_bytes_per_token))
    if not 0 <= max_bytes_per_token <= 4294967295:
        raise ValueError("%s: Input max_bytes_per_token is not within the required interval of "
                         "[0, 4294967295], but got %d" % (op, max_bytes_per_token))
    _check_str(op, "unknown_token", unknown_token)
    _check_bool(op, "with_offsets", with_offsets)


def _wordpiece(word, table, suffix, max_bytes, unknown):
    """Greedy longest-match-first pieces of one word, as (piece, byte start, byte end) within
    the word; the whole word becomes ``unknown`` (or itself when ``unknown`` is '') if it is
    too long or cannot be split into vocabulary pieces."""
    size = len(word.encode("utf-8"))
    if size > max_bytes:
        return [(unknown or word, 0, size)]
    pieces, start, byte = [], 0, 0
    while start < len(word):
        end = len(word)
        while end > start:
            piece = word[start:end] if start == 0 else suffix + word[start:end]
            if piece in table:
                break
            end -= 1
        if end == start:
            return [(unknown or word, 0, size)]
        n = len(word[start:end].encode("utf-8"))
        pieces.append((piece, byte, byte + n))
        start, byte = end, byte + n
    return pieces


class WordpieceTokenizer(TensorOperation):
    """WordpieceTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', with_offsets=False): split each word of a 1-D string array (or one
    string) into the longest vocabulary pieces, greedily from the left; pieces after the first
    carry ``suffix_indicator``.

    Args:
        vocab (Vocab): the pieces.
        suffix_indicator (str): the prefix of a piece that continues a word.
        max_bytes_per_token (int): a longer word (in UTF-8 bytes) is unknown.
        unknown_token (str): what an unknown word becomes ('' keeps the word itself).
        with_offsets (bool): also output the start and end byte offsets of each piece in its
            word.

    Raises:
        TypeError: an argument of another type. ValueError: ``max_bytes_per_token`` < 0.
        RuntimeError: (when called) an input that is not a string or a 1-D string array.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> vocab = text.Vocab.from_list(["play", "##ing", "[UNK]"])
        >>> text.WordpieceTokenizer(vocab)(np.array(["playing", "xyz"])).tolist()
        ['play', '##ing', '[UNK]']
    """

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100,
                 unknown_token="[UNK]", with_offsets=False):
        op = type(self).__name__
        _check_vocab(op, vocab)
        _check_wordpiece_args(op, suffix_indicator, max_bytes_per_token, unknown_token,
                              with_offsets)
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token = max_bytes_per_token, unknown_token
        self.with_offsets = with_offsets

    def _pieces(self, word):
        return _wordpiece(word, self.vocab._table(), self.suffix_indicator,
                          self.max_bytes_per_token, self.unknown_token)

    def __call__(self, *inputs):
        op = type(self).__name__
        if len(inputs) != 1:
            raise TypeError("%s: expected 1 input column, but got %d" % (op, len(inputs)))
        x = to_array(inputs[0])
        if x.ndim > 1 or x.dtype.kind not in "US":
            raise RuntimeError("%s: the input should be a string or a 1-D string array, but "
                               "got shape %s, dtype %s" % (op, x.shape, x.dtype))
        tokens = [t for w in x.reshape(-1).tolist() if w for t in self._pieces(str(w))]
        return _tokens_out(tokens, self.with_offsets)


class BertTokenizer(BasicTokenizer):
    """BertTokenizer(vocab, suffix_indicator='##', max_bytes_per_token=100,
    unknown_token='[UNK]', lower_case=False, keep_whitespace=False,
    normalization_form=NormalizeForm.NONE, preserve_unused_token=True, with_offsets=False):
    BERT's tokenizer: :class:`BasicTokenizer`, then :class:`WordpieceTokenizer` on each of its
    tokens.

    Args:
        vocab (Vocab): the word pieces.
        suffix_indicator, max_bytes_per_token, unknown_token: as in
            :class:`WordpieceTokenizer`.
        lower_case, keep_whitespace, normalization_form, preserve_unused_token: as in
            :class:`BasicTokenizer`.
        with_offsets (bool): also output the start and end byte offsets of each piece in the
            normalized text.

    Raises:
        TypeError: an argument of another type. ValueError: ``max_bytes_per_token`` < 0.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> from mindcell.dataset import text
        >>> vocab = text.Vocab.from_list(["[UNK]", "[CLS]", "hello", "play", "##ing", "!"])
        >>> tokenizer = text.BertTokenizer(vocab, lower_case=True)
        >>> tokenizer("[CLS] Hello, playing!").tolist()
        ['[CLS]', 'hello', '[UNK]', 'play', '##ing', '!']
        >>> data = ds.NumpySlicesDataset(np.array(["Hello playing"]), ["text"], shuffle=False)
        >>> data = data.map([tokenizer, text.Lookup(vocab, "[UNK]")], "text")
        >>> [r["text"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
        [[2, 3, 4]]
    """

    def __init__(self, vocab, suffix_indicator="##", max_bytes_per_token=100,
                 unknown_token="[UNK]", lower_case=False, keep_whitespace=False,
                 normalization_form=NormalizeForm.NONE, preserve_unused_token=True,
                 with_offsets=False):
        super().__init__(lower_case, keep_whitespace, normalization_form,
                         preserve_unused_token, with_offsets)
        op = type(self).__name__
        _check_vocab(op, vocab)
        _check_wordpiece_args(op, suffix_indicator, max_bytes_per_token, unknown_token,
                              with_offsets)
        self.vocab, self.suffix_indicator = vocab, suffix_indicator
        self.max_bytes_per_token, self.unknown_token = max_bytes_per_token, unknown_token

    def _tokens(self, text):
        table = self.vocab._table()
        out = []
        for word, start, _ in super()._tokens(text):
            out += [(p, start + s, start + e) for p, s, e in _wordpiece(
                word, table, self.suffix_indicator, self.max_bytes_per_token,
                self.unknown_token)]
        return out


class Lookup(TensorOperation):
    """Lookup(vocab, unknown_token=None, data_type=mstype.int32): the id of each word of a
    string array (any shape, a single string too), as ``data_type``.

    Args:
        vocab (Vocab): the word -> id table.
        unknown_token (str): the word whose id a word missing from ``vocab`` gets (it must be
            in ``vocab``); None: a missing word is an error.
        data_type (mindcell.dtype): the numeric (or bool) dtype of the ids.

    Raises:
        TypeError: an argument of another type. RuntimeError: ``unknown_token`` not in
        ``vocab``, a non-numeric ``data_type``; (when called) a non-string input, or a missing
        word without ``unknown_token``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> vocab = text.Vocab.from_list(["<unk>", "a", "b"])
        >>> text.Lookup(vocab, "<unk>")(np.array(["b", "zz", "a"])).tolist()
        [2, 0, 1]
    """

    def __init__(self, vocab, unknown_token=None, data_type=mstype.int32):
        if not isinstance(vocab, Vocab):
            raise TypeError("Lookup: Argument vocab is not an instance of text.Vocab, but got "
                            "%s" % type(vocab).__name__)
        if unknown_token is not None and not isinstance(unknown_token, str):
            raise TypeError("Lookup: Argument unknown_token with value %r is not of type "
                            "[<class 'str'>], but got %s" % (unknown_token, type(unknown_token)))
        if not isinstance(data_type, (mstype.DType, _ValueType)):
            raise TypeError("Lookup: Argument data_type with value %r is not of type "
                            "[mindcell dtype], but got %s" % (data_type, type(data_type)))
        table = vocab._table()
        if unknown_token is not None and unknown_token not in table:
            raise RuntimeError("Lookup: %r doesn't exist in vocab." % unknown_token)
        np_type = getattr(data_type, "np_dtype", None)  # None for ms.string, ms.list_ ...
        if np_type is None or np.dtype(np_type).kind not in "biuf":
            raise RuntimeError("Lookup: The parameter data_type must be numeric including "
                               "bool, but got %s" % data_type)
        self.vocab, self.unknown_token, self.data_type = vocab, unknown_token, data_type
        self._np = np_type

    def _apply(self, x):
        if x.dtype.kind not in "US":
            raise RuntimeError("Lookup: input is not string datatype, but got %s" % x.dtype)
        table = self.vocab._table()
        unknown = None if self.unknown_token is None else table[self.unknown_token]
        ids = []
        for word in x.reshape(-1).tolist():
            i = table.get(word, unknown)
            if i is None:
                raise RuntimeError("Lookup: invalid data, token: %r doesn't exist in vocab and "
                                   "no unknown token is specified." % word)
            ids.append(i)
        return np.array(ids, np.int64).astype(self._np).reshape(x.shape)


_INT_PREFIX = re.compile(r"\s*[+-]?\d+")
# no 'inf' / 'nan': MindSpore's ToNumber rejects them
_FLOAT_PREFIX = re.compile(r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


class ToNumber(TensorOperation):
    """ToNumber(data_type): each string of an array (any shape) as a number of a numeric
    ``data_type``, read as C's ``strtol``/``strtod`` read it (the longest numeric prefix:
    ``"2.5"`` is 2 as an int; ``"inf"`` and ``"nan"`` are not numbers, as in MindSpore).

    Args:
        data_type (mindcell.dtype): an int, uint or float dtype.

    Raises:
        TypeError: ``data_type`` is not a numeric mindcell dtype (bool and string included).
        RuntimeError: (when called) a non-string input, a string without a leading number, or
        a number outside ``data_type``'s range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.dataset import text
        >>> text.ToNumber(ms.int32)(np.array(["1", "-20", "3"])).tolist()
        [1, -20, 3]
    """

    def __init__(self, data_type):
        if not isinstance(data_type, (mstype.DType, _ValueType)):
            raise TypeError("ToNumber: Argument data_type with value %r is not of type "
                            "[mindcell dtype], but got %s" % (data_type, type(data_type)))
        np_type = getattr(data_type, "np_dtype", None)
        if np_type is None or np.dtype(np_type).kind not in "iuf":
            raise TypeError("ToNumber: data_type: %s is not numeric data type." % data_type)
        self.data_type, self._np = data_type, np.dtype(np_type)

    def _apply(self, x):
        if x.dtype.kind not in "US":
            raise RuntimeError("ToNumber: input should be string datatype, but got %s" % x.dtype)
        floating = self._np.kind == "f"
        values = []
        for s in x.reshape(-1).tolist():
            found = (_FLOAT_PREFIX if floating else _INT_PREFIX).match(s)
            if not found:
                raise RuntimeError("ToNumber: it is invalid to convert %r to a number." % s)
            values.append(float(found.group()) if floating else int(found.group()))
        if floating:
            info = np.finfo(self._np)
            bad = [v for v in values if np.isfinite(v) and abs(v) > float(info.max)]
        else:
            info = np.iinfo(self._np)
            bad = [v for v in values if not info.min <= v <= info.max]
        if bad:
            raise RuntimeError("ToNumber: string input %r will be out of bounds if cast to %s. "
                               "The valid range is: [%s, %s]."
                               % (bad[0], self._np, -info.max if floating else info.min,
                                  info.max))
        return np.array(values, self._np).reshape(x.shape)


class TruncateSequencePair(TensorOperation):
    """TruncateSequencePair(max_length): shorten two 1-D arrays until their lengths sum to at
    most ``max_length``, one element at a time from the end of the longer (the second on a
    tie).

    Args:
        max_length (int): the largest total length.

    Raises:
        TypeError: ``max_length`` is not an int. ValueError: ``max_length`` < 0.
        RuntimeError: (when called) not two inputs.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> a, b = text.TruncateSequencePair(4)(np.array([1, 2, 3]), np.array([4, 5, 6, 7]))
        >>> a.tolist(), b.tolist()
        ([1, 2], [4, 5])
    """

    def __init__(self, max_length):
        if isinstance(max_length, bool) or not isinstance(max_length, int):
            raise TypeError("TruncateSequencePair: 'max_length' must be an int, but got %r"
                            % (max_length,))
        if max_length < 0:
            raise ValueError("TruncateSequencePair: 'max_length' must be >= 0, but got %d"
                             % max_length)
        self.max_length = max_length

    def __call__(self, *inputs):
        if len(inputs) != 2:
            raise RuntimeError("TruncateSequencePair: Expected two inputs, but got %d inputs."
                               % len(inputs))
        first, second = (to_array(v) for v in inputs)
        n1, n2 = len(first), len(second)
        while n1 + n2 > self.max_length:
            if n1 > n2:
                n1 -= 1
            else:
                n2 -= 1
        return first[:n1], second[:n2]


def _check_pad(arg, pad):
    if not (isinstance(pad, tuple) and len(pad) == 2 and isinstance(pad[0], str)
            and isinstance(pad[1], int) and not isinstance(pad[1], bool) and pad[1] >= 0):
        raise TypeError("Ngram: '%s' must be a tuple (str, int >= 0), but got %r" % (arg, pad))
    return pad


class Ngram(TensorOperation):
    """Ngram(n, left_pad=('', 0), right_pad=('', 0), separator=' '): the n-grams of a 1-D
    string array, joined by ``separator``; for each size in ``n`` in turn, after padding with
    ``min(width, size - 1)`` pad strings on each side. [''] when there is none.

    Args:
        n (Union[int, list[int]]): the n-gram sizes, each > 0.
        left_pad (tuple[str, int]): the pad string and the most pads on the left.
        right_pad (tuple[str, int]): the pad string and the most pads on the right.
        separator (str): what joins the strings of an n-gram.

    Raises:
        TypeError, ValueError: a bad argument. RuntimeError: (when called) an input that is
        not a 1-D string array.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> text.Ngram([1, 2], right_pad=("</s>", 1))(np.array(["a", "b"])).tolist()
        ['a', 'b', 'a b', 'b </s>']
    """

    def __init__(self, n, left_pad=("", 0), right_pad=("", 0), separator=" "):
        sizes = [n] if isinstance(n, int) and not isinstance(n, bool) else n
        if not isinstance(sizes, list) or not sizes or not all(
                isinstance(k, int) and not isinstance(k, bool) for k in sizes):
            raise TypeError("Ngram: 'n' must be an int or a non-empty list of int, but got %r"
                            % (n,))
        if any(k <= 0 for k in sizes):
            raise ValueError("Ngram: every size in 'n' must be > 0, but got %r" % (n,))
        if not isinstance(separator, str):
            raise TypeError("Ngram: 'separator' must be a str, but got %r" % (separator,))
        self.n, self._sizes = n, sizes
        self.left_pad, self.right_pad = _check_pad("left_pad", left_pad), _check_pad(
            "right_pad", right_pad)
        self.separator = separator

    def _apply(self, x):
        if x.ndim != 1 or x.dtype.kind not in "US":
            raise RuntimeError("Ngram: the input should be a 1-D string array, but got shape %s, "
                               "dtype %s" % (x.shape, x.dtype))
        words, out = [str(w) for w in x.tolist()], []
        for k in self._sizes:
            left = [self.left_pad[0]] * min(self.left_pad[1], k - 1)
            right = [self.right_pad[0]] * min(self.right_pad[1], k - 1)
            padded = left + words + right
            out += [self.separator.join(padded[i:i + k]) for i in range(len(padded) - k + 1)]
        return np.array(out or [""])
