"""Primitive classes (``ops.ReLU()``, ``ops.MatMul(transpose_b=True)`` ...): attributes are set
at construction, tensors passed at call; each forwards to the one functional definition."""
import inspect
import numbers

from mindcell._core.random_state import RandomStream
from mindcell._docsections import shared_sections
from mindcell.ops import functional as F
from mindcell.ops.primitive import Primitive, PrimitiveWithInfer  # noqa: F401
from mindcell.ops._prim_docs import simple_doc
from mindcell.ops.defs import nn as N
from mindcell.ops.defs.shape import copy_p as _copy_p
from mindcell.common.tensor import Tensor
from mindcell.common import dtype as mstype
from mindcell.ops._helpers import (INT64_MAX, check_float, check_matmul_shapes, check_rank,
                                   check_same_input_dtypes, check_tensor, normalize_axis,
                                   normalize_dim)
from mindcell.ops._errors import (check_bool, check_int, check_ints, check_number,
                                  check_positive_int, check_same_dtype, int_arg, show)


def _simple(name, fn, doc=None):
    """A primitive class with no attributes whose call is ``fn(*inputs)``."""
    def __call__(self, *args):
        return fn(*args)
    sig = inspect.signature(fn)  # help() and tools see the real inputs
    self_param = inspect.Parameter("self", inspect.Parameter.POSITIONAL_ONLY)
    __call__.__signature__ = sig.replace(parameters=[self_param, *sig.parameters.values()])
    # the doc is derived from fn's documented Args/Returns when it has them, else the class's
    # record in _prim_docs (see simple_doc); the Examples call the Primitive
    cls = type(name, (Primitive,), {"__call__": __call__,
                                    "__doc__": simple_doc(name, fn, doc),
                                    "_function": staticmethod(fn)})  # what a call runs
    return cls


# elementwise and activations without attributes
Add = _simple("Add", F.add)
Sub = _simple("Sub", F.sub)
Mul = _simple("Mul", F.mul)
Div = _simple("Div", F.div)
RealDiv = _simple("RealDiv", F.tensor_div)  # integers truncate, 0-d tensors promote (ms-oracle)
FloorDiv = _simple("FloorDiv", F.floor_div)
FloorMod = _simple("FloorMod", F.floor_mod)


def _mod(x, y):
    """MindSpore 2.10's ``Mod``: the truncated remainder (C's ``fmod``), whose zeros are +0."""
    out = F.truncate_mod(x, y)
    return F.add(out, 0) if out.dtype.is_floating_point else out  # -0.0 + 0 is +0.0


Mod = _simple("Mod", _mod)
Pow = _simple("Pow", F.pow)
Neg = _simple("Neg", F.neg)
Abs = _simple("Abs", F.abs)
Exp = _simple("Exp", F.exp)
Log = _simple("Log", F.log)
Log1p = _simple("Log1p", F.log1p)
Sqrt = _simple("Sqrt", F.sqrt)
Rsqrt = _simple("Rsqrt", F.rsqrt)
Square = _simple("Square", F.square)
Sin = _simple("Sin", F.sin)
Cos = _simple("Cos", F.cos)
Tanh = _simple("Tanh", F.tanh)
Sigmoid = _simple("Sigmoid", F.sigmoid)
Erf = _simple("Erf", F.erf)
Asin = _simple("Asin", F.asin)
ACos = _simple("ACos", F.acos)
Atan = _simple("Atan", F.atan)
Atan2 = _simple("Atan2", F.atan2)
Asinh = _simple("Asinh", F.asinh)
Acosh = _simple("Acosh", F.acosh)
Atanh = _simple("Atanh", F.atanh)
Tan = _simple("Tan", F.tan)
Sinh = _simple("Sinh", F.sinh)
Cosh = _simple("Cosh", F.cosh)
Expm1 = _simple("Expm1", F.expm1)
Erfc = _simple("Erfc", F.erfc)
Erfinv = _simple("Erfinv", F.erfinv)
Lgamma = _simple("Lgamma", F.lgamma)
Digamma = _simple("Digamma", F.digamma)
Trunc = _simple("Trunc", F.trunc)
Rint = _simple("Rint", F.rint)
Hypot = _simple("Hypot", F.hypot)
Xdivy = _simple("Xdivy", F.xdivy)
Heaviside = _simple("Heaviside", F.heaviside)
Trace = _simple("Trace", F.trace)
Maximum = _simple("Maximum", F.maximum)
Minimum = _simple("Minimum", F.minimum)
Sign = _simple("Sign", F.sign)
Floor = _simple("Floor", F.floor)
Ceil = _simple("Ceil", F.ceil)
Round = _simple("Round", F.round)
Reciprocal = _simple("Reciprocal", F.reciprocal)
Equal = _simple("Equal", F.equal)
NotEqual = _simple("NotEqual", F.not_equal)
Less = _simple("Less", F.less)
LessEqual = _simple("LessEqual", F.less_equal)
Greater = _simple("Greater", F.greater)
GreaterEqual = _simple("GreaterEqual", F.greater_equal)
LogicalAnd = _simple("LogicalAnd", F.logical_and)
LogicalOr = _simple("LogicalOr", F.logical_or)
LogicalNot = _simple("LogicalNot", F.logical_not)
IsNan = _simple("IsNan", F.isnan)
IsInf = _simple("IsInf", F.isinf)
IsFinite = _simple("IsFinite", F.isfinite)
Select = _simple("Select", F.select)
Cast = _simple("Cast", F.cast)
ReLU = _simple("ReLU", F.relu)
ReLU6 = _simple("ReLU6", F.relu6)
SiLU = _simple("SiLU", F.silu)
HSwish = _simple("HSwish", F.hardswish)
Softplus = _simple("Softplus", F.softplus)
Reshape = _simple("Reshape", F.reshape)
Transpose = _simple("Transpose", F.transpose)
Tile = _simple("Tile", F.tile)
ExpandDims = _simple("ExpandDims", F.expand_dims)
GatherD = _simple("GatherD", F.gather_elements)
Assign = _simple("Assign", F.assign)
AssignAdd = _simple("AssignAdd", F.assign_add)
AssignSub = _simple("AssignSub", F.assign_sub)
StopGradient = _simple("StopGradient", F.stop_gradient)
Depend = _simple("Depend", F.depend)
MaskedFill = _simple("MaskedFill", F.masked_fill)
ZerosLike = _simple("ZerosLike", F.zeros_like)
OnesLike = _simple("OnesLike", F.ones_like)
Print = _simple("Print", F.print_, "Print(): prints strings and tensors (also in graphs).")


class Identity(Primitive):
    """Returns a new tensor with the values of ``x``, in its own memory: a later in-place write
    to the result (``y[..., 0] = v``) does not change ``x``. MindSpore's Identity primitive
    copies, unlike the function :func:`ops.identity`, whose result shares ``x``'s memory;
    programs use ``ops.Identity()(x)`` to copy a tensor before writing into it.

    Inputs:
        - **x** (Tensor) - the input tensor.

    Outputs:
        Tensor of ``x``'s shape and dtype.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 2.0], np.float32))
        >>> y = ops.Identity()(x)
        >>> y[0] = 5.0
        >>> print(x, y)
        [1. 2.] [5. 2.]
    """

    def __call__(self, x):
        return _copy_p.bind(check_tensor(x, "Identity", "x"))


