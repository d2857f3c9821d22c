"""FileWriter.open_for_append: the files after appending (bytes and .db rows), multi-page with
two shards (even row counts: MindSpore gives an odd extra row to a random shard), and what
MindDataset reads from them."""
import hashlib
import os
import sqlite3
import tempfile

import numpy as np
from _target import ms, emit

FileWriter = ms.mindrecord.FileWriter
tmp = tempfile.mkdtemp()
schema = {"x": {"type": "int64"}, "v": {"type": "float32", "shape": [-1]},
          "s": {"type": "string"}}
rows = [{"x": i, "v": np.ones(3 + i, np.float32) * i, "s": "r%d" % i} for i in range(40)]
path = os.path.join(tmp, "ap.mindrecord")
w = FileWriter(path, shard_num=2)
w.set_page_size(1 << 15)
w.set_header_size(1 << 14)
w.add_schema(schema, "append")
w.write_raw_data(rows[:24])
w.commit()
more = FileWriter.open_for_append(path + "1")
emit("type", type(more).__name__)
more.write_raw_data(rows[24:])
emit("commit", more.commit())
for k in range(2):
    with open(path + str(k), "rb") as f:
        emit("sha256_%d" % k, hashlib.sha256(f.read()).hexdigest())
    con = sqlite3.connect(path + "%d.db" % k)
    emit("db_%d" % k, [list(r) for r in con.execute("SELECT * FROM INDEXES ORDER BY ROW_ID")])
    con.close()
data = ms.dataset.MindDataset(path + "0", columns_list=["x", "s"], shuffle=False)
emit("rows", [[int(r[0]), str(r[1])] for r in data.create_tuple_iterator(output_numpy=True)])
try:
    FileWriter.open_for_append(os.path.join(tmp, "none.mindrecord"))
except Exception as e:
    emit("missing", type(e).__name__)
