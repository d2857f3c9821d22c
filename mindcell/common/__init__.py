"""``mindcell.common``: dtype, Tensor, Parameter and initializers."""
from mindcell.common import dtype  # noqa: F401
from mindcell.common.tensor import Tensor  # noqa: F401
from mindcell.common.parameter import Parameter, ParameterTuple  # noqa: F401
from mindcell.common import initializer  # noqa: F401
