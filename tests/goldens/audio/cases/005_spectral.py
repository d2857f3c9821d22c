"""dataset.audio: InverseSpectrogram, GriffinLim (deterministic start), TimeStretch and
PhaseVocoder on generated inputs (defaults and non-default arguments); argument errors (the
exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 64) * 0.3).astype(np.float32)
# a complex STFT as (..., freq, time, 2) pairs: (2, 9, 9, 2) for n_fft 16, hop 8
spec_c = (rs(1).randn(2, 9, 9, 2) * 0.5).astype(np.float32)
spec_m = np.abs(rs(2).randn(2, 9, 10)).astype(np.float32)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("ispec", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8)(spec_c))
out("ispec.len", lambda: A.InverseSpectrogram(length=60, n_fft=16, hop_length=8)(spec_c))
out("ispec.len_long", lambda: A.InverseSpectrogram(length=70, n_fft=16, hop_length=8)(spec_c))
out("ispec.win", lambda: A.InverseSpectrogram(n_fft=16, win_length=12, hop_length=4,
                                              window=A.WindowType.HAMMING)(spec_c))
out("ispec.nocenter", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8, center=False)(spec_c))
out("ispec.pad", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8, pad=3)(spec_c))
out("ispec.padlen", lambda: A.InverseSpectrogram(length=50, n_fft=16, hop_length=8, pad=3)(spec_c))
out("ispec.3d", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8)(spec_c[0]))
out("ispec.twosided", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8, onesided=False)(
    (rs(3).randn(16, 9, 2) * 0.5).astype(np.float32)))
out("err.ispec.win", lambda: A.InverseSpectrogram(n_fft=16, win_length=20))
out("err.ispec.nfft", lambda: A.InverseSpectrogram(n_fft=0))
out("err.ispec.normtype", lambda: A.InverseSpectrogram(normalized=1))
out("err.ispec.shape", lambda: A.InverseSpectrogram(n_fft=16)(spec_m))
out("gl", lambda: A.GriffinLim(n_fft=16, n_iter=4, hop_length=4, rand_init=False)(spec_m))
out("gl.mom0", lambda: A.GriffinLim(n_fft=16, n_iter=3, rand_init=False, momentum=0.0,
                                    power=1.0)(spec_m))
# MindSpore 2.10 returns NaN for a length that changes the frame count (e.g. 30 here)
out("gl.len", lambda: A.GriffinLim(n_fft=16, n_iter=2, hop_length=4, length=38,
                                   rand_init=False, window_type=A.WindowType.HAMMING)(spec_m))
out("gl.win", lambda: A.GriffinLim(n_fft=16, n_iter=2, win_length=10, hop_length=3,
                                   rand_init=False)(spec_m[0]))
out("gl.rand.shape", lambda: A.GriffinLim(n_fft=16, n_iter=2, hop_length=4)(spec_m).shape)
out("err.gl.mom", lambda: A.GriffinLim(momentum=-0.5))
out("err.gl.mom1", lambda: A.GriffinLim(n_fft=16, momentum=1.5)(spec_m))
out("err.gl.niter", lambda: A.GriffinLim(n_iter=0))
out("err.gl.power", lambda: A.GriffinLim(power=0.0))
out("err.gl.freq", lambda: A.GriffinLim(n_fft=20, rand_init=False)(spec_m))
out("ts", lambda: A.TimeStretch(hop_length=4, n_freq=9, fixed_rate=1.3)(spec_c))
out("ts.slow", lambda: A.TimeStretch(hop_length=4, n_freq=9, fixed_rate=0.7)(spec_c))
out("ts.default", lambda: A.TimeStretch(n_freq=9)(spec_c))
out("ts.3d", lambda: A.TimeStretch(hop_length=2, n_freq=9, fixed_rate=2.0)(spec_c[0]))
out("err.ts.rate", lambda: A.TimeStretch(n_freq=9, fixed_rate=0.0))
out("err.ts.nfreq", lambda: A.TimeStretch(n_freq=0))
out("ts.nfreq_other", lambda: A.TimeStretch(n_freq=8, fixed_rate=1.3)(spec_c))
out("err.ts.shape", lambda: A.TimeStretch(n_freq=9, fixed_rate=1.3)(spec_m))
pa = np.linspace(0.0, np.pi * 8 / 16, 9).astype(np.float32).reshape(9, 1)
out("pv", lambda: A.PhaseVocoder(1.3, pa)(spec_c))
out("pv.slow", lambda: A.PhaseVocoder(0.6, pa)(spec_c[0]))
out("pv.one", lambda: A.PhaseVocoder(1.0, pa)(spec_c))
out("err.pv.rate", lambda: A.PhaseVocoder(-1.0, pa))
out("err.pv.pa", lambda: A.PhaseVocoder(1.3, [1.0, 2.0])(spec_c))
out("pv.pa_other", lambda: A.PhaseVocoder(1.3, pa[:8])(spec_c))
spec_odd = (rs(11).randn(2, 8, 7, 2) * 0.5).astype(np.float32)  # n_fft 15: 8 bins
out("ispec.odd", lambda: A.InverseSpectrogram(n_fft=15, hop_length=5)(spec_odd))
out("ispec.odd_nocenter", lambda: A.InverseSpectrogram(n_fft=15, hop_length=5,
                                                       center=False)(spec_odd))
out("gl.odd", lambda: A.GriffinLim(n_fft=17, n_iter=3, hop_length=5, rand_init=False)(
    spec_m))
out("ts.f64", lambda: A.TimeStretch(hop_length=4, n_freq=9, fixed_rate=1.7)(
    spec_c.astype(np.float64)))
# last: in MindSpore 2.10 a normalized=True call leaves later InverseSpectrogram calls in the
# process normalized too (a state leak mindcell does not copy), so it runs after the others
out("ispec.norm", lambda: A.InverseSpectrogram(n_fft=16, hop_length=8, normalized=True)(spec_c))
