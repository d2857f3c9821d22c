"""``ParameterUpdate``: a cell that writes its input into one Parameter (MindSpore's
``nn.ParameterUpdate``, used to set a parameter from inside a compiled graph)."""
from mindcell.common.parameter import Parameter
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops.function.misc_func import _check_inplace_dtype

__all__ = ["ParameterUpdate"]


class ParameterUpdate(Cell):
    """ParameterUpdate(param): calling it with a value assigns the value to ``param`` (same
    shape; cast to the parameter's dtype) and returns the value.

    Args:
        param (Parameter): the parameter updated.

    Inputs:
        - **x** (Tensor) - the new value, of ``param``'s shape.

    Outputs:
        Tensor, ``x``.

    Raises:
        TypeError: ``param`` is not a Parameter.
        ValueError: (when called) ``x``'s shape is not ``param``'s.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(2, 1)
        >>> update = ms.nn.ParameterUpdate(net.bias)
        >>> _ = update(ms.Tensor(np.array([5.0], np.float32)))
        >>> print(net.bias.asnumpy())
        [5.]
    """

    def __init__(self, param):
        super().__init__(auto_prefix=False)
        if not isinstance(param, Parameter):
            raise TypeError("For 'ParameterUpdate', 'param' must be 'Parameter', but got %s"
                            % type(param).__name__)
        self._param = param

    def construct(self, x):
        _check_inplace_dtype(self._param, x, "ParameterUpdate")  # before the shape, as MindSpore
        if tuple(x.shape) != tuple(self._param.shape):
            raise ValueError("For 'ParameterUpdate', the value must have the parameter's shape "
                             "%s, but got %s" % (tuple(self._param.shape), tuple(x.shape)))
        F.assign(self._param, F.cast(x, self._param.dtype))
        return x
