"""ops.norm: vector p-norms over one axis (or all), matrix norms over two axes (batched)."""
import math
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.ops._errors import check_bool, public_name
from mindcell.ops._helpers import (as_np_dtype, cast_to, check_tensor, normalize_axis,
                                   normalize_dim)
from mindcell.ops.defs import linalg as L, reduce as R
from mindcell.ops.function import array_func as A_, math_func as M
from mindcell.ops.function.reduce_func import _narrow, _widen, reduce_sum

_F32 = np.dtype(np.float32)
_MATRIX_ORDS = ("fro", "nuc", 1, -1, 2, -2, math.inf, -math.inf)


def norm(A, ord=None, dim=None, keepdim=False, *, dtype=None):
    """The vector or matrix norm of ``A``.

    A vector norm over ``dim`` when it is an int or a tuple of other than 2 ints (or when ``A``
    is 1-D and ``dim`` None); a matrix norm over the two axes of a 2-tuple ``dim`` (or of a 2-D
    ``A`` when ``ord`` is given and ``dim`` None), batched over the other axes; with ``dim`` and
    ``ord`` None, the 2-norm of all elements. Bool and integer tensors compute in Float32, a
    Float16 tensor in Float32, returned as Float16.

    Args:
        A (Tensor): the input.
        ord (Union[int, float, str], optional): the order. Vector norms: None or 2 (Euclidean),
            any number p (``sum(|x| ** p) ** (1 / p)``), 0 (the count of nonzeros), ``inf`` /
            ``-inf`` (the largest / smallest ``|x|``). Matrix norms: None or ``'fro'``
            (Frobenius), ``'nuc'`` (the sum of the singular values), 1 / -1 (the largest /
            smallest column sum of ``|A|``), 2 / -2 (the largest / smallest singular value),
            ``inf`` / ``-inf`` (the largest / smallest row sum). Default: ``None``.
        dim (Union[int, tuple(int)], optional): the axes. Default: ``None``.
        keepdim (bool): keep the reduced axes with length 1. Default: ``False``.
        dtype (mindcell.dtype, optional): (keyword-only) a float or integer dtype ``A`` is cast
            to first (an integer dtype truncates ``A``, then computes in Float32).
            Default: ``None``.

    Returns:
        Tensor of ``A``'s float dtype (or a float ``dtype``; Float32 for bool and integer
        tensors and integer ``dtype``).

    Raises:
        TypeError: ``ord`` is not None, ``'fro'``, ``'nuc'`` or a number, ``dtype`` not a float
            or integer dtype, ``A`` not a Tensor, or ``keepdim`` not a bool.
        ValueError: ``'nuc'`` for a vector norm, a matrix ``ord`` not listed above, a matrix
            ``dim`` of equal axes, or with ``dim`` None and ``ord`` given an ``A`` that is not
            1-D or 2-D.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[3.0, -4.0], [1.0, 2.0]], np.float32))
        >>> print(ops.norm(a), ops.norm(a, 1, dim=1), ops.norm(a, 1))
        5.477226 [7. 3.] 6.0
    """
    op = "norm"
    check_tensor(A, op)
    check_bool(keepdim, op, "keepdim")
    if not (ord is None or ord in ("fro", "nuc") if isinstance(ord, (str, type(None)))
            else isinstance(ord, numbers.Real)):
        raise TypeError("%s: 'ord' must be None, 'fro', 'nuc' or a number, but got %r"
                        % (public_name(op), ord))
    if dtype is not None:
        np_dtype = as_np_dtype(dtype, op)
        # an integer dtype casts (truncates) the input first, which then computes as an
        # integer input, in Float32: MindSpore 2.10 (ms-oracle; param_sweep norm|dtype=ms.int32)
        if not (mstype.is_float_np(np_dtype) or np_dtype.kind in "iu"):
            raise TypeError("%s: 'dtype' must be a float or integer dtype, but got %s"
                            % (public_name(op), dtype))
        A = cast_to(A, np_dtype)
    x = A if mstype.is_float_np(A._np_dtype) else cast_to(A, _F32)
    x, back = _widen(x)
    matrix = isinstance(dim, (tuple, list)) and len(dim) == 2 or (
        dim is None and ord is not None and x.ndim == 2)
    if dim is None and ord is not None and x.ndim not in (1, 2):
        raise ValueError("%s: with 'dim' None and 'ord' %r, 'A' must be 1-D or 2-D, but got "
                         "shape %s" % (public_name(op), ord, x.shape))
    if isinstance(ord, (bool, np.bool_)):
        # a bool is the matrix order 1/0 (MindSpore 2.10: norm(x, True) of a 2-D x is its
        # 1-norm); its vector norms refuse it (ms-oracle: LpNorm's 'p' must be an int)
        if not matrix:
            raise TypeError("%s: 'ord' of a vector norm must be None, 'fro' or a number, but "
                            "got %r" % (public_name(op), ord))
        ord = int(ord)
    if matrix:  # the order matters: (rows, columns)
        dims = (0, 1) if dim is None else tuple(normalize_dim(d, x.ndim, op, "dim") for d in dim)
        out = _matrix_norm(x, ord, dims, keepdim)
    else:
        out = _vector_norm(x, ord, normalize_axis(dim, x.ndim, op), keepdim)
    return _narrow(out, back)


