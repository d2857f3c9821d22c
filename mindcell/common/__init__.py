"""``mindcell.common``: dtype, Tensor, Parameter and initializers."""
from mindcell.common import dtype  # noqa: F401
# the functions shadow their modules' names, as in MindSpore (mindspore.common.tensor is the
# function)
from mindcell.common.tensor import Tensor, tensor  # noqa: F401
from mindcell.common.mutable import mutable  # noqa: F401
from mindcell.common.parameter import Parameter, ParameterTuple  # noqa: F401
from mindcell.common import initializer  # noqa: F401
