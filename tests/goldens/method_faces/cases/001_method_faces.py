"""The ops functions MindSpore 2.10 has for operations that are also Tensor methods
(mindcell/ops/function/method_func.py): values, dtypes and shapes of each on the doc's example
inputs and on random float64 inputs, keyword calls, and the error for a non-Tensor input.

Not recorded: the in-place clamp_, erfinv_, tanh_, zero_ and type_as, whose kernels MindSpore
2.10's CPU build lacks ("The kernel InplaceTanh unregistered"; tests/ops/test_method_faces.py
checks them against numpy), and expand with a tuple size, which MindSpore refuses (TypeError:
only a Tensor shape) and mindcell accepts."""
import numpy as np
from _target import ms, ops, Tensor, emit, emit_err, rs

x = Tensor(np.arange(6.0, dtype=np.float32).reshape(2, 3))
r = rs(3)
y = Tensor(r.standard_normal((2, 3)))  # float64
i2 = Tensor(np.array([2, 0], np.int32))

CALLS = {
    "addbmm": lambda: ops.addbmm(x[:, :2], x.reshape(1, 2, 3), x.reshape(1, 3, 2)),
    "addbmm_kw": lambda: ops.addbmm(y[:, :2], y.reshape(1, 2, 3), y.reshape(1, 3, 2),
                                    beta=0.5, alpha=2),
    "addmm": lambda: ops.addmm(x[:, :2], x, x.T, beta=0.5),
    "addmm_f64": lambda: ops.addmm(y[:, :2], y, y.T, alpha=3),
    "addmv": lambda: ops.addmv(x[:, 0], x, x[0]),
    "addmv_kw": lambda: ops.addmv(y[:, 0], y, y[0], beta=2, alpha=0.5),
    "baddbmm": lambda: ops.baddbmm(x[:1, :2], x.reshape(1, 2, 3), x.reshape(1, 3, 2), alpha=2),
    "baddbmm_pos": lambda: ops.baddbmm(y[:1, :2], y.reshape(1, 2, 3), y.reshape(1, 3, 2), 0.5, 2),
    "bincount": lambda: ops.bincount(Tensor(np.array([0, 2, 2, 3], np.int32)), minlength=6),
    "bincount_w": lambda: ops.bincount(Tensor(np.array([0, 2, 2, 3], np.int32)),
                                       Tensor(np.array([0.5, 1.0, 2.0, 0.25], np.float32))),
    "count_nonzero": lambda: ops.count_nonzero(x, axis=1),
    "count_nonzero_all": lambda: ops.count_nonzero(x),
    "count_nonzero_kd": lambda: ops.count_nonzero(x, (0, 1), True, ms.float32),
    "diagonal": lambda: ops.diagonal(x, 1),
    "diagonal_dims": lambda: ops.diagonal(y.reshape(1, 2, 3), 0, 1, 2),
    "expand_tensor": lambda: ops.expand(x[:1], Tensor(np.array([2, 3], np.int32))),
    "expand_as": lambda: ops.expand_as(x[:, :1], x),
    "fliplr": lambda: ops.fliplr(x),
    "flipud": lambda: ops.flipud(y),
    "histc": lambda: ops.histc(x, bins=3),
    "histc_range": lambda: ops.histc(x, 4, 1.0, 4.0),
    "hsplit": lambda: ops.hsplit(x, 3),
    "hsplit_idx": lambda: ops.hsplit(y, [1]),
    "index_fill": lambda: ops.index_fill(x, 1, i2, -1.0),
    "index_select": lambda: ops.index_select(x, 1, i2),
    "index_select0": lambda: ops.index_select(y, 0, Tensor(np.array([1, 1, 0], np.int32))),
    "inner": lambda: ops.inner(x, x),
    "inner_f64": lambda: ops.inner(y, y[0]),
    "is_complex": lambda: ops.is_complex(x),
    "is_floating_point": lambda: [ops.is_floating_point(x), ops.is_floating_point(i2)],
    "isneginf": lambda: ops.isneginf(-1 / x[0]),
    "isposinf": lambda: ops.isposinf(1 / x[0]),
    "isreal": lambda: ops.isreal(x[0]),
    "moveaxis": lambda: ops.moveaxis(y.reshape(1, 2, 3), (0, 1), (2, 0)),
    "msort": lambda: ops.msort(y),
    "nansum": lambda: ops.nansum(x, axis=0),
    "nansum_nan": lambda: ops.nansum(Tensor(np.array([[1.0, np.nan], [2.0, 3.0]], np.float32)),
                                     1, True),
    "numel": lambda: ops.numel(x),
    "rot90": lambda: ops.rot90(x, 1, (0, 1)),
    "rot90_neg": lambda: ops.rot90(y, -1, [1, 0]),
    "t": lambda: ops.t(x),
    "unbind": lambda: ops.unbind(x, 1),
    "unbind0": lambda: ops.unbind(y),
    "view_as": lambda: ops.view_as(x, x.T),
    "vsplit": lambda: ops.vsplit(x, 2),
}
for key, call in CALLS.items():
    try:
        emit(key, call())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, "raised " + type(e).__name__)

for name in ("index_select", "numel", "fliplr", "unbind", "t", "inner", "msort"):
    fn = getattr(ops, name)
    args = {"index_select": (1, i2), "inner": (x,)}.get(name, ())
    emit_err(name + "_numpy_input", fn, np.ones((2, 3), np.float32), *args)
