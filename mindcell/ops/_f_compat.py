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

__all__ = ["tensor_add", "tensor_sub", "tensor_mul", "tensor_div", "tensor_pow",
           "tensor_floordiv", "tensor_mod", "tensor_lt", "tensor_le", "tensor_gt", "tensor_ge",
           "dtype", "shape_mul", "scalar_to_tensor", "tuple_to_array",
           "partial", "make_tuple", "tuple_getitem"]

tensor_add, tensor_sub, tensor_mul, tensor_div, tensor_pow = add, sub, mul, div, pow
tensor_floordiv, tensor_mod = floor_div, floor_mod
tensor_lt, tensor_le = _m.less, _m.less_equal
tensor_gt, tensor_ge = _m.greater, _m.greater_equal
partial = functools.partial


def dtype(input_x):
    """dtype(input_x): the dtype."""
    return check_tensor(input_x, "dtype", "input_x").dtype


def shape_mul(shape_x):
    """shape_mul(shape_x): the product of a tuple of ints."""
    if not isinstance(shape_x, tuple) or not all(isinstance(d, int) for d in shape_x):
        raise TypeError("shape_mul: expects a tuple of ints, but got %r" % (shape_x,))
    out = 1
    for d in shape_x:
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


def tuple_getitem(x, index):
    """tuple_getitem(x, index): ``x[index]``."""
    return x[index]
