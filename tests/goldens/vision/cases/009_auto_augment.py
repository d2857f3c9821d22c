"""AutoAugment, RandAugment, TrivialAugmentWide: shapes, dtypes, which results the degenerate
settings can give, and argument errors."""
import numpy as np
from _target import ms, emit, emit_err, rs

v = ms.dataset.vision
img = rs(0).randint(10, 250, (12, 16, 3)).astype(np.uint8)
for name, op in (("AutoAugment.imagenet", v.AutoAugment()), ("AutoAugment.cifar10", v.AutoAugment(v.AutoAugmentPolicy.CIFAR10, v.Inter.BILINEAR, 7)),
                 ("AutoAugment.svhn", v.AutoAugment(v.AutoAugmentPolicy.SVHN, fill_value=(1, 2, 3))),
                 ("RandAugment", v.RandAugment()),
                 ("RandAugment.bilinear", v.RandAugment(3, 20, 31, v.Inter.BILINEAR, 9)),
                 ("TrivialAugmentWide", v.TrivialAugmentWide()),
                 ("TrivialAugmentWide.bins", v.TrivialAugmentWide(5, v.Inter.BILINEAR, (4, 5, 6)))):
    outs = [op(img) for _ in range(20)]
    emit(name, [outs[0].shape, str(outs[0].dtype), len({o.tobytes() for o in outs}) > 1])
emit("RandAugment.num_ops0", v.RandAugment(0)(img))
# magnitude bin 0 of 2: every operation is the identity except AutoContrast and Equalize
kinds = {"identity": img, "autocontrast": v.AutoContrast()(img), "equalize": v.Equalize()(img)}
seen = set()
for _ in range(200):
    out = v.RandAugment(1, 0, 2)(img)
    seen.add(next((k for k, ref in kinds.items() if (out == ref).all()), "other"))
emit("RandAugment.bin0.results", sorted(seen))
seen = set()
for _ in range(200):
    out = v.AutoAugment(v.AutoAugmentPolicy.IMAGENET)(img)
    seen.add(out.shape)
emit("AutoAugment.shapes", sorted(seen))
errs = {"AutoAugment.policy": lambda: v.AutoAugment("imagenet"), "AutoAugment.interp": lambda: v.AutoAugment(interpolation=1),
        "AutoAugment.fill": lambda: v.AutoAugment(fill_value=256),
        "AutoAugment.fill2": lambda: v.AutoAugment(fill_value=(1, 2)),
        "RandAugment.num_ops": lambda: v.RandAugment(-1),
        "RandAugment.magnitude": lambda: v.RandAugment(2, 31, 31),
        "RandAugment.bins": lambda: v.RandAugment(2, 0, 1),
        "RandAugment.float": lambda: v.RandAugment(2.0),
        "TrivialAugmentWide.bins": lambda: v.TrivialAugmentWide(1),
        "TrivialAugmentWide.float": lambda: v.TrivialAugmentWide(3.0)}
for k, fn in errs.items():
    emit_err(k, fn)
for k, op in (("AutoAugment", v.AutoAugment()), ("RandAugment", v.RandAugment()), ("TrivialAugmentWide", v.TrivialAugmentWide())):
    emit_err(k + ".gray", op, img[..., 0])
    if k != "AutoAugment":  # MindSpore's AutoAugment fails on float images only in some steps
        emit_err(k + ".float", op, img.astype(np.float32))
