"""``mindspore.experimental.optim.lr_scheduler``: PyTorch-style learning-rate schedulers for the
optimizers of :mod:`mindcell.experimental.optim`.

A scheduler writes each parameter group's learning-rate Parameter (``optimizer.lrs[i]``, which
is also ``optimizer.param_groups[i]["lr"]``) in place, so a compiled train step that reads the
rate sees the new value without recompiling, and ``scheduler.step()`` itself may run inside an
``ms.jit`` function: its arithmetic is tensor operations on Parameters (``last_epoch`` is the
float32 Parameter ``last_epoch_<ClassName>``), its branches are selects. As in MindSpore 2.10,
the schedulers are chainable: most compute the next rate from the current one, so two schedulers
stepping one optimizer compose, and ``step(epoch)`` uses the closed form where one exists.
"""
import math
from bisect import bisect_right
from collections import Counter

import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.program_api import jit_class
from mindcell.experimental.optim import Optimizer

__all__ = ["StepLR", "LinearLR", "LRScheduler", "ExponentialLR", "PolynomialLR",
           "MultiplicativeLR", "ConstantLR", "MultiStepLR", "LambdaLR", "SequentialLR",
           "ReduceLROnPlateau", "CyclicLR", "CosineAnnealingWarmRestarts", "CosineAnnealingLR"]

_F32 = np.float32


def _t(value):
    """A float32 0-d Tensor of a number or a Tensor."""
    if isinstance(value, Tensor):
        return F.cast(value, _F32)
    return Tensor._make(np.asarray(value, _F32))


def _pick(cond, a, b):
    """``a`` where ``cond`` holds, else ``b`` (0-d; both computed, as a graph's select)."""
    return F.select(cond, _t(a), _t(b))


def _scalar_param(value, name, dtype=_F32):
    return Parameter(Tensor(np.asarray(value, dtype)), name=name, requires_grad=False)


def _check_optimizer(optimizer):
    if not isinstance(optimizer, Optimizer):
        raise TypeError("{} is not an Optimizer (an lr_scheduler takes an optimizer of "
                        "mindspore.experimental.optim)".format(type(optimizer).__name__))


def _int(cls, key, value):
    if isinstance(value, bool) or not isinstance(value, int):
        raise TypeError("For '%s', the type of %s must be int, but got %s."
                        % (cls, key, type(value).__name__))


def _float(cls, key, value):
    if not isinstance(value, float):
        raise TypeError("For '%s', the '%s' must be float, but got %s."
                        % (cls, key, type(value).__name__))


@jit_class
class LRScheduler:
    r"""Base class of the schedulers: subclasses implement ``get_lr()`` (the rates of the next
    step from ``last_epoch`` and the current rates ``_last_lr``) and may implement
    ``_get_closed_form_lr()`` (the rates at ``last_epoch`` from ``base_lrs``), which
    ``step(epoch)`` uses.

    On construction with ``last_epoch=-1`` each group gets ``'initial_lr'`` (a copy of its
    current rate, unless it has one already: a second scheduler keeps the first one's) and the
    scheduler takes its first step (``last_epoch`` becomes 0).

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer whose
            rates are scheduled.
        last_epoch (int): the index of the last epoch, ``-1`` to start; a value >= 0 resumes
            and needs ``'initial_lr'`` in every group. Default: ``-1``.

    Raises:
        TypeError: ``optimizer`` is not an experimental Optimizer, or ``last_epoch`` not an int.
        ValueError: ``last_epoch`` is below -1.
        KeyError: resuming (``last_epoch >= 0``) and a group has no ``'initial_lr'``.
        NotImplementedError: ``get_lr`` is not implemented (the base class itself).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> class Halve(optim.lr_scheduler.LRScheduler):
        ...     def get_lr(self):
        ...         return [lr * 0.5 for lr in self._last_lr]
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.4)
        >>> sched = Halve(opt)
        >>> sched.step()
        True
        >>> [round(float(lr), 4) for lr in sched.get_last_lr()]
        [0.1]
    """

    def __init__(self, optimizer, last_epoch=-1):
        _check_optimizer(optimizer)
        if isinstance(last_epoch, bool) or not isinstance(last_epoch, int):
            raise TypeError("For '%s', the 'last_epoch' must be int, but got %s."
                            % (type(self).__name__, type(last_epoch).__name__))
        if last_epoch < -1:
            raise ValueError("Invalid last_epoch: {}".format(last_epoch))
        if last_epoch == -1:
            for group in optimizer.param_groups:
                if "initial_lr" not in group:
                    dict.__setitem__(group, "initial_lr", _t(group["lr"]).copy())
        else:
            for i, group in enumerate(optimizer.param_groups):
                if "initial_lr" not in group:
                    raise KeyError("param 'initial_lr' is not specified in param_groups[%d] "
                                   "when resuming an optimizer" % i)
        self.base_lrs = [group["initial_lr"] for group in optimizer.param_groups]
        self.optimizer = optimizer
        self._last_lr = list(optimizer.lrs)
        self.groups_num = len(optimizer.param_groups)
        self.last_epoch = _scalar_param(last_epoch, "last_epoch_" + type(self).__name__)
        self.step()

    def get_lr(self):
        """The rates of the next step (one 0-d Tensor per group)."""
        raise NotImplementedError("%s.get_lr: a subclass of LRScheduler must implement "
                                  "get_lr()" % type(self).__name__)

    def get_last_lr(self):
        """get_last_lr(): the current rate of each group, as 0-d float32 Tensors.

        Returns:
            list[Tensor], one per parameter group.
        """
        return [lr.value() for lr in self._last_lr]

    def step(self, epoch=None):
        """step(epoch=None): advance ``last_epoch`` by one (or set it to ``epoch``, then use
        the closed form where the scheduler has one) and write the new rates.

        Args:
            epoch (int, optional): the epoch to jump to. Default: ``None``.

        Returns:
            True.
        """
        param = self.last_epoch
        new = F.add(param, 1.0) if epoch is None else _t(epoch)
        closed = getattr(self, "_get_closed_form_lr", None) if epoch is not None else None
        # get_lr() and the lr_lambda functions see the new epoch as a value computed from the
        # Parameter before it is written: Python on it (float(), if ... <) then works inside
        # ms.jit through JIT Fallback, which reads and guards the Parameter (a value read
        # after the in-place write could not be evaluated while tracing)
        self.__dict__["last_epoch"] = self._epoch_arg = new
        try:
            values = closed() if closed is not None else self.get_lr()
        finally:
            self.__dict__["last_epoch"] = param
        F.assign(param, new)
        for lr, value in zip(self._last_lr, values):
            F.assign(lr, _t(value))
        return True


