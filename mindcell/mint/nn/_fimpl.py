"""``mint.nn.functional`` semantics that differ from the mindcell op they face: in-place
variants, torch-style padding and stride defaults, ``log_target``, ``num_classes=-1`` ..."""
import numbers

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.mint import _impl as I
from mindcell.ops.function._pool_compose import avg_pool1d  # noqa: F401  (mint's face)
from mindcell.ops._errors import public_name, show, check_int, check_number, check_reduction


def relu_(input):
    return I.inplace(input, ops.relu(input), "relu_")


def sigmoid_(input):
    return I.inplace(input, ops.sigmoid(input), "sigmoid_")


def elu(input, alpha=1.0, inplace=False):
    I.check_bool_arg(inplace, "elu", "inplace")
    out = ops.elu(input, check_number(alpha, "elu", "alpha"))
    return I.inplace(input, out, "elu") if inplace else out


def elu_(input, alpha=1.0):
    return elu(input, alpha, True)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    I.check_bool_arg(inplace, "hardtanh", "inplace")
    out = ops.hardtanh(input, min_val, max_val)
    return I.inplace(input, out, "hardtanh") if inplace else out


def hardtanh_(input, min_val=-1, max_val=1):
    return hardtanh(input, min_val, max_val, True)


def threshold(input, threshold, value, inplace=False):
    I.check_bool_arg(inplace, "threshold", "inplace")
    check_number(threshold, "threshold", "threshold")
    check_number(value, "threshold", "value")
    out = ops.where(ops.gt(input, threshold), input, ops.full_like(input, value))
    return I.inplace(input, out, "threshold") if inplace else out


def threshold_(input, threshold, value):
    return _threshold(input, threshold, value, True)


_threshold = globals()["threshold"]  # the function: threshold_'s parameter shadows its name


def _check_p(p, op):
    if isinstance(p, bool) or not isinstance(p, numbers.Real) or not 0 <= p <= 1:
        raise ValueError("%s: 'p' must be a float in [0, 1], but got %s" % (public_name(op),
                                                                         show(p)))
    return float(p)


def dropout(input, p=0.5, training=True, inplace=False):
    p = _check_p(p, "dropout")
    I.check_bool_arg(training, "dropout", "training")
    I.check_bool_arg(inplace, "dropout", "inplace")
    if not training:
        return input
    out = ops.zeros_like(input) if p == 1 else ops.dropout(input, p, True)
    return I.inplace(input, out, "dropout") if inplace else out


def dropout2d(input, p=0.5, training=True, inplace=False):
    p = _check_p(p, "dropout2d")
    I.check_bool_arg(training, "dropout2d", "training")
    I.check_bool_arg(inplace, "dropout2d", "inplace")
    if not training:
        return input
    out = ops.zeros_like(input) if p == 1 else ops.dropout2d(input, p, True)
    return I.inplace(input, out, "dropout2d") if inplace else out


def _conv(conv, input, weight, bias, stride, padding, dilation, groups):
    if isinstance(padding, str):
        out = conv(input, weight, bias, stride, padding, 0, dilation, groups)
    else:
        out = conv(input, weight, bias, stride, "pad", padding, dilation, groups)
    if 0 in out.shape[2:] and 0 not in input.shape:
        # ops.conv2d returns the empty output of a dilated kernel one longer than the input, as
        # MindSpore's; its mint faces refuse it (MindSpore 2.10: ValueError, param_sweep)
        raise ValueError("%s: the dilated kernel is larger than the padded input %s"
                         % (public_name(conv.__name__), tuple(input.shape[2:])))
    return out


def conv2d(input, weight, bias, stride, padding, dilation, groups):
    return _conv(ops.conv2d, input, weight, bias, stride, padding, dilation, groups)


def conv3d(input, weight, bias, stride, padding, dilation, groups):
    return _conv(ops.conv3d, input, weight, bias, stride, padding, dilation, groups)


def group_norm(input, num_groups, weight, bias, eps):
    if not isinstance(input, Tensor) or input.ndim < 2:
        raise TypeError("%s: 'input' must be a Tensor of at least 2 dims, but got %s"
                        % (public_name("group_norm"), show(input)))
    n, c = input.shape[:2]
    g = check_int(num_groups, "group_norm", "num_groups", 1)
    if c % g:
        raise ValueError("%s: the channel count %d is not divisible by 'num_groups' %d"
                         % (public_name("group_norm"), c, g))
    grouped = input.reshape(n, g, -1)
    mean = ops.mean(grouped, -1, True)
    var = ops.mean(ops.square(grouped - mean), -1, True)
    out = ((grouped - mean) / ops.sqrt(var + check_number(eps, "group_norm", "eps"))).reshape(
        input.shape)
    shape = (1, c) + (1,) * (input.ndim - 2)
    if weight is not None:
        out = out * weight.reshape(shape)
    if bias is not None:
        out = out + bias.reshape(shape)
    return out


