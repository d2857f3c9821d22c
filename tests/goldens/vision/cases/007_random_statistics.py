"""Random transforms over many unseeded draws: ranges reached and statistics within bounds wide
enough (about 4 standard errors) that both frameworks' random streams satisfy them."""
import io
import numpy as np
from PIL import Image
from _target import ms, emit, rs

v = ms.dataset.vision
ones = np.ones((20, 20, 3), np.uint8)
z = np.array([(v.CutOut(6)(ones) == 0).all(-1).sum() for _ in range(400)])
# the corner is uniform on [-6, 20] per axis: mean overlap (120 / 27) ** 2 = 19.75 pixels
emit("CutOut.range", [int(z.min()), int(z.max())])
emit("CutOut.mean", bool(17.0 < z.mean() < 22.5))
chw = np.ones((3, 16, 16), np.float32)
a = np.array([(v.RandomErasing(1.0)(chw) == 0).all(0).sum() / 256 for _ in range(400)])
emit("RandomErasing.range", [bool(a.min() > 0), bool(a.max() < 0.45)])
emit("RandomErasing.mean", bool(0.155 < a.mean() < 0.2))
flat = np.full((2, 2, 3), 100, np.uint8)
b = np.array([v.RandomColorAdjust(brightness=0.5)(flat)[0, 0, 0] for _ in range(400)])
emit("RandomColorAdjust.brightness.range", [bool(b.min() >= 50), bool(b.max() <= 150), bool(b.min() < 60),
                                            bool(b.max() > 140)])
emit("RandomColorAdjust.brightness.mean", bool(94 < b.mean() < 106))
emit("RandomInvert.rate", bool(0.23 < np.mean([(v.RandomInvert(0.3)(ones) == 254).all() for _ in range(400)]) < 0.37))
img = rs(0).randint(0, 256, (9, 11, 3)).astype(np.uint8)
emit("RandomResize.modes", len({v.RandomResize((5, 7))(img).tobytes() for _ in range(100)}))
emit("RandomPosterize.levels", sorted({int(v.RandomPosterize((1, 8))(img).max()) for _ in range(300)}))
pil = Image.fromarray(img)
rate = np.mean([np.asarray(v.RandomGrayscale(0.3)(pil))[..., 0].tolist() != img[..., 0].tolist() for _ in range(400)])
emit("RandomGrayscale.rate", bool(0.23 < rate < 0.37))
buf = io.BytesIO()
Image.fromarray(rs(1).randint(0, 256, (40, 60, 3)).astype(np.uint8)).save(buf, "PNG")
enc = np.frombuffer(buf.getvalue(), np.uint8)
emit("RandomCropDecodeResize.varies", len({v.RandomCropDecodeResize(8)(enc).tobytes() for _ in range(30)}) > 20)
emit("RandomSharpness.varies", len({v.RandomSharpness()(img).tobytes() for _ in range(50)}) > 40)
emit("RandomAffine.varies", len({v.RandomAffine(20)(img).tobytes() for _ in range(50)}) > 15)
sol = [v.RandomSolarize((60, 120))(img) for _ in range(100)]
emit("RandomSolarize.flips.within", all(int(img[s != img].min(initial=255)) >= 60 for s in sol))
