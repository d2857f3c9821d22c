"""Argument checks and step helpers the experimental optimizers share (MindSpore 2.10's rules and
exception types: a bound violated is a ValueError naming the optimizer and the argument)."""
import numpy as np

from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F


def number(name, key, value):
    """``value`` as a float; TypeError for anything that is not a real number (a one-element
    Tensor counts, as MindSpore compares those too)."""
    if isinstance(value, Tensor) and value.size == 1:
        return float(value.asnumpy().reshape(()))
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError("For '%s', the '%s' must be a number, but got %s"
                        % (name, key, type(value).__name__))
    return float(value)


def greater(name, key, value, bound=0.0):
    """MindSpore's check_not_less_than_without_equal: ``value > bound`` or ValueError."""
    if number(name, key, value) <= bound:
        raise ValueError("For %s, the %s must be greater than %s, but got %s."
                         % (name, key, bound, value))
    return value


def not_less(name, key, value, bound=0.0):
    """MindSpore's check_not_less_than: ``value >= bound`` or ValueError."""
    if number(name, key, value) < bound:
        raise ValueError("For %s, the %s must be greater than or equal to %s, but got %s."
                         % (name, key, bound, value))
    return value


def float_range(name, key, value, low, high, closed):
    """MindSpore's check_float_range: ``value`` a float (TypeError otherwise) in the interval
    from ``low`` to ``high``, ``closed`` naming the closed ends ('both', 'left', 'neither')."""
    if isinstance(value, bool) or not isinstance(value, float):
        raise TypeError("For '%s', the type of '%s' must be float, but got %s."
                        % (name, key, type(value).__name__))
    ok_low = value >= low if closed in ("both", "left") else value > low
    ok_high = value <= high if closed == "both" else value < high
    if not (ok_low and ok_high):
        left = "[" if closed in ("both", "left") else "("
        right = "]" if closed == "both" else ")"
        raise ValueError("For '%s', the '%s' must be in range of %s%s, %s%s, but got %s."
                         % (name, key, left, low, high, right, value))
    return value


def pair(name, key, value):
    """A two-element tuple/list argument (``betas``, ``etas``, ``step_sizes``)."""
    try:
        value = tuple(value)
    except TypeError:
        raise TypeError("For '%s', '%s' must be a tuple of two numbers, but got %s"
                        % (name, key, type(value).__name__)) from None
    if len(value) != 2:
        raise ValueError("For '%s', '%s' must have 2 values, but got %d"
                         % (name, key, len(value)))
    return value


def step_grads(gradients, first, end, params, weight_decay, maximize=False):
    """The gradients of parameters ``first:end``, negated with ``maximize`` and with L2 weight
    decay (``g + weight_decay * p``) added when ``weight_decay`` is not 0, in that order (as
    MindSpore 2.10's experimental optimizers)."""
    out = []
    for i in range(first, end):
        p, g = params[i], F.cast(gradients[i], params[i].dtype)
        if maximize:
            g = F.neg(g)
        if float(weight_decay) != 0.0:
            g = F.add(F.mul(p, float(weight_decay)), g)
        out.append(g)
    return out


ONE = Tensor._make(np.ones((), np.int32))  # what a step adds to ``step_t``


def scalar_state(name, value, dtype):
    """A 0-d state Parameter (``step_t``, ``mu_<param>``...)."""
    return Parameter(Tensor(np.asarray(value, dtype)), name=name, requires_grad=False)


def plain_list(cell, name, params):
    """Set ``cell.<name>`` to a list of Parameters that the Cell does not register (MindSpore
    2.10 keeps ASGD's ``mu``/``eta`` and NAdam's ``mu_product`` so: they are not in
    ``parameters_and_names()`` nor in checkpoints). Compiled steps still bind them by
    reference."""
    cell.__dict__[name] = list(params)
