"""GeneratorDataset(batch_sampler, collate_fn): rows per index list, default stacking, a
collate_fn getting one list per column, and the argument rules; the world group's default
name; vision.not_random (not the object of transforms.not_random)."""
import inspect

import numpy as np
from _target import ms, emit


class Source:
    def __getitem__(self, i):
        return np.array([i, i + 1], np.float32), np.array(i, np.int32)

    def __len__(self):
        return 7


def rows(dataset):
    return [{k: v.tolist() for k, v in r.items()}
            for r in dataset.create_dict_iterator(output_numpy=True)]


GD = ms.dataset.GeneratorDataset
d = GD(Source(), ["a", "b"], batch_sampler=[[0, 1, 2], [3, 4], [6]])
emit("default_collate_size", d.get_dataset_size())
emit("default_collate_rows", rows(d))
emit("default_collate_two_epochs", rows(d) == rows(d))


def collate(a, b):
    return np.stack(a) * 10, np.stack(b) + len(a)


d = GD(Source(), ["a", "b"], batch_sampler=[[5, 1], [2]], collate_fn=collate)
emit("collate_rows", rows(d))
emit("collate_then_batch", rows(GD(Source(), ["a", "b"], batch_sampler=[[0], [1], [2]],
                                   collate_fn=collate).batch(2)))
for label, kw in [("collate_alone", dict(collate_fn=collate)),
                  ("with_sampler", dict(batch_sampler=[[0, 1]], sampler=[0, 1])),
                  ("with_shuffle", dict(batch_sampler=[[0, 1]], shuffle=False)),
                  ("with_shards", dict(batch_sampler=[[0, 1]], num_shards=2, shard_id=0)),
                  ("with_num_samples", dict(batch_sampler=[[0, 1]], num_samples=2)),
                  ("int_sampler", dict(batch_sampler=3)),
                  ("int_collate", dict(batch_sampler=[[0, 1]], collate_fn=3))]:
    try:
        GD(Source(), ["a", "b"], **kw)
        emit(label, "accepted")
    except Exception as e:  # noqa: BLE001
        emit(label, e)


def gen():
    for i in range(3):
        yield (np.array(i),)


try:
    GD(gen, ["a"], batch_sampler=[[0, 1]])
    emit("generator_source", "accepted")
except Exception as e:  # noqa: BLE001
    emit("generator_source", e)

emit("world_group", ms.communication.GlobalComm.WORLD_COMM_GROUP)
emit("get_rank_default", inspect.signature(ms.communication.get_rank).parameters["group"].default)
emit("all_reduce_group_default",
     inspect.signature(ms.ops.AllReduce).parameters["group"].default)
f = ms.dataset.vision.not_random(lambda x: x)
emit("vision_not_random", f.random)
emit("vision_not_random_param", list(inspect.signature(ms.dataset.vision.not_random).parameters))
emit("transforms_not_random_param",
     list(inspect.signature(ms.dataset.transforms.not_random).parameters))
emit("not_random_distinct", ms.dataset.vision.not_random is not ms.dataset.transforms.not_random)
