"""Loss scaling (TrainOneStepWithLossScaleCell, the update cells, managers, scalers) and
automatic mixed precision (auto_mixed_precision, build_train_network), in both modes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, amp, nn

RNG = np.random.default_rng(0)
X = Tensor(RNG.standard_normal((16, 4)).astype(np.float32))
Y = Tensor((RNG.standard_normal((16, 1)) * 0.5).astype(np.float32))
BIG = Tensor(np.full((16, 4), 1e30, np.float32))


def _net():
    ms.set_seed(1)
    return nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 1)])


def _state(opt):
    return {n: p.asnumpy().copy() for n, p in opt.parameters_and_names()}


def test_overflow_skips_the_update_and_lowers_the_scale(mode):
    net = _net()
    opt = nn.Adam(net.trainable_params(), 0.01)
    cell = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()), opt,
                                            nn.DynamicLossScaleUpdateCell(2.0 ** 12, 2, 1000))
    cell(X, Y)
    before = _state(opt)
    loss, overflow, scale = cell(BIG, Y)
    assert bool(overflow.asnumpy()) and float(scale.asnumpy()) == 2.0 ** 12
    assert float(cell.scale_sense.asnumpy()) == 2.0 ** 11
    after = _state(opt)
    assert all(after[k].tobytes() == before[k].tobytes() for k in before), "state changed"
    loss, overflow, scale = cell(X, Y)
    assert not bool(overflow.asnumpy()) and float(scale.asnumpy()) == 2.0 ** 11
    assert any(_state(opt)[k].tobytes() != before[k].tobytes() for k in before)


def test_scaled_steps_equal_unscaled_steps(mode):
    """A power-of-two scale is exact: the same parameters as TrainOneStepCell."""
    nets = [_net(), _net()]
    plain = nn.TrainOneStepCell(nn.WithLossCell(nets[0], nn.MSELoss()),
                                nn.Momentum(nets[0].trainable_params(), 0.05, 0.9))
    scaled = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(nets[1], nn.MSELoss()),
        nn.Momentum(nets[1].trainable_params(), 0.05, 0.9), Tensor(np.float32(1024.0)))
    for _ in range(3):
        a = plain(X, Y)
        b, overflow, scale = scaled(X, Y)
        assert float(a.asnumpy()) == float(b.asnumpy()) and float(scale.asnumpy()) == 1024.0
    for p, q in zip(nets[0].trainable_params(), nets[1].trainable_params()):
        np.testing.assert_allclose(p.asnumpy(), q.asnumpy(), rtol=1e-6, atol=1e-7)


def test_dynamic_update_cell_grows_after_the_window(mode):
    net = _net()
    cell = nn.TrainOneStepWithLossScaleCell(
        nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(), 0.01),
        nn.DynamicLossScaleUpdateCell(8.0, 2, 2))
    manager = ms.DynamicLossScaleManager(8.0, 2, 2)
    seen = []
    for x in (X, X, X, BIG, X, X, X):
        _, overflow, scale = cell(x, Y)
        seen.append(float(scale.asnumpy()))
        assert manager.get_loss_scale() == seen[-1]
        manager.update_loss_scale(bool(overflow.asnumpy()))
    assert seen == [8.0, 8.0, 16.0, 16.0, 8.0, 8.0, 16.0]


def test_fixed_update_cell_and_validation():
    net = _net()
    cell = nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                            nn.SGD(net.trainable_params(), 0.01),
                                            nn.FixedLossScaleUpdateCell(64))
    _, overflow, scale = cell(BIG, Y)
    assert bool(overflow.asnumpy()) and float(scale.asnumpy()) == 64.0
    assert float(cell.scale_sense.asnumpy()) == 64.0
    with pytest.raises(TypeError, match="scale_sense"):
        nn.TrainOneStepWithLossScaleCell(nn.WithLossCell(net, nn.MSELoss()),
                                         nn.SGD(net.trainable_params(), 0.01), 2.0)
    with pytest.raises(ValueError, match="scale_window"):
        nn.DynamicLossScaleUpdateCell(8.0, 2, 0)
    with pytest.raises(ValueError, match="loss_scale"):
        ms.FixedLossScaleManager(0.5)


def test_auto_mixed_precision_levels():
    net = nn.SequentialCell([nn.Dense(4, 8), nn.BatchNorm1d(8), nn.Dense(8, 2)])
    out = amp.auto_mixed_precision(net, "O2")
    y = out(X)
    assert y.dtype == ms.float32
    assert all(p.dtype == ms.float32 for p in net.trainable_params())  # master weights
    assert net[0].__dict__["_mixed_precision_type"] is ms.float16
    assert net[1].__dict__["_mixed_precision_type"] is ms.float32
    net1 = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU()])
    assert amp.auto_mixed_precision(net1, "O1") is net1
    assert net1[0](X).dtype == ms.float32 and net1[0].__dict__["_mixed_precision_type"] \
        is ms.float16
    with pytest.raises(ValueError, match="amp_level"):
        amp.auto_mixed_precision(net1, "O4")


def _train(level, steps=60):
    net = _net()
    step = amp.build_train_network(net, nn.Momentum(net.trainable_params(), 0.05, 0.9),
                                   nn.MSELoss(), level=level)
    skipped = 0
    for _ in range(steps):
        out = step(X, Y)
        skipped += bool(out[1].asnumpy()) if isinstance(out, tuple) else 0
    loss = float(step.network(X, Y).asnumpy())  # after the last update
    return loss, step, skipped


def test_o2_training_reaches_the_float32_loss(mode):
    got, step, skipped = _train("O2")
    assert isinstance(step, nn.TrainOneStepWithLossScaleCell)
    # the default scale 2**24 overflows float16 at first: those steps are skipped
    assert 0 < skipped < 20
    ref = _train("O0", steps=60 - skipped)[0]
    assert got == pytest.approx(ref, rel=0.05, abs=2e-3)
    assert got < 0.5 * _train("O0", steps=0)[0]


def test_build_train_network_loss_scale_managers():
    net = _net()
    opt = nn.SGD(net.trainable_params(), 0.01)
    step = amp.build_train_network(net, opt, nn.MSELoss(), level="O0",
                                   loss_scale_manager=ms.FixedLossScaleManager(128.0))
    assert isinstance(step, nn.TrainOneStepWithLossScaleCell)
    # the optimizer's scale (1.0) differs from the manager's: MindSpore 2.10 builds the step
    # anyway (ms-oracle), scaling the update by their ratio
    step = amp.build_train_network(net, opt, nn.MSELoss(), level="O0",
                                   loss_scale_manager=ms.FixedLossScaleManager(128.0, False))
    assert isinstance(step, nn.TrainOneStepCell) and step.sens == 128.0
    opt2 = nn.SGD(net.trainable_params(), 0.01, loss_scale=128.0)
    step = amp.build_train_network(net, opt2, nn.MSELoss(), level="O0",
                                   loss_scale_manager=ms.FixedLossScaleManager(128.0, False))
    assert isinstance(step, nn.TrainOneStepCell)
    with pytest.raises(ValueError, match="level"):
        amp.build_train_network(net, opt, level="O5")


def test_loss_scalers():
    scaler = amp.DynamicLossScaler(1024.0, 2, 2)
    g = (Tensor(np.ones(3, np.float32)), Tensor(np.full(2, 4.0, np.float32)))
    scaled = scaler.scale(g)
    assert float(scaled[1].asnumpy()[0]) == 4096.0
    assert float(scaler.unscale(scaled)[1].asnumpy()[0]) == 4.0
    finite = amp.all_finite(g)
    assert bool(finite.asnumpy())
    assert not bool(amp.all_finite((Tensor(np.array([np.inf], np.float32)),)).asnumpy())
    values = []
    for ok in (True, True, False, True):
        scaler.adjust(Tensor(ok))
        values.append(float(scaler.scale_value.asnumpy()))
    assert values == [1024.0, 2048.0, 1024.0, 1024.0]
    static = amp.StaticLossScaler(8)
    assert float(static.unscale(static.scale(g[0])).asnumpy()[0]) == 1.0
    assert static.adjust(Tensor(False)) is False
    assert ms.amp.FixedLossScaleManager is ms.train.loss_scale_manager.FixedLossScaleManager
