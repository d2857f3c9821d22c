"""The records of ``mindcell.mint.nn``'s parameterless Cells (see ``_cells.py``): constructor
signature, class name and attributes as MindSpore 2.10 has them, forward through
``mint.nn.functional``."""
from mindcell import ops
from mindcell.mint.nn import _fimpl as FI
from mindcell.mint.nn import functional as F
from mindcell.mint.nn._cells import CellFace, padding, reduction

_X = "x = Tensor(np.array([[1., -2., 3.], [4., 5., -6.]], np.float32))\n"
_IMG = "x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))\n"
_SEQ = "x = Tensor(np.arange(8, dtype=np.float32).reshape(1, 2, 4))\n"
_PT = ("p = Tensor(np.array([0.2, 0.7, 0.9], np.float32))\n"
       "t = Tensor(np.array([0., 1., 1.], np.float32))\n")
_RED = {"reduction": "str, 'none', 'mean' or 'sum'.",
        "weight": "Union[Tensor, None], per-element weights."}
_INPLACE = {"inplace": "bool, whether the input is overwritten."}


def _act(name, fn, summary, sig="", shown=(), args=None, cls_name=None):
    return CellFace(name, sig, fn, cls_name=cls_name, shown=shown, summary=summary,
                    args=dict(_INPLACE, **(args or {})),
                    example=_X + "mint.nn.%s()(x)" % name)


def _loss(name, fn, summary, sig="reduction='mean'", cls_name=None, args=None, example=None,
          **kw):
    norm = dict({"reduction": reduction} if "reduction=" in sig else {}, **kw.pop("norm", {}))
    return CellFace(name, sig, fn, cls_name=cls_name, inputs="input, target", summary=summary,
                    args=dict(_RED, **(args or {})), norm=norm, **kw,
                    example=example or _PT + "mint.nn.%s()(p, t)" % name)


def _pad(name, n, mode, summary):
    """A padding Cell: ConstantPad*d take (padding, value); the others (padding) only, and
    ZeroPad*d store value=0 as MindSpore's do."""
    takes_value = name.startswith("Constant")
    fixed = {"value": 0} if name.startswith("Zero") else {}
    return CellFace(
        name, "padding, value" if takes_value else "padding",
        lambda self, x: F.pad(x, self.padding, mode, getattr(self, "value", None)),
        norm={"padding": padding(n)}, fixed=fixed, summary=summary,
        args={"padding": "Union[int, tuple[int]], the pads (one int: every side).",
              "value": "number, the fill."},
        example=(_SEQ if n == 1 else _IMG if n == 2 else
                 "x = Tensor(np.ones((1, 1, 2, 2, 2), np.float32))\n")
        + "mint.nn.%s(1%s)(x).shape" % (name, ", 0.5" if takes_value else ""))


def _selu(input):
    alpha, scale = 1.6732632423543772, 1.0507009873554805
    return scale * ops.where(input > 0, input, alpha * (ops.exp(ops.minimum(input, 0.)) - 1))


def _hardshrink(input, lambd):
    return ops.where(ops.abs(input) > lambd, input, ops.zeros_like(input))


def _upsample(mode, align_corners):
    def forward(self, input):
        return F.interpolate(input, self.size, self.scale_factor, mode, align_corners)
    return forward


