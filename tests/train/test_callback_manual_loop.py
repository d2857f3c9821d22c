"""Callbacks driven by hand-written training loops (GAN and detection programs of the model
zoos build the run state themselves and call ``step_end`` / ``end``), and callbacks that
override the older hooks. Expected values were checked against MindSpore 2.10."""
import os

import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train.callback import (Callback, CheckpointConfig, LossMonitor, ModelCheckpoint,
                                     RunContext, _CallbackManager, _InternalCallbackParam)


def _ckpts(folder):
    return sorted(f for f in os.listdir(folder) if f.endswith(".ckpt"))


def test_run_state_is_a_dict_with_attributes():
    p = _InternalCallbackParam()
    p.cur_step_num = 4
    assert p["cur_step_num"] == 4 and isinstance(p, dict)
    assert p.get("batch_num", 9) == 9
    assert getattr(p, "batch_num", None) is None and not hasattr(p, "batch_num")
    with pytest.raises(KeyError):
        p.batch_num


def test_checkpoint_saves_by_distance_from_last_save_and_at_end(tmp_path):
    # a loop that reports every third step: saved once 5 steps passed since the last save
    ck = ModelCheckpoint(prefix="g", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=5, keep_checkpoint_max=10))
    p = _InternalCallbackParam(train_network=nn.Dense(2, 1), cur_epoch_num=1, batch_num=20)
    rc = RunContext(p)
    ck.begin(rc)
    seen = []
    for step in (3, 6, 9, 12):
        p.cur_step_num = step
        ck.step_end(rc)
        seen.append(_ckpts(tmp_path))
    assert seen == [[], ["g-1_6.ckpt"], ["g-1_6.ckpt"], ["g-1_12.ckpt", "g-1_6.ckpt"]]
    p.cur_step_num = 13
    ck.end(rc)
    ck.end(rc)  # the same step is not saved twice
    assert _ckpts(tmp_path) == ["g-1_12.ckpt", "g-1_13.ckpt", "g-1_6.ckpt"]


def test_model_train_saves_the_last_step_and_calls_overridden_step_end(tmp_path):
    calls = []

    class Tracked(ModelCheckpoint):
        def step_end(self, run_context):
            calls.append(run_context.original_args().get("cur_step_num"))
            super().step_end(run_context)

    import numpy as np
    data = ms.dataset.NumpySlicesDataset(
        {"x": np.ones((5, 2), np.float32), "y": np.ones((5, 1), np.float32)},
        shuffle=False).batch(1)
    net = nn.Dense(2, 1)
    model = ms.train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.01))
    ck = Tracked(prefix="m", directory=str(tmp_path),
                 config=CheckpointConfig(save_checkpoint_steps=2, keep_checkpoint_max=10))
    model.train(1, data, callbacks=[ck])
    assert calls == [1, 2, 3, 4, 5]
    assert _ckpts(tmp_path) == ["m-1_2.ckpt", "m-1_4.ckpt", "m-1_5.ckpt"]


def test_loss_monitor_prints_by_distance_and_stops_on_nan(capsys):
    p = _InternalCallbackParam(cur_epoch_num=1, batch_num=20, cur_step_num=13,
                               net_outputs=ms.Tensor(0.5, ms.float32))
    LossMonitor(2).step_end(RunContext(p))
    assert capsys.readouterr().out == "epoch: 1 step: 13, loss is 0.5\n"
    p.net_outputs = ms.Tensor(float("nan"), ms.float32)
    with pytest.raises(ValueError, match="NAN or INF"):
        LossMonitor().step_end(RunContext(p))


def test_callback_manager_fans_out_and_checks_types():
    hits = []

    class Hit(Callback):
        def __init__(self, tag):
            self.tag = tag

        def step_end(self, run_context):
            hits.append(self.tag)

    manager = _CallbackManager([Hit("a"), Hit("b")])
    with manager as entered:
        assert entered is manager
        manager.step_end(RunContext({}))
        manager.on_train_step_end(RunContext({}))
    assert hits == ["a", "b", "a", "b"]
    with pytest.raises(TypeError):
        _CallbackManager([1])
    with pytest.raises(TypeError):
        _CallbackManager(3)
    assert _CallbackManager(None)._callbacks == []
