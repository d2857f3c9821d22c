"""Colour transforms on float32 images (blends with float gray levels and the unrounded mean)."""
import numpy as np
from _target import ms, emit, rs

v = ms.dataset.vision
x = (rs(0).rand(5, 6, 3) * 255).astype(np.float32)
xn = rs(1).rand(5, 6, 3).astype(np.float32)
for name, a in (("x255", x), ("x1", xn)):
    emit(name + ".AdjustContrast", v.AdjustContrast(1.3)(a))
    emit(name + ".AdjustContrast0.4", v.AdjustContrast(0.4)(a))
    emit(name + ".AdjustSaturation", v.AdjustSaturation(1.3)(a))
    emit(name + ".RandomColor", v.RandomColor((0.6, 0.6))(a))
    emit(name + ".RandomColor0", v.RandomColor((0.0, 0.0))(a))
    emit(name + ".RGB2GRAY", v.ConvertColor(v.ConvertMode.COLOR_RGB2GRAY)(a))
    emit(name + ".BGR2GRAY", v.ConvertColor(v.ConvertMode.COLOR_BGR2GRAY)(a))
    emit(name + ".RandomColorAdjust.contrast", v.RandomColorAdjust(contrast=(0.7, 0.7))(a))
    emit(name + ".RandomColorAdjust.saturation", v.RandomColorAdjust(saturation=(1.5, 1.5))(a))
    emit(name + ".RandomColorAdjust.brightness", v.RandomColorAdjust(brightness=(1.2, 1.2))(a))
