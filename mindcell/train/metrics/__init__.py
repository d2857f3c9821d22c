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
from mindcell.train.metrics.bleu_score import BleuScore
from mindcell.train.metrics.cosine_similarity import CosineSimilarity
from mindcell.train.metrics.perplexity import Perplexity
from mindcell.train.metrics.hausdorff_distance import HausdorffDistance
from mindcell.train.metrics.mean_surface_distance import MeanSurfaceDistance
from mindcell.train.metrics.root_mean_square_surface_distance import RootMeanSquareDistance
from mindcell.train.metrics.occlusion_sensitivity import OcclusionSensitivity

__all__ = ["Metric", "rearrange_inputs", "Accuracy", "TopKCategoricalAccuracy",
           "Top1CategoricalAccuracy", "Top5CategoricalAccuracy", "Precision", "Recall", "Fbeta",
           "F1", "MAE", "MSE", "Loss", "ROC", "auc", "Dice", "ConfusionMatrix",
           "ConfusionMatrixMetric", "BleuScore", "CosineSimilarity", "Perplexity",
           "HausdorffDistance", "MeanSurfaceDistance", "RootMeanSquareDistance",
           "OcclusionSensitivity", "names", "get_metric_fn"]

# MindSpore 2.10's names (ms-oracle: mindspore.train.names())
_NAMES = {"accuracy": Accuracy, "acc": Accuracy, "precision": Precision, "recall": Recall,
          "F1": F1, "dice": Dice, "roc": ROC, "auc": auc, "bleu_score": BleuScore,
          "cosine_similarity": CosineSimilarity, "occlusion_sensitivity": OcclusionSensitivity,
          "topk": TopKCategoricalAccuracy, "hausdorff_distance": HausdorffDistance,
          "top_1_accuracy": Top1CategoricalAccuracy, "top_5_accuracy": Top5CategoricalAccuracy,
          "mae": MAE, "mse": MSE, "loss": Loss, "mean_surface_distance": MeanSurfaceDistance,
          "root_mean_square_distance": RootMeanSquareDistance, "perplexity": Perplexity,
          "confusion_matrix": ConfusionMatrix, "confusion_matrix_metric": ConfusionMatrixMetric}


def names():
    """names(): the metric names :func:`get_metric_fn` and ``Model(metrics=...)`` accept.

    Returns:
        list[str], sorted.

    Examples:
        >>> import mindcell as ms
        >>> ms.train.names()[:4]
        ['F1', 'acc', 'accuracy', 'auc']
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


def get_metrics(metrics):
    """get_metrics(metrics): the metrics ``Model(metrics=...)`` uses, from a set of names or a
    dict of metrics.

    Args:
        metrics (Union[set[str], dict[str, Metric], None]): names (see :func:`names`), each made
            with :func:`get_metric_fn` and its default arguments, or metrics by name.

    Returns:
        dict[str, Metric] (a dict argument itself), or None for None.

    Raises:
        TypeError: ``metrics`` is neither None, a dict nor a set, or a dict's key is not a str or
            its value not a Metric.
        KeyError: a name is unknown.

    Examples:
        >>> import mindcell as ms
        >>> metrics = ms.nn.get_metrics({"acc", "perplexity"})
        >>> sorted((k, type(v).__name__) for k, v in metrics.items())
        [('acc', 'Accuracy'), ('perplexity', 'Perplexity')]
    """
    if metrics is None:
        return metrics
    if isinstance(metrics, dict):
        for name, metric in metrics.items():
            if not isinstance(name, str) or not isinstance(metric, Metric):
                raise TypeError("For 'get_metrics', if 'metrics' is dict, the key in 'metrics' "
                                "must be string and value in 'metrics' must be Metric, but got "
                                "key:{}, value:{}.".format(type(name), type(metric)))
        return metrics
    if isinstance(metrics, set):
        return {name: get_metric_fn(name) for name in metrics}
    raise TypeError("For 'get_metrics', the argument 'metrics' must be None, dict or set, but got "
                    "{}".format(metrics))


def _alias_on_nn():
    """MindSpore 1.x paths: ``mindcell.nn.metrics`` is this module and ``nn.Accuracy`` ... its
    metrics. Set from here because ``nn`` is a lower layer that cannot import ``train``."""
    import sys
    from mindcell import nn
    sys.modules["mindcell.nn.metrics"] = sys.modules[__name__]
    for loaded in [n for n in sys.modules if n.startswith(__name__ + ".")]:
        # ``mindcell.nn.metrics.metric`` is the loaded submodule, not a second copy of its classes
        sys.modules.setdefault("mindcell.nn.metrics" + loaded[len(__name__):], sys.modules[loaded])
    nn.metrics = sys.modules[__name__]
    for name in __all__ + ["get_metrics"]:  # (not in MindSpore's train.metrics.__all__)
        setattr(nn, name, globals()[name])


_alias_on_nn()
