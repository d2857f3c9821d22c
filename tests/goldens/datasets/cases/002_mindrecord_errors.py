"""MindRecord: the exception types of invalid schemas, indexes, sizes, rows and files."""
import os
import tempfile

import numpy as np
from _target import ms, emit

FileWriter, FileReader = ms.mindrecord.FileWriter, ms.mindrecord.FileReader
tmp = tempfile.mkdtemp()


def error(fn):
    try:
        fn()
        return "ok"
    except Exception as e:  # the type is the result
        return type(e).__name__


def writer(name):
    return FileWriter(os.path.join(tmp, name), overwrite=True)


emit("base_class", [c.__name__ for c in ms.mindrecord.MRMInvalidSchemaError.__mro__[:3]])
emit("shard_num_0", error(lambda: FileWriter(os.path.join(tmp, "a"), shard_num=0)))
emit("shard_num_1001", error(lambda: FileWriter(os.path.join(tmp, "a"), shard_num=1001)))
for i, bad in enumerate([{"v": {"type": "int8"}}, {"v-a": {"type": "int32"}}, {},
                         {"v": {"type": "string", "shape": [2]}},
                         {"v": {"type": "bytes", "shape": [2]}},
                         {"v": {"type": "int32", "x": 1}},
                         {"v": {"type": "int32", "shape": [-1, -1]}},
                         {"v": {"type": "int32", "shape": [0]}}]):
    emit("schema%d" % i, error(lambda: writer("s%d" % i).add_schema(bad)))
emit("schema_digit_name", error(lambda: writer("s9").add_schema({"1v": {"type": "int32"}})))

w = writer("idx")
w.add_schema({"v": {"type": "int32"}, "s": {"type": "float32", "shape": [2]}})
emit("index_blob", error(lambda: w.add_index(["s"])))
emit("index_str", error(lambda: w.add_index("v")))
emit("index_empty", error(lambda: w.add_index([])))
emit("page_small", error(lambda: w.set_page_size(1000)))
emit("header_small", error(lambda: w.set_header_size(1000)))
emit("no_schema_write", error(lambda: writer("q").write_raw_data([{"v": 1}])))

cases = [("i32_np_int64", {"type": "int32"}, np.int64(3)),
         ("i64_float", {"type": "int64"}, 2.0), ("f32_int", {"type": "float32"}, 2),
         ("f64_np_float32", {"type": "float64"}, np.float32(0.5)),
         ("str_bytes", {"type": "string"}, b"x"), ("bytes_str", {"type": "bytes"}, "x"),
         ("arr_f64_for_f32", {"type": "float32", "shape": [-1]}, np.ones(2)),
         ("arr_bad_size", {"type": "float32", "shape": [3]}, np.ones(2, np.float32)),
         ("arr_list", {"type": "float32", "shape": [-1]}, [1.0, 2.0]),
         ("bool_for_int", {"type": "int32"}, True),
         ("i32_np_int32", {"type": "int32"}, np.int32(-5)),
         ("arr_2d_flat", {"type": "float32", "shape": [-1]}, np.ones((2, 2), np.float32)),
         ("f64_np_float64", {"type": "float64"}, np.float64(0.5))]
for name, spec, value in cases:
    path = os.path.join(tmp, name)
    w = FileWriter(path, overwrite=True)
    w.add_schema({"v": spec, "k": {"type": "int32"}})
    result = error(lambda: w.write_raw_data([{"v": value, "k": 1}]))
    if result == "ok":
        w.commit()
        got = list(FileReader(path).get_next())[0]["v"]
        result = np.asarray(got).tolist() if isinstance(got, np.ndarray) else got
    emit("row_" + name, result)
w = writer("missing")
w.add_schema({"v": {"type": "int32"}, "k": {"type": "int32"}})
emit("row_missing_field", error(lambda: w.write_raw_data([{"v": 1}])))
emit("row_not_list", error(lambda: w.write_raw_data({"v": 1, "k": 2})))
w.write_raw_data([{"v": 1, "k": 2}, {"v": "bad", "k": 3}, {"v": 4, "k": 5, "extra": 0}])
w.commit()
emit("rows_kept", [r["v"] for r in FileReader(os.path.join(tmp, "missing")).get_next()])
emit("reader_missing", error(lambda: FileReader(os.path.join(tmp, "none.mindrecord"))))
emit("dataset_missing", error(lambda: ms.dataset.MindDataset(os.path.join(tmp, "none"))))
emit("padded_no_columns", error(lambda: ms.dataset.MindDataset(
    os.path.join(tmp, "missing"), padded_sample={"v": 1, "k": 1}, num_padded=1)))
