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

from mindcell.ops.function import (array_func as _a, bitwise_func as _b, creation_func as _c,  # noqa: E402
                                   loss_func as _l, math_func as _m, misc_func as _x,
                                   nn_func as _n, reduce_func as _r, repeat_func as _p,
                                   resample_func as _rs, activation_func as _af,
                                   conv3d_func as _c3, loss_extra_func as _le,
                                   trig_func as _tr, norm_func as _nm,
                                   special_math_func as _sm, math_extra_func as _me,
                                   cumulative_func as _cu, math_more_func as _mm)

# Helpers the op modules share but that are not MindSpore ops: reachable as ``F.<name>`` for the
# primitive classes, kept out of ``ops.*``.
_INTERNAL = {"zeros_like_f", "layer_norm_op", "same_padding", "reduce_loss", "print_",
             "softmax_cross_entropy_op"}
__all__ = sorted({n for mod in (_a, _b, _c, _l, _m, _x, _n, _r, _p, _rs, _af, _c3, _le, _tr, _nm,
                                    _sm, _me, _cu, _mm)
                  for n in mod.__all__} - _INTERNAL | {"getitem", "setitem"})
# MindSpore's F-only names (F.tensor_add, F.shape ...): not in __all__, so not ops.* names.
from mindcell.ops._f_compat import *  # noqa: E402,F401,F403

# Linear algebra, n-d scatter, slicing, einsum and sampling.
from mindcell.ops.function.index_func import *  # noqa: E402,F401,F403
from mindcell.ops.function.scatter_func import *  # noqa: E402,F401,F403
from mindcell.ops.function.linalg_func import *  # noqa: E402,F401,F403
from mindcell.ops.function.einsum_func import *  # noqa: E402,F401,F403
from mindcell.ops.function.sampling_func import *  # noqa: E402,F401,F403
from mindcell.ops.function import (index_func as _ix, scatter_func as _sc,  # noqa: E402
                                   linalg_func as _la, einsum_func as _es, sampling_func as _sa)
__all__ = sorted(set(__all__) | {n for mod in (_ix, _sc, _la, _es, _sa) for n in mod.__all__})
# CTC loss.
from mindcell.ops.function.ctc_func import *  # noqa: E402,F401,F403
from mindcell.ops.function import ctc_func as _ctc  # noqa: E402
__all__ = sorted(set(__all__) | set(_ctc.__all__))
