"""``mindcell.ops`` functional API: every public op function, gathered from the family modules."""
from mindcell.ops.function.math_func import *  # noqa: F401,F403
from mindcell.ops.function.math_func import (abs, round, pow, add, sub, mul, div,  # noqa: F401
                                             binary_operands)
from mindcell.ops.function.reduce_func import *  # noqa: F401,F403
from mindcell.ops.function.reduce_func import (sum, max, min, all, any, reduce_sum,  # noqa: F401
                                               reduce_mean, reduce_max)
from mindcell.ops.function.array_func import *  # noqa: F401,F403
from mindcell.ops.function.creation_func import *  # noqa: F401,F403
from mindcell.ops.function.nn_func import *  # noqa: F401,F403
from mindcell.ops.function.loss_func import *  # noqa: F401,F403
from mindcell.ops.function.misc_func import *  # noqa: F401,F403
from mindcell.ops.function.indexing import getitem, setitem  # noqa: F401
from mindcell.ops.function.bitwise_func import *  # noqa: F401,F403
from mindcell.ops.function.repeat_func import *  # noqa: F401,F403
from mindcell.ops.function.resample_func import *  # noqa: F401,F403
from mindcell.ops.function.activation_func import *  # noqa: F401,F403
from mindcell.ops.function.conv3d_func import *  # noqa: F401,F403
from mindcell.ops.function.loss_extra_func import *  # noqa: F401,F403
from mindcell.ops.function.trig_func import *  # noqa: F401,F403
from mindcell.ops.function.norm_func import *  # noqa: F401,F403
from mindcell.ops.function.special_math_func import *  # noqa: F401,F403
from mindcell.ops.function.math_extra_func import *  # noqa: F401,F403
from mindcell.ops.function.cumulative_func import *  # noqa: F401,F403
from mindcell.ops.function.math_more_func import *  # noqa: F401,F403
# Linear algebra, n-d scatter, slicing, einsum, sampling and CTC loss.
from mindcell.ops.function.index_func import *  # noqa: F401,F403
from mindcell.ops.function.scatter_func import *  # noqa: F401,F403
from mindcell.ops.function.linalg_func import *  # noqa: F401,F403
from mindcell.ops.function.einsum_func import *  # noqa: F401,F403
from mindcell.ops.function.sampling_func import *  # noqa: F401,F403
from mindcell.ops.function.ctc_func import *  # noqa: F401,F403
from mindcell.ops.function.sequence_func import *  # noqa: F401,F403
from mindcell.ops.function.image_func import *  # noqa: F401,F403
from mindcell.ops.function.detection_func import *  # noqa: F401,F403
from mindcell.ops.function.pool3d_func import *  # noqa: F401,F403

from mindcell.ops.function import (array_func, bitwise_func, creation_func,  # noqa: E402
                                   loss_func, math_func, misc_func, nn_func, reduce_func,
                                   repeat_func, resample_func, activation_func, conv3d_func,
                                   loss_extra_func, trig_func, norm_func, special_math_func,
                                   math_extra_func, cumulative_func, math_more_func, index_func,
                                   scatter_func, linalg_func, einsum_func, sampling_func,
                                   ctc_func)
from mindcell.ops.function import (sequence_func, image_func, detection_func,  # noqa: E402
                                   pool3d_func)

# Helpers the op modules share but that are not MindSpore ops: reachable as ``F.<name>`` for the
# primitive classes, kept out of ``ops.*``.
_INTERNAL = {"zeros_like_f", "layer_norm_op", "same_padding", "reduce_loss", "print_",
             "softmax_cross_entropy_op"}
__all__ = sorted({n for mod in (array_func, bitwise_func, creation_func, loss_func, math_func,
                                misc_func, nn_func, reduce_func, repeat_func, resample_func,
                                activation_func, conv3d_func, loss_extra_func, trig_func,
                                norm_func, special_math_func, math_extra_func, cumulative_func,
                                math_more_func, index_func, scatter_func, linalg_func,
                                einsum_func, sampling_func, ctc_func,
                                sequence_func, image_func, detection_func, pool3d_func)
                  for n in mod.__all__} - _INTERNAL | {"getitem", "setitem"})
del (array_func, bitwise_func, creation_func, loss_func, math_func, misc_func, nn_func,
     reduce_func, repeat_func, resample_func, activation_func, conv3d_func, loss_extra_func,
     trig_func, norm_func, special_math_func, math_extra_func, cumulative_func, math_more_func,
     index_func, scatter_func, linalg_func, einsum_func, sampling_func, ctc_func,
     sequence_func, image_func, detection_func, pool3d_func)
# MindSpore's F-only names (F.tensor_add, F.shape ...): not in __all__, so not ops.* names.
from mindcell.ops._f_compat import *  # noqa: E402,F401,F403
