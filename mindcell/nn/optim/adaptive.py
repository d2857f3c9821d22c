"""Adagrad and RMSProp, written with ops and in-place assigns (one graph node each in
GRAPH_MODE); state Parameters named as MindSpore names them."""
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_bool


class Adagrad(Optimizer):
    """Adagrad(params, accum=0.1, learning_rate=0.001, update_slots=True, loss_scale=1.0,
    weight_decay=0.0): ``accum += g^2; w -= lr * g / sqrt(accum)`` (state 'accum.<p>').

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        accum (float): the accumulator's initial value, non-negative. Default: ``0.1``.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``0.001``.
        update_slots (bool): update the accumulator. Default: ``True``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.
        weight_decay (float): the L2 penalty added to the gradient. Default: ``0.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: ``accum`` is negative (and the :class:`Optimizer` checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        >>> opt = ms.nn.Adagrad([w], accum=0.0, learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([3.0, -0.5], np.float32)),))
        >>> print(w.asnumpy())
        [0.9 1.1]
    """

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, update_slots=True,
                 loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if accum < 0:
            raise ValueError("Adagrad: 'accum' must be non-negative, but got %r" % (accum,))
        self.update_slots = update_slots
        self.accum = self.clone_state("accum", init=accum)
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyAdagrad(update_slots=update_slots)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, a, lr, wd in zip(self.parameters, gradients, self.accum, self._step_lrs(),
                                   self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            if self.update_slots:
                F.assign_add(a, F.square(g))
            F.assign_sub(p, F.mul(lr, F.div(g, F.sqrt(a))))
        self._step_done()
        return True


class RMSProp(Optimizer):
    """RMSProp(params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
    use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0): the RMSProp optimizer.

    ``ms = decay * ms + (1 - decay) * g^2`` (starting at ones),
    ``mom = momentum * mom + lr * g / sqrt(ms + epsilon)``, ``w -= mom``; ``centered`` divides
    by ``sqrt(ms - mg^2 + epsilon)`` with ``mg`` the moving mean of the gradient. State:
    'mean_square.<p>', 'moment.<p>' (and 'mean_grad.<p>').

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default: ``0.1``.
        decay (float): the mean square's decay, in [0, 1]. Default: ``0.9``.
        momentum (float): non-negative. Default: ``0.0``.
        epsilon (float): positive. Default: ``1e-10``.
        use_locking (bool): MindSpore's update lock (no effect on one CPU). Default: ``False``.
        centered (bool): the centered form. Default: ``False``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.
        weight_decay (float): the L2 penalty added to the gradient. Default: ``0.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: ``decay`` outside [0, 1], ``momentum`` negative or ``epsilon`` not positive.
        TypeError: ``use_locking`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0], np.float32)), name="w")
        >>> opt = ms.nn.RMSProp([w], learning_rate=0.01, centered=True)
        >>> _ = opt((ms.Tensor(np.array([2.0], np.float32)),))
        >>> print(w.asnumpy())
        [0.98218256]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, decay=0.9, momentum=0.0, epsilon=1e-10,
                 use_locking=False, centered=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not 0 <= decay <= 1 or momentum < 0 or epsilon <= 0:
            raise ValueError("RMSProp: need 0 <= decay <= 1, momentum >= 0 and epsilon > 0")
        check_bool(use_locking, "RMSProp", "use_locking")
        self.decay, self.momentum, self.epsilon = decay, momentum, epsilon
        self.centered = centered
        if centered:  # created first: MindSpore's checkpoint order
            self.mean_grad = self.clone_state("mean_grad")
        self.mean_square = self.clone_state("mean_square", init="ones")
        self.moment = self.clone_state("moment")
        self.__dict__["ms"] = self.mean_square  # MindSpore's name for the mean squares
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyCenteredRMSProp(use_locking) if centered else P.ApplyRMSProp(use_locking)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for i, (p, g, lr, wd) in enumerate(zip(self.parameters, gradients, self._step_lrs(),
                                                self.group_wd)):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            ms, mom = self.mean_square[i], self.moment[i]
            F.assign(ms, F.add(F.mul(ms, self.decay), F.mul(F.square(g), 1 - self.decay)))
            denom = ms
            if self.centered:
                mg = self.mean_grad[i]
                F.assign(mg, F.add(F.mul(mg, self.decay), F.mul(g, 1 - self.decay)))
                denom = F.sub(ms, F.square(mg))
            step = F.div(F.mul(g, lr), F.sqrt(F.add(denom, self.epsilon)))
            F.assign(mom, F.add(F.mul(mom, self.momentum), step))
            F.assign_sub(p, mom)
        self._step_done()
        return True
