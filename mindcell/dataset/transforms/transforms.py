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
    """TensorOperation(): the base of the transforms of ``dataset.transforms`` and
    ``dataset.vision``. ``op(value)`` converts one column's value (a numpy array, a Tensor, a
    list or a scalar) to a numpy array and transforms it; ``Dataset.map`` calls it on each row.
    Subclasses implement ``_apply(array)``; transforms that take several columns
    (``Compose``, ``Concatenate`` ...) override ``__call__``.

    Args:
        *inputs: the column values of one row; the base class takes exactly one.

    Returns:
        numpy.ndarray (or a tuple of them for a transform with several outputs), the
        subclass's result.

    Raises:
        TypeError: the call is given other than one input column.
        NotImplementedError: the subclass does not define ``_apply``.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> class AddOne(transforms.TensorOperation):
        ...     def _apply(self, x):
        ...         return x + 1
        >>> AddOne()([1, 2]).tolist(), AddOne()
        ([2, 3], AddOne())
    """

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
    """Compose(transforms): one transform applying ``transforms`` in turn, each to the previous
    one's outputs (a tuple output feeds several inputs).

    Args:
        transforms (list[callable]): the transforms, applied in list order. Python callables
            are allowed.

    Returns:
        The last transform's output (a tuple for several outputs).

    Raises:
        TypeError: ``transforms`` is not a non-empty list or tuple, or an item is not callable.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> op = transforms.Compose([transforms.TypeCast(np.float32), lambda x: x / 2])
        >>> op(np.array([1, 4]))
        array([0.5, 2. ], dtype=float32)
    """

    def __init__(self, transforms):
        self.transforms = check_transforms("Compose", transforms)

    def __call__(self, *inputs):
        return chain(self.transforms, inputs)


class RandomApply(TensorOperation):
    """RandomApply(transforms, prob=0.5): with probability ``prob`` apply all ``transforms`` in
    turn (as :class:`Compose`), else pass the input through unchanged.

    Args:
        transforms (list[callable]): the transforms, applied in list order.
        prob (float, optional): the probability of applying them, in [0, 1]. Default: ``0.5``.

    Returns:
        The last transform's output, or the input.

    Raises:
        TypeError: ``transforms`` is not a non-empty list or tuple of callables.
        ValueError: ``prob`` is not a number in [0, 1].

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> transforms.RandomApply([lambda x: x * 10], prob=1.0)(np.array([1, 2])).tolist()
        [10, 20]
        >>> transforms.RandomApply([lambda x: x * 10], prob=0.0)(np.array([1, 2])).tolist()
        [1, 2]
    """

    def __init__(self, transforms, prob=0.5):
        self.transforms = check_transforms("RandomApply", transforms)
        self.prob = check_prob("RandomApply", prob)

    def __call__(self, *inputs):
        if config.transform_rng().random() < self.prob:
            return chain(self.transforms, inputs)
        return inputs[0] if len(inputs) == 1 else tuple(inputs)


class RandomChoice(TensorOperation):
    """RandomChoice(transforms): apply one of ``transforms``, chosen uniformly at random for each
    call (draws follow ``dataset.config.set_seed``).

    Args:
        transforms (list[callable]): the transforms to choose from.

    Returns:
        The chosen transform's output.

    Raises:
        TypeError: ``transforms`` is not a non-empty list or tuple of callables.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> op = transforms.RandomChoice([lambda x: x + 1, lambda x: x * 10])
        >>> op(np.array([1, 2])).tolist() in ([2, 3], [10, 20])
        True
    """

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
    """TypeCast(data_type): cast a column to ``data_type``.

    Args:
        data_type (Union[mindcell.dtype, numpy.dtype]): the target type, e.g.
            ``mindcell.float32`` or ``np.int32``.

    Returns:
        numpy.ndarray, the input with dtype ``data_type``.

    Raises:
        TypeError: ``data_type`` is neither a mindcell nor a numpy dtype.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.dataset import transforms
        >>> transforms.TypeCast(ms.int32)(np.array([1.7, -2.2]))
        array([ 1, -2], dtype=int32)
    """

    def __init__(self, data_type):
        self.data_type = data_type
        self._np = numpy_dtype("TypeCast", data_type)

    def _apply(self, x):
        return x.astype(self._np)


