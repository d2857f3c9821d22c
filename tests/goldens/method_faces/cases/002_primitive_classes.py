"""MindSpore 2.10's Primitive classes whose work an ops function does
(mindcell/ops/operations_from_functions.py): constructor attributes, values on fixed and random
inputs, and constructor errors. Not recorded: SoftMarginLoss, unregistered on MindSpore 2.10's CPU
(tests/ops/test_prim_from_functions.py checks it against numpy)."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit, emit_err, rs

x = Tensor(np.array([[1.0, -2.0], [3.0, 0.5]], np.float32))
r = rs(5)
y = Tensor(r.standard_normal((3, 4)).astype(np.float32))
i = Tensor(np.array([[6, 3], [5, 12]], np.int32))
j = Tensor(np.array([[3, 10], [9, 7]], np.int32))

CALLS = {
    "BitwiseAnd": lambda: ops.BitwiseAnd()(i, j),
    "BitwiseOr": lambda: ops.BitwiseOr()(i, j),
    "BitwiseXor": lambda: ops.BitwiseXor()(i, j),
    "Cross": lambda: ops.Cross(dim=1)(Tensor(np.eye(3, dtype=np.float32)),
                                      Tensor(np.ones((3, 3), np.float32))),
    "Cross_default": lambda: ops.Cross()(Tensor(r.standard_normal((3, 2)).astype(np.float32)),
                                         Tensor(r.standard_normal((3, 2)).astype(np.float32))),
    "Dense": lambda: ops.Dense()(y, Tensor(np.ones((2, 4), np.float32)),
                                 Tensor(np.array([0.5, -1.0], np.float32))),
    "Dense_nobias": lambda: ops.Dense()(y, Tensor(np.ones((2, 4), np.float32))),
    "Expand": lambda: ops.Expand()(x[:1], Tensor(np.array([3, 2], np.int32))),
    "FastGelu": lambda: ops.FastGelu()(y),
    "GLU": lambda: ops.GLU(axis=0)(x),
    "GLU_default": lambda: ops.GLU()(y),
    "Gelu": lambda: ops.Gelu()(y),
    "IndexAdd": lambda: ops.IndexAdd(1)(Parameter(x * 1, name="ia"),
                                        Tensor(np.array([0], np.int32)),
                                        Tensor(np.ones((2, 1), np.float32))),
    "IndexFill": lambda: ops.IndexFill()(y, 1, Tensor(np.array([0, 2], np.int32)),
                                         Tensor(-1.0, ms.float32)),
    "LogicalXor": lambda: ops.LogicalXor()(Tensor(np.array([True, False, True])),
                                           Tensor(np.array([True, True, False]))),
    "Logit": lambda: ops.Logit(eps=0.1)(Tensor(np.array([0.0, 0.5, 0.75], np.float32))),
    "Logit_default": lambda: ops.Logit()(Tensor(np.array([0.25, 0.5, 0.75], np.float32))),
    "Mish": lambda: ops.Mish()(y),
    "MultiMarginLoss": lambda: ops.MultiMarginLoss()(x, Tensor(np.array([0, 1], np.int64))),
    "MultiMarginLoss_attrs": lambda: ops.MultiMarginLoss(2, 0.5, "sum")(
        y, Tensor(np.array([0, 3, 1], np.int64)), Tensor(np.array([1.0, 2.0, 0.5, 1.0],
                                                                    np.float32))),
    "Polygamma": lambda: ops.Polygamma()(Tensor(np.array(1, np.int64)),
                                         Tensor(np.array([0.5, 1.0, 2.5], np.float32))),
    "Range": lambda: ops.Range()(Tensor(0, ms.int32), Tensor(7, ms.int32), Tensor(3, ms.int32)),
    "Range_float": lambda: ops.Range()(Tensor(1.0, ms.float32), Tensor(2.0, ms.float32),
                                       Tensor(0.25, ms.float32)),
    "Renorm": lambda: ops.Renorm(2, 0, 1.0)(x),
    "Renorm_1": lambda: ops.Renorm(1, 1, 2.0)(y),
    "ScatterNdAdd": lambda: ops.ScatterNdAdd()(Parameter(x * 1, name="sna"),
                                               Tensor(np.array([[1, 0]], np.int32)),
                                               Tensor(np.array([5.0], np.float32))),
    "Sinc": lambda: ops.Sinc()(y),
    "TensorAdd": lambda: ops.TensorAdd()(x, x),
    "TensorScatterElements": lambda: ops.TensorScatterElements(1, "add")(
        x, Tensor(np.array([[1], [0]], np.int32)), Tensor(np.ones((2, 1), np.float32))),
    "TensorScatterElements_none": lambda: ops.TensorScatterElements()(
        y, Tensor(np.array([[2, 0, 1, 1]], np.int32)), Tensor(np.zeros((1, 4), np.float32))),
}
for key, call in CALLS.items():
    try:
        emit(key, call())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, "raised " + type(e).__name__)

for name, args, attr in (("GLU", (0,), "axis"), ("Renorm", (2, 0, 1.5), "maxnorm"),
                         ("Logit", (), "eps"), ("Cross", (), "dim"),
                         ("TensorScatterElements", (1, "add"), "reduction"),
                         ("ScatterNdAdd", (True,), "use_locking"),
                         ("IndexAdd", (1,), "check_index_bound"),
                         ("MultiMarginLoss", (), "margin"), ("Range", (), "maxlen")):
    emit(name + "_attr_" + attr, getattr(getattr(ops, name)(*args), attr))
emit_err("Renorm_missing", ops.Renorm)
emit_err("IndexAdd_missing", ops.IndexAdd)
