"""Geometric transforms: crops, flips, Rotate and Affine (warpAffine sampling), SlicePatches,
PadToSize, ResizedCrop."""
import numpy as np
from _target import ms, emit, rs

v = ms.dataset.vision
I = v.Inter
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
big = rs(1).randint(0, 256, (16, 20, 3)).astype(np.uint8)
gray = rs(2).randint(0, 256, (5, 6)).astype(np.uint8)
flt = (rs(4).rand(6, 5, 3) * 255).astype(np.float32)

for name, x in (("img", img), ("big", big), ("gray", gray)):
    emit(name + ".Crop", v.Crop((1, 2), (3, 4))(x))
    emit(name + ".HorizontalFlip", v.HorizontalFlip()(x))
    emit(name + ".VerticalFlip", v.VerticalFlip()(x))
    emit(name + ".Rotate30", v.Rotate(30)(x))
    emit(name + ".Rotate-75.bilinear.fill", v.Rotate(-75, I.BILINEAR, fill_value=(10, 20, 30))(x))
    emit(name + ".Rotate30.expand", v.Rotate(30, expand=True)(x))
    emit(name + ".Rotate200.expand.bilinear", v.Rotate(200, I.BILINEAR, expand=True, fill_value=9)(x))
    emit(name + ".Rotate45.center", v.Rotate(45, center=(1.5, 2.0))(x))
    emit(name + ".Affine", v.Affine(15, [0.1, -0.2], 1.2, [5.0, 3.0])(x))
    emit(name + ".Affine.bilinear", v.Affine(-40, [0.0, 0.3], 0.8, 10.0, I.BILINEAR, (1, 2, 3))(x))
    emit(name + ".Affine90", v.Affine(90, [0, 0], 1.0, 0.0)(x))
    emit(name + ".SlicePatches.pad", v.SlicePatches(2, 4, v.SliceMode.PAD, 9)(x))
    emit(name + ".SlicePatches.drop", v.SlicePatches(2, 4, v.SliceMode.DROP)(x))
    emit(name + ".SlicePatches.1x1", v.SlicePatches()(x))
    h, w = x.shape[:2]
    emit(name + ".PadToSize.offset", v.PadToSize((h + 3, w + 3), offset=(1, 2), fill_value=3)(x))
    emit(name + ".PadToSize.center", v.PadToSize(21, fill_value=(1, 2, 3))(x))
    emit(name + ".PadToSize.reflect", v.PadToSize((h + 2, w + 14), offset=1, padding_mode=v.Border.REFLECT)(x))
    emit(name + ".PadToSize.symmetric", v.PadToSize((h + 2, w + 14), padding_mode=v.Border.SYMMETRIC)(x))
    emit(name + ".PadToSize.edge", v.PadToSize((h + 3, w + 1), padding_mode=v.Border.EDGE)(x))
    emit(name + ".ResizedCrop.nearest", v.ResizedCrop(1, 2, 4, 3, (8, 6), I.NEAREST)(x))
    emit(name + ".ResizedCrop.shape", v.ResizedCrop(0, 1, 3, 3, 5)(x).shape)
emit("float.Rotate30.bilinear", v.Rotate(30, I.BILINEAR)(flt))
emit("float.Affine", v.Affine(10, [0.1, 0.1], 1.1, 0.0)(flt))
emit("float.Crop.dtype", str(v.Crop((0, 0), 2)(flt).dtype))
