"""RandomDataset: column names, dtypes and shapes from a Schema (and columns_list), the row
count, each tensor being one value repeated, a schema's -1 dimension, the made-up columns
without a schema (names c0, c1 ...), and the argument errors."""
import numpy as np
from _target import ms, emit

ds = ms.dataset
s = ds.Schema()
s.add_column("image", de_type=ms.uint8, shape=[2, 3])
s.add_column("label", de_type=ms.int32, shape=[1])
s.add_column("f", de_type=ms.float32)
s.add_column("v", de_type=ms.float64, shape=[-1])
s.add_column("w", de_type=ms.int64, shape=[4, 1, 2])


def rows(key, d):
    emit(key + "_cols", d.get_col_names())
    emit(key + "_size", d.get_dataset_size())
    got = list(d.create_dict_iterator(output_numpy=True))
    emit(key + "_rows", len(got))
    emit(key + "_types", [[str(v.dtype) for v in r.values()] for r in got])
    emit(key + "_shapes", [[list(v.shape) for k, v in r.items() if k != "v"] for r in got])
    emit(key + "_ranks", [[v.ndim for v in r.values()] for r in got])
    emit(key + "_constant", all(np.array_equal(v, np.full(v.shape, v.flat[0]), equal_nan=v.dtype.kind == "f")
                                for r in got for v in r.values() if v.size))


rows("schema", ds.RandomDataset(schema=s, total_rows=4))
rows("columns_list", ds.RandomDataset(schema=s, total_rows=3, columns_list=["w", "label"]))
d = ds.RandomDataset(total_rows=5)
names = d.get_col_names()
emit("no_schema_names", names == ["c%d" % i for i in range(len(names))])
emit("no_schema_rows", len(list(d.create_tuple_iterator(output_numpy=True))))


def err(key, f):
    try:
        list(f().create_tuple_iterator(output_numpy=True))
        emit(key, "no error")
    except Exception as e:  # noqa: BLE001
        emit(key, e)


err("total_rows_str", lambda: ds.RandomDataset(total_rows="a"))
err("schema_int", lambda: ds.RandomDataset(schema=1, total_rows=2))
err("columns_list_str", lambda: ds.RandomDataset(schema=s, total_rows=2, columns_list="a"))
s2 = ds.Schema()
s2.add_column("t", de_type="string")
err("string_column", lambda: ds.RandomDataset(schema=s2, total_rows=2))
