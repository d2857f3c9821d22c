"""Epilogue fusion (graph/passes/epilogue.py, csrc/_epilogue.pxd): a Dense layer's bias add and
activation run as one BinaryUnary instruction; the results are bit for bit those of the ops run
apart (PYNATIVE_MODE and GRAPH_MODE without the pass)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.graph import compile as gcompile
from mindcell.graph.passes import epilogue


class Net(nn.Cell):
    def __init__(self, dtype, act):
        super().__init__()
        self.fc1 = nn.Dense(24, 300, dtype=dtype)  # 300 columns: two column chunks of 256
        self.act = act
        self.fc2 = nn.Dense(300, 7, dtype=dtype)

    def construct(self, x):
        return self.fc2(self.act(self.fc1(x)))


def _steps(mode, dtype, act, rows, n=3):
    ms.set_context(mode=mode)
    ms.set_seed(0)
    net = Net(dtype, act)
    loss = nn.MSELoss()  # (SoftmaxCrossEntropyWithLogits takes no float64, as MindSpore)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, loss), nn.SGD(net.trainable_params(), 0.1))
    step.set_train()
    rng = np.random.default_rng(1)
    x = Tensor(rng.standard_normal((rows, 24)).astype(ms.dtype_to_nptype(dtype)))
    y = Tensor(rng.standard_normal((rows, 7)).astype(ms.dtype_to_nptype(dtype)))
    losses = [step(x, y).asnumpy() for _ in range(n)]
    ms.set_context(mode=ms.PYNATIVE_MODE)
    return step, losses, [p.asnumpy() for p in net.trainable_params()]


def _graph(step):
    entries = list(step._graph_cache.entries.values())
    assert len(entries) == 1
    return entries[0].graph


@pytest.mark.parametrize("dtype", [ms.float32, ms.float64])
@pytest.mark.parametrize("act", [nn.ReLU, nn.Sigmoid, nn.Tanh])
@pytest.mark.parametrize("rows", [3, 300])  # 300 x 300 takes the threaded loops
def test_training_steps_match_pynative_bit_for_bit(dtype, act, rows):
    step, g_loss, g_params = _steps(ms.GRAPH_MODE, dtype, act(), rows)
    prims = [n.prim for n in _graph(step).nodes]
    assert prims.count(epilogue.binary_unary_p) == 1  # fc1's bias add and activation
    _, e_loss, e_params = _steps(ms.PYNATIVE_MODE, dtype, act(), rows)
    for g, e in zip(g_loss + g_params, e_loss + e_params):
        np.testing.assert_array_equal(g, e)


def test_pass_off_gives_the_same_bits(monkeypatch):
    step, on_loss, on_params = _steps(ms.GRAPH_MODE, ms.float32, nn.ReLU(), 300)
    pipeline = tuple(p for p in gcompile.PIPELINE if p[0] != "fuse_epilogues")
    assert len(pipeline) == len(gcompile.PIPELINE) - 1
    monkeypatch.setattr(gcompile, "PIPELINE", pipeline)
    step, off_loss, off_params = _steps(ms.GRAPH_MODE, ms.float32, nn.ReLU(), 300)
    prims = [n.prim for n in _graph(step).nodes]
    assert epilogue.binary_unary_p not in prims
    for a, b in zip(on_loss + on_params, off_loss + off_params):
        np.testing.assert_array_equal(a, b)


def test_a_binary_result_with_other_users_is_not_fused():
    @ms.jit
    def f(x, b):
        z = x + b
        return ops.relu(z), z * 2

    x = Tensor(np.random.default_rng(0).standard_normal((5, 6)).astype(np.float32))
    b = Tensor(np.arange(6, dtype=np.float32) - 3)
    r, z2 = f(x, b)
    expect = x.asnumpy() + b.asnumpy()
    np.testing.assert_array_equal(r.asnumpy(), np.maximum(expect, 0))
    np.testing.assert_array_equal(z2.asnumpy(), expect * 2)
    graph = list(f.cache.entries.values())[0].graph
    assert epilogue.binary_unary_p not in [n.prim for n in graph.nodes]


def test_row_and_column_broadcasts():
    @ms.jit
    def f(x, b, c):
        return ops.sigmoid(x - b), ops.tanh(x * c)

    rng = np.random.default_rng(3)
    x = rng.standard_normal((70000, 3)).astype(np.float32)  # threaded rows
    b = rng.standard_normal(3).astype(np.float32)           # one value per column
    c = rng.standard_normal((70000, 1)).astype(np.float32)  # one value per row
    s, t = f(Tensor(x), Tensor(b), Tensor(c))
    graph = list(f.cache.entries.values())[0].graph
    assert [n.prim for n in graph.nodes].count(epilogue.binary_unary_p) == 2
    ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_array_equal(s.asnumpy(), ops.sigmoid(Tensor(x) - Tensor(b)).asnumpy())
    np.testing.assert_array_equal(t.asnumpy(), ops.tanh(Tensor(x) * Tensor(c)).asnumpy())
