"""text.Vocab (from_list, from_dict, from_file, from_dataset; tokens_to_ids, ids_to_tokens,
vocab) and text.Lookup (unknown_token, data_type) eagerly and in map pipelines."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
text = ms.dataset.text


def call(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        return type(e).__name__


def table(vocab):
    return sorted(vocab.vocab().items(), key=lambda kv: (kv[1], kv[0]))


def rows(data):
    return [[[str(v.dtype), v.tolist()] for v in r]
            for r in data.create_tuple_iterator(output_numpy=True)]


v = text.Vocab.from_list(["a", "b", "c"], special_tokens=["<pad>", "<unk>"], special_first=True)
emit("from_list", table(v))
emit("from_list_last", call(lambda: table(text.Vocab.from_list(["a", "b"], ["<unk>"], False))))
emit("from_list_empty", call(lambda: table(text.Vocab.from_list([]))))
emit("from_list_dup", call(lambda: text.Vocab.from_list(["a", "a"])))
emit("from_list_dup_special", call(lambda: text.Vocab.from_list(["a", "b"], ["a"])))
emit("from_list_tuple", call(lambda: text.Vocab.from_list(("a", "b"))))
emit("from_list_int", call(lambda: text.Vocab.from_list([1, 2])))
emit("from_list_special_str", call(lambda: text.Vocab.from_list(["a"], special_tokens="x")))
emit("from_list_special_first_int", call(lambda: text.Vocab.from_list(["a"], special_first=1)))
emit("t2i", v.tokens_to_ids(["a", "zz", "<unk>"]))
emit("t2i_one", v.tokens_to_ids("b"))
emit("t2i_np", v.tokens_to_ids(np.array(["b", "c"])))
emit("t2i_np_str", v.tokens_to_ids(np.str_("a")))
emit("t2i_int", call(lambda: v.tokens_to_ids(1)))
emit("t2i_tuple", call(lambda: v.tokens_to_ids(("a",))))
emit("i2t", v.ids_to_tokens([0, 4, 99]))
emit("i2t_one", v.ids_to_tokens(2))
emit("i2t_np", v.ids_to_tokens(np.array([2, 3])))
emit("i2t_neg", call(lambda: v.ids_to_tokens(-1)))
emit("i2t_str", call(lambda: v.ids_to_tokens("a")))
emit("i2t_np_int", call(lambda: v.ids_to_tokens(np.int64(1))))
emit("unbuilt", call(lambda: text.Vocab().vocab()))

emit("from_dict", table(text.Vocab.from_dict({"x": 3, "y": 0})))
emit("from_dict_i2t", text.Vocab.from_dict({"x": 3, "y": 0}).ids_to_tokens([1, 3]))
emit("from_dict_shared_id", text.Vocab.from_dict({"a": 1, "b": 1}).ids_to_tokens(1))
emit("from_dict_neg", call(lambda: text.Vocab.from_dict({"x": -1})))
emit("from_dict_int_key", call(lambda: text.Vocab.from_dict({1: 1})))
emit("from_dict_float_id", call(lambda: text.Vocab.from_dict({"a": 1.0})))

folder = tempfile.mkdtemp()
path = os.path.join(folder, "v.txt")
with open(path, "w") as f:
    f.write("hello world\nfoo,bar\n\nbaz\nhello\n")
emit("from_file", table(text.Vocab.from_file(path)))
emit("from_file_delim", table(text.Vocab.from_file(path, delimiter=",")))
emit("from_file_size", table(text.Vocab.from_file(path, vocab_size=2, special_tokens=["<unk>"])))
emit("from_file_special_last", table(text.Vocab.from_file(path, special_tokens=["<unk>"],
                                                          special_first=False)))
emit("from_file_special_dup", call(lambda: text.Vocab.from_file(path, special_tokens=["baz"])))
emit("from_file_missing", call(lambda: text.Vocab.from_file(path + "x")))
emit("from_file_size0", call(lambda: text.Vocab.from_file(path, vocab_size=0)))
emit("from_file_delim_int", call(lambda: text.Vocab.from_file(path, delimiter=1)))
crlf = os.path.join(folder, "crlf.txt")
with open(crlf, "w", newline="") as f:
    f.write("a x\r\nb\tq\nc")
emit("from_file_crlf", table(text.Vocab.from_file(crlf)))
emit("from_file_space", table(text.Vocab.from_file(crlf, delimiter=" ")))
dup = os.path.join(folder, "dup.txt")
with open(dup, "w") as f:
    f.write("a\nb\na\n")
emit("from_file_dup", call(lambda: text.Vocab.from_file(dup)))


def words():
    return ds.NumpySlicesDataset(np.array(["b a c", "a b", "a d d d", "e"]), ["text"],
                                 shuffle=False).map(text.WhitespaceTokenizer(), "text")


emit("from_dataset", table(text.Vocab.from_dataset(words())))
emit("from_dataset_col", table(text.Vocab.from_dataset(words(), columns="text")))
emit("from_dataset_top_k", table(text.Vocab.from_dataset(words(), top_k=2)))
emit("from_dataset_freq", table(text.Vocab.from_dataset(words(), freq_range=(2, 3))))
emit("from_dataset_freq_low", table(text.Vocab.from_dataset(words(), freq_range=(2, None))))
emit("from_dataset_freq_high", table(text.Vocab.from_dataset(words(), freq_range=(None, 1))))
emit("from_dataset_freq_float", call(lambda: text.Vocab.from_dataset(words(),
                                                                     freq_range=(0.1, 0.3))))
emit("from_dataset_freq_order", call(lambda: text.Vocab.from_dataset(words(), freq_range=(3, 1))))
emit("from_dataset_top_k0", call(lambda: text.Vocab.from_dataset(words(), top_k=0)))
emit("from_dataset_specials", table(text.Vocab.from_dataset(words(), special_tokens=["<pad>",
                                                                                     "<unk>"])))
emit("from_dataset_specials_last", table(text.Vocab.from_dataset(
    words(), special_tokens=["<pad>"], special_first=False, top_k=3)))
emit("from_dataset_special_dup", call(lambda: text.Vocab.from_dataset(words(),
                                                                      special_tokens=["a"])))
emit("from_dataset_bad_col", call(lambda: text.Vocab.from_dataset(words(), columns="zz")))
emit("from_dataset_int_col", call(lambda: text.Vocab.from_dataset(
    ds.NumpySlicesDataset(np.array([1, 2]), ["x"], shuffle=False))))
emit("from_dataset_sentences", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(np.array(["x y", "x"]), ["t"], shuffle=False))))
two = (np.array(["x", "y"]), np.array(["y", "z"]))
emit("from_dataset_two_cols", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(two, ["a", "b"], shuffle=False))))
emit("from_dataset_one_of_two", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(two, ["a", "b"], shuffle=False), columns=["b"])))
emit("from_dataset_ties", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(np.array(["z", "y", "x", "y"]), ["t"], shuffle=False))))
emit("from_dataset_2d", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(np.array([["x", "y"], ["x", "z"]]), ["t"], shuffle=False))))
emit("from_dataset_batched", table(text.Vocab.from_dataset(
    ds.NumpySlicesDataset(np.array(["x", "y", "x"]), ["t"], shuffle=False).batch(2))))


def looked_up(op):
    data = ds.NumpySlicesDataset(np.array([["a", "b"], ["zz", "c"]]), ["text"], shuffle=False)
    return call(lambda: rows(data.map(op, "text")))


emit("lookup_no_unknown", looked_up(text.Lookup(v)))
emit("lookup_unknown", looked_up(text.Lookup(v, "<unk>")))
emit("lookup_unknown_missing", call(lambda: looked_up(text.Lookup(v, "nope"))))
for dt in (ms.int64, ms.float32, ms.int16, ms.uint8, ms.bool_):
    emit("lookup_%s" % dt, looked_up(text.Lookup(v, "<unk>", data_type=dt)))
emit("lookup_string_type", call(lambda: looked_up(text.Lookup(v, "<unk>", data_type=ms.string))))
lookup = text.Lookup(v, "<unk>")
emit("lookup_eager_list", call(lambda: lookup(["a", "zz"])))
emit("lookup_eager_str", call(lambda: lookup("b")))
emit("lookup_eager_0d", call(lambda: lookup(np.array("b"))))
emit("lookup_eager_2d", call(lambda: lookup(np.array([["b", "a"], ["c", "x"]]))))
emit("lookup_eager_int", call(lambda: lookup(np.array([1, 2]))))
emit("lookup_eager_dtype", str(lookup(["a"]).dtype))
emit("lookup_attrs", [lookup.vocab is v, lookup.unknown_token, str(lookup.data_type)])
emit("lookup_bad_vocab", call(lambda: text.Lookup(["a"])))
emit("lookup_bad_unknown", call(lambda: text.Lookup(v, 3)))
emit("lookup_numpy_type", call(lambda: text.Lookup(v, data_type=np.int32)))
