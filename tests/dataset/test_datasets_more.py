"""The MNIST-format family (KMnist, EMnist, QMnist) and PKSampler on fixture files written
here; the same files read by MindSpore are compared in tests/goldens/datasets (010, 011)."""
import os

import numpy as np
import pytest

import mindcell.dataset as ds


def _idx(folder, name, magic, array, dtype="u1"):
    head = np.array([magic, *array.shape], ">u4").tobytes()
    body = np.ascontiguousarray(array).astype(">" + dtype if dtype != "u1" else dtype).tobytes()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(head + body)


def _images(n, first):
    a = np.zeros((n, 28, 28), np.uint8)
    a[:, 0, 0] = np.arange(first, first + n)
    return a


def _rows(data):
    return [(int(r["image"][0, 0, 0]), r["label"].tolist(), r["image"].shape, r["label"].dtype)
            for r in data.create_dict_iterator(output_numpy=True)]


@pytest.fixture
def kmnist(tmp_path):
    _idx(tmp_path, "train-images-idx3-ubyte", 2051, _images(3, 0))
    _idx(tmp_path, "train-labels-idx1-ubyte", 2049, np.array([1, 2, 3]))
    _idx(tmp_path, "t10k-images-idx3-ubyte", 2051, _images(2, 10))
    _idx(tmp_path, "t10k-labels-idx1-ubyte", 2049, np.array([7, 8]))
    return str(tmp_path)


def test_kmnist_reads_mnist_files_test_first(kmnist):
    rows = _rows(ds.KMnistDataset(kmnist, shuffle=False))
    assert [r[:2] for r in rows] == [(10, 7), (11, 8), (0, 1), (1, 2), (2, 3)]
    assert rows[0][2] == (28, 28, 1) and rows[0][3] == np.uint32
    assert ds.KMnistDataset(kmnist, usage="test").get_dataset_size() == 2
    with pytest.raises(ValueError, match="usage"):
        ds.KMnistDataset(kmnist, usage="valid")


def test_emnist_names_usage_and_missing_files(tmp_path):
    for part, n, first in (("train", 2, 0), ("test", 3, 50)):
        _idx(tmp_path, "emnist-letters-%s-images-idx3-ubyte" % part, 2051, _images(n, first))
        _idx(tmp_path, "emnist-letters-%s-labels-idx1-ubyte" % part, 2049,
             np.arange(n) + first)
    rows = _rows(ds.EMnistDataset(str(tmp_path), "letters", shuffle=False))
    assert [r[:2] for r in rows] == [(50, 50), (51, 51), (52, 52), (0, 0), (1, 1)]
    assert ds.EMnistDataset(str(tmp_path), "letters", usage="train").get_dataset_size() == 2
    with pytest.raises(ValueError, match="name"):
        ds.EMnistDataset(str(tmp_path), "cyrillic")
    with pytest.raises(RuntimeError, match="emnist-digits-train"):
        ds.EMnistDataset(str(tmp_path), "digits", usage="train")


def test_qmnist_compat_labels_usages(tmp_path):
    for stem, n, first in (("qmnist-train", 2, 0), ("qmnist-test", 3, 20), ("xnist", 2, 40)):
        _idx(tmp_path, stem + "-images-idx3-ubyte", 2051, _images(n, first))
        table = np.arange(n * 8).reshape(n, 8) + 100 * first
        _idx(tmp_path, stem + "-labels-idx2-int", 3074, table, dtype="i4")
    rows = _rows(ds.QMnistDataset(str(tmp_path), usage="train", shuffle=False))
    assert [r[:2] for r in rows] == [(0, 0), (1, 8)] and rows[0][3] == np.uint32
    full = _rows(ds.QMnistDataset(str(tmp_path), usage="test", compat=False, shuffle=False))
    assert full[1][1] == list(range(2008, 2016)) and len(full) == 3
    every = _rows(ds.QMnistDataset(str(tmp_path), shuffle=False))
    assert [r[0] for r in every] == [0, 1, 20, 21, 22, 40, 41]  # train, test, nist
    assert ds.QMnistDataset(str(tmp_path), usage="test10k").get_dataset_size() == 3
    assert ds.QMnistDataset(str(tmp_path), usage="test50k").get_dataset_size() == 0
    with pytest.raises(TypeError, match="compat"):
        ds.QMnistDataset(str(tmp_path), compat=1)


