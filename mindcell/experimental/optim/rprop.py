"""experimental.optim.Rprop."""
import numpy as np

from mindcell.ops import functional as F
from mindcell.experimental.optim import Optimizer
from mindcell.experimental.optim import _checks as C

__all__ = ["Rprop"]


class Rprop(Optimizer):
    r"""Resilient back-propagation with PyTorch's signature, as
    ``mindspore.experimental.optim``.

    Each element has its own step size (``lr`` at the first step). When the gradient :math:`g`
    (negated with ``maximize``) has the sign of the previous one the step size grows by
    ``etaplus``, when the sign flips it shrinks by ``etaminus`` and the gradient counts as 0
    for this step; it is clipped to ``step_sizes``. Then
    :math:`param \leftarrow param - sign(g) \cdot step\_size`.

    The state Parameters are ``prev.<name>`` (the previous gradient), ``step_size.<name>`` and
    ``step_t``. Each step reads every group's ``lr``, ``etas``, ``step_sizes`` and
    ``maximize`` from its dict. Rprop has no weight decay.

    Args:
        params (Union[list[Parameter], list[dict]]): the parameters, or parameter groups.
        lr (Union[int, float, Tensor]): the first step size, > 0. Default: ``1e-2``.
        etas (tuple[float, float]): (etaminus, etaplus), a float in (0, 1) and a number > 1.
            Default: ``(0.5, 1.2)``.
        step_sizes (tuple[float, float]): the least and the largest step size.
            Default: ``(1e-6, 50)``.
        maximize (bool): maximize the objective instead. Default: ``False``.

    Inputs:
        - **gradients** (tuple[Tensor]) - the gradients of ``params``.

    Raises:
        ValueError: ``lr`` not greater than 0, ``etas[1]`` not greater than 1, ``etas[0]``
            outside (0, 1).
        TypeError: ``etas[0]`` is not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> w = ms.Parameter(ms.Tensor(np.ones(2, np.float32)), name="w")
        >>> opt = optim.Rprop([w], lr=0.1)
        >>> g = ms.Tensor(np.array([1.0, -3.0], np.float32))
        >>> _ = opt((g,))
        >>> _ = opt((g,))
        >>> np.round(w.asnumpy(), 5)
        array([0.78, 1.22], dtype=float32)
    """

    _state_names = ("prev", "step_size")

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50), *,
                 maximize=False):
        name = "Rprop"
        C.greater(name, "lr", lr)
        etas = C.pair(name, "etas", etas)
        step_sizes = C.pair(name, "step_sizes", step_sizes)
        C.greater(name, "etas[1]", etas[1], 1.0)
        C.float_range(name, "etas[0]", etas[0], 0.0, 1.0, "neither")
        super().__init__(params, dict(lr=lr, etas=etas, step_sizes=step_sizes,
                                      maximize=maximize))
        self.prev = self.clone_state("prev")
        self.step_size = self.clone_state("step_size")
        self.step_t = C.scalar_state("step_t", 0, np.int32)

    def _state_fill(self, state):
        # a group added after the first step starts with its lr as step size (the first step
        # sets it; it has passed)
        return float(self.param_groups[-1]["lr"]) if state == "step_size" else "zeros"

    def construct(self, gradients):
        gradients = self._check_grads(gradients)
        F.assign_add(self.step_t, C.ONE)
        first_step = F.equal(self.step_t, 1)
        for index, (group, first, end) in enumerate(self._group_slices()):
            lr = F.cast(self._group_lr(index), np.float32)
            etaminus, etaplus = (float(e) for e in group["etas"])
            low, high = (float(s) for s in group["step_sizes"])
            grads = C.step_grads(gradients, first, end, self.parameters, 0.0, group["maximize"])
            for i, g in zip(range(first, end), grads):
                p, prev, size = self.parameters[i], self.prev[i], self.step_size[i]
                size_now = F.select(F.broadcast_to(first_step, size.shape),
                                    F.mul(F.ones_like(size), F.cast(lr, size.dtype)), size)
                trend = F.sign(F.mul(g, prev))
                factor = F.select(F.gt(trend, 0.0), F.full_like(trend, etaplus),
                                  F.select(F.lt(trend, 0.0), F.full_like(trend, etaminus),
                                           F.ones_like(trend)))
                size_new = F.clip_by_value(F.mul(size_now, factor), low, high)
                F.assign(size, size_new)
                g = F.select(F.equal(factor, etaminus), F.zeros_like(g), g)
                F.assign(prev, g)
                F.assign(p, F.sub(p, F.mul(F.sign(g), size_new)))
        self._step_done()
        return True
