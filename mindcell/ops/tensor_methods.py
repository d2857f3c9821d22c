"""Tensor operators and methods, derived from the functional ops (one definition per op)."""

import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, check_int, check_not_bool, int_arg, public_name
from mindcell.ops._helpers import check_tensor, normalize_axis
from mindcell.ops.defs.shape import copy_p
from mindcell.ops.function.indexing import assign_value, set_dtype
from mindcell.ops.function.repeat_func import bitcast
from mindcell.ops.function import generated_func


def _swap(fn):
    return lambda self, other: fn(other, self)


_OPERATORS = {
    "__add__": F.add, "__radd__": _swap(F.add), "__sub__": F.sub, "__rsub__": _swap(F.sub),
    "__mul__": F.mul, "__rmul__": _swap(F.mul), "__truediv__": F.div,
    "__rtruediv__": _swap(F.div), "__floordiv__": F.floor_div,
    "__rfloordiv__": _swap(F.floor_div), "__mod__": F.floor_mod, "__rmod__": _swap(F.floor_mod),
    "__pow__": F.pow, "__rpow__": _swap(F.pow), "__matmul__": F.matmul,
    "__rmatmul__": _swap(F.matmul), "__eq__": F.equal, "__ne__": F.not_equal, "__lt__": F.less,
    "__le__": F.less_equal, "__gt__": F.greater, "__ge__": F.greater_equal,
    "__and__": F.bitwise_and, "__rand__": _swap(F.bitwise_and),
    "__or__": F.bitwise_or, "__ror__": _swap(F.bitwise_or),
    "__xor__": F.bitwise_xor, "__rxor__": _swap(F.bitwise_xor),
    "__neg__": F.neg, "__abs__": F.abs, "__pos__": lambda self: self,
    "__invert__": F.invert,
    "__getitem__": F.getitem, "__setitem__": F.setitem,
}


# ----- methods ------------------------------------------------------------------------------
def astype(self, dtype, copy=True):
    """astype(dtype, copy=True): converted to ``dtype``; with ``copy=False`` the tensor itself
    when it already has that dtype (as MindSpore)."""
    if copy is False and isinstance(dtype, mstype.DType) and self.dtype == dtype:
        return self
    return F.cast(self, dtype)


def reshape(self, *shape):
    """reshape(*shape): the same values with a new shape (``x.reshape(2, 3)`` or
    ``x.reshape((2, 3))``; one dim may be -1)."""
    return F.reshape(self, shape[0] if len(shape) == 1 and not isinstance(shape[0], int)
                     else shape)


def view(self, *shape):
    """view(*shape): like :meth:`reshape`; ``x.view(dtype)`` reinterprets the bytes."""
    if len(shape) == 1 and isinstance(shape[0], mstype.DType):
        return bitcast(self, shape[0])
    return reshape(self, *shape)


def transpose(self, *axes, dim0=None, dim1=None):
    """transpose(*axes) (a permutation) or transpose(dim0, dim1): two int arguments (or
    ``dim0=``/``dim1=``) swap two axes, as MindSpore 2.10 (``x.transpose(0, 1)`` of a 2-D
    tensor is its transpose)."""
    if dim0 is not None or dim1 is not None:
        if axes or dim0 is None or dim1 is None:
            raise TypeError("Tensor.transpose: give both 'dim0' and 'dim1' (and no "
                            "permutation), but got axes=%r, dim0=%r, dim1=%r" % (axes, dim0, dim1))
        axes = (dim0, dim1)
    if len(axes) == 2 and all(isinstance(a, int) and not isinstance(a, bool) for a in axes):
        return F.swapaxes(self, *axes)
    if not axes:
        return F.transpose(self, tuple(range(self.ndim - 1, -1, -1)))
    if len(axes) == 1 and isinstance(axes[0], (tuple, list)):
        axes = tuple(axes[0])
    return F.transpose(self, axes)


def permute(self, *axis):
    if len(axis) == 1 and isinstance(axis[0], (tuple, list)):
        axis = tuple(axis[0])
    return F.permute(self, axis)


