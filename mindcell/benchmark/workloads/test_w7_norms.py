"""W7: LayerNorm and RMSNorm on (4096, 1024) float32, eps 1e-5, affine: forward plus the
gradients of x and the affine parameters for a given dy."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops
from mindcell.ops.function.nn_func import layer_norm_op, rms_norm

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
def test_w7_layernorm_torch(benchmark, torch, data):
    x, dy, g, b = (torch.from_numpy(a) for a in data)
    x.requires_grad_(True)
    g.requires_grad_(True)
    b.requires_grad_(True)

    def step():
        y = torch.nn.functional.layer_norm(x, (SHAPE[1],), g, b, EPS)
        return torch.autograd.grad(y, (x, g, b), dy)

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
def test_w7_rmsnorm_torch(benchmark, torch, data):
    x, dy, g, _ = (torch.from_numpy(a) for a in data)
    x.requires_grad_(True)
    g.requires_grad_(True)

    def step():
        rstd = torch.rsqrt((x * x).mean(-1, keepdim=True) + EPS)
        y = x * rstd * g
        return torch.autograd.grad(y, (x, g), dy)

    benchmark(step)
