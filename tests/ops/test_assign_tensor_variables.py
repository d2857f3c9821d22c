"""The assign family and BatchNorm's running statistics on plain Tensors: MindSpore 2.10 writes
into a Tensor that is not a Parameter, in both modes (values recorded with ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops


@pytest.mark.parametrize("fn,want", [(ops.assign, 1.0), (ops.assign_add, 1.0),
                                     (ops.assign_sub, -1.0)])
def test_assign_family_writes_into_a_plain_tensor(fn, want):
    t = Tensor(np.zeros(3, np.float32))
    out = fn(t, Tensor(np.ones(3, np.float32)))
    assert out.asnumpy().tolist() == [want] * 3 and t.asnumpy().tolist() == [want] * 3
    r = ops.Assign()(Tensor(np.zeros(2, np.float32)), Tensor(np.ones(2, np.float32)))
    assert r.asnumpy().tolist() == [1.0, 1.0]


def test_graph_mode_assign_writes_back_into_the_callers_tensor():
    class Net(nn.Cell):
        def construct(self, t, v):
            ops.assign(t, v)
            return t * 2

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        t = Tensor(np.zeros(3, np.float32))
        out = Net()(t, Tensor(np.ones(3, np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    assert out.asnumpy().tolist() == [2.0] * 3 and t.asnumpy().tolist() == [1.0] * 3


def test_batchnorm_training_updates_tensor_running_statistics_as_mindspore():
    x = Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 2, 2) / 10)
    scale, bias = Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))
    mean, var = Tensor(np.zeros(3, np.float32)), Tensor(np.ones(3, np.float32))
    y, _, _, batch_mean, batch_var = ops.BatchNorm(is_training=True)(x, scale, bias, mean, var)
    np.testing.assert_allclose(y.asnumpy()[0, :, 0, 0], [-1.2288314] * 3, rtol=1e-6)
    np.testing.assert_allclose(batch_mean.asnumpy(), [0.75, 1.15, 1.55], rtol=1e-6)
    np.testing.assert_allclose(batch_var.asnumpy(), [0.3725] * 3, rtol=1e-6)
    np.testing.assert_allclose(mean.asnumpy(), [0.075, 0.115, 0.155], rtol=1e-6)
    np.testing.assert_allclose(var.asnumpy(), [0.9425714] * 3, rtol=1e-6)


def test_bool_tensor_cannot_take_assign_add():
    with pytest.raises(TypeError, match="assign_add"):
        ops.assign_add(Tensor(np.zeros(2, np.bool_)), Tensor(np.ones(2, np.bool_)))
