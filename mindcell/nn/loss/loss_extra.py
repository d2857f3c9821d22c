"""More loss cells over the functional losses: HuberLoss, KLDivLoss, CosineEmbeddingLoss,
MarginRankingLoss, SoftMarginLoss, MultiMarginLoss."""
from mindcell.nn.cell import Cell
from mindcell.nn.loss.loss import LossBase
from mindcell.ops import functional as F
from mindcell.ops._errors import check_number, check_reduction


class HuberLoss(LossBase):
    """HuberLoss(reduction='mean', delta=1.0): ``0.5 d**2`` where ``abs(d) < delta``, else
    ``delta (abs(d) - 0.5 delta)``."""

    def __init__(self, reduction="mean", delta=1.0):
        super().__init__(reduction)
        if check_number(delta, "HuberLoss", "delta") <= 0:
            raise ValueError("HuberLoss: 'delta' must be positive, but got %r" % (delta,))
        self.delta = delta

    def construct(self, logits, labels):
        return F.huber_loss(logits, labels, self.reduction, self.delta)


class KLDivLoss(Cell):
    """KLDivLoss(reduction='mean'): labels * (log(labels) - logits) for log-probability
    ``logits``; reduction 'none', 'sum', 'mean' or 'batchmean'."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = check_reduction(reduction, "KLDivLoss",
                                         ("none", "sum", "mean", "batchmean"), ValueError)

    def construct(self, logits, labels):
        return F.kl_div(logits, labels, self.reduction)


class CosineEmbeddingLoss(LossBase):
    """CosineEmbeddingLoss(margin=0.0, reduction='mean'): 1 - cos(x1, x2) for labels 1,
    max(0, cos(x1, x2) - margin) for labels -1."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = check_number(margin, "CosineEmbeddingLoss", "margin", -1.0, 1.0)

    def construct(self, logits_x1, logits_x2, labels):
        return F.cosine_embedding_loss(logits_x1, logits_x2, labels, self.margin, self.reduction)


class MarginRankingLoss(LossBase):
    """MarginRankingLoss(margin=0.0, reduction='mean'): max(0, -target (x1 - x2) + margin)."""

    def __init__(self, margin=0.0, reduction="mean"):
        super().__init__(reduction)
        self.margin = check_number(margin, "MarginRankingLoss", "margin")

    def construct(self, input1, input2, target):
        return F.margin_ranking_loss(input1, input2, target, self.margin, self.reduction)


class SoftMarginLoss(LossBase):
    """SoftMarginLoss(reduction='mean'): log(1 + exp(-labels * logits))."""

    def construct(self, logits, labels):
        return F.soft_margin_loss(logits, labels, self.reduction)


class MultiMarginLoss(LossBase):
    """MultiMarginLoss(p=1, margin=1.0, reduction='mean', weight=None): multi-class hinge loss
    of (N, C) scores and class indices."""

    def __init__(self, p=1, margin=1.0, reduction="mean", weight=None):
        super().__init__(reduction)
        if p not in (1, 2) or isinstance(p, bool):
            raise ValueError("MultiMarginLoss: 'p' must be 1 or 2, but got %r" % (p,))
        self.p, self.margin = p, check_number(margin, "MultiMarginLoss", "margin")
        self.weight = weight

    def construct(self, x, target, weight=None):
        w = weight if weight is not None else self.weight
        return F.multi_margin_loss(x, target, self.p, self.margin, w, self.reduction)
