"""mint's histogram, consecutive-unique, triangular-solve and SyncBatchNorm-statistics
functions, composed of mindcell ops."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.mint import _impl as I
from mindcell.ops._errors import public_name, show, check_int, check_number


def histc(input, bins, min, max):
    """Equal-width bins over [min, max] (the data's range when both are 0); values outside are
    not counted; the result has ``input``'s dtype."""
    bins = check_int(bins, "histc", "bins", 1)
    lo, hi = check_number(min, "histc", "min"), check_number(max, "histc", "max")
    if lo > hi:
        raise ValueError("%s: 'max' (%r) must not be below 'min' (%r)"
                         % (public_name("histc"), max, min))
    x = ops.cast(ops.reshape(input, (-1,)), mstype.float64)
    if lo == hi == 0:
        lo, hi = float(ops.amin(x).asnumpy()), float(ops.amax(x).asnumpy())  # eager only
    if lo == hi:
        lo, hi = lo - 1, hi + 1
    inside = ops.logical_and(ops.ge(x, lo), ops.le(x, hi))
    index = ops.cast(ops.floor((x - lo) * (bins / (hi - lo))), mstype.int64)
    index = ops.clamp(index, 0, bins - 1)  # x == max falls in the last bin
    hot = ops.one_hot(index, bins, 1., 0.) * ops.unsqueeze(ops.cast(inside, mstype.float64), 1)
    return ops.cast(ops.sum(hot, 0), input.dtype)


def unique_consecutive(input, return_inverse, return_counts, dim):
    return ops.unique_consecutive(input, return_inverse, return_counts, dim)


def triangular_solve(b, A, upper, transpose, unitriangular):
    """(X, a copy of A) with ``op(A) X = b`` by substitution, one row at a time (differentiable
    and traceable; the row loop unrolls)."""
    for arg, v in (("upper", upper), ("transpose", transpose), ("unitriangular", unitriangular)):
        I.check_bool_arg(v, "triangular_solve", arg)
    if A.ndim < 2 or A.shape[-1] != A.shape[-2] or b.shape[-2] != A.shape[-1]:
        raise ValueError("%s: 'A' must be (*, M, M) and 'b' (*, M, K), but got %s and %s"
                         % (public_name("triangular_solve"), A.shape, b.shape))
    coef = ops.swapaxes(A, -1, -2) if transpose else A
    upper = upper != transpose
    m = A.shape[-1]
    rows = [None] * m
    order = range(m - 1, -1, -1) if upper else range(m)
    for i in order:
        acc = b[..., i:i + 1, :]
        for j in (range(i + 1, m) if upper else range(i)):
            acc = acc - coef[..., i:i + 1, j:j + 1] * rows[j]
        rows[i] = acc if unitriangular else acc / coef[..., i:i + 1, i:i + 1]
    return ops.cat(rows, -2), ops.cast(A, A.dtype)


def _channel_axes(input):
    return (0,) + tuple(range(2, input.ndim))


def batch_norm_stats(input, eps):
    """(mean, 1 / sqrt(biased var + eps)) per channel (dim 1)."""
    if not isinstance(input, Tensor) or input.ndim < 2:
        raise ValueError("%s: 'input' must be a Tensor of at least 2 dims, but got %s"
                         % (public_name("batch_norm_stats"), show(input)))
    x = ops.cast(input, mstype.float32) if input.dtype != mstype.float64 else input
    axes = _channel_axes(x)
    mean = ops.mean(x, axes)
    var = ops.mean(ops.square(x - ops.reshape(mean, _bcast(x))), axes)
    return mean, ops.rsqrt(var + check_number(eps, "batch_norm_stats", "eps"))


def _bcast(x):
    return (1, -1) + (1,) * (x.ndim - 2)


def batch_norm_elemt(input, weight, bias, mean, invstd, eps):
    """``(input - mean) * invstd * weight + bias`` per channel (``eps`` is already in
    ``invstd``: checked, not used again)."""
    check_number(eps, "batch_norm_elemt", "eps")
    out = (input - ops.reshape(mean, _bcast(input))) * ops.reshape(invstd, _bcast(input))
    if weight is not None:
        out = out * ops.reshape(weight, _bcast(input))
    return out if bias is None else out + ops.reshape(bias, _bcast(input))


def batch_norm_gather_stats_with_counts(input, mean, invstd, running_mean, running_var,
                                        momentum, eps, counts):
    """The global (mean, invstd) of per-rank ``mean``/``invstd`` rows (world, C) over ``counts``
    elements each; running statistics, when given, move by ``momentum`` with the unbiased
    global variance (in place)."""
    check_number(momentum, "batch_norm_gather_stats_with_counts", "momentum", 0, 1)
    eps = check_number(eps, "batch_norm_gather_stats_with_counts", "eps")
    n = ops.reshape(ops.cast(counts, mean.dtype), (-1, 1))
    total = ops.sum(n)
    g_mean = ops.sum(mean * n, 0) / total
    var = 1.0 / ops.square(invstd) - eps
    g_var = ops.sum((var + ops.square(mean - g_mean)) * n, 0) / total
    if running_mean is not None:
        ops.assign(running_mean, running_mean * (1 - momentum) + g_mean * momentum)
    if running_var is not None:
        unbiased = g_var * total / (total - 1)
        ops.assign(running_var, running_var * (1 - momentum) + unbiased * momentum)
    return g_mean, ops.rsqrt(g_var + eps)


def conv_tbc(input, weight, bias, pad):
    """A 1-D convolution of a (time, batch, channels) input with a (k, C_in, C_out) weight,
    zero-padded by ``pad`` in time."""
    pad = check_int(pad, "conv_tbc", "pad", 0)
    x = ops.transpose(input, (1, 2, 0))  # (batch, C_in, time)
    w = ops.transpose(weight, (2, 1, 0))  # (C_out, C_in, k)
    out = ops.conv2d(ops.unsqueeze(x, 2), ops.unsqueeze(w, 2), None, 1, "pad", (0, pad), 1, 1)
    out = ops.squeeze(out, 2) + ops.reshape(bias, (1, -1, 1))
    return ops.transpose(out, (2, 0, 1))


def addr(input, vec1, vec2, beta, alpha):
    """``beta * input + alpha * outer(vec1, vec2)`` written into ``input`` (MindSpore's
    ``addr_`` is the in-place form)."""
    from mindcell.mint._impl_more import _scaled_sum
    return I.inplace(input, _scaled_sum(ops.outer(vec1, vec2), input, beta, alpha, "addr_"),
                     "addr_")
