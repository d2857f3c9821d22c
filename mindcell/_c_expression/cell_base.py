"""``mindspore._c_expression.Cell_`` and ``MixedPrecisionType``: the base of ``nn.Cell`` in
MindSpore's C++ binding, which model code reaches for the per-cell float type
(``Cell_.set_mixed_precision_type(cell, MixedPrecisionType.NOTSET)``)."""
import enum

from mindcell import dtype as mstype


class MixedPrecisionType(enum.Enum):
    """The float type a cell runs in (MindSpore's values): ``NOTSET`` (its caller's), ``FP16``,
    ``FP32``, ``BF16``."""
    NOTSET = 0
    FP16 = 1
    FP32 = 2
    BF16 = 3

    def __int__(self):
        return self.value


_DTYPES = {MixedPrecisionType.NOTSET: None, MixedPrecisionType.FP16: mstype.float16,
           MixedPrecisionType.FP32: mstype.float32, MixedPrecisionType.BF16: mstype.bfloat16}


class Cell_:  # noqa: N801 (MindSpore's name)
    """The base class of ``nn.Cell``: the cell's float type as a :class:`MixedPrecisionType`.
    A cell of type FP16/FP32/BF16 casts its float inputs to that type when called (what
    ``Cell.to_float`` sets on a whole tree); NOTSET leaves them as they come."""

    __slots__ = ()

    def set_mixed_precision_type(self, mixed_type):
        """set_mixed_precision_type(mixed_type): this cell's float type (its children keep
        theirs).

        Raises:
            TypeError: ``mixed_type`` is not a MixedPrecisionType.
        """
        if not isinstance(mixed_type, MixedPrecisionType):
            raise TypeError("set_mixed_precision_type: 'mixed_type' must be a "
                            "MixedPrecisionType, but got %s" % type(mixed_type).__name__)
        self.__dict__["_mixed_precision_type"] = _DTYPES[mixed_type]

    def get_mixed_precision_type(self):
        """get_mixed_precision_type(): this cell's :class:`MixedPrecisionType`."""
        dst = self.__dict__.get("_mixed_precision_type")
        for mixed_type, dtype in _DTYPES.items():
            if dtype is dst:
                return mixed_type
        return MixedPrecisionType.NOTSET
