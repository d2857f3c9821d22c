"""ops.Adam / ops.AdamWeightDecay take their scalar inputs (lr, beta1, beta2, epsilon, decay,
the beta powers) as shape-(1,) Tensors too, as the model zoo's Bert optimizers pass them
(``Tensor(np.array([beta1]).astype(np.float32))``): the kernel failed with numpy's 'only
0-dimensional arrays can be converted to Python scalars'. Expected values: MindSpore 2.10
(ms-oracle), two steps from the same state, in both modes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn
from mindcell.ops import operations as P

EXPECTED = {
    "adam": [[0.9367555379867554, -1.987041711807251, 0.7565572261810303],
             [0.10000000149011612, -0.03800000995397568, -0.023999981582164764],
             [0.009999999776482582, 0.020039979368448257, 0.0001799076999304816]],
    "adamwd": [[0.7981029748916626, -1.955038070678711, 1.3096787929534912],
               [0.10000000149011612, -0.03800000995397568, -0.023999981582164764],
               [0.009999999776482582, 0.020039979368448257, 0.0001799076999304816]],
}


def _one(x):
    return Tensor(np.array([x], np.float32))


class Step(nn.Cell):
    def __init__(self, kind):
        super().__init__()
        self.p = Parameter(Tensor(np.array([1.0, -2.0, 0.5], np.float32)), "p")
        self.m = Parameter(Tensor(np.array([0.1, 0.0, -0.1], np.float32)), "m")
        self.v = Parameter(Tensor(np.array([0.01, 0.02, 0.0], np.float32)), "v")
        if kind == "adam":  # beta1_power, beta2_power, lr, beta1, beta2, epsilon
            self.op = P.Adam()
            self.s = [_one(0.9), _one(0.999), _one(0.1), _one(0.9), _one(0.999), _one(1e-6)]
        else:  # lr, beta1, beta2, epsilon, decay
            self.op = P.AdamWeightDecay()
            self.s = [_one(0.1), _one(0.9), _one(0.999), _one(1e-6), _one(0.01)]

    def construct(self, g):
        self.op(self.p, self.m, self.v, *self.s, g)
        return self.p + 0, self.m + 0, self.v + 0


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
@pytest.mark.parametrize("kind", ["adam", "adamwd"])
def test_shape_one_tensor_scalars_match_mindspore(kind, mode):
    ms.set_context(mode=mode)
    try:
        step = Step(kind)
        g = Tensor(np.array([0.1, -0.2, 0.3], np.float32))
        step(g)
        out = step(g)
        for got, want in zip(out, EXPECTED[kind]):
            np.testing.assert_allclose(got.asnumpy(), want, rtol=2e-6, atol=1e-8)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_more_than_one_element_is_still_refused():
    p = Parameter(Tensor(np.ones(2, np.float32)), "p")
    m = Parameter(Tensor(np.zeros(2, np.float32)), "m")
    v = Parameter(Tensor(np.zeros(2, np.float32)), "v")
    with pytest.raises(ValueError, match="'beta1' must be a scalar"):
        P.AdamWeightDecay()(p, m, v, 0.1, Tensor(np.array([0.9, 0.9], np.float32)), 0.999,
                            1e-6, 0.0, Tensor(np.ones(2, np.float32)))
