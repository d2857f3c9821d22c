"""mindcell.dataset.text: Vocab, Lookup, the tokenizers and SentencePiece. MindSpore's recorded
behaviour is checked by tests/goldens/text; these tests cover what the goldens leave out."""
import os

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell.dataset import text


def _rows(data):
    return [[v.tolist() for v in r] for r in data.create_tuple_iterator(output_numpy=True)]


def test_lower_case_keeps_preserved_tokens_once():
    # MindSpore 2.10 repeats the text before [CLS] here; mindcell tokenizes the text once
    tokens, starts, ends = text.BasicTokenizer(lower_case=True, with_offsets=True)(
        "Hello [CLS] World [unused3]")
    assert tokens.tolist() == ["hello", "[CLS]", "world", "[unused3]"]
    normalized = "hello [CLS] world [unused3]".encode()
    assert [normalized[s:e].decode() for s, e in zip(starts, ends)] == tokens.tolist()


def test_offsets_index_the_normalized_utf8_text():
    tokens, starts, ends = text.BasicTokenizer(with_offsets=True)("naïve 中文, ok")
    raw = "naïve 中文, ok".encode()
    assert [raw[s:e].decode() for s, e in zip(starts, ends)] == tokens.tolist()
    assert starts.dtype == np.uint32 and ends.dtype == np.uint32


def test_wordpiece_pieces_rebuild_the_word():
    vocab = text.Vocab.from_list(["un", "##aff", "##able", "[UNK]"])
    pieces, starts, ends = text.WordpieceTokenizer(vocab, with_offsets=True)(
        np.array(["unaffable"]))
    assert pieces.tolist() == ["un", "##aff", "##able"]
    assert [b"unaffable"[s:e].decode() for s, e in zip(starts, ends)] == ["un", "aff", "able"]


def test_bert_tokenizer_then_lookup_in_a_pipeline_and_from_dataset_vocab():
    data = ds.NumpySlicesDataset(np.array(["The cat sat.", "the CAT!"]), ["text"],
                                 shuffle=False)
    tokenized = data.map(text.BasicTokenizer(lower_case=True), "text")
    vocab = text.Vocab.from_dataset(tokenized, "text", special_tokens=["[UNK]"])
    assert vocab.vocab() == {"[UNK]": 0, "cat": 1, "the": 2, "!": 3, ".": 4, "sat": 5}
    data = ds.NumpySlicesDataset(np.array(["The cat sat.", "a dog"]), ["text"], shuffle=False)
    data = data.map([text.BertTokenizer(vocab, lower_case=True), text.Lookup(vocab, "[UNK]")],
                    "text").batch(1)
    assert _rows(data) == [[[[2, 1, 5, 4]]], [[[0, 0]]]]


def test_lookup_dtype_and_shape():
    vocab = text.Vocab.from_list(["a", "b"])
    out = text.Lookup(vocab, data_type=ms.int64)(np.array([["b", "a"], ["a", "a"]]))
    assert out.dtype == np.int64 and out.tolist() == [[1, 0], [0, 0]]
    with pytest.raises(RuntimeError, match="'c' doesn't exist"):
        text.Lookup(vocab)(np.array(["c"]))


def test_vocab_from_file_vocab_size_counts_words_not_specials(tmp_path):
    path = tmp_path / "v.txt"
    path.write_text("w1\nw2\nw3\n")
    vocab = text.Vocab.from_file(str(path), vocab_size=2, special_tokens=["<pad>"],
                                 special_first=False)
    assert vocab.vocab() == {"w1": 0, "w2": 1, "<pad>": 2}


@pytest.mark.parametrize("model,size", [("UNIGRAM", 18), ("BPE", 20), ("WORD", 11),
                                        ("CHAR", 16)])
def test_sentencepiece_models_round_trip(tmp_path, model, size):
    corpus = tmp_path / "c.txt"
    corpus.write_text("the cat sat on the mat\nthe dog ate the cat food\n" * 30)
    vocab = text.SentencePieceVocab.from_file([str(corpus)], size, 1.0,
                                              getattr(text.SentencePieceModel, model), {})
    text.SentencePieceVocab.save_model(vocab, str(tmp_path), "m.model")
    assert os.path.getsize(tmp_path / "m.model") > 0
    pieces = text.SentencePieceTokenizer(str(tmp_path / "m.model"),
                                         text.SPieceTokenizerOutType.STRING)("the cat sat")
    assert "".join(pieces.tolist()).replace("\u2581", " ").strip() == "the cat sat"
    ids = text.SentencePieceTokenizer(vocab, text.SPieceTokenizerOutType.INT)("the cat sat")
    assert ids.dtype == np.int32 and len(ids) == len(pieces)


def test_sentencepiece_errors(tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("abc abd\n" * 10)
    with pytest.raises(ValueError, match="character_coverage"):
        text.SentencePieceVocab.from_file([str(corpus)], 10, 0.5, text.SentencePieceModel.BPE,
                                          {})
    with pytest.raises(RuntimeError, match="does not exist"):
        text.SentencePieceVocab.from_file([str(tmp_path / "no.txt")], 10, 1.0,
                                          text.SentencePieceModel.BPE, {})
    with pytest.raises(RuntimeError, match="training failed"):
        text.SentencePieceVocab.from_file([str(corpus)], 5000, 1.0,
                                          text.SentencePieceModel.BPE, {})
    with pytest.raises(RuntimeError, match="not trained"):
        text.SentencePieceTokenizer(text.SentencePieceVocab(),
                                    text.SPieceTokenizerOutType.INT)


@pytest.mark.parametrize("lengths,limit", [((5, 1), 4), ((3, 3), 5), ((0, 4), 2), ((7, 7), 0)])
def test_truncate_sequence_pair_keeps_the_prefixes_within_the_limit(lengths, limit):
    a, b = (np.arange(n) for n in lengths)
    ta, tb = text.TruncateSequencePair(limit)(a, b)
    assert len(ta) + len(tb) == min(limit, sum(lengths))
    assert ta.tolist() == a[:len(ta)].tolist() and tb.tolist() == b[:len(tb)].tolist()
    assert abs(len(ta) - len(tb)) <= max(1, abs(lengths[0] - lengths[1]))


def test_to_number_and_ngram_in_a_pipeline():
    data = ds.NumpySlicesDataset(np.array([["3", "1", "2"]]), ["t"], shuffle=False)
    grams = data.map(text.Ngram([2, 3], separator="+"), "t")
    assert _rows(grams) == [[["3+1", "1+2", "3+1+2"]]]
    numbers = ds.NumpySlicesDataset(np.array([["3", "1", "2"]]), ["t"], shuffle=False)
    numbers = numbers.map(text.ToNumber(ms.int16), "t")
    row = next(numbers.create_tuple_iterator(output_numpy=True))[0]
    assert row.dtype == np.int16 and row.tolist() == [3, 1, 2]
    with pytest.raises(RuntimeError, match="out of bounds"):
        text.ToNumber(ms.float16)(np.array(["70000"]))
