"""Primitive classes of the running-scan and extra math ops (``ops.CumProd()``, ``ops.Cummax(0)``,
``ops.Xlogy()`` ...): attributes are checked at construction, the call forwards to the
functional op."""
from mindcell.ops import functional as F
from mindcell.ops._errors import check_bool, check_int, check_number
from mindcell.ops.function import cumulative_func as CF, math_more_func as MF
from mindcell.ops.operations import Primitive, _simple


class CumProd(Primitive):
    """CumProd(exclusive=False, reverse=False)(x, axis): the running product along ``axis``;
    ``exclusive`` leaves each element out of its own product, ``reverse`` runs from the end."""

    def __init__(self, exclusive=False, reverse=False):
        super().__init__()
        self.exclusive = check_bool(exclusive, "CumProd", "exclusive")
        self.reverse = check_bool(reverse, "CumProd", "reverse")

    def __call__(self, x, axis):
        return CF.cumprod_ex(x, axis, self.exclusive, self.reverse)


def _axis_class(name, fn):
    """A class built with an int ``axis`` whose call is ``fn(input, axis)``."""
    def __init__(self, axis):
        Primitive.__init__(self)
        self.axis = check_int(axis, name, "axis")

    def __call__(self, input):
        return fn(input, self.axis)
    doc = "%s(axis)(input): (values, indices), see :func:`ops.%s`." % (name, fn.__name__)
    return type(name, (Primitive,), {"__init__": __init__, "__call__": __call__, "__doc__": doc})


Cummax = _axis_class("Cummax", CF.cummax)
Cummin = _axis_class("Cummin", CF.cummin)
Addcmul = _simple("Addcmul", F.addcmul, "Addcmul()(input, tensor1, tensor2, value): input + "
                  "value * tensor1 * tensor2, see :func:`ops.addcmul`.")
Addcdiv = _simple("Addcdiv", F.addcdiv, "Addcdiv()(input, tensor1, tensor2, value): input + "
                  "value * tensor1 / tensor2, see :func:`ops.addcdiv`.")
Xlogy = _simple("Xlogy", F.xlogy)
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
    """IsClose(rtol=1e-05, atol=1e-08, equal_nan=False)(input, other): see
    :func:`ops.isclose` (two NaNs are close only with ``equal_nan``)."""

    def __init__(self, rtol=1e-05, atol=1e-08, equal_nan=False):
        super().__init__()
        self.rtol = check_number(rtol, "IsClose", "rtol", low=0, finite=True)
        self.atol = check_number(atol, "IsClose", "atol", low=0, finite=True)
        self.equal_nan = check_bool(equal_nan, "IsClose", "equal_nan")

    def __call__(self, input, other):
        return F.isclose(input, other, self.rtol, self.atol, self.equal_nan)


class NanToNum(Primitive):
    """NanToNum(nan=None, posinf=None, neginf=None)(x): see :func:`ops.nan_to_num` (``nan``
    None: NaN becomes 0)."""

    def __init__(self, nan=None, posinf=None, neginf=None):
        super().__init__()
        for arg, v in (("nan", nan), ("posinf", posinf), ("neginf", neginf)):
            if v is not None:
                check_number(v, "NanToNum", arg)
        self.nan, self.posinf, self.neginf = nan, posinf, neginf

    def __call__(self, x):
        return F.nan_to_num(x, 0.0 if self.nan is None else self.nan, self.posinf, self.neginf)


class Cdist(Primitive):
    """Cdist(p=2.0)(input_x, input_y): see :func:`ops.cdist`."""

    def __init__(self, p=2.0):
        super().__init__()
        self.p = check_number(p, "Cdist", "p", low=0)

    def __call__(self, input_x, input_y):
        return MF.cdist(input_x, input_y, self.p)


__all__ = ["CumProd", "Cummax", "Cummin", "Addcmul", "Addcdiv", "Xlogy", "Lerp", "DivNoNan",
           "TruncateDiv", "TruncateMod", "Invert", "Gcd", "Lcm", "Inv", "IsClose", "NanToNum",
           "Cdist"]
