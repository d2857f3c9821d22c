"""UnicodeCharTokenizer, WhitespaceTokenizer, BasicTokenizer, WordpieceTokenizer and
BertTokenizer: tokens, offsets, dtypes, errors, and map pipelines with Lookup. (Left out:
BasicTokenizer(lower_case=True) on text holding a preserved token such as [CLS], where
MindSpore 2.10 repeats the text before the token, and keep_whitespace=True with
BertTokenizer's offsets, where it emits one start offset more than tokens.)"""
import numpy as np
from _target import ms, emit

ds = ms.dataset
text = ms.dataset.text


def out(value):
    if isinstance(value, tuple):
        return [out(v) for v in value]
    return [str(value.dtype), list(value.shape), value.tolist()]


def call(fn):
    try:
        return out(fn())
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        return type(e).__name__


def pipeline(data, ops, **kwargs):
    try:
        mapped = data.map(ops, "text", **kwargs)
        return [mapped.get_col_names(), [[out(v) for v in r] for r in
                                         mapped.create_tuple_iterator(output_numpy=True)]]
    except Exception as e:  # noqa: BLE001
        return type(e).__name__


def sentences(values=("ab", "c d")):
    return ds.NumpySlicesDataset(np.array(list(values)), ["text"], shuffle=False)


uc = text.UnicodeCharTokenizer
emit("uc", call(lambda: uc()("héllo 世界")))
emit("uc_offsets", call(lambda: uc(with_offsets=True)("héllo 世")))
emit("uc_empty", call(lambda: uc(True)("")))
emit("uc_0d", call(lambda: uc(True)(np.array("ab"))))
emit("uc_list", call(lambda: uc()(["ab", "c"])))
emit("uc_2d", call(lambda: uc()(np.array([["ab"]]))))
emit("uc_int", call(lambda: uc()(np.array([1]))))
emit("uc_bad_flag", call(lambda: uc(with_offsets=1)))
emit("uc_pipe", pipeline(sentences(), uc(True), output_columns=["tok", "s", "e"]))
emit("uc_pipe_no_columns", pipeline(sentences(), uc(True)))
emit("uc_pipe_lookup", pipeline(sentences(), [uc(), text.Lookup(text.Vocab.from_list(
    list("abcd ")))]))
emit("ws", call(lambda: text.WhitespaceTokenizer(True)(" a  bc\td\u3000e ")))
emit("ws_empty", call(lambda: text.WhitespaceTokenizer(True)("   ")))

B = text.BasicTokenizer
s = "Hello Worlds! Playing unaffable 床前明月光, [CLS] [unused1] café xyz\tend  \n[MASK]"
for name, kw in [("plain", {}), ("keep_ws", dict(keep_whitespace=True)),
                 ("no_preserve", dict(preserve_unused_token=False)),
                 ("lower_no_preserve", dict(lower_case=True, preserve_unused_token=False)),
                 ("offsets", dict(with_offsets=True))]:
    emit("basic_" + name, call(lambda: B(**kw)(s)))
emit("basic_lower", call(lambda: B(lower_case=True, with_offsets=True)("Hello World! Ab [SEP]")))
emit("basic_nfd", call(lambda: [list(t.encode()) for t in B(
    normalization_form=text.NormalizeForm.NFD)("é").tolist()]))
emit("basic_nfkc", call(lambda: B(normalization_form=text.NormalizeForm.NFKC,
                                  with_offsets=True)("ﬁx ２ Ǆ")))
NFC = text.NormalizeForm.NFC
emit("basic_lower_nfc_ignored", call(lambda: B(lower_case=True, normalization_form=NFC)("CAFé Ǆ")))
emit("basic_lower_fold", call(lambda: B(lower_case=True)("CAFÉ naïve ǅ ß İ ２ ﬁ ½ ™ Å K")))
emit("basic_lower_offsets", call(lambda: B(lower_case=True, with_offsets=True)("ﬁx ß Straße")))
emit("basic_lower_combining", call(lambda: B(lower_case=True, with_offsets=True)("e\u0301x É")))
emit("basic_controls", call(lambda: B()("a\x00b\ufffdc\x07d e\u200bf")))
emit("basic_controls_offsets", call(lambda: B(with_offsets=True)("a\x00b\u200bc\u00a0d\u3000e")))
emit("basic_controls_keep_ws", call(lambda: B(keep_whitespace=True, with_offsets=True)(
    "a\x00b\u200bc\td")))
emit("basic_punct", call(lambda: B()("a-b$c^d`e~f…g「h」 ¿Qué? «x» a_b a'b § + = < > | @ # % &")))
emit("basic_symbols", call(lambda: B()("a™b½c©d€e")))
emit("basic_cjk", call(lambda: B(with_offsets=True)("ab中文cd한국어ｶﾀｶﾅ")))
emit("basic_numbers", call(lambda: B()("abc123 4.5 ２")))
emit("basic_preserve_inside", call(lambda: B(with_offsets=True)(
    "foo[SEP]bar [unused] [unused0x] [UNUSED1] [unused12] [cls]")))
