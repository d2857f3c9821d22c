"""Shape and utility cells with MindSpore 2.10's names and signatures: Tril, Triu, Roll,
Unflatten, ReduceLogSumExp, ChannelShuffle and ImageGradients, composed from mindcell's
functional ops (so both modes and gradients work)."""
import numbers

import numpy as np

from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, (bool, np.bool_))


def _check_tensor(op, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', '%s' must be a Tensor, but got %s"
                        % (op, arg, type(x).__name__))


class Tril(Cell):
    """Tril(): the lower triangle of the last two axes of ``x``: the entries on and below the
    ``k``-th diagonal kept, the others set to 0.

    Inputs:
        - **x** (Tensor) - a Tensor with at least 2 dimensions.
        - **k** (int) - the diagonal: 0 the main one, positive above it, negative below.
          Default: ``0``.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor or ``k`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
        >>> print(ms.nn.Tril()(x, -1))
        [[0. 0. 0.]
         [4. 0. 0.]
         [7. 8. 0.]]
    """

    def construct(self, x, k=0):
        _check_tensor("Tril", "x", x)
        if not _is_int(k):
            raise TypeError("For 'Tril', 'k' must be an int, but got %s" % type(k).__name__)
        return F.tril(x, k)


class Triu(Cell):
    """Triu(): the upper triangle of the last two axes of ``x``: the entries on and above the
    ``k``-th diagonal kept, the others set to 0.

    Inputs:
        - **x** (Tensor) - a Tensor with at least 2 dimensions.
        - **k** (int) - the diagonal: 0 the main one, positive above it, negative below.
          Default: ``0``.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``x`` is not a Tensor or ``k`` is not an int.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(1, 10, dtype=np.float32).reshape(3, 3))
        >>> print(ms.nn.Triu()(x, 1))
        [[0. 2. 3.]
         [0. 0. 6.]
         [0. 0. 0.]]
    """

    def construct(self, x, k=0):
        _check_tensor("Triu", "x", x)
        if not _is_int(k):
            raise TypeError("For 'Triu', 'k' must be an int, but got %s" % type(k).__name__)
        return F.triu(x, k)


class Roll(Cell):
    """Roll(shift, axis): the elements of the input rotated by ``shift[i]`` places along
    ``axis[i]`` (positive towards higher indices), elements leaving one end entering at the
    other.

    ``shift`` and ``axis`` are kept as lists (attributes ``shift`` and ``axis``), as MindSpore
    does. MindSpore 2.10's CPU build fails at run time in this cell (its Roll kernel); mindcell
    computes the documented result.

    Args:
        shift (Union[int, tuple[int], list[int]]): the number of places per axis.
        axis (Union[int, tuple[int], list[int]]): the axes, as many as ``shift``.

    Inputs:
        - **input_x** (Tensor) - a Tensor of any shape.

    Outputs:
        Tensor, the same shape and dtype as ``input_x``.

    Raises:
        TypeError: ``shift`` or ``axis`` is not an int, tuple or list.
        ValueError: ``shift`` and ``axis`` differ in length, or an axis is out of range.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> print(ms.nn.Roll(2, 0)(ms.Tensor(np.array([0., 1., 2., 3., 4.], np.float32))))
        [3. 4. 0. 1. 2.]
    """

    def __init__(self, shift, axis):
        super().__init__()
        for arg, v in (("shift", shift), ("axis", axis)):
            if not (_is_int(v) or isinstance(v, (tuple, list))):
                raise TypeError("For 'Roll', '%s' must be an int, tuple or list, but got %s"
                                % (arg, type(v).__name__))
        self.shift = list(shift) if isinstance(shift, (tuple, list)) else [shift]
        self.axis = list(axis) if isinstance(axis, (tuple, list)) else [axis]
        if len(self.shift) != len(self.axis):
            raise ValueError("For 'Roll', 'shift' and 'axis' must have the same length, but got "
                             "%d and %d" % (len(self.shift), len(self.axis)))
        for arg, vals in (("shift", self.shift), ("axis", self.axis)):
            for v in vals:
                if not _is_int(v):
                    raise TypeError("For 'Roll', each '%s' must be an int, but got %s"
                                    % (arg, type(v).__name__))

    def construct(self, input_x):
        _check_tensor("Roll", "input_x", input_x)
        nd = len(input_x.shape)
        for a in self.axis:
            if not -nd <= a < nd:
                raise ValueError("For 'Roll', each 'axis' must be in [%d, %d) for a %d-D input, "
                                 "but got %d" % (-nd, nd, nd, a))
        return F.roll(input_x, tuple(self.shift), tuple(self.axis))


