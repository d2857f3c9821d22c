"""Loss scaling for mixed-precision training: the update cells that adjust the scale and
TrainOneStepWithLossScaleCell, which scales the loss's gradient, unscales the gradients,
detects overflow and skips the optimizer step when a gradient is not finite."""
import numbers

import numpy as np

from mindcell._core import trace as _trace
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.wrap.cell_wrapper import TrainOneStepCell, _check_train_network
from mindcell.ops import functional as F
from mindcell.ops.composite import HyperMap, MultitypeFuncGraph
from mindcell.ops.grad import vjp
from mindcell.ops.defs.shape import copy_p


# MindSpore's gradient unscaling function of this module (private there, used by custom
# loss-scaled train cells: ``hyper_map(F.partial(grad_scale, scale), grads)``)
grad_scale = MultitypeFuncGraph("grad_scale")


@grad_scale.register("Tensor", "Tensor")
def _tensor_grad_scale(scale, grad):
    return grad * F.cast(F.reciprocal(scale), F.dtype(grad))


def all_finite(inputs):
    """A Bool 0-d tensor: every element of every tensor in ``inputs`` is finite."""
    flags = [F.all(F.isfinite(t)) for t in inputs]
    out = flags[0]
    for f in flags[1:]:
        out = F.logical_and(out, f)
    return out


def _check_scale(value, owner, arg):
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value > 0 \
            or not np.isfinite(value):
        raise ValueError("%s: '%s' must be a positive finite number, but got %r"
                         % (owner, arg, value))
    return float(value)


def _check_window(value, owner):
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
        raise ValueError("%s: 'scale_window' must be a positive int, but got %r" % (owner, value))
    return int(value)


class FixedLossScaleUpdateCell(Cell):
    """FixedLossScaleUpdateCell(loss_scale_value): the update cell of a fixed loss scale, for
    :class:`TrainOneStepWithLossScaleCell`.

    Called as ``cell(loss_scale, overflow)`` it returns ``overflow`` and leaves ``loss_scale``
    as it is (a fixed scale is never updated; MindSpore's cell does not read it either).
    ``get_loss_scale()`` returns the scale.

    Args:
        loss_scale_value (float): the scale, a positive finite number.

    Inputs:
        - **loss_scale** (Parameter) - the scale in use (not changed).
        - **overflow** (Tensor) - whether the step's gradients overflowed.

    Outputs:
        ``overflow``.

    Raises:
        ValueError: ``loss_scale_value`` is not a positive finite number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> cell = ms.nn.FixedLossScaleUpdateCell(1024.0)
        >>> cell.get_loss_scale()
        1024.0
        >>> print(cell(ms.Tensor(1024.0, ms.float32), ms.Tensor(True)))
        True
    """

    def __init__(self, loss_scale_value):
        super().__init__()
        self.loss_scale_value = _check_scale(loss_scale_value, "FixedLossScaleUpdateCell",
                                             "loss_scale_value")

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        return overflow


