"""Keyword arguments that used to be accepted and ignored: CellList/CellDict take only
auto_prefix (MindSpore drops the others silently; mindcell names them), LayerNormNoBias reads
elementwise_affine, dtype and device, the torch-style LayerNorm rejects unknown keywords."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, Tensor
from mindcell.nn.layer import norm_variants


def test_containers_refuse_unknown_keywords():
    with pytest.raises(TypeError, match="foo"):
        nn.CellList([nn.ReLU()], foo=1)
    with pytest.raises(TypeError, match="foo"):
        nn.CellDict({"a": nn.ReLU()}, foo=1)
    with pytest.raises(TypeError, match="at most one"):
        nn.CellDict({"a": nn.ReLU()}, {"b": nn.ReLU()})
    assert len(nn.CellList([nn.ReLU()], auto_prefix=False)) == 1
    assert len(nn.CellDict({"a": nn.ReLU()}, auto_prefix=False)) == 1


def test_layer_norm_no_bias_uses_its_keywords():
    x = np.random.default_rng(0).standard_normal((2, 3, 4)).astype(np.float32)
    want = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
    plain = norm_variants.LayerNormNoBias(4, elementwise_affine=False)
    assert plain.weight is None and not plain.trainable_params()
    np.testing.assert_allclose(plain(Tensor(x)).asnumpy(), want, rtol=1e-5, atol=1e-5)
    affine = nn.LayerNormNoBias(4, dtype=ms.float16)
    assert affine.weight.dtype == ms.float16
    with pytest.raises(ValueError, match="device"):
        nn.LayerNormNoBias(4, device="cuda")
    with pytest.raises(TypeError, match="elementwise_affine"):
        nn.LayerNormNoBias(4, elementwise_affine=1)
    with pytest.raises(TypeError, match="foo"):
        nn.LayerNormNoBias(4, foo=1)
    with pytest.raises(TypeError, match="foo"):
        norm_variants.LayerNorm(4, foo=1)
