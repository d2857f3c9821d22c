"""More activations (prelu, hardtanh, hardsigmoid, glu) and channel dropout (dropout2d), as
composites of elementwise primitives."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell._core.mixed_precision import as_one_primitive, running_float_type
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_number, public_name
from mindcell.ops._helpers import cast_to, check_float, check_tensor, normalize_dim
from mindcell.ops.defs import elementwise as E
from mindcell.ops.defs import state as ST
from mindcell.ops.function import array_func as A
from mindcell.ops.function import math_func as M
from mindcell.ops.function.nn_func import _in_float32


def prelu(input, weight):
    """Applies the parametric ReLU elementwise: ``max(0, x) + weight * min(0, x)``.

    Args:
        input (Tensor): a float tensor; axis 1 holds the channels when it is at least 2-D.
        weight (Tensor): 1-D, one slope for every element or one per channel; cast to
            ``input``'s dtype.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``weight`` is not a Tensor.
        ValueError: ``weight`` is not 1-D of size 1 or the number of channels.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[-1.0, 2.0], [-3.0, -4.0]], np.float32))
        >>> print(ops.prelu(x, Tensor(np.array([0.1, 0.5], np.float32))))
        [[-0.1  2. ]
         [-0.3 -2. ]]
    """
    op = "prelu"
    x = check_float(input, op)
    check_tensor(weight, op, "weight")
    channels = x.shape[1] if x.ndim >= 2 else 1
    if weight.ndim != 1 or weight.shape[0] not in (1, channels):
        raise ValueError("%s: 'weight' must be 1-D of size 1 or %d (the channels of x), but got "
                         "shape %s" % (public_name(op), channels, weight.shape))
    if running_float_type() is not None:
        # MindSpore's one PReLU primitive in a mixed-precision cell: x and weight cast to the
        # cell's type on entry (not weight to x's dtype first, which rounds it)
        return as_one_primitive((x, weight), prelu)
    w = cast_to(weight, x._np_dtype)
    if x.ndim >= 2 and weight.shape[0] > 1:
        w = A.reshape(w, (1, channels) + (1,) * (x.ndim - 2))
    elif x.ndim == 0:
        w = A.reshape(w, ())
    return M.select(M.greater(x, 0.0), x, M.mul(x, w))


def hardtanh(input, min_val=-1.0, max_val=1.0):
    """hardtanh(input, min_val=-1.0, max_val=1.0): input clamped to [min_val, max_val].

    Args:
        input (Tensor): a bool, integer or float tensor.
        min_val (number): the lower bound. Default: ``-1.0``.
        max_val (number): the upper bound, at least ``min_val``. Default: ``1.0``.

    Returns:
        Tensor: of ``input``'s shape and dtype. As MindSpore, an integer tensor is clamped in
        float and truncated back (the bounds round toward zero and saturate to the dtype's
        range); a bool tensor is clamped as 0/1 and nonzero results are True.

    Raises:
        TypeError: ``input`` is not a Tensor, or has another dtype.
        ValueError: ``min_val`` exceeds ``max_val``, or a bound is not finite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.hardtanh(Tensor(np.array([-3, 0, 5], np.int32)), -2.5, 3.7))
        [-2  0  3]
    """
    op = "hardtanh"
    check_tensor(input, op)
    lo = check_number(min_val, op, "min_val", finite=True)
    hi = check_number(max_val, op, "max_val", finite=True)
    if lo > hi:
        raise ValueError("%s: 'min_val' (%r) must not exceed 'max_val' (%r)"
                         % (public_name(op), min_val, max_val))
    kind = input._np_dtype.kind
    if kind == "b":
        return cast_to(M.clamp(cast_to(input, np.dtype(np.float32)), lo, hi), input._np_dtype)
    if kind in "iu":  # exact for int64 too: an integer x < lo becomes trunc(lo), the same
        info = np.iinfo(input._np_dtype)
        return M.clamp(input, _int_bound(lo, info), _int_bound(hi, info))
    check_float(input, op)
    return M.clip_by_value(input, lo, hi)  # maximum and minimum: a tie splits the gradient


def _int_bound(v, info):
    return int(min(max(math.trunc(v), info.min), info.max))


def hardsigmoid(input):
    """hardsigmoid(input): relu6(input + 3) / 6.

    Args:
        input (Tensor): a float or signed integer tensor.

    Returns:
        Tensor: of ``input``'s shape and dtype; as MindSpore, a signed integer tensor gives
        the float result truncated (1 where input >= 3, else 0).

    Raises:
        TypeError: ``input`` is not a Tensor, or is bool or unsigned.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.hardsigmoid(Tensor(np.array([0.0, 3.0], np.float32))))
        [0.5 1. ]
    """
    op = "hardsigmoid"
    check_tensor(input, op)
    if input._np_dtype.kind == "i":
        return cast_to(M.greater_equal(input, 3), input._np_dtype)
    _check_float_or_signed(input, op)
    return _in_float32(input, lambda x: M.div(E.relu6_p.bind(M.add(x, 3.0)), 6.0))


def _check_float_or_signed(x, op, arg="input"):
    """TypeError for dtypes other than float and signed integer (MindSpore's HSigmoid/HSwish)."""
    if x._np_dtype.kind != "i" and not mstype.is_float_np(x._np_dtype):
        raise TypeError("%s: '%s' must be a float or signed integer tensor, but got %s"
                        % (public_name(op), arg, x.dtype))
    return x


def glu(x, axis=-1):
    """Applies the gated linear unit: ``a * sigmoid(b)``, ``a`` and ``b`` being the first and
    second halves of ``x`` along ``axis``.

    Args:
        x (Tensor): a float tensor whose size along ``axis`` is even.
        axis (int): the axis split in two. Default: ``-1``.

    Returns:
        Tensor of ``x``'s dtype, half as long along ``axis``.

    Raises:
        TypeError: ``x`` is not a float tensor, or ``axis`` is not an int.
        ValueError: ``x`` is 0-D, ``axis`` is out of range, or its size is odd.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.glu(Tensor(np.array([[1.0, 2.0, 0.0, 100.0]], np.float32))))
        [[0.5 2. ]]
    """
    op = "glu"
    check_float(x, op, "x")
    if x.ndim == 0:
        raise ValueError("%s: 'x' must be at least 1-D, but got a 0-D tensor" % public_name(op))
    ax = normalize_dim(axis, x.ndim, op)
    n = x.shape[ax]
    if n % 2:
        raise ValueError("%s: the size of axis %d must be even, but got %d"
                         % (public_name(op), axis, n))
    a, b = A.narrow(x, ax, 0, n // 2), A.narrow(x, ax, n // 2, n // 2)
    return M.mul(a, M.sigmoid(b))


def dropout2d(input, p=0.5, training=True):
    """Randomly zeroes whole channels of (N, C, H, W) input with probability ``p`` and scales the
    others by ``1 / (1 - p)``.

    Args:
        input (Tensor): a 4-D float or signed integer tensor (integers are scaled in
            Float32 and cast back).
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.
        training (bool): apply dropout; with False (or ``p == 0``) ``input`` itself is
            returned. Default: ``True``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float or signed integer tensor, ``p`` is not a number,
            or ``training`` is not a bool.
        ValueError: ``input`` is not 4-D, or ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((2, 8, 3, 3), np.float32))
        >>> y = ops.dropout2d(x, p=0.5).asnumpy()
        >>> print(y.shape, all(len(set(c.ravel().tolist())) == 1 for c in y.reshape(16, 9)))
        (2, 8, 3, 3) True
    """
    return _channel_dropout(input, p, training, "dropout2d", (4,), "4-D (N, C, H, W)")


def _channel_dropout(input, p, training, op, ranks, expected):
    """Zero whole channels (dim 1, or dim 0 of an unbatched input) with probability ``p``.
    With ``training=False`` the input is returned as it is, unchecked, as MindSpore does
    (an eval-mode Dropout2d after a flatten must not fail)."""
    if not check_bool(training, op, "training"):
        return input
    check_tensor(input, op)
    if input._np_dtype not in _CHANNEL_DROPOUT_DTYPES and input.dtype != mstype.bfloat16:
        # MindSpore 2.10's channel dropout takes Float16/32/64 and Int8/16/32/64 (not Bool,
        # UInt8); BFloat16 is taken here as the other float dtypes
        raise TypeError("%s: 'input' must be a float or signed integer tensor, but got %s"
                        % (public_name(op), input.dtype))
    if input.ndim not in ranks:
        raise ValueError("%s: input must be %s, but got shape %s"
                         % (public_name(op), expected, input.shape))
    p = check_number(p, op, "p", 0, 1)
    if p == 0:
        return input
    if p == 1:
        return M.mul(input, 0.0)
    channel_dims = 2 if input.ndim == max(ranks) else 1
    shape = input.shape[:channel_dims] + (1,) * (input.ndim - channel_dims)
    if input._np_dtype.kind == "i":  # kept channels scaled in Float32, then the int dtype
        mask = ST.bernoulli_mask_p.bind(Tensor._make(np.zeros(shape, np.float32)),
                                        keep_prob=1.0 - p)
        return cast_to(M.mul(cast_to(input, np.dtype(np.float32)), M.mul(mask, 1.0 / (1.0 - p))),
                       input._np_dtype)
    mask = ST.bernoulli_mask_p.bind(Tensor._make(np.zeros(shape, input._np_dtype)),
                                    keep_prob=1.0 - p)
    return M.mul(input, M.mul(mask, 1.0 / (1.0 - p)))


_CHANNEL_DROPOUT_DTYPES = tuple(np.dtype(d) for d in (np.float16, np.float32, np.float64, np.int8,
                                                      np.int16, np.int32, np.int64))


def dropout1d(input, p=0.5, training=True):
    """Randomly zeroes whole channels of (N, C, L) or (C, L) input with probability ``p`` and
    scales the others by ``1 / (1 - p)``.

    Args:
        input (Tensor): a 2-D or 3-D float or signed integer tensor (integers are scaled in
            Float32 and cast back).
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.
        training (bool): apply dropout; with False ``input`` itself is returned.
            Default: ``True``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float or signed integer tensor, ``p`` is not a number,
            or ``training`` is not a bool.
        ValueError: ``input`` is not 2-D or 3-D, or ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> y = ops.dropout1d(Tensor(np.ones((2, 8, 5), np.float32)), p=0.5).asnumpy()
        >>> print(y.shape, all(len(set(c.tolist())) == 1 for c in y.reshape(16, 5)))
        (2, 8, 5) True
    """
    return _channel_dropout(input, p, training, "dropout1d", (2, 3), "2-D (C, L) or 3-D (N, C, L)")


def dropout3d(input, p=0.5, training=True):
    """Randomly zeroes whole channels of (N, C, D, H, W) input with probability ``p`` and
    scales the others by ``1 / (1 - p)``.

    Args:
        input (Tensor): a 5-D float or signed integer tensor (integers are scaled in
            Float32 and cast back).
        p (float): the probability of zeroing a channel, in [0, 1]. Default: ``0.5``.
        training (bool): apply dropout; with False ``input`` itself is returned.
            Default: ``True``.

    Returns:
        Tensor of ``input``'s shape and dtype.

    Raises:
        TypeError: ``input`` is not a float or signed integer tensor, ``p`` is not a number,
            or ``training`` is not a bool.
        ValueError: ``input`` is not 5-D, or ``p`` is outside [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> y = ops.dropout3d(Tensor(np.ones((2, 4, 2, 2, 2), np.float32)), p=0.5).asnumpy()
        >>> print(y.shape, all(len(set(c.tolist())) == 1 for c in y.reshape(8, 8)))
        (2, 4, 2, 2, 2) True
    """
    return _channel_dropout(input, p, training, "dropout3d", (5,), "5-D (N, C, D, H, W)")


__all__ = ["prelu", "hardtanh", "hardsigmoid", "glu", "dropout1d", "dropout2d", "dropout3d"]
