"""Padding cells: Pad (MindSpore's per-dim paddings, CONSTANT/REFLECT/SYMMETRIC) and the
PyTorch-style ZeroPad2d, ConstantPad1d/2d/3d, ReflectionPad1d/2d, ReplicationPad1d/2d."""
import numbers

from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops.function.pad_func import mirror_pad

_PAD_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


class Pad(Cell):
    """Pad(paddings, mode='CONSTANT'): pad every dim of the input by its (before, after) pair.

    Args:
        paddings (tuple): one (before, after) pair of non-negative ints per input dim, at most
            4 pairs (shape (N, 2)).
        mode (str): ``'CONSTANT'`` pads with 0, ``'REFLECT'`` mirrors the values without
            repeating the edge, ``'SYMMETRIC'`` mirrors them with the edge. Default:
            ``'CONSTANT'``.

    Inputs:
        x (Tensor): a Tensor with ``len(paddings)`` dims.

    Outputs:
        Tensor of the same dtype, dim ``i`` of size ``x.shape[i] + sum(paddings[i])``.

    Raises:
        TypeError: ``paddings`` is not a tuple.
        ValueError: ``mode`` is not one of the three, ``paddings`` is not at most 4 pairs of
            non-negative ints, or the input's rank is not ``len(paddings)``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[1.0, 2.0, 3.0]], np.float32))
        >>> print(ms.nn.Pad(((0, 0), (1, 2)), mode="REFLECT")(x))
        [[2. 1. 2. 3. 2. 1.]]
        >>> print(ms.nn.Pad(((1, 0), (0, 1)))(x))
        [[0. 0. 0. 0.]
         [1. 2. 3. 0.]]
    """

    def __init__(self, paddings, mode="CONSTANT"):
        super().__init__()
        if mode not in _PAD_MODES:
            raise ValueError("Pad: 'mode' must be one of %s, but got %r" % (_PAD_MODES, mode))
        if not isinstance(paddings, tuple):
            raise TypeError("Pad: 'paddings' must be a tuple, but got %s"
                            % type(paddings).__name__)
        if len(paddings) > 4 or not all(
                isinstance(p, (tuple, list)) and len(p) == 2 and all(
                    isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in p)
                for p in paddings):
            raise ValueError("Pad: 'paddings' must be at most 4 pairs of non-negative ints "
                             "(shape (N, 2)), but got %r" % (paddings,))
        self.paddings = tuple(tuple(p) for p in paddings)
        self.mode = mode

    def construct(self, x):
        if x.ndim != len(self.paddings):
            raise ValueError("Pad: 'paddings' has %d pairs but the input has %d dims (shape %s)"
                             % (len(self.paddings), x.ndim, x.shape))
        if self.mode == "CONSTANT":
            flat = tuple(v for pair in reversed(self.paddings) for v in pair)
            return F.pad(x, flat)
        return mirror_pad(x, self.paddings, self.mode.lower(), "Pad")

    def extend_repr(self):
        return "paddings=%s, mode=%s" % (self.paddings, self.mode)


def _padding(padding, n, owner):
    """An int (all sides) or 2*n non-negative ints, last dim first (left, right, top, ...)."""
    if isinstance(padding, int) and not isinstance(padding, bool):
        padding = (padding,) * (2 * n)
    if not isinstance(padding, (tuple, list)) or len(padding) != 2 * n or not all(
            isinstance(p, int) and not isinstance(p, bool) for p in padding):
        raise TypeError("%s: 'padding' must be an int or a tuple of %d ints, but got %r"
                        % (owner, 2 * n, padding))
    if any(p < 0 for p in padding):
        raise ValueError("%s: 'padding' must be non-negative, but got %r" % (owner, padding))
    return tuple(padding)


