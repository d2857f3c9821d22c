"""KMnistDataset, EMnistDataset and QMnistDataset on small idx files written here: rows,
column names, dtypes and shapes per usage (and 'all' order), QMNIST's compat labels, and the errors for a bad name/usage and a missing file."""
import os
import tempfile

import numpy as np
from _target import ms, emit

ds = ms.dataset
tmp = tempfile.mkdtemp()
rng = np.random.default_rng(3)


def idx(name, magic, array, dtype="u1"):
    """Each family in its own folder (MindSpore pairs the files it finds in a folder)."""
    head = np.array([magic, *array.shape], ">u4").tobytes()
    folder = os.path.join(tmp, "emnist" if name.startswith("emnist") else
                          "qmnist" if "nist-" in name else "kmnist")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, name), "wb") as f:
        f.write(head + np.ascontiguousarray(array).astype(">" + dtype if dtype != "u1" else dtype)
                .tobytes())


def images(n):
    return rng.integers(0, 256, (n, 28, 28))


for prefix, n in (("train", 3), ("t10k", 2)):
    idx(prefix + "-images-idx3-ubyte", 2051, images(n))
    idx(prefix + "-labels-idx1-ubyte", 2049, np.arange(n) + (5 if prefix == "t10k" else 0))
for part, n in (("train", 2), ("test", 3)):
    idx("emnist-letters-%s-images-idx3-ubyte" % part, 2051, images(n))
    idx("emnist-letters-%s-labels-idx1-ubyte" % part, 2049, np.arange(n) + 20 * (part == "test"))
for stem, n in (("qmnist-train", 2), ("qmnist-test", 4), ("xnist", 3)):
    idx(stem + "-images-idx3-ubyte", 2051, images(n))
    idx(stem + "-labels-idx2-int", 3074,
        np.arange(n * 8).reshape(n, 8) * 1000 + 7 * len(stem), dtype="i4")


K, E, Q = (os.path.join(tmp, f) for f in ("kmnist", "emnist", "qmnist"))


def rows(key, data):
    emit(key + "_cols", data.get_col_names())
    emit(key + "_size", data.get_dataset_size())
    out = []
    for r in data.create_dict_iterator(output_numpy=True):
        out.append([[str(v.dtype), list(v.shape), int(v.astype(np.int64).sum())]
                    for v in (r[c] for c in data.get_col_names())])
    emit(key, out)
    labels = [r["label"].tolist() for r in data.create_dict_iterator(output_numpy=True)]
    emit(key + "_labels", labels)


for usage in ("train", "test", "all", None):
    rows("kmnist_%s" % usage, ds.KMnistDataset(K, usage=usage, shuffle=False))
    rows("emnist_%s" % usage, ds.EMnistDataset(E, "letters", usage=usage, shuffle=False))
# (test10k/test50k are not recorded: MindSpore reads exactly 10000/50000 rows of the full file)
for usage in ("train", "test", "nist", "all", None):
    for compat in (True, False):
        rows("qmnist_%s_%s" % (usage, compat),
             ds.QMnistDataset(Q, usage=usage, compat=compat, shuffle=False))
rows("kmnist_samples", ds.KMnistDataset(K, usage="all", shuffle=False, num_samples=3))


def err(key, f):
    try:
        d = f()
        list(d.create_tuple_iterator(output_numpy=True))
        emit(key, "no error")
    except Exception as e:  # noqa: BLE001
        emit(key, e)


err("emnist_bad_name", lambda: ds.EMnistDataset(E, "cyrillic"))
err("emnist_missing", lambda: ds.EMnistDataset(E, "digits", usage="train"))
err("qmnist_bad_usage", lambda: ds.QMnistDataset(Q, usage="valid"))
err("kmnist_bad_usage", lambda: ds.KMnistDataset(K, usage="valid"))
err("qmnist_compat_type", lambda: ds.QMnistDataset(Q, compat=1))
