"""``Metric``: the base class of evaluation metrics (clear / update / eval), and
``rearrange_inputs`` for picking a metric's inputs from a network's outputs."""
import functools

import numpy as np

__all__ = ["Metric", "rearrange_inputs"]


def rearrange_inputs(func):
    """rearrange_inputs(func): a decorator for a metric's ``update``: once ``set_indexes`` is
    called, ``update`` receives only the inputs at those indexes, in that order.

    Args:
        func (Callable): the ``update(self, *inputs)`` method to wrap.

    Returns:
        Callable, the wrapped method.

    Raises:
        ValueError: (from the wrapped ``update``) an index is out of range of the inputs.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> class Last(ms.train.Metric):
        ...     def clear(self):
        ...         self.value = None
        ...     @ms.train.rearrange_inputs
        ...     def update(self, *inputs):
        ...         self.value = inputs[0]
        ...     def eval(self):
        ...         return self.value
        >>> metric = Last().set_indexes([2])
        >>> metric("logits", "label", "loss")
        'loss'
    """
    @functools.wraps(func)
    def wrapper(self, *inputs):
        indexes = getattr(self, "_indexes", None)
        if indexes is not None:
            if any(i >= len(inputs) or i < -len(inputs) for i in indexes):
                raise ValueError("%s.update: indexes %s out of range for %d inputs"
                                 % (type(self).__name__, indexes, len(inputs)))
            inputs = [inputs[i] for i in indexes]
        return func(self, *inputs)
    return wrapper


class Metric:
    """Metric(): the base class of the evaluation metrics; a subclass defines ``clear()``,
    ``update(*inputs)`` and ``eval()``.

    ``update`` decorated with :func:`rearrange_inputs` honours ``set_indexes(indexes)``, which
    picks and orders its inputs (e.g. from a network's several outputs) and returns the metric.
    Calling a metric on inputs runs ``clear``, ``update`` and ``eval`` and returns the result.

    Raises:
        NotImplementedError: a subclass lacks ``clear``, ``update`` or ``eval``.
        ValueError: ``set_indexes`` gets something other than a list of ints.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> class MaxError(ms.train.Metric):
        ...     def clear(self):
        ...         self.worst = 0.0
        ...     def update(self, y_pred, y):
        ...         self.worst = max(self.worst, float(np.abs(y_pred - y).max()))
        ...     def eval(self):
        ...         return self.worst
        >>> MaxError()(np.array([1.0, 2.5]), np.array([1.0, 2.0]))
        0.5
    """

    def __init__(self):
        self._indexes = None

    @property
    def indexes(self):
        """The indexes set by ``set_indexes`` (None if not set)."""
        return getattr(self, "_indexes", None)

    def set_indexes(self, indexes):
        """set_indexes(indexes): which of ``update``'s inputs to use, in order; returns self."""
        if not isinstance(indexes, list) or not all(
                isinstance(i, int) and not isinstance(i, bool) for i in indexes):
            raise ValueError("%s.set_indexes: 'indexes' must be a list of ints, but got %r"
                             % (type(self).__name__, indexes))
        self._indexes = indexes
        return self

    def _convert_data(self, data):
        """A numpy array of a Tensor, list or ndarray."""
        if hasattr(data, "asnumpy"):
            return data.asnumpy()
        if isinstance(data, (np.ndarray, list, tuple, int, float)):
            return np.asarray(data)
        raise TypeError("%s: expects a Tensor, list or numpy.ndarray, but got %s"
                        % (type(self).__name__, type(data).__name__))

    def _check_inputs(self, inputs, n):
        if len(inputs) != n:
            raise ValueError("%s.update: expects %d inputs, but got %d"
                             % (type(self).__name__, n, len(inputs)))

    def _no_samples(self):
        return RuntimeError("%s: cannot be evaluated, no samples were updated (call update "
                            "before eval)" % type(self).__name__)

    def clear(self):
        raise NotImplementedError("%s must define clear()" % type(self).__name__)

    def update(self, *inputs):
        raise NotImplementedError("%s must define update(*inputs)" % type(self).__name__)

    def eval(self):
        raise NotImplementedError("%s must define eval()" % type(self).__name__)

    def __call__(self, *inputs):
        self.clear()
        self.update(*inputs)
        return self.eval()


class _Mean(Metric):
    """A metric that is a running sum divided by a running count (``_add`` adds to both)."""

    def __init__(self):
        super().__init__()
        self.clear()

    def clear(self):
        """Reset the sum and the count."""
        self._sum = 0
        self._count = 0

    def _add(self, total, count):
        self._sum += total
        self._count += count

    def eval(self):
        """eval(): the sum over the count, a float."""
        if self._count == 0:
            raise self._no_samples()
        return self._sum / self._count
