"""``mindcell.train.metrics`` (MindSpore's ``mindspore.train.metrics``): evaluation metrics for
``Model(metrics=...)`` and ``Model.eval``; ``get_metric_fn(name)`` makes one by name."""
from mindcell.train.metrics.metric import Metric, rearrange_inputs
from mindcell.train.metrics.classification import (Accuracy, TopKCategoricalAccuracy,
                                                   Top1CategoricalAccuracy,
                                                   Top5CategoricalAccuracy, Precision, Recall,
                                                   Fbeta, F1)
from mindcell.train.metrics.regression import MAE, MSE, Loss
from mindcell.train.metrics.roc import ROC, auc
from mindcell.train.metrics.overlap import Dice, ConfusionMatrix
from mindcell.train.metrics.confusion_metric import ConfusionMatrixMetric

__all__ = ["Metric", "rearrange_inputs", "Accuracy", "TopKCategoricalAccuracy",
           "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "Precision", "Recall", "Fbeta",
           "F1", "MAE", "MSE", "Loss", "ROC", "auc", "Dice", "ConfusionMatrix",
           "ConfusionMatrixMetric", "names",
           "get_metric_fn"]

_NAMES = {"accuracy": Accuracy, "acc": Accuracy, "loss": Loss, "mae": MAE, "mse": MSE,
          "precision": Precision, "recall": Recall, "F1": F1,
          "top_1_accuracy": Top1CategoricalAccuracy, "top_5_accuracy": Top5CategoricalAccuracy,
          "dice": Dice, "roc": ROC}


def names():
    """names(): the metric names :func:`get_metric_fn` and ``Model(metrics=...)`` accept.

    Returns:
        list[str], sorted.

    Examples:
        >>> import mindcell as ms
        >>> ms.train.names()[:4]
        ['F1', 'acc', 'accuracy', 'dice']
    """
    return sorted(_NAMES)


def get_metric_fn(name, *args, **kwargs):
    """get_metric_fn(name, *args, **kwargs): a new metric of that name.

    Args:
        name (str): one of :func:`names` (``'accuracy'``, ``'mae'``, ``'top_5_accuracy'`` ...).
        args, kwargs: the metric's constructor arguments.

    Returns:
        Metric, a new instance.

    Raises:
        KeyError: ``name`` is unknown.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.get_metric_fn("accuracy", eval_type="classification")
        >>> metric(np.array([[0.2, 0.8], [0.6, 0.4]]), np.array([1, 1]))
        0.5
    """
    if name not in _NAMES:
        raise KeyError("get_metric_fn: unknown metric %r; known: %s" % (name, names()))
    return _NAMES[name](*args, **kwargs)


def _alias_on_nn():
    """MindSpore 1.x paths: ``mindcell.nn.metrics`` is this module and ``nn.Accuracy`` ... its
    metrics. Set from here because ``nn`` is a lower layer that cannot import ``train``."""
    import sys
    from mindcell import nn
    sys.modules["mindcell.nn.metrics"] = sys.modules[__name__]
    nn.metrics = sys.modules[__name__]
    for name in __all__:
        setattr(nn, name, globals()[name])


_alias_on_nn()