class identity(Primitive):  # noqa: N801 -- MindSpore's (deprecated) lower-case class name
    """Returns its input itself (the object passed in, not a copy): MindSpore's deprecated
    ``ops.operations.identity`` primitive (``mindspore.ops.deprecated.identity``), which model-zoo
    losses use as a pass-through (``self.identity = P.identity()``). Unlike
    :class:`Identity`, a later in-place write to the result changes the input; any object
    passes, as in MindSpore.

    Inputs:
        - **x** (Any) - the input.

    Outputs:
        ``x`` itself.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import operations as P
        >>> x = Tensor(np.array([1.0, 2.0], np.float32))
        >>> P.identity()(x) is x
        True
    """

    def __call__(self, x):
        return x


class Gather(Primitive):
    """Takes the slices of ``input_params`` at ``input_indices`` along ``axis``.

    Args:
        batch_dims (int): the number of leading batch dimensions shared by ``input_params`` and
            ``input_indices``. Default: ``0``.

    Inputs:
        - **input_params** (Tensor) - the source tensor.
        - **input_indices** (Tensor) - int32/int64 indices into ``axis``.
        - **axis** (int) - the dimension to gather along.

    Outputs:
        Tensor of shape ``input_params.shape[:axis] + input_indices.shape[batch_dims:] +
        input_params.shape[axis + 1:]``.

    Raises:
        TypeError: ``batch_dims`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.float32))
        >>> print(ops.Gather()(x, Tensor(np.array([2, 0], np.int32)), 1))
        [[3. 1.]
         [6. 4.]]
    """

    def __init__(self, batch_dims=0):
        super().__init__()
        self.batch_dims = check_int(batch_dims, "Gather", "batch_dims")

    def __call__(self, input_params, input_indices, axis):
        return F.gather(input_params, input_indices, axis, self.batch_dims)


class _Reduce(Primitive):
    """The Reduce* primitives' shared sections (each class borrows them with shared_sections).

    Args:
        keep_dims (bool): keep the reduced dimensions with size 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - the tensor to reduce.
        - **axis** (Union[int, tuple[int], list[int]]) - the dimensions to reduce; ``()`` (the
          default) reduces all of them.

    Outputs:
        Tensor with the reduced dimensions removed (size 1 with ``keep_dims``).

    Raises:
        TypeError: ``keep_dims`` is not a bool, or ``x`` is not a Tensor.
        ValueError: an axis is out of range.

    """
    _fn = None

    def __init__(self, keep_dims=False):
        super().__init__()
        if not isinstance(keep_dims, bool):
            raise TypeError("%s: 'keep_dims' must be a bool, but got %r"
                            % (type(self).__name__, keep_dims))
        self.keep_dims = keep_dims

    def __call__(self, x, axis=()):
        check_tensor(x, type(self).__name__, "x")
        return type(self)._fn(x, normalize_axis(axis, x.ndim, type(self).__name__) or None,
                              self.keep_dims)


class ReduceSum(_Reduce):
    """Reduces ``x`` by summation over ``axis``, keeping the dtype of ``x``.

    With ``skip_mode`` an empty ``axis`` returns ``x`` unchanged instead of summing every axis
    (MindSpore's documented rule; its CPU kernel instead fills x's shape with the total).

    Args:
        keep_dims (bool): keep the reduced dimensions with size 1. Default: ``False``.
        skip_mode (bool): an empty ``axis`` skips the reduction. Default: ``False``.

    Inputs:
        - **x** (Tensor) - the tensor to reduce.
        - **axis** (Union[int, tuple[int], list[int]]) - the dimensions to reduce; ``()`` (the
          default) reduces all of them.

    Outputs:
        Tensor of the dtype of ``x`` with the reduced dimensions removed (size 1 with
        ``keep_dims``).

    Raises:
        TypeError: ``keep_dims`` or ``skip_mode`` is not a bool, or ``x`` is not a Tensor.
        ValueError: an axis is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> print(ops.ReduceSum()(x), ops.ReduceSum()(x, 0), ops.ReduceSum(True)(x, 1).shape)
        21 [5 7 9] (2, 1)
        >>> print(ops.ReduceSum(skip_mode=True)(x, ()).shape)
        (2, 3)
    """
    _fn = staticmethod(lambda x, axis, keep: F.reduce_sum(x, axis or (), keep))

    def __init__(self, keep_dims=False, skip_mode=False):
        super().__init__(keep_dims)
        self.skip_mode = check_bool(skip_mode, "ReduceSum", "skip_mode")

    def __call__(self, x, axis=()):
        if self.skip_mode and isinstance(axis, (tuple, list)) and not axis:
            return F.identity(check_tensor(x, "ReduceSum", "x"))
        return super().__call__(x, axis)


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceMean(_Reduce):
    """Reduces ``x`` by the mean over ``axis``.

    The result has the dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0], [3.0, 6.0]], np.float32))
        >>> print(ops.ReduceMean()(x), ops.ReduceMean(keep_dims=True)(x, 1))
        3.0 [[1.5]
         [4.5]]
    """
    _fn = staticmethod(F.mean)


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceMax(_Reduce):
    """Reduces ``x`` by the maximum over ``axis``.

    The result has the dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 7], [4, 2]], np.int32))
        >>> print(ops.ReduceMax()(x, 0), ops.ReduceMax(True)(x, (0, 1)))
        [4 7] [[7]]
    """
    _fn = staticmethod(F.amax)


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceMin(_Reduce):
    """Reduces ``x`` by the minimum over ``axis``.

    The result has the dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.5, 7.0], [4.0, -2.0]], np.float32))
        >>> print(ops.ReduceMin()(x, 1))
        [ 1.5 -2. ]
    """
    _fn = staticmethod(F.amin)


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceProd(_Reduce):
    """Reduces ``x`` by the product over ``axis``.

    The product is computed and returned in the dtype of ``x`` (``ops.prod`` gives integer
    inputs as Int64).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> y = ops.ReduceProd()(x, 1)
        >>> print(y, y.dtype)
        [  6 120] Int32
    """
    _fn = staticmethod(lambda x, axis, keep: F.prod(x, axis, keep, x.dtype))


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceAll(_Reduce):
    """Reduces ``x`` by logical AND over ``axis``.

    The result is a bool tensor: True where every element is nonzero.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[True, False], [True, True]]))
        >>> print(ops.ReduceAll()(x, 1), ops.ReduceAll()(x))
        [False  True] False
    """

    _fn = staticmethod(F.all)


@shared_sections(_Reduce, ("Args:", "Inputs:", "Raises:"))
class ReduceAny(_Reduce):
    """Reduces ``x`` by logical OR over ``axis``.

    The result is a bool tensor: True where any element is nonzero.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[False, False], [True, False]]))
        >>> print(ops.ReduceAny(keep_dims=True)(x, 1))
        [[False]
         [ True]]
    """

    _fn = staticmethod(F.any)


