"""MindSpore 2.10 ops functions composed of mindcell's: power-average pooling (lp_pool1d/2d),
3-D adaptive max pooling, col2im, affine_grid, bidense, the triplet and multilabel margin losses,
sparse_segment_mean, nextafter and the older names soft_shrink, accumulate_n and
inplace_index_add. Gradients and GRAPH_MODE come from the ops they are made of; each checks its
own arguments first so errors name it."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_reduction, public_name
from mindcell.ops._helpers import check_tensor
from mindcell.ops.defs.nextafter import nextafter_p
from mindcell.ops.function._opdoc import array, example, opdoc


def _F():
    from mindcell.ops import functional
    return functional


def _is_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def _float_tensor(x, op, arg, dtypes=None):
    check_tensor(x, op, arg)
    if not x.dtype.is_floating_point or (dtypes and x._np_dtype not in dtypes):
        raise TypeError("%s: '%s' must be a %s Tensor, but got %s"
                        % (public_name(op), arg, " or ".join(str(np.dtype(d)).capitalize()
                                                            for d in dtypes) if dtypes
                           else "float", x.dtype))
    return x


# ----- power-average pooling ---------------------------------------------------------------------
def _norm_type(norm_type, op):
    if not isinstance(norm_type, (float, int)) or isinstance(norm_type, bool):
        raise TypeError("%s: 'norm_type' must be a float or an int, but got %s"
                        % (public_name(op), type(norm_type).__name__))
    if norm_type == 0:
        raise ValueError("%s: 'norm_type' must not be 0" % public_name(op))
    return float(norm_type)


def lp_pool1d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    op = "lp_pool1d"
    check_tensor(x, op, "x")
    p = _norm_type(norm_type, op)
    s = kernel_size if stride is None else stride
    if not _is_int(kernel_size) or not _is_int(s):
        raise TypeError("%s: 'kernel_size' and 'stride' must be ints, but got %r and %r"
                        % (public_name(op), kernel_size, s))
    check_bool(ceil_mode, op, "ceil_mode")
    if x.ndim not in (2, 3):
        raise ValueError("%s: 'x' must be 2-D (C, L) or 3-D (N, C, L), but got shape %s"
                         % (public_name(op), x.shape))
    F = _F()
    unbatched = x.ndim == 2
    if unbatched:
        x = F.expand_dims(x, 0)
    avg = F.avg_pool2d(F.expand_dims(F.pow(x, p), 2), (1, kernel_size), (1, s), 0, ceil_mode)
    out = F.squeeze(F.pow(avg * float(kernel_size), 1.0 / p), 2)
    return F.squeeze(out, 0) if unbatched else out


lp_pool1d.__doc__ = opdoc(
    "Power-average pooling over the last axis: :math:`(\\sum_{window} x^p)^{1/p}` (NaN where an "
    "odd ``p`` meets a negative sum, as in MindSpore).",
    ["x (Tensor): float, :math:`(N, C, L)` or :math:`(C, L)`.",
     "norm_type (Union[int, float]): the power :math:`p`, not 0.",
     "kernel_size (int): the window length.",
     "stride (int, optional): the step; None for ``kernel_size``. Default: ``None``.",
     "ceil_mode (bool): round the output length up (a last, partial window). Default: "
     "``False``."],
    "Tensor of ``x``'s rank and dtype, the last axis pooled.",
    ["TypeError: ``x`` is not a Tensor, ``norm_type`` not a number or a size not an int.",
     "ValueError: ``norm_type`` is 0 or ``x`` is not 2-D or 3-D."],
    example("ops.lp_pool1d(x, 2, 2)", "[[[5. 5.]]]", ["x = " + array([[[3.0, 4.0, 0.0, 5.0]]])]))


def lp_pool2d(x, norm_type, kernel_size, stride=None, ceil_mode=False):
    op = "lp_pool2d"
    check_tensor(x, op, "x")
    p = _norm_type(norm_type, op)
    k = kernel_size if isinstance(kernel_size, (tuple, list)) else (kernel_size, kernel_size)
    s = k if stride is None else stride
    if len(k) != 2 or not all(_is_int(v) for v in k):
        raise TypeError("%s: 'kernel_size' must be an int or a pair of ints, but got %r"
                        % (public_name(op), kernel_size))
    check_bool(ceil_mode, op, "ceil_mode")
    if x.ndim != 4:
        raise ValueError("%s: 'x' must be 4-D (N, C, H, W), but got shape %s"
                         % (public_name(op), x.shape))
    F = _F()
    avg = F.avg_pool2d(F.pow(x, p), tuple(k), s, 0, ceil_mode)
    return F.pow(avg * float(k[0] * k[1]), 1.0 / p)


lp_pool2d.__doc__ = opdoc(
    "Power-average pooling over the last two axes: :math:`(\\sum_{window} x^p)^{1/p}`.",
    ["x (Tensor): float, :math:`(N, C, H, W)`.",
     "norm_type (Union[int, float]): the power :math:`p`, not 0.",
     "kernel_size (Union[int, tuple[int]]): the window, an int or ``(kH, kW)``.",
     "stride (Union[int, tuple[int]], optional): the step; None for ``kernel_size``. Default: "
     "``None``.",
     "ceil_mode (bool): round the output size up. Default: ``False``."],
    "Tensor of shape :math:`(N, C, H_{out}, W_{out})` and ``x``'s dtype.",
    ["TypeError: ``x`` is not a Tensor, ``norm_type`` not a number or a size not an int.",
     "ValueError: ``norm_type`` is 0 or ``x`` is not 4-D."],
    example("ops.lp_pool2d(x, 1, 2)", "[[[[10.]]]]", ["x = " + array([[[[1.0, 2.0], [3.0, 4.0]]]])]))


# ----- adaptive_max_pool3d, col2im, affine_grid ----------------------------------------------------
def adaptive_max_pool3d(input, output_size, return_indices=False):
    op = "adaptive_max_pool3d"
    from mindcell.ops.function.resample_func import _adaptive_max, _output_sizes, _pool_input
    check_bool(return_indices, op, "return_indices")
    x = _pool_input(input, 3, op)
    out = _adaptive_max(x, _output_sizes(output_size, x.shape[-3:], op), return_indices)
    if not return_indices:
        return out
    return out[0], _F().cast(out[1], np.int32)  # MindSpore 2.10: Int32 indices


adaptive_max_pool3d.__doc__ = opdoc(
    "3-D adaptive max pooling: the maximum of each adaptive window of (D, H, W), window ``i`` of "
    "a dimension of size ``L`` spanning ``[floor(i * L / out), ceil((i + 1) * L / out))``.",
    ["input (Tensor): float, :math:`(N, C, D, H, W)` or :math:`(C, D, H, W)`.",
     "output_size (Union[int, tuple[int]]): the output (D, H, W), one int for all; a None entry "
     "keeps that input size.",
     "return_indices (bool): also return the Int32 position ``d * H * W + h * W + w`` of each "
     "maximum in its input volume. Default: ``False``."],
    "Tensor, or ``(output, indices)`` with ``return_indices``.",
    ["TypeError: ``input`` is not a float Tensor, a size not an int or ``return_indices`` not a "
     "bool.", "ValueError: ``input`` is not 4-D or 5-D, or ``output_size`` is wrong."],
    example("ops.adaptive_max_pool3d(x, (1, 1, 2), True)[1]", "[[[[6 7]]]]",
            ["x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 2, 2, 2))"]))


def col2im(input_x, output_size, kernel_size, dilation, padding_value, stride):
    op = "col2im"
    check_tensor(input_x, op, "input_x")
    if input_x.ndim != 4:
        raise ValueError("%s: 'input_x' must be 4-D (N, C, kH * kW, L), but got shape %s"
                         % (public_name(op), input_x.shape))
    n, c, k, length = input_x.shape
    cols = input_x.reshape((n, c * k, length))
    return _F().fold(cols, output_size, kernel_size, dilation, padding_value, stride)


col2im.__doc__ = opdoc(
    "Sums sliding-window columns back into images (the adjoint of ``unfold``), where windows "
    "overlap their values adding up; :func:`fold` with the columns of each channel on their own "
    "axis.",
    ["input_x (Tensor): float, :math:`(N, C, kH * kW, L)`, ``L`` the number of windows.",
     "output_size (Union[Tensor, tuple[int]]): the image size (H, W), a Tensor of 2 ints (a "
     "pair of ints is accepted too).",
     "kernel_size (Union[int, tuple[int]]): the window size.",
     "dilation (Union[int, tuple[int]]): the spacing of a window's elements.",
     "padding_value (Union[int, tuple[int]]): the padding of the image.",
     "stride (Union[int, tuple[int]]): the step between windows."],
    "Tensor of shape :math:`(N, C, H, W)` and ``input_x``'s dtype.",
    ["TypeError: ``input_x`` is not a Tensor or a size not an int.",
     "ValueError: ``input_x`` is not 4-D or ``L`` is not the number of windows."],
    example("ops.col2im(x, Tensor(np.array([3, 3], np.int32)), 2, 1, 0, 1)[0, 0]",
            "[[1. 2. 1.]\n [2. 4. 2.]\n [1. 2. 1.]]",
            ["x = Tensor(np.ones((1, 1, 4, 4), np.float32))"]))

_AFFINE_DTYPES = (np.dtype(np.float16), np.dtype(np.float32))


def _linspace(n, align_corners):
    if n == 1:
        return np.zeros(1)
    v = np.linspace(-1.0, 1.0, n)
    return v if align_corners else v * (n - 1) / n


def affine_grid(theta, size, align_corners=False):
    op = "affine_grid"
    _float_tensor(theta, op, "theta", _AFFINE_DTYPES)
    check_bool(align_corners, op, "align_corners")
    if not isinstance(size, (tuple, list)) or len(size) not in (4, 5) or \
            not all(_is_int(v) and v > 0 for v in size):
        raise ValueError("%s: 'size' must be a tuple of 4 or 5 positive ints (N, C, H, W) or "
                         "(N, C, D, H, W), but got %r" % (public_name(op), size))
    nd = len(size) - 2
    if tuple(theta.shape) != (size[0], nd, nd + 1):
        raise ValueError("%s: 'theta' must have shape %s for size %r, but got %s"
                         % (public_name(op), (size[0], nd, nd + 1), tuple(size), theta.shape))
    # base grid: (..., x, y[, z], 1) with x along the last (width) axis
    axes = [_linspace(n, align_corners) for n in size[2:]]
    mesh = np.meshgrid(*axes, indexing="ij")  # D/H/W order
    base = np.stack(list(mesh[::-1]) + [np.ones_like(mesh[0])], -1).reshape(-1, nd + 1)
    F = _F()
    base_t = Tensor(base.astype(theta._np_dtype))
    out = F.matmul(F.broadcast_to(base_t, (size[0],) + base.shape), F.swapaxes(theta, 1, 2))
    return out.reshape((size[0],) + tuple(size[2:]) + (nd,))


affine_grid.__doc__ = opdoc(
    "The sampling grid of an affine transform (for :func:`grid_sample`): output point ``i`` is "
    "``theta @ (x_i, y_i[, z_i], 1)`` with the base coordinates spread over [-1, 1] (pixel "
    "centres, or corners with ``align_corners``).",
    ["theta (Tensor): Float16 or Float32, :math:`(N, 2, 3)` for 2-D or :math:`(N, 3, 4)` for "
     "3-D.",
     "size (tuple[int]): the output image size :math:`(N, C, H, W)` or "
     ":math:`(N, C, D, H, W)`.",
     "align_corners (bool): -1 and 1 are the corner pixels' centres instead of the image "
     "edges. Default: ``False``."],
    "Tensor of shape :math:`(N, H, W, 2)` or :math:`(N, D, H, W, 3)` and ``theta``'s dtype.",
    ["TypeError: ``theta`` is not a Float16/Float32 Tensor or ``align_corners`` not a bool.",
     "ValueError: ``size`` or ``theta``'s shape is wrong."],
    example("ops.affine_grid(t, (1, 1, 1, 2), True)", "[[[[-1.  0.]\n   [ 1.  0.]]]]",
            ["t = " + array([[[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]])]))


# ----- bidense, losses ------------------------------------------------------------------------
def bidense(input1, input2, weight, bias=None):
    op = "bidense"
    for arg, t in (("input1", input1), ("input2", input2), ("weight", weight)):
        _float_tensor(t, op, arg)
    if bias is not None:
        _float_tensor(bias, op, "bias")
    if weight.ndim != 3 or input1.ndim < 1 or input2.ndim < 1 or \
            input1.shape[-1] != weight.shape[1] or \
            input2.shape[-1] != weight.shape[2] or input1.shape[:-1] != input2.shape[:-1] or \
            (bias is not None and tuple(bias.shape) != (weight.shape[0],)):
        raise ValueError("%s: expected input1 (..., in1), input2 (..., in2), weight (out, in1, "
                         "in2) and bias (out,), but got %s, %s, %s and %s"
                         % (public_name(op), input1.shape, input2.shape, weight.shape,
                            None if bias is None else bias.shape))
    return bidense_math(input1, input2, weight, bias)


def bidense_math(input1, input2, weight, bias=None):
    """The bilinear transform of checked arguments; ops.bidense and nn.BiDense both compute
    it here."""
    F = _F()
    out_c, in1, in2 = weight.shape
    lead = tuple(input1.shape[:-1])
    x1, x2 = input1.reshape((-1, in1)), input2.reshape((-1, in2))
    # y[b, k] = sum_ij x1[b, i] W[k, i, j] x2[b, j]
    w = F.transpose(weight, (1, 0, 2)).reshape((in1, out_c * in2))
    t = F.matmul(x1, w).reshape((-1, out_c, in2))
    out = F.reduce_sum(t * F.expand_dims(x2, 1), -1)
    if bias is not None:
        out = out + bias
    return out.reshape(lead + (out_c,))


bidense.__doc__ = opdoc(
    "The bilinear transform :math:`y_k = x_1^T W_k x_2 + b_k`.",
    ["input1 (Tensor): float, :math:`(..., in1)`.", "input2 (Tensor): float, :math:`(..., in2)`, "
     "the same leading shape.", "weight (Tensor): :math:`(out, in1, in2)`.",
     "bias (Tensor, optional): :math:`(out,)`. Default: ``None``."],
    "Tensor of shape :math:`(..., out)`.",
    ["TypeError: an input is not a float Tensor.", "ValueError: the shapes do not fit."],
    example("ops.bidense(a, b, w)", "[[2. 3.]]",
            ["a = " + array([[1.0, 2.0]]), "b = " + array([[1.0]]),
             "w = " + array([[[0.0], [1.0]], [[1.0], [1.0]]])]))


def triplet_margin_loss(anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False,
                        reduction="mean"):
    op = "triplet_margin_loss"
    for arg, t in (("anchor", anchor), ("positive", positive), ("negative", negative)):
        _float_tensor(t, op, arg)
    if not _is_int(p) or p < 1:
        raise ValueError("%s: 'p' must be an int >= 1, but got %r" % (public_name(op), p))
    if isinstance(margin, bool) or not isinstance(margin, (int, float)):
        raise TypeError("%s: 'margin' must be a float, but got %s"
                        % (public_name(op), type(margin).__name__))
    if isinstance(eps, bool) or not isinstance(eps, (int, float)):
        raise TypeError("%s: 'eps' must be a float, but got %s"
                        % (public_name(op), type(eps).__name__))
    check_bool(swap, op, "swap")
    check_reduction(reduction, op)
    return triplet_margin_math(anchor, positive, negative, float(margin), p, float(eps), swap,
                               reduction)


def triplet_margin_math(anchor, positive, negative, margin, p, eps, swap, reduction):
    """The triplet margin loss of checked arguments (``margin`` a float or a Tensor);
    ops.triplet_margin_loss and nn.TripletMarginLoss both compute it here."""
    F = _F()

    def dist(u, v):
        d = F.abs(u - v + eps)
        if p == 1:
            return F.reduce_sum(d, -1)
        if p == 2:
            return F.sqrt(F.reduce_sum(F.square(d), -1))
        return F.pow(F.reduce_sum(F.pow(d, float(p)), -1), 1.0 / p)

    d_pos, d_neg = dist(anchor, positive), dist(anchor, negative)
    if swap:
        d_neg = F.minimum(d_neg, dist(positive, negative))
    loss = F.relu(d_pos - d_neg + margin)
    if reduction == "mean":
        return F.reduce_mean(loss)
    return F.reduce_sum(loss) if reduction == "sum" else loss


triplet_margin_loss.__doc__ = opdoc(
    "The triplet margin loss :math:`\\max(d(a, p) - d(a, n) + margin, 0)` with "
    ":math:`d(u, v) = \\lVert u - v + eps \\rVert_p` over the last axis; with ``swap``, "
    ":math:`d(a, n)` is replaced by :math:`\\min(d(a, n), d(p, n))`.",
    ["anchor (Tensor): float, :math:`(N, D)` (or any shape, the last axis the features).",
     "positive (Tensor): like ``anchor``.", "negative (Tensor): like ``anchor``.",
     "margin (float): Default: ``1.0``.", "p (int): the norm degree, >= 1. Default: ``2``.",
     "eps (float): added to the differences. Default: ``1e-06``.",
     "swap (bool): the distance swap. Default: ``False``.",
     "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."],
    "Tensor: the loss per triplet (``'none'``), or their mean or sum.",
    ["TypeError: an input is not a float Tensor, or ``margin``/``eps``/``swap`` of a wrong "
     "type.", "ValueError: ``p`` < 1 or ``reduction`` is not one of the above."],
    example("ops.triplet_margin_loss(a, a, n, eps=0.0)", "0.0",
            ["a = " + array([[0.0, 0.0]]), "n = " + array([[3.0, 4.0]])]))


def multilabel_margin_loss(input, target, reduction="mean"):
    op = "multilabel_margin_loss"
    _float_tensor(input, op, "input")
    check_tensor(target, op, "target")
    if target._np_dtype != np.int32:
        raise TypeError("%s: 'target' must be an Int32 Tensor, but got %s"
                        % (public_name(op), target.dtype))
    if tuple(input.shape) != tuple(target.shape) or input.ndim not in (1, 2):
        raise ValueError("%s: 'input' and 'target' must have the same 1-D or 2-D shape, but got "
                         "%s and %s" % (public_name(op), input.shape, target.shape))
    check_reduction(reduction, op)
    return multilabel_margin_math(input, target, reduction)


def multilabel_margin_math(input, target, reduction):
    """The multi-label hinge loss of checked arguments; ops.multilabel_margin_loss and
    nn.MultilabelMarginLoss both compute it here."""
    F = _F()
    one_d = len(input.shape) == 1
    x, t = (F.expand_dims(input, 0), F.expand_dims(target, 0)) if one_d else (input, target)
    c = x.shape[1]
    # the targets of a row are its entries before the first -1
    valid = F.cast(F.cumsum(F.cast(t == -1, np.int32), 1) == 0, x.dtype)  # (N, J)
    idx = F.maximum(t, F.zeros_like(t))
    onehot = F.one_hot(idx, c, Tensor(np.ones((), x._np_dtype)),
                       Tensor(np.zeros((), x._np_dtype)))  # (N, J, C)
    is_target = F.reduce_max(onehot * F.expand_dims(valid, 2), 1)  # (N, C)
    x_y = F.gather_elements(x, 1, idx)  # (N, J)
    hinge = F.relu(1.0 - F.expand_dims(x_y, 2) + F.expand_dims(x, 1))
    hinge = hinge * F.expand_dims(valid, 2) * F.expand_dims(1.0 - is_target, 1)
    loss = F.reduce_sum(hinge, (1, 2)) / c
    if one_d:
        loss = F.squeeze(loss, 0)
    if reduction == "mean":
        return F.reduce_mean(loss)
    return F.reduce_sum(loss) if reduction == "sum" else loss


multilabel_margin_loss.__doc__ = opdoc(
    "The multi-label hinge loss: for each sample, the sum over its target classes ``j`` and "
    "non-target classes ``i`` of :math:`\\max(0, 1 - (x[j] - x[i]))`, divided by the number of "
    "classes. A row's targets are its ``target`` entries before the first -1.",
    ["input (Tensor): float, :math:`(C)` or :math:`(N, C)`.",
     "target (Tensor): Int32 class indices of ``input``'s shape, padded with -1.",
     "reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``."],
    "Tensor: the loss per sample (``'none'``), or their mean or sum.",
    ["TypeError: ``input`` is not a float Tensor or ``target`` not Int32.",
     "ValueError: the shapes differ or are not 1-D/2-D, or ``reduction`` is wrong."],
    example("ops.multilabel_margin_loss(x, y)", "0.85",
            ["x = " + array([[0.1, 0.2, 0.4, 0.8]]),
             "y = Tensor(np.array([[3, 0, -1, 1]], np.int32))"]))


# ----- segments, nextafter, old names -----------------------------------------------------------
def sparse_segment_mean(x, indices, segment_ids):
    op = "sparse_segment_mean"
    _float_tensor(x, op, "x")
    for arg, t in (("indices", indices), ("segment_ids", segment_ids)):
        check_tensor(t, op, arg)
        if t._np_dtype not in (np.int32, np.int64) or t.ndim != 1:
            raise TypeError("%s: '%s' must be a 1-D Int32 or Int64 Tensor, but got %s of shape "
                            "%s" % (public_name(op), arg, t.dtype, t.shape))
    if x.ndim < 1 or indices.shape != segment_ids.shape:
        raise ValueError("%s: 'x' must have rank >= 1 and 'indices' the shape of 'segment_ids', "
                         "but got %s, %s and %s" % (public_name(op), x.shape, indices.shape,
                                                    segment_ids.shape))
    ids, idx = segment_ids.asnumpy(), indices.asnumpy()
    if ids.size and (ids.min() < 0 or np.any(np.diff(ids) < 0)):
        raise ValueError("%s: 'segment_ids' must be sorted and non-negative, but got %s"
                         % (public_name(op), ids.tolist()))
    if idx.size and (idx.min() < 0 or idx.max() >= x.shape[0]):
        raise ValueError("%s: 'indices' must be in [0, %d), but got %s"
                         % (public_name(op), x.shape[0], idx.tolist()))
    F = _F()
    n = int(ids[-1]) + 1 if ids.size else 0
    rows = F.gather(x, Tensor(idx.astype(np.int64)), 0)
    sums = F.unsorted_segment_sum(rows, Tensor(ids.astype(np.int32)), n)
    counts = np.maximum(np.bincount(ids, minlength=n), 1).astype(x._np_dtype)
    return sums / Tensor(counts.reshape((n,) + (1,) * (x.ndim - 1)))


sparse_segment_mean.__doc__ = opdoc(
    "The mean of the rows ``x[indices[j]]`` of each segment ``segment_ids[j]``; segments "
    "without rows are 0.",
    ["x (Tensor): float, rank >= 1.", "indices (Tensor): Int32/Int64, 1-D, rows of ``x``.",
     "segment_ids (Tensor): Int32/Int64 of ``indices``'s shape, sorted, non-negative."],
    "Tensor of shape :math:`(segment\\_ids[-1] + 1, *x.shape[1:])` and ``x``'s dtype.",
    ["TypeError: ``x`` is not a float Tensor or an index Tensor not 1-D Int32/Int64.",
     "ValueError: the shapes differ, ``segment_ids`` is not sorted or an index is out of "
     "range."],
    example("ops.sparse_segment_mean(x, i, s)", "[[2. 3.]\n [5. 6.]]",
            ["x = " + array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
             "i = Tensor(np.array([0, 1, 2], np.int32))",
             "s = Tensor(np.array([0, 0, 1], np.int32))"]))

_NEXTAFTER_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def nextafter(input, other):
    op = "nextafter"
    _float_tensor(input, op, "input", _NEXTAFTER_DTYPES)
    _float_tensor(other, op, "other", _NEXTAFTER_DTYPES)
    if input.dtype != other.dtype:
        raise TypeError("%s: 'input' and 'other' must have the same dtype, but got %s and %s"
                        % (public_name(op), input.dtype, other.dtype))
    try:
        np.broadcast_shapes(input.shape, other.shape)
    except ValueError:
        raise ValueError("%s: the shapes %s and %s do not broadcast"
                         % (public_name(op), input.shape, other.shape)) from None
    return nextafter_p.bind(input, other)


nextafter.__doc__ = opdoc(
    "The next representable floating-point value after ``input`` in the direction of "
    "``other``, elementwise (``input`` itself where they are equal).",
    ["input (Tensor): Float32 or Float64.", "other (Tensor): of ``input``'s dtype, broadcastable."],
    "Tensor of the broadcast shape and ``input``'s dtype.",
    ["TypeError: an input is not a Float32/Float64 Tensor or the dtypes differ.",
     "ValueError: the shapes do not broadcast."],
    example("ops.nextafter(x, y) - x", "[ 1.1920929e-07 -5.9604645e-08]",
            ["x = " + array([1.0, 1.0]), "y = " + array([2.0, 0.0])]))


def soft_shrink(input, lambd=0.5):
    return _F().softshrink(input, lambd)


soft_shrink.__doc__ = "The same as :func:`softshrink` (MindSpore's older name).\n\n" + \
    opdoc("Moves every element ``lambd`` towards 0, and zeroes those within ``lambd`` of it.",
          ["input (Tensor): a float tensor.", "lambd (float): the shift, >= 0. Default: "
           "``0.5``."], "Tensor of ``input``'s shape and dtype.",
          ["TypeError: ``input`` is not a float Tensor or ``lambd`` not a number.",
           "ValueError: ``lambd`` is negative."],
          example("ops.soft_shrink(x)", "[-0.5   0.    0.25]",
                  ["x = " + array([-1.0, 0.25, 0.75])]))


def accumulate_n(x):
    return _F().addn(x)


accumulate_n.__doc__ = "The same as :func:`addn` (MindSpore's AccumulateNV2).\n\n" + opdoc(
    "The elementwise sum of the tensors in ``x``.",
    ["x (Union[tuple[Tensor], list[Tensor]]): tensors of one shape and dtype."],
    "Tensor of their shape and dtype.",
    ["TypeError: ``x`` is not a non-empty tuple/list of Tensors, or the dtypes differ.",
     "ValueError: the shapes differ."],
    example("ops.accumulate_n([a, a, a])", "[3. 6.]", ["a = " + array([1.0, 2.0])]))


def inplace_index_add(var, indices, updates, axis):
    from mindcell.common.parameter import Parameter
    op = "inplace_index_add"
    if not isinstance(var, Parameter):
        raise TypeError("%s: 'var' must be a Parameter (it is updated in place), but got %s"
                        % (public_name(op), type(var).__name__))
    check_tensor(indices, op, "indices")
    if indices._np_dtype != np.int32 or indices.ndim != 1:
        raise TypeError("%s: 'indices' must be a 1-D Int32 Tensor, but got %s of shape %s"
                        % (public_name(op), indices.dtype, indices.shape))
    return _F().index_add(var, indices, updates, axis)


inplace_index_add.__doc__ = opdoc(
    "Adds ``updates`` into the Parameter ``var`` along ``axis`` at ``indices`` (repeated "
    "indices accumulate), in place, and returns it.",
    ["var (Parameter): the tensor added to.",
     "indices (Tensor): 1-D Int32, positions along ``axis``.",
     "updates (Tensor): ``var``'s shape with ``axis`` of ``indices``'s length, its dtype.",
     "axis (int): the axis."],
    "Parameter ``var``, updated.",
    ["TypeError: ``var`` is not a Parameter or ``indices`` not 1-D Int32.",
     "ValueError: the shapes do not fit."],
    example("ops.inplace_index_add(v, Tensor(np.array([1], np.int32)), u, 0)", "[0. 2.]",
            ["from mindcell import Parameter", "v = Parameter(Tensor(np.zeros(2, np.float32)))",
             "u = " + array([2.0])]))

# ----- deformable_conv2d -----------------------------------------------------------------------
def _four(v, op, arg, low):
    if not isinstance(v, (tuple, list)) or len(v) != 4 or not all(_is_int(i) for i in v) or \
            any(i < low for i in v):
        raise ValueError("%s: '%s' must be a tuple of 4 ints >= %d, but got %r"
                         % (public_name(op), arg, low, v))
    return tuple(int(i) for i in v)


def deformable_conv2d(x, weight, offsets, kernel_size, strides, padding, bias=None,
                      dilations=(1, 1, 1, 1), groups=1, deformable_groups=1, modulated=True):
    op = "deformable_conv2d"
    for arg, t in (("x", x), ("weight", weight), ("offsets", offsets)):
        _float_tensor(t, op, arg)
    if not isinstance(kernel_size, (tuple, list)) or len(kernel_size) != 2 or \
            not all(_is_int(k) and k > 0 for k in kernel_size):
        raise TypeError("%s: 'kernel_size' must be a tuple of 2 positive ints, but got %r"
                        % (public_name(op), kernel_size))
    kh, kw = (int(k) for k in kernel_size)
    strides, padding = _four(strides, op, "strides", 1), _four(padding, op, "padding", 0)
    dilations = _four(dilations, op, "dilations", 1)
    check_bool(modulated, op, "modulated")
    if not modulated:
        raise ValueError("%s: 'modulated' must be True (as MindSpore 2.10's DeformableOffsets)"
                         % public_name(op))
    if x.ndim != 4 or weight.ndim != 4 or offsets.ndim != 4:
        raise ValueError("%s: 'x', 'weight' and 'offsets' must be 4-D, but got %s, %s and %s"
                         % (public_name(op), x.shape, weight.shape, offsets.shape))
    n, c, h, w = x.shape
    if not _is_int(groups) or groups < 1 or not _is_int(deformable_groups) or \
            deformable_groups < 1 or c % groups or c % deformable_groups or \
            weight.shape[0] % groups:
        raise ValueError("%s: 'groups' (%r) and 'deformable_groups' (%r) must divide the %d "
                         "channels (and groups the %d filters)"
                         % (public_name(op), groups, deformable_groups, c, weight.shape[0]))
    sh, sw, dh, dw = strides[2], strides[3], dilations[2], dilations[3]
    pt, pb, pl, pr = padding
    ho = (h + pt + pb - dh * (kh - 1) - 1) // sh + 1
    wo = (w + pl + pr - dw * (kw - 1) - 1) // sw + 1
    dg, k = deformable_groups, kh * kw
    if tuple(weight.shape) != (weight.shape[0], c // groups, kh, kw) or \
            tuple(offsets.shape) != (n, 3 * dg * k, ho, wo) or ho < 1 or wo < 1:
        raise ValueError("%s: expected weight (C_out, %d, %d, %d) and offsets %s, but got %s and "
                         "%s" % (public_name(op), c // groups, kh, kw, (n, 3 * dg * k, ho, wo),
                                 weight.shape, offsets.shape))
    F = _F()
    dt = x._np_dtype
    off = offsets.reshape((n, 3, dg, k, ho, wo))
    # the undeformed sampling grid, in the unpadded input's coordinates
    ki, kj = np.divmod(np.arange(k), kw)
    base_y = (np.arange(ho)[None, :, None] * sh - pt + ki[:, None, None] * dh)
    base_x = (np.arange(wo)[None, None, :] * sw - pl + kj[:, None, None] * dw)
    py = off[:, 1] + Tensor(np.broadcast_to(base_y, (k, ho, wo)).astype(dt))  # (N, dg, K, Ho, Wo)
    px = off[:, 0] + Tensor(np.broadcast_to(base_x, (k, ho, wo)).astype(dt))
    y0, x0 = F.floor(py), F.floor(px)
    ly, lx = py - y0, px - x0
    cg = c // dg
    src = x.reshape((n, dg, cg, h * w))
    sampled = None
    for cy, wy in ((y0, 1.0 - ly), (y0 + 1.0, ly)):
        for cx, wx in ((x0, 1.0 - lx), (x0 + 1.0, lx)):
            valid = F.cast((cy >= 0) & (cy <= h - 1) & (cx >= 0) & (cx <= w - 1), dt)
            yi = F.cast(F.clamp(cy, 0, h - 1), np.int64)
            xi = F.cast(F.clamp(cx, 0, w - 1), np.int64)
            idx = (yi * w + xi).reshape((n, dg, 1, k * ho * wo))
            val = F.gather_elements(src, 3, F.broadcast_to(idx, (n, dg, cg, k * ho * wo)))
            wgt = (wy * wx * valid).reshape((n, dg, 1, k * ho * wo))
            term = val * wgt
            sampled = term if sampled is None else sampled + term
    mask = off[:, 2].reshape((n, dg, 1, k * ho * wo))
    cols = (sampled * mask).reshape((n, groups, (c // groups) * k, ho * wo))
    wmat = F.cast(weight, x.dtype).reshape((groups, weight.shape[0] // groups, (c // groups) * k))
    out = F.matmul(F.expand_dims(wmat, 0), cols).reshape((n, weight.shape[0], ho, wo))
    if bias is not None:
        _float_tensor(bias, op, "bias")
        out = out + F.cast(bias, x.dtype).reshape((1, -1, 1, 1))
    return out


deformable_conv2d.__doc__ = opdoc(
    "The modulated deformable 2-D convolution (DCNv2): each kernel tap samples ``x`` "
    "bilinearly (zero outside) at its regular position moved by a learned offset, scales it by "
    "a learned mask, then the taps are convolved with ``weight``.",
    ["x (Tensor): float, :math:`(N, C_{in}, H, W)`.",
     "weight (Tensor): :math:`(C_{out}, C_{in} / groups, kH, kW)`.",
     "offsets (Tensor): :math:`(N, 3 \\cdot dg \\cdot kH \\cdot kW, H_{out}, W_{out})`: the x "
     "offsets of the ``dg * kH * kW`` taps, then their y offsets, then their masks.",
     "kernel_size (tuple[int]): ``(kH, kW)``.",
     "strides (tuple[int]): ``(1, 1, sH, sW)``.",
     "padding (tuple[int]): ``(top, bottom, left, right)``.",
     "bias (Tensor, optional): :math:`(C_{out},)`. Default: ``None``.",
     "dilations (tuple[int]): ``(1, 1, dH, dW)``. Default: ``(1, 1, 1, 1)``.",
     "groups (int): Default: ``1``.",
     "deformable_groups (int): channel groups with their own offsets, ``dg``. Default: ``1``.",
     "modulated (bool): only True (as MindSpore 2.10). Default: ``True``."],
    "Tensor of shape :math:`(N, C_{out}, H_{out}, W_{out})`.",
    ["TypeError: an input is not a float Tensor or ``kernel_size`` is wrong.",
     "ValueError: a shape, stride, padding or group count is wrong, or ``modulated`` is "
     "False."],
    example("ops.deformable_conv2d(x, w, off, (1, 1), (1, 1, 1, 1), (0, 0, 0, 0))[0, 0, 0]",
            "[1. 2. 0.]",
            ["x = Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))",
             "w = Tensor(np.ones((1, 1, 1, 1), np.float32))",
             "off = Tensor(np.concatenate([np.ones((1, 1, 3, 3)), np.zeros((1, 1, 3, 3)), "
             "np.ones((1, 1, 3, 3))], 1).astype(np.float32))"]))

__all__ = ["deformable_conv2d", "lp_pool1d", "lp_pool2d", "adaptive_max_pool3d", "col2im", "affine_grid", "bidense",
           "triplet_margin_loss", "multilabel_margin_loss", "sparse_segment_mean", "nextafter",
           "soft_shrink", "accumulate_n", "inplace_index_add"]
