"""More general transforms of ``mindcell.dataset.transforms``: ``PadEnd`` (pad or cut to a
shape), ``Mask`` with the ``Relational`` operators, ``RandomOrder``, ``Unique`` and the
``not_random`` marker."""
from enum import IntEnum
import numbers

import numpy as np

from mindcell import dtype as mstype
from mindcell.dataset import config
from mindcell.dataset.transforms.transforms import (TensorOperation, chain, check_transforms,
                                                    numpy_dtype)

__all__ = ["PadEnd", "Relational", "Mask", "RandomOrder", "Unique", "not_random"]


class PadEnd(TensorOperation):
    """PadEnd(pad_shape, pad_value=None): pad each dimension at its end to ``pad_shape`` with
    ``pad_value``, or cut it when it is longer. The input's rank must equal
    ``len(pad_shape)``.

    Args:
        pad_shape (list[int]): the output shape, each size >= 1.
        pad_value (Union[int, float, str, bytes], optional): the padding value; None pads with
            0 ('' for strings, False for bools). Default: ``None``.

    Returns:
        numpy.ndarray of shape ``pad_shape`` (a string input keeps a string dtype wide enough
        for ``pad_value``).

    Raises:
        TypeError: ``pad_shape`` is not a list of ints, or ``pad_value`` not a number, str or
            bytes.
        ValueError: a size in ``pad_shape`` is below 1.
        RuntimeError: the input's rank differs, a size is None, or ``pad_value`` does not
            suit the input's dtype.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> transforms.PadEnd([5], 9)(np.array([1, 2, 3])).tolist()
        [1, 2, 3, 9, 9]
        >>> transforms.PadEnd([1, 3])(np.array([[1, 2], [3, 4]])).tolist()
        [[1, 2, 0]]
    """

    def __init__(self, pad_shape, pad_value=None):
        if not isinstance(pad_shape, list):
            raise TypeError("PadEnd: 'pad_shape' must be a list, but got %r" % (pad_shape,))
        for s in pad_shape:
            if s is None:
                continue
            if not isinstance(s, numbers.Integral) or isinstance(s, bool):
                raise TypeError("PadEnd: 'pad_shape' values must be ints, but got %r"
                                % (pad_shape,))
            if s < 1:
                raise ValueError("PadEnd: 'pad_shape' values must be >= 1, but got %r"
                                 % (pad_shape,))
        if pad_value is not None and not isinstance(pad_value, (str, bytes, numbers.Number)):
            raise TypeError("PadEnd: 'pad_value' must be a number, str or bytes, but got %r"
                            % (pad_value,))
        self.pad_shape, self.pad_value = list(pad_shape), pad_value

    def _apply(self, x):
        if x.ndim != len(self.pad_shape) or None in self.pad_shape:
            raise RuntimeError("PadEnd: cannot pad an array of shape %s to %s"
                               % (x.shape, self.pad_shape))
        text = x.dtype.kind in "US"
        value = self.pad_value
        if value is None:
            value = "" if text else 0
        elif text != isinstance(value, (str, bytes)):
            raise RuntimeError("PadEnd: pad_value %r does not suit an array of %s"
                               % (value, x.dtype))
        x = x[tuple(slice(0, s) for s in self.pad_shape)]
        out_dtype = np.result_type(x.dtype, np.asarray(value).dtype) if text else x.dtype
        out = np.full(self.pad_shape, value, out_dtype)
        out[tuple(slice(0, n) for n in x.shape)] = x
        return out


class Relational(IntEnum):
    """The comparisons of :class:`Mask`: ``EQ`` (==), ``NE`` (!=), ``GT`` (>), ``GE`` (>=),
    ``LT`` (<) and ``LE`` (<=), an ``IntEnum`` with values 0 to 5.

    Args:
        value (int): the member's value, as for any ``IntEnum`` (``Relational(2)`` is ``GT``).

    Examples:
        >>> from mindcell.dataset import transforms
        >>> transforms.Relational.GE, transforms.Relational(2).name
        (<Relational.GE: 3>, 'GT')
    """
    EQ = 0
    NE = 1
    GT = 2
    GE = 3
    LT = 4
    LE = 5


_COMPARE = {Relational.EQ: np.equal, Relational.NE: np.not_equal, Relational.GT: np.greater,
            Relational.GE: np.greater_equal, Relational.LT: np.less,
            Relational.LE: np.less_equal}


