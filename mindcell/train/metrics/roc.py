"""ROC curve metric (``ROC``) and the trapezoidal area under a curve (``auc``)."""
import numpy as np

from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["ROC", "auc"]


def _optional_int(value, name, minimum=None):
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise TypeError("ROC: '%s' must be an int or None, but got %s"
                        % (name, type(value).__name__))
    if minimum is not None and value < minimum:
        raise ValueError("ROC: '%s' must be at least %d, but got %d" % (name, minimum, value))
    return int(value)


def _binary_curve(scores, target):
    """(false positives, true positives, thresholds) at each distinct score, highest first."""
    order = np.argsort(-scores, kind="stable")
    scores, target = scores[order], target[order]
    last = np.r_[np.nonzero(scores[1:] != scores[:-1])[0], scores.size - 1]
    tps = np.cumsum(target)[last]
    return 1 + last - tps, tps, scores[last]


def _roc_of(scores, target):
    fps, tps, thresholds = _binary_curve(scores, target)
    if fps[-1] <= 0:
        raise ValueError("ROC.eval: the labels hold no negative sample, the false positive rate "
                         "is undefined")
    if tps[-1] <= 0:
        raise ValueError("ROC.eval: the labels hold no positive sample, the true positive rate "
                         "is undefined")
    fpr = np.r_[0, fps] / fps[-1]
    tpr = np.r_[0, tps] / tps[-1]
    # a first threshold above every score, so that the curve starts at (0, 0)
    return fpr, tpr, np.r_[thresholds[:1] + 1, thresholds]


