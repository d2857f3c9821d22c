"""Cifar100Dataset and ImageFolderDataset on small files the tests write; num_parallel_workers on
sources gives the serial rows."""
import io
import sys

import numpy as np
import pytest
from PIL import Image

import mindcell as ms
import mindcell.dataset as ds
from mindcell.dataset import vision


def rows(dataset):
    return list(dataset.create_tuple_iterator(output_numpy=True))


# --- CIFAR-100 binary: coarse byte, fine byte, then the R, G, B planes ---------------------
def make_cifar100(root, counts=(4, 3)):
    rng = np.random.default_rng(2)
    want = {}
    for part, n in zip(("train", "test"), counts):
        images = rng.integers(0, 256, (n, 32, 32, 3), dtype=np.uint8)
        coarse = rng.integers(0, 20, n).astype(np.uint8)
        fine = rng.integers(0, 100, n).astype(np.uint8)
        planes = images.transpose(0, 3, 1, 2).reshape(n, -1)
        np.concatenate([coarse[:, None], fine[:, None], planes], 1).tofile(root / (part + ".bin"))
        want[part] = (images, coarse, fine)
    return want


@pytest.mark.parametrize("usage,parts", [("train", ["train"]), ("test", ["test"]),
                                         (None, ["train", "test"]), ("all", ["train", "test"])])
def test_cifar100_reader(tmp_path, usage, parts):
    want = make_cifar100(tmp_path)
    d = ds.Cifar100Dataset(str(tmp_path), usage=usage, shuffle=False)
    assert d.get_col_names() == ["image", "coarse_label", "fine_label"]
    got = rows(d)
    assert len(got) == d.get_dataset_size() == sum(len(want[p][0]) for p in parts)
    for k, column in enumerate(zip(*got)):
        ref = np.concatenate([want[p][k] for p in parts])
        np.testing.assert_array_equal(np.stack(column), ref)
    assert [c.dtype for c in got[0]] == [np.uint8, np.uint32, np.uint32]


def test_cifar100_errors(tmp_path):
    make_cifar100(tmp_path)
    with open(tmp_path / "test.bin", "ab") as f:
        f.write(b"\0")
    with pytest.raises(RuntimeError, match="Cifar100Dataset: .*test.bin has 9223 bytes"):
        ds.Cifar100Dataset(str(tmp_path), usage="test")
    bad = np.zeros((1, 3074), np.uint8)
    bad[0, 1] = 100
    bad.tofile(tmp_path / "test.bin")
    with pytest.raises(RuntimeError, match="label 100 outside 0..99"):
        ds.Cifar100Dataset(str(tmp_path), usage="test")
    (tmp_path / "train.bin").unlink()
    with pytest.raises(RuntimeError, match="missing file .*train.bin"):
        ds.Cifar100Dataset(str(tmp_path), usage="train")
    with pytest.raises(ValueError, match="Cifar100Dataset: 'usage'"):
        ds.Cifar100Dataset(str(tmp_path), usage="valid")


# --- ImageFolderDataset ----------------------------------------------------------------
def encode(image, fmt):
    buf = io.BytesIO()
    Image.fromarray(image).save(buf, format=fmt)
    return buf.getvalue()


def make_folder(root):
    """Class folders 'cat' (2 PNG + a note), 'dog' (1 JPEG, 1 PNG) and an empty 'eel'."""
    rng = np.random.default_rng(0)
    images = {}
    for cls, names in {"cat": ["b.png", "a.png"], "dog": ["x.jpg", "y.png"], "eel": []}.items():
        (root / cls).mkdir()
        for name in names:
            image = rng.integers(0, 256, (5 + len(images), 7, 3), dtype=np.uint8)
            (root / cls / name).write_bytes(encode(image, "PNG" if name.endswith("png")
                                                   else "JPEG"))
            images[cls + "/" + name] = image
    (root / "cat" / "notes.txt").write_text("not an image")
    return images


