"""Round 9 (zoo9): mechanisms found running mindspore-ai/models official/ programs (ResNet, ViT,
SwinTransformer, LSTM, DeepLabV3 ...) under mindcell. Small programs written for these tests, in
the style of what the programs do; the expected behaviour and values were read from MindSpore
2.10 (CPU) with the ms-oracle."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops
from mindcell.ops import operations as P


def _t(dtype, shape=(2, 3), value=0.3):
    return ms.Tensor(np.full(shape, value), dtype)


_IDX = ms.Tensor(np.array([0, 1]), ms.int64)

# MindSpore 2.10's loss primitives cast neither input: logits of one float dtype with labels
# (or a weight) of another is their TypeError, whichever face the program calls (the primitive,
# the nn loss or the function). SwinTransformer under amp_level O1 fed float16 logits and
# float32 one-hot labels to SoftmaxCrossEntropyWithLogits: MindSpore stops there, mindcell ran
# on in float16. Each case: (call, MindSpore raises TypeError).
_LOSS_DTYPE_CASES = {
    "P.SoftmaxCrossEntropyWithLogits f16/f32": (
        lambda: P.SoftmaxCrossEntropyWithLogits()(_t(ms.float16), _t(ms.float32)), True),
    "P.SoftmaxCrossEntropyWithLogits f32/f32": (
        lambda: P.SoftmaxCrossEntropyWithLogits()(_t(ms.float32), _t(ms.float32)), False),
    "nn.SoftmaxCrossEntropyWithLogits f16/f32": (
        lambda: nn.SoftmaxCrossEntropyWithLogits()(_t(ms.float16), _t(ms.float32)), True),
    "nn.SoftmaxCrossEntropyWithLogits f32/f64": (
        lambda: nn.SoftmaxCrossEntropyWithLogits()(_t(ms.float32), _t(ms.float64)), True),
    # the sparse form's one-hot labels are float32 (its on_value/off_value)
    "nn.SoftmaxCrossEntropyWithLogits sparse f16": (
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(_t(ms.float16), _IDX), True),
    "nn.SoftmaxCrossEntropyWithLogits sparse f64": (
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(_t(ms.float64), _IDX), True),
    "nn.SoftmaxCrossEntropyWithLogits sparse f32": (
        lambda: nn.SoftmaxCrossEntropyWithLogits(sparse=True)(_t(ms.float32), _IDX), False),
    "ops.cross_entropy f16/f32": (lambda: ops.cross_entropy(_t(ms.float16), _t(ms.float32)),
                                  False),
    "P.BinaryCrossEntropy labels f64": (
        lambda: P.BinaryCrossEntropy()(_t(ms.float32), _t(ms.float64)), True),
    "P.BinaryCrossEntropy weight f16": (
        lambda: P.BinaryCrossEntropy()(_t(ms.float32), _t(ms.float32), _t(ms.float16)), True),
    "nn.BCELoss f16/f32": (lambda: nn.BCELoss()(_t(ms.float16), _t(ms.float32)), True),
    "ops.binary_cross_entropy f16/f32": (
        lambda: ops.binary_cross_entropy(_t(ms.float16), _t(ms.float32)), True),
    "ops.binary_cross_entropy f16/f16": (
        lambda: ops.binary_cross_entropy(_t(ms.float16), _t(ms.float16)), False),
    "P.KLDivLoss f64/f32": (lambda: P.KLDivLoss()(_t(ms.float64), _t(ms.float32)), True),
    "ops.kl_div f16/f32": (lambda: ops.kl_div(_t(ms.float16), _t(ms.float32)), True),
    "P.MultiMarginLoss x32 w16": (
        lambda: P.MultiMarginLoss()(_t(ms.float32), _IDX, _t(ms.float16, (3,))), True),
    "P.MultiMarginLoss x16 w16": (
        lambda: P.MultiMarginLoss()(_t(ms.float16), _IDX, _t(ms.float16, (3,))), False),
    "nn.MultiMarginLoss x32 w16": (
        lambda: nn.MultiMarginLoss(weight=_t(ms.float16, (3,)))(_t(ms.float32), _IDX), True),
    "ops.multi_margin_loss x32 w16": (
        lambda: ops.multi_margin_loss(_t(ms.float32), _IDX, weight=_t(ms.float16, (3,))), True),
}


@pytest.mark.parametrize("name", sorted(_LOSS_DTYPE_CASES))
def test_loss_primitives_do_not_cast_labels(name):
    call, raises = _LOSS_DTYPE_CASES[name]
    if raises:
        with pytest.raises(TypeError, match="dtype"):
            call()
    else:
        out = call()
        out = out[0] if isinstance(out, tuple) else out
        assert np.isfinite(out.asnumpy()).all()


class _Head(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 4, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return self.dense(x)


def test_swin_style_float16_logits_with_float32_onehot_labels(mode):
    """A float16 network's logits against float32 smoothed one-hot labels (SwinTransformer's
    CrossEntropySmooth under amp): MindSpore 2.10 raises; casting the logits to float32 first,
    as the amp O2/O3 output cast does, runs."""
    net = _Head().to_float(ms.float16)
    ce = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")
    onehot = ops.OneHot()
    x = ms.Tensor(np.ones((2, 3), np.float32))
    y = ms.Tensor(np.array([1, 2], np.int32))

    def loss(cast):
        logits = net(x)
        if cast:
            logits = ops.cast(logits, ms.float32)
        lab = onehot(y, 4, ms.Tensor(0.9, ms.float32), ms.Tensor(0.1 / 3, ms.float32))
        return ce(logits, lab)

    with pytest.raises(TypeError, match="dtype"):
        loss(False)
    # all four logits equal: the loss is log(4)
    assert abs(float(loss(True).asnumpy()) - np.log(4.0)) < 1e-3


def test_model_momentum_loss_scale_weight_decay_matches_mindspore(mode):
    """ResNet/DeepLabV3's training set-up: Momentum with weight_decay and loss_scale, a
    per-step learning-rate list, Model with FixedLossScaleManager(drop_overflow_update=False).
    Weights after 4 steps as MindSpore 2.10 computes them (ms-oracle, both modes); MindSpore
    applies the decay to the scaled gradients before unscaling them."""
    net = nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
    wl = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(wl.trainable_params(), learning_rate=[0.1, 0.05, 0.02, 0.01],
                      momentum=0.9, weight_decay=0.1, loss_scale=1024.0)
    model = ms.Model(wl, optimizer=opt, loss_scale_manager=ms.FixedLossScaleManager(
        1024.0, drop_overflow_update=False))
    x = np.arange(12, dtype=np.float32).reshape(4, 3) / 10
    y = np.ones((4, 2), np.float32)
    data = ms.dataset.NumpySlicesDataset((x, y), shuffle=False).batch(2)
    model.train(2, data, dataset_sink_mode=False)
    np.testing.assert_allclose(net.weight.asnumpy(),
                               [[0.863848, 0.856127, 0.848406]] * 2, rtol=0, atol=3e-6)
    np.testing.assert_allclose(net.bias.asnumpy(), [-0.077209] * 2, rtol=0, atol=3e-6)


def test_dynamic_lr_list_shorter_than_the_run_is_an_error():
    """A learning-rate list with fewer values than training steps: MindSpore 2.10 fails with a
    RuntimeError (its Gather reads out of range); mindcell names the list and the step
    (PYNATIVE_MODE; under GRAPH_MODE mindcell's error is still gather's ValueError)."""
    old = ms.get_context("mode")
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = nn.Dense(3, 2)
    wl = nn.WithLossCell(net, nn.MSELoss())
    opt = nn.Momentum(wl.trainable_params(), learning_rate=[0.1, 0.05, 0.02], momentum=0.9)
    model = ms.Model(wl, optimizer=opt)
    x = np.ones((4, 3), np.float32)
    data = ms.dataset.NumpySlicesDataset((x, np.ones((4, 2), np.float32)),
                                         shuffle=False).batch(1)
    try:
        with pytest.raises(RuntimeError, match="learning rate"):
            model.train(1, data, dataset_sink_mode=False)
    finally:
        ms.set_context(mode=old)
