"""``mindcell.dataset.text``: MindSpore's text processing for datasets. ``Vocab`` (word -> id
tables from a list, a dict, a file or a dataset), ``Lookup`` (words to ids), the tokenizers
``UnicodeCharTokenizer``, ``WhitespaceTokenizer``, ``BasicTokenizer``, ``WordpieceTokenizer``,
``BertTokenizer``, ``RegexTokenizer``, ``UnicodeScriptTokenizer``, ``PythonTokenizer``,
``ToNumber``, ``TruncateSequencePair``, ``Ngram``, the string rewriters ``CaseFold``,
``NormalizeUTF8``, ``RegexReplace``, ``FilterWikipediaXML``, ``AddToken``, ``Truncate``,
``SlidingWindow``, ``to_str`` /
``to_bytes``, and SentencePiece (``SentencePieceVocab``, ``SentencePieceTokenizer``; needs
the optional ``sentencepiece`` package). They work in ``Dataset.map`` on string columns or are
called directly.

Examples:
    >>> import numpy as np
    >>> import mindcell.dataset as ds
    >>> from mindcell.dataset import text
    >>> data = ds.NumpySlicesDataset(np.array(["a cat", "a dog"]), ["text"], shuffle=False)
    >>> data = data.map(text.WhitespaceTokenizer(), "text")
    >>> vocab = text.Vocab.from_dataset(data, "text")
    >>> data = data.map(text.Lookup(vocab), "text")
    >>> [r["text"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
    [[0, 1], [0, 2]]
"""
from mindcell.dataset.text.sentencepiece import (SentencePieceModel, SentencePieceTokenizer,
                                                 SentencePieceVocab, SPieceTokenizerLoadType,
                                                 SPieceTokenizerOutType)
from mindcell.dataset.text.transforms import (BasicTokenizer, BertTokenizer, Lookup, Ngram,
                                              NormalizeForm, ToNumber, TruncateSequencePair,
                                              UnicodeCharTokenizer, WhitespaceTokenizer,
                                              WordpieceTokenizer)
from mindcell.dataset.text.transforms_more import (AddToken, CaseFold, FilterWikipediaXML,
                                                   NormalizeUTF8, PythonTokenizer, RegexReplace,
                                                   RegexTokenizer, SlidingWindow, Truncate,
                                                   UnicodeScriptTokenizer)
from mindcell.dataset.text.utils import to_bytes, to_str
from mindcell.dataset.text.vocab import Vocab

__all__ = ["Vocab", "Lookup", "NormalizeForm", "UnicodeCharTokenizer", "WhitespaceTokenizer",
           "BasicTokenizer", "WordpieceTokenizer", "BertTokenizer", "SentencePieceModel",
           "SentencePieceVocab", "SentencePieceTokenizer", "SPieceTokenizerOutType",
           "SPieceTokenizerLoadType", "ToNumber", "TruncateSequencePair", "Ngram", "to_str",
           "to_bytes", "AddToken", "CaseFold", "FilterWikipediaXML", "NormalizeUTF8",
           "PythonTokenizer", "RegexReplace", "RegexTokenizer", "SlidingWindow", "Truncate",
           "UnicodeScriptTokenizer"]
