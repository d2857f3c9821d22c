"""ops.CTCLoss (the TF-style primitive) with labels padded by the blank class, as a captcha
recogniser pads its 3- or 4-digit labels to a fixed length: the loss and gradient of padded
labels, both merge modes, and the error for a label after a blank."""
import numpy as np
from _target import ms, ops, Tensor, emit

ms.set_context(pynative_synchronize=True)
T, B, C = 7, 3, 5
x = Tensor(np.random.default_rng(11).standard_normal((T, B, C)).astype(np.float32))
idx = Tensor(np.array([[b, j] for b in range(B) for j in range(4)], np.int64))
seq = Tensor(np.array([T, T, 6], np.int32))
for name, vals in [("padded", [0, 1, 2, 3, 1, 1, 4, 4, 3, 2, 0, 4]),
                   ("unpadded_full", [0, 1, 2, 3, 1, 1, 0, 2, 3, 2, 0, 1])]:
    for merge in (True, False):
        key = "%s_%s" % (name, merge)
        try:
            loss, grad = ops.CTCLoss(ctc_merge_repeated=merge)(
                x, idx, Tensor(np.array(vals, np.int32)), seq)
            emit(key + ".loss", loss.asnumpy())
            emit(key + ".grad", grad.asnumpy())
        except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
            emit(key, e)
try:
    out = ops.CTCLoss()(x, idx, Tensor(np.array([0, 4, 2, 4] + [1] * 8, np.int32)), seq)
    emit("label_after_blank", out[0].asnumpy())
except Exception as e:  # noqa: BLE001
    emit("label_after_blank", e)
