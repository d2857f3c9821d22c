"""Elementwise math, comparisons and logic (``ops.add``, ``ops.exp``, ``ops.equal`` ...)."""
import weakref

import numpy as np

from mindcell import dtype as mstype
from mindcell._docsections import shared_sections
from mindcell.common.tensor import Tensor
from mindcell.ops._helpers import (binary_operands, cast_to, check_tensor, float_operand,
                                   float_math_operand, to_tensor, as_np_dtype, is_scalar,
                                   scalar_tensor, operand_scalar, _py, public_face)
from mindcell.ops._errors import check_broadcast, check_choice, public_name
from mindcell.ops.defs import elementwise as E
from mindcell.ops.defs import elementwise_math as EM
from mindcell.ops.defs.shape import copy_p
from mindcell.ops.defs.cplx import complex_abs_p as _complex_abs_p, real_p as _real_p
from mindcell.ops.function._opdoc import array, example, opdoc


def _operands(x, y, name, float_result=False):
    """Promoted operands whose shapes broadcast (ValueError naming ``name`` otherwise); with
    ``float_result`` bool/integer operands become Float32 (see ``binary_operands``).

    Two plain Tensors of one dtype need no promotion: their arrays' shapes are compared
    directly (every eager binary op and operator takes this path; ``Tensor.shape`` and the
    call of ``binary_operands`` cost a quarter of ``ops.add``'s per-call time, W1)."""
    if type(x) is Tensor and type(y) is Tensor:
        xa, ya = x._data, y._data
        if xa.dtype is ya.dtype and not (float_result and not mstype.is_float_np(xa.dtype)):
            if xa.shape != ya.shape:
                check_broadcast(name, xa.shape, ya.shape)
            return x, y
    a, b = binary_operands(x, y, name, float_result)
    if a.shape != b.shape:
        check_broadcast(name, a.shape, b.shape)
    return a, b


_OPERANDS = ("input (Union[Tensor, number, bool]): the first operand.",
             "other (Union[Tensor, number, bool]): the second operand; the two broadcast "
             "against each other and are promoted to one dtype. A Python number adapts to "
             "the tensor (``int32_tensor + 2`` is Int32, ``int32_tensor + 2.5`` Float32).")
_OPERAND_RAISES = ("TypeError: an operand is not a Tensor, a number or a list of numbers.",
                   "ValueError: the shapes do not broadcast, or a Python int does not fit in "
                   "the integer dtype of the tensor operand.")


def _binary_doc(name, summary, x, y, out, returns, note=""):
    """The doc of a two-operand elementwise op, its Example ``ops.name(x, y)``."""
    return opdoc(summary, _OPERANDS, returns, _OPERAND_RAISES,
                 example("ops.%s(x, y)" % name, out, ["x = " + array(*x), "y = " + array(*y)]),
                 note)


def _bin(prim, name, summary, x, y, out, bools=True, scalar_0d=False):
    """The public binary op ``name``; ``bools`` False: operands that promote to Bool (two bool
    tensors, or one and a Python bool) are a TypeError, as MindSpore 2.10's kernel refuses;
    ``scalar_0d``: a 0-d tensor operand is a scalar (see ``_scalar_0d``)."""
    def op(input, other):
        if scalar_0d:
            input, other = _scalar_0d(input, other)
        a, b = _operands(input, other, name)
        if not bools:
            _refuse_bool_pair(a, name)
        return prim.bind(a, b)
    public_face(op, name)
    op.__doc__ = _binary_doc(name, summary, x, y, out,
                             "Tensor of the broadcast shape, of the promoted dtype.",
                             "" if bools else "Two bool operands are a TypeError, as in "
                             "MindSpore 2.10.")
    return op


def _kind(dt):
    return "f" if mstype.is_float_np(dt) else dt.kind if dt.kind in "iu" else None


def _scalar_0d(x, y):
    """MindSpore 2.10's Mul and Div (ops.mul/div/true_divide, ``*``, ``/``, Tensor.mul) take a 0-d
    tensor beside a tensor of the same kind (float, or signed integer) as a scalar: the result
    keeps the other tensor's dtype, where add, sub, maximum, pow and RealDiv promote
    (ms-oracle: Float16 tensor * Tensor(2.0) is Float16, Float32 / Tensor(2.0, Float64)
    Float32, Int32 * Tensor(2, Int64) Int32). The 0-d operand is cast to the other's dtype."""
    if isinstance(x, Tensor) and isinstance(y, Tensor):
        xd, yd = x._np_dtype, y._np_dtype
        if xd != yd and (x.ndim == 0) != (y.ndim == 0) and _kind(xd) is not None \
                and _kind(xd) == _kind(yd):
            return (cast_to(x, yd), y) if x.ndim == 0 else (x, cast_to(y, xd))
    return x, y


def _refuse_bool_pair(a, name):
    """``a``: an operand after promotion. MindSpore 2.10's Minimum, Pow and FloorMod kernels
    have no Bool version: two bool operands (a Python bool included) are a TypeError."""
    if a._np_dtype == np.bool_:
        raise TypeError("%s: two bool operands are not taken (MindSpore has no Bool kernel); "
                        "cast one to an integer or float dtype first" % public_name(name))


_F32, _I32 = "float32", "int32"
add = _bin(E.add_p, "add", "Adds ``other`` to ``input`` elementwise.",
           ("[1, 2, 3]", _I32), ("[4, 5, 6]", _I32), "[5 7 9]")
