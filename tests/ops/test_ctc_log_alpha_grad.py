"""ops.ctc_loss returns (loss, log_alpha): the loss is differentiable, log_alpha is not, so a
gradient flowing into log_alpha raises a RuntimeError in both modes (it was silently dropped);
a zero cotangent for log_alpha (the output unused, or multiplied by 0) leaves the loss gradient
unchanged."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops, Tensor

RNG = np.random.default_rng(0)
LOG_PROBS = Tensor(np.log(RNG.dirichlet(np.ones(4), (5, 2))))
TARGETS = Tensor(np.array([[1, 2], [3, 0]], np.int32))
IN_LEN, TGT_LEN = Tensor(np.array([5, 4], np.int32)), Tensor(np.array([2, 1], np.int32))


def _loss(x, reduction="mean"):
    return ops.ctc_loss(x, TARGETS, IN_LEN, TGT_LEN, reduction=reduction)


def _grad(fn, mode):
    g = ops.grad(fn)
    return (ms.jit(g) if mode == ms.GRAPH_MODE else g)(LOG_PROBS)


@pytest.mark.parametrize("through", [
    lambda la: la.clip(-30.0, 0.0).sum(),
    lambda la: la[0, 0, 0] * 2,
    lambda la: ops.exp(la).mean(),
])
@pytest.mark.parametrize("reduction", ["mean", "sum", "none"])
def test_gradient_into_log_alpha_raises(mode, through, reduction):
    def fn(x):
        loss, log_alpha = _loss(x, reduction)
        return loss.sum() + through(log_alpha)
    with pytest.raises(RuntimeError, match="ctc_loss: the 'log_alpha' output cannot be diff"):
        _grad(fn, mode).asnumpy()


def test_zero_log_alpha_cotangent_keeps_the_loss_gradient(mode):
    plain = _grad(lambda x: _loss(x)[0], mode).asnumpy()
    masked = _grad(lambda x: _loss(x)[0] + 0.0 * _loss(x)[1][0, 0, 0], mode).asnumpy()
    assert np.isfinite(plain).all() and np.abs(plain).max() > 0
    np.testing.assert_array_equal(masked, plain)
