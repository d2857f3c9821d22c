"""Reductions (sum, mean, max with indices, std, logsumexp, norm ...) and matrix products."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.ops._helpers import (binary_operands, cast_to, check_matmul_shapes, check_tensor,
                                   normalize_axis, normalize_dim, as_np_dtype, to_tensor)
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import (check_bool, check_broadcast, check_int, check_same_dtype,
                                  public_name)
from mindcell.ops.defs import reduce as R
from mindcell.ops.defs import nn as N
from mindcell.ops.function import math_func as M
from mindcell.ops.function.array_func import broadcast_to

_INT64 = np.dtype(np.int64)
_F16, _F32 = np.dtype(np.float16), np.dtype(np.float32)


def _widen(x):
    """``(x as float32, float16)`` for float16 input, else ``(x, None)``: half-precision
    reductions accumulate in float32 and return float16, as in MindSpore and PyTorch."""
    if x._np_dtype == _F16:
        return cast_to(x, _F32), _F16
    return x, None


def _reduction(x, axis, keep_dims, op, keep_arg="keep_dims", nonempty=False):
    """``(axes, keep_dims)`` of a reduction of the Tensor ``x``, checked and named after ``op``
    (the one validator of every reduction). A max/min/argmax (``nonempty``) has no value over
    an empty axis."""
    check_tensor(x, op)
    axes = normalize_axis(axis, x.ndim, op)
    keep = check_bool(keep_dims, op, keep_arg)
    if nonempty:
        _check_nonempty(x, axes, op)
    return axes, keep


def _check_nonempty(x, axes, op):
    if 0 in [x.shape[a] for a in (axes or range(x.ndim))]:  # (this module shadows any())
        raise ValueError("%s: cannot reduce over an empty axis (no identity), but got shape %s "
                         "and axis %s" % (public_name(op), x.shape, axes or None))


def _one_axis(axis, x, op):
    """The axis of an argmax-like reduction (None: all axes, as for a 0-d ``x``)."""
    d = None if axis is None else normalize_dim(axis, x.ndim, op)
    d = None if x.ndim == 0 else d
    _check_nonempty(x, () if d is None else (d,), op)
    return d


def _narrow(t, dtype):
    return t if dtype is None else cast_to(t, dtype)


def reduce_sum(x, axis=(), keep_dims=False):
    """Sum over ``axis`` (int, tuple, list; () or None = all axes), keeping the dtype."""
    axis, keep = _reduction(x, axis, keep_dims, "reduce_sum")
    return R.reduce_sum_p.bind(x, axis=axis, keep_dims=keep)


def reduce_mean(x, axis=(), keep_dims=False):
    """Mean over ``axis`` (int, tuple, list; () or None = all axes) of a float tensor."""
    axis, keep = _reduction(x, axis, keep_dims, "reduce_mean")
    if x._np_dtype.kind in "iu":  # integers stay integers, as in MindSpore (floored mean)
        return _integer_mean(x, axis, keep)
    x, back = _widen(x)
    s = R.reduce_sum_p.bind(x, axis=axis, keep_dims=keep)
    n = _count(x.shape, axis)
    return _narrow(M.div(s, n) if n != 1 else s, back)


def _count(shape, axis):
    axes = axis if axis else range(len(shape))
    n = 1
    for a in axes:
        n *= shape[a]
    return n


def sum(input, dim=None, keepdim=False, *, dtype=None):
    """sum(input, dim=None, keepdim=False, *, dtype=None): integer and bool inputs sum in Int64."""
    axis, keep = _reduction(input, dim, keepdim, "sum", "keepdim")
    x = input
    if dtype is not None:
        x = cast_to(x, as_np_dtype(dtype, "sum"))
    elif x._np_dtype.kind in "biu":
        x = cast_to(x, _INT64)
    return reduce_sum(x, axis, keep)


def mean(x, axis=None, keep_dims=False):
    """mean(x, axis=None, keep_dims=False): integer inputs keep their dtype (floored)."""
    axes, keep = _reduction(x, axis, keep_dims, "mean")
    if x._np_dtype.kind in "biu":
        return _integer_mean(x, axes, keep)
    return reduce_mean(x, axes, keep)


def _integer_mean(input, axes, keep):
    """The mean of an integer (or bool) tensor in its own dtype: the floored quotient of the
    int64 total, as MindSpore's integer mean gives it."""
    total = reduce_sum(cast_to(input, _INT64), axes, keep)
    return cast_to(M.floor_div(total, _count(input.shape, axes)), input._np_dtype)