@jit_class
class StepLR(LRScheduler):
    r"""Multiply each group's rate by ``gamma`` every ``step_size`` epochs:
    :math:`lr_e = lr_0 \cdot \gamma^{\lfloor e / step\_size \rfloor}`.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        step_size (int): the period of the decay.
        gamma (float): the factor. Default: ``0.1``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        TypeError: ``step_size`` is not an int or ``gamma`` not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)
        >>> rates = []
        >>> for _ in range(4):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.1, 0.05, 0.05, 0.025]
    """

    def __init__(self, optimizer, step_size, gamma=0.1, last_epoch=-1):
        if not isinstance(step_size, int):
            raise TypeError("For 'StepLR', the 'step_size' must be int, but got %s."
                            % type(step_size).__name__)
        _float("StepLR", "gamma", gamma)
        self.step_size = step_size
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self.last_epoch
        decay = F.logical_and(F.not_equal(e, 0.0),
                              F.equal(F.floor_mod(e, float(self.step_size)), 0.0))
        factor = _pick(decay, self.gamma, 1.0)
        return [F.mul(lr, factor) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        power = F.floor(F.div(self.last_epoch, float(self.step_size)))
        return [F.mul(base, F.pow(self.gamma, power)) for base in self.base_lrs]


@jit_class
class LinearLR(LRScheduler):
    r"""Scale each group's rate by a factor going linearly from ``start_factor`` to
    ``end_factor`` over ``total_iters`` epochs, then keep it.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        start_factor (float): the first factor, in (0, 1]. Default: ``1/3``.
        end_factor (float): the last factor, in [0, 1]. Default: ``1.0``.
        total_iters (int): the number of epochs to reach ``end_factor``. Default: ``5``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: a factor outside its range.
        TypeError: ``total_iters`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.LinearLR(opt, start_factor=0.5, total_iters=2)
        >>> rates = [round(float(sched.get_last_lr()[0]), 4)]
        >>> for _ in range(3):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.075, 0.1, 0.1]
    """

    def __init__(self, optimizer, start_factor=1.0 / 3, end_factor=1.0, total_iters=5,
                 last_epoch=-1):
        if start_factor > 1.0 or start_factor <= 0:
            raise ValueError("For 'LinearLR', the starting multiplicative factor 'start_factor' "
                             "must be greater than 0 and at most 1, but got %s" % start_factor)
        if end_factor > 1.0 or end_factor < 0:
            raise ValueError("For 'LinearLR', the ending multiplicative factor 'end_factor' "
                             "must be between 0 and 1, but got %s" % end_factor)
        _int("LinearLR", "total_iters", total_iters)
        self.start_factor = start_factor
        self.end_factor = end_factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self.last_epoch
        start, end, total = self.start_factor, self.end_factor, self.total_iters
        ramp = F.add(F.div(end - start, F.add(F.mul(F.sub(e, 1.0), end - start),
                                              total * start)), 1.0)
        factor = _pick(F.equal(e, 0.0), start, _pick(F.gt(e, float(total)), 1.0, ramp))
        return [F.mul(lr, factor) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        done = F.minimum(self.last_epoch, float(self.total_iters))
        factor = F.add(F.div(F.mul(done, self.end_factor - self.start_factor),
                             float(self.total_iters)), self.start_factor)
        return [F.mul(base, factor) for base in self.base_lrs]


@jit_class
class ExponentialLR(LRScheduler):
    r"""Multiply each group's rate by ``gamma`` every epoch: :math:`lr_e = lr_0 \gamma^e`.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        gamma (float): the factor.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        TypeError: ``gamma`` is not a float.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.ExponentialLR(opt, gamma=0.5)
        >>> sched.step()
        True
        >>> round(float(sched.get_last_lr()[0]), 4)
        0.05
    """

    def __init__(self, optimizer, gamma, last_epoch=-1):
        _float("ExponentialLR", "gamma", gamma)
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        factor = _pick(F.equal(self.last_epoch, 0.0), 1.0, self.gamma)
        return [F.mul(lr, factor) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        return [F.mul(base, F.pow(self.gamma, self.last_epoch)) for base in self.base_lrs]


@jit_class
class PolynomialLR(LRScheduler):
    r"""Decay each group's rate polynomially to 0 over ``total_iters`` epochs:
    :math:`lr_e = lr_0 (1 - \min(e, T)/T)^{power}`.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        total_iters (int): :math:`T`. Default: ``5``.
        power (float): the power, >= 0. Default: ``1.0``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        TypeError: ``power`` is not a float or ``total_iters`` not an int.
        ValueError: ``power`` is negative.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)
        >>> sched.step()
        True
        >>> round(float(sched.get_last_lr()[0]), 4)
        0.0563
    """

    def __init__(self, optimizer, total_iters=5, power=1.0, last_epoch=-1):
        _float("PolynomialLR", "power", power)
        if power < 0:
            raise ValueError("For 'PolynomialLR', the 'power' must be >= 0, but got %s." % power)
        _int("PolynomialLR", "total_iters", total_iters)
        self.total_iters = total_iters
        self.power = power
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e, total = self.last_epoch, float(self.total_iters)
        ratio = F.div(F.sub(1.0, F.div(e, total)), F.sub(1.0, F.div(F.sub(e, 1.0), total)))
        keep = F.logical_or(F.equal(e, 0.0), F.gt(e, total))
        factor = _pick(keep, 1.0, F.pow(ratio, self.power))
        return [F.mul(lr, factor) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        total = float(self.total_iters)
        factor = F.pow(F.sub(1.0, F.div(F.minimum(self.last_epoch, total), total)), self.power)
        return [F.mul(base, factor) for base in self.base_lrs]


def _lambdas(cls, optimizer, lr_lambda):
    count = len(optimizer.param_groups)
    if isinstance(lr_lambda, (list, tuple)):
        if len(lr_lambda) != count:
            raise ValueError("For '%s', expected %d lr_lambdas (one per parameter group), but "
                             "got %d" % (cls, count, len(lr_lambda)))
        return list(lr_lambda)
    return [lr_lambda] * count


@jit_class
class LambdaLR(LRScheduler):
    r"""Set each group's rate to its initial rate times ``lr_lambda(epoch)``; the function gets
    the epoch as a float32 0-d Tensor (the value of ``last_epoch``) and returns a number or a
    0-d Tensor. Inside an ``ms.jit`` step, Python on the epoch (``float(epoch)``, ``if epoch <
    n``) is evaluated by JIT Fallback: correct, at the cost of a trace per distinct epoch.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        lr_lambda (Union[function, list]): the function, or one per parameter group.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: a list of ``lr_lambda`` whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.LambdaLR(opt, lambda epoch: 0.5 ** epoch)
        >>> sched.step()
        True
        >>> round(float(sched.get_last_lr()[0]), 4)
        0.05
    """

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas("LambdaLR", optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch_arg
        return [F.mul(base, _t(fn(epoch))) for fn, base in zip(self.lr_lambdas, self.base_lrs)]


@jit_class
class MultiplicativeLR(LRScheduler):
    r"""Multiply each group's rate by ``lr_lambda(epoch)`` every epoch after the first.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        lr_lambda (Union[function, list]): the function of ``last_epoch``, or one per group.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: a list of ``lr_lambda`` whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.MultiplicativeLR(opt, lambda epoch: 0.9)
        >>> sched.step()
        True
        >>> round(float(sched.get_last_lr()[0]), 4)
        0.09
    """

    def __init__(self, optimizer, lr_lambda, last_epoch=-1):
        self.lr_lambdas = _lambdas("MultiplicativeLR", optimizer, lr_lambda)
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        epoch = self._epoch_arg
        later = F.gt(epoch, 0.0)
        return [F.mul(lr, _pick(later, _t(fn(epoch)), 1.0))
                for fn, lr in zip(self.lr_lambdas, self._last_lr)]


@jit_class
class MultiStepLR(LRScheduler):
    r"""Multiply each group's rate by ``gamma`` at each milestone (by ``gamma ** k`` at one
    listed ``k`` times).

    ``step(epoch)`` jumps to :math:`lr_0 \gamma^{n}`, :math:`n` the number of milestones up to
    ``epoch`` (MindSpore 2.10's MultiStepLR fails there with an AttributeError).

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        milestones (list[int]): the epochs of the decays.
        gamma (Union[float, int]): the factor. Default: ``0.1``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        TypeError: ``milestones`` is not a list of ints or ``gamma`` not a number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.MultiStepLR(opt, milestones=[1, 3], gamma=0.5)
        >>> rates = []
        >>> for _ in range(4):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.05, 0.025, 0.025]
    """

    def __init__(self, optimizer, milestones, gamma=0.1, last_epoch=-1):
        if not isinstance(milestones, list):
            raise TypeError("For 'MultiStepLR', the 'milestones' must be a list, but got %s."
                            % type(milestones).__name__)
        for milestone in milestones:
            if not isinstance(milestone, int):
                raise TypeError("For 'MultiStepLR', elements of the 'milestones' must be type of "
                                "int, but got one element of 'milestones' type: %s."
                                % type(milestone).__name__)
        if isinstance(gamma, bool) or not isinstance(gamma, (float, int)):
            raise TypeError("For 'MultiStepLR', the 'gamma' must be float or int, but got %s."
                            % type(gamma).__name__)
        self.milestones = Counter(milestones)
        self.milestones_keys = list(self.milestones.keys())
        self.milestones_values = list(self.milestones.values())
        self.gamma = gamma
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        factor = _t(1.0)
        for key, count in zip(self.milestones_keys, self.milestones_values):
            factor = _pick(F.equal(self.last_epoch, float(key)), float(self.gamma) ** count,
                           factor)
        return [F.mul(lr, factor) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        passed = _t(0.0)
        for key, count in zip(self.milestones_keys, self.milestones_values):
            passed = F.add(passed, F.mul(F.cast(F.ge(self.last_epoch, float(key)), _F32),
                                         float(count)))
        return [F.mul(base, F.pow(float(self.gamma), passed)) for base in self.base_lrs]


@jit_class
class ConstantLR(LRScheduler):
    r"""Scale each group's rate by ``factor`` until epoch ``total_iters``, then restore it.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        factor (float): the factor, in [0, 1]. Default: ``1/3``.
        total_iters (int): the epoch at which the rate is restored. Default: ``5``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: ``factor`` outside [0, 1].
        TypeError: ``total_iters`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=1)
        >>> rates = [round(float(sched.get_last_lr()[0]), 4)]
        >>> sched.step()
        True
        >>> rates + [round(float(sched.get_last_lr()[0]), 4)]
        [0.05, 0.1]
    """

    def __init__(self, optimizer, factor=1.0 / 3, total_iters=5, last_epoch=-1):
        if factor > 1.0 or factor < 0:
            raise ValueError("For 'ConstantLR', the constant multiplicative 'factor' must be "
                             "between 0 and 1, but got %s" % factor)
        _int("ConstantLR", "total_iters", total_iters)
        self.factor = factor
        self.total_iters = total_iters
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e = self.last_epoch
        restore = F.equal(e, float(self.total_iters))
        scale = _pick(F.equal(e, 0.0), self.factor,
                      _pick(restore, 1.0 / self.factor if self.factor else math.inf, 1.0))
        return [F.mul(lr, scale) for lr in self._last_lr]

    def _get_closed_form_lr(self):
        done = F.cast(F.ge(self.last_epoch, float(self.total_iters)), _F32)
        scale = F.add(F.mul(done, 1.0 - self.factor), self.factor)
        return [F.mul(base, scale) for base in self.base_lrs]


@jit_class
class CosineAnnealingLR(LRScheduler):
    r"""Anneal each group's rate along a cosine from its initial value to ``eta_min`` over
    ``T_max`` epochs (and back up over the next ``T_max``):
    :math:`lr_e = \eta_{min} + (lr_0 - \eta_{min})(1 + \cos(\pi e / T_{max}))/2`, computed
    recursively from the current rate as MindSpore 2.10 does.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        T_max (int): the half period.
        eta_min (Union[float, int]): the least rate. Default: ``0.0``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        TypeError: ``T_max`` is not an int or ``eta_min`` not a number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.CosineAnnealingLR(opt, T_max=2)
        >>> rates = []
        >>> for _ in range(3):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.0, 0.05]
    """

    def __init__(self, optimizer, T_max, eta_min=0.0, last_epoch=-1):
        if isinstance(eta_min, bool) or not isinstance(eta_min, (float, int)):
            raise TypeError("For 'CosineAnnealingLR', the 'eta_min' must be float or int, but "
                            "got %s." % type(eta_min).__name__)
        if not isinstance(T_max, int):
            raise TypeError("For 'CosineAnnealingLR', the 'T_max' must be int, but got %s."
                            % type(T_max).__name__)
        self.T_max = T_max
        self.eta_min = eta_min
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        e, t_max, eta_min = self.last_epoch, float(self.T_max), float(self.eta_min)
        restart = F.equal(F.floor_mod(F.sub(F.sub(e, 1.0), t_max), 2.0 * t_max), 0.0)
        first = F.equal(e, 0.0)
        up = (1.0 - math.cos(math.pi / t_max)) / 2.0
        ratio = F.div(F.add(F.cos(F.mul(e, math.pi / t_max)), 1.0),
                      F.add(F.cos(F.mul(F.sub(e, 1.0), math.pi / t_max)), 1.0))
        out = []
        for base, lr in zip(self.base_lrs, self._last_lr):
            rising = F.add(lr, F.mul(F.sub(base, eta_min), up))
            annealed = F.add(F.mul(ratio, F.sub(lr, eta_min)), eta_min)
            out.append(_pick(first, lr, _pick(restart, rising, annealed)))
        return out

    def _get_closed_form_lr(self):
        cos = F.cos(F.mul(self.last_epoch, math.pi / float(self.T_max)))
        return [F.add(F.mul(F.sub(base, float(self.eta_min)), F.div(F.add(cos, 1.0), 2.0)),
                      float(self.eta_min)) for base in self.base_lrs]


@jit_class
class CosineAnnealingWarmRestarts(LRScheduler):
    r"""Cosine annealing with warm restarts (SGDR): the rate anneals from the initial value to
    ``eta_min`` over :math:`T_i` epochs, then restarts; :math:`T_0` = ``T_0`` and
    :math:`T_{i+1} = T_i \cdot` ``T_mult``. The state is the float32 Parameters ``T_0``,
    ``T_i`` and ``T_cur`` (epochs since the last restart).

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        T_0 (int): the first period, > 0.
        T_mult (int): the period's growth factor, >= 1. Default: ``1``.
        eta_min (Union[float, int]): the least rate. Default: ``0``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: ``T_0`` not a positive int, ``T_mult`` not an int >= 1, or
            ``step(epoch)`` with a negative epoch.
        TypeError: ``eta_min`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)
        >>> rates = []
        >>> for _ in range(3):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.1, 0.05]
    """

    def __init__(self, optimizer, T_0, T_mult=1, eta_min=0, last_epoch=-1):
        if isinstance(T_0, bool) or not isinstance(T_0, int) or T_0 <= 0:
            raise ValueError("For 'CosineAnnealingWarmRestarts', 'T_0' should be a positive "
                             "integer, but got {}".format(T_0))
        if isinstance(T_mult, bool) or not isinstance(T_mult, int) or T_mult < 1:
            raise ValueError("For 'CosineAnnealingWarmRestarts', 'T_mult' should be an integer "
                             "equal or greater than 1, but got {}".format(T_mult))
        if isinstance(eta_min, bool) or not isinstance(eta_min, (float, int)):
            raise TypeError("For 'CosineAnnealingWarmRestarts', the 'eta_min' must be float or "
                            "int, but got %s." % type(eta_min).__name__)
        self.T_0 = _scalar_param(T_0, "T_0")
        self.T_i = _scalar_param(T_0, "T_i")
        self.T_mult = T_mult
        self.eta_min = _t(float(eta_min))
        self.T_cur = _scalar_param(last_epoch, "T_cur")
        self._t0 = T_0
        self._fresh = last_epoch < 0  # the first step (from __init__) starts at epoch 0
        super().__init__(optimizer, last_epoch)

    def get_lr(self):
        cos = F.cos(F.div(F.mul(self.T_cur, math.pi), self.T_i))
        return [F.add(self.eta_min, F.div(F.mul(F.sub(base, self.eta_min), F.add(cos, 1.0)), 2.0))
                for base in self.base_lrs]

    def step(self, epoch=None):
        """step(epoch=None): advance one epoch (restarting when ``T_cur`` reaches ``T_i``), or
        jump to ``epoch`` (a number >= 0), and write the new rates.

        Args:
            epoch (Union[int, float], optional): the epoch to jump to. Default: ``None``.
        """
        if epoch is None and self._fresh:
            self._fresh = False
            epoch = 0
        if epoch is None:
            new_epoch = F.add(self.last_epoch, 1.0)
            cur = F.add(self.T_cur, 1.0)
            wrap = F.ge(cur, self.T_i)
            F.assign(self.T_cur, F.select(wrap, F.sub(cur, self.T_i), cur))
            F.assign(self.T_i, F.select(wrap, F.mul(self.T_i, float(self.T_mult)), self.T_i))
        else:
            value = float(epoch.asnumpy()) if isinstance(epoch, Tensor) else float(epoch)
            if value < 0:
                raise ValueError("epoch should be a non-negative integer, but got {}"
                                 .format(epoch))
            t0, mult = float(self._t0), self.T_mult
            if value >= t0:
                if mult == 1:
                    F.assign(self.T_cur, _t(value % t0))
                else:
                    n = int(math.log(value / t0 * (mult - 1) + 1, mult))
                    F.assign(self.T_cur, _t(value - t0 * (mult ** n - 1) / (mult - 1)))
                    F.assign(self.T_i, _t(t0 * mult ** n))
            else:
                F.assign(self.T_i, _t(t0))
                F.assign(self.T_cur, _t(value))
            new_epoch = _t(value)
        F.assign(self.last_epoch, F.floor(new_epoch))
        for lr, value in zip(self._last_lr, self.get_lr()):
            F.assign(lr, value)
        return True


@jit_class
class CyclicLR(LRScheduler):
    r"""Cyclical learning rate (Smith, 2017): each group's rate cycles between ``base_lr`` and
    ``max_lr``, rising over ``step_size_up`` steps and falling over ``step_size_down``; the
    amplitude is scaled by ``mode`` ('triangular': 1, 'triangular2': halved every cycle,
    'exp_range': ``gamma ** iteration``) or by ``scale_fn`` (of the cycle number or the
    iteration, ``scale_mode``). On construction with ``last_epoch=-1`` the groups' rates are set
    to ``base_lr``.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        base_lr (Union[float, list]): the lower bound, or one per group.
        max_lr (Union[float, list]): the upper bound, or one per group.
        step_size_up (int): the steps of the rising half. Default: ``2000``.
        step_size_down (int): the steps of the falling half; ``None``: ``step_size_up``.
            Default: ``None``.
        mode (str): 'triangular', 'triangular2' or 'exp_range' (unused with ``scale_fn``).
            Default: ``'triangular'``.
        gamma (float): the factor of 'exp_range'. Default: ``1.0``.
        scale_fn (function): a custom amplitude scale, of a float32 0-d Tensor.
            Default: ``None``.
        scale_mode (str): 'cycle' or 'iterations': the argument of ``scale_fn``.
            Default: ``'cycle'``.
        last_epoch (int): see :class:`LRScheduler`. Default: ``-1``.

    Raises:
        ValueError: ``mode`` unknown without ``scale_fn``, or a list of ``base_lr``/``max_lr``
            whose length is not the number of groups.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.CyclicLR(opt, base_lr=0.0, max_lr=0.1, step_size_up=2)
        >>> rates = []
        >>> for _ in range(4):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.1, 0.05, 0.0]
    """

    def __init__(self, optimizer, base_lr, max_lr, step_size_up=2000, step_size_down=None,
                 mode="triangular", gamma=1.0, scale_fn=None, scale_mode="cycle",
                 last_epoch=-1):
        _check_optimizer(optimizer)
        base_lrs = self._per_group(optimizer, base_lr, "base_lr")
        if last_epoch == -1:
            for lr, group in zip(base_lrs, optimizer.param_groups):
                F.assign(group["lr"], _t(lr))
        self.max_lrs = [_t(lr) for lr in self._per_group(optimizer, max_lr, "max_lr")]
        step_size_up = float(step_size_up)
        step_size_down = step_size_up if step_size_down is None else float(step_size_down)
        self.total_step_size = step_size_up + step_size_down
        self.step_up_ratio = step_size_up / self.total_step_size
        if mode not in ("triangular", "triangular2", "exp_range") and scale_fn is None:
            raise ValueError("For 'CyclicLR', 'mode' must be 'triangular', 'triangular2' or "
                             "'exp_range' when scale_fn is None, but got %r" % (mode,))
        if scale_fn is not None and scale_mode not in ("cycle", "iterations"):
            raise ValueError("For 'CyclicLR', 'scale_mode' must be 'cycle' or 'iterations', "
                             "but got %r" % (scale_mode,))
        self.mode = mode
        self.gamma = gamma
        self._scale_fn_custom = scale_fn
        self.scale_mode = scale_mode
        if scale_fn is None:
            self.scale_mode = "iterations" if mode == "exp_range" else "cycle"
        super().__init__(optimizer, last_epoch)
        self.base_lrs = [_t(lr) for lr in base_lrs]

    @staticmethod
    def _per_group(optimizer, value, name):
        count = len(optimizer.param_groups)
        if isinstance(value, (list, tuple)):
            if len(value) != count:
                raise ValueError("For 'CyclicLR', expected {} values for {}, got {}"
                                 .format(count, name, len(value)))
            return list(value)
        return [value] * count

    def scale_fn(self, x):
        """The amplitude scale at ``x`` (the cycle number or the iteration)."""
        if self._scale_fn_custom is not None:
            return self._scale_fn_custom(x)
        if self.mode == "triangular":
            return 1.0
        if self.mode == "triangular2":
            return F.div(1.0, F.pow(2.0, F.sub(x, 1.0)))
        return F.pow(float(self.gamma), x)

    def get_lr(self):
        e = self.last_epoch
        cycle = F.floor(F.add(F.div(e, self.total_step_size), 1.0))
        x = F.sub(F.add(F.div(e, self.total_step_size), 1.0), cycle)
        ratio = self.step_up_ratio
        scale = _pick(F.le(x, ratio), F.div(x, ratio), F.div(F.sub(x, 1.0), ratio - 1.0))
        amplitude = _t(self.scale_fn(cycle if self.scale_mode == "cycle" else e))
        return [F.add(base, F.mul(F.mul(F.sub(top, base), scale), amplitude))
                for base, top in zip(self.base_lrs, self.max_lrs)]


@jit_class
class SequentialLR:
    r"""Run ``schedulers`` one after another, switching at each of ``milestones``; a scheduler
    starts with ``step(0)`` at its milestone.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        schedulers (list[LRScheduler]): the schedulers, all of ``optimizer``.
        milestones (list[int]): the switching epochs, one fewer than ``schedulers``.
        last_epoch (int): the index of the last epoch. Default: ``-1``.

    Raises:
        ValueError: a scheduler of another optimizer, or the wrong number of milestones.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> from mindcell.experimental.optim import lr_scheduler as lrs
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> warm = lrs.LinearLR(opt, start_factor=0.5, total_iters=2)
        >>> decay = lrs.ExponentialLR(opt, gamma=0.5)
        >>> sched = lrs.SequentialLR(opt, [warm, decay], milestones=[2])
        >>> rates = [round(float(sched.get_last_lr()[0]), 4)]
        >>> for _ in range(4):
        ...     _ = sched.step()
        ...     rates.append(round(float(sched.get_last_lr()[0]), 4))
        >>> rates
        [0.05, 0.075, 0.1, 0.05, 0.025]
    """

    def __init__(self, optimizer, schedulers, milestones, last_epoch=-1):
        for i, scheduler in enumerate(schedulers):
            if getattr(scheduler, "optimizer", None) is not optimizer:
                raise ValueError("Sequential Schedulers expects all schedulers to belong to the "
                                 "same optimizer, but got scheduler at index %d is different "
                                 "from the optimizer passed in." % i)
        if len(milestones) != len(schedulers) - 1:
            raise ValueError("Sequential Schedulers expects number of schedulers provided to be "
                             "one more than the number of milestone points, but got number of "
                             "schedulers {} and the number of milestones {}"
                             .format(len(schedulers), len(milestones)))
        self._schedulers = schedulers
        self.milestones = milestones
        self.milestones_len = len(milestones)
        self.last_epoch = _scalar_param(last_epoch + 1, "last_epoch_SequentialLR")
        self.optimizer = optimizer
        for group in optimizer.param_groups:
            F.assign(group["lr"], _t(group["initial_lr"]))
        for scheduler in schedulers:
            F.assign_sub(scheduler.last_epoch, _t(1.0))
        schedulers[0].step()
        self._last_lr = schedulers[0]._last_lr

    def step(self):
        """step(): advance one epoch, in the scheduler whose milestone has come (it restarts
        with ``step(0)`` on its milestone). The scheduler is picked in Python from the epoch:
        inside an ``ms.jit`` function or a GRAPH_MODE construct, JIT Fallback reads the epoch
        and the compiled step is traced once per epoch (a RuntimeWarning says so after eight
        traces); calling ``step()`` outside the compiled step avoids that."""
        # the epoch read as a value of the Parameter before the in-place add: inside ms.jit,
        # JIT Fallback computes it and guards the compiled step on last_epoch, so each epoch
        # gets its own scheduler choice (a read of the Parameter's storage would be baked in)
        epoch = int(F.add(self.last_epoch, 1.0))
        F.assign_add(self.last_epoch, _t(1.0))
        index = bisect_right(self.milestones, epoch)
        scheduler = self._schedulers[index]
        if index > 0 and self.milestones[index - 1] == epoch:
            scheduler.step(0)
        else:
            scheduler.step()

    def get_last_lr(self):
        """get_last_lr(): the current rate of each group (0-d float32 Tensors)."""
        return [lr.value() for lr in self._last_lr]


@jit_class
class ReduceLROnPlateau:
    r"""Multiply each group's rate by ``factor`` when the metric passed to ``step`` has not
    improved for more than ``patience`` steps (then wait ``cooldown`` steps before counting
    again); a rate never goes below its ``min_lr`` and changes only by more than ``eps``. The
    state is the Parameters ``last_epoch_ReduceLROnPlateau`` (int32), ``best``, ``wait`` and
    ``cooldown_counter`` (float32), so ``step`` may run inside ``ms.jit``.

    Args:
        optimizer (:class:`mindcell.experimental.optim.Optimizer`): the optimizer.
        mode (str): 'min' (lower is better) or 'max'. Default: ``'min'``.
        factor (float): the factor, < 1. Default: ``0.1``.
        patience (int): the steps without improvement tolerated. Default: ``10``.
        threshold (float): the least change that counts as an improvement. Default: ``1e-4``.
        threshold_mode (str): 'rel' (relative to the best) or 'abs'. Default: ``'rel'``.
        cooldown (int): the steps after a reduction before counting again. Default: ``0``.
        min_lr (Union[float, list]): the least rate, or one per group. Default: ``0``.
        eps (float): the least change of a rate that is applied. Default: ``1e-8``.

    Raises:
        ValueError: ``factor`` >= 1, an unknown ``mode``/``threshold_mode``, or a list of
            ``min_lr`` whose length is not the number of groups.
        TypeError: ``optimizer`` is not an experimental Optimizer.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.experimental import optim
        >>> opt = optim.SGD([ms.Parameter(ms.Tensor(np.ones(2, np.float32)), "w")], lr=0.1)
        >>> sched = optim.lr_scheduler.ReduceLROnPlateau(opt, patience=1, factor=0.5)
        >>> for loss in [1.0, 1.0, 1.0]:
        ...     _ = sched.step(ms.Tensor(loss, ms.float32))
        >>> round(float(sched.get_last_lr()[0]), 4)
        0.05
    """

    def __init__(self, optimizer, mode="min", factor=0.1, patience=10, threshold=1e-4,
                 threshold_mode="rel", cooldown=0, min_lr=0, eps=1e-8):
        if factor >= 1.0:
            raise ValueError("For 'ReduceLROnPlateau', the lr 'factor' should be less than 1.0, "
                             "but got %s" % factor)
        self.factor = factor
        if not isinstance(optimizer, Optimizer):
            raise TypeError("Expected an `Optimizer`, but got type {}"
                            .format(type(optimizer).__name__))
        self.optimizer = optimizer
        count = len(optimizer.param_groups)
        if isinstance(min_lr, (list, tuple)):
            if len(min_lr) != count:
                raise ValueError("Expected {} min_lrs, got {}".format(count, len(min_lr)))
            self.min_lrs = [_t(lr) for lr in min_lr]
        else:
            self.min_lrs = [_t(min_lr)] * count
        if mode not in ("min", "max"):
            raise ValueError("`mode` should be 'min' or 'max', but got {}.".format(mode))
        if threshold_mode not in ("rel", "abs"):
            raise ValueError("`threshold mode` should be 'rel' or 'abs', but got {}."
                             .format(threshold_mode))
        self.mode = mode
        self.patience = patience
        self.threshold = threshold
        self.threshold_mode = threshold_mode
        self.cooldown = cooldown
        self.eps = eps
        self.mode_worse = math.inf if mode == "min" else -math.inf
        self.last_epoch = _scalar_param(0, "last_epoch_ReduceLROnPlateau", np.int32)
        self.best = _scalar_param(self.mode_worse, "best")
        self.cooldown_counter = _scalar_param(0.0, "cooldown_counter")
        self.wait = _scalar_param(0.0, "wait")
        self._last_lr = [group["lr"] for group in optimizer.param_groups]

    def step(self, metrics):
        """step(metrics): count one epoch with the metric ``metrics`` (a number or a 0-d
        Tensor) and reduce the rates when it has not improved for more than ``patience``
        epochs.

        Returns:
            True.
        """
        F.assign_add(self.last_epoch, Tensor._make(np.ones((), np.int32)))
        current = _t(metrics)
        better = self._is_improvement(current, self.best)
        F.assign(self.best, F.select(better, current, self.best))
        wait = F.select(better, _t(0.0), F.add(self.wait, 1.0))
        cooling = F.gt(self.cooldown_counter, 0.0)
        F.assign(self.cooldown_counter, F.select(cooling, F.sub(self.cooldown_counter, 1.0),
                                                 self.cooldown_counter))
        wait = F.select(cooling, _t(0.0), wait)
        reduce = F.gt(wait, float(self.patience))
        for lr, floor in zip(self._last_lr, self.min_lrs):
            new = F.maximum(F.mul(lr, float(self.factor)), floor)
            apply = F.logical_and(reduce, F.gt(lr, F.add(new, float(self.eps))))
            F.assign(lr, F.select(apply, new, F.cast(lr, _F32)))
        F.assign(self.cooldown_counter, F.select(reduce, _t(float(self.cooldown)),
                                                 self.cooldown_counter))
        F.assign(self.wait, F.select(reduce, _t(0.0), wait))
        return True

    def in_cooldown(self):
        """Whether the scheduler is cooling down after a reduction (a bool Tensor)."""
        return F.gt(self.cooldown_counter, 0.0)

    def _is_improvement(self, current, best):
        if self.mode == "min" and self.threshold_mode == "rel":
            return F.lt(current, F.mul(best, 1.0 - self.threshold))
        if self.mode == "min":
            return F.lt(current, F.sub(best, self.threshold))
        if self.threshold_mode == "rel":
            return F.gt(current, F.mul(best, self.threshold + 1.0))
        return F.gt(current, F.add(best, self.threshold))

    def get_last_lr(self):
        """get_last_lr(): the current rate of each group (0-d float32 Tensors)."""
        return [lr.value() for lr in self._last_lr]
