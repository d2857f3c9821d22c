"""Padding cells: Pad (MindSpore's per-dim paddings, CONSTANT/REFLECT/SYMMETRIC) and the
PyTorch-style ZeroPad2d, ConstantPad1d/2d/3d, ReflectionPad1d/2d, ReplicationPad1d/2d."""
import numbers

from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops.function.pad_func import mirror_pad

_PAD_MODES = ("CONSTANT", "REFLECT", "SYMMETRIC")


class Pad(Cell):
    """Pad(paddings, mode='CONSTANT'): ``paddings`` is a tuple of (before, after) pairs, one per
    input dim; 'CONSTANT' pads with 0, 'REFLECT' mirrors without the edge, 'SYMMETRIC' with
    it."""

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
        if self._mode == "constant":
            return F.pad(x, self.padding, "constant", self.value)
        return F.pad(x, self.padding, self._mode)

    def extend_repr(self):
        return "padding=%s" % (self.padding,)


class _ConstantPad(_PadNd):
    def __init__(self, padding, value):
        super().__init__(padding, value)


class ConstantPad1d(_ConstantPad):
    """ConstantPad1d(padding, value): pad the last dim with ``value``; ``padding`` is an int
    or (left, right)."""


class ConstantPad2d(_ConstantPad):
    """ConstantPad2d(padding, value): pad the last 2 dims with ``value``; ``padding`` is an
    int or (left, right, top, bottom)."""
    _dims = 2


class ConstantPad3d(_ConstantPad):
    """ConstantPad3d(padding, value): pad the last 3 dims with ``value``; ``padding`` is an
    int or (left, right, top, bottom, front, back)."""
    _dims = 3


class ZeroPad2d(_PadNd):
    """ZeroPad2d(padding): pad the last 2 dims with zeros."""
    _dims = 2

    def __init__(self, padding):
        super().__init__(padding, 0.0)


class _MirrorPadNd(_PadNd):
    def __init__(self, padding):
        super().__init__(padding, 0.0)


class ReflectionPad1d(_MirrorPadNd):
    """ReflectionPad1d(padding): mirror the last dim of (C, W) or (N, C, W) input (the edge is
    not repeated; padding must be smaller than W)."""
    _mode, _ranks = "reflect", (2, 3)


class ReflectionPad2d(_MirrorPadNd):
    """ReflectionPad2d(padding): mirror the last 2 dims of (C, H, W) or (N, C, H, W) input."""
    _dims, _mode, _ranks = 2, "reflect", (3, 4)


class ReplicationPad1d(_MirrorPadNd):
    """ReplicationPad1d(padding): repeat the edge values of the last dim of (C, W) or
    (N, C, W) input."""
    _mode, _ranks = "replicate", (2, 3)


class ReplicationPad2d(_MirrorPadNd):
    """ReplicationPad2d(padding): repeat the edge values of the last 2 dims of (C, H, W) or
    (N, C, H, W) input."""
    _dims, _mode, _ranks = 2, "replicate", (3, 4)
