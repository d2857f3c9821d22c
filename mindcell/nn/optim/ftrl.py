"""FTRL-proximal (follow the regularized leader) with L1/L2 regularisation."""
import numbers

from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P


class FTRL(Optimizer):
    """FTRL(params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0, l2=0.0,
    use_locking=False, loss_scale=1.0, weight_decay=0.0): the follow-the-regularized-leader
    optimizer.

    With accumulator ``m`` (state 'moments.<p>', starts at ``initial_accum``) and linear term
    ``z`` (state 'linear.<p>'), ``p = -lr_power``::

        m_new = m + g^2;   sigma = (m_new^p - m^p) / lr;   z = z + g - sigma * w
        w = (sign(z) * l1 - z) / (m_new^p / lr + 2 * l2)  if |z| > l1  else 0

    Every parameter is decayed by ``weight_decay`` (as in MindSpore's FTRL).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups.
        initial_accum (float): the accumulator's start, non-negative. Default: ``0.1``.
        learning_rate (float): a fixed positive rate (no schedule). Default: ``0.001``.
        lr_power (float): non-positive. Default: ``-0.5``.
        l1 (float): the L1 strength, non-negative. Default: ``0.0``.
        l2 (float): the L2 strength, non-negative. Default: ``0.0``.
        use_locking (bool): MindSpore's update lock (no effect on one CPU). Default: ``False``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.
        weight_decay (float): the L2 penalty added to the gradient. Default: ``0.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: ``learning_rate`` is not a positive number, a parameter group has its
            own ``'lr'``, an argument is out of its range, or a parameter's name starts with
            'moments.' or 'linear.'.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([0.5, 0.5], np.float32)), name="w")
        >>> opt = ms.nn.FTRL([w], learning_rate=0.1, l1=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, 0.01], np.float32)),))
        >>> print(w.asnumpy())
        [0.24436343 0.        ]
    """

    _filter_decay = False  # MindSpore's FTRL decays every parameter

    @opt_init_args_register
    def __init__(self, params, initial_accum=0.1, learning_rate=0.001, lr_power=-0.5, l1=0.0,
                 l2=0.0, use_locking=False, loss_scale=1.0, weight_decay=0.0):
        if not isinstance(learning_rate, numbers.Real) or isinstance(learning_rate, bool) \
                or learning_rate <= 0:
            raise ValueError("FTRL: 'learning_rate' must be a positive float (FTRL has no "
                             "dynamic learning rate), but got %r" % (learning_rate,))
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if self.dynamic_lr or self.is_group_lr:  # a group's 'lr' would go unused: refused
            raise ValueError("For 'FTRL', dynamic learning rate and group learning rate are "
                             "currently not supported in FTRL, they should all be false, but "
                             "got dynamic learning rate %s and group learning rate %s."
                             % (self.dynamic_lr, self.is_group_lr))
        for name, value, ok in (("initial_accum", initial_accum, initial_accum >= 0),
                                ("lr_power", lr_power, lr_power <= 0),
                                ("l1", l1, l1 >= 0), ("l2", l2, l2 >= 0)):
            if not isinstance(value, numbers.Real) or isinstance(value, bool) or not ok:
                raise ValueError("FTRL: invalid '%s' %r (need initial_accum, l1, l2 >= 0 and "
                                 "lr_power <= 0)" % (name, value))
        for p in self.parameters:
            if p.name.startswith(("moments.", "linear.")):
                raise ValueError("FTRL: parameter name %r clashes with FTRL's state" % p.name)
        self.lr, self.lr_power, self.l1, self.l2 = float(learning_rate), float(lr_power), \
            float(l1), float(l2)
        self.use_locking = bool(use_locking)
        self.moments = self.clone_state("moments", init=float(initial_accum))
        self.linear = self.clone_state("linear")
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyFtrl(use_locking=self.use_locking)
        self.sparse_opt = P.SparseApplyFtrl(self.lr, self.l1, self.l2, self.lr_power,
                                            use_locking=self.use_locking)

    @Optimizer.target.setter
    def target(self, value):
        """'CPU' (the only target here); see Optimizer._set_base_target."""
        self._set_base_target(value)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        power = -self.lr_power
        for p, g, m, z, wd in zip(self.parameters, gradients, self.moments, self.linear,
                                  self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            m_new = F.add(m, F.square(g))
            old_root, new_root = F.pow(m, power), F.pow(m_new, power)
            sigma = F.div(F.sub(new_root, old_root), self.lr)
            F.assign(z, F.sub(F.add(z, g), F.mul(sigma, p)))
            F.assign(m, m_new)
            denom = F.add(F.div(new_root, self.lr), 2.0 * self.l2)
            w = F.div(F.sub(F.mul(F.sign(z), self.l1), z), denom)
            F.assign(p, F.select(F.greater(F.abs(z), self.l1), w, F.zeros_like(w)))
        self._step_done()
        return True