def test_pk_sampler_classes_and_members(tmp_path):
    labels = np.array([2, 0, 1, 0, 2, 2, 0, 1, 2, 0])
    _idx(tmp_path, "train-images-idx3-ubyte", 2051, _images(10, 0))
    _idx(tmp_path, "train-labels-idx1-ubyte", 2049, labels)
    data = ds.MnistDataset(str(tmp_path), usage="train", sampler=ds.PKSampler(3))
    rows = _rows(data)
    assert data.get_dataset_size() == 9
    assert [r[1] for r in rows] == [0, 0, 0, 1, 1, 1, 2, 2, 2]
    assert all(labels[i] == lab for i, lab, _, _ in rows)
    shuffled = ds.MnistDataset(str(tmp_path), usage="train",
                               sampler=ds.PKSampler(2, shuffle=True, num_samples=4))
    got = [r[1] for r in _rows(shuffled)]
    assert len(got) == 4 and got[0] == got[1] and got[2] == got[3] and got[0] != got[2]
    with pytest.raises(ValueError, match="PKSampler"):
        ds.NumpySlicesDataset({"label": [0, 1]}, sampler=ds.PKSampler(1))
    with pytest.raises(NotImplementedError, match="num_class"):
        ds.PKSampler(2, num_class=3)
    with pytest.raises(RuntimeError, match="num_val"):
        list(ds.MnistDataset(str(tmp_path), usage="train", sampler=ds.PKSampler(0)))


def test_pk_sampler_on_image_folders(tmp_path):
    for i, c in enumerate("abcab"):
        (tmp_path / c).mkdir(exist_ok=True)
        (tmp_path / c / ("%d.jpg" % i)).write_bytes(bytes([i]))
    data = ds.ImageFolderDataset(str(tmp_path), sampler=ds.PKSampler(2))
    rows = [(int(r["image"][0]), int(r["label"]))
            for r in data.create_dict_iterator(output_numpy=True)]
    assert [lab for _, lab in rows] == [0, 0, 1, 1, 2, 2]
    assert all("abcab"[i] == "abc"[lab] for i, lab in rows)


@pytest.mark.parametrize("name", ["mindcell.dataset.mnist_family", "mindcell.dataset.samplers",
                                  "mindcell.dataset.random_source", "mindcell.dataset.callback",
                                  "mindcell.dataset.manifest", "mindcell.dataset.svhn",
                                  "mindcell.dataset.semeion", "mindcell.dataset.stl10",
                                  "mindcell.dataset.usps", "mindcell.dataset.coco"])
