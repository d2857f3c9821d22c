"""``mindcell.ops.auto_generate`` (MindSpore's module path of its generated operators).

The names MindSpore has here that mindcell defines elsewhere are bound by :mod:`mindcell._faces`.
This module adds the generated Primitive classes whose operation mindcell has as a function:
MindSpore 2.10's ``SumExt()(input, dim=None, keepdim=False, dtype=None)`` is what its
``mint.sum`` runs, so mindcell's ``SumExt`` calls mindcell's ``mint.sum`` with the primitive's
arguments and defaults. Each row below was checked under MindSpore 2.10 (the ms-oracle): the
class takes no constructor arguments, its instance in ``gen_ops_prim`` is what the named
function is or calls, and that function's parameters begin with the primitive's inputs in order.
"""
import importlib
import inspect

from mindcell.ops.primitive import Primitive

# (class, mindcell module the function lives in, function, the primitive's inputs with
# MindSpore 2.10's defaults)
_TABLE = (
    ("AcosExt", "ops.auto_generate", "acos_ext", "input"),
    ("AcoshExt", "ops.auto_generate", "acosh_ext", "input"),
    ("AdaptiveAvgPool1D", "ops.auto_generate", "adaptive_avg_pool1d", "input, output_size"),
    ("AdaptiveAvgPool2DExt", "ops", "adaptive_avg_pool2d_ext", "input, output_size"),
    ("AdaptiveAvgPool3DExt", "mint.nn.functional", "adaptive_avg_pool3d", "input, output_size"),
    ("AdaptiveMaxPool1D", "mint.nn.functional", "adaptive_max_pool1d", "input, output_size"),
    ("AddN", "ops", "addn", "x"),
    ("Addbmm", "mint", "addbmm", "input, batch1, batch2, beta=1, alpha=1"),
    ("AddcdivExt", "mint", "addcdiv", "input, tensor1, tensor2, value=1"),
    ("Addmm", "mint", "addmm", "input, mat1, mat2, beta=1, alpha=1"),
    ("Addmv", "mint", "addmv", "input, mat, vec, beta=1, alpha=1"),
    ("Any", "mint", "any", "input"),
    ("ArgMaxExt", "ops.auto_generate", "argmax_ext", "input, dim=None, keepdim=False"),
    ("ArgMinExt", "ops.auto_generate", "argmin_ext", "input, dim=None, keepdim=False"),
    ("ArgSort", "mint", "argsort", "input, dim=-1, descending=False, stable=False"),
    ("AsinExt", "ops.auto_generate", "asin_ext", "input"),
    ("AsinhExt", "ops.auto_generate", "asinh_ext", "input"),
    ("Atan2Ext", "ops.auto_generate", "atan2_ext", "input, other"),
    ("AtanExt", "ops.auto_generate", "atan_ext", "input"),
    ("AvgPool1D", "mint.nn.functional", "avg_pool1d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True"),
    ("AvgPool2D", "mint.nn.functional", "avg_pool2d", "input, kernel_size, stride, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None"),
    ("AvgPool3DExt", "mint.nn.functional", "avg_pool3d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True, divisor_override=None"),
    ("Baddbmm", "mint", "baddbmm", "input, batch1, batch2, beta=1, alpha=1"),
    ("BatchMatMulExt", "ops.auto_generate", "bmm_ext", "input, mat2"),
    ("BatchNormElemt", "ops.auto_generate", "batch_norm_elemt", "input, weight=None, bias=None, mean=None, invstd=None, eps=1e-05"),
    ("BatchNormGatherStatsWithCounts", "ops.auto_generate", "batch_norm_gather_stats_with_counts", "input, mean, invstd, running_mean=None, running_var=None, momentum=0.1, eps=1e-05, counts=None"),
    ("BatchNormStats", "ops.auto_generate", "batch_norm_stats", "input, eps"),
    ("BincountExt", "ops.auto_generate", "bincount_ext", "input, weights=None, minlength=0"),
    ("BitwiseNot", "mint", "bitwise_not", "input"),
    ("BroadcastToView", "ops.auto_generate", "broadcast_to_view", "input, shape"),
    ("Clone", "ops.auto_generate", "clone", "input"),
    ("Conv2DExt", "mint", "conv2d", "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1"),
    ("ConvTbc", "ops.auto_generate", "conv_tbc", "input, weight, bias, pad=0"),
    ("ConvTranspose2D", "ops.auto_generate", "conv_transpose2d", "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1"),
    ("CosineEmbeddingLoss", "ops.auto_generate", "cosine_embedding_loss", "input1, input2, target, margin=0.0, reduction='mean'"),
    ("CountNonZero", "ops.auto_generate", "count_nonzero", "input, dim=None"),
    ("CumminExt", "ops.auto_generate", "cummin_ext", "input, dim"),
    ("CumsumExt", "ops.auto_generate", "cumsum_ext", "input, dim, dtype=None"),
    ("DiagExt", "ops.auto_generate", "diag_ext", "input, diagonal=0"),
    ("Dot", "ops.auto_generate", "dot", "input, other"),
    ("EinsumExt", "ops", "einsum_ext", "equation, operands"),
    ("Embedding", "mint.nn.functional", "embedding", "input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False"),
    ("Empty", "mint", "empty", "size, dtype=None, device=None, pin_memory=False"),
    ("EmptyLike", "mint", "empty_like", "input, dtype=None, device=None, pin_memory=False"),
    ("Exp2", "ops.auto_generate", "exp2", "input"),
    ("ExpandAs", "ops.auto_generate", "expand_as", "input, other"),
    ("FlattenExt", "ops.auto_generate", "flatten_ext", "input, start_dim=0, end_dim=-1"),
    ("Frac", "mint", "frac", "input"),
    ("FullLike", "mint", "full_like", "input, fill_value, dtype=None"),
    ("GroupNorm", "mint.nn.functional", "group_norm", "input, num_groups, weight=None, bias=None, eps=1e-05"),
    ("Hardtanh", "mint.nn.functional", "hardtanh", "input, min_val=-1, max_val=1"),
    ("HistcExt", "ops.auto_generate", "histc_ext", "input, bins=100, min=0, max=0"),
    ("IndexSelect", "mint", "index_select", "input, dim, index"),
    ("InplaceAddr", "ops.auto_generate", "inplace_addr", "input, vec1, vec2, beta=1, alpha=1"),
    ("InplaceHardtanh", "ops.auto_generate", "inplace_hardtanh", "input, min_val=-1, max_val=1"),
    ("InplaceSigmoid", "ops.auto_generate", "inplace_sigmoid", "input"),
    ("InplaceThreshold", "ops.auto_generate", "inplace_threshold", "input, threshold, value"),
    ("IsNegInf", "mint", "isneginf", "input"),
    ("KLDiv", "mint.nn.functional", "kl_div", "input, target, reduction='mean', log_target=False"),
    ("Kthvalue", "mint", "kthvalue", "input, k, dim=-1, keepdim=False"),
    ("LayerNormExt", "mint.nn.functional", "layer_norm", "input, normalized_shape, weight=None, bias=None, eps=1e-05"),
    ("LeakyReLUExt", "ops.auto_generate", "leaky_relu_ext", "input, negative_slope=0.01"),
    ("Log10", "mint", "log10", "input"),
    ("Log2", "mint", "log2", "input"),
    ("LogAddExp", "mint", "logaddexp", "input, other"),
    ("LogAddExp2", "ops.auto_generate", "logaddexp2", "input, other"),
    ("LogSigmoid", "mint.nn.functional", "logsigmoid", "input"),
    ("LogSoftmaxExt", "mint.nn.functional", "log_softmax", "input, dim=None, dtype=None"),
    ("LogSumExp", "mint", "logsumexp", "input, dim, keepdim=False"),
    ("MSELossExt", "ops.auto_generate", "mse_loss_ext", "input, target, reduction='mean'"),
    ("MaskedSelect", "ops.auto_generate", "masked_select", "input, mask"),
    ("MatMulExt", "mint", "matmul", "input, other"),
    ("Max", "mint", "max", "input"),
    ("MaxUnpool2DExt", "ops.auto_generate", "max_unpool2d_ext", "input, indices, kernel_size, stride=None, padding=0, output_size=None"),
    ("MeanExt", "mint", "mean", "input, dim=None, keepdim=False, dtype=None"),
    ("MedianExt", "mint", "median", "input"),
    ("Min", "mint", "min", "input"),
    ("Mm", "ops.auto_generate", "mm_ext", "input, mat2"),
    ("Mv", "ops.auto_generate", "mv", "input, vec"),
    ("Nansum", "mint", "nansum", "input, dim=None, keepdim=False, dtype=None"),
    ("NarrowView", "ops.auto_generate", "narrow_view", "input, dim, start, length"),
    ("Norm", "mint", "norm", "input, p=2.0, dim=None, keepdim=False, dtype=None"),
    ("NpuGelu", "ops.auto_generate", "npu_gelu", "input, approximate='none'"),
    ("OnesLikeExt", "mint", "ones_like", "input, dtype=None"),
    ("Outer", "mint", "outer", "input, vec2"),
    ("PReLU", "ops.auto_generate", "prelu", "input, weight"),
    ("PixelShuffle", "mint.nn.functional", "pixel_shuffle", "input, upscale_factor"),
    ("ProdExt", "mint", "prod", "input, dim=None, keepdim=False, dtype=None"),
    ("ScatterAddExt", "mint", "scatter_add", "input, dim, index, src"),
    ("SelectExtView", "ops.auto_generate", "select_ext_view", "input, dim, index"),
    ("SiLU", "ops.auto_generate", "silu", "input"),
    ("SortExt", "mint", "sort", "input, dim=-1, descending=False, stable=False"),
    ("Std", "mint", "std", "input, dim=None, correction=1, keepdim=False"),
    ("StdMean", "mint", "std_mean", "input, dim=None, correction=1, keepdim=False"),
    ("Sub", "ops.auto_generate", "sub", "input, other"),
    ("SumExt", "mint", "sum", "input, dim=None, keepdim=False, dtype=None"),
    ("Take", "ops.auto_generate", "take", "input, index"),
    ("Tan", "ops.auto_generate", "tan", "input"),
    ("Threshold", "mint.nn.functional", "threshold", "input, threshold, value"),
    ("TopkExt", "ops.auto_generate", "topk_ext", "input, k, dim=-1, largest=True, sorted=True"),
    ("TraceExt", "ops.auto_generate", "trace_ext", "input"),
    ("TransposeExtView", "ops.auto_generate", "transpose_ext_view", "input, dim0, dim1"),
    ("TriangularSolve", "ops.auto_generate", "triangular_solve", "b, A, upper=True, transpose=False, unitriangular=False"),
    ("TrilExt", "mint", "tril", "input, diagonal=0"),
    ("Var", "mint", "var", "input, dim=None, correction=1, keepdim=False"),
    ("VarMean", "mint", "var_mean", "input, dim=None, correction=1, keepdim=False"),
    ("Vdot", "ops.auto_generate", "vdot", "input, other"),
    ("ViewAs", "ops.auto_generate", "view_as", "input, other"),
    ("ZerosLikeExt", "mint", "zeros_like", "input, dtype=None"),
    # the MindSpore function of these does not name the instance in its source; their values
    # were compared with MindSpore 2.10's instead (tests/compat/test_user_programs_r5_llm5.py)
    ("AddExt", "mint", "add", "input, other, alpha=1"),
    ("Chunk", "mint", "chunk", "input, chunks, dim=0"),
    ("GeluExt", "mint.nn.functional", "gelu", "input, approximate='none'"),
    ("IndexAddExt", "mint", "index_add", "input, dim, index, source, alpha=1"),
    ("Narrow", "mint", "narrow", "input, dim, start, length"),
    ("SubExt", "mint", "sub", "input, other, alpha=1"),
    ("SplitWithSize", "ops.auto_generate", "split_with_size", "input, split_size, dim=0"),
    ("TExt", "mint", "t", "input"),
)



