"""Loss-scale managers for ``Model`` and ``amp.build_train_network``: a fixed scale, or one
that falls on overflow and grows after a run of finite steps."""
from mindcell.nn.wrap.loss_scale import (DynamicLossScaleUpdateCell, FixedLossScaleUpdateCell,
                                         _check_scale)

__all__ = ["LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager"]


class LossScaleManager:
    """LossScaleManager(): the base class of the loss-scale managers given to ``Model`` and
    ``amp.build_train_network``.

    A subclass defines ``get_loss_scale()`` (the current scale), ``update_loss_scale(overflow)``
    (the Python-side update after a step) and ``get_update_cell()`` (the update cell of
    :class:`nn.TrainOneStepWithLossScaleCell`, or None).

    Raises:
        NotImplementedError: a subclass lacks one of the three methods.

    Examples:
        >>> import mindcell as ms
        >>> class HalvingManager(ms.train.LossScaleManager):
        ...     def __init__(self):
        ...         self.scale = 64.0
        ...     def get_loss_scale(self):
        ...         return self.scale
        ...     def update_loss_scale(self, overflow):
        ...         self.scale = self.scale / 2 if overflow else self.scale
        ...     def get_update_cell(self):
        ...         return None
        >>> manager = HalvingManager()
        >>> manager.update_loss_scale(True)
        >>> manager.get_loss_scale()
        32.0
    """

    def get_loss_scale(self):
        raise NotImplementedError

    def update_loss_scale(self, overflow):
        raise NotImplementedError

    def get_update_cell(self):
        raise NotImplementedError


class FixedLossScaleManager(LossScaleManager):
    """FixedLossScaleManager(loss_scale=128.0, drop_overflow_update=True): a constant loss scale.

    With ``drop_overflow_update`` the steps whose gradients overflow are skipped (its update
    cell is a :class:`nn.FixedLossScaleUpdateCell`); without it there is no update cell and the
    optimizer must divide by the same scale (its ``loss_scale`` argument).

    Args:
        loss_scale (float): the scale, finite and at least 1. Default: ``128.0``.
        drop_overflow_update (bool): skip the steps that overflow. Default: ``True``.

    Raises:
        ValueError: ``loss_scale`` is not a finite number of at least 1.
        TypeError: ``drop_overflow_update`` is not a bool.

    Examples:
        >>> import mindcell as ms
        >>> manager = ms.train.FixedLossScaleManager(1024.0, drop_overflow_update=False)
        >>> manager.get_loss_scale(), manager.get_update_cell()
        (1024.0, None)
        >>> type(ms.train.FixedLossScaleManager().get_update_cell()).__name__
        'FixedLossScaleUpdateCell'
    """

    def __init__(self, loss_scale=128.0, drop_overflow_update=True):
        self._loss_scale = _check_scale(loss_scale, "FixedLossScaleManager", "loss_scale")
        if self._loss_scale < 1:
            raise ValueError("FixedLossScaleManager: 'loss_scale' must be >= 1, but got %r"
                             % (loss_scale,))
        if not isinstance(drop_overflow_update, bool):
            raise TypeError("FixedLossScaleManager: 'drop_overflow_update' must be a bool")
        self._drop_overflow_update = drop_overflow_update

    def get_loss_scale(self):
        return self._loss_scale

    def get_drop_overflow_update(self):
        return self._drop_overflow_update

    def update_loss_scale(self, overflow):
        """The scale is fixed: nothing to update."""

    def get_update_cell(self):
        if not self._drop_overflow_update:
            return None
        return FixedLossScaleUpdateCell(self._loss_scale)


class DynamicLossScaleManager(LossScaleManager):
    """DynamicLossScaleManager(init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000): a loss
    scale divided by ``scale_factor`` (not below 1) on overflow and multiplied by it after
    ``scale_window`` finite steps in a row.

    Overflowing steps are skipped. ``get_update_cell()`` returns a
    :class:`nn.DynamicLossScaleUpdateCell` that does the update inside the training step;
    ``update_loss_scale(overflow)`` does the same on the Python side.

    Args:
        init_loss_scale (float): the initial scale, positive and finite. Default: ``2 ** 24``.
        scale_factor (int): the factor, greater than 1. Default: ``2``.
        scale_window (int): the finite steps before the scale grows, positive. Default:
            ``2000``.

    Raises:
        ValueError: a value out of its range.
        RuntimeError: ``update_loss_scale`` saw more than ``bad_step_max`` (1000) overflowing
            steps in a row.

    Examples:
        >>> import mindcell as ms
        >>> manager = ms.train.DynamicLossScaleManager(init_loss_scale=8.0, scale_window=2)
        >>> manager.update_loss_scale(True)
        >>> manager.update_loss_scale(False)
        >>> manager.update_loss_scale(False)
        >>> manager.get_loss_scale()
        8.0
    """

    def __init__(self, init_loss_scale=2 ** 24, scale_factor=2, scale_window=2000):
        cell = DynamicLossScaleUpdateCell(init_loss_scale, scale_factor, scale_window)
        # the value as given (MindSpore keeps 2 ** 24 an int); the cell validated it
        self.loss_scale = init_loss_scale
        self.scale_factor, self.scale_window = scale_factor, scale_window
        # MindSpore's attributes: the scale is multiplied by decrease_ratio on overflow
        self.increase_ratio, self.decrease_ratio = scale_factor, 1 / scale_factor
        self.cur_iter, self.last_overflow_iter = 1, 0
        self.bad_step_max, self.bad_step = 1000, 0

    def get_loss_scale(self):
        return self.loss_scale

    def get_drop_overflow_update(self):
        return True

    def update_loss_scale(self, overflow):
        """Python-side update (the update cell does the same inside a training step)."""
        if overflow:
            self.loss_scale = max(self.loss_scale * self.decrease_ratio, 1.0)
            self.last_overflow_iter = self.cur_iter
            self.bad_step += 1
        else:
            if self.cur_iter - self.last_overflow_iter >= self.scale_window:
                self.loss_scale *= self.increase_ratio
                self.last_overflow_iter = self.cur_iter
            self.bad_step = 0
        if self.bad_step > self.bad_step_max:
            raise RuntimeError("DynamicLossScaleManager: the loss overflowed %d steps in a row, "
                               "more than bad_step_max=%d" % (self.bad_step, self.bad_step_max))
        self.cur_iter += 1

    def get_update_cell(self):
        return DynamicLossScaleUpdateCell(self.loss_scale, self.scale_factor, self.scale_window)
