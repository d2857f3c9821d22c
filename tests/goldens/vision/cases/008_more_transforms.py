"""GaussianBlur, Perspective, RgbToHsv/HsvToRgb, NormalizePad, RandomLighting,
LinearTransformation, FiveCrop/TenCrop, batch mixing, image files and sizes."""
import os
import tempfile
import numpy as np
from PIL import Image
from _target import ms, emit, emit_err, rs

v = ms.dataset.vision
I = v.Inter
img = rs(0).randint(0, 256, (7, 9, 3)).astype(np.uint8)
big = rs(1).randint(0, 256, (20, 40, 3)).astype(np.uint8)
emit("GaussianBlur3", v.GaussianBlur(3, 1.0)(img))
emit("GaussianBlur5x3", v.GaussianBlur((5, 3), (1.5, 0.7))(img))
emit("GaussianBlur.none", v.GaussianBlur(5)(img))
emit("GaussianBlur.sigma0", v.GaussianBlur(3, 0.0)(img))
emit("GaussianBlur.gray", v.GaussianBlur(3, 0.8)(img[..., 0]))
emit("GaussianBlur.big", v.GaussianBlur(7, 2.0)(big))
emit("GaussianBlur.9", v.GaussianBlur(9, 3.0)(big))
emit("GaussianBlur.float", v.GaussianBlur(3, 1.0)(img.astype(np.float32)))
corners = [[0, 0], [8, 0], [8, 6], [0, 6]]
emit("Perspective", v.Perspective(corners, [[1, 0], [7, 1], [8, 6], [0, 5]])(img))
big_corners = [[0, 0], [39, 0], [39, 19], [0, 19]]
moved = [[3, 1], [36, 2], [39, 19], [1, 17]]
emit("Perspective.big.bilinear", v.Perspective(big_corners, moved, I.BILINEAR)(big))
emit("Perspective.big.nearest", v.Perspective(big_corners, moved, I.NEAREST)(big))
emit("Perspective.gray", v.Perspective(big_corners, moved)(big[..., 1]))
bigpil = Image.fromarray(big)
emit("RandomPerspective.p0", np.asarray(v.RandomPerspective(prob=0.0)(bigpil)))
r = v.RandomPerspective(0.3, 1.0, I.BILINEAR)(bigpil)
emit("RandomPerspective", [r.mode, r.size])
emit_err("RandomPerspective.numpy", v.RandomPerspective(), big)
emit_err("RandomPerspective.area", v.RandomPerspective(0.3, 1.0, I.AREA), bigpil)
emit("RgbToHsv.u8", v.RgbToHsv(True)(img))
emit("RgbToHsv.chw", v.RgbToHsv()((img / 255.0).transpose(2, 0, 1)))
emit("HsvToRgb", v.HsvToRgb(True)(v.RgbToHsv(True)(img / 255.0)))
emit("HsvToRgb.batch", v.HsvToRgb()(np.stack([(img / 255.0).transpose(2, 0, 1)] * 2)).shape)
r = v.NormalizePad([121.0, 115.0, 100.0], [70.0, 68.0, 71.0])(img)
emit("NormalizePad.hwc", [r.shape, str(r.dtype)])  # MindSpore's HWC values are a quirk (see unit tests)
emit("NormalizePad.chw", v.NormalizePad([121.0, 115.0, 100.0], [70.0, 68.0, 71.0], is_hwc=False)(img.transpose(2, 0, 1).copy()))
r = v.NormalizePad([121.0, 115.0, 100.0], [70.0, 68.0, 71.0], "float16", False)(img.transpose(2, 0, 1).copy())
emit("NormalizePad.f16", [str(r.dtype), r])
emit("RandomLighting0", v.RandomLighting(0.0)(img))
emit("RandomLighting.shape", [v.RandomLighting(0.1)(img).shape, str(v.RandomLighting(0.1)(img.astype(np.float32)).dtype)])
chw = (img[:3, :3] / 255).transpose(2, 0, 1).astype(np.float32)
emit("LinearTransformation", v.LinearTransformation(np.eye(27)[::-1].copy(), np.arange(27.))(chw))
pil = Image.fromarray(big[:8, :9])
emit("FiveCrop", [np.asarray(c) for c in v.FiveCrop((3, 4))(pil)])
emit("TenCrop", [np.asarray(c) for c in v.TenCrop(2)(pil)])
emit("TenCrop.vertical", [np.asarray(c) for c in v.TenCrop((2, 3), True)(pil)])
labels = np.eye(3, dtype=np.float32)[[0, 1, 2, 1]]
batch = rs(2).randint(0, 256, (4, 6, 6, 3)).astype(np.uint8)
for name, op in (("MixUpBatch", v.MixUpBatch(1.0)), ("CutMixBatch", v.CutMixBatch(v.ImageBatchFormat.NHWC, 1.0, 1.0)),
                 ("MixUp", v.MixUp(4, 1.0)), ("MixUp.multi", v.MixUp(4, 0.5, False))):
    a, b = op(batch, labels)
    emit(name, [a.shape, str(a.dtype), b.shape, str(b.dtype), np.round(b.sum(1), 4)])