def _keep(keepdims, keep_dims, op, keepdim=None):
    """MindSpore's ``keep_dims``, numpy's ``keepdims`` and mint's ``keepdim`` spellings: all
    must be bools."""
    keep = check_bool(keepdims, op, "keepdims")
    if keepdim is not None:
        keep = check_bool(keepdim, op, "keepdim") or keep
    return check_bool(keep_dims, op, "keep_dims") or keep


def _dim(axis, dim, op, default=None, axis_name="axis"):
    """MindSpore 2.10's Tensor methods take mint's ``dim`` as well as the older ``axis`` (the
    overload chosen by the keyword); both given is an error."""
    if dim is _UNSET:
        return axis
    if axis is not default:
        raise TypeError("Tensor.%s: give '%s' or 'dim', not both" % (op, axis_name))
    return dim


_UNSET = object()


def sum(self, axis=None, dtype=None, keepdims=False, initial=None, keep_dims=False, *,
        dim=_UNSET, keepdim=None):
    """sum(axis=None, dtype=None, keepdims=False, initial=None) or sum(dim=None,
    keepdim=False, *, dtype=None): MindSpore 2.10 takes both forms; a bool second positional
    argument is ``keepdim`` (``x.sum(1, True)``)."""
    if isinstance(dtype, bool):
        keepdim, dtype = (dtype if keepdim is None else keepdim), None
    axis = _dim(axis, dim, "sum")
    out = F.sum(self, axis, _keep(keepdims, keep_dims, "sum", keepdim), dtype=dtype)
    return out if initial is None else F.add(out, initial)


def mean(self, axis=None, keep_dims=False, keepdims=False, *, dim=_UNSET, keepdim=None,
         dtype=None):
    """mean(axis=None, keep_dims=False) or mean(dim=None, keepdim=False, *, dtype=None)
    (``dtype``: the input is cast to it first)."""
    x = self if dtype is None else F.cast(self, dtype)
    return F.mean(x, _dim(axis, dim, "mean"), _keep(keepdims, keep_dims, "mean", keepdim))


def _check_dim_form(name, axis, others):
    """``Tensor.max(dim=d, keepdim=k)`` / ``min``: MindSpore 2.10's overload that returns
    ``(values, indices)`` in both modes; it takes no other argument."""
    if axis is not None or others:
        raise TypeError("Tensor.%s: 'dim' (the (values, indices) form, Tensor.%s(dim, "
                        "keepdim=False)) cannot be combined with 'axis', 'keepdims', 'initial', "
                        "'where' or 'return_indices'" % (name, name))


def _positional_dim_form(args, kwargs):
    """Whether a call is MindSpore 2.10's ``max(dim, keepdim=False)`` / ``min`` overload
    (ms-oracle): an int first argument given positionally, at most a bool after it, and no
    argument of the axis form (``x.max(2)`` and ``x.max(2, True)`` give ``(values, indices)``;
    ``x.max(axis=2)``, ``x.max((0, 1))``, ``x.max(None)`` and ``x.max(2, keepdims=True)`` the
    maxima)."""
    if not args or len(args) > 2 or not isinstance(int_arg(args[0]), (int, np.integer)) \
            or isinstance(args[0], bool):  # a numpy int chooses this form too (ms-oracle), and
        return False  # a 0-d integer Tensor is the int it holds (as for every int argument)
    if len(args) == 2 and not isinstance(args[1], bool):
        return False
    return not set(kwargs) & {"axis", "keepdims", "initial", "where", "keep_dims",
                              "return_indices", "dim"}


def _tensor_max(self, *args, **kwargs):
    """max(axis=None, keepdims=False, *, initial=None, where=None, return_indices=False): the
    maxima (:func:`ops.amax`), or ``(values, indices)`` (:func:`ops.max`) with
    ``return_indices``. ``max(dim, keepdim=False)`` (MindSpore 2.10's other overload, chosen
    by ``dim=`` or by a positional int as in ``x.max(1)``) is ``(values, indices)``."""
    if _positional_dim_form(args, kwargs):
        return _tensor_max_impl(self, dim=args[0], keepdim=args[1] if len(args) > 1 else
                                kwargs.pop("keepdim", False), **kwargs)
    return _tensor_max_impl(self, *args, **kwargs)


