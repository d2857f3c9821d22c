"""save_checkpoint / load_checkpoint / load_param_into_net: round trips, the file layout,
atomic writes, the no-partial-update guarantee and the error cases."""
import logging
import os
from pathlib import Path

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train import _ckpt_proto as proto
from mindcell.train import serialization as ser


class Block(nn.Cell):
    """Nested names: own Parameter, SequentialCell, CellList."""

    def __init__(self):
        super().__init__()
        self.scale = ms.Parameter(ms.Tensor(np.array([2.0], np.float32)), name="scale")
        self.layers = nn.SequentialCell([nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2)])
        self.heads = nn.CellList([nn.Dense(2, 2)])

    def construct(self, x):
        return self.heads[0](self.layers(x)) * self.scale


def _randomize(net, seed=0):
    rng = np.random.default_rng(seed)
    for p in net.get_parameters():
        p.set_data(ms.Tensor(rng.standard_normal(p.shape).astype(p.dtype.np_dtype)))
    return net


def _values(net):
    return {p.name: p.asnumpy().copy() for p in net.get_parameters()}


def _entries(path):
    """(tag, dims, tensor_type) of every Value in a .ckpt file."""
    body, _ = proto.split_crc(Path(path).read_bytes())
    return [(tag, list(t.dims), t.tensor_type) for tag, _, t in proto.parse_checkpoint(body)]


# ----- round trips -----------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", ["ckpt", "safetensors"])
def test_cell_round_trip(tmp_path, fmt):
    net = _randomize(Block())
    path = tmp_path / ("net." + fmt)
    assert ms.save_checkpoint(net, str(path), format=fmt) is None
    loaded = ms.load_checkpoint(str(path), format=fmt)
    names = [p.name for p in net.get_parameters()]
    assert names == ["scale", "layers.0.weight", "layers.0.bias", "layers.2.weight",
                     "layers.2.bias", "heads.0.weight", "heads.0.bias"]
    # .ckpt keeps parameters_and_names order; safetensors comes back sorted, as in MindSpore
    assert list(loaded) == (names if fmt == "ckpt" else sorted(names))
    for name, value in _values(net).items():
        p = loaded[name]
        assert isinstance(p, ms.Parameter)
        assert p.name == name and p.requires_grad
        assert p.dtype == ms.float32 and p.shape == value.shape
        np.testing.assert_array_equal(p.asnumpy(), value)

    net2 = Block()
    assert ms.load_param_into_net(net2, loaded) == ([], [])
    for name, value in _values(net).items():
        np.testing.assert_array_equal(_values(net2)[name], value)
    x = ms.Tensor(np.random.default_rng(1).standard_normal((2, 4)).astype(np.float32))
    np.testing.assert_array_equal(net2(x).asnumpy(), net(x).asnumpy())


def test_keys_are_parameter_names_not_paths(tmp_path):
    net = nn.Dense(2, 2)
    net.weight.name = "custom_w"
    ms.save_checkpoint(net, str(tmp_path / "n.ckpt"))
    assert list(ms.load_checkpoint(str(tmp_path / "n.ckpt"))) == ["custom_w", "bias"]


def test_suffix_is_appended_as_mindspore_does(tmp_path):
    net = nn.Dense(2, 1)
    ms.save_checkpoint(net, str(tmp_path / "model"))
    ms.save_checkpoint(net, str(tmp_path / "model2"), format="safetensors")
    ms.save_checkpoint(net, str(tmp_path / "other.safetensors"))  # format ckpt
    ms.save_checkpoint(net, tmp_path / "pathlike.ckpt")
    assert sorted(os.listdir(tmp_path)) == ["model.ckpt", "model2.safetensors",
                                             "other.safetensors.ckpt", "pathlike.ckpt"]
    with pytest.raises(ValueError, match="format"):
        ms.load_checkpoint(str(tmp_path / "model"))  # the name must end with the format
    assert sorted(ms.load_checkpoint(tmp_path / "pathlike.ckpt")) == ["bias", "weight"]


