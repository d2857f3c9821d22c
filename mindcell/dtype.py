"""dtype objects (printed as MindSpore prints them), the numpy mapping and the promotion rules."""
import math

import ml_dtypes
import numpy as np

__all__ = ["DType", "bool_", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
           "uint64", "float16", "float32", "float64", "bfloat16", "promote_types", "result_type",
           "to_dtype", "from_numpy_dtype", "is_floating", "is_integer", "is_float_np", "np_kind",
           "complex64", "complex128", "is_complex_np"]

_BOOL, _INT, _FLOAT, _COMPLEX = 0, 1, 2, 3


class DType:
    """DType(name, np_dtype, category): a tensor element type, such as ``ms.float32``.

    ``str(ms.float32) == 'Float32'`` and ``repr(ms.float32) == 'mindspore.float32'`` (what
    MindSpore 2.10 prints, e.g. for a list of dtypes); a DType compares equal only to itself.
    ``np_dtype`` is the numpy dtype of the elements, ``itemsize`` their size in bytes and
    ``is_floating_point`` whether they are floats. The DTypes are made once by mindcell
    (``ms.int32``, ``ms.bfloat16`` ...); a program uses those rather than building new ones.

    Args:
        name (str): the printed name (``'Float32'``).
        np_dtype (numpy.dtype): the element type in numpy.
        category (int): 0 for bool, 1 for the integers, 2 for the floats, 3 for the complex
            numbers.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.float16, ms.float16.itemsize, ms.float16.is_floating_point)
        Float16 2 True
        >>> print([ms.float16, ms.int32])
        [mindspore.float16, mindspore.int32]
        >>> ms.Tensor(np.array([1, 2], np.int64)).dtype == ms.int64
        True
    """

    __slots__ = ("name", "np_dtype", "category", "itemsize", "_key")

    def __init__(self, name, np_dtype, category):
        self.name = name
        self.np_dtype = np.dtype(np_dtype)
        self.category = category
        self.itemsize = self.np_dtype.itemsize
        self._key = name

    def __str__(self):
        return self.name

    def __repr__(self):
        return "mindspore." + self.name.lower()  # the attribute naming it: 'mindspore.bool'

    def __reduce__(self):
        return (to_dtype, (self.name,))

    @property
    def is_floating_point(self):
        return self.category == _FLOAT


bool_ = DType("Bool", np.bool_, _BOOL)
int8 = DType("Int8", np.int8, _INT)
int16 = DType("Int16", np.int16, _INT)
int32 = DType("Int32", np.int32, _INT)
int64 = DType("Int64", np.int64, _INT)
uint8 = DType("UInt8", np.uint8, _INT)
uint16 = DType("UInt16", np.uint16, _INT)
uint32 = DType("UInt32", np.uint32, _INT)
uint64 = DType("UInt64", np.uint64, _INT)
float16 = DType("Float16", np.float16, _FLOAT)
float32 = DType("Float32", np.float32, _FLOAT)
float64 = DType("Float64", np.float64, _FLOAT)
# numpy has no bfloat16: ml_dtypes supplies it (a numpy dtype of kind 'V', see np_kind)
bfloat16 = DType("BFloat16", ml_dtypes.bfloat16, _FLOAT)
BF16_NP = bfloat16.np_dtype

# complex numbers: two float32 (two float64) parts, numpy's complex64 (complex128) layout
complex64 = DType("Complex64", np.complex64, _COMPLEX)
complex128 = DType("Complex128", np.complex128, _COMPLEX)

# MindSpore-style aliases
half, single, double = float16, float32, float64
int_, uint, float_ = int32, uint32, float32

# the real dtypes (what code iterating "every dtype" has always meant); COMPLEX_DTYPES apart
ALL_DTYPES = (bool_, int8, int16, int32, int64, uint8, uint16, uint32, uint64,
              float16, float32, float64, bfloat16)
