"""Overlap metrics: ``Dice`` (segmentation) and ``ConfusionMatrix``."""
import numpy as np

from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["Dice", "ConfusionMatrix"]


def _real_array(metric, data, what):
    arr = metric._convert_data(data)
    if arr.dtype.kind not in "iufb":
        raise TypeError("%s.update: %s must hold real numbers, but got %s"
                        % (type(metric).__name__, what, arr.dtype))
    return arr


class Dice(Metric):
    """Dice(smooth=1e-5): the Dice coefficient ``2 * sum(p * y) / (sum(p^2) + sum(y^2) + smooth)``
    of a prediction and a target.

    ``update(y_pred, y)`` (same shape (N, ...)) adds the coefficient of the whole batch and counts
    its N samples; ``eval()`` returns the sum of the batch coefficients over the sample count, as
    MindSpore does (so with batches of N > 1 it is the mean batch coefficient divided by N).

    Args:
        smooth (float): added to the denominator, positive and finite. Default: ``1e-5``.

    Raises:
        TypeError: ``smooth`` is not a number; in ``update``: inputs that are not real numbers.
        ValueError: ``smooth`` is not positive and finite; in ``update``: shapes that differ.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Dice()
        >>> metric.update(np.array([[0.0, 1.0, 1.0]]), np.array([[0.0, 1.0, 0.0]]))
        >>> round(metric.eval(), 4)
        0.6667
    """

    def __init__(self, smooth=1e-5):
        super().__init__()
        if isinstance(smooth, bool) or not isinstance(smooth, (int, float)):
            raise TypeError("Dice: 'smooth' must be a float, but got %s" % type(smooth).__name__)
        if not 0 < smooth < float("inf"):
            raise ValueError("Dice: 'smooth' must be positive and finite, but got %r" % smooth)
        self.smooth = float(smooth)
        self.clear()

    def clear(self):
        """Reset the coefficient sum and the sample count."""
        self._dice_sum = 0.0
        self._samples = 0

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch."""
        self._check_inputs(inputs, 2)
        y_pred = _real_array(self, inputs[0], "y_pred").astype(np.float64)
        y = _real_array(self, inputs[1], "y").astype(np.float64)
        if y_pred.shape != y.shape or y.ndim == 0:
            raise ValueError("Dice.update: y_pred and y must have the same (N, ...) shape, but got "
                             "%s and %s" % (y_pred.shape, y.shape))
        p, t = y_pred.reshape(-1), y.reshape(-1)
        self._dice_sum += 2 * float(p @ t) / (float(p @ p + t @ t) + self.smooth)
        self._samples += y.shape[0]

    def eval(self):
        """eval(): the accumulated coefficient over the number of samples, a float."""
        if self._samples == 0:
            raise self._no_samples()
        return self._dice_sum / self._samples


_NORMALIZE = ("no_norm", "target", "prediction", "all")


class ConfusionMatrix(Metric):
    """ConfusionMatrix(num_classes, normalize='no_norm', threshold=0.5): the counts of
    (label row, prediction column) pairs.

    ``update(y_pred, y)``: ``y`` (N, ...) class indices; ``y_pred`` (N, C, ...) scores (argmax over
    axis 1), or (N, ...) class indices, or (N, ...) float scores binarised by ``score >=
    threshold``. ``eval()`` returns the float matrix, normalised per label row ('target'), per
    prediction column ('prediction') or by the total ('all'); an empty row/column gives zeros.

    Args:
        num_classes (int): the number of classes, positive.
        normalize (str): ``'no_norm'``, ``'target'``, ``'prediction'`` or ``'all'``. Default:
            ``'no_norm'``.
        threshold (float): the binarisation threshold of float scores. Default: ``0.5``.

    Raises:
        TypeError: ``num_classes`` is not an int or ``threshold`` not a float.
        ValueError: ``num_classes`` is not positive, ``normalize`` unknown; in ``update``: shapes
            that do not match or labels outside [0, num_classes).
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.ConfusionMatrix(num_classes=2, normalize="target")
        >>> metric.update(np.array([0, 1, 1, 1]), np.array([0, 0, 1, 1]))
        >>> print(metric.eval())
        [[0.5 0.5]
         [0.  1. ]]
    """

    def __init__(self, num_classes, normalize="no_norm", threshold=0.5):
        super().__init__()
        if isinstance(num_classes, bool) or not isinstance(num_classes, int):
            raise TypeError("ConfusionMatrix: 'num_classes' must be an int, but got %s"
                            % type(num_classes).__name__)
        if num_classes < 1:
            raise ValueError("ConfusionMatrix: 'num_classes' must be positive, but got %d"
                             % num_classes)
        if normalize not in _NORMALIZE:
            raise ValueError("ConfusionMatrix: 'normalize' must be one of %s, but got %r"
                             % (list(_NORMALIZE), normalize))
        if isinstance(threshold, bool) or not isinstance(threshold, float):
            raise TypeError("ConfusionMatrix: 'threshold' must be a float, but got %s"
                            % type(threshold).__name__)
        self.num_classes, self.normalize, self.threshold = num_classes, normalize, threshold
        self.clear()

    def clear(self):
        """Reset the counts."""
        self.confusion_matrix = np.zeros((self.num_classes, self.num_classes))
        self._updated = False

    def _indices(self, values, what):
        if values.dtype.kind == "f" and not np.array_equal(values, np.round(values)):
            raise ValueError("ConfusionMatrix.update: %s must hold class indices (integers)" % what)
        values = values.astype(np.int64).reshape(-1)
        if values.size and (values.min() < 0 or values.max() >= self.num_classes):
            raise ValueError("ConfusionMatrix.update: %s must lie in [0, %d), but got [%d, %d]"
                             % (what, self.num_classes, values.min(), values.max()))
        return values

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch."""
        self._check_inputs(inputs, 2)
        y_pred, y = _real_array(self, inputs[0], "y_pred"), _real_array(self, inputs[1], "y")
        if y_pred.ndim == y.ndim + 1 and y.ndim:
            if y_pred.shape[:1] + y_pred.shape[2:] != y.shape:
                raise ValueError("ConfusionMatrix.update: y_pred %s must be y's shape %s with a "
                                 "class axis 1" % (y_pred.shape, y.shape))
            y_pred = y_pred.argmax(axis=1)
        elif y_pred.shape != y.shape:
            raise ValueError("ConfusionMatrix.update: expects y_pred of y's shape or with an "
                             "extra class axis 1, but got %s and %s" % (y_pred.shape, y.shape))
        elif y_pred.dtype.kind == "f":
            y_pred = (y_pred >= self.threshold).astype(np.int64)
        pairs = self._indices(y, "y") * self.num_classes + self._indices(y_pred, "y_pred")
        self.confusion_matrix += np.bincount(pairs, minlength=self.num_classes ** 2).reshape(
            self.num_classes, self.num_classes)
        self._updated = True

    def eval(self):
        """eval(): the (num_classes, num_classes) float matrix, normalised as configured."""
        if not self._updated:
            raise self._no_samples()
        m = self.confusion_matrix.astype(np.float64)
        if self.normalize == "no_norm":
            return m
        total = {"target": m.sum(axis=1, keepdims=True), "prediction": m.sum(axis=0, keepdims=True),
                 "all": m.sum()}[self.normalize]
        return np.divide(m, total, out=np.zeros_like(m), where=total != 0)
