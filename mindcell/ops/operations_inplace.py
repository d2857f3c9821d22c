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
            _state.assign_p.bind(input_x, value)
            return input_x
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
        ((3,), Int32)

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


__all__ = ["ScatterNdUpdate", "ScatterAdd", "UniformInt"]
