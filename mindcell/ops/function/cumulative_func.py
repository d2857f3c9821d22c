"""Running products, extremes and log-sum-exps along one axis (ops.cumprod, ops.cummax,
ops.cummin, ops.logcumsumexp) and the CumProd primitive's exclusive/reverse forms."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops._helpers import (as_np_dtype, cast_to, check_float, check_tensor,
                                   normalize_dim, public_face)
from mindcell.ops.defs import cumulative as C
from mindcell.ops.function.array_func import concat, flip, gather_elements, narrow


def _axis_of(input, axis, op, arg):
    check_tensor(input, op)
    if input._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name(op))
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-d tensor"
                         % public_name(op))
    return normalize_dim(axis, input.ndim, op, arg)


def cumprod(input, dim, dtype=None):
    """cumprod(input, dim, dtype=None): the running product along ``dim`` (cast to ``dtype``
    first when given); its gradient is exact where ``input`` has zeros."""
    d = _axis_of(input, dim, "cumprod", "dim")
    if dtype is not None:
        input = cast_to(input, as_np_dtype(dtype, "cumprod"))
    return C.cumprod_p.bind(input, axis=d)


def cumprod_ex(x, axis, exclusive=False, reverse=False):
    """The running product along ``axis``; ``exclusive`` leaves each element out of its own
    product (the first is 1), ``reverse`` runs from the end (CumProd's attributes)."""
    d = _axis_of(x, axis, "CumProd", "axis")
    if reverse:
        x = flip(x, (d,))
    n = x.shape[d]
    if exclusive and n:
        ones = Tensor._make(np.ones(x.shape[:d] + (1,) + x.shape[d + 1:], x._np_dtype))
        x = concat([ones, narrow(x, d, 0, n - 1)], d)
    out = C.cumprod_p.bind(x, axis=d)
    return flip(out, (d,)) if reverse else out


def _cum_extreme(prim, name):
    def op(input, axis):
        d = _axis_of(input, axis, name, "axis")
        indices = prim.bind(input, axis=d)
        return gather_elements(input, d, indices), indices
    public_face(op, name)
    op.__doc__ = ("%s(input, axis): (values, indices), the running %s along ``axis`` and the"
                  " (latest) position it was taken from, Int64; NaN, once met, stays the %s."
                  % (name, name[3:], name[3:]))
    return op


cummax = _cum_extreme(C.cummax_index_p, "cummax")
cummin = _cum_extreme(C.cummin_index_p, "cummin")


def logcumsumexp(input, axis):
    """logcumsumexp(input, axis): log(cumsum(exp(input))) along ``axis`` without overflow or
    underflow (a running logaddexp); float tensors only."""
    check_float(input, "logcumsumexp")
    d = _axis_of(input, axis, "logcumsumexp", "axis")
    return C.logcumsumexp_p.bind(input, axis=d)


__all__ = ["cumprod", "cummax", "cummin", "logcumsumexp"]