def split_with_size(input, split_size, dim=0):
    """split_with_size(input, split_size, dim=0): ``input`` split along ``dim`` into pieces of
    the sizes ``split_size`` (which sum to ``input.shape[dim]``), what MindSpore's
    ``SplitWithSize`` primitive computes.

    Args:
        input (Tensor): the tensor split.
        split_size (Union[tuple[int], list[int]]): the sizes of the pieces.
        dim (int): the axis. Default: ``0``.

    Returns:
        tuple[Tensor], the pieces.

    Raises:
        TypeError: ``split_size`` is not a tuple or list of ints.
        ValueError: the sizes do not sum to ``input.shape[dim]``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops.auto_generate import split_with_size
        >>> [p.shape for p in split_with_size(Tensor(np.zeros((5, 2), np.float32)), (2, 3))]
        [(2, 2), (3, 2)]
    """
    if not isinstance(split_size, (tuple, list)):
        raise TypeError("SplitWithSize: 'split_size' must be a tuple or list of ints, but got %s"
                        % type(split_size).__name__)
    from mindcell.ops import split  # mint.split is a face of it (mint is a higher layer)
    return split(input, split_size, dim)

def _signature(text):
    namespace = {}
    exec("def f(%s):\n    pass" % text, namespace)  # noqa: S102 (literals of the table above)
    return inspect.signature(namespace["f"])


