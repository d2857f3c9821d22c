"""Small helpers of the distribution formulas (tensor constants, selects, sample shapes)."""
import numpy as np

from mindcell import ops
from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.probability import _utils as U


def const(value, like):
    """A scalar Tensor ``value`` of ``like``'s dtype (a Tensor or a dtype)."""
    dtype = like.dtype if isinstance(like, Tensor) else like
    return Tensor(np.array(value, mstype.dtype_to_nptype(dtype)))


def where(cond, x, y):
    """Elementwise ``x if cond else y`` with broadcasting; a Python number takes the dtype of
    the other branch."""
    if not isinstance(x, Tensor):
        x = const(x, y)
    if not isinstance(y, Tensor):
        y = const(y, x)
    return ops.where(cond, x, y)


def full(shape, value, dtype):
    return ops.fill(dtype, tuple(shape), value)


def sample_shape(shape, *params):
    """``shape`` (a tuple: TypeError otherwise) followed by the parameters' broadcast shape."""
    U.check_tuple(shape, "shape")
    batch = ()
    for p in params:
        batch = U.broadcast_shapes(batch, p.shape)
    return tuple(shape) + tuple(batch)


def get_dist_args(dist, names, args, kwargs, defaults):
    """``get_dist_args``: the given Tensors (positional or by name; checked) or the
    construction defaults, as a tuple in the order of ``names``."""
    if len(args) > len(names):
        raise TypeError("%s.get_dist_args takes at most %d parameters (%s), but got %d"
                        % (dist.name, len(names), ", ".join(names), len(args)))
    given = list(args) + [None] * (len(names) - len(args))
    for key, value in kwargs.items():
        if key not in names:
            raise TypeError("%s.get_dist_args got an unexpected parameter %r (expected one of %s)"
                            % (dist.name, key, ", ".join(names)))
        given[names.index(key)] = value
    out = []
    for name, arg, default in zip(names, given, defaults):
        if arg is not None:
            U.check_tensor(arg, name)
            out.append(arg)
        else:
            out.append(default)
    return tuple(out)
