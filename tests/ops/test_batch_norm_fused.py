"""Training-mode batch norm as one fused primitive (BatchNormTrain, its gradient
BatchNormTrainGrad; kernels mindcell._C.norm.batch_norm_fwd/bwd): the kernels against the
numpy references, ops.batch_norm's output, gradients (first and second order) against finite
differences, and the running statistics it updates."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, ops
from mindcell._core.kernels import KERNELS
from mindcell._core.primitive import REGISTRY
from op_db import numeric_grad


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("shape", [(4, 3, 5, 6), (1, 2, 7), (6, 5), (2, 16, 33, 9)])
def test_kernels_match_numpy(shape, dtype):
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(shape) * 3 + 100).astype(dtype)  # a large offset: no cancellation
    g = rng.uniform(0.5, 1.5, shape[1]).astype(dtype)
    b = rng.standard_normal(shape[1]).astype(dtype)
    dy = rng.standard_normal(shape).astype(dtype)
    tol = 2e-4 if dtype == np.float32 else 1e-10
    got = KERNELS["BatchNormTrain"](x, g, b, epsilon=1e-5)
    want = REGISTRY["BatchNormTrain"].impl(x, g, b, epsilon=1e-5)
    for a, w in zip(got, want):
        assert a.shape == w.shape and a.dtype == w.dtype
        np.testing.assert_allclose(a, w, rtol=tol, atol=tol * 10)
    mean, var = want[1], want[2]
    got = KERNELS["BatchNormTrainGrad"](x, dy, mean, var, g, epsilon=1e-5)
    want = REGISTRY["BatchNormTrainGrad"].impl(x, dy, mean, var, g, epsilon=1e-5)
    for a, w in zip(got, want):
        assert a.shape == w.shape and a.dtype == w.dtype
        np.testing.assert_allclose(a, w, rtol=tol, atol=tol * 10)


def _bn(x, g, b, training=True):
    dt = x.asnumpy().dtype
    mean = Parameter(Tensor(np.zeros(x.shape[1], dt)), name="m")
    var = Parameter(Tensor(np.ones(x.shape[1], dt)), name="v")
    return ops.batch_norm(x, mean, var, g, b, training=training, momentum=0.1, eps=1e-5)


@pytest.mark.parametrize("pos", [0, 1, 2])
def test_gradients_match_finite_differences(pos):
    rng = np.random.default_rng(1)
    arrays = [rng.standard_normal((3, 2, 4, 3)), rng.uniform(0.5, 1.5, 2),
              rng.standard_normal(2)]
    w = Tensor(rng.standard_normal((3, 2, 4, 3)))
    fn = lambda x, g, b: (_bn(x, g, b) * w).sum()  # noqa: E731
    got = ops.grad(fn, pos)(*[Tensor(a) for a in arrays]).asnumpy()
    want = numeric_grad(lambda arrs: float(fn(*[Tensor(a) for a in arrs]).asnumpy()), arrays,
                        pos, eps=1e-6)
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-7)


def test_second_order_goes_through_the_composite_form():
    rng = np.random.default_rng(2)
    g, b = Tensor(rng.uniform(0.5, 1.5, 2)), Tensor(rng.standard_normal(2))
    w = Tensor(rng.standard_normal((4, 2, 3)))

    def grad_norm(x):
        first = ops.grad(lambda x_: (_bn(x_, g, b) * w).sum())(x)
        return (first ** 2).sum()
    x = rng.standard_normal((4, 2, 3))
    got = ops.grad(grad_norm)(Tensor(x)).asnumpy()
    want = numeric_grad(lambda arrs: float(grad_norm(Tensor(arrs[0])).asnumpy()), [x], 0,
                        eps=1e-6)
    np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-6)
    with pytest.raises(RuntimeError, match="BatchNormTrainGrad: second-order gradients are "
                                           "not supported"):
        REGISTRY["BatchNormTrainGrad"].bprop()


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_batchnorm2d_output_and_running_statistics(mode):
    """nn.BatchNorm2d in training: the batch-normalized output and MindSpore's update of the
    moving statistics (momentum 0.9 keeps 0.9 of the old value; unbiased batch variance)."""
    ms.set_context(mode=mode)
    try:
        rng = np.random.default_rng(3)
        x = (rng.standard_normal((4, 3, 5, 5)) * 2 + 1).astype(np.float32)
        bn = ms.nn.BatchNorm2d(3)
        bn.set_train()
        y = bn(Tensor(x)).asnumpy()
        mu = x.mean(axis=(0, 2, 3))
        var = x.var(axis=(0, 2, 3))
        want = (x - mu[:, None, None]) / np.sqrt(var[:, None, None] + 1e-5)
        np.testing.assert_allclose(y, want, rtol=1e-4, atol=1e-5)
        np.testing.assert_allclose(bn.moving_mean.asnumpy(), 0.1 * mu, rtol=1e-5, atol=1e-7)
        np.testing.assert_allclose(bn.moving_variance.asnumpy(),
                                   0.9 + 0.1 * var * 100 / 99, rtol=1e-5)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


def test_float16_keeps_the_composite_form():
    x = Tensor(np.random.default_rng(4).standard_normal((4, 2, 3)).astype(np.float16))
    g = Tensor(np.ones(2, np.float16))
    b = Tensor(np.zeros(2, np.float16))
    y = _bn(x, g, b)
    assert y.dtype == ms.float16
    xf = x.asnumpy().astype(np.float32)
    want = (xf - xf.mean((0, 2), keepdims=True)) / np.sqrt(xf.var((0, 2), keepdims=True) + 1e-5)
    np.testing.assert_allclose(y.asnumpy().astype(np.float32), want, rtol=1e-2, atol=1e-2)
