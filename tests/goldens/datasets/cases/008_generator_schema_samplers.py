"""GeneratorDataset with a Schema or column_types (names, dtype checks), user samplers that
keep their own attributes, and plain iterables as samplers."""
import json
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset


def rows():
    for i in range(3):
        yield np.array([i, i + 0.5], np.float32), np.array(i, np.int32)


def table(make):
    try:
        data = make()
        return [data.get_col_names(), [[str(v.dtype), v.tolist()] for r in
                                       data.create_tuple_iterator(output_numpy=True) for v in r]]
    except Exception as e:
        return type(e).__name__


schema = ds.Schema()
schema.add_column("a", de_type=ms.float32)
schema.add_column("b", de_type=ms.int32)
emit("schema", table(lambda: ds.GeneratorDataset(rows, schema=schema)))
emit("schema_and_names", table(lambda: ds.GeneratorDataset(rows, ["x", "y"], schema=schema)))
emit("types_ok", table(lambda: ds.GeneratorDataset(rows, ["x", "y"],
                                                   column_types=[ms.float32, ms.int32])))
emit("types_mismatch", table(lambda: ds.GeneratorDataset(rows, ["x", "y"],
                                                         column_types=[ms.float16, ms.int32])))
emit("types_count", table(lambda: ds.GeneratorDataset(rows, ["x"],
                                                      column_types=[ms.float32, ms.int32])))
path = os.path.join(tempfile.mkdtemp(), "s.json")
with open(path, "w") as f:
    json.dump({"columns": {"b": {"type": "int64"}, "a": {"type": "float64"}}}, f)
emit("schema_file_mismatch", table(lambda: ds.GeneratorDataset(rows, schema=path)))


class Picked(ds.Sampler):
    def __init__(self, indices):
        super().__init__()
        self.indices = indices

    def __iter__(self):
        return iter(self.indices)


class Plain:
    def __init__(self, length):
        self.length = length

    def __iter__(self):
        return iter(range(9, -1, -3))

    def __len__(self):
        return self.length


def sampled(sampler):
    try:
        data = ds.NumpySlicesDataset(np.arange(10), ["x"], sampler=sampler)
        return [data.get_dataset_size(),
                [int(r[0]) for r in data.create_tuple_iterator(output_numpy=True)]]
    except Exception as e:
        return type(e).__name__


emit("user_indices_attr", sampled(Picked([4, 2, 8])))
emit("plain_iterable", sampled(Plain(4)))
emit("plain_wrong_len", sampled(Plain(99)))
emit("subset_indices_attr", ds.SubsetSampler([3, 1]).indices)
for off in (0, 1, 3, 4):
    emit("dist_offset_%d" % off, [sampled(ds.DistributedSampler(3, k, shuffle=False, offset=off))
                                  for k in range(3)])
emit("dist_offset_num_samples", [sampled(ds.DistributedSampler(3, k, shuffle=False, offset=1,
                                                               num_samples=2))
                                 for k in range(3)])
emit("dist_offset_shuffled_sizes", [sampled(ds.DistributedSampler(3, k, offset=1))[0]
                                    for k in range(3)])
