"""Classification metrics: Accuracy, top-k accuracy, Precision, Recall, Fbeta and F1."""
import sys

import numpy as np

from mindcell import dtype as mstype
from mindcell.train.metrics.metric import Metric, _Mean, rearrange_inputs

__all__ = ["Accuracy", "TopKCategoricalAccuracy", "Top1CategoricalAccuracy",
           "Top5CategoricalAccuracy", "Precision", "Recall", "Fbeta", "F1"]

_EPS = sys.float_info.min  # only guards 0/0: a class never predicted scores 0


def _check_eval_type(eval_type, owner):
    if eval_type not in ("classification", "multilabel"):
        raise ValueError("%s: 'eval_type' must be 'classification' or 'multilabel', but got %r"
                         % (owner, eval_type))
    return eval_type


def _pred_and_labels(metric, inputs):
    """(y_pred (N, C) floats, y (N,) class indices) of a classification update."""
    metric._check_inputs(inputs, 2)
    y_pred, y = metric._convert_data(inputs[0]), metric._convert_data(inputs[1])
    owner = type(metric).__name__
    if y_pred.ndim != 2:
        raise ValueError("%s.update: y_pred must be 2-D (batch, classes), but got shape %s"
                         % (owner, y_pred.shape))
    if y.shape == y_pred.shape:  # one-hot labels
        y = y.argmax(axis=1)
    if y.ndim == 2 and y.shape[1] == 1:
        y = y.reshape(-1)
    if y.shape != y_pred.shape[:1]:
        raise ValueError("%s.update: y must have shape %s or %s, but got %s"
                         % (owner, y_pred.shape[:1], y_pred.shape, y.shape))
    if mstype.is_float_np(y.dtype) and not np.array_equal(y, np.round(y)):
        raise ValueError("%s.update: class labels must be integers" % owner)
    y = y.astype(np.int64)
    if y.size and (y.min() < 0 or y.max() >= y_pred.shape[1]):
        raise ValueError("%s.update: labels must lie in [0, %d), but got [%d, %d]"
                         % (owner, y_pred.shape[1], y.min(), y.max()))
    return y_pred, y


def _multilabel(metric, inputs):
    metric._check_inputs(inputs, 2)
    y_pred, y = metric._convert_data(inputs[0]), metric._convert_data(inputs[1])
    if y_pred.shape != y.shape or y_pred.ndim < 2:
        raise ValueError("%s.update: multilabel y_pred and y must have the same (N, C, ...) "
                         "shape, but got %s and %s" % (type(metric).__name__, y_pred.shape,
                                                       y.shape))
    if not (np.isin(y_pred, (0, 1)).all() and np.isin(y, (0, 1)).all()):
        raise ValueError("%s.update: multilabel y_pred and y must hold 0/1 values"
                         % type(metric).__name__)
    c = y_pred.shape[1]
    return (np.moveaxis(y_pred, 1, -1).reshape(-1, c), np.moveaxis(y, 1, -1).reshape(-1, c))


class Accuracy(_Mean):
    """Accuracy(eval_type='classification'): the share of samples predicted right.

    ``update(y_pred, y)`` adds a batch: ``y_pred`` (N, C) scores and ``y`` (N,) class indices
    (or (N, C) one-hot, or (N, 1)); Tensors, numpy arrays and lists are accepted. ``clear()``
    resets it; calling the metric on inputs is ``clear``, ``update`` and ``eval`` at once. With
    ``'multilabel'``, ``y_pred`` and ``y`` are 0/1 arrays of the same (N, C, ...) shape
    and a sample is right when all its labels are. ``eval()`` returns the share as a float.

    Args:
        eval_type (str): ``'classification'`` (the argmax of the scores against the label) or
            ``'multilabel'``. Default: ``'classification'``.

    Raises:
        ValueError: ``eval_type`` is neither; in ``update``: the wrong number of inputs, shapes
            that do not match, labels that are not integers in [0, C), or multilabel values other
            than 0/1.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Accuracy()
        >>> metric.update(np.array([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7]]), np.array([1, 1, 1]))
        >>> metric.eval()
        0.6666666666666666
    """

    def __init__(self, eval_type="classification"):
        super().__init__()
        self._type = _check_eval_type(eval_type, "Accuracy")

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch."""
        if self._type == "multilabel":
            y_pred, y = _multilabel(self, inputs)
            right = (y_pred == y).all(axis=1)
        else:
            y_pred, y = _pred_and_labels(self, inputs)
            right = y_pred.argmax(axis=1) == y
        self._add(int(right.sum()), right.size)


class TopKCategoricalAccuracy(_Mean):
    """TopKCategoricalAccuracy(k): the share of samples whose label is among the ``k`` highest
    scores (ties: the lower class index ranks first).

    ``update(y_pred, y)`` adds a batch: ``y_pred`` (N, C) scores and ``y`` (N,) class indices
    (or (N, C) one-hot, or (N, 1)); Tensors, numpy arrays and lists are accepted. ``clear()``
    resets it; calling the metric on inputs is ``clear``, ``update`` and ``eval`` at once.
    ``eval()`` returns the share as a float.

    Args:
        k (int): how many of the highest scores count, at least 1.

    Raises:
        TypeError: ``k`` is not an int.
        ValueError: ``k`` is below 1; in ``update``: shapes that do not match or labels outside
            [0, C).
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.TopKCategoricalAccuracy(2)
        >>> y_pred = np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]])
        >>> metric(y_pred, np.array([2, 2]))
        0.5
    """

    def __init__(self, k):
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int):
            raise TypeError("TopKCategoricalAccuracy: 'k' must be an int, but got %s"
                            % type(k).__name__)
        if k < 1:
            raise ValueError("TopKCategoricalAccuracy: 'k' must be at least 1, but got %d" % k)
        self.k = k

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch."""
        y_pred, y = _pred_and_labels(self, inputs)
        top = np.argsort(-y_pred, axis=1, kind="stable")[:, :self.k]
        self._add(int((top == y[:, None]).any(axis=1).sum()), y.shape[0])