class MatMul(Primitive):
    """The product of two 2-D matrices, optionally transposing either first.

    Args:
        transpose_a (bool): use the transpose of ``x``. Default: ``False``.
        transpose_b (bool): use the transpose of ``y``. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a 2-D tensor.
        - **y** (Tensor) - a 2-D tensor of the dtype of ``x``.

    Outputs:
        2-D Tensor ``op(x) @ op(y)``.

    Raises:
        TypeError: a transpose flag is not a bool, or the dtypes differ.
        ValueError: an input is not 2-D or the inner dimensions do not match.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0], [3.0, 4.0]], np.float32))
        >>> y = Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32))
        >>> print(ops.MatMul()(x, y))
        [[3. 2.]
         [7. 4.]]
        >>> print(ops.MatMul(transpose_b=True)(x, y))
        [[1. 3.]
         [3. 7.]]
    """

    def __init__(self, transpose_a=False, transpose_b=False):
        super().__init__()
        name = type(self).__name__
        self.transpose_a = check_bool(transpose_a, name, "transpose_a")
        self.transpose_b = check_bool(transpose_b, name, "transpose_b")

    def __call__(self, x, y):
        if isinstance(x, Tensor) and isinstance(y, Tensor):
            check_same_dtype("MatMul", x.dtype, y.dtype)
        a, b = F.binary_operands(x, y, "MatMul")
        if a.ndim != 2 or b.ndim != 2:
            raise ValueError("MatMul: inputs must be 2-D, but got %s and %s" % (a.shape, b.shape))
        check_matmul_shapes("MatMul", a.shape, b.shape, self.transpose_a, self.transpose_b)
        return N.matmul_p.bind(a, b, transpose_a=self.transpose_a, transpose_b=self.transpose_b)


class BatchMatMul(MatMul):
    """The matrix product over the last two dimensions, batched over (broadcast)
    leading dimensions, optionally transposing either matrix.

    Args:
        transpose_a (bool): transpose the last two dimensions of ``x``. Default: ``False``.
        transpose_b (bool): transpose the last two dimensions of ``y``. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a tensor of rank >= 2.
        - **y** (Tensor) - a tensor of rank >= 2 and the dtype of ``x``.

    Outputs:
        Tensor of shape ``batch + (M, N)``.

    Raises:
        TypeError: a transpose flag is not a bool, or the dtypes differ.
        ValueError: an input has rank < 2 or the inner dimensions do not match.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((2, 3, 4), np.float32))
        >>> y = Tensor(np.ones((2, 5, 4), np.float32))
        >>> print(ops.BatchMatMul(transpose_b=True)(x, y).shape)
        (2, 3, 5)
    """

    def __call__(self, x, y):
        if isinstance(x, Tensor) and isinstance(y, Tensor):
            check_same_dtype("BatchMatMul", x.dtype, y.dtype)
        a, b = F.binary_operands(x, y, "BatchMatMul")
        if a.ndim < 2 or b.ndim < 2:
            raise ValueError("BatchMatMul: inputs must be at least 2-D, but got %s and %s"
                             % (a.shape, b.shape))
        check_matmul_shapes("BatchMatMul", a.shape, b.shape, self.transpose_a,
                            self.transpose_b)
        return N.batch_matmul_p.bind(a, b, transpose_a=self.transpose_a,
                                     transpose_b=self.transpose_b)


class _Axis(Primitive):
    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis


class Softmax(_Axis):
    """The softmax ``exp(x) / sum(exp(x))`` along ``axis``.

    Args:
        axis (Union[int, tuple[int]]): the dimension normalized; a tuple holds one (as
            MindSpore 2.10 takes ``Softmax(axis=(1,))``). Default: ``-1``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``; it sums to 1 along ``axis``.

    Raises:
        TypeError: ``axis`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.Softmax()(Tensor(np.array([1.0, 2.0, 3.0], np.float32))))
        [0.09003057 0.24472848 0.66524094]
    """

    def __init__(self, axis=-1):
        if isinstance(axis, tuple):  # (a list is a TypeError, as in MindSpore 2.10)
            if len(axis) != 1:
                raise ValueError("Softmax: 'axis' given as a tuple must hold one axis (mindcell "
                                 "normalizes along one dimension), but got %r" % (axis,))
            axis = axis[0]
        super().__init__(axis)

    def __call__(self, x):
        return F.softmax(x, self.axis)


class LogSoftmax(_Axis):
    """The log of the softmax along ``axis``: ``x - log(sum(exp(x)))``.

    Args:
        axis (int): the dimension normalized. Default: ``-1``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0.0, 1.0], [2.0, 2.0]], np.float32))
        >>> print(ops.LogSoftmax(axis=0)(x))
        [[-2.126928   -1.3132616 ]
         [-0.12692805 -0.31326166]]
    """

    def __call__(self, x):
        return F.log_softmax(x, self.axis)


class Concat(_Axis):
    """Joins tensors along an existing dimension.

    Args:
        axis (int): the dimension joined along. Default: ``0``.

    Inputs:
        - **tensors** (Union[tuple[Tensor], list[Tensor]]) - tensors of equal shape except along
          ``axis``.

    Outputs:
        Tensor whose ``axis`` dimension is the sum of the inputs'.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1, 2]], np.int32))
        >>> b = Tensor(np.array([[3, 4], [5, 6]], np.int32))
        >>> print(ops.Concat()((a, b)))
        [[1 2]
         [3 4]
         [5 6]]
    """

    def __init__(self, axis=0):
        super().__init__(axis)

    def __call__(self, tensors):
        return F.concat(tensors, self.axis)


class Stack(_Axis):
    """Joins tensors of one shape along a new dimension.

    Args:
        axis (int): the position of the new dimension. Default: ``0``.

    Inputs:
        - **tensors** (Union[tuple[Tensor], list[Tensor]]) - tensors of the same shape.

    Outputs:
        Tensor with one more dimension, of size ``len(tensors)`` at ``axis``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([1, 2], np.float32))
        >>> b = Tensor(np.array([3, 4], np.float32))
        >>> print(ops.Stack(axis=1)([a, b]))
        [[1. 3.]
         [2. 4.]]
    """

    def __init__(self, axis=0):
        super().__init__(axis)

    def __call__(self, tensors):
        return F.stack(tensors, self.axis)


class Split(Primitive):
    """Splits a tensor into ``output_num`` equal pieces along ``axis``.

    Args:
        axis (int): the dimension split. Default: ``0``.
        output_num (int): the number of pieces; it must divide the size of ``axis``. Default:
            ``1``.

    Inputs:
        - **x** (Tensor) - a tensor of rank >= 1.

    Outputs:
        tuple[Tensor] of ``output_num`` tensors.

    Raises:
        TypeError: ``axis`` is not an int, or ``x`` is not a Tensor.
        ValueError: ``output_num`` is not positive, ``axis`` is out of range, or the size of
            ``axis`` is not divisible by ``output_num``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(8).reshape(2, 4).astype(np.int32))
        >>> a, b = ops.Split(axis=1, output_num=2)(x)
        >>> print(a, b)
        [[0 1]
         [4 5]] [[2 3]
         [6 7]]
    """

    def __init__(self, axis=0, output_num=1):
        super().__init__()
        self.axis = check_int(axis, "Split", "axis")  # its range is checked against x
        self.output_num = check_positive_int(output_num, "Split", "output_num")

    def __call__(self, x):
        check_rank(check_tensor(x, "Split", "x"), "Split", 1, "x")
        n = x.shape[normalize_dim(self.axis, x.ndim, "Split")]
        if n % self.output_num:
            raise ValueError("Split: axis length %d is not divisible by output_num %d"
                             % (n, self.output_num))
        return F.tensor_split(x, self.output_num, self.axis)