def _tensor_min(self, *args, **kwargs):
    """min(axis=None, keepdims=False, *, initial=None, where=None, return_indices=False): as
    :meth:`max` with :func:`ops.amin`/:func:`ops.min`; ``min(dim, keepdim=False)`` (by
    ``dim=`` or a positional int) is ``(values, indices)``."""
    if _positional_dim_form(args, kwargs):
        return _tensor_min_impl(self, dim=args[0], keepdim=args[1] if len(args) > 1 else
                                kwargs.pop("keepdim", False), **kwargs)
    return _tensor_min_impl(self, *args, **kwargs)


def _tensor_max_impl(self, axis=None, keepdims=False, *, initial=None, where=None,
                     keep_dims=False, return_indices=False, dim=None, keepdim=False):
    """max(axis=None, keepdims=False, *, initial=None, where=None, return_indices=False): the
    maxima (:func:`ops.amax`), or ``(values, indices)`` (:func:`ops.max`) with
    ``return_indices``. ``max(dim=d, keepdim=False)`` (MindSpore 2.10's other overload) is
    ``(values, indices)`` along ``d``."""
    if dim is not None:
        _check_dim_form("max", axis, keepdims or keep_dims or return_indices
                        or initial is not None or where is not None)
        return F.max(self, dim, check_bool(keepdim, "Tensor.max", "keepdim"))
    if keepdim is not False:
        raise TypeError("Tensor.max: 'keepdim' belongs to the dim form, Tensor.max(dim=d, "
                        "keepdim=...); the axis form takes 'keepdims'")
    keep = _keep(keepdims, keep_dims, "max")
    if check_bool(return_indices, "Tensor.max", "return_indices"):
        return F.max(self, axis, keep, initial=initial, where=where)
    return F.amax(self, axis, keep, initial=initial, where=where)


def _tensor_min_impl(self, axis=None, keepdims=False, *, initial=None, where=None,
                     keep_dims=False, return_indices=False, dim=None, keepdim=False):
    """min(axis=None, keepdims=False, *, initial=None, where=None, return_indices=False): as
    :meth:`max` with :func:`ops.amin`/:func:`ops.min`; ``min(dim=d, keepdim=False)`` is
    ``(values, indices)``."""
    if dim is not None:
        _check_dim_form("min", axis, keepdims or keep_dims or return_indices
                        or initial is not None or where is not None)
        return F.min(self, dim, check_bool(keepdim, "Tensor.min", "keepdim"))
    if keepdim is not False:
        raise TypeError("Tensor.min: 'keepdim' belongs to the dim form, Tensor.min(dim=d, "
                        "keepdim=...); the axis form takes 'keepdims'")
    keep = _keep(keepdims, keep_dims, "min")
    if check_bool(return_indices, "Tensor.min", "return_indices"):
        return F.min(self, axis, keep, initial=initial, where=where)
    return F.amin(self, axis, keep, initial=initial, where=where)


def prod(self, axis=None, keep_dims=False, dtype=None, keepdims=False, *, dim=_UNSET,
         keepdim=None):
    return F.prod(self, _dim(axis, dim, "prod"), _keep(keepdims, keep_dims, "prod", keepdim),
                  dtype)


def argmax(self, axis=None, keepdims=False, keep_dims=False, *, dim=_UNSET, keepdim=None):
    return F.argmax(self, _dim(axis, dim, "argmax"),
                    _keep(keepdims, keep_dims, "argmax", keepdim))


def argmin(self, axis=None, keepdims=False, keep_dims=False, *, dim=_UNSET, keepdim=None):
    return F.argmin(self, _dim(axis, dim, "argmin"),
                    _keep(keepdims, keep_dims, "argmin", keepdim))


def _ddof(ddof, correction, op):
    if correction is None:
        return ddof
    if ddof != 0:
        raise TypeError("Tensor.%s: give 'ddof' or 'correction', not both" % op)
    return check_int(correction, "Tensor." + op, "correction")


def std(self, axis=None, ddof=0, keepdims=False, keep_dims=False, *, dim=_UNSET,
        correction=None, keepdim=None):
    """std(axis=None, ddof=0, keepdims=False) or std(dim=None, *, correction=0, keepdim=False)
    (MindSpore 2.10's Tensor.std takes both; ``correction`` is ``ddof``, 0 unless given)."""
    # MindSpore 2.10's Tensor.std/var/trace/cumsum are mindspore.numpy's (one dtype rule:
    # integer var/std around the truncated integer mean in Float32, Int64 integer traces,
    # Int32 running sums of bool/int8/int16/uint8)
    axis = _dim(axis, dim, "std")
    normalize_axis(axis, self.ndim, "std")  # errors name Tensor.std
    from mindcell.numpy import reductions
    return reductions.std(self, axis, _ddof(ddof, correction, "std"),
                          _keep(keepdims, keep_dims, "std", keepdim))


