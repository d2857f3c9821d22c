"""Neural-network primitives. # NOTE: each of these could be written as a composite; they are
primitives for speed and numerical stability (fused kernels for matmul, conv, pooling, softmax
cross-entropy, layer/RMS norm)."""
import numpy as np

from mindcell._arrays import c_contiguous
from numpy.lib.stride_tricks import as_strided

from mindcell._core.autodiff import needs_grad
from mindcell._core.primitive import defprim
from mindcell.ops._errors import check_matmul_shapes
from mindcell.ops.defs import _grad_ops as G
from mindcell.ops.defs._util import no_second_order, records_backward
from mindcell.ops.defs.reduce import accumulate_f32 as _acc  # float16 sums in float32
from mindcell.ops.defs.shape import one_hot_p


# ----- matmul -------------------------------------------------------------------------------
def _mm(a, b, ta, tb):
    if ta:
        a = np.swapaxes(a, -1, -2)
    if tb:
        b = np.swapaxes(b, -1, -2)
    return np.matmul(a, b)


def _matmul_grads(bind, a, b, dout, transpose_a, transpose_b):
    """(da, db), each computed only when that input takes a gradient."""
    if not transpose_a and not transpose_b:
        da, db = (dout, b, False, True), (a, dout, True, False)
    elif transpose_a and not transpose_b:
        da, db = (b, dout, False, True), (a, dout, False, False)
    elif not transpose_a and transpose_b:
        da, db = (dout, b, False, False), (dout, a, True, False)
    else:
        da, db = (b, dout, True, True), (dout, a, True, True)
    return (bind(*da) if needs_grad(0) else None), (bind(*db) if needs_grad(1) else None)


def _matmul_bprop(a, b, out, dout, transpose_a=False, transpose_b=False):
    return _matmul_grads(lambda x, y, ta, tb: matmul_p.bind(x, y, transpose_a=ta, transpose_b=tb),
                         a, b, dout, transpose_a, transpose_b)


def _bmm_bprop(a, b, out, dout, transpose_a=False, transpose_b=False):
    return _matmul_grads(lambda x, y, ta, tb: batch_matmul_p.bind(x, y, transpose_a=ta,
                                                                  transpose_b=tb),
                         a, b, dout, transpose_a, transpose_b)


def _matmul_infer(a, b, transpose_a=False, transpose_b=False):
    sa, sb = tuple(a[0]), tuple(b[0])
    batch = check_matmul_shapes("MatMul", sa, sb, transpose_a, transpose_b)
    rows = () if len(sa) < 2 else ((sa[-1],) if transpose_a else (sa[-2],))
    cols = () if len(sb) < 2 else ((sb[-2],) if transpose_b else (sb[-1],))
    return (tuple(batch) + rows + cols, a[1])


matmul_p = defprim("MatMul", lambda a, b, transpose_a=False, transpose_b=False:
                   _mm(a, b, transpose_a, transpose_b), infer=_matmul_infer, bprop=_matmul_bprop,
                   lowering="matmul")
batch_matmul_p = defprim("BatchMatMul", lambda a, b, transpose_a=False, transpose_b=False:
                         _mm(a, b, transpose_a, transpose_b), infer=_matmul_infer,
                         bprop=_bmm_bprop, lowering="batch_matmul")


# ----- convolution --------------------------------------------------------------------------
def _windows(xp, kh, kw, stride, dilation):
    """A (N, C, Ho, Wo, kh, kw) strided view of the padded input."""
    n, c, h, w = xp.shape
    (sh, sw), (dh, dw) = stride, dilation
    ho = (h - dh * (kh - 1) - 1) // sh + 1
    wo = (w - dw * (kw - 1) - 1) // sw + 1
    s = xp.strides
    return as_strided(xp, (n, c, ho, wo, kh, kw),
                      (s[0], s[1], s[2] * sh, s[3] * sw, s[2] * dh, s[3] * dw), writeable=False)


def _pad2d(x, padding, value=0.0):
    t, b, l, r = padding
    return np.pad(x, ((0, 0), (0, 0), (t, b), (l, r)), constant_values=value)


