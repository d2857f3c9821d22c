"""PIL images: which transforms return PIL images (Pillow path) and their pixels; ToPIL/ToNumpy."""
import numpy as np
from PIL import Image
from _target import ms, emit, emit_err, rs

v = ms.dataset.vision
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
pil = Image.fromarray(img)


def show(key, r):
    is_pil = hasattr(r, "getbands")
    emit(key, ["PIL:" + r.mode if is_pil else "ndarray", np.asarray(r)])


ops = {"Invert": v.Invert(), "Equalize": v.Equalize(), "AutoContrast": v.AutoContrast(5.0),
       "AdjustBrightness": v.AdjustBrightness(1.3), "AdjustContrast": v.AdjustContrast(1.3),
       "AdjustSaturation": v.AdjustSaturation(0.6), "AdjustHue": v.AdjustHue(0.2),
       "AdjustGamma": v.AdjustGamma(0.7, 1.1), "AdjustSharpness": v.AdjustSharpness(1.3),
       "Posterize": v.Posterize(3), "Solarize": v.Solarize(100.0), "Grayscale1": v.Grayscale(1),
       "Grayscale3": v.Grayscale(3), "RandomGrayscale": v.RandomGrayscale(1.0),
       "RandomColor": v.RandomColor((1.3, 1.3)), "RandomSharpness": v.RandomSharpness((1.3, 1.3)),
       "RandomColorAdjust.hue": v.RandomColorAdjust(hue=(0.2, 0.2)), "Crop": v.Crop((1, 1), 3),
       "HorizontalFlip": v.HorizontalFlip(), "Rotate": v.Rotate(30), "ToNumpy": v.ToNumpy(),
       "ToPIL": v.ToPIL(), "RandomInvert": v.RandomInvert(1.0), "CutOut.shape": None}
for name, op in ops.items():
    if op is not None:
        show("pil." + name, op(pil))
emit("pil.RandomAffine.type", hasattr(v.RandomAffine((10, 10))(pil), "getbands"))
emit("pil.RandomGrayscale.L", v.RandomGrayscale(1.0)(pil.convert("L")).mode)
emit("pil.Grayscale.L.size", v.Grayscale(1)(pil).size)
for name, x in (("u8", img), ("gray", img[..., 0]), ("g1", img[..., :1]), ("rgba", np.concatenate([img, img[..., :1]], -1)),
                ("la", img[..., :2].copy())):
    r = v.ToPIL()(x)
    emit("ToPIL." + name, [r.mode, r.size, np.asarray(r)])
emit("ToNumpy.dtype", str(v.ToNumpy()(pil).dtype))
emit("ToType", str(v.ToType(np.int16)(img).dtype))

# MindSpore's Python path keeps PIL images through the geometric transforms too
for name, op in (("Resize", v.Resize((4, 5))), ("Pad", v.Pad(1, fill_value=(1, 2, 3))), ("RandomCrop", v.RandomCrop((7, 9))),
                 ("CenterCrop", v.CenterCrop(3)),
                 ("RandomHorizontalFlip", v.RandomHorizontalFlip(1.0)),
                 ("RandomVerticalFlip", v.RandomVerticalFlip(1.0)),
                 ("RandomResizedCrop", v.RandomResizedCrop(5)),
                 ("RandomRotation", v.RandomRotation((90, 90)))):
    r = op(pil)
    is_pil = hasattr(r, "getbands")
    emit("pil.keeps." + name, ["PIL:" + r.mode if is_pil else "ndarray", r.size if is_pil else r.shape])
for name, op in (("Pad", v.Pad(1, fill_value=(1, 2, 3))), ("RandomCrop", v.RandomCrop((7, 9))), ("CenterCrop", v.CenterCrop(3)),
                 ("RandomHorizontalFlip", v.RandomHorizontalFlip(1.0)),
                 ("RandomVerticalFlip", v.RandomVerticalFlip(1.0))):
    emit("pil.values." + name, np.asarray(op(pil)))
emit("pil.gray.keeps", v.RandomHorizontalFlip(1.0)(pil.convert("L")).mode)

# ... and with Pillow's own resampling
big = Image.fromarray(rs(1).randint(0, 256, (12, 16, 3)).astype(np.uint8))
for mode in (v.Inter.NEAREST, v.Inter.BILINEAR, v.Inter.BICUBIC):
    emit("pil.Resize." + mode.name, np.asarray(v.Resize((5, 7), mode)(big)))
emit("pil.Resize.short", np.asarray(v.Resize(6)(big)))
emit("pil.RandomResizedCrop.whole", np.asarray(v.RandomResizedCrop((5, 7), scale=(1.0, 1.0), ratio=(16 / 12, 16 / 12))(big)))
emit("pil.RandomRotation", np.asarray(v.RandomRotation((30, 30))(big)))
emit("pil.RandomRotation.expand", np.asarray(v.RandomRotation((30, 30), v.Inter.BILINEAR, True, (3, 4), (1, 2, 3))(big)))
emit("pil.CenterCrop.odd", np.asarray(v.CenterCrop(5)(big)))
emit("pil.CenterCrop.pad", np.asarray(v.CenterCrop((15, 19))(big)))
emit("pil.CenterCrop.pad.rows", np.asarray(v.CenterCrop((14, 10))(big)))
emit("pil.CenterCrop.pad.cols", np.asarray(v.CenterCrop((7, 21))(big)))
emit_err("pil.Resize.area", v.Resize(4, v.Inter.AREA), big)
