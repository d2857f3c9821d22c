"""dataset.audio: Vad (sox's voice activity detector: trims leading silence) on generated
signals that start quiet and turn loud, with default and non-default arguments; argument
errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
rate = 4000
t = np.arange(12000)
quiet = 0.002 * rs(9).randn(12000)
speech = (0.5 * np.sin(2 * np.pi * 220 * t / rate) * (np.sin(2 * np.pi * 3 * t / rate) > -0.3)
          + 0.1 * rs(10).randn(12000)) * (t > 5000)
wave = (quiet + speech).astype(np.float32)
late = (quiet + np.roll(speech, 3000)).astype(np.float32)


def out(key, fn):
    try:
        res = np.asarray(fn())
        emit(key + ".shape", list(res.shape))
        emit(key, res[..., :40].astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("vad", lambda: A.Vad(rate)(wave))
out("vad.batch", lambda: A.Vad(rate)(np.stack([wave, late])))
out("vad.args", lambda: A.Vad(rate, trigger_level=5.0, trigger_time=0.1, search_time=0.5,
                              allowed_gap=0.1, pre_trigger_time=0.2, boot_time=0.2)(wave))
out("vad.noise", lambda: A.Vad(rate, noise_up_time=0.2, noise_down_time=0.05,
                               noise_reduction_amount=1.0, measure_freq=10.0,
                               measure_duration=0.15, measure_smooth_time=0.2)(late))
out("vad.filters", lambda: A.Vad(rate, hp_filter_freq=100.0, lp_filter_freq=1500.0,
                                 hp_lifter_freq=100.0, lp_lifter_freq=1000.0)(wave))
out("vad.silent", lambda: A.Vad(rate)(quiet.astype(np.float32)))
out("vad.short", lambda: A.Vad(rate)(quiet[:3000].astype(np.float32)))
out("vad.f64", lambda: A.Vad(rate)(wave.astype(np.float64)))
out("err.vad.rate", lambda: A.Vad(0))
out("err.vad.noise", lambda: A.Vad(rate, noise_up_time=0.01, noise_down_time=0.1))
out("err.vad.freq", lambda: A.Vad(rate, measure_freq=0.0))
out("err.vad.lifter", lambda: A.Vad(rate, hp_lifter_freq=3000.0, lp_lifter_freq=2000.0)(wave))
out("vad.level0", lambda: A.Vad(rate, trigger_level=0.0)(np.stack([late, wave])))
out("vad.level_neg", lambda: A.Vad(rate, trigger_level=-1.0, pre_trigger_time=0.5)(wave))
out("vad.tiny", lambda: A.Vad(rate)(wave[:2000]))
out("vad.3d", lambda: A.Vad(rate, search_time=0.3)(np.stack([wave, late]).reshape(2, 1, -1)))
