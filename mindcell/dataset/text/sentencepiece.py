"""SentencePiece in ``mindcell.dataset.text``: ``SentencePieceVocab`` (train a model from text
files or a dataset's column, save it), ``SentencePieceTokenizer`` and the enums
``SentencePieceModel``, ``SPieceTokenizerOutType``, ``SPieceTokenizerLoadType``. Training and
tokenizing are done by the ``sentencepiece`` package (an optional dependency:
``pip install sentencepiece``, or ``pip install mindcell[text]``). A model file that MindSpore
saved tokenizes to the same pieces and ids; a model trained here has the same pieces as
MindSpore's for the same data and options (unigram scores may differ in the last digits, as
sentencepiece versions do)."""
import enum
import io
import os

import numpy as np

from mindcell.dataset.transforms.transforms import TensorOperation

__all__ = ["SentencePieceModel", "SPieceTokenizerOutType", "SPieceTokenizerLoadType",
           "SentencePieceVocab", "SentencePieceTokenizer"]


def _spm(op):
    try:
        import sentencepiece
    except ImportError:
        raise ImportError("%s needs the sentencepiece package: pip install sentencepiece (or "
                          "pip install mindcell[text])" % op) from None
    return sentencepiece


class SentencePieceModel(enum.IntEnum):
    """SentencePieceModel: the kind of model :class:`SentencePieceVocab` trains: ``UNIGRAM``,
    ``BPE``, ``CHAR`` or ``WORD``."""

    UNIGRAM = 0
    BPE = 1
    CHAR = 2
    WORD = 3


class SPieceTokenizerOutType(enum.IntEnum):
    """SPieceTokenizerOutType: what :class:`SentencePieceTokenizer` outputs: ``STRING``
    (the pieces) or ``INT`` (their ids, int32)."""

    STRING = 0
    INT = 1


class SPieceTokenizerLoadType(enum.IntEnum):
    """SPieceTokenizerLoadType: where a tokenizer's model comes from: ``FILE`` or ``MODEL``
    (a :class:`SentencePieceVocab`)."""

    FILE = 0
    MODEL = 1


def _check_train_args(op, vocab_size, character_coverage, model_type, params):
    if isinstance(vocab_size, bool) or not isinstance(vocab_size, int):
        raise TypeError("%s: 'vocab_size' must be an int, but got %r" % (op, vocab_size))
    if vocab_size < 1:
        raise ValueError("%s: 'vocab_size' must be > 0, but got %d" % (op, vocab_size))
    if isinstance(character_coverage, bool) or not isinstance(character_coverage,
                                                              (int, float)):
        raise TypeError("%s: 'character_coverage' must be a float, but got %r"
                        % (op, character_coverage))
    if not 0.98 <= character_coverage <= 1.0:
        raise ValueError("%s: 'character_coverage' must be in [0.98, 1.0], but got %r"
                         % (op, character_coverage))
    if not isinstance(model_type, SentencePieceModel):
        raise TypeError("%s: 'model_type' must be a SentencePieceModel, but got %r"
                        % (op, model_type))
    if not isinstance(params, dict):
        raise TypeError("%s: 'params' must be a dict of extra trainer options, but got %r"
                        % (op, params))


def _train(cls, op, sentences, vocab_size, character_coverage, model_type, params):
    """A ``cls`` holding the model SentencePiece trains on ``sentences``."""
    _check_train_args(op, vocab_size, character_coverage, model_type, params)
    spm = _spm(op)
    out = io.BytesIO()
    options = dict(vocab_size=vocab_size, character_coverage=float(character_coverage),
                   model_type=model_type.name.lower(), model_writer=out, minloglevel=2)
    options.update(params)
    try:
        spm.SentencePieceTrainer.train(sentence_iterator=iter(sentences), **options)
    except RuntimeError as exc:
        raise RuntimeError("%s: SentencePiece training failed: %s" % (op, exc)) from None
    vocab = cls()
    vocab._model = out.getvalue()
    return vocab


