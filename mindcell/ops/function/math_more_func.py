"""Vector, distance and integer math that model code reaches for: ops.cross, ops.cdist,
ops.cosine_similarity, ops.renorm, ops.gcd, ops.lcm, ops.signbit, ops.sinc, ops.inv,
ops.positive and the truncating division behind TruncateDiv/TruncateMod."""
import math

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_broadcast, check_int, check_number, public_name
from mindcell.ops._helpers import check_float, check_tensor, normalize_dim, to_tensor
from mindcell.ops.defs import elementwise_math as E
from mindcell.ops.function.array_func import broadcast_to, expand_dims, narrow, concat
from mindcell.ops.function.math_func import (_operands, _true_div_operands, _unary_float, abs,
                                             cast, clamp, div, equal, greater, mul, pow, reciprocal,
                                             select, sqrt, sub, zeros_like_f)
from mindcell.ops.function.reduce_func import reduce_max, reduce_sum

sinc = _unary_float(E.sinc_p, "sinc", "The normalized sinc function :math:`sin(\\pi x) / "
                    "(\\pi x)` of ``input``, elementwise, 1 at 0.", ("[0.0, 0.5, -1.5]", "float32"),
                    "[ 1.          0.63661975 -0.21220659]", promote=True)


def _broadcast_pair(input, other, op):
    a, b = _operands(input, other, op)
    shape = check_broadcast(op, a.shape, b.shape)
    return broadcast_to(a, shape), broadcast_to(b, shape)


def cross(input, other, dim=None):
    """The cross product of the 3-vectors of ``input`` and ``other`` along ``dim``.

    Args:
        input (Tensor): the first operand.
        other (Tensor): the second operand, broadcast against ``input``.
        dim (int, optional): the axis holding the vectors, of size 3; None: the first axis of
            size 3 of the broadcast shape. Default: ``None``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: ``input`` or ``other`` is not a Tensor, or ``dim`` not an int.
        ValueError: the shapes do not broadcast, or there is no axis of size 3 (or ``dim``'s size
            is not 3, or it is out of range).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]], np.float32))
        >>> print(ops.cross(x, Tensor(np.array([0.0, 1.0, 0.0], np.float32))))
        [[0. 0. 1.]
         [0. 0. 0.]]
    """
    check_tensor(input, "cross")
    check_tensor(other, "cross", "other")
    a, b = _broadcast_pair(input, other, "cross")
    if dim is None:
        dims = [i for i, n in enumerate(a.shape) if n == 3]
        if not dims:
            raise ValueError("%s: no dimension of size 3 in the broadcast shape %s"
                             % (public_name("cross"), a.shape))
        d = dims[0]
    else:
        d = normalize_dim(dim, a.ndim, "cross", "dim")
        if a.shape[d] != 3:
            raise ValueError("%s: dimension 'dim' = %d must have size 3, but got shape %s"
                             % (public_name("cross"), dim, a.shape))
    ax = [narrow(a, d, i, 1) for i in range(3)]
    bx = [narrow(b, d, i, 1) for i in range(3)]
    parts = [sub(mul(ax[(i + 1) % 3], bx[(i + 2) % 3]), mul(ax[(i + 2) % 3], bx[(i + 1) % 3]))
             for i in range(3)]
    return concat(parts, d)


def _nonzero_safe(x):
    """(x with zeros replaced by 1, the zero mask): a sqrt/pow there would give a NaN grad."""
    zero = equal(x, 0)
    return select(zero, zeros_like_f(x) + 1.0, x), zero


