"""MindSpore 2.10 neural-network and signal functions mindcell composes from its own ops:
``conv1d``, ``avg_pool1d``, ``avg_pool3d``, ``adaptive_avg_pool3d``, ``lrn``, the losses
``hinge_embedding_loss``, ``gaussian_nll_loss`` and ``multilabel_soft_margin_loss``, the window
functions ``hann_window``, ``hamming_window``, ``blackman_window`` and ``kaiser_window``, and
``is_nonzero``, ``approximate_equal``, ``trapz``, ``cov`` and ``mvlgamma``. MindSpore's argument
rules, defaults and result dtypes were recorded with ms-oracle (some are quirks: ``hann_window``
and ``kaiser_window`` return Float64 by default, ``hamming_window`` Float32 except for lengths 0
and 1, ``blackman_window`` takes its length as a Tensor)."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function._opdoc import array, example, opdoc

_FLOATS = (mstype.float16, mstype.float32, mstype.float64)


def _F():
    from mindcell.ops import functional
    return functional


def _mf():
    from mindcell.ops.function import _pool_compose
    return _pool_compose


def _float(x, op, arg):
    check_tensor(x, op, arg)
    if x.dtype not in _FLOATS:
        raise TypeError("%s: '%s' must be a Float16/Float32/Float64 Tensor, but got %s"
                        % (public_name(op), arg, x.dtype))
    return x


def _rank(x, n, op, arg):
    if x.ndim != n:
        raise ValueError("%s: '%s' must be %d-D, but got shape %s" % (public_name(op), arg, n,
                                                                     x.shape))


def _one(v, op, arg):
    """An int, or a tuple/list of one int."""
    if isinstance(v, (tuple, list)) and len(v) == 1:
        v = v[0]
    check_int(v, op, arg)
    return v


def _bounded(v, op, arg, limit=2 ** 20):
    """``v`` (an int or a sequence of ints/None) with every int in [-limit, limit]: a window or
    output size beyond it cannot fit in memory, so it is an error naming the op, not numpy's."""
    for item in (v if isinstance(v, (tuple, list)) else (v,)):
        if isinstance(item, int) and not isinstance(item, bool) and abs(item) > limit:
            raise ValueError("%s: '%s' must be at most %d, but got %r"
                             % (public_name(op), arg, limit, v))
    return v


# ----- convolution and pooling ------------------------------------------------------------------
def conv1d(input, weight, bias=None, stride=1, pad_mode="valid", padding=0, dilation=1,
           groups=1):
    op = "conv1d"
    check_tensor(input, op, "input")
    check_tensor(weight, op, "weight")
    _rank(input, 3, op, "input")
    _rank(weight, 3, op, "weight")
    stride, dilation = _one(stride, op, "stride"), _one(dilation, op, "dilation")
    padding = _one(padding, op, "padding")
    F = _F()
    out = F.conv2d(F.expand_dims(input, 2), F.expand_dims(weight, 2), None, (1, stride),
                   pad_mode, (0, 0, padding, padding), (1, dilation), groups)
    out = F.squeeze(out, 2)
    if bias is not None:
        check_tensor(bias, op, "bias")
        if bias.shape != (weight.shape[0],):
            raise ValueError("%s: 'bias' must have shape (%d,), but got %s"
                             % (public_name(op), weight.shape[0], bias.shape))
        out = F.add(out, bias.reshape((1, -1, 1)))
    return out


conv1d.__doc__ = opdoc(
    "A 1-D convolution (cross-correlation) of an ``(N, C_in, L)`` input with an ``(C_out, "
    "C_in / groups, k)`` weight.",
    ["input (Tensor): shape ``(N, C_in, L)``.", "weight (Tensor): shape ``(C_out, C_in / "
     "groups, k)``.", "bias (Tensor, optional): shape ``(C_out,)``. Default: ``None``.",
     "stride (Union[int, tuple[int]]): the step. Default: ``1``.",
     "pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output length ``ceil(L / "
     "stride)``) or ``'pad'`` (``padding`` zeros on both sides). Default: ``'valid'``.",
     "padding (Union[int, tuple[int]]): the zeros of mode ``'pad'``. Default: ``0``.",
     "dilation (Union[int, tuple[int]]): the spacing of the kernel taps. Default: ``1``.",
     "groups (int): the channel groups. Default: ``1``."],
    "Tensor of shape ``(N, C_out, L_out)``.",
    ["TypeError: an operand is not a Tensor or an argument not an int.",
     "ValueError: the shapes do not fit, or ``padding`` is not 0 outside mode ``'pad'``."],
    example("ops.conv1d(x, w)", "[[[-2. -2. -2.]]]",
            ["x = Tensor(np.arange(5, dtype=np.float32).reshape(1, 1, 5))",
             "w = " + array([[[1.0, 0.0, -1.0]]])]))


def avg_pool1d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True):
    op = "avg_pool1d"
    _float(input_x, op, "input_x")
    _rank(input_x, 3, op, "input_x")
    kernel_size, stride = _one(kernel_size, op, "kernel_size"), _one(stride, op, "stride")
    padding = _one(padding, op, "padding")
    return _mf().avg_pool1d(input_x, kernel_size, stride, padding, ceil_mode, count_include_pad)


