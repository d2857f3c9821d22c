"""A per-step learning-rate list is as long as the run: MindSpore 2.10 fails at the step past
its end (checked with ms-oracle) instead of reusing the last value."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn


def _train(opt_fn, steps, mode=ms.PYNATIVE_MODE):
    ms.set_context(mode=mode)
    try:
        net = nn.Dense(2, 1)
        opt = opt_fn(net.trainable_params())
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
        x, y = Tensor(np.ones((2, 2), np.float32)), Tensor(np.zeros((2, 1), np.float32))
        done = 0
        for _ in range(steps):
            step(x, y)
            done += 1
        return done
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("make", [
    lambda p: nn.SGD(p, [0.1, 0.2, 0.3]),
    lambda p: nn.Adam(p, Tensor(np.array([0.1, 0.2, 0.3], np.float32))),
])
def test_step_past_the_list_raises_eagerly(make):
    assert _train(make, 3) == 3
    with pytest.raises(RuntimeError, match="3 values, one per step, but this is step 4"):
        _train(make, 4)


def test_step_past_the_list_raises_in_graph_mode():
    with pytest.raises((RuntimeError, ValueError)):
        _train(lambda p: nn.SGD(p, [0.1, 0.2, 0.3]), 4, ms.GRAPH_MODE)


def test_get_lr_follows_the_list():
    net = nn.Dense(2, 1)
    opt = nn.Momentum(net.trainable_params(), [0.5, 0.25], 0.9)
    assert float(opt.get_lr().asnumpy()) == 0.5
    ms.ops.assign_add(opt.global_step, Tensor(np.ones(1, np.int32)))
    assert float(opt.get_lr().asnumpy()) == 0.25
    ms.ops.assign_add(opt.global_step, Tensor(np.ones(1, np.int32)))
    with pytest.raises(RuntimeError, match="Momentum"):
        opt.get_lr()