class _FunctionPrimitive(Primitive):
    """A generated MindSpore operator computed by the mindcell function of the same operation."""

    _module = _function = _inputs = None

    def __init__(self):
        super().__init__(type(self).__name__)

    def _target(self):
        cls = type(self)
        if "_resolved" not in cls.__dict__:
            fn = getattr(importlib.import_module("mindcell." + cls._module), cls._function)
            kinds = {name: p.kind for name, p in inspect.signature(fn).parameters.items()}
            cls._resolved = (fn, kinds)
        return cls._resolved

    def __call__(self, *args, **kwargs):
        fn, kinds = self._target()
        try:
            bound = self._inputs.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError("For '%s', %s (inputs: %s)" % (self.name, e, self._inputs)) from None
        bound.apply_defaults()
        positional, keywords = [], {}
        for name, value in bound.arguments.items():
            kind = kinds.get(name)
            if kind is inspect.Parameter.KEYWORD_ONLY:
                keywords[name] = value
            elif kind is inspect.Parameter.VAR_POSITIONAL:
                positional.extend(value if isinstance(value, (tuple, list)) else (value,))
            else:
                positional.append(value)
        return fn(*positional, **keywords)


def _make(name, module, function, inputs):
    doc = ("%s()(%s): MindSpore's generated operator; computes ``mindcell.%s.%s`` of the "
           "inputs.\n\n    Raises:\n        TypeError: inputs that do not fit (%s).\n"
           % (name, inputs, module, function, inputs))
    return type(name, (_FunctionPrimitive,), {
        "__doc__": doc, "__module__": __name__, "_module": module, "_function": function,
        "_inputs": _signature(inputs)})


for _row in _TABLE:
    globals()[_row[0]] = _make(*_row)
del _row

__all__ = [row[0] for row in _TABLE]
