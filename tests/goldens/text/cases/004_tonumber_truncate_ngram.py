"""text.ToNumber, TruncateSequencePair, Ngram, to_str / to_bytes: values, dtypes, errors, and a
map pipeline."""
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


emit("to_number_int32", call(lambda: text.ToNumber(ms.int32)(np.array(["1", "-2", "3"]))))
emit("to_number_float32", call(lambda: text.ToNumber(ms.float32)(np.array(["1.5", "2e3", " 3"]))))
emit("to_number_0d", call(lambda: text.ToNumber(ms.int64)("7")))
emit("to_number_2d", call(lambda: text.ToNumber(ms.uint16)(np.array([["1", "2"], ["3", "4"]]))))
emit("to_number_prefix", call(lambda: text.ToNumber(ms.int32)(np.array(["2.5", "12ab"]))))
emit("to_number_float64", call(lambda: text.ToNumber(ms.float64)(np.array(["0.1", "-inf"]))))
emit("to_number_not_a_number", call(lambda: text.ToNumber(ms.int32)(np.array(["x"]))))
emit("to_number_int8_range", call(lambda: text.ToNumber(ms.int8)(np.array(["300"]))))
emit("to_number_uint8_negative", call(lambda: text.ToNumber(ms.uint8)(np.array(["-1"]))))
emit("to_number_float16_range", call(lambda: text.ToNumber(ms.float16)(np.array(["1e10"]))))
emit("to_number_int_input", call(lambda: text.ToNumber(ms.int32)(np.array([1]))))
emit("to_number_string_type", call(lambda: text.ToNumber(ms.string)))
emit("to_number_bool_type", call(lambda: text.ToNumber(ms.bool_)))
emit("to_number_numpy_type", call(lambda: text.ToNumber(np.int32)))
emit("to_number_pipe", [out(r[0]) for r in ds.NumpySlicesDataset(
    np.array([["1", "2"], ["3", "4"]]), ["t"], shuffle=False).map(
        text.ToNumber(ms.float32), "t").create_tuple_iterator(output_numpy=True)])

T = text.TruncateSequencePair
emit("truncate_longer_first", call(lambda: T(4)(np.array([1, 2, 3]), np.array([4, 5, 6, 7]))))
emit("truncate_second", call(lambda: T(5)(np.array([1, 2]), np.array([4, 5, 6, 7]))))
emit("truncate_tie", call(lambda: T(3)(np.array(["a", "b"]), np.array(["c", "d"]))))
emit("truncate_fits", call(lambda: T(10)(np.array([1, 2]), np.array([4]))))
emit("truncate_to_empty", call(lambda: T(1)(np.array([1, 2]), np.array([4]))))
emit("truncate_one_input", call(lambda: T(3)(np.array([1, 2]))))
emit("truncate_pipe", [[out(v) for v in r] for r in ds.NumpySlicesDataset(
    (np.array([[1, 2, 3]]), np.array([[4, 5]])), ["a", "b"], shuffle=False).map(
        T(3), ["a", "b"]).create_tuple_iterator(output_numpy=True)])

N = text.Ngram
words = np.array(["a", "b", "c"])
emit("ngram_2", call(lambda: N(2)(words)))
emit("ngram_sizes_pads", call(lambda: N([1, 3], left_pad=("<", 1), right_pad=(">", 1),
                                        separator="-")(words)))
emit("ngram_too_short", call(lambda: N(4)(np.array(["a", "b"]))))
emit("ngram_pad_width", call(lambda: N(3, left_pad=("_", 2), right_pad=("_", 2))(
    np.array(["a", "b"]))))
emit("ngram_big_pads", call(lambda: N(2, left_pad=("L", 5), right_pad=("R", 5))(words)))

emit("to_str", call(lambda: text.to_str(np.array([b"ab", b"c"]))))
emit("to_str_latin1", call(lambda: text.to_str(np.array(["é".encode("latin1")]), "latin1")))
emit("to_bytes", call(lambda: text.to_bytes(np.array(["ab", "é"]))))
emit("to_bytes_2d", call(lambda: text.to_bytes(np.array([["x"], ["yz"]]))))