class Squeeze(Primitive):
    """Removes dimensions of size 1.

    Args:
        axis (Union[int, tuple[int]]): the dimensions to remove (one whose size is not 1
            stays, as in MindSpore 2.10); ``()`` removes every dimension of size 1.
            Default: ``()``.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tensor with the same elements and fewer dimensions.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((1, 3, 1), np.float32))
        >>> print(ops.Squeeze()(x).shape, ops.Squeeze(2)(x).shape)
        (3,) (1, 3)
    """

    def __init__(self, axis=()):
        super().__init__()
        self.axis = axis

    def __call__(self, x):
        return F.squeeze(x, self.axis)  # () squeezes every size-1 axis, as in ops.squeeze


class BroadcastTo(Primitive):
    """Broadcasts a tensor to a shape.

    Args:
        shape (tuple[int]): the target shape; -1 keeps the input's size in that dimension.

    Inputs:
        - **x** (Tensor) - a tensor whose shape broadcasts to ``shape``.

    Outputs:
        Tensor of shape ``shape`` and the dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1, 2, 3], np.int32))
        >>> print(ops.BroadcastTo((2, 3))(x))
        [[1 2 3]
         [1 2 3]]
    """

    def __init__(self, shape):
        super().__init__()
        self.shape = shape

    def __call__(self, x):
        return F.broadcast_to(x, self.shape)


class ArgMaxWithValue(Primitive):
    """The index and the value of the maximum along ``axis``.

    Args:
        axis (int): the dimension reduced. Default: ``0``.
        keep_dims (bool): keep that dimension with size 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tuple ``(index, values)``: the int indices of the maxima and the maxima.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], np.float32))
        >>> index, values = ops.ArgMaxWithValue(axis=1)(x)
        >>> print(index, values)
        [1 0] [5. 7.]
    """

    def __init__(self, axis=0, keep_dims=False):
        super().__init__()
        self.axis, self.keep_dims = axis, keep_dims

    def __call__(self, x):
        values, index = F.max(x, self.axis, self.keep_dims)
        return index, values


class Argmax(Primitive):
    """The index of the maximum along ``axis``.

    Args:
        axis (int): the dimension reduced. Default: ``-1``.
        output_type (mindcell.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tensor of ``output_type`` with ``axis`` removed.

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``output_type`` is neither Int32 nor Int64, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 5.0, 2.0], [7.0, 0.0, 3.0]], np.float32))
        >>> y = ops.Argmax(output_type=ms.int64)(x)
        >>> print(y, y.dtype)
        [1 0] Int64
    """

    _reduce = staticmethod(F.argmax)

    def __init__(self, axis=-1, output_type=mstype.int32):
        super().__init__()
        name = type(self).__name__
        axis = int_arg(axis)  # a numpy int or a 0-d integer Tensor reads as its int
        if isinstance(axis, bool) or not isinstance(axis, numbers.Integral):
            raise TypeError("%s: 'axis' must be an int, but got %s" % (name, show(axis)))
        axis = int(axis)
        output_type = mstype.int32 if output_type is None else output_type
        if not isinstance(output_type, mstype.DType) or \
                output_type not in (mstype.int32, mstype.int64):
            raise ValueError("%s: 'output_type' must be Int32 or Int64, but got %s"
                             % (name, show(output_type)))
        self.add_prim_attr("axis", axis)
        self.add_prim_attr("output_type", output_type)

    def __call__(self, x):
        check_tensor(x, type(self).__name__, "x")  # not ops.argmax's numpy-number path
        return F.cast(self._reduce(x, self.axis), self.output_type)


class Argmin(Argmax):
    """The index of the minimum along ``axis`` (the first one where several are equal).

    Args:
        axis (int): the dimension reduced. Default: ``-1``.
        output_type (mindcell.dtype): ``ms.int32`` or ``ms.int64``. Default: ``ms.int32``.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tensor of ``output_type`` with ``axis`` removed.

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``output_type`` is neither Int32 nor Int64, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, -5.0, 2.0], [7.0, 0.0, 3.0]], np.float32))
        >>> y = ops.Argmin(axis=0, output_type=ms.int64)(x)
        >>> print(y, y.dtype)
        [0 0 0] Int64
    """

    _reduce = staticmethod(F.argmin)


class GeLU(Primitive):
    """The Gaussian error linear unit, in its tanh approximation (MindSpore's primitive):
    ``0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x ** 3)))``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.GeLU()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.158808   0.         1.9545977]
    """

    def __call__(self, x):
        return F.gelu(x, "tanh")


class FastGeLU(GeLU):
    """The fast GeLU approximation ``x * sigmoid(1.702 * x)`` (see ``ops.fast_gelu``).

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.FastGeLU()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.15420423  0.          1.9356586 ]
    """

    def __call__(self, x):
        return F.fast_gelu(x)


class LeakyReLU(Primitive):
    """The leaky ReLU: ``x`` where ``x >= 0``, ``alpha * x`` elsewhere.

    Args:
        alpha (float): the slope of the negative part. Default: ``0.2``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.LeakyReLU(0.1)(Tensor(np.array([-2.0, 0.0, 3.0], np.float32))))
        [-0.2  0.   3. ]
    """

    def __init__(self, alpha=0.2):
        super().__init__()
        self.alpha = alpha

    def __call__(self, x):
        return F.leaky_relu(x, self.alpha)


class Elu(Primitive):
    """The exponential linear unit: ``x`` where ``x > 0``, ``alpha * (exp(x) - 1)``
    elsewhere.

    Args:
        alpha (float): the scale of the negative part. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.Elu()(Tensor(np.array([-1.0, 0.0, 2.0], np.float32))))
        [-0.63212055  0.          2.        ]
    """

    def __init__(self, alpha=1.0):
        super().__init__()
        self.alpha = alpha

    def __call__(self, x):
        return F.elu(x, self.alpha)


class OneHot(Primitive):
    """One-hot encodes integer indices: ``on_value`` at each index, ``off_value``
    elsewhere, along a new dimension of size ``depth``.

    Args:
        axis (int): where the new dimension goes. Default: ``-1``.

    Inputs:
        - **indices** (Tensor) - int32/int64 class indices.
        - **depth** (int) - the number of classes.
        - **on_value** (Union[Tensor, number]) - the value at the index.
        - **off_value** (Union[Tensor, number]) - the value elsewhere.

    Outputs:
        Tensor of rank ``indices.ndim + 1`` and the dtype of ``on_value``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> on, off = Tensor(1.0, np.float32), Tensor(0.0, np.float32)
        >>> print(ops.OneHot()(Tensor(np.array([0, 2], np.int32)), 3, on, off))
        [[1. 0. 0.]
         [0. 0. 1.]]
    """

    def __init__(self, axis=-1):
        super().__init__()
        self.axis = axis

    def __call__(self, indices, depth, on_value, off_value):
        return F.one_hot(indices, depth, on_value, off_value, self.axis)