class Unflatten(Cell):
    """Unflatten(axis, unflattened_size): axis ``axis`` of the input split into the shape
    ``unflattened_size``.

    Args:
        axis (int): the axis to split.
        unflattened_size (Union[tuple[int], list[int]]): the new axes; their product is the
            size of ``axis`` (one entry may be -1). Kept as a tuple.

    Inputs:
        - **input_x** (Tensor) - a Tensor.

    Outputs:
        Tensor, the same data with ``axis`` replaced by ``unflattened_size``.

    Raises:
        TypeError: ``axis`` is not an int or ``unflattened_size`` not a tuple or list.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.zeros((2, 12), np.float32))
        >>> print(ms.nn.Unflatten(1, (3, 4))(x).shape)
        (2, 3, 4)
    """

    def __init__(self, axis, unflattened_size):
        super().__init__()
        if not _is_int(axis):
            raise TypeError("For 'Unflatten', 'axis' must be an int, but got %s"
                            % type(axis).__name__)
        if not isinstance(unflattened_size, (tuple, list)):
            raise TypeError("For 'Unflatten', 'unflattended_size' must be a tuple or list, but "
                            "got %s" % type(unflattened_size).__name__)
        self.axis = axis
        self.unflattened_size = tuple(unflattened_size)
        self.shape, self.reshape = P.Shape(), P.Reshape()  # MindSpore's primitives

    def construct(self, input_x):
        shape = tuple(input_x.shape)
        axis = self.axis
        new_shape = shape[:axis] + self.unflattened_size
        if axis != -1:
            new_shape += shape[axis + 1:]
        return F.reshape(input_x, new_shape)


class ReduceLogSumExp(Cell):
    """ReduceLogSumExp(axis, keep_dims=False): ``log(sum(exp(x)))`` over ``axis``, computed
    stably (the input's maximum subtracted before ``exp`` and added back).

    Args:
        axis (Union[int, tuple[int], list[int]]): the axes to reduce; ``()`` for all.
        keep_dims (bool): keep the reduced axes with size 1. Default: ``False``.

    Inputs:
        - **x** (Tensor) - a float Tensor.

    Outputs:
        Tensor, ``x``'s dtype, with ``axis`` reduced.

    Raises:
        TypeError: ``axis`` is not an int, tuple or list, or ``keep_dims`` not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[0.0, 1.0], [2.0, 3.0]], np.float32))
        >>> print(ms.nn.ReduceLogSumExp(1)(x))
        [1.3132616 3.3132617]
    """

    def __init__(self, axis, keep_dims=False):
        super().__init__()
        if not (_is_int(axis) or isinstance(axis, (tuple, list))):
            raise TypeError("For 'ReduceLogSumExp', 'axis' must be an int, tuple or list, but "
                            "got %s" % type(axis).__name__)
        if not isinstance(keep_dims, bool):
            raise TypeError("For 'ReduceLogSumExp', 'keep_dims' must be a bool, but got %s"
                            % type(keep_dims).__name__)
        self.axis = axis
        self.keep_dims = keep_dims
        # MindSpore's primitives (sum keeps dims as the layer's keep_dims says)
        self.exp, self.log = P.Exp(), P.Log()
        self.sum, self.max = P.ReduceSum(keep_dims), P.ReduceMax()

    def construct(self, x):
        x_max = F.stop_gradient(F.reduce_max(x))
        axis = tuple(self.axis) if isinstance(self.axis, list) else self.axis
        s = F.reduce_sum(F.exp(x - x_max), axis, self.keep_dims) if self.keep_dims else \
            F.reduce_sum(F.exp(x - x_max), axis)
        return F.log(s) + x_max