sub = _bin(E.sub_p, "sub", "Subtracts ``other`` from ``input`` elementwise.",
           ("[1.0, 2.0, 3.0]", _F32), ("[0.5]", _F32), "[0.5 1.5 2.5]")
mul = _bin(E.mul_p, "mul", "Multiplies ``input`` by ``other`` elementwise.",
           ("[[1.0], [2.0]]", _F32), ("[3.0, -1.0]", _F32), "[[ 3. -1.]\n [ 6. -2.]]",
           scalar_0d=True)
maximum = _bin(E.maximum_p, "maximum", "The elementwise maximum of ``input`` and ``other``; a NaN "
               "in either gives NaN.", ("[1.0, 5.0, -2.0]", _F32), ("[4.0, 2.0, 0.0]", _F32),
               "[4. 5. 0.]")
minimum = _bin(E.minimum_p, "minimum", "The elementwise minimum of ``input`` and ``other``; a NaN "
               "in either gives NaN.", ("[1, 5, -3]", _I32), ("[4, 2, 0]", _I32), "[ 1  2 -3]",
               bools=False)
multiply = mul


def subtract(input, other, *, alpha=1):
    """Subtracts ``alpha * other`` from ``input`` elementwise, with broadcasting and dtype
    promotion.

    Args:
        input (Union[Tensor, number]): the minuend.
        other (Union[Tensor, number]): the subtrahend, broadcast against ``input``.
        alpha (Union[int, float]): the multiplier of ``other`` (keyword-only); a float makes
            integer operands float. Default: ``1``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype; Int64 for two bool operands (as
        MindSpore 2.10's subtract; :func:`sub` refuses them).

    Raises:
        TypeError: ``alpha`` is not an int or a float, or an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([5.0, 3.0], np.float32))
        >>> print(ops.subtract(x, Tensor(np.array([1.0, 2.0], np.float32)), alpha=2))
        [ 3. -1.]
    """
    if isinstance(alpha, bool) or not isinstance(alpha, (int, float)):
        raise TypeError("subtract: 'alpha' must be an int or a float, but got %s"
                        % type(alpha).__name__)
    if _is_bool_operand(input) and _is_bool_operand(other):
        # two bool operands subtract as Int64 (MindSpore 2.10's subtract; its ops.sub refuses
        # them): True - False is 1, False - True is -1
        input = cast_to(to_tensor(input, "subtract"), np.dtype(np.int64))
    return sub(input, other if alpha == 1 else mul(other, alpha))


def _is_bool_operand(v):
    return isinstance(v, (bool, np.bool_)) or (isinstance(v, Tensor) and v._np_dtype == np.bool_)


def _true_div_operands(x, y, name):
    """Operands of an op whose result is a float (true division): bool/integer operands,
    Python scalars included, become Float32 before the op (MindSpore's div)."""
    return _operands(x, y, name, float_result=True)


def _float_math_operands(x, y, name, dtypes=None):
    """Operands of a float-only binary op (atan2, xdivy, hypot), as MindSpore 2.10 takes them:
    promoted by the usual rules (a Python float makes an integer tensor Float32), and a
    TypeError when the promoted dtype is not a float one (not in ``dtypes``, numpy dtypes, when
    given) instead of computing integers in Float32."""
    a, b = _operands(x, y, name)
    dt = a._np_dtype
    if not mstype.is_float_np(dt) or (dtypes is not None and dt not in dtypes):
        allowed = ("Float16, Float32, Float64 or BFloat16" if dtypes is None else
                   " or ".join(str(mstype.from_numpy_dtype(np.dtype(d))) for d in dtypes))
        raise TypeError("%s: the operands must promote to %s, but %s and %s promote to %s"
                        % (public_name(name), allowed, _dtype_name(x), _dtype_name(y), a.dtype))
    return a, b


def _dtype_name(v):
    return str(v.dtype) if isinstance(v, Tensor) else "a Python %s" % type(v).__name__


def div(input, other, *, rounding_mode=None):
    """Divides ``input`` by ``other`` elementwise, with broadcasting and dtype promotion.

    Args:
        input (Union[Tensor, number]): the dividend.
        other (Union[Tensor, number]): the divisor, broadcast against ``input``.
        rounding_mode (str, optional): (keyword-only) None: true division, bool and integer
            operands give Float32; ``'floor'``: the quotient rounded toward -inf (as
            :func:`floor_divide`); ``'trunc'``: rounded toward zero. The rounded modes keep an
            integer dtype. Default: ``None``.

    Returns:
        Tensor of the broadcast shape.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: ``rounding_mode`` is not None, ``'floor'`` or ``'trunc'``, or the shapes do
            not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([-7, 7], np.int32))
        >>> print(ops.div(x, 2), ops.div(x, 2, rounding_mode='floor'))
        [-3.5  3.5] [-4  3]
        >>> print(ops.div(x, 2, rounding_mode='trunc'))
        [-3  3]
    """
    check_choice(rounding_mode, "div", "rounding_mode", (None, "floor", "trunc"))
    if rounding_mode is None:
        return E.div_p.bind(*_true_div_operands(*_scalar_0d(input, other), "div"))
    if rounding_mode == "floor":
        return floor_div(input, other)
    # 'trunc': integers divide exactly (a Float32 round trip changed int64 values >= 2**24)
    return EM.truncate_div_p.bind(*_operands(*_scalar_0d(input, other), "div"))


divide = div


