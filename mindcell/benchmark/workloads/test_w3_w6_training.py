"""W3/W4: MLP training step (batch 64 / 1024); W5: LeNet-5 training step; W6: transformer block
forward + gradients. Columns: numpy (hand-written forward/backward), PYNATIVE, GRAPH
(TrainOneStepCell), functional (W3, W5: the MindSpore 2.x loop, ``value_and_grad`` and the
optimizer call in one ``ms.jit`` function), PyTorch eager, torch.compile and JAX jit (the last
three when installed)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops

from mindcell.benchmark.workloads import jax_models
from mindcell.benchmark.workloads.models import (MLP, LeNet5, TransformerBlock,
                                                  functional_train_step, train_step)

PEERS = ["torch", "torch_compile", "jax"]


def _mlp_numpy(batch):
    rng = np.random.default_rng(0)
    ws = [rng.standard_normal((a, b)).astype(np.float32) * 0.05
          for a, b in ((784, 512), (512, 512), (512, 10))]
    bs = [np.zeros(b, np.float32) for b in (512, 512, 10)]
    x = rng.standard_normal((batch, 784)).astype(np.float32)
    y = rng.integers(0, 10, batch)

    def step():
        h1 = np.maximum(x @ ws[0] + bs[0], 0)
        h2 = np.maximum(h1 @ ws[1] + bs[1], 0)
        z = h2 @ ws[2] + bs[2]
        e = np.exp(z - z.max(1, keepdims=True))
        p = e / e.sum(1, keepdims=True)
        loss = -np.log(p[np.arange(batch), y]).mean()
        dz = p
        dz[np.arange(batch), y] -= 1
        dz /= batch
        dh2 = (dz @ ws[2].T) * (h2 > 0)
        dh1 = (dh2 @ ws[1].T) * (h1 > 0)
        for w, b, a, d in ((ws[2], bs[2], h2, dz), (ws[1], bs[1], h1, dh2), (ws[0], bs[0], x,
                                                                              dh1)):
            w -= 0.01 * (a.T @ d)
            b -= 0.01 * d.sum(0)
        return float(loss)
    return step


def torch_train_step(torch, net, batch_shape, compiled=False):
    """A PyTorch SGD (lr 0.01) step of ``net`` under mean cross-entropy on random data,
    returning the loss; ``compiled`` runs it through torch.compile (compiled here, before any
    timing)."""
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x, y = torch.randn(*batch_shape), torch.randint(0, 10, (batch_shape[0],))

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        return loss

    run = torch.compile(step) if compiled else step
    fn = lambda: float(run().item())  # noqa: E731
    assert np.isfinite(fn())
    return fn


def _torch_mlp_step(torch, batch, compiled):
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(784, 512), torch.nn.ReLU(),
                              torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    return torch_train_step(torch, net, (batch, 784), compiled)


def _peer_step(column, request, torch_fn, jax_fn):
    """The step of a peer column: ``torch_fn(torch, compiled)`` or ``jax_fn(jax)``, its first
    run checked finite (and compiled) before timing."""
    if column == "jax":
        fn = jax_fn(request.getfixturevalue("jax"))
        assert np.isfinite(fn())
        return fn
    return torch_fn(request.getfixturevalue("torch"), column == "torch_compile")


def _first_loss(make, mode, net_cls, shape):
    """``(step, x, y)`` from ``make(net, shape)`` in ``mode`` (seed 0) and its first loss."""
    ms.set_context(mode=mode)
    ms.set_seed(0)
    step, x, y = make(net_cls(), shape)
    return (step, x, y), float(step(x, y).asnumpy())


def mindcell_step(column, net_cls, shape):
    """The timed step of a mindcell column: TrainOneStepCell in PYNATIVE ('pynative') or GRAPH
    ('graph') mode, or the functional loop under ``ms.jit`` ('functional'), whose first loss
    must be the graph column's."""
    if column == "functional":
        (step, x, y), first = _first_loss(functional_train_step, ms.PYNATIVE_MODE, net_cls,
                                          shape)
        _, graph_first = _first_loss(train_step, ms.GRAPH_MODE, net_cls, shape)
        ms.set_context(mode=ms.PYNATIVE_MODE)  # the tutorials' mode: ms.jit compiles the step
        np.testing.assert_allclose(first, graph_first, rtol=1e-5)
    else:
        (step, x, y), first = _first_loss(
            train_step, ms.GRAPH_MODE if column == "graph" else ms.PYNATIVE_MODE, net_cls, shape)
    assert np.isfinite(first)
    return lambda: float(step(x, y).asnumpy())


