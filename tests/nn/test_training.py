"""Losses, optimizers and training wrappers, in both modes."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter


def _problem(seed=0):
    rng = np.random.default_rng(seed)
    x = rng.standard_normal((32, 4)).astype(np.float32)
    w = rng.standard_normal((4, 1)).astype(np.float32)
    return Tensor(x), Tensor(x @ w + 0.1)


@pytest.mark.parametrize("make_opt", [
    lambda p: nn.SGD(p, learning_rate=0.05),
    lambda p: nn.SGD(p, learning_rate=0.05, momentum=0.9, nesterov=True, weight_decay=1e-3),
    lambda p: nn.Momentum(p, learning_rate=0.05, momentum=0.9),
    lambda p: nn.Adam(p, learning_rate=0.05),
    lambda p: nn.AdamWeightDecay(p, learning_rate=0.05, weight_decay=0.01),
    lambda p: nn.SGD(p, learning_rate=[0.05] * 5 + [0.01] * 100),
], ids=["sgd", "nesterov", "momentum", "adam", "adamw", "lr_list"])
def test_training_reduces_the_loss_and_modes_agree(make_opt):
    results = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        ms.set_seed(0)
        net = nn.Dense(4, 1)
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), make_opt(
            net.trainable_params()))
        x, y = _problem()
        losses = [float(step(x, y).asnumpy()) for _ in range(20)]
        assert losses[-1] < 0.5 * losses[0]
        results.append((losses, net.weight.asnumpy()))
    np.testing.assert_allclose(results[0][0], results[1][0], rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(results[0][1], results[1][1], rtol=1e-4, atol=1e-6)


def test_sgd_matches_a_numpy_transcription():
    p = Parameter(Tensor(np.array([1.0, -2.0], np.float32)), name="p")
    opt = nn.SGD([p], learning_rate=0.1, momentum=0.9, dampening=0.0, weight_decay=0.1,
                 nesterov=True)
    w, accum = np.array([1.0, -2.0]), None
    for step in range(3):
        g = np.array([0.5, 0.25]) * (step + 1)
        opt((Tensor(g.astype(np.float32)),))
        gd = g + 0.1 * w
        accum = gd if accum is None else 0.9 * accum + gd
        w = w - 0.1 * (gd + 0.9 * accum)
        np.testing.assert_allclose(p.asnumpy(), w, rtol=1e-5)


@pytest.mark.parametrize("mode", [ms.PYNATIVE_MODE, ms.GRAPH_MODE])
def test_sgd_first_step_flags_are_cleared_by_the_update(mode):
    """nn.SGD's 'stat.<p>' flags (parameter-shaped, as in MindSpore's checkpoints) start at 1
    and are 0 after the first step, which took accum = g; later steps use the momentum rule."""
    ms.set_context(mode=mode)
    net = nn.Dense(3, 2)
    w0 = net.weight.asnumpy().astype(np.float64)
    opt = nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.5)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt)
    assert all((s.asnumpy() == 1).all() for s in opt.stat)
    x = Tensor(np.ones((1, 3), np.float32))
    y = Tensor(np.zeros((1, 2), np.float32))
    weights, accum = [w0], None
    for _ in range(3):
        w = weights[-1]
        out = x.asnumpy() @ w.T + net.bias.asnumpy()
        g = (2.0 / out.size) * (out - y.asnumpy()).T @ x.asnumpy()  # d mse / d weight
        accum = g if accum is None else 0.5 * accum + g
        step(x, y)
        weights.append(w - 0.1 * accum)
        assert all((s.asnumpy() == 0).all() for s in opt.stat)
        np.testing.assert_allclose(net.weight.asnumpy(), weights[-1], rtol=1e-5, atol=1e-6)


def test_optimizer_state_names_and_groups():
    net = nn.Dense(2, 2)
    opt = nn.Adam([{"params": [net.weight], "lr": 0.1}, {"params": [net.bias],
                                                          "weight_decay": 0.0}],
                  learning_rate=0.01)
    assert [m.name for m in opt.moment1] == ["moment1.weight", "moment1.bias"]
    assert opt.beta1_power.name == "beta1_power"
    mom = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    assert [m.name for m in mom.moments] == ["moments.weight", "moments.bias"]


@pytest.mark.parametrize("bad", [
    lambda p: nn.SGD(p, learning_rate=-1), lambda p: nn.SGD([1, 2]),
    lambda p: nn.Adam(p, beta1=1.5), lambda p: nn.SGD(p, momentum=-0.1),
    lambda p: nn.SGD(p, nesterov=True), lambda p: nn.Momentum([], 0.1, 0.9),
])
def test_bad_optimizer_arguments(bad):
    with pytest.raises((ValueError, TypeError)):
        bad(nn.Dense(2, 2).trainable_params())


def test_losses_against_numpy():
    rng = np.random.default_rng(1)
    logits = rng.standard_normal((5, 4)).astype(np.float32)
    labels = rng.integers(0, 4, 5)
    logp = logits - np.log(np.exp(logits).sum(1, keepdims=True))
    ce = -logp[np.arange(5), labels]
    sparse = nn.SoftmaxCrossEntropyWithLogits(sparse=True)(Tensor(logits), Tensor(labels))
    np.testing.assert_allclose(sparse.asnumpy(), ce, rtol=1e-5)
    onehot = np.eye(4, dtype=np.float32)[labels]
    dense = nn.SoftmaxCrossEntropyWithLogits(reduction="mean")(Tensor(logits), Tensor(onehot))
    np.testing.assert_allclose(dense.asnumpy(), ce.mean(), rtol=1e-5)
    ignore = nn.CrossEntropyLoss(ignore_index=labels[0])(Tensor(logits), Tensor(labels))
    keep = labels != labels[0]
    np.testing.assert_allclose(ignore.asnumpy(), ce[keep].mean(), rtol=1e-5)
    with pytest.raises(ValueError, match="reduction"):
        nn.MSELoss(reduction="avg")
    bce = nn.BCEWithLogitsLoss()(Tensor(logits), Tensor((onehot > 0).astype(np.float32)))
    p = 1 / (1 + np.exp(-logits))
    want = -(onehot * np.log(p) + (1 - onehot) * np.log(1 - p)).mean()
    np.testing.assert_allclose(bce.asnumpy(), want, rtol=1e-5)


def test_train_one_step_sens_scales_the_update():
    for sens, expect in ((1.0, 1.0), (2.0, 2.0)):
        net = nn.Dense(1, 1, weight_init="zeros", bias_init="zeros")
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.L1Loss()),
                                   nn.SGD(net.trainable_params(), 1.0), sens=sens)
        step(Tensor(np.ones((1, 1), np.float32)), Tensor(np.ones((1, 1), np.float32)))
        assert net.bias.asnumpy().tolist() == [expect]


def test_train_step_runs_the_network_once_and_skips_unneeded_input_gradients(monkeypatch):
    from mindcell._core.primitive import REGISTRY
    ms.set_context(mode=ms.PYNATIVE_MODE)
    net = nn.SequentialCell([nn.Dense(4, 8), nn.ReLU(), nn.Dense(8, 1)])
    calls = []
    net.register_forward_hook(lambda cell, inputs, output: calls.append(1))
    matmul = REGISTRY["MatMul"]
    matmul.resolve_kernel()
    products = []
    kernel = matmul.kernel

    def counting(*arrays, **attrs):
        products.append(attrs)
        return kernel(*arrays, **attrs)
    monkeypatch.setattr(matmul, "kernel", counting)
    step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), nn.SGD(net.trainable_params(),
                                                                          learning_rate=0.1))
    x, y = _problem()
    losses = [float(step(x, y).asnumpy()) for _ in range(3)]
    assert losses[2] < losses[0]
    assert len(calls) == 3                  # one forward pass per step
    # per step: 2 forward products, 2 weight gradients, 1 input gradient (of the second
    # layer); the first layer's input gradient is not computed: x takes no gradient
    assert len(products) == 3 * 5


def test_grad_operation_by_list_does_not_track_the_first_input():
    x = Tensor(np.ones((2, 3), np.float32))
    net = nn.Dense(3, 2)
    grads = ops.GradOperation(get_by_list=True)(net, net.trainable_params())(x)
    assert len(grads) == 2 and grads[0].shape == (2, 3)
