"""Primitive classes of the running-scan and extra math ops (``ops.CumProd()``, ``ops.Cummax(0)``,
``ops.Xlogy()`` ...): attributes are checked at construction, the call forwards to the
functional op."""
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, check_int, check_number
from mindcell.ops.function import cumulative_func as CF, math_more_func as MF
from mindcell.ops.operations import Primitive, _simple


class CumProd(Primitive):
    """The running product along ``axis``.

    Args:
        exclusive (bool): leave each element out of its own product (the first is 1). Default:
            ``False``.
        reverse (bool): run from the end of the axis. Default: ``False``.

    Inputs:
        - **x** (Tensor) - the tensor.
        - **axis** (int) - the dimension scanned.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: ``exclusive`` or ``reverse`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 2.0, 3.0, 4.0], np.float32))
        >>> print(ops.CumProd()(x, 0), ops.CumProd(exclusive=True, reverse=True)(x, 0))
        [ 1.  2.  6. 24.] [24. 12.  4.  1.]
    """

    def __init__(self, exclusive=False, reverse=False):
        super().__init__()
        self.exclusive = check_bool(exclusive, "CumProd", "exclusive")
        self.reverse = check_bool(reverse, "CumProd", "reverse")

    def __call__(self, x, axis):
        return CF.cumprod_ex(x, axis, self.exclusive, self.reverse)


def _axis_class(name, fn, doc):
    """A class built with an int ``axis`` whose call is ``fn(input, axis)``."""
    def __init__(self, axis):
        Primitive.__init__(self)
        self.axis = check_int(axis, name, "axis")

    def __call__(self, input):
        return fn(input, self.axis)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc})


_CUMMAX_DOC = """The running maximum along ``axis`` and the index where each was found (see
    :func:`ops.cummax`).

    Args:
        axis (int): the dimension scanned.

    Inputs:
        - **input** (Tensor) - the tensor.

    Outputs:
        Tuple ``(values, indices)`` of the shape of ``input``: the running maxima and the
        Int64 index of each.

    Raises:
        TypeError: ``axis`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[3.0, 1.0, 4.0], [1.0, 5.0, 9.0]], np.float32))
        >>> values, indices = ops.Cummax(1)(x)
        >>> print(values)
        [[3. 3. 4.]
         [1. 5. 9.]]
        >>> print(indices)
        [[0 0 2]
         [0 1 2]]
    """

_CUMMIN_DOC = """The running minimum along ``axis`` and the index where each was found (see
    :func:`ops.cummin`).

    Args:
        axis (int): the dimension scanned.

    Inputs:
        - **input** (Tensor) - the tensor.

    Outputs:
        Tuple ``(values, indices)`` of the shape of ``input``: the running minima and the
        Int32 index of each (MindSpore 2.10's Cummin gives Int32 indices, its Cummax Int64).

    Raises:
        TypeError: ``axis`` is not an int.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([3, 1, 2, 0], np.int32))
        >>> values, indices = ops.Cummin(0)(x)
        >>> print(values, indices, indices.dtype)
        [3 1 1 0] [0 1 1 3] Int32
    """

Cummax = _axis_class("Cummax", CF.cummax, _CUMMAX_DOC)
Cummin = _axis_class("Cummin", CF.cummin, _CUMMIN_DOC)
Addcmul = _simple("Addcmul", F.addcmul, "Addcmul()(input, tensor1, tensor2, value): input + "
                  "value * tensor1 * tensor2, see :func:`ops.addcmul`.")
Addcdiv = _simple("Addcdiv", F.addcdiv, "Addcdiv()(input, tensor1, tensor2, value): input + "
                  "value * tensor1 / tensor2, see :func:`ops.addcdiv`.")
Xlogy = _simple("Xlogy", F.xlogy)
Real = _simple("Real", F.real)
Imag = _simple("Imag", F.imag)
Lerp = _simple("Lerp", F.lerp)
DivNoNan = _simple("DivNoNan", MF.div_no_nan, "DivNoNan()(x, y): x / y, 0 where y is 0.")
TruncateDiv = _simple("TruncateDiv", MF.truncate_div,
                      "TruncateDiv()(x, y): x / y rounded toward zero (integers stay exact).")
TruncateMod = _simple("TruncateMod", F.fmod, "TruncateMod()(x, y): the remainder of x / y with "
                      "x's sign, see :func:`ops.fmod`.")
