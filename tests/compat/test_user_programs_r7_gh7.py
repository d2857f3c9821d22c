"""Round 7 (gh7): small programs in the style of public MindSpore repositories by individuals
and courses that stopped under mindcell. Expected values were recorded with MindSpore 2.10 CPU
(ms-oracle)."""
import os

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn
import mindcell.dataset as ds
from mindcell.train.callback import CheckpointConfig, ModelCheckpoint


# MindSpore keeps every CheckpointConfig setting also as a private attribute of the same name;
# programs and subclasses read them (e.g. config._save_checkpoint_steps).
_CFG_NAMES = ['_append_dict', '_async_save', '_crc_check', '_enc_key', '_enc_mode', '_format',
              '_integrated_save', '_keep_checkpoint_max', '_keep_checkpoint_per_n_minutes',
              '_map_param_inc', '_save_checkpoint_seconds', '_save_checkpoint_steps',
              '_saved_network', 'enable_redundance', 'exception_save', 'remove_redundancy',
              'append_dict', 'async_save', 'crc_check', 'enc_key', 'enc_mode', 'format',
              'integrated_save', 'keep_checkpoint_max', 'keep_checkpoint_per_n_minutes',
              'map_param_inc', 'save_checkpoint_seconds', 'save_checkpoint_steps',
              'saved_network']
_CFG_CASES = [
    (dict(), [None, False, False, None, 'AES-GCM', 'ckpt', True, 5, None, False, None, 1, None,
              False, False, False, None, False, False, None, 'AES-GCM', 'ckpt', True, 5, None,
              False, None, 1, None]),
    (dict(save_checkpoint_steps=3, keep_checkpoint_max=2, async_save=True,
          append_info=['step_num', {'lr': 0.5}]),
     [{'step_num': 0, 'lr': 0.5}, True, False, None, 'AES-GCM', 'ckpt', True, 2, None, False,
      None, 3, None, False, False, False, {'step_num': 0, 'lr': 0.5}, True, False, None,
      'AES-GCM', 'ckpt', True, 2, None, False, None, 3, None]),
    (dict(save_checkpoint_steps=None, save_checkpoint_seconds=10, keep_checkpoint_max=None,
          integrated_save=False, crc_check=True),
     [None, False, True, None, 'AES-GCM', 'ckpt', False, 1, 0, False, 10, None, None, False,
      False, False, None, False, True, None, 'AES-GCM', 'ckpt', False, 1, 0, False, 10, None,
      None]),
]


@pytest.mark.parametrize("kwargs,expected", _CFG_CASES)
def test_checkpoint_config_attributes_as_mindspore(kwargs, expected):
    cfg = CheckpointConfig(**kwargs)
    got = [getattr(cfg, name) for name in _CFG_NAMES]
    assert got == expected


def test_checkpoint_config_safetensors_refuses_other_options():
    with pytest.raises(ValueError, match="safetensors"):
        CheckpointConfig(format="safetensors", crc_check=True)
    assert CheckpointConfig(format="safetensors").format == "safetensors"


def test_model_checkpoint_private_names_read_by_programs(tmp_path):
    """DPCNN's train() prints check_point._latest_ckpt_file_name after Model.train and loads it."""
    cb = ModelCheckpoint(prefix="x", directory=str(tmp_path),
                         config=CheckpointConfig(save_checkpoint_steps=3, keep_checkpoint_max=2))
    assert cb._latest_ckpt_file_name == "" and cb.latest_ckpt_file_name == ""
    assert cb._last_triggered_step == 0
    net = nn.Dense(2, 1)
    data = ds.NumpySlicesDataset((np.ones((8, 2), np.float32), np.ones((8, 1), np.float32)),
                                 ["x", "y"], shuffle=False).batch(2)
    model = ms.train.Model(net, nn.MSELoss(), nn.SGD(net.trainable_params()))
    model.train(2, data, callbacks=[cb], dataset_sink_mode=False)
    expected = os.path.join(os.path.realpath(str(tmp_path)), "x-2_4.ckpt")
    assert cb._latest_ckpt_file_name == expected == cb.latest_ckpt_file_name
    assert cb._last_triggered_step == 8
    assert sorted(os.listdir(str(tmp_path))) == ["x-2_2.ckpt", "x-2_4.ckpt"]
    ms.load_param_into_net(nn.Dense(2, 1), ms.load_checkpoint(cb._latest_ckpt_file_name))
