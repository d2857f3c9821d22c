"""The records of ``mindcell.mint.nn.functional``: one :class:`Face` per MindSpore 2.10
``mindspore.mint.nn.functional`` function, with MindSpore's signature."""
from mindcell import ops
from mindcell.mint import _impl as I
from mindcell.mint._face import Face
from mindcell.mint.nn import _fimpl as FI
from mindcell.ops.function import _pool_compose as FP

_X = "x = Tensor(np.array([[1., -2., 3.], [4., 5., -6.]], np.float32))\n"
_IMG = "x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))\n"
_SEQ = "x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 2, 4))\n"
_PROB = ("p = Tensor(np.array([0.2, 0.7, 0.9], np.float32))\n"
         "t = Tensor(np.array([0., 1., 1.], np.float32))\n")
_INPLACE = {"inplace": "bool, whether ``input`` is overwritten with the result."}
_RED = {"reduction": "str, 'none', 'mean' or 'sum': how the elementwise losses are reduced.",
        "target": "Tensor, the targets.",
        "weight": "Union[Tensor, None], per-element (or per-class) weights."}
_POOL = {"kernel_size": "Union[int, tuple[int]], the window size.",
         "stride": "Union[int, tuple[int], None], the step (the window size when None).",
         "padding": "Union[int, tuple[int]], implicit zero padding on both sides.",
         "ceil_mode": "bool, round the output size up instead of down.",
         "count_include_pad": "bool, whether padded zeros count in the average.",
         "divisor_override": "Union[int, None], the divisor to use instead of the window size.",
         "dilation": "Union[int, tuple[int]], the spacing of the window's elements.",
         "return_indices": "bool, whether the int64 argmax positions are returned too.",
         "output_size": "Union[int, tuple[int]], the output's spatial size."}
_CONV = {"weight": "Tensor, the kernels ``(C_out, C_in / groups, *kernel)``.",
         "bias": "Union[Tensor, None], ``(C_out,)``.",
         "stride": "Union[int, tuple[int]], the step.",
         "padding": "Union[int, tuple[int], str], zero padding per side, or 'same'/'valid'.",
         "dilation": "Union[int, tuple[int]], the spacing of the kernel's elements.",
         "groups": "int, the number of channel groups."}


def _act(name, fn, summary, sig="(input, inplace=False)", args=None, example=None):
    return Face(name, sig, impl=fn, summary=summary, args=dict(_INPLACE, **(args or {})),
                example=example or _X + "F.%s(x)" % name)


