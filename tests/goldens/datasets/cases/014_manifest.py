"""ManifestDataset on a manifest written here: rows per usage (case-insensitive), the default
and a given class_indexing (classes outside it dropped, images without a class skipped),
scalar vs multi-label int32 labels and their order, num_samples, and the errors for a bad
usage and a usage without images."""
import json
import os
import tempfile

from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
lines = []
for i, (usage, names) in enumerate([("train", ["dog"]), ("train", ["cat", "dog"]),
                                    ("eval", ["bird"]), ("train", ["cat"]), ("TRAIN", ["cat"]),
                                    ("eval", ["dog", "bird"]), ("train", ["emu", "cat"])]):
    p = os.path.join(tmp, "%d.jpg" % i)
    with open(p, "wb") as f:
        f.write(bytes([0xff, 0xd8, 0xff, i, 7]))  # a JPEG signature: MindSpore checks it
    ann = [{"type": "modelarts/image_classification", "name": n} for n in names]
    lines.append(json.dumps({"source": p, "usage": usage, "annotation": ann}))
mf = os.path.join(tmp, "m.manifest")
with open(mf, "w") as f:
    f.write("\n".join(lines) + "\n")


def show(key, **kw):
    try:
        d = ds.ManifestDataset(mf, **kw)
        emit(key + "_size", d.get_dataset_size())
        emit(key + "_cols", d.get_col_names())
        emit(key + "_classes", d.get_class_indexing())
        emit(key + "_rows", [[r["image"].tolist(), str(r["label"].dtype), r["label"].tolist()]
                             for r in d.create_dict_iterator(output_numpy=True)])
    except Exception as e:  # noqa: BLE001
        emit(key, e)


show("train", shuffle=False)
show("eval", usage="eval", shuffle=False)
show("class_indexing", shuffle=False, class_indexing={"dog": 5, "cat": 1, "emu": 3})
show("class_indexing_partial", shuffle=False, class_indexing={"dog": 5})
show("num_samples", shuffle=False, num_samples=2)
show("inference", usage="inference")
show("bad_usage", usage="valid")