class Top1CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top1CategoricalAccuracy(): :class:`TopKCategoricalAccuracy` with k=1, the share of samples
    whose label has the highest score.

    ``update(y_pred, y)`` adds a batch: ``y_pred`` (N, C) scores and ``y`` (N,) class indices
    (or (N, C) one-hot, or (N, 1)); Tensors, numpy arrays and lists are accepted. ``clear()``
    resets it; calling the metric on inputs is ``clear``, ``update`` and ``eval`` at once.
    ``eval()`` returns the share as a float.

    Raises:
        ValueError: in ``update``: shapes that do not match or labels outside [0, C).
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Top1CategoricalAccuracy()
        >>> metric(np.array([[0.2, 0.5, 0.3], [0.6, 0.3, 0.1]]), np.array([1, 2]))
        0.5
    """

    def __init__(self):
        super().__init__(1)


class Top5CategoricalAccuracy(TopKCategoricalAccuracy):
    """Top5CategoricalAccuracy(): :class:`TopKCategoricalAccuracy` with k=5, the share of samples
    whose label is among the five highest scores.

    ``update(y_pred, y)`` adds a batch: ``y_pred`` (N, C) scores and ``y`` (N,) class indices
    (or (N, C) one-hot, or (N, 1)); Tensors, numpy arrays and lists are accepted. ``clear()``
    resets it; calling the metric on inputs is ``clear``, ``update`` and ``eval`` at once.
    ``eval()`` returns the share as a float.

    Raises:
        ValueError: in ``update``: shapes that do not match or labels outside [0, C).
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> scores = np.array([[0.0, 0.1, 0.2, 0.3, 0.4, 0.5], [0.5, 0.4, 0.3, 0.2, 0.1, 0.0]])
        >>> ms.train.Top5CategoricalAccuracy()(scores, np.array([0, 0]))
        0.5
    """

    def __init__(self):
        super().__init__(5)


class _PerClass(Metric):
    """Per-class counts of one-hot predictions (argmax) against one-hot labels."""

    def __init__(self, eval_type="classification"):
        super().__init__()
        self._type = _check_eval_type(eval_type, type(self).__name__)
        self.eps = _EPS  # MindSpore's attribute: the divisions below read it
        self.clear()

    def clear(self):
        """Reset the counts."""
        self._true_positives = 0
        self._positives = 0  # predicted
        self._actual_positives = 0
        self._updated = False

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch."""
        if self._type == "multilabel":
            pred, label = _multilabel(self, inputs)
        else:
            y_pred, y = _pred_and_labels(self, inputs)
            eye = np.eye(y_pred.shape[1])
            pred, label = eye[y_pred.argmax(axis=1)], eye[y]
        self._true_positives = self._true_positives + (pred * label).sum(axis=0)
        self._positives = self._positives + pred.sum(axis=0)
        self._actual_positives = self._actual_positives + label.sum(axis=0)
        self._updated = True

    def _result(self, per_class, average):
        if not self._updated:
            raise self._no_samples()
        if not isinstance(average, bool):
            raise TypeError("%s.eval: 'average' must be a bool, but got %s"
                            % (type(self).__name__, type(average).__name__))
        return float(per_class.mean()) if average else per_class


