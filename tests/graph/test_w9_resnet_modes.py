"""The W9 workload (CIFAR ResNet-18 training step, mindcell.benchmark.workloads) computes the
same thing in both modes: two SGD steps on a small batch give the same losses and the same
parameters in PYNATIVE_MODE and GRAPH_MODE."""
import numpy as np
import pytest

import mindcell as ms
from mindcell.benchmark.workloads.models import ResNet18, train_step


def _two_steps(mode):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = ResNet18()
    step, x, y = train_step(net, (4, 3, 32, 32))
    losses = [float(step(x, y).asnumpy()) for _ in range(2)]
    params = {p.name: p.asnumpy().copy() for p in net.get_parameters()}
    return losses, params


@pytest.fixture
def _pynative_after():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


def test_w9_step_same_in_both_modes(_pynative_after):
    eager, eager_params = _two_steps(ms.PYNATIVE_MODE)
    graph, graph_params = _two_steps(ms.GRAPH_MODE)
    assert all(np.isfinite(eager)) and eager[1] != eager[0]  # the first step changed the net
    np.testing.assert_allclose(graph, eager, rtol=1e-4)
    assert graph_params.keys() == eager_params.keys()
    # 20 convolutions + 20 BatchNorms (gamma, beta, moving mean and variance) + the head
    assert sum(name.endswith(".moving_mean") or name.endswith(".mean")
               for name in eager_params) == 20
    for name, value in eager_params.items():
        np.testing.assert_allclose(graph_params[name], value, rtol=1e-3, atol=1e-5,
                                   err_msg=name)