class DynamicLossScaleUpdateCell(Cell):
    """DynamicLossScaleUpdateCell(loss_scale_value, scale_factor, scale_window): the update cell of
    a dynamic loss scale, for :class:`TrainOneStepWithLossScaleCell`.

    Called as ``cell(loss_scale, overflow)`` (``loss_scale`` a Parameter): on overflow the
    scale is divided by ``scale_factor`` (not below 1); after ``scale_window`` steps in a row
    without overflow it is multiplied by ``scale_factor``. Returns ``overflow``. The step
    counters are the Parameters ``current_iterator_step`` and ``last_overflow_iterator_step``.

    Args:
        loss_scale_value (float): the initial scale, a positive finite number.
        scale_factor (float): the factor, greater than 1.
        scale_window (int): the overflow-free steps before the scale grows, positive.

    Inputs:
        - **loss_scale** (Parameter) - the scale, updated in place.
        - **overflow** (Tensor) - a bool: whether the step's gradients overflowed.

    Outputs:
        ``overflow`` as a 0-d Bool Tensor.

    Raises:
        ValueError: a value is not a positive finite number, ``scale_factor`` is not above 1,
            or ``scale_window`` is not a positive int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> cell = ms.nn.DynamicLossScaleUpdateCell(8.0, scale_factor=2, scale_window=1)
        >>> scale = ms.Parameter(ms.Tensor(8.0, ms.float32), name="scale")
        >>> _ = cell(scale, ms.Tensor(True))
        >>> print(scale.asnumpy())
        4.0
        >>> _ = cell(scale, ms.Tensor(False))
        >>> print(scale.asnumpy())
        8.0
    """

    def __init__(self, loss_scale_value, scale_factor, scale_window):
        super().__init__()
        name = "DynamicLossScaleUpdateCell"
        self.loss_scale_value = _check_scale(loss_scale_value, name, "loss_scale_value")
        self.scale_factor = _check_scale(scale_factor, name, "scale_factor")
        self.scale_window = _check_window(scale_window, name)
        if self.scale_factor <= 1:
            raise ValueError("%s: 'scale_factor' must be > 1, but got %r" % (name, scale_factor))
        self.cur_iter = Parameter(Tensor(np.ones((), np.int32)), name="current_iterator_step",
                                  requires_grad=False)
        self.last_overflow_iter = Parameter(Tensor(np.zeros((), np.int32)),
                                            name="last_overflow_iterator_step",
                                            requires_grad=False)

    def get_loss_scale(self):
        return self.loss_scale_value

    def construct(self, loss_scale, overflow):
        overflow = F.reshape(F.cast(overflow, np.bool_), ())
        scale = F.reshape(loss_scale, ())
        lowered = F.maximum(F.div(scale, self.scale_factor), 1.0)
        grow = F.logical_and(F.logical_not(overflow), F.greater_equal(
            F.sub(self.cur_iter, self.last_overflow_iter), self.scale_window))
        new = F.select(overflow, lowered, F.select(grow, F.mul(scale, self.scale_factor), scale))
        F.assign(loss_scale, F.reshape(F.cast(new, loss_scale.dtype), loss_scale.shape))
        F.assign(self.last_overflow_iter, F.select(F.logical_or(overflow, grow), self.cur_iter,
                                                   self.last_overflow_iter))
        F.assign_add(self.cur_iter, Tensor._make(np.ones((), np.int32)))
        return overflow


