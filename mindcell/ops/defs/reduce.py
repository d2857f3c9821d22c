"""Reduction primitives. ``axis`` is always a normalised tuple (empty = all axes)."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._core.primitive import defprim
from mindcell.ops.defs import _grad_ops as G


def _np_axis(axis):
    return axis if axis else None


_F16, _F32 = np.dtype(np.float16), np.dtype(np.float32)


def accumulate_f32(impl):
    """Wrap a numpy impl so float16 inputs are computed in float32 and float16 results returned
    (MindSpore and PyTorch accumulate half precision in float32; float16 sums overflow at 65504)."""
    def wrapped(*arrays, **attrs):
        if not any(getattr(a, "dtype", None) == _F16 for a in arrays):
            return impl(*arrays, **attrs)
        out = impl(*[a.astype(_F32) if getattr(a, "dtype", None) == _F16 else a
                     for a in arrays], **attrs)
        with np.errstate(over="ignore"):  # a float16 result beyond 65504 is inf, as in MindSpore
            if isinstance(out, tuple):
                return tuple(o.astype(_F16) if o.dtype == _F32 else o for o in out)
            return out.astype(_F16) if out.dtype == _F32 else out
    wrapped.__name__ = getattr(impl, "__name__", "impl")
    wrapped.__doc__ = impl.__doc__
    return wrapped


def _reduce_infer(x, axis, keep_dims):
    shape, dtype = x
    axes = axis if axis else tuple(range(len(shape)))
    if keep_dims:
        out = tuple(1 if i in axes else n for i, n in enumerate(shape))
    else:
        out = tuple(n for i, n in enumerate(shape) if i not in axes)
    return (out, dtype)


def _kept_shape(shape, axis):
    axes = axis if axis else tuple(range(len(shape)))
    return tuple(1 if i in axes else n for i, n in enumerate(shape))


def _expand_back(t, x, axis, keep_dims):
    """Reshape a reduced tensor so that it broadcasts against ``x``."""
    if keep_dims:
        return t
    return G.reshape(t, _kept_shape(x.shape, axis))


def _sum_impl(x, axis, keep_dims):
    return np.sum(x, axis=_np_axis(axis), keepdims=keep_dims, dtype=x.dtype)


def _sum_bprop(x, out, dout, axis, keep_dims):
    return (G.broadcast_to(_expand_back(dout, x, axis, keep_dims), x.shape),)


def _extremum_bprop(x, out, dout, axis, keep_dims):
    out_b = _expand_back(out, x, axis, keep_dims)
    mask = G.cast(G.equal(x, out_b), x._np_dtype)
    count = G.reduce_sum(mask, axis, keep_dims=True)
    return (G.mul(G.div(mask, count), _expand_back(dout, x, axis, keep_dims)),)


def _prod_bprop(x, out, dout, axis, keep_dims):
    # NOTE: out/x is undefined where x == 0; such inputs get NaN gradients, as in MindSpore.
    grad = G.mul(_expand_back(dout, x, axis, keep_dims), _expand_back(out, x, axis, keep_dims))
    return (G.div(grad, x),)


reduce_sum_p = defprim("ReduceSum", accumulate_f32(_sum_impl), infer=_reduce_infer,
                       bprop=_sum_bprop, lowering="sum")
reduce_max_p = defprim("ReduceMax",
                       lambda x, axis, keep_dims: np.max(x, axis=_np_axis(axis), keepdims=keep_dims),
                       infer=_reduce_infer, bprop=_extremum_bprop)
reduce_min_p = defprim("ReduceMin",
                       lambda x, axis, keep_dims: np.min(x, axis=_np_axis(axis), keepdims=keep_dims),
                       infer=_reduce_infer, bprop=_extremum_bprop)
reduce_prod_p = defprim("ReduceProd",
                        accumulate_f32(lambda x, axis, keep_dims: np.prod(
                            x, axis=_np_axis(axis), keepdims=keep_dims, dtype=x.dtype)),
                        infer=_reduce_infer, bprop=_prod_bprop)
reduce_all_p = defprim("ReduceAll",
                       lambda x, axis, keep_dims: np.all(x, axis=_np_axis(axis), keepdims=keep_dims),
                       infer=lambda x, axis, keep_dims: (_reduce_infer(x, axis, keep_dims)[0],
                                                         np.dtype(bool)))
reduce_any_p = defprim("ReduceAny",
                       lambda x, axis, keep_dims: np.any(x, axis=_np_axis(axis), keepdims=keep_dims),
                       infer=lambda x, axis, keep_dims: (_reduce_infer(x, axis, keep_dims)[0],
                                                         np.dtype(bool)))


def _arg_infer(x, axis, keep_dims):
    shape = x[0]
    if keep_dims:
        out = tuple(1 if i == axis else n for i, n in enumerate(shape))
    else:
        out = tuple(n for i, n in enumerate(shape) if i != axis)
    return (out, np.dtype(np.int32))


argmax_p = defprim("ArgMax", lambda x, axis, keep_dims: np.argmax(
    x, axis=axis, keepdims=keep_dims).astype(np.int32), infer=_arg_infer)
argmin_p = defprim("ArgMin", lambda x, axis, keep_dims: np.argmin(
    x, axis=axis, keepdims=keep_dims).astype(np.int32), infer=_arg_infer)


def _cumsum_bprop(x, out, dout, axis, exclusive=False, reverse=False):
    return (cumsum_p.bind(dout, axis=axis, exclusive=exclusive, reverse=not reverse),)


def _cumsum_impl(x, axis, exclusive=False, reverse=False):
    """A running sum in x's own dtype, float16 too (MindSpore 2.10's CPU kernel: bit-equal to
    numpy's float16 cumsum, ms-oracle; a float32 accumulator differed by up to 12 over 500
    values); ``exclusive`` shifts the running sums by one (``sum - x`` rounds differently)."""
    if reverse:
        x = np.flip(x, axis)
    out = np.cumsum(x, axis=axis, dtype=x.dtype)
    if exclusive:
        out = np.zeros_like(out)
        idx = [slice(None)] * x.ndim
        idx[axis] = slice(1, None)
        cut = [slice(None)] * x.ndim
        cut[axis] = slice(0, -1)
        out[tuple(idx)] = np.cumsum(x[tuple(cut)], axis=axis, dtype=x.dtype)
    if reverse:
        out = np.flip(out, axis)
    return c_contiguous(out)


cumsum_p = defprim("CumSum", _cumsum_impl,
                   infer=lambda x, axis, exclusive=False, reverse=False: x,
                   bprop=_cumsum_bprop)
