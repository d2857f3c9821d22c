"""mindcell.dataset.vision and .transforms against numpy references, in a pipeline and eagerly,
plus the MNIST and CIFAR-10 readers on files written here in the standard formats."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
import mindcell.dataset.transforms as T
import mindcell.dataset.vision as vision
from mindcell.dataset.vision import Border, Inter

IMG = np.arange(4 * 6 * 3, dtype=np.uint8).reshape(4, 6, 3)


def bilinear_ref(img, oh, ow):
    """Half-pixel-centre bilinear resize, one output pixel at a time."""
    h, w = img.shape[:2]
    out = np.zeros((oh, ow) + img.shape[2:])
    for i in range(oh):
        for j in range(ow):
            y = min(max((i + 0.5) * h / oh - 0.5, 0), h - 1)
            x = min(max((j + 0.5) * w / ow - 0.5, 0), w - 1)
            y0, x0 = int(y), int(x)
            y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
            dy, dx = y - y0, x - x0
            out[i, j] = ((1 - dy) * ((1 - dx) * img[y0, x0] + dx * img[y0, x1])
                         + dy * ((1 - dx) * img[y1, x0] + dx * img[y1, x1]))
    return out


CASES = [
    ("resize_linear", vision.Resize((3, 4)), lambda x: bilinear_ref(x, 3, 4)),
    ("resize_up", vision.Resize((7, 9)), lambda x: bilinear_ref(x, 7, 9)),
    ("resize_nearest", vision.Resize((2, 3), Inter.NEAREST), lambda x: x[[0, 2]][:, [0, 2, 4]]),
    ("resize_short_side", vision.Resize(2), lambda x: bilinear_ref(x, 2, 3)),
    ("normalize", vision.Normalize([10.0, 20.0, 30.0], [2.0, 4.0, 5.0]),
     lambda x: (x - np.array([10, 20, 30])) / np.array([2, 4, 5])),
    ("hwc2chw", vision.HWC2CHW(), lambda x: x.transpose(2, 0, 1)),
    ("to_tensor", vision.ToTensor(), lambda x: x.transpose(2, 0, 1) / 255.0),
    ("rescale", vision.Rescale(1 / 255.0, -0.5), lambda x: x / 255.0 - 0.5),
    ("center_crop", vision.CenterCrop((2, 3)), lambda x: x[1:3, 1:4]),
    ("center_crop_pad", vision.CenterCrop(7),
     lambda x: np.pad(x, [(2, 1), (1, 0), (0, 0)])[:, :7]),
    ("pad", vision.Pad([1, 2]), lambda x: np.pad(x, [(2, 2), (1, 1), (0, 0)])),
    ("pad_edge", vision.Pad([1, 0, 0, 2], padding_mode=Border.EDGE),
     lambda x: np.pad(x, [(0, 2), (1, 0), (0, 0)], mode="edge")),
    ("flip_always", vision.RandomHorizontalFlip(1.0), lambda x: x[:, ::-1]),
    ("flip_never", vision.RandomHorizontalFlip(0.0), lambda x: x),
    ("vflip_always", vision.RandomVerticalFlip(1.0), lambda x: x[::-1]),
    ("random_crop_full", vision.RandomCrop((4, 6)), lambda x: x),
    ("typecast", T.TypeCast(ms.float16), lambda x: x.astype(np.float16)),
    ("typecast_np", T.TypeCast(np.int32), lambda x: x.astype(np.int32)),
    ("fill", T.Fill(7), lambda x: np.full_like(x, 7)),
    ("compose", T.Compose([vision.HWC2CHW(), T.TypeCast(np.float32)]),
     lambda x: x.transpose(2, 0, 1).astype(np.float32)),
]
# uint8 bilinear: OpenCV's fixed-point result, within 1 of the exact value (bit-exact agreement
# with MindSpore is tests/goldens/vision/cases/014_resize_linear_u8.py)
ROUNDED = {"resize_linear", "resize_up", "resize_short_side"}
DTYPES = {"normalize": np.float32, "to_tensor": np.float32, "rescale": np.float32,
          "typecast": np.float16, "typecast_np": np.int32, "compose": np.float32}


@pytest.mark.parametrize("name,op,ref", CASES, ids=[c[0] for c in CASES])
def test_transform_matches_numpy(name, op, ref):
    exact = ref(IMG.astype(np.float64))
    want = exact.astype(DTYPES.get(name, np.uint8))
    eager = op(IMG)
    assert eager.dtype == want.dtype and eager.shape == want.shape
    if name in ROUNDED:
        assert np.abs(eager - exact).max() < 1.0
    else:
        np.testing.assert_allclose(eager.astype(np.float64), want.astype(np.float64),
                                   rtol=1e-6, atol=1e-3 if want.dtype == np.float16 else 1e-6)
    data = ds.NumpySlicesDataset({"image": IMG[None]}, shuffle=False).map(op, "image")
    (piped,) = next(iter(data.create_tuple_iterator(output_numpy=True)))
    np.testing.assert_array_equal(piped, eager)
    assert isinstance(op(ms.Tensor(IMG)), np.ndarray)  # Tensors are accepted too


def test_random_crop_is_a_crop_and_seeded():
    op = vision.RandomCrop(2, padding=1)
    padded = np.pad(IMG, [(1, 1), (1, 1), (0, 0)])
    windows = {padded[i:i + 2, j:j + 2].tobytes() for i in range(5) for j in range(7)}
    crops = [op(IMG) for _ in range(30)]
    assert all(c.shape == (2, 2, 3) and c.tobytes() in windows for c in crops)
    assert len({c.tobytes() for c in crops}) > 1

    def pipeline():
        d = ds.NumpySlicesDataset({"image": np.stack([IMG] * 8)}, shuffle=False)
        d = d.map([vision.RandomCrop(3, pad_if_needed=True), vision.RandomHorizontalFlip()])
        return [r[0].tobytes() for r in d.create_tuple_iterator(output_numpy=True)]

    ms.set_seed(3)
    a = pipeline()
    ms.set_seed(3)
    assert pipeline() == a and len(set(a)) > 1


def test_one_hot():
    np.testing.assert_array_equal(T.OneHot(4)(np.array([0, 3])), np.eye(4, dtype=int)[[0, 3]])
    scalar = T.OneHot(3)(np.uint32(2))
    assert scalar.dtype == np.uint32 and scalar.tolist() == [0, 0, 1]
    smooth = T.OneHot(4, smoothing_rate=0.2)(np.array(1))
    np.testing.assert_allclose(smooth, [0.05, 0.85, 0.05, 0.05], rtol=1e-6)
    assert smooth.dtype == np.float64  # MindSpore 2.10 (ms-oracle)


def test_duplicate_random_apply_choice():
    d = ds.NumpySlicesDataset({"x": [1, 2]}, shuffle=False)
    d = d.map(T.Duplicate(), "x", ["x", "y"])
    assert d.get_col_names() == ["x", "y"]
    assert [r[1].tolist() for r in d.create_tuple_iterator(output_numpy=True)] == [1, 2]
    always = T.RandomApply([T.Fill(0)], prob=1.0)
    assert always(np.array([5])).tolist() == [0]
    assert T.RandomApply([T.Fill(0)], prob=0.0)(np.array([5])).tolist() == [5]
    assert T.RandomChoice([T.Fill(1), T.Fill(2)])(np.zeros(2)).tolist() in ([1, 1], [2, 2])


def test_module_paths():
    import mindcell.dataset.transforms.c_transforms as c_t
    import mindcell.dataset.transforms.py_transforms as py_t
    import mindcell.dataset.vision.c_transforms as c_v
    import mindcell.dataset.vision.py_transforms as py_v
    from mindcell.dataset.transforms import transforms as t_t
    from mindcell.dataset.vision import transforms as v_t
    assert c_v.Resize is py_v.Resize is v_t.Resize is vision.Resize
    assert c_t.OneHot is py_t.OneHotOp is t_t.OneHot is T.OneHot
    assert ds.vision is vision and ds.transforms is T


BAD = [
    (lambda: vision.Resize(0), ValueError, "positive"),
    (lambda: vision.Resize((2, 2, 2)), TypeError, "size"),
    (lambda: vision.Resize(4, Inter.ANTIALIAS), ValueError, "not implemented"),
    (lambda: vision.Resize(4, "linear"), TypeError, "Inter"),
    (lambda: vision.Resize(2)(np.zeros((2, 2, 2, 2))), ValueError, r"<H, W>"),
    (lambda: vision.Normalize([1, 2], [1]), ValueError, "lengths"),
    (lambda: vision.Normalize([1.0], [0.0]), ValueError, "std"),
    (lambda: vision.Normalize([1.0, 2.0], [1.0, 1.0])(IMG), ValueError, "3 channels"),
    (lambda: vision.RandomCrop(9)(IMG), ValueError, "pad_if_needed"),
    (lambda: vision.RandomCrop(2, fill_value=300), TypeError, "fill_value"),
    (lambda: vision.Pad(-1), ValueError, "padding"),
    (lambda: vision.RandomHorizontalFlip(2), ValueError, "prob"),
    (lambda: vision.HWC2CHW()(IMG, IMG), TypeError, "1 input column"),
    (lambda: T.TypeCast("complex"), TypeError, "data_type"),
    (lambda: T.OneHot(2.0), TypeError, "num_classes"),
    (lambda: T.OneHot(3)(np.array([3])), ValueError, r"\[0, 3\)"),
    (lambda: T.OneHot(3)(np.array([1.0])), TypeError, "integers"),
    (lambda: T.OneHot(3, smoothing_rate=2.0), ValueError, "smoothing_rate"),
    (lambda: T.Compose([]), TypeError, "transforms"),
]


@pytest.mark.parametrize("call,error,match", BAD, ids=[b[2] for b in BAD])
def test_bad_transform_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call()


# --- MNIST / CIFAR-10 readers on generated files -----------------------------------------
def write_idx(path, array, magic):
    header = np.array([magic] + list(array.shape), ">u4").tobytes()
    path.write_bytes(header + array.astype(np.uint8).tobytes())


def make_mnist(root, n_train=5, n_test=3):
    rng = np.random.default_rng(0)
    data = {}
    for part, n in (("train", n_train), ("t10k", n_test)):
        img = rng.integers(0, 256, (n, 28, 28)).astype(np.uint8)
        lab = rng.integers(0, 10, n).astype(np.uint8)
        write_idx(root / ("%s-images-idx3-ubyte" % part), img, 2051)
        write_idx(root / ("%s-labels-idx1-ubyte" % part), lab, 2049)
        data[part] = (img, lab)
    return data


# 'all' reads test before train, as MindSpore 2.10 (its reader takes the files in name order)
@pytest.mark.parametrize("usage,parts", [("train", ["train"]), ("test", ["t10k"]),
                                         (None, ["t10k", "train"]), ("all", ["t10k", "train"])])
def test_mnist_reader(tmp_path, usage, parts):
    data = make_mnist(tmp_path)
    d = ds.MnistDataset(str(tmp_path), usage=usage, shuffle=False)
    assert d.get_col_names() == ["image", "label"]
    got = list(d.create_tuple_iterator(output_numpy=True))
    images = np.concatenate([data[p][0] for p in parts])
    labels = np.concatenate([data[p][1] for p in parts])
    assert len(got) == d.get_dataset_size() == len(labels)
    assert got[0][0].shape == (28, 28, 1) and got[0][0].dtype == np.uint8
    assert got[0][1].shape == () and got[0][1].dtype == np.uint32
    np.testing.assert_array_equal(np.stack([g[0][..., 0] for g in got]), images)
    np.testing.assert_array_equal([g[1] for g in got], labels)


def make_cifar(root, counts=(2, 3), n_test=2):
    rng = np.random.default_rng(1)
    out = {}
    names = ["data_batch_%d.bin" % (i + 1) for i in range(len(counts))] + ["test_batch.bin"]
    for name, n in zip(names, list(counts) + [n_test]):
        labels = rng.integers(0, 10, n).astype(np.uint8)
        chw = rng.integers(0, 256, (n, 3, 32, 32)).astype(np.uint8)
        records = np.concatenate([labels[:, None], chw.reshape(n, -1)], axis=1)
        (root / name).write_bytes(records.tobytes())
        out[name] = (chw.transpose(0, 2, 3, 1), labels)
    return out


def test_cifar10_reader(tmp_path):
    data = make_cifar(tmp_path)
    train = ds.Cifar10Dataset(str(tmp_path), usage="train", shuffle=False)
    got = list(train.create_dict_iterator(output_numpy=True))
    want = [data["data_batch_1.bin"], data["data_batch_2.bin"]]
    assert len(got) == train.get_dataset_size() == 5
    np.testing.assert_array_equal(np.stack([g["image"] for g in got]),
                                  np.concatenate([w[0] for w in want]))
    assert got[0]["image"].shape == (32, 32, 3) and got[0]["label"].dtype == np.uint32
    np.testing.assert_array_equal([g["label"] for g in got], np.concatenate([w[1] for w in want]))
    assert ds.Cifar10Dataset(str(tmp_path)).get_dataset_size() == 7
    test = ds.Cifar10Dataset(str(tmp_path), usage="test", shuffle=False)
    assert [int(r[1]) for r in test.create_tuple_iterator(output_numpy=True)] \
        == data["test_batch.bin"][1].tolist()
    shard = ds.Cifar10Dataset(str(tmp_path), num_shards=2, shard_id=1, num_samples=2)
    assert shard.get_dataset_size() == 2


def test_reader_errors_name_the_file(tmp_path):
    with pytest.raises(ValueError, match="does not exist"):
        ds.MnistDataset(str(tmp_path / "nope"))
    with pytest.raises(ValueError, match="usage"):
        ds.MnistDataset(str(tmp_path), usage="val")
    with pytest.raises(RuntimeError, match="train-images-idx3-ubyte"):
        ds.MnistDataset(str(tmp_path), usage="train")
    make_mnist(tmp_path)
    (tmp_path / "t10k-labels-idx1-ubyte").write_bytes(b"\x00\x00\x08\x01\x00\x00\x00\x05\x01")
    with pytest.raises(RuntimeError, match="t10k-labels-idx1-ubyte.*header"):
        ds.MnistDataset(str(tmp_path), usage="test")
    write_idx(tmp_path / "t10k-labels-idx1-ubyte", np.zeros(2), 2051)
    with pytest.raises(RuntimeError, match="magic"):
        ds.MnistDataset(str(tmp_path), usage="test")
    write_idx(tmp_path / "t10k-labels-idx1-ubyte", np.zeros(2), 2049)
    with pytest.raises(RuntimeError, match="3 images.*2 labels"):
        ds.MnistDataset(str(tmp_path), usage="test")
    with pytest.raises(RuntimeError, match="data_batch_1.bin"):
        ds.Cifar10Dataset(str(tmp_path), usage="train")
    (tmp_path / "data_batch_1.bin").write_bytes(b"\x00" * 3074)
    with pytest.raises(RuntimeError, match="data_batch_1.bin.*3073"):
        ds.Cifar10Dataset(str(tmp_path), usage="train")
    (tmp_path / "data_batch_1.bin").write_bytes(b"\x0c" + b"\x00" * 3072)
    with pytest.raises(RuntimeError, match="data_batch_1.bin.*label 12"):
        ds.Cifar10Dataset(str(tmp_path), usage="train")
    with pytest.raises(RuntimeError, match="test_batch.bin"):
        ds.Cifar10Dataset(str(tmp_path), usage="test")
