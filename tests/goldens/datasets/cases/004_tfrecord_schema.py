"""TFRecordDataset over files written here (TFRecord framing + tf.train.Example encoded by hand):
columns and dtypes without a schema, with a Schema (types, shapes, string), numRows, orders with
explicit reader counts, sharding by file and by rows, num_samples, compression; Schema JSON."""
import gzip
import json
import os
import struct
import tempfile
import zlib

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
TABLE = []
for i in range(256):
    c = i
    for _ in range(8):
        c = (c >> 1) ^ 0x82F63B78 if c & 1 else c >> 1
    TABLE.append(c)


def masked_crc(data):
    crc = 0xFFFFFFFF
    for b in data:
        crc = TABLE[(crc ^ b) & 0xFF] ^ (crc >> 8)
    crc ^= 0xFFFFFFFF
    return (((crc >> 15) | (crc << 17)) + 0xA282EAD8) & 0xFFFFFFFF


def varint(v):
    v &= (1 << 64) - 1
    out = bytearray()
    while True:
        b, v = v & 0x7F, v >> 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def field(num, payload):
    return varint(num << 3 | 2) + varint(len(payload)) + payload


def example(features):
    entries = b""
    for name, values in features.items():
        if isinstance(values, list):
            feature = field(1, b"".join(field(1, v) for v in values))
        elif values.dtype.kind == "f":
            feature = field(2, field(1, values.astype("<f4").tobytes()))
        else:
            feature = field(3, field(1, b"".join(varint(int(v)) for v in values)))
        entries += field(1, field(1, name.encode()) + field(2, feature))
    return field(1, entries)


def write(name, records, compress=None):
    data = b""
    for r in records:
        head = struct.pack("<Q", len(r))
        data += head + struct.pack("<I", masked_crc(head)) + r + struct.pack("<I", masked_crc(r))
    data = gzip.compress(data) if compress == "GZIP" else zlib.compress(data) \
        if compress == "ZLIB" else data
    path = os.path.join(tmp, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def ex(i):
    return example({"image": [bytes([i, i + 1, 255])], "label": np.array([i]),
                    "feat": np.array([i * 0.5, -1.0, 2.0], np.float32),
                    "ids": np.array([i, -i, 2 ** 40]), "name": [b"n%d" % i],
                    "multi": [b"a", b"bcd", b"ef"], "empty": np.zeros(0, np.int64)})


a = write("a.tfrecord", [ex(i) for i in range(5)])
b = write("b.tfrecord", [ex(i) for i in range(10, 13)])
c = write("c.tfrecord", [ex(i) for i in range(20, 22)])


def val(v):
    return [str(v.dtype), list(v.shape), v.reshape(-1).tolist()]


def rows(data, n=3):
    return [{k: val(v) for k, v in r.items()} for _, r in
            zip(range(n), data.create_dict_iterator(output_numpy=True))]


plain = ds.TFRecordDataset(a, shuffle=False)
emit("plain_cols", plain.get_col_names())
emit("plain_size", plain.get_dataset_size())
emit("plain_rows", rows(plain))

schema = ds.Schema()
schema.add_column("image", de_type=ms.uint8)
schema.add_column("label", de_type=ms.int32, shape=[1])
schema.add_column("feat", de_type=ms.float64, shape=[3])
schema.add_column("ids", de_type="int64", shape=[1, 3])
schema.add_column("name", de_type="string")
emit("schema_json", json.loads(schema.to_json()))
typed = ds.TFRecordDataset(a, schema=schema, shuffle=False)
emit("typed_cols", typed.get_col_names())
emit("typed_rows", rows(typed))
scalars = ds.Schema()
scalars.parse_columns({"label": {"type": "int64", "shape": []},
                       "name": {"type": "string", "shape": []},
                       "multi": {"type": "string", "shape": [3]}})
emit("parsed_json", json.loads(str(scalars)))
sc = ds.TFRecordDataset(a, schema=scalars, shuffle=False)
emit("scalar_cols", sc.get_col_names())
emit("scalar_rows", rows(sc, 2))
with open(os.path.join(tmp, "schema.json"), "w") as f:
    json.dump({"columns": {"label": {"type": "int64", "rank": 1, "shape": [1]}},
               "numRows": 3, "datasetType": "TF"}, f)
from_file = ds.Schema(os.path.join(tmp, "schema.json"))
emit("file_schema_json", json.loads(str(from_file)))
emit("file_schema_rows", ds.Schema.get_num_rows(from_file))
limited = ds.TFRecordDataset(a, schema=os.path.join(tmp, "schema.json"), shuffle=False)
emit("numrows_size", limited.get_dataset_size())
emit("numrows_rows", [int(r[0][0]) for r in limited.create_tuple_iterator(output_numpy=True)])


def labels(files, **kw):
    data = ds.TFRecordDataset(files, columns_list=["label"], **kw)
    return [data.get_dataset_size(),
            [int(r[0][0]) for r in data.create_tuple_iterator(output_numpy=True)]]


files = [a, b, c]
emit("order_w1", labels(files, shuffle=False, num_parallel_workers=1))
emit("order_w2", labels(files, shuffle=False, num_parallel_workers=2))
emit("order_w2_samples", labels(files, shuffle=False, num_parallel_workers=2, num_samples=4))
for k in range(3):
    emit("shard_rows%d" % k, labels(files, shuffle=False, num_shards=3, shard_id=k,
                                    shard_equal_rows=True, num_parallel_workers=2))
    emit("shard_files%d" % k, labels(files, shuffle=False, num_shards=3, shard_id=k,
                                     num_parallel_workers=2))
size, got = labels(files)
emit("global_shuffle", [size, sorted(got)])
size, got = labels(files, shuffle=ms.dataset.Shuffle.INFILE, num_parallel_workers=1)
emit("infile_shuffle", [size, sorted(got[:5]), sorted(got[5:8]), sorted(got[8:])])
for kind in ("GZIP", "ZLIB"):
    emit("compressed_" + kind, labels(write("z." + kind, [ex(i) for i in range(3)], kind),
                                      shuffle=False, compression_type=kind))
piped = ds.TFRecordDataset([a, b], columns_list=["label", "feat"], shuffle=False,
                           num_parallel_workers=1).map(lambda f: f * 2, input_columns="feat")
piped = piped.batch(3, drop_remainder=True).repeat(2)
emit("pipeline", [[val(v) for v in r] for r in piped.create_tuple_iterator(output_numpy=True)])
left, right = ds.TFRecordDataset(a, columns_list=["label"], shuffle=False).split(
    [3, 2], randomize=False)
emit("split", [[int(r[0][0]) for r in d.create_tuple_iterator(output_numpy=True)]
               for d in (left, right)])


def error(fn):
    try:
        fn()
        return "ok"
    except Exception as e:
        return type(e).__name__


emit("err_missing", error(lambda: ds.TFRecordDataset(os.path.join(tmp, "none.tfrecord"))))
emit("err_compression", error(lambda: ds.TFRecordDataset(a, compression_type="LZ4")))
emit("err_shuffle", error(lambda: ds.TFRecordDataset(a, shuffle=3)))
emit("err_few_files", error(lambda: list(ds.TFRecordDataset(
    files, num_shards=4, shard_id=0).create_tuple_iterator())))
emit("schema_err_name", error(lambda: ds.Schema().add_column(1, "int32")))
emit("schema_err_type", error(lambda: ds.Schema().add_column("a", "int99")))
emit("schema_err_shape", error(lambda: ds.Schema().add_column("a", "int32", shape=2)))
emit("schema_err_file", error(lambda: ds.Schema(os.path.join(tmp, "none.json"))))
