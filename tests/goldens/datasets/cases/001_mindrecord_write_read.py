"""MindRecord: FileWriter's bytes (data file and .db index rows), FileReader's values and
MindDataset's columns, dtypes, shapes and orders (shards, columns_list, padded_sample)."""
import hashlib
import os
import sqlite3
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
FileWriter, FileReader = ms.mindrecord.FileWriter, ms.mindrecord.FileReader
tmp = tempfile.mkdtemp()


def val(a):
    a = np.asarray(a)
    if a.dtype.kind == "S":
        items = [x.hex() for x in a.reshape(-1).tolist()]
    elif a.dtype.kind == "U":
        items = a.reshape(-1).tolist()
    else:
        items = a.reshape(-1).tolist()
    return [str(a.dtype), list(a.shape), items]


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


def db_rows(path):
    con = sqlite3.connect(path)
    try:
        return [list(r) for r in con.execute("SELECT * FROM INDEXES ORDER BY ROW_ID")]
    finally:
        con.close()


schema = {"file_name": {"type": "string"}, "label": {"type": "int32"},
          "score": {"type": "float64"}, "data": {"type": "bytes"},
          "vec": {"type": "float32", "shape": [-1]}, "mat": {"type": "int64", "shape": [2, 3]},
          "big": {"type": "int64"}}
rows = [{"file_name": "img_%d.jpg" % i, "label": i % 3, "score": 0.25 * i - 0.5,
         "data": bytes(range(i + 1, 2 * i + 5)),
         "vec": np.linspace(-1, 1, i + 1).astype(np.float32),
         "mat": np.arange(6, dtype=np.int64).reshape(2, 3) * (-300) ** i,
         "big": 7 ** (3 * i) * (-1) ** i} for i in range(7)]
path = os.path.join(tmp, "one.mindrecord")
w = FileWriter(path, shard_num=1, overwrite=True)
w.set_header_size(1 << 14)
w.set_page_size(1 << 15)
emit("add_schema", w.add_schema(schema, "golden"))
emit("add_index", w.add_index(["file_name", "label"]))
emit("write1", w.write_raw_data(rows[:4]))
emit("write2", w.write_raw_data(rows[4:]))
emit("commit", w.commit())
emit("files", sorted(os.listdir(tmp)))
emit("data_sha256", digest(path))
emit("db_rows", db_rows(path + ".db"))

r = FileReader(path)
emit("reader_len", r.len())
emit("reader_schema", r.schema())
for i, item in enumerate(r.get_next()):
    emit("reader_row%d" % i, {k: (v.hex() if isinstance(v, bytes) else
                                 val(v) if isinstance(v, np.ndarray) else [type(v).__name__, v])
                             for k, v in sorted(item.items())})
r.close()

data = ds.MindDataset(path, shuffle=False)
emit("cols", data.get_col_names())
emit("size", data.get_dataset_size())
for i, row in enumerate(data.create_dict_iterator(output_numpy=True)):
    emit("md_row%d" % i, {k: val(v) for k, v in row.items()})
first = next(iter(data.create_dict_iterator()))
emit("dict_iter_types", {k: "Tensor" if isinstance(v, ms.Tensor) else type(v).__name__
                         for k, v in first.items()})

sel = ds.MindDataset(path, columns_list=["mat", "label"], shuffle=False)
emit("sel_cols", sel.get_col_names())
emit("sel_first", [val(v) for v in next(iter(sel.create_tuple_iterator(output_numpy=True)))])

# several shards: 7 rows over 3 files (which file gets the extra row is random in MindSpore,
# so only the whole set and the files' total are compared)
spath = os.path.join(tmp, "sh.mindrecord")
w = FileWriter(spath, shard_num=3, overwrite=True)
w.add_schema({"x": {"type": "int32"}, "y": {"type": "float32", "shape": [2]}})
w.write_raw_data([{"x": i, "y": np.array([i, -i], np.float32)} for i in range(7)])
w.commit()
emit("shard_files", sorted(f for f in os.listdir(tmp) if f.startswith("sh.")))
whole = ds.MindDataset(spath + "0", shuffle=False)
emit("shard_whole", [int(r["x"]) for r in whole.create_dict_iterator(output_numpy=True)])
emit("shard_counts", sum(ds.MindDataset([spath + str(k)]).get_dataset_size()
                         for k in range(3)))
for k in range(2):
    part = ds.MindDataset(spath + "0", shuffle=False, num_shards=2, shard_id=k)
    emit("dist%d" % k, [int(r["x"]) for r in part.create_dict_iterator(output_numpy=True)])
shuffled = ds.MindDataset(spath + "0", columns_list=["x"])
emit("shuffled_set", sorted(int(r[0]) for r in shuffled.create_tuple_iterator(output_numpy=True)))

pad = {"x": -1, "y": np.zeros(2, np.float32)}
padded = [ds.MindDataset(spath + "0", columns_list=["x"], shuffle=False, padded_sample=pad,
                         num_padded=1, num_shards=4, shard_id=k) for k in range(4)]
emit("padded", [[int(r[0]) for r in p.create_tuple_iterator(output_numpy=True)]
                for p in padded])
batched = ds.MindDataset(path, columns_list=["label", "vec"], shuffle=False) \
    .map(lambda v: v[:1] * 2, input_columns="vec").batch(3).repeat(2)
emit("pipeline", [[val(v) for v in b] for b in batched.create_tuple_iterator(output_numpy=True)])