FOLDER_CASES = [
    (dict(extensions=[".png", ".jpg"]), ["cat/a.png", "cat/b.png", "dog/x.jpg", "dog/y.png"],
     [0, 0, 1, 1]),
    (dict(extensions=[".png"]), ["cat/a.png", "cat/b.png", "dog/y.png"], [0, 0, 1]),
    (dict(extensions=[".png"], class_indexing={"dog": 7, "cat": 3}),
     ["cat/a.png", "cat/b.png", "dog/y.png"], [3, 3, 7]),
    (dict(extensions=[".jpg", ".png"], class_indexing={"dog": 0}), ["dog/x.jpg", "dog/y.png"],
     [0, 0]),
]


@pytest.mark.parametrize("kwargs,files,labels", FOLDER_CASES)
def test_image_folder_bytes(tmp_path, kwargs, files, labels):
    make_folder(tmp_path)
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, **kwargs)
    got = rows(d)
    assert d.get_col_names() == ["image", "label"] and d.get_dataset_size() == len(files)
    assert [bytes(r[0]) for r in got] == [(tmp_path / f).read_bytes() for f in files]
    assert [int(r[1]) for r in got] == labels and got[0][1].dtype == np.int32


def test_image_folder_decode_and_class_indexing(tmp_path):
    images = make_folder(tmp_path)
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, extensions=[".png", ".jpg"],
                              decode=True)
    assert d.get_class_indexing() == {"cat": 0, "dog": 1, "eel": 2}
    got = rows(d)
    for (image, _), name in zip(got, ["cat/a.png", "cat/b.png", "dog/x.jpg", "dog/y.png"]):
        assert image.dtype == np.uint8 and image.shape == images[name].shape
        if name.endswith("png"):
            np.testing.assert_array_equal(image, images[name])
        else:  # JPEG is lossy: same as Pillow's own decoding
            np.testing.assert_array_equal(
                image, np.asarray(Image.open(tmp_path / name).convert("RGB")))
    # undecoded bytes + vision.Decode in map give the same images
    lazy = ds.ImageFolderDataset(str(tmp_path), shuffle=False, extensions=[".png", ".jpg"])
    lazy = lazy.map(vision.Decode(), "image")
    for a, b in zip(got, rows(lazy)):
        np.testing.assert_array_equal(a[0], b[0])


def test_image_folder_shuffles_and_shards(tmp_path):
    make_folder(tmp_path)
    ms.set_seed(5)
    d = ds.ImageFolderDataset(str(tmp_path), extensions=[".png", ".jpg"])
    labels = sorted(int(r[1]) for r in rows(d))
    assert labels == [0, 0, 1, 1]
    shards = [rows(ds.ImageFolderDataset(str(tmp_path), extensions=[".png", ".jpg"],
                                         num_shards=2, shard_id=i)) for i in range(2)]
    assert sorted(bytes(r[0]) for s in shards for r in s) == sorted(
        bytes(r[0]) for r in rows(d))


def test_decode_without_pillow_names_the_install(tmp_path, monkeypatch):
    make_folder(tmp_path)
    monkeypatch.setitem(sys.modules, "PIL", None)
    d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, extensions=[".png"])
    assert len(rows(d)) == 3  # the bytes need no Pillow
    with pytest.raises(RuntimeError, match="ImageFolderDataset: .*pip install pillow"):
        rows(ds.ImageFolderDataset(str(tmp_path), extensions=[".png"], decode=True))
    with pytest.raises(RuntimeError, match="Decode: .*pip install pillow"):
        vision.Decode()(np.frombuffer(b"abc", np.uint8))