class OneHot(TensorOperation):
    """OneHot(num_classes, smoothing_rate=0.0): a label (0-d) or labels (1-d) as one-hot rows of
    length ``num_classes`` in the label's integer dtype. With label smoothing the rows are
    ``onehot * (1 - smoothing_rate) + smoothing_rate / num_classes`` in float64. Labels of
    rank > 1 lose their size-1 axes first (a (3, 1) column of labels gives (3, num_classes)).

    Args:
        num_classes (int): the number of classes, > 0.
        smoothing_rate (float, optional): the label smoothing rate in [0, 1]. Default: ``0.0``.

    Returns:
        numpy.ndarray of shape ``label.shape + (num_classes,)`` (size-1 axes dropped).

    Raises:
        TypeError: ``num_classes`` is not an int, ``smoothing_rate`` not a number, or the
            labels are not integers.
        ValueError: ``num_classes`` <= 0, ``smoothing_rate`` outside [0, 1], the labels have
            rank > 1 without their size-1 axes, or a label is outside [0, num_classes).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> transforms.OneHot(3)(np.array([0, 2])).tolist()
        [[1, 0, 0], [0, 0, 1]]
        >>> transforms.OneHot(4, smoothing_rate=0.2)(np.array(1))
        array([0.05, 0.85, 0.05, 0.05])
    """

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
        if x.ndim > 1:  # size-1 axes are dropped first ((3, 1) labels -> (3,)), as MindSpore
            x = x.reshape([d for d in x.shape if d != 1])
        if x.ndim > 1:
            raise ValueError("OneHot: the labels must be 0-d or 1-d once size-1 axes are "
                             "dropped, but got shape %s" % (x.shape,))
        if x.size and (x.min() < 0 or x.max() >= self.num_classes):
            raise ValueError("OneHot: labels must be in [0, %d), but got %s"
                             % (self.num_classes, x.min() if x.min() < 0 else x.max()))
        out = (x[..., None] == np.arange(self.num_classes)).astype(x.dtype)
        if self.smoothing_rate:
            s = self.smoothing_rate
            return out * (1 - s) + s / self.num_classes  # float64, as MindSpore's
        return out


class Fill(TensorOperation):
    """Fill(fill_value): an array of the input's shape and dtype filled with ``fill_value``.

    Args:
        fill_value (Union[int, float, str]): the value (converted to the input's dtype).

    Returns:
        numpy.ndarray, of the input's shape and dtype.

    Raises:
        TypeError: ``fill_value`` is not a number or str.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> transforms.Fill(7)(np.zeros((2, 2), np.uint8)).tolist()
        [[7, 7], [7, 7]]
    """

    def __init__(self, fill_value):
        if isinstance(fill_value, bool) or not isinstance(fill_value, (numbers.Number, str)):
            raise TypeError("Fill: 'fill_value' must be a number or str, but got %r"
                            % (fill_value,))
        self.fill_value = fill_value

    def _apply(self, x):
        return np.full_like(x, self.fill_value)


class Duplicate(TensorOperation):
    """Duplicate(): the input and a copy of it, two output columns (name them with
    ``output_columns`` in ``map``).

    Inputs:
        - **x** (numpy.ndarray) - the column value (any shape and dtype).

    Returns:
        tuple of two numpy.ndarray, the input and its copy.

    Raises:
        TypeError: the call is given other than one input column.

    Examples:
        >>> import numpy as np
        >>> import mindcell.dataset as ds
        >>> from mindcell.dataset import transforms
        >>> data = ds.NumpySlicesDataset({"x": np.array([1, 2])}, shuffle=False)
        >>> data = data.map(transforms.Duplicate(), input_columns="x", output_columns=["x", "y"])
        >>> [(r["x"].tolist(), r["y"].tolist())
        ...  for r in data.create_dict_iterator(output_numpy=True)]
        [(1, 1), (2, 2)]
    """

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
    arrays, in order) and ``append`` joined into one 1-d array; all must have one dtype
    (strings of any length count as one).

    Args:
        axis (int, optional): the axis to join along, 0 or -1 (only 1-d arrays are joined).
            Default: ``0``.
        prepend (numpy.ndarray, optional): a 1-d array put in front. Default: ``None``.
        append (numpy.ndarray, optional): a 1-d array put at the end. Default: ``None``.

    Returns:
        numpy.ndarray, the 1-d concatenation.

    Raises:
        TypeError: ``axis`` is not an int, no input is given, or the parts' dtypes differ.
        ValueError: ``axis`` is not 0 or -1, or ``prepend``, ``append`` or an input is not 1-d.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> op = transforms.Concatenate(prepend=np.array([0]), append=np.array([9]))
        >>> op(np.array([1, 2]), np.array([3])).tolist()
        [0, 1, 2, 3, 9]
    """

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
    """Slice(*slices): index a 1-d array like numpy with one of: an int (keeps one element, as a
    length-1 array), a list of ints, a ``slice``, None or ``...`` (everything).

    Args:
        *slices (Union[int, list[int], slice, None, Ellipsis]): at most one index spec (none
            keeps everything).

    Returns:
        numpy.ndarray, the selected elements (1-d).

    Raises:
        TypeError: the spec is not one of the kinds above.
        ValueError: more than one spec is given, the input is not 1-d, or an int index is
            out of range.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> x = np.array([10, 11, 12, 13])
        >>> transforms.Slice(slice(1, 3))(x).tolist(), transforms.Slice([0, -1])(x).tolist()
        ([11, 12], [10, 13])
        >>> transforms.Slice(2)(x).tolist()
        [12]
    """

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
