"""Tensor arguments that used to be accepted and ignored: device, internal, astype(copy),
init_data(shape); nn.get_activation(prim_name) in its error."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


a = np.ones(3, np.float32)
t = Tensor(a)
run("device.CPU", lambda: Tensor(a, device="CPU"))
run("device.Ascend", lambda: Tensor(a, device="Ascend"))
run("device.GPU", lambda: Tensor(a, device="GPU"))
run("device.cpu", lambda: Tensor(a, device="cpu"))
run("internal", lambda: Tensor(a, internal=True))
run("astype.copy_false.same", lambda: t.astype(ms.float32, copy=False) is t)
run("astype.copy_true.same", lambda: t.astype(ms.float32, copy=True) is t)
run("astype.copy_false.other", lambda: t.astype(ms.int32, copy=False))
lazy = Tensor(shape=(2, 3), dtype=ms.float32, init=ms.common.initializer.One())
run("init_data.shape", lambda: lazy.init_data(shape=(4,)))
run("init_data", lambda: Tensor(shape=(2, 3), dtype=ms.float32,
                               init=ms.common.initializer.One()).init_data())
run("get_activation.prim_name", lambda: nn.get_activation("foo", prim_name="Dense"))
