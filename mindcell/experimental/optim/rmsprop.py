"""experimental.optim.RMSprop."""
from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["RMSprop"]


class RMSprop(Optimizer):
    r"""RMSprop with PyTorch's signature, as ``mindspore.experimental.optim``.

    With :math:`g` the gradient (negated with ``maximize``, plus ``weight_decay * param``):

    .. math::
        s \leftarrow \alpha s + (1-\alpha) g^2,\quad
        a = \sqrt{s - \bar{g}^2} + \epsilon \text{ (centered, with }
        \bar{g} \leftarrow \alpha \bar{g} + (1-\alpha) g\text{) or } \sqrt{s} + \epsilon,\\
        b \leftarrow \mu b + g / a,\ param \leftarrow param - lr \cdot b
        \text{ (momentum } \mu > 0\text{) or } param \leftarrow param - lr \cdot g / a

    The state Parameters are ``mean_grad.<name>``, ``mean_square.<name>`` and
    ``moment.<name>``. Each step reads every group's ``lr``, ``alpha``, ``eps``,
    ``weight_decay``, ``momentum``, ``centered`` and ``maximize`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``1e-2``.
        alpha (float): smoothing constant, >= 0. Default: ``0.99``.
        eps (float): added to the denominator, > 0. Default: ``1e-8``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        momentum (float): momentum factor, >= 0. Default: ``0.0``.
        centered (bool): normalize by the estimated variance of the gradient.
            Default: ``False``.
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
        >>> opt = optim.RMSprop([w], lr=0.01, alpha=0.75)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> np.round(w.asnumpy(), 5)
        array([0.98, 1.02], dtype=float32)
    """

    _state_names = ("mean_grad", "mean_square", "moment")

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0.0, momentum=0.0,
                 centered=False, maximize=False):
        name = "RMSprop"
        C.greater(name, "lr", lr)
        C.not_less(name, "alpha", alpha)
        C.greater(name, "eps", eps)
        C.not_less(name, "momentum", momentum)
        C.not_less(name, "weight_decay", weight_decay)
        super().__init__(params, dict(lr=lr, momentum=momentum, alpha=alpha, eps=eps,
                                      centered=centered, weight_decay=weight_decay,
                                      maximize=maximize))
        self.mean_grad = self.clone_state("mean_grad")
        self.mean_square = self.clone_state("mean_square")
        self.moment = self.clone_state("moment")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = self._group_lr(index)
            alpha, eps = float(group["alpha"]), float(group["eps"])
            momentum, centered = float(group["momentum"]), bool(group["centered"])
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"],
                                 group["maximize"])
            for i, g in zip(range(first, end), grads):
                p, s = self.parameters[i], self.mean_square[i]
                lr_p = F.cast(lr, p.dtype)
                s_new = F.add(F.mul(s, alpha), F.mul(F.mul(g, g), 1.0 - alpha))
                F.assign(s, s_new)
                if centered:
                    gbar = self.mean_grad[i]
                    gbar_new = F.add(F.mul(gbar, alpha), F.mul(g, 1.0 - alpha))
                    F.assign(gbar, gbar_new)
                    avg = F.add(F.sqrt(F.sub(s_new, F.mul(gbar_new, gbar_new))), eps)
                else:
                    avg = F.add(F.sqrt(s_new), eps)
                if momentum > 0:
                    b = self.moment[i]
                    b_new = F.add(F.mul(b, momentum), F.div(g, avg))
                    F.assign(b, b_new)
                    F.assign(p, F.sub(p, F.mul(b_new, lr_p)))
                else:
                    F.assign(p, F.sub(p, F.div(F.mul(g, lr_p), avg)))
        self._step_done()
        return True