def true_divide(dividend, divisor):
    """Divides ``dividend`` by ``divisor`` elementwise (true division: :func:`div` without
    ``rounding_mode``).

    Args:
        dividend (Union[Tensor, number]): the dividend.
        divisor (Union[Tensor, number]): the divisor, broadcast against ``dividend``.

    Returns:
        Tensor of the broadcast shape; bool and integer operands give Float32.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.true_divide(Tensor(np.array([1, 3], np.int32)), 2))
        [0.5 1.5]
    """
    return div(dividend, divisor)


def floor_divide(input, other):
    """Divides ``input`` by ``other`` elementwise and rounds the quotient toward -inf.

    Integer operands stay integers. Two bool operands give Bool, as in MindSpore: the dividend,
    also where the divisor is False.

    Args:
        input (Union[Tensor, number]): the dividend.
        other (Union[Tensor, number]): the divisor, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.floor_divide(Tensor(np.array([-7.0, 7.0, 5.5], np.float32)), 2.0))
        [-4.  3.  2.]
    """
    a, b = _operands(input, other, "floor_divide")
    if a._np_dtype == np.bool_:
        return logical_or(a, logical_and(a, b))  # a, broadcast against b
    return E.floor_div_p.bind(a, b)


def floor_div(x, y):
    """Divides ``x`` by ``y`` elementwise and rounds the quotient toward -inf (the same as
    :func:`floor_divide`).

    Args:
        x (Union[Tensor, number]): the dividend.
        y (Union[Tensor, number]): the divisor, broadcast against ``x``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x, y = Tensor(np.array([-7, 7, 9], np.int32)), Tensor(np.array([2, -2, 3], np.int32))
        >>> print(ops.floor_div(x, y))
        [-4 -4  3]
    """
    return floor_divide(x, y)


def floor_mod(x, y):
    """The remainder of the floored division of ``x`` by ``y``, elementwise: it has the sign of
    ``y`` (``x - floor(x / y) * y``).

    Args:
        x (Union[Tensor, number]): the dividend.
        y (Union[Tensor, number]): the divisor, broadcast against ``x``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype (integers stay integers).

    Raises:
        TypeError: an operand is not a Tensor or a number, or both are bool (as MindSpore
            2.10).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x, y = Tensor(np.array([-7, 7, -7], np.int32)), Tensor(np.array([3, 3, -3], np.int32))
        >>> print(ops.floor_mod(x, y))
        [ 2  1 -1]
    """
    a, b = _operands(x, y, "floor_mod")
    _refuse_bool_pair(a, "floor_mod")
    return E.floor_mod_p.bind(a, b)


def remainder(input, other):
    """The remainder of the floored division of ``input`` by ``other``, elementwise (the sign of
    ``other``, as :func:`floor_mod`).

    Two bool operands give Bool, as MindSpore's remainder: ``input`` where ``other`` is False,
    else False.

    Args:
        input (Union[Tensor, number]): the dividend.
        other (Union[Tensor, number]): the divisor, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.remainder(Tensor(np.array([-3.5, 5.0], np.float32)), 2.0))
        [0.5 1. ]
    """
    a, b = _operands(input, other, "remainder")
    if a._np_dtype == np.bool_:
        return _bool_remainder(a, b)
    return E.floor_mod_p.bind(a, b)


def _bool_remainder(a, b):
    """MindSpore's fmod/remainder of two Bool tensors: a % True is False, a % False is a."""
    return logical_and(a, logical_not(b))


mod = floor_mod


def pow(input, exponent):
    """Raises ``input`` to the power ``exponent``, elementwise, with broadcasting and dtype
    promotion (an integer tensor to an integer power stays integer; to a negative integer power
    it is the real power truncated toward zero, as in MindSpore 2.10: 2 ** -1 is 0, 1 ** -1 is
    1, (-1) ** -1 is -1).

    Args:
        input (Union[Tensor, number]): the base.
        exponent (Union[Tensor, number]): the exponent, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number, or both are bool (as MindSpore
            2.10).
        ValueError: the shapes do not broadcast, or an integer 0 is raised to a negative
            integer power (a division by zero; MindSpore 2.10 returns the dtype's minimum).

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([2, 3, 4], np.int32))
        >>> print(ops.pow(x, 2), ops.pow(x, 0.5))
        [ 4  9 16] [1.4142135 1.7320508 2.       ]
    """
    a, b = _operands(input, exponent, "pow")
    _refuse_bool_pair(a, "pow")
    return E.pow_p.bind(a, b)


_UNARY_RAISES = ("TypeError: ``input`` is not a Tensor, a number or a list of numbers.",)


def _unary_doc(name, summary, x, out, float_result, note="", promote=True):
    """The doc of a one-input elementwise op, its Example ``ops.name(x)`` (``x``: the input's
    values and dtype). ``promote``: for a ``float_result`` op, which bool/integer inputs compute
    in Float32 (True: all, () none: those raise TypeError, else the tuple of numpy dtypes)."""
    raises = _UNARY_RAISES
    if float_result and promote is True:
        arg = "input (Tensor): the input; bool and integer tensors compute in Float32."
        returns = ("Tensor of the shape of ``input``, of its dtype for a float ``input``, else "
                   "Float32.")
    elif float_result:
        kept = ", ".join(str(mstype.from_numpy_dtype(np.dtype(d))) for d in promote)
        arg = ("input (Tensor): a float tensor%s." % (
            "" if not kept else " (%s computes in Float32)" % kept))
        returns = "Tensor of the shape of ``input``, of its dtype%s." % (
            "" if not kept else " (Float32 for %s)" % kept)
        raises = _UNARY_RAISES + ("TypeError: ``input`` is a bool or integer tensor%s (as "
                                  "MindSpore 2.10)." % ("" if not kept else " other than " + kept),)
    else:
        arg = "input (Tensor): the input, of any number dtype."
        returns = "Tensor of the shape and dtype of ``input``."
    return opdoc(summary, [arg], returns, raises,
                 example("ops.%s(x)" % name, out, ["x = " + array(*x)]), note)