@pytest.mark.parametrize("batch", [64, 1024], ids=["W3", "W4"])
@pytest.mark.parametrize("column", ["numpy", "pynative", "graph", "functional"] + PEERS)
def test_mlp_training_step(benchmark, batch, column, request):
    benchmark.group = "%s MLP training step, batch %d" % ("W3" if batch == 64 else "W4", batch)
    if column == "numpy":
        fn = _mlp_numpy(batch)
    elif column in PEERS:
        fn = _peer_step(column, request, lambda t, c: _torch_mlp_step(t, batch, c),
                        lambda j: jax_models.mlp_step(j, batch))
    else:
        fn = mindcell_step(column, MLP, (batch, 784))
    benchmark(fn)


def _torch_lenet_step(torch, compiled):
    torch.manual_seed(0)
    nn_ = torch.nn
    net = nn_.Sequential(nn_.Conv2d(1, 6, 5), nn_.ReLU(), nn_.MaxPool2d(2),
                         nn_.Conv2d(6, 16, 5), nn_.ReLU(), nn_.MaxPool2d(2), nn_.Flatten(),
                         nn_.Linear(400, 120), nn_.ReLU(), nn_.Linear(120, 84), nn_.ReLU(),
                         nn_.Linear(84, 10))
    return torch_train_step(torch, net, (32, 1, 32, 32), compiled)


@pytest.mark.parametrize("column", ["pynative", "graph", "functional"] + PEERS)
def test_w5_lenet_training_step(benchmark, column, request):
    benchmark.group = "W5 LeNet-5 training step (32,1,32,32)"
    if column in PEERS:
        fn = _peer_step(column, request, _torch_lenet_step, jax_models.lenet_step)
    else:
        fn = mindcell_step(column, LeNet5, (32, 1, 32, 32))
    benchmark(fn)


def _torch_w6(torch, compiled=False):
    torch.manual_seed(0)
    nn_ = torch.nn

    class Block(nn_.Module):
        def __init__(self):
            super().__init__()
            self.ln1, self.ln2 = nn_.LayerNorm(256), nn_.LayerNorm(256)
            self.qkv, self.proj = nn_.Linear(256, 768), nn_.Linear(256, 256)
            self.up, self.down = nn_.Linear(256, 1024), nn_.Linear(1024, 256)

        def forward(self, x):
            b, t, d = x.shape
            q, k, v = self.qkv(self.ln1(x)).view(b, t, 3, 4, 64).permute(2, 0, 3, 1, 4)
            att = torch.softmax(q @ k.transpose(-1, -2) / 8.0, -1) @ v
            x = x + self.proj(att.transpose(1, 2).reshape(b, t, d))
            return x + self.down(torch.nn.functional.gelu(self.up(self.ln2(x)),
                                                          approximate="tanh"))

    block = Block()
    run = torch.compile(block) if compiled else block
    x = torch.randn(8, 128, 256)

    def fn():
        loss = run(x).sum()
        return loss.item(), torch.autograd.grad(loss, list(block.parameters()))
    assert np.isfinite(fn()[0])
    return lambda: fn()[0]


@pytest.mark.parametrize("column", ["pynative", "graph"] + PEERS)
def test_w6_transformer_block_gradients(benchmark, column, request):
    benchmark.group = "W6 transformer block fwd+grads (8,128,256)"
    if column in PEERS:
        x = np.random.default_rng(0).standard_normal((8, 128, 256)).astype(np.float32)
        benchmark(_peer_step(column, request, _torch_w6,
                             lambda j: jax_models.transformer_grads(j, x)))
        return
    ms.set_context(mode=ms.GRAPH_MODE if column == "graph" else ms.PYNATIVE_MODE)
    ms.set_seed(0)
    block = TransformerBlock()
    x = ms.Tensor(np.random.default_rng(0).standard_normal((8, 128, 256)).astype(np.float32))
    grad_fn = ops.value_and_grad(lambda t: block(t).sum(), None, block.trainable_params())

    def fn():
        loss, grads = grad_fn(x)
        return float(loss.asnumpy()), [g.asnumpy() for g in grads[-1:]]
    fn()
    benchmark(fn)
