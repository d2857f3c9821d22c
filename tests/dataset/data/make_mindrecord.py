"""Writes ms_small.mindrecord (+ .db) with real MindSpore 2.10 (a development step, run under
``../shared/tools/ms-oracle``); tests/dataset/test_mindrecord.py reads it and checks that
mindcell's FileWriter writes the same bytes from the same rows (``ROWS`` below)."""
import os

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
PATH = os.path.join(HERE, "ms_small.mindrecord")
SCHEMA = {"file_name": {"type": "string"}, "label": {"type": "int32"},
          "score": {"type": "float64"}, "data": {"type": "bytes"},
          "vec": {"type": "float32", "shape": [-1]}, "mat": {"type": "int64", "shape": [2, 3]},
          "big": {"type": "int64"}}


def rows():
    out = []
    for i in range(6):
        out.append({"file_name": "img_%d.jpg" % i, "label": i % 3, "score": 0.1 * i - 0.2,
                    "data": bytes(range(i, 2 * i + 4)),
                    "vec": np.linspace(-1, 1, i + 1).astype(np.float32),
                    "mat": np.arange(6, dtype=np.int64).reshape(2, 3) * (-300) ** i,
                    "big": 7 ** (3 * i) * (-1) ** i})
    return out


if __name__ == "__main__":
    from mindspore.mindrecord import FileWriter
    writer = FileWriter(PATH, shard_num=1, overwrite=True)
    writer.set_header_size(1 << 14)
    writer.set_page_size(1 << 15)
    writer.add_schema(SCHEMA, "mindcell test data")
    writer.add_index(["file_name", "label"])
    writer.write_raw_data(rows()[:4])
    writer.write_raw_data(rows()[4:])
    writer.commit()