def var(self, axis=None, ddof=0, keepdims=False, keep_dims=False, *, dim=_UNSET,
        correction=None, keepdim=None):
    """var(axis=None, ddof=0, keepdims=False) or var(dim=None, *, correction=0,
    keepdim=False), as :meth:`std`."""
    axis = _dim(axis, dim, "var")
    normalize_axis(axis, self.ndim, "var")  # errors name Tensor.var
    from mindcell.numpy import reductions
    return reductions.var(self, axis, _ddof(ddof, correction, "var"),
                          _keep(keepdims, keep_dims, "var", keepdim))


def ptp(self, axis=None, keepdims=False):
    """ptp(axis=None, keepdims=False) -> Tensor

    The range (maximum - minimum) of the elements over ``axis``, in ``self``'s dtype (an
    integer range that does not fit wraps, as MindSpore 2.10's Tensor.ptp); the same as
    :func:`mindcell.numpy.ptp`.

    Args:
        axis (Union[int, tuple[int], None]): the axes reduced. Default: ``None`` (all axes).
        keepdims (bool): whether the reduced axes stay, with length 1. Default: ``False``.

    Returns:
        Tensor of ``self``'s dtype.

    Raises:
        TypeError: ``self`` is bool, ``axis`` is not an int or a tuple of ints, or ``keepdims``
            is not a bool.
        ValueError: an axis is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> x = Tensor(np.array([[1, -2, 3], [0, 5, -6]], np.int32))
        >>> print(x.ptp(), x.ptp(axis=1))
        11 [ 5 11]
    """
    from mindcell.numpy import reductions
    return reductions.ptp(self, axis, keepdims)


def trace(self, offset=0, axis1=0, axis2=1, dtype=None):
    from mindcell.numpy import linalg_ops
    return linalg_ops.trace(self, offset, axis1, axis2, dtype)


def all_(self, axis=None, keep_dims=False, keepdims=False, *, dim=_UNSET, keepdim=None):
    return F.all(self, _dim(axis, dim, "all"), _keep(keepdims, keep_dims, "all", keepdim))


def any_(self, axis=None, keep_dims=False, keepdims=False, *, dim=_UNSET, keepdim=None):
    return F.any(self, _dim(axis, dim, "any"), _keep(keepdims, keep_dims, "any", keepdim))


def flatten(self, *args, order="C", start_dim=0, end_dim=-1):
    """flatten(order='C', *, start_dim=0, end_dim=-1) or flatten(start_dim=0, end_dim=-1):
    MindSpore 2.10 reads positional ints as ``start_dim, end_dim`` (``x.flatten(0, -1)``) and
    a positional str as ``order``."""
    if len(args) > 2:
        raise TypeError("Tensor.flatten: takes at most 2 positional arguments (start_dim, "
                        "end_dim), but got %d" % len(args))
    if args and isinstance(args[0], int) and not isinstance(args[0], bool):
        start_dim = args[0]
        if len(args) > 1:
            end_dim = args[1]
    elif args:
        if len(args) > 1:
            raise TypeError("Tensor.flatten: 'order' is the only positional argument of the "
                            "order form, but got %d" % len(args))
        order = args[0]
    return F.flatten(self, order, start_dim=start_dim, end_dim=end_dim)


def squeeze(self, axis=None):
    return F.squeeze(self, axis)


def expand_dims(self, axis):
    return F.expand_dims(self, axis)


def expand_as(self, other):
    return F.broadcast_to(self, check_tensor(other, "expand_as", "other").shape)


def copy(self):
    """copy(): a tensor with the same values in its own buffer."""
    return copy_p.bind(self)


def clip(self, xmin=None, xmax=None):
    return F.clamp(self, xmin, xmax)


