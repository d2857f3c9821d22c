"""Bounding-box transforms (image + float32 [x, y, w, h] boxes), transforms.Unique, not_random."""
import numpy as np
from _target import ms, emit, emit_err, rs

v = ms.dataset.vision
t = ms.dataset.transforms
img = rs(0).randint(0, 256, (6, 8, 3)).astype(np.uint8)
bb = np.array([[1, 1, 3, 2], [4, 2, 4, 4]], np.float32)


def run(key, op, image=img, boxes=bb):
    out = op(image.copy(), boxes.copy())  # MindSpore updates its inputs in place
    emit(key, [out[0], out[1]])


run("RandomHorizontalFlipWithBBox", v.RandomHorizontalFlipWithBBox(1.0))
run("RandomHorizontalFlipWithBBox.p0", v.RandomHorizontalFlipWithBBox(0.0))
run("RandomVerticalFlipWithBBox", v.RandomVerticalFlipWithBBox(1.0))
run("RandomHorizontalFlipWithBBox.5col", v.RandomHorizontalFlipWithBBox(1.0), boxes=np.array([[1, 1, 3, 2, 9]], np.float32))
run("ResizeWithBBox.nearest", v.ResizeWithBBox((12, 4), v.Inter.NEAREST))
out = v.ResizeWithBBox(3)(img.copy(), bb.copy())
emit("ResizeWithBBox.short", [out[0].shape, out[1]])
out = v.RandomResizeWithBBox((3, 16))(img.copy(), bb.copy())
emit("RandomResizeWithBBox", [out[0].shape, out[1]])
run("RandomCropWithBBox.full", v.RandomCropWithBBox((6, 8)))
out = v.RandomCropWithBBox((8, 10), padding=1)(img.copy(), bb.copy())
emit("RandomCropWithBBox.pad", [out[0], out[1]])
out = v.RandomCropWithBBox((4, 5))(img.copy(), bb.copy())
emit("RandomCropWithBBox.shape", [out[0].shape, str(out[1].dtype), out[1].shape[1]])
out = v.RandomResizedCropWithBBox((4, 4), scale=(1.0, 1.0), ratio=(4 / 3., 4 / 3.), interpolation=v.Inter.NEAREST)(img.copy(), bb.copy())
emit("RandomResizedCropWithBBox.full", [out[0], out[1]])
run("BoundingBoxAugment.invert", v.BoundingBoxAugment(v.Invert(), 1.0))
run("BoundingBoxAugment.flip", v.BoundingBoxAugment(v.RandomHorizontalFlip(1.0), 1.0))
run("BoundingBoxAugment.ratio0", v.BoundingBoxAugment(v.Invert(), 0.0))
hits = []
for _ in range(300):  # each box is augmented with probability ratio, independently
    out = v.BoundingBoxAugment(v.Invert(), 0.5)(img.copy(), bb.copy())
    hits.append([bool((out[0][1:3, 1:4] != img[1:3, 1:4]).any()),
                 bool((out[0][2:6, 4:8] != img[2:6, 4:8]).any())])
hits = np.array(hits)
# bounds 5 standard deviations wide (0.4-0.6 was 3.5: about one run in 1,000 failed)
emit("BoundingBoxAugment.half.rate", [bool(0.35 < r < 0.65) for r in hits.mean(0)])
emit("BoundingBoxAugment.half.none", bool(0.15 < (~hits.any(1)).mean() < 0.35))
emit_err("bbox.int", v.RandomHorizontalFlipWithBBox(1.0), img, bb.astype(np.int32))
emit_err("bbox.outside", v.RandomHorizontalFlipWithBBox(1.0), img, np.array([[1, 1, 30, 2]], np.float32))
emit_err("bbox.3col", v.RandomHorizontalFlipWithBBox(1.0), img, np.array([[1, 1, 3]], np.float32))
emit_err("bbox.prob", v.RandomHorizontalFlipWithBBox, 2.0)
emit_err("BoundingBoxAugment.ratio", v.BoundingBoxAugment, v.Invert(), 2.0)
r = t.Unique()(np.array([[5, 3, 5], [1, 3, 7]], np.int32))
emit("Unique", [[a, str(a.dtype)] for a in r])
r = t.Unique()(np.array([[2.5, 2.5], [1.0, 0.5]], np.float32))
emit("Unique.float", [[a, str(a.dtype)] for a in r])
emit_err("Unique.1d", t.Unique(), np.array([1, 2, 1]))


def f(a):
    return a


emit("not_random", [v.not_random(f) is f, f.random, t.not_random(f) is f])
