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
from mindcell import ops as _P
from mindcell.ops import functional as F
from mindcell.ops.primitive import Primitive as _Primitive
from mindcell.train.loss_scale_manager import (LossScaleManager, FixedLossScaleManager,  # noqa
                                               DynamicLossScaleManager)

__all__ = ["auto_mixed_precision", "custom_mixed_precision", "build_train_network",
           "all_finite", "LossScaler", "StaticLossScaler", "DynamicLossScaler",
           "LossScaleManager", "FixedLossScaleManager", "DynamicLossScaleManager",
           "get_white_list", "get_black_list"]

# The cells of MindSpore 2.10's white list (amp.get_white_list), float16 under O1.
_WHITE_CELLS = (nn.Conv1d, nn.Conv2d, nn.Conv3d, nn.Conv1dTranspose, nn.Conv2dTranspose,
                nn.Conv3dTranspose, nn.Dense, nn.LSTMCell, nn.RNNCell, nn.GRUCell)
# The primitives of MindSpore 2.10's white list, after the cells (20 entries in all).
# O1 and custom_mixed_precision cast the calls of such primitives a network's cells hold as
# attributes (MindSpore 2.10, both modes: a ReLU()/MatMul() attribute computes in float16 and
# returns float32; the functional ops.matmul/ops.relu are not cast).
_WHITE_PRIMS = tuple(getattr(_P, name) for name in (
    "Conv2D", "Conv3D", "Conv2DTranspose", "Conv3DTranspose", "Conv2DBackpropInput", "MatMul",
    "BatchMatMul", "PReLU", "ReLU", "Ger"))
# MindSpore 2.10's black list (amp.get_black_list).
_BLACK_CELLS = (nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d, nn.LayerNorm)
# Cells kept in float32 under O2 (statistics over a batch or a feature axis): the black list
# and the other normalisation cells.
_KEEP_FP32 = _BLACK_CELLS + (nn.GroupNorm, nn.InstanceNorm1d, nn.InstanceNorm2d,
                             nn.InstanceNorm3d, nn.SyncBatchNorm)
_LEVELS = ("O0", "O1", "O2", "O3", "auto")


def get_white_list():
    """get_white_list(): the cell types that ``amp_level='O1'`` runs in float16, then the
    primitive types whose calls :func:`custom_mixed_precision` casts, as MindSpore 2.10's list
    (20 entries: the convolution cells, Dense, LSTMCell, RNNCell, GRUCell, then Conv2D, Conv3D,
    Conv2DTranspose, Conv3DTranspose, Conv2DBackpropInput, MatMul, BatchMatMul, PReLU, ReLU,
    Ger). ``amp_level='O1'`` casts the calls of such primitives that cells hold as attributes
    (``self.matmul = ops.MatMul()``), as MindSpore 2.10 does; functional calls
    (``ops.matmul``) are not cast.

    Returns:
        list[type], a new list (changing it changes nothing else).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> nn.Dense in ms.amp.get_white_list()
        True
    """
    return list(_WHITE_CELLS) + list(_WHITE_PRIMS)


def get_black_list():
    """get_black_list(): the cell types that stay float32 when the rest of a network runs in
    float16 (``amp_level='O2'``, ``custom_mixed_precision(black_list=...)``): BatchNorm1d,
    BatchNorm2d, BatchNorm3d and LayerNorm, as in MindSpore 2.10 (O2 keeps GroupNorm, the
    InstanceNorms and SyncBatchNorm in float32 too).

    Returns:
        list[type], a new list.

    Examples:
        >>> import mindcell as ms
        >>> [c.__name__ for c in ms.amp.get_black_list()]
        ['BatchNorm1d', 'BatchNorm2d', 'BatchNorm3d', 'LayerNorm']
    """
    return list(_BLACK_CELLS)