def test_image_folder_bad_files_and_arguments(tmp_path):
    make_folder(tmp_path)
    with pytest.raises(RuntimeError, match=r"cannot decode .*notes.txt"):
        rows(ds.ImageFolderDataset(str(tmp_path), shuffle=False, decode=True))
    with pytest.raises(RuntimeError, match="no image files with extensions"):
        ds.ImageFolderDataset(str(tmp_path), extensions=[".gif"])
    cases = [
        (dict(dataset_dir=str(tmp_path / "nope")), ValueError, "does not exist"),
        (dict(dataset_dir=3), TypeError, "'dataset_dir'"),
        (dict(extensions=".png"), TypeError, "'extensions'"),
        (dict(class_indexing={"cat": "0"}), TypeError, "'class_indexing'"),
        (dict(class_indexing={"cat": -1}), ValueError, "'class_indexing'"),
        (dict(class_indexing={"cow": 0}), ValueError, "'cow'"),
        (dict(decode=1), TypeError, "'decode'"),
        (dict(decrypt=lambda p: p), ValueError, "'decrypt'"),
        (dict(num_parallel_workers=0), ValueError, "'num_parallel_workers'"),
        (dict(shuffle=1), TypeError, "'shuffle'"),
    ]
    for kwargs, error, match in cases:
        kwargs.setdefault("dataset_dir", str(tmp_path))
        with pytest.raises(error, match="ImageFolderDataset: .*" + match):
            ds.ImageFolderDataset(**kwargs)


# --- num_parallel_workers on sources ---------------------------------------------------
class Squares:
    def __getitem__(self, i):
        return np.full(3, i * i, np.int64), np.int32(i)

    def __len__(self):
        return 20


@pytest.mark.parametrize("make", [
    lambda w: ds.GeneratorDataset(Squares(), ["x", "i"], num_parallel_workers=w),
    lambda w: ds.GeneratorDataset(Squares(), ["x", "i"], num_parallel_workers=w,
                                  python_multiprocessing=False, num_shards=3, shard_id=1),
    lambda w: ds.NumpySlicesDataset(np.arange(30).reshape(10, 3), num_parallel_workers=w),
])
@pytest.mark.parametrize("workers", [2, 4])
def test_parallel_sources_equal_serial(make, workers):
    def epochs(w):
        ms.set_seed(11)
        d = make(w)
        it = d.create_tuple_iterator(output_numpy=True, num_epochs=2)
        return [[v.tolist() for v in r] for _ in range(2) for r in it]

    assert epochs(workers) == epochs(1)


def test_parallel_image_folder_equals_serial(tmp_path):
    make_folder(tmp_path)

    def read(w):
        d = ds.ImageFolderDataset(str(tmp_path), shuffle=False, extensions=[".png", ".jpg"],
                                  decode=True, num_parallel_workers=w)
        return [(r[0].tobytes(), int(r[1])) for r in rows(d)]

    assert read(3) == read(1)


def test_image_folder_training_pipeline(tmp_path):
    """A training script's pipeline: files -> Decode -> augment -> normalize -> CHW ->
    threaded batches -> Model.train, in both modes; the classes differ in brightness."""
    from mindcell import nn
    from mindcell.train import Model
    rng = np.random.default_rng(3)
    for cls, level in (("dark", 40), ("light", 200)):
        (tmp_path / cls).mkdir()
        for k in range(12):
            image = np.clip(rng.normal(level, 20, (10, 12, 3)), 0, 255).astype(np.uint8)
            (tmp_path / cls / ("%02d.png" % k)).write_bytes(encode(image, "PNG"))

    def pipeline():
        d = ds.ImageFolderDataset(str(tmp_path), num_parallel_workers=2)
        d = d.map([vision.Decode(), vision.RandomResizedCrop(8, scale=(0.5, 1.0)),
                   vision.RandomHorizontalFlip(), vision.Normalize([127.5] * 3, [127.5] * 3),
                   vision.HWC2CHW()], "image", num_parallel_workers=2)
        d = d.map(ds.transforms.TypeCast(ms.int32), "label")
        return d.batch(8, drop_remainder=True, num_parallel_workers=2)

    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            ms.set_seed(0)
            data = pipeline()
            assert data.get_dataset_size() == 3 and data.output_shapes() == [[8, 3, 8, 8], [8]]
            net = nn.SequentialCell([nn.Conv2d(3, 4, 3), nn.ReLU(), nn.Flatten(),
                                     nn.Dense(4 * 8 * 8, 2)])
            model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                          nn.Momentum(net.trainable_params(), 0.01, 0.9), metrics={"acc"})
            model.train(4, data)
            assert model.eval(pipeline())["acc"] == 1.0
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
