"""The combining scatters (mindcell/ops/function/scatter_reduce_func.py): tensor_scatter_max/
min/mul/div, their in-place scatter_nd_* and scatter_* forms on Parameters, scatter_nd_sub, and
unsorted_segment_max/min/prod (empty segments included), on inputs with repeated indices."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit, rs

r = rs(21)
x = Tensor(r.standard_normal((3, 4)).astype(np.float32))
nd = Tensor(np.array([[0, 1], [2, 3], [0, 1]], np.int32))
u = Tensor(np.array([0.5, -2.0, 1.5], np.float32))
rows = Tensor(np.array([2, 0, 2], np.int32))
ru = Tensor(r.uniform(0.5, 2.0, (3, 4)).astype(np.float32))


def run(key, call):
    try:
        out = call()
        out.asnumpy()  # MindSpore raises some kernel errors only when a result is read
        emit(key, out)
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, "raised " + type(e).__name__)


for kind in ("max", "min", "mul", "div"):
    run("tensor_scatter_" + kind, lambda: getattr(ops, "tensor_scatter_" + kind)(x, nd, u))
    run("scatter_nd_" + kind, lambda: getattr(ops, "scatter_nd_" + kind)(
        Parameter(x * 1, name="nd_" + kind), nd, u))
    run("scatter_" + kind, lambda: getattr(ops, "scatter_" + kind)(
        Parameter(x * 1, name="rows_" + kind), rows, ru))
run("scatter_nd_sub", lambda: ops.scatter_nd_sub(Parameter(x * 1, name="nd_sub"), nd, u))
ids = Tensor(np.array([1, 3, 1], np.int32))
for kind in ("max", "min", "prod"):
    run("unsorted_segment_" + kind,
        lambda: getattr(ops, "unsorted_segment_" + kind)(x, ids, 4))