def _unary_same(prim, name, summary, x, out, note=""):
    def op(input):
        return prim.bind(check_tensor(input, name) if isinstance(input, Tensor)
                         else to_tensor(input, name))
    public_face(op, name)
    op.__doc__ = _unary_doc(name, summary, x, out, False, note)
    return op


def _unary_float(prim, name, summary=None, x=None, out=None, note="", promote=()):
    """The public op ``name`` computing ``prim`` in a float dtype; its doc from ``summary``,
    the Example input ``x`` ((values, dtype)) and its printed ``out``. ``promote``: the bool and
    integer numpy dtypes MindSpore 2.10 computes in Float32 (True: all); it refuses the others
    with a TypeError (:func:`~mindcell.ops._helpers.float_math_operand`)."""
    def op(input):
        return prim.bind(float_math_operand(input, name, promote, complex_ok=True))
    public_face(op, name)
    op.__doc__ = (_unary_doc(name, summary, x, out, True, note, promote) if summary else
                  "%s(input): elementwise; %s." % (
                      name, "integer inputs compute in Float32" if promote is True
                      else "float inputs only"))
    return op


neg = _unary_same(E.neg_p, "neg", "Negates ``input`` elementwise (unsigned integers wrap "
                  "around).", ("[1.0, -2.5, 0.0]", _F32), "[-1.   2.5 -0. ]")
negative = neg
_real_abs = _unary_same(E.abs_p, "abs", "The absolute value of ``input``, elementwise; of a "
                        "complex tensor the modulus, kept in the complex dtype as MindSpore 2.10 "
                        "returns it (imaginary parts 0; ``ops.ComplexAbs`` gives Float32/64).",
                        ("[-3, 0, 7]", _I32), "[3 0 7]")


def abs(input):
    if isinstance(input, Tensor) and input._np_dtype.kind == "c":
        return cast_to(_complex_abs_p.bind(input), input._np_dtype)
    return _real_abs(input)


abs.__doc__ = _real_abs.__doc__
public_face(abs, "abs")
absolute = abs
square = _unary_same(E.square_p, "square", "The square of ``input``, elementwise.",
                     ("[-1.5, 2.0, 3.0]", _F32), "[2.25 4.   9.  ]")
_real_sign = _unary_same(E.sign_p, "sign", "The sign of ``input`` elementwise: -1, 0 or 1 (NaN "
                        "stays NaN); of a complex tensor ``z / |z|`` (0 at 0), as MindSpore "
                        "2.10 and :func:`sgn`.", ("[-2, 0, 5]", _I32), "[-1  0  1]")


def sign(input):
    if isinstance(input, Tensor) and input._np_dtype.kind == "c":
        from mindcell.ops.function.complex_func import sgn
        return sgn(input)
    return _real_sign(input)


sign.__doc__ = _real_sign.__doc__
public_face(sign, "sign")
floor = _unary_float(E.floor_p, "floor", "Rounds ``input`` down to the nearest integer, "
                     "elementwise.", ("[-1.5, 0.2, 2.7]", _F32), "[-2.  0.  2.]")
ceil = _unary_float(E.ceil_p, "ceil", "Rounds ``input`` up to the nearest integer, elementwise.",
                    ("[-1.5, 0.2, 2.0]", _F32), "[-1.  1.  2.]")
_round = _unary_float(E.round_p, "round")
exp = _unary_float(E.exp_p, "exp", "The exponential :math:`e^x` of ``input``, elementwise.",
                   ("[0.0, 1.0, 2.0]", _F32), "[1.        2.7182817 7.389056 ]")
log = _unary_float(E.log_p, "log", "The natural logarithm of ``input``, elementwise (NaN for "
                   "negative values, -inf at 0).", ("[1.0, 2.0, 10.0]", _F32),
                   "[0.        0.6931472 2.3025851]")
log1p = _unary_float(E.log1p_p, "log1p", "The natural logarithm of ``1 + input``, elementwise, "
                     "accurate also for tiny ``input``.", ("[0.0, 0.5, 1.0]", _F32),
                     "[0.         0.40546513 0.6931472 ]")
_sqrt = _unary_float(E.sqrt_p, "sqrt", promote=True)
rsqrt = _unary_float(E.rsqrt_p, "rsqrt", "The reciprocal of the square root of ``input``, "
                     "elementwise.", ("[1.0, 4.0, 16.0]", _F32), "[1.   0.5  0.25]")
sin = _unary_float(E.sin_p, "sin", "The sine of ``input`` (radians), elementwise.",
                   ("[0.0, 0.5, 1.5707964]", _F32), "[0.         0.47942555 1.        ]")
cos = _unary_float(E.cos_p, "cos", "The cosine of ``input`` (radians), elementwise.",
                   ("[0.0, 1.0, 3.1415927]", _F32), "[ 1.         0.5403023 -1.       ]")
tanh = _unary_float(E.tanh_p, "tanh", "The hyperbolic tangent of ``input``, elementwise.",
                    ("[-1.0, 0.0, 2.0]", _F32), "[-0.7615942  0.         0.9640276]")
sigmoid = _unary_float(E.sigmoid_p, "sigmoid", "The logistic sigmoid :math:`1 / (1 + e^{-x})` "
                       "of ``input``, elementwise.", ("[-2.0, 0.0, 2.0]", _F32),
                       "[0.11920291 0.5        0.880797  ]")
