"""Learning-rate schedule Cells called with the optimizer's global step (MindSpore's names and
signatures); the per-step list functions are in ``nn.dynamic_lr``."""
import math

import numpy as np

from mindcell.nn.cell import Cell
from mindcell.ops import functional as F


def _check_positive(name, value, owner):
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise ValueError("%s: '%s' must be positive, but got %r" % (owner, name, value))


class LearningRateSchedule(Cell):
    """Base of schedule Cells: ``construct(global_step)`` returns the rate (0-d float32)."""

    def _step(self, global_step):
        return F.reshape(F.cast(global_step, np.float32), ())


class ExponentialDecayLR(LearningRateSchedule):
    """ExponentialDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False)."""

    def __init__(self, learning_rate, decay_rate, decay_steps, is_stair=False):
        super().__init__()
        _check_positive("decay_steps", decay_steps, "ExponentialDecayLR")
        self.learning_rate, self.decay_rate = learning_rate, decay_rate
        self.decay_steps, self.is_stair = decay_steps, is_stair

    def construct(self, global_step):
        p = F.div(self._step(global_step), float(self.decay_steps))
        if self.is_stair:
            p = F.floor(p)
        return F.mul(F.pow(F.fill(np.float32, (), self.decay_rate), p), self.learning_rate)


class CosineDecayLR(LearningRateSchedule):
    """CosineDecayLR(min_lr, max_lr, decay_steps)."""

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
    """WarmUpLR(learning_rate, warmup_steps): lr * min(step, warmup_steps) / warmup_steps."""

    def __init__(self, learning_rate, warmup_steps):
        super().__init__()
        _check_positive("warmup_steps", warmup_steps, "WarmUpLR")
        self.learning_rate, self.warmup_steps = learning_rate, warmup_steps

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

    def _p(self, global_step):
        p = F.div(self._step(global_step), float(self.decay_steps))
        return F.floor(p) if self.is_stair else p


class NaturalExpDecayLR(_DecayLR):
    """NaturalExpDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False):
    lr * exp(-decay_rate * step / decay_steps)."""

    def construct(self, global_step):
        return F.mul(F.exp(F.mul(self._p(global_step), -self.decay_rate)), self.learning_rate)


class InverseDecayLR(_DecayLR):
    """InverseDecayLR(learning_rate, decay_rate, decay_steps, is_stair=False):
    lr / (1 + decay_rate * step / decay_steps)."""

    def construct(self, global_step):
        return F.div(self.learning_rate,
                     F.add(F.mul(self._p(global_step), self.decay_rate), 1.0))


class PolynomialDecayLR(LearningRateSchedule):
    """PolynomialDecayLR(learning_rate, end_learning_rate, decay_steps, power,
    update_decay_steps=False): (lr - end_lr) * (1 - step / decay_steps) ** power + end_lr, the
    step stopping at ``decay_steps`` (or, with ``update_decay_steps``, the period growing to
    the next multiple of ``decay_steps``)."""

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

    def construct(self, global_step):
        step = self._step(global_step)
        period = float(self.decay_steps)
        if self.update_decay_steps:
            period = F.mul(F.maximum(F.ceil(F.div(step, period)), 1.0), period)
        else:
            step = F.minimum(step, period)
        p = F.pow(F.sub(1.0, F.div(step, period)), float(self.power))
        return F.add(F.mul(p, self.learning_rate - self.end_learning_rate),
                     self.end_learning_rate)
