"""More of mindspore.numpy's math: nanmax, nanmin, nancumsum, nanvar, nanstd, the polynomial
functions (polyadd, polysub, polymul, polyval, polyder, polyint), trapz, multi_dot, searchsorted,
argwhere, promote_types, result_type and array_str. Composites of mindcell ops with MindSpore
2.10's dtype rules and argument checks (tests/goldens/numpy_more)."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell import ops
from mindcell.common.tensor import Tensor
from mindcell.numpy import _utils as U

__all__ = ["nanmax", "nanmin", "nancumsum", "nanvar", "nanstd", "polyadd", "polysub",
           "polymul", "polyval", "polyder", "polyint", "trapz", "multi_dot", "searchsorted",
           "argwhere", "promote_types", "result_type", "array_str"]


def _cast(t, np_dt):
    return t if t._np_dtype == np_dt else ops.cast(t, mstype.from_numpy_dtype(np_dt))


def _promote(*ts):
    dt = ts[0]._np_dtype
    for t in ts[1:]:
        if t._np_dtype != dt:
            dt = mstype.promote_types(mstype.from_numpy_dtype(dt),
                                      mstype.from_numpy_dtype(t._np_dtype)).np_dtype
    return [_cast(t, dt) for t in ts]


# ----- nan reductions ---------------------------------------------------------------------------
def _nan_extreme(name, reduce, fill):
    def fn(a, axis=None, dtype=None, keepdims=False):
        t = U.asarray(a, name)
        if t._np_dtype.kind == "b":
            raise U.fail(name, "bool input is not supported (as in MindSpore 2.10)")
        axes = U.axes_arg(axis, t.ndim, name)
        if t._np_dtype.kind == "f":
            nan = ops.isnan(t)
            filled = ops.select(nan, ops.fill(t.dtype, t.shape, fill), t)
            out = reduce(filled, axes, keepdims)
            all_nan = ops.all(nan, axes, keepdims) if axes else nan
            out = ops.select(all_nan, ops.fill(t.dtype, out.shape, float("nan")), out)
        else:
            out = reduce(t, axes, keepdims) if axes else t
        return U.apply_dtype(out, dtype, name)
    return fn


_NAN_EXT_DOC = """%(name)s(a, axis=None, dtype=None, keepdims=False): the %(what)s of ``a`` (along
    ``axis``), ignoring NaNs.

    A slice of NaNs only gives NaN (numpy's value; MindSpore 2.10 gives %(ms)s there).

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input (not bool).
        axis (Union[None, int, tuple[int]]): the axes reduced. Default: ``None`` (all).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.
        keepdims (bool): keep the reduced axes as size 1. Default: ``False``.

    Returns:
        Tensor of ``a``'s dtype (``dtype`` when given).

    Raises:
        TypeError: ``a`` is bool, or ``axis`` not an int or a tuple of ints.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell.numpy as mnp
        >>> print(mnp.%(name)s(mnp.array([[1.0, np.nan], [4.0, 2.0]]), axis=1))
        %(out)s
    """
nanmax = _nan_extreme("nanmax", ops.amax, float("-inf"))
nanmax.__name__ = nanmax.__qualname__ = "nanmax"
nanmax.__doc__ = _NAN_EXT_DOC % dict(name="nanmax", what="maximum", ms="-9.223372e+18",
                                     out="[1. 4.]")
nanmin = _nan_extreme("nanmin", ops.amin, float("inf"))
nanmin.__name__ = nanmin.__qualname__ = "nanmin"
nanmin.__doc__ = _NAN_EXT_DOC % dict(name="nanmin", what="minimum", ms="9.223372e+18",
                                     out="[1. 2.]")


def nancumsum(a, axis=None, dtype=None):
    """nancumsum(a, axis=None, dtype=None): the cumulative sum along ``axis``, NaNs counting
    as zero.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        axis (int, optional): the axis summed along. Default: ``None`` (the flattened input).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.

    Returns:
        Tensor of ``a``'s dtype (bool: Int32; ``dtype`` when given).

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell.numpy as mnp
        >>> print(mnp.nancumsum(mnp.array([1.0, np.nan, 3.0])))
        [1. 1. 4.]
    """
    t = U.asarray(a, "nancumsum")
    if axis is None:
        t, ax = ops.reshape(t, (-1,)), 0
    else:
        if not isinstance(axis, (numbers.Integral, np.integer)) or isinstance(axis, bool):
            raise U.fail("nancumsum", "'axis' must be an int, but got %s" % U.describe(axis))
        ax = U.axis_arg(axis, t.ndim, "nancumsum")
    if t._np_dtype.kind == "f":
        t = ops.select(ops.isnan(t), ops.zeros_like(t), t)
    elif t._np_dtype.kind == "b":
        t = ops.cast(t, mstype.int32)
    return U.apply_dtype(ops.cumsum(t, ax), dtype, "nancumsum")


def _nan_moments(a, axis, ddof, keepdims, name):
    t = U.asarray(a, name)
    if t._np_dtype != np.float64:
        t = ops.cast(t, mstype.float32)  # float16, integers and bool compute in Float32
    axes = U.axes_arg(axis, t.ndim, name)
    ddof = U.check_ddof(ddof, name)
    ok = ops.logical_not(ops.isnan(t))
    zero = ops.zeros_like(t)
    vals = ops.select(ok, t, zero)
    cnt = ops.sum(ops.cast(ok, t.dtype), axes, True)
    mean = ops.div(ops.sum(vals, axes, True), cnt)
    dev = ops.select(ok, ops.sub(t, mean), zero)
    ss = ops.sum(ops.mul(dev, dev), axes, keepdims)
    n = ops.sum(ops.cast(ok, t.dtype), axes, keepdims)
    den = ops.sub(n, float(ddof))
    nan = ops.fill(t.dtype, ss.shape, float("nan"))
    return ops.select(ops.le(den, 0), nan, ops.div(ss, ops.select(ops.le(den, 0),
                                                                 ops.ones_like(den), den)))


_NAN_MOM_DOC = """%(name)s(a, axis=None, dtype=None, ddof=0, keepdims=False): the %(what)s of
    ``a`` (along ``axis``), ignoring NaNs.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input.
        axis (Union[None, int, tuple[int]]): the axes reduced. Default: ``None`` (all).
        dtype (mindcell.dtype, optional): the dtype the result is cast to. Default: ``None``.
        ddof (int): the divisor is N - ddof for N non-NaN values. Default: ``0``.
        keepdims (bool): keep the reduced axes as size 1. Default: ``False``.

    Returns:
        Tensor, Float32 (Float64 for float64 input; float16, integer and bool inputs give
        Float32, as MindSpore 2.10), NaN where N - ddof <= 0 (``dtype`` when given). Bool
        inputs count as 0/1 (numpy's value: 0.25 for the variance of [True, False], where
        MindSpore 2.10 gives 1.0).

    Raises:
        TypeError: ``axis`` or ``ddof`` is not an int.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell.numpy as mnp
        >>> print(mnp.%(name)s(mnp.array([1.0, np.nan, 3.0])))
        %(out)s
    """


def nanvar(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return U.apply_dtype(_nan_moments(a, axis, ddof, keepdims, "nanvar"), dtype, "nanvar")


def nanstd(a, axis=None, dtype=None, ddof=0, keepdims=False):
    return U.apply_dtype(ops.sqrt(_nan_moments(a, axis, ddof, keepdims, "nanstd")), dtype,
                         "nanstd")


nanvar.__doc__ = _NAN_MOM_DOC % dict(name="nanvar", what="variance", out="1.0")
nanstd.__doc__ = _NAN_MOM_DOC % dict(name="nanstd", what="standard deviation", out="1.0")


# ----- polynomials ------------------------------------------------------------------------------
def _poly(p, name):
    t = U.asarray(p, name)
    if t.ndim > 1:
        raise U.fail(name, "the input array must be a scalar or a 1-D sequence, but got %d-D"
                     % t.ndim, ValueError)
    return ops.reshape(t, (-1,))


def _pad_front(t, n):
    k = n - t.shape[0]
    return t if k == 0 else ops.concat((ops.zeros((k,), t.dtype), t), 0)


def _poly_sum(name, fn):
    def op(a1, a2):
        p, q = _promote(_poly(a1, name), _poly(a2, name))
        n = max(p.shape[0], q.shape[0])
        return fn(_pad_front(p, n), _pad_front(q, n))
    op.__name__ = op.__qualname__ = name
    return op


_POLY2_DOC = """%(name)s(a1, a2): the %(what)s of two polynomials (coefficients from the highest
    power down).

    Args:
        a1 (Union[Tensor, list, tuple, numpy.ndarray, int, float]): a scalar or 1-D.
        a2 (Union[Tensor, list, tuple, numpy.ndarray, int, float]): a scalar or 1-D.

    Returns:
        Tensor, 1-D, in the dtype the inputs promote to.

    Raises:
        ValueError: an input has more than 1 dimension.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.%(name)s(mnp.array([1, 2, 3]), mnp.array([2, 1])))
        %(out)s
    """
polyadd = _poly_sum("polyadd", ops.add)
polyadd.__doc__ = _POLY2_DOC % dict(name="polyadd", what="sum", out="[1 4 4]")
polysub = _poly_sum("polysub", ops.sub)
polysub.__doc__ = _POLY2_DOC % dict(name="polysub", what="difference", out="[1 0 2]")


def polymul(a1, a2):
    p, q = _promote(_poly(a1, "polymul"), _poly(a2, "polymul"))
    n1, n2 = p.shape[0], q.shape[0]
    if n1 == 0 or n2 == 0:
        return ops.zeros((0,), p.dtype)
    total = None
    for i in range(n2):
        term = ops.mul(p, q[i])
        parts = [t for t in (ops.zeros((i,), p.dtype), term,
                             ops.zeros((n2 - 1 - i,), p.dtype)) if t.shape[0]]
        term = parts[0] if len(parts) == 1 else ops.concat(tuple(parts), 0)
        total = term if total is None else ops.add(total, term)
    return total


polymul.__doc__ = _POLY2_DOC % dict(name="polymul", what="product", out="[2 5 8 3]")


def polyval(p, x):
    """polyval(p, x): the polynomial with coefficients ``p`` (highest power first) at ``x``.

    Args:
        p (Union[Tensor, list, tuple, numpy.ndarray]): the coefficients, a scalar or 1-D.
        x (Union[Tensor, list, tuple, numpy.ndarray, int, float]): the points.

    Returns:
        Tensor of ``x``'s shape, Float32 (Float64 when an input is float64; integer inputs
        give Float32, as MindSpore 2.10).

    Raises:
        ValueError: ``p`` has more than 1 dimension.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.polyval(mnp.array([1, 2, 3]), mnp.array([0, 1, 2])))
        [ 3.  6. 11.]
    """
    c = U.as_float(_poly(p, "polyval"))
    t = U.as_float(U.asarray(x, "polyval"))
    if c._np_dtype == np.float16:
        c = ops.cast(c, mstype.float32)
    if t._np_dtype == np.float16:
        t = ops.cast(t, mstype.float32)
    c, t = _promote(c, t)
    y = ops.zeros_like(t)
    for i in range(c.shape[0]):
        y = ops.add(ops.mul(y, t), c[i])
    return y


def _order(m, name):
    if not isinstance(m, (numbers.Integral, np.integer)) or isinstance(m, bool):
        raise U.fail(name, "'m' must be an int, but got %s" % U.describe(m))
    if m < 0:
        raise U.fail(name, "the order 'm' must be positive, but got %d" % m, ValueError)
    return int(m)


def polyder(p, m=1):
    """polyder(p, m=1): the ``m``-th derivative of the polynomial ``p`` (highest power first).

    Args:
        p (Union[Tensor, list, tuple, numpy.ndarray]): the coefficients, 1-D.
        m (int): the order of the derivative, >= 0. Default: ``1``.

    Returns:
        Tensor, 1-D, of ``p``'s dtype (empty when ``m`` is the length of ``p`` or more).

    Raises:
        TypeError: ``m`` is not an int.
        ValueError: ``m`` is negative, or ``p`` has more than 1 dimension.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.polyder(mnp.array([1, 2, 3])))
        [2 2]
    """
    t = _poly(p, "polyder")
    m = _order(m, "polyder")
    for _ in range(m):
        n = t.shape[0]
        if n <= 1:
            return ops.zeros((0,), t.dtype)
        powers = Tensor(np.arange(n - 1, 0, -1).astype(t._np_dtype))
        t = ops.mul(t[:-1], powers)
    return t


def polyint(p, m=1, k=None):
    """polyint(p, m=1, k=None): the ``m``-th antiderivative of the polynomial ``p`` (highest
    power first), with integration constants ``k``.

    Args:
        p (Union[Tensor, list, tuple, numpy.ndarray]): the coefficients, 1-D.
        m (int): the order, >= 0. Default: ``1``.
        k (Union[int, float, list, tuple, Tensor], optional): the constants, the first for the
            first integration; a scalar (or a shorter list, broadcast) is used for every one.
            Default: ``None`` (zeros).

    Returns:
        Tensor, 1-D, Float32 (Float64 for float64 ``p``; ``p`` itself when ``m`` is 0).

    Raises:
        TypeError: ``m`` is not an int.
        ValueError: ``m`` is negative, or ``p`` has more than 1 dimension.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.polyint(mnp.array([3.0, 2.0, 1.0]), k=5.0))
        [1. 1. 1. 5.]
    """
    t = _poly(p, "polyint")
    m = _order(m, "polyint")
    if m == 0:
        return t
    t = U.as_float(t)
    if t._np_dtype == np.float16:
        t = ops.cast(t, mstype.float32)
    ks = ops.zeros((m,), t.dtype) if k is None else ops.broadcast_to(
        ops.reshape(ops.cast(U.asarray(k, "polyint"), t.dtype), (-1,)), (m,))
    for i in range(m):
        n = t.shape[0]
        div = Tensor(np.arange(n, 0, -1).astype(t._np_dtype))
        t = ops.concat((ops.div(t, div), ops.reshape(ks[i], (1,))), 0)
    return t


# ----- trapz, multi_dot, searchsorted, argwhere ---------------------------------------------------
def trapz(y, x=None, dx=1.0, axis=-1):
    """trapz(y, x=None, dx=1.0, axis=-1): the integral of ``y`` along ``axis`` by the
    trapezoidal rule.

    Args:
        y (Union[Tensor, list, tuple, numpy.ndarray]): the values.
        x (Union[Tensor, list, tuple, numpy.ndarray], optional): the sample points (1-D, or
            ``y``'s shape). Default: ``None`` (spacing ``dx``).
        dx (Union[int, float]): the spacing when ``x`` is None. Default: ``1.0``.
        axis (int): the axis integrated along. Default: ``-1``.

    Returns:
        Tensor with ``axis`` removed, Float32 (Float64 for float64 inputs; integers give
        Float32, as MindSpore 2.10).

    Raises:
        TypeError: ``axis`` is not an int.
        ValueError: ``axis`` is out of range.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.trapz(mnp.array([1, 2, 3]), mnp.array([0.0, 1.0, 3.0])))
        6.5
    """
    t = U.as_float(U.asarray(y, "trapz"))
    if t._np_dtype == np.float16:
        t = ops.cast(t, mstype.float32)
    ax = U.axis_arg(axis, t.ndim, "trapz")
    n = t.shape[ax]
    hi = ops.narrow(t, ax, 1, n - 1) if n > 1 else None
    lo = ops.narrow(t, ax, 0, n - 1) if n > 1 else None
    if hi is None:
        shape = tuple(s for i, s in enumerate(t.shape) if i != ax)
        return ops.zeros(shape, t.dtype)
    avg = ops.mul(ops.add(hi, lo), 0.5)
    if x is None:
        return ops.mul(ops.sum(avg, ax), float(dx))
    xs = U.as_float(U.asarray(x, "trapz"))
    if xs.ndim == 1:
        d = ops.sub(xs[1:], xs[:-1])
        shape = [1] * t.ndim
        shape[ax] = n - 1
        d = ops.reshape(d, tuple(shape))
    else:
        d = ops.sub(ops.narrow(xs, ax, 1, n - 1), ops.narrow(xs, ax, 0, n - 1))
    avg, d = _promote(avg, d)
    return ops.sum(ops.mul(avg, d), ax)


def multi_dot(arrays):
    """multi_dot(arrays): the matrix product of two or more arrays; a 1-D first array is a row
    vector and a 1-D last array a column vector (that axis is dropped from the result).

    Args:
        arrays (Union[list[Tensor], tuple[Tensor]]): the arrays, 2-D but for the first and
            the last, which may be 1-D.

    Returns:
        Tensor, in the dtype the inputs promote to.

    Raises:
        ValueError: fewer than 2 arrays, or shapes that do not chain.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.multi_dot([mnp.ones((2, 3)), mnp.ones((3, 4)), mnp.ones(4)]))
        [12. 12.]
    """
    if not isinstance(arrays, (list, tuple)) or len(arrays) < 2:
        raise U.fail("multi_dot", "expecting a list or tuple of at least 2 arrays, but got %s"
                     % U.describe(arrays), ValueError)
    ts = _promote(*[U.asarray(a, "multi_dot") for a in arrays])
    first_1d, last_1d = ts[0].ndim == 1, ts[-1].ndim == 1
    if first_1d:
        ts[0] = ops.reshape(ts[0], (1, -1))
    if last_1d:
        ts[-1] = ops.reshape(ts[-1], (-1, 1))
    for t in ts:
        if t.ndim != 2:
            raise U.fail("multi_dot", "the arrays must be 2-D (the first and last may be 1-D), "
                         "but got %d-D" % t.ndim, ValueError)
    out = ts[0]
    for t in ts[1:]:
        if out.shape[1] != t.shape[0]:
            raise U.fail("multi_dot", "shapes %s and %s are not aligned"
                         % (tuple(out.shape), tuple(t.shape)), ValueError)
        out = ops.matmul(out, t)
    if first_1d:
        out = ops.squeeze(out, 0)
    if last_1d:
        out = ops.squeeze(out, -1)
    return out


def searchsorted(a, v, side="left", sorter=None):
    """searchsorted(a, v, side='left', sorter=None): where the values ``v`` would be inserted
    into the sorted 1-D ``a`` to keep it sorted.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the 1-D sorted input (or sorted by
            ``sorter``).
        v (Union[Tensor, list, tuple, numpy.ndarray, int, float]): the values.
        side (str): 'left' (the first suitable index) or 'right' (the last). Default: 'left'.
        sorter (Union[Tensor, list, tuple, numpy.ndarray], optional): the indices that sort
            ``a``. Default: ``None``.

    Returns:
        Tensor of ``v``'s shape, Int32.

    Raises:
        ValueError: ``side`` is not 'left' or 'right', or ``a`` is not 1-D.

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.searchsorted(mnp.array([1, 3, 5, 7]), mnp.array([0, 3, 6])))
        [0 1 3]
    """
    if side not in ("left", "right"):
        raise U.fail("searchsorted", "invalid value for keyword 'side': %r (expected 'left' "
                     "or 'right')" % (side,), ValueError)
    t = U.asarray(a, "searchsorted")
    if t.ndim != 1:
        raise U.fail("searchsorted", "'a' should be a 1-D array, but got %d-D" % t.ndim,
                     ValueError)
    vals = U.asarray(v, "searchsorted")
    if sorter is not None:
        t = ops.gather(t, ops.cast(U.asarray(sorter, "searchsorted"), mstype.int32), 0)
    t, vals = _promote(t, vals)
    zero_d = vals.ndim == 0
    flat = ops.reshape(vals, (-1,))
    out = ops.searchsorted(t, flat, right=side == "right")
    out = ops.reshape(ops.cast(out, mstype.int32), tuple(vals.shape))
    return out if not zero_d else ops.reshape(out, ())


def argwhere(a):
    """argwhere(a): the indices of the non-zero elements of ``a``, one row per element.

    The number of rows depends on the values, so (as ``nonzero``) it runs in PYNATIVE mode.

    Args:
        a (Union[Tensor, list, tuple, numpy.ndarray]): the input, at least 1-D.

    Returns:
        Tensor of shape (N, a.ndim), Int64.

    Raises:
        ValueError: ``a`` is 0-D (MindSpore 2.10's kernel refuses it).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.argwhere(mnp.array([[1, 0], [0, 3]])))
        [[0 0]
         [1 1]]
    """
    t = U.asarray(a, "argwhere")
    if t.ndim == 0:
        raise U.fail("argwhere", "the input must be at least 1-D, but got a 0-D tensor",
                     ValueError)
    return ops.cast(ops.argwhere(t), mstype.int64)


# ----- dtypes and printing ----------------------------------------------------------------------
def _as_dtype(v, name):
    try:
        return mstype.to_dtype(v)
    except (TypeError, ValueError, KeyError, AttributeError):
        raise U.fail(name, "data type not understood: %s" % U.describe(v)) from None


def promote_types(type1, type2):
    """promote_types(type1, type2): the dtype both dtypes convert to safely.

    Args:
        type1 (Union[mindcell.dtype, str, numpy.dtype]): a dtype.
        type2 (Union[mindcell.dtype, str, numpy.dtype]): a dtype.

    Returns:
        mindcell.dtype.

    Raises:
        TypeError: an argument is not a dtype.

    Examples:
        >>> import mindcell as ms
        >>> import mindcell.numpy as mnp
        >>> print(mnp.promote_types(ms.int8, ms.uint8))
        Int16
    """
    return mstype.promote_types(_as_dtype(type1, "promote_types"),
                                _as_dtype(type2, "promote_types"))


def result_type(*arrays_and_dtypes):
    """result_type(*arrays_and_dtypes): the dtype that combining the arguments gives.

    Tensors count with their dtype and Python numbers as mindspore.numpy's defaults (bool:
    Bool, int: Int32, float: Float32), as MindSpore 2.10 (so an int8 Tensor with 300 is Int32).

    Args:
        arrays_and_dtypes (Union[Tensor, int, float, bool, mindcell.dtype, str]): the inputs.

    Returns:
        mindcell.dtype.

    Raises:
        TypeError: an argument is not a Tensor, number or dtype (lists are refused).
        ValueError: no argument.

    Examples:
        >>> import mindcell as ms
        >>> import mindcell.numpy as mnp
        >>> print(mnp.result_type(mnp.array([1, 2]), 1.5))
        Float32
    """
    if not arrays_and_dtypes:
        raise U.fail("result_type", "at least one array or dtype is required", ValueError)
    dts = []
    for v in arrays_and_dtypes:
        if isinstance(v, Tensor):
            dts.append(v.dtype)
        elif U.is_number(v):
            dts.append(mstype.from_numpy_dtype(U.scalar_np_dtype(v)))
        elif isinstance(v, (list, tuple, dict)):
            raise U.fail("result_type", "data type not understood: %s" % U.describe(v))
        elif isinstance(v, str):  # MindSpore 2.10 reads numpy's codes too ('i2', 'f8', '?')
            try:
                dts.append(mstype.to_dtype(v))
            except (TypeError, ValueError, KeyError, AttributeError):
                try:
                    dts.append(mstype.from_numpy_dtype(np.dtype(v)))
                except TypeError:
                    raise U.fail("result_type", "data type not understood: %s"
                                 % U.describe(v)) from None
        else:
            dts.append(_as_dtype(v, "result_type"))
    out = dts[0]
    for d in dts[1:]:
        out = mstype.promote_types(out, d)
    return out


def array_str(a):
    """array_str(a): the text of a Tensor's values, as ``print`` shows them.

    Args:
        a (Tensor): the input.

    Returns:
        str.

    Raises:
        TypeError: ``a`` is not a Tensor (as MindSpore 2.10).

    Examples:
        >>> import mindcell.numpy as mnp
        >>> print(mnp.array_str(mnp.array([[1, 5], [4, 0]])))
        [[1 5]
         [4 0]]
    """
    if not isinstance(a, Tensor):
        raise U.fail("array_str", "expected a Tensor, but got %s" % U.describe(a))
    return str(a)