def _conv2d_impl(x, w, stride, padding, dilation, groups):
    win = _windows(_pad2d(x, padding), w.shape[2], w.shape[3], stride, dilation)
    n, c, ho, wo, kh, kw = win.shape
    g, o = groups, w.shape[0]
    win = win.reshape(n, g, c // g, ho, wo, kh, kw)
    wg = w.reshape(g, o // g, c // g, kh, kw)
    out = np.einsum("ngchwij,gocij->ngohw", win, wg, optimize=True)
    return c_contiguous(out.reshape(n, o, ho, wo)).astype(x.dtype, copy=False)


def _conv2d_input_impl(dy, w, input_shape, stride, padding, dilation, groups):
    n, c, h, wd = input_shape
    t, b, l, r = padding
    (sh, sw), (dh, dw) = stride, dilation
    o, cg, kh, kw = w.shape
    g = groups
    ho, wo = dy.shape[2], dy.shape[3]
    dxp = np.zeros((n, c, h + t + b, wd + l + r), dy.dtype)
    dyg = dy.reshape(n, g, o // g, ho, wo)
    wg = w.reshape(g, o // g, cg, kh, kw)
    for i in range(kh):
        for j in range(kw):
            contrib = np.einsum("ngohw,goc->ngchw", dyg, wg[:, :, :, i, j]).reshape(n, c, ho, wo)
            dxp[:, :, i * dh:i * dh + sh * (ho - 1) + 1:sh,
                j * dw:j * dw + sw * (wo - 1) + 1:sw] += contrib
    return c_contiguous(dxp[:, :, t:t + h, l:l + wd])


def _conv2d_filter_impl(dy, x, filter_shape, stride, padding, dilation, groups):
    o, cg, kh, kw = filter_shape
    win = _windows(_pad2d(x, padding), kh, kw, stride, dilation)
    n, c, ho, wo = win.shape[:4]
    g = groups
    win = win.reshape(n, g, cg, ho, wo, kh, kw)
    dyg = dy.reshape(n, g, o // g, ho, wo)
    dw = np.einsum("ngohw,ngchwij->gocij", dyg, win, optimize=True)
    return c_contiguous(dw.reshape(filter_shape)).astype(dy.dtype, copy=False)


def _conv_attrs(a):
    return dict(stride=a["stride"], padding=a["padding"], dilation=a["dilation"],
                groups=a["groups"])


def _conv2d_bprop(x, w, out, dout, **attrs):
    return (conv2d_input_p.bind(dout, w, input_shape=x.shape, **attrs) if needs_grad(0) else None,
            conv2d_filter_p.bind(dout, x, filter_shape=w.shape, **attrs) if needs_grad(1) else None)


def _conv2d_input_bprop(dy, w, out, dout, input_shape, **attrs):
    return (conv2d_p.bind(dout, w, **attrs),
            conv2d_filter_p.bind(dy, dout, filter_shape=w.shape, **attrs))


def _conv2d_filter_bprop(dy, x, out, dout, filter_shape, **attrs):
    return (conv2d_p.bind(x, dout, **attrs),
            conv2d_input_p.bind(dy, dout, input_shape=x.shape, **attrs))


def _window_out(size, k, stride, dilation, pad_before, pad_after):
    return (size + pad_before + pad_after - dilation * (k - 1) - 1) // stride + 1


def _conv2d_infer(x, w, stride, padding, dilation, groups):
    (n, _, h, wd), (o, _, kh, kw) = x[0], w[0]
    t, b, l, r = padding
    return ((n, o, _window_out(h, kh, stride[0], dilation[0], t, b),
             _window_out(wd, kw, stride[1], dilation[1], l, r)), x[1])


# Float16 convolutions accumulate in Float32, as MindSpore's CPU kernels do (a Float16 einsum
# rounds every partial sum, and numpy runs it ~50x slower)
conv2d_p = defprim("Conv2D", _acc(_conv2d_impl), infer=_conv2d_infer, bprop=_conv2d_bprop)
conv2d_input_p = defprim("Conv2DBackpropInput", _acc(_conv2d_input_impl),
                         infer=lambda dy, w, input_shape, **a: (tuple(input_shape), dy[1]),
                         bprop=_conv2d_input_bprop)
conv2d_filter_p = defprim("Conv2DBackpropFilter", _acc(_conv2d_filter_impl),
                          infer=lambda dy, x, filter_shape, **a: (tuple(filter_shape), dy[1]),
                          bprop=_conv2d_filter_bprop)


# ----- pooling ------------------------------------------------------------------------------
def _max_pool_impl(x, kernel_size, stride, padding):
    win = _windows(_pad2d(x, padding, -np.inf), kernel_size[0], kernel_size[1], stride, (1, 1))
    return c_contiguous(win.max(axis=(4, 5)))


def _max_pool_grad_impl(x, y, dy, kernel_size, stride, padding):
    t, b, l, r = padding
    kh, kw = kernel_size
    sh, sw = stride
    xp = _pad2d(x, padding, -np.inf)
    win = _windows(xp, kh, kw, stride, (1, 1))
    ho, wo = y.shape[2], y.shape[3]
    dxp = np.zeros(xp.shape, dy.dtype)
    taken = np.zeros(y.shape, bool)
    for i in range(kh):
        for j in range(kw):
            hit = (win[:, :, :, :, i, j] == y) & ~taken  # first maximum of each window
            taken |= hit
            dxp[:, :, i:i + sh * (ho - 1) + 1:sh, j:j + sw * (wo - 1) + 1:sw] += dy * hit
    return c_contiguous(dxp[:, :, t:t + x.shape[2], l:l + x.shape[3]])


def _max_pool_bprop(x, out, dout, **attrs):
    return (max_pool_grad_p.bind(x, out, dout, **attrs),)


def _max_pool_select(x, out, dx, kernel_size, stride, padding):
    """dx gathered at each window's first maximum (the adjoint of MaxPoolGrad in dy)."""
    return max_pool_gather_p.bind(x, out, dx, kernel_size=kernel_size, stride=stride,
                                  padding=padding)


def _max_pool_gather_impl(x, y, dx, kernel_size, stride, padding):
    kh, kw = kernel_size
    xp = _pad2d(x, padding, -np.inf)
    dxp = _pad2d(dx, padding, 0.0)
    win = _windows(xp, kh, kw, stride, (1, 1))
    gwin = _windows(dxp, kh, kw, stride, (1, 1))
    out = np.zeros(y.shape, dx.dtype)
    taken = np.zeros(y.shape, bool)
    for i in range(kh):
        for j in range(kw):
            hit = (win[:, :, :, :, i, j] == y) & ~taken
            taken |= hit
            out += np.where(hit, gwin[:, :, :, :, i, j], 0)
    return out


def _pool_infer(x, kernel_size, stride, padding, **attrs):
    (n, c, h, w), (t, b, l, r) = x[0], padding
    return ((n, c, _window_out(h, kernel_size[0], stride[0], 1, t, b),
             _window_out(w, kernel_size[1], stride[1], 1, l, r)), x[1])


max_pool_p = defprim("MaxPool", _max_pool_impl, infer=_pool_infer, bprop=_max_pool_bprop)
max_pool_grad_p = defprim("MaxPoolGrad", _max_pool_grad_impl,
                          infer=lambda x, y, dy, **a: (x[0], dy[1]),
                          bprop=lambda x, y, dy, out, dout, **a: (
                              None, None, _max_pool_select(x, out=y, dx=dout, **a)))
max_pool_gather_p = defprim("MaxPoolGradGrad", _max_pool_gather_impl,
                            infer=lambda x, y, dx, **a: (y[0], dx[1]),
                            bprop=lambda x, y, dx, out, dout, **a: (
                                None, None, max_pool_grad_p.bind(x, y, dout, **a)))


def _avg_divisor(shape, kernel_size, stride, padding, count_include_pad, dtype):
    if count_include_pad:
        return np.asarray(kernel_size[0] * kernel_size[1], dtype)
    ones = _pad2d(np.ones((1, 1) + tuple(shape[2:]), dtype), padding, 0.0)
    return _windows(ones, kernel_size[0], kernel_size[1], stride, (1, 1)).sum(axis=(4, 5))


def _avg_pool_impl(x, kernel_size, stride, padding, count_include_pad=True):
    win = _windows(_pad2d(x, padding), kernel_size[0], kernel_size[1], stride, (1, 1))
    div = _avg_divisor(x.shape, kernel_size, stride, padding, count_include_pad, x.dtype)
    return c_contiguous(win.sum(axis=(4, 5)) / div).astype(x.dtype, copy=False)


def _avg_pool_grad_impl(dy, input_shape, kernel_size, stride, padding, count_include_pad=True):
    t, b, l, r = padding
    kh, kw = kernel_size
    sh, sw = stride
    n, c, h, w = input_shape
    ho, wo = dy.shape[2], dy.shape[3]
    div = _avg_divisor(input_shape, kernel_size, stride, padding, count_include_pad, dy.dtype)
    g = dy / div
    dxp = np.zeros((n, c, h + t + b, w + l + r), dy.dtype)
    for i in range(kh):
        for j in range(kw):
            dxp[:, :, i:i + sh * (ho - 1) + 1:sh, j:j + sw * (wo - 1) + 1:sw] += g
    return c_contiguous(dxp[:, :, t:t + h, l:l + w])


avg_pool_p = defprim("AvgPool", _acc(_avg_pool_impl), infer=_pool_infer,
                     bprop=lambda x, out, dout, **a: (
                         avg_pool_grad_p.bind(dout, input_shape=x.shape, **a),))
avg_pool_grad_p = defprim("AvgPoolGrad", _acc(_avg_pool_grad_impl),
                          infer=lambda dy, input_shape, **a: (tuple(input_shape), dy[1]),
                          bprop=lambda dy, out, dout, input_shape, **a: (
                              avg_pool_p.bind(dout, **a),))


# ----- softmax family -----------------------------------------------------------------------
def _softmax_impl(x, axis=-1):
    e = np.exp(x - np.max(x, axis=axis, keepdims=True, initial=-np.inf))  # empty axis: empty
    return e / np.sum(e, axis=axis, keepdims=True)


def _log_softmax_impl(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    return shifted - np.log(np.sum(np.exp(shifted), axis=axis, keepdims=True))


def _row_sum(t, axis):
    """``t`` summed over ``axis`` (kept as size 1)."""
    return G.reduce_sum(t, (axis % t.ndim,) if t.ndim else (), keep_dims=True)


def _softmax_grad_bprop(y, dy, out, dout, axis=-1):  # out = y (dy - sum(dy y))
    dy_y = G.sub(G.mul(dout, G.sub(dy, _row_sum(G.mul(dy, y), axis))),
                 G.mul(_row_sum(G.mul(dout, y), axis), dy))
    return (dy_y, softmax_grad_p.bind(y, dout, axis=axis))


def _log_softmax_grad_bprop(y, dy, out, dout, axis=-1):  # out = dy - exp(y) sum(dy)
    e = G.exp(y)
    return (G.neg(G.mul(G.mul(dout, e), _row_sum(dy, axis))),
            G.sub(dout, _row_sum(G.mul(dout, e), axis)))


def _softmax_f16(x, axis=-1):
    """Softmax with MindSpore 2.10 CPU's float16 rounding: the shifted input, the exponentials
    and their sum (accumulated in float32) are rounded to float16, the division is float16."""
    if x.dtype != np.float16:
        return _softmax_impl(x, axis)
    shifted = x - np.max(x, axis=axis, keepdims=True, initial=-np.inf)
    # exp in float32 rounded once to float16: numpy's own float16 exp differs by 1 ulp between
    # releases (2.3 vs 2.4), MindSpore's rounds the float32 result
    e = np.exp(shifted.astype(np.float32)).astype(np.float16)
    with np.errstate(over="ignore"):
        return e / np.sum(e, axis=axis, keepdims=True, dtype=np.float32).astype(np.float16)


softmax_p = defprim("Softmax", _softmax_f16, infer=lambda x, axis=-1: x, lowering="softmax",
                    bprop=lambda x, out, dout, axis=-1: (
                        softmax_grad_p.bind(out, dout, axis=axis),))
log_softmax_p = defprim("LogSoftmax", _acc(_log_softmax_impl), infer=lambda x, axis=-1: x,
                        lowering="log_softmax",
                        bprop=lambda x, out, dout, axis=-1: (
                            log_softmax_grad_p.bind(out, dout, axis=axis),))
softmax_grad_p = defprim("SoftmaxGrad", _acc(lambda out, dout, axis=-1: out * (
    dout - np.sum(dout * out, axis=axis, keepdims=True))), infer=lambda o, d, axis=-1: o,
    bprop=_softmax_grad_bprop, lowering="softmax")
log_softmax_grad_p = defprim("LogSoftmaxGrad", _acc(lambda out, dout, axis=-1: dout - np.exp(
    out) * np.sum(dout, axis=axis, keepdims=True)), infer=lambda o, d, axis=-1: o,
    bprop=_log_softmax_grad_bprop, lowering="log_softmax")


def _check_labels(labels, n_classes, name):
    if labels.size and (labels.min() < 0 or labels.max() >= n_classes):
        raise ValueError("%s: labels must be in [0, %d), but got values in [%d, %d]"
                         % (name, n_classes, labels.min(), labels.max()))


def _sparse_xent_impl(logits, labels):
    _check_labels(labels, logits.shape[1], "SparseSoftmaxCrossEntropy")
    logp = _log_softmax_impl(logits, 1)
    rows = np.arange(logits.shape[0])
    grad = np.exp(logp)
    grad[rows, labels] -= 1
    return -logp[rows, labels], grad


def _sparse_xent_bprop(logits, labels, out, dout):
    dloss = G.expand_dims(dout[0], 1)
    if records_backward():
        n_classes = logits.shape[1]
        onehot = G.cast(one_hot_p.bind(labels, depth=n_classes, on_value=1.0, off_value=0.0,
                                       axis=-1, dtype=np.dtype(np.float32)), logits._np_dtype)
        return (G.mul(dloss, G.sub(softmax_p.bind(logits, axis=1), onehot)), None)
    return (G.mul(dloss, out[1]), None)


def _xent_impl(logits, labels):
    logp = _log_softmax_impl(logits, 1)
    # MindSpore's SoftmaxCrossEntropyWithLogits: the backprop output is softmax - labels (the
    # exact gradient only when each row of labels sums to 1), and labels get no gradient
    return -np.sum(labels * logp, axis=1), np.exp(logp) - labels


def _xent_bprop(logits, labels, out, dout):
    dloss = G.expand_dims(dout[0], 1)
    if records_backward():
        return (G.mul(dloss, G.sub(softmax_p.bind(logits, axis=1), labels)), None)
    return (G.mul(dloss, out[1]), None)


# NOTE: outputs are (per-sample loss, d loss / d logits); the gradient output is a by-product
# for the backward pass and is not itself differentiated.
def _xent_infer(logits, labels):
    return ((tuple(logits[0][:1]), logits[1]), logits)


sparse_xent_p = defprim("SparseSoftmaxCrossEntropy", _acc(_sparse_xent_impl), nout=2,
                        infer=_xent_infer, bprop=_sparse_xent_bprop, lowering="sparse_xent")
xent_p = defprim("SoftmaxCrossEntropy", _acc(_xent_impl), nout=2, infer=_xent_infer,
                 bprop=_xent_bprop)


# ----- batch norm, training mode (batch statistics) -----------------------------------------
def _bn_axes(ndim):
    return (0,) + tuple(range(2, ndim))


def _bn_shape(x, v):
    return v.reshape((1, -1) + (1,) * (x.ndim - 2))


def _batch_norm_train_impl(x, gamma, beta, epsilon):
    """y = (x - mean) / sqrt(var + epsilon) * gamma + beta with the mean and biased variance
    of each channel (axis 1) over the other axes; returns (y, mean, var), mean and var (C,)."""
    axes = _bn_axes(x.ndim)
    xd = x.astype(np.float64)
    mean = xd.mean(axis=axes)
    var = ((xd - _bn_shape(x, mean)) ** 2).mean(axis=axes)
    y = (xd - _bn_shape(x, mean)) / np.sqrt(_bn_shape(x, var) + epsilon) * _bn_shape(x, gamma) \
        + _bn_shape(x, beta)
    return y.astype(x.dtype), mean.astype(x.dtype), var.astype(x.dtype)


def _batch_norm_train_grad_impl(x, dy, mean, var, gamma, epsilon):
    axes = _bn_axes(x.ndim)
    xd, dyd = x.astype(np.float64), dy.astype(np.float64)
    rstd = 1.0 / np.sqrt(var.astype(np.float64) + epsilon)
    xhat = (xd - _bn_shape(x, mean)) * _bn_shape(x, rstd)
    dbeta = dyd.sum(axis=axes)
    dgamma = (dyd * xhat).sum(axis=axes)
    count = x.size // x.shape[1]
    dx = _bn_shape(x, gamma * rstd) * (dyd - _bn_shape(x, dbeta / count)
                                       - xhat * _bn_shape(x, dgamma / count))
    return dx.astype(x.dtype), dgamma.astype(x.dtype), dbeta.astype(x.dtype)


def _batch_norm_train_bprop(x, gamma, beta, out, dout, epsilon):
    """The gradient through the normalized output (the mean and variance outputs feed only
    the running statistics, under stop_gradient)."""
    if records_backward():
        return _batch_norm_composite_grad(x, gamma, dout[0], epsilon)
    return batch_norm_train_grad_p.bind(x, dout[0], out[1], out[2], gamma, epsilon=epsilon)


def _batch_norm_composite_grad(x, gamma, dy, epsilon):
    axes = _bn_axes(x.ndim)
    shape = (1, x.shape[1]) + (1,) * (x.ndim - 2)
    mean = G.mean(x, axes, keep_dims=True)
    centered = G.sub(x, mean)
    rstd = G.rsqrt(G.add(G.mean(G.square(centered), axes, keep_dims=True), epsilon))
    xhat = G.mul(centered, rstd)
    g = G.mul(dy, G.reshape(gamma, shape))
    dx = G.mul(rstd, G.sub(G.sub(g, G.mean(g, axes, keep_dims=True)),
                           G.mul(xhat, G.mean(G.mul(g, xhat), axes, keep_dims=True))))
    return dx, G.reduce_sum(G.mul(dy, xhat), axes, False), G.reduce_sum(dy, axes, False)


def _batch_norm_train_infer(x, gamma, beta, epsilon):
    stats = ((x[0][1],), x[1])
    return (x, stats, stats)


batch_norm_train_p = defprim("BatchNormTrain", _batch_norm_train_impl, nout=3,
                             infer=_batch_norm_train_infer, bprop=_batch_norm_train_bprop)
batch_norm_train_grad_p = defprim(
    "BatchNormTrainGrad", _batch_norm_train_grad_impl, nout=3,
    infer=lambda x, dy, mean, var, gamma, epsilon: (x, mean, mean),
    bprop=no_second_order("BatchNormTrainGrad"))

# ----- layer norm / RMS norm ----------------------------------------------------------------
def _ln_axes(ndim, begin):
    return tuple(range(begin, ndim))


def _layer_norm_impl(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon):
    axes = _ln_axes(x.ndim, begin_norm_axis)
    xd = x.astype(np.float64)
    mean = xd.mean(axis=axes, keepdims=True)
    var = ((xd - mean) ** 2).mean(axis=axes, keepdims=True)
    rstd = 1.0 / np.sqrt(var + epsilon)
    y = (xd - mean) * rstd * gamma + beta
    return y.astype(x.dtype), mean.astype(x.dtype), rstd.astype(x.dtype)


def _layer_norm_grad_impl(x, dy, rstd, mean, gamma, begin_norm_axis, begin_params_axis):
    axes = _ln_axes(x.ndim, begin_norm_axis)
    lead = tuple(range(begin_params_axis))
    xd, dyd = x.astype(np.float64), dy.astype(np.float64)
    xhat = (xd - mean) * rstd
    dgamma = np.sum(dyd * xhat, axis=lead)
    dbeta = np.sum(dyd, axis=lead)
    g = dyd * gamma
    dx = rstd * (g - g.mean(axis=axes, keepdims=True)
                 - xhat * (g * xhat).mean(axis=axes, keepdims=True))
    return dx.astype(x.dtype), dgamma.astype(x.dtype), dbeta.astype(x.dtype)


def _layer_norm_bprop(x, gamma, beta, out, dout, begin_norm_axis, begin_params_axis, epsilon):
    dy = dout[0]
    if records_backward():
        return _layer_norm_composite_grad(x, gamma, dy, begin_norm_axis, begin_params_axis,
                                          epsilon)
    return layer_norm_grad_p.bind(x, dy, out[2], out[1], gamma, begin_norm_axis=begin_norm_axis,
                                  begin_params_axis=begin_params_axis)


def _layer_norm_composite_grad(x, gamma, dy, begin_norm_axis, begin_params_axis, epsilon):
    axes = _ln_axes(x.ndim, begin_norm_axis)
    mean = G.mean(x, axes, keep_dims=True)
    centered = G.sub(x, mean)
    rstd = G.rsqrt(G.add(G.mean(G.square(centered), axes, keep_dims=True), epsilon))
    xhat = G.mul(centered, rstd)
    g = G.mul(dy, gamma)
    dx = G.mul(rstd, G.sub(G.sub(g, G.mean(g, axes, keep_dims=True)),
                           G.mul(xhat, G.mean(G.mul(g, xhat), axes, keep_dims=True))))
    lead = tuple(range(begin_params_axis))
    return dx, G.reduce_sum(G.mul(dy, xhat), lead, False), G.reduce_sum(dy, lead, False)


def _layer_norm_infer(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon):
    shape, dtype = x
    stats = tuple(shape[:begin_norm_axis]) + (1,) * (len(shape) - begin_norm_axis)
    return (x, (stats, dtype), (stats, dtype))


layer_norm_p = defprim("LayerNorm", _layer_norm_impl, nout=3, infer=_layer_norm_infer,
                       bprop=_layer_norm_bprop)
layer_norm_grad_p = defprim("LayerNormGrad", _layer_norm_grad_impl, nout=3,
                            infer=lambda x, dy, rstd, mean, gamma, begin_norm_axis,
                            begin_params_axis: (x, (tuple(x[0][begin_params_axis:]), x[1]),
                                                (tuple(x[0][begin_params_axis:]), x[1])),
                            bprop=no_second_order("LayerNormGrad"))


def _rms_rstd(xd, epsilon, clamp_norm):
    n = xd.shape[-1]
    ms = np.mean(xd * xd, axis=-1, keepdims=True)
    if clamp_norm:
        return 1.0 / np.maximum(np.sqrt(ms * n) * n ** -0.5, epsilon)
    return 1.0 / np.sqrt(ms + epsilon)


def _rms_norm_impl(x, gamma, epsilon, clamp_norm=False):
    xd = x.astype(np.float64)
    rstd = _rms_rstd(xd, epsilon, clamp_norm)
    return (xd * rstd * gamma).astype(x.dtype), rstd.astype(x.dtype)


def _rms_norm_grad_impl(dy, x, rstd, gamma, epsilon, clamp_norm=False):
    xd, dyd, r = x.astype(np.float64), dy.astype(np.float64), rstd.astype(np.float64)
    n = x.shape[-1]
    g = dyd * gamma
    dgamma = np.sum((dyd * xd * r).reshape(-1, n), axis=0)
    dx = r * g - xd * r ** 3 * np.sum(g * xd, axis=-1, keepdims=True) / n
    if clamp_norm:
        clamped = (1.0 / r) <= epsilon
        dx = np.where(clamped, r * g, dx)
    return dx.astype(x.dtype), dgamma.astype(x.dtype)


def _rms_norm_bprop(x, gamma, out, dout, epsilon, clamp_norm=False):
    dy = dout[0]
    if records_backward():
        n = x.shape[-1]
        ms = G.mean(G.square(x), (x.ndim - 1,), keep_dims=True)
        if clamp_norm:
            rstd = G.reciprocal(G.maximum(G.sqrt(ms), epsilon))
        else:
            rstd = G.rsqrt(G.add(ms, epsilon))
        y_hat = G.mul(x, rstd)
        lead = tuple(range(x.ndim - 1))
        dgamma = G.reduce_sum(G.mul(dy, y_hat), lead, False)
        g = G.mul(dy, gamma)
        dot = G.reduce_sum(G.mul(g, x), (x.ndim - 1,), keep_dims=True)
        dx = G.sub(G.mul(g, rstd), G.mul(G.mul(x, G.mul(G.square(rstd), rstd)), G.div(dot, n)))
        if clamp_norm:
            dx = G.select(G.less_equal(G.sqrt(ms), epsilon), G.mul(g, rstd), dx)
        return dx, dgamma
    return rms_norm_grad_p.bind(dy, x, out[1], gamma, epsilon=epsilon, clamp_norm=clamp_norm)


rms_norm_p = defprim("RMSNorm", _rms_norm_impl, nout=2,
                     infer=lambda x, gamma, epsilon, clamp_norm=False: (
                         x, (tuple(x[0][:-1]) + (1,), x[1])),
                     bprop=_rms_norm_bprop)
rms_norm_grad_p = defprim("RMSNormGrad", _rms_norm_grad_impl, nout=2,
                          infer=lambda dy, x, rstd, gamma, epsilon, clamp_norm=False: (
                              x, (tuple(x[0][-1:]), x[1])),
                          bprop=no_second_order("RMSNormGrad"))
