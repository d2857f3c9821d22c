"""Record MindSpore 2.10's Resize/ResizedCrop with Inter.PILCUBIC on seeded uint8 images
(run with ms-oracle)."""
import numpy as np
import mindspore.dataset.vision as V
r = np.random.RandomState(7)
out = {}
for i, (shape, size) in enumerate([((40, 48, 3), (20, 70)), ((40, 48, 3), (80, 96)), ((33, 17, 3), (12, 29)),
                                   ((9, 11, 3), (9, 30)), ((64, 50, 3), (16, 16)), ((5, 7, 3), 13)]):
    x = r.randint(0, 256, shape).astype(np.uint8)
    out["x%d" % i] = x
    out["y%d" % i] = V.Resize(size, V.Inter.PILCUBIC)(x)
x = r.randint(0, 256, (30, 40, 3)).astype(np.uint8)
out["cx"] = x
out["cy"] = V.ResizedCrop(3, 5, 20, 25, (11, 37), V.Inter.PILCUBIC)(x)
np.savez_compressed(str(__import__("pathlib").Path(__file__).with_name("pilcubic.npz")), **out)
print({k: v.shape for k, v in out.items()})
