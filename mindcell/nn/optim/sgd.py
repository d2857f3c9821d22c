"""SGD and Momentum."""
import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.optim.optimizer import Optimizer, opt_init_args_register, in_param_dtype
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops.defs.state import apply_momentum_p, sgd_update_p


class SGD(Optimizer):
    """SGD(params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
    nesterov=False, loss_scale=1.0): stochastic gradient descent with momentum.

    ``accum = momentum * accum + (1 - dampening) * g`` (``accum = g`` on the first step),
    ``w -= lr * (g + momentum * accum if nesterov else accum)``, ``g`` including the weight
    decay. State: 'accum.<p>' and the first-step flags 'stat.<p>'.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): Default: ``0.1``.
        momentum (float): non-negative, fixed for the run (it is compiled into the update;
            the float32 Parameter ``momentum`` holds it for checkpoints, as in MindSpore).
            Default: ``0.0``.
        dampening (float): the gradient's damping in the accumulator. Default: ``0.0``.
        weight_decay (float): the L2 penalty. Default: ``0.0``.
        nesterov (bool): Nesterov momentum (needs ``momentum > 0`` and ``dampening = 0``).
            Default: ``False``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: ``momentum`` is negative or not a number, or ``nesterov`` without momentum
            or with dampening.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> w = ms.Parameter(ms.Tensor(np.array([1.0, 2.0], np.float32)), name="w")
        >>> opt = ms.nn.SGD([w], learning_rate=0.1, momentum=0.9)
        >>> g = (ms.Tensor(np.array([1.0, -1.0], np.float32)),)
        >>> _ = opt(g), opt(g)
        >>> print(w.asnumpy())
        [0.71 2.29]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate=0.1, momentum=0.0, dampening=0.0, weight_decay=0.0,
                 nesterov=False, loss_scale=1.0):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, (int, float)) or momentum < 0:
            raise ValueError("SGD: 'momentum' must be a non-negative number, but got %r"
                             % (momentum,))
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("SGD: nesterov needs momentum > 0 and dampening = 0")
        self.dampening, self.nesterov = float(dampening), bool(nesterov)
        # the rate of the native update (an attribute of the compiled step); the Parameter is
        # MindSpore's, for checkpoints
        self._momentum = float(momentum)
        self.momentum = _momentum_parameter(momentum)
        self.accum = self.clone_state("accum")
        # one first-step flag per parameter, 'stat.<name>' as in MindSpore's checkpoints; its
        # first step clears it only with momentum (MindSpore 2.10's CPU kernel keeps 1 without)
        self.stat = self.clone_state("stat", init="ones")
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = tuple(P.SGD(self.dampening, 0.0, self.nesterov) for _ in self.parameters)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, a, s, lr, wd in zip(self.parameters, gradients, self.accum, self.stat,
                                      self._step_lrs(), self.group_wd):
            sgd_update_p.bind(p, in_param_dtype(g, p), a, lr, s,
                              momentum=self._momentum, dampening=self.dampening,
                              weight_decay=wd, nesterov=self.nesterov,
                              clear_stat=self._momentum > 0)
        self._step_done()
        return True


class Momentum(Optimizer):
    """Momentum(params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
    use_nesterov=False): ``accum = momentum * accum + g; w -= lr * accum`` (state
    'moments.<p>'; with ``use_nesterov``: ``w -= lr * (g + momentum * accum)``).

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters or parameter groups (see
            :class:`Optimizer`).
        learning_rate (Union[float, int, list, Tensor, LearningRateSchedule]): the rate.
        momentum (float): non-negative; kept in the float32 Parameter ``momentum`` (a
            checkpoint key, as in MindSpore), which every step reads.
        weight_decay (float): the L2 penalty added to the gradient. Default: ``0.0``.
        loss_scale (float): the gradients are divided by it. Default: ``1.0``.
        use_nesterov (bool): Nesterov momentum. Default: ``False``.

    Inputs:
        gradients (tuple[Tensor]): one gradient per parameter.

    Outputs:
        bool, ``True``.

    Raises:
        ValueError: ``momentum`` is negative or not a number (and the :class:`Optimizer`
            checks).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(2, 1, weight_init="ones", bias_init="zeros")
        >>> opt = ms.nn.Momentum(net.trainable_params(), learning_rate=0.1, momentum=0.9)
        >>> grads = (ms.Tensor(np.array([[1.0, 2.0]], np.float32)),
        ...          ms.Tensor(np.array([1.0], np.float32)))
        >>> _ = opt(grads), opt(grads)
        >>> print(net.weight.asnumpy(), net.bias.asnumpy())
        [[0.71       0.42000002]] [-0.29]
    """

    @opt_init_args_register
    def __init__(self, params, learning_rate, momentum, weight_decay=0.0, loss_scale=1.0,
                 use_nesterov=False):
        super().__init__(learning_rate, params, weight_decay, loss_scale)
        if not isinstance(momentum, (int, float)) or momentum < 0:
            raise ValueError("Momentum: 'momentum' must be a non-negative number, but got %r"
                             % (momentum,))
        self.use_nesterov = bool(use_nesterov)
        self.momentum = _momentum_parameter(momentum)  # an input of every step: may change
        self.moments = self.clone_state("moments")
        self.__dict__["params"] = self.parameters  # MindSpore's second name for them
        # MindSpore's update primitive(s), which subclasses call in their own construct
        self.opt = P.ApplyMomentum(use_nesterov=self.use_nesterov)

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        for p, g, m, lr, wd in zip(self.parameters, gradients, self.moments, self._step_lrs(),
                                   self.group_wd):
            g = in_param_dtype(g, p)
            if wd:
                g = F.add(g, F.mul(p, wd))
            apply_momentum_p.bind(p, m, g, lr, self.momentum, use_nesterov=self.use_nesterov)
        self._step_done()
        return True


def _momentum_parameter(value):
    """MindSpore's float32 Parameter 'momentum' of SGD and Momentum (a checkpoint key)."""
    return Parameter(Tensor(np.asarray(value, np.float32)), name="momentum")