def batch_norm(input, running_mean, running_var, weight, bias, training, momentum, eps):
    """With ``running_mean``/``running_var`` None (a BatchNorm without running statistics) the
    batch statistics are used and nothing is updated."""
    c = input.shape[1] if isinstance(input, Tensor) and input.ndim > 1 else None
    if running_mean is None or running_var is None:
        if running_mean is not running_var or not training:
            raise ValueError("%s: without running statistics 'training' must be True and both "
                             "'running_mean' and 'running_var' None" % public_name("batch_norm"))
        axes = (0,) + tuple(range(2, input.ndim))
        mean = ops.mean(input, axes, True)
        var = ops.mean(ops.square(input - mean), axes, True)
        out = (input - mean) / ops.sqrt(var + check_number(eps, "batch_norm", "eps"))
        shape = (1, c) + (1,) * (input.ndim - 2)
        out = out if weight is None else out * weight.reshape(shape)
        return out if bias is None else out + bias.reshape(shape)
    if weight is None:
        weight = ops.ones((c,), input.dtype)
    if bias is None:
        bias = ops.zeros((c,), input.dtype)
    return ops.batch_norm(input, running_mean, running_var, weight, bias, training, momentum,
                          eps)


def one_hot(tensor, num_classes):
    if not isinstance(tensor, Tensor) or not mstype.is_integer(tensor.dtype):
        raise TypeError("%s: 'tensor' must be an integer Tensor, but got %s"
                        % (public_name("one_hot"), show(tensor)))
    num_classes = check_int(num_classes, "one_hot", "num_classes", -1)
    if num_classes == -1:
        num_classes = int(tensor.asnumpy().max()) + 1 if tensor.size else 0
    out = ops.one_hot(tensor, num_classes, 1, 0)
    return I.as_index(out)


def normalize(input, p, dim, eps):
    p = check_number(p, "normalize", "p")
    norm = ops.pow(ops.sum(ops.pow(ops.abs(input), p), dim, True), 1.0 / p)
    return input / ops.clamp(norm, min=check_number(eps, "normalize", "eps"))


def pad(input, pad, mode, value):
    """F.pad: the non-constant modes pad the last ``len(pad) // 2`` dims of an input with one or
    two more dims (MindSpore's ValueError otherwise)."""
    if mode != "constant" and isinstance(input, Tensor) and isinstance(pad, (tuple, list)):
        k = len(pad) // 2
        if input.ndim not in (k + 1, k + 2):
            raise ValueError("%s: mode %r with %d padding values needs a %d-D or %d-D input, "
                             "but got %d-D" % (public_name("pad"), mode, len(pad), k + 1, k + 2,
                                               input.ndim))
    return ops.pad(input, pad, mode, value)


def avg_pool2d(input, kernel_size, stride, padding, ceil_mode, count_include_pad,
               divisor_override):
    return ops.avg_pool2d(input, kernel_size, kernel_size if stride is None else stride,
                          padding, ceil_mode, count_include_pad, divisor_override)


def conv1d(input, weight, bias, stride, padding, dilation, groups):
    """1-D convolution as 2-D convolution over a unit height."""
    def pair(v, arg):
        v = v[0] if isinstance(v, (tuple, list)) and len(v) == 1 else v
        return v if isinstance(v, str) else (1, check_int(v, "conv1d", arg, 0))
    pad = pair(padding, "padding")
    out = _conv(ops.conv2d, ops.unsqueeze(input, -2), ops.unsqueeze(weight, -2), bias,
                pair(stride, "stride"), pad if isinstance(pad, str) else (0, pad[1]),
                pair(dilation, "dilation"), groups)
    return ops.squeeze(out, -2)


def _pair(v, op, arg, low):
    if isinstance(v, (tuple, list)) and len(v) == 1:
        v = v[0]
    if isinstance(v, int) and not isinstance(v, bool):
        v = (v, v)
    if not isinstance(v, (tuple, list)) or len(v) != 2:
        raise TypeError("%s: '%s' must be an int or a pair of ints, but got %s"
                        % (public_name(op), arg, show(v)))
    return tuple(check_int(i, op, arg, low) for i in v)


def _conv_input(dout, weight, shape, stride, padding, dilation, groups):
    """The gradient of conv2d with respect to an input of ``shape``: the transposed
    convolution (one primitive, so GRAPH_MODE and autodiff see it)."""
    from mindcell.ops.defs.nn import conv2d_input_p
    (ph, pw) = padding
    return conv2d_input_p.bind(dout, ops.cast(weight, dout.dtype), input_shape=tuple(shape),
                               stride=stride, padding=(ph, ph, pw, pw), dilation=dilation,
                               groups=groups)


