"""Fractional max pooling with a fixed kernel (MindSpore's FractionalMaxPoolWithFixedKsize and
FractionalMaxPool3DWithFixedKsize): each spatial axis is cut into pseudo-random windows whose
starts come from one sample u in [0, 1) per (batch, channel) and axis,

    start[i] = int((i + u) * alpha) - int(u * alpha),  alpha = (in - k) / (out - 1),

with the last window ending at the input's end; the output is each window's maximum and the
flat spatial index of its first maximum. Samples per axis, as MindSpore orders them: (w, h) in
2-D, (d, h, w) in 3-D."""
import itertools

import numpy as np

from mindcell._core.primitive import defprim
from mindcell.ops.defs._util import no_second_order


def _starts(u, n_in, n_out, k):
    if n_out == 1:
        return np.array([n_in - k])
    alpha = np.float32(n_in - k) / np.float32(n_out - 1)
    u = np.float32(u)
    i = np.arange(n_out - 1, dtype=np.float32)
    starts = ((i + u) * alpha).astype(np.int64) - np.int64(u * alpha)
    return np.append(starts, n_in - k)


def _fmp_impl(x, samples, ksize, output_shape, sample_axes):
    """(max, argmax) over the windows; ``sample_axes[d]`` is the sample of spatial axis d."""
    nd = len(ksize)
    spatial = x.shape[2:]
    n, c = x.shape[:2]
    out = np.empty((n, c) + tuple(output_shape), x.dtype)
    arg = np.empty((n, c) + tuple(output_shape), np.int64)
    offsets = np.array(list(itertools.product(*[range(k) for k in ksize])))  # (K, nd)
    strides = np.array([int(np.prod(spatial[d + 1:])) for d in range(nd)])
    for b in range(n):
        for ch in range(c):
            starts = [_starts(samples[b, ch, sample_axes[d]], spatial[d], output_shape[d],
                              ksize[d]) for d in range(nd)]
            grid = np.stack(np.meshgrid(*starts, indexing="ij"), -1)  # (*out, nd)
            pos = grid[..., None, :] + offsets                          # (*out, K, nd)
            flat = (pos * strides).sum(-1)                               # (*out, K)
            values = x[b, ch].reshape(-1)[flat]
            best = np.argmax(values, -1)
            arg[b, ch] = np.take_along_axis(flat, best[..., None], -1)[..., 0]
            out[b, ch] = np.take_along_axis(values, best[..., None], -1)[..., 0]
    return out, arg


def _fmp_infer(x, samples, ksize, output_shape, sample_axes):
    shape = tuple(x[0][:2]) + tuple(output_shape)
    return (shape, x[1]), (shape, np.dtype(np.int64))


def _fmp_grad_impl(x, argmax, dout):
    n, c = x.shape[:2]
    grad = np.zeros((n * c, int(np.prod(x.shape[2:]))), dout.dtype)
    rows = np.repeat(np.arange(n * c), argmax[0, 0].size)
    np.add.at(grad, (rows, argmax.reshape(-1)), dout.reshape(-1))
    return grad.reshape(x.shape)


fractional_max_pool_grad_p = defprim("FractionalMaxPoolGradWithFixedKsize", _fmp_grad_impl,
                                     infer=lambda x, argmax, dout: x,
                                     bprop=no_second_order("FractionalMaxPoolGradWithFixedKsize"))


def _fmp_bprop(x, samples, out, dout, **attrs):
    return fractional_max_pool_grad_p.bind(x, out[1], dout[0]), None


fractional_max_pool_p = defprim("FractionalMaxPoolWithFixedKsize", _fmp_impl, nout=2,
                                infer=_fmp_infer, bprop=_fmp_bprop)
