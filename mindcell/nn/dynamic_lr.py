"""``mindcell.nn.dynamic_lr`` (MindSpore's module path): learning-rate lists with one value per
training step, passed to an optimizer as ``learning_rate``."""
import math

__all__ = ["piecewise_constant_lr", "exponential_decay_lr", "natural_exp_decay_lr",
           "inverse_decay_lr", "cosine_decay_lr", "polynomial_decay_lr", "warmup_lr"]


def _positive_int(value, name, owner):
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError("%s: '%s' must be an int > 0, but got %r of type %s"
                        % (owner, name, value, type(value).__name__))
    if value <= 0:
        raise ValueError("%s: '%s' must be an int > 0, but got %r" % (owner, name, value))
    return value


def _float(value, name, owner, minimum=None, strict=True):
    """``value`` is a Python float (MindSpore rejects ints here) above ``minimum``."""
    if not isinstance(value, float):
        raise TypeError("%s: '%s' must be a float, but got %r of type %s"
                        % (owner, name, value, type(value).__name__))
    if minimum is not None and (value <= minimum if strict else value < minimum):
        raise ValueError("%s: '%s' must be a float %s %s, but got %r"
                         % (owner, name, ">" if strict else ">=", minimum, value))
    return value


def _bool(value, name, owner):
    if not isinstance(value, bool):
        raise TypeError("%s: '%s' must be a bool, but got %s" % (owner, name,
                                                                 type(value).__name__))
    return value


def _check_decay_args(owner, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                      is_stair):
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("decay_epoch", decay_epoch)):
        _positive_int(value, name, owner)
    _float(learning_rate, "learning_rate", owner, 0.0)
    _float(decay_rate, "decay_rate", owner, 0.0)
    _bool(is_stair, "is_stair", owner)


def _decay(owner, factor, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
           is_stair):
    """``learning_rate * factor(decay_rate, epoch, decay_epoch)`` per step, ``epoch`` floored to
    a multiple of ``decay_epoch`` with ``is_stair``."""
    _check_decay_args(owner, learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                      is_stair)
    out = []
    for i in range(total_step):
        epoch = i // step_per_epoch
        if is_stair:
            epoch -= epoch % decay_epoch
        out.append(learning_rate * factor(decay_rate, epoch, decay_epoch))
    return out


def piecewise_constant_lr(milestone, learning_rates):
    """Piecewise constant learning rates: ``learning_rates[i]`` for the steps from
    ``milestone[i-1]`` up to ``milestone[i]``.

    Args:
        milestone (Union[list[int], tuple[int]]): positive, non-decreasing step counts; the
            last one is the total number of steps.
        learning_rates (Union[list[float], tuple[float]]): one float per milestone.

    Returns:
        list[float], of length ``milestone[-1]``.

    Raises:
        TypeError: ``milestone`` or ``learning_rates`` is not a list or tuple, a milestone is not
            an int or a rate not a float.
        ValueError: a milestone is not positive or smaller than the one before, or the two
            sequences have different lengths.

    Examples:
        >>> from mindcell import nn
        >>> nn.dynamic_lr.piecewise_constant_lr([2, 5], [0.1, 0.05])
        [0.1, 0.1, 0.05, 0.05, 0.05]
    """
    owner = "piecewise_constant_lr"
    for name, seq in (("milestone", milestone), ("learning_rates", learning_rates)):
        if not isinstance(seq, (list, tuple)):
            raise TypeError("%s: '%s' must be a list or tuple, but got %s"
                            % (owner, name, type(seq).__name__))
    if len(milestone) != len(learning_rates):
        raise ValueError("%s: 'milestone' and 'learning_rates' must have the same length, but "
                         "got %d and %d" % (owner, len(milestone), len(learning_rates)))
    for i, (stop, lr) in enumerate(zip(milestone, learning_rates)):
        _positive_int(stop, "milestone[%d]" % i, owner)
        if not isinstance(lr, float):
            raise TypeError("%s: 'learning_rates[%d]' must be a float, but got %s"
                            % (owner, i, type(lr).__name__))
        if i and stop < milestone[i - 1]:
            raise ValueError("%s: milestone[%d] must not be smaller than milestone[%d], but got "
                             "%d < %d" % (owner, i, i - 1, stop, milestone[i - 1]))
    out, start = [], 0
    for stop, lr in zip(milestone, learning_rates):
        out.extend([lr] * (stop - start))
        start = stop
    return out


