"""``mindspore._c_expression.typing``: the classes MindSpore's dtypes are instances of, for
``isinstance`` checks in model code (``isinstance(dtype, typing.Number)``). mindcell has one
DType class; each class here accepts the DTypes of its kind, as MindSpore 2.10 sorts them
(checked with ms-oracle): ``Number`` every numeric dtype and Bool, ``Float`` float16/32/64,
``BFloat`` bfloat16 (not a ``Float``), ``Int`` the signed and ``UInt`` the unsigned integers,
``Complex`` complex64/128, ``Type`` every dtype.

Examples:
    >>> import mindcell as ms
    >>> from mindcell._c_expression import typing
    >>> isinstance(ms.float32, typing.Number), isinstance(ms.bfloat16, typing.Float)
    (True, False)
"""
from mindcell import dtype as _mstype

__all__ = ["Type", "Number", "Bool", "Int", "UInt", "Float", "BFloat", "Complex"]


class _Kind(type):
    """Metaclass: ``isinstance(d, cls)`` asks ``cls._accepts(d)`` for a mindcell DType."""

    def __instancecheck__(cls, obj):
        return isinstance(obj, _mstype.DType) and cls._accepts(obj)

    def __subclasscheck__(cls, sub):
        return isinstance(sub, _Kind) and cls in sub.__mro__


def _kind_of(d):
    if d.category not in (_mstype._BOOL, _mstype._INT, _mstype._FLOAT):  # named-only dtypes
        return "complex" if d.name.startswith("Complex") else "int"  # Complex64/128, Int4
    if d is _mstype.bfloat16:
        return "bfloat"
    if d.category == _mstype._FLOAT:
        return "float"
    if d.category == _mstype._BOOL:
        return "bool"
    return "uint" if d.np_dtype.kind == "u" else "int"


class Type(metaclass=_Kind):
    """Every dtype."""

    @classmethod
    def _accepts(cls, d):
        return True


class Number(Type):
    """The numeric dtypes, Bool included (as in MindSpore)."""

    _KINDS = ("bool", "int", "uint", "float", "bfloat", "complex")

    @classmethod
    def _accepts(cls, d):
        return _kind_of(d) in cls._KINDS


class Bool(Number):
    """Bool."""

    _KINDS = ("bool",)


class Int(Number):
    """The signed integer dtypes."""

    _KINDS = ("int",)


class UInt(Number):
    """The unsigned integer dtypes."""

    _KINDS = ("uint",)


class Float(Number):
    """float16, float32 and float64 (bfloat16 is a :class:`BFloat`)."""

    _KINDS = ("float",)


class BFloat(Number):
    """bfloat16."""

    _KINDS = ("bfloat",)


class Complex(Number):
    """complex64 and complex128 (names only: mindcell tensors hold no complex values)."""

    _KINDS = ("complex",)