def _initial(input, initial, where, op):
    """``(input with the ``where``-masked elements set to ``initial``, initial as a 0-d Tensor of
    input's dtype)``, or ``(input, None)`` without ``initial``. Like numpy, ``initial`` takes part
    in every reduced value and a ``where`` mask needs it."""
    if initial is None:
        if where is not None:
            raise ValueError("%s: 'initial' must be given with a 'where' mask" % public_name(op))
        return input, None
    if isinstance(initial, Tensor):
        if initial.size != 1:
            raise ValueError("%s: 'initial' must be a number or a one-element Tensor, but got "
                             "shape %s" % (public_name(op), initial.shape))
        init = cast_to(initial.reshape(()), input._np_dtype)
    else:
        if isinstance(initial, bool) or not isinstance(initial, (int, float, np.number)):
            raise TypeError("%s: 'initial' must be a number, but got %s"
                            % (public_name(op), type(initial).__name__))
        # wraps out-of-range integers to the input dtype, as MindSpore's Cast does
        init = Tensor._make(np.array(initial).astype(input._np_dtype))
    if where is None:
        return input, init
    mask = to_tensor(where, op, "where")
    if mask._np_dtype != np.bool_:
        raise TypeError("%s: 'where' must be a bool or a Bool tensor, but got %s"
                        % (public_name(op), mask.dtype))
    if check_broadcast(op, mask.shape, input.shape) != tuple(input.shape):
        raise ValueError("%s: 'where' %s must broadcast to the shape of 'input' %s"
                         % (public_name(op), mask.shape, input.shape))
    return M.select(mask, input, init), init


def _with_initial(value, prim, input, axes, keep, init):
    """The reduction of ``input`` over ``axes`` combined with ``init`` (an empty axis gives
    ``init``, as in numpy)."""
    if init is None:
        return value
    pick = M.maximum if prim is R.reduce_max_p else M.minimum
    if value is None:
        shape = tuple(1 if (keep and d in (axes or range(input.ndim))) else n
                      for d, n in enumerate(input.shape)
                      if keep or d not in (axes or range(input.ndim)))
        return broadcast_to(init, shape)
    return pick(value, init)


def _extremum(prim, arg_prim, name, input, axis, keepdims, initial, where):
    check_tensor(input, name)
    keep = check_bool(keepdims, name, "keepdims")
    input, init = _initial(input, initial, where, name)
    d = _one_axis(axis, input, name)
    if d is None:
        value = prim.bind(input, axis=(), keep_dims=keep)
        index = arg_prim.bind(input.reshape((-1,)), axis=0, keep_dims=False)
    else:
        value = prim.bind(input, axis=(d,), keep_dims=keep)
        index = arg_prim.bind(input, axis=d, keep_dims=keep)
    # MindSpore's max/min return Int64 indices (ArgMax's kernel gives Int32)
    return _with_initial(value, prim, input, (), keep, init), cast_to(index, _INT64)


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """max(input, axis=None, keepdims=False, *, initial=None, where=None): returns
    ``(values, indices)``.

    Args:
        input (Tensor): the input.
        axis (int, optional): the axis to reduce; None reduces every element. Default: None.
        keepdims (bool): keep the reduced axis with length 1. Default: False.
        initial (number, optional): the least value of an output element (it takes part in the
            maximum). Default: None.
        where (Tensor[bool], optional): the elements to compare (broadcast to ``input``); the
            others count as ``initial``, which must then be given. Default: None.

    Returns:
        tuple(Tensor): the maxima and the Int64 indices of the maxima in ``input`` (masked out
        elements counted as ``initial``).

    Raises:
        TypeError: ``input`` is not a Tensor, ``initial`` not a number, ``where`` not Bool.
        ValueError: ``where`` without ``initial``, or an empty axis.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.array([[1., 5., 2.], [-1., -3., -2.]], np.float32))
        >>> ops.max(x, 1, initial=3.0)[0]
        Tensor(shape=[2], dtype=Float32, value= [ 5.00000000e+00,  3.00000000e+00])
    """
    return _extremum(R.reduce_max_p, R.argmax_p, "max", input, axis, keepdims, initial, where)


