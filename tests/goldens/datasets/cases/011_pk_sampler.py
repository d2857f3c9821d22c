"""PKSampler on MnistDataset and ImageFolderDataset: sizes, the label sequence (ascending
classes, num_val rows each; random members with replacement), num_samples, shuffle, its
argument errors and the sources that refuse it."""
import numpy as np, os, tempfile, sys
from _target import ms, emit
ds = ms.dataset
tmp = tempfile.mkdtemp()
labels = np.array([2, 0, 1, 0, 2, 2, 0, 1, 2, 0])
imgs = np.zeros((10, 28, 28)); imgs[:, 0, 0] = np.arange(10)
for name, magic, arr in (("train-images-idx3-ubyte", 2051, imgs), ("train-labels-idx1-ubyte", 2049, labels)):
    open(os.path.join(tmp, name), "wb").write(np.array([magic, *arr.shape], ">u4").tobytes() + arr.astype("u1").tobytes())
folder = tempfile.mkdtemp()
for i, c in enumerate("abcab"):
    os.makedirs(os.path.join(folder, c), exist_ok=True)
    open(os.path.join(folder, c, "%d.jpg" % i), "wb").write(bytes([i]))
def run(key, make, **kw):
    try:
        d = make(ds.PKSampler(**kw))
        rows = [(int(r["image"].reshape(-1)[0]), int(r["label"])) for r in d.create_dict_iterator(output_numpy=True)]
        emit(key + "_size", d.get_dataset_size())
        emit(key + "_labels", [l for _, l in rows])
        emit(key + "_members", all(labels[i] == l for i, l in rows) if "folder" not in key else True)
    except Exception as e:  # noqa
        emit(key, e)
mn = lambda s: ds.MnistDataset(tmp, usage="train", sampler=s)
for kw in (dict(num_val=2), dict(num_val=3), dict(num_val=5), dict(num_val=2, num_samples=4), dict(num_val=1), dict(num_val=0), dict(num_val=2, class_column="nope")):
    run("mnist_" + "_".join("%s=%s" % kv for kv in sorted(kw.items())), mn, **kw)
d = mn(ds.PKSampler(2, shuffle=True))
emit("shuffle_size", d.get_dataset_size())
emit("shuffle_label_counts", sorted(np.bincount([int(r["label"]) for r in d.create_dict_iterator(output_numpy=True)]).tolist()))
run("folder_k2", lambda s: ds.ImageFolderDataset(folder, sampler=s), num_val=2)
run("numpy_slices", lambda s: ds.NumpySlicesDataset({"image": np.arange(4), "label": np.arange(4) % 2}, sampler=s), num_val=1)
s = ds.PKSampler(2)
emit("attrs", [s.get_num_samples(), s.is_shuffled(), s.is_sharded(), ds.PKSampler(2, shuffle=True).is_shuffled()])
for key, kw in (("num_val_str", dict(num_val="a")), ("shuffle_int", dict(num_val=2, shuffle=1)), ("col_int", dict(num_val=2, class_column=1)), ("num_class", dict(num_val=2, num_class=3))):
    try:
        ds.PKSampler(**kw); emit(key, "no error")
    except Exception as e:  # noqa
        emit(key, e)
