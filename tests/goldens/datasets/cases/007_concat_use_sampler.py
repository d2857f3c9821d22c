"""use_sampler(DistributedSampler(shuffle=False)) on concatenations of MindDataset,
NumpySlicesDataset and PaddedDataset (nested by +): which rows each shard reads."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()


def mr(n):
    path = os.path.join(tmp, "e%d.mindrecord" % n)
    if not os.path.exists(path):
        w = ms.mindrecord.FileWriter(path, shard_num=1, overwrite=True)
        w.add_schema({"label": {"type": "int32"}})
        w.write_raw_data([{"label": i} for i in range(n)])
        w.commit()
    return ds.MindDataset(path, columns_list=["label"], shuffle=False)


def ns(n, shuffle=False):
    return ds.NumpySlicesDataset({"label": np.arange(n, dtype=np.int32)}, shuffle=shuffle)


def pad(n):
    return ds.PaddedDataset([{"label": np.array(-1, np.int32)}] * n)


def shards(make, num_shards):
    out = []
    for k in range(num_shards):
        data = make()
        data.use_sampler(ds.DistributedSampler(num_shards=num_shards, shard_id=k,
                                               shuffle=False))
        out.append([data.get_dataset_size(),
                    [int(r["label"]) for r in data.create_dict_iterator(output_numpy=True)]])
    return out


emit("m7_p1_s4", shards(lambda: mr(7) + pad(1), 4))
emit("m10_p2_s4", shards(lambda: mr(10) + pad(2), 4))
emit("m10_p2_s3", shards(lambda: mr(10) + pad(2), 3))
emit("m6_p3_s3", shards(lambda: mr(6) + pad(3), 3))
emit("m5_p1_m6_s3", shards(lambda: mr(5) + pad(1) + mr(6), 3))
emit("p2_m10_s4", shards(lambda: pad(2) + mr(10), 4))
emit("n10_p2_s4", shards(lambda: ns(10) + pad(2), 4))
emit("m10_n2_s4", shards(lambda: mr(10) + ns(2), 4))
emit("m5_m5_p2_s3", shards(lambda: mr(5) + mr(5) + pad(2), 3))
emit("m5_m5_s2", shards(lambda: mr(5) + mr(5), 2))
emit("n5_shuffled_p3_s2", shards(lambda: ns(5, True) + pad(3), 2))
emit("m9_s3_batched", [[b.tolist() for b in d] for d in
                       [[x[0] for x in _.batch(2).create_tuple_iterator(output_numpy=True)]
                        for _ in [mr(9) + pad(3)]]])