class SentencePieceVocab:
    """SentencePieceVocab(): a trained SentencePiece model, made by :meth:`from_file` or
    :meth:`from_dataset`; :meth:`save_model` writes it, :class:`SentencePieceTokenizer`
    uses it.

    Examples:
        >>> import os, tempfile
        >>> from mindcell.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "corpus.txt")
        >>> with open(path, "w") as f:
        ...     _ = f.write("the cat sat on the mat\\nthe dog sat\\n" * 20)
        >>> vocab = text.SentencePieceVocab.from_file([path], 20, 1.0,
        ...                                           text.SentencePieceModel.BPE, {})
        >>> tokenizer = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.STRING)
        >>> "".join(tokenizer("the cat").tolist()).replace("\\u2581", " ").strip()
        'the cat'
    """

    def __init__(self):
        self._model = None  # the serialized ModelProto

    @classmethod
    def from_file(cls, file_path, vocab_size, character_coverage, model_type, params):
        """from_file(file_path, vocab_size, character_coverage, model_type, params): train a
        model on the lines of text files.

        Args:
            file_path (list[str]): the files.
            vocab_size (int): the number of pieces.
            character_coverage (float): the share of characters the model covers, in
                [0.98, 1.0] (0.9995 for languages with many characters, 1.0 for others).
            model_type (SentencePieceModel): UNIGRAM, BPE, CHAR or WORD.
            params (dict): more options of the SentencePiece trainer (e.g.
                ``{"input_sentence_size": 100000}``).

        Returns:
            SentencePieceVocab.

        Raises:
            TypeError, ValueError: a bad argument. ImportError: sentencepiece is not
            installed. RuntimeError: a missing file, or a training failure (e.g. a
            ``vocab_size`` too large for the data).
        """
        op = "SentencePieceVocab.from_file"
        if not isinstance(file_path, list) or not all(isinstance(f, str) for f in file_path):
            raise TypeError("%s: 'file_path' must be a list of str, but got %r"
                            % (op, file_path))
        for f in file_path:
            if not os.path.isfile(f):
                raise RuntimeError("%s: the file %s does not exist" % (op, f))

        def lines():
            for f in file_path:
                with open(f, encoding="utf-8") as handle:
                    for line in handle:
                        yield line.rstrip("\r\n")
        return _train(cls, op, lines(), vocab_size, character_coverage, model_type, params)

    @classmethod
    def from_dataset(cls, dataset, col_names, vocab_size, character_coverage, model_type,
                     params):
        """from_dataset(dataset, col_names, vocab_size, character_coverage, model_type,
        params): train a model on the strings of one column of a dataset.

        Args:
            dataset (Dataset): the dataset (read once).
            col_names (list[str]): one column name (a string column).
            vocab_size, character_coverage, model_type, params: as in :meth:`from_file`.

        Returns:
            SentencePieceVocab.

        Raises:
            TypeError, ValueError: a bad argument. ImportError: sentencepiece is not
            installed. RuntimeError: a missing or non-string column, or a training failure.
        """
        op = "SentencePieceVocab.from_dataset"
        if not isinstance(col_names, list) or len(col_names) != 1 \
                or not isinstance(col_names[0], str):
            raise TypeError("%s: 'col_names' must be a list of one column name, but got %r"
                            % (op, col_names))
        names = dataset.get_col_names()
        if col_names[0] not in names:
            raise RuntimeError("%s: column %r does not exist; the columns are %s"
                               % (op, col_names[0], names))
        k = names.index(col_names[0])

        def sentences():
            for row in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1):
                value = np.asarray(row[k])
                if value.dtype.kind not in "US":
                    raise RuntimeError("%s: column %r must hold strings, but got %s"
                                       % (op, col_names[0], value.dtype))
                for s in value.reshape(-1).tolist():
                    yield str(s)
        return _train(cls, op, sentences(), vocab_size, character_coverage, model_type, params)

    @classmethod
    def save_model(cls, vocab, path, filename):
        """save_model(vocab, path, filename): write the model to ``path/filename`` (a
        SentencePiece ``.model`` file, loadable by :class:`SentencePieceTokenizer`).

        Raises:
            TypeError: ``vocab`` is not a trained SentencePieceVocab. ValueError: ``path``
            is not a directory.
        """
        if not isinstance(vocab, SentencePieceVocab) or vocab._model is None:
            raise TypeError("SentencePieceVocab.save_model: 'vocab' must be a trained "
                            "SentencePieceVocab, but got %r" % (vocab,))
        if not isinstance(path, str) or not os.path.isdir(path):
            raise ValueError("SentencePieceVocab.save_model: 'path' must be an existing "
                             "directory, but got %r" % (path,))
        if not isinstance(filename, str) or not filename:
            raise TypeError("SentencePieceVocab.save_model: 'filename' must be a str, but got "
                            "%r" % (filename,))
        with open(os.path.join(path, filename), "wb") as f:
            f.write(vocab._model)


