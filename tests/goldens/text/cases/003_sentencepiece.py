"""SentencePieceVocab (from_file, from_dataset, save_model) and SentencePieceTokenizer (a vocab or
a saved .model file; STRING and INT) eagerly and in a map pipeline. BPE models: their pieces
and ids do not depend on the SentencePiece version."""
import os
import random
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
text = ms.dataset.text


def out(value):
    return [str(value.dtype), list(value.shape), value.tolist()]


def call(fn):
    try:
        return out(fn())
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        return type(e).__name__


folder = tempfile.mkdtemp()
corpus = os.path.join(folder, "corpus.txt")
rng = random.Random(0)
words = ("the quick brown fox jumps over lazy dog mindspore dataset text token piece model "
         "train learn data").split()
with open(corpus, "w") as f:
    for _ in range(300):
        f.write(" ".join(rng.choice(words) for _ in range(8)) + "\n")

emit("enums", [[m.name, int(m.value)] for enum in (text.SPieceTokenizerOutType,
                                                   text.SentencePieceModel,
                                                   text.SPieceTokenizerLoadType)
               for m in enum])
STRING, INT = text.SPieceTokenizerOutType.STRING, text.SPieceTokenizerOutType.INT
bpe = text.SentencePieceVocab.from_file([corpus], 40, 1.0, text.SentencePieceModel.BPE, {})
text.SentencePieceVocab.save_model(bpe, folder, "bpe.model")
sample = "the quick mindspore fox zzz Über"
emit("bpe_str", call(lambda: text.SentencePieceTokenizer(bpe, STRING)(sample)))
emit("bpe_int", call(lambda: text.SentencePieceTokenizer(bpe, INT)(sample)))
model_file = os.path.join(folder, "bpe.model")
emit("file_str", call(lambda: text.SentencePieceTokenizer(model_file, STRING)(sample)))
emit("file_int", call(lambda: text.SentencePieceTokenizer(model_file, INT)(sample)))
emit("empty_str", call(lambda: text.SentencePieceTokenizer(bpe, STRING)("")))
emit("array_1d", call(lambda: text.SentencePieceTokenizer(bpe, INT)(np.array(["the", "fox"]))))
emit("bad_out_type", call(lambda: text.SentencePieceTokenizer(bpe, 1)))
emit("bad_mode", call(lambda: text.SentencePieceTokenizer(3, INT)))
emit("missing_file", call(lambda: text.SentencePieceTokenizer("/nope/x.model", INT)("a")))
char = text.SentencePieceVocab.from_file([corpus], 30, 1.0, text.SentencePieceModel.CHAR, {})
emit("char_str", call(lambda: text.SentencePieceTokenizer(char, STRING)("lazy fox")))
lines = ds.TextFileDataset(corpus, shuffle=False)
from_data = text.SentencePieceVocab.from_dataset(lines, ["text"], 40, 1.0,
                                                 text.SentencePieceModel.BPE, {})
emit("from_dataset_same_as_file", call(lambda: text.SentencePieceTokenizer(from_data, INT)(sample)))


def pipeline(out_type):
    data = ds.NumpySlicesDataset(np.array(["the fox", "lazy dog"]), ["text"], shuffle=False)
    data = data.map(text.SentencePieceTokenizer(bpe, out_type), "text")
    return [[out(v) for v in r] for r in data.create_tuple_iterator(output_numpy=True)]


emit("pipe_int", pipeline(INT))
emit("pipe_str", pipeline(STRING))
