"""Running products, extremes and log-sum-exps along one axis (ops.cumprod, ops.cummax,
ops.cummin, ops.logcumsumexp) and the CumProd primitive's exclusive/reverse forms."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops._helpers import (as_np_dtype, cast_to, check_float, check_tensor,
                                   normalize_dim, public_face)
from mindcell.ops.defs import cumulative as C
from mindcell.ops.function._opdoc import example, opdoc
from mindcell.ops.function.array_func import concat, flip, gather_elements, narrow


def _axis_of(input, axis, op, arg):
    check_tensor(input, op)
    if input._np_dtype == np.bool_:
        raise TypeError("%s: 'input' must be a number tensor, but got Bool" % public_name(op))
    if input.ndim == 0:
        raise ValueError("%s: 'input' must be at least 1-D, but got a 0-d tensor"
                         % public_name(op))
    return normalize_dim(axis, input.ndim, op, arg)


def cumprod(input, dim, dtype=None):
    """The running product of ``input`` along ``dim``; its gradient is exact also where ``input``
    has zeros.

    Args:
        input (Tensor): a bool, integer or float tensor, at least 1-D.
        dim (int): the axis to run along, in [-input.ndim, input.ndim).
        dtype (mindcell.dtype, optional): the dtype ``input`` is cast to first; None keeps
            a float ``input``'s and runs bool and integer inputs in Int64. Default: ``None``.

    Returns:
        Tensor of the shape of ``input``, of ``dtype`` (or ``input``'s float dtype, or Int64).

    Raises:
        TypeError: ``input`` is not a Tensor, ``dim`` is not an int, or ``dtype`` is
            not a dtype.
        ValueError: ``input`` is 0-D, or ``dim`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[1.0, 2.0, 3.0], [4.0, 0.5, 2.0]], np.float32))
        >>> print(ops.cumprod(x, 1))
        [[1. 2. 6.]
         [4. 2. 4.]]
    """
    check_tensor(input, "cumprod")
    if dtype is not None:
        input = cast_to(input, as_np_dtype(dtype, "cumprod"))
    elif input._np_dtype.kind in "biu":
        # as MindSpore 2.10's ops.cumprod and Tensor.cumprod: bool and integer products run
        # in Int64 (like ops.sum's integer totals)
        input = cast_to(input, np.dtype(np.int64))
    d = _axis_of(input, dim, "cumprod", "dim")
    return C.cumprod_p.bind(input, axis=d)


def cumprod_ex(x, axis, exclusive=False, reverse=False):
    """The running product along ``axis``; ``exclusive`` leaves each element out of its own
    product (the first is 1), ``reverse`` runs from the end (CumProd's attributes)."""
    d = _axis_of(x, axis, "CumProd", "axis")
    if reverse:
        x = flip(x, (d,))
    n = x.shape[d]
    if exclusive and n:
        ones = Tensor._make(np.ones(x.shape[:d] + (1,) + x.shape[d + 1:], x._np_dtype))
        x = concat([ones, narrow(x, d, 0, n - 1)], d)
    out = C.cumprod_p.bind(x, axis=d)
    return flip(out, (d,)) if reverse else out


def _cum_extreme(prim, name, values, out, index_dtype):
    """The public op ``name``: the running extreme ``prim`` finds, with indices of
    ``index_dtype`` (MindSpore 2.10: Int64 for cummax, Int32 for cummin); its Example runs it
    along axis 0 of the 1-D Int32 tensor ``values`` and prints ``out``."""
    def op(input, axis):
        d = _axis_of(input, axis, name, "axis")
        indices = prim.bind(input, axis=d)
        values_ = gather_elements(input, d, indices)
        if index_dtype != "Int64":
            indices = cast_to(indices, np.dtype(np.int32))
        return values_, indices
    public_face(op, name)
    what = name[3:]
    op.__doc__ = opdoc(
        "The running %s of ``input`` along ``axis`` and the indices it was taken from."
        % ("maximum" if what == "max" else "minimum"),
        ("input (Tensor): an integer or float tensor, at least 1-D.",
         "axis (int): the axis to run along, in [-input.ndim, input.ndim)."),
        "tuple(Tensor), ``(values, indices)``: the running %ss, of the shape and dtype of "
        "``input``, and the %s index along ``axis`` of each one (of the latest of equal "
        "values). A NaN, once met, stays the %s." % (what, index_dtype, what),
        ("TypeError: ``input`` is not a Tensor or is Bool, or ``axis`` is not an int.",
         "ValueError: ``input`` is 0-D, or ``axis`` is out of range."),
        example("*ops.%s(x, 0)" % name, out, ["x = Tensor(np.array(%s, np.int32))" % values]))
    return op


cummax = _cum_extreme(C.cummax_index_p, "cummax", "[1, 3, 2, 3, 5]", "[1 3 3 3 5] [0 1 1 3 4]",
                      "Int64")
cummin = _cum_extreme(C.cummin_index_p, "cummin", "[4, 2, 3, 2, 0]", "[4 2 2 2 0] [0 1 1 3 4]",
                      "Int32")


def logcumsumexp(input, axis):
    """The running ``log(sum(exp(input)))`` along ``axis``, computed without overflow or underflow
    (a running :func:`logaddexp`).

    Args:
        input (Tensor): a float tensor, at least 1-D.
        axis (int): the axis to run along, in [-input.ndim, input.ndim).

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``input`` is not a float tensor, or ``axis`` is not an int.
        ValueError: ``input`` is 0-D, or ``axis`` is out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.logcumsumexp(Tensor(np.array([0.0, 0.0, 1000.0], np.float32)), 0))
        [0.000000e+00 6.931472e-01 1.000000e+03]
    """
    check_float(input, "logcumsumexp")
    d = _axis_of(input, axis, "logcumsumexp", "axis")
    return C.logcumsumexp_p.bind(input, axis=d)


__all__ = ["cumprod", "cummax", "cummin", "logcumsumexp"]