def _vector_norm(x, ord, axes, keepdim):
    if ord in (None, 2, "fro"):
        return M.sqrt(reduce_sum(M.square(x), axes, keepdim))
    if ord == "nuc":
        raise ValueError("%s: 'nuc' is a matrix norm: pass a 2-tuple 'dim'" % public_name("norm"))
    if ord == 0:
        return reduce_sum(cast_to(M.ne(x, 0), x._np_dtype), axes, keepdim)
    if ord == 1:
        return reduce_sum(M.abs(x), axes, keepdim)
    if ord == math.inf:
        return R.reduce_max_p.bind(M.abs(x), axis=axes, keep_dims=keepdim)
    if ord == -math.inf:
        return R.reduce_min_p.bind(M.abs(x), axis=axes, keep_dims=keepdim)
    return M.pow(reduce_sum(M.pow(M.abs(x), float(ord)), axes, keepdim), 1.0 / ord)


def _matrix_norm(x, ord, axes, keepdim):
    op = public_name("norm")
    if len(axes) != 2 or axes[0] == axes[1]:
        raise ValueError("%s: a matrix norm needs 2 distinct dims, but got %s" % (op, axes))
    if ord is None:
        ord = "fro"
    if ord not in _MATRIX_ORDS:
        raise ValueError("%s: a matrix norm's 'ord' must be one of 'fro', 'nuc', 1, -1, 2, -2, "
                         "inf, -inf, but got %r" % (op, ord))
    r, c = axes
    if ord == "fro":
        return M.sqrt(reduce_sum(M.square(x), axes, keepdim))
    if ord in ("nuc", 2, -2):
        rest = [a for a in range(x.ndim) if a not in axes]
        s = L.singular_values_p.bind(A_.transpose(x, tuple(rest) + (r, c)))
        if ord == "nuc":
            out = reduce_sum(s, (-1 % s.ndim,))
        else:
            red = R.reduce_max_p if ord == 2 else R.reduce_min_p
            out = red.bind(s, axis=(s.ndim - 1,), keep_dims=False)
        if keepdim:
            out = A_.expand_dims(A_.expand_dims(out, min(axes)), max(axes))
        return out
    # 1: the largest column sum of |x| (the sum runs over rows, r); inf: the largest row sum
    over, across = (r, c) if abs(ord) == 1 else (c, r)
    sums = reduce_sum(M.abs(x), (over,), True)
    red = R.reduce_max_p if ord > 0 else R.reduce_min_p
    out = red.bind(sums, axis=(across,), keep_dims=True)
    return out if keepdim else A_.squeeze(out, axes)


__all__ = ["norm"]
