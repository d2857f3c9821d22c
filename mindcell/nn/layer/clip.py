"""ClipByNorm."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops._helpers import check_tensor, normalize_axis

_OP = "ClipByNorm"


class ClipByNorm(Cell):
    """ClipByNorm(axis=None): ``x * clip_norm / max(l2norm(x, axis), clip_norm)``, i.e. ``x``
    unchanged where its L2 norm over ``axis`` is at most ``clip_norm``, else rescaled to that norm.

    Args:
        axis (Union[None, int, tuple(int)]): the axes of the norm; None: all of them.

    Inputs:
        x (Tensor): float16, float32 or float64.
        clip_norm (Union[Tensor, float]): positive; a Tensor must broadcast to ``x``'s shape.

    Outputs:
        Tensor of ``x``'s shape; float32 (float64 for a float64 ``x``).

    Raises:
        TypeError: ``axis`` is not None/int/tuple of ints, ``x`` is not a float Tensor or
            ``clip_norm`` is neither a float Tensor nor a number.
        ValueError: ``axis`` is out of range or ``clip_norm``'s shape does not broadcast.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[3.0, 4.0], [0.3, 0.4]], np.float32))
        >>> print(ms.nn.ClipByNorm(axis=1)(x, 1.0))
        [[0.6 0.8]
         [0.3 0.4]]
    """

    def __init__(self, axis=None):
        super().__init__()
        if axis is not None and (isinstance(axis, bool) or not isinstance(axis, (int, tuple))):
            raise TypeError("%s: 'axis' must be None, an int or a tuple of ints, but got %s"
                            % (_OP, type(axis).__name__))
        self.axis = axis

    def construct(self, x, clip_norm):
        check_tensor(x, _OP, "x")
        if x.dtype not in (mstype.float16, mstype.float32, mstype.float64):
            raise TypeError("%s: 'x' must be a float16, float32 or float64 Tensor, but got %s"
                            % (_OP, x.dtype))
        axis = normalize_axis(self.axis, x.ndim, _OP) or tuple(range(x.ndim))
        out_dtype = mstype.float64 if x.dtype == mstype.float64 else mstype.float32
        x = F.cast(x, out_dtype)
        clip_norm = self._clip_norm(clip_norm, x, out_dtype)
        l2sum = F.reduce_sum(x * x, axis, keep_dims=True) if axis else x * x
        positive = l2sum > 0
        # sqrt only where the sum is positive, so the gradient at an all-zero slice stays finite
        l2norm = F.select(positive, F.sqrt(F.select(positive, l2sum, F.ones_like(l2sum))), l2sum)
        return x * clip_norm / F.maximum(l2norm, clip_norm)

    @staticmethod
    def _clip_norm(clip_norm, x, dtype):
        if isinstance(clip_norm, (int, float, np.integer, np.floating)) and \
                not isinstance(clip_norm, bool):
            clip_norm = Tensor(clip_norm, dtype)
        if not isinstance(clip_norm, Tensor) or not mstype.is_floating(clip_norm.dtype):
            raise TypeError("%s: 'clip_norm' must be a float Tensor or a number, but got %s"
                            % (_OP, getattr(clip_norm, "dtype", type(clip_norm).__name__)))
        try:
            if np.broadcast_shapes(x.shape, clip_norm.shape) != x.shape:
                raise ValueError
        except ValueError:
            raise ValueError("%s: 'clip_norm' of shape %s must broadcast to x's shape %s"
                             % (_OP, clip_norm.shape, x.shape)) from None
        return F.cast(clip_norm, dtype)

    def extend_repr(self):
        return "axis=%s" % (self.axis,)