avg_pool1d.__doc__ = opdoc(
    "1-D average pooling of an ``(N, C, L)`` input.",
    ["input_x (Tensor): float, shape ``(N, C, L)``.", "kernel_size (int): the window. "
     "Default: ``1``.", "stride (int): the step. Default: ``1``.", "padding (int): zeros "
     "added to both ends. Default: ``0``.", "ceil_mode (bool): round the output length up. "
     "Default: ``False``.", "count_include_pad (bool): count the padding in the averages. "
     "Default: ``True``."], "Tensor of shape ``(N, C, L_out)``.",
    ["TypeError: ``input_x`` is not a float Tensor or an argument has the wrong type.",
     "ValueError: ``input_x`` is not 3-D or the window does not fit."],
    example("ops.avg_pool1d(x, 2, 2)", "[[[0.5 2.5]]]",
            ["x = Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 4))"]))


def avg_pool3d(input_x, kernel_size=1, stride=1, padding=0, ceil_mode=False,
               count_include_pad=True, divisor_override=0):
    op = "avg_pool3d"
    _float(input_x, op, "input_x")
    _rank(input_x, 5, op, "input_x")
    check_int(divisor_override, op, "divisor_override")
    if divisor_override < 0:
        raise ValueError("%s: 'divisor_override' must be >= 0 (0: none), but got %d"
                         % (public_name(op), divisor_override))
    for name, v in (("kernel_size", kernel_size), ("stride", stride), ("padding", padding)):
        _bounded(v, op, name)
    return _mf().avg_pool3d(input_x, kernel_size, stride, padding, ceil_mode,
                            count_include_pad, divisor_override or None)


avg_pool3d.__doc__ = opdoc(
    "3-D average pooling of an ``(N, C, D, H, W)`` input.",
    ["input_x (Tensor): float, 5-D.", "kernel_size (Union[int, tuple[int]]): the window. "
     "Default: ``1``.", "stride (Union[int, tuple[int]]): the step. Default: ``1``.",
     "padding (Union[int, tuple[int]]): zeros added to both ends of each axis. Default: "
     "``0``.", "ceil_mode (bool): round the output sizes up. Default: ``False``.",
     "count_include_pad (bool): count the padding in the averages. Default: ``True``.",
     "divisor_override (int): divide by this instead of the window size; 0: none. Default: "
     "``0``."], "Tensor of shape ``(N, C, D_out, H_out, W_out)``.",
    ["TypeError: ``input_x`` is not a float Tensor or an argument has the wrong type.",
     "ValueError: ``input_x`` is not 5-D or the window does not fit."],
    example("ops.avg_pool3d(x, 2, 2)", "[[[[[3.5]]]]]",
            ["x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))"]))


def adaptive_avg_pool3d(input, output_size):
    op = "adaptive_avg_pool3d"
    _float(input, op, "input")
    if input.ndim not in (4, 5):
        raise ValueError("%s: 'input' must be 4-D or 5-D, but got shape %s"
                         % (public_name(op), input.shape))
    return _mf().adaptive_avg_pool3d(input, _bounded(output_size, op, "output_size"))


adaptive_avg_pool3d.__doc__ = opdoc(
    "3-D adaptive average pooling: each output cell averages the window ``[floor(i * In / "
    "Out), ceil((i + 1) * In / Out))`` of each of the last three axes.",
    ["input (Tensor): float, 4-D or 5-D.", "output_size (Union[int, tuple]): the output "
     "``(D, H, W)`` (one int for all; None keeps the input's size)."],
    "Tensor of ``input``'s rank with the last three axes of ``output_size``.",
    ["TypeError: ``input`` is not a float Tensor.", "ValueError: ``input`` is not 4-D or 5-D "
     "or ``output_size`` is invalid."],
    example("ops.adaptive_avg_pool3d(x, 1)", "[[[[[3.5]]]]]",
            ["x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))"]))


