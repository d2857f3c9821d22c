"""Files written by real MindSpore 2.10 (shared/interop) load to the values in their .npz, and
the files mindcell writes reproduce MindSpore's bytes."""
import json
import os
import shutil
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train import _ckpt_proto as proto

INTEROP = Path(__file__).resolve().parents[2].parent / "shared" / "interop"
pytestmark = pytest.mark.skipif(not INTEROP.is_dir(),
                                reason="shared/interop (MindSpore sample files) is not beside "
                                       "the repository")

NESTED_APPEND = {"epoch_num": 3, "lr": 0.01, "tag": "hello", "flag": True}


def _samples():
    if not INTEROP.is_dir():
        return []
    return sorted(p.name for p in INTEROP.iterdir() if p.suffix in (".ckpt", ".safetensors"))


def _fmt(name):
    return "safetensors" if name.endswith(".safetensors") else "ckpt"


def _npz_for(name):
    stem = name.rsplit(".", 1)[0].replace("_crc", "")
    return np.load(INTEROP / (stem + ".npz"))


def test_every_sample_is_covered():
    names = _samples()
    assert {"dense_3x2.ckpt", "dense_3x2_crc.ckpt", "dtypes.ckpt", "model_adam.ckpt",
            "nested.ckpt", "dense_3x2.safetensors", "dense_3x2_crc.safetensors",
            "nested.safetensors"} <= set(names)
    for name in names:
        assert (INTEROP / (name.rsplit(".", 1)[0].replace("_crc", "") + ".npz")).is_file()


@pytest.mark.parametrize("name", _samples())
@pytest.mark.parametrize("crc_check", [False, True])
def test_sample_loads_to_npz_values(name, crc_check):
    if crc_check and "_crc" not in name:   # crc_check=True demands a CRC, as in MindSpore
        with pytest.raises(ValueError, match="crc|CRC"):
            ms.load_checkpoint(str(INTEROP / name), format=_fmt(name), crc_check=True)
        crc_check = False
    loaded = ms.load_checkpoint(str(INTEROP / name), format=_fmt(name), crc_check=crc_check)
    expected = _npz_for(name)
    for key in expected.files:
        ckpt_key = "bf16" if key == "bf16_as_f32" else key
        p = loaded[ckpt_key]
        assert isinstance(p, ms.Parameter) and p.name == ckpt_key and p.requires_grad
        want = expected[key]
        got = p.asnumpy()
        if key == "bf16_as_f32":  # a BFloat16 tensor; its values are exact in float32
            assert p.dtype == ms.bfloat16
            got = got.astype(np.float32)
        assert got.dtype == want.dtype, key
        assert got.shape == want.shape, key
        np.testing.assert_array_equal(got, want, err_msg=key)
    extra = set(loaded) - {"bf16" if k == "bf16_as_f32" else k for k in expected.files}
    if name.startswith("nested"):
        want_extra = {"epoch_num", "lr"} | ({"tag", "flag", "step"} if name.endswith(".ckpt")
                                            else set())
        assert extra == want_extra
        assert loaded["epoch_num"].dtype == ms.int64 and loaded["epoch_num"].shape == ()
        assert loaded["epoch_num"].asnumpy().item() == 3
        assert loaded["lr"].dtype == ms.float32
        np.testing.assert_allclose(loaded["lr"].asnumpy(), 0.01)
        if name.endswith(".ckpt"):
            assert loaded["tag"] == "hello"
            assert loaded["flag"].dtype == ms.bool_ and loaded["flag"].asnumpy().item() is True
            assert loaded["step"].dtype == ms.int32 and loaded["step"].asnumpy().item() == 7
    else:
        assert not extra


def test_ckpt_order_is_mindspores():
    loaded = ms.load_checkpoint(str(INTEROP / "model_adam.ckpt"))
    names = list(loaded)
    assert names[:8] == ["fc1.weight", "fc1.bias", "bn.gamma", "bn.beta", "fc2.weight",
                         "fc2.bias", "bn.moving_mean", "bn.moving_variance"]
    assert names[8:12] == ["global_step", "learning_rate", "beta1_power", "beta2_power"]
    assert names[12] == "moment1.fc1.weight" and names[-1] == "moment2.fc2.bias"


def _dense_3x2():
    values = np.load(INTEROP / "dense_3x2.npz")
    net = nn.Dense(3, 2)
    net.weight.set_data(ms.Tensor(values["weight"]))
    net.bias.set_data(ms.Tensor(values["bias"]))
    return net


@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
@pytest.mark.parametrize("crc", [False, True])
def test_writing_dense_reproduces_mindspore_bytes(tmp_path, fmt, crc):
    path = str(tmp_path / ("dense." + fmt))
    ms.save_checkpoint(_dense_3x2(), path, crc_check=crc, format=fmt)
    reference = INTEROP / ("dense_3x2%s.%s" % ("_crc" if crc else "", fmt))
    if fmt == "ckpt":
        assert Path(path).read_bytes() == reference.read_bytes()
    else:
        assert _safetensors_layout(Path(path).read_bytes()) == \
            _safetensors_layout(reference.read_bytes())


def _safetensors_layout(data):
    """(header length, header as a dict, tensor bytes): the safetensors package writes the
    metadata map in hash order, so with two metadata keys the header text itself varies."""
    n = int.from_bytes(data[:8], "little")
    return n, json.loads(data[8:8 + n]), data[8 + n:]


