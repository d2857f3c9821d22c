"""experimental.optim.Adagrad."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["Adagrad"]


class Adagrad(Optimizer):
    r"""Adagrad with PyTorch's signature, as ``mindspore.experimental.optim``.

    With :math:`t` the number of steps taken before this one and :math:`g` the gradient
    (negated with ``maximize``, plus ``weight_decay * param``):

    .. math::
        \tilde{lr} = \frac{lr}{1 + t \cdot lr\_decay},\quad
        s \leftarrow s + g^2,\quad
        param \leftarrow param - \tilde{lr} \frac{g}{\sqrt{s} + \epsilon}

    The state Parameters are ``accum.<name>`` (:math:`s`, starting at
    ``initial_accumulator_value``) and ``step_t``. Each step reads every group's ``lr``,
    ``lr_decay``, ``eps``, ``weight_decay`` and ``maximize`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``1e-2``.
        lr_decay (float): learning-rate decay, >= 0. Default: ``0.0``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        initial_accumulator_value (float): the start of ``accum``, >= 0. Default: ``0.0``.
        eps (float): added to the denominator, > 0. Default: ``1e-10``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: an argument outside its bound above.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.Adagrad([w], lr=0.1)
        >>> _ = opt((ms.Tensor(np.array([2.0, -1.0], np.float32)),))
        >>> w.asnumpy()
        array([0.9, 1.1], dtype=float32)
    """

    _state_names = ("accum",)

    def __init__(self, params, lr=1e-2, lr_decay=0.0, weight_decay=0.0,
                 initial_accumulator_value=0.0, eps=1e-10, *, maximize=False):
        name = "Adagrad"
        C.greater(name, "lr", lr)
        C.not_less(name, "lr_decay", lr_decay)
        C.not_less(name, "weight_decay", weight_decay)
        C.not_less(name, "initial_accumulator_value", initial_accumulator_value)
        C.greater(name, "eps", eps)
        super().__init__(params, dict(lr=lr, lr_decay=lr_decay, eps=eps,
                                      weight_decay=weight_decay,
                                      initial_accumulator_value=initial_accumulator_value,
                                      maximize=maximize))
        self.accum = self.clone_state("accum", init=float(initial_accumulator_value))
        self.step_t = C.scalar_state("step_t", 0, np.int32)

    def _state_fill(self, state):
        return float(self.defaults["initial_accumulator_value"])

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        steps = F.cast(self.step_t, np.float32)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = self._group_lr(index)
            lr = F.div(lr, F.add(F.mul(steps, float(group["lr_decay"])), 1.0))
            eps = float(group["eps"])
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"],
                                 group["maximize"])
            for i, g in zip(range(first, end), grads):
                p, s = self.parameters[i], self.accum[i]
                s_new = F.add(s, F.mul(g, g))
                F.assign(s, s_new)
                F.assign(p, F.sub(p, F.div(F.mul(g, F.cast(lr, p.dtype)),
                                           F.add(F.sqrt(s_new), eps))))
        F.assign_add(self.step_t, C.ONE)
        self._step_done()
        return True
