"""Wrappers of the matmul, conv/pooling, softmax, norm, reduction and optimizer kernels."""
import numpy as np

from mindcell._arrays import c_contiguous
from mindcell._C import conv as _conv
from mindcell._C import matmul as _mm
from mindcell._C import norm as _norm
from mindcell._C import optim as _optim
from mindcell._C import reduce as _reduce
from mindcell._C import softmax as _sm
from mindcell._core import blas
from mindcell._core.kernels import contiguous as _c, register, same_float_dtype as _floats

blas.bind(_mm)
blas.bind(_conv)


# ----- matrix products -------------------------------------------------------------------------
# Every product goes through one BLAS (mindcell/_core/blas.py), bound above to these kernels and
# to the convolution kernels, which call it from C: numpy's `@` would start a second OpenBLAS
# pool on the same cores.
def _gemm_operand(x, transposed):
    """(C-contiguous array, transpose flag) for a GEMM operand: a view whose last two axes are
    swapped relative to a contiguous array is read transposed by the BLAS, not copied (the
    same product GRAPH_MODE runs after folding the swap into the flag)."""
    if x.flags.c_contiguous:
        return x, transposed
    swapped = np.swapaxes(x, -1, -2)
    if swapped.flags.c_contiguous:
        return swapped, not transposed
    return c_contiguous(x), transposed


def _both_half(a, b):
    return a.dtype == np.float16 and b.dtype == np.float16


def _to_half(x):
    """float32 -> float16; products beyond the float16 range become inf silently, as on
    MindSpore (loss scaling relies on seeing them)."""
    with np.errstate(over="ignore"):
        return x.astype(np.float16)


# float16 products: MindSpore 2.10's CPU kernels multiply in float32 and round the result to
# float16 once (bit-equal to (a.f32 @ b.f32).astype(f16) in the ms-oracle); numpy's float16
# matmul has no BLAS (seconds for a 1000x312x1024 product) and rounds differently.
@register("MatMul")
def matmul(a, b, transpose_a=False, transpose_b=False):
    if _both_half(a, b) and a.ndim == 2 and b.ndim == 2:
        return _to_half(matmul(a.astype(np.float32), b.astype(np.float32), transpose_a,
                               transpose_b))
    if not _floats(a, b) or a.ndim != 2 or b.ndim != 2:
        return NotImplemented
    m = a.shape[1] if transpose_a else a.shape[0]
    n = b.shape[0] if transpose_b else b.shape[1]
    out = np.empty((m, n), a.dtype)
    a, transpose_a = _gemm_operand(a, transpose_a)
    b, transpose_b = _gemm_operand(b, transpose_b)
    _mm.matmul_gemm(a, b, transpose_a, transpose_b, out)
    return out


@register("BatchMatMul")
def batch_matmul(a, b, transpose_a=False, transpose_b=False):
    if _both_half(a, b) and a.ndim >= 2 and b.ndim >= 2:
        return _to_half(batch_matmul(a.astype(np.float32), b.astype(np.float32), transpose_a,
                                     transpose_b))
    if not _floats(a, b) or a.ndim < 2 or b.ndim < 2:
        return NotImplemented
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    m = a.shape[-1] if transpose_a else a.shape[-2]
    n = b.shape[-2] if transpose_b else b.shape[-1]
    k = a.shape[-2] if transpose_a else a.shape[-1]
    if 0 in batch or 0 in (m, n, k):  # nothing to compute, or empty sums: no kernel call
        return np.zeros(batch + (m, n), a.dtype)
    if a.shape[:-2] == batch:
        a, transpose_a = _gemm_operand(a, transpose_a)
    if b.shape[:-2] == batch:
        b, transpose_b = _gemm_operand(b, transpose_b)
    a3 = _c(np.broadcast_to(a, batch + a.shape[-2:])).reshape((-1,) + a.shape[-2:])
    b3 = _c(np.broadcast_to(b, batch + b.shape[-2:])).reshape((-1,) + b.shape[-2:])
    out = np.empty((a3.shape[0], m, n), a.dtype)
    _mm.matmul_batched(a3, b3, transpose_a, transpose_b, out)
    return out.reshape(batch + (m, n))