class Mask(TensorOperation):
    """Mask(operator, constant, dtype=mindcell.bool_): ``input <operator> constant`` elementwise,
    cast to ``dtype``.

    Args:
        operator (Relational): the comparison (``Relational.EQ``, ``GT`` ...).
        constant (Union[int, float, str, bytes]): the value compared with; a str or bytes
            constant needs a string input and a number a numeric one.
        dtype (Union[mindcell.dtype, numpy.dtype], optional): the output type.
            Default: ``mindcell.bool_``.

    Returns:
        numpy.ndarray of the input's shape and type ``dtype``.

    Raises:
        TypeError: ``operator`` is not a ``Relational``, ``constant`` not a number, str or
            bytes, or ``dtype`` not a dtype.
        RuntimeError: a string input with a numeric constant, or the other way round.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.dataset import transforms
        >>> transforms.Mask(transforms.Relational.GT, 3)(np.array([1, 5])).tolist()
        [False, True]
        >>> transforms.Mask(transforms.Relational.EQ, "a", ms.int32)(np.array(["a", "b"]))
        array([1, 0], dtype=int32)
    """

    def __init__(self, operator, constant, dtype=mstype.bool_):
        if not isinstance(operator, Relational):
            raise TypeError("Mask: 'operator' must be a transforms.Relational, but got %r"
                            % (operator,))
        if not isinstance(constant, (str, bytes, numbers.Number)):
            raise TypeError("Mask: 'constant' must be a number, str or bytes, but got %r"
                            % (constant,))
        self.operator, self.constant, self.dtype = operator, constant, dtype
        self._np = numpy_dtype("Mask", dtype)

    def _apply(self, x):
        text = x.dtype.kind in "US"
        if text != isinstance(self.constant, (str, bytes)):
            raise RuntimeError("Mask: cannot compare an array of %s with %r"
                               % (x.dtype, self.constant))
        return _COMPARE[self.operator](x, self.constant).astype(self._np)


class RandomOrder(TensorOperation):
    """RandomOrder(transforms): apply all ``transforms``, each to the previous one's outputs, in
    an order drawn at random for each call.

    Args:
        transforms (list[callable]): the transforms.

    Returns:
        The output of the transform applied last.

    Raises:
        TypeError: ``transforms`` is not a non-empty list or tuple of callables.

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> op = transforms.RandomOrder([lambda x: x + 1, lambda x: x * 10])
        >>> op(np.array([1])).tolist() in ([20], [11])
        True
    """

    def __init__(self, transforms):
        self.transforms = check_transforms("RandomOrder", transforms)

    def __call__(self, *inputs):
        order = config.transform_rng().permutation(len(self.transforms))
        return chain([self.transforms[i] for i in order], inputs)


class Unique(TensorOperation):
    """Unique(): three outputs of an array of rank 2 or more, taken flattened: its distinct
    values in order of first appearance, the int32 index of each element's value among them,
    and the int32 count of each value.

    Inputs:
        - **x** (numpy.ndarray) - an array of rank 2 or more.

    Returns:
        tuple of three 1-d numpy.ndarray: the values, the indices (one per element) and the
        counts.

    Raises:
        RuntimeError: the input has rank below 2 (MindSpore's rule).

    Examples:
        >>> import numpy as np
        >>> from mindcell.dataset import transforms
        >>> [a.tolist() for a in transforms.Unique()(np.array([[5, 3, 5], [1, 3, 7]]))]
        [[5, 3, 1, 7], [0, 1, 0, 2, 1, 3], [2, 2, 1, 1]]
    """

    def _apply(self, x):
        if x.ndim < 2:
            raise RuntimeError("Unique: the input must have rank 2 or more (MindSpore's rule), "
                               "but got shape %s" % (x.shape,))
        flat = x.ravel()
        values, first, inverse, counts = np.unique(flat, return_index=True, return_inverse=True,
                                                   return_counts=True)
        order = np.argsort(first, kind="stable")
        rank = np.empty_like(order)
        rank[order] = np.arange(len(order))
        return (values[order], rank[inverse].astype(np.int32).ravel(),
                counts[order].astype(np.int32))


def not_random(function):
    """not_random(function): mark a Python function given to ``map`` as deterministic (sets
    ``function.random = False``) and return it.

    Args:
        function (callable): the function to mark.

    Returns:
        callable, ``function`` itself.

    Examples:
        >>> from mindcell.dataset import transforms
        >>> f = transforms.not_random(lambda x: x)
        >>> f.random
        False
    """
    function.random = False
    return function
