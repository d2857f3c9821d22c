"""PyNative: a Cell marked ``set_grad()`` keeps its last top-level forward run, and the next
gradient of that cell taken with the same argument objects uses it instead of running the cell
again (MindSpore 2.10's PyNative behaviour, checked with ms-oracle: the BatchNorm moving mean
below is updated once, not twice, by ``loss = net(x); grads = grad(net, weights)(x)``, the body
of custom TrainOneStep cells such as mindocr's TrainOneStepWrapper)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn, ops
from mindcell.ops import composite as C


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")
        self.bn = nn.BatchNorm1d(4, momentum=0.5)

    def construct(self, x):
        return (self.bn(self.fc(x)) * self.fc(x)).sum()


# the batch mean of fc(x) is 7.5; one update of the moving mean gives 3.75, two 5.625
X = np.arange(6, dtype=np.float32).reshape(2, 3)
ONCE, TWICE = 3.75, 5.625


@pytest.fixture(autouse=True)
def pynative():
    mode = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    yield
    ms.set_context(mode=mode)


def _net(set_grad=True):
    n = Net()
    n.set_train()
    if set_grad:
        n.set_grad()
    return n


def _mean(n):
    return float(n.bn.moving_mean.asnumpy()[0])


def test_gradient_reuses_the_forward_run():
    g = C.GradOperation(get_by_list=True)
    x = Tensor(X)
    n = _net()
    loss = n(x)
    grads = g(n, n.trainable_params())(x)
    assert _mean(n) == ONCE
    fresh = _net(set_grad=False)
    expected = g(fresh, fresh.trainable_params())(x)  # its own forward run: same gradients
    for a, b in zip(grads, expected):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)
    assert abs(float(loss.asnumpy()) - 36.0) < 1e-4


@pytest.mark.parametrize("calls,expected", [
    ("net grad grad", TWICE),          # a gradient uses the kept run up
    ("net net grad", TWICE),           # the last call is kept
    ("net grad_other_tensor", TWICE),  # an equal but different Tensor object: a new run
    ("no_set_grad net grad", TWICE),
    ("net value_and_grad", ONCE),
    ("net ms.grad", ONCE),
    ("net grad_input", ONCE),
])
def test_when_the_forward_run_is_reused(calls, expected):
    x = Tensor(X)
    n = _net(set_grad=not calls.startswith("no_set_grad"))
    w = n.trainable_params()
    for call in calls.split():
        if call == "net":
            n(x)
        elif call == "grad":
            C.GradOperation(get_by_list=True)(n, w)(x)
        elif call == "grad_other_tensor":
            C.GradOperation(get_by_list=True)(n, w)(Tensor(X.copy()))
        elif call == "value_and_grad":
            value, _ = ms.value_and_grad(n, None, w)(x)
            assert abs(float(value.asnumpy()) - 36.0) < 1e-4
        elif call == "ms.grad":
            ms.grad(n)(x)
        elif call == "grad_input":
            C.GradOperation()(n)(x)
    assert _mean(n) == expected


def test_gradient_is_that_of_the_kept_run():
    """A weight changed between the call and the gradient: MindSpore differentiates the run it
    kept (the same gradient as without the change)."""
    g = C.GradOperation(get_by_list=True)
    x = Tensor(X)
    a = _net()
    a(x)
    before = g(a, a.trainable_params())(x)[0].asnumpy()
    b = _net()
    b(x)
    ops.assign(b.fc.weight, b.fc.weight * 2)
    after = g(b, b.trainable_params())(x)[0].asnumpy()
    np.testing.assert_allclose(after, before, rtol=1e-6)
    assert _mean(b) == ONCE


def test_train_step_with_loss_scale_updates_batch_norm_once():
    """The custom train step pattern (network call, then GradOperation with sens)."""
    class Step(nn.TrainOneStepWithLossScaleCell):
        def construct(self, *inputs):
            loss = self.network(*inputs)
            sens = ops.ones_like(loss)
            grads = self.grad(self.network, self.weights)(*inputs, sens)
            return ops.depend(loss, self.optimizer(grads))

    n = Net()
    loss_net = nn.WithLossCell(_Dense(n), nn.MSELoss())
    step = Step(loss_net, nn.SGD(n.trainable_params(), 0.0), Tensor(np.float32(1.0)))
    step.set_train()
    step(Tensor(X), Tensor(np.zeros((2, 4), np.float32)))
    assert _mean(n) == ONCE


class _Dense(nn.Cell):  # Net without its final product/sum: outputs (2, 4)
    def __init__(self, net):
        super().__init__()
        self.net = net

    def construct(self, x):
        return self.net.bn(self.net.fc(x))