emit("basic_empty", call(lambda: B(with_offsets=True)("")))
emit("basic_spaces", call(lambda: B(with_offsets=True)("   ")))
emit("basic_spaces_keep", call(lambda: B(keep_whitespace=True, with_offsets=True)(" a  b ")))
emit("basic_1d", call(lambda: B()(np.array(["a b"]))))
emit("basic_0d", call(lambda: B()(np.array("a b"))))
for arg in ("lower_case", "keep_whitespace", "preserve_unused_token", "with_offsets"):
    emit("basic_bad_" + arg, call(lambda: B(**{arg: 1})))
emit("basic_bad_form", call(lambda: B(normalization_form="NFC")))

words = ["[UNK]", "[CLS]", "[SEP]", "[PAD]", "[MASK]", "[unused1]", "hello", "world", "##s",
         "play", "##ing", "the", "un", "##aff", "##able", "床", "前", "明", "月", "光", ",", "!",
         "a", "é", "cafe", "café", "HELLO"]
vocab = text.Vocab.from_list(words)
W = text.WordpieceTokenizer
emit("wp", call(lambda: W(vocab)(np.array(["hello", "worlds", "playing", "unaffable", "xyz",
                                           "HELLO", "Hello"]))))
emit("wp_offsets", call(lambda: W(vocab, with_offsets=True)(np.array(["hello", "playing", "xyz"]))))
emit("wp_keep_unknown", call(lambda: W(vocab, unknown_token="", with_offsets=True)(
    np.array(["playing", "xyz"]))))
emit("wp_max_bytes", call(lambda: W(vocab, max_bytes_per_token=5)(np.array(["hello", "playing",
                                                                            "床前"]))))
emit("wp_max_bytes0", call(lambda: W(vocab, max_bytes_per_token=0)(np.array(["a"]))))
emit("wp_suffix", call(lambda: W(vocab, suffix_indicator="@@")(np.array(["playing"]))))
emit("wp_scalar", call(lambda: W(vocab)("playing")))
emit("wp_one", call(lambda: W(vocab)(np.array(["zz"]))))
emit("wp_2d", call(lambda: W(vocab)(np.array([["playing"]]))))
emit("wp_int", call(lambda: W(vocab)(np.array([1, 2]))))
small = text.Vocab.from_list(["a", "##b", "[UNK]", ""])
emit("wp_empty_words", call(lambda: W(small, with_offsets=True)(np.array(["", "ab", "abb"]))))
emit("wp_only_empty", call(lambda: W(small, with_offsets=True)(np.array([""]))))
emit("wp_unknown_not_in_vocab", call(lambda: W(text.Vocab.from_list(["a"]), unknown_token="<u>")(
    np.array(["a", "z"]))))
emit("wp_utf8", call(lambda: W(text.Vocab.from_list(["é", "##é", "ab"]), with_offsets=True)(
    np.array(["éé", "aé"]))))
emit("wp_bad_suffix", call(lambda: W(vocab, suffix_indicator=1)))
emit("wp_bad_unknown", call(lambda: W(vocab, unknown_token=None)))
emit("wp_bad_vocab", call(lambda: W(words)))

Bert = text.BertTokenizer
emit("bert", call(lambda: Bert(vocab)(s)))
emit("bert_lower", call(lambda: Bert(vocab, lower_case=True)("Hello Worlds! Playing unaffable "
                                                            "床前明月光, café xyz")))
emit("bert_offsets", call(lambda: Bert(vocab, lower_case=True, with_offsets=True)(
    "Hello playing xyz 床前")))
emit("bert_keep_unknown", call(lambda: Bert(vocab, unknown_token="")("hello xyz")))
emit("bert_empty", call(lambda: Bert(vocab, with_offsets=True)("")))
emit("bert_spaces", call(lambda: Bert(vocab, with_offsets=True)("   ")))
emit("bert_bad_vocab", call(lambda: Bert(words)))
emit("bert_bad_max_bytes", call(lambda: Bert(vocab, max_bytes_per_token=-1)))
emit("bert_bad_form", call(lambda: Bert(vocab, normalization_form="NFC")))
pair = ["Hello world", "playing xyz"]  # a new dataset per pipeline: MindSpore maps one once
emit("bert_pipe", pipeline(sentences(pair), Bert(vocab, lower_case=True)))
emit("bert_pipe_lookup", pipeline(sentences(pair), [Bert(vocab, lower_case=True),
                                                    text.Lookup(vocab, "[UNK]")]))
emit("bert_pipe_offsets", pipeline(sentences(pair), Bert(vocab, lower_case=True,
                                                         with_offsets=True),
                                   output_columns=["t", "b", "e"]))
emit("normalize_form", [[m, int(getattr(text.NormalizeForm, m))]
                        for m in ("NONE", "NFC", "NFKC", "NFD", "NFKD")])