def test_list_and_dict_save_objects(tmp_path):
    net = _randomize(Block())
    vals = _values(net)
    path = str(tmp_path / "a.ckpt")
    ms.save_checkpoint(net.trainable_params(), path)
    assert list(ms.load_checkpoint(path)) == list(vals)

    items = [{"name": "w", "data": net.layers[0].weight},
             {"name": "t", "data": ms.Tensor(np.arange(3, dtype=np.int32))}]
    ms.save_checkpoint(items, path)
    got = ms.load_checkpoint(path)
    assert list(got) == ["w", "t"]
    np.testing.assert_array_equal(got["w"].asnumpy(), vals["layers.0.weight"])
    assert got["t"].dtype == ms.int32 and got["t"].asnumpy().tolist() == [0, 1, 2]

    # a dict (for example what load_checkpoint returned) saves to the same bytes
    ms.save_checkpoint(net, path)
    again = str(tmp_path / "again.ckpt")
    ms.save_checkpoint(ms.load_checkpoint(path), again)
    assert Path(again).read_bytes() == Path(path).read_bytes()

    with pytest.raises(TypeError):
        ms.save_checkpoint([{"name": "x", "data": 1.0}], path)
    with pytest.raises(TypeError):
        ms.save_checkpoint([1, 2], path)
    with pytest.raises(TypeError):
        ms.save_checkpoint({1: net.layers[0].weight}, path)
    with pytest.raises(TypeError):
        ms.save_checkpoint((net.layers[0].weight,), path)  # a tuple is not accepted
    with pytest.raises(TypeError):
        ms.save_checkpoint(net, 123)


def test_every_dtype_and_layout_round_trips(tmp_path):
    rng = np.random.default_rng(3)
    arrays = {
        "f32": rng.standard_normal((2, 3)).astype(np.float32),
        "f16": np.array([1.0, -2.5, 65504.0], np.float16),
        "f64": np.array([np.pi], np.float64),
        "i8": np.array([-128, 127], np.int8), "u8": np.array([0, 255], np.uint8),
        "i16": np.array([-3], np.int16), "u16": np.array([65535], np.uint16),
        "i32": np.array([1, -1], np.int32), "u32": np.array([4000000000], np.uint32),
        "i64": np.array([-(1 << 40)], np.int64), "u64": np.array([1 << 63], np.uint64),
        "b": np.array([True, False, True]),
        "scalar": np.array(4.5, np.float32),
        "transposed": rng.standard_normal((3, 4)).astype(np.float32).T,  # not C-contiguous
        "big_endian": np.array([1.5, -2.0], ">f4"),
    }
    for fmt in ("ckpt", "safetensors"):
        path = str(tmp_path / ("d." + fmt))
        ms.save_checkpoint({k: ms.Tensor(v) if k != "big_endian" else v
                            for k, v in arrays.items()}, path, format=fmt)
        got = ms.load_checkpoint(path, format=fmt)
        for k, v in arrays.items():
            a = got[k].asnumpy()
            assert a.shape == v.shape, k
            assert a.dtype == v.dtype.newbyteorder("="), k
            np.testing.assert_array_equal(a, v)
            assert a.flags.writeable and a.flags.c_contiguous


