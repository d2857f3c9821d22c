"""dataset.audio: Flanger and Phaser (sox's modulated delay lines) on generated waveforms, and
the random MaskAlongAxisIID and Dither (dtype, shape and invariants only); argument errors (the
exception type)."""
import importlib

import numpy as np
from _target import ms, emit, rs

A = importlib.import_module(ms.__name__ + ".dataset.audio")  # ms.dataset does not load it
wave = (rs(0).randn(2, 64) * 0.3).astype(np.float32)
long_wave = (rs(7).randn(2, 400) * 0.4).astype(np.float32)
spec = np.abs(rs(2).randn(2, 8, 10)).astype(np.float32) + 1.0


def out(key, fn):
    try:
        emit(key, np.asarray(fn()).astype(np.float64))
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        emit(key, type(e).__name__)


out("flanger", lambda: A.Flanger(1000)(wave))
out("flanger.args", lambda: A.Flanger(1000, delay=5.0, depth=4.0, regen=30.0, width=50.0,
                                      speed=2.0, phase=60.0)(long_wave))
out("flanger.tri", lambda: A.Flanger(800, depth=5.0, regen=-40.0,
                                     modulation=A.Modulation.TRIANGULAR,
                                     interpolation=A.Interpolation.QUADRATIC)(long_wave))
out("flanger.3d", lambda: A.Flanger(1000, delay=2.0)(long_wave.reshape(2, 1, 400)))
out("flanger.1d", lambda: A.Flanger(1000)(wave[0]))
out("err.flanger.delay", lambda: A.Flanger(1000, delay=31.0))
out("err.flanger.speed", lambda: A.Flanger(1000, speed=0.05))
out("err.flanger.rate", lambda: A.Flanger(0))
out("err.flanger.mod", lambda: A.Flanger(1000, modulation="sinusoidal"))
out("phaser", lambda: A.Phaser(1000)(long_wave))
out("phaser.args", lambda: A.Phaser(2000, gain_in=0.8, gain_out=0.9, delay_ms=4.0, decay=0.7,
                                    mod_speed=1.5, sinusoidal=False)(long_wave))
out("phaser.1d", lambda: A.Phaser(1000, delay_ms=2.0)(wave[1]))
out("phaser.loud", lambda: A.Phaser(1000, gain_in=1.0, gain_out=5.0)(long_wave * 3))
out("err.phaser.decay", lambda: A.Phaser(1000, decay=0.995))
out("err.phaser.delay", lambda: A.Phaser(1000, delay_ms=6.0))
out("err.phaser.sin", lambda: A.Phaser(1000, sinusoidal=1))


def iid(key, axis, param):
    try:
        res = A.MaskAlongAxisIID(param, 0.0, axis)(spec)
        emit(key + ".shape", list(res.shape))
        emit(key + ".dtype", str(res.dtype))
        masked = res == 0.0
        emit(key + ".kept", bool(np.all((res == spec) | masked)))
        # the masked positions form one band along `axis`, the same for every other index
        lines = masked.any(axis=(0, 2) if axis == 1 else (0, 1))
        width = int(lines.sum())
        band = np.where(lines)[0]
        emit(key + ".band", bool(width <= param and (width == 0 or
                                                     band[-1] - band[0] + 1 == width)))
    except Exception as e:  # noqa: BLE001
        emit(key, type(e).__name__)


iid("iid.freq", 1, 5)
iid("iid.time", 2, 7)
out("err.iid.axis", lambda: A.MaskAlongAxisIID(3, 0.0, 0))
out("err.iid.param", lambda: A.MaskAlongAxisIID(-1, 0.0, 1))
out("err.iid.big", lambda: A.MaskAlongAxisIID(11, 0.0, 2)(spec))
out("err.iid.1d", lambda: A.MaskAlongAxisIID(2, 0.0, 2)(wave[0]))


def dither(key, **kwargs):
    data = (rs(8).uniform(-0.5, 0.5, (2, 500))).astype(np.float32)
    try:
        res = A.Dither(**kwargs)(data)
        emit(key + ".shape", list(res.shape))
        emit(key + ".dtype", str(res.dtype))
        # the largest dither: GPDF adds seven samples of the signal (|x| <= 0.5 each) to the
        # 2^15 - 2 scaled value before rounding: under 3.5 + 0.5 + 1 steps of 2^-15
        emit(key + ".close", bool(np.abs(res - data).max() < 6.0 / 2 ** 15))
        emit(key + ".changed", bool(np.abs(res - data).max() > 0.0))
    except Exception as e:  # noqa: BLE001
        emit(key, type(e).__name__)


dither("dither")
dither("dither.rpdf", density_function=A.DensityFunction.RPDF)
dither("dither.gpdf", density_function=A.DensityFunction.GPDF)
dither("dither.shaped", noise_shaping=True)
out("err.dither.df", lambda: A.Dither(density_function="TPDF"))
out("err.dither.shape", lambda: A.Dither(noise_shaping=1))
# the triangular (TPDF) density and the noise shaping are deterministic in MindSpore 2.10
sample = (rs(8).uniform(-0.5, 0.5, (2, 50))).astype(np.float32)
out("dither.values", lambda: A.Dither()(sample))
out("dither.shaped.values", lambda: A.Dither(noise_shaping=True)(sample))
out("dither.values.1d", lambda: A.Dither(noise_shaping=True)(sample[0] * 0.1))
out("flanger.f64", lambda: A.Flanger(1000, regen=20.0)(long_wave.astype(np.float64)))
out("phaser.f64", lambda: A.Phaser(1000, sinusoidal=False)(long_wave.astype(np.float64)))
out("phaser.3d", lambda: A.Phaser(1000)(long_wave.reshape(2, 1, 400)))
out("flanger.4d", lambda: A.Flanger(1000)(long_wave.reshape(1, 2, 1, 400)))
