"""``mindcell.amp``: automatic mixed precision and loss scaling.

``auto_mixed_precision`` runs the compute-heavy cells in float16 while the Parameters stay
float32 (master weights: each use casts them, gradients flow back in float32);
``build_train_network`` adds the loss and a (loss-scaled) training step; the loss scalers
scale a loss and unscale gradients in a custom training loop."""
import numpy as np

from mindcell import dtype as mstype
from mindcell import nn
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.nn.wrap.cell_wrapper import cast_floats
from mindcell.nn.wrap.loss_scale import all_finite as _all_finite, _check_scale, _check_window
from mindcell.ops import functional as F
from mindcell.train.loss_scale_manager import (LossScaleManager, FixedLossScaleManager,  # noqa
                                               DynamicLossScaleManager)

__all__ = ["auto_mixed_precision", "build_train_network", "all_finite", "LossScaler",
           "StaticLossScaler", "DynamicLossScaler", "LossScaleManager",
           "FixedLossScaleManager", "DynamicLossScaleManager", "get_white_list",
           "get_black_list"]

# Cells whose work is matrix products: float16 under O1.
_WHITE = ("Dense", "Conv1d", "Conv2d", "Conv3d", "Conv1dTranspose", "Conv2dTranspose",
          "Conv3dTranspose", "BiDense")
# Cells kept in float32 under O2 (statistics over a batch or a feature axis).
_KEEP_FP32 = ("BatchNorm1d", "BatchNorm2d", "BatchNorm3d", "LayerNorm", "GroupNorm",
              "InstanceNorm1d", "InstanceNorm2d", "InstanceNorm3d", "SyncBatchNorm")
_LEVELS = ("O0", "O1", "O2", "O3", "auto")


def get_white_list():
    """The cell types that O1 runs in float16."""
    return list(_WHITE)


def get_black_list():
    """The cell types that O2 keeps in float32."""
    return list(_KEEP_FP32)


def all_finite(inputs):
    """all_finite(inputs): a Bool scalar tensor, True when no tensor in ``inputs`` holds an
    inf or NaN."""
    if isinstance(inputs, Tensor):
        inputs = (inputs,)
    if not isinstance(inputs, (tuple, list)) or not inputs \
            or not all(isinstance(t, Tensor) for t in inputs):
        raise TypeError("all_finite: 'inputs' must be a non-empty tuple of Tensors")
    return _all_finite(tuple(inputs))


def _to_fp32(cell, args, output):
    return cast_floats(output, mstype.float32)


class _OutputTo32(nn.Cell):
    """The wrapped network with float outputs cast to float32 (the loss then runs in
    float32); the parameters keep their names."""

    def __init__(self, backbone):
        super().__init__(auto_prefix=False)
        self._backbone = backbone

    def construct(self, *inputs):
        return cast_floats(self._backbone(*inputs), mstype.float32)


def auto_mixed_precision(network, amp_level="O0", dtype=mstype.float16):
    """auto_mixed_precision(network, amp_level='O0', dtype=mstype.float16): the network set
    up for mixed precision (Parameters stay float32).

    - 'O0': unchanged.
    - 'O1': Dense and convolution cells compute in ``dtype``; their outputs return to float32.
    - 'O2': every cell computes in ``dtype`` except the normalisation cells (BatchNorm,
      LayerNorm, GroupNorm, InstanceNorm), which stay float32; the output is float32.
    - 'O3': every cell computes in ``dtype``; the output is float32.

    Returns the network to train (for 'O2'/'O3' a wrapper casting the output to float32).
    """
    if not isinstance(network, nn.Cell):
        raise TypeError("auto_mixed_precision: 'network' must be a Cell, but got %s"
                        % type(network).__name__)
    if amp_level not in _LEVELS:
        raise ValueError("auto_mixed_precision: 'amp_level' must be one of %s, but got %r"
                         % (", ".join(_LEVELS), amp_level))
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError("auto_mixed_precision: 'dtype' must be float16 or bfloat16, but got %r"
                         % (dtype,))
    if amp_level in ("O0",):
        return network
    if amp_level in ("O1", "auto"):
        for _, cell in network.cells_and_names():
            if type(cell).__name__ in _WHITE:
                cell.to_float(dtype)
                cell.register_forward_hook(_to_fp32)
        return network
    network.to_float(dtype)
    if amp_level == "O2":
        for _, cell in network.cells_and_names():
            if type(cell).__name__ in _KEEP_FP32:
                cell.to_float(mstype.float32)
    return _OutputTo32(network)


