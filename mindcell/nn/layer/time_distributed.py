"""TimeDistributed with MindSpore 2.10's signature, checks and output layout."""
import numbers

from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P


def _is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def _check_tensor(ok, owner):
    if not ok:
        raise TypeError("For '%s', inputs and outputs must be a Tensor." % owner)


class TimeDistributed(Cell):
    """TimeDistributed(layer, time_axis, reshape_with_axis=None): ``layer`` applied to every
    time step of the input.

    Without ``reshape_with_axis`` the input is split along ``time_axis``, ``layer`` runs on
    each slice and the results are stacked on ``time_axis`` again. With ``reshape_with_axis``
    the time axis is moved next to that axis, the two are merged into one (one call of
    ``layer`` on the whole batch of steps), and the result is split back (the time axis stays
    next to ``reshape_with_axis`` in the output, as in MindSpore).

    Args:
        layer (Union[Cell, Primitive]): the layer applied per time step.
        time_axis (int): the time axis of the input.
        reshape_with_axis (int, optional): the axis to merge the time axis with. Default:
            ``None``.

    Inputs:
        - **inputs** (Tensor) - a Tensor with at least 3 dimensions.

    Outputs:
        Tensor, the outputs of ``layer`` with the time axis.

    Raises:
        TypeError: ``layer`` is not a Cell or Primitive, ``time_axis`` or
            ``reshape_with_axis`` not an int, or an input or output not a Tensor.
        ValueError: ``inputs`` has fewer than 3 dimensions.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> dense = ms.nn.Dense(3, 2, weight_init="ones", bias_init="zeros")
        >>> x = ms.Tensor(np.ones((4, 5, 3), np.float32))
        >>> print(ms.nn.TimeDistributed(dense, time_axis=1, reshape_with_axis=0)(x).shape)
        (4, 5, 2)
    """

    def __init__(self, layer, time_axis, reshape_with_axis=None):
        from mindcell.ops.primitive import Primitive
        if not isinstance(layer, (Cell, Primitive)):
            raise TypeError("For 'TimeDistributed', the 'layer' must be Cell or Primitive "
                            "instance, but got type: %s." % type(layer).__name__)
        super().__init__()
        if not _is_int(time_axis):
            raise TypeError("For 'TimeDistributed', 'time_axis' must be an int, but got %s"
                            % type(time_axis).__name__)
        if reshape_with_axis is not None and not _is_int(reshape_with_axis):
            raise TypeError("For 'TimeDistributed', 'reshape_with_axis' must be an int, but got "
                            "%s" % type(reshape_with_axis).__name__)
        self.layer = layer
        self.time_axis = time_axis
        self.reshape_with_axis = reshape_with_axis
        self.transpose, self.reshape = P.Transpose(), P.Reshape()  # MindSpore's primitives

    def construct(self, inputs):
        _check_tensor(isinstance(inputs, Tensor), "TimeDistributed")
        nd = len(inputs.shape)
        if nd < 3:
            raise ValueError("For 'TimeDistributed', the dims of input must be greater than or "
                             "equal to 3, but got %d" % nd)
        time_axis = self.time_axis % nd
        if self.reshape_with_axis is not None:
            rw = self.reshape_with_axis % nd
            new_time = nd - 2 if rw == nd - 1 else (rw + 1 if time_axis > rw else rw - 1)
            pos = new_time if new_time < rw else rw
            perm = [i for i in range(nd) if i != time_axis]
            perm.insert(new_time, time_axis)
            x = F.transpose(inputs, tuple(perm))
            shape = tuple(x.shape)
            x = F.reshape(x, shape[:pos] + (-1,) + shape[pos + 2:])
            out = self.layer(x)
            _check_tensor(isinstance(out, Tensor), "TimeDistributed")
            if len(out.shape) <= pos or out.shape[pos] != x.shape[pos]:
                raise ValueError("For 'TimeDistributed', the layer must keep the merged axis %d "
                                 "(size %d), but its output has shape %s"
                                 % (pos, x.shape[pos], tuple(out.shape)))
            new_shape = tuple(out.shape[:pos]) + shape[pos:pos + 2] + tuple(out.shape[pos + 1:])
            return F.reshape(out, (-1,) + new_shape[1:])
        outs = []
        for i in range(inputs.shape[time_axis]):
            step = F.squeeze(_take(inputs, time_axis, i), time_axis)
            out = self.layer(step)
            _check_tensor(isinstance(out, Tensor), "TimeDistributed")
            if time_axis > len(out.shape):
                raise ValueError("For 'TimeDistributed', the time axis %d is out of range for "
                                 "the layer's %d-D output" % (time_axis, len(out.shape)))
            outs.append(out)
        return F.stack(outs, time_axis)


def _take(x, axis, i):
    index = [slice(None)] * len(x.shape)
    index[axis] = slice(i, i + 1)
    return x[tuple(index)]
