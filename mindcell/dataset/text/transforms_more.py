"""More text transforms of ``mindcell.dataset.text``: string rewriting (``CaseFold``,
``NormalizeUTF8``, ``RegexReplace``, ``FilterWikipediaXML``), tokenizers (``RegexTokenizer``,
``UnicodeScriptTokenizer``, ``PythonTokenizer``) and sequence shaping (``AddToken``,
``Truncate``, ``SlidingWindow``). They follow MindSpore 2.10's observable behaviour (recorded
with MindSpore on the CPU); offsets are UTF-8 byte offsets, as in the other tokenizers."""
import re
import unicodedata

import numpy as np

from mindcell.dataset.engine import to_array
from mindcell.dataset.text.transforms import (NormalizeForm, _byte_spans, _check_bool,
                                              _check_str, _text_scalar, _tokens_out, _Tokenizer)
from mindcell.dataset.transforms.transforms import TensorOperation

__all__ = ["AddToken", "CaseFold", "FilterWikipediaXML", "NormalizeUTF8", "PythonTokenizer",
           "RegexReplace", "RegexTokenizer", "SlidingWindow", "Truncate",
           "UnicodeScriptTokenizer"]


def _strings(op, x):
    """``x`` as a str array (bytes are UTF-8); RuntimeError for a non-string array."""
    if x.dtype.kind == "S":
        return np.char.decode(x, "utf-8")
    if x.dtype.kind != "U":
        raise RuntimeError("%s: the input should be a string array, but got dtype %s"
                           % (op, x.dtype))
    return x


def _map_strings(op, x, fn):
    x = _strings(op, x)
    out = [fn(s) for s in x.reshape(-1).tolist()]
    return np.array(out, dtype=str).reshape(x.shape) if out else x.copy()


def _check_int_range(op, arg, value, low):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("%s: '%s' must be an int, but got %r" % (op, arg, value))
    if not low <= value <= 2 ** 31 - 1:
        raise ValueError("%s: Input %s is not within the required interval of [%d, 2147483647]."
                         % (op, arg, low))
    return int(value)


class CaseFold(TensorOperation):
    """CaseFold(): folds the case of every string (Unicode full case folding with NFKC, so
    ``'Straße'`` becomes ``'strasse'`` and ``'ﬁ'`` ``'fi'``), any shape.

    Raises:
        RuntimeError: (when called) a non-string input.

    Examples:
        >>> from mindcell.dataset import text
        >>> print(text.CaseFold()("Hello WORLD"))
        hello world
    """

    def _apply(self, x):
        return _map_strings("CaseFold", x, lambda s: unicodedata.normalize(
            "NFKC", unicodedata.normalize("NFKC", s).casefold()))


_FORMS = {NormalizeForm.NFC: "NFC", NormalizeForm.NFKC: "NFKC", NormalizeForm.NFD: "NFD",
          NormalizeForm.NFKD: "NFKD"}


class NormalizeUTF8(TensorOperation):
    """NormalizeUTF8(normalize_form=NormalizeForm.NFKC): Unicode-normalizes every string.

    Args:
        normalize_form (NormalizeForm): ``NONE`` (unchanged), ``NFC``, ``NFKC``, ``NFD`` or
            ``NFKD``. Default: ``NormalizeForm.NFKC``.

    Raises:
        TypeError: ``normalize_form`` is not a NormalizeForm.
        RuntimeError: (when called) a non-string input.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.NormalizeUTF8()(["ﬁ", "2⁵"]).tolist()
        ['fi', '25']
    """

    def __init__(self, normalize_form=NormalizeForm.NFKC):
        if not isinstance(normalize_form, NormalizeForm):
            raise TypeError("NormalizeUTF8: Wrong input type for normalization_form, should be "
                            "enum of 'NormalizeForm', but got %r" % (normalize_form,))
        self.normalize_form = normalize_form

    def _apply(self, x):
        form = _FORMS.get(self.normalize_form)
        if form is None:
            return _strings("NormalizeUTF8", x)
        return _map_strings("NormalizeUTF8", x, lambda s: unicodedata.normalize(form, s))


