"""amax/amin/max/min and Tensor.max/min honour ``initial`` and ``where`` (values, dtypes, errors).
Not recorded: MindSpore's ops.max/Tensor.max with axis=None drop ``initial``/``where`` and its amax
over an empty axis gives 0 instead of ``initial`` (quirks; mindcell follows numpy there)."""
import numpy as np
from _target import ms, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


y = Tensor(np.array([[1., 5., 2.], [-1., -3., -2.]], np.float32))
w = Tensor(np.array([[True, False, True], [False, False, True]]))
run("amax.initial.all", lambda: ops.amax(y, initial=10))
run("amax.initial.ax1", lambda: ops.amax(y, 1, initial=0))
run("amax.initial.keep", lambda: ops.amax(y, 1, True, initial=-30, where=w))
run("amax.where", lambda: ops.amax(y, 1, initial=-100, where=w))
run("amax.where.1d", lambda: ops.amax(y, 1, initial=-100, where=Tensor(np.array([True, False,
                                                                                   True]))))
run("amax.where.bool", lambda: ops.amax(y, 1, initial=0, where=True))
run("amax.where.all", lambda: ops.amax(y, (0, 1), initial=-30, where=w))
run("amax.initial.tensor", lambda: ops.amax(y, 1, initial=Tensor(3.0)))
run("amax.initial.none", lambda: ops.amax(y, initial=None))
run("amax.int.float_initial", lambda: ops.amax(Tensor(np.array([1, 2], np.int32)), initial=2.5))
run("amax.int8.wrap", lambda: ops.amax(Tensor(np.array([1, 2], np.int8)), initial=300))
run("amax.where.no_initial", lambda: ops.amax(y, 1, where=w))
run("amax.where.float", lambda: ops.amax(y, 1, initial=0,
                                         where=Tensor(np.ones((2, 3), np.float32))).asnumpy())
run("amax.where.shape", lambda: ops.amax(y, 1, initial=0,
                                         where=Tensor(np.ones((3, 2), bool))).asnumpy())
run("amin.initial", lambda: ops.amin(y, 1, initial=0))
run("amin.initial.all", lambda: ops.amin(y, initial=-30))
run("amin.where", lambda: ops.amin(y, 1, initial=100, where=w))
run("max.initial", lambda: ops.max(y, 1, initial=3))
run("max.where", lambda: ops.max(y, 1, initial=-100, where=w))
run("max.where.no_initial", lambda: ops.max(y, 1, where=w))
run("min.initial", lambda: ops.min(y, 1, initial=0))
run("Tensor.max.initial", lambda: y.max(1, initial=3))
run("Tensor.max.keep", lambda: y.max(1, True, initial=3))
run("Tensor.max.ax0", lambda: y.max(0, initial=3))
run("Tensor.max.axes", lambda: y.max((0, 1), initial=30))
run("Tensor.max.return_indices", lambda: y.max(1, return_indices=True))
run("Tensor.max.return_indices.initial", lambda: y.max(1, initial=3, return_indices=True))
run("Tensor.max.where", lambda: y.max(1, initial=-100, where=w))
run("Tensor.min.initial", lambda: y.min(1, initial=0))
run("Tensor.min.where", lambda: y.min(1, initial=100, where=w))