class TopK(Primitive):
    """The ``k`` largest values along the last dimension and their indices.

    Args:
        sorted (bool): return them in descending order. Default: ``True``.

    Inputs:
        - **x** (Tensor) - the tensor.
        - **k** (int) - how many values to take.

    Outputs:
        Tuple ``(values, indices)`` whose last dimension has size ``k``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> values, indices = ops.TopK()(Tensor(np.array([1.0, 4.0, 3.0, 2.0], np.float32)), 2)
        >>> print(values, indices)
        [4. 3.] [1 2]
    """

    def __init__(self, sorted=True):
        super().__init__()
        self.sorted = sorted

    def __call__(self, x, k):
        return F.topk(x, k, None, True, self.sorted)


class Sort(Primitive):
    """Sorts a tensor along ``axis``, returning the values and their original indices.

    Args:
        axis (int): the dimension sorted. Default: ``-1``.
        descending (bool): sort from largest to smallest. Default: ``False``.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tuple ``(values, indices)`` of the shape of ``x``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([2.0, 3.0, 1.0], np.float32))
        >>> values, indices = ops.Sort(descending=True)(x)
        >>> print(values, indices)
        [3. 2. 1.] [1 0 2]
    """

    def __init__(self, axis=-1, descending=False):
        super().__init__()
        self.axis, self.descending = axis, descending

    def __call__(self, x):
        return F.sort(x, self.axis, self.descending)


def _check_format(data_format, op):
    if not isinstance(data_format, str) or data_format not in ("NCHW", "NHWC"):
        raise ValueError("%s: 'data_format' must be 'NCHW' or 'NHWC', but got %s"
                         % (op, show(data_format)))
    if data_format == "NHWC":
        raise ValueError("%s: the 'NHWC' data_format is only supported on GPU (as in MindSpore); "
                         "mindcell runs on CPU: use 'NCHW'" % op)


class Conv2D(Primitive):
    """2-D convolution of an NCHW tensor with a weight of shape
    ``(out_channel, C / group, kH, kW)``, without bias.

    Args:
        out_channel (int): the number of output channels.
        kernel_size (Union[int, tuple[int]]): the kernel height and width.
        mode (int): must be 1 (convolution). Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding), ``'same'`` (output size ceil(in / stride)) or
            ``'pad'`` (the ``pad`` amounts). Default: ``'valid'``.
        pad (Union[int, tuple[int]]): the padding with ``pad_mode='pad'``: one int, (top/bottom,
            left/right) or (top, bottom, left, right). Default: ``0``.
        stride (Union[int, tuple[int]]): the stride. Default: ``1``.
        dilation (Union[int, tuple[int]]): the dilation. Default: ``1``.
        group (int): the number of channel groups. Default: ``1``.
        data_format (str): must be ``'NCHW'`` (NHWC is GPU-only in MindSpore). Default:
            ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - a float tensor of shape (N, C, H, W).
        - **weight** (Tensor) - the kernel, of shape (out_channel, C / group, kH, kW).

    Outputs:
        Tensor of shape (N, out_channel, H_out, W_out).

    Raises:
        TypeError: ``mode`` is not an int.
        ValueError: ``mode`` is not 1 or ``data_format`` is not ``'NCHW'``; at the call, ``x``
            or ``weight`` is not 4-D, ``pad`` is non-zero without ``'pad'``, or the channels
            do not match ``group``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((1, 2, 4, 4), np.float32))
        >>> w = Tensor(np.ones((3, 2, 3, 3), np.float32))
        >>> y = ops.Conv2D(out_channel=3, kernel_size=3, pad_mode="same")(x, w)
        >>> print(y.shape, y[0, 0, 0].asnumpy())
        (1, 3, 4, 4) [ 8. 12. 12.  8.]
    """

    def __init__(self, out_channel, kernel_size, mode=1, pad_mode="valid", pad=0, stride=1,
                 dilation=1, group=1, data_format="NCHW"):
        super().__init__()
        if isinstance(mode, bool) or not isinstance(mode, int):
            raise TypeError("Conv2D: 'mode' must be an int, but got %s" % show(mode))
        if mode != 1:
            raise ValueError("Conv2D: 'mode' must be 1, but got %d" % mode)
        _check_format(data_format, "Conv2D")
        self.out_channel, self.kernel_size = out_channel, kernel_size
        self.pad_mode, self.pad, self.stride = pad_mode, pad, stride
        self.dilation, self.group = dilation, group

    def __call__(self, x, weight):
        return F.conv2d(x, weight, None, self.stride, self.pad_mode, self.pad, self.dilation,
                        self.group)


class MaxPool(Primitive):
    """2-D max pooling of an NCHW tensor.

    Args:
        kernel_size (Union[int, tuple[int]]): the window height and width. Default: ``1``.
        strides (Union[int, tuple[int]]): the stride. Default: ``1``.
        pad_mode (str): ``'valid'`` (no padding) or ``'same'`` (output size ceil(in / stride)),
            in any case. Default: ``'valid'``.
        data_format (str): must be ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - a tensor of shape (N, C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out).

    Raises:
        ValueError: ``data_format`` is not ``'NCHW'``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(16, dtype=np.float32).reshape(1, 1, 4, 4))
        >>> print(ops.MaxPool(kernel_size=2, strides=2)(x))
        [[[[ 5.  7.]
           [13. 15.]]]]
    """

    def __init__(self, kernel_size=1, strides=1, pad_mode="valid", data_format="NCHW"):
        super().__init__()
        _check_format(data_format, type(self).__name__)
        self.kernel_size, self.strides, self.pad_mode = kernel_size, strides, pad_mode

    _kind = "max"

    def __call__(self, x):
        from mindcell.ops.function.nn_func import _pool2d_pad_mode
        return _pool2d_pad_mode(x, self._kind, self.kernel_size, self.strides, self.pad_mode,
                               type(self).__name__)


class AvgPool(MaxPool):
    """2-D average pooling of an NCHW tensor; with ``'same'`` padding the padded
    positions are not counted in the average.

    Args:
        kernel_size (Union[int, tuple[int]]): the window height and width. Default: ``1``.
        strides (Union[int, tuple[int]]): the stride. Default: ``1``.
        pad_mode (str): ``'valid'`` or ``'same'``, in any case. Default: ``'VALID'``.
        data_format (str): must be ``'NCHW'``. Default: ``'NCHW'``.

    Inputs:
        - **x** (Tensor) - a float tensor of shape (N, C, H, W).

    Outputs:
        Tensor of shape (N, C, H_out, W_out).

    Raises:
        ValueError: ``data_format`` is not ``'NCHW'``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.arange(9, dtype=np.float32).reshape(1, 1, 3, 3))
        >>> print(ops.AvgPool(kernel_size=2, strides=2, pad_mode="same")(x))
        [[[[2.  3.5]
           [6.5 8. ]]]]
    """
    _kind = "avg"

    def __init__(self, kernel_size=1, strides=1, pad_mode="VALID", data_format="NCHW"):
        super().__init__(kernel_size, strides, pad_mode, data_format)