def min(input, axis=None, keepdims=False, *, initial=None, where=None):
    """min(input, axis=None, keepdims=False, *, initial=None, where=None): returns
    ``(values, indices)``; ``initial`` is the greatest value of an output element, ``where``
    as in :func:`max`."""
    return _extremum(R.reduce_min_p, R.argmin_p, "min", input, axis, keepdims, initial, where)


def _extreme(prim, name, input, axis, keepdims, initial, where):
    check_tensor(input, name)
    input, init = _initial(input, initial, where, name)
    axes, keep = _reduction(input, axis, keepdims, name, "keepdims", nonempty=init is None)
    empty = 0 in [input.shape[a] for a in (axes or range(input.ndim))]
    value = None if empty else prim.bind(input, axis=axes, keep_dims=keep)
    return _with_initial(value, prim, input, axes, keep, init)


def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """amax(input, axis=None, keepdims=False, *, initial=None, where=None): maximum over axes.

    Args:
        input (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ()
            reduces every axis. Default: None.
        keepdims (bool): keep the reduced axes with length 1. Default: False.
        initial (number, optional): the least value of an output element (it takes part in the
            maximum; an empty axis gives it). Default: None.
        where (Tensor[bool], optional): the elements to compare (broadcast to ``input``); the
            others count as ``initial``, which must then be given. Default: None.

    Returns:
        Tensor of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, ``initial`` not a number, ``where`` not Bool.
        ValueError: ``where`` without ``initial``, or an empty axis without ``initial``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import ops
        >>> x = ms.Tensor(np.array([[1., 5., 2.], [-1., -3., -2.]], np.float32))
        >>> ops.amax(x, 1, initial=0.0)
        Tensor(shape=[2], dtype=Float32, value= [ 5.00000000e+00,  0.00000000e+00])
    """
    return _extreme(R.reduce_max_p, "amax", input, axis, keepdims, initial, where)


def amin(input, axis=None, keepdims=False, *, initial=None, where=None):
    """amin(input, axis=None, keepdims=False, *, initial=None, where=None): minimum over axes;
    ``initial`` is the greatest value of an output element, ``where`` as in :func:`amax`."""
    return _extreme(R.reduce_min_p, "amin", input, axis, keepdims, initial, where)


def reduce_max(x, axis=(), keep_dims=False):
    """Maximum over ``axis`` (int, tuple, list; () or None = all axes)."""
    axes, keep = _reduction(x, axis, keep_dims, "reduce_max", nonempty=True)
    return R.reduce_max_p.bind(x, axis=axes, keep_dims=keep)


def prod(input, axis=None, keep_dims=False, dtype=None):
    """prod(input, axis=None, keep_dims=False): product over axes."""
    axes, keep = _reduction(input, axis, keep_dims, "prod")
    if dtype is not None:
        x = cast_to(input, as_np_dtype(dtype, "prod"))
    else:  # integer and bool products are Int64, as in MindSpore (ops.ReduceProd keeps them)
        x = cast_to(input, _INT64) if input._np_dtype.kind in "biu" else input
    return R.reduce_prod_p.bind(x, axis=axes, keep_dims=keep)


def _arg(prim, name, input, axis, keepdims):
    check_tensor(input, name)
    keep = check_bool(keepdims, name, "keepdims")
    d = _one_axis(axis, input, name)
    if d is None:
        out = prim.bind(input.reshape((-1,)), axis=0, keep_dims=False)
        return out.reshape((1,) * input.ndim) if keep else out
    return prim.bind(input, axis=d, keep_dims=keep)


