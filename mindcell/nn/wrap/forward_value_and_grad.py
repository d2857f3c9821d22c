"""ForwardValueAndGrad: a Cell returning a network's output and its gradients."""
import types

from mindcell.common.parameter import Parameter
from mindcell.nn.cell import Cell
from mindcell.ops.grad import GradOperation


class ForwardValueAndGrad(Cell):
    """Runs ``network`` and differentiates it: ``(loss, grads)``, the gradients chosen as in
    :class:`ops.GradOperation` (inputs, ``weights`` or both).

    Args:
        network (Union[Cell, Function, MethodType]): the function to differentiate.
        weights (Union[ParameterTuple, Parameter, list[Parameter], None]): the Parameters
            whose gradients are returned with ``get_by_list``. Default: None.
        get_all (bool): the gradients of every input (else of the first). Default: False.
        get_by_list (bool): the gradients of ``weights`` (with ``get_all``: inputs' then
            weights'). Default: False.
        sens_param (bool): the last input is the sensitivity (the output's gradient) instead
            of ones. Default: False.

    Inputs:
        - **\\*inputs** - the network's inputs, then ``sens`` when ``sens_param``.

    Outputs:
        ``(loss, grads)``: the network's output on the inputs (without ``sens``) and the
        gradients.

    Raises:
        TypeError: ``network`` is not a Cell or function, a flag is not a bool, or
            ``get_by_list`` is set without ``weights``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.WithLossCell(nn.Dense(3, 2, weight_init="ones", bias_init="zeros"),
        ...                       nn.MSELoss())
        >>> fvg = nn.ForwardValueAndGrad(net, weights=net.trainable_params(), get_by_list=True)
        >>> loss, grads = fvg(ms.Tensor(np.ones((1, 3), np.float32)),
        ...                   ms.Tensor(np.zeros((1, 2), np.float32)))
        >>> float(loss), [g.shape for g in grads]
        (9.0, [(2, 3), (2,)])
    """

    def __init__(self, network, weights=None, get_all=False, get_by_list=False,
                 sens_param=False):
        super().__init__(auto_prefix=False)
        if not isinstance(network, (Cell, types.FunctionType, types.MethodType)):
            raise TypeError("ForwardValueAndGrad: 'network' must be a Cell, function or method, "
                            "but got %s" % type(network).__name__)
        for name, flag in (("get_all", get_all), ("get_by_list", get_by_list),
                           ("sens_param", sens_param)):
            if not isinstance(flag, bool):
                raise TypeError("ForwardValueAndGrad: '%s' must be a bool, but got %s"
                                % (name, type(flag).__name__))
        if get_by_list and not (isinstance(weights, Parameter) or (
                isinstance(weights, (list, tuple)) and weights
                and all(isinstance(w, Parameter) for w in weights))):
            raise TypeError("ForwardValueAndGrad: with get_by_list=True, 'weights' must be "
                            "Parameters, but got %r" % (weights,))
        self.network = network
        self.weights = weights
        self.get_all, self.get_by_list, self.sens_param = get_all, get_by_list, sens_param
        self.grad = GradOperation(get_all=get_all, get_by_list=get_by_list,
                                  sens_param=sens_param)

    def construct(self, *inputs):
        args = inputs[:-1] if self.sens_param else inputs
        loss = self.network(*args)
        if self.get_by_list:
            grads = self.grad(self.network, self.weights)(*inputs)
        else:
            grads = self.grad(self.network)(*inputs)
        return loss, grads