def fill_(self, value):
    """fill_(value): set every element to ``value`` in place (a traced update in GRAPH_MODE)."""
    F.setitem(self, Ellipsis, value)
    return self


def zero_(self):
    return fill_(self, 0)


_NO_AXIS = object()  # Tensor.repeat's axis was not given (None is numpy's "flattened")


def repeat(self, *repeats, axis=_NO_AXIS):
    """repeat(*repeats): the tensor tiled ``repeats[i]`` times along dimension ``i``, as
    MindSpore 2.10's ``Tensor.repeat`` (PyTorch's semantics; dimensions are prepended when
    ``repeats`` has more entries than the tensor). ``x.repeat(2, 3)`` and ``x.repeat((2, 3))``
    are the same.

    The form of MindSpore 2.2 and earlier, numpy's ``repeat(repeats, axis=None)`` (each
    element repeated, see :meth:`repeat_interleave`), is used when ``axis`` is given by keyword,
    or when fewer repeats than dimensions are given (one int, or an int and an axis), which
    MindSpore 2.10 rejects.

    Args:
        repeats (Union[int, tuple[int], list[int]]): the repetitions per dimension, each >= 0.
        axis (int, optional): keyword only: the legacy numpy form along this axis.

    Returns:
        Tensor, of shape ``repeats[i] * shape[i]`` per dimension (the tiled form).

    Raises:
        TypeError: a repeat is not an int.
        ValueError: a repeat is negative, or more than two legacy arguments are given.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor
        >>> x = Tensor(np.array([[1, 2], [3, 4]], np.float32))
        >>> x.repeat(2, 1).shape, x.repeat(1, 2, 1).shape
        ((4, 2), (1, 4, 2))
        >>> print(x.repeat(2, axis=1))
        [[1. 1. 2. 2.]
         [3. 3. 4. 4.]]
    """
    if axis is not _NO_AXIS:
        if len(repeats) != 1:
            raise TypeError("Tensor.repeat: with axis=, give one 'repeats' (numpy's form), "
                            "but got %d" % len(repeats))
        return F.repeat_interleave(self, repeats[0], axis)
    if len(repeats) == 1 and isinstance(repeats[0], (tuple, list)):
        repeats = tuple(repeats[0])
    if not repeats:
        raise TypeError("Tensor.repeat: give the repetitions per dimension, e.g. x.repeat(2, 1)")
    for r in repeats:
        if not isinstance(r, int) or isinstance(r, bool):
            raise TypeError("Tensor.repeat: each repetition must be an int, but got %r"
                            % (repeats,))
        if r < 0:
            raise ValueError("Tensor.repeat: the repetitions must be >= 0, but got %r"
                             % (repeats,))
    if len(repeats) >= self.ndim:
        return F.tile(self, repeats)
    if len(repeats) <= 2:  # MindSpore 2.2's repeat(repeats, axis) (2.10 raises for these)
        return F.repeat_interleave(self, *repeats)
    raise ValueError("Tensor.repeat: %d repetitions for a %d-dimensional tensor; give one per "
                     "dimension (or more)" % (len(repeats), self.ndim))


def repeat_interleave(self, repeats, dim=None, *, output_size=None):
    """repeat_interleave(repeats, dim=None, *, output_size=None): each element repeated
    ``repeats`` times along ``dim`` (the flattened tensor when None), as
    :func:`mindcell.ops.repeat_interleave` with ``axis=dim`` (MindSpore 2.10's Tensor method
    spells it ``dim``). ``output_size``, when given, must be the length of the result along
    ``dim`` (ValueError otherwise)."""
    out = F.repeat_interleave(self, repeats, dim)
    if output_size is not None:
        check_int(output_size, "Tensor.repeat_interleave", "output_size")
        length = out.shape[0 if dim is None else dim]
        if output_size != length:
            raise ValueError("Tensor.repeat_interleave: 'output_size' is %r but the result has "
                             "length %d along the repeated dimension" % (output_size, length))
    return out


def cumsum(self, axis=None, dtype=None, *, dim=_UNSET):
    """cumsum(axis=None, dtype=None), ``dim`` also spelled for ``axis``."""
    from mindcell.numpy import reductions
    return reductions.cumsum(self, _dim(axis, dim, "cumsum"), dtype)


