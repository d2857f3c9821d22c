"""Argument rules shared by the distributions and bijectors of ``mindcell.nn.probability``.

MindSpore 2.10 converts the parameters given at construction to Tensors of one float type (the
``parameter_type``), checks their values at once (``sd`` > 0, probabilities in (0, 1) ...), and
at call time accepts only Tensors for the value and for parameters passed in place of the
constructed ones. These helpers implement those rules once (errors name what was expected and
what was given)."""
import numpy as np

from mindcell.common import dtype as mstype
from mindcell.common.parameter import Parameter
from mindcell.common.tensor import Tensor

FLOAT_TYPES = (mstype.float16, mstype.float32, mstype.float64, mstype.bfloat16)
INT_TYPES = (mstype.int8, mstype.int16, mstype.int32, mstype.int64)
UINT_TYPES = (mstype.uint8, mstype.uint16, mstype.uint32, mstype.uint64)


def check_dtype(dtype, valid, cls_name):
    """TypeError unless ``dtype`` is one of ``valid`` (MindSpore's ``check_type_name``)."""
    if dtype not in valid:
        raise TypeError("For '%s', the 'dtype' must be one of %s, but got %s."
                        % (cls_name, [str(t) for t in valid], dtype))


def cast_to_tensor(value, dtype=mstype.float32):
    """A construction argument as a Tensor of ``dtype`` (a Parameter is kept as it is, so it
    stays trainable; a Tensor is cast, so gradients flow through it)."""
    if value is None:
        raise ValueError("Input cannot be None in cast_to_tensor")
    if isinstance(value, Parameter):
        return value
    if isinstance(value, (bool, np.bool_)):
        raise TypeError("Input cannot be Type Bool")
    if isinstance(value, Tensor):
        # a cast, not a copy: gradients flow to a Tensor given at construction (as in
        # MindSpore, where ``Normal(mu, sd)`` of network outputs is differentiable in mu, sd)
        from mindcell import ops
        return value if value.dtype == dtype else ops.cast(value, dtype)
    if isinstance(value, (np.ndarray, list, int, float, np.integer, np.floating)):
        return Tensor(value, dtype=dtype)
    raise TypeError("Unable to convert input of type %s to a Tensor of type %s"
                    % (type(value), dtype))


def param_type(args, hint):
    """The float type the parameters are computed in (MindSpore's ``set_param_type``): the
    common dtype of the array arguments (float64 and integer arrays give float32), else ``hint``
    (float32 for an integer or missing hint). Arrays of different dtypes raise TypeError."""
    if hint is None or hint in INT_TYPES or hint in UINT_TYPES:
        hint = mstype.float32
    common = None
    for name, arg in args.items():
        if isinstance(arg, np.ndarray):
            cur = mstype.from_numpy_dtype(arg.dtype)
        elif isinstance(arg, Tensor):
            cur = arg.dtype
        else:
            continue
        if common is None:
            common = cur
        elif cur != common:
            raise TypeError("%s should have the same dtype as other arguments." % name)
    if common in INT_TYPES or common in UINT_TYPES or common == mstype.float64:
        return mstype.float32
    return hint if common is None else common


def _values(value):
    value = value.data if isinstance(value, Parameter) and not isinstance(value, Tensor) else value
    return value.asnumpy() if isinstance(value, Tensor) else np.asarray(value)


def check_greater_zero(value, name):
    if not (_values(value) > 0).all():
        raise ValueError("%s must be greater than zero." % name)


def check_greater_equal_zero(value, name):
    if (_values(value) < 0).any():
        raise ValueError("%s must be greater than or equal to zero." % name)


def check_greater(low, high, name_low, name_high):
    if isinstance(low, Parameter) or isinstance(high, Parameter):
        return
    if not (_values(low) < _values(high)).all():
        raise ValueError("%s must be less than %s" % (name_low, name_high))


def check_prob(p):
    v = _values(p)
    if not (v > 0).all():
        raise ValueError("Probabilities must be greater than zero")
    if not (v < 1).all():
        raise ValueError("Probabilities must be less than one")


def check_sum_equal_one(probs):
    v = _values(probs)
    s = np.sum(v, axis=-1)
    eps = np.finfo(s.dtype).eps if s.dtype.kind == "f" else np.finfo(np.float64).eps
    if not np.allclose(s, np.ones(s.shape), rtol=eps * 10, atol=eps):
        raise ValueError("Probabilities for each category should sum to one for Categorical "
                         "distribution.")


def check_rank(probs):
    if _values(probs).ndim == 0:
        raise ValueError("probs for Categorical distribution must have rank >= 1.")


def check_tensor(value, name):
    """TypeError unless a call argument is a Tensor (or Parameter)."""
    if not isinstance(value, Tensor):
        raise TypeError("For %s, input type must be a Tensor or Parameter, but got %s."
                        % (name, type(value).__name__))
    return value


def check_tuple(value, name):
    if not isinstance(value, tuple):
        raise TypeError("For %s, input type must be a tuple, but got %s."
                        % (name, type(value).__name__))
    return value


def raise_none_error(name):
    raise TypeError("the type %s must be subclass of Tensor. It can not be None since it is not "
                    "specified during initialization." % name)


def raise_not_implemented(func_name, obj):
    raise NotImplementedError("%s is not implemented for %s distribution." % (func_name, obj))


def raise_not_defined(func_name, obj):
    raise ValueError("%s is undefined for %s distribution." % (func_name, obj))


def check_distribution_name(name, expected):
    """ValueError unless ``kl_loss``/``cross_entropy``'s ``dist`` names ``expected``."""
    if name is None:
        raise ValueError("Input dist must be a constant which is not None.")
    if name != expected:
        raise ValueError("Expected dist input is %s, but got %s." % (expected, name))


def broadcast_shapes(a, b):
    """The broadcast of two shapes (ValueError naming both when they do not broadcast)."""
    try:
        return tuple(np.broadcast_shapes(tuple(a), tuple(b)))
    except ValueError:
        raise ValueError("Shape %s and %s is not broadcastable." % (tuple(a), tuple(b))) from None


def batch_shape_of(values):
    """The broadcast shape of the construction arguments, or None when one is missing."""
    shape = None
    for v in values:
        if v is None:
            return None
        s = tuple(np.shape(_values(v))) if not isinstance(v, Tensor) else tuple(v.shape)
        shape = s if shape is None else broadcast_shapes(shape, s)
    return shape