Invert = _simple("Invert", F.invert)
Gcd = _simple("Gcd", F.gcd)
Lcm = _simple("Lcm", F.lcm)
Inv = _simple("Inv", F.inv)


class IsClose(Primitive):
    """Whether two tensors are close elementwise: ``|input - other| <= atol + rtol *
    |other|``.

    Args:
        rtol (float): the relative tolerance, >= 0. Default: ``1e-05``.
        atol (float): the absolute tolerance, >= 0. Default: ``1e-08``.
        equal_nan (bool): two NaNs count as close. Default: ``False``.

    Inputs:
        - **input** (Tensor) - the first tensor.
        - **other** (Tensor) - the second tensor, broadcastable with ``input``.

    Outputs:
        Bool tensor of the broadcast shape.

    Raises:
        TypeError: a tolerance is not a number, or ``equal_nan`` is not a bool.
        ValueError: a tolerance is negative or not finite.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> a = Tensor(np.array([1.0, 2.0, np.nan], np.float32))
        >>> b = Tensor(np.array([1.0, 2.1, np.nan], np.float32))
        >>> print(ops.IsClose()(a, b), ops.IsClose(atol=0.2, equal_nan=True)(a, b))
        [ True False False] [ True  True  True]
    """

    def __init__(self, rtol=1e-05, atol=1e-08, equal_nan=False):
        super().__init__()
        self.rtol = check_number(rtol, "IsClose", "rtol", low=0, finite=True)
        self.atol = check_number(atol, "IsClose", "atol", low=0, finite=True)
        self.equal_nan = check_bool(equal_nan, "IsClose", "equal_nan")

    def __call__(self, input, other):
        return F.isclose(input, other, self.rtol, self.atol, self.equal_nan)


class NanToNum(Primitive):
    """Replaces NaN, +inf and -inf with finite numbers.

    Args:
        nan (float): the value for NaN; None gives 0. Default: ``None``.
        posinf (float): the value for +inf; None gives the dtype's largest finite value.
            Default: ``None``.
        neginf (float): the value for -inf; None gives the dtype's lowest finite value.
            Default: ``None``.

    Inputs:
        - **x** (Tensor) - a float tensor.

    Outputs:
        Tensor of the shape and dtype of ``x``.

    Raises:
        TypeError: a replacement is not a number.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([np.nan, np.inf, -np.inf, 1.5], np.float32))
        >>> print(ops.NanToNum(nan=0.5, posinf=9.0, neginf=-9.0)(x))
        [ 0.5  9.  -9.   1.5]
        >>> print(ops.NanToNum()(x))
        [ 0.0000000e+00  3.4028235e+38 -3.4028235e+38  1.5000000e+00]
    """

    def __init__(self, nan=None, posinf=None, neginf=None):
        super().__init__()
        for arg, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
            if v is not None:
                check_number(v, "NanToNum", arg)
        self.nan, self.posinf, self.neginf = nan, posinf, neginf

    def __call__(self, x):
        return F.nan_to_num(x, 0.0 if self.nan is None else self.nan, self.posinf, self.neginf)


class Cdist(Primitive):
    """The p-norm distance between each pair of row vectors of two batches.

    Args:
        p (float): the order of the norm, >= 0. Default: ``2.0``.

    Inputs:
        - **input_x** (Tensor) - a float tensor of shape ``(B, P, M)`` or ``(P, M)``.
        - **input_y** (Tensor) - a float tensor of shape ``(B, R, M)`` or ``(R, M)``.

    Outputs:
        Tensor of shape ``(B, P, R)`` or ``(P, R)``.

    Raises:
        TypeError: ``p`` is not a number.
        ValueError: ``p`` is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0.0, 0.0], [1.0, 1.0]], np.float32))
        >>> y = Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> print(ops.Cdist()(x, y), ops.Cdist(p=1.0)(x, y))
        [[5.       ]
         [3.6055512]] [[7.]
         [5.]]
    """

    def __init__(self, p=2.0):
        super().__init__()
        self.p = check_number(p, "Cdist", "p", low=0)

    def __call__(self, input_x, input_y):
        return MF.cdist(input_x, input_y, self.p)


__all__ = ["CumProd", "Cummax", "Cummin", "Addcmul", "Addcdiv", "Xlogy", "Lerp", "DivNoNan",
           "TruncateDiv", "TruncateMod", "Invert", "Gcd", "Lcm", "Inv", "IsClose", "NanToNum",
           "Cdist", "Real", "Imag"]