def _sort(self, axis=-1, descending=False, *, dim=_UNSET, stable=False):
    """sort(axis=-1, descending=False, *, dim=None, stable=False): values and Int32 indices
    (the sort is stable: equal elements keep their order)."""
    check_bool(stable, "Tensor.sort", "stable")
    return F.sort(self, _dim(axis, dim, "sort", -1), descending)


def _topk(self, k, dim=None, largest=True, sorted=True):
    """topk(k, dim=None, largest=True, sorted=True): ops.topk, but a bool ``dim`` is refused
    (MindSpore 2.10's Tensor.topk; its ops.topk takes it)."""
    return F.topk(self, k, check_not_bool(dim, "Tensor.topk", "dim"), largest, sorted)


def _narrow(self, axis, start, length):
    """narrow(axis, start, length): ops.narrow, but a bool ``axis`` is refused (MindSpore 2.10's
    Tensor.narrow; its ops.narrow takes it)."""
    return F.narrow(self, check_not_bool(axis, "Tensor.narrow", "axis"), start, length)


def _argsort(self, axis=-1, descending=False, *, dim=_UNSET, stable=False):
    check_bool(stable, "Tensor.argsort", "stable")
    return F.argsort(self, _dim(axis, dim, "argsort", -1), descending)


def _gather(self, *args, **kwargs):
    """gather(input_indices, axis, batch_dims=0) or gather(dim, index): an int first argument
    with a Tensor second one, or ``dim=``/``index=``, is the second form
    (:func:`ops.gather_elements`), as MindSpore 2.10."""
    if "dim" in kwargs or "index" in kwargs or (
            len(args) >= 2 and isinstance(args[0], int) and not isinstance(args[0], bool)
            and isinstance(args[1], Tensor)):
        return _gather_dim(self, *args, **kwargs)
    return F.gather(self, *args, **kwargs)


def _gather_dim(self, dim, index):
    return F.gather_elements(self, dim, index)


def _scatter(self, axis=_UNSET, index=None, src=None, *, dim=_UNSET, value=_UNSET):
    """scatter(axis, index, src) with ``dim`` for ``axis`` and ``value`` (a number) for
    ``src``."""
    if axis is _UNSET and dim is _UNSET:
        raise TypeError("Tensor.scatter: missing 'dim' (or 'axis')")
    axis = dim if axis is _UNSET else _dim(axis, dim, "scatter", _UNSET)
    if value is not _UNSET:
        if src is not None:
            raise TypeError("Tensor.scatter: give 'src' or 'value', not both")
        src = value
    return F.scatter(self, axis, index, src)


def _alpha_form(name):
    fn = getattr(F, name)

    def method(self, other, *, alpha=1):
        if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
            raise TypeError("%s: 'alpha' must be an int or float, but got %s"  # (subtract)
                            % (public_name("Tensor." + name), type(alpha).__name__))
        if alpha == 1 and not isinstance(alpha, float):
            if name == "sub" and self.dtype == mstype.bool_ and (
                    isinstance(other, bool)
                    or isinstance(other, Tensor) and other.dtype == mstype.bool_):
                # MindSpore 2.10's Tensor.sub/subtract of two bools: their difference modulo 2,
                # a Bool tensor (ops.sub refuses them, ops.subtract gives Int64)
                return F.logical_xor(self, other)
            return fn(self, other)
        if isinstance(alpha, float) and not any(  # MindSpore 2.10: refused for two ints
                isinstance(a, float) or isinstance(a, Tensor) and a.dtype.is_floating_point
                for a in (self, other)):
            raise TypeError("%s: a float 'alpha' needs a float self or other, but got %s "
                            "and %s" % (public_name("Tensor." + name), self.dtype,
                                        getattr(other, "dtype", None) or type(other).__name__))
        return fn(self, F.mul(other, alpha))
    method.__name__ = name
    method.__doc__ = ("%s(other, *, alpha=1): ``self %s alpha * other``; a float ``alpha`` "
                      "needs a float operand" % (name, "+" if name == "add" else "-"))
    return method


