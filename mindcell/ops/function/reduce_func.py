"""Reductions (sum, mean, max with indices, std, logsumexp, norm ...) and matrix products."""
import numpy as np

from mindcell import dtype as mstype
from mindcell._core.mixed_precision import as_one_primitive, running_float_type
from mindcell.ops._helpers import (binary_operands, cast_to, check_matmul_shapes, check_tensor,
                                   float_math_operand, normalize_axis, normalize_dim, as_np_dtype,
                                   to_tensor)
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
    """The sum of ``x`` over ``axis``, in ``x``'s dtype.

    Args:
        x (Tensor): the input.
        axis (Union[int, tuple(int), list(int)]): the axes to reduce; ``()`` or None reduces
            every axis. Default: ``()``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, ``axis`` not an int or a sequence of ints, or
            ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 2, 3], [4, 5, 6]], np.int32))
        >>> print(ops.reduce_sum(x), ops.reduce_sum(x, 1, keep_dims=True).shape)
        21 (2, 1)
    """
    axis, keep = _reduction(x, axis, keep_dims, "reduce_sum")
    return R.reduce_sum_p.bind(x, axis=axis, keep_dims=keep)


def reduce_mean(x, axis=(), keep_dims=False):
    """The mean of ``x`` over ``axis``.

    Integer tensors keep their dtype (the floored mean, as in MindSpore); a Float16 tensor
    accumulates in Float32 and returns Float16.

    Args:
        x (Tensor): the input.
        axis (Union[int, tuple(int), list(int)]): the axes to reduce; ``()`` or None reduces
            every axis. Default: ``()``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, ``axis`` not an int or a sequence of ints, or
            ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0], [4.0, 7.0]], np.float32))
        >>> print(ops.reduce_mean(x, 0), ops.reduce_mean(x))
        [2.5 4.5] 3.5
    """
    if running_float_type() is not None:  # a typed cell: as MindSpore's one primitive
        return as_one_primitive((x,), lambda x: reduce_mean(x, axis, keep_dims))
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
    """The sum of ``input`` over ``dim``.

    Args:
        input (Tensor): the input.
        dim (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keepdim (bool): keep the reduced axes with length 1. Default: ``False``.
        dtype (mindcell.dtype, optional): (keyword-only) the dtype ``input`` is cast to before
            the sum; None: Int64 for bool and integer tensors, else ``input``'s dtype.
            Default: ``None``.

    Returns:
        Tensor of ``dtype`` (Int64 for a bool or integer ``input`` without ``dtype``).

    Raises:
        TypeError: ``input`` is not a Tensor, ``dim`` not an int or a sequence of ints,
            ``keepdim`` not a bool, or ``dtype`` not a dtype.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[True, False], [True, True]]))
        >>> y = ops.sum(x, dim=1)
        >>> print(y, y.dtype)
        [1 2] Int64
    """
    axis, keep = _reduction(input, dim, keepdim, "sum", "keepdim")
    x = input
    if dtype is not None:
        x = cast_to(x, as_np_dtype(dtype, "sum"))
    elif x._np_dtype.kind in "biu":
        x = cast_to(x, _INT64)
    return reduce_sum(x, axis, keep)


def mean(x, axis=None, keep_dims=False):
    """The mean of ``x`` over ``axis``.

    Bool and integer tensors keep their dtype (the mean truncated toward zero, as in
    MindSpore 2.10: the mean of ``[3, -6]`` is ``-1``); a Float16 tensor accumulates in Float32.

    Args:
        x (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, ``axis`` not an int or a sequence of ints, or
            ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 6.0], [0.0, -1.0, 4.0]], np.float32))
        >>> print(ops.mean(x, axis=1, keep_dims=True))
        [[3.]
         [1.]]
    """
    axes, keep = _reduction(x, axis, keep_dims, "mean")
    if x._np_dtype.kind in "biu":
        return _integer_mean(x, axes, keep)
    return reduce_mean(x, axes, keep)


