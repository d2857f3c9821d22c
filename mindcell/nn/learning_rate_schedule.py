"""Learning-rate schedule Cells called with the optimizer's global step (MindSpore's names and
signatures); the per-step list functions are in ``nn.dynamic_lr``."""
import math

import numpy as np

from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _check_positive(name, value, owner):
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise ValueError("%s: '%s' must be positive, but got %r" % (owner, name, value))


class LearningRateSchedule(Cell):
    """LearningRateSchedule(): the base class of the schedule cells; ``construct(global_step)``
    returns the rate as a 0-d float32 Tensor.

    A schedule passed as an optimizer's ``learning_rate`` is called with the optimizer's
    ``global_step`` at every step. A subclass implements ``construct``; ``self._step(step)``
    casts the step to a float32 scalar.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Examples:
        >>> import mindcell as ms
        >>> class HalvingLR(ms.nn.LearningRateSchedule):
        ...     def construct(self, global_step):
        ...         return 0.1 * 0.5 ** self._step(global_step)
        >>> print(HalvingLR()(ms.Tensor(3, ms.int32)))
        0.0125
    """

    def _step(self, global_step):
        return F.reshape(F.cast(global_step, np.float32), ())


class ExponentialDecayLR(LearningRateSchedule):
    """ExponentialDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False): the rate
    ``learning_rate * decay_rate ** p``, ``p = global_step / decay_steps``.

    Args:
        learning_rate (float): the initial rate.
        decay_rate (float): the decay rate.
        decay_steps (int): the decay period, positive.
        is_stair (bool): floor ``p = global_step / decay_steps`` to whole periods. Default:
            ``False``.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``decay_steps`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=True)
        >>> print(lr(ms.Tensor(5, ms.int32)), lr(ms.Tensor(8, ms.int32)))
        0.089999996 0.08099999
    """

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_positive("decay_steps", decay_steps, "ExponentialDecayLR")
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair
        self.pow, self.cast = P.Pow(), P.Cast()  # MindSpore's primitives

    def construct(self, global_step):
        p = F.div(self._step(global_step), float(self.decay_steps))
        if self.is_stair:
            p = F.floor(p)
        return F.mul(F.pow(F.fill(np.float32, (), self.decay_rate), p), self.learning_rate)


class CosineDecayLR(LearningRateSchedule):
    """CosineDecayLR(min_lr, max_lr, decay_steps): the rate
    ``min_lr + 0.5 * (max_lr - min_lr) * (1 + cos(pi * p))``,
    ``p = min(global_step, decay_steps) / decay_steps``.

    Args:
        min_lr (float): the final rate.
        max_lr (float): the rate at step 0.
        decay_steps (int): the steps from ``max_lr`` to ``min_lr``, positive.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``decay_steps`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.CosineDecayLR(0.0, 0.1, 4)
        >>> print(lr(ms.Tensor(1, ms.int32)), lr(ms.Tensor(2, ms.int32)),
        ...       lr(ms.Tensor(6, ms.int32)))
        0.08535534 0.049999997 0.0
    """

    def __init__(self, min_lr, max_lr, decay_steps):
        super().__init__()
        _check_positive("decay_steps", decay_steps, "CosineDecayLR")
        self.min_lr, self.max_lr, self.decay_steps = min_lr, max_lr, decay_steps

    def construct(self, global_step):
        p = F.div(F.minimum(self._step(global_step), float(self.decay_steps)),
                  float(self.decay_steps))
        cos = F.mul(F.add(F.cos(F.mul(p, math.pi)), 1.0), 0.5)
        return F.add(F.mul(cos, self.max_lr - self.min_lr), self.min_lr)


class WarmUpLR(LearningRateSchedule):
    """WarmUpLR(learning_rate, warmup_steps): the linear warm-up
    ``learning_rate * min(global_step, warmup_steps) / warmup_steps``.

    Args:
        learning_rate (float): the rate reached after the warm-up.
        warmup_steps (int): the warm-up's length, positive.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``warmup_steps`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.WarmUpLR(0.1, 4)
        >>> print(lr(ms.Tensor(1, ms.int32)), lr(ms.Tensor(10, ms.int32)))
        0.025 0.1
    """

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        _check_positive("warmup_steps", warmup_steps, "WarmUpLR")
        self.learning_rate, self.warmup_steps = learning_rate, warmup_steps
        self.min, self.cast = P.Minimum(), P.Cast()  # MindSpore's primitives

    def construct(self, global_step):
        p = F.div(F.minimum(self._step(global_step), float(self.warmup_steps)),
                  float(self.warmup_steps))
        return F.mul(p, self.learning_rate)


