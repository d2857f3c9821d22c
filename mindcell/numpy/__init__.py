"""mindcell.numpy: mindspore.numpy's numpy-like functions (``import mindcell.numpy as mnp``).

Every function is a composite of mindcell ops, so it runs in both modes, traces into GRAPH_MODE
graphs and differentiates. Inputs may be Tensors, Python numbers, lists/tuples or numpy arrays;
Python ints become Int32 and floats Float32 (mindspore.numpy's defaults), numpy arrays keep
their dtype. See docs/numpy.md."""
from mindcell.numpy import (array_creations, array_ops, dtypes, indexing_ops, linalg_ops,
                            logic_ops, math_ops, reductions)
from mindcell.numpy.array_creations import *  # noqa: F401,F403
from mindcell.numpy.array_ops import *  # noqa: F401,F403
from mindcell.numpy.dtypes import *  # noqa: F401,F403
from mindcell.numpy.indexing_ops import *  # noqa: F401,F403
from mindcell.numpy.linalg_ops import *  # noqa: F401,F403
from mindcell.numpy.logic_ops import *  # noqa: F401,F403
from mindcell.numpy.math_ops import *  # noqa: F401,F403
from mindcell.numpy.reductions import *  # noqa: F401,F403

max = reductions.amax  # noqa: A001  (numpy's aliases)
min = reductions.amin  # noqa: A001

__all__ = (array_creations.__all__ + array_ops.__all__ + dtypes.__all__ + indexing_ops.__all__
           + linalg_ops.__all__ + logic_ops.__all__ + math_ops.__all__ + reductions.__all__
           + ["max", "min"])
from mindcell.numpy import tail_ops  # noqa: E402
from mindcell.numpy.tail_ops import *  # noqa: E402,F401,F403
__all__ = __all__ + tail_ops.__all__
from mindcell.numpy import more_ops  # noqa: E402
from mindcell.numpy.more_ops import *  # noqa: E402,F401,F403
__all__ = __all__ + more_ops.__all__
from mindcell.numpy import more_arrays  # noqa: E402
from mindcell.numpy.more_arrays import *  # noqa: E402,F401,F403
__all__ = __all__ + more_arrays.__all__
from mindcell.numpy import more_math  # noqa: E402
from mindcell.numpy.more_math import *  # noqa: E402,F401,F403
__all__ = __all__ + more_math.__all__
from mindcell.numpy import more_index  # noqa: E402
from mindcell.numpy.more_index import *  # noqa: E402,F401,F403
__all__ = __all__ + more_index.__all__
from mindcell.numpy import more_stats  # noqa: E402
from mindcell.numpy.more_stats import *  # noqa: E402,F401,F403
__all__ = __all__ + more_stats.__all__
