"""General transforms of ``mindcell.dataset.transforms``: callables on one row's numpy
arrays, used by ``Dataset.map`` or called directly (eager)."""
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.dataset import config
from mindcell.dataset.engine import to_array

__all__ = ["TensorOperation", "Compose", "TypeCast", "OneHot", "Fill", "Duplicate",
           "RandomApply", "RandomChoice", "Concatenate", "Slice"]


class TensorOperation:
    """Base of the transforms: ``op(array)`` transforms one column's value."""

    def __call__(self, *inputs):
        if len(inputs) != 1:
            raise TypeError("%s: expected 1 input column, but got %d"
                            % (type(self).__name__, len(inputs)))
        return self._apply(to_array(inputs[0]))

    def _apply(self, x):
        raise NotImplementedError

    def __repr__(self):
        return "%s(%s)" % (type(self).__name__, ", ".join(
            "%s=%r" % kv for kv in vars(self).items() if not kv[0].startswith("_")))


def check_transforms(op, transforms):
    if not isinstance(transforms, (list, tuple)) or not transforms:
        raise TypeError("%s: 'transforms' must be a non-empty list of callables, but got %r"
                        % (op, transforms))
    for t in transforms:
        if not callable(t):
            raise TypeError("%s: every transform must be callable, but got %s"
                            % (op, type(t).__name__))
    return list(transforms)


def chain(transforms, inputs):
    """Apply the transforms in turn, each to the previous one's outputs (a tuple is several)."""
    values = list(inputs)
    for t in transforms:
        out = t(*values)
        values = list(out) if isinstance(out, tuple) else [out]
    return values[0] if len(values) == 1 else tuple(values)


class Compose(TensorOperation):
    """Compose(transforms): one transform applying ``transforms`` in turn."""

    def __init__(self, transforms):
        self.transforms = check_transforms("Compose", transforms)

    def __call__(self, *inputs):
        return chain(self.transforms, inputs)


class RandomApply(TensorOperation):
    """RandomApply(transforms, prob=0.5): apply all ``transforms`` in turn with probability
    ``prob``, else pass the input through."""

    def __init__(self, transforms, prob=0.5):
        self.transforms = check_transforms("RandomApply", transforms)
        self.prob = check_prob("RandomApply", prob)

    def __call__(self, *inputs):
        if config.transform_rng().random() < self.prob:
            return chain(self.transforms, inputs)
        return inputs[0] if len(inputs) == 1 else tuple(inputs)


class RandomChoice(TensorOperation):
    """RandomChoice(transforms): apply one of ``transforms``, chosen at random."""

    def __init__(self, transforms):
        self.transforms = check_transforms("RandomChoice", transforms)

    def __call__(self, *inputs):
        pick = int(config.transform_rng().integers(len(self.transforms)))
        return chain([self.transforms[pick]], inputs)


def check_prob(op, prob):
    if isinstance(prob, bool) or not isinstance(prob, numbers.Real) or not 0 <= prob <= 1:
        raise ValueError("%s: 'prob' must be a number in [0, 1], but got %r" % (op, prob))
    return float(prob)


def numpy_dtype(op, data_type):
    """A MindSpore or numpy dtype as a numpy dtype."""
    try:
        return mstype.to_dtype(data_type).np_dtype
    except TypeError:
        raise TypeError("%s: 'data_type' must be a mindcell or numpy dtype, but got %r"
                        % (op, data_type)) from None


class TypeCast(TensorOperation):
    """TypeCast(data_type): cast to ``data_type`` (``mindcell.float32``, ``np.int32`` ...)."""

    def __init__(self, data_type):
        self.data_type = data_type
        self._np = numpy_dtype("TypeCast", data_type)

    def _apply(self, x):
        return x.astype(self._np)


class OneHot(TensorOperation):
    """OneHot(num_classes, smoothing_rate=0.0): a label (0-d) or labels (1-d) as one-hot rows
    of length ``num_classes`` in the label's integer dtype; with label smoothing the rows are
    ``onehot * (1 - smoothing_rate) + smoothing_rate / num_classes`` in float32."""

    def __init__(self, num_classes, smoothing_rate=0.0):
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            raise TypeError("OneHot: 'num_classes' must be an int, but got %r" % (num_classes,))
        if num_classes <= 0:
            raise ValueError("OneHot: 'num_classes' must be positive, but got %d" % num_classes)
        if isinstance(smoothing_rate, bool) or not isinstance(smoothing_rate, numbers.Real):
            raise TypeError("OneHot: 'smoothing_rate' must be a float, but got %r"
                            % (smoothing_rate,))
        if not 0 <= smoothing_rate <= 1:
            raise ValueError("OneHot: 'smoothing_rate' must be in [0, 1], but got %r"
                             % smoothing_rate)
        self.num_classes, self.smoothing_rate = num_classes, float(smoothing_rate)

    def _apply(self, x):
        if x.dtype.kind not in "iu":
            raise TypeError("OneHot: the labels must be integers, but got %s" % x.dtype)
        if x.ndim > 1:
            raise ValueError("OneHot: the labels must be 0-d or 1-d, but got shape %s"
                             % (x.shape,))
        if x.size and (x.min() < 0 or x.max() >= self.num_classes):
            raise ValueError("OneHot: labels must be in [0, %d), but got %s"
                             % (self.num_classes, x.min() if x.min() < 0 else x.max()))
        out = (x[..., None] == np.arange(self.num_classes)).astype(x.dtype)
        if self.smoothing_rate:
            s = self.smoothing_rate
            return (out * (1 - s) + s / self.num_classes).astype(np.float32)
        return out


