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


# ----- Primitive classes MindSpore 2.10 has at ops / ops.operations: Argmin, NonZero,
# SearchSorted (the course's k-means lab builds P.Argmin(); mindcell lacked all three) ---------
_X = np.array([[1.0, -5.0, 2.0, -5.0], [7.0, 0.0, 0.0, 3.0]], np.float32)


@pytest.mark.parametrize("cls, args, expected, dtype", [
    ("Argmin", (), [1, 1], ms.int32),
    ("Argmin", (0,), [0, 0, 1, 0], ms.int32),
    ("Argmin", (0, ms.int64), [0, 0, 1, 0], ms.int64),
    ("Argmax", (), [2, 0], ms.int32),
    ("Argmax", (0, ms.int64), [1, 1, 0, 1], ms.int64),
])
def test_argmin_argmax_primitives(cls, args, expected, dtype):
    from mindcell.ops import operations as P
    prim = getattr(P, cls)(*args)
    out = prim(ms.Tensor(_X))
    assert out.asnumpy().tolist() == expected and out.dtype == dtype
    assert sorted(prim.attrs) == ["axis", "output_type"]


@pytest.mark.parametrize("cls", ["Argmin", "Argmax"])
def test_argmin_argmax_errors(cls):
    from mindcell.ops import operations as P
    with pytest.raises(ValueError, match=cls):
        getattr(P, cls)(output_type=ms.float32)
    with pytest.raises(TypeError, match=cls):
        getattr(P, cls)(axis=1.0)
    with pytest.raises(ValueError):
        getattr(P, cls)(axis=2)(ms.Tensor(_X))


def test_nonzero_primitive():
    from mindcell.ops import operations as P
    out = P.NonZero()(ms.Tensor(_X))
    assert out.dtype == ms.int64
    assert out.asnumpy().tolist() == [[0, 0], [0, 1], [0, 2], [0, 3], [1, 0], [1, 3]]
    assert P.NonZero()(ms.Tensor(np.array([0, 2, 0, 1], np.int32))).asnumpy().tolist() == [[1], [3]]


def test_search_sorted_primitive():
    from mindcell.ops import operations as P
    seq = ms.Tensor(np.array([[0, 1, 3, 5, 7], [2, 4, 6, 8, 10]], np.float32))
    v = ms.Tensor(np.array([[3, 6, 9], [3, 6, 9]], np.float32))
    out = P.SearchSorted()(seq, v)
    assert out.dtype == ms.int64 and out.asnumpy().tolist() == [[2, 4, 5], [1, 2, 4]]
    assert P.SearchSorted(right=True)(seq, v).asnumpy().tolist() == [[3, 4, 5], [1, 3, 4]]
    s = P.SearchSorted(ms.int32, True)
    assert (s.dtype, s.right, sorted(s.attrs)) == (ms.int32, True, ["dtype", "right"])
    assert s(seq, v).dtype == ms.int32  # (MindSpore 2.10's CPU kernel fails on int32)
    with pytest.raises(ValueError, match="SearchSorted"):
        P.SearchSorted(dtype=ms.float32)(seq, v)
    # a sorter, positional or by name (MindSpore's CPU kernel refuses sorters)
    seq2 = ms.Tensor(np.array([5, 1, 3, 0, 7], np.float32))
    srt = ms.Tensor(np.array([3, 1, 2, 0, 4], np.int64))
    vals = ms.Tensor(np.array([2.0, 6.0], np.float32))
    assert P.SearchSorted()(seq2, vals, srt).asnumpy().tolist() == [2, 4]
    assert P.SearchSorted()(seq2, vals, sorter=srt).asnumpy().tolist() == [2, 4]


def test_generated_primitives_take_inputs_by_name():
    from mindcell.ops import operations_from_functions as gen
    x = ms.Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))
    assert np.array_equal(gen.GLU()(x=x).asnumpy(), gen.GLU()(x).asnumpy())
    with pytest.raises(TypeError, match="ops.GLU"):
        gen.GLU()(x, x=x)
    with pytest.raises(TypeError, match="ops.GLU"):
        gen.GLU()(y=x)
