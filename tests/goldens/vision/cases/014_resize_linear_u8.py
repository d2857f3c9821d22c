"""Bilinear Resize of uint8 images (OpenCV's fixed-point path in MindSpore): shrinking and
enlarging by non-integer and integer factors, the exact halving, one/three/four channels and
gray images, odd sizes, one-pixel sides; and the float32 path."""
import numpy as np
from _target import ms, emit, rs

v = ms.dataset.vision
I = v.Inter
shapes = [(7, 9, 3), (16, 20, 3), (33, 17, 1), (12, 10, 4), (5, 6), (40, 64, 3), (1, 8, 3), (9, 1)]
targets = [(4, 5), (8, 10), (13, 23), (20, 30), (3, 3), (1, 1), (17, 9), (50, 40), (6, 6), (16, 32)]
for k, shape in enumerate(shapes):
    x = rs(10 + k).randint(0, 256, shape).astype(np.uint8)
    for t in targets:
        emit("u8%s.to%s" % (shape, t), v.Resize(t, I.LINEAR)(x))
    h, w = shape[:2]
    if h % 2 == 0 and w % 2 == 0:
        emit("u8%s.half" % (shape,), v.Resize((h // 2, w // 2), I.LINEAR)(x))
        emit("u8%s.bilinear.half" % (shape,), v.Resize((h // 2, w // 2), I.BILINEAR)(x))
    emit("u8%s.short_side" % (shape,), v.Resize(11)(x))
smooth = np.clip(np.add.outer(np.arange(30) * 7, np.arange(44) * 5), 0, 255).astype(np.uint8)
emit("u8.smooth.to(17,29)", v.Resize((17, 29))(smooth))
emit("u8.smooth.to(61,90)", v.Resize((61, 90))(smooth))
flt = (rs(3).rand(9, 13, 3) * 255).astype(np.float32)
emit("f32.to(5,7)", v.Resize((5, 7))(flt))
emit("f32.to(20,21)", v.Resize((20, 21))(flt))