def _icu_replacement(template):
    """An ICU replacement string (``$n`` a group, ``\\x`` the character x) as a function of a
    match."""
    parts, i = [], 0
    while i < len(template):
        ch = template[i]
        if ch == "\\" and i + 1 < len(template):
            parts.append(template[i + 1])
            i += 2
        elif ch == "$" and i + 1 < len(template) and template[i + 1].isdigit():
            j = i + 1
            while j < len(template) and template[j].isdigit():
                j += 1
            parts.append(int(template[i + 1:j]))
            i = j
        else:
            parts.append(ch)
            i += 1
    return lambda m: "".join(p if isinstance(p, str) else (m.group(p) or "") for p in parts)


class RegexReplace(TensorOperation):
    """RegexReplace(pattern, replace, replace_all=True): replaces the matches of ``pattern`` in
    every string by ``replace`` (``$1`` ... name groups, ``\\`` escapes the next character).

    Args:
        pattern (str): the regular expression.
        replace (str): the replacement.
        replace_all (bool): every match, or only the first. Default: ``True``.

    Raises:
        TypeError: an argument's type is wrong.
        RuntimeError: (when called) a non-string input.

    Examples:
        >>> from mindcell.dataset import text
        >>> print(text.RegexReplace("(a)(b)", "$2$1")("abab"))
        baba
    """

    def __init__(self, pattern, replace, replace_all=True):
        _check_str("RegexReplace", "pattern", pattern)
        _check_str("RegexReplace", "replace", replace)
        _check_bool("RegexReplace", "replace_all", replace_all)
        self.pattern, self.replace, self.replace_all = pattern, replace, replace_all
        self._re, self._fn = re.compile(pattern), _icu_replacement(replace)

    def _apply(self, x):
        count = 0 if self.replace_all else 1
        return _map_strings("RegexReplace", x, lambda s: self._re.sub(self._fn, s, count=count))


