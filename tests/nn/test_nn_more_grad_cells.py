"""nn.WithGradCell, Jvp and Vjp: GRAPH_MODE gives what PYNATIVE gives and both equal the
analytic derivatives. MindSpore 2.10's values are in tests/goldens/nn_more/ (008)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

X = np.array([[1.0, 2.0], [-1.0, 0.5], [0.3, 0.3]], np.float32)
Y = np.array([[1.0], [0.0], [2.0]], np.float32)


def _in_modes(fn):
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(fn())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    return outs


def _np(t):
    return [_np(o) for o in t] if isinstance(t, (tuple, list)) else t.asnumpy()


def test_with_grad_cell_equals_the_analytic_gradient():
    def run():
        net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        return _np(nn.WithGradCell(net, nn.MSELoss())(Tensor(X), Tensor(Y)))
    pyn, graph = _in_modes(run)
    r = X.sum(1, keepdims=True) - Y                     # residual of w = ones, b = 0
    np.testing.assert_allclose(pyn[0], (2 * r * X).mean(0, keepdims=True), rtol=1e-6)
    np.testing.assert_allclose(pyn[1], [(2 * r).mean()], rtol=1e-6)
    for a, b in zip(pyn, graph):
        np.testing.assert_allclose(a, b, rtol=1e-6)
    sens = np.array([[1.0], [2.0], [-1.0]], np.float32)
    net = nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
    g = _np(nn.WithGradCell(net, sens=Tensor(sens))(Tensor(X)))
    np.testing.assert_allclose(g[0], sens.T @ X, rtol=1e-6)


@pytest.mark.parametrize("cls", [nn.Jvp, nn.Vjp])
def test_jvp_vjp_of_an_elementwise_function(cls):
    def f(a, b):
        return a * a * b
    a = np.array([1.0, -2.0, 0.5], np.float32)
    b = np.array([0.3, 0.7, -1.0], np.float32)
    va, vb = np.array([1.0, 0.5, 2.0], np.float32), np.array([-1.0, 1.0, 0.25], np.float32)
    if cls is nn.Jvp:
        pyn, graph = _in_modes(lambda: _np(cls(f)(Tensor(a), Tensor(b),
                                                   (Tensor(va), Tensor(vb)))))
        np.testing.assert_allclose(pyn[1], 2 * a * b * va + a * a * vb, rtol=1e-6)
    else:
        pyn, graph = _in_modes(lambda: _np(cls(f)(Tensor(a), Tensor(b), Tensor(va))))
        np.testing.assert_allclose(pyn[1][0], 2 * a * b * va, rtol=1e-6)
        np.testing.assert_allclose(pyn[1][1], a * a * va, rtol=1e-6)
    np.testing.assert_allclose(pyn[0], a * a * b, rtol=1e-6)
    np.testing.assert_allclose(np.concatenate([np.ravel(p) for p in pyn[1:]]),
                               np.concatenate([np.ravel(g) for g in graph[1:]]), rtol=1e-6)
