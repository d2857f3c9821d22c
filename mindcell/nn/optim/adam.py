"""Adam and AdamWeightDecay."""
import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_bool
from mindcell.ops.defs.state import adam_update_p


def _check_betas(owner, beta1, beta2, eps):
    if not (0 <= beta1 < 1 and 0 <= beta2 < 1):
        raise ValueError("%s: beta1 and beta2 must be in [0, 1), but got %r and %r"
                         % (owner, beta1, beta2))
    if eps <= 0:
        raise ValueError("%s: 'eps' must be positive, but got %r" % (owner, eps))


def beta_powers():
    """The Parameters 'beta1_power' and 'beta2_power' (beta^t, updated each step), both 1."""
    return tuple(Parameter(Tensor(np.ones((), np.float32)), name=name)
                 for name in ("beta1_power", "beta2_power"))


def init_adam_state(opt, beta1, beta2, eps):
    """Checks and stores beta1, beta2 and eps on ``opt`` and creates its Adam state: the
    Parameters 'beta1_power', 'beta2_power' and the moments 'moment1.<p>', 'moment2.<p>'."""
    _check_betas(type(opt).__name__, beta1, beta2, eps)
    opt.beta1, opt.beta2, opt.eps = float(beta1), float(beta2), float(eps)
    opt.beta1_power, opt.beta2_power = beta_powers()
    opt.moment1 = opt.clone_state("moment1")
    opt.moment2 = opt.clone_state("moment2")


def init_moments(opt, beta1, beta2, eps, prefix):
    """The state of MindSpore's AdamWeightDecay ('adam_m.<p>', 'adam_v.<p>') and Lamb
    ('lamb_m.<p>', 'lamb_v.<p>'): the moments only, as the ParameterTuples ``moments1`` and
    ``moments2`` (MindSpore's attribute names, which subclasses in model code use); no beta
    powers (Lamb corrects its bias from ``global_step``)."""
    _check_betas(type(opt).__name__, beta1, beta2, eps)
    opt.beta1, opt.beta2, opt.eps = float(beta1), float(beta2), float(eps)
    opt.moments1 = opt.clone_state(prefix + "_m")
    opt.moments2 = opt.clone_state(prefix + "_v")


