"""The element-wise functions of COOTensor/CSRTensor (``ops.coo_abs`` ... ``ops.csr_tanh``):
each maps the stored values through the dense op of the same name and keeps the indices
(a zero's image is not stored, as MindSpore's). Generated from one table."""
from mindcell.ops import _sparse

# name: (what it computes, the values of the Examples' result for values [-1., 2.]: those
#        MindSpore 2.10 CPU prints, except exp/sigmoid/sin/cos/tan, where its CPU kernels are
#        a few float32 ulps off the correctly rounded values mindcell prints)
_TABLE = {
    "abs": ("the absolute value", "[1. 2.]"),
    "acos": ("the arccosine", "[3.1415927       nan]"),
    "acosh": ("the inverse hyperbolic cosine", "[     nan 1.316958]"),
    "asin": ("the arcsine", "[-1.5707964        nan]"),
    "asinh": ("the inverse hyperbolic sine", "[-0.8813736  1.4436355]"),
    "atan": ("the arctangent", "[-0.7853982  1.1071488]"),
    "atanh": ("the inverse hyperbolic tangent", "[-inf  nan]"),
    "ceil": ("the ceiling", "[-1.  2.]"),
    "cos": ("the cosine", "[ 0.5403023  -0.41614684]"),
    "cosh": ("the hyperbolic cosine", "[1.5430807 3.7621956]"),
    "exp": ("the exponential", "[0.36787945 7.389056  ]"),
    "expm1": ("``exp(x) - 1``", "[-0.63212055  6.389056  ]"),
    "floor": ("the floor", "[-1.  2.]"),
    "inv": ("the reciprocal", "[-1.   0.5]"),
    "isfinite": ("whether each value is finite", "[ True  True]"),
    "isinf": ("whether each value is infinite", "[False False]"),
    "isnan": ("whether each value is NaN", "[False False]"),
    "log": ("the natural logarithm", "[      nan 0.6931472]"),
    "log1p": ("``log(1 + x)``", "[     -inf 1.0986123]"),
    "neg": ("the negation", "[ 1. -2.]"),
    "relu": ("the ReLU ``max(x, 0)``", "[0. 2.]"),
    "relu6": ("the ReLU6 ``min(max(x, 0), 6)``", "[0. 2.]"),
    "round": ("the value rounded half to even", "[-1.  2.]"),
    "sigmoid": ("the sigmoid", "[0.26894143 0.880797  ]"),
    "sin": ("the sine", "[-0.84147096  0.9092974 ]"),
    "sinh": ("the hyperbolic sine", "[-1.1752012  3.6268604]"),
    "softsign": ("the softsign ``x / (1 + |x|)``", "[-0.5        0.6666667]"),
    "sqrt": ("the square root", "[      nan 1.4142135]"),
    "square": ("the square", "[1. 4.]"),
    "tan": ("the tangent", "[-1.5574077 -2.1850398]"),
    "tanh": ("the hyperbolic tangent", "[-0.7615942  0.9640276]"),
}

_MAKE = {
    "coo": ("COOTensor", "COOTensor(Tensor([[0, 1], [1, 2]], ms.int64), values, (3, 4))"),
    "csr": ("CSRTensor", "CSRTensor(Tensor([0, 1, 2, 2], ms.int32), Tensor([3, 0], ms.int32), "
                         "values, (3, 4))"),
}

_DOC = """{name}(x): {what} of each value of a {cls}; the indices and shape are kept.

    Args:
        x ({cls}): the sparse tensor.

    Returns:
        {cls}, the values ``ops.{op}(x.values)``.

    Raises:
        TypeError: ``x`` is not a {cls}.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops, {cls}
        >>> values = Tensor([-1, 2], ms.float32)
        >>> x = {make}
        >>> print(ops.{name}(x).values)
        {out}
"""


def _make(prefix, op_name, what, out):
    cls_name, make = _MAKE[prefix]
    cls = getattr(_sparse, cls_name)
    name = "%s_%s" % (prefix, op_name)

    def sparse_unary(x):
        if not isinstance(x, cls):
            raise TypeError("Expects %s for %s" % (cls_name, name))
        from mindcell.ops import functional
        return x._with_values(getattr(functional, op_name)(x.values))

    sparse_unary.__name__ = sparse_unary.__qualname__ = name
    sparse_unary.__module__ = __name__
    sparse_unary.__doc__ = _DOC.format(name=name, what=what[0].upper() + what[1:], cls=cls_name,
                                       op=op_name, make=make, out=out)
    return sparse_unary


__all__ = []
for _prefix in _MAKE:
    for _op, (_what, _out) in _TABLE.items():
        _f = _make(_prefix, _op, _what, _out)
        globals()[_f.__name__] = _f
        __all__.append(_f.__name__)
del _prefix, _op, _what, _out, _f
