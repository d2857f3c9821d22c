"""``mindcell.ops`` functional API: every public op function, gathered from the family modules."""
import importlib

from mindcell.ops.function import math_func
from mindcell.ops.function.math_func import (abs, round, pow, add, sub, mul, div,  # noqa: F401
                                             binary_operands)
from mindcell.ops.function.reduce_func import (sum, max, min, all, any, reduce_sum,  # noqa: F401
                                               reduce_mean, reduce_max)
# The op families, in import order; a new family module is one entry here.
_FAMILIES = ("reduce_func", "array_func", "creation_func", "nn_func", "loss_func", "misc_func",
             "bitwise_func", "repeat_func", "resample_func", "activation_func", "conv3d_func",
             "loss_extra_func", "trig_func", "norm_func", "special_math_func",
             "math_extra_func", "cumulative_func", "math_more_func", "index_func",
             "scatter_func", "linalg_func", "einsum_func", "sampling_func", "ctc_func",
             "generated_func", "sequence_func", "image_func", "detection_func", "pool3d_func",
             "functional_extra_func", "patch_func", "method_func", "composed_func",
             "scatter_reduce_func", "linalg_more_func",
             "array_more_func", "nn_more_func",
             "random_more_func", "bessel_func", "matrix_func",
             "nn_compose_func", "random_dist_func",
             "misc_compose_func", "complex_func", "scalar_seq_func", "legacy_prims_func")
_modules = [math_func] + [importlib.import_module("mindcell.ops.function." + _name)
                          for _name in _FAMILIES]
for _module in _modules:
    globals().update({_n: getattr(_module, _n) for _n in _module.__all__})
from mindcell.ops.function.indexing import getitem, setitem  # noqa: E402,F401

# Helpers the op modules share but that are not MindSpore ops: reachable as ``F.<name>`` for the
# primitive classes, kept out of ``ops.*``.
_INTERNAL = {"zeros_like_f", "layer_norm_op", "same_padding", "reduce_loss", "print_",
             "softmax_cross_entropy_op"}
__all__ = sorted({n for mod in _modules for n in mod.__all__} - _INTERNAL
                 | {"getitem", "setitem"})
del _modules, _module
# MindSpore's F-only names (F.tensor_add, F.shape ...): not in __all__, so not ops.* names.
from mindcell.ops._f_compat import *  # noqa: E402,F401,F403