CELL_FACES = [
    _act("Sigmoid", lambda self, x: F.sigmoid(x), "``1 / (1 + exp(-x))``, elementwise."),
    _act("Tanh", lambda self, x: F.tanh(x), "The hyperbolic tangent, elementwise."),
    _act("LogSigmoid", lambda self, x: F.logsigmoid(x), "``log(sigmoid(x))``, computed stably."),
    _act("Mish", lambda self, x: ops.mish(x), "``x * tanh(softplus(x))``, elementwise."),
    _act("SELU", lambda self, x: _selu(x), "The scaled exponential linear unit."),
    _act("ReLU6", lambda self, x: F.relu6(x, self.inplace), "``min(max(x, 0), 6)``.",
         "inplace=False"),
    _act("SiLU", lambda self, x: F.silu(x, self.inplace), "``x * sigmoid(x)``.",
         "inplace=False"),
    _act("ELU", lambda self, x: F.elu(x, self.alpha, self.inplace),
         "``x`` where positive, ``alpha * (exp(x) - 1)`` elsewhere.", "alpha=1.0, inplace=False",
         args={"alpha": "float, the negative scale."}),
    _act("GELU", lambda self, x: F.gelu(x, approximate=self.approximate),
         "The Gaussian error linear unit.", "approximate='none'",
         args={"approximate": "str, 'none' or 'tanh'."}),
    _act("Hardtanh", lambda self, x: F.hardtanh(x, self.min_val, self.max_val, self.inplace),
         "``x`` clipped to ``[min_val, max_val]``.", "min_val=-1.0, max_val=1.0, inplace=False",
         args={"min_val": "float, the lower bound.", "max_val": "float, the upper bound."}),
    CellFace("Hardshrink", "lambd=0.5", lambda self, x: _hardshrink(x, self._lambd),
             cls_name="HShrink", hidden=("lambd",), args={"lambd": "float, the threshold."},
             summary="``x`` where ``|x| > lambd``, 0 elsewhere.",
             example=_X + "mint.nn.Hardshrink()(x)"),
    CellFace("Threshold", "threshold, value, inplace=False",
             lambda self, x: F.threshold(x, self.threshold, self.value, self.inplace),
             summary="``x`` where above ``threshold``, ``value`` elsewhere.",
             args=dict(_INPLACE, threshold="float, the threshold.", value="float, the fill."),
             example=_X + "mint.nn.Threshold(1., 0.)(x)"),
    CellFace("Softmax", "dim=None", lambda self, x: F.softmax(x, self.dim), cls_name="SoftmaxExt",
             summary="``exp(x) / sum(exp(x))`` along ``dim`` (None: as "
                     ":func:`mint.nn.functional.softmax`).", example=_X + "mint.nn.Softmax(1)(x)"),
    CellFace("LogSoftmax", "dim=None", lambda self, x: F.log_softmax(x, self.dim),
             cls_name="LogSoftmaxExt", summary="``log(softmax(x))`` along ``dim``.",
             example=_X + "mint.nn.LogSoftmax(1)(x)"),
    CellFace("Flatten", "start_dim=1, end_dim=-1",
             lambda self, x: F.flatten(x, self.start_dim, self.end_dim),
             summary="The input with dims ``start_dim`` to ``end_dim`` merged.",
             args={"start_dim": "int, the first dim merged.", "end_dim": "int, the last."},
             example=_IMG + "mint.nn.Flatten()(x).shape"),
    CellFace("PixelShuffle", "upscale_factor",
             lambda self, x: F.pixel_shuffle(x, self.upscale_factor),
             summary="(*, C r^2, H, W) rearranged to (*, C, H r, W r).",
             args={"upscale_factor": "int, r."},
             example="x = Tensor(np.ones((1, 4, 2, 2), np.float32))\n"
                     "mint.nn.PixelShuffle(2)(x).shape"),
    # pooling
    CellFace("AdaptiveAvgPool1d", "output_size",
             lambda self, x: F.adaptive_avg_pool1d(x, self.output_size), shown=("output_size",),
             summary="Average pooling of (N, C, L) to length ``output_size``.",
             args={"output_size": "int, the output length."},
             example=_SEQ + "mint.nn.AdaptiveAvgPool1d(2)(x)"),
    CellFace("AdaptiveAvgPool2d", "output_size",
             lambda self, x: F.adaptive_avg_pool2d(x, self.output_size), shown=("output_size",),
             summary="Average pooling of (N, C, H, W) to ``output_size``.",
             args={"output_size": "Union[int, tuple[int]], the output size."},
             example=_IMG + "mint.nn.AdaptiveAvgPool2d(2)(x)"),
    CellFace("AdaptiveMaxPool1d", "output_size, return_indices=False",
             lambda self, x: F.adaptive_max_pool1d(x, self.output_size, self.return_indices),
             shown=("output_size", "return_indices"),
             summary="Max pooling of (N, C, L) to length ``output_size``.",
             args={"output_size": "int, the output length.",
                   "return_indices": "bool, also return the int64 argmax positions."},
             example=_SEQ + "mint.nn.AdaptiveMaxPool1d(2)(x)"),
    CellFace("AvgPool1d", "kernel_size, stride=None, padding=0, ceil_mode=False, "
             "count_include_pad=True", cls_name="AvgPool1dExt",
             forward=lambda self, x: F.avg_pool1d(x, self.kernel_size, self.stride, self.padding,
                                                  self.ceil_mode, self.count_include_pad),
             summary="1-D average pooling of (N, C, L).", example=_SEQ + "mint.nn.AvgPool1d(2)(x)"),
    CellFace("AvgPool2d", "kernel_size, stride=None, padding=0, ceil_mode=False, "
             "count_include_pad=True, divisor_override=None", cls_name="AvgPool2dExt",
             forward=lambda self, x: F.avg_pool2d(x, self.kernel_size, self.stride, self.padding,
                                                  self.ceil_mode, self.count_include_pad,
                                                  self.divisor_override),
             summary="2-D average pooling of (N, C, H, W).",
             example=_IMG + "mint.nn.AvgPool2d(2)(x)"),
    CellFace("Unfold", "kernel_size, dilation=1, padding=0, stride=1", cls_name="UnfoldExt",
             forward=lambda self, x: F.unfold(x, self.kernel_size, self.dilation, self.padding,
                                              self.stride),
             summary="The sliding patches of (N, C, H, W) as columns (N, C * kh * kw, L).",
             example=_IMG + "mint.nn.Unfold(2)(x).shape"),
    CellFace("Fold", "output_size, kernel_size, dilation=1, padding=0, stride=1",
             forward=lambda self, x: F.fold(x, self.output_size, self.kernel_size,
                                            self.dilation, self.padding, self.stride),
             summary="Columns (N, C * kh * kw, L) summed back into ``(N, C, *output_size)``.",
             example="x = Tensor(np.ones((1, 4, 9), np.float32))\n"
                     "mint.nn.Fold((4, 4), 2)(x)"),
    CellFace("AvgPool3d", "kernel_size, stride=None, padding=0, ceil_mode=False, "
             "count_include_pad=True, divisor_override=None", cls_name="AvgPool3dExt",
             forward=lambda self, x: F.avg_pool3d(x, self.kernel_size, self.stride,
                                                  self.padding, self.ceil_mode,
                                                  self.count_include_pad,
                                                  self.divisor_override),
             summary="3-D average pooling of (N, C, D, H, W).",
             example="x = Tensor(np.ones((1, 1, 2, 2, 2), np.float32))\n"
                     "mint.nn.AvgPool3d(2)(x).shape"),
    CellFace("AdaptiveAvgPool3d", "output_size",
             lambda self, x: F.adaptive_avg_pool3d(x, self.output_size),
             summary="Average pooling of (N, C, D, H, W) to ``output_size``.",
             args={"output_size": "Union[int, tuple[int]], the output size (None keeps)."},
             example="x = Tensor(np.ones((1, 1, 2, 4, 4), np.float32))\n"
                     "mint.nn.AdaptiveAvgPool3d(2)(x).shape"),
    CellFace("MaxUnpool2d", "kernel_size, stride=None, padding=0",
             inputs="input, indices, output_size=None",
             forward=lambda self, x, i, size=None: F.max_unpool2d(
                 x, i, self.kernel_size, self.stride, self.padding, size),
             summary="The inverse of 2-D max pooling with indices.",
             example="x = Tensor(np.ones((1, 1, 2, 2), np.float32))\n"
                     "i = Tensor(np.array([[[[0, 3], [8, 15]]]], np.int64))\n"
                     "mint.nn.MaxUnpool2d(2)(x, i)"),
    # padding
    _pad("ConstantPad1d", 1, "constant", "Constant padding of the last dim."),
    _pad("ConstantPad2d", 2, "constant", "Constant padding of the last 2 dims."),
    _pad("ConstantPad3d", 3, "constant", "Constant padding of the last 3 dims."),
    _pad("ReflectionPad1d", 1, "reflect", "Reflection padding of the last dim."),
    _pad("ReflectionPad2d", 2, "reflect", "Reflection padding of the last 2 dims."),
    _pad("ReflectionPad3d", 3, "reflect", "Reflection padding of the last 3 dims."),
    _pad("ReplicationPad1d", 1, "replicate", "Edge padding of the last dim."),
    _pad("ReplicationPad2d", 2, "replicate", "Edge padding of the last 2 dims."),
    _pad("ReplicationPad3d", 3, "replicate", "Edge padding of the last 3 dims."),
    # resampling
    CellFace("Upsample", "size=None, scale_factor=None, mode='nearest', align_corners=None, "
             "recompute_scale_factor=None", cls_name="UpsampleExt",
             forward=lambda self, x: F.interpolate(x, self.size, self.scale_factor, self.mode,
                                                   self.align_corners,
                                                   self.recompute_scale_factor),
             summary="Resize to ``size`` or by ``scale_factor``.",
             example=_IMG + "mint.nn.Upsample(scale_factor=2.)(x).shape"),
    CellFace("UpsamplingNearest2d", "size=None, scale_factor=None",
             _upsample("nearest", None), summary="Nearest-neighbour 2-D upsampling.",
             example=_IMG + "mint.nn.UpsamplingNearest2d(scale_factor=2.)(x).shape"),
    CellFace("UpsamplingBilinear2d", "size=None, scale_factor=None",
             _upsample("bilinear", True), summary="Bilinear 2-D upsampling (corners aligned).",
             example=_IMG + "mint.nn.UpsamplingBilinear2d(size=(2, 2))(x)"),
    # losses
    _loss("MSELoss", lambda self, x, t: F.mse_loss(x, t, self.reduction),
          "The squared error, reduced."),
    _loss("L1Loss", lambda self, x, t: ops.l1_loss(x, t, self.reduction),
          "The absolute error, reduced.", cls_name="L1LossExt",
          fixed={"average": lambda a: a["reduction"] == "mean",
                 "reduce": lambda a: a["reduction"] != "none"}),
    _loss("SmoothL1Loss", lambda self, x, t: FI.smooth_l1_loss(x, t, self.reduction, self.beta),
          "The Huber-like error: quadratic below ``beta``, linear above, reduced.",
          "reduction='mean', beta=1.0", args={"beta": "float, the switch point."}),
    _loss("BCEWithLogitsLoss", lambda self, x, t: F.binary_cross_entropy_with_logits(
        x, t, self.weight, self._reduction, self.pos_weight),
        "Binary cross-entropy of logits, computed stably.",
        "weight=None, reduction='mean', pos_weight=None", hidden=("reduction",),
        args={"pos_weight": "Union[Tensor, None], the positive examples' weight."}),
    _loss("KLDivLoss", lambda self, x, t: F.kl_div(x, t, self.reduction, self.log_target),
          "``target * (log(target) - input)`` for log-probabilities ``input``, reduced.",
          "reduction='mean', log_target=False",
          args={"reduction": "str, 'none', 'mean', 'sum' or 'batchmean'.",
                "log_target": "bool, whether the target holds log-probabilities."},
          example=_PT + "mint.nn.KLDivLoss(reduction='sum')(p.log(), t + 0.5)"),
    CellFace("CosineEmbeddingLoss", "margin=0.0, reduction='mean'",
             lambda self, a, b, t: F.cosine_embedding_loss(a, b, t, self.margin, self.reduction),
             inputs="input1, input2, target", args=dict(_RED, margin="float, in [-1, 1]."),
             summary="``1 - cos`` for target 1, ``max(0, cos - margin)`` for -1, reduced.",
             example=_X + "mint.nn.CosineEmbeddingLoss()(x, x, Tensor(np.array([1, -1])))"),
]
CELL_FACES += [_pad("ZeroPad%dd" % n, n, "constant", "Zero padding of the last %d dims." % n)
               for n in (1, 2, 3)]
