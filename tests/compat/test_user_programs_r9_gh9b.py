"""Round 9 (gh9b): behaviours found by running public MindSpore programs under mindcell.

Each test is a small program written for this file in the style of what a user program did;
expected values and messages were recorded from MindSpore 2.10 (CPU) through the ms-oracle.
"""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn


class _ThreeInputNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 2)

    def construct(self, a, b, c):
        return self.dense(a + b + c)


def _columns_dataset(ncol):
    rng = np.random.RandomState(0)
    cols = [rng.rand(8, 4).astype(np.float32) for _ in range(ncol - 1)]
    cols.append(rng.randint(0, 2, 8).astype(np.int32))
    return ds.NumpySlicesDataset(tuple(cols), column_names=["c%d" % i for i in range(ncol)],
                                 shuffle=False).batch(4)


@pytest.mark.parametrize("how", ["train", "train_sink", "fit"])
@pytest.mark.parametrize("ncol", [1, 3, 4])
def test_model_with_loss_fn_needs_two_dataset_columns(how, ncol):
    """A multi-modal program (yuanjianzhang0/mindspore_cadt) gave Model(net, loss_fn, opt) a
    dataset of 4 columns: MindSpore 2.10 stops with a ValueError naming 'loss_fn' and
    'train_dataset' before the first step (also in sink mode and fit), not with the
    WithLossCell's TypeError."""
    net = _ThreeInputNet()
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.SGD(net.trainable_params()), metrics={"acc": nn.Accuracy()})
    before = net.dense.weight.asnumpy().copy()
    with pytest.raises(ValueError) as info:
        if how == "train":
            model.train(1, _columns_dataset(ncol))
        elif how == "train_sink":
            model.train(1, _columns_dataset(ncol), dataset_sink_mode=True)
        else:
            model.fit(1, _columns_dataset(ncol), _columns_dataset(ncol))
    assert str(info.value) == (
        "When 'loss_fn' is not None, 'train_dataset' should return two elements, but got %d, "
        "please check the number of elements returned by 'train_dataset'" % ncol)
    np.testing.assert_array_equal(net.dense.weight.asnumpy(), before)


def test_model_with_loss_fn_two_columns_still_trains():
    """The check lets the ordinary (data, label) dataset through."""
    net = nn.Dense(4, 2)
    model = ms.Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                     nn.SGD(net.trainable_params(), learning_rate=0.5))
    before = net.weight.asnumpy().copy()
    model.train(1, _columns_dataset(2))
    assert not np.allclose(net.weight.asnumpy(), before)


def test_private_handle_loss_of_callback_module():
    """A GhostNet notebook (Tennine2077/mindspore_Ghostnet) subclasses LossMonitor with
    ``from mindspore.train.callback._callback import Callback, _handle_loss``; MindSpore 2.10
    turns a loss into a float (the mean of an array) but gives the first element of a tuple or
    list back as it is."""
    import importlib

    import mindcell.compat
    mindcell.compat.install()
    try:
        mod = importlib.import_module("mindspore.train.callback._callback")
    finally:
        mindcell.compat.uninstall()
    assert issubclass(mod.Callback, object) and mod.Callback is ms.train.Callback
    _handle_loss = mod._handle_loss
    f32 = np.float32
    got = _handle_loss(ms.Tensor(f32(2.5)))
    assert isinstance(got, float) and got == 2.5
    got = _handle_loss(ms.Tensor(np.array([1.5, 3.0], f32)))
    assert isinstance(got, float) and got == 2.25
    got = _handle_loss((ms.Tensor(f32(4.0)), ms.Tensor(f32(1.0))))
    assert isinstance(got, ms.Tensor) and float(got.asnumpy()) == 4.0
    got = _handle_loss([ms.Tensor(f32(7.0))])
    assert isinstance(got, ms.Tensor) and float(got.asnumpy()) == 7.0
    assert _handle_loss(3.25) == 3.25


class _SensClipStep(nn.Cell):
    """A 1.x training wrapper in the style of a TasNet reproduction: the sensitivity filled
    with P.Fill, gradients clipped by their global norm before the optimizer."""

    def __init__(self, network, optimizer):
        super().__init__(auto_prefix=False)
        from mindcell.ops import composite as C
        from mindcell.ops import operations as P
        self.network = network
        self.weights = optimizer.parameters
        self.optimizer = optimizer
        self.grad = C.GradOperation(get_by_list=True, sens_param=True)
        self.fill = P.Fill()
        self.clip = C.clip_by_global_norm

    def construct(self, x, y):
        loss = self.network(x, y)
        sens = self.fill(loss.dtype, loss.shape, 1.0)
        grads = self.grad(self.network, self.weights)(x, y, sens)
        grads = self.clip(grads, clip_norm=0.5)
        self.optimizer(grads)
        return loss


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sens_clip_adam_loss_scale_piecewise_lr_matches_mindspore(mode):
    """SsssSunhy/Tasnet-Mindspore-on-Librimix trains with nn.Adam(weight_decay, loss_scale=0.01)
    over nn.piecewise_constant_lr, through a GradOperation(sens_param=True) step that clips by
    global norm; MindSpore 2.10's losses and weights after 5 steps (ms-oracle)."""
    old = ms.get_context("mode")
    ms.set_context(mode=mode)
    try:
        rng = np.random.RandomState(0)
        net = nn.Dense(5, 3)
        net.weight.set_data(ms.Tensor(rng.randn(3, 5).astype(np.float32)))
        net.bias.set_data(ms.Tensor(rng.randn(3).astype(np.float32)))
        lr = nn.piecewise_constant_lr([2, 4, 6], [1e-1, 3e-2, 1e-2])
        opt = nn.Adam(net.trainable_params(), learning_rate=lr, weight_decay=0.01,
                      loss_scale=0.01)
        step = _SensClipStep(nn.WithLossCell(net, nn.MSELoss()), opt)
        step.set_train()
        x = ms.Tensor(rng.randn(4, 5).astype(np.float32))
        y = ms.Tensor(rng.randn(4, 3).astype(np.float32))
        losses = [float(step(x, y).asnumpy()) for _ in range(5)]
    finally:
        ms.set_context(mode=old)
    np.testing.assert_allclose(losses, [8.096652, 6.497129, 5.161125, 4.808197, 4.474432],
                               rtol=2e-5)
    np.testing.assert_allclose(float(net.weight.asnumpy().sum()), 8.849838, rtol=2e-5)
    np.testing.assert_allclose(float(net.bias.asnumpy().sum()), 0.817726, rtol=2e-5)
