"""nn.CELU, Softsign, SoftShrink, Tanhshrink, Threshold, Softmin, Softmax2d, SeLU, Tril, Triu,
Roll, Unflatten, ReduceLogSumExp, ChannelShuffle and ImageGradients: inside a network GRAPH_MODE
gives what PYNATIVE gives, both equal a numpy reference, and the gradients equal numpy's or
central differences. MindSpore 2.10's values and errors are in tests/goldens/nn_more/ (001);
what MindSpore itself gets wrong (Roll's values, SeLU's gradient) is checked here."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(7)
X = RNG.standard_normal((2, 6, 3, 4)).astype(np.float32) * 2
SELU_A, SELU_S = 1.6732632423543772, 1.0507009873554805


def _softmax(x, axis):
    e = np.exp(x - x.max(axis, keepdims=True))
    return e / e.sum(axis, keepdims=True)


def _channel_shuffle(x, g):
    n, c = x.shape[:2]
    return x.reshape(n, g, c // g, -1).transpose(0, 2, 1, 3).reshape(x.shape)


def _image_gradients(x):
    dy, dx = np.zeros_like(x), np.zeros_like(x)
    dy[:, :, :-1] = x[:, :, 1:] - x[:, :, :-1]
    dx[..., :-1] = x[..., 1:] - x[..., :-1]
    return dy, dx


# (cell factory, numpy reference, differentiable)
CASES = {
    "celu": (lambda: nn.CELU(alpha=0.7),
             lambda x: np.maximum(x, 0) + np.minimum(0, 0.7 * (np.exp(x / 0.7) - 1)), True),
    "softsign": (nn.Softsign, lambda x: x / (1 + np.abs(x)), True),
    "softshrink": (lambda: nn.SoftShrink(0.8),
                   lambda x: np.where(x > 0.8, x - 0.8, np.where(x < -0.8, x + 0.8, 0)), True),
    "tanhshrink": (nn.Tanhshrink, lambda x: x - np.tanh(x), True),
    "threshold": (lambda: nn.Threshold(0.3, -2.0), lambda x: np.where(x > 0.3, x, -2.0), True),
    "softmin": (lambda: nn.Softmin(axis=1), lambda x: _softmax(-x, 1), True),
    "softmax2d": (nn.Softmax2d, lambda x: _softmax(x, 1), True),
    "selu": (nn.SeLU, lambda x: SELU_S * np.where(x > 0, x, SELU_A * (np.exp(x) - 1)), True),
    "roll": (lambda: nn.Roll((1, -2), (1, -1)), lambda x: np.roll(x, (1, -2), (1, 3)), True),
    "unflatten": (lambda: nn.Unflatten(1, (2, 3)), lambda x: x.reshape(2, 2, 3, 3, 4), True),
    "rlse": (lambda: nn.ReduceLogSumExp((1, 3), keep_dims=True),
             lambda x: np.log(np.exp(x).sum((1, 3), keepdims=True)), True),
    "chshuffle": (lambda: nn.ChannelShuffle(3), lambda x: _channel_shuffle(x, 3), True),
}


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, x):
        return self.cell(x)


def _both_modes(make, *args):
    outs = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            out = _Wrap(make())(*args) if len(args) == 1 else make()(*args)
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
        outs.append(out)
    return outs


@pytest.mark.parametrize("name", list(CASES))
def test_graph_equals_pynative_equals_numpy(name):
    make, ref, _ = CASES[name]
    pyn, graph = _both_modes(make, Tensor(X))
    np.testing.assert_allclose(graph.asnumpy(), pyn.asnumpy(), rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(pyn.asnumpy(), ref(X.astype(np.float64)), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", [n for n in CASES if CASES[n][2]])
def test_gradient_equals_central_differences(name):
    make, ref, _ = CASES[name]
    w = RNG.standard_normal(ref(X.astype(np.float64)).shape)
    x = X.astype(np.float64)
    grads = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        try:
            cell = _Wrap(make())
            wt = Tensor(w.astype(np.float32))
            grads.append(ms.grad(lambda t: (cell(t) * wt).sum())(Tensor(X)).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(grads[1], grads[0], rtol=1e-5, atol=1e-6)
    eps = 1e-6
    num = np.zeros_like(x)
    for idx in [(0, 0, 0, 0), (1, 5, 2, 3), (0, 3, 1, 2), (1, 1, 0, 1)]:
        d = np.zeros_like(x)
        d[idx] = eps
        num[idx] = ((ref(x + d) * w).sum() - (ref(x - d) * w).sum()) / (2 * eps)
        np.testing.assert_allclose(grads[0][idx], num[idx], rtol=1e-3, atol=1e-4)


def test_selu_gradient_is_the_true_slope():
    """MindSpore 2.10's SeLU gradient is negative for x < 0 (-0.645 at -2.5); the slope of
    scale * alpha * (exp(x) - 1) there is scale * alpha * exp(x) > 0."""
    x = np.array([-2.5, -1.0, -0.3, 0.4, 3.0], np.float32)
    g = ms.grad(nn.SeLU())(Tensor(x)).asnumpy()
    want = SELU_S * np.where(x > 0, 1.0, SELU_A * np.exp(x))
    np.testing.assert_allclose(g, want, rtol=1e-5)


@pytest.mark.parametrize("k", [-1, 0, 2])
def test_tril_triu_both_modes(k):
    x = Tensor(X[0])
    for cls, ref in ((nn.Tril, np.tril), (nn.Triu, np.triu)):
        pyn, graph = _both_modes(cls, x, k)
        np.testing.assert_array_equal(pyn.asnumpy(), ref(X[0], k))
        np.testing.assert_array_equal(graph.asnumpy(), pyn.asnumpy())
        g = ms.grad(lambda t: (cls()(t, k) * 3.0).sum())(x).asnumpy()
        np.testing.assert_array_equal(g, ref(np.full_like(X[0], 3.0), k))


def test_image_gradients_both_modes_and_gradient():
    pyn, graph = _both_modes(nn.ImageGradients, Tensor(X))
    want = _image_gradients(X)
    for p, g, r in zip(pyn, graph, want):
        np.testing.assert_allclose(p.asnumpy(), r, rtol=1e-6)
        np.testing.assert_array_equal(g.asnumpy(), p.asnumpy())
    w = RNG.standard_normal(X.shape).astype(np.float32)
    grad = ms.grad(lambda t: (nn.ImageGradients()(t)[1] * Tensor(w)).sum())(Tensor(X)).asnumpy()
    # d/dx of sum(w[..., j] * (x[..., j+1] - x[..., j])), j < W - 1
    want = np.zeros_like(X)
    want[..., 1:] += w[..., :-1]
    want[..., :-1] -= w[..., :-1]
    np.testing.assert_allclose(grad, want, rtol=1e-6, atol=1e-6)


def test_roll_keeps_mindspore_attributes_and_checks():
    r = nn.Roll((1, 2), [0, 1])
    assert r.shift == [1, 2] and r.axis == [0, 1]
    with pytest.raises(ValueError, match="Roll"):
        nn.Roll((1, 2), 0)
    with pytest.raises(TypeError, match="shift"):
        nn.Roll(1.5, 0)
    with pytest.raises(ValueError, match="axis"):
        nn.Roll(1, 4)(Tensor(X[0]))


def test_errors_name_the_cell():
    ints = Tensor(np.array([1, -1], np.int32))
    with pytest.raises(TypeError, match="alpha"):
        nn.CELU(alpha=1)
    with pytest.raises(ValueError, match="alpha"):
        nn.CELU(alpha=0.0)
    with pytest.raises(RuntimeError, match="lambd"):
        nn.SoftShrink(-0.5)
    for cell in (nn.CELU(), nn.Softsign(), nn.SoftShrink(), nn.Softmin(), nn.SeLU()):
        with pytest.raises(TypeError, match=type(cell).__name__):
            cell(ints)
    with pytest.raises(NotImplementedError, match="Softmin"):
        nn.Softmin(axis=(0, 1))(Tensor(X))
    with pytest.raises(TypeError, match="threshold"):
        nn.Threshold("a", 1.0)(Tensor(X))
    with pytest.raises(ValueError, match="Softmax2d"):
        nn.Softmax2d()(Tensor(X[0, 0]))
    with pytest.raises(ValueError, match="ImageGradients"):
        nn.ImageGradients()(Tensor(X[0]))
    with pytest.raises(ValueError, match="groups"):
        nn.ChannelShuffle(0)
    with pytest.raises(TypeError, match="keep_dims"):
        nn.ReduceLogSumExp(1, keep_dims=1)


def test_new_activations_are_registered_by_name():
    for name, cls in (("softsign", nn.Softsign), ("softshrink", nn.SoftShrink),
                      ("tanhshrink", nn.Tanhshrink), ("softmin", nn.Softmin),
                      ("softmax2d", nn.Softmax2d)):
        assert type(nn.get_activation(name)) is cls
