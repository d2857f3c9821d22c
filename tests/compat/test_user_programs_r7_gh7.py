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


# MindSpore 2.10 (ms-oracle): Softmax/LogSoftmax in every form refuse integer, bool and Python
# number inputs with TypeError; float16/32/64 keep their dtype. BiDAF's attention took the
# softmax of ops.max(s, axis=2)[1] (the Int64 indices): MindSpore stops there, mindcell computed
# a Float32 softmax of the indices.
_SOFTMAX_FORMS = {
    "ops.softmax": lambda x: ms.ops.softmax(x, axis=-1),
    "ops.log_softmax": lambda x: ms.ops.log_softmax(x, axis=-1),
    "ops.Softmax": lambda x: ms.ops.Softmax(-1)(x),
    "ops.LogSoftmax": lambda x: ms.ops.LogSoftmax(-1)(x),
    "nn.Softmax": lambda x: nn.Softmax(axis=-1)(x),
    "nn.LogSoftmax": lambda x: nn.LogSoftmax(axis=-1)(x),
}


@pytest.mark.parametrize("form", sorted(_SOFTMAX_FORMS))
@pytest.mark.parametrize("np_dtype", [np.int32, np.int64, np.uint8, np.bool_])
def test_softmax_family_refuses_non_float(form, np_dtype):
    x = ms.Tensor(np.array([[1, 0, 1]]).astype(np_dtype))
    with pytest.raises(TypeError):
        _SOFTMAX_FORMS[form](x)


@pytest.mark.parametrize("form", sorted(_SOFTMAX_FORMS))
@pytest.mark.parametrize("np_dtype", [np.float16, np.float32, np.float64])
def test_softmax_family_keeps_float_dtype(form, np_dtype):
    x = ms.Tensor(np.array([[1.0, 2.0, 3.0]], np_dtype))
    out = _SOFTMAX_FORMS[form](x)
    assert out.dtype == x.dtype
    expected = np.exp([1.0, 2.0, 3.0]) / np.exp([1.0, 2.0, 3.0]).sum()
    if "log" in form.lower():
        expected = np.log(expected)
    np.testing.assert_allclose(out.asnumpy()[0].astype(np.float64), expected,
                               rtol=2e-3 if np_dtype == np.float16 else 1e-6)


def test_softmax_number_and_dtype_cast():
    for f in (ms.ops.softmax, ms.ops.log_softmax):
        with pytest.raises(TypeError):
            f(2.0)
    # dtype= casts first, as MindSpore does (a bool or uint8 tensor then works)
    for np_dtype in (np.bool_, np.uint8):
        out = ms.ops.softmax(ms.Tensor(np.array([1, 0]).astype(np_dtype)), dtype=ms.float32)
        assert out.dtype == ms.float32
        np.testing.assert_allclose(out.asnumpy(), [0.7310586, 0.26894143], rtol=1e-6)


def test_attention_softmax_of_argmax_indices_stops():
    """BiDAF-style query-to-context attention on the indices of ops.max: a TypeError."""
    s = ms.Tensor(np.random.RandomState(0).rand(2, 5, 3).astype(np.float32))
    values, indices = ms.ops.max(s, axis=2)
    assert indices.dtype == ms.int64
    assert nn.Softmax(axis=-1)(values).shape == (2, 5)
    with pytest.raises(TypeError, match="float"):
        nn.Softmax(axis=-1)(indices)
