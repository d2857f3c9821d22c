"""TextFileDataset and CSVDataset (orders with explicit reader counts, shards, types, headers,
errors) and PaddedDataset with use_sampler(DistributedSampler) on a concatenation."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
for name, text in [("a.txt", b"line a0\nline a1\n\nline a3\n"), ("b.txt", b"b0\nb1\r\nb2"),
                   ("c.csv", b'x,y,name\n1,2.5,"q,r"\n3,,s\n5,6.5,t\n'),
                   ("d.csv", b"7,8.5,u\n9,10.5,v\n"), ("f.csv", b"1,2.5,qr\n3,,s\n")]:
    with open(os.path.join(tmp, name), "wb") as f:
        f.write(text)
A, B, C, D, F = (os.path.join(tmp, n) for n in ("a.txt", "b.txt", "c.csv", "d.csv", "f.csv"))


def table(data):
    try:
        return [data.get_col_names(), data.get_dataset_size(),
                [{k: [str(v.dtype), v.tolist()] for k, v in r.items()}
                 for r in data.create_dict_iterator(output_numpy=True)]]
    except Exception as e:
        return type(e).__name__


emit("text_w2", table(ds.TextFileDataset([A, B], shuffle=False, num_parallel_workers=2)))
emit("text_w1", table(ds.TextFileDataset([A, B], shuffle=False, num_parallel_workers=1)))
for k in range(3):
    emit("text_shard%d" % k, table(ds.TextFileDataset([A, B], shuffle=False, num_shards=3,
                                                      shard_id=k, num_parallel_workers=2)))
emit("text_glob_samples", table(ds.TextFileDataset(os.path.join(tmp, "*.txt"), shuffle=False,
                                                   num_samples=3, num_parallel_workers=2)))
shuffled = ds.TextFileDataset([A, B])
emit("text_shuffled", sorted(str(r[0]) for r in shuffled.create_tuple_iterator(output_numpy=True)))
emit("csv_header", table(ds.CSVDataset(C, shuffle=False)))
emit("csv_typed", table(ds.CSVDataset(D, column_defaults=[0, 1.0, "z"],
                                      column_names=["a", "b", "c"], shuffle=False)))
emit("csv_typed_swapped", table(ds.CSVDataset(D, column_defaults=[0.5, 1, "z"],
                                              column_names=["a", "b", "c"], shuffle=False)))
emit("csv_names_two_files", table(ds.CSVDataset([C, D], column_names=["a", "b", "c"],
                                                shuffle=False, num_parallel_workers=2)))
for k in range(2):
    emit("csv_shard%d" % k, table(ds.CSVDataset([C, D], column_names=["a", "b", "c"],
                                                shuffle=False, num_shards=2, shard_id=k,
                                                num_parallel_workers=2)))
emit("csv_same_file_twice", table(ds.CSVDataset([C, C], shuffle=False, num_parallel_workers=2)))
emit("csv_delim", table(ds.CSVDataset(D, field_delim=";", shuffle=False)))
emit("csv_empty_float", table(ds.CSVDataset(F, column_defaults=[0, 7.0, "x"],
                                            column_names=["a", "b", "c"], shuffle=False)))
emit("csv_bad_int", table(ds.CSVDataset(C, column_defaults=[0, 1.0, "z"],
                                        column_names=["a", "b", "c"], shuffle=False)))
emit("csv_few_names", table(ds.CSVDataset(F, column_names=["a", "b"], shuffle=False)))
try:
    emit("csv_headers_differ", table(ds.CSVDataset([D, C], shuffle=False)))
except Exception as e:
    emit("csv_headers_differ", type(e).__name__)


def base():
    return ds.NumpySlicesDataset({"image": np.arange(10, dtype=np.uint8).reshape(5, 2),
                                  "label": np.arange(5, dtype=np.int32)}, shuffle=False)


def pad(n):
    return ds.PaddedDataset([{"image": np.zeros(2, np.uint8), "label": np.array(-1 - i, np.int32)}
                             for i in range(n)])


for k in range(4):
    data = base() + pad(3)
    data.use_sampler(ds.DistributedSampler(num_shards=4, shard_id=k, shuffle=False))
    emit("padded_shard%d" % k, table(data))
data = base() + pad(2)
data.use_sampler(ds.DistributedSampler(num_shards=4, shard_id=3, shuffle=False))
emit("padded_uneven", table(data))
data = base() + pad(3)
data.use_sampler(ds.DistributedSampler(num_shards=2, shard_id=1, shuffle=False))
emit("padded_batch", [[v.tolist() for v in b]
                      for b in data.batch(2).create_tuple_iterator(output_numpy=True)])
shuffled = ds.NumpySlicesDataset({"image": np.arange(10, dtype=np.uint8).reshape(5, 2),
                                  "label": np.arange(5, dtype=np.int32)}, shuffle=True)
data = shuffled + pad(3)
data.use_sampler(ds.DistributedSampler(num_shards=2, shard_id=0, shuffle=False))
emit("padded_child_shuffle_ignored", table(data))
emit("padded_types", table(ds.PaddedDataset([{"s": "str", "i": 3, "f": 1.5, "l": [1, 2]}])))
emit("padded_repeat", table(ds.PaddedDataset([{"b": 1, "a": np.array([1.5, 2])},
                                              {"b": 2, "a": np.array([3.0])}]).repeat(2)))


def error(fn):
    try:
        fn()
        return "ok"
    except Exception as e:
        return type(e).__name__


emit("use_sampler_shuffle", error(lambda: (base() + pad(3)).use_sampler(
    ds.DistributedSampler(2, 0, shuffle=True))))
emit("use_sampler_num_samples", error(lambda: (base() + pad(3)).use_sampler(
    ds.DistributedSampler(2, 0, shuffle=False, num_samples=2))))
emit("padded_empty", error(lambda: ds.PaddedDataset([])))
emit("padded_dict", error(lambda: ds.PaddedDataset({"a": 1})))
emit("padded_ints", error(lambda: ds.PaddedDataset([1, 2])))
emit("text_missing", error(lambda: ds.TextFileDataset(os.path.join(tmp, "none.txt"))))