def index_add(self, *args, **kwargs):
    """index_add(dim, index, source, *, alpha=1) or index_add(indices, y, axis, use_lock=True,
    check_index_bound=True): MindSpore 2.10's Tensor method takes both spellings, told apart by
    the first argument (an int ``dim`` or a Tensor of ``indices``)."""
    first = args[0] if args else kwargs.get("dim", kwargs.get("indices"))
    if "dim" in kwargs or (isinstance(first, int) and not isinstance(first, bool)):
        return MINT_FORMS["index_add"](self, *args, **kwargs)
    return F.index_add(self, *args, **kwargs)


# The mint spellings of Tensor methods defined here, {name: function}: mindcell.mint (a higher
# layer) supplies them when it is imported, as mindcell/__init__ does.
MINT_FORMS = {}


def amax(self, axis=None, keepdims=False, *, initial=None, where=None):
    """amax(axis=None, keepdims=False, *, initial=None, where=None): :func:`ops.amax` of
    ``self`` (``initial`` and ``where`` as there; MindSpore 2.10's Tensor.amax takes them)."""
    return F.amax(self, axis, keepdims, initial=initial, where=where)


def amin(self, axis=None, keepdims=False, *, initial=None, where=None):
    """amin(axis=None, keepdims=False, *, initial=None, where=None): :func:`ops.amin` of
    ``self``."""
    return F.amin(self, axis, keepdims, initial=initial, where=where)


def norm(self, ord=None, dim=None, keepdim=False, *, dtype=None):
    return F.norm(self, ord, dim, keepdim, dtype=dtype)



def _qr(self, some=True):
    """Tensor.qr(some=True): ``ops.qr(self, 'reduced' if some else 'complete')``."""
    if not isinstance(some, bool):
        raise TypeError("Tensor.qr: 'some' must be a bool, but got %s" % type(some).__name__)
    return F.qr(self, "reduced" if some else "complete")


_METHODS = {
    "astype": astype, "to": astype, "reshape": reshape, "view": view, "transpose": transpose,
    "permute": permute, "sum": sum, "mean": mean, "max": _tensor_max, "min": _tensor_min,
    "amax": amax, "amin": amin,
    "trace": trace, "ptp": ptp, "prod": prod, "argmax": argmax, "argmin": argmin, "std": std, "var": var,
    "all": all_,
    "any": any_, "flatten": flatten, "squeeze": squeeze, "expand_dims": expand_dims,
    "unsqueeze": lambda self, dim: F.unsqueeze(self, dim), "expand_as": expand_as,
    "broadcast_to": lambda self, shape: F.broadcast_to(self, shape),
    "expand": lambda self, *shape: F.broadcast_to(
        self, shape[0] if len(shape) == 1 and not isinstance(shape[0], int) else shape),
    "tile": lambda self, reps: F.tile(self, reps), "flip": lambda self, dims: F.flip(self, dims),
    "copy": copy, "clone": copy, "clip": clip, "clamp": clip, "abs": F.abs, "neg": F.neg,
    "exp": F.exp, "log": F.log, "log1p": F.log1p, "sqrt": F.sqrt, "rsqrt": F.rsqrt,
    "square": F.square, "sin": F.sin, "cos": F.cos, "tanh": F.tanh, "sigmoid": F.sigmoid,
    "erf": F.erf, **{n: getattr(F, n) for n in (
        "asin", "acos", "atan", "atan2", "asinh", "acosh", "atanh", "arcsin", "arccos",
        "arctan", "arctan2", "arcsinh", "arccosh", "arctanh", "tan", "sinh", "cosh", "expm1",
        "erfc", "erfinv", "lgamma", "digamma", "trunc", "fix", "rint", "log2", "log10", "exp2",
        "hypot", "frac", "logaddexp", "logaddexp2", "logit", "deg2rad", "rad2deg", "fmod",
        "copysign", "xdivy", "isclose", "nan_to_num", "heaviside", "float_power",
        "diff", "remainder", "floor_divide", "cummax", "cummin", "logcumsumexp", "addcmul",
        "addcdiv", "xlogy", "cross", "gcd", "lcm", "signbit", "sinc", "renorm", "inv",
        "positive")},
    "true_divide": F.div, "cumprod": lambda self, dim, dtype=None: F.cumprod(self, dim, dtype),
    "floor": F.floor, "ceil": F.ceil, "round": F.round, "sign": F.sign,
    "reciprocal": F.reciprocal, "relu": F.relu, "pow": F.pow, "add": _alpha_form("add"),
    "sub": _alpha_form("sub"),
    "mul": F.mul, "div": F.div, "maximum": F.maximum, "minimum": F.minimum,
    "matmul": F.matmul, "equal": F.equal, "not_equal": F.not_equal, "less": F.less,
    "greater": F.greater, "logical_not": F.logical_not, "logical_and": F.logical_and,
    "logical_or": F.logical_or, "isnan": F.isnan, "isinf": F.isinf, "isfinite": F.isfinite,
    "softmax": lambda self, axis=-1: F.softmax(self, axis), "fill_": fill_, "zero_": zero_,
    "repeat": repeat, "cumsum": cumsum, "norm": norm, "logsumexp": F.logsumexp,
    "masked_fill": F.masked_fill, "gather": _gather, "gather_elements": F.gather_elements,
    "split": lambda self, split_size_or_sections, axis=0, *, dim=_UNSET: F.split(
        self, split_size_or_sections, _dim(axis, dim, "split", 0)),
    "chunk": lambda self, chunks, axis=0, *, dim=_UNSET: F.chunk(
        self, chunks, _dim(axis, dim, "chunk", 0)),
    "topk": _topk, "sort": _sort, "argsort": _argsort, "narrow": _narrow,
    "swapaxes": F.swapaxes, "index_add": index_add, "scatter": _scatter,
    "float": lambda self: astype(self, mstype.float32),
    "double": lambda self: astype(self, mstype.float64),
    "half": lambda self: astype(self, mstype.float16),
    "bfloat16": lambda self: astype(self, mstype.bfloat16),
    "int": lambda self: astype(self, mstype.int32), "long": lambda self: astype(self, mstype.int64),
    "bool": lambda self: astype(self, mstype.bool_),
    "ravel": lambda self: F.reshape(self, (-1,)),
    "nonzero": F.nonzero, "argwhere": F.argwhere, "repeat_interleave": repeat_interleave,
    "bitwise_and": F.bitwise_and, "bitwise_or": F.bitwise_or, "bitwise_xor": F.bitwise_xor,
    "bitwise_not": F.invert,
    "where": lambda self, condition, y: F.select(condition, self, y),
    "lerp": F.lerp, "std_mean": F.std_mean, "var_mean": F.var_mean,
    "outer": F.outer, "dot": F.dot, "assign_value": assign_value, "set_dtype": set_dtype,
    "approximate_equal": lambda self, other, tolerance=1e-5: F.approximate_equal(
        self, other, tolerance),
    "qr": _qr,
}

