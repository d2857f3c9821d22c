"""``mindcell.common``: dtype, Tensor, Parameter and initializers."""
from mindcell.common import dtype  # noqa: F401
# the functions shadow their modules' names, as in MindSpore (mindspore.common.tensor is the
# function)
from mindcell.common.tensor import Tensor, tensor  # noqa: F401
from mindcell.common.mutable import mutable  # noqa: F401
from mindcell.common.parameter import Parameter, ParameterTuple  # noqa: F401
from mindcell.common import initializer  # noqa: F401
# MindSpore binds these functions over its modules common.lazy_inline / common.no_inline
from mindcell.program_api import lazy_inline, no_inline  # noqa: F401,E402