# ----- convolution -----------------------------------------------------------------------------
def _out_hw(h, w, kh, kw, stride, padding, dilation):
    t, b, l, r = padding
    ho = (h + t + b - dilation[0] * (kh - 1) - 1) // stride[0] + 1
    wo = (w + l + r - dilation[1] * (kw - 1) - 1) // stride[1] + 1
    return ho, wo


# Columns (images x output positions) per GEMM of a convolution: blocks of images are lowered
# together until a block has this many, so that the products of small late-layer images are
# not too thin for the BLAS, while the block's column buffer stays within COLS_BUDGET elements
# (in cache). A block of one image writes its GEMM straight into the output.
BLOCK_COLUMNS = 1024
COLS_BUDGET = 1 << 21


def _block(n, p, k):
    """Images per block for n images of p output positions and k rows of columns."""
    nb = max(1, -(-BLOCK_COLUMNS // max(p, 1)))
    nb = min(nb, max(1, COLS_BUDGET // max(k * p, 1)))
    return max(1, min(nb, n))


@register("Conv2D")
def conv2d(x, w, stride, padding, dilation, groups):
    if not _floats(x, w):
        return NotImplemented
    n, c, h, wd = x.shape
    o, cg, kh, kw = w.shape
    ho, wo = _out_hw(h, wd, kh, kw, stride, padding, dilation)
    out = np.empty((n, o, ho, wo), x.dtype)
    _conv.conv2d_fwd(_c(x), _c(w), stride[0], stride[1], padding[0], padding[2], dilation[0],
                     dilation[1], groups, out, _block(n, ho * wo, cg * kh * kw))
    return out


@register("Conv2DBackpropInput")
def conv2d_backprop_input(dy, w, input_shape, stride, padding, dilation, groups):
    if not _floats(dy, w):
        return NotImplemented
    o, cg, kh, kw = w.shape
    dx = np.empty(tuple(input_shape), dy.dtype)
    _conv.conv2d_bwd_input(_c(dy), _c(w), stride[0], stride[1], padding[0], padding[2],
                           dilation[0], dilation[1], groups, dx,
                           _block(dy.shape[0], dy.shape[2] * dy.shape[3], cg * kh * kw))
    return dx


@register("Conv2DBackpropFilter")
def conv2d_backprop_filter(dy, x, filter_shape, stride, padding, dilation, groups):
    if not _floats(dy, x):
        return NotImplemented
    o, cg, kh, kw = filter_shape
    dw = np.empty(tuple(filter_shape), dy.dtype)
    _conv.conv2d_bwd_filter(_c(dy), _c(x), stride[0], stride[1], padding[0], padding[2],
                            dilation[0], dilation[1], groups, dw,
                            _block(dy.shape[0], dy.shape[2] * dy.shape[3], cg * kh * kw))
    return dw


# ----- pooling ---------------------------------------------------------------------------------
def _max_pool(x, kernel_size, stride, padding):
    kh, kw = kernel_size
    ho, wo = _out_hw(x.shape[2], x.shape[3], kh, kw, stride, padding, (1, 1))
    y = np.empty(x.shape[:2] + (ho, wo), x.dtype)
    arg = np.empty(y.shape, np.int64)
    _conv.max_pool_fwd(_c(x), kh, kw, stride[0], stride[1], padding[0], padding[2], y, arg)
    return y, arg


def _is_2x2(kernel_size, stride, padding):
    """The common 2x2, stride-2, unpadded window (LeNet, VGG): its own kernels, without an
    argmax array (csrc/conv.pyx: max_pool2x2_fwd / max_pool2x2_bwd)."""
    return tuple(kernel_size) == (2, 2) and tuple(stride) == (2, 2) and not any(padding)


@register("MaxPool")
def max_pool(x, kernel_size, stride, padding):
    if not _floats(x):
        return NotImplemented
    if _is_2x2(kernel_size, stride, padding) and x.ndim == 4:
        y = np.empty(x.shape[:2] + (x.shape[2] // 2, x.shape[3] // 2), x.dtype)
        _conv.max_pool2x2_fwd(_c(x), y)
        return y
    return _max_pool(x, kernel_size, stride, padding)[0]


# The gradient finds each window's maximum again from x (MaxPoolGrad's inputs are x, y and dy,
# as MindSpore's): for 2x2 windows in one pass that writes the whole dx, which measured cheaper
# than keeping the forward's argmax (an int64 array per pooling, read and scattered through).
@register("MaxPoolGrad")
def max_pool_grad(x, y, dy, kernel_size, stride, padding):
    if not _floats(x, dy):
        return NotImplemented
    if _is_2x2(kernel_size, stride, padding) and x.ndim == 4 and dy.shape == y.shape:
        dx = np.empty(x.shape, dy.dtype)
        _conv.max_pool2x2_bwd(_c(x), _c(dy), dx)
        return dx
    _, arg = _max_pool(x, kernel_size, stride, padding)
    dx = np.zeros(x.shape, dy.dtype)
    _conv.max_pool_bwd(_c(dy), arg, dx)
    return dx


@register("AvgPool")
def avg_pool(x, kernel_size, stride, padding, count_include_pad=True):
    if not _floats(x):
        return NotImplemented
    kh, kw = kernel_size
    ho, wo = _out_hw(x.shape[2], x.shape[3], kh, kw, stride, padding, (1, 1))
    y = np.empty(x.shape[:2] + (ho, wo), x.dtype)
    _conv.avg_pool_fwd(_c(x), kh, kw, stride[0], stride[1], padding[0], padding[2],
                       count_include_pad, y)
    return y


@register("AvgPoolGrad")
def avg_pool_grad(dy, input_shape, kernel_size, stride, padding, count_include_pad=True):
    if not _floats(dy):
        return NotImplemented
    dx = np.zeros(input_shape, dy.dtype)
    _conv.avg_pool_bwd(_c(dy), kernel_size[0], kernel_size[1], stride[0], stride[1],
                       padding[0], padding[2], count_include_pad, dx)
    return dx


# ----- softmax family --------------------------------------------------------------------------
def _rows(x, axis):
    if axis not in (-1, x.ndim - 1) or x.ndim == 0 or x.shape[-1] == 0:
        return None
    return _c(x).reshape(-1, x.shape[-1])


def _softmax(log_output):
    def kernel(x, axis=-1):
        if not _floats(x):
            return NotImplemented
        x2 = _rows(x, axis)
        if x2 is None:
            return NotImplemented
        out = np.empty(x2.shape, x.dtype)
        _sm.softmax_fwd(x2, out, log_output)
        return out.reshape(x.shape)
    return kernel


def _softmax_grad(log_output):
    def kernel(out, dout, axis=-1):
        if not _floats(out, dout) or out.shape != dout.shape:
            return NotImplemented
        o2, d2 = _rows(out, axis), _rows(dout, axis)
        if o2 is None:
            return NotImplemented
        dx = np.empty(o2.shape, out.dtype)
        _sm.softmax_bwd(o2, d2, dx, log_output)
        return dx.reshape(out.shape)
    return kernel


register("Softmax")(_softmax(False))
register("LogSoftmax")(_softmax(True))
register("SoftmaxGrad")(_softmax_grad(False))
register("LogSoftmaxGrad")(_softmax_grad(True))


@register("SparseSoftmaxCrossEntropy")
def sparse_xent(logits, labels):
    if not _floats(logits) or logits.ndim != 2 or logits.shape[1] == 0:
        return NotImplemented
    n_classes = logits.shape[1]
    if labels.size and (labels.min() < 0 or labels.max() >= n_classes):
        raise ValueError("SparseSoftmaxCrossEntropy: labels must be in [0, %d), but got values "
                         "in [%d, %d]" % (n_classes, labels.min(), labels.max()))
    loss = np.empty(logits.shape[0], logits.dtype)
    grad = np.empty(logits.shape, logits.dtype)
    _sm.sparse_xent(_c(logits), c_contiguous(labels, np.int64), loss, grad)
    return loss, grad


# ----- norms -----------------------------------------------------------------------------------
@register("LayerNorm")
def layer_norm(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon):
    if not _floats(x, gamma, beta) or begin_norm_axis != begin_params_axis or x.size == 0:
        return NotImplemented
    stat_shape = x.shape[:begin_norm_axis] + (1,) * (x.ndim - begin_norm_axis)
    n = gamma.size
    x2 = _c(x).reshape(-1, n)
    y = np.empty(x2.shape, x.dtype)
    mean = np.empty(x2.shape[0], x.dtype)
    rstd = np.empty(x2.shape[0], x.dtype)
    _norm.layer_norm_fwd(x2, _c(gamma).reshape(-1), _c(beta).reshape(-1), epsilon, y, mean,
                         rstd)
    return y.reshape(x.shape), mean.reshape(stat_shape), rstd.reshape(stat_shape)


@register("LayerNormGrad")
def layer_norm_grad(x, dy, rstd, mean, gamma, begin_norm_axis, begin_params_axis):
    if not _floats(x, dy, rstd, mean, gamma) or begin_norm_axis != begin_params_axis \
            or x.size == 0:
        return NotImplemented
    n = gamma.size
    x2, dy2 = _c(x).reshape(-1, n), _c(dy).reshape(-1, n)
    dx = np.empty(x2.shape, x.dtype)
    dgamma = np.empty(n, x.dtype)
    dbeta = np.empty(n, x.dtype)
    _norm.layer_norm_bwd(x2, dy2, _c(mean).reshape(-1), _c(rstd).reshape(-1),
                         _c(gamma).reshape(-1), dx, dgamma, dbeta)
    return dx.reshape(x.shape), dgamma.reshape(gamma.shape), dbeta.reshape(gamma.shape)



def _ncs(x):
    """x (N, C, ...) as a C-contiguous (N, C, S) array."""
    return _c(x).reshape(x.shape[0], x.shape[1], -1)


@register("BatchNormTrain")
def batch_norm_train(x, gamma, beta, epsilon):
    if not _floats(x, gamma, beta) or x.ndim < 2 or x.size == 0:
        return NotImplemented
    x3 = _ncs(x)
    y = np.empty(x3.shape, x.dtype)
    mean = np.empty(x.shape[1], x.dtype)
    var = np.empty(x.shape[1], x.dtype)
    _norm.batch_norm_fwd(x3, _c(gamma).reshape(-1), _c(beta).reshape(-1), epsilon, y, mean, var)
    return y.reshape(x.shape), mean, var


@register("BatchNormTrainGrad")
def batch_norm_train_grad(x, dy, mean, var, gamma, epsilon):
    if not _floats(x, dy, mean, var, gamma) or x.ndim < 2 or x.size == 0:
        return NotImplemented
    x3 = _ncs(x)
    dx = np.empty(x3.shape, x.dtype)
    dgamma = np.empty(x.shape[1], x.dtype)
    dbeta = np.empty(x.shape[1], x.dtype)
    _norm.batch_norm_bwd(x3, _ncs(dy), _c(mean), _c(var), _c(gamma).reshape(-1), epsilon, dx,
                         dgamma, dbeta)
    return dx.reshape(x.shape), dgamma, dbeta

@register("RMSNorm")
def rms_norm(x, gamma, epsilon, clamp_norm=False):
    if not _floats(x, gamma) or x.size == 0:
        return NotImplemented
    x2 = _c(x).reshape(-1, x.shape[-1])
    y = np.empty(x2.shape, x.dtype)
    rstd = np.empty(x2.shape[0], x.dtype)
    _norm.rms_norm_fwd(x2, _c(gamma), epsilon, clamp_norm, y, rstd)
    return y.reshape(x.shape), rstd.reshape(x.shape[:-1] + (1,))


@register("RMSNormGrad")
def rms_norm_grad(dy, x, rstd, gamma, epsilon, clamp_norm=False):
    if not _floats(dy, x, rstd, gamma) or x.size == 0:
        return NotImplemented
    n = x.shape[-1]
    dx = np.empty((x.size // n, n), x.dtype)
    dgamma = np.empty(n, x.dtype)
    _norm.rms_norm_bwd(_c(dy).reshape(-1, n), _c(x).reshape(-1, n), _c(rstd).reshape(-1),
                       _c(gamma), epsilon, clamp_norm, dx, dgamma)
    return dx.reshape(x.shape), dgamma


# ----- reductions ------------------------------------------------------------------------------
def sum_layout(shape, axis):
    """How the sum kernels (csrc/_reduce_core.pxd) reduce the axes ``axis`` (non-negative;
    empty: all) of a C-contiguous array of ``shape``: ``("rows", rows, n)`` (trailing axes),
    ``("cols", rows, n)`` (leading axes), ``("middle", outer, mid, inner)`` (all but one
    block of adjacent axes), or None (kept axes that are not adjacent). The graph executor's
    native sum uses the same layout (graph/lower.py)."""
    nd = len(shape)
    axes = set(axis) if axis else set(range(nd))
    kept = [i for i in range(nd) if i not in axes]
    if not kept:
        return ("rows", 1, int(np.prod(shape, dtype=np.int64)))
    first, end = kept[0], kept[-1] + 1
    if kept != list(range(first, end)):
        return None
    outer, mid, inner = (int(np.prod(shape[:first], dtype=np.int64)),
                         int(np.prod(shape[first:end], dtype=np.int64)),
                         int(np.prod(shape[end:], dtype=np.int64)))
    if outer == 1:
        return ("rows", mid, inner)
    if inner == 1:
        return ("cols", outer, mid)
    return ("middle", outer, mid, inner)


@register("ReduceSum")
def reduce_sum(x, axis, keep_dims):
    if not _floats(x) or x.size == 0:
        return NotImplemented
    layout = sum_layout(x.shape, axis)
    if layout is None:
        return NotImplemented
    axes = axis if axis else tuple(range(x.ndim))
    out_shape = tuple(1 if i in axes else s for i, s in enumerate(x.shape)) if keep_dims \
        else tuple(s for i, s in enumerate(x.shape) if i not in axes)
    kind, extents = layout[0], layout[1:]
    xc = _c(x).reshape(extents)
    if kind == "rows":
        out = np.empty(extents[0], x.dtype)
        _reduce.sum_rows(xc, out)
    elif kind == "cols":
        out = np.empty(extents[1], x.dtype)
        _reduce.sum_cols(xc, out)
    else:
        out = np.empty(extents[1], x.dtype)
        _reduce.sum_middle(xc, out)
    return out.reshape(out_shape)


# ----- optimizer updates (in place) ------------------------------------------------------------
def _state_ok(name, param, grad, *state):
    """True if the kernel covers these operands (one float dtype, contiguous writeable state);
    a gradient or state buffer of another shape is a ValueError, never a broadcast."""
    for what, a in (("grad", grad),) + tuple(("state", s) for s in state):
        if a.shape != param.shape:
            raise ValueError("%s: '%s' has shape %s, but the parameter has shape %s"
                             % (name, what, a.shape, param.shape))
    arrays = (param,) + state
    return _floats(*arrays) and grad.dtype is param.dtype and all(
        a.flags.c_contiguous and a.flags.writeable for a in arrays)


@register("SGDUpdate")
def sgd_update(param, grad, accum, lr, stat, momentum, dampening, weight_decay, nesterov,
               clear_stat=False):
    if not _state_ok("SGDUpdate", param, grad, accum):
        return NotImplemented
    first_step = bool(stat.reshape(-1)[0] > 0)
    _optim.sgd_update(param, _c(grad), accum, float(lr), momentum, dampening, weight_decay,
                      nesterov, first_step)
    if clear_stat and first_step:
        stat[...] = 0
    return param


@register("ApplyMomentum")
def apply_momentum(var, accum, grad, lr, momentum, use_nesterov=False):
    if not _state_ok("ApplyMomentum", var, grad, accum):
        return NotImplemented
    _optim.apply_momentum(var, accum, _c(grad), float(lr), momentum, use_nesterov)
    return var


@register("AdamUpdate")
def adam_update(param, m, v, grad, lr, lr_t, beta1, beta2, epsilon, weight_decay=0.0,
                decoupled=False, use_nesterov=False):
    if not _state_ok("AdamUpdate", param, grad, m, v):
        return NotImplemented
    _optim.adam_update(param, m, v, _c(grad), float(lr), float(lr_t), beta1, beta2, epsilon,
                       weight_decay, decoupled, use_nesterov)
    return param
