"""``Metric``: the base class of evaluation metrics (clear / update / eval), and
``rearrange_inputs`` for picking a metric's inputs from a network's outputs."""
import functools

import numpy as np

__all__ = ["Metric", "rearrange_inputs"]


def rearrange_inputs(func):
    """rearrange_inputs(func): decorator for ``update``: with ``set_indexes`` called, ``update``
    receives only the inputs at those indexes, in that order."""
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
    """Metric(): subclass and define ``clear()``, ``update(*inputs)`` and ``eval()``.

    ``update`` decorated with :func:`rearrange_inputs` honours ``set_indexes``.
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
