"""api_table rows for the diagonal/slice scatters, channel_shuffle, mirror_pad, clip_by_norm and
NaN-aware statistics of mindcell/ops/function/array_more_func.py (round 6, exfn)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op

NG = dict(grad=False)
PADS = ms.Tensor(np.array([[1, 0], [2, 1]], np.int32))

ROWS = [
    Op("diag_embed", (2, 3)), R("ops.diag_embed", lambda x: ops.diag_embed(x, -1, 0, 2), (2, 3)),
    Op("diagflat", (2, 2)), R("ops.diagflat", lambda x: ops.diagflat(x, 2), (3,)),
    R("ops.diagonal_scatter", lambda x, s: ops.diagonal_scatter(x, s, 1), (3, 4), (3,)),
    R("ops.diagonal_scatter", lambda x, s: ops.diagonal_scatter(x, s, 0, 1, 2), (2, 2, 3),
      (2, 2)),
    R("ops.select_scatter", lambda x, s: ops.select_scatter(x, s, 1, -1), (2, 3), (2,)),
    R("ops.slice_scatter", lambda x, s: ops.slice_scatter(x, s, 1, 0, 3, 2), (2, 3), (2, 2)),
    R("ops.channel_shuffle", lambda x: ops.channel_shuffle(x, 2), (1, 4, 2, 2)),
    R("ops.mirror_pad", lambda x: ops.mirror_pad(x, PADS, "REFLECT"), (2, 3)),
    R("ops.mirror_pad", lambda x: ops.mirror_pad(x, PADS, "SYMMETRIC"), (2, 3)),
    R("ops.clip_by_norm", lambda x: ops.clip_by_norm(x * 4, 1.0), ("away", (2, 3)), f16=False),
    R("ops.clip_by_norm", lambda x, y: ops.clip_by_norm([x * 4, y], 1.0, 1)[1],
      ("away", (2, 3)), ("away", (3,)), f16=False,
      fd="piecewise: the 1-norm has kinks at 0"),
    R("ops.median", lambda x: ops.median(x)[0], (2, 3), probe=1),
    R("ops.median", lambda x: ops.median(x, 0, True)[1], (3, 2), **NG),
    R("ops.nanmedian", lambda x: ops.nanmedian(x, 0)[0], (3, 2), probe=1),
    Op("nanmean", (2, 3)), R("ops.nanmean", lambda x: ops.nanmean(x, 1, True), (2, 3)),
    R("ops.unique_consecutive", lambda x: ops.unique_consecutive(x, True, True)[2],
      ("int", (6,), 2), **NG),
]


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    x = a["X"]
    return {
        "diagonal_scatter": lambda: ([t(x), t(x[0, :2].copy())], {}),
        "select_scatter": lambda: ([t(x), t(x[0].copy()), 0, 1], {}),
        "slice_scatter": lambda: ([t(x), t(x)], {}),
        "channel_shuffle": lambda: ([t(np.ones((1, 4, 2, 2), np.float32)), 2], {}),
        "mirror_pad": lambda: ([t(x), PADS, "REFLECT"], {}),
        "clip_by_norm": lambda: ([t(x), 1.0], {}),
    }
