"""experimental.optim.Adamax."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["Adamax"]


class Adamax(Optimizer):
    r"""Adamax (Adam with the infinity norm) with PyTorch's signature, as
    ``mindspore.experimental.optim``.

    With :math:`t` the step number (from 1) and :math:`g` the gradient (negated with
    ``maximize``, plus ``weight_decay * param``):

    .. math::
        m \leftarrow \beta_1 m + (1-\beta_1) g,\quad
        u \leftarrow \max(\beta_2 u, |g| + \epsilon),\quad
        param \leftarrow param - \frac{lr}{1-\beta_1^t} \frac{m}{u}

    The state Parameters are ``step_t``, ``exp_avg.<name>`` (:math:`m`) and
    ``exp_inf.<name>`` (:math:`u`). Each step reads every group's ``lr``, ``betas``, ``eps``,
    ``weight_decay`` and ``maximize`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``2e-3``.
        betas (tuple[float, float]): the decay rates, each a float in [0, 1).
            Default: ``(0.9, 0.999)``.
        eps (float): added to the norm, > 0. Default: ``1e-8``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: an argument outside its bound above.
        TypeError: a beta is not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.Adamax([w], lr=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 5)
        array([0.9, 1.1], dtype=float32)
    """

    _state_names = ("exp_avg", "exp_inf")

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0, *,
                 maximize=False):
        name = "Adamax"
        C.greater(name, "lr", lr)
        C.not_less(name, "weight_decay", weight_decay)
        C.greater(name, "eps", eps)
        betas = C.pair(name, "betas", betas)
        C.float_range(name, "betas[0]", betas[0], 0.0, 1.0, "left")
        C.float_range(name, "betas[1]", betas[1], 0.0, 1.0, "left")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      maximize=maximize))
        self.step_t = C.scalar_state("step_t", 0, np.int32)
        self.exp_avg = self.clone_state("exp_avg")
        self.exp_inf = self.clone_state("exp_inf")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.step_t, C.ONE)
        step = F.cast(self.step_t, np.float32)
        for index, (group, first, end) in enumerate(self._group_slices()):
            beta1, beta2 = (float(b) for b in group["betas"])
            eps = float(group["eps"])
            clr = F.div(self._group_lr(index), F.sub(1.0, F.pow(beta1, step)))
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"],
                                 group["maximize"])
            for i, g in zip(range(first, end), grads):
                p, m, u = self.parameters[i], self.exp_avg[i], self.exp_inf[i]
                m_new = F.add(F.mul(m, beta1), F.mul(g, 1.0 - beta1))
                u_new = F.maximum(F.mul(u, beta2), F.add(F.abs(g), eps))
                F.assign(m, m_new)
                F.assign(u, u_new)
                F.assign(p, F.sub(p, F.div(F.mul(F.cast(clr, p.dtype), m_new), u_new)))
        self._step_done()
        return True