def test_append_dict(tmp_path):
    net = nn.Dense(2, 1)
    path = str(tmp_path / "a.ckpt")
    append = {"epoch_num": 3, "lr": 0.01, "tag": "héllo", "flag": True,
              "step": ms.Tensor(7, ms.int32), "empty": ""}
    ms.save_checkpoint(net, path, append_dict=append)
    assert _entries(path) == [("weight", [1, 2], "Float32"), ("bias", [1], "Float32"),
                              ("epoch_num", [], "Int64"), ("lr", [], "Float32"),
                              ("tag", [0], "str"), ("flag", [], "Bool"), ("step", [], "Int32"),
                              ("empty", [0], "str")]
    got = ms.load_checkpoint(path)
    assert got["tag"] == "héllo" and got["empty"] == ""
    assert got["epoch_num"].dtype == ms.int64 and got["epoch_num"].asnumpy().item() == 3
    assert got["lr"].dtype == ms.float32 and got["lr"].shape == ()
    assert got["flag"].dtype == ms.bool_ and got["flag"].asnumpy().item() is True
    assert got["step"].dtype == ms.int32 and got["step"].asnumpy().item() == 7
    # str entries are skipped by load_param_into_net but reported as not loaded, as in MindSpore
    assert ms.load_param_into_net(nn.Dense(2, 1), got) == (
        [], ["epoch_num", "lr", "tag", "flag", "step", "empty"])

    for bad in ({"x": [1, 2]}, {"x": None}, {1: 2}, [("x", 1)]):
        with pytest.raises(TypeError):
            ms.save_checkpoint(net, path, append_dict=bad)
    # the safetensors format has no strings
    with pytest.raises(TypeError, match="str"):
        ms.save_checkpoint(net, str(tmp_path / "a.safetensors"), format="safetensors",
                           append_dict={"tag": "x"})
    assert not (tmp_path / "a.safetensors").exists()
    ms.save_checkpoint(net, str(tmp_path / "b.safetensors"), format="safetensors",
                       append_dict={"epoch_num": 3, "lr": 0.5, "flag": False})
    got = ms.load_checkpoint(str(tmp_path / "b.safetensors"), format="safetensors")
    assert list(got) == ["bias", "epoch_num", "flag", "lr", "weight"]
    assert got["epoch_num"].dtype == ms.int64 and got["lr"].asnumpy().item() == 0.5


def test_choice_func_and_prefixes(tmp_path):
    net = _randomize(Block())
    path = str(tmp_path / "c.ckpt")
    ms.save_checkpoint(net, path, choice_func=lambda n: n.startswith("layers"))
    assert list(ms.load_checkpoint(path)) == ["layers.0.weight", "layers.0.bias",
                                              "layers.2.weight", "layers.2.bias"]
    assert list(ms.load_checkpoint(path, choice_func=lambda n: n.endswith("bias"))) == [
        "layers.0.bias", "layers.2.bias"]
    assert list(ms.load_checkpoint(path, filter_prefix="layers.0")) == [
        "layers.2.weight", "layers.2.bias"]
    assert list(ms.load_checkpoint(path, specify_prefix=["layers.2.w", "layers.0.b"])) == [
        "layers.0.bias", "layers.2.weight"]
    # the deprecated prefixes override choice_func (MindSpore's rule)
    assert list(ms.load_checkpoint(path, specify_prefix="layers.0", choice_func=lambda n: False)
                ) == ["layers.0.weight", "layers.0.bias"]
    with pytest.raises(ValueError, match="empty"):
        ms.load_checkpoint(path, choice_func=lambda n: False)
    with pytest.raises(TypeError):
        ms.load_checkpoint(path, filter_prefix=3)
    with pytest.raises(ValueError):
        ms.load_checkpoint(path, specify_prefix=[])
    with pytest.raises(ValueError):
        ms.load_checkpoint(path, filter_prefix=["layers", ""])
    st = str(tmp_path / "c.safetensors")
    ms.save_checkpoint(net, st, format="safetensors", choice_func=lambda n: "bias" in n)
    assert list(ms.load_checkpoint(st, format="safetensors")) == [
        "heads.0.bias", "layers.0.bias", "layers.2.bias"]
    assert list(ms.load_checkpoint(st, format="safetensors", filter_prefix="layers")) == [
        "heads.0.bias"]


def test_load_checkpoint_into_net_and_async(tmp_path):
    src = _randomize(Block(), seed=5)
    path = str(tmp_path / "n.ckpt")
    ms.save_checkpoint(src, path)
    dst = Block()
    ids = [id(p) for p in dst.get_parameters()]
    ms.load_checkpoint(path, net=dst)
    assert [id(p) for p in dst.get_parameters()] == ids
    for name, value in _values(src).items():
        np.testing.assert_array_equal(_values(dst)[name], value)
    future = ms.load_checkpoint_async(path)
    assert list(future.result()) == list(_values(src))
    bad = ms.load_checkpoint_async(str(tmp_path / "missing.ckpt"))
    with pytest.raises(ValueError):
        bad.result()


