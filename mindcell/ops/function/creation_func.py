"""Creation ops: ones, zeros, full, arange, linspace, eye, random tensors."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_shape, check_tensor, as_np_dtype
from mindcell.ops.defs import state as ST

_F32 = np.dtype(np.float32)


def _shape_args(size, op):
    if len(size) == 1 and isinstance(size[0], (tuple, list)):
        return check_shape(size[0], op, "size")
    return check_shape(tuple(size), op, "size")


def ones(shape, dtype=None):
    """ones(shape, dtype=None): a tensor of ones (Float32 by default)."""
    return Tensor._make(np.ones(check_shape(shape, "ones"), as_np_dtype(dtype, "ones", _F32)))


def zeros(size, dtype=None):
    """zeros(size, dtype=None): a tensor of zeros (Float32 by default)."""
    return Tensor._make(np.zeros(check_shape(size, "zeros"), as_np_dtype(dtype, "zeros", _F32)))


def ones_like(input, *, dtype=None):
    """ones_like(input, *, dtype=None)."""
    check_tensor(input, "ones_like")
    return Tensor._make(np.ones(input.shape, as_np_dtype(dtype, "ones_like", input._np_dtype)))


def zeros_like(input, *, dtype=None):
    """zeros_like(input, *, dtype=None)."""
    check_tensor(input, "zeros_like")
    return Tensor._make(np.zeros(input.shape, as_np_dtype(dtype, "zeros_like",
                                                          input._np_dtype)))


def _fill_dtype(value):
    if isinstance(value, Tensor):
        return value._np_dtype
    return mstype.scalar_dtype(value).np_dtype


def full(size, fill_value, *, dtype=None):
    """full(size, fill_value, *, dtype=None)."""
    value = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    np_dtype = as_np_dtype(dtype, "full", _fill_dtype(fill_value))
    return Tensor._make(np.full(check_shape(size, "full", "size"), value, np_dtype))


def fill(type, shape, value):
    """fill(type, shape, value): MindSpore's argument order (dtype first)."""
    return full(shape, value, dtype=type)


def full_like(input, fill_value, *, dtype=None):
    check_tensor(input, "full_like")
    value = fill_value.item() if isinstance(fill_value, Tensor) else fill_value
    return Tensor._make(np.full(input.shape, value,
                                as_np_dtype(dtype, "full_like", input._np_dtype)))


def _scalar(v):
    return v.item() if isinstance(v, Tensor) else v


def arange(start=0, end=None, step=1, *, dtype=None):
    """arange(start=0, end=None, step=1, *, dtype=None): Int64 for ints, Float32 for floats."""
    start, end, step = _scalar(start), _scalar(end), _scalar(step)
    if end is None:
        start, end = 0, start
    if step == 0:
        raise ValueError("arange: 'step' must not be zero")
    if (end - start) * step < 0:
        raise ValueError("arange: 'step' %r moves away from end %r (start %r)"
                         % (step, end, start))
    is_float = any(isinstance(v, float) for v in (start, end, step))
    default = _F32 if is_float else np.dtype(np.int64)
    return Tensor._make(np.arange(start, end, step).astype(as_np_dtype(dtype, "arange", default)))


def linspace(start, end, steps):
    """linspace(start, end, steps): ``steps`` evenly spaced values in [start, end]."""
    dtype = start._np_dtype if isinstance(start, Tensor) else _F32
    steps = int(_scalar(steps))
    if steps < 1:
        raise ValueError("linspace: 'steps' must be positive, but got %d" % steps)
    return Tensor._make(np.linspace(_scalar(start), _scalar(end), steps).astype(dtype))


def eye(n, m=None, dtype=None):
    """eye(n, m=None, dtype=None): identity matrix (Float32 by default)."""
    return Tensor._make(np.eye(n, m, dtype=as_np_dtype(dtype, "eye", _F32)))


def rand(*size, dtype=None, seed=None):
    """rand(*size, dtype=None, seed=None): uniform samples in [0, 1)."""
    return ST.uniform_p.bind(shape=_shape_args(size, "rand"), dtype=as_np_dtype(dtype, "rand",
                                                                                 _F32))


def randn(*size, dtype=None, seed=None):
    """randn(*size, dtype=None, seed=None): standard normal samples."""
    return ST.standard_normal_p.bind(shape=_shape_args(size, "randn"),
                                     dtype=as_np_dtype(dtype, "randn", _F32))


def standard_normal(shape, seed=None):
    return randn(check_shape(shape, "standard_normal"))


def uniform(shape, minval, maxval, seed=None, dtype=None):
    """uniform(shape, minval, maxval, seed=None, dtype=mstype.float32)."""
    return ST.uniform_p.bind(shape=check_shape(shape, "uniform"),
                             dtype=as_np_dtype(dtype, "uniform", _F32),
                             minval=float(_scalar(minval)), maxval=float(_scalar(maxval)))


def normal(shape, mean, stddev, seed=None):
    """normal(shape, mean, stddev, seed=None): Gaussian samples."""
    from mindcell.ops.function import math_func as M
    z = randn(check_shape(shape, "normal"))
    return M.add(M.mul(z, stddev), mean)


def rand_like(input, seed=None, *, dtype=None):
    return rand(input.shape, dtype=dtype or input.dtype)


def randn_like(input, seed=None, *, dtype=None):
    return randn(input.shape, dtype=dtype or input.dtype)


def randint(low, high, size, seed=None, *, dtype=None):
    from mindcell.context import global_rng
    out = global_rng().integers(low, high, check_shape(size, "randint"))
    return Tensor._make(out.astype(as_np_dtype(dtype, "randint", np.dtype(np.int64))))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
