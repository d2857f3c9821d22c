"""Neural-network ops: activations, convolution, pooling, normalisation, dropout, embedding."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell._core.mixed_precision import as_one_primitive, running_float_type
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (check_tensor, check_float, check_values_in,
                                   float_math_operand, float_operand,
                                   normalize_dim, cast_to, to_tensor, as_np_dtype,
                                   scalar_tensor)
from mindcell.ops._errors import (check_bool, check_choice, check_ints, check_number,
                                  check_int, check_pair, check_positive_int, check_same_dtype,
                                  public_name)
from mindcell.ops.defs import elementwise as E
from mindcell.ops.defs import nn as N
from mindcell.ops.defs import state as ST
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R
from mindcell.ops.function import array_func as A
from mindcell.ops.defs import shape as S
from mindcell.ops.function.creation_func import _seed_stream, ones_like
from mindcell.ops.function.misc_func import assign, stop_gradient


# ----- activations --------------------------------------------------------------------------
def relu(input, inplace=False):
    """Applies the rectified linear unit elementwise: ``max(input, 0)``.

    Args:
        input (Tensor): the input tensor.
        inplace (bool): write the result into ``input`` and return ``input`` (MindSpore 2.10's
            CPU build has no kernel for it). Default: ``False``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, ``inplace`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> x = Tensor(np.array([-1.0, 2.0], np.float32))
        >>> ops.relu(x, inplace=True) is x, x.asnumpy().tolist()
        (True, [0.0, 2.0])
    """
    check_bool(inplace, "relu", "inplace")
    out = E.relu_p.bind(check_tensor(input, "relu"))
    if not inplace:
        return out
    input.assign_value(out)
    return input


def relu6(x):
    """Applies ReLU6 elementwise: ``min(max(x, 0), 6)``.

    Args:
        x (Tensor): a float tensor.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, or is a bool or integer one (as MindSpore 2.10).
            (MindSpore's CPU kernel also refuses Float64; mindcell computes it.)

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.relu6(Tensor(np.array([-2.0, 3.0, 8.0], np.float32))))
        [0. 3. 6.]
    """
    return E.relu6_p.bind(float_math_operand(check_tensor(x, "relu6", "x"), "relu6", arg="x"))


def gelu(input, approximate="none"):
    """Applies the Gaussian error linear unit elementwise.

    ``approximate='none'`` computes ``x * 0.5 * (1 + erf(x / sqrt(2)))``; ``'tanh'`` computes
    ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x**3)))``.

    Args:
        input (Tensor): a float tensor.
        approximate (str): ``'none'`` or ``'tanh'``. Default: ``'none'``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``approximate`` is not a str.
        ValueError: ``approximate`` is not 'none' or 'tanh'.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([-1.0, 0.5, 2.0], np.float32))
        >>> print(ops.gelu(x))
        [-0.15865526  0.34573123  1.9544997 ]
        >>> print(ops.gelu(x, approximate="tanh"))
        [-0.158808   0.345714   1.9545977]
    """
    check_choice(approximate, "gelu", "approximate", ("none", "tanh"))
    return E.gelu_p.bind(check_float(input, "gelu"), approximate=approximate)


def fast_gelu(x):
    """Applies MindSpore's fast GELU elementwise.

    MindSpore defines it as ``x / (1 + exp(-1.702 |x|)) * exp(0.851 (x - |x|))``, which equals
    ``x * sigmoid(1.702 x)`` (not the tanh form of :func:`gelu`).

    Args:
        x (Tensor): a float tensor.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float tensor. (MindSpore 2.10's CPU kernel also refuses
            Float64; mindcell computes it.)

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.fast_gelu(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.15420423  0.          1.9356586 ]
    """
    check_float(x, "fast_gelu", "x")
    # the constant in x's dtype: a Python float operand would be a Float32 scalar (Float64 input)
    return M.mul(x, M.sigmoid(M.mul(x, scalar_tensor(1.702, x._np_dtype, "fast_gelu", "x"))))


def silu(input):
    """Applies the sigmoid linear unit (swish) elementwise: ``input * sigmoid(input)``.

    Args:
        input (Tensor): a float tensor.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.silu(Tensor(np.array([-1.0, 1.0], np.float32))))
        [-0.26894143  0.7310586 ]
    """
    return E.silu_p.bind(check_float(input, "silu"))


def elu(input_x, alpha=1.0):
    """Applies the exponential linear unit elementwise: ``x`` where ``x > 0``, else
    ``alpha * (exp(x) - 1)``.

    Args:
        input_x (Tensor): a float tensor.
        alpha (number): the scale of the negative part. Default: ``1.0``.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: ``input_x`` is not a float tensor, or ``alpha`` is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.elu(Tensor(np.array([-1.0, 2.0], np.float32))))
        [-0.63212055  2.        ]
    """
    return E.elu_p.bind(check_float(input_x, "elu", "input_x"),
                        alpha=check_number(alpha, "elu", "alpha"))


def leaky_relu(input, alpha=0.2):
    """leaky_relu(input, alpha=0.2): input where it is positive, alpha * input elsewhere.

    Args:
        input (Tensor): a bool, integer or float tensor.
        alpha (number): the slope of the negative part. Default: ``0.2``.

    Returns:
        Tensor: of ``input``'s shape and dtype. As MindSpore, an integer tensor uses ``alpha``
        truncated toward zero (the default slope 0.2 becomes 0); bool and unsigned tensors,
        never negative, come back unchanged.

    Raises:
        TypeError: ``input`` is not a Tensor, or ``alpha`` is not a number.
        ValueError: the truncated ``alpha`` does not fit in ``input``'s integer dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.leaky_relu(Tensor(np.array([-2.0, 3.0], np.float32))))
        [-0.4  3. ]
    """
    op = "leaky_relu"
    check_tensor(input, op)
    alpha = check_number(alpha, op, "alpha")
    kind = input._np_dtype.kind
    if kind in "bu":
        return S.copy_p.bind(input)
    if kind == "i":
        slope = math.trunc(alpha)
        mstype.check_scalar(slope, input.dtype, lambda: public_name(op), "alpha",
                            "use a float tensor")
        return M.select(M.greater(input, 0), input, M.mul(input, slope))
    return E.leaky_relu_p.bind(check_float(input, op), alpha=alpha)


def softplus(input, beta=1, threshold=20):
    """Applies softplus elementwise: ``log(1 + exp(beta * x)) / beta``, and ``x`` itself where
    ``beta * x > threshold`` (for numerical stability).

    Float16 inputs are computed in Float32 and rounded once.

    Args:
        input (Tensor): a float tensor.
        beta (number): the sharpness, finite and non-zero. Default: ``1``.
        threshold (number): above it (in ``beta * x``) the function is linear. Default: ``20``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``beta``/``threshold`` is not a number.
        ValueError: ``beta`` is 0 or not finite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([-1.0, 0.0, 30.0], np.float32))
        >>> print(ops.softplus(x))
        [ 0.31326163  0.6931472  30.        ]
        >>> print(ops.softplus(x, beta=2))
        [ 0.063464   0.3465736 30.       ]
    """
    beta = check_number(beta, "softplus", "beta", finite=True)
    if beta == 0:
        raise ValueError("%s: 'beta' must not be 0" % public_name("softplus"))
    threshold = check_number(threshold, "softplus", "threshold")
    return _in_float32(check_float(input, "softplus"),
                      lambda x: E.softplus_p.bind(x, beta=beta, threshold=threshold))


def _in_float32(x, fn):
    """``fn(x)``, computed in Float32 and rounded once when ``x`` is Float16: an activation
    made of several Float16 steps rounds at each (softplus(0.125) 0.75732 instead of the
    correctly rounded 0.75781 that MindSpore gives)."""
    if x._np_dtype != np.float16:
        return fn(x)
    return cast_to(fn(cast_to(x, np.dtype(np.float32))), x._np_dtype)


def hardswish(input):
    """hardswish(input): input * relu6(input + 3) / 6.

    Args:
        input (Tensor): a float or signed integer tensor.

    Returns:
        Tensor: of ``input``'s shape and dtype; as MindSpore, a signed integer tensor gives the
        float result truncated toward zero (x where x >= 3, 1 at 2, else 0), computed exactly.

    Raises:
        TypeError: ``input`` is not a Tensor, or is bool or unsigned.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.hardswish(Tensor(np.array([-1.0, 1.0], np.float32))))
        [-0.33333334  0.6666667 ]
    """
    op = "hardswish"
    x = check_tensor(input, op)
    if x._np_dtype.kind == "i":
        dt = x._np_dtype
        return M.add(M.mul(x, cast_to(M.greater_equal(x, 3), dt)), cast_to(M.equal(x, 2), dt))
    if not mstype.is_float_np(x._np_dtype):
        raise TypeError("%s: 'input' must be a float or signed integer tensor, but got %s"
                        % (public_name(op), x.dtype))
    return E.hswish_p.bind(x)


def softmax(input, axis=-1, *, dtype=None):
    """Applies softmax along an axis: ``exp(x) / sum(exp(x), axis)``.

    As in MindSpore, the input must be a float Tensor (after the cast to ``dtype``, when given):
    an integer or bool Tensor or a Python number is a TypeError.

    Args:
        input (Tensor): the input.
        axis (int): the axis to normalize along. Default: ``-1``.

    Keyword Args:
        dtype (mindcell.dtype, optional): a float dtype to cast ``input`` to first.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s shape; its values along ``axis`` add up to 1.

    Raises:
        TypeError: ``input`` is not a float Tensor (and no ``dtype`` makes it one), ``axis`` is
            not an int, or ``dtype`` is not a float dtype.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.softmax(Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))))
        [[0.09003057 0.24472848 0.66524094]]
    """
    x = _softmax_input(input, "softmax", "input")
    if dtype is not None:
        np_dtype = as_np_dtype(dtype, "softmax")
        if not mstype.is_float_np(np_dtype):  # Softmax computes float types only (MindSpore)
            raise TypeError("%s: 'dtype' must be a float dtype, but got %s"
                            % (public_name("softmax"), dtype))
        x = cast_to(x, np_dtype)
    _softmax_float(x, "softmax", "input")
    return N.softmax_p.bind(x, axis=normalize_dim(axis, x.ndim, "softmax"))


def _softmax_input(x, op, arg):
    """The input of softmax/log_softmax: a Tensor (MindSpore refuses Python numbers)."""
    if not isinstance(x, Tensor):
        raise TypeError("%s: '%s' must be a Tensor, but got %s" % (public_name(op), arg,
                                                                   type(x).__name__))
    return x


def _softmax_float(x, op, arg):
    """MindSpore's Softmax and LogSoftmax kernels take float tensors only (an integer or bool
    tensor, e.g. the indices of an argmax, is a TypeError, not a silent Float32 softmax)."""
    if not mstype.is_float_np(x._np_dtype):
        raise TypeError("%s: '%s' must be a float tensor (Float16, Float32, Float64 or "
                        "BFloat16), but got %s; cast it first, e.g. x.astype(mindspore.float32)"
                        % (public_name(op), arg, x.dtype))
    return x


def log_softmax(logits, axis=-1):
    """Applies log-softmax along an axis: ``x - log(sum(exp(x), axis))``.

    As in MindSpore, the input must be a float Tensor: an integer or bool Tensor or a Python
    number is a TypeError.

    Args:
        logits (Tensor): the input.
        axis (int): the axis to normalize along. Default: ``-1``.

    Returns:
        Tensor of ``logits``' shape.

    Raises:
        TypeError: ``logits`` is not a float Tensor, or ``axis`` is not an int.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.log_softmax(Tensor(np.array([0.0, 1.0], np.float32))))
        [-1.3132616 -0.3132617]
    """
    x = _softmax_float(_softmax_input(logits, "log_softmax", "logits"), "log_softmax", "logits")
    return N.log_softmax_p.bind(x, axis=normalize_dim(axis, x.ndim, "log_softmax"))


def logsigmoid(x):
    """Applies the log of the sigmoid elementwise: ``log(sigmoid(x)) = -softplus(-x)``.

    Args:
        x (Tensor): a float tensor.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.logsigmoid(Tensor(np.array([-2.0, 0.0, 2.0], np.float32))))
        [-2.1269279 -0.6931472 -0.126928 ]
    """
    return M.neg(softplus(M.neg(check_float(x, "logsigmoid", "x"))))


def mish(x):
    """Applies Mish elementwise: ``x * tanh(softplus(x))``.

    Float16 inputs are computed in Float32 and rounded once.

    Args:
        x (Tensor): a float tensor.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.mish(Tensor(np.array([-1.0, 1.0], np.float16))))
        [-0.3035  0.865 ]
    """
    return _in_float32(check_float(x, "mish", "x"), lambda v: M.mul(v, M.tanh(softplus(v))))


# ----- convolution and pooling --------------------------------------------------------------
def _pair(v, name, op):
    """Kernel sizes, strides, dilations: an int or two positive ints (a 4-tuple stride
    (1, 1, sh, sw) as in MindSpore's NCHW attributes)."""
    if name == "stride" and isinstance(v, (tuple, list)) and len(v) == 4:
        v = tuple(v[2:])
    return check_pair(v, op, name)


def _padding4(padding, op):
    """Padding as (top, bottom, left, right) from an int, a pair or 4 non-negative ints."""
    if isinstance(padding, (tuple, list)) and len(padding) == 2:
        padding = (padding[0], padding[0], padding[1], padding[1])
    return check_ints(padding, op, "padding", 4, 0)


def same_padding(size, kernel, stride, dilation):
    """Returns the ``(before, after)`` padding of one dimension that makes a 'same' convolution or
    pooling output ``ceil(size / stride)`` long; the odd element goes after.

    Args:
        size (int): the input length.
        kernel (int): the kernel length.
        stride (int): the stride.
        dilation (int): the kernel dilation.

    Returns:
        tuple[int], ``(before, after)``, both non-negative.

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.same_padding(5, 3, 2, 1), F.same_padding(4, 2, 1, 1)
        ((1, 1), (0, 1))
    """
    out = -(-size // stride)
    total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
    return total // 2, total - total // 2


def _check_conv_operands(input, weight, pad_mode, op, layouts):
    """conv2d/conv3d: a float input, a weight tensor, pad_mode 'same', 'valid' or 'pad', and
    input and weight of the rank of ``layouts`` (("NCHW", "OIHW") for conv2d)."""
    check_float(input, op)
    check_tensor(weight, op, "weight")
    check_choice(pad_mode, op, "pad_mode", ("same", "valid", "pad"))
    nd = len(layouts[0])
    if input.ndim != nd or weight.ndim != nd:
        raise ValueError("%s: input and weight must be %d-D (%s, %s), but got %s and %s"
                         % (public_name(op), nd, layouts[0], layouts[1], input.shape,
                            weight.shape))


def _check_conv_groups(input, weight, groups, op):
    """``groups`` is a positive int with input channels = weight.shape[1] * groups and
    weight.shape[0] divisible by it; returns it."""
    groups = check_positive_int(groups, op, "groups")
    if input.shape[1] != weight.shape[1] * groups or weight.shape[0] % groups:
        raise ValueError("%s: input channels %d must equal weight.shape[1] (%d) * groups (%d)"
                         % (public_name(op), input.shape[1], weight.shape[1], groups))
    return groups


def _check_conv_bias(bias, weight, op):
    """``bias`` is a tensor of shape (out_channels,)."""
    if check_tensor(bias, op, "bias").shape != (weight.shape[0],):
        raise ValueError("%s: 'bias' must have shape (%d,), but got %s"
                         % (public_name(op), weight.shape[0], bias.shape))

def conv2d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    """Applies a 2-D convolution (cross-correlation) to NCHW input with an OIHW weight.

    Args:
        input (Tensor): float, of shape (N, C_in, H, W).
        weight (Tensor): of ``input``'s dtype, shape (C_out, C_in / groups, kH, kW).
        bias (Tensor, optional): of shape (C_out,), added to each output channel.
            Default: ``None``.
        stride (Union[int, tuple[int]]): the step of the window, an int, a pair or
            MindSpore's (1, 1, sH, sW). Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output ``ceil(size / stride)``,
            the odd padding at the end) or ``'pad'`` (``padding``). Default: ``'valid'``.
        padding (Union[int, tuple[int]]): with 'pad', an int, (top/bottom, left/right) or
            (top, bottom, left, right); must be 0 otherwise. Default: ``0``.
        dilation (Union[int, tuple[int]]): the spacing of the kernel elements. Default: ``1``.
        groups (int): split the channels into groups convolved separately. Default: ``1``.

    Returns:
        Tensor of shape (N, C_out, H_out, W_out).

    Raises:
        TypeError: ``input`` is not a float tensor, ``weight``/``bias`` is not a Tensor, or the
            dtypes of ``input`` and ``weight`` differ.
        ValueError: ``input``/``weight`` are not 4-D, an unknown ``pad_mode``, non-zero
            ``padding`` without 'pad', channels that do not match ``groups``, a kernel larger than
            the padded input, or a ``bias`` of the wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> w = Tensor(np.ones((2, 1, 2, 2), np.float32))
        >>> print(ops.conv2d(x, w, stride=2)[0, 0])
        [[10. 18.]
         [42. 50.]]
        >>> print(ops.conv2d(x, w, pad_mode="same").shape)
        (1, 2, 4, 4)
    """
    op = "conv2d"
    _check_conv_operands(input, weight, pad_mode, op, ("NCHW", "OIHW"))
    stride, dilation = _pair(stride, "stride", op), _pair(dilation, "dilation", op)
    groups = _check_conv_groups(input, weight, groups, op)
    kh, kw = weight.shape[2:]
    if pad_mode == "same":
        pt, pb = same_padding(input.shape[2], kh, stride[0], dilation[0])
        pl, pr = same_padding(input.shape[3], kw, stride[1], dilation[1])
        pads = (pt, pb, pl, pr)
    elif pad_mode == "valid":
        pads = (0, 0, 0, 0)
    else:
        pads = _padding4(padding, op)
    if pad_mode != "pad" and _padding4(padding, op) != (0, 0, 0, 0):
        raise ValueError("%s: 'padding' must be 0 unless pad_mode is 'pad'" % public_name(op))
    h = input.shape[2] + pads[0] + pads[1] - dilation[0] * (kh - 1) - 1
    w = input.shape[3] + pads[2] + pads[3] - dilation[1] * (kw - 1) - 1
    check_same_dtype(op, input.dtype, weight.dtype, "input", "weight")
    if _empty_conv((h, w), stride, (kh, kw), (input.shape[2] + pads[0] + pads[1],
                                              input.shape[3] + pads[2] + pads[3]), op):
        return Tensor(np.zeros(input.shape[:1] + weight.shape[:1] + (max(h + 1, 0),
                                                                     max(w + 1, 0)),
                               input._np_dtype))
    out = N.conv2d_p.bind(input, weight, stride=stride, padding=pads, dilation=dilation,
                          groups=int(groups))
    if bias is not None:
        _check_conv_bias(bias, weight, op)
        out = M.add(out, A.reshape(bias, (1, -1, 1, 1)))
    return out


def _empty_conv(spans, stride, kernel, padded, op):
    """Whether a convolution's output is empty: an axis whose dilated kernel is one longer than
    the padded input (span -1) at stride 1 has no output positions, which MindSpore 2.10
    returns (conv1d/2d/3d, ms-oracle: a 3-tap kernel at dilation 2 over 4 gives length 0); a
    kernel longer than the padded input before dilation, or a shorter span, raises."""
    if min(spans) >= 0:
        return False
    if all(k <= n for k, n in zip(kernel, padded)) and all(
            sp >= 0 or (sp == -1 and st == 1) for sp, st in zip(spans, stride)):
        return True
    raise ValueError("%s: kernel %s is larger than the padded input %s"
                     % (public_name(op), tuple(kernel), tuple(padded)))


def _pool_args(x, kernel_size, stride, padding, op):
    """Checked (kernel, stride, pads) of a 2-D pooling: positive kernel and stride, padding at
    most half the kernel."""
    check_float(x, op, "x")
    if x.ndim not in (3, 4):
        raise ValueError("%s: input must be 3-D or 4-D (N)CHW, but got shape %s"
                         % (public_name(op), x.shape))
    ks = _pair(kernel_size, "kernel_size", op)
    st = ks if stride is None else _pair(stride, "stride", op)
    pads = _padding4(padding, op)
    for i, p in enumerate(pads):
        if 2 * p > ks[i // 2]:
            raise ValueError("%s: 'padding' must be at most half the kernel size %s, but got %s"
                             % (public_name(op), ks, padding))
    return ks, st, pads


def _pool_len(size, k, s, before, after, ceil_mode, op):
    """Output length and the extra trailing padding ceil_mode needs (PyTorch/MindSpore rule:
    the last window must start inside the input or its leading padding)."""
    span = size + before + after - k
    if span < 0:
        raise ValueError("%s: kernel %d is larger than the padded input %d"
                         % (public_name(op), k, size))
    out = (-(-span // s) if ceil_mode else span // s) + 1
    if ceil_mode and (out - 1) * s >= size + before:
        out -= 1
    return out, max((out - 1) * s + k - (size + before + after), 0)


def _pool_counts(size, k, s, before, after, out, include_pad):
    """How many elements each window divides by: clipped to the padded input, or to the input
    alone when padding is not counted; the ceil_mode overhang never counts."""
    starts = np.arange(out) * s - before
    ends = np.minimum(starts + k, size + after)
    if not include_pad:
        starts, ends = np.maximum(starts, 0), np.minimum(ends, size)
    return ends - starts


def _pool2d(x, kernel_size, stride, padding, ceil_mode, op):
    """Shared front of max/avg pooling: the 4-D input, kernel, stride, padding, padding with
    the ceil_mode overhang added, output size and whether the input was 3-D."""
    ks, st, pads = _pool_args(x, kernel_size, stride, padding, op)
    squeeze = x.ndim == 3
    if squeeze:
        x = A.expand_dims(x, 0)
    (t, b, l, r), (h, w) = pads, x.shape[2:]
    ho, eh = _pool_len(h, ks[0], st[0], t, b, ceil_mode, op)
    wo, ew = _pool_len(w, ks[1], st[1], l, r, ceil_mode, op)
    return x, ks, st, pads, (t, b + eh, l, r + ew), (ho, wo), squeeze


def max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
               ceil_mode=False):
    """max_pool2d(x, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
    ceil_mode=False): max over windows of (N)CHW input; padding never wins.

    Args:
        x (Tensor): float input, (N, C, H, W) or (C, H, W).
        kernel_size (Union[int, tuple(int)]): the window.
        stride (Union[int, tuple(int)], optional): the step; None is ``kernel_size``.
        padding (Union[int, tuple(int)]): implicit padding, at most half the kernel. Default: 0.
        dilation (Union[int, tuple(int)]): the spacing of a window's elements. Default: 1.
        return_indices (bool): also return the Int64 position of each maximum in its (H, W)
            plane, ``h * W + w`` (the first one on ties). Default: False.
        ceil_mode (bool): round the output size up. Default: False.

    Returns:
        Tensor, or ``(output, indices)`` with ``return_indices``.

    Raises:
        TypeError: ``x`` is not a float tensor, or a flag not a bool.
        ValueError: a non-positive kernel, stride or dilation, or too much padding.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> ops.max_pool2d(x, 2, 1, dilation=2)
        Tensor(shape=[1, 1, 2, 2], dtype=Float32, value=
        [[[[ 1.00000000e+01,  1.10000000e+01],
           [ 1.40000000e+01,  1.50000000e+01]]]])
    """
    op = "max_pool2d"
    dil = _pair(dilation, "dilation", op)
    with_indices = check_bool(return_indices, op, "return_indices")
    ceil = check_bool(ceil_mode, op, "ceil_mode")
    if dil != (1, 1) or with_indices:
        return _max_pool_windows(x, kernel_size, stride, padding, dil, with_indices, ceil, op)
    x, ks, st, _, pads, _, squeeze = _pool2d(x, kernel_size, stride, padding, ceil, op)
    out = N.max_pool_p.bind(x, kernel_size=ks, stride=st, padding=pads)
    return A.squeeze(out, 0) if squeeze else out


def _max_pool_windows(x, kernel_size, stride, padding, dil, with_indices, ceil, op):
    """Dilated max pooling and/or its argmax indices, as a max over the stacked strided
    slices of the padded input (one slice per kernel offset, in row-major kernel order)."""
    ks, st, (t, b, l, r) = _pool_args(x, kernel_size, stride, padding, op)
    squeeze = x.ndim == 3
    if squeeze:
        x = A.expand_dims(x, 0)
    h, w = x.shape[2:]
    span = [d * (k - 1) + 1 for k, d in zip(ks, dil)]
    ho, eh = _pool_len(h, span[0], st[0], t, b, ceil, op)
    wo, ew = _pool_len(w, span[1], st[1], l, r, ceil, op)
    low = float(np.finfo(x._np_dtype).min)  # padding never wins: a window is never all padding
    padded = A.pad(x, (l, r + ew, t, b + eh), value=low)
    slices = [padded[:, :, i * dil[0]:i * dil[0] + (ho - 1) * st[0] + 1:st[0],
                     j * dil[1]:j * dil[1] + (wo - 1) * st[1] + 1:st[1]]
              for i in range(ks[0]) for j in range(ks[1])]
    stacked = A.stack(slices, -1)
    out = R.amax(stacked, -1)
    if not with_indices:
        return A.squeeze(out, 0) if squeeze else out
    k = R.argmax(stacked, -1)
    rows = np.arange(ho, dtype=np.int64)[:, None] * st[0] - t
    cols = np.arange(wo, dtype=np.int64)[None, :] * st[1] - l
    ki, kj = M.floor_div(k, ks[1]), M.floor_mod(k, ks[1])
    row = M.add(M.mul(ki, dil[0]), Tensor._make(rows))
    col = M.add(M.mul(kj, dil[1]), Tensor._make(cols))
    idx = cast_to(M.add(M.mul(row, w), col), np.dtype(np.int64))
    if squeeze:
        out, idx = A.squeeze(out, 0), A.squeeze(idx, 0)
    return out, idx


def avg_pool2d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    """Applies 2-D average pooling to (N, C, H, W) or (C, H, W) input.

    Args:
        input_x (Tensor): a float tensor, 3-D or 4-D.
        kernel_size (Union[int, tuple[int]]): the window size. Default: ``1``.
        stride (Union[int, tuple[int]]): the step of the window. Default: ``1``.
        padding (Union[int, tuple[int]]): implicit zero padding: an int, (top/bottom,
            left/right) or 4 ints, each at most half the kernel. Default: ``0``.
        ceil_mode (bool): round the output size up (a last window may start inside the input
            and run past it). Default: ``False``.
        count_include_pad (bool): count the padding in a window's divisor. Default: ``True``.
        divisor_override (int): divide every window by this positive number instead; 0 or None
            uses the window size. Default: ``0``.

    Returns:
        Tensor of ``input_x``'s rank and dtype.

    Raises:
        TypeError: ``input_x`` is not a float tensor, or a flag is not a bool.
        ValueError: ``input_x`` is not 3-D or 4-D, a kernel, stride or ``divisor_override`` is
            not positive, or the padding is too large.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ops.avg_pool2d(x, 2, 2)[0, 0])
        [[ 2.5  4.5]
         [10.5 12.5]]
        >>> print(ops.avg_pool2d(x, 3, 2, padding=1, count_include_pad=False)[0, 0])
        [[ 2.5  4. ]
         [ 8.5 10. ]]
    """
    op = "avg_pool2d"
    if divisor_override is None or (type(divisor_override) is int and divisor_override == 0):
        divisor_override = None
    else:
        divisor_override = check_positive_int(divisor_override, op, "divisor_override")
    include = check_bool(count_include_pad, op, "count_include_pad")
    x, ks, st, given, pads, (ho, wo), squeeze = _pool2d(input_x, kernel_size, stride, padding,
                                                        check_bool(ceil_mode, op, "ceil_mode"),
                                                        op)
    if divisor_override is None and pads == given:
        out = N.avg_pool_p.bind(x, kernel_size=ks, stride=st, padding=pads,
                                count_include_pad=include)
    else:  # window sums (mean over the full kernel) rescaled by a constant divisor map
        out = N.avg_pool_p.bind(x, kernel_size=ks, stride=st, padding=pads,
                                count_include_pad=True)
        if divisor_override is not None:
            div = np.full((ho, wo), float(divisor_override))
        else:
            t, b, l, r = given
            div = np.outer(_pool_counts(x.shape[2], ks[0], st[0], t, b, ho, include),
                           _pool_counts(x.shape[3], ks[1], st[1], l, r, wo, include))
        scale = (ks[0] * ks[1] / div).astype(x._np_dtype)
        out = M.mul(out, Tensor._make(scale.reshape(1, 1, ho, wo)))
    return A.squeeze(out, 0) if squeeze else out


def _pool2d_pad_mode(x, kind, kernel_size, stride, pad_mode, op):
    """MindSpore's MaxPool/AvgPool primitives: 'valid' (no padding) or 'same' (output
    ceil(in / stride) long; padding is never counted in an average)."""
    mode = pad_mode.lower() if isinstance(pad_mode, str) else pad_mode
    check_choice(mode, op, "pad_mode", ("same", "valid"))
    check_float(x, op, "x")
    kh, kw = _pair(kernel_size, "kernel_size", op)
    sh, sw = _pair(stride, "strides", op)
    pads = 0
    if mode == "same":
        pads = same_padding(x.shape[-2], kh, sh, 1) + same_padding(x.shape[-1], kw, sw, 1)
    if kind == "max":
        return max_pool2d(x, (kh, kw), (sh, sw), pads)
    return avg_pool2d(x, (kh, kw), (sh, sw), pads, count_include_pad=False)


# ----- dropout ------------------------------------------------------------------------------
def dropout(input, p=0.5, training=True, seed=None):
    """Randomly zeroes elements of ``input`` with probability ``p`` and scales the others by
    ``1 / (1 - p)``.

    Args:
        input (Tensor): a float tensor.
        p (float): the probability of zeroing an element, in [0, 1]. Default: ``0.5``.
        training (bool): apply dropout; with False (or ``p == 0``) ``input`` itself is
            returned. Default: ``True``.
        seed (int, optional): as in :func:`ops.rand`: the calls with one seed continue one
            random stream that ``set_seed`` restarts. Default: ``None``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, ``p`` is not a number, or ``training`` is
            not a bool.
        ValueError: ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((4, 8), np.float32))
        >>> y = ops.dropout(x, p=0.5)
        >>> print(y.shape, sorted(set(y.asnumpy().ravel().tolist())) <= [0.0, 2.0])
        (4, 8) True
        >>> print(ops.dropout(x, training=False) is x)
        True
    """
    check_float(input, "dropout")
    p = check_number(p, "dropout", "p")
    check_bool(training, "dropout", "training")
    if not 0 <= p <= 1:
        raise ValueError("dropout: 'p' must be in [0, 1], but got %r" % (p,))
    stream = _seed_stream(seed, "dropout")
    if not training or p == 0:
        return input
    if p == 1:
        return M.mul(input, 0.0)
    mask = ST.bernoulli_mask_p.bind(input, keep_prob=1.0 - p, stream=stream)
    return M.mul(input, M.mul(mask, 1.0 / (1.0 - p)))


# ----- normalisation ------------------------------------------------------------------------
def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    """Applies layer normalization over the last dimensions of ``input``.

    ``(x - mean) / sqrt(var + eps) * weight + bias``, with the mean and (biased) variance over
    the trailing dimensions given by ``normalized_shape``.

    Args:
        input (Tensor): a float tensor.
        normalized_shape (Union[int, tuple[int]]): the trailing shape of ``input`` to normalize
            over, positive entries.
        weight (Tensor, optional): the scale, of shape ``normalized_shape``; None is ones.
            Default: ``None``.
        bias (Tensor, optional): the shift, of shape ``normalized_shape``; None is zeros.
            Default: ``None``.
        eps (float): added to the variance. Default: ``1e-5``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor.
        ValueError: ``normalized_shape`` does not match the trailing dimensions of ``input``,
            or ``weight``/``bias`` have another shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]], np.float32))
        >>> print(ops.layer_norm(x, (3,)))
        [[-1.2247357  0.         1.2247357]
         [ 0.         0.         0.       ]]
    """
    check_float(input, "layer_norm")
    shape = check_ints(normalized_shape, "layer_norm", "normalized_shape", None, 1)
    if len(shape) > input.ndim or not shape:
        raise ValueError("layer_norm: 'normalized_shape' %s must have 1 to %d dims"
                         % (shape, input.ndim))
    if input.shape[input.ndim - len(shape):] != shape:
        raise ValueError("layer_norm: normalized_shape %s does not match the input's trailing "
                         "dims %s" % (shape, input.shape))
    begin = input.ndim - len(shape)
    gamma = weight if weight is not None else Tensor._make(np.ones(shape, input._np_dtype))
    beta = bias if bias is not None else Tensor._make(np.zeros(shape, input._np_dtype))
    return layer_norm_op(input, gamma, beta, begin, begin, eps)[0]


def layer_norm_op(x, gamma, beta, begin_norm_axis, begin_params_axis, epsilon):
    """The computation of the LayerNorm primitive: normalizes ``x`` over the dimensions from
    ``begin_norm_axis`` on, then scales by ``gamma`` and shifts by ``beta``.

    Args:
        x (Tensor): a float tensor.
        gamma (Tensor): the scale, of shape ``x.shape[begin_params_axis:]``.
        beta (Tensor): the shift, of ``gamma``'s shape.
        begin_norm_axis (int): the first normalized dimension.
        begin_params_axis (int): the first dimension ``gamma`` and ``beta`` span.
        epsilon (float): added to the variance, non-negative.

    Returns:
        tuple(y, mean, rstd): the output of ``x``'s shape, and the mean and reciprocal standard
        deviation over the normalized dimensions (kept as size-1 dimensions).

    Raises:
        TypeError: ``x`` is not a float tensor, or ``gamma``/``beta`` is not a Tensor.
        ValueError: an axis is out of range, ``epsilon`` is negative, or ``gamma``/``beta``
            have the wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import functional as F
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
        >>> y, mean, rstd = F.layer_norm_op(x, Tensor(np.ones(3, np.float32)),
        ...                                 Tensor(np.zeros(3, np.float32)), 1, 1, 1e-5)
        >>> print(y, mean, rstd)
        [[-1.2247357  0.         1.2247357]] [[2.]] [[1.2247357]]
    """
    check_float(x, "LayerNorm", "input_x")
    check_tensor(gamma, "LayerNorm", "gamma")
    check_tensor(beta, "LayerNorm", "beta")
    epsilon = check_number(epsilon, "LayerNorm", "epsilon", 0, finite=True)
    begin_norm_axis = normalize_dim(begin_norm_axis, x.ndim, "LayerNorm", "begin_norm_axis")
    begin_params_axis = normalize_dim(begin_params_axis, x.ndim, "LayerNorm",
                                      "begin_params_axis")
    if gamma.shape != x.shape[begin_params_axis:] or beta.shape != gamma.shape:
        raise ValueError("%s: gamma and beta must have shape %s, but got %s and %s"
                         % (public_name("LayerNorm"), x.shape[begin_params_axis:], gamma.shape,
                            beta.shape))
    if running_float_type() is not None:
        # inside a mixed-precision cell MindSpore's LayerNorm primitive casts x, gamma and beta
        # to the cell's type; casting gamma/beta to x's dtype first (float16 x in a float32
        # cell) rounded them to float16 on the way (a silent precision loss)
        return as_one_primitive((x, gamma, beta), lambda x_, g, b: layer_norm_op(
            x_, g, b, begin_norm_axis, begin_params_axis, epsilon))
    dt = x._np_dtype
    return N.layer_norm_p.bind(x, cast_to(gamma, dt), cast_to(beta, dt),
                               begin_norm_axis=begin_norm_axis,
                               begin_params_axis=begin_params_axis, epsilon=float(epsilon))


def rms_norm(x, gamma, epsilon=1e-6):
    """Applies root-mean-square normalization over the last dimension.

    ``y = x * rsqrt(mean(x**2, -1) + epsilon) * gamma``.

    Args:
        x (Tensor): a float tensor.
        gamma (Tensor): the scale, of shape ``x.shape[-1:]`` (cast to ``x``'s dtype).
        epsilon (float): added to the mean square, non-negative. Default: ``1e-6``.

    Returns:
        tuple(y, rstd): ``y`` of ``x``'s shape and the reciprocal RMS ``rstd`` of shape
        ``x.shape[:-1] + (1,)``.

    Raises:
        TypeError: ``x`` is not a float tensor, or ``gamma`` is not a Tensor.
        ValueError: ``gamma`` has the wrong shape, or ``epsilon`` is negative or not finite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> y, rstd = ops.rms_norm(x, Tensor(np.ones(2, np.float32)))
        >>> print(y, rstd)
        [[0.8485281 1.1313708]] [[0.2828427]]
    """
    return _rms_norm(x, gamma, epsilon, False)


def rms_norm_clamped(x, gamma, eps):
    """Applies RMS normalization with the norm clamped from below (the RMSNorm of models such as
    DARTS): ``x / clamp(||x||_2 * dim**-0.5, min=eps) * gamma`` over the last dimension.

    Args:
        x (Tensor): a float tensor.
        gamma (Tensor): the scale, of shape ``x.shape[-1:]``.
        eps (float): the smallest RMS divided by, non-negative.

    Returns:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a float tensor, or ``gamma`` is not a Tensor.
        ValueError: ``gamma`` has the wrong shape, or ``eps`` is negative or not finite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> gamma = Tensor(np.ones(2, np.float32))
        >>> x = Tensor(np.array([[3.0, 4.0], [0.0, 0.0]], np.float32))
        >>> print(ops.rms_norm_clamped(x, gamma, 0.1))
        [[0.84852815 1.1313709 ]
         [0.         0.        ]]
    """
    return _rms_norm(x, gamma, eps, True)[0]


def _rms_norm(x, gamma, epsilon, clamp_norm):
    check_float(x, "rms_norm", "x")
    check_tensor(gamma, "rms_norm", "gamma")
    if gamma.shape != x.shape[-1:]:
        raise ValueError("%s: gamma must have shape %s, but got %s"
                         % (public_name("rms_norm"), x.shape[-1:], gamma.shape))
    epsilon = check_number(epsilon, "rms_norm", "epsilon", 0, finite=True)
    if running_float_type() is not None:
        # one primitive in a mixed-precision cell: x and gamma cast to the cell's type on entry
        # (not gamma to x's dtype first: float16 x in a float32 cell would round gamma)
        return as_one_primitive((x, gamma), lambda x_, g: _rms_norm(x_, g, epsilon, clamp_norm))
    return N.rms_norm_p.bind(x, cast_to(gamma, x._np_dtype), epsilon=epsilon,
                             clamp_norm=clamp_norm)


def _update_running(running_mean, running_var, bm, bv, momentum, n):
    """running = (1 - momentum) * running + momentum * batch, with the batch's unbiased
    variance (n values per channel), stored in the running statistics' own dtype (float16
    statistics of a float32 computation, float32 ones of a float64 input)."""
    def update(running, batch):
        new = M.add(M.mul(running, 1 - momentum), M.mul(batch, momentum))
        assign(running, M.cast(new, running.dtype))

    update(running_mean, bm)
    update(running_var, M.mul(bv, n / max(n - 1, 1)))


def batch_norm(input_x, running_mean, running_var, weight, bias, training=False, momentum=0.1,
               eps=1e-05):
    """Applies batch normalization over axis 1 of (N, C, ...) input.

    ``(x - mean) / sqrt(var + eps) * weight + bias`` per channel. In inference the running
    statistics are used; in training the batch's mean and biased variance are, and the running
    statistics (Parameters) are updated in place:
    ``running = (1 - momentum) * running + momentum * batch`` (with the unbiased batch variance).

    Args:
        input_x (Tensor): a float tensor, at least 2-D.
        running_mean (Union[Tensor, Parameter]): of shape (C,); a Parameter in training.
        running_var (Union[Tensor, Parameter]): of shape (C,); a Parameter in training.
        weight (Tensor): the scale, of shape (C,).
        bias (Tensor): the shift, of shape (C,).
        training (bool): use (and update) the batch statistics. Default: ``False``.
        momentum (float): the update rate of the running statistics, in [0, 1].
            Default: ``0.1``.
        eps (float): added to the variance. Default: ``1e-5``.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: ``input_x`` is not a float tensor, a statistic or parameter is not a Tensor,
            ``training`` is not a bool, or in training a running statistic is not a Parameter.
        ValueError: ``input_x`` is below 2-D, a (C,) tensor has the wrong shape, or
            ``momentum``/``eps`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> x = Tensor(np.array([[1.0, 2.0], [3.0, 6.0]], np.float32))
        >>> mean = Parameter(Tensor(np.zeros(2, np.float32)), name="mean")
        >>> var = Parameter(Tensor(np.ones(2, np.float32)), name="var")
        >>> one, zero = Tensor(np.ones(2, np.float32)), Tensor(np.zeros(2, np.float32))
        >>> print(ops.batch_norm(x, mean, var, one, zero, training=True))
        [[-0.999995   -0.99999875]
         [ 0.999995    0.99999875]]
        >>> print(mean.asnumpy(), var.asnumpy())
        [0.2 0.4] [1.1 1.7]
    """
    check_float(input_x, "batch_norm", "input_x")
    if running_float_type() is not None:
        # inside a mixed-precision cell: MindSpore's BatchNorm primitive casts the input and
        # the scale and shift (not the running statistics it updates) to the cell's type
        return as_one_primitive((input_x, weight, bias), lambda x, w, b: batch_norm(
            x, running_mean, running_var, w, b, training, momentum, eps))
    if input_x.ndim < 2:
        raise ValueError("batch_norm: 'input_x' must be at least 2-D (N, C, ...), but got shape %s"
                         % (input_x.shape,))
    training = check_bool(training, "batch_norm", "training")
    momentum = check_number(momentum, "batch_norm", "momentum", 0, 1)
    eps = check_number(eps, "batch_norm", "eps", 0, finite=True)
    c = input_x.shape[1]
    for name, t in (("running_mean", running_mean), ("running_var", running_var),
                    ("weight", weight), ("bias", bias)):
        if check_tensor(t, "batch_norm", name).shape != (c,):
            raise ValueError("batch_norm: '%s' must have shape (%d,), but got %s"
                             % (name, c, t.shape))
    if input_x.dtype in (mstype.float16, mstype.bfloat16):
        # as MindSpore's kernels: half-precision input is normalized in float32 (statistics,
        # running updates) and the output has the input's dtype, in training and inference
        y = batch_norm(M.cast(input_x, mstype.float32), running_mean, running_var,
                       M.cast(weight, mstype.float32), M.cast(bias, mstype.float32),
                       training, momentum, eps)
        return M.cast(y, input_x.dtype)
    axes = (0,) + tuple(range(2, input_x.ndim))
    bshape = (1, c) + (1,) * (input_x.ndim - 2)
    if training and input_x.dtype in (mstype.float32, mstype.float64) \
            and weight.dtype == input_x.dtype and bias.dtype == input_x.dtype \
            and input_x.size > 0:
        # one fused op (statistics, normalization and its gradient in two passes each)
        y, bm, bv = N.batch_norm_train_p.bind(input_x, weight, bias, epsilon=float(eps))
        _update_running(running_mean, running_var, stop_gradient(bm), stop_gradient(bv),
                        momentum, input_x.size // c)
        return y
    if training:
        mean = R.reduce_mean(input_x, axes, keep_dims=True)
        var = R.reduce_mean(M.square(M.sub(input_x, mean)), axes, keep_dims=True)
        bm = stop_gradient(A.reshape(mean, (c,)))
        bv = stop_gradient(A.reshape(var, (c,)))
        _update_running(running_mean, running_var, bm, bv, momentum, input_x.size // c)
    else:
        mean = A.reshape(running_mean, bshape)
        var = A.reshape(running_var, bshape)
    xhat = M.mul(M.sub(input_x, mean), M.rsqrt(M.add(var, eps)))
    return M.add(M.mul(xhat, A.reshape(weight, bshape)), A.reshape(bias, bshape))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
              scale_grad_by_freq=False):
    """embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0,
    scale_grad_by_freq=False): the rows of ``weight`` at the indices ``input``.

    Args:
        input (Tensor): integer indices in ``[0, weight.shape[0])``, any shape.
        weight (Union[Tensor, Parameter]): the 2-D table.
        padding_idx (int, optional): a row (negative: from the end) that gets no gradient.
            Default: None.
        max_norm (float, optional): the rows looked up whose ``norm_type``-norm exceeds it are
            scaled to it, in ``weight`` itself when it is a Parameter. Default: None.
        norm_type (float): the p of that norm. Default: 2.0.
        scale_grad_by_freq (bool): divide each row's gradient by how often the row occurs in
            ``input``. Default: False.

    Returns:
        Tensor of shape ``input.shape + (weight.shape[1],)``.

    Raises:
        TypeError: non-integer indices, a non-Tensor ``weight``, a non-bool
            ``scale_grad_by_freq`` or non-number ``max_norm``/``norm_type``.
        ValueError: ``weight`` is not 2-D, an index or ``padding_idx`` is out of range, or
            ``max_norm`` is negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> w = ms.Tensor(np.array([[3.0, 4.0], [0.3, 0.4]], np.float32))
        >>> ops.embedding(ms.Tensor(np.array([0, 1], np.int32)), w, max_norm=1.0)
        Tensor(shape=[2, 2], dtype=Float32, value=
        [[ 6.00000024e-01,  8.00000012e-01],
         [ 3.00000012e-01,  4.00000006e-01]])
    """
    op = "embedding"
    idx = to_tensor(input, op)
    if idx._np_dtype.kind not in "iu":
        raise TypeError("%s: 'input' must be an integer tensor, but got %s"
                        % (public_name(op), idx.dtype))
    if check_tensor(weight, op, "weight").ndim != 2:
        raise ValueError("%s: 'weight' must be 2-D, but got shape %s"
                         % (public_name(op), weight.shape))
    n = weight.shape[0]
    if padding_idx is not None:
        padding_idx = check_int(padding_idx, op, "padding_idx", -n, n - 1) % n
    scale = check_bool(scale_grad_by_freq, op, "scale_grad_by_freq")
    p = check_number(norm_type, op, "norm_type")
    check_values_in(idx, 0, n, op, "input")  # rows: no negative indices
    out = A.gather(weight, idx, 0)
    if max_norm is not None:
        out = _renormed_rows(weight, idx, out, check_number(max_norm, op, "max_norm", 0), p)
    if padding_idx is None and not scale:
        return out
    factor = cast_to(M.not_equal(idx, padding_idx), out._np_dtype) if padding_idx is not None \
        else ones_like(cast_to(idx, out._np_dtype))
    if scale:
        factor = M.div(factor, A.gather(_row_counts(idx, n, out._np_dtype), idx, 0))
    # forward: out exactly; backward: the gradient times factor
    frozen = stop_gradient(out)
    return M.add(frozen, M.mul(M.sub(out, frozen), A.expand_dims(factor, -1)))


def _row_counts(idx, n, dtype):
    """How often each of the n rows occurs in idx."""
    flat = A.reshape(idx, (-1,))
    ones = ones_like(cast_to(flat, dtype))
    return S.gather_grad_p.bind(ones, flat, axis=0, dim_size=n)


def _renormed_rows(weight, idx, out, max_norm, p):
    """out with the looked-up rows of weight scaled to at most max_norm (p-norm), written back
    into weight when it is a Parameter (PyTorch/MindSpore's in-place renorm); the gradient is
    the plain lookup's."""
    from mindcell.common.parameter import Parameter
    from mindcell.ops.function.norm_func import norm
    norms = stop_gradient(norm(weight, p, 1))
    used = M.greater(_row_counts(idx, weight.shape[0], norms._np_dtype), 0)
    shrink = M.logical_and(used, M.greater(norms, max_norm))
    factor = M.select(shrink, M.div(max_norm, M.add(norms, 1e-7)), ones_like(norms))
    renormed = stop_gradient(M.mul(weight, A.expand_dims(factor, -1)))
    if isinstance(weight, Parameter):
        assign(weight, renormed)
    frozen = stop_gradient(out)
    return M.add(A.gather(renormed, idx, 0), M.sub(out, frozen))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
