"""W1: per-call overhead of ops.add on (1,) tensors; W2: y = tanh(x*0.5 + 0.1)*2 - x on 1e6
float32 (memory bound, fusion). Columns: numpy, PYNATIVE_MODE, GRAPH_MODE, PyTorch eager,
torch.compile and JAX jit (the last three when installed)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

from mindcell.benchmark.workloads import jax_models


class AddCell(nn.Cell):
    def construct(self, a, b):
        return ops.add(a, b)


class W2Cell(nn.Cell):
    def construct(self, x):
        return ops.tanh(x * 0.5 + 0.1) * 2.0 - x


def w2_numpy(x):
    return np.tanh(x * 0.5 + 0.1) * 2.0 - x


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_numpy(benchmark):
    a, b = np.ones(1, np.float32), np.ones(1, np.float32)
    benchmark(np.add, a, b)


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_pynative(benchmark):
    a, b = ms.Tensor(np.ones(1, np.float32)), ms.Tensor(np.ones(1, np.float32))
    assert ops.add(a, b).asnumpy().tolist() == [2.0]
    benchmark(ops.add, a, b)


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_graph(benchmark):
    ms.set_context(mode=ms.GRAPH_MODE)
    a, b = ms.Tensor(np.ones(1, np.float32)), ms.Tensor(np.ones(1, np.float32))
    cell = AddCell()
    assert cell(a, b).asnumpy().tolist() == [2.0]
    benchmark(cell, a, b)


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_torch(benchmark, torch):
    a, b = torch.ones(1), torch.ones(1)
    benchmark(torch.add, a, b)


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_torch_compile(benchmark, torch):
    a, b = torch.ones(1), torch.ones(1)
    add = torch.compile(torch.add)
    assert add(a, b).tolist() == [2.0]
    benchmark(add, a, b)


@pytest.mark.benchmark(group="W1 add (1,)")
def test_w1_jax(benchmark, jax):
    fn = jax_models.w1_add(jax)
    assert np.asarray(fn()).tolist() == [2.0]
    benchmark(fn)


@pytest.fixture
def x1m(rng):
    return rng.standard_normal(1_000_000).astype(np.float32)


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_numpy(benchmark, x1m):
    benchmark(w2_numpy, x1m)


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_pynative(benchmark, x1m):
    x, cell = ms.Tensor(x1m), W2Cell()
    np.testing.assert_allclose(cell(x).asnumpy(), w2_numpy(x1m), rtol=1e-5, atol=1e-5)
    benchmark(cell, x)


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_graph(benchmark, x1m):
    ms.set_context(mode=ms.GRAPH_MODE)
    x, cell = ms.Tensor(x1m), W2Cell()
    np.testing.assert_allclose(cell(x).asnumpy(), w2_numpy(x1m), rtol=1e-5, atol=1e-5)
    benchmark(cell, x)


def _torch_w2(torch):
    return lambda x: torch.tanh(x * 0.5 + 0.1) * 2.0 - x


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_torch(benchmark, torch, x1m):
    x, fn = torch.from_numpy(x1m), _torch_w2(torch)
    benchmark(fn, x)


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_torch_compile(benchmark, torch, x1m):
    x, fn = torch.from_numpy(x1m), torch.compile(_torch_w2(torch))
    np.testing.assert_allclose(fn(x).numpy(), w2_numpy(x1m), rtol=1e-5, atol=1e-5)
    benchmark(fn, x)


@pytest.mark.benchmark(group="W2 fused elementwise 1e6")
def test_w2_jax(benchmark, jax, x1m):
    fn = jax_models.w2_elementwise(jax, x1m)
    np.testing.assert_allclose(np.asarray(fn()), w2_numpy(x1m), rtol=1e-5, atol=1e-5)
    benchmark(fn)
