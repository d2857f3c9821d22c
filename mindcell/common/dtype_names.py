"""The rest of ``mindspore.common.dtype``: type conversion helpers, the non-tensor type objects,
the packed-int4 dtype object, and ``QuantDtype``.

``complex64``/``complex128`` are tensor dtypes (defined in ``mindcell.dtype``, re-exported
here). ``qint4x2`` exists so programs that name it import and compare it, but a tensor of it
cannot be made (asking for its numpy type raises a TypeError naming the dtype).
"""
import builtins
import enum

import numpy as np

from mindcell import dtype as mstype

__all__ = ["dtype_to_nptype", "pytype_to_dtype", "tensor_type", "TensorType", "QuantDtype",
           "complex64", "complex128", "cfloat", "cdouble", "qint4x2", "type_none", "list_",
           "tuple_", "string", "type_type", "dtype_to_pytype", "get_py_obj_dtype"]


class _NoTensorDType(mstype.DType):
    """A dtype object mindcell knows by name but has no tensors of."""

    __slots__ = ("_numpy",)

    def __init__(self, name, numpy_type, itemsize):
        self.name, self._key, self.category, self.itemsize = name, name, 4, itemsize
        self._numpy = numpy_type

    @property
    def np_dtype(self):
        raise TypeError("mindcell has no %s tensors (its tensors hold bool, int, float "
                        "and complex elements); cast first" % self.name)

    @property
    def is_floating_point(self):
        return False

    def __reduce__(self):
        return (_by_name, (self.name,))


complex64, complex128 = mstype.complex64, mstype.complex128
cfloat, cdouble = complex64, complex128
qint4x2 = _NoTensorDType("Int4", None, 1)  # two signed 4-bit values per byte: no numpy type


def _by_name(name):
    return {d.name: d for d in (qint4x2,)}[name]


class _ValueType:
    """The type object of a non-tensor value (``mindspore.list_``, ``type_none`` ...)."""

    __slots__ = ("name", "_repr")

    def __init__(self, name, attr):
        self.name, self._repr = name, "mindspore." + attr

    def __str__(self):
        return self.name

    def __repr__(self):
        return self._repr


type_none = _ValueType("None", "type_none")
list_ = _ValueType("List", "list_")
tuple_ = _ValueType("Tuple", "tuple_")
string = _ValueType("String", "string_")  # MindSpore 2.10 prints mindspore.string_


class TensorType:
    """TensorType(element_type=None): the type of a tensor value, ``Tensor[Float32]``;
    ``mindspore.tensor_type`` is the one without an element type.

    Args:
        element_type (dtype, optional): the element dtype. Default: ``None``.

    Examples:
        >>> import mindcell as ms
        >>> print(ms.TensorType(ms.float32))
        Tensor[Float32]
    """

    __slots__ = ("_element",)

    def __init__(self, element_type=None):
        if element_type is not None and not isinstance(element_type, mstype.DType):
            raise TypeError("TensorType: 'element_type' must be a mindcell dtype, but got %s"
                            % type(element_type).__name__)
        self._element = element_type

    def element_type(self):
        """The element dtype (None for ``tensor_type``)."""
        return self._element

    def __eq__(self, other):
        return isinstance(other, TensorType) and other._element is self._element

    def __hash__(self):
        return hash(("TensorType", self._element))

    def __str__(self):
        return "Tensor" if self._element is None else "Tensor[%s]" % self._element

    def __repr__(self):
        return "mindspore.tensor" if self._element is None else str(self)


tensor_type = TensorType()


def dtype_to_nptype(type_):
    """dtype_to_nptype(type_): the numpy scalar type of a mindcell dtype.

    Args:
        type_ (dtype): a dtype object, e.g. ``mindcell.float32``.

    Returns:
        type, the numpy scalar type (``numpy.float32``).

    Raises:
        KeyError: ``type_`` is not a dtype object with a numpy type (MindSpore raises KeyError
            too, for names, numpy types and ``qint4x2``).

    Examples:
        >>> import mindcell as ms
        >>> ms.dtype_to_nptype(ms.float16)
        <class 'numpy.float16'>
    """
    if isinstance(type_, _NoTensorDType):
        if type_._numpy is None:
            raise KeyError(type_)
        return type_._numpy
    if not isinstance(type_, mstype.DType):
        raise KeyError(type_)
    return type_.np_dtype.type


_PY_TYPES = {builtins.int: mstype.int64, builtins.float: mstype.float64,
             builtins.bool: mstype.bool_, builtins.complex: complex128,
             type(None): type_none, builtins.list: list_, builtins.tuple: tuple_,
             builtins.str: string}