FACES = [
    _act("relu", I.activation(ops.relu, "relu"), "``max(input, 0)``, elementwise."),
    Face("relu_", "(input)", impl=FI.relu_, summary="In-place :func:`relu`: overwrites "
         "``input``.", example=_X + "F.relu_(x)"),
    _act("relu6", I.activation(ops.relu6, "relu6"), "``min(max(input, 0), 6)``, elementwise."),
    _act("silu", I.activation(ops.silu, "silu"), "``input * sigmoid(input)``, elementwise."),
    Face("sigmoid_", "(input)", impl=FI.sigmoid_, summary="In-place :func:`sigmoid`.",
         example=_X + "F.sigmoid_(x)"),
    Face("logsigmoid", "(input)", ops.logsigmoid, rename={"input": "x"},
         summary="``log(sigmoid(input))``, computed stably.", example=_X + "F.logsigmoid(x)"),
    Face("gelu", "(input, *, approximate='none')", ops.gelu,
         summary="The Gaussian error linear unit: exact (``'none'``) or its ``'tanh'`` "
                 "approximation.", args={"approximate": "str, 'none' or 'tanh'."},
         example=_X + "F.gelu(x)"),
    _act("elu", FI.elu, "``input`` where positive, ``alpha * (exp(input) - 1)`` elsewhere.",
         "(input, alpha=1.0, inplace=False)", {"alpha": "float, the negative scale."}),
    Face("elu_", "(input, alpha=1.0)", impl=FI.elu_, summary="In-place :func:`elu`.",
         args={"alpha": "float, the negative scale."}, example=_X + "F.elu_(x)"),
    Face("leaky_relu", "(input, negative_slope=0.01)", ops.leaky_relu,
         rename={"negative_slope": "alpha"},
         summary="``input`` where positive, ``negative_slope * input`` elsewhere.",
         args={"negative_slope": "float, the slope below 0."},
         example=_X + "F.leaky_relu(x, 0.1)"),
    _act("hardtanh", FI.hardtanh, "``input`` clipped to ``[min_val, max_val]``.",
         "(input, min_val=-1.0, max_val=1.0, inplace=False)",
         {"min_val": "float, the lower bound.", "max_val": "float, the upper bound."}),
    Face("hardtanh_", "(input, min_val=-1, max_val=1)", impl=FI.hardtanh_,
         summary="In-place :func:`hardtanh`.",
         args={"min_val": "float, the lower bound.", "max_val": "float, the upper bound."},
         example=_X + "F.hardtanh_(x)"),
    _act("threshold", FI.threshold, "``input`` where it is above ``threshold``, ``value`` "
         "elsewhere.", "(input, threshold, value, inplace=False)",
         {"threshold": "float, the threshold.", "value": "float, the replacement."},
         _X + "F.threshold(x, 1., 0.)"),
    Face("threshold_", "(input, threshold, value)", impl=FI.threshold_,
         summary="In-place :func:`threshold`.",
         args={"threshold": "float, the threshold.", "value": "float, the replacement."},
         example=_X + "F.threshold_(x, 1., 0.)"),
    Face("glu", "(input, dim=-1)", ops.glu, rename={"input": "x", "dim": "axis"},
         summary="The gated linear unit: the first half of ``input`` along ``dim`` times the "
                 "sigmoid of the second.", example="x = Tensor(np.ones((2, 4), np.float32))\n"
                                                   "F.glu(x)"),
    Face("prelu", "(input, weight)", ops.prelu,
         summary="``input`` where positive, ``weight * input`` elsewhere (``weight`` per "
                 "channel, dim 1).", args={"weight": "Tensor, the learned slopes."},
         example=_X + "F.prelu(x, Tensor(np.array([0.25], np.float32)))"),
    Face("softmax", "(input, dim=None, dtype=None)", impl=I.functional_softmax,
         summary="``exp(input) / sum(exp(input))`` along ``dim`` (None: 0 for 0-, 1- and 3-D "
                 "inputs, else 1).", example=_X + "F.softmax(x, dim=1)"),
    Face("log_softmax", "(input, dim=None, *, dtype=None)", impl=I.functional_log_softmax,
         summary="``log(softmax(input))`` along ``dim``, computed stably (None: as "
                 ":func:`softmax`).", example=_X + "F.log_softmax(x, dim=1)"),
    Face("dropout", "(input, p=0.5, training=True, inplace=False)", impl=FI.dropout,
         summary="Zeros each element with probability ``p`` and scales the rest by "
                 "``1 / (1 - p)`` when ``training``; the identity otherwise.",
         args=dict(_INPLACE, p="float, the drop probability in [0, 1].",
                   training="bool, whether to drop."),
         example=_X + "F.dropout(x, training=False)"),
    Face("dropout2d", "(input, p=0.5, training=True, inplace=False)", impl=FI.dropout2d,
         summary="Zeros whole channels (dim 1 of a 3-D or 4-D input) with probability ``p``.",
         args=dict(_INPLACE, p="float, the drop probability in [0, 1].",
                   training="bool, whether to drop."),
         example=_IMG + "F.dropout2d(x, training=False).shape"),
    Face("flatten", "(input, start_dim=0, end_dim=-1)", ops.flatten,
         summary="``input`` with dims ``start_dim`` to ``end_dim`` merged into one.",
         args={"start_dim": "int, the first dim to merge.", "end_dim": "int, the last."},
         example=_IMG + "F.flatten(x, 1).shape"),
    Face("conv2d", "(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)",
         impl=FI.conv2d, summary="The 2-D convolution (cross-correlation) of an NCHW input.",
         args=_CONV, example=_IMG + "F.conv2d(x, Tensor(np.ones((1, 1, 3, 3), np.float32)))"),
    Face("conv1d", "(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)",
         impl=FI.conv1d, summary="The 1-D convolution (cross-correlation) of an NCL input.",
         args=_CONV, example=_SEQ + "F.conv1d(x, Tensor(np.ones((1, 2, 3), np.float32)))"),
    Face("conv_transpose2d", "(input, weight, bias=None, stride=1, padding=0, output_padding=0, "
         "groups=1, dilation=1)", impl=FI.conv_transpose2d,
         summary="The 2-D transposed convolution (the gradient of :func:`conv2d` with respect "
                 "to its input) of an NCHW input.",
         args=dict(_CONV, weight="Tensor, ``(C_in, C_out / groups, kh, kw)``.",
                   padding="Union[int, tuple[int]], removed from each side of the output.",
                   output_padding="Union[int, tuple[int]], added to one side of the output."),
         example=_IMG + "F.conv_transpose2d(x, Tensor(np.ones((1, 2, 3, 3), np.float32)), "
                        "stride=2).shape"),
    Face("unfold", "(input, kernel_size, dilation=1, padding=0, stride=1)", impl=FI.unfold,
         summary="The sliding ``kernel_size`` patches of an NCHW input as columns: "
                 "(N, C * kh * kw, L).", args=_POOL,
         example=_IMG + "F.unfold(x, 2).shape"),
    Face("fold", "(input, output_size, kernel_size, dilation=1, padding=0, stride=1)",
         impl=FI.fold, summary="Columns (N, C * kh * kw, L) summed back into an NCHW image of "
                               "``output_size`` (the adjoint of :func:`unfold`).", args=_POOL,
         example=_IMG + "F.fold(F.unfold(x, 2), (4, 4), 2)"),
    Face("conv3d", "(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)",
         impl=FI.conv3d, summary="The 3-D convolution (cross-correlation) of an NCDHW input.",
         args=_CONV, example="x = Tensor(np.ones((1, 1, 3, 3, 3), np.float32))\n"
                             "F.conv3d(x, Tensor(np.ones((1, 1, 2, 2, 2), np.float32))).shape"),
    Face("group_norm", "(input, num_groups, weight=None, bias=None, eps=1e-05)",
         impl=FI.group_norm,
         summary="``input`` ``(N, C, *)`` normalised per sample over groups of ``C / num_groups`` "
                 "channels, then scaled and shifted per channel.",
         args={"num_groups": "int, the number of groups (divides C).",
               "weight": "Union[Tensor, None], the per-channel scale.",
               "bias": "Union[Tensor, None], the per-channel shift.",
               "eps": "float, added to the variance."},
         example=_IMG + "F.group_norm(x, 1).shape"),
    Face("batch_norm", "(input, running_mean, running_var, weight=None, bias=None, "
         "training=False, momentum=0.1, eps=1e-05)", impl=FI.batch_norm,
         summary="``input`` ``(N, C, *)`` normalised per channel with the batch statistics "
                 "(``training``, which also update the running ones) or the running ones.",
         args={"running_mean": "Tensor, (C,).", "running_var": "Tensor, (C,).",
               "weight": "Union[Tensor, None], the per-channel scale.",
               "bias": "Union[Tensor, None], the per-channel shift.",
               "training": "bool, use (and update) batch statistics.",
               "momentum": "float, the running statistics' update factor.",
               "eps": "float, added to the variance."},
         example="x = Tensor(np.array([[1., 2.], [3., 6.]], np.float32))\n"
                 "F.batch_norm(x, Tensor(np.zeros(2, np.float32)), "
                 "Tensor(np.ones(2, np.float32)))"),
    Face("one_hot", "(tensor, num_classes=-1)", impl=FI.one_hot,
         summary="An int64 one-hot encoding with a new last dimension of ``num_classes`` "
                 "(``max + 1`` when -1).",
         args={"tensor": "Tensor, int64 class indices.",
               "num_classes": "int, the number of classes (-1: from the data)."},
         example="F.one_hot(Tensor(np.array([0, 2], np.int64)))"),
    Face("normalize", "(input, p=2.0, dim=1, eps=1e-12)", impl=FI.normalize,
         summary="``input / max(norm_p(input, dim), eps)``.",
         args={"p": "float, the norm's exponent.", "eps": "float, the smallest divisor."},
         example=_X + "F.normalize(x)"),
    Face("pad", "(input, pad, mode='constant', value=None)", impl=FI.pad,
         summary="``input`` padded: ``pad`` lists (before, after) sizes from the last dim "
                 "backwards.",
         args={"pad": "tuple[int], the padding sizes.",
               "mode": "str, 'constant', 'reflect', 'replicate' or 'circular'.",
               "value": "Union[number, None], the fill of 'constant' (0 when None)."},
         example=_X + "F.pad(x, (1, 1))"),
    Face("interpolate", "(input, size=None, scale_factor=None, mode='nearest', "
         "align_corners=None, recompute_scale_factor=None)", ops.interpolate,
         summary="``input`` resized to ``size`` or by ``scale_factor``.",
         args={"size": "Union[int, tuple[int], None], the output's spatial size.",
               "scale_factor": "Union[float, tuple[float], None], the scale.",
               "mode": "str, 'nearest', 'linear', 'bilinear', 'bicubic', 'trilinear', 'area' "
                       "...",
               "align_corners": "Union[bool, None], align the corner pixels (linear modes).",
               "recompute_scale_factor": "Union[bool, None], compute the scale from the size."},
         example=_IMG + "F.interpolate(x, scale_factor=2.).shape"),
    Face("upsample", "(input, size=None, scale_factor=None, mode='nearest', "
         "align_corners=None)", ops.interpolate, summary="Alias of :func:`interpolate`.",
         args={"size": "Union[int, tuple[int], None], the output's spatial size.",
               "scale_factor": "Union[float, tuple[float], None], the scale.",
               "mode": "str, the interpolation mode.",
               "align_corners": "Union[bool, None], align the corner pixels (linear modes)."},
         example=_IMG + "F.upsample(x, size=(2, 2))"),
    Face("pixel_shuffle", "(input, upscale_factor)", ops.pixel_shuffle,
         summary="(*, C r^2, H, W) rearranged to (*, C, H r, W r).",
         args={"upscale_factor": "int, r."},
         example="x = Tensor(np.ones((1, 4, 2, 2), np.float32))\n"
                 "F.pixel_shuffle(x, 2).shape"),
    # pooling
    Face("avg_pool2d", "(input, kernel_size, stride=None, padding=0, ceil_mode=False, "
         "count_include_pad=True, divisor_override=None)", impl=FI.avg_pool2d,
         summary="The 2-D average pooling of an NCHW (or CHW) input.", args=_POOL,
         example=_IMG + "F.avg_pool2d(x, 2)"),
    Face("avg_pool1d", "(input, kernel_size, stride=None, padding=0, ceil_mode=False, "
         "count_include_pad=True)", impl=FI.avg_pool1d,
         summary="The 1-D average pooling of an NCL input.", args=_POOL,
         example=_SEQ + "F.avg_pool1d(x, 2)"),
    Face("avg_pool3d", "(input, kernel_size, stride=None, padding=0, ceil_mode=False, "
         "count_include_pad=True, divisor_override=None)", impl=FP.avg_pool3d,
         summary="The 3-D average pooling of an NCDHW (or CDHW) input.", args=_POOL,
         example="x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))\n"
                 "F.avg_pool3d(x, 2)"),
    Face("adaptive_avg_pool3d", "(input, output_size)", impl=FP.adaptive_avg_pool3d,
         summary="Average pooling of an NCDHW (or CDHW) input to ``output_size`` (None keeps "
                 "a dim).", args=_POOL,
         example="x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 1, 2, 2, 2))\n"
                 "F.adaptive_avg_pool3d(x, (1, 2, 1))"),
    Face("max_unpool2d", "(input, indices, kernel_size, stride=None, padding=0, "
         "output_size=None)", impl=FP.max_unpool2d,
         summary="The inverse of :func:`max_pool2d` with ``return_indices``: each value put "
                 "back at its index, zeros elsewhere.",
         args=dict(_POOL, indices="Tensor, the int64 indices max_pool2d returned.",
                   output_size="Union[tuple[int], None], the output's spatial size."),
         example=_IMG + "out, idx = F.max_pool2d(x, 2, return_indices=True)\n"
                        "F.max_unpool2d(out, idx, 2)"),
    Face("grid_sample", "(input, grid, mode='bilinear', padding_mode='zeros', "
         "align_corners=None)", impl=FP.grid_sample,
         summary="``input`` (N, C, H, W) sampled at the normalised (x, y) points of ``grid`` "
                 "(N, Ho, Wo, 2), -1 and 1 being the edges.",
         args={"grid": "Tensor, (N, Ho, Wo, 2) sampling points in [-1, 1].",
               "mode": "str, 'bilinear' or 'nearest'.",
               "padding_mode": "str, 'zeros', 'border' or 'reflection' for points outside.",
               "align_corners": "Union[bool, None], -1/1 are the corner pixels' centres (True) "
                                "or their outer edges (False, also for None)."},
         example=_IMG + "g = Tensor(np.array([[[[-1., -1.], [0., 0.], [1., 1.]]]], "
                        "np.float32))\nF.grid_sample(x, g, align_corners=True)"),
    Face("max_pool2d", "(input, kernel_size, stride=None, padding=0, dilation=1, "
         "ceil_mode=False, return_indices=False)", ops.max_pool2d, rename={"input": "x"},
         summary="The 2-D max pooling of an NCHW (or CHW) input.", args=_POOL,
         example=_IMG + "F.max_pool2d(x, 2)"),
    Face("adaptive_avg_pool1d", "(input, output_size)", ops.adaptive_avg_pool1d,
         summary="Average pooling of an NCL input to length ``output_size``.", args=_POOL,
         example=_SEQ + "F.adaptive_avg_pool1d(x, 2)"),
    Face("adaptive_avg_pool2d", "(input, output_size)", ops.adaptive_avg_pool2d,
         summary="Average pooling of an NCHW input to ``output_size``.", args=_POOL,
         example=_IMG + "F.adaptive_avg_pool2d(x, 2)"),
    Face("adaptive_max_pool1d", "(input, output_size, return_indices=False)",
         impl=FI.adaptive_max_pool1d,
         summary="Max pooling of an NCL input to length ``output_size``.", args=_POOL,
         example=_SEQ + "F.adaptive_max_pool1d(x, 2)"),
    # losses
    Face("mse_loss", "(input, target, reduction='mean')", ops.mse_loss,
         summary="The squared error ``(input - target)**2``, reduced.", args=_RED,
         example=_PROB + "F.mse_loss(p, t)"),
    Face("binary_cross_entropy", "(input, target, weight=None, reduction='mean')",
         ops.binary_cross_entropy, rename={"input": "logits", "target": "labels"},
         summary="``-(t log p + (1 - t) log(1 - p))`` of "
         "probabilities ``input``, weighted and reduced.", args=_RED,
         example=_PROB + "F.binary_cross_entropy(p, t)"),
    Face("binary_cross_entropy_with_logits", "(input, target, weight=None, reduction='mean', "
         "pos_weight=None)", ops.binary_cross_entropy_with_logits,
         summary="Binary cross-entropy of ``sigmoid(input)``, computed stably.",
         args=dict(_RED, pos_weight="Union[Tensor, None], the weight of positive examples."),
         example=_PROB + "F.binary_cross_entropy_with_logits(p, t)"),
    Face("cross_entropy", "(input, target, weight=None, ignore_index=-100, reduction='mean', "
         "label_smoothing=0.0)", ops.cross_entropy,
         summary="The cross-entropy of logits ``input`` (N, C, ...) against class indices or "
                 "class probabilities ``target``.",
         args=dict(_RED, ignore_index="int, a class index that contributes nothing.",
                   label_smoothing="float, in [0, 1]: mixes the target with uniform."),
         example=_X + "F.cross_entropy(x, Tensor(np.array([2, 0], np.int32)))"),
    Face("nll_loss", "(input, target, weight=None, ignore_index=-100, reduction='mean')",
         ops.nll_loss, rename={"input": "inputs"},
         summary="The negative log-likelihood of log-probabilities ``input`` at the class "
                 "indices ``target``.",
         args=dict(_RED, ignore_index="int, a class index that contributes nothing."),
         example=_X + "F.nll_loss(x, Tensor(np.array([2, 0], np.int32)))"),
    Face("kl_div", "(input, target, reduction='mean', log_target=False)", impl=FI.kl_div,
         summary="``target * (log(target) - input)`` for log-probabilities ``input``, reduced "
                 "('batchmean' divides the sum by the batch size).",
         args=dict(_RED, reduction="str, 'none', 'mean', 'sum' or 'batchmean'.",
                   log_target="bool, whether ``target`` holds log-probabilities."),
         example=_PROB + "F.kl_div(p.log(), t + 0.5, reduction='sum')"),
    Face("cosine_embedding_loss", "(input1, input2, target, margin=0.0, reduction='mean')",
         ops.cosine_embedding_loss,
         summary="``1 - cos(x1, x2)`` where ``target`` is 1, ``max(0, cos(x1, x2) - margin)`` "
                 "where it is -1, reduced.",
         args=dict(_RED, input1="Tensor, (N, D).", input2="Tensor, (N, D).",
                   target="Tensor, 1 or -1 per row.", margin="float, in [-1, 1]."),
         example=_X + "F.cosine_embedding_loss(x, x, Tensor(np.array([1, -1], np.int32)))"),
]