def _integer_mean(input, axes, keep):
    """The mean of an integer (or bool) tensor in its own dtype: the int64 total divided by the
    count, truncated toward zero, as MindSpore 2.10's integer mean gives it (ops.mean,
    Tensor.mean and mindspore.numpy.mean alike)."""
    total = reduce_sum(cast_to(input, _INT64), axes, keep)
    return cast_to(M.div(total, _count(input.shape, axes), rounding_mode="trunc"),
                   input._np_dtype)


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
    if axis is None or not input.shape:
        # MindSpore 2.10's max/min over every element (axis None, or a 0-d input): the 0-d
        # extremum and a 0-d Int64 index 0; keepdims, initial and where take no part
        return prim.bind(input, axis=(), keep_dims=False), Tensor(np.array(0, np.int64))
    input, init = _initial(input, initial, where, name)
    d = _one_axis(axis, input, name)
    value = prim.bind(input, axis=(d,), keep_dims=keep)
    index = arg_prim.bind(input, axis=d, keep_dims=keep)
    # MindSpore's max/min return Int64 indices (ArgMax's kernel gives Int32)
    return _with_initial(value, prim, input, (), keep, init), cast_to(index, _INT64)


def max(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The maximum of ``input`` over ``axis`` and its index.

    As in MindSpore 2.10, ``axis`` None (or a 0-d ``input``) gives the maximum of every
    element with the index 0 (a 0-d Int64 Tensor), and ``keepdims``, ``initial`` and ``where``
    take no part.

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
    """The minimum of ``input`` over ``axis`` and its index.

    As in MindSpore 2.10, ``axis`` None (or a 0-d ``input``) gives the minimum of every
    element with the index 0 (a 0-d Int64 Tensor), and ``keepdims``, ``initial`` and ``where``
    take no part.

    Args:
        input (Tensor): the input.
        axis (int, optional): the axis to reduce; None reduces every element. Default: ``None``.
        keepdims (bool): keep the reduced axis with length 1. Default: ``False``.
        initial (number, optional): (keyword-only) the greatest value of an output element (it
            takes part in the minimum). Default: ``None``.
        where (Tensor[bool], optional): (keyword-only) the elements to compare (broadcast to
            ``input``); the others count as ``initial``, which must then be given.
            Default: ``None``.

    Returns:
        tuple(Tensor), ``(values, indices)``: the minima, of ``input``'s dtype, and the Int64
        indices of the minima in ``input`` (masked out elements counted as ``initial``).

    Raises:
        TypeError: ``input`` is not a Tensor, ``initial`` not a number, ``where`` not Bool.
        ValueError: ``where`` without ``initial``, or an empty axis.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 1.0, 2.0], [-1.0, 4.0, -2.0]], np.float32))
        >>> values, indices = ops.min(x, 1)
        >>> print(values, indices)
        [ 1. -2.] [1 2]
    """
    return _extremum(R.reduce_min_p, R.argmin_p, "min", input, axis, keepdims, initial, where)


def _extreme(prim, name, input, axis, keepdims, initial, where):
    check_tensor(input, name)
    input, init = _initial(input, initial, where, name)
    axes, keep = _reduction(input, axis, keepdims, name, "keepdims", nonempty=init is None)
    empty = 0 in [input.shape[a] for a in (axes or range(input.ndim))]
    value = None if empty else prim.bind(input, axis=axes, keep_dims=keep)
    return _with_initial(value, prim, input, axes, keep, init)


def amax(input, axis=None, keepdims=False, *, initial=None, where=None):
    """The maximum of ``input`` over ``axis``.

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
    """The minimum of ``input`` over ``axis``.

    Args:
        input (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keepdims (bool): keep the reduced axes with length 1. Default: ``False``.
        initial (number, optional): (keyword-only) the greatest value of an output element (it
            takes part in the minimum; an empty axis gives it). Default: ``None``.
        where (Tensor[bool], optional): (keyword-only) the elements to compare (broadcast to
            ``input``); the others count as ``initial``, which must then be given.
            Default: ``None``.

    Returns:
        Tensor of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor, ``initial`` not a number, ``where`` not Bool.
        ValueError: ``where`` without ``initial``, or an empty axis without ``initial``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3, 1, 2], [-1, 4, -2]], np.int32))
        >>> print(ops.amin(x, 0), ops.amin(x, 1, initial=0))
        [-1  1 -2] [ 0 -2]
    """
    return _extreme(R.reduce_min_p, "amin", input, axis, keepdims, initial, where)


def reduce_max(x, axis=(), keep_dims=False):
    """The maximum of ``x`` over ``axis``.

    Args:
        x (Tensor): the input.
        axis (Union[int, tuple(int), list(int)]): the axes to reduce; ``()`` or None reduces
            every axis. Default: ``()``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, ``axis`` not an int or a sequence of ints, or
            ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated, or a reduced axis is empty.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 1.0], [-1.0, 4.0], [0.5, 2.0]], np.float32))
        >>> print(ops.reduce_max(x, 1), ops.reduce_max(x))
        [3. 4. 2.] 4.0
    """
    axes, keep = _reduction(x, axis, keep_dims, "reduce_max", nonempty=True)
    return R.reduce_max_p.bind(x, axis=axes, keep_dims=keep)



def reduce_min(x, axis=()):
    """The minimum of ``x`` over ``axis`` (MindSpore's ``ops.reduce_min``, a ``ReduceMin()``,
    whose reduced axes are dropped).

    Args:
        x (Tensor): the input.
        axis (Union[int, tuple(int), list(int)]): the axes to reduce; ``()`` or None reduces
            every axis. Default: ``()``.

    Returns:
        Tensor of ``x``'s dtype.

    Raises:
        TypeError: ``x`` is not a Tensor, or ``axis`` not an int or a sequence of ints.
        ValueError: an axis is out of range or repeated, or a reduced axis is empty.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 1.0], [-1.0, 4.0], [0.5, 2.0]], np.float32))
        >>> print(ops.reduce_min(x, 1), ops.reduce_min(x))
        [ 1.  -1.   0.5] -1.0
    """
    axes, keep = _reduction(x, axis, False, "reduce_min", nonempty=True)
    return R.reduce_min_p.bind(x, axis=axes, keep_dims=keep)

def prod(input, axis=None, keep_dims=False, dtype=None):
    """The product of ``input`` over ``axis``.

    Args:
        input (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.
        dtype (mindcell.dtype, optional): the dtype ``input`` is cast to first; None: Int64 for
            bool and integer tensors, else ``input``'s dtype. Default: ``None``.

    Returns:
        Tensor of ``dtype`` (Int64 for a bool or integer ``input`` without ``dtype``).

    Raises:
        TypeError: ``input`` is not a Tensor, ``axis`` not an int or a sequence of ints,
            ``keep_dims`` not a bool, or ``dtype`` not a dtype.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 0.5, -1.0]], np.float32))
        >>> print(ops.prod(x, 1), ops.prod(x))
        [ 6. -2.] -12.0
    """
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
    if d is None:  # the 0-d index into the flattened input; keepdims takes no part (MindSpore)
        return prim.bind(input.reshape((-1,)), axis=0, keep_dims=False)
    return prim.bind(input, axis=d, keep_dims=keep)


def argmax(input, dim=None, keepdim=False):
    """The index of the maximum of ``input`` along ``dim`` (the first one of equal maxima).

    Args:
        input (Tensor): the input.
        dim (int, optional): the axis to reduce; None: the index into the flattened ``input``.
            Default: ``None``.
        keepdim (bool): keep the reduced axis with length 1; with ``dim`` None the result is
            0-d whatever ``keepdim`` is, as in MindSpore 2.10. Default: ``False``.

    Returns:
        Tensor of Int64.

    Raises:
        TypeError: ``input`` is not a Tensor, ``dim`` not an int, or ``keepdim`` not a bool.
        ValueError: ``dim`` is out of range, or the reduced axis is empty.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 5.0, 2.0], [4.0, 0.0, 6.0]], np.float32))
        >>> print(ops.argmax(x), ops.argmax(x, 1))
        5 [1 2]
    """
    if _numpy_number(input):
        return _numpy_number_index()
    return cast_to(_arg(R.argmax_p, "argmax", input, dim, keepdim), _INT64)  # Int64 as in MindSpore


def _numpy_number(v):
    return isinstance(v, np.generic) and not isinstance(v, np.bool_)


def _numpy_number_index():
    """argmax/argmin of a numpy number: MindSpore 2.10 hands it to numpy, whose index is 0, an
    Int64 Tensor for both (ms-oracle: ops.argmin(np.float32(2.0)) is Int64 0, where argmin of a
    Tensor is Int32; tests/goldens/arg_kinds)."""
    return Tensor(np.array(0, np.int64))


def argmin(input, axis=None, keepdims=False):
    """The index of the minimum of ``input`` along ``axis`` (the first one of equal minima).

    Args:
        input (Tensor): the input.
        axis (int, optional): the axis to reduce; None: the index into the flattened ``input``.
            Default: ``None``.
        keepdims (bool): keep the reduced axis with length 1; with ``axis`` None the result is
            0-d whatever ``keepdims`` is, as in MindSpore 2.10. Default: ``False``.

    Returns:
        Tensor of Int32.

    Raises:
        TypeError: ``input`` is not a Tensor, ``axis`` not an int, or ``keepdims`` not a bool.
        ValueError: ``axis`` is out of range, or the reduced axis is empty.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 5.0, 2.0], [4.0, 0.0, 6.0]], np.float32))
        >>> y = ops.argmin(x, 0, keepdims=True)
        >>> print(y, y.dtype)
        [[0 1 0]] Int32
    """
    if _numpy_number(input):
        return _numpy_number_index()
    return _arg(R.argmin_p, "argmin", input, axis, keepdims)


def var(input, axis=None, ddof=0, keepdims=False):
    """The variance of ``input`` over ``axis``: the mean squared deviation from the mean, divided by
    ``N - ddof`` instead of ``N``.

    A Float16 tensor accumulates in Float32. As in MindSpore 2.10 (ops.var, mint.var), a bool
    or integer tensor is a TypeError (Tensor.var, mindspore.numpy's, computes it in Float32).

    Args:
        input (Tensor): a float tensor.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        ddof (int): the delta degrees of freedom (1: the unbiased estimate). Default: ``0``.
        keepdims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor or is a bool or integer one, ``ddof`` not an int,
            ``axis`` not an int or a sequence of ints, or ``keepdims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [2.0, 2.0, 8.0]], np.float32))
        >>> print(ops.var(x, 1), ops.var(x, 1, ddof=1))
        [0.6666667 8.       ] [ 1. 12.]
    """
    if running_float_type() is not None:  # a typed cell: as MindSpore's one primitive
        return as_one_primitive((input,), lambda x: var(x, axis, ddof, keepdims))
    check_tensor(input, "var")
    ddof = check_int(int(ddof) if isinstance(ddof, bool) else ddof, "var", "ddof")
    x = float_math_operand(input, "var")
    x, back = _widen(x)
    axes, keepdims = _reduction(x, axis, keepdims, "var", "keepdims")
    mu = reduce_mean(x, axes, keep_dims=True)
    n = _count(x.shape, axes)
    return _narrow(M.div(reduce_sum(M.square(M.sub(x, mu)), axes, keepdims), n - ddof), back)


def std(input, axis=None, ddof=0, keepdims=False):
    """The standard deviation of ``input`` over ``axis``: the square root of :func:`var`.

    Args:
        input (Tensor): a float tensor (a bool or integer one is a TypeError, as in MindSpore
            2.10).
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        ddof (int): the delta degrees of freedom (1: the square root of the unbiased variance).
            Default: ``0``.
        keepdims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor or is a bool or integer one, ``ddof`` not an int,
            ``axis`` not an int or a sequence of ints, or ``keepdims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.std(Tensor(np.array([2, 4, 4, 4, 5, 5, 7, 9], np.float32))))
        2.0
    """
    if running_float_type() is not None:  # a typed cell: as MindSpore's one primitive
        return as_one_primitive((input,), lambda x: std(x, axis, ddof, keepdims))
    check_tensor(input, "std")
    float_math_operand(input, "std")
    x, back = _widen(input)
    return _narrow(M.sqrt(var(x, axis, ddof, keepdims)), back)


def var_mean(input, axis=None, ddof=0, keepdims=False):
    """The variance and the mean of ``input`` over ``axis`` (see :func:`var` and :func:`mean`).

    Args:
        input (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        ddof (int): the delta degrees of freedom of the variance. Default: ``0``.
        keepdims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        tuple(Tensor), ``(variance, mean)``, of ``input``'s dtype.

    Raises:
        TypeError: ``input`` is not a Tensor or is a bool or integer one, ``ddof`` not an int, ``axis`` not an int or a
            sequence of ints, or ``keepdims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 3.0], [2.0, 7.0]], np.float32))
        >>> print(*ops.var_mean(x, 0))
        [0.25 4.  ] [1.5 5. ]
    """
    return var(input, axis, ddof, keepdims), mean(input, axis, keepdims)


def std_mean(input, axis=None, ddof=0, keepdims=False):
    """The standard deviation and the mean of ``input`` over ``axis`` (see :func:`std` and
    :func:`mean`).

    Args:
        input (Tensor): the input.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        ddof (int): the delta degrees of freedom of the standard deviation. Default: ``0``.
        keepdims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        tuple(Tensor), ``(standard deviation, mean)``.

    Raises:
        TypeError: ``input`` is not a Tensor or is a bool or integer one, ``ddof`` not an int, ``axis`` not an int or a
            sequence of ints, or ``keepdims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 3.0], [2.0, 7.0]], np.float32))
        >>> print(*ops.std_mean(x, 1, ddof=1, keepdims=True))
        [[1.4142135]
         [3.535534 ]] [[2. ]
         [4.5]]
    """
    return std(input, axis, ddof, keepdims), mean(input, axis, keepdims)


def logsumexp(input, dim, keepdim=False):
    """``log(sum(exp(input)))`` over ``dim``, computed stably (shifted by the maximum: no overflow).

    Bool and integer tensors compute in Float32; a Float16 tensor in Float32, returned as
    Float16.

    Args:
        input (Tensor): the input.
        dim (Union[int, tuple(int), list(int)]): the axes to reduce; None or ``()`` reduces every
            axis.
        keepdim (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of ``input``'s float dtype (Float32 for bool and integer tensors).

    Raises:
        TypeError: ``input`` is not a Tensor, ``dim`` not an int or a sequence of ints, or
            ``keepdim`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0.0, 0.0], [1000.0, 1000.0]], np.float32))
        >>> print(ops.logsumexp(x, 1))
        [6.9314718e-01 1.0006932e+03]
    """
    if running_float_type() is not None:  # a typed cell: as MindSpore's one primitive
        return as_one_primitive((input,), lambda x: logsumexp(x, dim, keepdim))
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
    """The running sum of ``x`` along ``axis``.

    Args:
        x (Tensor): the input.
        axis (int): the axis to run along.
        dtype (mindcell.dtype, optional): the dtype ``x`` is cast to first; None: Int64 for bool,
            unsigned and 8/16-bit integer tensors, else ``x``'s dtype. Default: ``None``.

    Returns:
        Tensor of the shape of ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor, ``axis`` not an int, or ``dtype`` not a dtype.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]], np.float32))
        >>> print(ops.cumsum(x, 1))
        [[ 1.  3.  6.]
         [ 4.  9. 15.]]
    """
    check_tensor(x, "cumsum")
    if dtype is not None:
        x = cast_to(x, as_np_dtype(dtype, "cumsum"))
    elif x._np_dtype.kind in "bu" or x._np_dtype.itemsize < 4 and x._np_dtype.kind == "i":
        x = cast_to(x, _INT64)
    return R.cumsum_p.bind(x, axis=normalize_dim(axis, x.ndim, "cumsum"))


def all(input, axis=None, keep_dims=False):
    """Whether all elements of ``input`` over ``axis`` are True (nonzero): the logical AND.

    Args:
        input (Union[Tensor, number, bool]): the input, taken as Bool.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of Bool.

    Raises:
        TypeError: ``input`` is not a Tensor or a number, ``axis`` not an int or a sequence of
            ints, or ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1, 0], [2, 3]], np.int32))
        >>> print(ops.all(x, 1), ops.all(x))
        [False  True] False
    """
    x = cast_to(to_tensor(input, "all"), np.dtype(np.bool_))
    axes, keep = _reduction(x, axis, keep_dims, "all")
    return R.reduce_all_p.bind(x, axis=axes, keep_dims=keep)


def any(input, axis=None, keep_dims=False):
    """Whether any element of ``input`` over ``axis`` is True (nonzero): the logical OR.

    Args:
        input (Union[Tensor, number, bool]): the input, taken as Bool.
        axis (Union[int, tuple(int), list(int)], optional): the axes to reduce; None or ``()``
            reduces every axis. Default: ``None``.
        keep_dims (bool): keep the reduced axes with length 1. Default: ``False``.

    Returns:
        Tensor of Bool; of UInt8 (0 or 1) for a UInt8 ``input``, as in MindSpore.

    Raises:
        TypeError: ``input`` is not a Tensor or a number, ``axis`` not an int or a sequence of
            ints, or ``keep_dims`` not a bool.
        ValueError: an axis is out of range or repeated.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[False, False], [False, True]]))
        >>> print(ops.any(x, 1), ops.any(x))
        [False  True] True
    """
    t = to_tensor(input, "any")
    x = cast_to(t, np.dtype(np.bool_))
    axes, keep = _reduction(x, axis, keep_dims, "any")
    out = R.reduce_any_p.bind(x, axis=axes, keep_dims=keep)
    # MindSpore's any of a UInt8 tensor is UInt8 0/1 (other dtypes, and all, give Bool)
    return cast_to(out, t._np_dtype) if t._np_dtype == np.uint8 else out


# ----- matrix products ----------------------------------------------------------------------
def matmul(input, other):
    """The matrix product of ``input`` and ``other``, with numpy's rules: a 1-D operand is a row
    (``input``) or column (``other``) vector whose axis is dropped from the result, and the axes
    before the last two broadcast (batched product).

    Args:
        input (Tensor): the left operand, at least 1-D.
        other (Tensor): the right operand, at least 1-D, of ``input``'s dtype.

    Returns:
        Tensor of the operands' dtype.

    Raises:
        TypeError: the operands have different dtypes, or one is not a Tensor or a number.
        ValueError: an operand is 0-D, or the batch axes do not broadcast.
        RuntimeError: the contracted dimensions differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.arange(6, dtype=np.float32).reshape(2, 3))
        >>> print(ops.matmul(a, Tensor(np.array([1.0, 0.0, -1.0], np.float32))))
        [-2. -2.]
    """
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
    """The batched matrix product of ``input_x`` (..., N, K) and ``mat2`` (..., K, M); the batch
    axes broadcast.

    Args:
        input_x (Tensor): the left operand, at least 3-D.
        mat2 (Tensor): the right operand, at least 3-D, of ``input_x``'s dtype.

    Returns:
        Tensor of shape (..., N, M), of the operands' dtype.

    Raises:
        TypeError: the operands have different dtypes.
        ValueError: an operand is less than 3-D, or the batch axes do not broadcast.
        RuntimeError: the contracted dimensions differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.ones((2, 3, 4), np.float32))
        >>> print(ops.bmm(x, Tensor(np.ones((2, 4, 5), np.float32))).shape)
        (2, 3, 5)
    """
    if isinstance(input_x, Tensor) and isinstance(mat2, Tensor):
        check_same_dtype("bmm", input_x.dtype, mat2.dtype, "input_x", "mat2")
    a, b = binary_operands(input_x, mat2, "bmm")
    if a.ndim < 3 or b.ndim < 3:
        raise ValueError("bmm: operands must be at least 3-D, but got shapes %s and %s"
                         % (a.shape, b.shape))
    return matmul(a, b)


def dense(input, weight, bias=None):
    """The fully connected layer ``input @ weight.T + bias`` over the last axis of ``input``.

    Args:
        input (Tensor): the input, of shape (..., in_channels).
        weight (Tensor): the weight, of shape (out_channels, in_channels) and ``input``'s dtype.
        bias (Union[Tensor, number], optional): added to the product (broadcast, e.g. of shape
            (out_channels,)); None: no bias. Default: ``None``.

    Returns:
        Tensor of shape (..., out_channels).

    Raises:
        TypeError: ``input`` or ``weight`` is not a Tensor, or their dtypes differ.
        ValueError: ``weight`` is not 2-D, or its dim 1 differs from the last dim of ``input``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
        >>> w = Tensor(np.array([[1.0, 0.0, 0.0], [0.0, 1.0, 1.0]], np.float32))
        >>> print(ops.dense(x, w, Tensor(np.array([0.5, -0.5], np.float32))))
        [[1.5 4.5]]
    """
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
    """The dot product of ``input`` and ``other`` as ``numpy.dot`` defines it: the last axis of
    ``input`` is contracted with the second-to-last axis of ``other`` (the last one when
    ``other`` is 1-D), and the result has shape ``input.shape[:-1] + other.shape[:-2] +
    other.shape[-1:]``. For 2-D operands this is the matrix product; beyond 2-D it is not
    :func:`matmul` (no batch broadcasting: every batch of ``input`` meets every batch of
    ``other``).

    Args:
        input (Tensor): the left operand, at least 1-D.
        other (Tensor): the right operand, at least 1-D, of ``input``'s dtype.

    Returns:
        Tensor of the operands' dtype.

    Raises:
        TypeError: the operands have different dtypes, or one is not a Tensor or a number.
        ValueError: an operand is 0-D, or the batch axes do not broadcast.
        RuntimeError: the contracted dimensions differ.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([[1, 2], [3, 4]], np.int32))
        >>> print(ops.dot(a, a))
        [[ 7 10]
         [15 22]]
        >>> b = Tensor(np.ones((4, 2, 5), np.int32))
        >>> print(ops.dot(a, b).shape)
        (2, 4, 5)
    """
    if (isinstance(input, Tensor) and isinstance(other, Tensor) and other.ndim > 2
            and input.ndim >= 1):
        if input.dtype != other.dtype:
            raise TypeError("%s: 'input' and 'other' must have the same dtype, but got %s and %s"
                            % (public_name("dot"), input.dtype, other.dtype))
        if input.shape[-1] != other.shape[-2]:
            raise ValueError("%s: the last dimension of 'input' must equal the second-to-last "
                             "of 'other', but got shapes %s and %s"
                             % (public_name("dot"), input.shape, other.shape))
        from mindcell.ops.function.functional_extra_func import tensor_dot
        return tensor_dot(input, other, ((input.ndim - 1,), (other.ndim - 2,)))
    return matmul(input, other)


def outer(input, vec2):
    """The outer product of ``input`` and ``vec2`` (each flattened): ``out[i, j] = input[i] *
    vec2[j]``.

    Args:
        input (Tensor): the first vector (flattened if not 1-D).
        vec2 (Tensor): the second vector (flattened if not 1-D).

    Returns:
        Tensor of shape (input.size, vec2.size), of the promoted dtype.

    Raises:
        TypeError: ``input`` or ``vec2`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x, y = Tensor(np.array([1, 2, 3], np.int32)), Tensor(np.array([1, -1], np.int32))
        >>> print(ops.outer(x, y))
        [[ 1 -1]
         [ 2 -2]
         [ 3 -3]]
    """
    check_tensor(input, "outer")
    check_tensor(vec2, "outer", "vec2")
    return M.mul(input.reshape((-1, 1)), vec2.reshape((1, -1)))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v) and getattr(_v, "__module__", "") == __name__]
