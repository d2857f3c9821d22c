"""dataset.audio: MFCC and LFCC on a generated waveform (DB or log energies, DCT norms, the
mel and spectrogram keyword arguments); argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 200) * 0.3).astype(np.float32)
# MindSpore 2.10 reads every key of melkwargs/speckwargs (a partial dict raises KeyError)
SPEC = {"n_fft": 32, "win_length": 32, "hop_length": 8, "pad": 0, "window": A.WindowType.HANN,
        "power": 2.0, "normalized": False, "center": True, "pad_mode": A.BorderType.REFLECT,
        "onesided": True}
MEL = dict(SPEC, f_min=0.0, f_max=800.0, n_mels=10, norm=A.NormType.NONE,
           mel_scale=A.MelType.HTK)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("mfcc", lambda: A.MFCC(1600, 6, melkwargs=MEL)(wave))
out("mfcc.log", lambda: A.MFCC(1600, 6, log_mels=True, melkwargs=MEL)(wave))
out("mfcc.none", lambda: A.MFCC(1600, 5, norm=A.NormMode.NONE, melkwargs=MEL)(wave))
out("mfcc.1d", lambda: A.MFCC(1600, 4, melkwargs=dict(MEL, f_min=20.0, f_max=700.0))(wave[0]))
out("lfcc", lambda: A.LFCC(1600, 12, 6, speckwargs=SPEC)(wave))
out("lfcc.log", lambda: A.LFCC(1600, 12, 6, f_min=30.0, f_max=600.0, log_lf=True,
                               speckwargs=SPEC)(wave))
out("lfcc.none", lambda: A.LFCC(1600, 10, 4, norm=A.NormMode.NONE, speckwargs=SPEC)(wave))
out("err.mfcc.dct", lambda: A.MFCC(1600, 6, dct_type=3, melkwargs=MEL))
out("err.mfcc.more", lambda: A.MFCC(1600, 12, melkwargs=MEL))
out("err.lfcc.more", lambda: A.LFCC(1600, 4, 6, speckwargs=SPEC))
out("mfcc.hamming.slaney", lambda: A.MFCC(1600, 6, melkwargs=dict(
    MEL, window=A.WindowType.HAMMING, norm=A.NormType.SLANEY, mel_scale=A.MelType.SLANEY,
    power=1.0))(wave))
out("err.lfcc.fmax", lambda: A.LFCC(1600, 12, 6, f_min=500.0, f_max=400.0, speckwargs=SPEC))
