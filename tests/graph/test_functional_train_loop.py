"""The MindSpore 2.x functional training loop (``value_and_grad`` over the optimizer's
parameters, then ``optimizer(grads)``; issue 19) trains as ``TrainOneStepCell`` does: after
3 steps the losses, the parameters, BatchNorm's moving statistics and the optimizer's state
are TrainOneStepCell's, under ``ms.jit`` in PYNATIVE_MODE and in GRAPH_MODE, with and without
``ms.jit``, with ``ops.depend`` tying the loss to the update; under ``ms.jit`` the update is
traced into the step's one compiled program."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


class _ConvBnNet(nn.Cell):
    """conv-BatchNorm-relu-pool-dense: parameters and BatchNorm state updated by a step."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(1, 4, 3, pad_mode="valid", has_bias=True)
        self.bn = nn.BatchNorm2d(4)
        self.relu = nn.ReLU()
        self.pool = nn.MaxPool2d(2, 2)
        self.flatten = nn.Flatten()
        self.dense = nn.Dense(4 * 3 * 3, 5)

    def construct(self, x):
        return self.dense(self.flatten(self.pool(self.relu(self.bn(self.conv(x))))))


def _data():
    rng = np.random.default_rng(0)
    x = ms.Tensor(rng.standard_normal((6, 1, 8, 8)).astype(np.float32))
    y = ms.Tensor(rng.integers(0, 5, 6).astype(np.int32))
    return x, y


def _setup(optimizer_cls):
    ms.set_seed(0)
    net = _ConvBnNet()
    loss_fn = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    kwargs = {"momentum": 0.9} if optimizer_cls is nn.Momentum else {}
    optimizer = optimizer_cls(net.trainable_params(), 0.1, **kwargs)
    return net, loss_fn, optimizer


def _state(net, optimizer):
    """Every parameter of the net (BatchNorm's statistics included) and the optimizer's own
    (momentum buffers, step counters), by name."""
    values = {p.name: p.asnumpy().copy() for p in net.get_parameters()}
    for p in optimizer.get_parameters():
        values.setdefault("optimizer/" + p.name, p.asnumpy().copy())
    return values


def _train_one_step_cell(optimizer_cls):
    net, loss_fn, optimizer = _setup(optimizer_cls)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    step.set_train()
    x, y = _data()
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    return losses, _state(net, optimizer)


def _functional(optimizer_cls, jit, depend):
    net, loss_fn, optimizer = _setup(optimizer_cls)

    def forward_fn(data, label):
        return loss_fn(net(data), label)

    grad_fn = ms.value_and_grad(forward_fn, None, optimizer.parameters, has_aux=False)

    def train_step(data, label):
        loss, grads = grad_fn(data, label)
        if depend:
            loss = ops.depend(loss, optimizer(grads))
        else:
            optimizer(grads)
        return loss

    step = ms.jit(train_step) if jit else train_step
    net.set_train()
    x, y = _data()
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    return losses, _state(net, optimizer), step


@pytest.fixture
def _pynative_after():
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("optimizer_cls", [nn.SGD, nn.Momentum, nn.Adam],
                         ids=["SGD", "Momentum", "Adam"])
@pytest.mark.parametrize("mode, jit, depend", [
    (ms.PYNATIVE_MODE, True, False), (ms.PYNATIVE_MODE, True, True),
    (ms.GRAPH_MODE, True, False), (ms.GRAPH_MODE, False, False), (ms.GRAPH_MODE, False, True),
    (ms.PYNATIVE_MODE, False, False)],
    ids=["pynative-jit", "pynative-jit-depend", "graph-jit", "graph", "graph-depend",
         "pynative"])
def test_functional_loop_trains_as_train_one_step_cell(optimizer_cls, mode, jit, depend,
                                                      _pynative_after):
    ms.set_context(mode=ms.GRAPH_MODE)
    expected_losses, expected = _train_one_step_cell(optimizer_cls)
    ms.set_context(mode=mode)
    losses, state, _ = _functional(optimizer_cls, jit, depend)
    assert expected_losses[0] != expected_losses[2]  # the steps changed the net
    np.testing.assert_allclose(losses, expected_losses, rtol=1e-5)
    assert state.keys() == expected.keys()
    assert any(name.endswith("moving_mean") for name in state)
    for name, value in expected.items():
        np.testing.assert_allclose(state[name], value, rtol=1e-5, atol=1e-6, err_msg=name)


def test_functional_loop_under_jit_is_one_program(_pynative_after):
    """The optimizer's update is traced into the jit function's program: one compilation,
    whose program holds as many nodes as TrainOneStepCell's."""
    ms.set_context(mode=ms.GRAPH_MODE)
    net, loss_fn, optimizer = _setup(nn.SGD)
    cell = nn.TrainOneStepCell(nn.WithLossCell(net, loss_fn), optimizer)
    cell.set_train()
    cell(*_data())
    cell_nodes = cell._graph_cache_now().last_compiled.graph.node_count()
    ms.set_context(mode=ms.PYNATIVE_MODE)
    _, _, step = _functional(nn.SGD, jit=True, depend=False)
    assert len(step.cache.entries) == 1
    assert step.cache.last_compiled.graph.node_count() == cell_nodes
