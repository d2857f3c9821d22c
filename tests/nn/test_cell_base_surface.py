"""The parts of MindSpore 2.10's Cell API that live on its C++ base class ``Cell_`` and the
compile state model code reads (values recorded with ms-oracle): the per-cell float type as a
``MixedPrecisionType``, ``compile_cache`` and ``jit_config_dict``."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell._c_expression import Cell_, MixedPrecisionType


def _net():
    return nn.SequentialCell([nn.Dense(2, 2), nn.ReLU()])


def test_mixed_precision_type_values_and_base_class():
    assert [(m.name, int(m)) for m in MixedPrecisionType] == [
        ("NOTSET", 0), ("FP16", 1), ("FP32", 2), ("BF16", 3)]
    assert str(MixedPrecisionType.FP16) == "MixedPrecisionType.FP16"
    assert issubclass(nn.Cell, Cell_)


def test_to_float_sets_every_cell_as_mindspore_reports():
    net = _net()
    assert net.get_mixed_precision_type() is MixedPrecisionType.NOTSET
    net.to_float(ms.float16)
    assert net.get_mixed_precision_type() is MixedPrecisionType.FP16
    assert net[0].get_mixed_precision_type() is MixedPrecisionType.FP16
    net.to_float(ms.float32)  # MindSpore: the children report FP32 too
    assert net[0].get_mixed_precision_type() is MixedPrecisionType.FP32
    x = ms.Tensor(np.ones((1, 2), np.float16))
    assert net[0](x).dtype == ms.float32  # and cast their float inputs to it


def test_set_mixed_precision_type_is_per_cell_and_casts_inputs():
    net = _net()
    Cell_.set_mixed_precision_type(net, MixedPrecisionType.FP16)  # as model code calls it
    assert net.get_mixed_precision_type() is MixedPrecisionType.FP16
    assert net[0].get_mixed_precision_type() is MixedPrecisionType.NOTSET
    out = net(ms.Tensor(np.ones((1, 2), np.float32)))
    assert out.dtype == ms.float16
    net.set_mixed_precision_type(MixedPrecisionType.NOTSET)
    assert net(ms.Tensor(np.ones((1, 2), np.float32))).dtype == ms.float32
    with pytest.raises(TypeError, match="set_mixed_precision_type.*MixedPrecisionType.*int"):
        net.set_mixed_precision_type(1)


def test_compile_cache_clear_recompiles_and_jit_config_dict():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = _net()
        assert len(net.compile_cache) == 0 and net.jit_config_dict == {}
        x = ms.Tensor(np.ones((1, 2), np.float32))
        first = net(x).asnumpy()
        assert net.compiled and len(net.compile_cache) > 0 and "graph" in net.compile_cache
        net.compile_cache.clear()
        assert not net.compiled
        np.testing.assert_array_equal(net(x).asnumpy(), first)
        assert net.compiled
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    net.set_jit_config(ms.JitConfig(jit_level="O1"))
    assert net.jit_config_dict["jit_level"] == "O1"
    assert net.jit_config_dict["debug_level"] == "RELEASE"
