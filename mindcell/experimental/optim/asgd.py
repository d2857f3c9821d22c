"""experimental.optim.ASGD."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["ASGD"]


class ASGD(Optimizer):
    r"""Averaged stochastic gradient descent with PyTorch's signature, as
    ``mindspore.experimental.optim``.

    With :math:`t` the step number (from 1) and :math:`g` the gradient (negated with
    ``maximize``, plus ``weight_decay * param``); :math:`\eta` starts at ``lr``:

    .. math::
        param \leftarrow param (1 - \lambda\eta) - \eta g,\quad
        ax \leftarrow ax + \mu (param - ax)\ (\text{or } param \text{ when } \mu = 1),\\
        \eta \leftarrow \frac{lr}{(1 + \lambda \cdot lr \cdot t)^{\alpha}},\quad
        \mu \leftarrow \frac{1}{\max(1, t - t_0)}

    The state Parameters are ``ax.<name>`` (the average) and ``step_t``, and ``eta_<name>``,
    ``mu_<name>`` (0-d; as in MindSpore 2.10 these two are not among the optimizer's Cell
    parameters, so checkpoints do not hold them). Each step reads every group's ``lr``, ``lambd``, ``alpha``, ``t0``,
    ``weight_decay`` and ``maximize`` from its dict.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): learning rate, > 0. Default: ``1e-2``.
        lambd (float): decay term. Default: ``1e-4``.
        alpha (float): power for the :math:`\eta` update. Default: ``0.75``.
        t0 (float): the step at which averaging starts. Default: ``1e6``.
        weight_decay (float): L2 penalty, >= 0. Default: ``0.0``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: ``lr`` not greater than 0 or ``weight_decay`` negative.
        TypeError: ``lambd`` or ``t0`` is not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.ASGD([w], lr=0.1, lambd=0.0)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> w.asnumpy()
        array([0.9, 1.1], dtype=float32)
    """

    _state_names = ("ax",)

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0,
                 maximize=False):
        name = "ASGD"
        C.greater(name, "lr", lr)
        C.not_less(name, "weight_decay", weight_decay)
        if not isinstance(lambd, float):
            raise TypeError("For 'ASGD', the type of lambd must be float, but got %s."
                            % type(lambd).__name__)
        if not isinstance(t0, float):
            raise TypeError("For 'ASGD', the type of t0 must be float, but got %s."
                            % type(t0).__name__)
        C.number(name, "alpha", alpha)
        super().__init__(params, dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0,
                                      weight_decay=weight_decay, maximize=maximize))
        # plain lists, not Cell parameters (as MindSpore 2.10's: checkpoints do not hold them)
        C.plain_list(self, "mu", [C.scalar_state("mu_" + p.name, 1.0, np.float32)
                                  for p in self.parameters])
        C.plain_list(self, "eta", [C.scalar_state("eta_" + p.name, 0.0, np.float32)
                                   for p in self.parameters])
        self.ax = self.clone_state("ax")
        self.step_t = C.scalar_state("step_t", 0, np.int32)

    def _add_scalar_states(self, params):
        C.plain_list(self, "mu", list(self.mu) + [
            C.scalar_state("mu_" + p.name, 1.0, np.float32) for p in params])
        # a group added after the first step starts at its own lr (the first step sets eta to
        # lr; it has passed)
        lr = float(self.param_groups[-1]["lr"])
        C.plain_list(self, "eta", list(self.eta) + [
            C.scalar_state("eta_" + p.name, lr, np.float32) for p in params])

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.step_t, C.ONE)
        step = F.cast(self.step_t, np.float32)
        first_step = F.equal(self.step_t, 1)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = F.cast(self._group_lr(index), np.float32)
            lambd, alpha, t0 = float(group["lambd"]), float(group["alpha"]), float(group["t0"])
            grads = C.step_grads(gradients, first, end, self.parameters, group["weight_decay"],
                                 group["maximize"])
            next_eta = F.div(lr, F.pow(F.add(F.mul(F.mul(lr, lambd), step), 1.0), alpha))
            next_mu = F.div(1.0, F.maximum(F.sub(step, t0), 1.0))
            for i, g in zip(range(first, end), grads):
                p, ax, eta, mu = self.parameters[i], self.ax[i], self.eta[i], self.mu[i]
                eta_now = F.select(first_step, lr, eta)
                F.assign(eta, eta_now)
                eta_p = F.cast(eta_now, p.dtype)
                new = F.sub(F.mul(p, F.sub(1.0, F.mul(eta_p, lambd))), F.mul(eta_p, g))
                F.assign(p, new)
                averaged = F.add(ax, F.mul(F.sub(new, ax), F.cast(mu, ax.dtype)))
                F.assign(ax, F.select(F.broadcast_to(F.equal(mu, 1.0), ax.shape), new, averaged))
                F.assign(eta, next_eta)
                F.assign(mu, next_mu)
        self._step_done()
        return True
