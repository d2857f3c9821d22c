"""ops.LSTM, the flat-weight LSTM primitive: outputs and final states of one layer, one and two
directions, with and without bias."""
import numpy as np
from _target import ms, ops, Tensor, emit

rng = np.random.default_rng(0)
T, B, I, H = 4, 2, 3, 5
x = Tensor(rng.standard_normal((T, B, I)).astype(np.float32))
for bidir in (False, True):
    for bias in (True, False):
        D = 2 if bidir else 1
        n = D * 4 * H * (I + H) + (D * 4 * H if bias else 0)
        w = Tensor((rng.standard_normal((n, 1, 1)) * 0.3).astype(np.float32))
        h = Tensor((rng.standard_normal((D, B, H)) * 0.5).astype(np.float32))
        c = Tensor((rng.standard_normal((D, B, H)) * 0.5).astype(np.float32))
        out, hn, cn, _, _ = ops.LSTM(I, H, 1, bias, bidir, 0.0)(x, h, c, w)
        key = "bidir%d_bias%d" % (bidir, bias)
        emit(key + "_out", out)
        emit(key + "_h", hn)
        emit(key + "_c", cn)
# (A flat weight of the wrong size: MindSpore's CPU kernel reads it without a check; mindcell
# raises ValueError. Not recorded.)