def lrn(x, depth_radius=5, bias=1.0, alpha=1.0, beta=0.5, norm_region="ACROSS_CHANNELS"):
    op = "lrn"
    _float(x, op, "x")
    _rank(x, 4, op, "x")
    check_int(depth_radius, op, "depth_radius")
    if depth_radius < 0:
        raise ValueError("%s: 'depth_radius' must be >= 0, but got %d"
                         % (public_name(op), depth_radius))
    for name, v in (("bias", bias), ("alpha", alpha), ("beta", beta)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError("%s: '%s' must be a float, but got %s"
                            % (public_name(op), name, type(v).__name__))
    if not isinstance(norm_region, str) or norm_region != "ACROSS_CHANNELS":
        raise ValueError("%s: 'norm_region' must be 'ACROSS_CHANNELS', but got %r"
                         % (public_name(op), norm_region))
    F = _F()
    sq = F.mul(x, x)
    c = x.shape[1]
    padded = F.pad(sq, (0, 0, 0, 0, depth_radius, depth_radius))
    total = None
    for k in range(2 * depth_radius + 1):
        part = F.narrow(padded, 1, k, c)
        total = part if total is None else F.add(total, part)
    return F.div(x, F.pow(F.add(F.mul(total, alpha), bias), beta))


lrn.__doc__ = opdoc(
    "Local response normalization across channels: ``x / (bias + alpha * s) ** beta`` where "
    "``s`` sums the squares of the channels ``c - depth_radius .. c + depth_radius``.",
    ["x (Tensor): float, shape ``(N, C, H, W)``.", "depth_radius (int): the half-width of the "
     "channel window. Default: ``5``.", "bias (float): the offset. Default: ``1.0``.",
     "alpha (float): the scale of the sum. Default: ``1.0``.", "beta (float): the exponent. "
     "Default: ``0.5``.", "norm_region (str): ``'ACROSS_CHANNELS'``. Default: "
     "``'ACROSS_CHANNELS'``."], "Tensor of ``x``'s shape and dtype.",
    ["TypeError: ``x`` is not a float Tensor or an argument has the wrong type.",
     "ValueError: ``x`` is not 4-D, ``depth_radius`` is negative or ``norm_region`` not "
     "supported."],
    example("ops.lrn(x).reshape(-1)", "[0.         0.09759001 0.19518003]",
            ["x = " + array([[[[0.0]], [[0.1]], [[0.2]]]])]))


# ----- losses -----------------------------------------------------------------------------------
def _reduce(loss, reduction, op):
    if not isinstance(reduction, str):
        reduction = repr(reduction)      # falls through to the error below
    if reduction == "none":
        return loss
    if reduction == "sum":
        return _F().sum(loss)
    if reduction == "mean":
        return _F().mean(loss)
    raise ValueError("%s: 'reduction' must be 'none', 'mean' or 'sum', but got %r"
                     % (public_name(op), reduction))


def hinge_embedding_loss(inputs, targets, margin=1.0, reduction="mean"):
    op = "hinge_embedding_loss"
    _float(inputs, op, "inputs")
    _float(targets, op, "targets")
    if isinstance(margin, bool) or not isinstance(margin, numbers.Real):
        raise TypeError("%s: 'margin' must be a float, but got %s"
                        % (public_name(op), type(margin).__name__))
    F = _F()
    zero = F.zeros_like(inputs)
    pos = F.where(targets == 1, inputs, zero)
    neg = F.where(targets == -1, F.maximum(F.sub(margin, inputs), zero), zero)
    return _reduce(F.add(pos, neg), reduction, op)


hinge_embedding_loss.__doc__ = opdoc(
    "The hinge embedding loss: ``x`` where the target is 1, ``max(0, margin - x)`` where it "
    "is -1 (0 elsewhere).",
    ["inputs (Tensor): float, the distances.", "targets (Tensor): float, 1 or -1, of "
     "``inputs``'s shape.", "margin (float): the margin. Default: ``1.0``.",
     "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."],
    "Tensor: the losses, or their mean or sum.",
    ["TypeError: an operand is not a float Tensor or ``margin`` not a number.",
     "ValueError: ``reduction`` is not listed."],
    example("ops.hinge_embedding_loss(x, y, reduction='none')", "[0.9        0.19999999]",
            ["x = " + array([0.9, 0.8]), "y = " + array([1.0, -1.0])]))


def gaussian_nll_loss(x, target, var, full=False, eps=1e-6, reduction="mean"):
    op = "gaussian_nll_loss"
    _float(x, op, "x")
    _float(target, op, "target")
    _float(var, op, "var")
    check_bool(full, op, "full")
    if isinstance(eps, bool) or not isinstance(eps, numbers.Real):
        raise TypeError("%s: 'eps' must be a float, but got %s" % (public_name(op),
                                                                  type(eps).__name__))
    F = _F()
    if var.ndim == x.ndim - 1 and tuple(var.shape) == tuple(x.shape[:-1]):
        var = F.expand_dims(var, -1)     # one variance per sample of a row of features
    v = F.maximum(var, F.zeros_like(var) + eps)
    loss = F.mul(F.add(F.log(v), F.div(F.square(F.sub(x, target)), v)), 0.5)
    if full:
        loss = F.add(loss, 0.5 * math.log(2 * math.pi))
    return _reduce(loss, reduction, op)


gaussian_nll_loss.__doc__ = opdoc(
    "The Gaussian negative log likelihood: ``0.5 * (log(v) + (x - target) ** 2 / v)`` with "
    "``v = max(var, eps)`` (plus ``0.5 * log(2 * pi)`` when ``full``). ``var`` broadcasts; one "
    "with ``x``'s shape without the last axis gives one variance per row.",
    ["x (Tensor): float, the predicted means.", "target (Tensor): float, the samples.",
     "var (Tensor): float, the predicted variances (clamped to ``eps``).",
     "full (bool): add the constant term. Default: ``False``.",
     "eps (float): the smallest variance. Default: ``1e-6``.",
     "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."],
    "Tensor: the losses, or their mean or sum.",
    ["TypeError: an operand is not a float Tensor or an argument has the wrong type.",
     "ValueError: ``reduction`` is not listed."],
    example("ops.gaussian_nll_loss(x, t, v)", "0.1875",
            ["x = " + array([[1.0, 2.0], [3.0, 4.0]]), "t = " + array([[1.5, 2.0], [2.0, 5.0]]),
             "v = " + array([[0.5], [2.0]])]))


def multilabel_soft_margin_loss(input, target, weight=None, reduction="mean"):
    op = "multilabel_soft_margin_loss"
    _float(input, op, "input")
    check_tensor(target, op, "target")
    if input.ndim != 2:
        raise ValueError("%s: 'input' must be 2-D (N, C), but got shape %s"
                         % (public_name(op), input.shape))
    F = _F()
    pos, neg = F.logsigmoid(input), F.logsigmoid(F.neg(input))  # in input's dtype
    if target.dtype.is_floating_point:  # then promoted: Float16 with Float32 targets is Float32
        from mindcell.ops.function.math_func import _operands
        pos, target = _operands(pos, target, op)
        neg = neg.astype(pos.dtype)
    else:
        target = target.astype(input.dtype)
    per = F.add(F.mul(target, pos), F.mul(F.sub(1.0, target), neg))
    if weight is not None:
        check_tensor(weight, op, "weight")
        per = F.mul(per, weight)
    loss = F.neg(F.mean(per, -1))
    return _reduce(loss, reduction, op)


multilabel_soft_margin_loss.__doc__ = opdoc(
    "The multi-label one-versus-all loss: per sample, ``-mean_c(w_c * (y_c * log(sigmoid(x_c)) "
    "+ (1 - y_c) * log(sigmoid(-x_c))))``.",
    ["input (Tensor): float, shape ``(N, C)``.", "target (Tensor): 0/1 labels of ``input``'s "
     "shape.", "weight (Tensor, optional): the weight of each class. Default: ``None``.",
     "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."],
    "Tensor: the losses of shape ``(N,)``, or their mean or sum.",
    ["TypeError: ``input`` is not a float Tensor.", "ValueError: ``input`` is not 2-D or "
     "``reduction`` not listed."],
    example("ops.multilabel_soft_margin_loss(x, y)", "0.8469398",
            ["x = " + array([[0.3, 0.6, 0.6], [0.9, 0.4, 0.2]]),
             "y = " + array([[0.0, 0.0, 1.0], [0.0, 0.0, 1.0]])]))


# ----- windows ----------------------------------------------------------------------------------
def _window_length(n, op):
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise TypeError("%s: 'window_length' must be a non-negative int, but got %r"
                        % (public_name(op), n))
    if n > 2 ** 31 - 1:
        raise ValueError("%s: 'window_length' must be below 2**31, but got %d"
                         % (public_name(op), n))
    return n


def _window(values, dtype, default, op):
    if dtype is None:
        dtype = default
    if not any(dtype is f for f in _FLOATS):
        raise TypeError("%s: 'dtype' must be a float dtype, but got %s" % (public_name(op),
                                                                        dtype))
    return Tensor(np.asarray(values, np.float64).astype(dtype.np_dtype))


def _cosine_window(n, periodic, coefs):
    if n <= 1:
        return np.ones(n)
    m = n if periodic else n - 1
    k = np.arange(n) * (2 * math.pi / m)
    return sum(((-1) ** i) * a * np.cos(i * k) for i, a in enumerate(coefs))


def hann_window(window_length, periodic=True, *, dtype=None):
    op = "hann_window"
    n = _window_length(window_length, op)
    check_bool(periodic, op, "periodic")
    return _window(_cosine_window(n, periodic, (0.5, 0.5)), dtype, mstype.float64, op)


def hamming_window(window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None):
    op = "hamming_window"
    n = _window_length(window_length, op)
    check_bool(periodic, op, "periodic")
    for name, v in (("alpha", alpha), ("beta", beta)):
        if isinstance(v, bool) or not isinstance(v, numbers.Real):
            raise TypeError("%s: '%s' must be a float, but got %s"
                            % (public_name(op), name, type(v).__name__))
    default = mstype.float32 if n > 1 else mstype.float64
    return _window(_cosine_window(n, periodic, (alpha, beta)), dtype, default, op)


def blackman_window(window_length, periodic=True, *, dtype=None):
    op = "blackman_window"
    if not isinstance(window_length, Tensor) or window_length.ndim != 0 \
            or window_length.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'window_length' must be a 0-D Int32/Int64 Tensor, but got %r"
                        % (public_name(op), window_length))
    n = int(window_length.asnumpy())
    if n < 0 or n > 2 ** 31 - 1:
        raise ValueError("%s: 'window_length' must be in [0, 2**31), but got %d"
                         % (public_name(op), n))
    check_bool(periodic, op, "periodic")
    values = np.maximum(_cosine_window(n, periodic, (0.42, 0.5, 0.08)), 0.0)  # no -1e-17 ends
    return _window(values, dtype, mstype.float32, op)


