"""More loss cells over the functional losses: HuberLoss, KLDivLoss, CosineEmbeddingLoss,
MarginRankingLoss, SoftMarginLoss, MultiMarginLoss."""
from mindcell.nn.loss.loss import LossBase
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_number, check_reduction


class HuberLoss(LossBase):
    """HuberLoss(reduction='mean', delta=1.0): ``0.5 d ** 2`` where ``|d| < delta``, else
    ``delta * (|d| - 0.5 delta)``, with ``d = logits - labels``.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.
        delta (Union[int, float]): the threshold between the quadratic and the linear part,
            positive. Default: ``1.0``.

    Inputs:
        logits (Tensor): the predictions, a float Tensor.
        labels (Tensor): the targets, broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the broadcast shape for 'none'.

    Raises:
        TypeError: ``delta`` is not a number.
        ValueError: ``delta`` is not positive or ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([0.5, 3.0], np.float32))
        >>> labels = ms.Tensor(np.zeros(2, np.float32))
        >>> print(ms.nn.HuberLoss(reduction="none", delta=2.0)(logits, labels))
        [0.125 4.   ]
    """

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        if check_number(delta, "HuberLoss", "delta") <= 0:
            raise ValueError("HuberLoss: 'delta' must be positive, but got %r" % (delta,))
        self.delta = delta

    def construct(self, logits, labels):
        return F.huber_loss(logits, labels, self.reduction, self.delta)


class KLDivLoss(LossBase):
    """KLDivLoss(reduction='mean'): the Kullback-Leibler divergence
    ``labels * (log(labels) - logits)`` of log-probability ``logits`` and probability labels.

    Args:
        reduction (str): ``'none'``, ``'sum'``, ``'mean'`` (over all elements) or
            ``'batchmean'`` (the sum divided by the batch size). Default: ``'mean'``.

    Inputs:
        logits (Tensor): log-probabilities, a float Tensor.
        labels (Tensor): probabilities, the shape of ``logits``.

    Outputs:
        Tensor, the shape of ``logits`` for 'none', else a scalar.

    Raises:
        ValueError: ``reduction`` is not one of the four.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.log(np.array([[0.5, 0.5]], np.float32)))
        >>> labels = ms.Tensor(np.array([[0.9, 0.1]], np.float32))
        >>> print(ms.nn.KLDivLoss(reduction="batchmean")(logits, labels))
        0.36806417
    """

    def __init__(self, reduction="mean"):
        # MindSpore's KLDivLoss calls LossBase.__init__() with its default reduction ('mean'),
        # whatever 'reduction' is (average/reduce True/True): construct does not read them
        super().__init__()
        self.reduction = check_reduction(reduction, "KLDivLoss",
                                         ("none", "sum", "mean", "batchmean"), ValueError)

    def construct(self, logits, labels):
        return F.kl_div(logits, labels, self.reduction)


class CosineEmbeddingLoss(LossBase):
    """CosineEmbeddingLoss(margin=0.0, reduction='mean'): ``1 - cos(x1, x2)`` for the label 1,
    ``max(0, cos(x1, x2) - margin)`` for the label -1, the cosine over the last dim.

    Args:
        margin (float): in [-1, 1]. Default: ``0.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits_x1 (Tensor): a float Tensor of shape (N, D).
        logits_x2 (Tensor): the second one, the shape of ``logits_x1``.
        labels (Tensor): (N,) values 1 or -1.

    Outputs:
        Tensor, the (N,) losses for 'none', else a scalar.

    Raises:
        TypeError: ``margin`` is not a number.
        ValueError: ``margin`` is outside [-1, 1] or ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x1 = ms.Tensor(np.array([[1.0, 0.0], [1.0, 1.0]], np.float32))
        >>> x2 = ms.Tensor(np.array([[0.0, 1.0], [1.0, 1.0]], np.float32))
        >>> labels = ms.Tensor(np.array([1, -1], np.int32))
        >>> print(ms.nn.CosineEmbeddingLoss(reduction="none")(x1, x2, labels))
        [1. 1.]
    """

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = check_number(margin, "CosineEmbeddingLoss", "margin", -1.0, 1.0)

    def construct(self, logits_x1, logits_x2, labels):
        return F.cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin, self.reduction)


