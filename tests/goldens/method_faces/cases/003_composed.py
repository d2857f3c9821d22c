"""MindSpore 2.10 ops that mindcell composes from others (mindcell/ops/function/composed_func.py):
values, dtypes and shapes on fixed and random inputs, and their argument errors.

Not recorded (mindcell differs; tests/ops/test_composed_ops.py has them): fmin, unregistered on
MindSpore's CPU; softshrink with a negative lambd (MindSpore: RuntimeError, mindcell:
ValueError); logspace with int start/end (MindSpore: TypeError, mindcell: accepted);
scatter_update of a Tensor, which MindSpore writes in place and mindcell refuses as its whole
in-place scatter family does (a Parameter is required)."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit, emit_err, rs

r = rs(11)
x = Tensor(r.standard_normal((3, 4)).astype(np.float32))
v = Tensor(np.array([-1.0, 0.3, 0.7, 2.0], np.float32))
nan = Tensor(np.array([1.0, np.nan, 5.0, np.nan], np.float32))
nan2 = Tensor(np.array([2.0, 1.0, np.nan, np.nan], np.float32))
ints = Tensor(np.array([-7, 5, 1, -4], np.int32))

CALLS = {
    "selu": lambda: ops.selu(x),
    "celu": lambda: ops.celu(v, 2.0),
    "celu_default": lambda: ops.celu(x),
    "hardshrink": lambda: ops.hardshrink(v),
    "hardshrink_l": lambda: ops.hardshrink(x, 1.0),
    "softshrink": lambda: ops.softshrink(v),
    "softshrink_l": lambda: ops.softshrink(x, 0.25),
    "tanhshrink": lambda: ops.tanhshrink(x),
    "softmin": lambda: ops.softmin(x),
    "softmin_axis0": lambda: ops.softmin(x, 0),
    "threshold": lambda: ops.threshold(v, 0.5, -1.0),
    "threshold_int": lambda: ops.threshold(ints, 0, 9),
    "fmax": lambda: ops.fmax(nan, nan2),
    "truncate_div": lambda: ops.truncate_div(ints, Tensor(np.array([2, 3, -2, 3], np.int32))),
    "truncate_div_f": lambda: ops.truncate_div(x, Tensor(np.float32(0.7))),
    "truncate_mod": lambda: ops.truncate_mod(ints, Tensor(np.array([3, -3, 2, 3], np.int32))),
    "truncate_mod_f": lambda: ops.truncate_mod(x * 3, Tensor(np.float32(1.5))),
    "ldexp": lambda: ops.ldexp(v, Tensor(np.array([1, 0, -1, 3], np.int32))),
    "tensor_scatter_sub": lambda: ops.tensor_scatter_sub(
        x, Tensor(np.array([[0, 1], [2, 3], [0, 1]], np.int32)),
        Tensor(np.array([1.0, 2.0, 4.0], np.float32))),
    "scatter_update": lambda: ops.scatter_update(
        Parameter(Tensor(np.zeros((3, 2), np.float32)), name="su"),
        Tensor(np.array([2, 0], np.int32)), Tensor(np.array([[1.0, 2.0], [3.0, 4.0]],
                                                            np.float32))),
    "unsorted_segment_sum": lambda: ops.unsorted_segment_sum(
        x, Tensor(np.array([0, 2, 0], np.int32)), 4),
    "unsorted_segment_sum_2d": lambda: ops.unsorted_segment_sum(
        x, Tensor(np.array([[0, 1, 1, 0], [2, 2, 0, 1], [1, 0, 0, 0]], np.int32)), 3),
    "atleast_1d": lambda: ops.atleast_1d([Tensor(1.0), v]),
    "atleast_2d": lambda: ops.atleast_2d(v),
    "atleast_3d": lambda: ops.atleast_3d([Tensor(1.0), v, x]),
    "atleast_3d_shapes": lambda: [t.shape for t in ops.atleast_3d([Tensor(1.0), v, x])],
    "vstack": lambda: ops.vstack([v, v]),
    "vstack_2d": lambda: ops.vstack((x, x[:1])),
    "row_stack": lambda: ops.row_stack([v, v]),
    "column_stack": lambda: ops.column_stack([v, v]),
    "column_stack_2d": lambda: ops.column_stack((x, x[:, :1])),
    "dsplit": lambda: ops.dsplit(x.reshape(1, 3, 4), 2),
    "dsplit_idx": lambda: ops.dsplit(x.reshape(1, 3, 4), [1, 3]),
    "tril_indices": lambda: ops.tril_indices(3, 4, 1),
    "triu_indices": lambda: ops.triu_indices(4, 3, -1, dtype=ms.int32),
    "matrix_band_part": lambda: ops.matrix_band_part(x, 0, 1),
    "matrix_band_part_neg": lambda: ops.matrix_band_part(x, -1, 0),
    "sequence_mask": lambda: ops.sequence_mask(Tensor(np.array([1, 3, 0], np.int32)), 4),
    "sequence_mask_none": lambda: ops.sequence_mask(Tensor(np.array([[1, 2], [3, 0]],
                                                                    np.int64))),
    "cartesian_prod": lambda: ops.cartesian_prod(Tensor(np.array([1, 2], np.int32)),
                                                 Tensor(np.array([3, 4, 5], np.int32))),
    "block_diag": lambda: ops.block_diag(Tensor(np.array([[1.0, 2.0]], np.float32)),
                                         Tensor(np.array([[3.0], [4.0]], np.float32)),
                                         Tensor(np.array([5.0, 6.0], np.float32))),
    "vander": lambda: ops.vander(Tensor(np.array([1.0, 2.0, 3.0], np.float32))),
    "vander_N": lambda: ops.vander(Tensor(np.array([1, 2, 3], np.int32)), 4),
    "logspace": lambda: ops.logspace(0.0, 2.0, 3),
    "logspace_base": lambda: ops.logspace(-1.0, 3.0, 5, 2, dtype=ms.float64),
    "aminmax": lambda: ops.aminmax(x, axis=1),
    "aminmax_kd": lambda: ops.aminmax(x, axis=0, keepdims=True),
    "bucketize": lambda: ops.bucketize(Tensor(np.array([0.5, 1.0, 3.0, 7.0], np.float32)),
                                       [1.0, 5.0]),
    "bucketize_right": lambda: ops.bucketize(Tensor(np.array([0.5, 1.0, 3.0, 5.0],
                                                             np.float32)), [1.0, 5.0],
                                             right=True),
}
for key, call in CALLS.items():
    try:
        out = call()
        for t in out if isinstance(out, (tuple, list)) else [out]:
            if hasattr(t, "asnumpy"):
                t.asnumpy()  # MindSpore raises some kernel errors only when a result is read
        emit(key, out)
        leaves = out if isinstance(out, (tuple, list)) else [out]
        emit(key + "_dtype", [str(t.dtype) for t in leaves if hasattr(t, "dtype")])
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, "raised " + type(e).__name__)


def sync(fn, *args):
    """Call ``fn`` and read its result: MindSpore raises some kernel errors only then."""
    def run():
        out = fn(*args)
        for t in out if isinstance(out, (tuple, list)) else [out]:
            t.asnumpy()
    return run


emit_err("celu_alpha0", sync(ops.celu, x, 0.0))
emit_err("hardshrink_int", sync(ops.hardshrink, ints))
emit_err("segment_sum_num0", sync(ops.unsorted_segment_sum, x,
                                  Tensor(np.array([0, 0, 0], np.int32)), 0))
emit_err("vander_2d", sync(ops.vander, x))
emit_err("dsplit_2d", sync(ops.dsplit, x, 2))
emit_err("band_1d", sync(ops.matrix_band_part, v, 0, 0))
emit_err("cartesian_2d", sync(ops.cartesian_prod, x))
emit_err("tril_float", sync(ops.tril_indices, 3.0, 3))