def test_docstring_examples(name):
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module(name),
                             optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_random_dataset_schema_rows_and_seed():
    import mindcell as ms
    schema = ds.Schema()
    schema.add_column("image", de_type=ms.uint8, shape=[2, 3])
    schema.add_column("v", de_type=ms.float64, shape=[-1])
    schema.add_column("s", de_type="int16")
    ds.config.set_seed(5)
    data = ds.RandomDataset(schema=schema, total_rows=6, columns_list=["s", "image", "v"])
    rows = list(data.create_tuple_iterator(output_numpy=True))
    assert data.get_col_names() == ["s", "image", "v"] and len(rows) == 6
    assert [(r[0].dtype, r[0].shape, r[1].shape) for r in rows[:1]] == [
        (np.dtype(np.int16), (), (2, 3))]
    assert all(1 <= r[2].shape[0] <= 32 and r[2].dtype == np.float64 for r in rows)
    assert all(np.unique(r[1]).size == 1 for r in rows)
    again = [r[1].tolist() for r in data.create_tuple_iterator(output_numpy=True)]
    assert again == [r[1].tolist() for r in rows]  # the same rows every epoch
    ds.config.set_seed(5)
    rebuilt = ds.RandomDataset(schema=schema, total_rows=6, columns_list=["s", "image", "v"])
    assert [r[1].tolist() for r in rebuilt.create_tuple_iterator(output_numpy=True)] == again
    assert ds.RandomDataset(schema=schema, total_rows=6, num_samples=2).get_dataset_size() == 2
    made_up = ds.RandomDataset(total_rows=2)
    assert made_up.get_col_names()[0] == "c0"
    with pytest.raises(ValueError, match="columns_list"):
        ds.RandomDataset(schema=schema, total_rows=2, columns_list=["nope"])
    with pytest.raises(TypeError, match="total_rows"):
        ds.RandomDataset(total_rows="a")


def test_ds_callback_hooks_steps_and_epochs():
    events = []

    class Rec(ds.DSCallback):
        def ds_begin(self, c):
            events.append(("begin", c.cur_epoch_num))

        def ds_epoch_end(self, c):
            events.append(("epoch_end", c.cur_epoch_num, c.cur_step_num))

        def ds_step_begin(self, c):
            events.append(("step", c.cur_step_num_in_epoch, c.cur_step_num))
    data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    data = data.map(lambda x: x + 1, callbacks=Rec(step_size=3), num_parallel_workers=2)
    it = data.create_tuple_iterator(num_epochs=2, output_numpy=True)
    assert [[int(r[0]) for r in it] for _ in range(2)] == [[1, 2, 3, 4]] * 2
    assert events == [("begin", 0), ("step", 1, 1), ("step", 4, 4), ("epoch_end", 1, 4),
                      ("step", 1, 5), ("step", 4, 8), ("epoch_end", 2, 8)]
    assert data.get_dataset_size() == 4 and len(events) == 7  # size queries call no hooks
    with pytest.raises(TypeError, match="DSCallback"):
        ds.NumpySlicesDataset({"x": [1]}).map(lambda x: x, callbacks=[object()])
    with pytest.raises(ValueError, match="step_size"):
        ds.DSCallback(0)


def test_manifest_usage_classes_and_labels(tmp_path):
    import json
    lines = []
    for i, (usage, names) in enumerate([("train", ["dog"]), ("Train", ["cat", "dog"]),
                                        ("eval", ["bird"]), ("train", ["emu"])]):
        path = tmp_path / ("%d.jpg" % i)
        path.write_bytes(bytes([255, 216, 255, i]))
        ann = [{"type": "modelarts/image_classification", "name": n} for n in names]
        ann.append({"type": "modelarts/other", "name": "ignored"})
        lines.append(json.dumps({"source": str(path), "usage": usage, "annotation": ann}))
    manifest = tmp_path / "data.manifest"
    manifest.write_text("\n".join(lines))
    data = ds.ManifestDataset(str(manifest), shuffle=False)
    assert data.get_class_indexing() == {"cat": 0, "dog": 1, "emu": 2}
    rows = [(r["image"][-1], r["label"].tolist(), r["label"].dtype)
            for r in data.create_dict_iterator(output_numpy=True)]
    assert rows == [(0, 1, np.int32), (1, [0, 1], np.int32), (3, 2, np.int32)]
    only_dog = ds.ManifestDataset(str(manifest), shuffle=False, class_indexing={"dog": 7})
    assert [r["label"].tolist() for r in only_dog.create_dict_iterator(output_numpy=True)] == [
        7, 7]
    pk = ds.ManifestDataset(str(manifest), sampler=ds.PKSampler(1))
    assert sorted(int(r["label"].reshape(-1)[0]) for r in pk.create_dict_iterator(
        output_numpy=True)) == [0, 1, 2]
    with pytest.raises(RuntimeError, match="usage"):
        ds.ManifestDataset(str(manifest), usage="valid")
    with pytest.raises(RuntimeError, match="inference"):
        ds.ManifestDataset(str(manifest), usage="inference")
    with pytest.raises(TypeError, match="class_indexing"):
        ds.ManifestDataset(str(manifest), class_indexing={"dog": "7"})


