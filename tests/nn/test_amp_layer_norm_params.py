"""LayerNorm inside a mixed-precision cell: MindSpore's LayerNorm primitive casts x, gamma and
beta to the cell's type. A float16 input in a float32 cell must not round float32 gamma/beta to
float16 on the way (the transformer golden's encoder layer with float16 input caught it)."""
import numpy as np

import mindcell as ms
from mindcell import Tensor, nn, ops


class _LN(nn.Cell):
    def __init__(self, gamma, beta):
        super().__init__()
        self.ln = ops.LayerNorm(begin_norm_axis=-1, begin_params_axis=-1, epsilon=1e-5)
        self.gamma = ms.Parameter(Tensor(gamma), name="gamma")
        self.beta = ms.Parameter(Tensor(beta), name="beta")

    def construct(self, x):
        return self.ln(x, self.gamma, self.beta)[0]


def test_float16_input_in_float32_cell_keeps_float32_parameters():
    rng = np.random.default_rng(0)
    x16 = rng.standard_normal((3, 8)).astype(np.float16)
    gamma = (1 + 1e-3 * rng.standard_normal(8)).astype(np.float32)  # not float16 values
    beta = (1e-3 * rng.standard_normal(8) + 0.1).astype(np.float32)
    assert not np.array_equal(gamma.astype(np.float16).astype(np.float32), gamma)
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            net = _LN(gamma, beta).to_float(ms.float32)
            y = net(Tensor(x16))
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
        assert y.dtype == ms.float32
        x = x16.astype(np.float64)
        ref = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + 1e-5)
        ref = ref * gamma + beta
        np.testing.assert_allclose(y.asnumpy(), ref, rtol=1e-6, atol=1e-6)


def test_rms_norm_and_prelu_keep_float32_parameters_in_a_float32_cell():
    rng = np.random.default_rng(1)
    x16 = rng.standard_normal((3, 4)).astype(np.float16)
    w = (0.25 + 1e-3 * rng.standard_normal(4)).astype(np.float32)
    assert not np.array_equal(w.astype(np.float16).astype(np.float32), w)

    class Net(nn.Cell):
        def __init__(self, fn):
            super().__init__()
            self.fn = fn
            self.w = ms.Parameter(Tensor(w), name="w")

        def construct(self, x):
            return self.fn(x, self.w)

    x = x16.astype(np.float64)
    y = Net(ops.prelu).to_float(ms.float32)(Tensor(x16))
    assert y.dtype == ms.float32
    np.testing.assert_allclose(y.asnumpy(), np.where(x >= 0, x, w * x), rtol=1e-6, atol=1e-7)
    y = Net(lambda a, g: ops.rms_norm(a, g, 1e-6)[0]).to_float(ms.float32)(Tensor(x16))
    assert y.dtype == ms.float32
    ref = x / np.sqrt((x * x).mean(-1, keepdims=True) + 1e-6) * w
    np.testing.assert_allclose(y.asnumpy(), ref, rtol=1e-5, atol=1e-6)
