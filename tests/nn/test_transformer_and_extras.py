"""MultiheadAttention / TransformerEncoderLayer against numpy, Adagrad/RMSProp/schedules,
experimental optimizers, Model with callbacks and datasets."""
import os

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.experimental import optim
from mindcell.testing import assert_modes_agree
from mindcell.train import (Model, LossMonitor, TimeMonitor, ModelCheckpoint,
                            CheckpointConfig)
import mindcell.dataset as ds


def _softmax(z):
    e = np.exp(z - z.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def test_multihead_attention_matches_numpy(mode):
    ms.set_seed(0)
    mha = nn.MultiheadAttention(8, 2, batch_first=True)
    x = np.random.default_rng(0).standard_normal((2, 5, 8)).astype(np.float32)
    mask = np.triu(np.ones((5, 5), bool), 1)
    out, weights = mha(Tensor(x), Tensor(x), Tensor(x), attn_mask=Tensor(mask))
    w, b = mha.in_proj_weight.asnumpy(), mha.in_proj_bias.asnumpy()
    q, k, v = (x @ w[i * 8:(i + 1) * 8].T + b[i * 8:(i + 1) * 8] for i in range(3))
    split = lambda t: t.reshape(2, 5, 2, 4).transpose(0, 2, 1, 3)  # noqa: E731
    s = split(q) @ split(k).transpose(0, 1, 3, 2) / 2.0
    s = np.where(mask, -np.inf, s)
    p = _softmax(s)
    o = (p @ split(v)).transpose(0, 2, 1, 3).reshape(2, 5, 8)
    o = o @ mha.out_proj.weight.asnumpy().T + mha.out_proj.bias.asnumpy()
    np.testing.assert_allclose(out.asnumpy(), o, rtol=1e-4, atol=1e-5)
    np.testing.assert_allclose(weights.asnumpy(), p.mean(1), rtol=1e-4, atol=1e-6)


def test_transformer_encoder_layer_modes_agree():
    ms.set_seed(0)
    layer = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0, batch_first=True,
                                       norm_first=True, activation="gelu")
    assert_modes_agree(layer, Tensor(np.random.default_rng(1).standard_normal(
        (2, 4, 8)).astype(np.float32)))
    seq_first = nn.TransformerEncoderLayer(8, 2, dim_feedforward=16, dropout=0.0)
    assert seq_first(Tensor(np.ones((4, 2, 8), np.float32))).shape == (4, 2, 8)


@pytest.mark.parametrize("make", [
    lambda p: nn.Adagrad(p, learning_rate=0.1), lambda p: nn.RMSProp(p, 0.01, momentum=0.5),
    lambda p: nn.RMSProp(p, 0.01, centered=True),
    lambda p: nn.SGD(p, nn.ExponentialDecayLR(0.1, 0.5, 2)),
    lambda p: nn.Adam(p, nn.CosineDecayLR(0.001, 0.05, 10)), lambda p: nn.SGD(p, nn.WarmUpLR(0.1, 3)),
    lambda p: optim.SGD(p, lr=0.05, momentum=0.9), lambda p: optim.Adam(p, lr=0.05),
    lambda p: optim.AdamW(p, lr=0.05),
])
def test_more_optimizers_train_and_agree_between_modes(make):
    losses = []
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        ms.set_seed(0)
        net = nn.Dense(3, 1)
        x = Tensor(np.random.default_rng(0).standard_normal((16, 3)).astype(np.float32))
        y = Tensor(np.ones((16, 1), np.float32))
        step = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), make(
            net.trainable_params()))
        losses.append([float(step(x, y).asnumpy()) for _ in range(15)])
    assert losses[0][-1] < losses[0][0]
    np.testing.assert_allclose(losses[0], losses[1], rtol=1e-4)


def test_lr_functions():
    assert nn.exponential_decay_lr(0.1, 0.5, 4, 1, 1) == [0.1, 0.05, 0.025, 0.0125]
    assert nn.piecewise_constant_lr([2, 4], [0.1, 0.01]) == [0.1, 0.1, 0.01, 0.01]
    assert nn.warmup_lr(0.1, 3, 1, 2) == [0.0, 0.05, 0.1]
    cos = nn.cosine_decay_lr(0.0, 1.0, 3, 1, 2)
    np.testing.assert_allclose(cos, [1.0, 0.5, 0.0], atol=1e-12)
    with pytest.raises(ValueError):
        nn.exponential_decay_lr(0.1, 0.5, 0, 1, 1)


def test_model_trains_evaluates_and_checkpoints(tmp_path, capsys):
    rng = np.random.default_rng(0)
    x = rng.standard_normal((96, 4)).astype(np.float32)
    y = (x[:, 0] + x[:, 1] > 0).astype(np.int32)
    data = ds.NumpySlicesDataset((x, y), column_names=["x", "y"], shuffle=True).batch(16)
    assert data.get_dataset_size() == 6
    ms.set_seed(0)
    net = nn.Dense(4, 2)
    model = Model(net, nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean"),
                  nn.Momentum(net.trainable_params(), 0.1, 0.9), metrics={"acc", "loss"})
    monitor = LossMonitor(3)
    ckpt = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(save_checkpoint_steps=6,
                                                                  keep_checkpoint_max=2))
    model.train(5, data, callbacks=[monitor, TimeMonitor(), ckpt])
    assert monitor.losses[-1] < monitor.losses[0]
    assert sorted(os.listdir(tmp_path)) == ["net-4_6.ckpt", "net-5_6.ckpt"]
    result = model.eval(ds.NumpySlicesDataset((x, y), shuffle=False).batch(32))
    assert result["acc"] > 0.9 and result["loss"] < 0.5
    assert model.predict(x[:3]).shape == (3, 2)
    assert "loss is" in capsys.readouterr().out
    with pytest.raises(TypeError):
        model.train(1, data, callbacks=[object()])


def test_generator_dataset():
    def gen():
        for i in range(5):
            yield np.array([i], np.float32), np.array(i % 2, np.int32)

    data = ds.GeneratorDataset(gen, ["x", "y"]).batch(2, drop_remainder=True)
    batches = list(data.create_tuple_iterator())
    assert len(batches) == 2 == data.get_dataset_size()
    assert batches[0][0].shape == (2, 1)
