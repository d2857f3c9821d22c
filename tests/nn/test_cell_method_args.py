"""Cell methods whose arguments were accepted and ignored: to (device/dtype/tensor/
non_blocking), to_empty (device), recompute (**kwargs), set_inputs (**kwargs), shard (no
device/level: MindSpore has none), offload (backward_prefetch), state_dict (positional
arguments), named_parameters/named_modules (remove_duplicate); MindSpore's answers:
tests/goldens/params/009."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor


def test_to_casts_and_checks():
    d = nn.Dense(2, 2)
    assert d.to(ms.float16).weight.dtype == ms.float16
    assert d.to(dtype=ms.float32).weight.dtype == ms.float32
    assert d.to(device="CPU", dtype=ms.float16).weight.dtype == ms.float16
    assert d.to(Tensor(np.ones(2, np.float64))).weight.dtype == ms.float64
    assert d.to("CPU").weight.dtype == ms.float64  # a device alone casts nothing
    assert d.to(ms.float32, non_blocking=True).weight.dtype == ms.float32
    with pytest.raises(RuntimeError, match="Ascend"):
        d.to("Ascend")
    with pytest.raises(TypeError, match="floating"):
        d.to(ms.int32)
    with pytest.raises(TypeError, match="foo"):
        d.to(foo=1)
    with pytest.raises(TypeError, match="non_blocking"):
        d.to(ms.float32, non_blocking=1)
    with pytest.raises(RuntimeError, match="Ascend"):
        d.to_empty(device="Ascend")
    assert d.to_empty(device="CPU") is d


def test_recompute_set_inputs_offload_shard_check_their_arguments():
    d = nn.Dense(2, 2)
    d.recompute(mp_comm_recompute=False)
    with pytest.raises(ValueError, match="foo"):
        d.recompute(foo=True)
    with pytest.raises(TypeError, match="mp_comm_recompute"):
        d.recompute(mp_comm_recompute=1)
    with pytest.raises(NotImplementedError, match="incremental"):
        d.set_inputs(x=Tensor(shape=[None, 2], dtype=ms.float32))
    assert d.offload(3) is d and d.offload("Auto") is d
    for bad in ("x", -1, 1.5):
        with pytest.raises(ValueError, match="backward_prefetch"):
            d.offload(backward_prefetch=bad)
    with pytest.raises(TypeError, match="device"):
        d.shard(((1, 1),), device="CPU")


def test_state_dict_positional_arguments():
    d = nn.Dense(2, 2)
    assert list(d.state_dict(None, "pre.").keys()) == ["pre.weight", "pre.bias"]
    dest = {}
    assert d.state_dict(dest) is dest and list(dest) == ["weight", "bias"]
    with pytest.raises(TypeError, match="positional"):
        d.state_dict(None, "", False, 1)


def test_remove_duplicate_false_lists_every_path():
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.a = nn.Dense(2, 2)
            self.b = self.a
            self.c = nn.Dense(2, 1)

    net = Net()
    assert [k for k, _ in net.named_parameters()] == ["a.weight", "a.bias", "c.weight",
                                                      "c.bias"]
    assert [k for k, _ in net.named_parameters(remove_duplicate=False)] == [
        "a.weight", "a.bias", "b.weight", "b.bias", "c.weight", "c.bias"]
    assert [k for k, _ in net.named_modules()] == ["", "a", "c"]
    assert [k for k, _ in net.named_modules(prefix="m", remove_duplicate=False)] == [
        "m", "m.a", "m.b", "m.c"]
    assert list(net.a.named_parameters("x", recurse=False, remove_duplicate=False)) == [
        ("x.weight", net.a.weight), ("x.bias", net.a.bias)]
