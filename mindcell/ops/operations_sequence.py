"""Primitive classes of array, sequence, scalar and in-place scatter ops (``ops.ReverseV2``,
``ops.Slice()``, ``ops.CumSum(exclusive, reverse)``, ``ops.ScatterAdd()`` ...): attributes are
set and checked at construction the way MindSpore's are, tensors are passed at call, and each
call forwards to a functional definition."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core import trace as _trace
from mindcell._core.random_state import RandomStream
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, public_name, show
from mindcell.ops._f_compat import scalar_to_tensor as _scalar_to_tensor
from mindcell.ops._helpers import check_numel, check_tensor
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.defs import state as _state
from mindcell.ops.function import array_func as A
from mindcell.ops.function import creation_func as C
from mindcell.ops.function import math_func as M
from mindcell.ops.function import scatter_func as SC
from mindcell.ops.function import sequence_func as Q


class ReverseV2(AttrPrimitive):
    """ReverseV2(axis)(input): reverses ``input`` along every axis in ``axis`` (a tuple or list
    of ints); see :func:`ops.reverse`.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.ReverseV2((0,))(Tensor(np.array([1, 2, 3]))).asnumpy().tolist()
        [3, 2, 1]
    """

    def __init__(self, axis):
        super().__init__()
        if not isinstance(axis, (tuple, list)):
            raise TypeError("ReverseV2: 'axis' must be a tuple or list of ints, but got %s"
                            % show(axis))
        self.set_attrs(axis=axis if isinstance(axis, tuple) else list(axis))

    def __call__(self, input):
        return Q.reverse(input, self.axis)


class ReverseSequence(AttrPrimitive):
    """ReverseSequence(seq_dim, batch_dim=0)(x, seq_lengths): reverses the first
    ``seq_lengths[b]`` elements along ``seq_dim`` of each batch entry ``b``; see
    :func:`ops.reverse_sequence`.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> ops.ReverseSequence(1)(x, Tensor(np.array([2, 3], np.int32))).asnumpy().tolist()
        [[2, 1, 3], [6, 5, 4]]
    """

    def __init__(self, seq_dim, batch_dim=0):
        super().__init__()
        self.set_attrs(seq_dim=check_int(seq_dim, "ReverseSequence", "seq_dim"),
                       batch_dim=check_int(batch_dim, "ReverseSequence", "batch_dim"))

    def __call__(self, x, seq_lengths):
        return Q.reverse_sequence(x, seq_lengths, self.seq_dim, self.batch_dim)


class Slice(AttrPrimitive):
    """Slice()(input, begin, size): the block starting at ``begin`` with extent ``size`` (-1 to
    the end) per dimension; see :func:`ops.slice`.

    Inputs:
        - **input** (Tensor) - the tensor to slice.
        - **begin** (Union[tuple[int], list[int]]) - the start per dimension.
        - **size** (Union[tuple[int], list[int]]) - the extent per dimension, or -1.

    Returns:
        Tensor of shape ``size`` and the dtype of ``input``.

    Raises:
        TypeError: ``begin``/``size`` are not tuples or lists of ints.
        ValueError: the block leaves the tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.Slice()(Tensor(np.arange(6).reshape(2, 3)), (0, 1), (2, 2)).asnumpy().tolist()
        [[1, 2], [4, 5]]
    """

    def __call__(self, input, begin, size):
        return Q.slice(input, begin, size)


class Flatten(AttrPrimitive):
    """Flatten()(input_x): ``input_x`` reshaped to (N, -1), keeping the first dimension (a 1-D
    input becomes (N, 1)).

    Returns:
        Tensor of ``input_x``'s dtype.

    Raises:
        TypeError: ``input_x`` is not a Tensor.
        RuntimeError: ``input_x`` is 0-D (MindSpore's error).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.Flatten()(Tensor(np.ones((2, 3, 4), np.float32))).shape
        (2, 12)
    """

    def __call__(self, input_x):
        check_tensor(input_x, "Flatten", "input_x")
        if input_x.ndim == 0:
            raise RuntimeError("Flatten: 'input_x' must be at least 1-D, but got a 0-D tensor")
        return A.reshape(input_x, (input_x.shape[0], -1) if input_x.shape[0] else
                         (0, int(np.prod(input_x.shape[1:]))))


class AddN(AttrPrimitive):
    """AddN()(inputs): the sum of a tuple or list of tensors of one shape and dtype; see
    :func:`ops.addn`.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([1, 2], np.int32))
        >>> ops.AddN()((a, a, a)).asnumpy().tolist()
        [3, 6]
    """

    def __call__(self, inputs):
        return Q.addn(inputs)


class Eye(AttrPrimitive):
    """Eye()(n, m, dtype): an (n, m) matrix of ``dtype`` with ones on the diagonal; see
    :func:`ops.eye`.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.Eye()(2, 3, ms.int32).asnumpy().tolist()
        [[1, 0, 0], [0, 1, 0]]
    """

    def __call__(self, n, m, dtype):
        return C.eye(n, m, dtype)


class CumSum(AttrPrimitive):
    """CumSum(exclusive=False, reverse=False)(input, axis): cumulative sum along ``axis`` (an
    int or a 0-D integer Tensor), from the end when ``reverse``, and without each element itself
    when ``exclusive``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> ops.CumSum(exclusive=True)(Tensor(np.array([1, 2, 3])), 0).asnumpy().tolist()
        [0, 1, 3]
    """

    def __init__(self, exclusive=False, reverse=False):
        super().__init__()
        self.set_attrs(exclusive=check_bool(exclusive, "CumSum", "exclusive"),
                       reverse=check_bool(reverse, "CumSum", "reverse"))

    def __call__(self, input, axis):
        return Q.cumsum_flags(input, axis, self.exclusive, self.reverse, "CumSum")


class TupleToArray(AttrPrimitive):
    """TupleToArray()(input_x): a 1-D tensor of a non-empty tuple of numbers of one type:
    Int32 for ints, Float32 for floats.

    Raises:
        TypeError: not a non-empty tuple/list, bools, or ints mixed with floats.
        ValueError: ints beyond int32.

    Examples:
        >>> from mindcell import ops
        >>> t = ops.TupleToArray()((1, 2, 3))
        >>> t.dtype, t.asnumpy().tolist()
        (Int32, [1, 2, 3])
    """

    def __call__(self, input_x):
        if not isinstance(input_x, (tuple, list)) or not input_x:
            raise TypeError("TupleToArray: 'input_x' must be a non-empty tuple of numbers, but "
                            "got %s" % show(input_x))
        for v in input_x:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise TypeError("TupleToArray: 'input_x' must hold ints or floats, but got %s"
                                % show(v))
        if len({isinstance(v, int) for v in input_x}) > 1:
            raise TypeError("TupleToArray: the elements of 'input_x' must all be ints or all "
                            "floats, but got %r" % (tuple(input_x),))
        if all(isinstance(v, int) for v in input_x):
            info = np.iinfo(np.int32)
            if any(not info.min <= v <= info.max for v in input_x):
                raise ValueError("TupleToArray: ints must fit in int32, but got %r"
                                 % (tuple(input_x),))
            return Tensor(np.array(input_x, np.int32))
        return Tensor(np.array(input_x, np.float32))


class ScalarToTensor(AttrPrimitive):
    """ScalarToTensor()(x, dtype=mstype.float32): a 0-D tensor of the number ``x``.

    Raises:
        TypeError: ``x`` is not a bool, int or float, or ``dtype`` not a dtype.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.ScalarToTensor()(3, ms.int32).asnumpy().tolist()
        3
    """

    def __call__(self, x, dtype=mstype.float32):
        if isinstance(x, (np.bool_, np.integer, np.floating)):
            x = x.item()
        if not isinstance(x, (bool, int, float)):
            raise TypeError("ScalarToTensor: 'x' must be a bool, int or float, but got %s"
                            % show(x))
        if not isinstance(dtype, mstype.DType):
            raise TypeError("ScalarToTensor: 'dtype' must be a mindcell dtype, but got %s"
                            % show(dtype))
        return _scalar_to_tensor(x, dtype)


class ScalarCast(AttrPrimitive):
    """ScalarCast()(input_x, input_y): the number ``input_x`` as the scalar type ``input_y``
    (int64, float64 or bool_; ints truncate toward zero).

    Raises:
        TypeError: ``input_x`` is not a number or ``input_y`` not a dtype.
        ValueError: ``input_y`` is another dtype (MindSpore's error), or inf to Int64.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> ops.ScalarCast()(-2.7, ms.int64)
        -2
    """

    def __call__(self, input_x, input_y):
        return Q.scalar_cast(input_x, input_y)


class GatherV2(AttrPrimitive):
    """GatherV2()(input_params, input_indices, axis): MindSpore's older name of ``Gather``:
    the slices of ``input_params`` at ``input_indices`` along ``axis``.

    (MindSpore 2.10's deprecated GatherV2 fails with a RuntimeError in PyNative mode; mindcell
    runs it as Gather.)

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(6).reshape(2, 3))
        >>> ops.GatherV2()(x, Tensor(np.array([2, 0])), 1).asnumpy().tolist()
        [[2, 0], [5, 3]]
    """

    def __init__(self):
        super().__init__()
        self.set_attrs(flags={"batch_dims": 0})

    def __call__(self, input_params, input_indices, axis):
        return A.gather(input_params, input_indices, axis)


class _ArgWithValue(AttrPrimitive):
    _largest = True

    def __init__(self, axis=0, keep_dims=False):
        super().__init__()
        name = type(self).__name__
        self.set_attrs(axis=check_int(axis, name, "axis"),
                       keep_dims=check_bool(keep_dims, name, "keep_dims"))

    def __call__(self, input):
        return Q.arg_extreme_with_value(input, self.axis, self.keep_dims, self._largest,
                                        type(self).__name__)


class ArgMinWithValue(_ArgWithValue):
    """ArgMinWithValue(axis=0, keep_dims=False)(input): ``(index, value)`` of the minimum along
    ``axis``: the Int64 index of its first occurrence (a NaN counts as the minimum) and the
    value.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> i, v = ops.ArgMinWithValue()(Tensor(np.array([3.0, 1.0, 2.0], np.float32)))
        >>> int(i), float(v)
        (1, 1.0)
    """
    _largest = False


class _BlockSize(AttrPrimitive):
    def __init__(self, block_size):
        super().__init__()
        check_int(block_size, type(self).__name__, "block_size", 2)
        self.set_attrs(given={"block_size": block_size}, block_size=block_size,
                       data_format="NCHW")


class DepthToSpace(_BlockSize):
    """DepthToSpace(block_size)(x): moves blocks of channels of an NCHW tensor into
    ``block_size`` x ``block_size`` spatial blocks: (N, C, H, W) -> (N, C / bs**2, H * bs,
    W * bs); channel ``(i * bs + j) * C' + c`` goes to offset (i, j) of channel ``c``.

    Raises:
        TypeError: ``block_size`` is not an int.
        ValueError: ``block_size`` < 2, ``x`` not 4-D, or C not divisible by bs**2.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(4, dtype=np.float32).reshape(1, 4, 1, 1))
        >>> ops.DepthToSpace(2)(x).asnumpy()[0, 0].tolist()
        [[0.0, 1.0], [2.0, 3.0]]
    """

    def __call__(self, x):
        return Q.depth_to_space(x, self.block_size)


class SpaceToDepth(_BlockSize):
    """SpaceToDepth(block_size)(x): the inverse of DepthToSpace: (N, C, H, W) ->
    (N, C * bs**2, H / bs, W / bs).

    Raises:
        TypeError: ``block_size`` is not an int.
        ValueError: ``block_size`` < 2, ``x`` not 4-D, or H/W not divisible by it.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> ops.SpaceToDepth(2)(x).asnumpy().ravel().tolist()
        [0.0, 1.0, 2.0, 3.0]
    """

    def __call__(self, x):
        return Q.space_to_depth(x, self.block_size)


class ScatterNdUpdate(AttrPrimitive):
    """ScatterNdUpdate(use_locking=True)(input_x, indices, updates): writes ``updates`` into the
    Parameter ``input_x`` at the n-d ``indices`` and returns it; see
    :func:`ops.scatter_nd_update`.

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


__all__ = ["ReverseV2", "ReverseSequence", "Slice", "Flatten", "AddN", "Eye", "CumSum",
           "TupleToArray", "ScalarToTensor", "ScalarCast", "GatherV2", "ArgMinWithValue",
           "DepthToSpace", "SpaceToDepth", "ScatterNdUpdate", "ScatterAdd", "UniformInt"]
