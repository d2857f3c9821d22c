"""api_table rows for the zoo-layer ops: padding modes, resampling, adaptive pooling, conv3d,
extra activations and losses."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import M, P, R, Op, S, X4

NG = dict(grad=False)
_KL_TARGET = "MindSpore's bprop returns zeros for the target"
X3 = (2, 3, 5)
XS = (1, 2, 5, 7)  # sizes the adaptive windows do not divide
_TARGET = ms.Tensor(np.array([1.0, -1.0], np.float32))
_CLASSES = ms.Tensor(np.array([0, 2], np.int32))

ROWS = [
    Op("pad", X4, kw=dict(padding=(1, 2, 2, 1), mode="reflect")),
    Op("pad", X4, kw=dict(padding=(3, 0), mode="replicate")),
    Op("pad", X4, kw=dict(padding=(1, 2, 0, 3), mode="circular")),
    Op("adaptive_avg_pool1d", X3, kw=dict(output_size=3)),
    Op("adaptive_avg_pool2d", XS, kw=dict(output_size=(3, 4))),
    Op("adaptive_max_pool1d", ("away", X3), kw=dict(output_size=3)),
    Op("adaptive_max_pool2d", ("away", XS), kw=dict(output_size=(3, 4))),
    R("ops.adaptive_max_pool2d", lambda x: ops.adaptive_max_pool2d(x, 3, True), ("away", XS),
      probe=1),
    Op("interpolate", X4, kw=dict(size=(6, 3))),
    Op("interpolate", X4, kw=dict(scale_factor=1.5, mode="nearest-exact")),
    Op("interpolate", X4, kw=dict(size=(7, 5), mode="bilinear", align_corners=True)),
    Op("interpolate", X4, kw=dict(scale_factor=2.0, mode="bilinear")),
    Op("interpolate", X3, kw=dict(size=8, mode="linear")),
    Op("interpolate", (1, 1, 3, 4, 2), kw=dict(size=(4, 3, 3), mode="trilinear")),
    Op("interpolate", XS, kw=dict(size=(2, 3), mode="area")),
    Op("upsample", X4, kw=dict(scale_factor=2.0)),
    Op("pixel_shuffle", (1, 8, 2, 3), kw=dict(upscale_factor=2)),
    Op("pixel_unshuffle", (1, 2, 4, 6), kw=dict(downscale_factor=2)),
    Op("conv3d", (1, 2, 4, 5, 4), (3, 2, 2, 3, 2), (3,),
       kw=dict(pad_mode="pad", padding=(1, 0, 1, 1, 0, 1), stride=(2, 1, 1))),
    Op("conv3d", (1, 4, 3, 4, 4), (2, 2, 3, 1, 2), kw=dict(pad_mode="same", groups=2)),
    Op("prelu", ("away", X4), ("pos", (2,))),
    Op("prelu", ("away", S), ("pos", (1,))),
    Op("hardtanh", ("away", S), kw=dict(min_val=-0.5, max_val=0.7)),
    Op("hardsigmoid", ("away", S), z=True),
    Op("glu", (2, 4), kw=dict(axis=1)),
    Op("dropout2d", X4, kw=dict(p=0.5, training=False)),
    R("ops.dropout2d", lambda x: ops.dropout2d(x, 0.3), X4, kind="random"),
    Op("dropout1d", X3, kw=dict(p=0.5, training=False)),
    R("ops.dropout1d", lambda x: ops.dropout1d(x, 0.3), X3, kind="random"),
    Op("dropout3d", (1, 2, 2, 3, 2), kw=dict(p=0.5, training=False)),
    R("ops.dropout3d", lambda x: ops.dropout3d(x, 0.3), (1, 2, 2, 3, 2), kind="random"),
    Op("unfold", XS, kw=dict(kernel_size=2, padding=1, stride=(1, 2))),
    Op("unfold", XS, kw=dict(kernel_size=(2, 3), dilation=(2, 1))),
    R("ops.fold", lambda x: ops.fold(x, ms.Tensor([4, 5], ms.int32), 2), (1, 8, 12)),
    R("ops.fold", lambda x: ops.fold(x, (5, 6), 3, padding=1, stride=2), (1, 9, 9)),
    Op("mm", (2, 3), (3, 4)),
    P("LpNorm", (-1,), ("away", (3, 4))),
    P("LpNorm", ((0, 1), 3, True), ("away", (3, 4))),
    M("unfold", XS, kw=dict(kernel_size=2, stride=2)),
    Op("huber_loss", S, S, kw=dict(delta=0.8)),
    # the target's gradient is zero in MindSpore 2.10 (and mindcell since dfa6e4e)
    Op("kl_div", S, ("prob", S), kw=dict(reduction="batchmean"), fd=_KL_TARGET),
    Op("kl_div", S, ("prob", S), kw=dict(reduction="none"), fd=_KL_TARGET),
    R("ops.cosine_embedding_loss",
      lambda a, b: ops.cosine_embedding_loss(a, b, _TARGET, margin=0.1), S, S),
    R("ops.margin_ranking_loss",
      lambda a, b: ops.margin_ranking_loss(a, b, _TARGET, margin=0.2, reduction="sum"),
      (2,), (2,)),
    Op("soft_margin_loss", S, ("away", S)),
    R("ops.multi_margin_loss", lambda x: ops.multi_margin_loss(x, _CLASSES, p=2), S),
    R("ops.multi_margin_loss",
      lambda x, w: ops.multi_margin_loss(x, _CLASSES, weight=w, reduction="none"), S,
      ("pos", (3,))),
]