class _DecayLR(LearningRateSchedule):
    """lr * decay(decay_rate * p), p = step / decay_steps (floored when ``is_stair``)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_positive("decay_steps", decay_steps, type(self).__name__)
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair
        self.cast = P.Cast()  # MindSpore's primitive

    def _p(self, global_step):
        p = F.div(self._step(global_step), float(self.decay_steps))
        return F.floor(p) if self.is_stair else p


class NaturalExpDecayLR(_DecayLR):
    """NaturalExpDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False): the rate
    ``learning_rate * exp(-decay_rate * p)``, ``p = global_step / decay_steps``.

    Args:
        learning_rate (float): the initial rate.
        decay_rate (float): the decay rate.
        decay_steps (int): the decay period, positive.
        is_stair (bool): floor ``p = global_step / decay_steps`` to whole periods. Default:
            ``False``.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``decay_steps`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.NaturalExpDecayLR(0.1, 0.5, 2)
        >>> print(lr(ms.Tensor(2, ms.int32)), lr(ms.Tensor(3, ms.int32)))
        0.060653068 0.047236655
    """

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__(learning_rate, decay_rate, decay_steps, is_stair)
        self.math_e, self.pow = math.e, P.Pow()  # MindSpore's attributes

    def construct(self, global_step):
        return F.mul(F.exp(F.mul(self._p(global_step), -self.decay_rate)), self.learning_rate)


class InverseDecayLR(_DecayLR):
    """InverseDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False): the rate
    ``learning_rate / (1 + decay_rate * p)``, ``p = global_step / decay_steps``.

    Args:
        learning_rate (float): the initial rate.
        decay_rate (float): the decay rate.
        decay_steps (int): the decay period, positive.
        is_stair (bool): floor ``p = global_step / decay_steps`` to whole periods. Default:
            ``False``.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``decay_steps`` is not positive.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.InverseDecayLR(0.1, 0.5, 2, is_stair=True)
        >>> print(lr(ms.Tensor(3, ms.int32)), lr(ms.Tensor(4, ms.int32)))
        0.06666667 0.05
    """

    def construct(self, global_step):
        return F.div(self.learning_rate,
                     F.add(F.mul(self._p(global_step), self.decay_rate), 1.0))


class PolynomialDecayLR(LearningRateSchedule):
    """PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power,
    update_decay_steps=False): the rate
    ``(learning_rate - end_learning_rate) * (1 - step / decay_steps) ** power +
    end_learning_rate``.

    The step stops at ``decay_steps``; with ``update_decay_steps`` the period grows instead to
    the next multiple of ``decay_steps`` (``ceil(step / decay_steps) * decay_steps``).

    Args:
        learning_rate (float): the initial rate, non-negative.
        end_learning_rate (float): the final rate, non-negative.
        decay_steps (int): the decay period, positive.
        power (float): the polynomial's power, positive.
        update_decay_steps (bool): restart the decay with a longer period after
            ``decay_steps``. Default: ``False``.

    Inputs:
        global_step (Tensor): the step, a scalar int or float Tensor (an optimizer passes its
            ``global_step``).

    Outputs:
        Tensor, the 0-d float32 learning rate.

    Raises:
        ValueError: ``decay_steps`` or ``power`` is not positive, or a rate is negative or not a
            number.

    Examples:
        >>> import mindcell as ms
        >>> lr = ms.nn.PolynomialDecayLR(0.1, 0.01, 4, power=2.0)
        >>> print(lr(ms.Tensor(2, ms.int32)), lr(ms.Tensor(9, ms.int32)))
        0.0325 0.01
    """

    def __init__(self, learning_rate, end_learning_rate, decay_steps, power,
                 update_decay_steps=False):
        super().__init__()
        _check_positive("decay_steps", decay_steps, "PolynomialDecayLR")
        _check_positive("power", power, "PolynomialDecayLR")
        for n, v in (("learning_rate", learning_rate), ("end_learning_rate", end_learning_rate)):
            if not isinstance(v, (int, float)) or isinstance(v, bool) or v < 0:
                raise ValueError("PolynomialDecayLR: '%s' must be a non-negative number, but "
                                 "got %r" % (n, v))
        self.learning_rate, self.end_learning_rate = learning_rate, end_learning_rate
        self.decay_steps, self.power = decay_steps, power
        self.update_decay_steps = update_decay_steps
        # MindSpore's attributes: construct reads end_learning_rate and diff_learning_rate
        self.start_learning_rate = learning_rate
        self.diff_learning_rate = learning_rate - end_learning_rate
        self.pow, self.ceil = P.Pow(), P.Ceil()
        self.min, self.max = P.Minimum(), P.Maximum()

    def construct(self, global_step):
        step = self._step(global_step)
        period = float(self.decay_steps)
        if self.update_decay_steps:
            period = F.mul(F.maximum(F.ceil(F.div(step, period)), 1.0), period)
        else:
            step = F.minimum(step, period)
        p = F.pow(F.sub(1.0, F.div(step, period)), float(self.power))
        return F.add(F.mul(p, self.diff_learning_rate),
                     self.end_learning_rate)
