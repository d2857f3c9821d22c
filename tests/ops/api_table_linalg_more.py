"""api_table rows for the products, powers, determinants and norms of
mindcell/ops/function/linalg_more_func.py (round 6, exfn)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op

SPD = np.array([[2.0, 0.5, 0.1], [0.5, 3.0, 0.2], [0.1, 0.2, 1.5]])

_F32_ONLY = "MindSpore's dist takes Float16/Float32 only (Float64 is a TypeError)"

ROWS = [
    Op("addr", (2, 3), (2,), (3,)),
    R("ops.addr", lambda x, a, b: ops.addr(x, a, b, beta=0.5, alpha=2), (2, 3), (2,), (3,)),
    Op("ger", (3,), (2,)), Op("mv", (2, 3), (3,)),
    Op("vecdot", (2, 3), (2, 3)), R("ops.vecdot", lambda x, y: ops.vecdot(x, y, axis=0),
                                    (2, 3), (3,)),
    Op("batch_dot", (2, 3, 4), (2, 4, 5)),
    R("ops.batch_dot", lambda x, y: ops.batch_dot(x, y, (1, 2)), (2, 3), (2, 4, 3)),
    Op("dist", ("away", (2, 3)), (2, 3), f16=False, fd=_F32_ONLY),
    R("ops.dist", lambda x, y: ops.dist(x, y, 1), ("away", (2, 3)), (3,), f16=False,
      fd=_F32_ONLY),
    R("ops.matrix_power", lambda x: ops.matrix_power(x + ms.Tensor(SPD, x.dtype), 3), (3, 3),
      f16=False),
    R("ops.matrix_power", lambda x: ops.matrix_power(x * 0.1 + ms.Tensor(SPD, x.dtype), -1),
      (2, 3, 3), f16=False),
    R("ops.slogdet", lambda x: ops.slogdet(x * 0.1 + ms.Tensor(SPD, x.dtype))[1], (3, 3),
      f16=False),
    R("ops.logdet", lambda x: ops.logdet(x * 0.1 + ms.Tensor(SPD, x.dtype)), (2, 3, 3),
      f16=False),
    Op("vector_norm", ("away", (2, 3))),
    R("ops.vector_norm", lambda x: ops.vector_norm(x, 3, axis=(0, 2), keepdims=True),
      ("away", (2, 3, 2))),
    Op("matrix_norm", (2, 3)),
    R("ops.matrix_norm", lambda x: ops.matrix_norm(x, 1, axis=(0, 2)), ("away", (3, 2, 4)),
      f16=False, fd="piecewise: the largest column sum switches columns"),
]


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    v = a["X"][0]
    square = lambda: t(SPD.astype(np.float32))  # noqa: E731
    return {
        "addr": lambda: ([t(a["X"]), t(a["X"][:, 0]), t(v)], {}),
        "ger": lambda: ([t(v), t(v)], {}),
        "mv": lambda: ([t(a["X"]), t(v)], {}),
        "logdet": lambda: ([square()], {}), "slogdet": lambda: ([square()], {}),
        "matrix_power": lambda: ([square(), 2], {}),
        "cholesky_inverse": lambda: ([t(np.linalg.cholesky(SPD).astype(np.float32))], {}),
        "cholesky_solve": lambda: ([t(a["X"].T.copy()), t(np.linalg.cholesky(SPD)
                                                           .astype(np.float32))], {}),
        "matrix_solve": lambda: ([square(), t(a["X"].T.copy())], {}),
        "cond": lambda: ([square()], {}),
        "lstsq": lambda: ([t(a["X"].T.copy()), t(a["X"].T.copy())], {}),
    }


ROWS += [
    R("ops.cholesky_inverse", lambda x: ops.cholesky_inverse(
        x * 0.1 + ms.Tensor(np.linalg.cholesky(SPD), x.dtype)), (3, 3), f16=False),
    R("ops.cholesky_solve", lambda b, x: ops.cholesky_solve(
        b, x * 0.1 + ms.Tensor(np.linalg.cholesky(SPD), x.dtype)), (3, 2), (3, 3), f16=False),
    R("ops.matrix_solve", lambda x, b: ops.matrix_solve(x * 0.1 + ms.Tensor(SPD, x.dtype), b,
                                                        True), (3, 3), (3, 2), f16=False),
    R("ops.pinv", lambda x: ops.pinv(x), (3, 2), f16=False),
    R("ops.lstsq", lambda x, b: ops.lstsq(x, b), (3, 2), (3, 2), f16=False),
    R("ops.cond", lambda x: ops.cond(x * 0.1 + ms.Tensor(SPD, x.dtype)), (3, 3), f16=False),
    R("ops.cond", lambda x: ops.cond(x * 0.1 + ms.Tensor(SPD, x.dtype), "fro"), (2, 3, 3),
      f16=False),
]