class Fill(TensorOperation):
    """Fill(fill_value): an array of the input's shape and dtype filled with ``fill_value``."""

    def __init__(self, fill_value):
        if isinstance(fill_value, bool) or not isinstance(fill_value, (numbers.Number, str)):
            raise TypeError("Fill: 'fill_value' must be a number or str, but got %r"
                            % (fill_value,))
        self.fill_value = fill_value

    def _apply(self, x):
        return np.full_like(x, self.fill_value)


class Duplicate(TensorOperation):
    """Duplicate(): the input and a copy of it (two output columns)."""

    def _apply(self, x):
        return x, x.copy()


def _vector(op, arg, value):
    if value is None:
        return None
    value = to_array(value)
    if value.ndim != 1:
        raise ValueError("%s: '%s' must be a 1-d array, but got shape %s"
                         % (op, arg, value.shape))
    return value


class Concatenate(TensorOperation):
    """Concatenate(axis=0, prepend=None, append=None): ``prepend``, the input columns (1-d
    arrays, in order) and ``append`` joined into one 1-d array (all of one dtype)."""

    def __init__(self, axis=0, prepend=None, append=None):
        if isinstance(axis, bool) or not isinstance(axis, int):
            raise TypeError("Concatenate: 'axis' must be an int, but got %r" % (axis,))
        if axis not in (0, -1):
            raise ValueError("Concatenate: 'axis' must be 0 or -1 (1-d arrays only), but got %d"
                             % axis)
        self.axis = axis
        self.prepend = _vector("Concatenate", "prepend", prepend)
        self.append = _vector("Concatenate", "append", append)

    def __call__(self, *inputs):
        if not inputs:
            raise TypeError("Concatenate: expected at least 1 input column, but got 0")
        parts = [p for p in [self.prepend] + [to_array(x) for x in inputs] + [self.append]
                 if p is not None]
        for p in parts:
            if p.ndim != 1:
                raise ValueError("Concatenate: only 1-d arrays can be joined, but got shape %s"
                                 % (p.shape,))
        kinds = {("str" if p.dtype.kind in "US" else p.dtype) for p in parts}
        if len(kinds) > 1:
            raise TypeError("Concatenate: the input and prepend/append have different dtypes "
                            "%s" % sorted(str(k) for k in kinds))
        return np.concatenate(parts)


class Slice(TensorOperation):
    """Slice(*slices): index a 1-d array like numpy with one of: an int (keeps one element, as
    a length-1 array), a list of ints, a ``slice``, None or ``...`` (everything)."""

    def __init__(self, *slices):
        if len(slices) > 1:
            raise ValueError("Slice: 1-d inputs take one slice, but got %d" % len(slices))
        spec = slices[0] if slices else None
        ok = (spec is None or spec is Ellipsis or isinstance(spec, slice)
              or (isinstance(spec, numbers.Integral) and not isinstance(spec, bool))
              or (isinstance(spec, list) and spec and all(
                  isinstance(i, numbers.Integral) and not isinstance(i, bool) for i in spec)))
        if not ok:
            raise TypeError("Slice: 'slices' must be an int, a list of int, a slice, None or "
                            "Ellipsis, but got %r" % (spec,))
        self.slices = spec

    def _apply(self, x):
        if x.ndim != 1:
            raise ValueError("Slice: expected a 1-d array, but got shape %s" % (x.shape,))
        spec = self.slices
        if spec is None or spec is Ellipsis:
            return x.copy()
        if isinstance(spec, slice):
            return x[spec].copy()
        index = [spec] if isinstance(spec, numbers.Integral) else spec
        for i in index:
            if not -len(x) <= i < len(x):
                raise ValueError("Slice: index %d is out of range for length %d" % (i, len(x)))
        return x[np.asarray(index, np.int64)]
