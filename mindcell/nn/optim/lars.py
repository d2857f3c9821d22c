"""LARS: scales each selected parameter's gradient by a layer-wise local learning rate, then
hands the gradients to the wrapped optimizer."""
from mindcell.nn.cell import Cell
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, trust_ratio, in_param_dtype
from mindcell.ops import functional as F


def _default_filter(p):
    return "LayerNorm" not in p.name and "bias" not in p.name


class LARS(Optimizer):
    """LARS(optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
    lars_filter=lambda x: 'LayerNorm' not in x.name and 'bias' not in x.name): layer-wise
    adaptive rate scaling of the gradients of another optimizer.

    For each parameter ``w`` that ``lars_filter`` selects, with the wrapped optimizer's
    weight decay ``wd`` and learning rate ``lr``::

        local = coefficient * ||w|| / (||g|| + wd * ||w|| + epsilon)   (1 if a norm is 0)
        local = min(local / lr, 1)                                      (use_clip)
        g = local * (g + wd * w)

    The weight decay of the selected parameters moves into LARS (the wrapped optimizer no
    longer applies it to them); the others pass through unchanged.

    Args:
        optimizer (Optimizer): the optimizer to wrap (not a LARS).
        epsilon (float): positive. Default: ``1e-05``.
        coefficient (float): the trust coefficient, positive. Default: ``0.001``.
        use_clip (bool): clip the local rate. Default: ``False``.
        lars_filter (Callable): selects the parameters LARS scales. Default: not LayerNorm and
            not bias parameters.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        The wrapped optimizer's output.

    Raises:
        TypeError: ``optimizer`` is not an nn.Optimizer (or is a LARS), ``use_clip`` is not a
            bool, or ``lars_filter`` is not callable.
        ValueError: ``epsilon`` or ``coefficient`` is not positive.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([3.0, 4.0], np.float32)), name="w")
        >>> opt = ms.nn.LARS(ms.nn.SGD([w], learning_rate=1.0), coefficient=0.1)
        >>> _ = opt((ms.Tensor(np.array([10.0, 0.0], np.float32)),))
        >>> print(w.asnumpy())
        [2.5000005 4.       ]
    """

    @opt_init_args_register
    def __init__(self, optimizer, epsilon=1e-05, coefficient=0.001, use_clip=False,
                 lars_filter=_default_filter):
        if not isinstance(optimizer, Optimizer) or isinstance(optimizer, LARS):
            raise TypeError("LARS: 'optimizer' must be an nn.Optimizer, but got %s"
                            % type(optimizer).__name__)
        for name, v in (("epsilon", epsilon), ("coefficient", coefficient)):
            if isinstance(v, bool) or not isinstance(v, (int, float)) or v <= 0:
                raise ValueError("LARS: '%s' must be a positive float, but got %r" % (name, v))
        if not isinstance(use_clip, bool):
            raise TypeError("LARS: 'use_clip' must be a bool, but got %r" % (use_clip,))
        if not callable(lars_filter):
            raise TypeError("LARS: 'lars_filter' must be callable")
        Cell.__init__(self, auto_prefix=False)
        self.opt = optimizer
        self.parameters = optimizer.parameters
        self.__dict__["parameters"] = optimizer.parameters
        self.group_lr, self.loss_scale = optimizer.group_lr, 1.0
        self.epsilon, self.coefficient, self.use_clip = float(epsilon), float(coefficient), \
            use_clip
        self.lars_flags = tuple(bool(lars_filter(p)) for p in optimizer.parameters)
        self.lars_wd = tuple(wd if f else 0.0 for wd, f in zip(optimizer.group_wd,
                                                               self.lars_flags))
        optimizer.group_wd = [0.0 if f else wd for wd, f in zip(optimizer.group_wd,
                                                               self.lars_flags)]

    @property
    def learning_rate(self):
        return self.opt.learning_rate

    @property
    def global_step(self):
        return self.opt.global_step

    def _lr_tensor(self, lr):
        return self.opt._lr_tensor(lr)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        lrs = self.opt._step_lrs() if self.use_clip else [None] * len(gradients)
        out = []
        for p, g, flag, wd, lr in zip(self.parameters, gradients, self.lars_flags, self.lars_wd,
                                      lrs):
            if not flag:
                out.append(g)
                continue
            g = in_param_dtype(g, p)
            local = trust_ratio(F.norm(p), F.norm(g), self.coefficient, wd, self.epsilon)
            if self.use_clip:
                local = F.minimum(F.div(local, lr), 1.0)
            out.append(F.mul(F.add(g, F.mul(p, wd)) if wd else g, local))
        return self.opt(tuple(out))
