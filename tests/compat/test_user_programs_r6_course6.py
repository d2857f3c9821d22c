"""Rules that course programs (mindspore-ai/course labs, the Deep_learning_with_MindSpore book,
GPT2, orange-pi notebooks, mindaudio and minddiffusion pieces) rely on, each checked against
MindSpore 2.10's behaviour (ms-oracle): the expected values below are what MindSpore returned."""
import os

import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds
from mindcell import nn
from mindcell.train import CheckpointConfig, Model, ModelCheckpoint


# ----- ModelCheckpoint never overwrites an earlier run's checkpoints -----------------------
# (the course's checkpoint lab trains, then resumes with the same prefix and loads
# 'ckpt/lenet_1-...ckpt': MindSpore renamed the second run's prefix; mindcell overwrote)
def _train_with(cb, epochs=1):
    data = ds.NumpySlicesDataset({"x": np.ones((6, 3), np.float32),
                                  "y": np.ones((6, 2), np.float32)}, shuffle=False).batch(3)
    net = nn.Dense(3, 2)
    Model(net, nn.MSELoss(), nn.Momentum(net.trainable_params(), 0.1, 0.9)).train(
        epochs, data, callbacks=[cb], dataset_sink_mode=False)


def test_model_checkpoint_renames_prefix_of_later_runs(tmp_path):
    folder = str(tmp_path)
    cfg = CheckpointConfig(save_checkpoint_steps=2)
    for prefix in ["lenet", "lenet", "lenet", "lenet_1"]:
        _train_with(ModelCheckpoint(prefix=prefix, directory=folder, config=cfg))
    assert sorted(os.listdir(folder)) == ["lenet-1_2.ckpt", "lenet_1-1_2.ckpt",
                                          "lenet_1_1-1_2.ckpt", "lenet_2-1_2.ckpt"]
    cb = ModelCheckpoint(prefix="lenet", directory=folder,
                         config=CheckpointConfig(save_checkpoint_steps=1, keep_checkpoint_max=2))
    _train_with(cb, epochs=2)
    assert sorted(f for f in os.listdir(folder) if f.startswith("lenet_3")) == [
        "lenet_3-2_1.ckpt", "lenet_3-2_2.ckpt"]
    # the latest file is an absolute path, as MindSpore's (a resolved directory)
    assert cb.latest_ckpt_file_name == os.path.join(os.path.realpath(folder), "lenet_3-2_2.ckpt")


def test_model_checkpoint_decides_the_prefix_when_built(tmp_path):
    folder = str(tmp_path)
    cfg = CheckpointConfig(save_checkpoint_steps=2)
    a, b = ModelCheckpoint("p", folder, cfg), ModelCheckpoint("p", folder, cfg)
    _train_with(a)
    _train_with(b)  # built before a saved: the same prefix, overwriting as in MindSpore
    assert sorted(os.listdir(folder)) == ["p-1_2.ckpt"]
    c = ModelCheckpoint("p", folder, cfg)
    _train_with(c)
    assert sorted(os.listdir(folder)) == ["p-1_2.ckpt", "p_1-1_2.ckpt"]
    assert c._prefix == "p_1" and c._directory == os.path.realpath(folder)


# prefix -> files already in the directory -> the prefix MindSpore 2.10 writes with
@pytest.mark.parametrize("prefix, files, chosen", [
    ("q", ["q_7-1_1.ckpt", "q-1_1.txt", "qa-1_1.ckpt", "q1-1_1.ckpt", "q_x-1_1.ckpt"], "q_8"),
    ("qa", ["qa-1_1.ckpt"], "qa_1"),
    ("r", ["r_3-1_1.safetensors"], "r_4"),
    ("s", ["s-1_1.txt"], "s"),
    ("t", ["t-1_1.safetensors"], "t_1"),
    ("u", ["u_2.ckpt"], "u"),
    ("v", ["v.ckpt"], "v"),
    ("w", ["w_2-1_1.ckpt", "w-3_1.ckpt"], "w_3"),
    ("x", ["x_1_breakpoint.ckpt", "x_breakpoint.ckpt"], "x"),
    ("y", ["y_0-1_1.ckpt"], "y_1"),
    ("k", ["k-graph.meta"], "k"),
    ("aa", ["aa-1_1.ckpt.tmp"], "aa"),
])
def test_model_checkpoint_prefix_rule(tmp_path, prefix, files, chosen):
    for name in files:
        (tmp_path / name).write_bytes(b"")
    assert ModelCheckpoint(prefix, str(tmp_path))._prefix == chosen


# ----- Model(net, loss_fn, optimizer=None).train runs the loss and updates nothing ----------
# (the course's optimizer lab trains "without an optimizer" as its baseline; MindSpore 2.10
# runs WithLossCell(net, loss) on every batch, mindcell raised RuntimeError)
def test_model_with_loss_and_no_optimizer_trains_nothing():
    x = np.arange(24, dtype=np.float32).reshape(6, 4) / 10
    y = np.array([0, 1, 2, 0, 1, 2], np.int32)
    data = ds.NumpySlicesDataset({"x": x, "y": y}, shuffle=False).batch(3)
    net = nn.Dense(4, 3)
    w0 = net.weight.asnumpy().copy()
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    model = Model(net, loss_fn=loss, optimizer=None, metrics={"acc"})
    seen = []

    class Keep(ms.train.Callback):
        def on_train_step_end(self, run_context):
            cb = run_context.original_args()
            seen.append((float(cb.net_outputs), type(cb.train_network).__name__, cb.optimizer))

    model.train(2, data, callbacks=[Keep()], dataset_sink_mode=False)
    assert np.array_equal(w0, net.weight.asnumpy())
    expected = [float(loss(net(ms.Tensor(x[i:i + 3])), ms.Tensor(y[i:i + 3]))) for i in (0, 3)]
    assert [s[0] for s in seen] == pytest.approx(expected * 2, rel=1e-6)
    assert {s[1:] for s in seen} == {("WithLossCell", None)}
    assert set(model.eval(data, dataset_sink_mode=False)) == {"acc"}
