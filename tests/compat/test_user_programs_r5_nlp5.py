"""Round-5 user programs (mindspore-ai/models official/nlp, research/nlp, research/audio): the
general mechanisms those programs stopped at, each checked for its whole class against MindSpore
2.10's behaviour (recorded with the ms-oracle)."""
import numpy as np
import pytest

import mindcell as ms
import mindcell.dataset as ds


# ----- dataset.config: every setter/getter MindSpore has (Transformer: set_prefetch_size) -----
# (setter, default its getter reports, a good value, [(bad value, error type)]) as MindSpore 2.10
# checks them (ms-oracle)
_INT = [(1.5, TypeError), (True, TypeError)]
_BOOL = [(1, TypeError), ("x", TypeError)]
_CONFIG_CASES = [
    ("prefetch_size", 16, 2147483647, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("callback_timeout", 60, 2 ** 31 - 1, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("monitor_sampling_interval", 1000, 7, _INT + [(0, ValueError), (2 ** 31, ValueError)]),
    ("autotune_interval", 0, 0, _INT + [(-1, ValueError)]),
    ("multiprocessing_timeout_interval", 300, 2 ** 31 - 1, _INT + [(0, ValueError),
                                                                  (2 ** 31, ValueError)]),
    ("auto_num_workers", False, True, _BOOL),
    ("auto_offload", False, True, _BOOL),
    ("enable_shared_mem", True, False, _BOOL),
    ("enable_watchdog", True, False, _BOOL),
    ("fast_recovery", True, False, _BOOL),
    ("numa_enable", False, True, _BOOL),
    ("dynamic_shape", False, True, _BOOL),
    ("enable_autotune", False, True, _BOOL),
    ("multiprocessing_start_method", "fork", "spawn", [(1, TypeError), ("thread", ValueError)]),
    ("video_backend", "CPU", "CPU", [(1, TypeError), ("GPU", ValueError)]),
]


@pytest.mark.parametrize("name,default,good,bad", _CONFIG_CASES, ids=[c[0] for c in _CONFIG_CASES])
def test_dataset_config_settings(name, default, good, bad):
    setter, getter = getattr(ds.config, "set_" + name), getattr(ds.config, "get_" + name)
    assert getter() == default and type(getter()) is type(default)
    try:
        setter(good)
        assert getter() == good
        for value, error in bad:
            with pytest.raises(error, match="set_" + name):
                setter(value)
            assert getter() == good
    finally:
        setter(default)
    assert getter() == default


def test_dataset_config_modes_mindcell_does_not_run_raise():
    cfg = ds.config
    assert [int(m) for m in cfg.ErrorSamplesMode] == [0, 1, 2]
    assert cfg.get_error_samples_mode() is cfg.ErrorSamplesMode.RETURN
    cfg.set_error_samples_mode(cfg.ErrorSamplesMode.RETURN)
    with pytest.raises(TypeError):
        cfg.set_error_samples_mode(0)
    for mode in (cfg.ErrorSamplesMode.REPLACE, cfg.ErrorSamplesMode.SKIP):
        with pytest.raises(NotImplementedError, match="RETURN"):
            cfg.set_error_samples_mode(mode)
    assert cfg.get_error_samples_mode() is cfg.ErrorSamplesMode.RETURN
    with pytest.raises(NotImplementedError, match="debug"):
        cfg.set_debug_mode(True)
    with pytest.raises(TypeError):
        cfg.set_debug_mode(1)
    assert cfg.get_debug_mode() is False
    with pytest.raises(NotImplementedError, match="Ascend"):
        cfg.set_video_backend("Ascend")
    with pytest.raises(NotImplementedError, match="filepath_prefix"):
        cfg.set_enable_autotune(True, "/tmp/autotune")
    assert cfg.get_enable_autotune() is False
    assert cfg.get_iterator_mode() == {"do_copy": False, "parallel_convert": False}
    cfg.set_iterator_mode(do_copy=True)
    assert cfg.get_iterator_mode() == {"do_copy": True, "parallel_convert": False}
    cfg.set_iterator_mode()
    with pytest.raises(TypeError):
        cfg.set_iterator_mode(1)
    cfg.set_sending_batches(-1)
    with pytest.raises(TypeError):
        cfg.set_sending_batches(1.5)
    assert (cfg.INT32_MAX, cfg.UINT32_MAX) == (2 ** 31 - 1, 2 ** 32 - 1)
    # the settings change no row a pipeline yields
    cfg.set_prefetch_size(1)
    try:
        rows = [int(r[0]) for r in ds.NumpySlicesDataset({"x": list(range(5))}, shuffle=False)]
    finally:
        cfg.set_prefetch_size(16)
    assert rows == [0, 1, 2, 3, 4]
