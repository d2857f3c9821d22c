"""Bicubic sampling of Rotate, Affine, RandomAffine and Perspective (OpenCV's fixed-point cubic
weights), and the interpolations MindSpore rejects when they run."""
import numpy as np
from _target import ms, emit, emit_err, rs

v = ms.dataset.vision
I = v.Inter
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
big = rs(1).randint(0, 256, (20, 40, 3)).astype(np.uint8)
emit("Rotate.img", v.Rotate(30, I.BICUBIC, fill_value=(10, 20, 30))(img))
emit("Rotate.big", v.Rotate(-17, I.BICUBIC)(big))
emit("Rotate.gray.expand", v.Rotate(50, I.BICUBIC, expand=True)(big[..., 0]))
emit("Rotate.float", v.Rotate(30, I.BICUBIC)(img.astype(np.float32)))
emit("Affine.big", v.Affine(10, [0.1, 0.05], 1.3, [5.0, 2.0], I.BICUBIC, 7)(big))
emit("Affine.scale0.7", v.Affine(-25, [-0.2, 0.1], 0.7, 0.0, I.BICUBIC, (1, 2, 3))(big))
emit("RandomAffine.fixed", v.RandomAffine((12, 12), (0.1, 0.1), (1.1, 1.1), (3, 3), I.BICUBIC)(big))
corners, moved = [[0, 0], [39, 0], [39, 19], [0, 19]], [[3, 1], [36, 2], [39, 19], [1, 17]]
emit("Perspective.big", v.Perspective(corners, moved, I.BICUBIC)(big))
emit("Perspective.pilcubic", v.Perspective(corners, moved, I.PILCUBIC)(big))
emit("Rotate.area", v.Rotate(30, I.AREA)(img))
emit("AutoAugment.bicubic", v.AutoAugment(interpolation=I.BICUBIC)(big).shape)
for name, op in (("Rotate.antialias", v.Rotate(30, I.ANTIALIAS)), ("Rotate.pilcubic", v.Rotate(30, I.PILCUBIC)),
                 ("Affine.antialias", v.Affine(10, [0, 0], 1.0, 0.0, I.ANTIALIAS)),
                 ("AutoAugment.antialias", v.AutoAugment(interpolation=I.ANTIALIAS))):
    emit_err(name, op, img)