erf = _unary_float(E.erf_p, "erf", "The Gauss error function of ``input``, elementwise.",
                   ("[-1.0, 0.0, 0.5]", _F32), "[-0.8427008  0.         0.5204999]")
reciprocal = _unary_float(E.reciprocal_p, "reciprocal", "The reciprocal ``1 / input``, "
                          "elementwise (integers give Float32).", ("[1, 2, 4]", _I32),
                          "[1.   0.5  0.25]", promote=True)


def sqrt(x):
    """The square root of ``x``, elementwise (NaN for negative values).

    Args:
        x (Tensor): the input; bool and integer tensors compute in Float32.

    Returns:
        Tensor of the shape of ``x``, of its dtype for a float ``x``, else Float32.

    Raises:
        TypeError: ``x`` is not a Tensor, a number or a list of numbers.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.sqrt(Tensor(np.array([4, 9, 2], np.int32))))
        [2.        3.        1.4142135]
    """
    return _sqrt(x)


def round(input, *, decimals=0):
    """Rounds ``input`` elementwise, halves to even, to ``decimals`` decimal places.

    Int32 and Int64 inputs are already whole: returned as they are (MindSpore 2.10 refuses the
    other bool and integer dtypes). (MindSpore 2.10's CPU kernel only takes ``decimals`` 0.)

    Args:
        input (Tensor): a float, Int32 or Int64 tensor.
        decimals (int): (keyword-only) the number of decimal places to keep; a negative number
            rounds to tens, hundreds ... Default: ``0``.

    Returns:
        Tensor of the shape and dtype of ``input``.

    Raises:
        TypeError: ``decimals`` is not an int, ``input`` not a Tensor or a number, or a Bool,
            Int8, Int16 or UInt8 tensor.
        ValueError: ``decimals`` is not 0 for an integer ``input``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.25, 2.5, 123.0], np.float32))
        >>> print(ops.round(x), ops.round(x, decimals=-1))
        [  1.   2. 123.] [  0.   0. 120.]
        >>> print(ops.round(Tensor(np.array([7, -3], np.int32))))
        [ 7 -3]
    """
    if isinstance(decimals, bool) or not isinstance(decimals, int):
        raise TypeError("round: 'decimals' must be an int, but got %s" % type(decimals).__name__)
    x = to_tensor(input, "round")
    if x._np_dtype in (np.int32, np.int64):  # whole already (MindSpore: the input's dtype)
        if decimals != 0:
            raise ValueError("round: 'decimals' must be 0 for an integer input (%s), but got %d"
                             % (x.dtype, decimals))
        return copy_p.bind(x)
    x = float_math_operand(x, "round")
    if decimals == 0:
        return _round(x)
    if decimals > 308:  # finer than any float's resolution: nothing to round
        return cast(x, x.dtype)
    # scaled in float64; where x * 10**decimals overflows, x has no digits that fine to round
    wide = cast(x, mstype.float64)
    # a Float64 tensor, not a Python float: those become Float32 scalars (1e-308 would be 0)
    scale = scalar_tensor(10.0 ** max(decimals, -308), np.float64, "round", "decimals")
    scaled = mul(wide, scale)
    out = select(isfinite(scaled), div(_round(scaled), scale), wide)
    return cast(out, x.dtype)


def _compare(prim, name, summary, x, y, out):
    def op(input, other):
        return prim.bind(*_operands(input, other, name))
    public_face(op, name)
    op.__doc__ = _binary_doc(name, summary, x, y, out,
                             "Tensor of Bool, of the broadcast shape.",
                             "The operands are compared in their promoted dtype; NaN compares "
                             "unequal to everything.")
    return op


equal = eq = _compare(E.equal_p, "equal", "Whether ``input == other``, elementwise.",
                      ("[1, 2, 3]", _I32), ("[1, 0, 3]", _I32), "[ True False  True]")
not_equal = ne = _compare(E.not_equal_p, "not_equal", "Whether ``input != other``, elementwise.",
                          ("[1.0, np.nan, 3.0]", _F32), ("[1.0, np.nan, 0.0]", _F32),
                          "[False  True  True]")
less = lt = _compare(E.less_p, "less", "Whether ``input < other``, elementwise.",
                     ("[1.0, 2.0, 3.0]", _F32), ("[2.0]", _F32), "[ True False False]")
less_equal = le = _compare(E.less_equal_p, "less_equal", "Whether ``input <= other``, "
                           "elementwise.", ("[1, 2, 3]", _I32), ("[2, 2, 2]", _I32),
                           "[ True  True False]")
greater = gt = _compare(E.greater_p, "greater", "Whether ``input > other``, elementwise.",
                        ("[[1.0], [4.0]]", _F32), ("[2.0, 3.0]", _F32),
                        "[[False False]\n [ True  True]]")
greater_equal = ge = _compare(E.greater_equal_p, "greater_equal", "Whether ``input >= other``, "
                              "elementwise.", ("[1, 2, 3]", "int64"), ("[3, 2, 1]", "int64"),
                              "[False  True  True]")


def _as_bool(x, name, arg):
    # a Python number operand must be a bool: MindSpore 2.10 refuses logical_and(x, 1)
    if is_scalar(x) and not isinstance(x, (bool, np.bool_)):
        raise TypeError("%s: '%s' must be a Tensor or a bool, but got %s"
                        % (public_name(name), arg, type(x).__name__))
    x = to_tensor(x, name, arg)
    return cast_to(x, np.dtype(np.bool_))