def kaiser_window(window_length, periodic=True, beta=12.0, *, dtype=None):
    op = "kaiser_window"
    n = _window_length(window_length, op)
    check_bool(periodic, op, "periodic")
    if isinstance(beta, bool) or not isinstance(beta, numbers.Real):
        raise TypeError("%s: 'beta' must be a float, but got %s" % (public_name(op),
                                                                   type(beta).__name__))
    if not math.isfinite(beta):
        raise ValueError("%s: 'beta' must be finite, but got %r" % (public_name(op), beta))
    if n <= 1:
        values = np.ones(n)
    else:
        from scipy.special import i0e   # i0(a) / i0(b) = i0e(a) / i0e(b) * exp(a - b): no overflow
        m = n if periodic else n - 1
        b = abs(float(beta))
        a = b * np.sqrt(np.clip(1.0 - (2.0 * np.arange(n) / m - 1.0) ** 2, 0.0, 1.0))
        values = i0e(a) / i0e(b) * np.exp(a - b)
    return _window(values, dtype, mstype.float64, op)


_WINDOW_ARGS = ["window_length (int): the length, >= 0.",
                "periodic (bool): the periodic window (the first ``window_length`` points of "
                "a symmetric window one longer), for spectral analysis; False: symmetric. "
                "Default: ``True``."]