# ----- CRC --------------------------------------------------------------------------------------
def test_crc_ckpt(tmp_path):
    net = _randomize(nn.Dense(3, 2))
    plain, crc = str(tmp_path / "p.ckpt"), str(tmp_path / "c.ckpt")
    ms.save_checkpoint(net, plain)
    ms.save_checkpoint(net, crc, crc_check=True)
    body = Path(plain).read_bytes()
    data = Path(crc).read_bytes()
    assert data == body + b"crc_num" + proto.crc32(body).to_bytes(10, "big")
    assert list(ms.load_checkpoint(crc, crc_check=True)) == ["weight", "bias"]
    assert list(ms.load_checkpoint(crc)) == ["weight", "bias"]  # the trailer is always stripped
    # flip one bit inside the weight values: the CRC notices, whatever crc_check says
    damaged = bytearray(data)
    damaged[40] ^= 1
    os.chmod(crc, 0o600)
    Path(crc).write_bytes(bytes(damaged))
    with pytest.raises(ValueError, match="crc|CRC") as info:
        ms.load_checkpoint(crc, crc_check=True)
    assert "c.ckpt" in str(info.value)
    with pytest.raises(ValueError, match="CRC"):
        ms.load_checkpoint(crc)


def test_crc_safetensors(tmp_path):
    net = _randomize(nn.Dense(3, 2))
    path = str(tmp_path / "c.safetensors")
    ms.save_checkpoint(net, path, format="safetensors", crc_check=True)
    import safetensors
    with safetensors.safe_open(path, framework="np") as f:
        meta = f.metadata()
    assert meta["format"] == "ms" and int(meta["crc_num"]) > 0
    assert sorted(ms.load_checkpoint(path, format="safetensors", crc_check=True)) == [
        "bias", "weight"]
    data = bytearray(Path(path).read_bytes())
    data[-1] ^= 0x40
    os.chmod(path, 0o600)
    Path(path).write_bytes(bytes(data))
    with pytest.raises(ValueError, match="CRC"):
        ms.load_checkpoint(path, format="safetensors", crc_check=True)


# ----- layout details ---------------------------------------------------------------------------
def test_zero_size_tensors_are_not_written(tmp_path):
    path = str(tmp_path / "z.ckpt")
    ms.save_checkpoint({"empty": ms.Tensor(np.zeros((0, 3), np.float32)),
                        "x": ms.Tensor(np.ones(2, np.float32))}, path)
    assert _entries(path) == [("x", [2], "Float32")]


def test_large_tensors_are_split_and_joined(tmp_path, monkeypatch):
    monkeypatch.setattr(ser, "SLICE_BYTES", 64)
    values = np.random.default_rng(0).standard_normal((10, 7)).astype(np.float32)  # 280 bytes
    path = str(tmp_path / "big.ckpt")
    ms.save_checkpoint({"big": ms.Tensor(values), "small": ms.Tensor(np.ones(3, np.float32))},
                       path, crc_check=True)
    assert _entries(path) == [("big", [10, 7], "Float32")] * 5 + [("small", [3], "Float32")]
    got = ms.load_checkpoint(path, crc_check=True)
    np.testing.assert_array_equal(got["big"].asnumpy(), values)
    assert list(got) == ["big", "small"]


def test_file_is_read_only_and_can_be_overwritten(tmp_path):
    path = str(tmp_path / "ro.ckpt")
    ms.save_checkpoint({"a": ms.Tensor(np.ones(2, np.float32))}, path)
    assert os.stat(path).st_mode & 0o777 == 0o400
    ms.save_checkpoint({"b": ms.Tensor(np.zeros(2, np.float32))}, path)
    assert list(ms.load_checkpoint(path)) == ["b"]
    assert os.listdir(tmp_path) == ["ro.ckpt"]


