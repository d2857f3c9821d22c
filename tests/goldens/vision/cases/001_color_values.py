"""Colour transforms on generated uint8 (and float) images: pixel values of MindSpore's kernels."""
import numpy as np
from _target import ms, emit, rs

v = ms.dataset.vision
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
low = (rs(1).rand(6, 40, 3) * 120 + 40).astype(np.uint8)  # low contrast, rows wider than 32
gray = rs(2).randint(0, 256, (5, 6)).astype(np.uint8)
rgba = rs(3).randint(0, 256, (3, 4, 4)).astype(np.uint8)
flt = (rs(4).rand(3, 4, 3) * 255).astype(np.float32)

for name, x in (("img", img), ("low", low), ("gray", gray)):
    emit(name + ".Equalize", v.Equalize()(x))
    emit(name + ".AutoContrast", v.AutoContrast()(x))
    emit(name + ".AutoContrast.cutoff10.7", v.AutoContrast(cutoff=10.7)(x))
    emit(name + ".AutoContrast.ignore", v.AutoContrast(ignore=[50, 60, 61])(x))
    emit(name + ".Posterize3", v.Posterize(3)(x))
    emit(name + ".Posterize0", v.Posterize(0)(x))
    emit(name + ".Solarize100", v.Solarize(100.0)(x))
    emit(name + ".Solarize.range", v.Solarize((50, 150))(x))
    emit(name + ".Brightness1.7", v.AdjustBrightness(1.7)(x))
    emit(name + ".Brightness0.3", v.AdjustBrightness(0.3)(x))
    emit(name + ".Gamma0.5", v.AdjustGamma(0.5)(x))
    emit(name + ".Gamma2.gain0.8", v.AdjustGamma(2.0, 0.8)(x))
    emit(name + ".Sharpness1.7", v.AdjustSharpness(1.7)(x))
    emit(name + ".Sharpness0.3", v.AdjustSharpness(0.3)(x))
for name, x in (("img", img), ("low", low)):
    emit(name + ".Invert", v.Invert()(x))
    for f in (0.0, 0.3, 1.7):
        emit(name + ".Contrast%s" % f, v.AdjustContrast(f)(x))
        emit(name + ".Saturation%s" % f, v.AdjustSaturation(f)(x))
    for f in (0.0, 0.2, -0.4, 0.5):
        emit(name + ".Hue%s" % f, v.AdjustHue(f)(x))
emit("red.Hue0.5", v.AdjustHue(0.5)(np.array([[[255, 0, 0]]], np.uint8)))
emit("rgba.Sharpness1.3", v.AdjustSharpness(1.3)(rgba))
emit("rgba.Posterize2", v.AdjustSharpness(1.3)(rgba))
emit("float.Invert", v.Invert()(flt))
emit("float.Brightness", v.AdjustBrightness(1.5)(flt))
emit("float.Solarize", v.Solarize(100.0)(flt))
emit("float.Gamma", v.AdjustGamma(0.5, 1.2)(flt / 255))
emit("float.Sharpness", v.AdjustSharpness(0.5)(flt))
M = v.ConvertMode
for mode in (M.COLOR_BGR2BGRA, M.COLOR_BGRA2BGR, M.COLOR_BGR2RGBA, M.COLOR_RGBA2BGR, M.COLOR_BGR2RGB,
             M.COLOR_BGRA2RGBA, M.COLOR_BGR2GRAY, M.COLOR_RGB2GRAY, M.COLOR_BGRA2GRAY,
             M.COLOR_RGBA2GRAY):
    emit("ConvertColor.rgba." + mode.name, v.ConvertColor(mode)(rgba))
    emit("ConvertColor.img." + mode.name, v.ConvertColor(mode)(img))
for mode in (M.COLOR_GRAY2BGR, M.COLOR_GRAY2BGRA, M.COLOR_RGB2BGR, M.COLOR_RGB2RGBA):
    emit("ConvertColor.gray." + mode.name, v.ConvertColor(mode)(gray))
emit("ConvertColor.low.RGB2GRAY", v.ConvertColor(M.COLOR_RGB2GRAY)(low))
