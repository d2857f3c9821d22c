"""SVHNDataset on MATLAB files written here (scipy.io.savemat): rows per usage and for 'all'
(train, test, extra), image/label dtypes and shapes, label 10 read as 0, and a bad usage."""
import os
import tempfile

import numpy as np
import scipy.io as sio
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
rng = np.random.default_rng(0)
for part, n in (("train", 3), ("test", 2), ("extra", 2)):
    X = rng.integers(0, 256, (32, 32, 3, n)).astype(np.uint8)
    y = (np.arange(n) + (1 if part == "train" else 8)).reshape(n, 1).astype(np.uint8)
    y[0, 0] = 10
    sio.savemat(os.path.join(tmp, "%s_32x32.mat" % part), {"X": X, "y": y})
for usage in ("train", "test", "extra", "all", None, "bad"):
    try:
        d = ds.SVHNDataset(tmp, usage=usage, shuffle=False)
        emit("%s_size" % usage, d.get_dataset_size())
        emit("%s_cols" % usage, d.get_col_names())
        emit("%s_rows" % usage, [[str(r["image"].dtype), list(r["image"].shape),
                                  int(r["image"].astype(np.int64).sum()),
                                  int(r["image"][1, 2, 0]), int(r["image"][5, 0, 2]),
                                  str(r["label"].dtype), list(r["label"].shape),
                                  int(r["label"])]
                                 for r in d.create_dict_iterator(output_numpy=True)])
    except Exception as e:  # noqa: BLE001
        emit(str(usage), e)