def test_async_save_snapshots_values(tmp_path):
    net = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
    path = str(tmp_path / "async.ckpt")
    ms.save_checkpoint(net, path, async_save=True)
    net.weight.set_data(ms.Tensor(np.full((2, 2), 5.0, np.float32)))
    ser._wait_async_save()
    np.testing.assert_array_equal(ms.load_checkpoint(path)["weight"].asnumpy(), np.ones((2, 2)))
    ms.save_checkpoint(net, path, async_save="thread")
    ser._wait_async_save()
    np.testing.assert_array_equal(ms.load_checkpoint(path)["weight"].asnumpy(),
                                  np.full((2, 2), 5.0))
    with pytest.raises(ValueError):
        ms.save_checkpoint(net, path, async_save="fork")
    with pytest.raises(TypeError):
        ms.save_checkpoint(net, path, async_save=1)


# ----- atomic writes ----------------------------------------------------------------------------
def _crash_midway(real):
    def write(f, data, crc_check):
        f.write(b"\x0a\x31\x0a\x06partial")   # some bytes reach the temporary file ...
        raise OSError("disk full")            # ... then the write dies
    return write


def test_failed_write_keeps_the_old_file(tmp_path, monkeypatch):
    path = str(tmp_path / "keep.ckpt")
    old = _randomize(nn.Dense(3, 2), seed=1)
    ms.save_checkpoint(old, path)
    before = Path(path).read_bytes()
    monkeypatch.setattr(ser, "_write_ckpt", _crash_midway(ser._write_ckpt))
    with pytest.raises(OSError, match="disk full"):
        ms.save_checkpoint(_randomize(nn.Dense(3, 2), seed=2), path)
    assert Path(path).read_bytes() == before
    assert os.listdir(tmp_path) == ["keep.ckpt"]  # no temporary file left behind
    # a first write that fails leaves no file at all
    with pytest.raises(OSError):
        ms.save_checkpoint(old, str(tmp_path / "new.ckpt"))
    assert os.listdir(tmp_path) == ["keep.ckpt"]


def test_failed_rename_and_failed_safetensors_write(tmp_path, monkeypatch):
    path = str(tmp_path / "keep.safetensors")
    ms.save_checkpoint(nn.Dense(2, 2), path, format="safetensors")
    before = Path(path).read_bytes()

    def partial_save(p, tensors, metadata):
        Path(p).write_bytes(before[:20])
        raise KeyboardInterrupt  # even an interrupt cleans up

    monkeypatch.setattr(ser.st_io, "save", partial_save)
    with pytest.raises(KeyboardInterrupt):
        ms.save_checkpoint(nn.Dense(2, 2), path, format="safetensors")
    assert Path(path).read_bytes() == before
    assert os.listdir(tmp_path) == ["keep.safetensors"]
    monkeypatch.undo()

    def no_replace(src, dst):
        raise OSError("rename failed")

    monkeypatch.setattr(ser.os, "replace", no_replace)
    with pytest.raises(OSError, match="rename"):
        ms.save_checkpoint(nn.Dense(2, 2), path, format="safetensors")
    assert Path(path).read_bytes() == before
    assert os.listdir(tmp_path) == ["keep.safetensors"]


# ----- load_param_into_net ----------------------------------------------------------------------
class TwoLayer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(2, 2)
        self.fc2 = nn.Dense(2, 1)

    def construct(self, x):
        return self.fc2(self.fc1(x))


def _param(value, name):
    return ms.Parameter(ms.Tensor(np.asarray(value)), name=name)