def test_writing_nested_with_append_dict_reproduces_mindspore_bytes(tmp_path):
    loaded = ms.load_checkpoint(str(INTEROP / "nested.ckpt"))
    append = dict(NESTED_APPEND, step=ms.Tensor(7, ms.int32))
    weights = {k: v for k, v in loaded.items() if k not in append}
    path = str(tmp_path / "nested.ckpt")
    ms.save_checkpoint(weights, path, append_dict=append)
    assert Path(path).read_bytes() == (INTEROP / "nested.ckpt").read_bytes()
    st = str(tmp_path / "nested.safetensors")
    ms.save_checkpoint(weights, st, append_dict={"epoch_num": 3, "lr": 0.01},
                       format="safetensors")
    assert Path(st).read_bytes() == (INTEROP / "nested.safetensors").read_bytes()


@pytest.mark.parametrize("name", ["model_adam.ckpt", "nested.ckpt", "dense_3x2_crc.ckpt"])
def test_load_then_save_is_byte_identical(tmp_path, name):
    src = INTEROP / name
    crc = name.endswith("_crc.ckpt")
    path = str(tmp_path / name)
    ms.save_checkpoint(ms.load_checkpoint(str(src)), path, crc_check=crc)
    assert Path(path).read_bytes() == src.read_bytes()


def test_dtypes_reencode_including_bf16(tmp_path):
    loaded = ms.load_checkpoint(str(INTEROP / "dtypes.ckpt"))
    assert loaded["bf16"].dtype == ms.bfloat16
    path = str(tmp_path / "dtypes.ckpt")
    ms.save_checkpoint(loaded, path)
    theirs = (INTEROP / "dtypes.ckpt").read_bytes()
    assert Path(path).read_bytes() == theirs  # byte for byte, the BFloat16 Value too
    body, _ = proto.split_crc(theirs)
    tags = [(t, list(p.dims), p.tensor_type) for t, _, p in proto.parse_checkpoint(body)]
    assert ("scalar0d", [], "Float32") in tags and tags[-1] == ("bf16", [4], "BFloat16")


def test_mindspore_files_load_into_mindcell_nets():
    net = nn.Dense(3, 2)
    assert ms.load_param_into_net(net, ms.load_checkpoint(str(INTEROP / "dense_3x2.ckpt"))) == (
        [], [])
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
    values = np.load(INTEROP / "dense_3x2.npz")
    np.testing.assert_allclose(net(x).asnumpy(), x.asnumpy() @ values["weight"].T + values["bias"],
                               rtol=1e-6)

    class Nested(nn.Cell):
        def __init__(self):
            super().__init__()
            self.layers = nn.SequentialCell([nn.Dense(4, 4), nn.ReLU(), nn.Dense(4, 2)])
            self.heads = nn.CellList([nn.Dense(2, 2)])

    sub = Nested()
    not_loaded, ckpt_not_loaded = ms.load_param_into_net(
        sub, ms.load_checkpoint(str(INTEROP / "nested.ckpt")))
    assert not_loaded == []
    assert "block.conv.weight" in ckpt_not_loaded and "tag" in ckpt_not_loaded
    nested = np.load(INTEROP / "nested.npz")
    np.testing.assert_array_equal(sub.layers[2].weight.asnumpy(), nested["layers.2.weight"])


def test_safetensors_written_by_mindcell_read_by_the_safetensors_package(tmp_path):
    st = pytest.importorskip("safetensors.numpy")
    path = str(tmp_path / "d.safetensors")
    ms.save_checkpoint(_dense_3x2(), path, format="safetensors")
    data = st.load_file(path)
    values = np.load(INTEROP / "dense_3x2.npz")
    assert sorted(data) == ["bias", "weight"]
    np.testing.assert_array_equal(data["weight"], values["weight"])


def test_copied_sample_with_damage_is_rejected(tmp_path):
    path = tmp_path / "dense_3x2_crc.ckpt"
    shutil.copyfile(INTEROP / "dense_3x2_crc.ckpt", path)
    os.chmod(path, 0o600)
    data = bytearray(path.read_bytes())
    data[30] ^= 0x01  # inside the weight values
    path.write_bytes(bytes(data))
    with pytest.raises(ValueError, match="dense_3x2_crc.ckpt"):
        ms.load_checkpoint(str(path), crc_check=True)


@pytest.mark.skipif(not all(hasattr(nn, n) for n in ("Conv2d", "BatchNorm2d", "Embedding")),
                    reason="needs nn.Conv2d, nn.BatchNorm2d and nn.Embedding")
def test_nested_net_round_trip_is_byte_identical(tmp_path):
    """The MindSpore net behind nested.ckpt, rebuilt in mindcell: it loads every value and
    writes the very same file back (names, order, dtypes, append_dict encoding)."""

    class Block(nn.Cell):
        def __init__(self):
            super().__init__()
            self.conv = nn.Conv2d(2, 3, 3, has_bias=True)
            self.bn = nn.BatchNorm2d(3)

    class Nested(nn.Cell):
        def __init__(self):
            super().__init__()
            self.scale = ms.Parameter(ms.Tensor(np.ones(1, np.float32)), name="scale")
            self.block = Block()
            self.layers = nn.SequentialCell([nn.Dense(4, 4), nn.ReLU(), nn.Dense(4, 2)])
            self.heads = nn.CellList([nn.Dense(2, 2)])
            self.emb = nn.Embedding(5, 3)

    net = Nested()
    assert ms.load_param_into_net(net, ms.load_checkpoint(str(INTEROP / "nested.ckpt"))) == (
        [], ["epoch_num", "lr", "tag", "flag", "step"])
    path = str(tmp_path / "nested.ckpt")
    ms.save_checkpoint(net, path, append_dict=dict(NESTED_APPEND, step=ms.Tensor(7, ms.int32)))
    assert Path(path).read_bytes() == (INTEROP / "nested.ckpt").read_bytes()
