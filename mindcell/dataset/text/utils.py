"""``text.utils``: ``to_str`` / ``to_bytes`` (numpy string arrays between bytes and str), and
the vocabularies at MindSpore's ``mindspore.dataset.text.utils`` path."""
import numpy as np

from mindcell.dataset.text.sentencepiece import SentencePieceVocab  # noqa: F401
from mindcell.dataset.text.vocab import Vocab  # noqa: F401

__all__ = ["to_str", "to_bytes", "Vocab", "SentencePieceVocab"]


def _check_array(op, array, kind, what):
    if not isinstance(array, np.ndarray):
        raise TypeError("%s: 'array' must be a numpy.ndarray, but got %s"
                        % (op, type(array).__name__))
    if array.dtype.kind != kind:
        raise TypeError("%s: 'array' must hold %s, but got dtype %s" % (op, what, array.dtype))


def to_str(array, encoding="utf8"):
    """to_str(array, encoding='utf8'): a numpy array of bytes as an array of str.

    Args:
        array (numpy.ndarray): bytes (dtype ``S``), any shape.
        encoding (str): the encoding of the bytes.

    Returns:
        numpy.ndarray of str, the same shape.

    Raises:
        TypeError: ``array`` is not a numpy array of bytes.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> text.to_str(np.array([b"ab", b"c"])).tolist()
        ['ab', 'c']
    """
    _check_array("to_str", array, "S", "bytes")
    return np.char.decode(array, encoding)


def to_bytes(array, encoding="utf8"):
    """to_bytes(array, encoding='utf8'): a numpy array of str as an array of bytes.

    Args:
        array (numpy.ndarray): str (dtype ``U``), any shape.
        encoding (str): the encoding to use.

    Returns:
        numpy.ndarray of bytes, the same shape.

    Raises:
        TypeError: ``array`` is not a numpy array of str.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import text
        >>> text.to_bytes(np.array(["ab", "é"])).tolist()
        [b'ab', b'\\xc3\\xa9']
    """
    _check_array("to_bytes", array, "U", "str")
    return np.char.encode(array, encoding)