class SoftmaxCrossEntropyWithLogits(Primitive):
    """The softmax cross entropy of each sample with dense
    (probability) labels, and its gradient with respect to the logits.

    Inputs:
        - **logits** (Tensor) - float logits of shape (N, C).
        - **labels** (Tensor) - target probabilities of the shape and dtype of ``logits``.

    Outputs:
        Tuple ``(loss, backprop)``: the per-sample loss of shape (N,) and ``softmax(logits) -
        labels`` of shape (N, C).

    Raises:
        TypeError: ``labels`` has another dtype than ``logits`` (MindSpore 2.10 casts neither).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.array([[2.0, 1.0, 0.0]], np.float32))
        >>> loss, backprop = ops.SoftmaxCrossEntropyWithLogits()(
        ...     logits, Tensor(np.array([[1.0, 0.0, 0.0]], np.float32)))
        >>> print(loss, backprop)
        [0.407606] [[-0.33475906  0.24472848  0.09003056]]
    """

    def __call__(self, logits, labels):
        check_same_input_dtypes("SoftmaxCrossEntropyWithLogits", logits=logits, labels=labels)
        return F.softmax_cross_entropy_op(logits, labels)


class SigmoidCrossEntropyWithLogits(Primitive):
    """The binary cross entropy of sigmoid logits, elementwise,
    without reduction: ``-(label * log(sigmoid(logits)) + (1 - label) * log(1 - sigmoid(logits)))``.

    Inputs:
        - **logits** (Tensor) - float logits.
        - **label** (Tensor) - targets in [0, 1], of the shape and dtype of ``logits``.

    Outputs:
        Tensor of the shape and dtype of ``logits``.

    Raises:
        TypeError: ``logits`` is not a float tensor or ``label`` has another dtype.
        ValueError: the shapes differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.array([0.0, 2.0, -1.0], np.float32))
        >>> label = Tensor(np.array([1.0, 1.0, 0.0], np.float32))
        >>> print(ops.SigmoidCrossEntropyWithLogits()(logits, label))
        [0.6931472  0.126928   0.31326163]
    """

    def __call__(self, logits, label):
        op = "SigmoidCrossEntropyWithLogits"
        check_float(logits, op, "logits")
        if check_tensor(label, op, "label").dtype != logits.dtype:
            raise TypeError("%s: 'label' must have the dtype of 'logits' (%s), but got %s"
                            % (op, logits.dtype, label.dtype))
        if label.shape != logits.shape:
            raise ValueError("%s: 'label' must have the shape of 'logits' %s, but got %s"
                             % (op, logits.shape, label.shape))
        # MindSpore's bprop of this primitive returns zeros for the label (unlike the
        # functional binary_cross_entropy_with_logits, which differentiates the target too)
        return F.binary_cross_entropy_with_logits(logits, F.stop_gradient(label), reduction="none")


class SparseSoftmaxCrossEntropyWithLogits(Primitive):
    """The mean softmax cross entropy of logits with
    class-index labels, or with ``is_grad`` its gradient with respect to the logits.

    Args:
        is_grad (bool): return the gradient ``(softmax(logits) - one_hot(labels)) / N`` instead
            of the loss. Default: ``False``.

    Inputs:
        - **logits** (Tensor) - float logits of shape (N, C).
        - **labels** (Tensor) - int32/int64 class indices of shape (N,).

    Outputs:
        0-D Tensor, the mean loss; with ``is_grad`` a Tensor of the shape of ``logits``.

    Raises:
        TypeError: ``is_grad`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = Tensor(np.array([[2.0, 1.0, 0.0], [0.0, 0.0, 0.0]], np.float32))
        >>> labels = Tensor(np.array([0, 2], np.int32))
        >>> print(ops.SparseSoftmaxCrossEntropyWithLogits()(logits, labels))
        0.7531091
    """

    def __init__(self, is_grad=False):
        super().__init__()
        self.is_grad = check_bool(is_grad, "SparseSoftmaxCrossEntropyWithLogits", "is_grad")

    def __call__(self, logits, labels):
        if self.is_grad:  # the gradient of the mean loss: (softmax - one_hot) / batch
            probs = F.softmax(logits, -1)
            hot = F.one_hot(labels, logits.shape[-1], F.scalar_to_tensor(1.0, logits.dtype),
                            F.scalar_to_tensor(0.0, logits.dtype))
            return F.div(F.sub(probs, hot), logits.shape[0])
        return F.reduce_mean(F.sparse_softmax_cross_entropy(logits, labels))


class LayerNorm(Primitive):
    """Layer normalization over the dimensions from ``begin_norm_axis`` on, scaled
    by ``gamma`` and shifted by ``beta``.

    Args:
        begin_norm_axis (int): the first normalized dimension. Default: ``1``.
        begin_params_axis (int): the first dimension that ``gamma``/``beta`` cover. Default:
            ``1``.
        epsilon (float): added to the variance. Default: ``1e-7``.

    Inputs:
        - **x** (Tensor) - a float tensor.
        - **gamma** (Tensor) - the scale, of shape ``x.shape[begin_params_axis:]``.
        - **beta** (Tensor) - the shift, of the shape of ``gamma``.

    Outputs:
        Tuple ``(y, mean, variance)``: the normalized tensor, and the mean and (biased, without
        ``epsilon``) variance per normalized group (with the normalized dimensions kept as size
        1), as MindSpore 2.10's CPU LayerNorm gives them.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 2.0]], np.float32))
        >>> g, b = Tensor(np.ones(3, np.float32)), Tensor(np.zeros(3, np.float32))
        >>> y, mean, var = ops.LayerNorm()(x, g, b)
        >>> print(y, mean.shape, var.asnumpy().ravel())
        [[-1.2247448  0.         1.2247448]
         [ 0.         0.         0.       ]] (2, 1) [0.6666667 0.       ]
    """

    def __init__(self, begin_norm_axis=1, begin_params_axis=1, epsilon=1e-7):
        super().__init__()
        self.begin_norm_axis, self.begin_params_axis = begin_norm_axis, begin_params_axis
        self.epsilon = epsilon

    def __call__(self, x, gamma, beta):
        y, mean, _ = F.layer_norm_op(x, gamma, beta, self.begin_norm_axis,
                                     self.begin_params_axis, self.epsilon)
        # MindSpore 2.10's LayerNorm gives the (biased) variance as its third output, without
        # epsilon (ms-oracle), not the reciprocal standard deviation
        begin = self.begin_norm_axis % x.ndim  # checked by layer_norm_op
        var = F.reduce_mean(F.square(F.sub(x, mean)), tuple(range(begin, x.ndim)), True)
        return y, mean, var


class RmsNorm(Primitive):
    """Root-mean-square normalization over the trailing dimensions that ``gamma``
    covers: ``x / sqrt(mean(x ** 2) + epsilon) * gamma``.

    Args:
        epsilon (float): added to the mean square. Default: ``1e-6``.

    Inputs:
        - **x** (Tensor) - a float tensor.
        - **gamma** (Tensor) - the scale, of the shape of the trailing dimensions of ``x``.

    Outputs:
        Tuple ``(y, rstd)``: the normalized tensor and the reciprocal root mean square.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> y, rstd = ops.RmsNorm()(x, Tensor(np.ones(2, np.float32)))
        >>> print(y, rstd)
        [[0.8485281 1.1313708]] [[0.2828427]]
    """

    def __init__(self, epsilon=1e-6):
        super().__init__()
        self.epsilon = epsilon

    def __call__(self, x, gamma):
        return F.rms_norm(x, gamma, self.epsilon)


