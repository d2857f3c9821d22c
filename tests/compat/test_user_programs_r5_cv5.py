"""Rules that the model zoo's vision programs (mindspore-ai/models official/cv and research/cv:
detection, segmentation, re-identification, super-resolution, pose, GAN and metric-learning
training scripts) rely on, each checked against MindSpore 2.10's behaviour (ms-oracle)."""
import importlib
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest

import mindcell as ms
from mindcell import _faces


def _run(tmp_path, source):
    (tmp_path / "main.py").write_text(textwrap.dedent(source))
    return subprocess.run([sys.executable, "-m", "mindcell.run", "main.py"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=300)


# ----- a submodule whose package binds a function of the same name ----------------------------
# OpenPose, the FaceRecognition family and other zoo scripts: `from mindspore.common.seed import
# set_seed`. MindSpore's common package imports its submodule seed and then binds the function
# seed over it, so the import reads the module from sys.modules while `mindspore.common.seed`
# stays the function (ms-oracle). The same holds at every recorded path below.
def _shadowed_paths():
    for package in ("nn", "ops", "dataset", "train", "train.metrics", "common", "profiler",
                    "scipy.optimize"):
        importlib.import_module("mindcell." + package)
    found = []
    for name in sorted(_faces._BY_MODULE):
        parent_name, _, child = name.rpartition(".")
        parent = sys.modules.get(parent_name)
        bound = getattr(parent, "__dict__", {}).get(child)
        if bound is not None and not isinstance(bound, type(os)):
            found.append(name)
    return found


SHADOWED = _shadowed_paths()


def test_shadowed_submodules_import_and_keep_the_packages_object():
    assert {"mindcell.common.seed", "mindcell.train.metrics.auc", "mindcell.run_check",
            "mindcell.ops.function.grad", "mindcell.train.data_sink"} <= set(SHADOWED)
    for name in SHADOWED:
        parent_name, _, child = name.rpartition(".")
        before = sys.modules[parent_name].__dict__[child]
        module = importlib.import_module(name)
        assert isinstance(module, type(os)), name
        # the package still binds its object, as MindSpore's does
        assert sys.modules[parent_name].__dict__[child] is before, name
        for members in _faces._BY_MODULE[name]:
            others = [getattr(sys.modules[m], n) for m, n in members
                      if m != name and m in sys.modules and n in sys.modules[m].__dict__]
            for m, n in members:
                if m == name and others:
                    assert getattr(module, n) in others, "%s.%s" % (name, n)


SEED_SCRIPT = '''
import mindspore
import mindspore.common.seed as bound
from mindspore.common.seed import set_seed, get_seed
from mindspore.train.metrics.auc import auc
from mindspore.run_check import run_check
set_seed(7)
print(get_seed(), callable(bound), type(bound).__name__ != "module", auc is mindspore.train.auc)
'''


def test_program_imports_set_seed_from_common_seed(tmp_path):
    r = _run(tmp_path, SEED_SCRIPT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[0] == "7 True True True"


# ----- names model-zoo code imports from MindSpore's private module paths ---------------------
# Inception-v2's and five other zoo losses subclass `mindspore.nn.loss.loss._Loss` (MindSpore's
# pre-1.3 name of LossBase, a subclass of it there); PDarts imports its callbacks from
# `mindspore.train.callback._time_monitor` / `._loss_monitor` / `._callback`, MindSpore's one
# module per callback. Values printed by MindSpore 2.10 (ms-oracle).
PRIVATE_PATHS_SCRIPT = '''
import numpy as np
import mindspore as ms
from mindspore import nn, Tensor
from mindspore.nn.loss.loss import _Loss
from mindspore.train.callback._time_monitor import TimeMonitor
from mindspore.train.callback._loss_monitor import LossMonitor
from mindspore.train.callback._callback import Callback
from mindspore.train.callback._checkpoint import ModelCheckpoint, CheckpointConfig
class Cube(_Loss):
    def construct(self, logits, labels):
        return self.get_loss(ms.ops.abs(logits - labels) ** 3)
x = Tensor(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32))
y = Tensor(np.zeros((2, 2), np.float32))
print(issubclass(_Loss, nn.LossBase), _Loss is not nn.LossBase)
print(Cube()(x, y), Cube("sum")(x, y), Cube("none")(x, y).shape)
print(TimeMonitor is ms.train.TimeMonitor, LossMonitor is ms.train.LossMonitor,
      Callback is ms.train.Callback, ModelCheckpoint is ms.train.ModelCheckpoint)
try:
    _Loss()(x, y)
except NotImplementedError:
    print("NotImplementedError")
'''


def test_private_module_paths_of_losses_and_callbacks(tmp_path):
    r = _run(tmp_path, PRIVATE_PATHS_SCRIPT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split("\n")[:4] == ["True True", "9.03125 36.125 (2, 2)",
                                        "True True True True", "NotImplementedError"]
    assert "'_Loss' is deprecated" in r.stderr + r.stdout


# ----- the attributes MindSpore's callbacks keep, which subclasses read ------------------------
# osnet's LossCallBack (and 40 other research/cv monitors) subclasses LossMonitor, calls
# super().__init__() and prints when `cb_params.cur_step_num % self._per_print_times == 0`;
# timing callbacks read TimeMonitor's `epoch_time` (a time.time() value set at each epoch's
# beginning). Attribute names and values from MindSpore 2.10 (ms-oracle: vars(LossMonitor()) is
# {'_per_print_times': 1, '_last_print_time': 0}).
def test_loss_and_time_monitor_attributes():
    import time
    monitor = ms.train.LossMonitor(3)
    assert (monitor._per_print_times, monitor._last_print_time) == (3, 0)
    assert monitor.per_print_times == 3
    timer = ms.train.TimeMonitor(data_size=4)
    assert abs(timer.epoch_time - time.time()) < 5 and timer.data_time_start == 0.0
    assert (timer.data_size, timer.data_time, timer.data_time_sum) == (4, False, 0.0)


def test_loss_monitor_subclass_reads_per_print_times(capsys):
    class EveryOther(ms.train.LossMonitor):
        def __init__(self):
            super().__init__(2)

        def step_end(self, run_context):
            cb = run_context.original_args()
            if cb.cur_step_num % self._per_print_times == 0:
                print("step %d loss %.4f" % (cb.cur_step_num, float(cb.net_outputs.asnumpy())))

    class Timer(ms.train.TimeMonitor):
        def on_train_epoch_end(self, run_context):
            print("timed", time_is_recent(self.epoch_time))

    def time_is_recent(t):
        import time
        return 0 <= time.time() - t < 60

    net = ms.nn.Dense(3, 1)
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((8, 3), np.float32), "y": np.zeros((8, 1), np.float32)},
        shuffle=False).batch(2)
    model = ms.train.Model(net, ms.nn.MSELoss(), ms.nn.SGD(net.trainable_params(), 0.0))
    model.train(1, data, callbacks=[EveryOther(), Timer()], dataset_sink_mode=False)
    lines = capsys.readouterr().out.split("\n")
    assert [line.split(" loss")[0] for line in lines if line.startswith("step")] == \
        ["step 2", "step 4"]
    assert "timed True" in lines
