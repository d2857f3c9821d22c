"""dataset.audio: InverseMelScale (a random start: shape, dtype, non-negativity and how well
its mel scaling fits the input) and PitchShift (deterministic values) on generated inputs;
argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 64) * 0.3).astype(np.float32)
mel = np.abs(rs(2).randn(2, 8, 10)).astype(np.float32)
t = np.arange(256)
tone = (np.sin(0.3 * t) + 0.5 * np.sin(0.71 * t)).astype(np.float32)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


def inverse_mel(key, data, **kwargs):
    """Shape, dtype, min >= 0, and whether MelScale of the result is within 10% of a mel
    spectrogram that has an exact non-negative inverse."""
    try:
        res = A.InverseMelScale(**kwargs)(data)
        emit(key + ".shape", list(res.shape))
        emit(key + ".dtype", str(res.dtype))
        emit(key + ".nonneg", bool((res >= 0).all()))
        back = A.MelScale(kwargs["n_mels"], kwargs["sample_rate"], n_stft=kwargs["n_stft"],
                          f_max=kwargs.get("f_max"))(res)
        emit(key + ".fits", bool(np.linalg.norm(back - data) < 0.1 * np.linalg.norm(data)))
    except Exception as e:  # noqa: BLE001
        emit(key, type(e).__name__)


# a mel spectrogram of a real power spectrogram, so an exact inverse exists
power = A.Spectrogram(n_fft=32, hop_length=8)(tone)
fitted = A.MelScale(6, 1600, n_stft=17)(power)
inverse_mel("ims", fitted, n_stft=17, n_mels=6, sample_rate=1600, max_iter=3000)
inverse_mel("ims.f64", fitted.astype(np.float64), n_stft=17, n_mels=6, sample_rate=1600,
            max_iter=3000, sgdargs={"sgd_lr": 0.05, "sgd_momentum": 0.5})
inverse_mel("ims.batch", mel, n_stft=9, n_mels=8, sample_rate=1600, max_iter=5)
out("err.ims.nmels", lambda: A.InverseMelScale(9, n_mels=6, sample_rate=1600)(mel))
out("err.ims.iter", lambda: A.InverseMelScale(9, max_iter=0))
out("err.ims.lr", lambda: A.InverseMelScale(9, sgdargs={"sgd_lr": -0.1, "sgd_momentum": 0.9}))
out("err.ims.key", lambda: A.InverseMelScale(9, sgdargs={"sgd_lr": 0.1}))
out("err.ims.tol", lambda: A.InverseMelScale(9, tolerance_loss=0.0))
out("err.ims.fmax", lambda: A.InverseMelScale(9, sample_rate=1600, f_min=900.0))
out("ps", lambda: A.PitchShift(1600, 2, n_fft=16)(wave))
out("ps.down", lambda: A.PitchShift(1600, -3, n_fft=32, hop_length=8)(tone))
out("ps.oct", lambda: A.PitchShift(1600, 4, bins_per_octave=24, n_fft=32, win_length=24,
                                   window=A.WindowType.HAMMING)(tone))
out("ps.1d", lambda: A.PitchShift(8000, 1, n_fft=16)(wave[1]))
out("err.ps.bins", lambda: A.PitchShift(1600, 2, bins_per_octave=0))
out("err.ps.rate", lambda: A.PitchShift(-5, 2))
out("ps.rate0", lambda: A.PitchShift(0, 2, n_fft=16)(wave))
out("err.ps.win", lambda: A.PitchShift(1600, 2, n_fft=16, win_length=20))
out("err.ps.steps", lambda: A.PitchShift(1600, 2.5))
out("ps.odd", lambda: A.PitchShift(1600, 3, n_fft=15, hop_length=4)(tone))
out("ps.f64", lambda: A.PitchShift(1600, -2, n_fft=32)(tone.astype(np.float64)))
out("ps.3d", lambda: A.PitchShift(1600, 5, n_fft=16)(wave.reshape(2, 1, 64)))
