"""experimental.optim.Adadelta."""
from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["Adadelta"]


class Adadelta(Optimizer):
    r"""Adadelta (Zeiler, 2012) with PyTorch's signature, as ``mindspore.experimental.optim``.

    For each parameter with gradient :math:`g` (negated with ``maximize``, plus
    ``weight_decay * param``):

    .. math::
        v \leftarrow \rho v + (1-\rho) g^2,\quad
        \Delta = \frac{\sqrt{u + \epsilon}}{\sqrt{v + \epsilon}} g,\quad
        u \leftarrow \rho u + (1-\rho)\Delta^2,\quad
        param \leftarrow param - lr \cdot \Delta

    The state Parameters are ``accum.<name>`` (:math:`v`) and ``accum_update.<name>``
    (:math:`u`). Each step reads every group's ``lr``, ``rho``, ``eps``, ``weight_decay`` and
    ``maximize`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``1.0``.
        rho (float): decay of the running averages, in [0, 1]. Default: ``0.9``.
        eps (float): added for numerical stability, > 0. Default: ``1e-6``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: ``lr`` or ``eps`` not greater than 0, ``weight_decay`` negative, ``rho``
            outside [0, 1].
        TypeError: ``rho`` is not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.Adadelta([w], lr=1.0)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 5)
        array([0.99684, 1.00316], dtype=float32)
    """

    _state_names = ("accum", "accum_update")

    def __init__(self, params, lr=1.0, rho=0.9, eps=1e-6, weight_decay=0.0, *, maximize=False):
        name = "Adadelta"
        C.greater(name, "lr", lr)
        C.greater(name, "eps", eps)
        C.not_less(name, "weight_decay", weight_decay)
        C.float_range(name, "rho", rho, 0.0, 1.0, "both")
        super().__init__(params, dict(lr=lr, rho=rho, eps=eps, weight_decay=weight_decay,
                                      maximize=maximize))
        self.accum = self.clone_state("accum")
        self.accum_update = self.clone_state("accum_update")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = self._group_lr(index)
            rho, eps = float(group["rho"]), float(group["eps"])
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"],
                                 group["maximize"])
            for i, g in zip(range(first, end), grads):
                p, v, u = self.parameters[i], self.accum[i], self.accum_update[i]
                v_new = F.add(F.mul(v, rho), F.mul(F.mul(g, g), 1.0 - rho))
                delta = F.mul(F.div(F.sqrt(F.add(u, eps)), F.sqrt(F.add(v_new, eps))), g)
                F.assign(v, v_new)
                F.assign(u, F.add(F.mul(u, rho), F.mul(F.mul(delta, delta), 1.0 - rho)))
                F.assign(p, F.sub(p, F.mul(F.cast(lr, p.dtype), delta)))
        self._step_done()
        return True
