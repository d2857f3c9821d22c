"""dataset.audio: spectrogram family, decibels, complex pairs, mu-law and the filter-bank
builders on a generated waveform; argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
U = A.utils
wave = rs(0).randn(2, 120).astype(np.float32)
pairs = rs(1).randn(3, 4, 2).astype(np.float32)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("spec.default", lambda: A.Spectrogram(n_fft=32)(wave))
out("spec.hamming.norm", lambda: A.Spectrogram(n_fft=32, win_length=24, hop_length=10, pad=3,
                                               window=A.WindowType.HAMMING, power=1.0,
                                               normalized=True)(wave))
for w in ("BLACKMAN", "BARTLETT", "KAISER"):
    out("spec." + w, lambda: A.Spectrogram(n_fft=16, window=getattr(A.WindowType, w))(wave))
for b in ("CONSTANT", "EDGE", "SYMMETRIC"):
    out("spec.pad." + b, lambda: A.Spectrogram(n_fft=16, pad_mode=getattr(A.BorderType, b))(wave))
out("spec.nocenter", lambda: A.Spectrogram(n_fft=16, center=False)(wave))
spec = A.Spectrogram(n_fft=32)(wave)
out("mel.htk", lambda: A.MelScale(n_mels=6, sample_rate=1600, n_stft=17)(spec))
out("mel.slaney", lambda: A.MelScale(n_mels=6, sample_rate=1600, f_min=20.0, f_max=700.0,
                                     n_stft=17, norm=A.NormType.SLANEY,
                                     mel_type=A.MelType.SLANEY)(spec))
out("melspec", lambda: A.MelSpectrogram(sample_rate=1600, n_fft=32, n_mels=6)(wave))
out("db.power", lambda: A.AmplitudeToDB()(spec))
out("db.magnitude.top", lambda: A.AmplitudeToDB(stype=A.ScaleType.MAGNITUDE, ref_value=2.0,
                                                amin=1e-5, top_db=30.0)(spec))
out("db2amp", lambda: A.DBToAmplitude(0.5, 0.5)(np.array([[-3.0, 0.0, 4.5]], np.float32)))
out("complexnorm", lambda: A.ComplexNorm(power=1.5)(pairs))
out("angle", lambda: A.Angle()(pairs))
out("mulaw.enc", lambda: A.MuLawEncoding(16)(np.clip(wave[:, :20], -1, 1)))
out("mulaw.dec", lambda: A.MuLawDecoding(16)(np.arange(16).astype(np.int32)))
out("create_dct.none", lambda: U.create_dct(3, 4, U.NormMode.NONE))
out("create_dct.ortho", lambda: U.create_dct(3, 4, U.NormMode.ORTHO))
out("melscale_fbanks.htk", lambda: U.melscale_fbanks(9, 0.0, 800.0, 4, 1600))
out("melscale_fbanks.slaney", lambda: U.melscale_fbanks(9, 10.0, 700.0, 4, 1600,
                                                        U.NormType.SLANEY, U.MelType.SLANEY))
out("linear_fbanks", lambda: U.linear_fbanks(9, 50.0, 750.0, 3, 1600))
out("err.create_dct.zero", lambda: U.create_dct(0, 4))
out("err.create_dct.float", lambda: U.create_dct(3.0, 4))
out("err.spec.win_gt_nfft", lambda: A.Spectrogram(n_fft=16, win_length=20))
out("err.db.top_none", lambda: A.AmplitudeToDB(top_db=None))
out("err.mel.nmels0", lambda: A.MelScale(n_mels=0))
out("enum.values", lambda: np.array([len(A.WindowType), len(A.BorderType), len(A.NormType)]))
