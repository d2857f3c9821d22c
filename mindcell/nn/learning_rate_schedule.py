"""Learning-rate schedules: list-returning functions (one value per step) and schedule Cells
called with the optimizer's global step (MindSpore's names and signatures)."""
import math

import numpy as np

from mindcell.nn.cell import Cell
from mindcell.ops import functional as F


def _check_positive(name, value, owner):
    if not isinstance(value, (int, float)) or isinstance(value, bool) or value <= 0:
        raise ValueError("%s: '%s' must be positive, but got %r" % (owner, name, value))


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """lr * decay_rate ** (epoch / decay_epoch) for each of ``total_step`` steps."""
    for n, v in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                 ("decay_epoch", decay_epoch)):
        _check_positive(n, v, "exponential_decay_lr")
    out = []
    for i in range(total_step):
        p = (i // step_per_epoch) / decay_epoch
        out.append(learning_rate * decay_rate ** (math.floor(p) if is_stair else p))
    return out


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """min_lr + (max_lr - min_lr) * (1 + cos(pi * epoch / decay_epoch)) / 2 per step."""
    for n, v in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                 ("decay_epoch", decay_epoch)):
        _check_positive(n, v, "cosine_decay_lr")
    if min_lr > max_lr:
        raise ValueError("cosine_decay_lr: 'min_lr' must not exceed 'max_lr'")
    return [min_lr + (max_lr - min_lr) * 0.5 * (1 + math.cos(
        math.pi * min(i // step_per_epoch, decay_epoch) / decay_epoch))
        for i in range(total_step)]


def piecewise_constant_lr(milestone, learning_rates):
    """learning_rates[k] for the steps before milestone[k] (milestones increasing)."""
    if len(milestone) != len(learning_rates) or any(
            b <= a for a, b in zip(milestone[:-1], milestone[1:])):
        raise ValueError("piecewise_constant_lr: milestones must increase and match the rates")
    out, start = [], 0
    for stop, lr in zip(milestone, learning_rates):
        out.extend([lr] * (stop - start))
        start = stop
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """lr * min(epoch, warmup_epoch) / warmup_epoch per step."""
    for n, v in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                 ("warmup_epoch", warmup_epoch)):
        _check_positive(n, v, "warmup_lr")
    return [learning_rate * min(i // step_per_epoch, warmup_epoch) / warmup_epoch
            for i in range(total_step)]


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