a, b = v.CutMixBatch(v.ImageBatchFormat.NCHW, 1.0, 0.0)(batch.transpose(0, 3, 1, 2).copy(), labels)
emit("CutMixBatch.p0", [bool((a == batch.transpose(0, 3, 1, 2)).all()), b])
emit_err("MixUpBatch.1d", v.MixUpBatch(), batch, np.array([0, 1, 2, 1], np.int32))
emit_err("CutMixBatch.1d", v.CutMixBatch(v.ImageBatchFormat.NHWC), batch, np.array([0, 1, 2, 1], np.int32))
d = tempfile.mkdtemp()
path = os.path.join(d, "a.png")
Image.fromarray(img).save(path)
data = v.read_file(path)
emit("read_file", [str(data.dtype), data.ndim, bool(data.size == os.path.getsize(path))])
emit("read_image", v.read_image(path))
emit("read_image.gray", v.read_image(path, v.ImageReadMode.GRAYSCALE))
emit("read_image.color", v.read_image(path, v.ImageReadMode.COLOR).shape)
png = v.encode_png(img, 9)
emit("encode_png.roundtrip", [str(png.dtype), png.ndim, bool((v.Decode()(png) == img).all())])
jpg = v.encode_jpeg(big, 95)
emit("encode_jpeg.roundtrip", [str(jpg.dtype), bool(np.abs(v.Decode()(jpg).astype(int) - big).mean() < 8)])
v.write_png(os.path.join(d, "b.png"), img)
emit("write_png", bool((np.asarray(Image.open(os.path.join(d, "b.png"))) == img).all()))
v.write_jpeg(os.path.join(d, "c.jpg"), big)
emit("write_jpeg", Image.open(os.path.join(d, "c.jpg")).size)
v.write_file(os.path.join(d, "d.bin"), np.arange(5, dtype=np.uint8))
emit("write_file", list(open(os.path.join(d, "d.bin"), "rb").read()))
emit("get_image_size", [v.get_image_size(img), v.get_image_size(pil), v.get_image_size(img[..., 0])])
emit("get_image_num_channels", [v.get_image_num_channels(img), v.get_image_num_channels(pil),
                                v.get_image_num_channels(img[..., 0]), v.get_image_num_channels(np.zeros((2, 2, 5)))])
errs = {"GaussianBlur2": lambda: v.GaussianBlur(2), "GaussianBlur0": lambda: v.GaussianBlur(0), "GaussianBlur.sigma-1": lambda: v.GaussianBlur(3, -1.0),
        "GaussianBlur.float": lambda: v.GaussianBlur(3.0),
        "GaussianBlur.len3": lambda: v.GaussianBlur((3, 5, 7)),
        "Perspective.len1": lambda: v.Perspective([[0, 0]], [[0, 0]] * 4),
        "Perspective.float": lambda: v.Perspective([[0, 0]] * 4, [[0, 0.5]] * 4),
        "RandomPerspective.scale": lambda: v.RandomPerspective(1.5),
        "RandomPerspective.prob": lambda: v.RandomPerspective(0.5, 2.0),
        "RandomPerspective.interp": lambda: v.RandomPerspective(0.5, 0.5, 1),
        "NormalizePad.len": lambda: v.NormalizePad([1, 2], [1, 2, 3]),
        "NormalizePad.std0": lambda: v.NormalizePad([1, 2, 3], [0, 2, 3]),
        "NormalizePad.dtype": lambda: v.NormalizePad([1, 2, 3], [1, 2, 3], "int8"),
        "NormalizePad.dtype.int": lambda: v.NormalizePad([1, 2, 3], [1, 2, 3], 1),
        "RandomLighting-1": lambda: v.RandomLighting(-1),
        "RandomLighting.str": lambda: v.RandomLighting("a"),
        "LinearTransformation.mean": lambda: v.LinearTransformation(np.eye(2), np.ones(3)),
        "LinearTransformation.list": lambda: v.LinearTransformation([[1]], np.ones(1)),
        "LinearTransformation.square": lambda: v.LinearTransformation(np.ones((2, 3)), np.ones(2)),
        "FiveCrop0": lambda: v.FiveCrop(0),
        "TenCrop.flip.int": lambda: v.TenCrop(3, 1),
        "RgbToHsv.int": lambda: v.RgbToHsv(1),
        "MixUpBatch0": lambda: v.MixUpBatch(0),
        "CutMixBatch.format": lambda: v.CutMixBatch(1),
        "CutMixBatch.alpha0": lambda: v.CutMixBatch(v.ImageBatchFormat.NHWC, 0),
        "CutMixBatch.prob2": lambda: v.CutMixBatch(v.ImageBatchFormat.NHWC, 1.0, 2.0),
        "MixUp.batch0": lambda: v.MixUp(0, 1.0),
        "MixUp.alpha0": lambda: v.MixUp(2, 0.0), "MixUp.single.int": lambda: v.MixUp(2, 1.0, 1),
        "read_file.int": lambda: v.read_file(1),
        "read_file.missing": lambda: v.read_file("/nonexistent/x.png"),
        "read_image.missing": lambda: v.read_image("/nonexistent/x.png"),
        "read_image.notimage": lambda: v.read_image(os.path.join(d, "d.bin")),
        "encode_png.level10": lambda: v.encode_png(img, 10),
        "encode_jpeg.q0": lambda: v.encode_jpeg(img, 0),
        "encode_jpeg.float": lambda: v.encode_jpeg(img.astype(np.float32)),
        "encode_png.2ch": lambda: v.encode_png(img[..., :2].copy()),
        "get_image_size.1d": lambda: v.get_image_size(np.zeros(3)),
        "write_file.2d": lambda: v.write_file(os.path.join(d, "x.bin"), np.zeros((2, 2), np.uint8)),
        "write_file.float": lambda: v.write_file(os.path.join(d, "x.bin"), np.zeros(2, np.float32)),
        "UniformAugment.num0": lambda: v.UniformAugment([v.Invert()], 0),
        "FiveCrop.numpy": lambda: v.FiveCrop(3)(img),
        "RgbToHsv.pil": lambda: v.RgbToHsv()(pil),
        "RgbToHsv.4ch": lambda: v.RgbToHsv(True)(np.zeros((2, 2, 4)))}
for k, fn in errs.items():
    emit_err(k, fn)
