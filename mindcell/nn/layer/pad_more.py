"""ReflectionPad3d and ReplicationPad3d with MindSpore 2.10's signatures, checks and
``padding`` attributes, on ``F.pad`` (so both modes and gradients work)."""
from mindcell.nn.cell import Cell
from mindcell.nn.layer.padding import _MirrorPadNd
from mindcell.ops import functional as F


def _is_int(v):
    return isinstance(v, int) and not isinstance(v, bool)


class ReflectionPad3d(Cell):
    """ReflectionPad3d(padding): mirror the trailing dims of the input without repeating the
    edge: an int pads each of the last 3 dims by that much on both sides; a tuple of ``2k``
    ints pads the last ``k`` dims, last dim first ``(left, right, top, bottom, front, back,
    ...)``.

    The attribute ``padding`` is MindSpore's list of ``[before, after]`` pairs, first padded
    dim first (``[[front, back], [top, bottom], [left, right]]``).

    Args:
        padding (Union[int, tuple[int]]): the padding; each must be smaller than the padded
            dim.

    Inputs:
        - **x** (Tensor) - a Tensor with at least ``k`` dims (3 for an int ``padding``).

    Outputs:
        Tensor, ``x`` with its last ``k`` dims padded.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` has an odd length or a negative entry, ``x`` has too few dims,
            or a padding is not smaller than its dim.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> print(ms.nn.ReflectionPad3d((1, 0, 0, 0, 0, 0))(x))
        [[[[1. 0. 1.]
           [3. 2. 3.]]]]
    """

    def __init__(self, padding):
        super().__init__()
        if _is_int(padding):
            padding = (padding,) * 6
        if not isinstance(padding, tuple):
            raise TypeError("For 'ReflectionPad3d' the input 'padding' must be an integer or "
                            "tuple, but got %s" % type(padding).__name__)
        if not all(_is_int(p) for p in padding):
            raise TypeError("For 'ReflectionPad3d', each 'padding' must be an int, but got %r"
                            % (padding,))
        if len(padding) % 2:
            raise ValueError("For 'ReflectionPad3d' the length of input 'padding' must be "
                             "divisible by 2, but got padding of length %d." % len(padding))
        if any(p < 0 for p in padding):
            raise ValueError("For 'ReflectionPad3d', 'padding' must be non-negative, but got %r"
                             % (padding,))
        self._pad = padding
        self.padding = [[padding[i], padding[i + 1]] for i in range(len(padding) - 2, -1, -2)]
        self.name = "ReflectionPad3d"  # as MindSpore stores it

    def construct(self, x):
        k = len(self._pad) // 2
        if len(x.shape) < k:
            raise ValueError("For padding with length %d, the dimension of the tensor should be "
                             "at least %d, but got %d" % (2 * k, k, len(x.shape)))
        for i in range(k):
            size = x.shape[-1 - i]
            if self._pad[2 * i] >= size or self._pad[2 * i + 1] >= size:
                raise ValueError("For 'ReflectionPad3d', each padding must be smaller than its "
                                 "dim: padding %r for dim %d of size %d"
                                 % ((self._pad[2 * i], self._pad[2 * i + 1]),
                                    len(x.shape) - 1 - i, size))
        return F.pad(x, self._pad, "reflect")


class ReplicationPad3d(_MirrorPadNd):
    """ReplicationPad3d(padding): pad the last 3 dims of a 4-D or 5-D input by repeating the
    edge values; ``padding`` is an int (all six sides) or six ints
    ``(left, right, top, bottom, front, back)``, kept as a tuple.

    Args:
        padding (Union[int, tuple[int]]): the padding, non-negative.

    Inputs:
        - **x** (Tensor) - a 4-D or 5-D Tensor.

    Outputs:
        Tensor, ``x`` with its last 3 dims padded.

    Raises:
        TypeError: ``padding`` is not an int or a tuple of ints.
        ValueError: ``padding`` does not have 6 entries or has a negative one, or ``x`` is not
            4-D or 5-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 2, 2))
        >>> print(ms.nn.ReplicationPad3d((1, 0, 0, 0, 0, 0))(x))
        [[[[0. 0. 1.]
           [2. 2. 3.]]]]
    """
    _ms_name = "ReplicationPad3d"
    _dims, _mode, _ranks = 3, "replicate", (4, 5)

    def __init__(self, padding):
        if isinstance(padding, (tuple, list)) and len(padding) != 6:
            raise ValueError("For 'ReplicationPad3d', 'padding' must have 6 entries, but got %d"
                             % len(padding))
        if isinstance(padding, (tuple, list)) and not all(_is_int(p) for p in padding):
            raise TypeError("For 'ReplicationPad3d', each 'padding' must be an int, but got %r"
                            % (padding,))
        if not isinstance(padding, (tuple, list)) and not _is_int(padding):
            raise TypeError("For 'ReplicationPad3d', 'padding' must be an int or a tuple of "
                            "ints, but got %s" % type(padding).__name__)
        if (_is_int(padding) and padding < 0) or (
                isinstance(padding, (tuple, list)) and any(p < 0 for p in padding)):
            raise ValueError("For 'ReplicationPad3d', 'padding' must be non-negative, but got "
                             "%r" % (padding,))
        super().__init__(padding)
