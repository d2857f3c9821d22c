"""Primitive classes added for issue 17: ops.operations.ScalarToArray (and the optimizer
primitives Adam / AdamWeightDecay when present)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn
from mindcell.ops import operations as P


@pytest.mark.parametrize("value,dtype", [(3, ms.int32), (-7, ms.int32), (2.5, ms.float32),
                                         (np.float64(0.25), ms.float32),
                                         (np.int64(4), ms.int32)])
def test_scalar_to_array_dtype_and_value(value, dtype):
    out = P.ScalarToArray()(value)
    assert isinstance(out, Tensor) and out.shape == () and out.dtype == dtype
    assert out.asnumpy().item() == pytest.approx(float(value))


@pytest.mark.parametrize("bad", [True, "1", [1], Tensor(np.array(1.0, np.float32)), None])
def test_scalar_to_array_rejects_non_numbers(bad):
    with pytest.raises(TypeError, match="ScalarToArray"):
        P.ScalarToArray()(bad)


def test_scalar_to_array_int32_range():
    with pytest.raises(ValueError, match="int32"):
        P.ScalarToArray()(2 ** 31)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_scalar_to_array_in_a_cell(mode):
    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.to_array = P.ScalarToArray()

        def construct(self, x):
            return self.to_array(1.5) * x

    ms.set_context(mode=mode)
    try:
        out = Net()(Tensor(np.array([2.0, 4.0], np.float32)))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(out.asnumpy(), [3.0, 6.0])


def _adam_state():
    rng = np.random.default_rng(0)
    var = rng.normal(size=(3, 4)).astype(np.float32)
    m = rng.normal(size=(3, 4)).astype(np.float32)
    v = np.abs(rng.normal(size=(3, 4))).astype(np.float32)
    grad = rng.normal(size=(3, 4)).astype(np.float32)
    return var, m, v, grad


@pytest.mark.parametrize("nesterov", [False, True])
def test_adam_primitive_updates_parameters_in_place(nesterov):
    var0, m0, v0, g = _adam_state()
    b1p, b2p, lr, b1, b2, eps = 0.729, 0.997, 0.05, 0.9, 0.999, 1e-7
    m1 = b1 * m0 + (1 - b1) * g
    v1 = b2 * v0 + (1 - b2) * g * g
    lr_t = lr * np.sqrt(1 - b2p) / (1 - b1p)
    num = b1 * m1 + (1 - b1) * g if nesterov else m1
    var1 = var0 - lr_t * num / (np.sqrt(v1) + eps)
    var, m, v = (ms.Parameter(Tensor(a.copy()), name=n) for a, n in ((var0, "w"), (m0, "m"),
                                                                    (v0, "v")))
    out = P.Adam(use_nesterov=nesterov)(var, m, v, b1p, b2p, lr, b1, b2, eps, Tensor(g))
    assert out[0] is var and out[1] is m and out[2] is v
    np.testing.assert_allclose(var.asnumpy(), var1, rtol=1e-5)
    np.testing.assert_allclose(m.asnumpy(), m1, rtol=1e-5)
    np.testing.assert_allclose(v.asnumpy(), v1, rtol=1e-5)


def test_adam_weight_decay_primitive_in_graph_mode_steps():
    var0, m0, v0, g = _adam_state()

    class Step(nn.Cell):
        def __init__(self):
            super().__init__()
            self.var = ms.Parameter(Tensor(var0.copy()), name="w")
            self.m = ms.Parameter(Tensor(m0.copy()), name="m")
            self.v = ms.Parameter(Tensor(v0.copy()), name="v")
            self.op = P.AdamWeightDecay()

        def construct(self, lr, grad):
            return self.op(self.var, self.m, self.v, lr, 0.9, 0.99, 1e-6, 0.01, grad)

    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Step()
        for lr in (0.1, 0.01):  # a Tensor learning rate that changes between compiled calls
            net(Tensor(np.array(lr, np.float32)), Tensor(g))
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    var, m, v = var0.astype(np.float64), m0.astype(np.float64), v0.astype(np.float64)
    for lr in (0.1, 0.01):
        m = 0.9 * m + 0.1 * g
        v = 0.99 * v + 0.01 * g * g
        var = var - lr * (m / (np.sqrt(v) + 1e-6) + 0.01 * var)
    np.testing.assert_allclose(net.var.asnumpy(), var, rtol=1e-5)


def test_adam_primitive_errors():
    var0, m0, v0, g = _adam_state()
    var, m, v = (ms.Parameter(Tensor(a), name=n) for a, n in ((var0, "w"), (m0, "m"), (v0, "v")))
    with pytest.raises(TypeError, match="'lr' must be a float or a Tensor"):
        P.AdamWeightDecay()(var, m, v, 1, 0.9, 0.999, 1e-8, 0.0, Tensor(g))
    with pytest.raises(ValueError, match="grad_shape"):
        P.Adam()(var, m, v, 0.9, 0.999, 0.01, 0.9, 0.999, 1e-8, Tensor(g[:2]))
    with pytest.raises(TypeError, match="float tensor"):
        P.Adam()(ms.Parameter(Tensor(np.ones((3, 4), np.int32)), name="i"), m, v, 0.9, 0.999,
                 0.01, 0.9, 0.999, 1e-8, Tensor(g))
