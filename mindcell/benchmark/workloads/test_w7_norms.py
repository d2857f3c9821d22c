"""W7: LayerNorm and RMSNorm on (4096, 1024) float32, eps 1e-5, affine: forward plus the
gradients of x and the affine parameters for a given dy. Columns: numpy, PYNATIVE, GRAPH
(the vjp step under ``ms.jit``), PyTorch eager, torch.compile and JAX jit (the last three when
installed)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops
from mindcell.ops.function.nn_func import layer_norm_op, rms_norm

from mindcell.benchmark.workloads import jax_models

SHAPE = (4096, 1024)
EPS = 1e-5


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(0)
    x = rng.standard_normal(SHAPE).astype(np.float32)
    dy = rng.standard_normal(SHAPE).astype(np.float32)
    g = (1 + 0.1 * rng.standard_normal(SHAPE[1])).astype(np.float32)
    b = (0.1 * rng.standard_normal(SHAPE[1])).astype(np.float32)
    return x, dy, g, b


def layer_norm_numpy(x, dy, g, b):
    mu = x.mean(-1, keepdims=True)
    xc = x - mu
    rstd = 1 / np.sqrt((xc * xc).mean(-1, keepdims=True) + EPS)
    xhat = xc * rstd
    y = xhat * g + b
    dg, db = (dy * xhat).sum(0), dy.sum(0)
    gx = dy * g
    dx = rstd * (gx - gx.mean(-1, keepdims=True) - xhat * (gx * xhat).mean(-1, keepdims=True))
    return y, dx, dg, db


def rms_norm_numpy(x, dy, g):
    rstd = 1 / np.sqrt((x * x).mean(-1, keepdims=True) + EPS)
    y = x * rstd * g
    gx = dy * g
    dx = rstd * gx - x * rstd ** 3 * (gx * x).mean(-1, keepdims=True)
    return y, dx, (dy * x * rstd).sum(0)


def _ln_fn(x, g, b):
    return layer_norm_op(x, g, b, 1, 1, EPS)[0]


def _rms_fn(x, g):
    return rms_norm(x, g, EPS)[0]


def _mindcell_step(fn, inputs, dy):
    vjp_out, vjp_fn = ops.vjp(fn, *inputs)
    grads = vjp_fn(dy)
    return vjp_out, grads


@ms.jit
def _ln_graph_step(x, g, b, dy):
    return _mindcell_step(_ln_fn, (x, g, b), dy)


@ms.jit
def _rms_graph_step(x, g, dy):
    return _mindcell_step(_rms_fn, (x, g), dy)


def _check(outputs, reference):
    for got, want in zip(outputs, reference):
        np.testing.assert_allclose(np.asarray(got), want, rtol=2e-3, atol=2e-3)


def _torch_ln(torch):
    return lambda x, g, b: torch.nn.functional.layer_norm(x, (SHAPE[1],), g, b, EPS)


def _torch_rms(torch):
    return lambda x, g: x * torch.rsqrt((x * x).mean(-1, keepdim=True) + EPS) * g


def _torch_norm_step(torch, forward, arrays, dy, compiled):
    """y and the gradients of ``arrays`` for ``dy``; ``compiled``: the forward through
    torch.compile (its backward is compiled with it)."""
    inputs = [torch.from_numpy(a).requires_grad_(True) for a in arrays]
    dy, run = torch.from_numpy(dy), torch.compile(forward) if compiled else forward

    def step():
        y = run(*inputs)
        return (y,) + torch.autograd.grad(y, inputs, dy)
    return lambda: [t.detach().numpy() for t in step()]


@pytest.mark.benchmark(group="W7 LayerNorm fwd+bwd (4096,1024)")
def test_w7_layernorm_numpy(benchmark, data):
    benchmark(layer_norm_numpy, *data)


@pytest.mark.benchmark(group="W7 LayerNorm fwd+bwd (4096,1024)")
def test_w7_layernorm_pynative(benchmark, data):
    x, dy, g, b = (ms.Tensor(a) for a in data)
    y, (dx, dg, db) = _mindcell_step(_ln_fn, (x, g, b), dy)
    ref = layer_norm_numpy(*data)
    for got, want in zip((y, dx, dg, db), ref):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=2e-3, atol=2e-3)
    benchmark(_mindcell_step, _ln_fn, (x, g, b), dy)


@pytest.mark.benchmark(group="W7 LayerNorm fwd+bwd (4096,1024)")
def test_w7_layernorm_graph(benchmark, data):
    ms.set_context(mode=ms.GRAPH_MODE)
    x, dy, g, b = (ms.Tensor(a) for a in data)
    y, grads = _ln_graph_step(x, g, b, dy)
    _check([t.asnumpy() for t in (y,) + tuple(grads)], layer_norm_numpy(*data))
    benchmark(_ln_graph_step, x, g, b, dy)


@pytest.mark.benchmark(group="W7 LayerNorm fwd+bwd (4096,1024)")
@pytest.mark.parametrize("compiled", [False, True], ids=["torch", "torch_compile"])
def test_w7_layernorm_torch(benchmark, torch, data, compiled):
    x, dy, g, b = data
    step = _torch_norm_step(torch, _torch_ln(torch), (x, g, b), dy, compiled)
    _check(step(), layer_norm_numpy(*data))
    benchmark(step)


@pytest.mark.benchmark(group="W7 LayerNorm fwd+bwd (4096,1024)")
def test_w7_layernorm_jax(benchmark, jax, data):
    x, dy, g, b = data
    step = jax_models.norm_grads(jax, "layernorm", x, dy, g, b, EPS)
    _check(step(), layer_norm_numpy(*data))
    benchmark(step)


@pytest.mark.benchmark(group="W7 RMSNorm fwd+bwd (4096,1024)")
def test_w7_rmsnorm_numpy(benchmark, data):
    x, dy, g, _ = data
    benchmark(rms_norm_numpy, x, dy, g)


@pytest.mark.benchmark(group="W7 RMSNorm fwd+bwd (4096,1024)")
def test_w7_rmsnorm_pynative(benchmark, data):
    x, dy, g, _ = (ms.Tensor(a) for a in data)
    y, (dx, dg) = _mindcell_step(_rms_fn, (x, g), dy)
    ref = rms_norm_numpy(data[0], data[1], data[2])
    for got, want in zip((y, dx, dg), ref):
        np.testing.assert_allclose(got.asnumpy(), want, rtol=2e-3, atol=2e-3)
    benchmark(_mindcell_step, _rms_fn, (x, g), dy)


@pytest.mark.benchmark(group="W7 RMSNorm fwd+bwd (4096,1024)")
def test_w7_rmsnorm_graph(benchmark, data):
    ms.set_context(mode=ms.GRAPH_MODE)
    x, dy, g, _ = (ms.Tensor(a) for a in data)
    y, grads = _rms_graph_step(x, g, dy)
    _check([t.asnumpy() for t in (y,) + tuple(grads)], rms_norm_numpy(*data[:3]))
    benchmark(_rms_graph_step, x, g, dy)


@pytest.mark.benchmark(group="W7 RMSNorm fwd+bwd (4096,1024)")
@pytest.mark.parametrize("compiled", [False, True], ids=["torch", "torch_compile"])
def test_w7_rmsnorm_torch(benchmark, torch, data, compiled):
    x, dy, g, _ = data
    step = _torch_norm_step(torch, _torch_rms(torch), (x, g), dy, compiled)
    _check(step(), rms_norm_numpy(x, dy, g))
    benchmark(step)


@pytest.mark.benchmark(group="W7 RMSNorm fwd+bwd (4096,1024)")
def test_w7_rmsnorm_jax(benchmark, jax, data):
    x, dy, g, _ = data
    step = jax_models.norm_grads(jax, "rmsnorm", x, dy, g, eps=EPS)
    _check(step(), rms_norm_numpy(x, dy, g))
    benchmark(step)