class SentencePieceTokenizer(TensorOperation):
    """SentencePieceTokenizer(mode, out_type): split a string into SentencePiece pieces.

    Args:
        mode (Union[str, SentencePieceVocab]): a ``.model`` file, or a trained vocab.
        out_type (SPieceTokenizerOutType): ``STRING`` (a 1-D str array of pieces) or ``INT``
            (their ids, int32).

    Raises:
        TypeError: an argument of another type. ImportError: sentencepiece is not
        installed. RuntimeError: the model file does not exist or does not load; (when
        called) an input that is not one string.

    Examples:
        >>> import os, tempfile
        >>> from mindcell.dataset import text
        >>> path = os.path.join(tempfile.mkdtemp(), "corpus.txt")
        >>> with open(path, "w") as f:
        ...     _ = f.write("low lower lowest\\nnew newer newest\\n" * 20)
        >>> vocab = text.SentencePieceVocab.from_file([path], 25, 1.0,
        ...                                           text.SentencePieceModel.BPE, {})
        >>> ids = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.INT)("lowest")
        >>> ids.dtype, ids.ndim
        (dtype('int32'), 1)
    """

    def __init__(self, mode, out_type):
        op = "SentencePieceTokenizer"
        if not isinstance(mode, (str, SentencePieceVocab)):
            raise TypeError("%s: Argument mode is not an instance of str or "
                            "text.SentencePieceVocab, but got %s" % (op, type(mode).__name__))
        if not isinstance(out_type, SPieceTokenizerOutType):
            raise TypeError("%s: Argument out_type is not an instance of "
                            "SPieceTokenizerOutType, but got %r" % (op, out_type))
        self.mode, self.out_type = mode, out_type
        spm = _spm(op)
        if isinstance(mode, str):
            if not os.path.isfile(mode):
                raise RuntimeError("%s: The file %s does not exist." % (op, mode))
            with open(mode, "rb") as f:
                model = f.read()
        else:
            if mode._model is None:
                raise RuntimeError("%s: the SentencePieceVocab is not trained (use "
                                   "from_file or from_dataset)" % op)
            model = mode._model
        self._processor = spm.SentencePieceProcessor()
        try:
            self._processor.LoadFromSerializedProto(model)
        except (RuntimeError, OSError) as exc:
            raise RuntimeError("%s: cannot load the model %s: %s"
                               % (op, mode if isinstance(mode, str) else "", exc)) from None

    def _apply(self, x):
        if x.ndim != 0 or x.dtype.kind not in "US":
            raise RuntimeError("SentencePieceTokenizer: the input shape should be scalar and "
                               "the input datatype should be string, but got shape %s, dtype %s"
                               % (x.shape, x.dtype))
        text = str(x)
        if self.out_type == SPieceTokenizerOutType.INT:
            return np.array(self._processor.encode(text), np.int32)
        pieces = self._processor.encode(text, out_type=str)
        return np.array(pieces) if pieces else np.array([], "<U1")
