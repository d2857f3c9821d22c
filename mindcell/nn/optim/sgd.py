"""SGD and Momentum."""
from mindcell.nn.optim.optimizer import Optimizer, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops.defs.state import apply_momentum_p, sgd_update_p


class SGD(Optimizer):
    """SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
    nesterov=False, loss_scale=1.0): accum = momentum*accum + (1-dampening)*g (accum = g on
    the first step); param -= lr * (g + momentum*accum if nesterov else accum)."""

    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, (int, float)) or momentum < 0:
            raise ValueError("SGD: 'momentum' must be a non-negative number, but got %r"
                             % (momentum,))
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("SGD: nesterov needs momentum > 0 and dampening = 0")
        self.momentum, self.dampening, self.nesterov = float(momentum), float(dampening), bool(
            nesterov)
        self.accum = self.clone_state("accum")
        self.init_args = {"momentum": momentum, "dampening": dampening,
                          "weight_decay": weight_decay, "nesterov": nesterov,
                          "loss_scale": loss_scale}
        # one first-step flag per parameter, 'stat.<name>' as in MindSpore's checkpoints
        self.stat = self.clone_state("stat", init="ones")

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, a, s, lr, wd in zip(self.parameters, gradients, self.accum, self.stat,
                                      self._step_lrs(), self.group_wd):
            sgd_update_p.bind(p, in_param_dtype(g, p), a, lr, s,
                              momentum=self.momentum, dampening=self.dampening,
                              weight_decay=wd, nesterov=self.nesterov)
            F.assign(s, F.zeros_like(s))
        self._step_done()
        return True


class Momentum(Optimizer):
    """Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
    use_nesterov=False): accum = momentum*accum + g; param -= lr*accum (state 'moments.<p>')."""

    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
                 use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, (int, float)) or momentum < 0:
            raise ValueError("Momentum: 'momentum' must be a non-negative number, but got %r"
                             % (momentum,))
        self.momentum, self.use_nesterov = float(momentum), bool(use_nesterov)
        self.moments = self.clone_state("moments")
        self.__dict__["params"] = self.parameters  # MindSpore's second name for them
        self.init_args = {"momentum": momentum, "weight_decay": weight_decay,
                          "loss_scale": loss_scale, "use_nesterov": use_nesterov}

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, m, lr, wd in zip(self.parameters, gradients, self.moments, self._step_lrs(),
                                   self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            apply_momentum_p.bind(p, m, g, lr, momentum=self.momentum,
                                  use_nesterov=self.use_nesterov)
        self._step_done()
        return True
