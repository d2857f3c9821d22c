"""Names MindSpore code calls through ``mindspore.ops.functional`` (``F.tensor_add``,
``F.dtype`` ...) that are not ops of ``mindcell.ops``: reachable as ``F.<name>`` only.
(``F.shape``/``F.rank``/``F.size`` are the ops of ``function/index_func.py``.)"""
import functools

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import binary_operands, check_tensor
from mindcell.ops.function.math_func import (add, sub, mul, div, pow, floor_div,  # noqa: F401
                                             floor_mod, cast)
from mindcell.ops.function import math_func as _m
from mindcell.ops.function import scatter_func as _s

__all__ = ["tensor_add", "tensor_sub", "tensor_mul", "tensor_div", "tensor_pow",
           "tensor_floordiv", "tensor_mod", "tensor_lt", "tensor_le", "tensor_gt", "tensor_ge",
           "dtype", "shape_mul", "scalar_to_tensor", "tuple_to_array",
           "partial", "make_tuple", "tuple_getitem", "tensor_scatter_update", "scatter_nd_update"]

tensor_add, tensor_mul, tensor_pow = add, mul, pow
tensor_floordiv, tensor_mod = _m.floor_divide, floor_mod
tensor_lt, tensor_le = _m.less, _m.less_equal
tensor_gt, tensor_ge = _m.greater, _m.greater_equal


def _positional(op, args, count):
    """MindSpore's primitive instances (``F.tensor_sub`` ...) take positional inputs only."""
    if len(args) != count:
        raise TypeError("%s: takes %d positional inputs, but got %d" % (op, count, len(args)))
    return args


def tensor_sub(*args):
    """Subtracts ``y`` from ``x`` elementwise, with broadcasting (MindSpore's ``F.tensor_sub``,
    an instance of the Sub primitive: positional inputs only).

    Args:
        x (Union[Tensor, number]): the minuend.
        y (Union[Tensor, number]): the subtrahend.

    Returns:
        Tensor of the broadcast shape and the promoted dtype.

    Raises:
        TypeError: not exactly two positional inputs, or an input is neither a Tensor nor a
            number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops import functional as F
        >>> F.tensor_sub(ms.Tensor([3.0]), ms.Tensor([1.0]))
        Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])
    """
    return sub(*_positional("tensor_sub", args, 2))


def tensor_div(x, y):
    """Divides ``x`` by ``y`` elementwise, with broadcasting, as MindSpore's ``F.tensor_div``
    (the RealDiv primitive): true division, except that two integer operands give the
    integer quotient rounded toward zero (``-3 / 2`` is ``-1``), in their promoted dtype.

    Args:
        x (Union[Tensor, number]): the dividend.
        y (Union[Tensor, number]): the divisor.

    Returns:
        Tensor of the broadcast shape: integer for integer operands (a Python int divisor
        keeps an integer tensor integer), else float.

    Raises:
        TypeError: an input is neither a Tensor nor a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import functional as F
        >>> print(F.tensor_div(Tensor(np.array([-3, 5], np.int32)), 2))
        [-1  2]
        >>> print(F.tensor_div(Tensor(np.array([-3, 5], np.int32)), 2.0))
        [-1.5  2.5]
    """
    a, b = binary_operands(x, y, "tensor_div")
    if a._np_dtype.kind in "iu":  # RealDiv of integers truncates (ms-oracle: -3 / 2 = -1)
        return div(a, b, rounding_mode="trunc")
    # the promoted operands: RealDiv promotes a 0-d tensor as any other (Float16 tensor /
    # Tensor(2.0) is Float32), where Div keeps the tensor's Float16 (ms-oracle)
    return div(a, b)


def partial(*args, **kwargs):
    """Returns ``func`` with its first arguments (and any keyword arguments) bound, as
    ``functools.partial``.

    MindSpore binds keyword arguments inside ``jit`` functions (``ops.partial(add, x=2)``,
    as its static-graph tutorial shows); its PyNative mode takes positional ones only. mindcell
    takes both in both modes.

    Args:
        func (Callable): the function.
        args (Any): the leading arguments to bind.
        kwargs (Any): keyword arguments to bind.

    Returns:
        functools.partial, calling ``func(*args, *more, **kwargs, **more_kwargs)``.

    Raises:
        TypeError: no arguments, or ``func`` is not callable.

    Examples:
        >>> from mindcell import ops
        >>> scale = ops.partial(lambda k, x: k * x, 3)
        >>> scale(5)
        15
        >>> ops.partial(lambda x, y: x - y, x=10)(y=4)
        6
    """
    if not args or not callable(args[0]):
        raise TypeError("partial: the first input must be a callable, but got %s"
                        % (type(args[0]).__name__ if args else "no inputs"))
    return functools.partial(*args, **kwargs)


def dtype(x):
    """Returns the dtype of a tensor.

    Args:
        x (Tensor): the input tensor.

    Returns:
        mindcell.dtype, ``x.dtype``.

    Raises:
        TypeError: ``x`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.dtype(Tensor(np.array([1, 2], np.int16))))
        Int16
    """
    return check_tensor(x, "dtype", "x").dtype


def shape_mul(input_data):
    """Returns the product of a tuple of ints (the number of elements of a shape).

    Args:
        input_data (tuple[int]): the shape.

    Returns:
        int, the product (1 for an empty tuple).

    Raises:
        TypeError: ``input_data`` is not a tuple of ints.

    Examples:
        >>> from mindcell import ops
        >>> ops.shape_mul((2, 3, 4))
        24
    """
    if not isinstance(input_data, tuple) or not all(isinstance(d, int) for d in input_data):
        raise TypeError("shape_mul: expects a tuple of ints, but got %r" % (input_data,))
    out = 1
    for d in input_data:
        out *= d
    return out


