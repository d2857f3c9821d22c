"""WithGradCell, Jvp and Vjp with MindSpore 2.10's signatures, on mindcell's GradOperation,
ops.jvp and ops.vjp (so they work in both modes)."""
from mindcell.common.parameter import ParameterTuple
from mindcell.nn.cell import Cell
from mindcell.nn.wrap.cell_wrapper import WithLossCell
from mindcell import ops


class WithGradCell(Cell):
    """WithGradCell(network, loss_fn=None, sens=None): the gradients of ``network``'s (or
    ``loss_fn`` applied to its output's) value with respect to its trainable parameters.

    Args:
        network (Cell): the network.
        loss_fn (Cell, optional): the loss, called as ``loss_fn(network(data), label)``;
            ``None`` when ``network`` already returns the loss. Default: ``None``.
        sens (Tensor, optional): the gradient of the output (the sensitivity); ``None`` for
            ones. Default: ``None``.

    Inputs:
        - **\\*inputs** (tuple[Tensor]) - the inputs of ``network`` (and the label with
          ``loss_fn``).

    Outputs:
        tuple[Tensor], one gradient per trainable parameter, in ``trainable_params()`` order.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> x = ms.Tensor(np.array([[1.0, 2.0]], np.float32))
        >>> y = ms.Tensor(np.ones((1, 1), np.float32))
        >>> grads = ms.nn.WithGradCell(net, ms.nn.MSELoss())(x, y)
        >>> print(grads[0], grads[1])
        [[4. 8.]] [4.]
    """

    def __init__(self, network, loss_fn=None, sens=None):
        super().__init__(auto_prefix=False)
        self.network = network
        self.loss_fn = loss_fn
        self.weights = ParameterTuple(network.trainable_params())
        self.grad = ops.GradOperation(get_by_list=True, sens_param=sens is not None)
        self.sens = sens
        self.network_with_loss = network if loss_fn is None else WithLossCell(network, loss_fn)
        self.network_with_loss.set_train()

    def construct(self, *inputs):
        if self.sens is None:
            return self.grad(self.network_with_loss, self.weights)(*inputs)
        return self.grad(self.network_with_loss, self.weights)(*inputs, self.sens)


class Jvp(Cell):
    """Jvp(fn): the Jacobian-vector product of ``fn``: called as ``Jvp(fn)(*inputs, v)``, it
    returns ``(fn(*inputs), J v)`` (``v`` a Tensor for one input, a tuple for several).

    Args:
        fn (Union[Cell, function]): the function to differentiate.

    Inputs:
        - **\\*args** (tuple) - the inputs of ``fn``, then ``v`` (their shapes).

    Outputs:
        tuple, ``fn``'s output and the product ``J v`` (its shape).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> def cube(a):
        ...     return a * a * a
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, jv = ms.nn.Jvp(cube)(x, ms.Tensor(np.array([1.0, 0.5], np.float32)))
        >>> print(out, jv)
        [1. 8.] [3. 6.]
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        if len(inputs) == 1:
            return ops.jvp(self.fn, inputs[0], v)
        return ops.jvp(self.fn, tuple(inputs), tuple(v))


class Vjp(Cell):
    """Vjp(fn): the vector-Jacobian product of ``fn``: called as ``Vjp(fn)(*inputs, v)``, it
    returns ``(fn(*inputs), v J)``: the gradient of ``sum(v * fn(*inputs))`` with respect to
    each input (one Tensor for one input, a tuple for several).

    Args:
        fn (Union[Cell, function]): the function to differentiate.

    Inputs:
        - **\\*args** (tuple) - the inputs of ``fn``, then ``v`` (the output's shape).

    Outputs:
        tuple, ``fn``'s output and the product ``v J``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> def cube(a):
        ...     return a * a * a
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> out, vj = ms.nn.Vjp(cube)(x, ms.Tensor(np.array([1.0, 0.5], np.float32)))
        >>> print(out, vj)
        [1. 8.] [3. 6.]
    """

    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        inputs, v = args[:-1], args[-1]
        out, back = ops.vjp(self.fn, *inputs)
        grads = back(v)
        if len(inputs) == 1 and isinstance(grads, tuple):
            grads = grads[0]
        return out, grads
