"""Bessel functions (ops.bessel_i0 ... ops.bessel_y1, ops.i0) and the Hurwitz zeta function
(ops.zeta), as MindSpore 2.10 has them: Float16/Float32/Float64 tensors only (zeta: Float32 and
Float64), differentiable (see :mod:`mindcell.ops.defs.bessel` for the values and rules)."""
import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.ops._errors import public_name
from mindcell.ops._helpers import check_tensor, is_scalar, public_face, scalar_tensor
from mindcell.ops.defs import bessel as B
from mindcell.ops.function._opdoc import array, example, opdoc

_BESSEL_DTYPES = (np.dtype(np.float16), np.dtype(np.float32), np.dtype(np.float64))

# name: (primitive, arg name (MindSpore's), what it computes, example input, printed output)
_BESSEL = {
    "bessel_i0": (B.bessel_i0_p, "x", "the modified Bessel function of the first kind of order "
                  "0, :math:`I_0(x)`", "[-1.0, 0.0, 2.0]", "[1.2660658 1.        2.2795854]"),
    "bessel_i0e": (B.bessel_i0e_p, "x", "the exponentially scaled modified Bessel function of "
                   "the first kind of order 0, :math:`e^{-|x|} I_0(x)`", "[-1.0, 0.0, 2.0]",
                   "[0.4657596  1.         0.30850834]"),
    "bessel_i1": (B.bessel_i1_p, "x", "the modified Bessel function of the first kind of order "
                  "1, :math:`I_1(x)`", "[-1.0, 0.0, 2.0]", "[-0.5651591  0.         1.5906368]"),
    "bessel_i1e": (B.bessel_i1e_p, "x", "the exponentially scaled modified Bessel function of "
                   "the first kind of order 1, :math:`e^{-|x|} I_1(x)`", "[-1.0, 0.0, 2.0]",
                   "[-0.20791042  0.          0.21526928]"),
    "bessel_j0": (B.bessel_j0_p, "x", "the Bessel function of the first kind of order 0, "
                  ":math:`J_0(x)`", "[-1.0, 0.0, 2.0]", "[0.7651977  1.         0.22389078]"),
    "bessel_j1": (B.bessel_j1_p, "x", "the Bessel function of the first kind of order 1, "
                  ":math:`J_1(x)`", "[-1.0, 0.0, 2.0]", "[-0.44005057  0.          0.5767248 ]"),
    "bessel_k0": (B.bessel_k0_p, "x", "the modified Bessel function of the second kind of "
                  "order 0, :math:`K_0(x)` (+inf for ``x <= 0``)", "[0.5, 1.0, 2.0]",
                  "[0.92441905 0.42102444 0.11389387]"),
    "bessel_k0e": (B.bessel_k0e_p, "x", "the exponentially scaled modified Bessel function of "
                   "the second kind of order 0, :math:`e^{x} K_0(x)` (+inf for ``x <= 0``)",
                   "[0.5, 1.0, 2.0]", "[1.5241094  1.1444631  0.84156823]"),
    "bessel_k1": (B.bessel_k1_p, "x", "the modified Bessel function of the second kind of "
                  "order 1, :math:`K_1(x)` (+inf for ``x <= 0``)", "[0.5, 1.0, 2.0]",
                  "[1.6564411  0.60190725 0.13986588]"),
    "bessel_k1e": (B.bessel_k1e_p, "x", "the exponentially scaled modified Bessel function of "
                   "the second kind of order 1, :math:`e^{x} K_1(x)` (+inf for ``x <= 0``)",
                   "[0.5, 1.0, 2.0]", "[2.7310097 1.6361535 1.0334768]"),
    "bessel_y0": (B.bessel_y0_p, "x", "the Bessel function of the second kind of order 0, "
                  ":math:`Y_0(x)` (-inf for ``x <= 0``)", "[0.5, 1.0, 2.0]",
                  "[-0.44451874  0.08825696  0.5103757 ]"),
    "bessel_y1": (B.bessel_y1_p, "x", "the Bessel function of the second kind of order 1, "
                  ":math:`Y_1(x)` (-inf for ``x <= 0``)", "[0.5, 1.0, 2.0]",
                  "[-1.4714724  -0.7812128  -0.10703243]"),
    "i0": (B.bessel_i0_p, "input", "the modified Bessel function of the first kind of order 0, "
           ":math:`I_0(x)` (the same as :func:`bessel_i0`)", "[-1.0, 0.0, 2.0]",
           "[1.2660658 1.        2.2795854]"),
}


