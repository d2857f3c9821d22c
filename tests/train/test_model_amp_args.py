"""``Model(..., amp_level, boost_level, loss_scale_manager, keep_batchnorm_fp32)`` as in
MindSpore: the training step follows them (a loss scale manager scales the loss and the step
unscales it, so the trained parameters equal unscaled training); unknown keywords raise."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn
from mindcell.dataset import NumpySlicesDataset
from mindcell.train import Model
from mindcell.train.loss_scale_manager import DynamicLossScaleManager, FixedLossScaleManager

MODES = [ms.PYNATIVE_MODE, ms.GRAPH_MODE]


def _net():
    ms.set_seed(3)
    return nn.SequentialCell(nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 3))


def _data():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(48, 4)).astype(np.float32)
    y = (x[:, 0] > 0).astype(np.int32) + (x[:, 1] > 0).astype(np.int32)
    return NumpySlicesDataset({"data": x, "label": y}, shuffle=False).batch(12)


def _train(scale, **kwargs):
    net = _net()
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9, loss_scale=scale)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"), opt,
                  metrics={"acc"}, **kwargs)
    model.train(2, _data())
    return model, [p.asnumpy() for p in net.trainable_params()]


# (optimizer loss_scale, Model keyword arguments, the training cell used)
SCALED = [
    (128.0, {"loss_scale_manager": FixedLossScaleManager(128.0, drop_overflow_update=False)},
     nn.TrainOneStepCell),
    (1.0, {"loss_scale_manager": FixedLossScaleManager(256.0)}, nn.TrainOneStepWithLossScaleCell),
    (1.0, {"loss_scale_manager": DynamicLossScaleManager(2 ** 10, 2, 3)},
     nn.TrainOneStepWithLossScaleCell),
    (1.0, {"amp_level": "O0", "boost_level": "O0"}, nn.TrainOneStepCell),
]


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("scale, kwargs, cell", SCALED)
def test_loss_scaled_training_equals_unscaled(mode, scale, kwargs, cell):
    ms.set_context(mode=mode)
    _, reference = _train(1.0)
    model, params = _train(scale, **kwargs)
    assert type(model.train_network) is cell
    for p, r in zip(params, reference):
        np.testing.assert_allclose(p, r, rtol=1e-5, atol=1e-6)
    assert not np.allclose(reference[0], [p.asnumpy() for p in _net().trainable_params()][0])


@pytest.mark.parametrize("mode", MODES)
def test_amp_level_o2_computes_in_float16_and_evaluates(mode):
    ms.set_context(mode=mode)
    model, params = _train(1.0, amp_level="O2",
                           loss_scale_manager=DynamicLossScaleManager(2 ** 10, 2, 100))
    _, reference = _train(1.0)
    assert type(model.train_network) is nn.TrainOneStepWithLossScaleCell
    assert type(_train(1.0, amp_level="O2")[0].train_network) is \
        nn.TrainOneStepWithLossScaleCell  # O2's default: a dynamic scale
    assert model.network(Tensor(np.ones((2, 4), np.float32))).dtype == ms.float16
    assert all(p.dtype == np.float32 for p in params)
    for p, r in zip(params, reference):
        np.testing.assert_allclose(p, r, rtol=0.05, atol=0.02)
    res = model.eval(_data())
    assert 0.0 <= res["acc"] <= 1.0


@pytest.mark.parametrize("kwargs, err, msg", [
    ({"loss_scale_manger": FixedLossScaleManager()}, ValueError,
     "Model: unsupported keyword arguments ['loss_scale_manger']"),
    ({"amp_level": "O4"}, ValueError, "Model: 'amp_level' must be"),
    ({"boost_level": "O5"}, ValueError, "Model: build_train_network: 'boost_level'"),
    ({"loss_scale_manager": 128.0}, TypeError, "Model: build_train_network: 'loss_scale_manager'"),
])
def test_bad_arguments_raise(kwargs, err, msg):
    net = _net()
    with pytest.raises(err) as e:
        Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9), **kwargs)
    assert msg in str(e.value)


def test_fixed_scale_different_from_the_optimizers_trains_as_mindspore_does():
    """MindSpore 2.10 (ms-oracle) builds a TrainOneStepCell with the manager's scale as sens
    even when the optimizer's loss_scale differs: the update is scaled by their ratio."""
    net = _net()
    model = Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9),
                  loss_scale_manager=FixedLossScaleManager(64.0, False))
    assert type(model.train_network) is nn.TrainOneStepCell
    assert model.train_network.sens == 64.0


@pytest.mark.parametrize("label_dtype, expected", [
    (np.int32, ms.int32), (np.float16, ms.float32), (np.float32, ms.float32)])
def test_with_eval_cell_casts_only_float_tensors(label_dtype, expected):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = nn.Dense(4, 3).to_float(ms.float16)
    cell = nn.WithEvalCell(net, lambda out, label: out.sum(), add_cast_fp32=True)
    _, out, label = cell(Tensor(np.ones((2, 4), np.float32)), Tensor(np.ones(2, label_dtype)))
    assert out.dtype == ms.float32 and label.dtype == expected