def conv_transpose2d(input, weight, bias, stride, padding, output_padding, groups, dilation):
    op = "conv_transpose2d"
    stride, padding = _pair(stride, op, "stride", 1), _pair(padding, op, "padding", 0)
    out_pad, dilation = _pair(output_padding, op, "output_padding", 0), _pair(dilation, op,
                                                                             "dilation", 1)
    groups = check_int(groups, op, "groups", 1)
    if any(o >= max(s, d) for o, s, d in zip(out_pad, stride, dilation)):
        raise ValueError("%s: 'output_padding' %s must be smaller than the stride or the "
                         "dilation" % (public_name(op), out_pad))
    batched = input.ndim == 4
    x = input if batched else ops.unsqueeze(input, 0)
    n, _, h, w = x.shape
    kh, kw = weight.shape[2:]
    size = [(i - 1) * s - 2 * p + d * (k - 1) + o + 1 for i, s, p, d, k, o in
            zip((h, w), stride, padding, dilation, (kh, kw), out_pad)]
    out = _conv_input(x, weight, (n, weight.shape[1] * groups, *size), stride, padding,
                      dilation, groups)
    if bias is not None:
        out = out + ops.reshape(bias, (1, -1, 1, 1))
    return out if batched else ops.squeeze(out, 0)


def _patch_kernel(channels, kh, kw, dtype):
    """(C*kh*kw, 1, kh, kw) one-hot kernels: a grouped conv with them copies each patch."""
    import numpy as np
    eye = np.eye(kh * kw, dtype=np.float64).reshape(kh * kw, 1, kh, kw)
    return Tensor(np.tile(eye, (channels, 1, 1, 1)), dtype)


def unfold(input, kernel_size, dilation, padding, stride):
    op = "unfold"
    k, d = _pair(kernel_size, op, "kernel_size", 1), _pair(dilation, op, "dilation", 1)
    p, s = _pair(padding, op, "padding", 0), _pair(stride, op, "stride", 1)
    batched = input.ndim == 4
    x = input if batched else ops.unsqueeze(input, 0)
    c = x.shape[1]
    cols = ops.conv2d(x, _patch_kernel(c, *k, x.dtype), None, s, "pad", p, d, c)
    out = ops.reshape(cols, (x.shape[0], c * k[0] * k[1], -1))
    return out if batched else ops.squeeze(out, 0)


def fold(input, output_size, kernel_size, dilation, padding, stride):
    """The adjoint of :func:`unfold`: patches summed back into an image."""
    op = "fold"
    size, k = _pair(output_size, op, "output_size", 1), _pair(kernel_size, op, "kernel_size", 1)
    d, p = _pair(dilation, op, "dilation", 1), _pair(padding, op, "padding", 0)
    s = _pair(stride, op, "stride", 1)
    batched = input.ndim == 3
    x = input if batched else ops.unsqueeze(input, 0)
    n, ck, length = x.shape
    if ck % (k[0] * k[1]):
        raise RuntimeError("%s: the input's dim 1 (%d) must be divisible by the kernel's size "
                           "%d" % (public_name(op), ck, k[0] * k[1]))
    blocks = [(size[i] + 2 * p[i] - d[i] * (k[i] - 1) - 1) // s[i] + 1 for i in (0, 1)]
    if blocks[0] * blocks[1] != length:
        raise RuntimeError("%s: the input's dim 2 (%d) must be the number of blocks %d x %d"
                           % (public_name(op), length, *blocks))
    c = ck // (k[0] * k[1])
    out = _conv_input(ops.reshape(x, (n, ck, *blocks)), _patch_kernel(c, *k, x.dtype),
                      (n, c, *size), s, p, d, c)
    return out if batched else ops.squeeze(out, 0)


def smooth_l1_loss(input, target, reduction, beta):
    return ops.smooth_l1_loss(input, target, beta, reduction)


def adaptive_max_pool1d(input, output_size, return_indices):
    I.check_bool_arg(return_indices, "adaptive_max_pool1d", "return_indices")
    if not return_indices:
        return ops.adaptive_max_pool1d(input, output_size)
    out, idx = ops.adaptive_max_pool2d(ops.unsqueeze(input, -2), (1, output_size), True)
    return ops.squeeze(out, -2), I.as_index(ops.squeeze(idx, -2))


def kl_div(input, target, reduction, log_target):
    check_reduction(reduction, "kl_div", ("none", "mean", "sum", "batchmean"))
    I.check_bool_arg(log_target, "kl_div", "log_target")
    if log_target:
        loss = ops.exp(target) * (target - input)
    else:
        loss = ops.xlogy(target, target) - target * input
    if reduction == "none":
        return loss
    if reduction == "sum":
        return ops.sum(loss)
    if reduction == "mean":
        return ops.mean(loss)
    return ops.sum(loss) / (input.shape[0] if input.ndim else 1)