class MarginRankingLoss(LossBase):
    """MarginRankingLoss(margin=0.0, reduction='mean'): ``max(0, -target * (input1 - input2) +
    margin)``: the loss of ranking ``input1`` above ``input2`` (target 1) or below (-1).

    Args:
        margin (float): the required gap. Default: ``0.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        input1 (Tensor): a float Tensor.
        input2 (Tensor): the shape and dtype of ``input1``.
        target (Tensor): 1 or -1, the shape and dtype of ``input1``.

    Outputs:
        Tensor, the shape of ``input1`` for 'none', else a scalar.

    Raises:
        TypeError: ``margin`` is not a number.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([3.0, 1.0], np.float32))
        >>> b = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> target = ms.Tensor(np.array([1.0, 1.0], np.float32))
        >>> print(ms.nn.MarginRankingLoss(margin=0.5, reduction="none")(a, b, target))
        [0.  1.5]
    """

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = check_number(margin, "MarginRankingLoss", "margin")

    def construct(self, input1, input2, target):
        return F.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class SoftMarginLoss(LossBase):
    """SoftMarginLoss(reduction='mean'): the two-class logistic loss
    ``log(1 + exp(-labels * logits))`` for labels 1 or -1.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits (Tensor): a float Tensor.
        labels (Tensor): 1 or -1, the shape and dtype of ``logits``.

    Outputs:
        Tensor, the shape of ``logits`` for 'none', else a scalar.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([2.0, -1.0], np.float32))
        >>> labels = ms.Tensor(np.array([1.0, 1.0], np.float32))
        >>> print(ms.nn.SoftMarginLoss(reduction="none")(logits, labels))
        [0.126928  1.3132617]
    """

    def construct(self, logits, labels):
        return F.soft_margin_loss(logits, labels, self.reduction)


class MultiMarginLoss(LossBase):
    """MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None): the multi-class hinge loss
    of (N, C) scores and class indices.

    The loss of sample n is ``sum_{i != y} max(0, margin - x[y] + x[i]) ** p / C`` (each term
    times ``weight[y]``), ``y = target[n]``.

    Args:
        p (int): 1 or 2. Default: ``1``.
        margin (float): the required gap. Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.
        weight (Tensor, optional): a (C,) weight per class. Default: ``None``.

    Inputs:
        x (Tensor): the scores, a float Tensor of shape (N, C).
        target (Tensor): int class indices of shape (N,).
        weight (Tensor, optional): replaces the constructor's ``weight``. Default: ``None``.

    Outputs:
        Tensor, the (N,) losses for 'none', else a scalar.

    Raises:
        ValueError: ``p`` is not 1 or 2, or ``reduction`` is not one of the three.
        TypeError: ``margin`` is not a number.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[0.1, 0.2, 0.4], [0.9, 0.1, 0.1]], np.float32))
        >>> target = ms.Tensor(np.array([2, 0], np.int64))
        >>> print(ms.nn.MultiMarginLoss(reduction="none")(x, target))
        [0.5        0.13333337]
    """

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__(reduction)
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError("MultiMarginLoss: 'p' must be 1 or 2, but got %r" % (p,))
        self.p, self.margin = p, check_number(margin, "MultiMarginLoss", "margin")
        self.weight = weight
        self.multi_margin_loss = P.MultiMarginLoss(p, margin, self.reduction)  # as MindSpore

    def construct(self, x, target, weight=None):
        w = weight if weight is not None else self.weight
        return F.multi_margin_loss(x, target, self.p, self.margin, w, self.reduction)