def cdist(x1, x2, p=2.0):
    """The ``p``-norm distance of every row of ``x1`` to every row of ``x2``.

    Args:
        x1 (Tensor): a float tensor of shape (B, P, M) or (P, M).
        x2 (Tensor): a float tensor of shape (B, R, M) or (R, M), of ``x1``'s rank and dtype.
        p (float): the order of the norm, >= 0 (``float('inf')`` allowed; 0 counts the differing
            coordinates). Default: ``2.0``.

    Returns:
        Tensor of shape (B, P, R) or (P, R), of ``x1``'s dtype.

    Raises:
        TypeError: ``x1`` or ``x2`` is not a float tensor, their dtypes differ, or ``p`` is not a
            number.
        ValueError: ``p`` is negative, the inputs are not both 2-D or both 3-D, or their batch or
            last dimensions differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[0.0, 0.0], [1.0, 1.0]], np.float32))
        >>> b = Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> print(ops.cdist(a, b), ops.cdist(a, b, p=1.0))
        [[5.       ]
         [3.6055512]] [[7.]
         [5.]]
    """
    check_float(x1, "cdist", "x1")
    check_float(x2, "cdist", "x2")
    p = check_number(p, "cdist", "p", low=0)
    if x1.ndim not in (2, 3) or x2.ndim != x1.ndim:
        raise ValueError("%s: 'x1' and 'x2' must both be 2-D or both 3-D, but got shapes %s "
                         "and %s" % (public_name("cdist"), x1.shape, x2.shape))
    if x1.shape[-1] != x2.shape[-1] or (x1.ndim == 3 and x1.shape[0] != x2.shape[0]):
        raise ValueError("%s: 'x1' %s and 'x2' %s must agree on the batch and last dimensions"
                         % (public_name("cdist"), x1.shape, x2.shape))
    if x1._np_dtype != x2._np_dtype:
        raise TypeError("%s: 'x1' and 'x2' must have one dtype, but got %s and %s"
                        % (public_name("cdist"), x1.dtype, x2.dtype))
    diff = abs(sub(expand_dims(x1, -2), expand_dims(x2, -3)))  # (..., P, R, M)
    if p == 0:
        return reduce_sum(cast(greater(diff, 0), x1.dtype), -1)
    if math.isinf(p):
        return reduce_max(diff, -1)
    if p == 1:
        return reduce_sum(diff, -1)
    s = reduce_sum(pow(diff, p), -1)
    safe, zero = _nonzero_safe(s)
    return select(zero, zeros_like_f(s), pow(safe, 1.0 / p))


def cosine_similarity(x1, x2, dim=1, eps=1e-08):
    """The cosine similarity of ``x1`` and ``x2`` along ``dim``: ``sum(x1 * x2) /
    sqrt(max(sum(x1 ** 2) * sum(x2 ** 2), eps ** 2))``.

    Args:
        x1 (Tensor): a float tensor.
        x2 (Tensor): a float tensor, broadcast against ``x1``.
        dim (int): the axis of the vectors. Default: ``1``.
        eps (float): the small value keeping the division away from 0, finite and >= 0.
            Default: ``1e-08``.

    Returns:
        Tensor of the broadcast shape without ``dim``, of the promoted dtype.

    Raises:
        TypeError: ``x1`` or ``x2`` is not a float tensor, ``eps`` not a number, or ``dim`` not
            an int.
        ValueError: the shapes do not broadcast, ``eps`` is negative or not finite, or ``dim`` is
            out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x1 = Tensor(np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 0.0]], np.float32))
        >>> print(ops.cosine_similarity(x1, Tensor(np.array([[1.0, 1.0]], np.float32))))
        [0.70710677 1.         0.        ]
    """
    check_float(x1, "cosine_similarity", "x1")
    check_float(x2, "cosine_similarity", "x2")
    eps = check_number(eps, "cosine_similarity", "eps", low=0, finite=True)
    a, b = _broadcast_pair(x1, x2, "cosine_similarity")
    d = normalize_dim(dim, a.ndim, "cosine_similarity", "dim")
    w12 = reduce_sum(mul(a, b), d)
    w1, w2 = reduce_sum(mul(a, a), d), reduce_sum(mul(b, b), d)
    return div(w12, sqrt(clamp(mul(w1, w2), eps * eps)))


def renorm(input, p, axis, maxnorm):
    """Scales down each sub-tensor of ``input`` along ``axis`` whose ``p``-norm exceeds ``maxnorm``
    to norm ``maxnorm``; the others are kept.

    Args:
        input (Tensor): a float tensor, at least 1-D.
        p (int): the order of the norm, >= 1.
        axis (int): the axis whose slices (``input[i]`` along it) are normalised.
        maxnorm (float): the largest norm kept, finite and >= 0.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a float tensor, ``p`` or ``axis`` not an int, or ``maxnorm``
            not a number.
        ValueError: ``input`` is 0-D, ``p`` < 1, ``maxnorm`` negative or not finite, or ``axis``
            out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 4.0], [0.3, 0.4]], np.float32))
        >>> print(ops.renorm(x, 2, 0, 1.0))
        [[0.6 0.8]
         [0.3 0.4]]
    """
    check_float(input, "renorm")
    p = check_int(p, "renorm", "p", low=1)
    maxnorm = check_number(maxnorm, "renorm", "maxnorm", low=0, finite=True)
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-d tensor"
                         % public_name("renorm"))
    d = normalize_dim(axis, input.ndim, "renorm")
    others = tuple(i for i in range(input.ndim) if i != d)
    s = reduce_sum(pow(abs(input), float(p)), others, keep_dims=True) if others else \
        pow(abs(input), float(p))
    safe, zero = _nonzero_safe(s)
    norm = select(zero, zeros_like_f(s), pow(safe, 1.0 / p))
    # the 1e-7 keeps a norm just above maxnorm from dividing to more than maxnorm
    scale = select(greater(norm, maxnorm), div(maxnorm, norm + 1e-7), zeros_like_f(norm) + 1.0)
    return mul(input, scale)


