"""``mindcell.Symbol``: symbolic information of one dimension of a dynamic-shape input."""

__all__ = ["Symbol"]


class Symbol:
    r"""Symbol(max=0, min=1, divisor=1, remainder=0, unique=False): what is known of one
    dimension of a dynamic-shape input, used in ``Tensor(shape=..., dtype=...)`` for
    ``Cell.set_inputs`` where ``None`` would stand (the dimension is unknown). As in MindSpore
    2.10, it is a hint for compilers: calls are not checked against it.

    Args:
        max (int): the largest length, used when greater than ``min``. Default: ``0``.
        min (int): the smallest length, > 0. Default: ``1``.
        divisor (int): the :math:`d` of lengths :math:`d \cdot N + r`, > 0. Default: ``1``.
        remainder (int): the :math:`r`, in :math:`[0, d)`. Default: ``0``.
        unique (bool): the dimensions given this symbol have one length. Default: ``False``.
        kwargs: accepted and unused, as MindSpore 2.10's (the whole symbol is a hint).

    Raises:
        TypeError: ``max``, ``min``, ``divisor`` or ``remainder`` is not an int, or ``unique``
            not a bool.
        ValueError: ``min`` or ``divisor`` is not positive, or ``remainder`` not in
            :math:`[0, d)`.

    Examples:
        >>> import mindcell as ms
        >>> s = ms.Symbol(divisor=8, remainder=1)
        >>> s.to_dict()
        {'divisor': 8, 'remainder': 1}
        >>> ms.Tensor(shape=(None, s), dtype=ms.float32).shape
        (-1, -1)
    """

    def __init__(self, max=0, min=1, divisor=1, remainder=0, unique=False, **kwargs):
        for name, value in (("max", max), ("min", min), ("divisor", divisor),
                            ("remainder", remainder)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError("For 'Symbol', the argument '%s' must be int, but got %s"
                                % (name, type(value)))
        if not isinstance(unique, bool):
            raise TypeError("For 'Symbol', the argument 'unique' must be bool, but got %s"
                            % type(unique))
        if min <= 0:
            raise ValueError("For 'Symbol', the 'min' value should be positive, but got %d" % min)
        if divisor <= 0:
            raise ValueError("For 'Symbol', the 'divisor' value should be positive, but got %d"
                             % divisor)
        if not 0 <= remainder < divisor:
            raise ValueError("For 'Symbol', the 'remainder' value should be in the range "
                             "'[0, %d)', but got %d" % (divisor, remainder))
        self.max, self.min, self.divisor, self.remainder = max, min, divisor, remainder
        self.unique = unique
        self.id = id(self)

    def to_dict(self):
        """The settings that differ from the defaults (and ``'id'`` for a unique symbol), as
        MindSpore's ``to_dict``."""
        out = {}
        if self.max > self.min:
            out["max"] = self.max
        if self.min != 1:
            out["min"] = self.min
        if self.divisor != 1:
            out["divisor"] = self.divisor
        if self.remainder != 0:
            out["remainder"] = self.remainder
        if self.unique:
            out["id"] = self.id
        return out
