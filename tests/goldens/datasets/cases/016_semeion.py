"""SemeionDataset on a semeion.data written here: rows, image (16, 16) uint8 pixel layout and
label (the one-hot position) uint32, num_samples, and a missing file."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
rng = np.random.default_rng(1)
lines = []
for i in range(4):
    px = rng.integers(0, 2, 256)
    onehot = np.zeros(10, int)
    onehot[(i * 3) % 10] = 1
    lines.append(" ".join("%d.0000" % v for v in px) + " " + " ".join(str(v) for v in onehot) + " ")
with open(os.path.join(tmp, "semeion.data"), "w") as f:
    f.write("\n".join(lines) + "\n")
d = ds.SemeionDataset(tmp, shuffle=False)
emit("size", d.get_dataset_size())
emit("cols", d.get_col_names())
emit("rows", [[str(r["image"].dtype), list(r["image"].shape), r["image"].tolist(),
               str(r["label"].dtype), list(r["label"].shape), int(r["label"])]
              for r in d.create_dict_iterator(output_numpy=True)])
emit("num_samples", ds.SemeionDataset(tmp, num_samples=2).get_dataset_size())
try:
    list(ds.SemeionDataset(tempfile.mkdtemp()).create_tuple_iterator())
    emit("missing", "no error")
except Exception as e:  # noqa: BLE001
    emit("missing", e)
