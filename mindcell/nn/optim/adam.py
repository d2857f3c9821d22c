"""Adam and AdamWeightDecay."""
import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, in_param_dtype
from mindcell.ops import functional as F
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
    return tuple(Parameter(Tensor(np.ones((), np.float32)), name=name, requires_grad=False)
                 for name in ("beta1_power", "beta2_power"))


def init_adam_state(opt, beta1, beta2, eps):
    """Checks and stores beta1, beta2 and eps on ``opt`` and creates its Adam state: the
    Parameters 'beta1_power', 'beta2_power' and the moments 'moment1.<p>', 'moment2.<p>'."""
    _check_betas(type(opt).__name__, beta1, beta2, eps)
    opt.beta1, opt.beta2, opt.eps = float(beta1), float(beta2), float(eps)
    opt.beta1_power, opt.beta2_power = beta_powers()
    opt.moment1 = opt.clone_state("moment1")
    opt.moment2 = opt.clone_state("moment2")


class Adam(Optimizer):
    """Adam(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, use_locking=False,
    use_nesterov=False, weight_decay=0.0, loss_scale=1.0): state 'moment1.<p>', 'moment2.<p>',
    'beta1_power', 'beta2_power'."""

    _decoupled = False
    _bias_correction = True

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-8,
                 use_locking=False, use_nesterov=False, weight_decay=0.0, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        init_adam_state(self, beta1, beta2, eps)
        self.use_locking = check_bool(use_locking, type(self).__name__, "use_locking")
        self.use_nesterov = bool(use_nesterov)
        self.use_amsgrad = self.use_lazy = self.use_offload = False
        self.init_args = {"beta1": beta1, "beta2": beta2, "eps": eps, "use_locking": use_locking,
                          "use_nesterov": use_nesterov, "weight_decay": weight_decay,
                          "loss_scale": loss_scale, "use_amsgrad": False, "kwargs": {}}

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self._step_lrs()
        F.assign(self.beta1_power, F.mul(self.beta1_power, self.beta1))
        F.assign(self.beta2_power, F.mul(self.beta2_power, self.beta2))
        correction = F.reshape(F.div(F.sqrt(F.sub(1.0, self.beta2_power)),
                                     F.sub(1.0, self.beta1_power)), ())
        for p, g, m, v, lr_t, wd in zip(self.parameters, gradients, self.moment1, self.moment2,
                                        lrs, self.group_wd):
            lr_eff = F.mul(lr_t, correction) if self._bias_correction else lr_t
            adam_update_p.bind(p, m, v, in_param_dtype(g, p), lr_t, lr_eff, beta1=self.beta1,
                               beta2=self.beta2, epsilon=self.eps, weight_decay=wd,
                               decoupled=self._decoupled, use_nesterov=self.use_nesterov)
        self._step_done()
        return True


class AdamWeightDecay(Adam):
    """AdamWeightDecay(params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
    weight_decay=0.0): Adam without bias correction and with decoupled weight decay
    (param -= lr * (m / (sqrt(v) + eps) + weight_decay * param))."""

    _decoupled = True
    _bias_correction = False

    def __init__(self, params, learning_rate=1e-3, beta1=0.9, beta2=0.999, eps=1e-6,
                 weight_decay=0.0):
        super().__init__(params, learning_rate, beta1, beta2, eps, weight_decay=weight_decay)
