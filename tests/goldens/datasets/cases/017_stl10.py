"""STL10Dataset on binary files written here: rows per usage ('train', 'test', 'unlabeled',
'train+unlabeled', 'all' and None orders), the (96, 96, 3) pixel layout of the column-major
files, int32 labels 0..9 and -1 for unlabeled images, and a bad usage."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
rng = np.random.default_rng(2)
for part, n in (("train", 2), ("test", 2), ("unlabeled", 1)):
    rng.integers(0, 256, (n, 3, 96, 96)).astype(np.uint8).tofile(os.path.join(tmp, part + "_X.bin"))
    if part != "unlabeled":
        (np.arange(n) + (1 if part == "train" else 9)).astype(np.uint8).tofile(
            os.path.join(tmp, part + "_y.bin"))
for usage in ("train", "test", "unlabeled", "train+unlabeled", "all", None, "valid"):
    try:
        d = ds.STL10Dataset(tmp, usage=usage, shuffle=False)
        emit("%s_size" % usage, d.get_dataset_size())
        emit("%s_cols" % usage, d.get_col_names())
        emit("%s_rows" % usage, [[str(r["image"].dtype), list(r["image"].shape),
                                  r["image"][0, :4, 0].tolist(), r["image"][3, 1, :].tolist(),
                                  int(r["image"].astype(np.int64).sum()),
                                  str(r["label"].dtype), int(r["label"])]
                                 for r in d.create_dict_iterator(output_numpy=True)])
    except Exception as e:  # noqa: BLE001
        emit(str(usage), e)