def argmax(input, dim=None, keepdim=False):
    """argmax(input, dim=None, keepdim=False): index of the maximum (Int32)."""
    return cast_to(_arg(R.argmax_p, "argmax", input, dim, keepdim), _INT64)  # Int64 as in MindSpore


def argmin(input, axis=None, keepdims=False):
    """argmin(input, axis=None, keepdims=False): index of the minimum (Int32)."""
    return _arg(R.argmin_p, "argmin", input, axis, keepdims)


def var(input, axis=None, ddof=0, keepdims=False):
    """var(input, axis=None, ddof=0, keepdims=False): variance (``ddof`` as in numpy)."""
    check_tensor(input, "var")
    ddof = check_int(int(ddof) if isinstance(ddof, bool) else ddof, "var", "ddof")
    x = input if mstype.is_float_np(input._np_dtype) else cast_to(input, _F32)
    x, back = _widen(x)
    axes, keepdims = _reduction(x, axis, keepdims, "var", "keepdims")
    mu = reduce_mean(x, axes, keep_dims=True)
    n = _count(x.shape, axes)
    return _narrow(M.div(reduce_sum(M.square(M.sub(x, mu)), axes, keepdims), n - ddof), back)


def std(input, axis=None, ddof=0, keepdims=False):
    """std(input, axis=None, ddof=0, keepdims=False): standard deviation."""
    check_tensor(input, "std")
    x, back = _widen(input)
    return _narrow(M.sqrt(var(x, axis, ddof, keepdims)), back)


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """var_mean(input, axis=None, ddof=0, keepdims=False): ``(var(...), mean(...))`` over
    ``axis``."""
    return var(input, axis, ddof, keepdims), mean(input, axis, keepdims)


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """std_mean(input, axis=None, ddof=0, keepdims=False): ``(std(...), mean(...))`` over
    ``axis``."""
    return std(input, axis, ddof, keepdims), mean(input, axis, keepdims)


def logsumexp(input, dim, keepdim=False):
    """logsumexp(input, dim, keepdim=False): log(sum(exp(input))) over ``dim`` (an int or a
    tuple of ints) computed stably."""
    check_tensor(input, "logsumexp")
    check_bool(keepdim, "logsumexp", "keepdim")
    axes = normalize_axis(dim, input.ndim, "logsumexp")
    x = input if mstype.is_float_np(input._np_dtype) else cast_to(input, _F32)  # uint8 would wrap
    x, back = _widen(x)
    from mindcell.ops.function.misc_func import stop_gradient
    m = stop_gradient(R.reduce_max_p.bind(x, axis=axes, keep_dims=True))
    # a row that is all -inf (or has +inf) has a non-finite max: shift by 0 there instead
    m = M.select(M.isfinite(m), m, M.zeros_like_f(m))
    out = M.add(M.log(reduce_sum(M.exp(M.sub(x, m)), axes, True)), m)
    if not keepdim:
        out = out.reshape(tuple(n for i, n in enumerate(out.shape)
                                if i not in (axes or range(input.ndim))))
    return _narrow(out, back)


def cumsum(x, axis, dtype=None):
    """cumsum(x, axis, dtype=None): cumulative sum along ``axis``."""
    check_tensor(x, "cumsum")
    if dtype is not None:
        x = cast_to(x, as_np_dtype(dtype, "cumsum"))
    elif x._np_dtype.kind in "bu" or x._np_dtype.itemsize < 4 and x._np_dtype.kind == "i":
        x = cast_to(x, _INT64)
    return R.cumsum_p.bind(x, axis=normalize_dim(axis, x.ndim, "cumsum"))


def all(input, axis=None, keep_dims=False):
    """all(input, axis=None, keep_dims=False): logical AND over axes."""
    x = cast_to(to_tensor(input, "all"), np.dtype(np.bool_))
    axes, keep = _reduction(x, axis, keep_dims, "all")
    return R.reduce_all_p.bind(x, axis=axes, keep_dims=keep)


