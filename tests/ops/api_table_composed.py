"""api_table rows and fuzz base calls for the ops composed of others
(mindcell/ops/function/composed_func.py)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op, S

NG = dict(grad=False)
ND_IDX = ms.Tensor(np.array([[0, 1], [1, 2], [0, 1]], np.int32))


def _scatter_update(u):
    p = ms.Parameter(ms.Tensor(np.zeros((3, 2)), u.dtype), name="api_table_composed_p")
    return ops.scatter_update(p, ms.Tensor(np.array([2, 0], np.int32)), u) * 1


ROWS = [
    Op("selu", S, z=True), Op("celu", S, kw=dict(alpha=2.0), z=True),
    Op("hardshrink", ("away", S), kw=dict(lambd=0.2), z=True),
    Op("softshrink", ("away", S), kw=dict(lambd=0.2), z=True),
    Op("tanhshrink", S, z=True), Op("softmin", S, kw=dict(axis=0)),
    R("ops.threshold", lambda x: ops.threshold(x, 0.1, -2.0), ("away", S), z=True),
    Op("fmax", ("away", S), ("away", S), z=True), Op("fmin", ("away", S), ("away", S), z=True),
    R("ops.truncate_div", lambda x, y: ops.truncate_div(x, y), ("int", S, 7), ("int", S, 3),
      **NG),
    R("ops.truncate_mod", lambda x, y: ops.truncate_mod(x * 3, y), S, ("pos", S),
      fd="piecewise: jumps where x / y crosses an integer"),
    R("ops.ldexp", lambda x: ops.ldexp(x, ms.Tensor(np.array([1, 0, -1], np.int32))), S),
    R("ops.tensor_scatter_sub", lambda x, u: ops.tensor_scatter_sub(x, ND_IDX, u), (2, 3), (3,)),
    R("ops.scatter_update", _scatter_update, (2, 2), **NG),
    R("ops.atleast_1d", lambda x: ops.atleast_1d(x), (), z=True),
    R("ops.atleast_2d", lambda x, y: ops.atleast_2d([x, y]), (3,), S),
    R("ops.atleast_3d", lambda x, y: ops.atleast_3d((x, y)), (3,), S),
    R("ops.vstack", lambda x, y: ops.vstack([x, y]), (3,), S),
    R("ops.row_stack", lambda x, y: ops.row_stack((x, y)), (3,), S),
    R("ops.column_stack", lambda x, y: ops.column_stack([x, y]), (2,), S),
    R("ops.dsplit", lambda x: ops.dsplit(x, [1]), (2, 2, 3)),
    R("ops.tril_indices", lambda x: x * ops.tril_indices(2, 3, 0, dtype=ms.int32)[1, :2], (2,)),
    R("ops.triu_indices", lambda x: x * ops.triu_indices(3, 2, 1)[0, :1], (1,)),
    R("ops.matrix_band_part", lambda x: ops.matrix_band_part(x, 1, 0), (2, 3, 3)),
    R("ops.sequence_mask", lambda n: ops.sequence_mask(n, 4), ("int", (2, 3), 5), **NG),
    R("ops.cartesian_prod", lambda a, b: ops.cartesian_prod(a, b), (2,), (3,)),
    R("ops.block_diag", lambda a, b: ops.block_diag(a, b), (1, 2), (2, 1)),
    Op("vander", (3,), kw=dict(N=4)),
    R("ops.logspace", lambda x: x * ops.logspace(0.0, 1.0, 3, 2), (3,)),
    R("ops.aminmax", lambda x: ops.aminmax(x, axis=1, keepdims=True), ("away", S)),
    R("ops.bucketize", lambda x: ops.bucketize(x, [-0.5, 0.5], right=True), S, **NG),
]


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    x = a["X"]
    return {
        "block_diag": lambda: ([t(x), t(x[:1])], {}),
        "cartesian_prod": lambda: ([t(x[0]), t(x[1])], {}),
        "bucketize": lambda: ([t(x), [-0.5, 0.5]], {}),
        "dsplit": lambda: ([t(a["BIG3D"]), 2], {}),
        "logspace": lambda: ([0.0, 2.0, 3], {}),
        "matrix_band_part": lambda: ([t(x), 1, 0], {}),
        "scatter_update": lambda: ([ms.Parameter(t(x.copy())), t(np.array([1, 0], np.int32)),
                                    t(x)], {}),
        "sequence_mask": lambda: ([t(np.array([1, 3], np.int32)), 4], {}),
        "tensor_scatter_sub": lambda: ([t(x), t(np.array([[0, 1]], np.int32)), t(x[0, :1])], {}),
        "threshold": lambda: ([t(x), 0.1, -1.0], {}),
        "tril_indices": lambda: ([3, 4], {}), "triu_indices": lambda: ([3, 4], {}),
        "vander": lambda: ([t(x[0])], {}),
        "column_stack": lambda: ([[t(x), t(x)]], {}),
    }