def exponential_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``learning_rate * decay_rate ** (epoch / decay_epoch)`` for each step, where
    ``epoch = step // step_per_epoch``.

    Args:
        learning_rate (float): the initial rate, > 0.
        decay_rate (float): the decay factor, > 0.
        total_step (int): number of steps (length of the list), > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        decay_epoch (int): epochs per decay period, > 0.
        is_stair (bool): floor ``epoch / decay_epoch`` (decay in whole periods).

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: a count is not an int, a rate not a float, or ``is_stair`` not a bool.
        ValueError: a count or rate is not positive.

    Examples:
        >>> from mindcell import nn
        >>> [round(v, 4) for v in nn.dynamic_lr.exponential_decay_lr(0.1, 0.9, 4, 2, 1)]
        [0.1, 0.1, 0.09, 0.09]
    """
    return _decay("exponential_decay_lr", lambda r, e, d: r ** (e / d), learning_rate, decay_rate,
                  total_step, step_per_epoch, decay_epoch, is_stair)


def natural_exp_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                         is_stair=False):
    """``learning_rate * exp(-decay_rate * epoch)`` for each step; with ``is_stair`` the epoch is
    rounded down to a multiple of ``decay_epoch`` (``decay_epoch`` does not scale the exponent).

    Args:
        learning_rate (float): the initial rate, > 0.
        decay_rate (float): the decay factor, > 0.
        total_step (int): number of steps, > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        decay_epoch (int): epochs per decay period, > 0.
        is_stair (bool): round the epoch down to a multiple of ``decay_epoch``.

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: a count is not an int, a rate not a float, or ``is_stair`` not a bool.
        ValueError: a count or rate is not positive.

    Examples:
        >>> from mindcell import nn
        >>> [round(v, 4) for v in nn.dynamic_lr.natural_exp_decay_lr(0.1, 0.9, 4, 2, 2)]
        [0.1, 0.1, 0.0407, 0.0407]
    """
    return _decay("natural_exp_decay_lr", lambda r, e, d: math.exp(-r * e), learning_rate,
                  decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)


def inverse_decay_lr(learning_rate, decay_rate, total_step, step_per_epoch, decay_epoch,
                     is_stair=False):
    """``learning_rate / (1 + decay_rate * epoch / decay_epoch)`` for each step.

    Args:
        learning_rate (float): the initial rate, > 0.
        decay_rate (float): the decay factor, > 0.
        total_step (int): number of steps, > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        decay_epoch (int): epochs per decay period, > 0.
        is_stair (bool): floor ``epoch / decay_epoch``.

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: a count is not an int, a rate not a float, or ``is_stair`` not a bool.
        ValueError: a count or rate is not positive.

    Examples:
        >>> from mindcell import nn
        >>> [round(v, 4) for v in nn.dynamic_lr.inverse_decay_lr(0.1, 0.5, 3, 1, 1)]
        [0.1, 0.0667, 0.05]
    """
    return _decay("inverse_decay_lr", lambda r, e, d: 1.0 / (1.0 + r * e / d), learning_rate,
                  decay_rate, total_step, step_per_epoch, decay_epoch, is_stair)


def cosine_decay_lr(min_lr, max_lr, total_step, step_per_epoch, decay_epoch):
    """``min_lr + (max_lr - min_lr) * (1 + cos(pi * e / decay_epoch)) / 2`` for each step, with
    ``e = min(epoch, decay_epoch)``.

    Args:
        min_lr (float): the final rate, >= 0.
        max_lr (float): the initial rate, > ``min_lr``.
        total_step (int): number of steps, > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        decay_epoch (int): epochs of the decay, > 0.

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: a count is not an int or a rate not a float.
        ValueError: a count is not positive, ``min_lr`` is negative or ``max_lr <= min_lr``.

    Examples:
        >>> from mindcell import nn
        >>> [round(v, 4) for v in nn.dynamic_lr.cosine_decay_lr(0.01, 0.1, 6, 2, 2)]
        [0.1, 0.1, 0.055, 0.055, 0.01, 0.01]
    """
    owner = "cosine_decay_lr"
    _float(min_lr, "min_lr", owner, 0.0, strict=False)
    _float(max_lr, "max_lr", owner, 0.0)
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("decay_epoch", decay_epoch)):
        _positive_int(value, name, owner)
    if max_lr <= min_lr:
        raise ValueError("%s: 'max_lr' must be greater than 'min_lr', but got max_lr=%r, "
                         "min_lr=%r" % (owner, max_lr, min_lr))
    delta = 0.5 * (max_lr - min_lr)
    return [min_lr + delta * (1.0 + math.cos(
        math.pi * min(i // step_per_epoch, decay_epoch) / decay_epoch))
        for i in range(total_step)]


def polynomial_decay_lr(learning_rate, end_learning_rate, total_step, step_per_epoch,
                        decay_epoch, power, update_decay_epoch=False):
    """``(learning_rate - end_learning_rate) * (1 - e / d) ** power + end_learning_rate`` for
    each step. Without ``update_decay_epoch``, ``e = min(epoch, decay_epoch)`` and
    ``d = decay_epoch``; with it, ``e = epoch`` and ``d`` is the smallest positive multiple of
    ``decay_epoch`` that is at least ``epoch`` (the decay restarts each period).

    Args:
        learning_rate (float): the initial rate, > 0.
        end_learning_rate (float): the final rate, >= 0.
        total_step (int): number of steps, > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        decay_epoch (int): epochs of the decay, > 0.
        power (float): the polynomial's power, > 0.
        update_decay_epoch (bool): restart the decay every ``decay_epoch`` epochs.

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: a count is not an int, a rate or ``power`` not a float, or
            ``update_decay_epoch`` not a bool.
        ValueError: a count, ``learning_rate`` or ``power`` is not positive, or
            ``end_learning_rate`` is negative.

    Examples:
        >>> from mindcell import nn
        >>> [round(v, 4) for v in nn.dynamic_lr.polynomial_decay_lr(0.1, 0.01, 6, 2, 2, 0.5)]
        [0.1, 0.1, 0.0736, 0.0736, 0.01, 0.01]
    """
    owner = "polynomial_decay_lr"
    _float(learning_rate, "learning_rate", owner, 0.0)
    _float(end_learning_rate, "end_learning_rate", owner, 0.0, strict=False)
    _float(power, "power", owner, 0.0)
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("decay_epoch", decay_epoch)):
        _positive_int(value, name, owner)
    _bool(update_decay_epoch, "update_decay_epoch", owner)
    out = []
    for i in range(total_step):
        epoch, period = i // step_per_epoch, decay_epoch
        if update_decay_epoch:
            period = decay_epoch * max(math.ceil(epoch / decay_epoch), 1)
        else:
            epoch = min(epoch, decay_epoch)
        out.append((learning_rate - end_learning_rate) * (1 - epoch / period) ** power
                   + end_learning_rate)
    return out


def warmup_lr(learning_rate, total_step, step_per_epoch, warmup_epoch):
    """``learning_rate * min(epoch, warmup_epoch) / warmup_epoch`` for each step.

    Args:
        learning_rate (float): the rate reached after warm-up, >= 0.
        total_step (int): number of steps, > 0.
        step_per_epoch (int): steps in one epoch, > 0.
        warmup_epoch (int): epochs of the warm-up, > 0.

    Returns:
        list[float], of length ``total_step``.

    Raises:
        TypeError: ``learning_rate`` is not a float or a count not an int.
        ValueError: ``learning_rate`` is negative or a count not positive.

    Examples:
        >>> from mindcell import nn
        >>> nn.dynamic_lr.warmup_lr(0.1, 6, 2, 2)
        [0.0, 0.0, 0.05, 0.05, 0.1, 0.1]
    """
    owner = "warmup_lr"
    _float(learning_rate, "learning_rate", owner, 0.0, strict=False)
    for name, value in (("total_step", total_step), ("step_per_epoch", step_per_epoch),
                        ("warmup_epoch", warmup_epoch)):
        _positive_int(value, name, owner)
    return [learning_rate * min(i // step_per_epoch, warmup_epoch) / warmup_epoch
            for i in range(total_step)]