_DTYPE_ARG = "dtype (mindcell.dtype, optional): (keyword-only) a float dtype. Default: ``None``"
hann_window.__doc__ = opdoc(
    "The Hann window ``0.5 - 0.5 * cos(2 * pi * k / M)``.", _WINDOW_ARGS + [
        _DTYPE_ARG + " (Float64)."], "Tensor: 1-D.",
    ["TypeError: ``window_length`` is not a non-negative int or ``dtype`` not a float dtype."],
    example("ops.hann_window(5, periodic=False)", "[0.  0.5 1.  0.5 0. ]"))
hamming_window.__doc__ = opdoc(
    "The generalized Hamming window ``alpha - beta * cos(2 * pi * k / M)``.", _WINDOW_ARGS + [
        "alpha (float): the constant. Default: ``0.54``.",
        "beta (float): the cosine's factor. Default: ``0.46``.",
        _DTYPE_ARG + " (Float32; Float64 for lengths 0 and 1, as in MindSpore)."],
    "Tensor: 1-D.", ["TypeError: an argument has the wrong type."],
    example("ops.hamming_window(5, periodic=False)",
            "[0.08 0.54 1.   0.54 0.08]"))
blackman_window.__doc__ = opdoc(
    "The Blackman window ``0.42 - 0.5 * cos(2 * pi * k / M) + 0.08 * cos(4 * pi * k / M)``.",
    ["window_length (Tensor): a 0-D Int32/Int64 tensor, the length.", _WINDOW_ARGS[1],
     _DTYPE_ARG + " (Float32)."], "Tensor: 1-D.",
    ["TypeError: ``window_length`` is not a 0-D integer Tensor or ``dtype`` not a float dtype.",
     "ValueError: ``window_length`` is negative."],
    example("ops.blackman_window(Tensor(4))", "[0.   0.34 1.   0.34]"))
kaiser_window.__doc__ = opdoc(
    "The Kaiser window ``I0(beta * sqrt(1 - (2k / M - 1) ** 2)) / I0(beta)``.",
    _WINDOW_ARGS + ["beta (float): the shape. Default: ``12.0``.", _DTYPE_ARG + " (Float64)."],
    "Tensor: 1-D.", ["TypeError: an argument has the wrong type."],
    example("ops.kaiser_window(3, periodic=False, beta=3.0)",
            "[0.20488476 1.         0.20488476]"))


# ----- small numeric helpers --------------------------------------------------------------------
def is_nonzero(input):
    op = "is_nonzero"
    check_tensor(input, op, "input")
    if input.size != 1:
        raise ValueError("%s: 'input' must have exactly one element, but got %d"
                         % (public_name(op), input.size))
    return bool(input.asnumpy().reshape(()) != 0)


is_nonzero.__doc__ = opdoc(
    "Whether the single element of ``input`` is not zero.",
    ["input (Tensor): a tensor of one element."], "bool.",
    ["TypeError: ``input`` is not a Tensor.", "ValueError: ``input`` has not one element."],
    example("ops.is_nonzero(x)", "True", ["x = " + array([1.5])]))


def approximate_equal(x, y, tolerance=1e-5):
    op = "approximate_equal"
    check_tensor(x, op, "x")
    check_tensor(y, op, "y")
    if isinstance(tolerance, bool) or not isinstance(tolerance, numbers.Real):
        raise TypeError("For '%s', the type of 'tolerance' should be 'float', but got type '%s'."
                        % (public_name(op), type(tolerance).__name__))
    if x.shape != y.shape:  # no broadcasting (MindSpore 2.10's RuntimeError, ms-oracle)
        raise RuntimeError("For '%s', arg 'x1' must have the same shape as 'x2'. But got 'x1' "
                           "shape: %s, 'x2' shape: %s." % (public_name(op), x.shape, y.shape))
    if x.dtype not in _FLOATS and y.dtype not in _FLOATS:
        raise TypeError("%s: 'x' or 'y' must be a Float16/Float32/Float64 Tensor (the other is "
                        "promoted to it), but got %s and %s" % (public_name(op), x.dtype, y.dtype))
    F = _F()
    return F.abs(F.sub(x, y)) < tolerance


