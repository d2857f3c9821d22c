"""``mindcell.common.dtype``: the dtype objects, as in ``mindspore.common.dtype``."""
from mindcell.dtype import *  # noqa: F401,F403
from mindcell.dtype import DType as Type, half, single, double, int_, uint, float_  # noqa: F401
from mindcell.dtype import ALL_DTYPES, COMPLEX_DTYPES
all_types = ALL_DTYPES + COMPLEX_DTYPES  # MindSpore 2.10 lists complex64/128 in both
number_type = tuple(d for d in all_types if d.name != "Bool")
from mindcell.common.dtype_names import *  # noqa: F401,F403,E402
from mindcell.common.dtype_classes import Int, Float, Bool  # noqa: F401,E402
