"""dataset.audio: masking (FrequencyMasking, TimeMasking, MaskAlongAxis), volume and gain
(Vol, Gain, DCShift, Fade), Magphase, SpectralCentroid and ComputeDeltas on generated inputs;
argument errors (the exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 64) * 0.4).astype(np.float32)
spec = np.abs(rs(1).randn(2, 8, 10)).astype(np.float32)
pairs = rs(2).randn(3, 4, 2).astype(np.float32)


def out(key, fn):
    try:
        res = fn()
        if isinstance(res, tuple):
            for i, r in enumerate(res):
                emit("%s.%d" % (key, i), np.asarray(r).astype(np.float64))
        else:
            emit(key, np.asarray(res).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("freqmask", lambda: A.FrequencyMasking(freq_mask_param=3, mask_start=1, mask_value=0.5)(spec))
out("freqmask.default", lambda: A.FrequencyMasking()(spec))
out("timemask", lambda: A.TimeMasking(time_mask_param=4, mask_start=2, mask_value=1.5)(spec))
out("timemask.2d", lambda: A.TimeMasking(time_mask_param=3, mask_start=6)(spec[0]))
out("maskaxis.freq", lambda: A.MaskAlongAxis(2, 5, 0.25, 1)(spec))
out("maskaxis.time", lambda: A.MaskAlongAxis(0, 3, 2.0, 2)(spec))
out("err.freqmask.neg_param", lambda: A.FrequencyMasking(freq_mask_param=-1))
out("err.freqmask.neg_value", lambda: A.FrequencyMasking(mask_value=-1.0))
out("err.freqmask.start_past", lambda: A.FrequencyMasking(freq_mask_param=3, mask_start=7)(spec))
out("err.timemask.param_past", lambda: A.TimeMasking(time_mask_param=11)(spec))
out("err.freqmask.bool", lambda: A.FrequencyMasking(iid_masks=1))
out("err.maskaxis.axis", lambda: A.MaskAlongAxis(0, 2, 0.0, 3)(spec))
out("err.maskaxis.width0", lambda: A.MaskAlongAxis(0, 0, 0.0, 1)(spec))
for gt in ("AMPLITUDE", "POWER", "DB"):
    out("vol." + gt, lambda: A.Vol(0.5 if gt != "DB" else -3.0, getattr(A.GainType, gt))(wave))
out("vol.clip", lambda: A.Vol(4.0)(wave))
out("err.vol.neg", lambda: A.Vol(-1.0))
out("err.vol.power0", lambda: A.Vol(0.0, A.GainType.POWER))
out("gain", lambda: A.Gain(2.5)(wave))
out("gain.default", lambda: A.Gain()(wave))
out("dcshift", lambda: A.DCShift(0.3)(wave))
out("dcshift.limiter", lambda: A.DCShift(0.6, 0.05)(wave))
out("err.dcshift.range", lambda: A.DCShift(2.5))
for shape in ("LINEAR", "EXPONENTIAL", "LOGARITHMIC", "QUARTER_SINE", "HALF_SINE"):
    out("fade." + shape, lambda: A.Fade(10, 20, getattr(A.FadeShape, shape))(wave))
out("fade.default", lambda: A.Fade()(wave))
out("err.fade.long", lambda: A.Fade(70, 0)(wave))
out("err.fade.neg", lambda: A.Fade(-1, 0))
out("magphase", lambda: A.Magphase()(pairs))
out("magphase.p2", lambda: A.Magphase(2.0)(pairs))
out("err.magphase.neg", lambda: A.Magphase(-1.0))
out("centroid", lambda: A.SpectralCentroid(sample_rate=100, n_fft=16)(wave))
out("centroid.args", lambda: A.SpectralCentroid(sample_rate=100, n_fft=16, win_length=8,
                                                 hop_length=4, pad=2,
                                                 window=A.WindowType.HAMMING)(wave))
out("err.centroid.rate", lambda: A.SpectralCentroid(sample_rate=-1))
out("deltas", lambda: A.ComputeDeltas()(spec))
out("deltas.w3.edge", lambda: A.ComputeDeltas(3, A.BorderType.EDGE)(spec))
out("err.deltas.win", lambda: A.ComputeDeltas(2))
