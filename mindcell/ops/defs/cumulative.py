"""Running (scan) primitives along one axis: CumProd, LogCumSumExp and the indices of
Cummax/Cummin (their values are gathered at the indices, so they differentiate as a gather).
The backward rules run a reverse recurrence instead of dividing by the input: exact at zeros
(cumprod) and free of overflow (logcumsumexp)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.ops.defs._util import no_second_order


def _moved(fn):
    """``fn`` applied with ``axis`` moved to the front (the recurrences walk axis 0)."""
    def impl(*arrays, axis):
        out = fn(*(np.moveaxis(a, axis, 0) for a in arrays))
        return c_contiguous(np.moveaxis(out, 0, axis))
    return impl


def _cumprod_grad(x, dout):
    # grad_i = prod_{k<i} x_k * S_i,  S_i = dout_i + x_{i+1} S_{i+1}: no division by x
    before = np.ones_like(x)
    if len(x) > 1:
        before[1:] = np.cumprod(x[:-1], axis=0, dtype=x.dtype)
    s = np.empty_like(x)
    acc = np.zeros(x.shape[1:], x.dtype)
    for i in range(len(x) - 1, -1, -1):
        acc = dout[i] + (x[i + 1] * acc if i + 1 < len(x) else acc)
        s[i] = acc
    return before * s


def _logcumsumexp_grad(x, out, dout):
    # grad_i = sum_{j>=i} dout_j exp(x_i - out_j) = exp(x_i - out_i) T_i with
    # T_i = dout_i + exp(out_i - out_{i+1}) T_{i+1}; out is nondecreasing: every factor <= 1
    t = np.empty_like(x)
    acc = np.zeros(x.shape[1:], x.dtype)
    with np.errstate(invalid="ignore"):
        for i in range(len(x) - 1, -1, -1):
            if i + 1 < len(x):
                step = np.exp(out[i] - out[i + 1])
                acc = acc * np.where(out[i + 1] == -np.inf, 1.0, step).astype(x.dtype)
            acc = dout[i] + acc
            t[i] = acc
        w = np.where(x == -np.inf, 0.0, np.exp(x - out)).astype(x.dtype)
    return w * t


cumprod_grad_p = defprim("CumProdGrad", _moved(_cumprod_grad), infer=lambda x, dout, axis: x,
                         bprop=no_second_order("CumProdGrad"))
cumprod_p = defprim(
    "CumProd", lambda x, axis: np.cumprod(x, axis=axis, dtype=x.dtype),
    infer=lambda x, axis: x,
    bprop=lambda x, out, dout, axis: (cumprod_grad_p.bind(x, dout, axis=axis),))
logcumsumexp_grad_p = defprim("LogCumSumExpGrad", _moved(_logcumsumexp_grad),
                              infer=lambda x, out, dout, axis: x,
                              bprop=no_second_order("LogCumSumExpGrad"))
logcumsumexp_p = defprim(
    "LogCumSumExp", lambda x, axis: np.logaddexp.accumulate(x, axis=axis, dtype=x.dtype),
    infer=lambda x, axis: x,
    bprop=lambda x, out, dout, axis: (logcumsumexp_grad_p.bind(x, out, dout, axis=axis),))


def _cum_index(better):
    """Index of the running extreme: the latest position that ties it; a NaN, once seen, stays
    the extreme (its latest position is the index), as PyTorch's cummax/cummin."""
    def impl(x):
        pos = np.arange(len(x)).reshape((-1,) + (1,) * (x.ndim - 1))
        hit = x == better.accumulate(x, axis=0)  # numpy's maximum/minimum propagate NaN
        if x.dtype.kind == "f":
            hit |= np.isnan(x)
        return np.maximum.accumulate(np.where(hit, pos, 0), axis=0).astype(np.int64)
    return impl


def _index_infer(x, axis):
    return (x[0], np.dtype(np.int64))


cummax_index_p = defprim("CummaxIndices", _moved(_cum_index(np.maximum)), infer=_index_infer)
cummin_index_p = defprim("CumminIndices", _moved(_cum_index(np.minimum)), infer=_index_infer)