def test_load_param_into_net_results_and_identity():
    net = TwoLayer()
    params = list(net.get_parameters())
    d = {"fc1.weight": _param(np.eye(2, dtype=np.float32), "fc1.weight"),
         "fc1.bias": _param(np.array([1.0, 2.0], np.float32), "fc1.bias"),
         "extra.weight": _param(np.ones(3, np.float32), "extra.weight")}
    fc2_before = net.fc2.weight.asnumpy().copy()
    res = ms.load_param_into_net(net, d)
    assert isinstance(res, tuple)
    assert res == (["fc2.weight", "fc2.bias"], ["extra.weight"])
    assert list(net.get_parameters()) == params  # the very same Parameter objects
    np.testing.assert_array_equal(net.fc1.weight.asnumpy(), np.eye(2))
    np.testing.assert_array_equal(net.fc2.weight.asnumpy(), fc2_before)
    # values are copied: changing the dict afterwards does not reach the net
    d["fc1.bias"].set_data(ms.Tensor(np.array([9.0, 9.0], np.float32)))
    np.testing.assert_array_equal(net.fc1.bias.asnumpy(), [1.0, 2.0])
    assert ms.load_param_into_net(net, d, strict_load=True) == (["fc2.weight", "fc2.bias"],
                                                                ["extra.weight"])


def test_load_param_into_net_dtype_rules(caplog):
    net = TwoLayer()
    with caplog.at_level(logging.WARNING, logger="mindcell"):
        ms.load_param_into_net(net, {"fc1.bias": _param(np.array([5.0, 6.0]), "fc1.bias")})
    assert net.fc1.bias.dtype == ms.float32
    assert net.fc1.bias.asnumpy().tolist() == [5.0, 6.0]
    assert "Float64" in caplog.text
    half = {"fc1.bias": _param(np.array([1.5, 2.5], np.float16), "fc1.bias")}
    with pytest.raises(RuntimeError, match="type"):
        ms.load_param_into_net(net, half, strict_load=True)
    ms.load_param_into_net(net, half)
    assert net.fc1.bias.asnumpy().tolist() == [1.5, 2.5]
    for bad in (np.array([1, 2], np.int32), np.array([True, False]), np.array([1, 2], np.uint8)):
        with pytest.raises(RuntimeError, match="type"):
            ms.load_param_into_net(net, {"fc1.bias": _param(bad, "fc1.bias")})

    class IntNet(nn.Cell):
        def __init__(self):
            super().__init__()
            self.step = ms.Parameter(ms.Tensor(np.array([0], np.int32)), name="step")

    inet = IntNet()
    ms.load_param_into_net(inet, {"step": _param(np.array([7], np.int64), "step")})
    assert inet.step.dtype == ms.int32 and inet.step.asnumpy().tolist() == [7]


def test_load_param_into_net_changes_nothing_when_it_raises():
    net = TwoLayer()
    before = _values(net)
    # every entry before the bad one is valid and would be loaded first by a naive loop
    d = {"fc1.weight": _param(np.full((2, 2), 7.0, np.float32), "fc1.weight"),
         "fc1.bias": _param(np.full(2, 7.0, np.float32), "fc1.bias"),
         "fc2.weight": _param(np.full((1, 2), 7.0, np.float32), "fc2.weight"),
         "fc2.bias": _param(np.ones((3, 3), np.float32), "fc2.bias")}
    with pytest.raises(RuntimeError, match="shape") as info:
        ms.load_param_into_net(net, d)
    assert "fc2.bias" in str(info.value)
    for name, value in before.items():
        np.testing.assert_array_equal(_values(net)[name], value)
    # a dtype error found through the prefix fallback also leaves everything untouched
    d2 = {"fc1.weight": _param(np.full((2, 2), 7.0, np.float32), "fc1.weight"),
          "net.fc2.weight": _param(np.ones((1, 2), np.int32), "net.fc2.weight")}
    with pytest.raises(RuntimeError):
        ms.load_param_into_net(net, d2)
    for name, value in before.items():
        np.testing.assert_array_equal(_values(net)[name], value)


def test_load_param_into_net_argument_errors():
    net = TwoLayer()
    with pytest.raises(TypeError):
        ms.load_param_into_net(net, {"fc2.bias": ms.Tensor(np.array([9.0], np.float32))})
    with pytest.raises(TypeError):
        ms.load_param_into_net(net, [1, 2])
    with pytest.raises(TypeError):
        ms.load_param_into_net(net, {1: _param(np.ones(1, np.float32), "x")})
    with pytest.raises(TypeError):
        ms.load_param_into_net("net", {})
    with pytest.raises(TypeError):
        ms.load_param_into_net(net, {}, strict_load=1)