# Tensor methods of the generated elementwise ops (their formula records name them).
_METHODS.update(generated_func.TENSOR_METHODS)

_PROPERTIES = {
    "T": property(lambda self: transpose(self)),
    "mT": property(lambda self: F.swapaxes(self, -1, -2)),
}


def _deferring(fn):
    """``fn`` as an operator that gives way (NotImplemented) to a right operand whose class sets
    ``_tensor_defers`` (the sparse tensors: ``dense * coo`` is ``coo.__rmul__(dense)``); checked
    only when ``fn`` refuses the operand, so the dense path costs nothing more."""
    def operator(self, other):
        try:
            return fn(self, other)
        except TypeError:
            if getattr(type(other), "_tensor_defers", False):
                return NotImplemented
            raise
    return operator


_DEFERRING = ("__add__", "__sub__", "__mul__")


def install():
    for name, fn in _OPERATORS.items():
        setattr(Tensor, name, _deferring(fn) if name in _DEFERRING else fn)
    Tensor.__hash__ = lambda self: id(self)  # __eq__ is elementwise; identity hashing stays
    for name, fn in _METHODS.items():
        setattr(Tensor, name, fn)
    for name, prop in _PROPERTIES.items():
        setattr(Tensor, name, prop)
    from mindcell.ops import tensor_methods_more  # its functions import the installed table
    for name, fn in tensor_methods_more.METHODS.items():
        if not hasattr(Tensor, name):  # a name Tensor defines itself keeps its own definition
            setattr(Tensor, name, fn)
    for name, prop in tensor_methods_more.PROPERTIES.items():
        setattr(Tensor, name, prop)
    from mindcell.ops import tensor_methods_extra
    tensor_methods_extra.install()
