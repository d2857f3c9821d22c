"""MixUp / MixUpBatch / CutMixBatch: which labels mix with which, the first multi-batch MixUp,
and the pasted-area statistics of CutMixBatch."""
import numpy as np
from _target import ms, emit, rs

v = ms.dataset.vision
batch = rs(0).randint(0, 256, (8, 6, 6, 3)).astype(np.uint8)
labels = np.eye(8, dtype=np.float32)
_, soft = v.MixUp(8, 1.0)(batch.astype(np.float64), labels)
emit("MixUp.single.support", [np.flatnonzero(r > 1e-12).tolist() for r in soft])
emit("MixUp.single.sums", np.round(soft.sum(1), 6))
op = v.MixUp(8, 1.0, False)
first_img, first_lab = op(batch.astype(np.float64), labels)
emit("MixUp.multi.first", [bool((first_img == batch).all()), bool((first_lab == labels).all())])
_, second = op(batch[::-1].astype(np.float64), labels[::-1].copy())
emit("MixUp.multi.second.support", [np.flatnonzero(r > 1e-12).tolist() for r in second])
_, soft = v.MixUpBatch(1.0)(batch.copy(), labels.copy())
top = np.sort(soft, 1)[:, ::-1]
partners = [int(np.argsort(-r)[1]) if r.max() < 1 else i for i, r in enumerate(soft)]
emit("MixUpBatch.one.lam", bool(np.allclose(top[top[:, 0] < 1, 0], top[top[:, 0] < 1, 0][0])) if (top[:, 0] < 1).any() else True)
emit("MixUpBatch.permutation", sorted(set(range(8)) - set(partners)) == [] or len(set(partners)) == 8)
shares, sizes = [], set()
for _ in range(300):
    out, soft = v.CutMixBatch(v.ImageBatchFormat.NHWC, 1.0, 1.0)(batch.copy(), labels.copy())
    for i in range(8):
        shares.append(1 - soft[i, i])
        sizes.add(int((out[i] != batch[i]).any(-1).sum()))
shares = np.array(shares)
emit("CutMixBatch.share.mean", bool(0.105 < shares.mean() < 0.135))
emit("CutMixBatch.share.zero", bool(0.10 < (shares == 0).mean() < 0.16))
emit("CutMixBatch.areas", sorted(a for a in sizes if a in (1, 2, 3, 4, 6, 8, 9, 12, 16)))