def test_prefix_fallback_and_trailing_unit_dims():
    net = TwoLayer()
    d = {"backbone.fc1.weight": _param(np.eye(2, dtype=np.float32), "backbone.fc1.weight"),
         "backbone.fc1.bias": _param(np.array([1.0, 2.0], np.float32), "backbone.fc1.bias"),
         "fc2.weight": _param(np.ones((1, 2, 1, 1), np.float32), "fc2.weight")}
    assert ms.load_param_into_net(net, d, strict_load=True) == (
        ["fc1.weight", "fc1.bias", "fc2.bias"], ["backbone.fc1.weight", "backbone.fc1.bias"])
    # strict_load=False finds 'fc1.*' under the prefix 'backbone.'; like MindSpore, the
    # prefixed keys still count as not loaded in ckpt_not_load
    net = TwoLayer()
    res = ms.load_param_into_net(net, d)
    assert res == (["fc2.bias"], ["backbone.fc1.weight", "backbone.fc1.bias"])
    np.testing.assert_array_equal(net.fc1.weight.asnumpy(), np.eye(2))
    np.testing.assert_array_equal(net.fc2.weight.asnumpy(), [[1.0, 1.0]])  # (1,2,1,1) -> (1,2)


def test_not_loaded_message_names_close_matches(caplog):
    net = TwoLayer()
    d = {"fc1.weight": _param(np.eye(2, dtype=np.float32), "fc1.weight"),
         "fc1.bias": _param(np.zeros(2, np.float32), "fc1.bias"),
         "fc_2.weight": _param(np.zeros((1, 2), np.float32), "fc_2.weight")}
    with caplog.at_level(logging.WARNING, logger="mindcell"):
        res = ms.load_param_into_net(net, d)
    assert res == (["fc2.weight", "fc2.bias"], ["fc_2.weight"])
    assert "fc2.weight" in caplog.text and "fc_2.weight" in caplog.text


