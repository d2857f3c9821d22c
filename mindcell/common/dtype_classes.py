"""The dtype families of ``mindspore.common.dtype`` (``Int``, ``Float``, ``Bool``): classes that
``isinstance`` checks a dtype against (``isinstance(x.dtype, ms.Int)``), and that build a dtype
from its width (``ms.Int(32) == ms.int32``)."""
from mindcell.dtype import DType, to_dtype

__all__ = ["Int", "Float", "Bool"]


class _Family(type):
    """The metaclass of the families: ``isinstance(dtype, Family)`` tests the dtype's family."""

    def __instancecheck__(cls, value):
        return isinstance(value, DType) and value.name in cls._members

    def __call__(cls, nbits=None):
        if cls._widths is None:
            raise NotImplementedError("mindspore.%s(...): building a dtype from this family is "
                                      "not supported by mindcell; use mindspore.bool_"
                                      % cls.__name__)
        if nbits is None:
            raise NotImplementedError("mindspore.%s(): the generic %s type (without a width) "
                                      "is not supported by mindcell; pass the number of bits, "
                                      "e.g. %s(%d)" % (cls.__name__, cls.__name__.lower(),
                                                       cls.__name__, cls._widths[-1]))
        if isinstance(nbits, bool) or not isinstance(nbits, int) or nbits not in cls._widths:
            raise ValueError("mindspore.%s: only widths %s are supported, but got %r"
                             % (cls.__name__, list(cls._widths), nbits))
        return to_dtype("%s%d" % (cls.__name__, nbits))


class Int(metaclass=_Family):
    """Int(nbits): the signed-integer dtype of ``nbits`` bits; ``isinstance(dtype, Int)`` is
    True for ``int8``, ``int16``, ``int32`` and ``int64`` (not the unsigned ones).

    Args:
        nbits (int): 8, 16, 32 or 64.

    Returns:
        DType, e.g. ``mindspore.int32``.

    Raises:
        ValueError: another width.
        NotImplementedError: no width (MindSpore's generic ``mindspore.int``).

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> isinstance(ms.Tensor(np.array([1], np.int32)).dtype, ms.Int), ms.Int(64) == ms.int64
        (True, True)
        >>> isinstance(ms.uint8, ms.Int), isinstance(ms.float32, ms.Int)
        (False, False)
    """

    _members = ("Int8", "Int16", "Int32", "Int64")
    _widths = (8, 16, 32, 64)


class Float(metaclass=_Family):
    """Float(nbits): the float dtype of ``nbits`` bits; ``isinstance(dtype, Float)`` is True for
    ``float16``, ``float32`` and ``float64`` (not ``bfloat16``).

    Args:
        nbits (int): 16, 32 or 64.

    Returns:
        DType, e.g. ``mindspore.float32``.

    Raises:
        ValueError: another width.
        NotImplementedError: no width.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.common import dtype as mstype
        >>> isinstance(ms.float16, mstype.Float), isinstance(ms.bfloat16, mstype.Float)
        (True, False)
        >>> mstype.Float(32) == ms.float32
        True
    """

    _members = ("Float16", "Float32", "Float64")
    _widths = (16, 32, 64)


class Bool(metaclass=_Family):
    """Bool: the family of ``bool_``; ``isinstance(dtype, Bool)`` is True for ``bool_`` only.

    Examples:
        >>> import mindcell as ms
        >>> from mindcell.common import dtype as mstype
        >>> isinstance(ms.bool_, mstype.Bool), isinstance(ms.int8, mstype.Bool)
        (True, False)
    """

    _members = ("Bool",)
    _widths = None
