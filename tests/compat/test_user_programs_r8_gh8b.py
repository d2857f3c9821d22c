"""Round 8 (gh8b): behaviours found by running public MindSpore programs under mindcell.

Each test is a small program written for this file in the style of what a user program did;
expected values were recorded from MindSpore 2.10 (CPU) through the ms-oracle.
"""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.ops import operations as P


def _inputs():
    rng = np.random.RandomState(0)
    x = ms.Tensor(rng.rand(3, 4).astype(np.float32) * 0.8 + 0.1)
    t = ms.Tensor(rng.rand(3, 4).astype(np.float32) * 0.8 + 0.1)
    wt = ms.Tensor(rng.rand(3, 4).astype(np.float32))
    pw = ms.Tensor(rng.rand(4).astype(np.float32))
    return x, t, wt, pw


def _loss_cases(wt, pw):
    return {
        # name: (loss of (input, target), MindSpore differentiates the target?)
        "P.KLDivLoss": (lambda a, b: P.KLDivLoss("sum")(a, b), False),
        "ops.kl_div": (lambda a, b: ops.kl_div(a, b, "sum"), False),
        "nn.KLDivLoss": (lambda a, b: nn.KLDivLoss("sum")(a, b), False),
        "P.SigmoidCrossEntropyWithLogits":
            (lambda a, b: P.SigmoidCrossEntropyWithLogits()(a, b).sum(), False),
        "P.SoftmaxCrossEntropyWithLogits":
            (lambda a, b: P.SoftmaxCrossEntropyWithLogits()(a, b)[0].sum(), False),
        "nn.SoftmaxCrossEntropyWithLogits":
            (lambda a, b: nn.SoftmaxCrossEntropyWithLogits(reduction="sum")(a, b), False),
        "P.BinaryCrossEntropy": (lambda a, b: P.BinaryCrossEntropy("sum")(a, b, wt), True),
        "ops.binary_cross_entropy":
            (lambda a, b: ops.binary_cross_entropy(a, b, wt, "sum"), True),
        "nn.BCELoss": (lambda a, b: nn.BCELoss(reduction="sum")(a, b), True),
        "P.BCEWithLogitsLoss": (lambda a, b: P.BCEWithLogitsLoss("sum")(a, b, wt, pw), True),
        "ops.binary_cross_entropy_with_logits":
            (lambda a, b: ops.binary_cross_entropy_with_logits(a, b, wt, pw, "sum"), True),
        "nn.BCEWithLogitsLoss": (lambda a, b: nn.BCEWithLogitsLoss("sum")(a, b), True),
        "P.SmoothL1Loss": (lambda a, b: P.SmoothL1Loss()(a, b).sum(), True),
        "ops.cross_entropy(prob)": (lambda a, b: ops.cross_entropy(a, b, reduction="sum"), True),
        "ops.huber_loss": (lambda a, b: ops.huber_loss(a, b, "sum"), True),
        "ops.l1_loss": (lambda a, b: ops.l1_loss(a, b, "sum"), True),
        "ops.mse_loss": (lambda a, b: ops.mse_loss(a, b, "sum"), True),
        "nn.MultiLabelSoftMarginLoss":
            (lambda a, b: nn.MultiLabelSoftMarginLoss(reduction="sum")(a, b), True),
    }


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_loss_target_gradient_follows_mindspore(mode):
    """TLC (zxk1212/TLC_mindspore) differentiates a KLDivLoss whose target is the softmax of
    the model's own output: MindSpore's KLDivLoss and SigmoidCrossEntropyWithLogits bprops
    give the target a zero gradient, the functional BCE/SmoothL1/... losses do not."""
    x, t, wt, pw = _inputs()
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        for name, (f, target_grad) in _loss_cases(wt, pw).items():
            _, (gx, gt) = ops.value_and_grad(f, (0, 1))(x, t)
            assert float(np.abs(gx.asnumpy()).sum()) > 0, name
            got = float(np.abs(gt.asnumpy()).sum())
            assert (got > 0) == target_grad, (name, got)
    finally:
        ms.set_context(mode=old)


def test_kldiv_values_and_logit_gradient():
    """The loss value and the gradient for the log-probabilities are unchanged (MindSpore 2.10:
    loss -7.19199, |d logits| 6.93808)."""
    x, t, _, _ = _inputs()
    loss, g = ops.value_and_grad(lambda a, b: ops.kl_div(a, b, "sum"), 0)(x, t)
    np.testing.assert_allclose(float(loss), -7.19199, rtol=1e-5)
    np.testing.assert_allclose(float(np.abs(g.asnumpy()).sum()), 6.93808, rtol=1e-5)
    np.testing.assert_allclose(g.asnumpy(), -t.asnumpy(), rtol=1e-6)
