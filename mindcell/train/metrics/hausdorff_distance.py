"""HausdorffDistance: the largest (or a percentile) distance between two label surfaces."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics import _surface
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["HausdorffDistance"]


class HausdorffDistance(Metric):
    r"""HausdorffDistance(distance_metric='euclidean', percentile=None, directed=False,
    crop=True): the Hausdorff distance between the surface of a label in the prediction and
    in the ground truth.

    The surface of a label mask is the set of its voxels that a binary erosion removes. The
    directed distance from surface :math:`A` to :math:`B` is the largest distance from a voxel
    of :math:`A` to the nearest voxel of :math:`B` (with ``percentile``, that percentile of
    the distances instead); the metric is the larger of the two directions unless
    ``directed``. It is ``inf`` when the prediction's surface is empty (or the truth's, as
    the distance to it).

    ``update(y_pred, y, label_idx)`` takes two label maps of one shape (no batch axis) and the
    label; ``eval()`` returns the distance (a numpy float64, an int32 for the chamfer
    metrics).

    Args:
        distance_metric (str): ``'euclidean'``, ``'chessboard'`` or ``'taxicab'``. Default:
            ``'euclidean'``.
        percentile (float): in [0, 100]: the percentile of the distances in place of their
            maximum. Default: ``None``.
        directed (bool): only the distance from the prediction to the truth. Default:
            ``False``.
        crop (bool): crop both maps to the bounding box of the label's voxels first. Default:
            ``True``.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``distance_metric`` unknown, ``percentile`` outside [0, 100] (at ``eval``);
            in ``update``: not 3 inputs, a label index that is not a number or in neither map,
            or maps of different shapes or empty.
        RuntimeError: ``eval`` before ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = np.array([[3, 0, 1], [1, 1, 0], [0, 0, 1]])
        >>> y = np.array([[0, 2, 1], [1, 1, 2], [1, 0, 0]])
        >>> metric = ms.train.HausdorffDistance()
        >>> metric.update(x, y, 0)
        >>> print(round(float(metric.eval()), 4))
        1.0
    """

    def __init__(self, distance_metric="euclidean", percentile=None, directed=False,
                 crop=True):
        super().__init__()
        self.distance_metric = _surface.check_distance_metric(distance_metric)
        self.percentile = None if percentile is None else \
            validator.check_value_type("percentile", percentile, [float])
        # (None is accepted, as in MindSpore, and counts as False)
        self.directed = directed if directed is None else \
            validator.check_value_type("directed", directed, [bool])
        self.crop = crop if crop is None else validator.check_value_type("crop", crop, [bool])
        self.clear()

    def clear(self):
        """Forget the maps."""
        self.y_pred_edges = 0
        self.y_edges = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, *inputs):
        """update(y_pred, y, label_idx): the two label maps and the label compared."""
        self._is_update = True
        y_pred, y = _surface.masks(self, inputs)
        if self.crop:
            if not np.any(y_pred | y):
                self.y_pred_edges, self.y_edges = np.zeros_like(y_pred), np.zeros_like(y)
                return
            where = np.nonzero(y_pred | y)
            box = tuple(slice(int(i.min()), int(i.max()) + 1) for i in where)
            y_pred, y = y_pred[box], y[box]
            # (MindSpore squeezes the cropped maps: a box one voxel thick loses that axis)
            y_pred, y = np.squeeze(y_pred), np.squeeze(y)
        self.y_pred_edges, self.y_edges = _surface.edges(y_pred), _surface.edges(y)

    def _directed(self, from_edges, to_edges):
        dist = _surface.surface_distances(from_edges, to_edges, self.distance_metric)
        if dist.shape == (0,):
            return np.inf
        if not self.percentile:
            return dist.max()
        if 0 <= self.percentile <= 100:
            return np.percentile(dist, self.percentile)
        raise ValueError("For 'HausdorffDistance', the value of the argument 'percentile' must "
                         "be [0, 100], but got {}.".format(self.percentile))

    def eval(self):
        """eval(): the Hausdorff distance."""
        if not self._is_update:
            raise _surface.not_updated()
        forward = self._directed(self.y_pred_edges, self.y_edges)
        if self.directed:
            return forward
        return max(forward, self._directed(self.y_edges, self.y_pred_edges))