def _logical(x, y, name):
    a, b = _as_bool(x, name, "input"), _as_bool(y, name, "other")
    if a.shape != b.shape:
        check_broadcast(name, a.shape, b.shape)
    return a, b


def logical_and(input, other):
    """The logical AND of ``input`` and ``other``, elementwise, the operands taken as Bool (nonzero
    is True) and broadcast.

    Args:
        input (Union[Tensor, bool]): the first operand.
        other (Union[Tensor, bool]): the second operand.

    Returns:
        Tensor of Bool, of the broadcast shape.

    Raises:
        TypeError: an operand is not a Tensor, a bool or a list of numbers (a Python int or
            float is refused, as MindSpore 2.10 does).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x, y = Tensor(np.array([True, True, False])), Tensor(np.array([True, False, False]))
        >>> print(ops.logical_and(x, y))
        [ True False False]
    """
    return E.logical_and_p.bind(*_logical(input, other, "logical_and"))


@shared_sections(logical_and, ("Args:", "Returns:", "Raises:"))
def logical_or(input, other):
    """The logical OR of ``input`` and ``other``, elementwise, the operands taken as Bool (nonzero
    is True) and broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x, y = Tensor(np.array([0, 2, 0], np.int32)), Tensor(np.array([False, False, True]))
        >>> print(ops.logical_or(x, y))
        [False  True  True]
    """
    return E.logical_or_p.bind(*_logical(input, other, "logical_or"))


@shared_sections(logical_and, ("Args:", "Returns:", "Raises:"))
def logical_xor(input, other):
    """The logical XOR of ``input`` and ``other``, elementwise, the operands taken as Bool (nonzero
    is True) and broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.logical_xor(Tensor(np.array([True, True, False])), True))
        [False False  True]
    """
    return E.logical_xor_p.bind(*_logical(input, other, "logical_xor"))


def logical_not(input):
    """The logical NOT of ``input``, elementwise, taken as Bool (nonzero is True).

    Args:
        input (Union[Tensor, number, bool]): the input.

    Returns:
        Tensor of Bool, of the shape of ``input``.

    Raises:
        TypeError: ``input`` is not a Tensor, a number or a list of numbers.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.logical_not(Tensor(np.array([0.0, 1.5, -2.0], np.float32))))
        [ True False False]
    """
    return E.logical_not_p.bind(_as_bool(input, "logical_not", "input"))


def isnan(input):
    """Whether each element of ``input`` is NaN.

    Args:
        input (Tensor): the input.

    Returns:
        Tensor of Bool, of the shape of ``input`` (all False for bool and integer tensors).

    Raises:
        TypeError: ``input`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.isnan(Tensor(np.array([np.nan, 1.0, np.inf], np.float32))))
        [ True False False]
    """
    return E.isnan_p.bind(check_tensor(input, "isnan"))


def isinf(input):
    """Whether each element of ``input`` is +inf or -inf.

    Args:
        input (Tensor): the input.

    Returns:
        Tensor of Bool, of the shape of ``input`` (all False for bool and integer tensors).

    Raises:
        TypeError: ``input`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.isinf(Tensor(np.array([-np.inf, np.nan, 3.0], np.float32))))
        [ True False False]
    """
    return E.isinf_p.bind(check_tensor(input, "isinf"))


def isfinite(input):
    """Whether each element of ``input`` is finite (neither inf nor NaN).

    Args:
        input (Tensor): the input.

    Returns:
        Tensor of Bool, of the shape of ``input`` (all True for bool and integer tensors).

    Raises:
        TypeError: ``input`` is not a Tensor.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.isfinite(Tensor(np.array([np.inf, np.nan, 3.0, 0.0], np.float32))))
        [False False  True  True]
    """
    return E.isfinite_p.bind(check_tensor(input, "isfinite"))


def select(condition, input, other):
    """Picks, elementwise, ``input`` where ``condition`` is True and ``other`` where it is False.

    Args:
        condition (Tensor): a Bool tensor.
        input (Union[Tensor, number]): the values where ``condition`` is True.
        other (Union[Tensor, number]): the values where ``condition`` is False; the three
            broadcast against each other, ``input`` and ``other`` are promoted to one dtype.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype of ``input`` and ``other``.

    Raises:
        TypeError: ``condition`` is not a Bool tensor, or ``input``/``other`` not a Tensor or a
            number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> cond = Tensor(np.array([True, False, True]))
        >>> print(ops.select(cond, Tensor(np.array([1, 2, 3], np.int32)), 0))
        [1 0 3]
    """
    cond = to_tensor(condition, "select", "condition")
    if cond._np_dtype != np.bool_:
        raise TypeError("select: 'condition' must be a Bool tensor, but got %s" % cond.dtype)
    a, b = _operands(input, other, "select")
    check_broadcast("select", cond.shape, a.shape, b.shape)
    return E.select_p.bind(cond, a, b)


def where(condition, input, other):
    """Picks, elementwise, ``input`` where ``condition`` is True and ``other`` where it is False
    (the same as :func:`select`).

    Args:
        condition (Tensor): a Bool tensor.
        input (Union[Tensor, number]): the values where ``condition`` is True.
        other (Union[Tensor, number]): the values where ``condition`` is False; the three
            broadcast against each other.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype of ``input`` and ``other``.

    Raises:
        TypeError: ``condition`` is not a Bool tensor, or ``input``/``other`` not a Tensor or a
            number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[-1.0, 2.0], [3.0, -4.0]], np.float32))
        >>> print(ops.where(x > 0, x, 0.0))
        [[0. 2.]
         [3. 0.]]
    """
    return select(condition, input, other)


