"""RootMeanSquareDistance: the mean squared (symmetric: root mean square) distance between
label surfaces."""
import numpy as np

from mindcell.train.metrics.mean_surface_distance import MeanSurfaceDistance

__all__ = ["RootMeanSquareDistance"]


class RootMeanSquareDistance(MeanSurfaceDistance):
    r"""RootMeanSquareDistance(symmetric=False, distance_metric='euclidean'): the residual mean
    square distance between the surface of a label in the prediction and in the ground truth.

    Surfaces and distances are those of :class:`HausdorffDistance`. As in MindSpore, the
    one-directional metric is the mean of the squared distances from the prediction's surface
    to the truth's (no square root); with ``symmetric`` it is the square root of the mean of
    both directions' means. It is ``inf`` when a surface it needs is empty.

    Args:
        symmetric (bool): combine both directions. Default: ``False``.
        distance_metric (str): ``'euclidean'``, ``'chessboard'`` or ``'taxicab'``. Default:
            ``'euclidean'``.

    Raises:
        TypeError: an argument of the wrong type, or (in ``update``) a label index that is not
            a number.
        ValueError: ``distance_metric`` unknown; in ``update``: not 3 inputs, a label index in
            neither map, or maps of different shapes or empty.
        RuntimeError: ``eval`` before ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = np.array([[3, 0, 1], [1, 1, 0], [0, 0, 1]])
        >>> y = np.array([[0, 2, 1], [1, 1, 2], [1, 0, 0]])
        >>> metric = ms.train.RootMeanSquareDistance(symmetric=False)
        >>> metric.update(x, y, 0)
        >>> print(round(float(metric.eval()), 4))
        0.75
    """

    _label_error = TypeError
    _squared = True

    @staticmethod
    def _combine(forward, backward):
        return np.sqrt(np.mean((forward, backward)))
