"""More MindSpore 2.10 ops functions composed of mindcell's: conv3d_transpose, quantile /
nanquantile, bartlett_window, swiglu and the older names log_matrix_determinant and tensor_exp
(sgn is in complex_func). Gradients and GRAPH_MODE come from the ops they are made of."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_choice, check_int, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.function._opdoc import array, example, opdoc


def _F():
    from mindcell.ops import functional
    return functional


# ----- conv3d_transpose ------------------------------------------------------------------------
def _upsample_zeros(x, axis, s):
    """Insert ``s - 1`` zeros between the elements of ``x`` along ``axis``."""
    if s == 1 or x.shape[axis] <= 1:
        return x
    F = _F()
    n = x.shape[axis]
    moved = F.moveaxis(x, axis, -1)
    z = F.zeros(moved.shape + (s - 1,), moved.dtype)
    inter = F.concat((F.expand_dims(moved, -1), z), -1).reshape(moved.shape[:-1] + (n * s,))
    inter = inter[..., :(n - 1) * s + 1]
    return F.moveaxis(inter, -1, axis)


def _pad_or_crop(x, axis, before, after):
    F = _F()
    if before < 0:
        x = F.narrow(x, axis, -before, x.shape[axis] + before)
        before = 0
    if after < 0:
        x = F.narrow(x, axis, 0, x.shape[axis] + after)
        after = 0
    if before or after:
        pads = [(0, 0)] * x.ndim
        pads[axis] = (before, after)
        x = F.pad(x, tuple(v for pair in reversed(pads) for v in pair))
    return x


def conv3d_transpose(inputs, weight, pad_mode="valid", padding=0, stride=1, dilation=1, group=1,
                     output_padding=0):
    op = "conv3d_transpose"
    from mindcell.ops.function.conv3d_func import padding6, triple
    check_tensor(inputs, op, "inputs")
    check_tensor(weight, op, "weight")
    if inputs.ndim != 5 or weight.ndim != 5:
        raise ValueError("%s: 'inputs' must be 5-D (N, C_in, D, H, W) and 'weight' 5-D (C_in, "
                         "C_out / group, kD, kH, kW), but got %s and %s"
                         % (public_name(op), inputs.shape, weight.shape))
    check_choice(pad_mode, op, "pad_mode", ("valid", "same", "pad"))
    stride, dilation = triple(stride, op, "stride"), triple(dilation, op, "dilation")
    out_pad = triple(output_padding, op, "output_padding", 0)
    group = check_int(group, op, "group", 1)
    pads = padding6(padding, op)
    if pad_mode != "pad" and any(pads):
        raise ValueError("%s: 'padding' must be 0 unless pad_mode is 'pad'" % public_name(op))
    c_in = inputs.shape[1]
    if weight.shape[0] != c_in or c_in % group:
        raise ValueError("%s: weight.shape[0] must be the input channels %d, divisible by group "
                         "%d, but got weight shape %s" % (public_name(op), c_in, group,
                                                          weight.shape))
    ksize = weight.shape[2:]
    F = _F()
    w = F.cast(weight, inputs.dtype)
    x = inputs
    for i in range(3):
        span = dilation[i] * (ksize[i] - 1)
        if pad_mode == "same":
            total = span + 1 - stride[i]
            before, after = max(total, 0) // 2, max(total, 0) - max(total, 0) // 2
            extra = max(-total, 0)
        else:
            before, after, extra = pads[2 * i], pads[2 * i + 1], 0
        x = _upsample_zeros(x, 2 + i, stride[i])
        x = _pad_or_crop(x, 2 + i, span - before, span - after + out_pad[i] + extra)
    # the transposed kernel: flipped, in/out swapped within each group
    c_out_g = weight.shape[1]
    w = F.flip(w, (2, 3, 4)).reshape((group, c_in // group, c_out_g) + tuple(ksize))
    w = F.transpose(w, (0, 2, 1, 3, 4, 5)).reshape((group * c_out_g, c_in // group) +
                                                   tuple(ksize))
    return F.conv3d(x, w, None, 1, "valid", 0, dilation, group)


conv3d_transpose.__doc__ = opdoc(
    "The 3-D transposed convolution (the gradient of :func:`conv3d` with respect to its input): "
    "each input element scatters ``weight`` times its value into the output.",
    ["inputs (Tensor): float, :math:`(N, C_{in}, D, H, W)`.",
     "weight (Tensor): :math:`(C_{in}, C_{out} / group, kD, kH, kW)`.",
     "pad_mode (str): ``'valid'``, ``'same'`` (output ``D * stride``) or ``'pad'``. Default: "
     "``'valid'``.",
     "padding (Union[int, tuple[int]]): with ``'pad'``, an int, 3 ints or (head, tail, top, "
     "bottom, left, right), cropped from the output. Default: ``0``.",
     "stride (Union[int, tuple[int]]): Default: ``1``.",
     "dilation (Union[int, tuple[int]]): Default: ``1``.",
     "group (int): Default: ``1``.",
     "output_padding (Union[int, tuple[int]]): extra size added at the end of each dimension. "
     "Default: ``0``."],
    "Tensor of shape :math:`(N, C_{out}, D_{out}, H_{out}, W_{out})`, :math:`D_{out} = (D - 1) "
    "s + d (k - 1) + 1 + output\\_padding - pad`.",
    ["TypeError: an input is not a Tensor or a size not an int.",
     "ValueError: the shapes, ``pad_mode`` or ``padding`` are wrong."],
    example("ops.conv3d_transpose(x, w).shape", "(1, 3, 3, 4, 3)",
            ["x = Tensor(np.ones((1, 2, 2, 2, 2), np.float32))",
             "w = Tensor(np.ones((2, 3, 2, 3, 2), np.float32))"]))


# ----- quantile / nanquantile ---------------------------------------------------------------
def _quantile(input, q, axis, keepdims, op, ignore_nan):
    if not isinstance(input, Tensor) or input._np_dtype not in (np.float32, np.float64):
        raise TypeError("%s: 'input' must be a Float32 or Float64 Tensor, but got %s"
                        % (public_name(op), getattr(input, "dtype", type(input).__name__)))
    check_bool(keepdims, op, "keepdims")
    F = _F()
    scalar_q = not isinstance(q, Tensor) or q.ndim == 0
    if isinstance(q, Tensor):
        if q.dtype != input.dtype or q.ndim > 1:
            raise TypeError("%s: a Tensor 'q' must be 0-D or 1-D of input's dtype %s, but got %s "
                            "of shape %s" % (public_name(op), input.dtype, q.dtype, q.shape))
        qv = q.asnumpy().reshape(-1)
    elif isinstance(q, (int, float)) and not isinstance(q, bool):
        qv = np.array([q], np.float64)
    else:
        raise TypeError("%s: 'q' must be a float or a Tensor, but got %s"
                        % (public_name(op), type(q).__name__))
    if np.any((qv < 0) | (qv > 1)) or np.any(np.isnan(qv)):
        raise ValueError("%s: 'q' must be in [0, 1], but got %s" % (public_name(op), qv.tolist()))
    x = input
    if axis is None:
        x, ax = x.reshape((-1,)), 0
    else:
        ax = check_int(axis, op, "axis", -max(input.ndim, 1), max(input.ndim, 1) - 1)
        ax = ax % max(input.ndim, 1)
        if input.ndim == 0:
            x = x.reshape((1,))
    x = F.moveaxis(x, ax, -1)  # (..., n)
    n = x.shape[-1]
    if n == 0:
        raise ValueError("%s: 'input' is empty along the reduced axis" % public_name(op))
    srt = F.sort(x, -1)[0]  # NaNs sort last
    nan = F.isnan(x)
    count = F.cast(F.reduce_sum(F.cast(F.logical_not(nan), mstype.int32), -1, True), x.dtype) \
        if ignore_nan else None
    outs = []
    for v in qv:
        if ignore_nan:
            pos = F.maximum(count - 1.0, F.zeros_like(count)) * float(v)  # (..., 1)
        else:
            pos = F.fill(x.dtype, x.shape[:-1] + (1,), float(v) * (n - 1))
        lo = F.floor(pos)
        hi = F.minimum(F.ceil(pos), F.fill(x.dtype, pos.shape, float(n - 1)))
        a = F.gather_elements(srt, -1, F.cast(lo, mstype.int64))
        b = F.gather_elements(srt, -1, F.cast(hi, mstype.int64))
        r = a + (b - a) * (pos - lo)
        if ignore_nan:
            r = F.where(count == 0, F.full_like(r, float("nan")), r)
        else:
            r = F.where(F.any(nan, -1, True), F.full_like(r, float("nan")), r)
        outs.append(F.squeeze(r, -1))
    out = F.stack(outs, 0)  # (Q, ...)
    if keepdims:
        if axis is None:
            out = out.reshape((len(qv),) + (1,) * input.ndim)
        else:
            out = F.expand_dims(out, ax + 1)
    return out[0] if scalar_q else out


def quantile(input, q, axis=None, keepdims=False):
    return _quantile(input, q, axis, keepdims, "quantile", False)


def nanquantile(input, q, axis=None, keepdims=False):
    return _quantile(input, q, axis, keepdims, "nanquantile", True)


_Q_ARGS = ["input (Tensor): Float32 or Float64.",
           "q (Union[float, Tensor]): the quantiles in [0, 1]: a float, or a 0-D or 1-D Tensor of "
           "``input``'s dtype.",
           "axis (int, optional): the axis to reduce; None flattens ``input``. Default: "
           "``None``.", "keepdims (bool): keep the reduced axis as size 1. Default: ``False``."]
_Q_RETURNS = ("Tensor of ``input``'s dtype: the reduced shape, with a leading axis of "
              "``len(q)`` for a 1-D ``q``.")
_Q_RAISES = ["TypeError: ``input`` is not a Float32/Float64 Tensor, or ``q`` of a wrong type.",
             "ValueError: ``q`` is outside [0, 1] or ``axis`` out of range."]
quantile.__doc__ = opdoc(
    "The ``q``-th quantiles of ``input`` along ``axis``, linearly interpolated between the two "
    "nearest sorted values (NaN where the reduced values hold a NaN).", _Q_ARGS, _Q_RETURNS,
    _Q_RAISES, example("ops.quantile(x, Tensor(np.array([0.25, 0.5], np.float32)))",
                       "[1.75 2.5 ]", ["x = " + array([4.0, 1.0, 3.0, 2.0])]))
nanquantile.__doc__ = opdoc(
    "The ``q``-th quantiles of ``input`` along ``axis`` ignoring NaNs (NaN where all reduced "
    "values are NaN), linearly interpolated.", _Q_ARGS, _Q_RETURNS, _Q_RAISES,
    example("ops.nanquantile(x, 0.5)", "2.5", ["x = " + array([4.0, 1.0, float("nan"), 3.0,
                                                                2.0]).replace("nan", "np.nan")]))


# ----- windows, activations, older names --------------------------------------------------------
def bartlett_window(window_length, periodic=True, *, dtype=None):
    op = "bartlett_window"
    check_tensor(window_length, op, "window_length")
    if window_length._np_dtype.kind not in "iu" or window_length.size != 1:
        raise TypeError("%s: 'window_length' must be an integer Tensor of one value, but got %s "
                        "of shape %s" % (public_name(op), window_length.dtype,
                                         window_length.shape))
    if int(window_length.asnumpy().reshape(())) < 0:
        raise ValueError("%s: 'window_length' must be >= 0, but got %d"
                         % (public_name(op), int(window_length.asnumpy().reshape(()))))
    check_bool(periodic, op, "periodic")
    dtype = mstype.float32 if dtype is None else dtype
    if not any(dtype is d for d in (mstype.float16, mstype.float32, mstype.float64)):
        raise TypeError("%s: 'dtype' must be Float16, Float32 or Float64, but got %r"
                        % (public_name(op), dtype))
    from mindcell.ops.operations_from_functions import bartlett_window as window
    return window(window_length, periodic, dtype)


bartlett_window.__doc__ = opdoc(
    "The Bartlett (triangular) window :math:`w[n] = 1 - |2n / (N - 1) - 1|`; ``periodic`` "
    "computes ``N + 1`` points and drops the last (for spectral analysis).",
    ["window_length (Tensor): a 0-D integer Tensor, ``N`` >= 0.",
     "periodic (bool): Default: ``True``.",
     "dtype (mindspore.dtype, optional): Float16, Float32 or Float64; None for Float32. "
     "Default: ``None``."],
    "1-D Tensor of ``window_length`` values.",
    ["TypeError: ``window_length`` is not an integer Tensor, ``periodic`` not a bool or "
     "``dtype`` not a float dtype.", "ValueError: ``window_length`` is negative."],
    example("ops.bartlett_window(Tensor(5), periodic=False)", "[0.  0.5 1.  0.5 0. ]"))


def swiglu(input, dim=-1):
    op = "swiglu"
    check_tensor(input, op, "input")
    if not input.dtype.is_floating_point:
        raise TypeError("%s: 'input' must be a float Tensor, but got %s"
                        % (public_name(op), input.dtype))
    d = check_int(dim, op, "dim", -max(input.ndim, 1), max(input.ndim, 1) - 1)
    if input.ndim == 0 or input.shape[d] % 2:
        raise ValueError("%s: input.shape[dim] must be even, but got shape %s and dim %d"
                         % (public_name(op), input.shape, dim))
    F = _F()
    a, b = F.chunk(input, 2, d)
    return a * F.sigmoid(a) * b


swiglu.__doc__ = opdoc(
    "The SwiGLU gate: ``input`` split in halves ``a`` and ``b`` along ``dim``, ``swish(a) * b`` "
    "with ``swish(a) = a * sigmoid(a)``.",
    ["input (Tensor): float, ``input.shape[dim]`` even.",
     "dim (int): the axis to split. Default: ``-1``."],
    "Tensor of ``input``'s shape with ``dim`` halved.",
    ["TypeError: ``input`` is not a float Tensor or ``dim`` not an int.",
     "ValueError: ``input.shape[dim]`` is odd or ``dim`` out of range."],
    example("ops.swiglu(x)", "[[0.7310586 0.       ]]", ["x = " + array([[1.0, 0.0, 1.0, 5.0]])]))


def log_matrix_determinant(input):
    return _F().slogdet(input)


log_matrix_determinant.__doc__ = "The same as :func:`slogdet` (MindSpore's older name).\n\n" + \
    opdoc("The sign and the natural logarithm of the absolute determinant of square matrices.",
          ["input (Tensor): float, :math:`(..., M, M)`."],
          "Tuple of (sign, logabsdet), each of shape :math:`(...)` and ``input``'s dtype.",
          ["TypeError: ``input`` is not a float Tensor.", "ValueError: not square matrices."],
          example("ops.log_matrix_determinant(x)[1]", "0.6931472",
                  ["x = " + array([[-2.0, 0.0], [0.0, 1.0]])]))


def tensor_exp(input):
    return _F().exp(input)


tensor_exp.__doc__ = "The same as :func:`exp` (MindSpore's internal name).\n\n" + opdoc(
    "The exponential :math:`e^x` of ``input``, elementwise.", ["input (Tensor): a float tensor."],
    "Tensor of ``input``'s shape and dtype.", ["TypeError: ``input`` is not a float Tensor."],
    example("ops.tensor_exp(x)", "[1.        2.7182817]", ["x = " + array([0.0, 1.0])]))


def tensor_expm1(input):
    return _F().expm1(input)


tensor_expm1.__doc__ = "The same as :func:`expm1` (MindSpore's internal name).\n\n" + opdoc(
    ":math:`e^x - 1` of ``input``, elementwise.", ["input (Tensor): a float tensor."],
    "Tensor of ``input``'s shape and dtype.", ["TypeError: ``input`` is not a float Tensor."],
    example("ops.tensor_expm1(x)", "[0.        1.7182819]", ["x = " + array([0.0, 1.0])]))


def shape_(x):
    return _F().shape(x)


shape_.__doc__ = "The same as :func:`shape` (MindSpore's ``ops.shape_``, a ``Shape()``).\n\n" + \
    opdoc("The shape of a tensor.", ["x (Tensor): the input."], "tuple[int], its shape.",
          ["TypeError: ``x`` is not a Tensor."],
          example("ops.shape_(x)", "(2,)", ["x = " + array([0.0, 1.0])]))


__all__ = ["conv3d_transpose", "quantile", "nanquantile", "bartlett_window", "swiglu",
           "log_matrix_determinant", "tensor_exp", "tensor_expm1", "shape_"]
