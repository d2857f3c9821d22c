"""W3/W4: MLP training step (batch 64 / 1024); W5: LeNet-5 training step; W6: transformer block
forward + gradients. Columns: numpy (hand-written forward/backward), PYNATIVE, GRAPH, PyTorch."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops

from mindcell.benchmark.workloads.models import MLP, LeNet5, TransformerBlock, train_step


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


def _torch_mlp_step(torch, batch):
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(784, 512), torch.nn.ReLU(),
                              torch.nn.Linear(512, 512), torch.nn.ReLU(), torch.nn.Linear(512, 10))
    opt = torch.optim.SGD(net.parameters(), lr=0.01)
    x, y = torch.randn(batch, 784), torch.randint(0, 10, (batch,))

    def step():
        opt.zero_grad()
        loss = torch.nn.functional.cross_entropy(net(x), y)
        loss.backward()
        opt.step()
        return loss.item()
    return step


def _mindcell_step(mode, net_cls, shape):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    step, x, y = train_step(net_cls(), shape)
    first = float(step(x, y).asnumpy())
    assert np.isfinite(first)
    return lambda: float(step(x, y).asnumpy())


@pytest.mark.parametrize("batch", [64, 1024], ids=["W3", "W4"])
@pytest.mark.parametrize("column", ["numpy", "pynative", "graph", "torch"])
def test_mlp_training_step(benchmark, batch, column, request):
    benchmark.group = "%s MLP training step, batch %d" % ("W3" if batch == 64 else "W4", batch)
    if column == "numpy":
        fn = _mlp_numpy(batch)
    elif column == "torch":
        fn = _torch_mlp_step(request.getfixturevalue("torch"), batch)
    else:
        fn = _mindcell_step(ms.GRAPH_MODE if column == "graph" else ms.PYNATIVE_MODE, MLP,
                            (batch, 784))
    benchmark(fn)


@pytest.mark.parametrize("column", ["pynative", "graph", "torch"])
def test_w5_lenet_training_step(benchmark, column, request):
    benchmark.group = "W5 LeNet-5 training step (32,1,32,32)"
    if column == "torch":
        torch = request.getfixturevalue("torch")
        torch.manual_seed(0)
        nn_ = torch.nn
        net = nn_.Sequential(nn_.Conv2d(1, 6, 5), nn_.ReLU(), nn_.MaxPool2d(2),
                             nn_.Conv2d(6, 16, 5), nn_.ReLU(), nn_.MaxPool2d(2), nn_.Flatten(),
                             nn_.Linear(400, 120), nn_.ReLU(), nn_.Linear(120, 84), nn_.ReLU(),
                             nn_.Linear(84, 10))
        opt = torch.optim.SGD(net.parameters(), lr=0.01)
        x, y = torch.randn(32, 1, 32, 32), torch.randint(0, 10, (32,))

        def fn():
            opt.zero_grad()
            loss = torch.nn.functional.cross_entropy(net(x), y)
            loss.backward()
            opt.step()
            return loss.item()
    else:
        fn = _mindcell_step(ms.GRAPH_MODE if column == "graph" else ms.PYNATIVE_MODE, LeNet5,
                            (32, 1, 32, 32))
    benchmark(fn)


def _torch_w6(torch):
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
    x = torch.randn(8, 128, 256)

    def fn():
        loss = block(x).sum()
        return loss.item(), torch.autograd.grad(loss, list(block.parameters()))
    return fn


@pytest.mark.parametrize("column", ["pynative", "graph", "torch"])
def test_w6_transformer_block_gradients(benchmark, column, request):
    benchmark.group = "W6 transformer block fwd+grads (8,128,256)"
    if column == "torch":
        benchmark(_torch_w6(request.getfixturevalue("torch")))
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
