"""Small helpers of the distribution formulas (tensor constants, selects, sample shapes)."""
import numpy as np

from mindcell import ops
from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.probability import _utils as U
from mindcell.nn.probability.distribution.distribution import Distribution


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


def init_distribution(dist, param, names, dtypes=U.FLOAT_TYPES):
    """``Distribution.__init__`` of ``dist`` from its constructor's ``locals()`` ``param`` (with
    ``seed``, ``dtype`` and ``name``): its ``param_dict`` holds the arguments ``names``;
    ``dtype`` must be one of ``dtypes``."""
    param["param_dict"] = {n: param[n] for n in names}
    U.check_dtype(param["dtype"], dtypes, type(dist).__name__)
    Distribution.__init__(dist, param["seed"], param["dtype"], param["name"], param)


def param_property(attr, doc):
    """A read-only property returning the attribute ``attr``, documented by ``doc``."""
    return property(lambda self: getattr(self, attr), doc=doc)


class ParamsMixin:
    """The methods a distribution derives from its parameter table: ``_type`` (the
    ``get_dist_type`` name), ``_names`` (the parameters' names in the methods, in the order of
    ``default_parameters``) and ``_repr_names`` (their labels in the repr; ``_names`` when
    empty)."""

    _type = ""
    _names = ()
    _repr_names = ()

    def _get_dist_type(self):
        return self._type

    def _get_dist_args(self, *args, **kwargs):
        return get_dist_args(self, self._names, args, kwargs, tuple(self.default_parameters))

    def extend_repr(self):
        if self.is_scalar_batch:
            return ", ".join("%s = %s" % (n, v) for n, v in
                             zip(self._repr_names or self._names, self.default_parameters))
        return "batch_shape = %s" % (self._broadcast_shape,)
