"""``ConfusionMatrixMetric``: sensitivity, specificity, precision, F1, MCC ... of binarized
one-hot predictions, from their true/false positive/negative counts (segmentation and
multi-label tasks)."""
import numpy as np

from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["ConfusionMatrixMetric"]

# every accepted name (lower case, spaces as '_') -> the metric it means
_NAMES = {}
for _short, _aliases in {
        "tpr": ("sensitivity", "recall", "hit_rate", "true_positive_rate"),
        "tnr": ("specificity", "selectivity", "true_negative_rate"),
        "ppv": ("precision", "positive_predictive_value"),
        "npv": ("negative_predictive_value",),
        "fnr": ("miss_rate", "false_negative_rate"),
        "fpr": ("fall_out", "false_positive_rate"),
        "fdr": ("false_discovery_rate",),
        "for": ("false_omission_rate",),
        "pt": ("prevalence_threshold",),
        "ts": ("threat_score", "critical_success_index", "csi"),
        "acc": ("accuracy",),
        "ba": ("balanced_accuracy",),
        "f1": ("f1_score",),
        "mcc": ("matthews_correlation_coefficient",),
        "fm": ("fowlkes_mallows_index",),
        "bm": ("informedness", "bookmaker_informedness"),
        "mk": ("markedness", "deltap")}.items():
    for _name in (_short,) + _aliases:
        _NAMES[_name] = _short

_DECREASE = ("none", "mean", "sum", "mean_batch", "sum_batch", "mean_channel", "sum_channel")


def _metric_key(metric_name):
    key = _NAMES.get(metric_name.replace(" ", "_").lower())
    if key is None:
        raise NotImplementedError("ConfusionMatrixMetric: the metric %r is not implemented; "
                                  "known names: %s" % (metric_name, sorted(_NAMES)))
    return key


def _ratio(num, den):
    """num / den, NaN where den is 0."""
    num, den = np.broadcast_arrays(np.asarray(num, np.float64), np.asarray(den, np.float64))
    out = np.full(num.shape, np.nan)
    np.divide(num, den, out=out, where=den != 0)
    return out


def _metric(key, counts):
    """The metric ``key`` of confusion counts (..., 4) = [tp, fp, tn, fn]."""
    counts = np.atleast_2d(counts) if counts.ndim == 1 else counts
    tp, fp, tn, fn = (counts[..., k] for k in range(4))
    p, n = tp + fn, fp + tn
    if key in ("pt", "ba", "bm", "fm"):
        tpr = _ratio(tp, p)
        other = _ratio(tp, tp + fp) if key == "fm" else _ratio(tn, n)
        with np.errstate(invalid="ignore"):
            if key == "pt":
                return _ratio(np.sqrt(tpr * (1.0 - other)) + other - 1.0, tpr + other - 1.0)
            if key == "ba":
                return (tpr + other) / 2.0
            if key == "bm":
                return tpr + other - 1.0
            return np.sqrt(other * tpr)
    if key == "mk":
        with np.errstate(divide="ignore", invalid="ignore"):
            # npv divided unguarded (inf/nan on 0 / 0), as MindSpore
            return _ratio(tp, tp + fp) + tn / (tn + fn) - 1.0
    num, den = {"tpr": (tp, p), "tnr": (tn, n), "ppv": (tp, tp + fp), "npv": (tn, tn + fn),
                "fnr": (fn, p), "fpr": (fp, n), "fdr": (fp, fp + tp), "for": (fn, fn + tn),
                "ts": (tp, tp + fn + fp), "acc": (tp + tn, p + n),
                "f1": (2.0 * tp, 2.0 * tp + fn + fp),
                "mcc": (tp * tn - fp * fn, np.sqrt((tp + fp) * (tp + fn) * (tn + fp) * (tn + fn)))
                }[key]
    return _ratio(num, den)