# ----- errors -----------------------------------------------------------------------------------
def test_load_errors_name_the_file(tmp_path):
    missing = str(tmp_path / "missing.ckpt")
    with pytest.raises(ValueError, match="missing.ckpt"):
        ms.load_checkpoint(missing)
    good = str(tmp_path / "good.ckpt")
    ms.save_checkpoint(_randomize(Block()), good)
    data = Path(good).read_bytes()
    cases = {"truncated.ckpt": data[:len(data) // 2 + 3],
             "text.ckpt": b"this is not a checkpoint\n" * 4,
             "empty.ckpt": b"",
             "zeros.ckpt": b"\x00" * 64,
             "safetensors.ckpt": (Path(__file__).resolve().parents[2].parent / "shared" /
                                  "interop" / "dense_3x2.safetensors").read_bytes()
             if (Path(__file__).resolve().parents[2].parent / "shared" / "interop").is_dir()
             else b"\x98" + b"\x00" * 7 + b'{"a":1}'}
    for name, content in cases.items():
        p = tmp_path / name
        p.write_bytes(content)
        with pytest.raises(ValueError) as info:
            ms.load_checkpoint(str(p))
        assert name in str(info.value), name
    p = tmp_path / "bad.safetensors"
    p.write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json at all")
    with pytest.raises(ValueError, match="bad.safetensors"):
        ms.load_checkpoint(str(p), format="safetensors")
    with pytest.raises(ValueError):
        ms.load_checkpoint(str(tmp_path), format="ckpt")   # a directory


def test_truncation_never_escapes_as_another_error(tmp_path):
    path = str(tmp_path / "t.ckpt")
    ms.save_checkpoint(_randomize(nn.Dense(3, 2)), path, append_dict={"tag": "abc"},
                       crc_check=True)
    data = Path(path).read_bytes()
    full = list(ms.load_checkpoint(path))
    for cut in range(len(data)):
        p = tmp_path / ("cut%d.ckpt" % cut)
        p.write_bytes(data[:cut])
        try:
            got = ms.load_checkpoint(str(p))
        except ValueError:
            continue
        assert list(got) == full[:len(got)]   # a cut between two Values loses the rest


def test_argument_errors(tmp_path):
    net = nn.Dense(2, 1)
    path = str(tmp_path / "x.ckpt")
    with pytest.raises(ValueError):
        ms.save_checkpoint(net, path, format="pt")
    with pytest.raises(TypeError):
        ms.save_checkpoint(ms.Tensor(np.ones(2, np.float32)), path)
    with pytest.raises(TypeError):
        ms.save_checkpoint(net, path, integrated_save="yes")
    with pytest.raises(TypeError):
        ms.save_checkpoint(net, path, crc_check=1)
    with pytest.raises(IsADirectoryError):
        ms.save_checkpoint(net, str(tmp_path))
    with pytest.raises(NotImplementedError):
        ms.save_checkpoint(net, path, enc_key=b"0123456789abcdef")
    with pytest.raises(ValueError):
        ms.save_checkpoint(net, str(tmp_path / "x.safetensors"), format="safetensors",
                           enc_key=b"0123456789abcdef")
    ms.save_checkpoint(net, path)
    with pytest.raises(NotImplementedError):
        ms.load_checkpoint(path, dec_key=b"0123456789abcdef")
    with pytest.raises(ValueError):
        ms.load_checkpoint(path, format="pt")
    with pytest.raises(TypeError):
        ms.load_checkpoint(3)
    with pytest.raises(TypeError):
        ms.load_checkpoint(path, crc_check="no")
    with pytest.raises(TypeError):
        ms.load_checkpoint(path, net="not a cell")


# ----- conversion between the formats -----------------------------------------------------------
def test_ckpt_to_safetensors_and_back(tmp_path):
    src = tmp_path / "src"
    (src / "rank0").mkdir(parents=True)
    net = _randomize(Block(), seed=9)
    ms.save_checkpoint(net, str(src / "rank0" / "a.ckpt"), append_dict={"epoch": 2, "tag": "x"})
    ms.save_checkpoint(net, str(src / "skip_me.ckpt"))
    out = tmp_path / "out"
    ms.ckpt_to_safetensors(str(src), str(out), name_map={"scale": "gain"},
                           file_name_regex=r"^a\.")
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*")) == [
        "rank0", "rank0/a.safetensors"]
    got = ms.load_checkpoint(str(out / "rank0" / "a.safetensors"), format="safetensors")
    assert "gain" in got and "scale" not in got and "tag" not in got  # str cannot be stored
    assert got["epoch"].asnumpy().item() == 2
    np.testing.assert_array_equal(got["layers.0.weight"].asnumpy(),
                                  net.layers[0].weight.asnumpy())

    ms.safetensors_to_ckpt(str(out / "rank0" / "a.safetensors"))  # beside the file
    back = ms.load_checkpoint(str(out / "rank0" / "a.ckpt"))
    assert sorted(back) == sorted(got)
    with pytest.raises(ValueError):
        ms.ckpt_to_safetensors(str(tmp_path / "nothing_here"))
    with pytest.raises(ValueError):
        ms.safetensors_to_ckpt(str(src / "skip_me.ckpt"))  # not a .safetensors file
    with pytest.raises(ValueError):
        ms.ckpt_to_safetensors(str(src / "skip_me.ckpt"), str(src / "skip_me.ckpt"))


def test_async_thread_status(tmp_path, monkeypatch):
    import threading
    release = threading.Event()
    real = ser._exec_save

    def slow(*args):
        release.wait(10)
        real(*args)

    monkeypatch.setattr(ser, "_exec_save", slow)
    ms.save_checkpoint(nn.Dense(2, 2), str(tmp_path / "s.ckpt"), async_save=True)
    assert ms.async_ckpt_thread_status() is True
    release.set()
    ser._wait_async_save()
    assert ms.async_ckpt_thread_status() is False
    assert sorted(ms.load_checkpoint(str(tmp_path / "s.ckpt"))) == ["bias", "weight"]
