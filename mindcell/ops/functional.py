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
