"""A script written for a GPU or an Ascend chip runs unchanged on mindcell: MindSpore's device
targets are accepted by set_context and set_device, run on the CPU with a warning, and
get_context reports the CPU; names MindSpore does not know are refused as MindSpore refuses
them (ValueError, case-sensitive)."""
import warnings

import numpy as np
import pytest

import mindcell as ms
from mindcell import context, nn


@pytest.fixture(autouse=True)
def _fresh_warnings(monkeypatch):
    monkeypatch.setattr(context, "_warned_targets", set())
    yield
    ms.set_context(device_target="CPU")


@pytest.mark.parametrize("target", ["GPU", "Ascend", "Davinci"])
def test_accelerator_targets_run_on_the_cpu_with_one_warning(target):
    with pytest.warns(UserWarning, match="runs on the CPU; device_target='%s'" % target):
        ms.set_context(device_target=target, mode=ms.PYNATIVE_MODE)
    assert ms.get_context("device_target") == "CPU"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per target
        ms.set_context(device_target=target)
        ms.set_device(target, 0)
    net = nn.Dense(3, 2)
    assert net(ms.Tensor(np.ones((1, 3), np.float32))).shape == (1, 2)


def test_set_device_accepts_the_targets_and_records_the_id():
    with pytest.warns(UserWarning, match="set_device: mindcell runs on the CPU"):
        ms.set_device("GPU", 1)
    assert ms.get_context("device_target") == "CPU"
    assert ms.get_context("device_id") == 1
    ms.set_device("CPU", 0)


@pytest.mark.parametrize("bad", ["cpu", "gpu", "TPU", ""])
def test_unknown_names_are_refused_and_change_nothing(bad):
    ms.set_context(mode=ms.PYNATIVE_MODE)
    with pytest.raises(ValueError, match="'device_target' must be one of"):
        ms.set_context(mode=ms.GRAPH_MODE, device_target=bad)
    assert ms.get_context("mode") == ms.PYNATIVE_MODE
    with pytest.raises(ValueError, match="set_device: 'device_target' must be one of"):
        ms.set_device(bad)


def test_a_target_that_is_not_a_str_is_a_type_error():
    with pytest.raises(TypeError, match="set_context: 'device_target' must be a str"):
        ms.set_context(device_target=0)