approximate_equal.__doc__ = opdoc(
    "Whether ``|x - y| < tolerance``, elementwise.",
    ["x (Tensor): the first operand.", "y (Tensor): the second operand; at least one of them "
     "float (the other is promoted).", "tolerance (float): the bound. Default: ``1e-5``."],
    "Tensor of bool (False where the difference is NaN).",
    ["TypeError: an operand is not a Tensor, neither is float, or ``tolerance`` not a "
     "number.", "RuntimeError: ``x`` and ``y`` have different shapes (no broadcasting)."],
    example("ops.approximate_equal(a, b, 1e-4)", "[ True False]",
            ["a = " + array([1.0, 2.0]), "b = " + array([1.00001, 2.1])]))


def trapz(y, x=None, *, dx=1.0, dim=-1):
    op = "trapz"
    check_tensor(y, op, "y")
    check_int(dim, op, "dim")
    if y.ndim == 0 or (x is not None and isinstance(x, Tensor) and x.ndim == 0):
        raise ValueError("%s: 'y' and 'x' must be at least 1-D" % public_name(op))
    F = _F()
    if not y.dtype.is_floating_point:
        y = y.astype(mstype.float32)
    if not -y.ndim <= dim < y.ndim:
        raise ValueError("%s: 'dim' must be in [%d, %d), but got %d"
                         % (public_name(op), -y.ndim, y.ndim, dim))
    ax = dim % y.ndim
    n = y.shape[ax]
    mid = F.div(F.add(F.narrow(y, ax, 1, n - 1), F.narrow(y, ax, 0, n - 1)), 2.0)
    if x is None:
        if isinstance(dx, bool) or not isinstance(dx, numbers.Real):
            raise TypeError("%s: 'dx' must be a float, but got %s"
                            % (public_name(op), type(dx).__name__))
        return F.mul(F.sum(mid, ax), dx)
    check_tensor(x, op, "x")
    x = x.astype(y.dtype)
    if x.ndim == 1:
        shape = [1] * y.ndim
        shape[ax] = n
        x = x.reshape(tuple(shape))
        xa = ax
    else:
        xa = dim % x.ndim
    d = F.sub(F.narrow(x, xa, 1, n - 1), F.narrow(x, xa, 0, n - 1))
    return F.sum(F.mul(mid, d), ax)


trapz.__doc__ = opdoc(
    "The integral of ``y`` along ``dim`` by the trapezoidal rule, at the points ``x`` (or "
    "spaced ``dx`` apart). Bool and integer ``y`` compute in Float32.",
    ["y (Tensor): the values.", "x (Tensor, optional): the points: 1-D along ``dim`` or of "
     "``y``'s shape. Default: ``None``.", "dx (float): (keyword-only) the spacing without "
     "``x``. Default: ``1.0``.", "dim (int): (keyword-only) the axis. Default: ``-1``."],
    "Tensor: ``y``'s shape without ``dim``.",
    ["TypeError: ``y`` or ``x`` is not a Tensor, or ``dim``/``dx`` has the wrong type."],
    example("ops.trapz(y, dx=0.5)", "[2.25 3.  ]",
            ["y = " + array([[1.0, 2.0, 4.0], [3.0, 3.0, 3.0]])]))


def cov(input, *, correction=1, fweights=None, aweights=None):
    op = "cov"
    check_tensor(input, op, "input")
    check_int(correction, op, "correction")
    if input.ndim > 2:
        raise ValueError("%s: 'input' must be 1-D or 2-D, but got shape %s"
                         % (public_name(op), input.shape))
    F = _F()
    x = input.reshape((1, -1)) if input.ndim < 2 else input
    if x.dtype == mstype.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name(op))
    if x.dtype not in (mstype.float32, mstype.float64):  # as MindSpore 2.10: Float16 too
        x = x.astype(mstype.float32)
    n = x.shape[1]
    w = None
    if fweights is not None:
        check_tensor(fweights, op, "fweights")
        w = fweights.astype(x.dtype)
    if aweights is not None:
        check_tensor(aweights, op, "aweights")
        w = aweights.astype(x.dtype) if w is None else F.mul(w, aweights.astype(x.dtype))
    if w is None:
        wsum = float(n)
        avg = F.mean(x, 1, True)
        xm = F.sub(x, avg)
        norm = wsum - correction
        c = F.div(F.matmul(xm, F.transpose(xm, (1, 0))), norm)
    else:
        wsum = F.sum(w)
        avg = F.div(F.sum(F.mul(x, w), 1, True), wsum)
        xm = F.sub(x, avg)
        if aweights is None or correction == 0:
            norm = F.sub(wsum, float(correction))
        else:
            norm = F.sub(wsum, F.div(F.sum(F.mul(w, aweights.astype(x.dtype))), wsum)
                         * correction)
        c = F.div(F.matmul(F.mul(xm, w), F.transpose(xm, (1, 0))), norm)
    return c.reshape(()) if input.ndim < 2 or input.shape[0] == 1 else c


