"""ops.softsign / ops.Softsign (an op generated from its formula record): values, dtypes,
gradient, the primitive class at ops.operations, errors."""
import numpy as np
from _target import ms, ops, Tensor, emit

x = np.array([[-3.0, -0.5, 0.0], [0.25, 1.5, 40.0]])
for dt in (np.float16, np.float32, np.float64):
    y = ops.softsign(Tensor(x.astype(dt)))
    emit("value_%s" % np.dtype(dt).name, y)
    emit("dtype_%s" % np.dtype(dt).name, str(y.dtype))
emit("class", ms.ops.operations.Softsign()(Tensor(x.astype(np.float32))))
emit("grad", ms.grad(ops.softsign)(Tensor(x.astype(np.float32))))
emit("grad64", ms.grad(ops.softsign)(Tensor(x)))
emit("scalar0d", ops.softsign(Tensor(np.float32(-2.0))))
for name, bad in (("int32", Tensor(np.array([1, 2], np.int32))), ("float", 1.0),
                  ("list", [1.0])):
    try:
        ops.softsign(bad)
        emit("error_" + name, "none")
    except Exception as e:  # noqa: BLE001 - the error type is what is recorded
        emit("error_" + name, e)
