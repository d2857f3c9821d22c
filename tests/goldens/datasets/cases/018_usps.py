"""USPSDataset on LIBSVM files written here: rows per usage and for 'all' (lines of the two
files interleaved), the pixel mapping of [-1, 1] to uint8, (16, 16, 1) images, uint32 labels
(class - 1) and num_samples."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
rng = np.random.default_rng(4)


def write(name, n, first):
    out = []
    for i in range(n):
        vals = np.round(rng.uniform(-1, 1, 256), 6)
        vals[:3] = [-1, 1, 0]
        out.append("%d " % (first + i) + " ".join("%d:%.6f" % (j + 1, v) for j, v in enumerate(vals))
                   + " ")  # the published files end their lines with a space
    with open(os.path.join(tmp, name), "w") as f:
        f.write("\n".join(out) + "\n")


write("usps", 3, 1)
write("usps.t", 2, 6)
for usage in ("train", "test", "all", None):
    d = ds.USPSDataset(tmp, usage=usage, shuffle=False)
    emit("%s_size" % usage, d.get_dataset_size())
    emit("%s_cols" % usage, d.get_col_names())
    emit("%s_rows" % usage, [[str(r["image"].dtype), list(r["image"].shape), r["image"].reshape(-1).tolist(),
                              str(r["label"].dtype), int(r["label"])]
                             for r in d.create_dict_iterator(output_numpy=True)])
emit("num_samples", ds.USPSDataset(tmp, num_samples=2, shuffle=False).get_dataset_size())
# (not recorded: MindSpore rejects a line without a trailing space; mindcell reads it)
