"""Perplexity: the exponential of the mean negative log-probability of the labels."""
import math

import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["Perplexity"]


class Perplexity(Metric):
    r"""Perplexity(ignore_label=None): the perplexity of predicted class probabilities,
    :math:`\exp\big(-\frac{1}{N}\sum_i \log \max(10^{-10}, p_{i, y_i})\big)` over every label
    :math:`y_i` updated (labels equal to ``ignore_label`` are left out).

    ``update(preds, labels)`` adds predictions of shape ``(..., C)`` (class probabilities; the
    leading axes are read as rows) and their labels (``preds.size / C`` of them); ``eval()``
    returns a float.

    Args:
        ignore_label (Union[int, None]): a label to leave out. Default: ``None``.

    Raises:
        TypeError: ``ignore_label`` is not an int or None.
        ValueError: ``update`` does not get 2 inputs.
        RuntimeError: the labels do not match the predictions' rows, or ``eval`` with no label
            counted.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.Perplexity(ignore_label=None)
        >>> metric.update(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.6]]), np.array([1, 0, 1]))
        >>> print(round(metric.eval(), 4))
        2.2314
    """

    def __init__(self, ignore_label=None):
        super().__init__()
        self.ignore_label = None if ignore_label is None else \
            validator.check_value_type("ignore_label", ignore_label, [int])
        self.clear()

    def clear(self):
        """Forget every prediction."""
        self._sum_metric = 0.0
        self._num_inst = 0

    @rearrange_inputs
    def update(self, *inputs):
        """update(preds, labels): add one batch."""
        if len(inputs) != 2:
            raise ValueError("For 'Perplexity.update', it needs 2 inputs (predicted value, "
                             "label), but got {}.".format(len(inputs)))
        pred, label = self._convert_data(inputs[0]), self._convert_data(inputs[1])
        if pred.ndim == 0 or label.size != pred.size / pred.shape[-1]:
            raise RuntimeError("For 'Perplexity.update', predicted value (input[0]) and label "
                               "(input[1]) should have the same shape, but got predicted value "
                               "shape {}, label shape {}.".format(pred.shape, label.shape))
        label = label.reshape(-1)
        rows = pred.reshape(-1, pred.shape[-1])
        picked = rows[np.arange(label.size), label.astype(int)]
        num = picked.size
        if self.ignore_label is not None:
            ignore = (label == self.ignore_label).astype(picked.dtype)
            num -= int(np.sum(ignore))
            picked = picked * (1 - ignore) + ignore
        self._sum_metric -= float(np.sum(np.log(np.maximum(1e-10, picked))))
        self._num_inst += num

    def eval(self):
        """eval(): the perplexity, a float."""
        if self._num_inst == 0:
            raise RuntimeError("The 'Perplexity' can not be calculated, because the number of "
                               "samples is 0, please check whether the update method has been "
                               "called before calling eval method.")
        return math.exp(self._sum_metric / self._num_inst)