cov.__doc__ = opdoc(
    "The covariance matrix of the variables in the rows of ``input`` (observations in the "
    "columns), optionally weighted by observation counts ``fweights`` and importances "
    "``aweights``; the normalization is ``sum(w) - correction`` (``sum(w) - correction * "
    "sum(w * aweights) / sum(w)`` with ``aweights``). Integer, Float16 and BFloat16 inputs "
    "compute in Float32 (as MindSpore 2.10).",
    ["input (Tensor): 1-D (one variable) or 2-D.", "correction (int): (keyword-only) the "
     "degrees of freedom removed. Default: ``1``.", "fweights (Tensor, optional): "
     "(keyword-only) integer counts of the observations. Default: ``None``.",
     "aweights (Tensor, optional): (keyword-only) float weights of the observations. "
     "Default: ``None``."],
    "Tensor: ``(rows, rows)``, 0-D for one variable.",
    ["TypeError: an argument has the wrong type, or ``input`` is Bool.",
     "ValueError: ``input`` is above 2-D."],
    example("ops.cov(x)", "[[ 7.        -3.8333333]\n [-3.8333333  2.25     ]]",
            ["x = " + array([[1.0, 2.0, 4.0, 7.0], [3.0, 3.0, 1.0, 0.0]])]))


def mvlgamma(input, p):
    op = "mvlgamma"
    _float(input, op, "input")
    check_int(p, op, "p")
    if p < 1:
        raise ValueError("%s: 'p' must be >= 1, but got %d" % (public_name(op), p))
    if not bool((input.asnumpy() > (p - 1) / 2).all()):
        raise ValueError("%s: all elements of 'input' must be greater than (p - 1) / 2 = %s"
                         % (public_name(op), (p - 1) / 2))
    F = _F()
    total = None
    for i in range(p):
        term = F.lgamma(F.sub(input, i / 2))
        total = term if total is None else F.add(total, term)
    return F.add(total, p * (p - 1) / 4 * math.log(math.pi))


mvlgamma.__doc__ = opdoc(
    "The multivariate log-gamma function of dimension ``p``: ``p (p - 1) / 4 * log(pi) + "
    "sum_{i < p} lgamma(input - i / 2)``.",
    ["input (Tensor): float, every element above ``(p - 1) / 2``.", "p (int): the dimension, "
     ">= 1."], "Tensor of ``input``'s shape and dtype.",
    ["TypeError: ``input`` is not a float Tensor or ``p`` not an int.",
     "ValueError: ``p`` < 1 or an element of ``input`` is at most ``(p - 1) / 2``."],
    example("ops.mvlgamma(x, 3)", "[2.6949248 5.402975 ]", ["x = " + array([3.0, 4.0])]))


# ----- max unpooling ----------------------------------------------------------------------------
def _tuple_n(v, n, op, name, default=None):
    if v is None:
        return default
    if isinstance(v, int) and not isinstance(v, bool):
        return (v,) * n
    if isinstance(v, (tuple, list)) and len(v) == n and all(
            isinstance(i, int) and not isinstance(i, bool) for i in v):
        return tuple(v)
    raise TypeError("%s: '%s' must be an int or %d ints, but got %r" % (public_name(op), name, n,
                                                                       v))


