"""AdaMax: Adam with the infinity norm of the gradients in place of the second moment."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.operations_optim import adamax_step


def check_adam_betas(beta1, beta2, eps, owner):
    """beta1 and beta2 floats in (0, 1), eps a positive float (MindSpore's checks and messages)."""
    validator.check_value_type("beta1", beta1, [float], owner)
    validator.check_value_type("beta2", beta2, [float], owner)
    validator.check_value_type("eps", eps, [float], owner)
    validator.check_float_range(beta1, 0.0, 1.0, validator.INC_NEITHER, "beta1", owner)
    validator.check_float_range(beta2, 0.0, 1.0, validator.INC_NEITHER, "beta2", owner)
    validator.check_positive_float(eps, "eps", owner)


def beta_power(name):
    """A Parameter ``name`` of shape (1,) holding 1.0 (beta^t, multiplied by beta each step)."""
    return Parameter(Tensor(np.ones((1,), np.float32)), name=name)


class AdaMax(Optimizer):
    r"""AdaMax(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08, weight_decay=0.0,
    loss_scale=1.0): the AdaMax optimizer, Adam with the infinity norm.

    .. math::
        m_t = \beta_1 m_{t-1} + (1 - \beta_1) g_t, \quad
        v_t = \max(\beta_2 v_{t-1}, |g_t|), \quad
        w_t = w_{t-1} - \frac{lr}{1 - \beta_1^t} \frac{m_t}{v_t + \epsilon}

    State Parameters (the names of MindSpore's checkpoints): ``beta1_power`` (shape (1,)),
    ``moment1.<param name>`` (:math:`m`) and ``moment2.<param name>`` (:math:`v`).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``0.001``.
        beta1 (float): the first moment's decay, in (0, 1). Default: ``0.9``.
        beta2 (float): the infinity norm's decay, in (0, 1). Default: ``0.999``.
        eps (float): added to the denominator, positive. Default: ``1e-08``.
        weight_decay (Union[float, int]): the L2 penalty added to the gradient (without groups
            not to 'beta'/'gamma' parameters). Default: ``0.0``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: ``beta1``, ``beta2`` or ``eps`` is not a float.
        ValueError: a beta is outside (0, 1) or ``eps`` is not positive (and the
            :class:`Optimizer` checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        >>> opt = ms.nn.AdaMax([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([0.5, -2.0], np.float32)),))
        >>> print(w.asnumpy())
        [0.9 1.1]
        >>> [p.name for p in opt.moment1]
        ['moment1.w']
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
                 weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_adam_betas(beta1, beta2, eps, type(self).__name__)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.beta1_power = beta_power("beta1_power")
        self.moment1 = self.clone_state("moment1")
        self.moment2 = self.clone_state("moment2")
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyAdaMax()

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        F.assign(self.beta1_power, F.mul(self.beta1_power, self.beta1))
        b1p = F.reshape(self.beta1_power, ())
        for p, g, m, v, lr, wd in zip(self.parameters, gradients, self.moment1, self.moment2,
                                      lrs, self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            adamax_step(p, m, v, b1p, lr, self.beta1, self.beta2, self.eps, g)
        self._step_done()
        return True
