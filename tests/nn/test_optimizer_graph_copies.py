"""Optimizers read gradients already in their parameter's dtype without copying them: no
TensorCopy node in a compiled float32 training step, whatever the optimizer."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

OPTIMIZERS = {
    "SGD": lambda ps: nn.SGD(ps, 0.1),
    "Momentum": lambda ps: nn.Momentum(ps, 0.1, 0.9),
    "Adam": lambda ps: nn.Adam(ps, 1e-3),
    "AdamWeightDecay": lambda ps: nn.AdamWeightDecay(ps, 1e-3),
    "Adagrad": lambda ps: nn.Adagrad(ps),
    "RMSProp": lambda ps: nn.RMSProp(ps, 0.01),
    "Lamb": lambda ps: nn.Lamb(ps, 1e-3),
    "FTRL": lambda ps: nn.FTRL(ps),
}


@pytest.mark.parametrize("name", OPTIMIZERS)
def test_float32_training_step_copies_no_gradient(name):
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = nn.Dense(3, 2)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()),
                                   OPTIMIZERS[name](net.trainable_params()))
        before = net.weight.asnumpy().copy()
        step(Tensor(np.ones((4, 3), np.float32)), Tensor(np.zeros((4, 2), np.float32)))
        assert not np.array_equal(net.weight.asnumpy(), before)
        assert "TensorCopy" not in str(step._graph_cache.last_compiled.graph)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
