"""Argument and image checks shared by the newer vision transforms (MindSpore's exception types:
TypeError for a wrong type, ValueError for a value out of range when the transform is built,
RuntimeError for an image the transform cannot take when it runs)."""
import numbers

import numpy as np

_MAX = 16777216  # MindSpore's bound on float factors


def is_number(v):
    return isinstance(v, numbers.Real) and not isinstance(v, bool)


def is_int(v):
    return isinstance(v, numbers.Integral) and not isinstance(v, bool)


def number(op, arg, v, low=0.0, high=_MAX, integer=False):
    """``v`` as a float (an int when ``integer``) in [low, high]."""
    if not (is_int(v) if integer else is_number(v)):
        raise TypeError("%s: '%s' must be %s, but got %r"
                        % (op, arg, "an int" if integer else "a number", v))
    if not low <= v <= high:
        raise ValueError("%s: '%s' must be in [%s, %s], but got %r" % (op, arg, low, high, v))
    return int(v) if integer else float(v)


def boolean(op, arg, v):
    if not isinstance(v, bool):
        raise TypeError("%s: '%s' must be a bool, but got %r" % (op, arg, v))
    return v


def prob(op, v):
    return number(op, "prob", v, 0.0, 1.0)


def enum(op, arg, v, kind):
    if not isinstance(v, kind):
        raise TypeError("%s: '%s' must be a vision.%s, but got %r" % (op, arg, kind.__name__, v))
    return v


def pair(op, arg, v, low=0.0, high=_MAX, integer=False):
    """A (min, max) list or tuple of numbers in [low, high] with min <= max."""
    if not isinstance(v, (list, tuple)) or len(v) != 2:
        raise TypeError("%s: '%s' must be a (min, max) list or tuple, but got %r" % (op, arg, v))
    lo, hi = (number(op, arg, x, low, high, integer) for x in v)
    if lo > hi:
        raise ValueError("%s: '%s' must be in (min, max) order, but got %r" % (op, arg, v))
    return lo, hi


def fill_value(op, v):
    """An int in [0, 255] or a 3-tuple of them, as a tuple of 3 ints."""
    if is_int(v):
        v = (v, v, v)
    if not isinstance(v, (list, tuple)) or len(v) != 3 or not all(is_int(x) for x in v):
        raise TypeError("%s: 'fill_value' must be an int or a 3-tuple of ints, but got %r"
                        % (op, v))
    return tuple(number(op, "fill_value", x, 0, 255, True) for x in v)


def size(op, arg, v):
    """An int or an (height, width) pair of positive ints, as a pair."""
    if is_int(v):
        v = (v, v)
    if not isinstance(v, (list, tuple)) or len(v) != 2 or not all(is_int(x) for x in v):
        raise TypeError("%s: '%s' must be an int or an (h, w) pair of ints, but got %r"
                        % (op, arg, v))
    return tuple(number(op, arg, x, 1, 2 ** 31 - 1, True) for x in v)


def image(op, x, ranks=(2, 3), channels=(1, 3), dtypes=None):
    """Check an image's rank, channel count and dtype (RuntimeError, as MindSpore when the
    transform runs); ``dtypes`` None takes any numeric dtype."""
    if x.ndim not in ranks or (x.ndim == 3 and x.shape[2] not in channels):
        raise RuntimeError("%s: expected an image of shape %s with %s channels, but got shape "
                           "%s" % (op, " or ".join("<H, W, C>" if r == 3 else "<H, W>"
                                                   for r in ranks),
                                   "/".join(map(str, channels)), x.shape))
    if dtypes is not None and x.dtype.name not in dtypes:
        raise RuntimeError("%s: expected a %s image, but got %s"
                           % (op, " or ".join(dtypes), x.dtype))
    if x.dtype.kind not in "uifb":
        raise RuntimeError("%s: expected a numeric image, but got %s" % (op, x.dtype))
    return x


def to_uint8_or_float(values, dtype):
    """Float results back in ``dtype``: uint8 rounded and saturated, floats unchanged."""
    if dtype == np.uint8:
        return np.clip(np.rint(values), 0, 255).astype(np.uint8)
    return np.asarray(values).astype(dtype)
