"""Loss cells (MindSpore names and defaults) over the functional losses."""
from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_reduction
from mindcell.ops.function.loss_func import reduce_loss


class LossBase(Cell):
    """LossBase(reduction='mean'): base of losses; ``get_loss(x, weights=1.0)`` reduces.

    Like MindSpore's, it holds ``average``/``reduce`` (False/True for 'sum', True/True for
    'mean', True/False for 'none') and the primitives ``reduce_mean``, ``reduce_sum``, ``mul``
    and ``cast`` that subclasses call."""

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = check_reduction(reduction, type(self).__name__, type_error=ValueError)
        self.average = self.reduction != "sum"
        self.reduce = self.reduction != "none"
        self.reduce_mean, self.reduce_sum = P.ReduceMean(), P.ReduceSum()
        self.mul, self.cast = P.Mul(), P.Cast()

    def get_loss(self, x, weights=1.0):
        """Weight and reduce an elementwise loss according to ``reduction``."""
        if not (isinstance(weights, (int, float)) and weights == 1.0):
            x = F.mul(x, weights)
        return reduce_loss(x, self.reduction, type(self).__name__)

    def extend_repr(self):
        return "reduction=%s" % self.reduction


class MSELoss(LossBase):
    """MSELoss(reduction='mean'): (logits - labels)^2."""

    def construct(self, logits, labels):
        return F.mse_loss(logits, labels, self.reduction)


class L1Loss(LossBase):
    """L1Loss(reduction='mean'): ``|logits - labels|``, reduced by ``reduction``."""

    def construct(self, logits, labels):
        return F.l1_loss(logits, labels, self.reduction)


class SmoothL1Loss(LossBase):
    """SmoothL1Loss(beta=1.0, reduction='none')."""

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        self.beta = beta

    def construct(self, logits, labels):
        return F.smooth_l1_loss(logits, labels, self.beta, self.reduction)


class SoftmaxCrossEntropyWithLogits(LossBase):
    """SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none'): cross-entropy of
    (N, C) logits with one-hot/probability labels, or class indices when ``sparse``."""

    def __init__(self, sparse=False, reduction="none"):
        super().__init__(reduction)
        self.sparse = bool(sparse)
        # MindSpore's primitives for the two label forms
        self.softmax_cross_entropy = P.SoftmaxCrossEntropyWithLogits()
        self.sparse_softmax_cross_entropy = P.SparseSoftmaxCrossEntropyWithLogits()
        self.one_hot = P.OneHot(-1)
        self.on_value = Tensor(1.0, mstype.float32)
        self.off_value = Tensor(0.0, mstype.float32)
        self.is_cpugpu = True

    def construct(self, logits, labels):
        if self.sparse:
            loss = F.sparse_softmax_cross_entropy(logits, labels)
        else:
            loss = F.softmax_cross_entropy(logits, labels)
        return reduce_loss(loss, self.reduction, "SoftmaxCrossEntropyWithLogits")


class CrossEntropyLoss(LossBase):
    """CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0)."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean", label_smoothing=0.0):
        super().__init__(reduction)
        if not 0.0 <= label_smoothing <= 1.0:
            raise ValueError("CrossEntropyLoss: 'label_smoothing' must be in [0, 1], but got %r"
                             % (label_smoothing,))
        self.weight, self.ignore_index = weight, ignore_index
        self.label_smoothing = label_smoothing

    def construct(self, logits, labels):
        return F.cross_entropy(logits, labels, self.weight, self.ignore_index, self.reduction,
                               self.label_smoothing)


class NLLLoss(LossBase):
    """NLLLoss(weight=None, ignore_index=-100, reduction='mean')."""

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight, self.ignore_index = weight, ignore_index

    def construct(self, logits, labels):
        return F.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class BCELoss(LossBase):
    """BCELoss(weight=None, reduction='mean'): inputs are probabilities."""

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        return F.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None)."""

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, logits, labels):
        return F.binary_cross_entropy_with_logits(logits, labels, self.weight, self.pos_weight,
                                                  self.reduction)
