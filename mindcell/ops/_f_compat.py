"""Names MindSpore code calls through ``mindspore.ops.functional`` (``F.tensor_add``,
``F.dtype`` ...) that are not ops of ``mindcell.ops``: reachable as ``F.<name>`` only.
(``F.shape``/``F.rank``/``F.size`` are the ops of ``function/index_func.py``.)"""
import functools

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import check_tensor
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
    """tensor_sub(x, y): ``x - y`` with broadcasting (positional inputs only, as MindSpore's
    primitive instance).

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.ops import functional as F
        >>> F.tensor_sub(ms.Tensor([3.0]), ms.Tensor([1.0]))
        Tensor(shape=[1], dtype=Float32, value= [ 2.00000000e+00])
    """
    return sub(*_positional("tensor_sub", args, 2))


def tensor_div(x, y):
    """tensor_div(x, y): ``x / y`` with broadcasting (true division; see :func:`ops.div` for a
    rounding mode)."""
    return div(x, y)


def partial(*args):
    """partial(func, *args): ``func`` with its first arguments bound (``functools.partial``).

    Raises:
        TypeError: no arguments, or ``func`` is not callable.
    """
    if not args or not callable(args[0]):
        raise TypeError("partial: the first input must be a callable, but got %s"
                        % (type(args[0]).__name__ if args else "no inputs"))
    return functools.partial(*args)


def dtype(x):
    """dtype(x): the dtype of a Tensor."""
    return check_tensor(x, "dtype", "x").dtype


def shape_mul(input_data):
    """shape_mul(input_data): the product of a tuple of ints."""
    if not isinstance(input_data, tuple) or not all(isinstance(d, int) for d in input_data):
        raise TypeError("shape_mul: expects a tuple of ints, but got %r" % (input_data,))
    out = 1
    for d in input_data:
        out *= d
    return out


def scalar_to_tensor(input_x, dtype=mstype.float32):
    """scalar_to_tensor(input_x, dtype=mstype.float32): a 0-D Tensor of a bool, int or float."""
    if not isinstance(input_x, (bool, int, float)):
        raise TypeError("scalar_to_tensor: 'input_x' must be a bool, int or float, but got %s"
                        % type(input_x).__name__)
    if not isinstance(dtype, mstype.DType):
        raise TypeError("scalar_to_tensor: 'dtype' must be a mindspore dtype, but got %r"
                        % (dtype,))
    return Tensor(input_x, dtype)


def tuple_to_array(input_x):
    """tuple_to_array(input_x): a 1-D Tensor of a tuple of numbers: Int32 for ints (as in
    MindSpore), Float32 when any is a float (MindSpore 2.10 takes the first element's type and
    truncates 2.5 to 2 in ``(1, 2.5)``: mindcell keeps the value)."""
    if not isinstance(input_x, tuple) or not input_x:
        raise TypeError("tuple_to_array: expects a non-empty tuple, but got %r" % (input_x,))
    if all(isinstance(v, int) for v in input_x):
        if any(not -2 ** 31 <= v < 2 ** 31 for v in input_x):  # MindSpore wraps them silently
            raise ValueError("tuple_to_array: the ints of 'input_x' must fit in int32, but got %r"
                             % (input_x,))
        return Tensor(np.array(input_x, np.int32))
    return Tensor(np.array(input_x, np.float32))


def make_tuple(*args):
    """make_tuple(*args): the tuple of the arguments."""
    return tuple(args)


def tuple_getitem(*args):
    """tuple_getitem(x, index): ``x[index]`` (positional inputs only, as MindSpore's
    primitive)."""
    x, index = _positional("tuple_getitem", args, 2)
    return x[index]


def tensor_scatter_update(*args):
    """tensor_scatter_update(input_x, indices, updates): a copy of ``input_x`` with the slices
    at ``indices`` replaced by ``updates`` (positional inputs only, as MindSpore's primitive
    instance)."""
    return _s.tensor_scatter_update(*_positional("tensor_scatter_update", args, 3))


def scatter_nd_update(*args):
    """scatter_nd_update(input_x, indices, updates): writes ``updates`` into the Parameter
    ``input_x`` at ``indices`` and returns it (positional inputs only, as MindSpore's primitive
    instance; ``ops.ScatterNdUpdate(use_locking)`` for the lock flag)."""
    return _s.scatter_nd_update(*_positional("scatter_nd_update", args, 3))
