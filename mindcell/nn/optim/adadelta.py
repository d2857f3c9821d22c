"""Adadelta: per-parameter step sizes from running averages of squared gradients and squared
updates; state Parameters ``accum.<name>`` and ``accum_update.<name>`` as in MindSpore."""
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _check_float(value, name, low, high=None):
    if not isinstance(value, float):
        raise TypeError("Adadelta: '%s' must be a float, but got %s" % (name,
                                                                        type(value).__name__))
    if value < low or (high is not None and value > high):
        raise ValueError("Adadelta: '%s' must be in [%s, %s], but got %r"
                         % (name, low, "inf" if high is None else high, value))
    return value


class Adadelta(Optimizer):
    """Adadelta optimizer. For each parameter ``w`` with gradient ``g`` (plus
    ``weight_decay * w``)::

        accum        = rho * accum + (1 - rho) * g ** 2
        update       = sqrt(accum_update + epsilon) / sqrt(accum + epsilon) * g
        accum_update = rho * accum_update + (1 - rho) * update ** 2
        w           -= learning_rate * update

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or groups of them (as in
            every optimizer: ``"params"``, ``"lr"``, ``"weight_decay"``, ``"order_params"``).
        learning_rate (Union[float, Tensor, list, LearningRateSchedule]): Default: 1.0.
        rho (float): the decay of the running averages, in [0, 1]. Default: 0.9.
        epsilon (float): added inside the square roots, >= 0. Default: 1e-6.
        loss_scale (float): the gradients are divided by it. Default: 1.0.
        weight_decay (Union[float, int]): L2 weight decay, >= 0. Default: 0.0.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per parameter, in order.

    Outputs:
        True; the parameters and the state are updated in place.

    Raises:
        TypeError: ``rho`` or ``epsilon`` is not a float, or a gradient is not a float Tensor.
        ValueError: ``rho`` is outside [0, 1], ``epsilon`` or the learning rate is negative,
            or the gradients do not match the parameters.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = ms.nn.Adadelta([w], learning_rate=0.5)
        >>> opt((ms.Tensor(np.ones(2, np.float32)),))
        True
        >>> [p.name for p in opt.accum + opt.accum_update]
        ['accum.w', 'accum_update.w']
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=1.0, rho=0.9, epsilon=1e-6, loss_scale=1.0,
                 weight_decay=0.0):
        if isinstance(learning_rate, float) and learning_rate < 0:
            raise ValueError("Adadelta: 'learning_rate' must be >= 0, but got %r"
                             % learning_rate)
        if isinstance(weight_decay, (int, float)) and weight_decay < 0:
            raise ValueError("Adadelta: 'weight_decay' must be >= 0, but got %r" % weight_decay)
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        self.rho = _check_float(rho, "rho", 0.0, 1.0)
        self.epsilon = _check_float(epsilon, "epsilon", 0.0)
        self.accum = self.clone_state("accum")
        self.accum_update = self.clone_state("accum_update")
        self.opt = P.ApplyAdadelta()  # MindSpore's primitive: (var, accum, accum_update, lr,
        # rho, epsilon, grad), updating the three in place

    def construct(self, grads):
        grads = self._check_grads(grads)
        rho = self.rho
        for p, g, acc, acc_up, lr, wd in zip(self.parameters, grads, self.accum,
                                             self.accum_update, self._step_lrs(),
                                             self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            F.assign(acc, F.add(F.mul(acc, rho), F.mul(F.square(g), 1 - rho)))
            update = F.mul(F.div(F.sqrt(F.add(acc_up, self.epsilon)),
                                 F.sqrt(F.add(acc, self.epsilon))), g)
            F.assign(acc_up, F.add(F.mul(acc_up, rho), F.mul(F.square(update), 1 - rho)))
            F.assign_sub(p, F.mul(lr, update))
        self._step_done()
        return True
