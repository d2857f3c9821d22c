"""dataset.audio: the biquad filters, LFilter/Filtfilt, Contrast, Overdrive and Resample on a
generated waveform; argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 80) * 0.3).astype(np.float32)
wave64 = wave.astype(np.float64)


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("allpass", lambda: A.AllpassBiquad(8000, 1200.0, 0.9)(wave))
out("band", lambda: A.BandBiquad(8000, 900.0)(wave))
out("band.noise", lambda: A.BandBiquad(8000, 900.0, 0.8, True)(wave))
out("bandpass", lambda: A.BandpassBiquad(8000, 1500.0)(wave))
out("bandpass.skirt", lambda: A.BandpassBiquad(8000, 1500.0, 0.6, True)(wave))
out("bandreject", lambda: A.BandrejectBiquad(8000, 700.0, 0.5)(wave))
out("bass", lambda: A.BassBiquad(8000, 6.0)(wave))
out("bass.args", lambda: A.BassBiquad(8000, -4.0, 250.0, 0.5)(wave))
out("biquad", lambda: A.Biquad(0.2, 0.3, 0.1, 1.0, -0.4, 0.1)(wave))
out("biquad.f64", lambda: A.Biquad(0.2, 0.3, 0.1, 2.0, -0.4, 0.1)(wave64))
out("deemph.44100", lambda: A.DeemphBiquad(44100)(wave))
out("deemph.48000", lambda: A.DeemphBiquad(48000)(wave))
out("equalizer", lambda: A.EqualizerBiquad(8000, 1000.0, 3.0, 0.9)(wave))
out("highpass", lambda: A.HighpassBiquad(8000, 600.0)(wave))
out("lowpass", lambda: A.LowpassBiquad(8000, 600.0, 0.9)(wave))
for rate in (44100, 48000, 88200, 96000):
    out("riaa.%d" % rate, lambda: A.RiaaBiquad(rate)(wave))
out("treble", lambda: A.TrebleBiquad(8000, 5.0)(wave))
out("treble.args", lambda: A.TrebleBiquad(8000, -2.0, 2500.0, 0.8)(wave))
out("lfilter", lambda: A.LFilter([1.0, -0.5, 0.2], [0.4, 0.3, 0.1])(wave))
out("lfilter.noclamp", lambda: A.LFilter([0.5, -0.2], [2.0, 1.0], False)(wave))
out("filtfilt", lambda: A.Filtfilt([1.0, -0.5, 0.2], [0.4, 0.3, 0.1])(wave))
out("contrast", lambda: A.Contrast()(wave))
out("contrast.30", lambda: A.Contrast(30.0)(wave))
out("overdrive", lambda: A.Overdrive()(wave))
out("overdrive.args", lambda: A.Overdrive(10.0, 40.0)(wave))
out("resample.down", lambda: A.Resample(16000, 8000)(wave))
out("resample.up", lambda: A.Resample(8000, 12000, lowpass_filter_width=4, rolloff=0.9)(wave))
out("resample.kaiser", lambda: A.Resample(16000, 12000, A.ResampleMethod.KAISER_WINDOW,
                                          beta=10.0)(wave))
out("resample.kaiser.default_beta", lambda: A.Resample(16000, 12000,
                                                       A.ResampleMethod.KAISER_WINDOW)(wave))
out("resample.same", lambda: A.Resample(16000, 16000)(wave))
out("err.allpass.rate0", lambda: A.AllpassBiquad(0, 100.0))
out("err.allpass.q", lambda: A.AllpassBiquad(8000, 100.0, 0.0))
out("err.lowpass.q", lambda: A.LowpassBiquad(8000, 600.0, 1.1))
out("err.biquad.a0", lambda: A.Biquad(0.2, 0.3, 0.1, 0.0, -0.4, 0.1))
out("err.lfilter.len", lambda: A.LFilter([1.0, 0.5], [0.3])(wave))
out("err.resample.freq", lambda: A.Resample(-1, 8000))
out("err.contrast.range", lambda: A.Contrast(101.0))
out("err.overdrive.range", lambda: A.Overdrive(120.0))
out("err.deemph.rate", lambda: A.DeemphBiquad(16000))
out("err.riaa.rate", lambda: A.RiaaBiquad(16000))
