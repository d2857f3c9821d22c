"""Tensor(device=...), Tensor.astype(copy=...), Tensor.init_data(...) and
nn.get_activation(prim_name=...) use their arguments (accepted and ignored before);
MindSpore's answers: tests/goldens/params/006."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor
from mindcell.common.initializer import One


def test_device_is_checked():
    a = np.arange(3, dtype=np.float32)
    np.testing.assert_array_equal(Tensor(a, device="CPU").asnumpy(), a)
    for bad in ("Ascend", "GPU", "cpu", 0):
        with pytest.raises(ValueError, match="device"):
            Tensor(a, device=bad)
    with pytest.raises(TypeError, match="internal"):
        Tensor(a, internal=True)  # MindSpore 2.10's Tensor has no such argument


def test_astype_copy_false_returns_self_for_the_same_dtype():
    t = Tensor(np.ones(3, np.float32))
    assert t.astype(ms.float32, copy=False) is t
    assert t.astype(ms.float32) is not t
    out = t.astype(ms.int32, copy=False)
    assert out is not t and out.dtype == ms.int32


def test_init_data_shape_and_parallel_slices():
    lazy = Tensor(shape=(2, 3), dtype=ms.float32, init=One())
    new = lazy.init_data(shape=(4,))
    np.testing.assert_array_equal(new.asnumpy(), np.ones(4, np.float32))
    with pytest.raises(ValueError, match="init"):
        Tensor(np.ones(3, np.float32)).init_data(shape=(4,))
    assert lazy.init_data() is lazy and not lazy.has_init  # initialised: init is cleared
    with pytest.raises(ValueError, match="slice_index"):
        lazy.init_data(slice_index=0)
    with pytest.raises(ValueError, match="opt_shard_group"):
        lazy.init_data(opt_shard_group="g")


def test_get_activation_names_the_caller():
    with pytest.raises(KeyError, match="Dense: unknown activation"):
        nn.get_activation("foo", prim_name="Dense")
    with pytest.raises(KeyError, match="get_activation: unknown activation"):
        nn.get_activation("foo")
    assert isinstance(nn.get_activation("relu", prim_name="Dense"), nn.ReLU)
