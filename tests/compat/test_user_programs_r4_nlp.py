"""Round-4 user programs (language models, LLM courses, the MindSpore tutorials): the general
mechanisms those programs stopped at, each checked for its whole class against MindSpore 2.10's
behaviour (recorded with the ms-oracle)."""
import os

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds


# ----- dataset folders holding one part: MNIST_Data/train, cifar-10-verify-bin ----------------
def _write_idx(folder, name, magic, array):
    header = np.array([magic, *array.shape], ">u4").tobytes()
    with open(os.path.join(folder, name), "wb") as f:
        f.write(header + array.astype(np.uint8).tobytes())


def _mnist_part(folder, prefix, labels):
    os.makedirs(folder, exist_ok=True)
    _write_idx(folder, prefix + "-images-idx3-ubyte", 2051,
               np.zeros((len(labels), 28, 28)) + np.arange(len(labels))[:, None, None])
    _write_idx(folder, prefix + "-labels-idx1-ubyte", 2049, np.array(labels))


@pytest.mark.parametrize("cls", [ds.MnistDataset, ds.FashionMnistDataset])
def test_idx_folder_with_one_part_reads_that_part(tmp_path, cls):
    # the tutorials' MNIST_Data/train holds only train-*, MNIST_Data/test only t10k-*; MindSpore
    # reads them with usage None ('all')
    _mnist_part(str(tmp_path / "train"), "train", [5, 0, 3])
    _mnist_part(str(tmp_path / "test"), "t10k", [4, 1])
    _mnist_part(str(tmp_path / "both"), "train", [5, 0, 3])
    _mnist_part(str(tmp_path / "both"), "t10k", [4, 1])
    for sub, want in (("train", [5, 0, 3]), ("test", [4, 1]), ("both", [4, 1, 5, 0, 3])):
        data = cls(str(tmp_path / sub), shuffle=False)
        assert data.get_dataset_size() == len(want)
        assert [int(r["label"]) for r in data.create_dict_iterator(num_epochs=1)] == want
    # the named part is still required, and a part without its labels is an error
    with pytest.raises(RuntimeError, match="t10k-images"):
        cls(str(tmp_path / "train"), usage="test")
    os.remove(str(tmp_path / "train" / "train-labels-idx1-ubyte"))
    with pytest.raises(RuntimeError, match="train-labels"):
        cls(str(tmp_path / "train"))


def _cifar_file(path, n, label_bytes):
    rows = [bytes([i % 10] * label_bytes) + bytes(3072) for i in range(n)]
    with open(path, "wb") as f:
        f.write(b"".join(rows))


def test_cifar_folder_with_one_part_reads_that_part(tmp_path):
    verify = tmp_path / "cifar-10-verify-bin"
    verify.mkdir()
    _cifar_file(str(verify / "test_batch.bin"), 3, 1)
    data = ds.Cifar10Dataset(str(verify), shuffle=False)
    assert [int(r["label"]) for r in data.create_dict_iterator(num_epochs=1)] == [0, 1, 2]
    train = tmp_path / "train10"
    train.mkdir()
    _cifar_file(str(train / "data_batch_1.bin"), 2, 1)
    _cifar_file(str(train / "data_batch_2.bin"), 2, 1)
    assert ds.Cifar10Dataset(str(train), shuffle=False).get_dataset_size() == 4
    for part in ("train", "test"):
        folder = tmp_path / ("c100_" + part)
        folder.mkdir()
        _cifar_file(str(folder / (part + ".bin")), 3, 2)
        assert ds.Cifar100Dataset(str(folder), shuffle=False).get_dataset_size() == 3
    with pytest.raises(RuntimeError, match="data_batch"):
        ds.Cifar10Dataset(str(verify), usage="train")
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(RuntimeError):
        ds.Cifar10Dataset(str(empty))