def test_svhn_reads_matlab_files(tmp_path):
    import scipy.io as sio
    x = np.zeros((32, 32, 3, 3), np.uint8)
    x[1, 2, 0, :] = [5, 6, 7]  # pixel (1, 2) channel 0 of each image
    sio.savemat(str(tmp_path / "train_32x32.mat"), {"X": x, "y": np.array([[10], [3], [9]])})
    sio.savemat(str(tmp_path / "test_32x32.mat"), {"X": x[..., :1], "y": np.array([[1]])})
    data = ds.SVHNDataset(str(tmp_path), usage="train", shuffle=False)
    rows = [(int(r["image"][1, 2, 0]), r["image"].shape, int(r["label"]), r["label"].dtype)
            for r in data.create_dict_iterator(output_numpy=True)]
    assert rows == [(5, (32, 32, 3), 0, np.uint32), (6, (32, 32, 3), 3, np.uint32),
                    (7, (32, 32, 3), 9, np.uint32)]
    assert ds.SVHNDataset(str(tmp_path), usage="test").get_dataset_size() == 1
    with pytest.raises(RuntimeError, match="extra_32x32.mat"):
        ds.SVHNDataset(str(tmp_path))  # 'all' needs the extra file too
    with pytest.raises(ValueError, match="usage"):
        ds.SVHNDataset(str(tmp_path), usage="valid")


def test_semeion_pixels_and_labels(tmp_path):
    pixels = np.zeros(256, int)
    pixels[17] = 1  # row 1, column 1
    line = " ".join("%d.0000" % v for v in pixels) + " " + " ".join(
        "1" if i == 7 else "0" for i in range(10))
    (tmp_path / "semeion.data").write_text(line + "\n" + line.replace(" 1 0 0", " 0 0 1") + "\n")
    rows = list(ds.SemeionDataset(str(tmp_path), shuffle=False).create_dict_iterator(
        output_numpy=True))
    assert [(r["image"][1, 1], int(r["image"].sum()), int(r["label"])) for r in rows] == [
        (1, 1, 7), (1, 1, 9)]
    assert rows[0]["image"].dtype == np.uint8 and rows[0]["label"].dtype == np.uint32
    (tmp_path / "semeion.data").write_text("1 2 3\n")
    with pytest.raises(RuntimeError, match="line 1"):
        ds.SemeionDataset(str(tmp_path))


def test_stl10_layout_and_labels(tmp_path):
    x = np.zeros((1, 3, 96, 96), np.uint8)
    x[0, 2, 5, 1] = 200  # channel 2, stored column 5, row 1 -> pixel (1, 5)
    x.tofile(str(tmp_path / "train_X.bin"))
    np.array([10], np.uint8).tofile(str(tmp_path / "train_y.bin"))
    np.zeros((2, 3, 96, 96), np.uint8).tofile(str(tmp_path / "unlabeled_X.bin"))
    data = ds.STL10Dataset(str(tmp_path), usage="train+unlabeled", shuffle=False)
    rows = list(data.create_dict_iterator(output_numpy=True))
    assert rows[0]["image"][1, 5, 2] == 200 and int(rows[0]["image"].sum()) == 200
    assert [int(r["label"]) for r in rows] == [9, -1, -1] and rows[0]["label"].dtype == np.int32
    with pytest.raises(RuntimeError, match="test_X.bin"):
        ds.STL10Dataset(str(tmp_path))
    np.zeros(100, np.uint8).tofile(str(tmp_path / "test_X.bin"))
    with pytest.raises(RuntimeError, match="whole number"):
        ds.STL10Dataset(str(tmp_path), usage="test")


