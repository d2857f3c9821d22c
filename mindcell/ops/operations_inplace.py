"""Primitive classes of the in-place scatter and integer random ops (``ops.ScatterNdUpdate``,
``ops.ScatterAdd``, ``ops.UniformInt``) with MindSpore's split between constructor attributes
and call inputs (re-exported by operations_sequence)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell._core.random_state import RandomStream
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name, show
from mindcell.ops._helpers import check_numel, check_tensor
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.defs import state as _state
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function import scatter_func as SC


class ScatterNdUpdate(AttrPrimitive):
    """ScatterNdUpdate(use_locking=True)(input_x, indices, updates): writes ``updates`` into the
    Parameter ``input_x`` at the n-d ``indices`` and returns it; see
    :func:`ops.scatter_nd_update`.

    Args:
        use_locking (bool): MindSpore's lock flag (one process updates serially). Default:
            ``True``.

    Inputs:
        - **input_x** (Parameter) - the parameter updated.
        - **indices** (Tensor) - int32/int64 indices of shape ``(..., N)``.
        - **updates** (Tensor) - the values, of shape ``indices.shape[:-1] + input_x.shape[N:]``.

    Outputs:
        ``input_x``, updated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="p")
        >>> _ = ops.ScatterNdUpdate()(p, Tensor(np.array([[1, 0]], np.int32)),
        ...                           Tensor(np.array([5.0], np.float32)))
        >>> p.asnumpy().tolist()
        [[0.0, 0.0], [5.0, 0.0]]
    """

    def __init__(self, use_locking=True):
        super().__init__()
        self.set_attrs(use_locking=check_bool(use_locking, "ScatterNdUpdate", "use_locking"),
                       flags={"side_effect_mem": True})

    def __call__(self, input_x, indices, updates):
        return SC.scatter_nd_update(input_x, indices, updates, self.use_locking)


class ScatterAdd(AttrPrimitive):
    """ScatterAdd(use_locking=False)(input_x, indices, updates): adds ``updates`` into the rows
    of ``input_x`` that ``indices`` names (repeated indices accumulate). ``updates`` has shape
    ``indices.shape + input_x.shape[1:]``. A Parameter is updated in place and returned; a
    Tensor gives the new value.

    Args:
        use_locking (bool): MindSpore's lock flag (one process updates serially). Default:
            ``False``.

    Inputs:
        - **input_x** (Union[Parameter, Tensor]) - the tensor added into.
        - **indices** (Tensor) - int32/int64 row indices.
        - **updates** (Tensor) - values of shape ``indices.shape + input_x.shape[1:]`` and the
          dtype of ``input_x``.

    Outputs:
        ``input_x`` updated (a Parameter), or the new value (a Tensor).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros((3, 2), np.float32)), name="p")
        >>> out = ops.ScatterAdd()(p, Tensor(np.array([0, 2, 0], np.int32)),
        ...                        Tensor(np.ones((3, 2), np.float32)))
        >>> p.asnumpy().tolist()
        [[2.0, 2.0], [0.0, 0.0], [1.0, 1.0]]
    """

    def __init__(self, use_locking=False):
        super().__init__()
        self.set_attrs(use_locking=check_bool(use_locking, "ScatterAdd", "use_locking"),
                       flags={"side_effect_mem": True})

    def __call__(self, input_x, indices, updates):
        op = "ScatterAdd"
        check_tensor(input_x, op, "input_x")
        check_tensor(indices, op, "indices")
        check_tensor(updates, op, "updates")
        if indices._np_dtype not in (np.dtype(np.int32), np.dtype(np.int64)):
            raise TypeError("%s: 'indices' must be int32 or int64, but got %s"
                            % (public_name(op), indices.dtype))
        want = tuple(indices.shape) + tuple(input_x.shape[1:])
        if tuple(updates.shape) != want:
            raise ValueError("%s: 'updates' must have shape indices.shape + input_x.shape[1:] "
                             "= %s, but got %s" % (public_name(op), want, updates.shape))
        if updates.dtype != input_x.dtype:
            raise TypeError("%s: 'updates' must have the dtype of 'input_x' (%s), but got %s"
                            % (public_name(op), input_x.dtype, updates.dtype))
        value = SC.tensor_scatter_add(input_x, A.expand_dims(indices, -1), updates)
        if isinstance(input_x, Parameter):
            return _state.assign_p.bind(input_x, value)
        return value


class UniformInt(AttrPrimitive):
    """UniformInt(seed=0, seed2=0)(shape, minval, maxval): Int32 samples uniform on
    [minval, maxval); ``minval`` and ``maxval`` are Int32 scalar tensors. With ``seed`` or
    ``seed2`` non-zero the instance owns a stream started from them (continued call after call,
    untouched by ``set_seed``); with both 0 it draws from the unseeded shared stream.

    Args:
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **shape** (tuple[int]) - the shape of the output.
        - **minval** (Tensor) - Int32 scalar, the lowest value.
        - **maxval** (Tensor) - Int32 scalar, above the highest value.

    Outputs:
        Int32 Tensor of shape ``shape``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> u = ops.UniformInt(1, 2)((3,), Tensor(0, ms.int32), Tensor(5, ms.int32))
        >>> u.shape, u.dtype
        ((3,), mindspore.int32)

    Raises:
        TypeError: ``minval``/``maxval`` are not Int32 tensors, or ``shape`` not a tuple.
        RuntimeError: ``minval >= maxval`` (checked in PYNATIVE_MODE, as MindSpore's kernel
            does).
    """

    def __init__(self, seed=0, seed2=0):
        super().__init__()
        self.set_attrs(seed=check_int(seed, "UniformInt", "seed", 0),
                       seed2=check_int(seed2, "UniformInt", "seed2", 0),
                       flags={"side_effect_hidden": True})
        self._stream = RandomStream.of_instance("UniformInt", self.seed, self.seed2)

    def __call__(self, shape, minval, maxval):
        op = "UniformInt"
        if not isinstance(shape, tuple):
            raise TypeError("%s: 'shape' must be a tuple of ints, but got %s"
                            % (public_name(op), show(shape)))
        for arg, v in (("minval", minval), ("maxval", maxval)):
            if not isinstance(v, Tensor) or v._np_dtype != np.int32 or v.size != 1:
                raise TypeError("%s: '%s' must be an Int32 scalar Tensor, but got %s"
                                % (public_name(op), arg, show(v)))
        if not _trace.current().is_graph and int(minval.asnumpy()) >= int(maxval.asnumpy()):
            raise RuntimeError("%s: 'minval' (%d) must be less than 'maxval' (%d)"
                               % (public_name(op), int(minval.asnumpy()),
                                  int(maxval.asnumpy())))
        shape = check_numel(tuple(check_int(s, op, "shape", 0) for s in shape), op)
        lo, hi = M.cast(minval, mstype.float64), M.cast(maxval, mstype.float64)
        u = _state.uniform_p.bind(shape=shape, dtype=np.float64, minval=0.0, maxval=1.0,
                                  stream=self._stream)
        # u < 1, so the floor stays below maxval
        sample = M.floor(M.add(M.mul(u, M.sub(hi, lo)), lo))
        return M.cast(M.minimum(sample, M.sub(hi, 1.0)), mstype.int32)


__all__ = ["ScatterNdUpdate", "ScatterAdd", "UniformInt", "Adam", "AdamWeightDecay"]


def _scalar_input(op, name, value):
    """A float (or a 0-d/1-element Tensor) input of an optimizer primitive, as a Tensor."""
    if isinstance(value, Tensor):
        if value.size != 1:
            raise ValueError("%s: '%s' must be a scalar, but got a Tensor of shape %s"
                             % (op, name, value.shape))
        # a shape-(1,) Tensor (Bert's Tensor(np.array([beta1]))) reaches the kernel as 0-d
        return A.reshape(value, ()) if value.ndim else value
    if isinstance(value, bool) or not isinstance(value, float):
        raise TypeError("%s: '%s' must be a float or a Tensor, but got %s"
                        % (op, name, show(value)))
    return Tensor(np.array(value, np.float32))


def _check_state(op, names, tensors, grad_name):
    """var, m, v and the gradient: Tensors (var, m, v Parameters to be updated in place) of
    one shape, floating point."""
    for name, t in zip(names, tensors):
        check_tensor(t, op, name)
        if not mstype.is_floating(t.dtype):
            raise TypeError("%s: '%s' must be a float tensor, but got %s" % (op, name, t.dtype))
    want = tuple(tensors[0].shape)
    for name, t in zip(names[1:], tensors[1:]):
        if tuple(t.shape) != want:
            raise ValueError("For primitive[%s], the %s_shape: %s must be equal to the var_shape: "
                             "%s" % (op, name, list(t.shape), list(want)))
    if tensors[1].dtype != tensors[0].dtype or tensors[2].dtype != tensors[0].dtype:
        raise TypeError("%s: 'm' and 'v' must have the dtype of 'var' (%s), but got %s and %s"
                        % (op, tensors[0].dtype, tensors[1].dtype, tensors[2].dtype))


class Adam(AttrPrimitive):
    """Adam(use_locking=False, use_nesterov=False)(var, m, v, beta1_power, beta2_power, lr,
    beta1, beta2, epsilon, grad): one Adam step that updates the Parameters ``var``, ``m``
    and ``v`` in place:

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2, \\quad
        l = lr \\frac{\\sqrt{1 - \\beta_2^t}}{1 - \\beta_1^t}, \\quad
        var = var - l \\frac{m}{\\sqrt{v} + \\epsilon}

    (with ``use_nesterov`` the numerator is :math:`\\beta_1 m + (1 - \\beta_1) g`).

    Args:
        use_locking (bool): MindSpore's lock flag (one process updates serially).
        use_nesterov (bool): the Nesterov form of the step.

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the first moment, var's shape and dtype.
        - **v** (Parameter) - the second moment, var's shape and dtype.
        - **beta1_power** (Union[float, Tensor]) - :math:`\\beta_1^t`.
        - **beta2_power** (Union[float, Tensor]) - :math:`\\beta_2^t`.
        - **lr** (Union[float, Tensor]) - the learning rate.
        - **beta1** (Union[float, Tensor]) - the first moment's decay.
        - **beta2** (Union[float, Tensor]) - the second moment's decay.
        - **epsilon** (Union[float, Tensor]) - added to the denominator.
        - **grad** (Tensor) - the gradient, var's shape (cast to var's dtype).

    Outputs:
        Tuple of the 3 updated Parameters ``(var, m, v)``. (MindSpore 2.10's CPU kernel
        returns three zero tensors instead; the Parameters are updated the same.)

    Raises:
        TypeError: a flag that is not a bool, a scalar that is not a float or Tensor, state
        that is not float or of differing dtypes. ValueError: shapes that differ from var's.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> m = Parameter(Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = Parameter(Tensor(np.zeros(2, np.float32)), name="v")
        >>> grad = Tensor(np.array([0.5, -1.0], np.float32))
        >>> _ = ops.Adam()(var, m, v, 0.9, 0.999, 0.1, 0.9, 0.999, 1e-8, grad)
        >>> [[round(x, 4) for x in p.asnumpy().tolist()] for p in (var, m)]
        [[0.9, 2.1], [0.05, -0.1]]
    """

    def __init__(self, use_locking=False, use_nesterov=False):
        super().__init__()
        self.set_attrs(use_locking=check_bool(use_locking, "Adam", "use_locking"),
                       use_nesterov=check_bool(use_nesterov, "Adam", "use_nesterov"),
                       flags={"side_effect_mem": True})

    def __call__(self, var, m, v, beta1_power, beta2_power, lr, beta1, beta2, epsilon, grad):
        op = "Adam"
        _check_state(op, ("var", "m", "v", "grad"), (var, m, v, grad), "grad")
        scalars = [_scalar_input(op, name, value) for name, value in (
            ("beta1_power", beta1_power), ("beta2_power", beta2_power), ("lr", lr),
            ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon))]
        _state.adam_prim_p.bind(var, m, v, *scalars, grad, use_nesterov=self.use_nesterov)
        return var, m, v


class AdamWeightDecay(AttrPrimitive):
    """AdamWeightDecay(use_locking=False)(var, m, v, lr, beta1, beta2, epsilon, decay,
    gradient): one step of Adam with decoupled weight decay (no bias correction) that updates
    the Parameters ``var``, ``m`` and ``v`` in place:

    .. math::
        m = \\beta_1 m + (1 - \\beta_1) g, \\quad v = \\beta_2 v + (1 - \\beta_2) g^2, \\quad
        var = var - lr \\left(\\frac{m}{\\sqrt{v} + \\epsilon} + decay \\cdot var\\right)

    Args:
        use_locking (bool): MindSpore's lock flag (one process updates serially; like
            MindSpore, the value is not checked).

    Inputs:
        - **var** (Parameter) - the weights, float.
        - **m** (Parameter) - the first moment, var's shape and dtype.
        - **v** (Parameter) - the second moment, var's shape and dtype.
        - **lr** (Union[float, Tensor]) - the learning rate.
        - **beta1** (Union[float, Tensor]) - the first moment's decay.
        - **beta2** (Union[float, Tensor]) - the second moment's decay.
        - **epsilon** (Union[float, Tensor]) - added to the denominator.
        - **decay** (Union[float, Tensor]) - the weight decay.
        - **gradient** (Tensor) - the gradient, var's shape (cast to var's dtype).

    Outputs:
        Tuple of the 3 updated Parameters ``(var, m, v)``. (MindSpore 2.10's CPU kernel
        returns three zero tensors instead; the Parameters are updated the same.)

    Raises:
        TypeError: a scalar that is not a float or Tensor (an int included, as in MindSpore),
        state that is not float or of differing dtypes. ValueError: shapes that differ from
        var's.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> var = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="var")
        >>> m = Parameter(Tensor(np.zeros(2, np.float32)), name="m")
        >>> v = Parameter(Tensor(np.zeros(2, np.float32)), name="v")
        >>> grad = Tensor(np.array([0.5, -1.0], np.float32))
        >>> _ = ops.AdamWeightDecay()(var, m, v, 0.1, 0.9, 0.999, 1e-8, 0.01, grad)
        >>> [round(x, 4) for x in var.asnumpy().tolist()]
        [0.6828, 2.3142]
    """

    def __init__(self, use_locking=False):
        super().__init__()
        self.set_attrs(use_locking=use_locking, flags={"side_effect_mem": True})

    def __call__(self, var, m, v, lr, beta1, beta2, epsilon, decay, gradient):
        op = "AdamWeightDecay"
        _check_state(op, ("var", "m", "v", "gradient"), (var, m, v, gradient), "gradient")
        scalars = [_scalar_input(op, name, value) for name, value in (
            ("lr", lr), ("beta1", beta1), ("beta2", beta2), ("epsilon", epsilon),
            ("decay", decay))]
        _state.adam_weight_decay_prim_p.bind(var, m, v, *scalars, gradient)
        return var, m, v