class Precision(_PerClass):
    """Precision(eval_type='classification'): per class, true positives / predicted positives.

    ``update(y_pred, y)`` adds a batch: (N, C) scores, whose argmax is the prediction, and
    (N,) class indices or (N, C) one-hot labels; with ``'multilabel'`` 0/1 arrays of the same
    shape. The counts of every class accumulate until ``clear()``. ``eval(average=False)`` returns
    the per-class numpy array, or its mean (a float) with
    ``average=True``; a class never predicted scores 0.

    Args:
        eval_type (str): ``'classification'`` or ``'multilabel'``. Default:
            ``'classification'``.

    Raises:
        ValueError: ``eval_type`` is neither; in ``update``: shapes or labels that do not match.
        TypeError: ``average`` is not a bool.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Precision()
        >>> metric.update(np.array([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]]), np.array([0, 1, 1]))
        >>> print(metric.eval(), metric.eval(average=True))
        [0.5 1. ] 0.75
    """

    def eval(self, average=False):
        return self._result(self._true_positives / (self._positives + self.eps), average)


class Recall(_PerClass):
    """Recall(eval_type='classification'): per class, true positives / actual positives.

    ``update(y_pred, y)`` adds a batch: (N, C) scores, whose argmax is the prediction, and
    (N,) class indices or (N, C) one-hot labels; with ``'multilabel'`` 0/1 arrays of the same
    shape. The counts of every class accumulate until ``clear()``. ``eval(average=False)`` returns
    the per-class numpy array, or its mean (a float) with
    ``average=True``.

    Args:
        eval_type (str): ``'classification'`` or ``'multilabel'``. Default:
            ``'classification'``.

    Raises:
        ValueError: ``eval_type`` is neither; in ``update``: shapes or labels that do not match.
        TypeError: ``average`` is not a bool.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Recall()
        >>> metric.update(np.array([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]]), np.array([0, 1, 1]))
        >>> print(metric.eval(), metric.eval(average=True))
        [1.  0.5] 0.75
    """

    def eval(self, average=False):
        return self._result(self._true_positives / (self._actual_positives + self.eps), average)


class Fbeta(_PerClass):
    """Fbeta(beta): per class ``(1 + beta^2) * tp / (beta^2 * actual + predicted)``, the weighted
    harmonic mean of precision and recall.

    ``update(y_pred, y)`` adds a batch: (N, C) scores, whose argmax is the prediction, and
    (N,) class indices or (N, C) one-hot labels; with ``'multilabel'`` 0/1 arrays of the same
    shape. The counts of every class accumulate until ``clear()``. ``eval(average=False)`` returns
    the per-class numpy array, or its mean (a float) with
    ``average=True``.

    Args:
        beta (float): the weight of recall, positive and finite.

    Raises:
        TypeError: ``beta`` is not a number, or ``average`` is not a bool.
        ValueError: ``beta`` is not positive and finite; in ``update``: shapes or labels that do
            not match.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Fbeta(2.0)
        >>> metric.update(np.array([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]]), np.array([0, 1, 1]))
        >>> print(metric.eval())
        [0.83333333 0.55555556]
    """

    def __init__(self, beta):
        if isinstance(beta, bool) or not isinstance(beta, (int, float)):
            raise TypeError("%s: 'beta' must be a float, but got %s"
                            % (type(self).__name__, type(beta).__name__))
        if not 0 < beta < float("inf"):
            raise ValueError("%s: 'beta' must be positive, but got %r"
                             % (type(self).__name__, beta))
        self.beta = beta
        super().__init__()

    def eval(self, average=False):
        b2 = self.beta ** 2
        f = (1 + b2) * self._true_positives / (b2 * self._actual_positives + self._positives
                                               + self.eps)
        return self._result(f, average)


class F1(Fbeta):
    """F1(): :class:`Fbeta` with beta=1, per class ``2 * tp / (actual + predicted)``.

    ``update(y_pred, y)`` adds a batch: (N, C) scores, whose argmax is the prediction, and
    (N,) class indices or (N, C) one-hot labels; with ``'multilabel'`` 0/1 arrays of the same
    shape. The counts of every class accumulate until ``clear()``. ``eval(average=False)`` returns
    the per-class numpy array, or its mean (a float) with
    ``average=True``.

    Raises:
        TypeError: ``average`` is not a bool.
        ValueError: in ``update``: shapes or labels that do not match.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.F1()
        >>> metric.update(np.array([[0.9, 0.1], [0.8, 0.2], [0.3, 0.7]]), np.array([0, 1, 1]))
        >>> metric.eval(average=True)
        0.6666666666666666
    """

    def __init__(self):
        super().__init__(1.0)
