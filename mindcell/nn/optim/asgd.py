"""ASGD: stochastic gradient descent with a decaying step and a running average of the
weights."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.common.parameter import Parameter, ParameterTuple
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F


class ASGD(Optimizer):
    r"""ASGD(params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0.0):
    averaged stochastic gradient descent.

    At step :math:`t` (1, 2, ...) with the step's learning rate :math:`lr` (:math:`\eta` starts
    as the first step's rate and :math:`\mu` at 1):

    .. math::
        w = w (1 - \lambda \eta) - \eta g, \quad
        ax = \begin{cases} w & \mu = 1 \\ ax + \mu (w - ax) & \text{else} \end{cases}, \quad
        \eta = \frac{lr}{(1 + \lambda \cdot lr \cdot t)^\alpha}, \quad
        \mu = \frac{1}{\max(1, t - t_0)}

    State Parameters (MindSpore's names): ``mu_<param name>`` and ``eta_<param name>`` (0-d)
    and ``ax_.<param name>`` (the averaged weights).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default: ``0.1``.
        lambd (float): the decay term. Default: ``1e-4``.
        alpha (float): the power of the step's decay. Default: ``0.75``.
        t0 (float): the step the averaging starts at. Default: ``1e6``.
        weight_decay (Union[float, int]): the L2 penalty added to the gradient (without groups
            not to 'beta'/'gamma' parameters). Default: ``0.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: ``lambd``, ``alpha`` or ``t0`` is not a float (and the :class:`Optimizer`
            checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
        >>> opt = ms.nn.ASGD([w], learning_rate=0.1, lambd=0.5)
        >>> _ = opt((ms.Tensor(np.array([1.0, -1.0], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [0.85 2.  ]
        >>> [p.name for p in opt.ax]
        ['ax_.w']
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, lambd=1e-4, alpha=0.75, t0=1e6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        owner = type(self).__name__
        validator.check_value_type("lambd", lambd, [float], owner)
        validator.check_value_type("alpha", alpha, [float], owner)
        validator.check_value_type("t0", t0, [float], owner)
        self.lambd, self.alpha, self.t0 = lambd, alpha, t0
        self.mu = ParameterTuple(Parameter(Tensor(np.array(1.0, np.float32)), name="mu_" + p.name)
                                           for p in self.parameters)
        self.eta = ParameterTuple(Parameter(Tensor(np.array(0.0, np.float32)),
                                            name="eta_" + p.name)
                                  for p in self.parameters)
        self.ax = self.clone_state("ax_")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        self._step_done()
        step = F.cast(F.reshape(self.global_step, ()), np.float32)  # t: 1 on the first step
        first = F.equal(step, 1.0)
        for p, g, mu, eta, ax, lr, wd in zip(self.parameters, gradients, self.mu, self.eta,
                                             self.ax, lrs, self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            F.assign(eta, F.select(first, lr, eta))
            w = F.sub(F.mul(F.cast(p, np.float32), F.sub(1.0, F.mul(eta, self.lambd))),
                      F.mul(eta, F.cast(g, np.float32)))
            F.assign(p, F.cast(w, p.dtype))
            averaged = F.add(F.cast(ax, np.float32), F.mul(F.sub(w, F.cast(ax, np.float32)), mu))
            F.assign(ax, F.cast(F.select(F.not_equal(mu, 1.0), averaged, w), ax.dtype))
            F.assign(eta, F.div(lr, F.pow(F.add(F.mul(F.mul(lr, self.lambd), step), 1.0),
                                          self.alpha)))
            F.assign(mu, F.div(1.0, F.maximum(F.sub(step, self.t0), 1.0)))
        return True