class _PadNd(Cell):
    """Base of the PyTorch-style padding cells; each subclass is a record (``_dims`` padded
    trailing dims, ``_mode``, ``_ranks`` accepted input ranks) and its docstring is derived
    from it by :func:`_document`."""
    _dims, _mode, _ranks = 1, "constant", None

    def __init__(self, padding, value=0.0):
        super().__init__()
        owner = type(self).__name__
        self.padding = _padding(padding, self._dims, owner)
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise TypeError("%s: 'value' must be a number, but got %r" % (owner, value))
        self.value = value

    def construct(self, x):
        ranks = self._ranks or tuple(range(self._dims, 9))
        if x.ndim not in ranks:
            raise ValueError("%s: input must have %s dims, but got shape %s"
                             % (type(self).__name__, " or ".join(map(str, ranks)), x.shape))
        pad = self.padding
        if pad and isinstance(pad[0], (list, tuple)):  # MindSpore's [[before, after], ...]
            pad = tuple(v for pair in reversed(pad) for v in pair)
        if self._mode == "constant":
            return F.pad(x, pad, "constant", self.value)
        return F.pad(x, pad, self._mode)

    def extend_repr(self):
        return "padding=%s" % (self.padding,)


class _ConstantPad(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad1d(_ConstantPad):
    pass


class ConstantPad2d(_ConstantPad):
    _dims = 2


class ConstantPad3d(_ConstantPad):
    _dims = 3


class ZeroPad2d(_PadNd):
    _dims = 2

    def __init__(self, padding):
        super().__init__(padding, 0)  # MindSpore stores the int 0


class _MirrorPadNd(_PadNd):
    def __init__(self, padding):
        super().__init__(padding, 0.0)
        # MindSpore stores the name of the class that set it (a subclass keeps its parent's)
        self.name = self._ms_name
        if self._mode == "reflect":  # MindSpore keeps [[before, after], ...], leading dim first
            p = self.padding
            self.padding = [[p[i], p[i + 1]] for i in range(len(p) - 2, -1, -2)]


class ReflectionPad1d(_MirrorPadNd):
    _ms_name = "ReflectionPad1d"
    _mode, _ranks = "reflect", (2, 3)


class ReflectionPad2d(_MirrorPadNd):
    _ms_name = "ReflectionPad2d"
    _dims, _mode, _ranks = 2, "reflect", (3, 4)


class ReplicationPad1d(_MirrorPadNd):
    _ms_name = "ReplicationPad1d"
    _mode, _ranks = "replicate", (2, 3)


class ReplicationPad2d(_MirrorPadNd):
    _ms_name = "ReplicationPad2d"
    _dims, _mode, _ranks = 2, "replicate", (3, 4)


_SIDES = ("left", "right", "top", "bottom", "front", "back")
_MODE_TEXT = {
    "reflect": "mirrors the values without repeating the edge (each padding must be smaller "
               "than the padded dim)",
    "replicate": "repeats the edge values",
}


def _document(cls, summary, example):
    """Set ``cls.__doc__`` from its record: the summary line and the Example are the class's
    own, Args, Inputs, Outputs and Raises follow from ``_dims``, ``_mode`` and ``_ranks`` and
    from the constructor (``value`` for the ConstantPad cells)."""
    n, name = cls._dims, cls.__name__
    sides = ", ".join(_SIDES[:2 * n])
    has_value = issubclass(cls, _ConstantPad)
    call = "%s(padding%s)" % (name, ", value" if has_value else "")
    if cls._ranks:
        inputs = "a Tensor of %d or %d dims (``%s`` or ``%s``)." % (
            cls._ranks[0], cls._ranks[1], _shape(n, cls._ranks[0]), _shape(n, cls._ranks[1]))
    else:
        inputs = "a Tensor of %d to 8 dims." % n
    outputs = ("Tensor of the same dtype, the last %s enlarged: W by left + right%s."
               % ("dim" if n == 1 else "%d dims" % n,
                  "" if n == 1 else ", H by top + bottom" + ("" if n == 2 else
                                                            ", D by front + back")))
    lines = ["%s: %s." % (call, summary), ""]
    if cls._mode != "constant":
        lines += ["%s %s." % (name, _MODE_TEXT[cls._mode]), ""]
    lines += [
        "Args:",
        "    padding (Union[int, tuple[int]]): the same padding on every side, or %d ints "
        "(%s), the last dim's pair first." % (2 * n, sides),
    ]
    if has_value:
        lines.append("    value (Union[int, float]): the padding value.")
    lines += ["", "Inputs:", "    x (Tensor): " + inputs, "", "Outputs:", "    " + outputs, "",
              "Raises:",
              "    TypeError: ``padding`` is not an int or a tuple of %d ints%s." % (
                  2 * n, ", or ``value`` is not a number" if has_value else ""),
              "    ValueError: a padding is negative, or the input's rank is not accepted.",
              "", "Examples:", "    >>> import numpy as np", "    >>> import mindcell as ms"]
    lines += ["    " + l for l in example.strip("\n").split("\n")]
    cls.__doc__ = "\n".join(lines) + "\n"


def _shape(n, rank):
    dims = ("W",) if n == 1 else ("H", "W")
    return "(%s)" % ", ".join(("N", "C")[2 - (rank - n):] + dims)


_document(ConstantPad1d, "pad the last dim with ``value``", """
>>> x = ms.Tensor(np.array([[[0.0, 1.0, 2.0], [3.0, 4.0, 5.0]]], np.float32))
>>> print(ms.nn.ConstantPad1d((1, 2), 9.0)(x))
[[[9. 0. 1. 2. 9. 9.]
  [9. 3. 4. 5. 9. 9.]]]
""")
_document(ConstantPad2d, "pad the last 2 dims with ``value``", """
>>> x = ms.Tensor(np.array([[[0.0, 1.0], [2.0, 3.0]]], np.float32))
>>> print(ms.nn.ConstantPad2d(1, -1.0)(x))
[[[-1. -1. -1. -1.]
  [-1.  0.  1. -1.]
  [-1.  2.  3. -1.]
  [-1. -1. -1. -1.]]]
""")
_document(ConstantPad3d, "pad the last 3 dims with ``value``", """
>>> pad = ms.nn.ConstantPad3d((1, 0, 0, 1, 1, 0), 0.5)
>>> print(pad(ms.Tensor(np.ones((1, 1, 1, 1), np.float32))))
[[[[0.5 0.5]
   [0.5 0.5]]
<BLANKLINE>
  [[0.5 1. ]
   [0.5 0.5]]]]
""")
_document(ZeroPad2d, "pad the last 2 dims with zeros", """
>>> x = ms.Tensor(np.array([[[0.0, 1.0], [2.0, 3.0]]], np.float32))
>>> print(ms.nn.ZeroPad2d((1, 0, 0, 1))(x))
[[[0. 0. 1.]
  [0. 2. 3.]
  [0. 0. 0.]]]
""")
_document(ReflectionPad1d, "mirror the last dim", """
>>> x = ms.Tensor(np.array([[0.0, 1.0, 2.0, 3.0]], np.float32))
>>> print(ms.nn.ReflectionPad1d((2, 1))(x))
[[2. 1. 0. 1. 2. 3. 2.]]
""")
_document(ReflectionPad2d, "mirror the last 2 dims", """
>>> x = ms.Tensor(np.array([[[0.0, 1.0], [2.0, 3.0]]], np.float32))
>>> print(ms.nn.ReflectionPad2d((1, 0, 0, 1))(x))
[[[1. 0. 1.]
  [3. 2. 3.]
  [1. 0. 1.]]]
""")
_document(ReplicationPad1d, "repeat the edge values of the last dim", """
>>> x = ms.Tensor(np.array([[0.0, 1.0, 2.0]], np.float32))
>>> print(ms.nn.ReplicationPad1d((2, 1))(x))
[[0. 0. 0. 1. 2. 2.]]
""")
_document(ReplicationPad2d, "repeat the edge values of the last 2 dims", """
>>> x = ms.Tensor(np.array([[[0.0, 1.0], [2.0, 3.0]]], np.float32))
>>> print(ms.nn.ReplicationPad2d((1, 0, 1, 0))(x))
[[[0. 0. 1.]
  [0. 0. 1.]
  [2. 2. 3.]]]
""")