def test_usps_pixels_interleaving_and_errors(tmp_path):
    def write(name, labels):
        lines = []
        for lab in labels:
            vals = ["-1"] * 256
            vals[1] = "1"
            vals[2] = "0"
            lines.append("%d " % lab + " ".join("%d:%s" % (i + 1, v) for i, v in enumerate(vals))
                         + " ")
        (tmp_path / name).write_text("\n".join(lines) + "\n")
    write("usps", [1, 2, 3])
    write("usps.t", [10])
    data = ds.USPSDataset(str(tmp_path), shuffle=False)
    rows = list(data.create_dict_iterator(output_numpy=True))
    assert [int(r["label"]) for r in rows] == [0, 9, 1, 2]  # train, test, train, train
    assert rows[0]["image"].shape == (16, 16, 1) and rows[0]["image"].dtype == np.uint8
    assert rows[0]["image"][0, :3, 0].tolist() == [0, 255, 127]
    assert ds.USPSDataset(str(tmp_path), usage="test").get_dataset_size() == 1
    with pytest.raises(NotImplementedError, match="FILES"):
        ds.USPSDataset(str(tmp_path), shuffle=ds.Shuffle.FILES)
    (tmp_path / "usps.t").write_text("11 1:0\n")
    with pytest.raises(RuntimeError, match="line 1"):
        ds.USPSDataset(str(tmp_path), usage="test")


def test_coco_detection_keypoint_and_unimplemented_tasks(tmp_path):
    import json
    (tmp_path / "x.jpg").write_bytes(b"\xff\xd8\xff\x01")
    (tmp_path / "y.jpg").write_bytes(b"\xff\xd8\xff\x02")
    ann = {"images": [{"id": 5, "file_name": "y.jpg"}, {"id": 1, "file_name": "x.jpg"},
                      {"id": 8, "file_name": "none.jpg"}],
           "annotations": [
               {"id": 1, "image_id": 1, "category_id": 4, "bbox": [1, 2, 3, 4], "iscrowd": 1,
                "keypoints": [0.5] * 51, "num_keypoints": 17},
               {"id": 2, "image_id": 5, "category_id": 2, "bbox": [0, 0, 2, 2], "iscrowd": 0,
                "keypoints": [1] * 51, "num_keypoints": 1},
               {"id": 3, "image_id": 5, "category_id": 4, "bbox": [1, 1, 1, 1], "iscrowd": 0,
                "keypoints": [2] * 51, "num_keypoints": 2}],
           "categories": [{"id": 2, "name": "b"}, {"id": 4, "name": "a"}]}
    path = str(tmp_path / "ann.json")
    with open(path, "w") as f:
        json.dump(ann, f)
    rows = list(ds.CocoDataset(str(tmp_path), path, shuffle=False).create_dict_iterator(
        output_numpy=True))
    assert [r["image"][-1] for r in rows] == [2, 1]  # the file's image order; none.jpg skipped
    assert rows[0]["bbox"].dtype == np.float32 and rows[0]["bbox"].shape == (2, 4)
    assert rows[0]["category_id"].tolist() == [[2], [4]] and rows[1]["iscrowd"].tolist() == [[1]]
    kp = list(ds.CocoDataset(str(tmp_path), path, task="Keypoint",
                             shuffle=False).create_dict_iterator(output_numpy=True))
    assert kp[0]["keypoints"].shape == (2, 51) and kp[1]["num_keypoints"].tolist() == [[17]]
    for task in ("Stuff", "Panoptic", "Captioning"):
        with pytest.raises(NotImplementedError, match=task):
            ds.CocoDataset(str(tmp_path), path, task=task)
    with pytest.raises(NotImplementedError, match="extra_metadata"):
        ds.CocoDataset(str(tmp_path), path, extra_metadata=True)