# the public ops whose purpose is a dtype conversion (public_name's names for them)
_CASTS = frozenset(("cast", "Cast", "Tensor.astype", "Tensor.to", "Tensor.type",
                    "Tensor.type_as", "Tensor.float", "Tensor.double", "Tensor.half",
                    "Tensor.bfloat16", "Tensor.int", "Tensor.long", "Tensor.short",
                    "Tensor.byte", "Tensor.bool", "Tensor.char"))


def cast(input, dtype):
    """Converts ``input`` to ``dtype``.

    The result is a new tensor also when ``input`` already has ``dtype`` (as MindSpore's Cast: a
    later write to either does not show in the other). Floats cast to integers truncate toward
    zero. A Python number becomes a 0-d tensor of ``dtype`` (``Cast()(-100.0, ms.float32)``, as
    MindSpore allows); lists and tuples are refused, as in MindSpore. A complex tensor cast to
    a real dtype gives its real part, as MindSpore 2.10 does (:func:`abs` for the modulus).

    Args:
        input (Union[Tensor, bool, int, float, numpy.number]): the input.
        dtype (mindcell.dtype): the dtype of the result.

    Returns:
        Tensor of the shape of ``input`` (0-d for a number), of ``dtype``.

    Raises:
        TypeError: ``input`` is neither a Tensor nor a Python number, or ``dtype`` not a dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> y = ops.cast(Tensor(np.array([1.7, -2.5], np.float32)), ms.int32)
        >>> print(y, y.dtype)
        [ 1 -2] Int32
        >>> print(ops.cast(2.5, ms.int32))
        2
    """
    if is_scalar(input):  # a Python or numpy number (MindSpore 2.10 takes np.float32(2.5) too)
        as_np_dtype(dtype, "cast")
        input = Tensor._make(np.asarray(input))
    check_tensor(input, "cast")
    np_dtype = as_np_dtype(dtype, "cast")
    if input._np_dtype == np_dtype:
        out = copy_p.bind(input)
        if type(out) is Tensor:  # eager: a gradient taken with it may reuse a forward run
            out.__dict__["_cast_of"] = weakref.ref(input)  # made with input (ops/grad.py)
        return out
    if input._np_dtype.kind == "c" and np_dtype.kind != "c":
        # the real part, as MindSpore 2.10 converts, when the user asked for the conversion
        # (the outermost public op is a cast); an op that casts its input internally (cov
        # computing in Float32) would drop the imaginary part silently: a TypeError naming it
        caller = public_name("cast")
        if caller not in _CASTS:
            raise TypeError("%s: complex tensors are not supported (got %s); take ops.real / "
                            "ops.imag / ops.abs first if a real result is meant"
                            % (caller, input.dtype))
        input = _real_p.bind(input)
        if input._np_dtype == np_dtype:
            return input
    return cast_to(input, np_dtype)


def clamp(input, min=None, max=None):
    """Limits the values of ``input`` to ``[min, max]``, elementwise.

    A Python number bound takes the dtype of ``input`` when ``input`` is a float tensor or the
    bound an int; a float bound of an integer tensor makes the result Float32.

    Args:
        input (Tensor): the input, of a number dtype.
        min (Union[Tensor, number], optional): the lower bound, broadcast against ``input``;
            None: no lower bound. Default: ``None``.
        max (Union[Tensor, number], optional): the upper bound; None: no upper bound.
            Default: ``None``.

    Returns:
        Tensor of the broadcast shape.

    Raises:
        TypeError: ``input`` is not a Tensor.
        ValueError: both ``min`` and ``max`` are None, or ``input`` or a bound is bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([-3, 1, 8], np.int32))
        >>> print(ops.clamp(x, 0, 5), ops.clamp(x, max=2))
        [0 1 5] [-3  1  2]
    """
    return _clamped(input, min, max, True)


def _clamped(input, min, max, whole_edges):
    """``input`` between the bounds, by maximum and minimum. ``whole_edges``: the gradient reaches
    ``input`` wholly at ``input == min`` or ``max``, as MindSpore 2.10's clamp passes it, where
    maximum/minimum (and so clip_by_value and hardtanh) split a tie in halves (ms-oracle)."""
    check_tensor(input, "clamp")
    if min is None and max is None:
        raise ValueError("clamp: at least one of 'min' and 'max' must be given")
    if input._np_dtype == np.bool_ or any(
            isinstance(b, bool) or (isinstance(b, Tensor) and b._np_dtype == np.bool_)
            for b in (min, max)):  # MindSpore's rule; bool bounds would compare as 0/1
        raise ValueError("clamp: the dtype of 'input', 'min' and 'max' must not be bool")
    out = input
    for bound, arg, extremum, inside in ((min, "min", maximum, greater_equal),
                                         (max, "max", minimum, less_equal)):
        if bound is None:
            continue
        bound = bound if not is_scalar(bound) else _like(bound, input, arg)
        bounded = extremum(out, bound)
        out = where(inside(out, bound), out, bounded) if whole_edges else bounded
    return out


def _like(value, t, arg):
    """A Python bound takes the tensor's dtype (clamp of ints stays int) as an operand does."""
    if mstype.is_float_np(t._np_dtype) or isinstance(value, int):
        return operand_scalar(value, t._np_dtype, "clamp", arg)
    return value


clip = clamp


