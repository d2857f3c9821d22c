"""History, LambdaCallback, ReduceLROnPlateau and OnRequestExit in Model.train/fit/eval,
against what MindSpore 2.10 does in the same runs (tests/goldens/profiler records the rest)."""
import doctest
import os
import signal

import numpy as np
import pytest

from mindcell.train import (Callback, History, LambdaCallback, ReduceLROnPlateau,
                            OnRequestExit)
from mindcell.train import callback_control

from dense_model import dense_model_and_data


def test_history_fit_train_eval():
    model, _, data = dense_model_and_data(metrics=("acc",))
    h = History()
    model.fit(3, data, data, callbacks=[h])
    assert h.epoch == {"epoch": [1, 2, 3]}
    assert list(h.history) == ["net_output", "acc"]
    assert len(h.history["net_output"]) == 3 and len(h.history["acc"]) == 3
    assert all(isinstance(v, np.floating) for v in h.history["net_output"])
    h = History()
    model.train(1, data, callbacks=[h])
    assert h.epoch == {"epoch": [1]} and list(h.history) == ["net_output"]
    h = History()
    model.eval(data, callbacks=[h])
    assert h.epoch == {"epoch": [1]} and list(h.history) == ["net_output"]


def test_lambda_callback_order_and_checks():
    model, _, data = dense_model_and_data()
    log = []
    cb = LambdaCallback(on_train_begin=lambda rc: log.append("b"),
                        on_train_epoch_end=lambda rc: log.append(
                            ("e", rc.original_args().cur_epoch_num)),
                        on_train_step_end=lambda rc: log.append(
                            ("s", rc.original_args().cur_step_num)),
                        on_train_end=lambda rc: log.append("end"))
    model.train(2, data, callbacks=[cb])
    assert log == ["b", ("s", 1), ("s", 2), ("s", 3), ("e", 1), ("s", 4), ("s", 5), ("s", 6),
                   ("e", 2), "end"]
    with pytest.raises(TypeError, match="on_train_begin"):
        LambdaCallback(on_train_begin=3)


def test_reduce_lr_on_plateau(capsys):
    model, _, data = dense_model_and_data(metrics=("acc", "loss"))
    rl = ReduceLROnPlateau(monitor="eval_loss", factor=0.5, patience=0, verbose=True,
                           min_delta=10)
    model.fit(3, data, data, callbacks=[rl])
    # as MindSpore: epoch 1 improves on inf, epochs 2 and 3 do not improve by 10
    assert float(model.optimizer.learning_rate.asnumpy()) == pytest.approx(0.025)
    out = capsys.readouterr().out
    assert "Epoch 00002: ReduceLROnPlateau reducing learning rate to 0.05." in out
    assert "Epoch 00003: ReduceLROnPlateau reducing learning rate to 0.025." in out
    model, _, data = dense_model_and_data()
    rl = ReduceLROnPlateau(monitor="loss", factor=0.5, patience=0, min_delta=10, cooldown=1,
                           min_lr=0.06)
    model.train(4, data, callbacks=[rl])
    # epoch 2 reduces 0.1 to max(0.05, min_lr); later epochs cannot go below min_lr
    assert float(model.optimizer.learning_rate.asnumpy()) == pytest.approx(0.06)


@pytest.mark.parametrize("kwargs, error", [
    ({"factor": 1.0}, ValueError), ({"factor": 0}, TypeError), ({"mode": "x"}, ValueError),
    ({"patience": -1}, ValueError), ({"monitor": 1}, TypeError), ({"min_lr": "a"}, TypeError),
    ({"verbose": 1}, TypeError), ({"cooldown": 1.5}, TypeError)])
def test_reduce_lr_checks(kwargs, error):
    with pytest.raises(error):
        ReduceLROnPlateau(**kwargs)


class _SignalAt(Callback):
    def __init__(self, step):
        self.step = step

    def on_train_step_end(self, run_context):
        if run_context.original_args().cur_step_num == self.step:
            os.kill(os.getpid(), signal.SIGUSR1)


def test_on_request_exit_stops_saves_and_resumes(tmp_path):
    model, net, data = dense_model_and_data()
    before = signal.getsignal(signal.SIGUSR1)
    exit_cb = OnRequestExit(save_mindir=False, directory=str(tmp_path), sig=signal.SIGUSR1)
    steps = []
    model.train(3, data, callbacks=[_SignalAt(2), exit_cb, LambdaCallback(
        on_train_step_end=lambda rc: steps.append(rc.original_args().cur_step_num))])
    assert steps == [1, 2]  # stopped after the step the signal arrived in
    ckpt = tmp_path / "rank_0" / "Net_train.ckpt"
    assert ckpt.exists() and signal.getsignal(signal.SIGUSR1) is before
    saved = net.weight.asnumpy().copy()
    model2, net2, data2 = dense_model_and_data()
    assert not np.array_equal(net2.weight.asnumpy(), saved)
    model2.train(1, data2, callbacks=[OnRequestExit(save_mindir=False, directory=str(tmp_path),
                                                    sig=signal.SIGUSR1),
                                      LambdaCallback(on_train_begin=lambda rc: steps.append(
                                          net2.weight.asnumpy().copy()))])
    np.testing.assert_array_equal(steps[-1], saved)  # resumed from the checkpoint


def test_on_request_exit_checks():
    with pytest.raises(ValueError, match="save_ckpt"):
        OnRequestExit(save_ckpt=1)
    with pytest.raises(TypeError, match="directory"):
        OnRequestExit(directory=1, save_mindir=False)
    with pytest.raises(ValueError, match="SIGKILL"):
        OnRequestExit(sig=signal.SIGKILL, save_mindir=False)


def test_doc_examples():
    result = doctest.testmod(callback_control, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
