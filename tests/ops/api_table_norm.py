"""api_table rows for ops.norm's matrix norms (2-D, batched, keepdim, reordered dims) and the
vector orders beyond 1/2/inf; numerics against numpy in tests/ops/test_matrix_norm.py."""
import math

from mindcell import ops

from api_table import R, Op

_ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)

ROWS = [
    *[Op("norm", (3, 4), kw=dict(ord=o)) for o in _ORDS],
    *[Op("norm", (2, 3, 4), kw=dict(ord=o, dim=(1, 2))) for o in _ORDS],
    *[Op("norm", (2, 4, 3), kw=dict(ord=o, dim=(2, 0), keepdim=True)) for o in _ORDS],
    Op("norm", (2, 3, 4), kw=dict(dim=(-1, -2))),
    R("Tensor.norm", lambda x: x.norm("nuc", (0, 1)), (3, 4)),
    *[Op("norm", ("away", (5,)), kw=dict(ord=o)) for o in (3, -1, 0.5)],
    R("ops.norm", lambda x: ops.norm(x, 0), (5,), grad=False),
]