def pytype_to_dtype(obj):
    """pytype_to_dtype(obj): the mindcell type object for a Python or numpy type.

    Args:
        obj (type): a Python type (``int``, ``float``, ``bool``, ``complex``, ``str``, ``list``,
            ``tuple``, ``type(None)``), a numpy scalar type, or a mindcell dtype (returned as is).

    Returns:
        The type object: ``int`` -> ``int64``, ``float`` -> ``float64``, ``np.float16`` ->
        ``float16``, ``list`` -> ``list_`` ...

    Raises:
        TypeError: ``obj`` is not a type object.
        NotImplementedError: the type has no mindcell counterpart (``numpy.ndarray``, and
            the numpy complex types, as in MindSpore 2.10).

    Examples:
        >>> import mindcell as ms
        >>> print(ms.pytype_to_dtype(int))
        Int64
    """
    if isinstance(obj, (mstype.DType, _ValueType)):
        return obj
    if not isinstance(obj, type):
        raise TypeError("For 'pytype_to_dtype', the argument 'obj' must be a python type "
                        "object,such as int, float, str, etc. But got type %s." % type(obj))
    if obj in _PY_TYPES:
        return _PY_TYPES[obj]
    try:
        found = mstype.from_numpy_dtype(obj)
        if found.category == mstype._COMPLEX:  # MindSpore 2.10 converts no numpy complex type
            raise TypeError(obj)
        return found
    except TypeError:
        raise NotImplementedError("The python type %s cannot be converted to MindSpore type."
                                  % obj) from None


type_type = _ValueType("TypeType", "type_type")  # the type of a dtype object


def dtype_to_pytype(type_):
    """dtype_to_pytype(type_): the Python type of a mindcell dtype's values.

    Args:
        type_ (dtype): a dtype object, e.g. ``mindcell.float32``.

    Returns:
        type: ``bool`` for ``bool_``, ``int`` for the integer dtypes, ``float`` for the float
        ones (``bfloat16`` too), ``complex``, ``str`` for ``string``, ``NoneType`` for
        ``type_none``, ``list``/``tuple`` for ``list_``/``tuple_``.

    Raises:
        KeyError: ``type_`` is not a dtype object (as MindSpore 2.10).

    Examples:
        >>> import mindcell as ms
        >>> ms.dtype_to_pytype(ms.bool_)
        <class 'bool'>
    """
    if isinstance(type_, _ValueType):
        table = {"None": type(None), "List": builtins.list, "Tuple": builtins.tuple,
                 "String": builtins.str}
        if type_.name in table:
            return table[type_.name]
        raise KeyError(type_)
    if isinstance(type_, mstype.DType) and type_.category == mstype._COMPLEX:
        return builtins.complex
    if not isinstance(type_, mstype.DType):
        raise KeyError(type_)
    if type_ == mstype.bool_:
        return builtins.bool
    return builtins.float if type_.is_floating_point else builtins.int


def get_py_obj_dtype(obj):
    """get_py_obj_dtype(obj): the mindcell type object of a Python value or type.

    Args:
        obj: a value (``1`` -> ``int64``, ``1.0`` -> ``float64``, a numpy scalar -> its dtype,
            a Tensor -> its ``TensorType``, a dtype -> ``type_type``, ``[..]`` -> ``list_``)
            or a type (as :func:`pytype_to_dtype`).

    Returns:
        The type object.

    Raises:
        NotImplementedError: the value's type has no mindcell counterpart (a dict, a class).

    Examples:
        >>> import mindcell as ms
        >>> ms.get_py_obj_dtype(1)
        mindspore.int64
    """
    from mindcell.common.tensor import Tensor
    if isinstance(obj, Tensor):
        return TensorType(obj.dtype)
    if isinstance(obj, (mstype.DType, _ValueType, TensorType)):
        return type_type
    if isinstance(obj, type):
        if obj in _PY_TYPES or issubclass(obj, np.generic):
            return pytype_to_dtype(obj)
        raise NotImplementedError("get_py_obj_dtype: the python type %s cannot be converted to "
                                  "a mindcell type" % obj)
    return pytype_to_dtype(type(obj))


class QuantDtype(enum.Enum):
    """QuantDtype: the integer widths of quantization (``INT1`` ... ``INT16`` with values 0 ...
    15, ``UINT1`` ... ``UINT16`` with values 100 ... 115); ``str()`` gives the member's name.

    Args:
        value (int): looking a member up by value, e.g. ``QuantDtype(7)`` is ``INT8``.

    Raises:
        ValueError: no member has that value.

    Examples:
        >>> from mindcell import QuantDtype
        >>> print(QuantDtype.INT8, QuantDtype.INT8.value())
        INT8 7
    """
    INT1, INT2, INT3, INT4, INT5, INT6, INT7, INT8 = range(8)
    INT9, INT10, INT11, INT12, INT13, INT14, INT15, INT16 = range(8, 16)
    UINT1, UINT2, UINT3, UINT4, UINT5, UINT6, UINT7, UINT8 = range(100, 108)
    UINT9, UINT10, UINT11, UINT12, UINT13, UINT14, UINT15, UINT16 = range(108, 116)

    def __str__(self):
        return self.name

    def value(self) -> builtins.int:  # MindSpore's QuantDtype makes ``value`` a method
        """The member's integer value (``QuantDtype.INT8.value() == 7``)."""
        return self._value_