class Dropout(Primitive):
    """Randomly zeroes elements with probability ``1 - keep_prob`` and scales the
    kept ones by ``1 / keep_prob``.

    With ``Seed0`` or ``Seed1`` non-zero the instance owns a random stream started from them (as
    :class:`UniformReal`).

    Args:
        keep_prob (float): the probability of keeping an element, in (0, 1]. Default: ``0.5``.
        Seed0 (int): a seed, >= 0. Default: ``0``.
        Seed1 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tuple ``(output, mask)``: the dropped-out tensor and the 0/1 mask of kept elements, both
        of the shape of ``x``.

    Raises:
        TypeError: a seed is not an int, or ``x`` is not a float tensor.
        ValueError: ``keep_prob`` is not in (0, 1], or a seed is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> out, mask = ops.Dropout(keep_prob=0.5, Seed0=1)(Tensor(np.ones((2, 3), np.float32)))
        >>> print(out.shape, bool(((out == 0) | (out == 2)).all()), bool((out == 2 * mask).all()))
        (2, 3) True True
    """

    def __init__(self, keep_prob=0.5, Seed0=0, Seed1=0):
        super().__init__()
        self.keep_prob = check_number(keep_prob, "Dropout", "keep_prob", finite=True)
        if not 0 < self.keep_prob <= 1:
            raise ValueError("Dropout: 'keep_prob' must be in (0, 1], but got %r" % (keep_prob,))
        self.Seed0 = _check_op_seed(Seed0, "Dropout", "Seed0")
        self.Seed1 = _check_op_seed(Seed1, "Dropout", "Seed1")
        self._stream = RandomStream.of_instance("Dropout", self.Seed0, self.Seed1)

    def __call__(self, x):
        from mindcell.ops.defs.state import bernoulli_mask_p
        check_float(x, "Dropout", "x")
        mask = bernoulli_mask_p.bind(x, keep_prob=self.keep_prob, stream=self._stream)
        return F.mul(x, F.mul(mask, 1.0 / self.keep_prob)), mask


class _ChannelDropout(Primitive):
    """Dropout2D / Dropout3D: zero whole channels (dims 0 and 1 pick one) of a 4-D / 5-D float
    or signed integer tensor with probability ``1 - keep_prob``, scale the others by
    ``1 / keep_prob``, and return
    ``(output, mask)`` with the Bool mask in the input's shape (MindSpore 2.10, ms-oracle)."""

    _rank = 4

    def __init__(self, keep_prob=0.5):
        super().__init__()
        op = type(self).__name__
        if not isinstance(keep_prob, float):
            raise TypeError("For '%s', the type of 'keep_prob' should be 'float', but got type "
                            "'%s'." % (op, type(keep_prob).__name__))
        if not 0.0 <= keep_prob <= 1.0:
            raise ValueError("For '%s', the 'keep_prob' must be in range of [0.0, 1.0], but got "
                             "%r with type 'float'." % (op, keep_prob))
        self.keep_prob = keep_prob
        self._stream = RandomStream.of_instance(op, 0, 0)

    def __call__(self, x):
        from mindcell.ops.defs.state import bernoulli_mask_p
        op = type(self).__name__
        integer = isinstance(x, Tensor) and x.dtype in (mstype.int8, mstype.int16, mstype.int32,
                                                        mstype.int64)
        if not integer and (not isinstance(x, Tensor) or not mstype.is_float_np(x._np_dtype)):
            raise TypeError("For '%s', 'x' must be a float or signed integer (Int8/16/32/64) "
                            "Tensor, but got %s" % (op, show(x)))
        if x.ndim != self._rank:
            raise ValueError("For primitive[%s], the rank of input must be equal to %d, but got "
                             "%d." % (op, self._rank, x.ndim))
        shape = tuple(x.shape[:2]) + (1,) * (x.ndim - 2)
        base = F.zeros(shape, x.dtype)
        keep = bernoulli_mask_p.bind(base, keep_prob=self.keep_prob, stream=self._stream)
        scale = 1.0 / self.keep_prob if self.keep_prob > 0 else 0.0
        if integer:  # signed integers too: the scaled Float32 value truncated (MindSpore 2.10)
            kept = F.mul(F.cast(x, mstype.float32), F.mul(F.cast(keep, mstype.float32), scale))
            out = F.cast(kept, x.dtype)
        else:
            out = F.mul(x, F.mul(keep, scale))
        mask = F.cast(F.broadcast_to(keep, tuple(x.shape)), mstype.bool_)
        return out, mask


class Dropout2D(_ChannelDropout):
    """Dropout2D(keep_prob=0.5)(x): zeroes whole channels of a 4-D ``(N, C, H, W)`` float tensor,
    each with probability ``1 - keep_prob``, and scales the kept ones by ``1 / keep_prob``.

    Args:
        keep_prob (float): the probability of keeping a channel, in [0.0, 1.0] (a float).
            Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - a 4-D float or signed integer tensor.

    Outputs:
        Tuple ``(output, mask)``: the dropped-out tensor, and the Bool mask of kept elements,
        both of ``x``'s shape.

    Raises:
        TypeError: ``keep_prob`` is not a float, or ``x`` is not a float or signed integer
            tensor.
        ValueError: ``keep_prob`` is outside [0.0, 1.0], or ``x`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> out, mask = ops.Dropout2D(0.5)(Tensor(np.ones((2, 3, 2, 2), np.float32)))
        >>> print(out.shape, mask.dtype, bool(((out == 0) | (out == 2)).all()))
        (2, 3, 2, 2) Bool True
    """

    _rank = 4


class Dropout3D(_ChannelDropout):
    """Dropout3D(keep_prob=0.5)(x): zeroes whole channels of a 5-D ``(N, C, D, H, W)`` float
    tensor, each with probability ``1 - keep_prob``, and scales the kept ones by
    ``1 / keep_prob``.

    Args:
        keep_prob (float): the probability of keeping a channel, in [0.0, 1.0] (a float).
            Default: ``0.5``.

    Inputs:
        - **x** (Tensor) - a 5-D float or signed integer tensor.

    Outputs:
        Tuple ``(output, mask)``: the dropped-out tensor, and the Bool mask of kept elements,
        both of ``x``'s shape.

    Raises:
        TypeError: ``keep_prob`` is not a float, or ``x`` is not a float or signed integer
            tensor.
        ValueError: ``keep_prob`` is outside [0.0, 1.0], or ``x`` is not 5-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> out, mask = ops.Dropout3D(1.0)(Tensor(np.ones((1, 2, 1, 2, 2), np.float32)))
        >>> print(out.shape, bool(mask.all()))
        (1, 2, 1, 2, 2) True
    """

    _rank = 5


