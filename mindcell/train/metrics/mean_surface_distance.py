"""MeanSurfaceDistance: the mean distance from one label surface to another."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics import _surface
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["MeanSurfaceDistance"]


class MeanSurfaceDistance(Metric):
    r"""MeanSurfaceDistance(symmetric=False, distance_metric='euclidean'): the mean distance
    from the surface of a label in the prediction to its surface in the ground truth.

    Surfaces and distances are those of :class:`HausdorffDistance`. The metric is the mean of
    the distances from the prediction's surface voxels to the truth's surface; with
    ``symmetric``, the mean of that and of the reverse direction's mean. It is ``inf`` when a
    surface it needs is empty.

    Args:
        symmetric (bool): average both directions. Default: ``False``.
        distance_metric (str): ``'euclidean'``, ``'chessboard'`` or ``'taxicab'``. Default:
            ``'euclidean'``.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``distance_metric`` unknown; in ``update``: not 3 inputs, a label index
            that is not a number or in neither map, or maps of different shapes or empty.
        RuntimeError: ``eval`` before ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = np.array([[3, 0, 1], [1, 1, 0], [0, 0, 1]])
        >>> y = np.array([[0, 2, 1], [1, 1, 2], [1, 0, 0]])
        >>> metric = ms.train.MeanSurfaceDistance(symmetric=False, distance_metric="euclidean")
        >>> metric.update(x, y, 0)
        >>> print(round(float(metric.eval()), 4))
        0.75
    """

    _label_error = ValueError
    _squared = False

    def __init__(self, symmetric=False, distance_metric="euclidean"):
        super().__init__()
        self.distance_metric_list = list(_surface.DISTANCE_METRICS)
        self.distance_metric = _surface.check_distance_metric(distance_metric)
        self.symmetric = validator.check_value_type("symmetric", symmetric, [bool])
        self.clear()

    def clear(self):
        """Forget the maps."""
        self._y_pred_edges = 0
        self._y_edges = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y, label_idx): the two label maps and the label compared."""
        y_pred, y = _surface.masks(self, inputs, self._label_error)
        self._y_pred_edges, self._y_edges = _surface.edges(y_pred), _surface.edges(y)
        self._is_update = True

    def _mean(self, from_edges, to_edges):
        dist = _surface.surface_distances(from_edges, to_edges, self.distance_metric)
        if dist.shape == (0,):
            return None
        return (dist ** 2).mean() if self._squared else dist.mean()

    def eval(self):
        """eval(): the mean surface distance (a numpy float64, or ``inf``)."""
        if not self._is_update:
            raise _surface.not_updated()
        forward = self._mean(self._y_pred_edges, self._y_edges)
        if forward is None:
            return np.inf
        if not self.symmetric:
            return forward
        backward = self._mean(self._y_edges, self._y_pred_edges)
        if backward is None:
            return np.inf
        return self._combine(forward, backward)

    @staticmethod
    def _combine(forward, backward):
        return np.mean((forward, backward))
