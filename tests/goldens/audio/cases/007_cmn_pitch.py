"""dataset.audio: SlidingWindowCmn (means and variances over sliding windows of frames) and
DetectPitchFrequency (normalised cross-correlation pitch, median smoothed) on generated inputs;
argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
feats = rs(4).randn(2, 12, 5).astype(np.float32)  # (channel, time, freq)
t = np.arange(800)
voice = (np.sin(2 * np.pi * 200 * t / 8000) + 0.4 * np.sin(2 * np.pi * 400 * t / 8000)
         + 0.05 * rs(5).randn(800)).astype(np.float32)
chirp = np.sin(2 * np.pi * (150 + 0.4 * t) * t / 8000).astype(np.float32)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("cmn", lambda: A.SlidingWindowCmn()(feats))
out("cmn.win", lambda: A.SlidingWindowCmn(cmn_window=4, min_cmn_window=2)(feats))
out("cmn.win_min", lambda: A.SlidingWindowCmn(cmn_window=3, min_cmn_window=6)(feats))
out("cmn.center", lambda: A.SlidingWindowCmn(cmn_window=5, center=True)(feats))
out("cmn.center_even", lambda: A.SlidingWindowCmn(cmn_window=4, center=True)(feats[0]))
out("cmn.vars", lambda: A.SlidingWindowCmn(cmn_window=4, min_cmn_window=3,
                                           norm_vars=True)(feats))
out("cmn.vars_center", lambda: A.SlidingWindowCmn(cmn_window=6, center=True,
                                                  norm_vars=True)(feats))
out("cmn.f64", lambda: A.SlidingWindowCmn(cmn_window=3)(feats.astype(np.float64)))
out("cmn.f64.dtype", lambda: str(A.SlidingWindowCmn(cmn_window=3)(
    feats.astype(np.float64)).dtype) == "float64")
out("cmn.4d", lambda: A.SlidingWindowCmn(cmn_window=5)(feats.reshape(2, 1, 12, 5)))
out("cmn.zero", lambda: A.SlidingWindowCmn(cmn_window=0, min_cmn_window=0)(feats))
out("err.cmn.win", lambda: A.SlidingWindowCmn(cmn_window=-1))
out("err.cmn.center", lambda: A.SlidingWindowCmn(center=1))
out("err.cmn.1d", lambda: A.SlidingWindowCmn()(feats[0, 0]))
out("pitch", lambda: A.DetectPitchFrequency(8000)(voice))
out("pitch.win", lambda: A.DetectPitchFrequency(8000, frame_time=0.02, win_length=3)(voice))
out("pitch.chirp", lambda: A.DetectPitchFrequency(8000, win_length=1, freq_low=100,
                                                  freq_high=1000)(chirp))
out("pitch.batch", lambda: A.DetectPitchFrequency(8000, win_length=5)(np.stack([voice, chirp])))
out("pitch.noise", lambda: A.DetectPitchFrequency(4000, frame_time=0.015, win_length=4)(
    rs(6).randn(2, 300).astype(np.float32)))
out("err.pitch.rate", lambda: A.DetectPitchFrequency(0))
out("err.pitch.time", lambda: A.DetectPitchFrequency(8000, frame_time=0.0))
out("err.pitch.win", lambda: A.DetectPitchFrequency(8000, win_length=0))
out("err.pitch.low", lambda: A.DetectPitchFrequency(8000, freq_low=-1))
out("err.pitch.ratetype", lambda: A.DetectPitchFrequency(8000.0))