class ROC(Metric):
    """ROC(class_num=None, pos_label=None): the receiver operating characteristic curve.

    ``update(y_pred, y)``: ``y_pred`` and ``y`` of the same shape are a binary problem (both
    flattened, positives are ``y == pos_label``, default 1); ``y_pred`` (N, C) scores with ``y``
    (N,) class indices is one-vs-rest per class (``class_num`` must be C, ``pos_label`` None).
    ``eval()`` returns ``(fpr, tpr, thresholds)``: arrays for a binary problem, lists of per-class
    arrays otherwise; thresholds are the distinct scores, highest first, after ``max + 1``.
    Unlike MindSpore, which keeps only the last batch, the batches of all updates are pooled.

    Args:
        class_num (int, optional): the number of classes of a one-vs-rest problem, at least 1.
            Default: ``None``.
        pos_label (int, optional): the positive label of a binary problem. Default: ``None``
            (1).

    Raises:
        TypeError: an argument is not an int or None; in ``update``: non-real inputs.
        ValueError: ``class_num`` below 1; in ``update``: shapes that match neither form, a
            ``pos_label``/``class_num`` that does not fit the form, NaN scores, or a batch of the
            other form than the earlier ones; in ``eval``: labels without a positive or a
            negative sample.
        RuntimeError: ``eval`` before any ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.ROC(pos_label=1)
        >>> metric.update(np.array([0.1, 0.4, 0.35, 0.8]), np.array([0, 0, 1, 1]))
        >>> fpr, tpr, thresholds = metric.eval()
        >>> print(fpr, tpr, thresholds)
        [0.  0.  0.5 0.5 1. ] [0.  0.5 0.5 1.  1. ] [1.8  0.8  0.4  0.35 0.1 ]
    """

    def __init__(self, class_num=None, pos_label=None):
        super().__init__()
        self.class_num = _optional_int(class_num, "class_num", 1)
        self.pos_label = _optional_int(pos_label, "pos_label")
        self.clear()

    def clear(self):
        """Forget every update."""
        self._preds, self._labels, self._multiclass = [], [], None

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch of scores and labels."""
        self._check_inputs(inputs, 2)
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if y_pred.shape == y.shape and y.ndim:
            if self.class_num not in (None, 1):
                raise ValueError("ROC.update: y_pred and y of the same shape are a binary problem, "
                                 "so 'class_num' must be None or 1, but got %d" % self.class_num)
            multiclass, y_pred, y = False, y_pred.reshape(-1), y.reshape(-1)
        elif y_pred.ndim == 2 and y.shape == y_pred.shape[:1]:
            if self.pos_label is not None:
                raise ValueError("ROC.update: for one-vs-rest (y_pred (N, C), y (N,)) 'pos_label' "
                                 "must be None, but got %d" % self.pos_label)
            if self.class_num != y_pred.shape[1]:
                raise ValueError("ROC.update: 'class_num' is %s but y_pred has %d classes"
                                 % (self.class_num, y_pred.shape[1]))
            multiclass = True
        else:
            raise ValueError("ROC.update: expects y_pred and y of the same shape, or y_pred "
                             "(N, C) with y (N,), but got %s and %s" % (y_pred.shape, y.shape))
        if y_pred.dtype.kind not in "iuf" or y.dtype.kind not in "iufb":
            raise TypeError("ROC.update: y_pred must be real scores and y labels, but got %s and %s"
                            % (y_pred.dtype, y.dtype))
        if np.isnan(y_pred.astype(np.float64)).any():
            raise ValueError("ROC.update: y_pred holds NaN")
        if self._multiclass is not None and self._multiclass != multiclass:
            raise ValueError("ROC.update: this batch is %s but earlier ones were not; call clear() "
                             "first" % ("one-vs-rest" if multiclass else "binary"))
        self._multiclass = multiclass
        self._preds.append(y_pred)
        self._labels.append(y)

    def eval(self):
        """eval(): ``(fpr, tpr, thresholds)`` of every batch updated since ``clear``."""
        if not self._preds:
            raise self._no_samples()
        scores, y = np.concatenate(self._preds), np.concatenate(self._labels)
        if not self._multiclass:
            pos = 1 if self.pos_label is None else self.pos_label
            return _roc_of(scores, (y == pos).astype(np.int64))
        curves = [_roc_of(scores[:, c], (y == c).astype(np.int64))
                  for c in range(scores.shape[1])]
        return tuple(list(part) for part in zip(*curves))


def _curve_points(v, name):
    if not isinstance(v, np.ndarray):
        raise TypeError("auc: '%s' must be a numpy.ndarray (for one-vs-rest ROC results call auc "
                        "once per class), but got %s" % (name, type(v).__name__))
    if not (v.ndim == 1 or (v.ndim == 2 and v.shape[1] == 1)):
        raise ValueError("auc: '%s' must be 1-D or (N, 1), but got shape %s" % (name, v.shape))
    if v.dtype.kind not in "iufb":
        raise TypeError("auc: '%s' must hold real numbers, but got %s" % (name, v.dtype))
    return v.reshape(-1).astype(np.float64)


def auc(x, y, reorder=False):
    """auc(x, y, reorder=False): the area under the curve through the points (x, y), by the
    trapezoidal rule.

    ``x`` must be monotonic (a decreasing ``x`` gives the same positive area) unless ``reorder``
    sorts the points by ``x`` (then ``y``). Typically ``auc(*ROC().eval()[:2])``.

    Args:
        x (numpy.ndarray): the x coordinates, 1-D or (N, 1) real numbers.
        y (numpy.ndarray): the y coordinates, the same length.
        reorder (bool): sort the points by x first. Default: ``False``.

    Returns:
        float, the area.

    Raises:
        TypeError: ``x`` or ``y`` is not a real numpy array, or ``reorder`` is not a bool.
        ValueError: the lengths differ, fewer than 2 points, or ``x`` is not monotonic without
            ``reorder``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> ms.train.auc(np.array([0.0, 0.5, 1.0]), np.array([0.0, 1.0, 1.0]))
        0.75
        >>> ms.train.auc(np.array([1.0, 0.0, 0.5]), np.array([1.0, 0.0, 1.0]), reorder=True)
        0.75
    """
    x, y = _curve_points(x, "x"), _curve_points(y, "y")
    if not isinstance(reorder, bool):
        raise TypeError("auc: 'reorder' must be a bool, but got %s" % type(reorder).__name__)
    if x.size != y.size:
        raise ValueError("auc: 'x' and 'y' must have the same length, but got %d and %d"
                         % (x.size, y.size))
    if x.size < 2:
        raise ValueError("auc: at least 2 points are needed, but got %d" % x.size)
    direction = 1.0
    if reorder:
        order = np.lexsort((y, x))
        x, y = x[order], y[order]
    else:
        dx = np.diff(x)
        if (dx < 0).any():
            if not (dx <= 0).all():
                raise ValueError("auc: 'x' must be increasing or decreasing when reorder=False, "
                                 "but got %s" % x)
            direction = -1.0
    return float(direction * np.sum(np.diff(x) * (y[1:] + y[:-1]) / 2))
