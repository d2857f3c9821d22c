"""Primitive classes of array, sequence and scalar ops (``ops.ReverseV2``, ``ops.Slice()``,
``ops.CumSum(exclusive, reverse)`` ...): attributes are set and checked at construction the way
MindSpore's are, tensors are passed at call, and each call forwards to a functional definition.
The in-place scatter and integer random classes live in operations_inplace."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, show
from mindcell.ops._f_compat import scalar_to_tensor as _scalar_to_tensor
from mindcell.ops._helpers import check_tensor
from mindcell.ops._prim_attrs import AttrPrimitive
from mindcell.ops.function import array_func as A
from mindcell.ops.function import creation_func as C
from mindcell.ops.function import sequence_func as Q
from mindcell.ops.operations_inplace import (Adam, AdamWeightDecay, ScatterAdd,  # noqa: F401
                                              ScatterNdUpdate, UniformInt)


class ReverseV2(AttrPrimitive):
    """ReverseV2(axis)(input): reverses ``input`` along every axis in ``axis`` (a tuple or list
    of ints); see :func:`ops.reverse`.

    Args:
        axis (Union[tuple[int], list[int]]): the dimensions reversed.

    Inputs:
        - **input** (Tensor) - the tensor.

    Outputs:
        Tensor of the shape and dtype of ``input``.

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

    Args:
        seq_dim (int): the dimension partly reversed.
        batch_dim (int): the batch dimension. Default: ``0``.

    Inputs:
        - **x** (Tensor) - the tensor.
        - **seq_lengths** (Tensor) - int32/int64 (batch,) lengths, each at most
          ``x.shape[seq_dim]``.

    Outputs:
        Tensor of the shape and dtype of ``x``.

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

    Inputs:
        - **input_x** (Tensor) - a tensor of rank >= 1.

    Outputs:
        Tensor of shape (N, -1) and the dtype of ``input_x``.

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

    Inputs:
        - **inputs** (Union[tuple[Tensor], list[Tensor]]) - tensors of one shape and dtype.

    Outputs:
        Tensor of the shape and dtype of the inputs.

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

    Inputs:
        - **n** (int) - the number of rows.
        - **m** (int) - the number of columns.
        - **dtype** (mindcell.dtype) - the dtype of the output.

    Outputs:
        Tensor of shape (n, m).

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

    Args:
        exclusive (bool): leave each element out of its own sum (the first is 0). Default:
            ``False``.
        reverse (bool): run from the end of the axis. Default: ``False``.

    Inputs:
        - **input** (Tensor) - a numeric (not Bool) tensor.
        - **axis** (Union[int, Tensor]) - the dimension scanned.

    Outputs:
        Tensor of the shape and dtype of ``input``.

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

    Inputs:
        - **input_x** (Union[tuple, list]) - a non-empty sequence of ints or of floats.

    Outputs:
        1-D Tensor, Int32 for ints and Float32 for floats.

    Raises:
        TypeError: not a non-empty tuple/list, bools, or ints mixed with floats.
        ValueError: ints beyond int32.

    Examples:
        >>> from mindcell import ops
        >>> t = ops.TupleToArray()((1, 2, 3))
        >>> t.dtype, t.asnumpy().tolist()
        (mindspore.int32, [1, 2, 3])
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


class ScalarToArray(AttrPrimitive):
    """ScalarToArray()(input_x): a 0-D tensor holding the number ``input_x``: Int32 for an
    int, Float32 for a float (the older MindSpore rule this primitive keeps; MindSpore 2.10's
    CPU build constructs it but raises RuntimeError for every call, so programs written for
    earlier versions are what use it).

    Inputs:
        - **input_x** (Union[int, float]) - the number (numpy scalars are taken as Python's).

    Outputs:
        Tensor, 0-D, Int32 or Float32.

    Raises:
        TypeError: ``input_x`` is not an int or a float (a bool or a Tensor included).
        ValueError: an int beyond int32.

    Examples:
        >>> from mindcell import ops
        >>> out = ops.ScalarToArray()(1.0)
        >>> out.dtype, out.shape, out.asnumpy().item()
        (mindspore.float32, (), 1.0)
        >>> print(ops.ScalarToArray()(3).dtype)
        Int32
    """

    def __call__(self, input_x):
        if isinstance(input_x, (np.integer, np.floating)):
            input_x = input_x.item()
        if isinstance(input_x, bool) or not isinstance(input_x, (int, float)):
            raise TypeError("ScalarToArray: 'input_x' must be an int or a float, but got %s"
                            % show(input_x))
        if isinstance(input_x, int):
            info = np.iinfo(np.int32)
            if not info.min <= input_x <= info.max:
                raise ValueError("ScalarToArray: an int 'input_x' must fit in int32, but got %r"
                                 % input_x)
            return Tensor(np.array(input_x, np.int32))
        return Tensor(np.array(input_x, np.float32))


class ScalarToTensor(AttrPrimitive):
    """ScalarToTensor()(x, dtype=mstype.float32): a 0-D tensor of the number ``x``.

    Inputs:
        - **x** (Union[bool, int, float]) - the number.
        - **dtype** (mindcell.dtype) - the dtype of the output. Default: ``mstype.float32``.

    Outputs:
        0-D Tensor of ``dtype``.

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
    (int64, float64 or ``bool_``; ints truncate toward zero).

    Inputs:
        - **input_x** (Union[bool, int, float]) - the number.
        - **input_y** (mindcell.dtype) - ``ms.int64``, ``ms.float64`` or ``ms.bool_``.

    Outputs:
        A Python int, float or bool.

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

    Inputs:
        - **input_params** (Tensor) - the source tensor.
        - **input_indices** (Tensor) - int32/int64 indices into ``axis``.
        - **axis** (int) - the dimension to gather along.

    Outputs:
        Tensor of shape ``input_params.shape[:axis] + input_indices.shape +
        input_params.shape[axis + 1:]``.

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

    Args:
        axis (int): the dimension reduced. Default: ``0``.
        keep_dims (bool): keep that dimension with size 1. Default: ``False``.

    Inputs:
        - **input** (Tensor) - the tensor.

    Outputs:
        Tuple ``(index, values)``: the Int64 indices of the minima and the minima.

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

    Args:
        block_size (int): the block edge, >= 2.

    Inputs:
        - **x** (Tensor) - a 4-D (N, C, H, W) tensor.

    Outputs:
        Tensor of shape (N, C / bs**2, H * bs, W * bs) and the dtype of ``x``.

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

    Args:
        block_size (int): the block edge, >= 2.

    Inputs:
        - **x** (Tensor) - a 4-D (N, C, H, W) tensor.

    Outputs:
        Tensor of shape (N, C * bs**2, H / bs, W / bs) and the dtype of ``x``.

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


__all__ = ["ReverseV2", "ReverseSequence", "Slice", "Flatten", "AddN", "Eye", "CumSum",
           "TupleToArray", "ScalarToArray", "ScalarToTensor", "ScalarCast", "GatherV2",
           "ArgMinWithValue", "DepthToSpace", "SpaceToDepth", "ScatterNdUpdate", "ScatterAdd",
           "UniformInt", "Adam", "AdamWeightDecay"]