def all_finite(inputs):
    """all_finite(inputs): whether no tensor in ``inputs`` holds an inf or NaN.

    Args:
        inputs (Union[Tensor, tuple[Tensor], list[Tensor]]): the tensors, e.g. the gradients.

    Returns:
        Tensor, a 0-d Bool: True when every element of every tensor is finite.

    Raises:
        TypeError: ``inputs`` is not a Tensor or a non-empty tuple/list of Tensors.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> grads = (ms.Tensor(np.array([1.0, 2.0], np.float32)),
        ...          ms.Tensor(np.array([np.inf], np.float32)))
        >>> print(ms.amp.all_finite(grads), ms.amp.all_finite(grads[0]))
        False True
    """
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
    """auto_mixed_precision(network, amp_level='O0', dtype=mstype.float16): the network set up for
    mixed precision (Parameters stay float32).

    - 'O0': unchanged.
    - 'O1' (and 'auto'): the white list (:func:`get_white_list`): Dense, convolution and
      recurrent cells compute in ``dtype``, and so do the calls of the white-listed primitives
      (MatMul, Conv2D, ReLU ...) that cells hold as attributes; their outputs return to float32.
    - 'O2': every cell computes in ``dtype`` except the normalisation cells (BatchNorm,
      LayerNorm, GroupNorm, InstanceNorm), which stay float32; the output is float32.
    - 'O3': every cell computes in ``dtype``; the output is float32.

    Args:
        network (Cell): the network; its cells are changed in place.
        amp_level (str): ``'O0'``, ``'O1'``, ``'O2'``, ``'O3'`` or ``'auto'``. Default: ``'O0'``.
        dtype (mindcell.dtype): ``mstype.float16`` or ``mstype.bfloat16``. Default:
            ``mstype.float16``.

    Returns:
        Cell, the network to train (for 'O2'/'O3' a wrapper casting the output to float32).

    Raises:
        TypeError: ``network`` is not a Cell.
        ValueError: ``amp_level`` or ``dtype`` is not one of the accepted values.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.SequentialCell(ms.nn.Dense(2, 2), ms.nn.ReLU())
        >>> net = ms.amp.auto_mixed_precision(net, "O1")
        >>> y = net(ms.Tensor(np.ones((1, 2), np.float32)))
        >>> y.dtype, net[0].weight.dtype
        (mindspore.float32, mindspore.float32)
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
            if type(cell) in _WHITE_CELLS:
                cell.to_float(dtype)
                cell.register_forward_hook(_to_fp32)
            for value in list(vars(cell).values()):
                if isinstance(value, _Primitive) and type(value) in _WHITE_PRIMS:
                    _cast_calls(value, dtype)
        return network
    network.to_float(dtype)
    if amp_level == "O2":
        for _, cell in network.cells_and_names():
            if type(cell) in _KEEP_FP32:
                cell.to_float(mstype.float32)
    return _OutputTo32(network)


_DEFAULT_SCALING = {"O0": None, "O1": None, "O2": "dynamic", "O3": None, "auto": None}


def _check_cell_types(value, name, prims_ok=False):
    """``value`` as a tuple of classes (MindSpore's checks: a list of Cell classes, and for a
    white list also Primitive classes)."""
    if not isinstance(value, list):
        raise TypeError("The type of %s should be list, but got %s" % (name, type(value)))
    for item in value:
        if not isinstance(item, type):
            raise TypeError("The element in %s should be a class, but got %s" % (name, item))
        if not issubclass(item, nn.Cell) and not (prims_ok and issubclass(item, _Primitive)):
            raise TypeError("The subclass of element in %s should be one of 'Cell'%s, but got %s"
                            % (name, " and 'Primitive'" if prims_ok else "", item))
    return tuple(value)


_CAST_CLASSES = {}


def _cast_calls(prim, dtype):
    """Makes ``prim`` (a Primitive instance) compute in ``dtype``: its float inputs are cast
    to ``dtype`` and its float outputs back to float32 (the instance's class becomes a
    subclass, so isinstance checks still hold)."""
    base = type(prim)
    if getattr(base, "_amp_cast_dtype", None) is not None:
        return
    key = (base, dtype)
    if key not in _CAST_CLASSES:
        def __call__(self, *args, **kwargs):
            args = cast_floats(args, self._amp_cast_dtype)
            return cast_floats(base.__call__(self, *args, **kwargs), mstype.float32)
        _CAST_CLASSES[key] = type(base.__name__, (base,),
                                  {"__call__": __call__, "_amp_cast_dtype": dtype,
                                   "__module__": base.__module__, "__doc__": base.__doc__})
    prim.__class__ = _CAST_CLASSES[key]


def custom_mixed_precision(network, *, white_list=None, black_list=None, dtype=mstype.float16):
    """custom_mixed_precision(network, *, white_list=None, black_list=None,
    dtype=mstype.float16): mixed precision from a list of cell types.

    With ``white_list``, the cells of those types compute in ``dtype`` and return float32 (as
    ``amp_level='O1'`` does with :func:`get_white_list`); for a Primitive type in it, the
    calls of the primitives of that type the network's cells hold as attributes (``self.mm =
    ops.MatMul()``) compute in ``dtype`` and return float32 (functional calls such as
    ``ops.matmul`` are not cast). With ``black_list``, every cell
    computes in ``dtype`` except those types, which stay float32 (as ``'O2'`` with
    :func:`get_black_list`). A cell matches by its exact type. Parameters stay float32; the
    network's outputs are float32.

    Args:
        network (Cell): the network; its cells are changed in place.
        white_list (list[type], optional): the cell types to run in ``dtype``. Default: ``None``.
        black_list (list[type], optional): the cell types to keep in float32. Default: ``None``.
        dtype (mindcell.dtype): ``mstype.float16`` or ``mstype.bfloat16``. Default:
            ``mstype.float16``.

    Returns:
        Cell, the network to run (a wrapper that casts its outputs to float32).

    Raises:
        TypeError: ``network`` is not a Cell, or a list is not a list of classes (Cell
            classes, and for ``white_list`` also Primitive classes).
        ValueError: neither or both of ``white_list`` and ``black_list`` are given, or
            ``dtype`` is not float16/bfloat16.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import nn
        >>> net = nn.SequentialCell([nn.Dense(3, 4), nn.ReLU(), nn.Dense(4, 2)])
        >>> net = ms.amp.custom_mixed_precision(net, white_list=ms.amp.get_white_list())
        >>> print(net(ms.Tensor(np.ones((2, 3), np.float32))).dtype)
        Float32
    """
    if not isinstance(network, nn.Cell):
        raise TypeError("The network type should be Cell.")
    if white_list is None and black_list is None:
        raise ValueError("For custom_mixed_precision, one of white_list and black_list must be "
                         "provided.")
    if white_list is not None and black_list is not None:
        raise ValueError("For custom_mixed_precision, the white_list or black_list cannot be "
                         "provided at the same time, please provide one or the other.")
    if dtype not in (mstype.float16, mstype.bfloat16):
        raise ValueError("The dtype should be one of (mstype.float16, mstype.bfloat16), but got "
                         "%s." % (dtype,))
    if white_list is not None:
        white = _check_cell_types(white_list, "white_list", prims_ok=True)
        prims = tuple(c for c in white if issubclass(c, _Primitive))
        for _, cell in network.cells_and_names():
            if type(cell) in white:
                cell.to_float(dtype)
                cell.register_forward_hook(_to_fp32)
            for value in list(vars(cell).values()) if prims else ():
                if isinstance(value, _Primitive) and type(value) in prims:
                    _cast_calls(value, dtype)
        return _OutputTo32(network)
    black = _check_cell_types(black_list, "black_list")
    network.to_float(dtype)
    for _, cell in network.cells_and_names():
        if type(cell) in black:
            cell.to_float(mstype.float32)
    return _OutputTo32(network)


def build_train_network(network, optimizer, loss_fn=None, level="O0", boost_level="O0",
                        **kwargs):
    """build_train_network(network, optimizer, loss_fn=None, level='O0', boost_level='O0',
    **kwargs): ``network`` with ``auto_mixed_precision(level)``, the loss (kept in float32)
    and a training step.

    ``loss_scale_manager`` (default: a DynamicLossScaleManager for 'O2', none otherwise) selects
    :class:`nn.TrainOneStepWithLossScaleCell`; a fixed manager without dropped steps scales the
    gradients by its scale in a :class:`nn.TrainOneStepCell` (the optimizer's ``loss_scale``
    divides them). ``cast_model_type`` (float16 or float32) and ``keep_batchnorm_fp32`` override
    the level's choices.

    Args:
        network (Cell): the network.
        optimizer (mindcell.nn.Optimizer): the optimizer of its parameters.
        loss_fn (Cell, optional): the loss; without it ``network`` returns the loss. Default:
            ``None``.
        level (str): the ``amp_level`` of :func:`auto_mixed_precision`. Default: ``'O0'``.
        boost_level (str): ``'O0'``, ``'O1'`` or ``'O2'``. As in MindSpore 2.10, where
            'O1'/'O2' wrap the step in a ``BoostTrainOneStepCell`` whose boost algorithms
            (less BatchNorm, gradient freezing, AdaSum ...) are configured by ``Model``'s
            AutoBoost and stay off when the step is built here, the three levels train alike
            (``Model(boost_level='O1'/'O2')`` turns them on and is not supported).
            Default: ``'O0'``.
        kwargs: ``loss_scale_manager``, ``cast_model_type`` and ``keep_batchnorm_fp32``.

    Returns:
        Cell, the training step: called with the inputs (and label), it updates the parameters
        and returns the loss (with loss scaling: ``(loss, overflow, scale)``).

    Raises:
        ValueError: an unknown ``level``/``boost_level``/keyword or a bad ``cast_model_type``.
        TypeError: ``loss_scale_manager`` is not a LossScaleManager.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> net = ms.nn.Dense(2, 1, weight_init="zeros", bias_init="zeros")
        >>> opt = ms.nn.SGD(net.trainable_params(), learning_rate=0.1)
        >>> step = ms.amp.build_train_network(net, opt, ms.nn.MSELoss(), level="O2")
        >>> x, y = ms.Tensor(np.ones((2, 2), np.float32)), ms.Tensor(np.ones((2, 1), np.float32))
        >>> loss, overflow, scale = step(x, y)  # 2**24 overflows float16: the step is skipped
        >>> print(loss, overflow, scale)
        1.0 True 1.6777216e+07
    """
    if boost_level not in ("O0", "O1", "O2"):
        raise ValueError("build_train_network: 'boost_level' must be 'O0', 'O1' or 'O2', but "
                         "got %r" % (boost_level,))
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
    kwargs = dict(kwargs, _level=level)
    # as MindSpore, the step comes back in training mode (BatchNorm on batch statistics,
    # Dropout on): a program may call it without set_train()
    return _train_step(net, optimizer, kwargs).set_train()


def _train_step(net, optimizer, kwargs):
    """The training step of ``build_train_network`` for its loss scale manager."""
    level = kwargs.get("_level")
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
    """The casting ``build_train_network`` applies, as MindSpore 2.10 decides it: the level's
    defaults (cast_model_type float32 and keep_batchnorm_fp32 False for O0/O1/auto, float16 and
    True for O2, float16 and False for O3) updated by the keywords given; a float16 cast keeps
    BatchNorm in float32 only with keep_batchnorm_fp32 (O2) and casts it too without (O3); O2
    without keep_batchnorm_fp32 is O3; a float32 cast turns O2/O3 off; otherwise the level
    stands (keep_batchnorm_fp32 alone changes nothing at O0/O1)."""
    cast = mstype.float16 if level in ("O2", "O3") else mstype.float32
    keep_bn = level == "O2"
    if "cast_model_type" in kwargs:
        cast = kwargs["cast_model_type"]
        if cast not in (mstype.float16, mstype.float32):
            raise ValueError("build_train_network: 'cast_model_type' must be float16 or float32")
    if "keep_batchnorm_fp32" in kwargs:
        keep_bn = kwargs["keep_batchnorm_fp32"]
    if cast is mstype.float16:
        return "O2" if keep_bn else "O3"
    if not keep_bn and level == "O2":
        return "O3"
    if level in ("O2", "O3"):  # a float32 cast given for a float16 level
        return "O0"
    return level


class LossScaler:
    """LossScaler(): the base class of the loss scalers of a custom training loop:
    ``scale(inputs)`` multiplies a loss by the scale, ``unscale(inputs)`` divides the gradients
    by it and ``adjust(grads_finite)`` updates the scale after a step.

    Raises:
        NotImplementedError: a subclass lacks one of the three methods.

    Examples:
        >>> import mindcell as ms
        >>> class NoScaler(ms.amp.LossScaler):
        ...     def scale(self, inputs):
        ...         return inputs
        ...     def unscale(self, inputs):
        ...         return inputs
        ...     def adjust(self, grads_finite):
        ...         return False
        >>> NoScaler().scale(ms.Tensor(2.0, ms.float32))
        Tensor(shape=[], dtype=Float32, value= 2)
    """

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


def _grad_scale_map(scale_value, inputs):
    """``inputs`` (a Tensor or nested tuples/lists of them) times ``scale_value``, cast to each
    tensor's dtype; the same structure back (MindSpore's helper for custom LossScalers).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.amp import _grad_scale_map
        >>> print(_grad_scale_map(ms.Tensor(4.0, ms.float32), (ms.Tensor([1.0, 2.0]),))[0])
        [4. 8.]
    """
    return _map(lambda t: F.mul(t, F.cast(scale_value, t.dtype)), inputs)


def _grad_unscale_map(scale_value, inputs):
    """``inputs`` divided by ``scale_value``, as :func:`_grad_scale_map`.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.amp import _grad_unscale_map
        >>> print(_grad_unscale_map(ms.Tensor(4.0, ms.float32), [ms.Tensor([4.0])])[0])
        [1.]
    """
    return _map(lambda t: F.div(t, F.cast(scale_value, t.dtype)), inputs)


class StaticLossScaler(LossScaler):
    """StaticLossScaler(scale_value): multiplies by a fixed ``scale_value`` (a Parameter
    'scale_value'); ``adjust`` returns False.

    ``scale(inputs)`` and ``unscale(inputs)`` take a Tensor or (nested) tuples/lists of them
    and return the same structure.

    Args:
        scale_value (float): the scale, a positive finite number.

    Raises:
        ValueError: ``scale_value`` is not a positive finite number.
        TypeError: ``scale``/``unscale`` get something other than Tensors.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> scaler = ms.amp.StaticLossScaler(1024.0)
        >>> print(scaler.scale(ms.Tensor(0.5, ms.float32)))
        512.0
        >>> print(scaler.unscale((ms.Tensor(np.array([2048.0], np.float32)),))[0])
        [2.]
    """

    def __init__(self, scale_value):
        value = _check_scale(scale_value, type(self).__name__, "scale_value")
        self.scale_value = Parameter(Tensor(np.float32(value)), name="scale_value",
                                     requires_grad=False)

    def scale(self, inputs):
        """scale(inputs): ``inputs * scale_value``."""
        return _grad_scale_map(self.scale_value, inputs)

    def unscale(self, inputs):
        """unscale(inputs): ``inputs / scale_value``."""
        return _grad_unscale_map(self.scale_value, inputs)

    def adjust(self, grads_finite):
        """The scale is fixed: returns False."""
        return False


class DynamicLossScaler(StaticLossScaler):
    """DynamicLossScaler(scale_value, scale_factor, scale_window): a loss scale that
    ``adjust(grads_finite)`` divides by ``scale_factor`` (not below 1) when the gradients were
    not finite and multiplies after ``scale_window`` finite steps in a row.

    ``scale`` and ``unscale`` are those of :class:`StaticLossScaler`; the finite-step count is
    the Parameter ``counter``.

    Args:
        scale_value (float): the initial scale, positive and finite.
        scale_factor (float): the factor, positive and finite.
        scale_window (int): the finite steps before the scale grows, positive.

    Raises:
        ValueError: a value out of its range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> scaler = ms.amp.DynamicLossScaler(scale_value=2.0 ** 10, scale_factor=2, scale_window=2)
        >>> grads = (ms.Tensor(np.array([np.nan], np.float32)),)
        >>> _ = scaler.adjust(ms.amp.all_finite(grads))
        >>> print(scaler.scale_value.asnumpy())
        512.0
    """

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