# FilterWikipediaXML's rewriting: MindSpore applies these (pattern, replacement) rules in the
# sorted order of the patterns (they sit in an ordered map), trimming the text after each one.
# The rules are those of Matt Mahoney's wikifil.pl filter, with its quirks as MindSpore runs
# them: a capital R is deleted instead of lower-cased, and entities become spaces before
# ``&amp;`` etc. are decoded.
_WIKI_RULES = (
    [(r"<.*>", ""), (r"&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), (r"<ef[^<]*</ef>", ""),
     ("<[^>]*>", ""), (r"\[http:[^\] ]*", "["), (r"\|thumb", ""), (r"\|left", ""),
     (r"\|right", ""), (r"\|\d+px", ""), (r"\[\[image:[^\[\]]*\|", ""),
     (r"\[\[category:([^|\]]*)[^\]]*\]\]", r"[[\1]]"), (r"\[\[[a-z\-]*:[^\]]*\]\]", ""),
     (r"\[\[[^\|\]]*\|", "[["), (r"\{\{[^\}]*\}\}", ""), (r"\{[^\}]*\}", ""), (r"\[", ""),
     (r"\]", ""), ("&[^;]*;", " "), (r"[^a-z\n]+", " "), (r"\n ", ""), (r"\s+", " "),
     (r"\n\s*\n", "n")]
    + [(c, c.lower()) for c in "ABCDEFGHIJKLMNOPQSTUVWXYZ"] + [("R", "")]
    + [(str(d), " %s " % w) for d, w in enumerate(
        "zero one two three four five six seven eight nine".split())])
# the order is that of the patterns' source text as MindSpore spells them; a few of ours are
# spelled differently (``\]`` for ``]`` inside classes), so they sort under MindSpore's spelling
# (and ``\n\s*\n`` becomes ``n``: in an ICU replacement a backslash escapes the next letter)
_WIKI_SPELLING = {r"\[http:[^\] ]*": r"\[http:[^] ]*", r"<ef[^<]*</ef>": r"<ef[^<]*<\/ef>",
                  r"\[\[category:([^|\]]*)[^\]]*\]\]": r"\[\[category:([^|\]]*)[^]]*\]\]"}
_WIKI_RULES = [(re.compile(p), r) for p, r in
               sorted(_WIKI_RULES, key=lambda rule: _WIKI_SPELLING.get(rule[0], rule[0]))]


def _filter_wiki(s):
    if "#redirect" in s or "#REDIRECT" in s:
        return ""
    for pattern, repl in _WIKI_RULES:
        s = pattern.sub(repl, s).strip()
    return s


class FilterWikipediaXML(TensorOperation):
    """FilterWikipediaXML(): cleans Wikipedia XML text to lower-case words: markup and tags
    are removed, digits are spelled out (``'2'`` -> ``'two'``), every other run of characters
    outside a-z becomes one space; a text containing ``#redirect`` becomes empty. Only the
    first string of an array is filtered (the others become empty), as in MindSpore 2.10.

    Raises:
        RuntimeError: (when called) a non-string input.

    Examples:
        >>> from mindcell.dataset import text
        >>> print(text.FilterWikipediaXML()("Hello, 42 <b>x</b> worlds!"))
        hello four two worlds
    """

    def _apply(self, x):
        x = _strings("FilterWikipediaXML", x)
        flat = x.reshape(-1).tolist()
        out = [""] * len(flat)
        if flat:
            out[0] = _filter_wiki(flat[0])
        return np.array(out, dtype=str).reshape(x.shape)


class RegexTokenizer(_Tokenizer):
    """RegexTokenizer(delim_pattern, keep_delim_pattern='', with_offsets=False): splits a
    string at the matches of ``delim_pattern``; a delimiter that wholly matches
    ``keep_delim_pattern`` is kept as a token, the others are dropped (as are empty tokens).

    Args:
        delim_pattern (str): the delimiters' regular expression.
        keep_delim_pattern (str): the delimiters kept as tokens. Default: ``''`` (none).
        with_offsets (bool): also output the tokens' start and end byte offsets. Default:
            ``False``.

    Raises:
        TypeError: an argument's type is wrong.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.RegexTokenizer(r"[ ,]", r",")("a, b c").tolist()
        ['a', ',', 'b', 'c']
    """

    def __init__(self, delim_pattern, keep_delim_pattern="", with_offsets=False):
        _check_str("RegexTokenizer", "delim_pattern", delim_pattern)
        _check_str("RegexTokenizer", "keep_delim_pattern", keep_delim_pattern)
        _check_bool("RegexTokenizer", "with_offsets", with_offsets)
        self.delim_pattern, self.keep_delim_pattern = delim_pattern, keep_delim_pattern
        self.with_offsets = with_offsets
        self._delim = re.compile(delim_pattern)
        self._keep = re.compile(keep_delim_pattern) if keep_delim_pattern else None

    def _tokens(self, text):
        spans, pos = [], 0
        for m in self._delim.finditer(text):
            if m.start() == m.end():
                continue
            if m.start() > pos:
                spans.append((pos, m.start()))
            if self._keep is not None and self._keep.fullmatch(m.group()):
                spans.append(m.span())
            pos = m.end()
        if pos < len(text):
            spans.append((pos, len(text)))
        return _byte_spans(text, spans)


# Unicode's White_Space characters (ICU's u_isUWhiteSpace)
_WHITE = set("\t\n\x0b\x0c\r \x85\xa0\u1680\u2028\u2029\u202f\u205f\u3000"
             + "".join(chr(c) for c in range(0x2000, 0x200B)))
# first words of Unicode character names that name a script
_SCRIPT_WORDS = set(
    "LATIN GREEK CYRILLIC ARMENIAN HEBREW ARABIC SYRIAC THAANA NKO SAMARITAN MANDAIC "
    "DEVANAGARI BENGALI GURMUKHI GUJARATI ORIYA TAMIL TELUGU KANNADA MALAYALAM SINHALA THAI "
    "LAO TIBETAN MYANMAR GEORGIAN HANGUL ETHIOPIC CHEROKEE CANADIAN OGHAM RUNIC TAGALOG "
    "HANUNOO BUHID TAGBANWA KHMER MONGOLIAN LIMBU TAI BUGINESE BALINESE SUNDANESE BATAK "
    "LEPCHA OL VAI BAMUM JAVANESE CHAM HIRAGANA KATAKANA BOPOMOFO YI LISU COPTIC GLAGOLITIC "
    "TIFINAGH".split())


def _script(ch, _cache={}):  # pylint: disable=dangerous-default-value
    """The script of a character, as far as tokenizing needs it: letters and script-specific
    signs by the first word of their Unicode name (CJK ideographs are ``HAN``), combining
    marks without a script ``INHERITED``, everything else (digits, punctuation, symbols,
    spaces) ``COMMON``."""
    found = _cache.get(ch)
    if found is None:
        name = unicodedata.name(ch, "")
        words = name.split()
        if words[:1] in (["FULLWIDTH"], ["HALFWIDTH"]):
            words = words[1:]
        first = words[0] if words else ""
        category = unicodedata.category(ch)
        if first == "CJK" and category.startswith("L"):
            found = "HAN"
        elif first in _SCRIPT_WORDS:
            found = first
        elif category in ("Mn", "Me"):
            found = "INHERITED"
        elif category.startswith("L"):
            found = first or "UNKNOWN"
        else:
            found = "COMMON"
        _cache[ch] = found
    return found


class UnicodeScriptTokenizer(_Tokenizer):
    """UnicodeScriptTokenizer(keep_whitespace=False, with_offsets=False): splits a string
    where the Unicode script changes (``'abc北京123'`` -> ``'abc'``, ``'北京'``, ``'123'``) and
    between whitespace and the rest; whitespace runs are tokens only with ``keep_whitespace``.

    Args:
        keep_whitespace (bool): keep the whitespace runs as tokens. Default: ``False``.
        with_offsets (bool): also output the tokens' start and end byte offsets. Default:
            ``False``.

    Raises:
        TypeError: an argument is not a bool.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.UnicodeScriptTokenizer()("abc北京 12,x").tolist()
        ['abc', '北京', '12,', 'x']
    """

    def __init__(self, keep_whitespace=False, with_offsets=False):
        _check_bool("UnicodeScriptTokenizer", "keep_whitespace", keep_whitespace)
        _check_bool("UnicodeScriptTokenizer", "with_offsets", with_offsets)
        self.keep_whitespace, self.with_offsets = keep_whitespace, with_offsets

    def _tokens(self, text):
        spans, start, last = [], 0, None
        for i, ch in enumerate(text):
            key = (_script(ch), ch in _WHITE)
            if i and key != last:
                if self.keep_whitespace or not last[1]:
                    spans.append((start, i))
                start = i
            last = key
        if text and (self.keep_whitespace or not last[1]):
            spans.append((start, len(text)))
        return _byte_spans(text, spans)


class PythonTokenizer(TensorOperation):
    """PythonTokenizer(tokenizer): tokenizes one string with a Python function returning a
    list of strings.

    Args:
        tokenizer (Callable[[str], list[str]]): the tokenizer.

    Raises:
        TypeError: ``tokenizer`` is not callable.
        RuntimeError: (when called) an input that is not one string.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.PythonTokenizer(str.split)("a b").tolist()
        ['a', 'b']
    """

    def __init__(self, tokenizer):
        if not callable(tokenizer):
            raise TypeError("PythonTokenizer: tokenizer is not a callable Python function, but "
                            "got %r" % (tokenizer,))
        self.tokenizer = tokenizer

    def _apply(self, x):
        x = _strings("PythonTokenizer", x)
        text = _text_scalar("PythonTokenizer", x)
        return np.array(list(self.tokenizer(text)), dtype=str)


class AddToken(TensorOperation):
    """AddToken(token, begin=True): adds ``token`` at the start (or end) of the last axis of a
    1-D or 2-D string array.

    Args:
        token (str): the token.
        begin (bool): add it first (else last). Default: ``True``.

    Raises:
        TypeError: an argument's type is wrong.
        RuntimeError: (when called) the input is not a non-empty 1-D or 2-D string array.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.AddToken("<s>")(["a", "b"]).tolist()
        ['<s>', 'a', 'b']
    """

    def __init__(self, token, begin=True):
        _check_str("AddToken", "token", token)
        _check_bool("AddToken", "begin", begin)
        self.token, self.begin = token, begin

    def _apply(self, x):
        x = _strings("AddToken", x)
        if x.ndim not in (1, 2) or x.size == 0:
            raise RuntimeError("AddToken: the input should be a non-empty 1-D or 2-D string "
                               "array, but got shape %s" % (x.shape,))
        pad = np.full(x.shape[:-1] + (1,), self.token)
        return np.concatenate([pad, x] if self.begin else [x, pad], axis=-1)


class Truncate(TensorOperation):
    """Truncate(max_seq_len): keeps the first ``max_seq_len`` elements of the last axis of a
    1-D or 2-D array.

    Args:
        max_seq_len (int): the length kept, in [1, 2**31 - 1].

    Raises:
        TypeError: ``max_seq_len`` is not an int.
        ValueError: it is out of range.
        RuntimeError: (when called) the input is not 1-D or 2-D.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.Truncate(2)(["a", "b", "c"]).tolist()
        ['a', 'b']
    """

    def __init__(self, max_seq_len):
        self.max_seq_len = _check_int_range("Truncate", "max_seq_len", max_seq_len, 1)

    def _apply(self, x):
        if x.ndim not in (1, 2):
            raise RuntimeError("Truncate: the input should be 1-D or 2-D, but got shape %s"
                               % (x.shape,))
        return x[..., :self.max_seq_len].copy()


class SlidingWindow(TensorOperation):
    """SlidingWindow(width, axis=0): the windows of ``width`` consecutive elements of a 1-D
    array, one row each (an empty array when ``width`` exceeds its length).

    Args:
        width (int): the window's length, >= 1.
        axis (int): the axis windowed; only 0 (or -1) for the 1-D inputs supported. Default:
            ``0``.

    Raises:
        TypeError: an argument is not an int.
        ValueError: ``width`` is out of range.
        RuntimeError: (when called) the input is not 1-D.

    Examples:
        >>> from mindcell.dataset import text
        >>> text.SlidingWindow(2)([1, 2, 3]).tolist()
        [[1, 2], [2, 3]]
    """

    def __init__(self, width, axis=0):
        self.width = _check_int_range("SlidingWindow", "width", width, 1)
        if isinstance(axis, bool) or not isinstance(axis, (int, np.integer)):
            raise TypeError("SlidingWindow: 'axis' must be an int, but got %r" % (axis,))
        self.axis = int(axis)

    def _apply(self, x):
        if x.ndim != 1 or self.axis not in (0, -1):
            raise RuntimeError("SlidingWindow: only a 1-D input windowed along axis 0 is "
                               "supported (as in MindSpore 2.10), but got shape %s and axis %d"
                               % (x.shape, self.axis))
        n = x.shape[0] - self.width + 1
        if n <= 0:
            return x[:0].copy()
        return np.stack([x[i:i + self.width] for i in range(n)])
