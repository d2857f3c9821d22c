"""api_table rows for the Primitive classes added from the MindSpore documentation pages (round 5,
docs5): ops.Dropout2D / ops.Dropout3D (random channel masks) and ops.ApplyMomentum (an in-place
step from a state reset to values of x, so eager and compiled calls start alike)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R

S = (2, 3)
STATE = [ms.Parameter(ms.Tensor(np.zeros(S, np.float32)), name="api_table_docs5_" + n)
         for n in ("var", "accum")]


def momentum_step(x, g):
    var, accum = STATE
    ops.assign(var, x)
    ops.assign(accum, x * 0.5)
    ops.ApplyMomentum()(var, accum, 0.01, g, 0.9)
    return var * 1


ROWS = [
    R("ops.Dropout2D", lambda x: ops.Dropout2D(0.5)(x), (2, 3, 4, 4), kind="random"),
    R("ops.Dropout3D", lambda x: ops.Dropout3D(0.5)(x), (2, 3, 2, 4, 4), kind="random"),
    R("ops.ApplyMomentum", momentum_step, S, S, grad=False, f16=False),
]
