"""Random transforms: parameters that make them deterministic, shapes and dtypes of the others."""
import io
import numpy as np
from PIL import Image
from _target import ms, emit, rs

v = ms.dataset.vision
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
gray = rs(2).randint(0, 256, (5, 6)).astype(np.uint8)
emit("RandomColorAdjust.brightness", v.RandomColorAdjust(brightness=(1.3, 1.3))(img))
emit("RandomColorAdjust.contrast", v.RandomColorAdjust(contrast=(0.6, 0.6))(img))
emit("RandomColorAdjust.saturation", v.RandomColorAdjust(saturation=(1.4, 1.4))(img))
emit("RandomColorAdjust.hue", v.RandomColorAdjust(hue=(0.1, 0.1))(img))
emit("RandomColorAdjust.identity", v.RandomColorAdjust()(img))
emit("RandomColorAdjust.random.shape", v.RandomColorAdjust(0.4, 0.4, 0.4, 0.1)(img).shape)
emit("RandomColor1.3", v.RandomColor((1.3, 1.3))(img))
emit("RandomColor0", v.RandomColor((0.0, 0.0))(img))
emit("RandomColor1", v.RandomColor((1.0, 1.0))(img))
emit("RandomSharpness", v.RandomSharpness((0.5, 0.5))(img))
emit("RandomSharpness.gray", v.RandomSharpness((1.5, 1.5))(gray))
emit("RandomPosterize", v.RandomPosterize((2, 2))(img))
emit("RandomPosterize.int", v.RandomPosterize(5)(gray))
emit("RandomSolarize", v.RandomSolarize((100, 100))(img))
emit("RandomInvert1", v.RandomInvert(1.0)(img))
emit("RandomInvert0", v.RandomInvert(0.0)(img))
emit("RandomEqualize1", v.RandomEqualize(1.0)(img))
emit("RandomAutoContrast1", v.RandomAutoContrast(cutoff=5.0, prob=1.0)(img))
emit("RandomAdjustSharpness1", v.RandomAdjustSharpness(1.3, 1.0)(img))
emit("RandomAdjustSharpness0", v.RandomAdjustSharpness(1.3, 0.0)(img))
emit("RandomAffine.fixed", v.RandomAffine((15, 15), translate=(0.1, 0.1, -0.2, -0.2), scale=(1.2, 1.2),
                                          shear=(5.0, 5.0, 3.0, 3.0))(img))
emit("RandomAffine.equals.Affine", bool((v.RandomAffine((15, 15))(img) == v.Affine(15, [0, 0], 1.0, 0.0)(img)).all()))
emit("RandomAffine.shape", v.RandomAffine(30, (0.1, 0.2), (0.8, 1.2), 10)(img).shape)
for size in (4, (3, 5)):
    r = v.RandomResize(size)(img)
    emit("RandomResize.%s" % (size,), [r.shape, str(r.dtype)])
buf = io.BytesIO()
Image.fromarray(rs(5).randint(0, 256, (20, 30, 3)).astype(np.uint8)).save(buf, "PNG")
data = np.frombuffer(buf.getvalue(), np.uint8)
emit("RandomCropDecodeResize.shape", v.RandomCropDecodeResize((5, 6))(data).shape)
emit("RandomCropDecodeResize.whole", v.RandomCropDecodeResize((20, 30), scale=(1.0, 1.0), ratio=(1.5, 1.5),
                                                              interpolation=v.Inter.NEAREST)(data))
cut = v.CutOut(3, 2)(img)
emit("CutOut", [cut.shape, str(cut.dtype), bool(((cut == img) | (cut == 0)).all())])
chw = img.transpose(2, 0, 1).astype(np.float32)
cut = v.CutOut(2, is_hwc=False)(chw)
emit("CutOut.chw", [cut.shape, str(cut.dtype), bool(((cut == chw) | (cut == 0)).all())])
emit("RandomErasing0", v.RandomErasing(prob=0.0)(chw))
er = v.RandomErasing(prob=1.0, value=(1, 2, 3))(chw)
emit("RandomErasing1", [er.shape, str(er.dtype), bool(((er == chw) | (er == np.array([1, 2, 3]).reshape(3, 1, 1))).all())])
emit("Erase", v.Erase(1, 2, 3, 4, value=(5, 6, 7))(img))
emit("Erase.round", v.Erase(0, 0, 1, 1, value=(1.6, 2.5, 3.4))(img)[0, 0])
emit("Erase.float", v.Erase(0, 0, 2, 2, value=1.5)(img.astype(np.float32))[:2, :3])
policy = [[(v.Invert(), 1.0), (v.HorizontalFlip(), 1.0)], [(v.Invert(), 1.0), (v.HorizontalFlip(), 1.0)]]
emit("RandomSelectSubpolicy", v.RandomSelectSubpolicy(policy)(img))
emit("RandomSelectSubpolicy.p0", v.RandomSelectSubpolicy([[(v.Invert(), 0.0)]])(img))
emit("UniformAugment.shape", v.UniformAugment([v.Invert(), v.HorizontalFlip(), v.Equalize()], 2)(img).shape)