_DEFAULT_SCALING = {"O0": None, "O1": None, "O2": "dynamic", "O3": None, "auto": None}


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0",
                        **kwargs):
    """build_train_network(network, optimizer, loss_fn=None, level='O0', boost_level='O0',
    **kwargs): ``network`` with ``auto_mixed_precision(level)``, the loss (kept in float32)
    and a training step. ``loss_scale_manager`` (default: a DynamicLossScaleManager for 'O2',
    none otherwise) selects TrainOneStepWithLossScaleCell; ``cast_model_type`` (float16 or
    float32) and ``keep_batchnorm_fp32`` override the level's choices. ``boost_level`` other
    than 'O0' (the boost training algorithms) raises NotImplementedError."""
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError("build_train_network: 'boost_level' must be 'O0', 'O1' or 'O2', but "
                         "got %r" % (boost_level,))
    if boost_level != "O0":
        raise NotImplementedError("build_train_network: boost_level=%r (MindSpore's boost "
                                  "training algorithms) is not supported by mindcell; use 'O0'"
                                  % (boost_level,))
    unknown = set(kwargs) - {"loss_scale_manager", "cast_model_type", "keep_batchnorm_fp32"}
    if unknown:
        raise ValueError("build_train_network: unknown arguments %s" % sorted(unknown))
    if level not in _LEVELS:
        raise ValueError("build_train_network: 'level' must be one of %s, but got %r"
                         % (", ".join(_LEVELS), level))
    level = _effective_level(level, kwargs)
    net = auto_mixed_precision(network, level)
    if loss_fn is not None:
        net = nn.WithLossCell(net, loss_fn)
    manager = kwargs.get("loss_scale_manager", "default")
    if manager == "default":
        manager = DynamicLossScaleManager() if _DEFAULT_SCALING[level] else None
    if manager is None:
        return nn.TrainOneStepCell(net, optimizer)
    if not isinstance(manager, LossScaleManager):
        raise TypeError("build_train_network: 'loss_scale_manager' must be a LossScaleManager, "
                        "but got %s" % type(manager).__name__)
    update_cell = manager.get_update_cell()
    if update_cell is None:
        # fixed scale, no dropped steps: the gradients are scaled by the manager's loss scale
        # and the optimizer divides by its own; MindSpore trains with them even when the two
        # differ (the effective gradient is then scaled by their ratio), so mindcell does too
        return nn.TrainOneStepCell(net, optimizer, sens=manager.get_loss_scale())
    return nn.TrainOneStepWithLossScaleCell(net, optimizer, update_cell)


def _effective_level(level, kwargs):
    cast = kwargs.get("cast_model_type")
    keep_bn = kwargs.get("keep_batchnorm_fp32")
    if cast is None and keep_bn is None:
        return level
    if cast not in (None, mstype.float16, mstype.float32):
        raise ValueError("build_train_network: 'cast_model_type' must be float16 or float32")
    if cast is mstype.float32:
        return "O0"
    if keep_bn is None:
        return level if level in ("O2", "O3") else "O2"
    return "O2" if keep_bn else "O3"


class LossScaler:
    """Base class of the loss scalers: ``scale``, ``unscale``, ``adjust``."""

    def scale(self, inputs):
        raise NotImplementedError

    def unscale(self, inputs):
        raise NotImplementedError

    def adjust(self, grads_finite):
        raise NotImplementedError


def _map(fn, inputs):
    if isinstance(inputs, (tuple, list)):
        return type(inputs)(_map(fn, x) for x in inputs)
    if not isinstance(inputs, Tensor):
        raise TypeError("LossScaler: expected a Tensor or a tuple of Tensors, but got %s"
                        % type(inputs).__name__)
    return fn(inputs)


class StaticLossScaler(LossScaler):
    """StaticLossScaler(scale_value): multiplies by a fixed ``scale_value`` (a Parameter
    'scale_value')."""

    def __init__(self, scale_value):
        value = _check_scale(scale_value, type(self).__name__, "scale_value")
        self.scale_value = Parameter(Tensor(np.float32(value)), name="scale_value",
                                     requires_grad=False)

    def scale(self, inputs):
        """scale(inputs): ``inputs * scale_value``."""
        return _map(lambda t: F.mul(t, F.cast(self.scale_value, t.dtype)), inputs)

    def unscale(self, inputs):
        """unscale(inputs): ``inputs / scale_value``."""
        return _map(lambda t: F.div(t, F.cast(self.scale_value, t.dtype)), inputs)

    def adjust(self, grads_finite):
        """The scale is fixed: returns False."""
        return False


class DynamicLossScaler(StaticLossScaler):
    """DynamicLossScaler(scale_value, scale_factor, scale_window): ``adjust(grads_finite)``
    divides the scale by ``scale_factor`` (not below 1) when the gradients were not finite and
    multiplies it after ``scale_window`` finite steps in a row."""

    def __init__(self, scale_value, scale_factor, scale_window):
        super().__init__(scale_value)
        self.scale_factor = _check_scale(scale_factor, "DynamicLossScaler", "scale_factor")
        self.scale_window = _check_window(scale_window, "DynamicLossScaler")
        self.counter = Parameter(Tensor(np.int32(0)), name="counter", requires_grad=False)

    def adjust(self, grads_finite):
        """adjust(grads_finite): update the scale from a Bool tensor; returns True."""
        finite = F.reshape(F.cast(grads_finite, np.bool_), ())
        one = Tensor._make(np.ones((), np.int32))
        count = F.select(finite, F.add(self.counter, one), F.zeros_like(self.counter))
        grow = F.greater_equal(count, self.scale_window)
        scale = self.scale_value
        new = F.select(finite, F.select(grow, F.mul(scale, self.scale_factor), scale),
                       F.maximum(F.div(scale, self.scale_factor), 1.0))
        F.assign(self.counter, F.select(grow, F.zeros_like(count), count))
        F.assign(self.scale_value, new)
        return True