def _check_op_seed(seed, op, arg):
    """A Primitive's seed attribute: an int >= 0 (TypeError/ValueError as MindSpore)."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError("%s: '%s' must be an int, but got %s" % (op, arg, type(seed).__name__))
    if seed < 0:
        raise ValueError("%s: '%s' must be >= 0, but got %d" % (op, arg, seed))
    return seed


class UniformReal(Primitive):
    """Float32 samples from the uniform distribution on [0, 1).

    With ``seed`` or ``seed2`` non-zero the instance owns a stream started from them: its calls
    continue it, a new instance with the same seeds repeats it, ``set_seed`` does not touch it
    (MindSpore's rule). With both 0 it draws like ``ops.rand`` without a seed.

    Args:
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **shape** (tuple[int]) - the shape of the output.

    Outputs:
        Float32 Tensor of shape ``shape``.

    Raises:
        TypeError: a seed is not an int.
        ValueError: a seed is negative.

    Examples:
        >>> from mindcell import ops
        >>> x = ops.UniformReal(seed=2)((2, 3))
        >>> print(x.shape, x.dtype, bool(((x >= 0) & (x < 1)).all()))
        (2, 3) Float32 True
        >>> print(bool((ops.UniformReal(seed=2)((2, 3)) == x).all()))
        True
    """
    _draw = "uniform"

    def __init__(self, seed=0, seed2=0):
        super().__init__()
        self.seed = _check_op_seed(seed, type(self).__name__, "seed")
        self.seed2 = _check_op_seed(seed2, type(self).__name__, "seed2")
        self._stream = RandomStream.of_instance(type(self).__name__, seed, seed2)

    def __call__(self, shape):
        from mindcell.ops.function import creation_func as C
        shape = C.check_size(shape, type(self).__name__, "shape")
        if self._draw == "uniform":
            return C._uniform_samples(shape, C._F32, self._stream)
        return C._normal_samples(shape, C._F32, self._stream)


class StandardNormal(UniformReal):
    """Float32 samples from the standard normal distribution N(0, 1); seeds as
    in :class:`UniformReal`.

    Args:
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **shape** (tuple[int]) - the shape of the output.

    Outputs:
        Float32 Tensor of shape ``shape``.

    Raises:
        TypeError: a seed is not an int.
        ValueError: a seed is negative.

    Examples:
        >>> from mindcell import ops
        >>> x = ops.StandardNormal(seed=5)((1000,))
        >>> print(x.shape, abs(float(x.mean())) < 0.2, abs(float(x.std()) - 1) < 0.2)
        (1000,) True True
    """
    _draw = "normal"


class StandardLaplace(UniformReal):
    """Float32 samples from the standard Laplace distribution (density ``exp(-|x|) / 2``),
    ``-sign(u) * log(1 - 2 |u|)`` of a uniform ``u`` in (-0.5, 0.5); seeds as in
    :class:`UniformReal`.

    Args:
        seed (int): a seed, >= 0. Default: ``0``.
        seed2 (int): a second seed, >= 0. Default: ``0``.

    Inputs:
        - **shape** (tuple[int]) - the shape of the output.

    Outputs:
        Float32 Tensor of shape ``shape``.

    Raises:
        TypeError: a seed is not an int.
        ValueError: a seed is negative.

    Examples:
        >>> from mindcell import ops
        >>> x = ops.StandardLaplace(seed=5)((2000,))
        >>> print(x.shape, abs(float(x.mean())) < 0.2, abs(float(x.abs().mean()) - 1) < 0.2)
        (2000,) True True
    """

    def __call__(self, shape):
        u = super().__call__(shape) - 0.5
        tail = F.maximum(1.0 - 2.0 * F.abs(u), 1e-30)  # u = -0.5 would give log(0)
        return -F.sign(u) * F.log(tail)


class Fill(Primitive):
    """A tensor of a shape and dtype filled with one value.

    Inputs:
        - **type** (mindcell.dtype) - the dtype of the output.
        - **shape** (tuple[int]) - the shape of the output.
        - **value** (Union[number, bool, Tensor]) - the fill value.

    Outputs:
        Tensor of shape ``shape`` and dtype ``type``.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.Fill()(ms.int32, (2, 3), 7))
        [[7 7 7]
         [7 7 7]]
    """

    def __call__(self, type, shape, value):
        return F.fill(type, shape, value)


class Ones(Primitive):
    """A tensor of ones.

    Inputs:
        - **shape** (Union[int, tuple[int]]) - the shape of the output.
        - **type** (mindcell.dtype) - optional, its dtype (Float32 when None). Default: ``None``.

    Outputs:
        Tensor of ones.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.Ones()((2, 2), ms.float16))
        [[1. 1.]
         [1. 1.]]
    """

    def __call__(self, shape, type=None):
        return F.ones(shape, type)


class Zeros(Primitive):
    """A tensor of zeros.

    Inputs:
        - **shape** (Union[int, tuple[int]]) - the shape of the output.
        - **type** (mindcell.dtype) - optional, its dtype (Float32 when None). Default: ``None``.

    Outputs:
        Tensor of zeros.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> y = ops.Zeros()(3, ms.int32)
        >>> print(y, y.dtype)
        [0 0 0] Int32
    """

    def __call__(self, shape, type=None):
        return F.zeros(shape, type)


class Pad(Primitive):
    """Pads a tensor with zeros.

    Args:
        paddings (tuple[tuple[int]]): one ``(before, after)`` pair of non-negative ints per
            dimension of the input.

    Inputs:
        - **x** (Tensor) - the tensor.

    Outputs:
        Tensor whose dimension ``i`` grows by ``paddings[i][0] + paddings[i][1]``.

    Raises:
        TypeError: ``paddings`` is not a tuple of pairs.
        ValueError: a padding is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2], [3, 4]], np.int32))
        >>> print(ops.Pad(((1, 0), (0, 2)))(x))
        [[0 0 0 0]
         [1 2 0 0]
         [3 4 0 0]]
    """

    def __init__(self, paddings):
        super().__init__()
        if not isinstance(paddings, (tuple, list)) or not all(
                isinstance(p, (tuple, list)) for p in paddings):
            raise TypeError("Pad: 'paddings' must be a tuple of (before, after) pairs, but got %s"
                            % show(paddings))
        self.paddings = tuple(check_ints(p, "Pad", "paddings", 2, 0, INT64_MAX)
                              for p in paddings)

    def __call__(self, x):
        flat = []
        for before, after in reversed(self.paddings):
            flat.extend((before, after))
        return F.pad(x, tuple(flat))


# MindSpore's sparse primitives (ops.SparseToDense ...); importing them also loads the sparse
# functions (ops.function.sparse_func / sparse_unary_func: ops.coo_abs ..., bound at their
# MindSpore paths by mindcell._faces)
from mindcell.ops.operations_sparse import (SparseToDense, SparseTensorDenseMatmul,  # noqa: E402
                                            SparseTensorDenseAdd, SparseSlice, SparseGatherV2)


# a star-import into mindcell.ops must not replace the function ops.identity with the deprecated
# lower-case class of the same name (mindspore.ops.identity is the function)
__all__ = sorted(_n for _n, _v in list(globals().items())
                 if isinstance(_v, type) and issubclass(_v, Primitive) and _n != "identity")
