"""A LearningRateSchedule is computed once per optimizer step, not once per parameter.

Pose-estimation and detection zoos (mindpose's WarmupCosineDecayLR, for one) write schedules
with ``if global_step > self.warmup_steps:`` in construct and pass grouped parameters without
a per-group 'lr'. When the optimizer evaluated the schedule once per parameter, a GRAPH_MODE
step met that tensor-dependent ``if`` once per parameter and stopped at the tracer's path
limit ('cannot follow more than 16 paths') for any model with more than a handful of
parameters; PYNATIVE ran the schedule N times per step.
"""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, nn, ops
from mindcell.nn.learning_rate_schedule import LearningRateSchedule

N_PARAMS = 40
WARMUP = 2


class WarmupThenHalf(LearningRateSchedule):
    """lr = 0.1 * (step + 1) / WARMUP during warm-up, then 0.05: a branch on the step."""

    calls = 0

    def construct(self, global_step):
        WarmupThenHalf.calls += 1
        step = ops.cast(global_step, ms.float32)
        if global_step >= WARMUP:
            lr = step * 0.0 + 0.05
        else:
            lr = 0.1 * (step + 1.0) / WARMUP
        return lr


def _lr(step):
    return 0.05 if step >= WARMUP else 0.1 * (step + 1.0) / WARMUP


def _params():
    rng = np.random.default_rng(0)
    return [Parameter(Tensor(rng.standard_normal((3,)).astype(np.float32)),
                      name=("layer%d.bias" if i % 3 == 0 else "layer%d.weight") % i)
            for i in range(N_PARAMS)]


def _groups(ps):
    decay = [p for p in ps if "bias" not in p.name]
    rest = [p for p in ps if "bias" in p.name]
    return [{"params": decay, "weight_decay": 0.01}, {"params": rest}, {"order_params": ps}]


class Loss(nn.Cell):
    def __init__(self, ps):
        super().__init__()
        for p in ps:
            setattr(self, p.name.replace(".", "_"), p)
        self.names = [p.name.replace(".", "_") for p in ps]

    def construct(self, x):
        total = 0.0
        for i, n in enumerate(self.names):
            total = total + ((getattr(self, n) * x) ** 2).sum() * (i + 1)
        return total


def _run(mode, ctor, steps=4):
    ms.set_context(mode=mode)
    ps = _params()
    net = Loss(ps)
    opt = ctor(_groups(net.trainable_params()), WarmupThenHalf())
    train = nn.TrainOneStepCell(net, opt)
    x = Tensor(np.array([0.5, -1.0, 2.0], np.float32))
    losses = [float(train(x).asnumpy()) for _ in range(steps)]
    return losses, [p.asnumpy().copy() for p in net.trainable_params()]


CTORS = {
    "SGD": lambda g, lr: nn.SGD(g, lr),
    "Momentum": lambda g, lr: nn.Momentum(g, lr, 0.9),
    "Adam": lambda g, lr: nn.Adam(g, lr),
    "AdamWeightDecay": lambda g, lr: nn.AdamWeightDecay(g, lr),
}


@pytest.mark.parametrize("name", list(CTORS))
def test_graph_mode_step_with_branching_schedule_matches_pynative(name):
    ctor = CTORS[name]
    eager_losses, eager_params = _run(ms.PYNATIVE_MODE, ctor)
    graph_losses, graph_params = _run(ms.GRAPH_MODE, ctor)
    np.testing.assert_allclose(graph_losses, eager_losses, rtol=1e-6)
    for a, b in zip(graph_params, eager_params):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-7)
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_schedule_runs_once_per_step_and_sets_each_steps_lr():
    ms.set_context(mode=ms.PYNATIVE_MODE)
    WarmupThenHalf.calls = 0
    ps = _params()
    start = [p.asnumpy().copy() for p in ps]
    net = Loss(ps)
    opt = nn.SGD(_groups(net.trainable_params()), WarmupThenHalf())
    train = nn.TrainOneStepCell(net, opt)
    x = np.array([0.5, -1.0, 2.0], np.float32)
    steps = 4
    for _ in range(steps):
        train(Tensor(x))
    assert WarmupThenHalf.calls == steps
    # plain SGD with weight decay on the 'weight' group: p -= lr * (g + wd * p)
    for i, (p, p0) in enumerate(zip(ps, start)):
        w = p0.astype(np.float64)
        wd = 0.0 if "bias" in p.name else 0.01
        for s in range(steps):
            g = 2.0 * (i + 1) * w * x.astype(np.float64) ** 2
            w = w - _lr(s) * (g + wd * w)
        np.testing.assert_allclose(p.asnumpy(), w, rtol=2e-5, atol=1e-6)