class ChannelShuffle(Cell):
    """ChannelShuffle(groups): the channels (axis 1) regrouped: seen as ``groups`` groups of
    ``C / groups`` channels, channel ``j`` of group ``g`` moves to position ``j * groups + g``
    (ShuffleNet).

    Args:
        groups (int): the number of groups, at least 1.

    Inputs:
        - **x** (Tensor) - a Tensor of shape :math:`(N, C, ...)`.

    Outputs:
        Tensor, the same shape and dtype as ``x``.

    Raises:
        TypeError: ``groups`` is not an int.
        ValueError: ``groups`` is less than 1.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.arange(4, dtype=np.float32).reshape(1, 4, 1))
        >>> print(ms.nn.ChannelShuffle(2)(x).reshape(-1))
        [0. 2. 1. 3.]
    """

    def __init__(self, groups):
        super().__init__()
        if not isinstance(groups, int):
            raise TypeError("For ChannelShuffle, the param `groups` must be int, but got %s."
                            % type(groups))
        if groups < 1:
            raise ValueError("For ChannelShuffle, the param `groups` must be larger than 0, but "
                             "got %d." % groups)
        self.groups = groups
        self.shape, self.reshape = P.Shape(), P.Reshape()  # MindSpore's primitives
        self.transpose = P.Transpose()

    def construct(self, x):
        shape = tuple(x.shape)
        n, c = shape[0], shape[1]
        out = F.reshape(x, (n, self.groups, c // self.groups, -1))
        out = F.transpose(out, (0, 2, 1, 3))
        return F.reshape(out, shape)


class ImageGradients(Cell):
    """ImageGradients(): the forward differences of images along H and W,
    ``dy[..., i, :] = x[..., i + 1, :] - x[..., i, :]`` and
    ``dx[..., j] = x[..., j + 1] - x[..., j]``, the last row of ``dy`` and column of ``dx`` 0.

    Inputs:
        - **images** (Tensor) - a 4-D Tensor :math:`(N, C, H, W)`.

    Outputs:
        - **dy** (Tensor) - the vertical differences, the shape and dtype of ``images``.
        - **dx** (Tensor) - the horizontal differences, the shape and dtype of ``images``.

    Raises:
        ValueError: ``images`` is not 4-D.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[[[1, 2], [3, 4]]]], np.float32))
        >>> dy, dx = ms.nn.ImageGradients()(x)
        >>> print(dy)
        [[[[2. 2.]
           [0. 0.]]]]
        >>> print(dx)
        [[[[1. 0.]
           [1. 0.]]]]
    """

    def construct(self, images):
        _check_tensor("ImageGradients", "images", images)
        if len(images.shape) != 4:
            raise ValueError("For 'ImageGradients', the dimension of 'images' must be 4, but got "
                             "%d" % len(images.shape))
        b, d, h, w = images.shape
        if h == 1:
            dy = F.zeros((b, d, 1, w), images.dtype)
        else:
            dy = F.concat((images[:, :, 1:, :] - images[:, :, :h - 1, :],
                           F.zeros((b, d, 1, w), images.dtype)), 2)
        if w == 1:
            dx = F.zeros((b, d, h, 1), images.dtype)
        else:
            dx = F.concat((images[:, :, :, 1:] - images[:, :, :, :w - 1],
                           F.zeros((b, d, h, 1), images.dtype)), 3)
        return dy, dx
