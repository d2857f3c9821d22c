"""LazyAdam: Adam whose sparse updates touch only the rows a gradient has (dense gradients give
Adam's update)."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.adamax import beta_power, check_adam_betas
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.defs.state import adam_prim_p


class LazyAdam(Optimizer):
    r"""LazyAdam(params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
    use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0): Adam that, for a
    sparse gradient, updates only the rows the gradient has.

    The gradients here are dense Tensors, for which the update is Adam's (ops.Adam):

    .. math::
        m = \beta_1 m + (1 - \beta_1) g, \quad v = \beta_2 v + (1 - \beta_2) g^2, \quad
        w = w - lr \frac{\sqrt{1 - \beta_2^t}}{1 - \beta_1^t} \frac{m}{\sqrt{v} + \epsilon}

    (``use_nesterov``: the numerator is :math:`\beta_1 m + (1 - \beta_1) g`). State
    Parameters: ``beta1_power``, ``beta2_power`` (shape (1,)), ``moment1.<param name>``,
    ``moment2.<param name>``.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``0.001``.
        beta1 (float): the first moment's decay, in (0, 1). Default: ``0.9``.
        beta2 (float): the second moment's decay, in (0, 1). Default: ``0.999``.
        eps (float): added to the denominator, positive. Default: ``1e-08``.
        use_locking (bool): MindSpore's update lock (one process updates serially). Default:
            ``False``.
        use_nesterov (bool): the Nesterov form of the step. Default: ``False``.
        weight_decay (float): the L2 penalty added to the gradient (without groups not to
            'beta'/'gamma' parameters), non-negative. Default: ``0.0``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.

    Inputs:
        - **gradients** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: ``beta1``, ``beta2``, ``eps`` or ``weight_decay`` is not a float, or
            ``use_locking`` or ``use_nesterov`` is not a bool.
        ValueError: a beta is outside (0, 1), ``eps`` is not positive or ``weight_decay`` is
            negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 1.0], np.float32)), name="w")
        >>> opt = ms.nn.LazyAdam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([0.5, -2.0], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [0.9 1.1]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.001, beta1=0.9, beta2=0.999, eps=1e-08,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        owner = type(self).__name__
        check_adam_betas(beta1, beta2, eps, owner)
        # (MindSpore's message spells the name 'weight_dacay')
        validator.check_value_type("weight_dacay", weight_decay, [float], owner)
        validator.check_non_negative_float(weight_decay, "weight_decay", owner)
        validator.check_value_type("use_locking", use_locking, [bool], owner)
        validator.check_value_type("use_nesterov", use_nesterov, [bool], owner)
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.use_locking, self.use_nesterov = use_locking, use_nesterov
        self._scalars = tuple(Tensor(np.array(x, np.float32)) for x in (beta1, beta2, eps))
        self.beta1_power = beta_power("beta1_power")
        self.beta2_power = beta_power("beta2_power")
        self.moment1 = self.clone_state("moment1")
        self.moment2 = self.clone_state("moment2")
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.Adam(use_locking, use_nesterov)
        self.sparse_opt = P.FusedSparseLazyAdam(use_locking, use_nesterov)

    @Optimizer.target.setter
    def target(self, value):
        """'CPU' (the only target here); see Optimizer._set_base_target."""
        self._set_base_target(value)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        F.assign(self.beta1_power, F.mul(self.beta1_power, self.beta1))
        F.assign(self.beta2_power, F.mul(self.beta2_power, self.beta2))
        b1p, b2p = F.reshape(self.beta1_power, ()), F.reshape(self.beta2_power, ())
        for p, g, m, v, lr, wd in zip(self.parameters, gradients, self.moment1, self.moment2,
                                      lrs, self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            adam_prim_p.bind(p, m, v, b1p, b2p, lr, *self._scalars, g,
                             use_nesterov=self.use_nesterov)
        self._step_done()
        return True