def _bessel_operand(x, name, arg):
    check_tensor(x, name, arg)
    if x._np_dtype not in _BESSEL_DTYPES:
        raise TypeError("%s: '%s' must be a Float16, Float32 or Float64 Tensor, but got %s"
                        % (public_name(name), arg, x.dtype))
    return x


def _bessel_face(name, prim, arg, what, values, out):
    if arg == "x":
        def op(x):
            return prim.bind(_bessel_operand(x, name, "x"))
    else:
        def op(input):
            return prim.bind(_bessel_operand(input, name, "input"))
    public_face(op, name)
    op.__doc__ = opdoc(
        "Computes %s of ``%s``, elementwise." % (what, arg),
        ["%s (Tensor): a Float16, Float32 or Float64 tensor." % arg],
        "Tensor of the shape and dtype of ``%s``." % arg,
        ["TypeError: ``%s`` is not a Tensor, or not of a float dtype above (as MindSpore "
         "2.10)." % arg],
        example("ops.%s(x)" % name, out, ["x = " + array(values)]))
    return op


for _name, _record in _BESSEL.items():
    globals()[_name] = _bessel_face(_name, *_record)
del _name, _record

_ZETA_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def zeta(input, other):
    x, q = input, other
    if not isinstance(x, Tensor) and not isinstance(q, Tensor):
        raise TypeError("%s: at least one of 'input' and 'other' must be a Tensor, but got %s "
                        "and %s" % (public_name("zeta"), type(x).__name__, type(q).__name__))
    for value, arg in ((x, "input"), (q, "other")):
        if not isinstance(value, Tensor) and not is_scalar(value):
            raise TypeError("%s: '%s' must be a Tensor or a Python number, but got %s"
                            % (public_name("zeta"), arg, type(value).__name__))
    if not isinstance(x, Tensor):
        x = scalar_tensor(float(x), q._np_dtype if q._np_dtype in _ZETA_DTYPES else
                          np.dtype(np.float32), "zeta", "input")
    if not isinstance(q, Tensor):
        q = scalar_tensor(float(q), x._np_dtype if x._np_dtype in _ZETA_DTYPES else
                          np.dtype(np.float32), "zeta", "other")
    for value, arg in ((x, "input"), (q, "other")):
        if value._np_dtype not in _ZETA_DTYPES:
            raise TypeError("%s: '%s' must be a Float32 or Float64 Tensor, but got %s"
                            % (public_name("zeta"), arg, value.dtype))
    if x._np_dtype != q._np_dtype:
        raise TypeError("%s: 'input' and 'other' must have the same dtype, but got %s and %s"
                        % (public_name("zeta"), x.dtype, q.dtype))
    try:
        np.broadcast_shapes(x.shape, q.shape)
    except ValueError:
        raise ValueError("%s: the shapes of 'input' %s and 'other' %s do not broadcast"
                         % (public_name("zeta"), x.shape, q.shape)) from None
    return B.zeta_p.bind(x, q)


zeta.__doc__ = opdoc(
    "The Hurwitz zeta function :math:`\\zeta(x, q) = \\sum_{n=0}^{\\infty} (n + q)^{-x}` of "
    "``input`` (x) and ``other`` (q), elementwise (the Riemann zeta function at ``q = 1``).",
    ["input (Union[Tensor, int, float]): the exponent x; +inf at 1, NaN below 1.",
     "other (Union[Tensor, int, float]): the offset q; a Python number takes the dtype of the "
     "Tensor argument."],
    "Tensor of the broadcast shape of the two, of their dtype.",
    ["TypeError: neither is a Tensor, a Tensor is not Float32 or Float64, or the two Tensors' "
     "dtypes differ.", "ValueError: the shapes do not broadcast."],
    example("ops.zeta(x, q)", "[1.644934  0.2020569]",
            ["x = " + array([2.0, 3.0]), "q = " + array([1.0, 2.0])]),
    note="The gradient flows to ``other`` only (``-x * zeta(x + 1, q)``); as in MindSpore 2.10, "
         "``input`` gets a zero gradient.")

__all__ = sorted(_BESSEL) + ["zeta"]