def any(input, axis=None, keep_dims=False):
    """any(input, axis=None, keep_dims=False): logical OR over axes (Bool; UInt8 0/1 for a
    UInt8 tensor, as MindSpore)."""
    t = to_tensor(input, "any")
    x = cast_to(t, np.dtype(np.bool_))
    axes, keep = _reduction(x, axis, keep_dims, "any")
    out = R.reduce_any_p.bind(x, axis=axes, keep_dims=keep)
    # MindSpore's any of a UInt8 tensor is UInt8 0/1 (other dtypes, and all, give Bool)
    return cast_to(out, t._np_dtype) if t._np_dtype == np.uint8 else out


# ----- matrix products ----------------------------------------------------------------------
def matmul(input, other):
    """matmul(input, other): matrix product with numpy's rules (1-D operands, batch broadcast)."""
    if isinstance(input, Tensor) and isinstance(other, Tensor):
        check_same_dtype("matmul", input.dtype, other.dtype, "input", "other")
    a, b = binary_operands(input, other, "matmul")
    if a.ndim == 0 or b.ndim == 0:
        raise ValueError("%s: operands must be at least 1-D, but got shapes %s and %s"
                         % (public_name("matmul"), a.shape, b.shape))
    check_matmul_shapes("matmul", a.shape, b.shape)
    ka, kb = a.shape[-1], (b.shape[-2] if b.ndim > 1 else b.shape[0])
    squeeze_a, squeeze_b = a.ndim == 1, b.ndim == 1
    if squeeze_a:
        a = a.reshape((1, ka))
    if squeeze_b:
        b = b.reshape((kb, 1))
    if a.ndim == 2 and b.ndim == 2:
        out = N.matmul_p.bind(a, b, transpose_a=False, transpose_b=False)
    else:
        out = N.batch_matmul_p.bind(a, b, transpose_a=False, transpose_b=False)
    if squeeze_a and squeeze_b:
        return out.reshape(())
    if squeeze_a:
        return out.reshape(out.shape[:-2] + (out.shape[-1],))
    if squeeze_b:
        return out.reshape(out.shape[:-1])
    return out


def bmm(input_x, mat2):
    """bmm(input_x, mat2): batched matrix product of (..., N, K) and (..., K, M) tensors."""
    if isinstance(input_x, Tensor) and isinstance(mat2, Tensor):
        check_same_dtype("bmm", input_x.dtype, mat2.dtype, "input_x", "mat2")
    a, b = binary_operands(input_x, mat2, "bmm")
    if a.ndim < 3 or b.ndim < 3:
        raise ValueError("bmm: operands must be at least 3-D, but got shapes %s and %s"
                         % (a.shape, b.shape))
    return matmul(a, b)


def dense(input, weight, bias=None):
    """dense(input, weight, bias=None): ``input @ weight.T + bias`` over the last axis."""
    check_tensor(input, "dense")
    check_tensor(weight, "dense", "weight")
    check_same_dtype("dense", input.dtype, weight.dtype, "input", "weight")
    if weight.ndim != 2 or input.shape[-1:] != weight.shape[1:]:
        raise ValueError("dense: input's last dim must equal weight's dim 1, but got input %s "
                         "and weight %s" % (input.shape, weight.shape))
    x = input.reshape((-1, input.shape[-1])) if input.ndim != 2 else input
    out = N.matmul_p.bind(x, weight, transpose_a=False, transpose_b=True)
    if bias is not None:
        out = M.add(out, bias)
    if input.ndim != 2:
        out = out.reshape(input.shape[:-1] + (weight.shape[0],))
    return out


def dot(input, other):
    """dot(input, other): same as :func:`matmul`."""
    return matmul(input, other)


def outer(input, vec2):
    """outer(input, vec2): the outer product of two vectors (flattened)."""
    check_tensor(input, "outer")
    check_tensor(vec2, "outer", "vec2")
    return M.mul(input.reshape((-1, 1)), vec2.reshape((1, -1)))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