class TrainOneStepWithLossScaleCell(TrainOneStepCell):
    r"""TrainOneStepWithLossScaleCell(network, optimizer, scale_sense): one training step with loss
    scaling.

    The backward pass starts from the loss scale instead of 1, the gradients are divided by it,
    and when any gradient is inf or NaN the optimizer step is skipped (parameters and
    optimizer state unchanged) and ``overflow`` is True. The returned scale is the one this
    step used. In data parallel the gradients are all-reduced before the overflow check, as in
    :class:`TrainOneStepCell`. ``set_sense_scale(sens)`` sets a new scale.

    Args:
        network (Cell): the network with its loss (e.g. a :class:`WithLossCell`).
        optimizer (Optimizer): the optimizer of the network's parameters.
        scale_sense (Union[Cell, Tensor]): an update cell
            (:class:`DynamicLossScaleUpdateCell` / :class:`FixedLossScaleUpdateCell`) or a
            Tensor of shape () or (1,) holding a fixed scale.

    Inputs:
        \*inputs (Tensor): the network's inputs (data and label for a WithLossCell).

    Outputs:
        Tuple ``(loss, overflow, loss_scale)``: the loss, a Bool 0-d Tensor and the 0-d scale.

    Raises:
        AttributeError: ``network`` is not a Cell (has no ``set_grad``).
        TypeError: ``scale_sense`` is neither a Cell nor a Tensor.
        ValueError: a Tensor ``scale_sense`` is not of shape () or (1,).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> dense = ms.nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
        >>> net = ms.nn.WithLossCell(dense, ms.nn.MSELoss())
        >>> opt = ms.nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> manager = ms.nn.DynamicLossScaleUpdateCell(2.0 ** 10, 2, 100)
        >>> step = ms.nn.TrainOneStepWithLossScaleCell(net, opt, scale_sense=manager)
        >>> x, y = ms.Tensor(np.ones((4, 2), np.float32)), ms.Tensor(np.ones((4, 1), np.float32))
        >>> loss, overflow, scale = step(x, y)
        >>> print(loss, overflow, scale)
        1.0 False 1024.0
    """

    def __init__(self, network, optimizer, scale_sense):
        _check_train_network("TrainOneStepWithLossScaleCell", network)
        super().__init__(network, optimizer)
        if isinstance(scale_sense, Cell):
            self.loss_scaling_manager = scale_sense
            value = np.asarray(scale_sense.get_loss_scale(), np.float32)
        elif isinstance(scale_sense, Tensor):
            self.loss_scaling_manager = None
            if scale_sense.shape not in ((), (1,)):
                raise ValueError("TrainOneStepWithLossScaleCell: 'scale_sense' must have shape "
                                 "() or (1,), but got %s" % (scale_sense.shape,))
            value = scale_sense.asnumpy().astype(np.float32)
        else:
            raise TypeError("TrainOneStepWithLossScaleCell: 'scale_sense' must be a Cell or a "
                            "Tensor, but got %s" % type(scale_sense).__name__)
        self.scale_sense = Parameter(Tensor(value), name="scale_sense", requires_grad=False)
        self.hyper_map = HyperMap()

    def set_sense_scale(self, sens):
        """set_sense_scale(sens): a new fixed scale (a Tensor)."""
        if not isinstance(sens, Tensor):
            raise TypeError("set_sense_scale: 'sens' must be a Tensor, but got %s"
                            % type(sens).__name__)
        self.scale_sense.set_data(F.cast(F.reshape(sens, self.scale_sense.shape), np.float32))

    def construct(self, *inputs):
        scale = F.reshape(_copy(self.scale_sense), ())  # this step's value
        loss, pullback = vjp(self.network, *inputs, weights=self.weights)
        seed = F.cast(F.broadcast_to(scale, loss.shape), loss.dtype)
        _, grads = pullback(seed)
        grads = self.grad_reducer(tuple(F.div(g, F.cast(scale, g.dtype)) for g in grads))
        overflow = self.process_loss_scale(self.get_overflow_status(None, grads))
        self._apply_unless(overflow, grads)
        return loss, overflow, scale

    # The three steps MindSpore's subclasses (e.g. the model zoo's BERT fine-tune cells) call.
    def start_overflow_check(self, pre_cond, compute_input):
        """start_overflow_check(pre_cond, compute_input): ``(status, compute_input)``; the
        status (a placeholder: overflow is read from the gradients' values) is made after
        ``pre_cond`` and goes to :meth:`get_overflow_status`."""
        status = F.depend(Tensor._make(np.zeros((), np.float32)), pre_cond)
        return status, F.depend(compute_input, status)

    def get_overflow_status(self, status, compute_output):
        """get_overflow_status(status, compute_output): a Bool 0-d Tensor, True when a tensor
        of ``compute_output`` (a Tensor or a tuple of them) holds an inf or NaN."""
        if isinstance(compute_output, Tensor):
            compute_output = (compute_output,)
        if not isinstance(compute_output, (tuple, list)) or not all(
                isinstance(t, Tensor) for t in compute_output):
            raise TypeError("TrainOneStepWithLossScaleCell.get_overflow_status: "
                            "'compute_output' must be a Tensor or a tuple of Tensors")
        overflow = F.logical_not(all_finite(compute_output))
        return overflow if status is None else F.depend(overflow, status)

    def process_loss_scale(self, overflow):
        """process_loss_scale(overflow): updates the scale through the update cell (if any)
        and returns whether this step overflowed."""
        if self.loss_scaling_manager is None:
            return overflow
        return self.loss_scaling_manager(self.scale_sense, overflow)

    def _apply_unless(self, overflow, grads):
        if not _trace.current().is_graph:  # eager: simply skip the step
            if not bool(overflow.asnumpy()):
                self.optimizer(grads)
            return
        # A graph cannot branch on a value: run the step, then put every parameter and
        # optimizer state back where the step overflowed.
        state = [p for _, p in self.optimizer.parameters_and_names()]
        saved = [_copy(p) for p in state]
        result = self.optimizer(grads)
        for p, old in zip(state, saved):
            F.assign(p, F.depend(F.select(overflow, old, p), result))


def _copy(p):
    return copy_p.bind(p)