COMPLEX_DTYPES = (complex64, complex128)
_BY_NP = {d.np_dtype: d for d in ALL_DTYPES + COMPLEX_DTYPES}
_BY_NAME = {}
for _d in ALL_DTYPES + COMPLEX_DTYPES:
    _BY_NAME[_d.name] = _d
    _BY_NAME[_d.name.lower()] = _d
    _BY_NAME[str(_d.np_dtype)] = _d
_BY_NAME["bool_"] = bool_


def from_numpy_dtype(np_dtype):
    """The DType for a numpy dtype; TypeError for types mindcell does not have."""
    try:
        return _BY_NP[np_dtype]
    except (KeyError, TypeError):
        pass
    try:
        return _BY_NP[np.dtype(np_dtype)]
    except (KeyError, TypeError):
        raise TypeError("mindcell has no dtype for numpy type %r" % (np_dtype,)) from None


def to_dtype(value):
    """Normalise a DType, numpy dtype, Python type or name into a DType."""
    if isinstance(value, DType):
        return value
    if isinstance(value, str):
        try:
            return _BY_NAME[value]
        except KeyError:
            raise TypeError("unknown dtype name %r" % value) from None
    if value is bool:
        return bool_
    if value is int:
        return int64
    if value is float:
        return float32
    return from_numpy_dtype(value)


def np_kind(np_dtype):
    """``np_dtype.kind``, except 'f' for bfloat16 (numpy says 'V'): use this, never ``.kind``,
    where floats matter."""
    return "f" if np_dtype == BF16_NP else np_dtype.kind


def is_float_np(np_dtype):
    """Whether a numpy dtype is a mindcell float type (float16/32/64 or bfloat16)."""
    return np_dtype.kind == "f" or np_dtype == BF16_NP


def is_complex_np(np_dtype):
    """Whether a numpy dtype is complex64 or complex128."""
    return np_dtype.kind == "c"


def is_inexact_np(np_dtype):
    """Whether a numpy dtype is a float or a complex dtype (what true division returns)."""
    return np_dtype.kind in "fc" or np_dtype == BF16_NP


def real_np_dtype(np_dtype):
    """The dtype of the parts of a complex dtype (float32 of complex64); any other unchanged."""
    return np.dtype(np.float64 if np_dtype == np.complex128 else np.float32) \
        if np_dtype.kind == "c" else np_dtype


def complex_np_dtype(np_dtype):
    """The complex dtype with ``np_dtype``'s precision: complex128 of float64 (and of
    complex128), complex64 of every other dtype (as MindSpore's fft of an int or float16)."""
    return np.dtype(np.complex128 if np_dtype in (np.float64, np.complex128) else np.complex64)


def finfo(np_dtype):
    """``np.finfo`` that knows bfloat16 too."""
    return ml_dtypes.finfo(np_dtype)


def is_floating(dtype):
    return dtype.category == _FLOAT


def is_integer(dtype):
    return dtype.category == _INT


def _promote_ints(a, b):
    signed_a, signed_b = a.np_dtype.kind == "i", b.np_dtype.kind == "i"
    if signed_a == signed_b:
        return a if a.itemsize >= b.itemsize else b
    unsigned, signed = (a, b) if signed_b else (b, a)
    if signed.itemsize > unsigned.itemsize:
        return signed
    # a signed type twice the unsigned width holds both (uint8 + int8 -> int16)
    return {1: int16, 2: int32}.get(unsigned.itemsize, int64)


_PROMOTE_CACHE = {}


