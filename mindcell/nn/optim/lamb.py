"""Lamb: Adam's moments with a layer-wise trust ratio ||w|| / ||update||."""
import numpy as np

from mindcell.nn.optim.adam import init_moments
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, trust_ratio, in_param_dtype
from mindcell.ops import functional as F


class Lamb(Optimizer):
    """Lamb(params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-06, weight_decay=0.0): the
    layer-wise adaptive large-batch optimizer.

    Per parameter ``w`` with gradient ``g`` at step ``t``::

        m = beta1 * m + (1 - beta1) * g;   v = beta2 * v + (1 - beta2) * g^2
        r = (m / (1 - beta1^t)) / (sqrt(v / (1 - beta2^t)) + eps) + weight_decay * w
        w = w - lr * (||w|| / ||r||) * r          (the ratio is 1 when a norm is 0)

    State Parameters 'lamb_m.<p>' and 'lamb_v.<p>' (the ParameterTuples ``moments1`` and
    ``moments2``), as in MindSpore's checkpoints; ``t`` is ``global_step + 1``.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): the rate.
        beta1 (float): in [0, 1). Default: ``0.9``.
        beta2 (float): in [0, 1). Default: ``0.999``.
        eps (float): positive. Default: ``1e-06``.
        weight_decay (float): non-negative. Default: ``0.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: a beta is outside [0, 1) or ``eps`` is not positive (and the
            :class:`Optimizer` checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([3.0, 4.0], np.float32)), name="w")
        >>> opt = ms.nn.Lamb([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, 1.0], np.float32)),))
        >>> print(w.asnumpy())
        [2.6464467 3.6464467]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate, beta1=0.9, beta2=0.999, eps=1e-06,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        init_moments(self, beta1, beta2, eps, "lamb")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        t = F.add(F.cast(F.reshape(self.global_step, ()), np.float32), 1.0)
        c1 = F.sub(1.0, F.pow(self.beta1, t))
        c2 = F.sub(1.0, F.pow(self.beta2, t))
        for p, g, m, v, lr, wd in zip(self.parameters, gradients, self.moments1, self.moments2,
                                      lrs, self.group_wd):
            g = in_param_dtype(g, p)
            F.assign(m, F.add(F.mul(m, self.beta1), F.mul(g, 1.0 - self.beta1)))
            F.assign(v, F.add(F.mul(v, self.beta2), F.mul(F.square(g), 1.0 - self.beta2)))
            r = F.div(F.div(m, c1), F.add(F.sqrt(F.div(v, c2)), self.eps))
            if wd:
                r = F.add(r, F.mul(p, wd))
            ratio = trust_ratio(F.norm(p), F.norm(r))
            F.assign_sub(p, F.mul(F.mul(lr, ratio), r))
        self._step_done()
        return True
