"""ModelCheckpoint's file names and contents (prefix, steps/epochs, keep_checkpoint_max,
append_info, a second run into the same folder) and LossMonitor's printed lines, in Model.train
and Model.fit on a Dense network with fixed initial weights."""
import contextlib
import io
import os
import re
import tempfile

import numpy as np
from _target import ms, nn, emit

T = ms.train
rng = np.random.RandomState(0)
X = rng.randn(12, 4).astype(np.float32)
Y = rng.randint(0, 3, 12).astype(np.int32)


def make_model():
    net = nn.Dense(4, 3, weight_init="ones", bias_init="zeros")
    loss = nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
    opt = nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
    return T.Model(net, loss, opt, metrics={"acc": nn.Accuracy()}), net


def dataset():
    return ms.dataset.NumpySlicesDataset({"x": X, "y": Y}, shuffle=False).batch(4)


def files(d):
    return sorted(f for f in os.listdir(d) if not f.startswith("."))


def ckpt_summary(path):
    params = ms.load_checkpoint(path)
    out = {}
    for k, v in sorted(params.items()):
        a = v.asnumpy().astype(np.float64).ravel()
        # a position-weighted sum: a plain sum hides updates that sum to zero
        out[k] = [str(v.dtype), list(v.shape), round(float(a @ np.arange(1, a.size + 1)), 4)]
    return out


def printed(fn):
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        fn()
    # each line's text with its numbers apart (float32 losses print with float64 digits)
    number = re.compile(r"-?\d+\.\d+(?:e-?\d+)?")
    return [[number.sub("<x>", line), [float(v) for v in number.findall(line)]]
            for line in buf.getvalue().splitlines() if line.strip()]


for tag, cfg in [
        ("steps2_keep3", dict(save_checkpoint_steps=2, keep_checkpoint_max=3)),
        ("all_zero", dict(save_checkpoint_steps=0, keep_checkpoint_max=0)),
        ("steps_float", dict(save_checkpoint_steps=1.5)),
        ("keep_negative", dict(keep_checkpoint_max=-1)),
        ("append", dict(save_checkpoint_steps=3, append_info=["epoch_num", "step_num",
                                                              {"lr": 0.1}])),
        ("no_graph_keep1", dict(save_checkpoint_steps=1, keep_checkpoint_max=1,
                                saved_network=None)),
]:
    d = tempfile.mkdtemp()
    try:
        config = T.CheckpointConfig(**cfg)
    except Exception as e:  # noqa: BLE001
        emit(tag + "_config", e)
        continue
    model, net = make_model()
    cb = T.ModelCheckpoint(prefix="net", directory=d, config=config)
    model.train(2, dataset(), callbacks=[cb], dataset_sink_mode=False)
    names = [f for f in files(d) if not f.endswith(".meta")]
    emit(tag + "_files", files(d))
    emit(tag + "_latest", os.path.basename(cb.latest_ckpt_file_name))
    if names:
        emit(tag + "_last_contents", ckpt_summary(os.path.join(d, sorted(names)[-1])))
    # a second run into the same folder: MindSpore numbers the new files net_1-...
    model, net = make_model()
    model.train(1, dataset(), callbacks=[T.ModelCheckpoint(prefix="net", directory=d,
                                                           config=config)])
    emit(tag + "_files_second_run", files(d))

model, _ = make_model()
emit("loss_monitor_train", printed(lambda: model.train(2, dataset(), callbacks=[
    T.LossMonitor()], dataset_sink_mode=False)))
model, _ = make_model()
emit("loss_monitor_every2", printed(lambda: model.train(2, dataset(), callbacks=[
    T.LossMonitor(per_print_times=2)], dataset_sink_mode=False)))
model, _ = make_model()
emit("loss_monitor_fit", printed(lambda: model.fit(2, dataset(), dataset(), callbacks=[
    T.LossMonitor()], dataset_sink_mode=False)))
for bad in (0, -1, 1.5, "2"):
    try:
        T.LossMonitor(per_print_times=bad)
        emit("loss_monitor_%r" % (bad,), "accepted")
    except Exception as e:  # noqa: BLE001
        emit("loss_monitor_%r" % (bad,), e)
