"""CosineSimilarity: the pairwise similarity matrix of a batch of vectors."""
import numpy as np

from mindcell import _checkparam as validator
from mindcell.train.metrics.metric import Metric, rearrange_inputs

__all__ = ["CosineSimilarity"]


class CosineSimilarity(Metric):
    r"""CosineSimilarity(similarity='cosine', reduction='none', zero_diagonal=True): the
    similarity of every pair of rows of the last input, :math:`S_{ij} = x_i \cdot x_j` (
    ``'dot'``), or of the rows scaled to unit L2 norm (``'cosine'``).

    ``update(inputs)`` takes a 2-D batch ``(N, D)`` (a later ``update`` replaces it);
    ``eval()`` returns the ``(N, N)`` matrix, with a zero diagonal if ``zero_diagonal``,
    reduced over its last axis by ``reduction`` (``'sum'``, ``'mean'``; ``'none'`` keeps
    the matrix).

    Args:
        similarity (str): ``'cosine'`` or ``'dot'``. Default: ``'cosine'``.
        reduction (str): ``'none'``, ``'sum'`` or ``'mean'``. Default: ``'none'``.
        zero_diagonal (bool): set the self-similarities to 0. Default: ``True``.

    Raises:
        TypeError: an argument of the wrong type.
        ValueError: ``similarity`` or ``reduction`` is not one of its values.
        RuntimeError: ``eval`` before ``update``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> metric = ms.train.CosineSimilarity()
        >>> metric.update(np.array([[1.0, 0.0], [1.0, 1.0], [0.0, 2.0]]))
        >>> print(np.round(metric.eval(), 4))
        [[0.     0.7071 0.    ]
         [0.7071 0.     0.7071]
         [0.     0.7071 0.    ]]
    """

    def __init__(self, similarity="cosine", reduction="none", zero_diagonal=True):
        super().__init__()
        similarity = validator.check_value_type("similarity", similarity, [str])
        self.similarity = validator.check_string(similarity, ["dot", "cosine"], "similarity")
        reduction = validator.check_value_type("reduction", reduction, [str])
        self.reduction = validator.check_string(reduction, ["none", "sum", "mean"], "reduction")
        self.zero_diagonal = validator.check_value_type("zero_diagonal", zero_diagonal, [bool])
        self.clear()

    def clear(self):
        """Forget the batch."""
        self.sqr_mtx_res = 0
        self._is_update = False

    @rearrange_inputs
    def update(self, inputs):
        """update(inputs): the 2-D batch whose rows are compared."""
        data = self._convert_data(inputs)
        if self.similarity == "cosine":
            data = data / np.expand_dims(np.linalg.norm(data, ord=2, axis=1), 1)
        self.sqr_mtx_res = np.dot(data, data.T)
        self._is_update = True

    def eval(self):
        """eval(): the similarity matrix, or its row sums or means (a numpy array)."""
        if not self._is_update:
            raise RuntimeError("Please call the 'update' method before calling 'eval' method.")
        result = np.array(self.sqr_mtx_res)
        if self.zero_diagonal:
            np.fill_diagonal(result, 0)
        if self.reduction == "mean":
            return np.mean(result, axis=-1)
        if self.reduction == "sum":
            return np.sum(result, axis=-1)
        return result
