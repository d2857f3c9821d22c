"""experimental.optim.NAdam."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["NAdam"]


class NAdam(Optimizer):
    r"""Adam with Nesterov momentum (Dozat, 2016) with PyTorch's signature, as
    ``mindspore.experimental.optim``.

    With :math:`t` the step number (from 1), :math:`g` the gradient plus
    ``weight_decay * param``, :math:`\mu_t = \beta_1(1 - 0.5 \cdot 0.96^{t\psi})` (:math:`\psi`:
    ``momentum_decay``) and :math:`P_t = \prod_{i \le t} \mu_i`:

    .. math::
        m \leftarrow \beta_1 m + (1-\beta_1) g,\quad v \leftarrow \beta_2 v + (1-\beta_2) g^2,
        \quad d = \sqrt{v / (1-\beta_2^t)} + \epsilon\\
        param \leftarrow param - lr\frac{1-\mu_t}{1-P_t}\frac{g}{d}
        - lr\frac{\mu_{t+1}}{1-P_t\mu_{t+1}}\frac{m}{d}

    The state Parameters are ``step_t``, ``exp_avg.<name>``, ``exp_avg_sq.<name>`` and
    ``mu_product_<name>`` (:math:`P_t`, 0-d; as in MindSpore 2.10 it is not among the
    optimizer's Cell parameters, so checkpoints do not hold it). Each step reads every group's
    ``lr``, ``betas``, ``eps``, ``weight_decay`` and ``momentum_decay`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``2e-3``.
        betas (tuple[float, float]): the decay rates, each a float in [0, 1).
            Default: ``(0.9, 0.999)``.
        eps (float): added to the denominator, > 0. Default: ``1e-8``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        momentum_decay (float): :math:`\psi`, >= 0. Default: ``4e-3``.

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
        >>> opt = optim.NAdam([w], lr=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 4)
        array([0.8944, 1.1056], dtype=float32)
    """

    _state_names = ("exp_avg", "exp_avg_sq")

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0,
                 momentum_decay=4e-3):
        name = "NAdam"
        C.greater(name, "lr", lr)
        C.greater(name, "eps", eps)
        C.not_less(name, "weight_decay", weight_decay)
        C.not_less(name, "momentum_decay", momentum_decay)
        betas = C.pair(name, "betas", betas)
        C.float_range(name, "betas[0]", betas[0], 0.0, 1.0, "left")
        C.float_range(name, "betas[1]", betas[1], 0.0, 1.0, "left")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay,
                                      momentum_decay=momentum_decay))
        self.step_t = C.scalar_state("step_t", 0, np.int32)
        self.exp_avg = self.clone_state("exp_avg")
        self.exp_avg_sq = self.clone_state("exp_avg_sq")
        C.plain_list(self, "mu_product", [C.scalar_state("mu_product_" + p.name, 1.0, np.float32)
                                          for p in self.parameters])

    def _add_scalar_states(self, params):
        C.plain_list(self, "mu_product", list(self.mu_product) + [
            C.scalar_state("mu_product_" + p.name, 1.0, np.float32) for p in params])

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.step_t, C.ONE)
        step = F.cast(self.step_t, np.float32)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = F.cast(self._group_lr(index), np.float32)
            beta1, beta2 = (float(b) for b in group["betas"])
            eps, decay = float(group["eps"]), float(group["momentum_decay"])
            correction2 = F.sub(1.0, F.pow(beta2, step))
            mu = F.mul(F.sub(1.0, F.mul(F.pow(0.96, F.mul(step, decay)), 0.5)), beta1)
            mu_next = F.mul(F.sub(1.0, F.mul(F.pow(0.96, F.mul(F.add(step, 1.0), decay)), 0.5)),
                            beta1)
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"])
            for i, g in zip(range(first, end), grads):
                p, m, v, prod = (self.parameters[i], self.exp_avg[i], self.exp_avg_sq[i],
                                 self.mu_product[i])
                prod_new = F.mul(prod, mu)
                F.assign(prod, prod_new)
                m_new = F.add(F.mul(m, beta1), F.mul(g, 1.0 - beta1))
                v_new = F.add(F.mul(v, beta2), F.mul(F.mul(g, g), 1.0 - beta2))
                F.assign(m, m_new)
                F.assign(v, v_new)
                denom = F.add(F.sqrt(F.div(v_new, F.cast(correction2, p.dtype))), eps)
                coef_g = F.div(F.mul(lr, F.sub(1.0, mu)), F.sub(1.0, prod_new))
                coef_m = F.div(F.mul(lr, mu_next), F.sub(1.0, F.mul(prod_new, mu_next)))
                p1 = F.sub(p, F.mul(F.cast(coef_g, p.dtype), F.div(g, denom)))
                F.assign(p, F.sub(p1, F.mul(F.cast(coef_m, p.dtype), F.div(m_new, denom))))
        self._step_done()
        return True
