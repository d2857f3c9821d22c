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
        "bitwise_left_shift": lambda: ([t(np.array([1, 2], np.int32)), 1], {}),
        "bitwise_right_shift": lambda: ([t(np.array([1, 2], np.int32)), 1], {}),
        "population_count": lambda: ([t(np.array([1, 2], np.int32))], {}),
        "inplace_add": lambda: ([t(x), t(x[:1].copy()), 1], {}),
        "inplace_sub": lambda: ([t(x), t(x[:1].copy()), 1], {}),
        "inplace_update": lambda: ([t(x), t(x[:1].copy()), 1], {}),
        "intopk": lambda: ([t(x), t(np.array([0, 1], np.int32)), 1], {}),
        "combinations": lambda: ([t(x[0].copy())], {}),
        "igammac": lambda: ([t(np.abs(x) + 1), t(np.abs(x) + 1)], {}),
        "padding": lambda: ([t(x[:, :1].copy())], {}),
        "unique_with_pad": lambda: ([t(np.array([1, 2, 2], np.int32)), 0], {}),
        "space_to_batch_nd": lambda: ([t(np.ones((1, 1, 2, 2), np.float32)), [2, 2],
                                       [[0, 0], [0, 0]]], {}),
        "batch_to_space_nd": lambda: ([t(np.ones((4, 1, 1, 1), np.float32)), [2, 2],
                                       [[0, 0], [0, 0]]], {}),
    }


_I32 = ms.Tensor(np.array([2, 0], np.int32))
ROWS += [
    R("ops.bitwise_left_shift", lambda x: ops.bitwise_left_shift(x, 2), ("int", (2, 3), 9),
      kind="datadep"),
    R("ops.bitwise_right_shift", lambda x: ops.bitwise_right_shift(x, 1), ("int", (2, 3), 9),
      kind="datadep"),
    R("ops.population_count", lambda x: ops.population_count(x), ("int", (2, 3), 9),
      kind="datadep"),
    R("ops.inplace_add", lambda x, v: ops.inplace_add(x, v, (2, 0)), (3, 2), (2, 2)),
    R("ops.inplace_sub", lambda x, v: ops.inplace_sub(x, v, (1, 1)), (3, 2), (2, 2)),
    R("ops.inplace_update", lambda x, v: ops.inplace_update(x, v, _I32), (3, 2), (2, 2)),
    R("ops.intopk", lambda x: ops.intopk(x, ms.Tensor(np.array([1, 0], np.int32)), 2), (2, 3),
      **NG),
    Op("pdist", ("away", (3, 2))),
    R("ops.pdist", lambda x: ops.pdist(x, 3.0), ("away", (4, 2))),
    Op("combinations", (3,)), R("ops.combinations", lambda x: ops.combinations(x, 2, True),
                                (3,)),
    R("ops.igammac", lambda a, x: ops.igammac(a, x), ("pos", (2, 3)), ("pos", (2, 3)),
      f16=False, probe=0),
]


ROWS += [
    Op("eps", (2, 3), **NG), Op("deepcopy", (2, 3)), R("ops.dyn_shape", lambda x: x * ops.dyn_shape(
        x).astype(x.dtype)[:1], (2, 3), **NG),
    R("ops.padding", lambda x: ops.padding(x, 3), (2, 1)),
    R("ops.unique_with_pad", lambda x: ops.unique_with_pad(x, -1)[0], ("int", (6,), 3),
      kind="datadep"),
    R("ops.space_to_batch_nd", lambda x: ops.space_to_batch_nd(x, [2, 1], [[0, 0], [1, 1]]),
      (2, 2, 4, 2)),
    R("ops.batch_to_space_nd", lambda x: ops.batch_to_space_nd(x, [2, 2], [[0, 1], [1, 0]]),
      (4, 1, 2, 3)),
]