def promote_types(a, b):
    """Result dtype of a binary op between two tensors (0-d tensors count fully)."""
    key = (a, b)
    r = _PROMOTE_CACHE.get(key)
    if r is not None:
        return r
    if a is b:
        r = a
    elif _COMPLEX in (a.category, b.category):
        # complex with anything is complex, complex128 when either side holds float64 parts
        # (MindSpore 2.10: float64 + complex64 is Complex128, float32 + complex64 Complex64)
        wide = (complex128, float64)
        r = complex128 if a in wide or b in wide else complex64
    elif a.category != b.category:
        r = a if a.category > b.category else b
    elif a.category == _INT:
        r = _promote_ints(a, b)
    elif a.itemsize == b.itemsize and a.category == _FLOAT:
        r = float32  # float16 with bfloat16: neither holds the other
    else:  # floats (or bools, which are all the same)
        r = a if a.itemsize >= b.itemsize else b
    _PROMOTE_CACHE[key] = r
    return r


def scalar_result_type(dtype, scalar):
    """Result dtype of a binary op between a tensor of ``dtype`` and a Python scalar: the scalar
    takes the tensor's dtype, except that a float scalar makes bool/int tensors Float32 and an
    int scalar makes a bool tensor Int64 (MindSpore's implicit conversion rules)."""
    if isinstance(scalar, bool):
        return dtype
    if isinstance(scalar, int):
        return int64 if dtype is bool_ else dtype
    if isinstance(scalar, float):
        return dtype if dtype.category in (_FLOAT, _COMPLEX) else float32
    raise TypeError("unsupported scalar type %s" % type(scalar).__name__)


def scalar_fits(value, dtype):
    """Whether the Python scalar ``value`` becomes a ``dtype`` element without wrapping around,
    overflowing to inf or flushing to zero (rounding to the nearest float is allowed)."""
    if isinstance(value, bool) or dtype is bool_:
        return True
    if dtype.category == _INT:
        if isinstance(value, float):
            if not math.isfinite(value):
                return False
            value = int(value)  # a float converts to an int by truncation
        info = np.iinfo(dtype.np_dtype)
        return int(info.min) <= value <= int(info.max)
    try:
        f = float(value)
    except OverflowError:  # an int beyond float64
        return False
    if not math.isfinite(f):
        return True  # inf and nan stay what they are
    with np.errstate(over="ignore", under="ignore"):
        c = dtype.np_dtype.type(f)
    return bool(np.isfinite(c)) and (f == 0.0 or c != 0)


def operand_fits(value, dtype):
    """Whether the Python scalar ``value`` can become a ``dtype`` operand of an op. Into a float
    dtype any number converts as MindSpore converts it (round to nearest, overflow to +-inf,
    underflow to 0: ``float16 + 1e-8`` is the tensor, ``float16 * 1e6`` is inf) unless it is an
    int beyond even Float64; into bool/int dtypes it must fit exactly (a wrap-around would be
    a silent wrong answer)."""
    if dtype.category not in (_FLOAT, _COMPLEX) or isinstance(value, bool):
        return scalar_fits(value, dtype)
    try:
        float(value)
    except OverflowError:
        return False
    return True


def check_scalar(value, dtype, op, arg="other", hint="cast the tensor to a wider dtype first"):
    """ValueError naming ``op`` when the Python scalar ``value`` cannot be a ``dtype`` operand
    (:func:`operand_fits`). ``op`` is the name, or a callable returning it: naming the public
    API walks the stack, so callers pass it lazily and it runs on the error path only."""
    if not operand_fits(value, dtype):
        raise ValueError("%s: the Python %s %r in '%s' does not fit in %s (it would wrap around "
                         "or overflow); %s" % (op() if callable(op) else op, type(value).__name__,
                                               value, arg, dtype, hint))
    return value


def result_type(*dtypes):
    r = dtypes[0]
    for d in dtypes[1:]:
        r = promote_types(r, d)
    return r


def scalar_dtype(value):
    """The dtype a Python scalar becomes on its own (MindSpore: int -> Int64, float -> Float32)."""
    if isinstance(value, (bool, np.bool_)):
        return bool_
    if isinstance(value, (int, np.integer)):
        return int64
    if isinstance(value, (float, np.floating)):
        return float32
    raise TypeError("not a scalar: %r" % (value,))
