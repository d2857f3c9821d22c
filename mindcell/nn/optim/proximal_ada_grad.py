"""ProximalAdagrad: Adagrad with the proximal step of L1 and L2 regularisation."""
from mindcell import _checkparam as validator
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.operations_optim import proximal_adagrad_values


def check_proximal_args(accum, l1, l2, use_locking, owner):
    """accum, l1, l2 non-negative floats and use_locking a bool (MindSpore's checks)."""
    validator.check_value_type("accum", accum, [float], owner)
    validator.check_value_type("l1", l1, [float], owner)
    validator.check_value_type("l2", l2, [float], owner)
    validator.check_value_type("use_locking", use_locking, [bool], owner)
    validator.check_non_negative_float(accum, "accum", owner)
    validator.check_non_negative_float(l1, "l1", owner)
    validator.check_non_negative_float(l2, "l2", owner)


class ProximalAdagrad(Optimizer):
    r"""ProximalAdagrad(params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0): Adagrad followed by the proximal
    step of L1 and L2 regularisation (FOBOS).

    .. math::
        acc = acc + g^2, \quad a = \frac{lr}{\sqrt{acc}}, \quad p = w - a g, \quad
        w = \frac{\mathrm{sign}(p)}{1 + a \cdot l2} \max(|p| - a \cdot l1, 0)

    State Parameters: ``accum.<param name>`` (starting at ``accum``).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        accum (float): the accumulator's start, non-negative. Default: ``0.1``.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``0.001``.
        l1 (float): the L1 strength, non-negative. Default: ``0.0``.
        l2 (float): the L2 strength, non-negative. Default: ``0.0``.
        use_locking (bool): MindSpore's update lock (one process updates serially). Default:
            ``False``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.
        weight_decay (Union[float, int]): the L2 penalty added to the gradient (without groups
            not to 'beta'/'gamma' parameters). Default: ``0.0``.

    Inputs:
        - **grads** (tuple[Tensor]) - one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: ``accum``, ``l1`` or ``l2`` is not a float, or ``use_locking`` is not a bool.
        ValueError: ``accum``, ``l1`` or ``l2`` is negative (and the :class:`Optimizer`
            checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 0.01], np.float32)), name="w")
        >>> opt = ms.nn.ProximalAdagrad([w], accum=0.0, learning_rate=0.1, l1=0.05)
        >>> _ = opt((ms.Tensor(np.array([2.0, 0.1], np.float32)),))
        >>> print(np.round(w.asnumpy(), 4))
        [ 0.8975 -0.04  ]
    """

    @opt_init_args_register
    def __init__(self, params, accum=0.1, learning_rate=0.001, l1=0.0, l2=0.0,
                 use_locking=False, loss_scale=1.0, weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        check_proximal_args(accum, l1, l2, use_locking, type(self).__name__)
        self.accum = self.clone_state("accum", init=accum)
        self.l1, self.l2, self.use_locking = l1, l2, use_locking
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyProximalAdagrad(use_locking=use_locking)
        self.sparse_opt = P.SparseApplyProximalAdagrad(use_locking=use_locking)

    @Optimizer.target.setter
    def target(self, value):
        """'CPU' (the only target here); see Optimizer._set_base_target."""
        self._set_base_target(value)

    def construct(self, grads):
        grads = self._check_grads(grads)
        for p, g, acc, lr, wd in zip(self.parameters, grads, self.accum, self._step_lrs(),
                                     self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            new_p, new_acc = proximal_adagrad_values(p, acc, lr, self.l1, self.l2, g)
            F.assign(acc, new_acc)
            F.assign(p, F.cast(new_p, p.dtype))
        self._step_done()
        return True
