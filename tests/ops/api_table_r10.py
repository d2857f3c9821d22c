"""api_table rows for the tensor primitives of round 10 (ops/function/legacy_prims_func.py,
operations_depthwise.py, operations_glimpse.py): MindSpore's deprecated and legacy Primitives
that public code still constructs. Their MindSpore values are in tests/goldens/ops_r10."""
import numpy as np

import mindcell as ms
from mindcell import ops

from api_table import R, P

S = (2, 3)
NF = dict(f16=False)
I64 = lambda a: ms.Tensor(np.array(a, np.int64))  # noqa: E731


def _coalesce(values, face):
    idx, shape = I64([[0, 1, 0], [2, 0, 2]]), I64([2, 3])
    return face(idx, values, shape)[1]


ROWS = [
    R("ops.ConjugateTranspose", lambda x: ops.ConjugateTranspose()(x, (1, 0)), S),
    R("ops.TensorToTuple", lambda x: ops.TensorToTuple()(x)[1], (3,), grad=False),
    R("ops.Coalesce", lambda v: _coalesce(v, ops.Coalesce()), (3,), grad=False, **NF),
    R("ops.coalesce", lambda v: _coalesce(v, ops.coalesce), (3,), grad=False, **NF),
    R("ops.DepthwiseConv2dNative", lambda x, w: ops.DepthwiseConv2dNative(1, 3)(x, w),
      (1, 2, 5, 5), (1, 2, 3, 3)),
    R("ops.DynamicShape", lambda x: ops.DynamicShape()(x), S, kind="datadep"),
    R("ops.ExtractGlimpse", lambda x: ops.ExtractGlimpse(True, True, False, "zero")(
        x, ms.Tensor(np.array([2, 2], np.int32)),
        ms.Tensor(np.array([[0.0, 0.0]], np.float32))), (1, 4, 4, 2), grad=False, **NF),
    R("ops.tensor_muls", lambda x: ops.tensor_muls(x, 2.5), S),
    R("ops.tensor_range", lambda s: ops.tensor_range(s, s + 3.0, s * 0 + 1.0), (), grad=False,
      kind="datadep"),
]