def _reduce(chart, decrease):
    """(score, count of non-NaN entries) of a (batch, class) chart reduced as ``decrease``."""
    valid = (~np.isnan(chart)).astype(np.float64)
    chart = np.where(np.isnan(chart), 0.0, chart)
    if decrease == "mean":
        per_row = valid.sum(axis=1)
        rows = np.divide(chart.sum(axis=1), per_row, out=np.zeros_like(per_row),
                         where=per_row > 0)
        count = float((per_row > 0).sum())
        return (rows.sum() / count if count > 0 else 0.0), count
    if decrease == "sum":
        return chart.sum(), valid.sum()
    if decrease == "none":
        return chart, valid
    axis = 0 if decrease.endswith("batch") else 1
    count = valid.sum(axis=axis)
    if decrease.startswith("sum"):
        return chart.sum(axis=axis), count
    return np.divide(chart.sum(axis=axis), count, out=np.zeros_like(count),
                     where=count > 0), count


class ConfusionMatrixMetric(Metric):
    """ConfusionMatrixMetric(skip_channel=True, metric_name='sensitivity',
    calculation_method=False, decrease='mean'): a metric of the confusion counts of binarized
    one-hot predictions: true positives, false positives, true negatives and false negatives
    per sample and class.

    ``update(y_pred, y)`` takes two (N, C, ...) arrays of 0/1 (``y`` must be binary; an entry
    of ``y_pred`` counts as positive only when it is 1). With ``calculation_method=False``
    the counts of every sample and class are summed and ``eval()`` returns the metric of the
    totals, a 1-element float64 array (NaN when its denominator is 0). With
    ``calculation_method=True`` every update computes the metric per sample and class (NaN
    entries left out), reduces it by ``decrease`` ('mean': over classes, then samples; 'sum':
    everything) and ``eval()`` returns the mean of those scores weighted by their non-NaN
    counts, a float.

    Args:
        skip_channel (bool): True counts every channel; False leaves out channel 0 (the
            background) when there is more than one (MindSpore's meaning of the flag).
        metric_name (str): 'sensitivity' (or 'recall', 'hit_rate', 'tpr' ...),
            'specificity', 'precision', 'negative_predictive_value', 'miss_rate',
            'fall_out', 'false_discovery_rate', 'false_omission_rate',
            'prevalence_threshold', 'threat_score', 'accuracy', 'balanced_accuracy',
            'f1_score', 'matthews_correlation_coefficient', 'fowlkes_mallows_index',
            'informedness' or 'markedness' (case and spaces free, aliases accepted).
        calculation_method (bool): per-sample metrics (True) or the metric of the summed
            counts (False).
        decrease (str): with ``calculation_method=True``, 'mean' or 'sum' (the other
            reductions MindSpore lists, 'none', 'mean_batch', 'sum_batch', 'mean_channel',
            'sum_channel', give an array, which MindSpore 2.10 cannot accumulate: they raise
            as there unless it has one element).

    Raises:
        TypeError: a flag that is not a bool, a name that is not a str. ValueError: an unknown
        ``decrease``; (update) not 2 inputs, ``y`` not binary, shapes that differ, fewer than
        2 dimensions. NotImplementedError: (update/eval) an unknown ``metric_name``.
        RuntimeError: (eval) no update with ``calculation_method=True``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, nn
        >>> metric = nn.ConfusionMatrixMetric(metric_name="tpr")
        >>> metric.update(Tensor(np.array([[[0], [1]], [[1], [0]]])),
        ...               Tensor(np.array([[[0], [1]], [[0], [1]]])))
        >>> metric.eval()
        array([0.5])
    """

    def __init__(self, skip_channel=True, metric_name="sensitivity", calculation_method=False,
                 decrease="mean"):
        super().__init__()
        for arg, value in (("skip_channel", skip_channel),
                           ("calculation_method", calculation_method)):
            if not isinstance(value, bool):
                raise TypeError("ConfusionMatrixMetric: the type of '%s' should be 'bool', but "
                                "got type '%s'." % (arg, type(value).__name__))
        if not isinstance(metric_name, str):
            raise TypeError("ConfusionMatrixMetric: the type of 'metric_name' should be 'str', "
                            "but got type '%s'." % type(metric_name).__name__)
        if not isinstance(decrease, str) or decrease not in _DECREASE:
            raise ValueError("ConfusionMatrixMetric: the 'decrease' must be str and must be in "
                             "%s, but got %r." % (list(_DECREASE), decrease))
        self.skip_channel, self.metric_name = skip_channel, metric_name
        self.calculation_method, self.decrease = calculation_method, decrease
        self.clear()

    def clear(self):
        """Reset the accumulated counts and scores."""
        self._totals = np.zeros(4)
        self._score_sum, self._score_count = 0.0, 0

    def _counts(self, y_pred, y):
        """(N, C, 4) counts [tp, fp, tn, fn] per sample and class."""
        if not np.all(y.astype(np.uint8) == y):
            raise ValueError("ConfusionMatrixMetric.update: the true value (input[1]) must be a "
                             "binarized array of 0 and 1.")
        if y_pred.ndim < 2:
            raise ValueError("ConfusionMatrixMetric.update: the predicted value (input[0]) must "
                             "have at least 2 dimensions, but got %d." % y_pred.ndim)
        if not self.skip_channel:
            y = y[:, 1:] if y.shape[1] > 1 else y
            y_pred = y_pred[:, 1:] if y_pred.shape[1] > 1 else y_pred
        if y.shape != y_pred.shape:
            raise ValueError("ConfusionMatrixMetric.update: y's shape %s must equal y_pred's %s."
                             % (y.shape, y_pred.shape))
        batch, classes = y_pred.shape[:2]
        y = y.astype(np.float64).reshape(batch, classes, -1)
        y_pred = y_pred.astype(np.float64).reshape(batch, classes, -1)
        tp = ((y_pred + y) == 2).sum(axis=2).astype(np.float64)
        tn = ((y_pred + y) == 0).sum(axis=2).astype(np.float64)
        p = y.sum(axis=2)
        n = y.shape[-1] - p
        return np.stack([tp, n - tn, tn, p - tp], axis=-1)

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y): add one batch (see the class description)."""
        if len(inputs) != 2:
            raise ValueError("ConfusionMatrixMetric.update: it needs 2 inputs (predicted value, "
                             "true value), but got %d." % len(inputs))
        y_pred, y = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        counts = self._counts(y_pred, y)
        if not self.calculation_method:
            self._totals += counts.reshape(-1, 4).sum(axis=0)
            return
        if y_pred.ndim == 2 or (y_pred.ndim == 3 and y_pred.shape[-1] == 1):
            raise ValueError("ConfusionMatrixMetric.update: calculation_method=True needs inputs "
                             "with spatial dimensions (N, C, H, ...), but got shape %s (MindSpore "
                             "2.10 cannot compute it either)" % (y_pred.shape,))
        if self.decrease == "mean_batch":
            raise TypeError("ConfusionMatrixMetric.update: decrease='mean_batch' with "
                            "calculation_method=True fails in MindSpore 2.10; use 'mean' or "
                            "'sum'")
        score, count = _reduce(_metric(_metric_key(self.metric_name), counts), self.decrease)
        score, count = np.asarray(score), np.asarray(count)
        if score.size != 1:
            raise ValueError("ConfusionMatrixMetric.update: decrease=%r gives %s scores per "
                             "batch, which cannot be accumulated (MindSpore 2.10 raises too); "
                             "use 'mean' or 'sum'" % (self.decrease, score.shape))
        count = int(count.item())
        self._score_sum += score.item() * count
        self._score_count += count

    def eval(self):
        """eval(): the metric (see the class description)."""
        if self.calculation_method:
            if self._score_count == 0:
                raise RuntimeError("ConfusionMatrixMetric: cannot be calculated, the number of "
                                   "samples is 0: call update before eval (or every score was "
                                   "NaN)")
            return self._score_sum / self._score_count
        return _metric(_metric_key(self.metric_name), self._totals)