def scalar_to_tensor(input_x, dtype=mstype.float32):
    """Converts a Python bool, int or float into a 0-D tensor.

    Args:
        input_x (Union[bool, int, float]): the value.
        dtype (mindcell.dtype): the tensor's dtype. Default: ``mstype.float32``.

    Returns:
        Tensor, 0-D, of ``dtype``.

    Raises:
        TypeError: ``input_x`` is not a bool, int or float, or ``dtype`` is not a dtype.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> print(ops.scalar_to_tensor(3), ops.scalar_to_tensor(7, ms.int64).dtype)
        3.0 Int64
    """
    if not isinstance(input_x, (bool, int, float)):
        raise TypeError("scalar_to_tensor: 'input_x' must be a bool, int or float, but got %s"
                        % type(input_x).__name__)
    if not isinstance(dtype, mstype.DType):
        raise TypeError("scalar_to_tensor: 'dtype' must be a mindspore dtype, but got %r"
                        % (dtype,))
    return Tensor(input_x, dtype)


def tuple_to_array(input_x):
    """Converts a tuple of numbers into a 1-D tensor: Int32 when all are ints (as in MindSpore),
    Float32 when any is a float (MindSpore 2.10 takes the first element's type and truncates
    2.5 to 2 in ``(1, 2.5)``: mindcell keeps the value).

    Args:
        input_x (tuple[Union[int, float]]): a non-empty tuple of numbers.

    Returns:
        Tensor of shape ``(len(input_x),)``.

    Raises:
        TypeError: ``input_x`` is not a non-empty tuple.
        ValueError: an int does not fit in Int32.

    Examples:
        >>> from mindcell import ops
        >>> ops.tuple_to_array((1, 2, 3))
        Tensor(shape=[3], dtype=Int32, value= [1, 2, 3])
    """
    if not isinstance(input_x, tuple) or not input_x:
        raise TypeError("tuple_to_array: expects a non-empty tuple, but got %r" % (input_x,))
    if all(isinstance(v, int) for v in input_x):
        if any(not -2 ** 31 <= v < 2 ** 31 for v in input_x):  # MindSpore wraps them silently
            raise ValueError("tuple_to_array: the ints of 'input_x' must fit in int32, but got %r"
                             % (input_x,))
        return Tensor(np.array(input_x, np.int32))
    return Tensor(np.array(input_x, np.float32))


def make_tuple(*args):
    """Returns the tuple of its arguments (MindSpore's ``F.make_tuple``).

    Args:
        args (Any): the items.

    Returns:
        tuple, ``args``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> from mindcell.ops import functional as F
        >>> t = F.make_tuple(Tensor(np.ones(2, np.float32)), 3)
        >>> print(len(t), t[1])
        2 3
    """
    return tuple(args)


def tuple_getitem(*args):
    """Returns ``x[index]`` (MindSpore's ``F.tuple_getitem`` primitive: positional inputs only).

    Args:
        x (Union[tuple, list]): the sequence.
        index (int): the position.

    Returns:
        The item at ``index``.

    Raises:
        TypeError: not exactly two positional inputs.
        IndexError: ``index`` is out of range.

    Examples:
        >>> from mindcell.ops import functional as F
        >>> F.tuple_getitem((10, 20, 30), -1)
        30
    """
    x, index = _positional("tuple_getitem", args, 2)
    return x[index]


def tensor_scatter_update(*args):
    """Returns a copy of ``input_x`` with the slices at ``indices`` replaced by ``updates``
    (MindSpore's ``F.tensor_scatter_update`` primitive instance: positional inputs only).

    Args:
        input_x (Tensor): the tensor to update.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.

    Returns:
        Tensor of ``input_x``'s shape and dtype.

    Raises:
        TypeError: not exactly three positional inputs, a non-Tensor input, non-integer
            ``indices``, or ``updates`` of another dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((3, 2), np.int32))
        >>> idx = Tensor(np.array([[2], [0]], np.int32))
        >>> print(ops.tensor_scatter_update(x, idx, Tensor(np.array([[1, 2], [3, 4]], np.int32))))
        [[3 4]
         [0 0]
         [1 2]]
    """
    return _s.tensor_scatter_update(*_positional("tensor_scatter_update", args, 3))


def scatter_nd_update(*args):
    """Writes ``updates`` into the Parameter ``input_x`` at ``indices`` and returns it
    (MindSpore's ``F.scatter_nd_update`` primitive instance: positional inputs only;
    ``ops.ScatterNdUpdate(use_locking)`` takes the lock flag).

    Args:
        input_x (Parameter): the Parameter to update.
        indices (Tensor): an Int32/Int64 tensor whose last dimension K addresses the first K
            dimensions of ``input_x``.
        updates (Tensor): of shape ``indices.shape[:-1] + input_x.shape[K:]`` and
            ``input_x``'s dtype.

    Returns:
        Tensor, the updated value of ``input_x`` (it shares the Parameter's data).

    Raises:
        TypeError: not exactly three positional inputs, ``input_x`` is not a Parameter, or
            ``indices``/``updates`` have a wrong dtype.
        ValueError: ``indices`` or ``updates`` has a wrong shape.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, Parameter, ops
        >>> p = Parameter(Tensor(np.zeros((2, 2), np.float32)), name="p")
        >>> _ = ops.scatter_nd_update(p, Tensor(np.array([[0, 1]], np.int32)), Tensor([9.0]))
        >>> print(p.asnumpy())
        [[0. 9.]
         [0. 0.]]
    """
    return _s.scatter_nd_update(*_positional("scatter_nd_update", args, 3))
