"""api_table rows for the long tail of ops.functional/composite names (make_range, tuple_len,
mixed_precision_cast, add_flags, tensor_scatter_elements, tensor_dot, range), ops.vmap and the
pyfunc ops.Custom (its bprop written with ops, so gradients are checked)."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, Op

ONE = ms.Tensor(1, ms.int64)
IDX = ms.Tensor(np.array([[1, 0, 2], [2, 1, 0]], np.int32))


def _np_square(a):
    return a * a


CUSTOM = ops.Custom(_np_square, out_shape=lambda s: s, out_dtype=lambda d: d,
                    bprop=lambda a, out, dout: (dout * 2 * a,))

ROWS = [
    R("ops.make_range", lambda x: x * len(ops.make_range(1, 8, 3)), (2, 3), z=True),
    R("ops.tuple_len", lambda x: x * ops.tuple_len((x, x)), (2, 3), z=True),
    R("ops.mixed_precision_cast", lambda x: ops.mixed_precision_cast(ms.float32, x), (2, 3),
      z=True, fd="casts float64 inputs to float32"),
    R("ops.add_flags", ops.add_flags(lambda x: x * 3, predict=True), (2, 3), z=True),
    R("ops.tensor_scatter_elements",
      lambda x, u: ops.tensor_scatter_elements(x, IDX, u, axis=1), (2, 3), (2, 3)),
    R("ops.tensor_scatter_elements",
      lambda x, u: ops.tensor_scatter_elements(x, IDX, u, axis=1, reduction="add"), (2, 3),
      (2, 3)),
    Op("tensor_dot", (2, 3, 4), (4, 3), kw=dict(axes=((2, 1), (0, 1)))),
    Op("tensor_dot", (2, 3), (3, 4), kw=dict(axes=1)),
    R("ops.range", lambda s, e: ops.range(s, e + 3, ONE), ("int", (), 2, np.int64),
      ("int", (), 3, np.int64)),
    R("ops.vmap", lambda x, y: ops.vmap(lambda a, b: a * b + a.sum(), in_axes=(1, None))(x, y),
      (2, 3), (2,)),
    R("ops.Custom", lambda x: CUSTOM(x), (2, 3), z=True),
]
