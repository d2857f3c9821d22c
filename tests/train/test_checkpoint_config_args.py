"""CheckpointConfig's arguments reach the checkpoints (accepted and ignored before): append_info
is saved with each file, async_save/integrated_save/enc_mode/crc_check/format go to
save_checkpoint, enc_key and exception_save are refused, unknown keywords raise."""
import os

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
from mindcell.train.callback import CheckpointConfig, ModelCheckpoint


class _Cb:
    cur_epoch_num, cur_step_num, batch_num = 2, 6, 3

    def __init__(self, net):
        self.train_network = net


class _Ctx:
    def __init__(self, cb):
        self._cb = cb

    def original_args(self):
        return self._cb


def test_append_info_and_save_options_reach_the_file(tmp_path):
    net = nn.Dense(2, 2)
    cfg = CheckpointConfig(save_checkpoint_steps=3, append_info=["epoch_num", "step_num",
                                                                 {"lr": 0.5}], crc_check=True)
    ckpt = ModelCheckpoint("net", str(tmp_path), cfg)
    ckpt.on_train_step_end(_Ctx(_Cb(net)))
    loaded = ms.load_checkpoint(ckpt.latest_ckpt_file_name, crc_check=True)
    assert int(loaded["epoch_num"].asnumpy()) == 2 and int(loaded["step_num"].asnumpy()) == 6
    np.testing.assert_allclose(float(loaded["lr"].asnumpy()), 0.5)
    np.testing.assert_array_equal(loaded["weight"].asnumpy(), net.weight.asnumpy())


def test_async_save_writes_the_same_file(tmp_path):
    net = nn.Dense(2, 2)
    ckpt = ModelCheckpoint("net", str(tmp_path), CheckpointConfig(async_save=True))
    ckpt.on_train_step_end(_Ctx(_Cb(net)))
    while ms.async_ckpt_thread_status():  # the write runs in a thread
        pass
    path = ckpt.latest_ckpt_file_name
    assert os.path.exists(path)
    np.testing.assert_array_equal(ms.load_checkpoint(path)["weight"].asnumpy(),
                                  net.weight.asnumpy())


def test_refused_arguments():
    with pytest.raises(NotImplementedError, match="enc_key"):
        CheckpointConfig(enc_key=b"0123456789abcdef")
    with pytest.raises(NotImplementedError, match="exception_save"):
        CheckpointConfig(exception_save=True)
    with pytest.raises(TypeError, match="foo"):
        CheckpointConfig(foo=1)
    with pytest.raises(ValueError, match="append_info"):
        CheckpointConfig(append_info=["foo"])
    with pytest.raises(TypeError, match="append_info"):
        CheckpointConfig(append_info=[{"a": 1}, {"b": 2}])
    with pytest.raises(TypeError, match="async_save"):
        ModelCheckpoint("n", None, CheckpointConfig(async_save=1)).on_train_step_end(
            _Ctx(_Cb(nn.Dense(2, 2))))


def test_boost_level_other_than_o0_is_refused_by_model():
    net = nn.Dense(2, 2)
    opt = nn.Momentum(net.trainable_params(), 0.1, 0.9)
    # build_train_network trains alike at every boost level (tests/compat/
    # test_user_programs_r8_gh8a.py); Model's boost rewrites the network
    with pytest.raises(NotImplementedError, match="boost_level"):
        ms.Model(net, nn.MSELoss(), opt, boost_level="O2")
