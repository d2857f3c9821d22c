"""experimental.optim.RAdam."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["RAdam"]


class RAdam(Optimizer):
    r"""Rectified Adam (Liu et al., 2019) with PyTorch's signature, as
    ``mindspore.experimental.optim``.

    With :math:`t` the step number (from 1), :math:`g` the gradient plus
    ``weight_decay * param``, :math:`\rho_\infty = 2/(1-\beta_2) - 1` and
    :math:`\rho_t = \rho_\infty - 2t\beta_2^t/(1-\beta_2^t)`:

    .. math::
        m \leftarrow \beta_1 m + (1-\beta_1) g,\quad v \leftarrow \beta_2 v + (1-\beta_2) g^2,
        \quad \hat{m} = m / (1-\beta_1^t)\\
        param \leftarrow param - lr\,\hat{m}\,r_t\frac{\sqrt{1-\beta_2^t}}{\sqrt{v}+\epsilon}
        \text{ if } \rho_t > 5, \text{ else } param - lr\,\hat{m},\quad
        r_t = \sqrt{\frac{(\rho_t-4)(\rho_t-2)\rho_\infty}{(\rho_\infty-4)(\rho_\infty-2)\rho_t}}

    The state Parameters are ``step_t``, ``exp_avg.<name>`` and ``exp_avg_sq.<name>``. Each
    step reads every group's ``lr``, ``betas``, ``eps`` and ``weight_decay`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``1e-3``.
        betas (tuple[float, float]): the decay rates, each a float in [0, 1).
            Default: ``(0.9, 0.999)``.
        eps (float): added to the denominator, > 0. Default: ``1e-8``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.

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
        >>> opt = optim.RAdam([w], lr=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 5)
        array([0.9, 1.1], dtype=float32)
    """

    _state_names = ("exp_avg", "exp_avg_sq")

    def __init__(self, params, lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0.0):
        name = "RAdam"
        C.greater(name, "lr", lr)
        C.not_less(name, "weight_decay", weight_decay)
        C.greater(name, "eps", eps)
        betas = C.pair(name, "betas", betas)
        C.float_range(name, "betas[0]", betas[0], 0.0, 1.0, "left")
        C.float_range(name, "betas[1]", betas[1], 0.0, 1.0, "left")
        super().__init__(params, dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay))
        self.step_t = C.scalar_state("step_t", 0, np.int32)
        self.exp_avg = self.clone_state("exp_avg")
        self.exp_avg_sq = self.clone_state("exp_avg_sq")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.step_t, C.ONE)
        step = F.cast(self.step_t, np.float32)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = F.cast(self._group_lr(index), np.float32)
            beta1, beta2 = (float(b) for b in group["betas"])
            eps = float(group["eps"])
            power2 = F.pow(beta2, step)
            correction1 = F.sub(1.0, F.pow(beta1, step))
            correction2 = F.sub(1.0, power2)
            rho_inf = 2.0 / (1.0 - beta2) - 1.0
            rho_t = F.sub(rho_inf, F.div(F.mul(F.mul(step, 2.0), power2), correction2))
            rect = F.sqrt(F.div(F.mul(F.mul(F.sub(rho_t, 4.0), F.sub(rho_t, 2.0)), rho_inf),
                                F.mul(rho_t, (rho_inf - 4.0) * (rho_inf - 2.0))))
            rectified = F.gt(rho_t, 5.0)
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"])
            for i, g in zip(range(first, end), grads):
                p, m, v = self.parameters[i], self.exp_avg[i], self.exp_avg_sq[i]
                m_new = F.add(F.mul(m, beta1), F.mul(g, 1.0 - beta1))
                v_new = F.add(F.mul(v, beta2), F.mul(F.mul(g, g), 1.0 - beta2))
                F.assign(m, m_new)
                F.assign(v, v_new)
                m_hat = F.div(m_new, F.cast(correction1, p.dtype))
                adaptive = F.div(F.cast(F.sqrt(correction2), p.dtype), F.add(F.sqrt(v_new), eps))
                lr_p = F.cast(lr, p.dtype)
                adapted = F.sub(p, F.mul(F.mul(F.mul(m_hat, lr_p), adaptive),
                                         F.cast(rect, p.dtype)))
                plain = F.sub(p, F.mul(m_hat, lr_p))
                F.assign(p, F.select(F.broadcast_to(rectified, p.shape), adapted, plain))
        self._step_done()
        return True