def clip_by_value(x, clip_value_min=None, clip_value_max=None):
    """Limits the values of ``x`` to ``[clip_value_min, clip_value_max]``, elementwise (the same as
    :func:`clamp`); a list or tuple of tensors is clipped tensor by tensor.

    Args:
        x (Union[Tensor, list[Tensor], tuple[Tensor]]): the input, of a number dtype.
        clip_value_min (Union[Tensor, number], optional): the lower bound; None: no lower bound.
            Default: ``None``.
        clip_value_max (Union[Tensor, number], optional): the upper bound; None: no upper bound.
            Default: ``None``.

    Returns:
        Tensor of the broadcast shape; a tuple of them for a list or tuple ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor (or a list or tuple of them).
        ValueError: both bounds are None, or ``x`` or a bound is bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[0.5, -2.0], [3.0, 1.0]], np.float32))
        >>> print(ops.clip_by_value(x, -1.0, 1.0))
        [[ 0.5 -1. ]
         [ 1.   1. ]]
    """
    if isinstance(x, (list, tuple)):
        return tuple(clip_by_value(t, clip_value_min, clip_value_max) for t in x)
    return _clamped(x, clip_value_min, clip_value_max, False)


def lerp(input, end, weight):
    """Linear interpolation ``input + weight * (end - input)``, elementwise (broadcasting).

    Args:
        input (Tensor): the start points.
        end (Tensor): the end points.
        weight (Union[Tensor, float]): the interpolation weight.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> start = Tensor(np.array([1.0, 2.0], np.float32))
        >>> end = Tensor(np.array([3.0, 6.0], np.float32))
        >>> print(ops.lerp(start, end, 0.25))
        [1.5 3. ]
    """
    return add(input, mul(weight, sub(end, input)))


def addcmul(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 * tensor2``, elementwise (broadcasting).

    Args:
        input (Tensor): the tensor added to.
        tensor1 (Tensor): the first factor.
        tensor2 (Tensor): the second factor.
        value (Union[Tensor, number]): the multiplier of the product. Default: ``1``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 1.0], np.float32))
        >>> t1 = Tensor(np.array([2.0, 3.0], np.float32))
        >>> t2 = Tensor(np.array([4.0, -1.0], np.float32))
        >>> print(ops.addcmul(x, t1, t2, value=0.5))
        [ 5.  -0.5]
    """
    return add(input, mul(mul(tensor1, tensor2), value))


def addcdiv(input, tensor1, tensor2, value=1):
    """``input + value * tensor1 / tensor2``, elementwise (broadcasting; the division is true
    division).

    Args:
        input (Tensor): the tensor added to.
        tensor1 (Tensor): the dividend.
        tensor2 (Tensor): the divisor.
        value (Union[Tensor, number]): the multiplier of the quotient. Default: ``1``.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([1.0, 1.0], np.float32))
        >>> t1 = Tensor(np.array([2.0, 3.0], np.float32))
        >>> t2 = Tensor(np.array([4.0, -1.0], np.float32))
        >>> print(ops.addcdiv(x, t1, t2, value=2))
        [ 2. -5.]
    """
    return add(input, mul(div(tensor1, tensor2), value))


def xlogy(input, other):
    """``input * log(other)``, elementwise, 0 where ``input`` is 0 (also where ``other`` is 0 or
    NaN).

    As in MindSpore 2.10, a Python number operand is a Float32 tensor, not a weak scalar:
    ``xlogy(float16_tensor, 2)`` is Float32; an integer or bool tensor computes in Float32 with
    a float operand, and two Bool tensors give Float32, but MindSpore refuses two integer
    tensors (or an integer and a Bool one), and so does this function.

    Args:
        input (Union[Tensor, number]): the factor.
        other (Union[Tensor, number]): the argument of the logarithm, broadcast against ``input``.

    Returns:
        Tensor of the broadcast shape, of the promoted float dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number, or both are integer tensors (or an
            integer and a Bool one).
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([0.0, 1.0, 2.0], np.float32))
        >>> print(ops.xlogy(x, Tensor(np.array([5.0, 2.0, 3.0], np.float32))))
        [0.        0.6931472 2.1972246]
    """
    x, y = (scalar_tensor(float(_py(v)), np.dtype(np.float32), "xlogy", arg)
            if is_scalar(v) else v for v, arg in ((input, "input"), (other, "other")))
    if (isinstance(x, Tensor) and isinstance(y, Tensor) and not mstype.is_float_np(x._np_dtype)
            and not mstype.is_float_np(y._np_dtype)
            and not x._np_dtype == y._np_dtype == np.bool_):
        raise TypeError("%s: two integer tensors (or an integer and a Bool one) are not taken, "
                        "but got %s and %s; cast one to a float dtype first"
                        % (public_name("xlogy"), x.dtype, y.dtype))
    x, y = _true_div_operands(x, y, "xlogy")
    return select(equal(x, 0), zeros_like_f(x), mul(x, log(y)))


def zeros_like_f(x):
    return Tensor._make(np.zeros(x.shape, x._np_dtype))


def square_difference(x, y):
    """``(x - y) ** 2``, elementwise (broadcasting).

    Args:
        x (Union[Tensor, number]): the first operand.
        y (Union[Tensor, number]): the second operand.

    Returns:
        Tensor of the broadcast shape, of the promoted dtype.

    Raises:
        TypeError: an operand is not a Tensor or a number.
        ValueError: the shapes do not broadcast.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> print(ops.square_difference(Tensor(np.array([1, 5, -2], np.int32)), 2))
        [ 1  9 16]
    """
    return square(sub(x, y))


__all__ = [_n for _n, _v in list(globals().items())
           if not _n.startswith("_") and callable(_v)
           and getattr(_v, "__module__", "") in (__name__, "mindcell.ops")]