def _int_operands(input, other, op):
    a, b = _operands(input, other, op)
    if a._np_dtype.kind not in "iu":
        raise TypeError("%s: 'input' and 'other' must be integer tensors, but got %s"
                        % (public_name(op), a.dtype))
    return a, b


def gcd(input, other):
    """The greatest common divisor of ``input`` and ``other``, elementwise (>= 0; ``gcd(0, 0)`` is
    0).

    Args:
        input (Union[Tensor, int]): an integer tensor.
        other (Union[Tensor, int]): an integer tensor, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted integer dtype.

    Raises:
        TypeError: the promoted dtype is not an integer dtype, or an operand is not a Tensor or a
            number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([12, -18, 0], np.int32))
        >>> y = Tensor(np.array([8, 12, 5], np.int32))
        >>> print(ops.gcd(x, y))
        [4 6 5]
    """
    return E.gcd_p.bind(*_int_operands(input, other, "gcd"))


def lcm(input, other):
    """The least common multiple of ``input`` and ``other``, elementwise (>= 0; 0 when either is
    0).

    Args:
        input (Union[Tensor, int]): an integer tensor.
        other (Union[Tensor, int]): an integer tensor, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted integer dtype.

    Raises:
        TypeError: the promoted dtype is not an integer dtype, or an operand is not a Tensor or a
            number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([4, -6, 0], np.int64))
        >>> y = Tensor(np.array([6, 4, 5], np.int64))
        >>> print(ops.lcm(x, y))
        [12 12  0]
    """
    return E.lcm_p.bind(*_int_operands(input, other, "lcm"))


def signbit(input):
    """Whether each element of ``input`` is negative (``input < 0``), as MindSpore's signbit:
    False at -0.0 and at NaN of either sign.

    Args:
        input (Tensor): a bool, integer or float tensor.

    Returns:
        Tensor: Bool, of ``input``'s shape (all False for a bool tensor, as MindSpore).

    Raises:
        TypeError: ``input`` is not a Tensor or a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.signbit(Tensor(np.array([-2.5, -0.0, 1.0], np.float32))))
        [ True False False]
    """
    x = to_tensor(input, "signbit")
    if x._np_dtype == np.bool_:
        x = cast(x, mstype.int8)
    return E.signbit_p.bind(x)


def inv(x):
    """The reciprocal ``1 / x``, elementwise.

    Args:
        x (Tensor): a float, int16, int32 or int64 tensor.

    Returns:
        Tensor: of ``x``'s shape and dtype. As MindSpore, an integer tensor gives 1 / x
        truncated toward zero (1 at 1, -1 at -1, else 0; 1 / 0 is what casting inf gives:
        the dtype's minimum for int32/int64, 0 for int16).

    Raises:
        TypeError: ``x`` is not a Tensor or a number, or is bool, int8 or uint8.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.inv(Tensor(np.array([0.5, 4.0], np.float32))))
        [2.   0.25]
    """
    x = to_tensor(x, "inv", "x") if not isinstance(x, Tensor) else x
    if x._np_dtype.kind in "iub":
        if x._np_dtype.itemsize < 2 or x._np_dtype.kind != "i":
            raise TypeError("%s: 'x' must be a float, int16, int32 or int64 tensor, but got %s"
                            % (public_name("inv"), x.dtype))
        return cast(reciprocal(cast(x, mstype.float64)), x.dtype)
    return reciprocal(x)


def positive(input):
    """Returns ``input`` itself (the unary ``+``).

    Args:
        input (Tensor): a tensor of any dtype (bool too, as MindSpore).

    Returns:
        Tensor: ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import ops, Tensor
        >>> print(ops.positive(Tensor(np.array([-1.0], np.float32))))
        [-1.]
    """
    return check_tensor(input, "positive")


def truncate_div(x, y):
    """x / y rounded toward zero; integers stay integers (exact, no float round trip)."""
    a, b = _operands(x, y, "TruncateDiv")
    return E.truncate_div_p.bind(a, b)


def div_no_nan(x, y):
    """x / y, 0 where y is 0 (integers compute in Float32)."""
    a, b = _true_div_operands(x, y, "DivNoNan")
    shape = check_broadcast("DivNoNan", a.shape, b.shape)
    a, b = broadcast_to(a, shape), broadcast_to(b, shape)
    zero = equal(b, 0)
    safe = select(zero, zeros_like_f(b) + 1.0, b)
    return select(zero, zeros_like_f(a), div(a, safe))


__all__ = ["sinc", "cross", "cdist", "cosine_similarity", "renorm", "gcd", "lcm", "signbit",
           "inv", "positive"]