class Adam(Optimizer):
    """Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0, use_amsgrad=False, **kwargs): the
    Adam optimizer.

    ``m = beta1 m + (1 - beta1) g``, ``v = beta2 v + (1 - beta2) g^2``,
    ``w -= lr * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + eps)``. State:
    'moment1.<p>', 'moment2.<p>', 'beta1_power', 'beta2_power' (and 'vhat.<p>', the running
    maximum of the second moment the step divides by, with ``use_amsgrad``).

    ``kwargs`` takes MindSpore's ``use_lazy`` and ``use_offload`` (bools): lazy Adam differs
    from Adam only for sparse gradients, and offloading to the CPU changes nothing on the CPU,
    so both compute Adam here.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``1e-3``.
        beta1 (float): the first moment's decay, in [0, 1). Default: ``0.9``.
        beta2 (float): the second moment's decay, in [0, 1). Default: ``0.999``.
        eps (float): added to the denominator, positive. Default: ``1e-8``.
        use_locking (bool): MindSpore's update lock (no effect on one CPU). Default: ``False``.
        use_nesterov (bool): the Nesterov form of the first moment. Default: ``False``.
        weight_decay (float): the L2 penalty added to the gradient, non-negative (not applied
            to 'beta'/'gamma' parameters without groups). Default: ``0.0``.
        loss_scale (float): the gradients are divided by it, positive. Default: ``1.0``.
        use_amsgrad (bool): divide by the running maximum of ``v``. Default: ``False``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        TypeError: a flag is not a bool.
        KeyError: ``kwargs`` has another key.
        ValueError: a beta is outside [0, 1), ``eps`` is not positive, or ``use_amsgrad`` is set
            with ``use_lazy``/``use_offload`` (as in MindSpore) or with ``use_nesterov``
            (MindSpore ignores the latter; mindcell refuses it).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, -1.0], np.float32)), name="w")
        >>> opt = ms.nn.Adam([w], learning_rate=0.1)
        >>> _ = opt((ms.Tensor(np.array([0.5, -2.0], np.float32)),))
        >>> print(w.asnumpy(), [p.name for p in opt.moment1])
        [ 0.90000004 -0.90000004] ['moment1.w']
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0,
                 use_amsgrad=False, **kwargs):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        owner = type(self).__name__
        init_adam_state(self, beta1, beta2, eps)
        self.use_locking = check_bool(use_locking, owner, "use_locking")
        self.use_nesterov = bool(use_nesterov)
        self.use_amsgrad = check_bool(use_amsgrad, owner, "use_amsgrad")
        unknown = sorted(set(kwargs) - {"use_lazy", "use_offload"})
        if unknown:
            raise KeyError("%s: the supported kwargs are 'use_lazy' and 'use_offload', but got "
                           "%s" % (owner, unknown))
        self.use_lazy = check_bool(kwargs.get("use_lazy", False), owner, "use_lazy")
        self.use_offload = check_bool(kwargs.get("use_offload", False), owner, "use_offload")
        if self.use_amsgrad and (self.use_lazy or self.use_offload or self.use_nesterov):
            raise ValueError("%s: use_amsgrad cannot be combined with use_lazy, use_offload or "
                             "use_nesterov" % owner)
        if self.use_amsgrad:
            self.vhat = self.clone_state("vhat")
        # MindSpore's update primitive(s), which subclasses call in their own construct
        if self.use_offload:
            self.opt = P.AdamNoUpdateParam(self.use_locking, self.use_nesterov)
        elif self.use_lazy:
            self.opt = P.Adam(self.use_locking, self.use_nesterov)
            self.sparse_opt = P.FusedSparseLazyAdam(self.use_locking, self.use_nesterov)
        else:
            self.opt = P.ApplyAdamWithAmsgradV2(self.use_locking) if self.use_amsgrad else \
                P.Adam(self.use_locking, self.use_nesterov)
            self.sparse_opt = P.FusedSparseAdam(self.use_locking, self.use_nesterov)

    @Optimizer.target.setter
    def target(self, value):
        """'CPU' (the only target here); see Optimizer._set_base_target."""
        self._set_base_target(value)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        F.assign(self.beta1_power, F.mul(self.beta1_power, self.beta1))
        F.assign(self.beta2_power, F.mul(self.beta2_power, self.beta2))
        # lr * sqrt(1 - beta2^t) / (1 - beta1^t) in this order, as MindSpore's Adam kernel
        # rounds it (a float32 lr_eff one ulp off moves ~5% of the elements by an ulp)
        root = F.reshape(F.sqrt(F.sub(1.0, self.beta2_power)), ())
        denom = F.reshape(F.sub(1.0, self.beta1_power), ())
        for i, (p, g, m, v, lr_t, wd) in enumerate(zip(
                self.parameters, gradients, self.moment1, self.moment2, lrs, self.group_wd)):
            lr_eff = F.div(F.mul(lr_t, root), denom)
            if self.use_amsgrad:
                self._amsgrad_step(p, in_param_dtype(g, p), m, v, self.vhat[i], lr_eff, wd)
                continue
            adam_update_p.bind(p, m, v, in_param_dtype(g, p), lr_t, lr_eff, beta1=self.beta1,
                               beta2=self.beta2, epsilon=self.eps, weight_decay=wd,
                               decoupled=False, use_nesterov=self.use_nesterov)
        self._step_done()
        return True

    def _amsgrad_step(self, p, g, m, v, vhat, lr_eff, wd):
        """Adam dividing by the running maximum of the second moment (``vhat``)."""
        if wd:
            g = F.add(g, F.mul(p, wd))
        F.assign(m, F.add(F.mul(m, self.beta1), F.mul(g, 1.0 - self.beta1)))
        F.assign(v, F.add(F.mul(v, self.beta2), F.mul(F.square(g), 1.0 - self.beta2)))
        F.assign(vhat, F.maximum(vhat, v))
        step = F.div(m, F.add(F.sqrt(vhat), self.eps))
        F.assign_sub(p, F.cast(F.mul(step, lr_eff), p.dtype))


class AdamWeightDecay(Optimizer):
    """AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
    weight_decay=0.0): Adam without bias correction and with decoupled weight decay,
    ``w -= lr * (m / (sqrt(v) + eps) + weight_decay * w)``. State Parameters 'adam_m.<p>' and
    'adam_v.<p>' (the ParameterTuples ``moments1`` and ``moments2``), as in MindSpore's
    checkpoints.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups.
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default:
            ``1e-3``.
        beta1 (float): the first moment's decay, in [0, 1). Default: ``0.9``.
        beta2 (float): the second moment's decay, in [0, 1). Default: ``0.999``.
        eps (float): added to the denominator, positive. Default: ``1e-6``.
        weight_decay (float): the decoupled decay, non-negative (not applied to 'beta'/'gamma'
            parameters without groups). Default: ``0.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: a beta is outside [0, 1), ``eps`` is not positive, or ``weight_decay`` is
            negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([2.0, 2.0], np.float32)), name="w")
        >>> opt = ms.nn.AdamWeightDecay([w], learning_rate=0.01, weight_decay=0.1)
        >>> _ = opt((ms.Tensor(np.array([1.0, 0.0], np.float32)),))
        >>> print(w.asnumpy())
        [1.966378 1.998   ]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
                 weight_decay=0.0):
        super().__init__(learning_rate, params, weight_decay)
        init_moments(self, beta1, beta2, eps, "adam")
        # MindSpore's fused update primitive (its flag picks it over the same formula in Python)
        self.fused_opt, self.use_fused_opt = P.AdamWeightDecay(), True

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, m, v, lr, wd in zip(self.parameters, gradients, self.moments1, self.moments2,
                                      self._step_lrs(), self.group_wd):
            adam_update_p.bind(p, m, v, in_param_dtype(g, p), lr, lr, beta1=self.beta1,
                               beta2=self.beta2, epsilon=self.eps, weight_decay=wd,
                               decoupled=True, use_nesterov=False)
        self._step_done()
        return True