def _max_unpool(x, indices, kernel_size, stride, padding, output_size, n, op):
    check_tensor(x, op, "x")
    check_tensor(indices, op, "indices")
    if not x.dtype.is_floating_point:
        raise TypeError("%s: 'x' must be a float Tensor, but got %s" % (public_name(op), x.dtype))
    if indices.dtype not in (mstype.int32, mstype.int64):
        raise TypeError("%s: 'indices' must be an Int32/Int64 Tensor, but got %s"
                        % (public_name(op), indices.dtype))
    if x.ndim not in (n + 1, n + 2) or tuple(indices.shape) != tuple(x.shape):
        raise ValueError("%s: 'x' must be %d-D or %d-D and 'indices' of its shape, but got %s "
                         "and %s" % (public_name(op), n + 1, n + 2, x.shape, indices.shape))
    if kernel_size is None or padding is None:
        raise TypeError("%s: 'kernel_size' and 'padding' must be ints or %d ints, but got %r and "
                        "%r" % (public_name(op), n, kernel_size, padding))
    k = _tuple_n(kernel_size, n, op, "kernel_size")
    st = _tuple_n(stride, n, op, "stride", k)
    pd = _tuple_n(padding, n, op, "padding")
    for name, vals, low in (("kernel_size", k, 1), ("stride", st, 1), ("padding", pd, 0)):
        if any(v < low or v > 2 ** 16 for v in vals):
            raise ValueError("%s: '%s' must be in [%d, 65536], but got %s"
                             % (public_name(op), name, low, vals))
    spatial = tuple(x.shape[-n:])
    out = tuple((i - 1) * s - 2 * p + kk for i, s, p, kk in zip(spatial, st, pd, k))
    if output_size is not None and not isinstance(output_size, (tuple, list)):
        raise TypeError("%s: 'output_size' must be a tuple of ints, but got %r"
                        % (public_name(op), output_size))
    if output_size is not None and len(output_size) > 0:
        size = tuple(output_size)[-n:]
        if len(size) != n or any(isinstance(v, bool) or not isinstance(v, int) or not
                                 0 < v <= 2 ** 20 for v in size):
            raise ValueError("%s: 'output_size' must end with %d positive ints, but got %r"
                             % (public_name(op), n, output_size))
        out = size
    if any(v <= 0 for v in out):
        raise ValueError("%s: the output size %s is not positive" % (public_name(op), out))
    volume = int(np.prod(out))
    idx = indices.asnumpy()
    if idx.size and (idx.min() < 0 or idx.max() >= volume):
        raise ValueError("%s: 'indices' must be in [0, %d), but got values in [%d, %d]"
                         % (public_name(op), volume, idx.min(), idx.max()))
    return unpool_scatter(x, indices, out)


def unpool_scatter(x, indices, spatial_out):
    """The max-unpooling core shared by every face (ops, nn and mint): each value of ``x`` put
    at its flat index ``indices`` (within the last ``len(spatial_out)`` axes) of a zero tensor
    whose trailing axes are ``spatial_out``. Differentiable in ``x`` in both modes."""
    F = _F()
    n = len(spatial_out)
    lead = tuple(x.shape[:-n])
    volume = int(np.prod(spatial_out))
    flat_x = F.reshape(x, lead + (-1,))
    flat_i = F.cast(F.reshape(indices, lead + (-1,)), mstype.int64)
    base = F.zeros(lead + (volume,), x.dtype)
    outp = F.tensor_scatter_elements(base, flat_i, flat_x, len(lead))
    return F.reshape(outp, lead + tuple(spatial_out))


def max_unpool1d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, output_size, 1, "max_unpool1d")


def max_unpool2d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, output_size, 2, "max_unpool2d")


def max_unpool3d(x, indices, kernel_size, stride=None, padding=0, output_size=None):
    return _max_unpool(x, indices, kernel_size, stride, padding, output_size, 3, "max_unpool3d")


for _f, _n, _ex in ((max_unpool1d, 1, ("ops.max_unpool1d(x, i, 2)", "[[0. 2. 0. 4.]]",
                                        ["x = " + array([[2.0, 4.0]]),
                                         "i = " + array([[1, 3]], "int64")])),
                    (max_unpool2d, 2, ("ops.max_unpool2d(x, i, 2).shape", "(1, 1, 2, 2)",
                                       ["x = " + array([[[[5.0]]]]),
                                        "i = " + array([[[[3]]]], "int64")])),
                    (max_unpool3d, 3, ("ops.max_unpool3d(x, i, 2).shape", "(1, 1, 2, 2, 2)",
                                       ["x = " + array([[[[[5.0]]]]]),
                                        "i = " + array([[[[[7]]]]], "int64")]))):
    _f.__doc__ = opdoc(
        "The partial inverse of %d-D max pooling: each value of ``x`` is put at its flat index "
        "``indices`` (within the spatial volume of its sample and channel) of a zero tensor of "
        "spatial size ``(in - 1) * stride - 2 * padding + kernel_size`` (or ``output_size``)."
        % _n,
        ["x (Tensor): float, ``(N, C, *spatial)`` or ``(C, *spatial)``.",
         "indices (Tensor): Int32/Int64 flat indices, of ``x``'s shape (as max pooling with "
         "``return_indices`` gives).", "kernel_size (Union[int, tuple[int]]): the pooling "
         "window.", "stride (Union[int, tuple[int]], optional): the pooling step; None: "
         "``kernel_size``. Default: ``None``.", "padding (Union[int, tuple[int]]): the pooling "
         "padding. Default: ``0``.", "output_size (tuple[int], optional): the output's shape "
         "(its last %d entries are used). Default: ``None``." % _n],
        "Tensor of ``x``'s dtype, ``x``'s leading axes and the output spatial size.",
        ["TypeError: an operand has the wrong dtype or an argument the wrong type.",
         "ValueError: the shapes do not fit or an index is out of range."],
        example(*_ex))


__all__ = ["conv1d", "avg_pool1d", "avg_pool3d", "adaptive_avg_pool3d", "lrn",
           "hinge_embedding_loss", "gaussian_nll_loss", "multilabel_soft_margin_loss",
           "hann_window", "hamming_window", "blackman_window", "kaiser_window", "is_nonzero",
           "approximate_equal", "trapz", "cov", "mvlgamma", "max_unpool1d", "max_unpool2d",
           "max_unpool3d"]
