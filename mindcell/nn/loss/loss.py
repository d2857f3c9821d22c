"""Loss cells (MindSpore names and defaults) over the functional losses."""
import logging

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_reduction
from mindcell.ops._helpers import check_same_input_dtypes
from mindcell.ops.function.loss_func import reduce_loss


class LossBase(Cell):
    """LossBase(reduction='mean'): the base class of the loss cells; ``get_loss(x, weights=1.0)``
    weights and reduces an elementwise loss.

    Like MindSpore's, it holds ``average``/``reduce`` (False/True for 'sum', True/True for
    'mean', True/False for 'none') and the primitives ``reduce_mean``, ``reduce_sum``, ``mul``
    and ``cast`` that subclasses call. A custom loss subclasses it, computes the elementwise
    loss in ``construct`` and returns ``self.get_loss(loss)``.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> class CubeLoss(ms.nn.LossBase):
        ...     def construct(self, logits, labels):
        ...         return self.get_loss(ms.ops.abs(logits - labels) ** 3)
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> print(CubeLoss(reduction="sum")(x, ms.Tensor(np.zeros(2, np.float32))))
        9.0
    """

    def __init__(self, reduction="mean"):
        super().__init__()
        self.reduction = check_reduction(reduction, type(self).__name__, type_error=ValueError)
        self.average = self.reduction != "sum"
        self.reduce = self.reduction != "none"
        self.reduce_mean, self.reduce_sum = P.ReduceMean(), P.ReduceSum()
        self.mul, self.cast = P.Mul(), P.Cast()

    def get_loss(self, x, weights=1.0):
        """Weight and reduce an elementwise loss: the mean with ``reduce`` and ``average``,
        the sum with ``reduce`` only, else unreduced (MindSpore reads these two attributes,
        not ``reduction``)."""
        if not (isinstance(weights, (int, float)) and weights == 1.0):
            x = F.mul(x, weights)
        reduction = ("mean" if self.average else "sum") if self.reduce else "none"
        return reduce_loss(x, reduction, type(self).__name__)

    def get_axis(self, x):
        """get_axis(x) -> tuple[int]: every axis of ``x``, ``(0, ..., x.ndim - 1)`` (the axes
        :meth:`get_loss` reduces), ``()`` for a scalar."""
        return tuple(range(len(x.shape)))

    def extend_repr(self):
        return "reduction=%s" % self.reduction


def _check_tensor_inputs(cell_name, **inputs):
    """MindSpore's input check of a loss cell: each named input is a Tensor."""
    for name, value in inputs.items():
        if not isinstance(value, Tensor):
            raise TypeError("For '%s', the '%s' must be Tensor, but got %s."
                            % (cell_name, name, type(value).__name__))


class _Loss(LossBase):
    """_Loss(reduction='mean'): MindSpore's deprecated name of :class:`LossBase` (its base class of
    losses before 1.3), which model-zoo losses still subclass (``from mindspore.nn.loss.loss
    import _Loss``). Creating one logs MindSpore's deprecation warning; subclasses define
    ``construct``.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Raises:
        ValueError: ``reduction`` is not one of the three.
        NotImplementedError: calling an instance whose class does not define ``construct``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell.nn.loss.loss import _Loss
        >>> class AbsLoss(_Loss):
        ...     def construct(self, logits, labels):
        ...         return self.get_loss(ms.ops.abs(logits - labels))
        >>> x = ms.Tensor(np.array([1.0, -3.0], np.float32))
        >>> print(AbsLoss()(x, ms.Tensor(np.zeros(2, np.float32))))
        2.0
    """

    def __init__(self, reduction="mean"):
        logging.getLogger("mindcell").warning("'_Loss' is deprecated from version 1.3 and will be removed after version "
                    "2.9.0, use 'LossBase' instead.")
        super().__init__(reduction)

    def construct(self, logits, labels):
        raise NotImplementedError("%s: a subclass of _Loss defines construct(logits, labels)"
                                  % type(self).__name__)


class MSELoss(LossBase):
    """MSELoss(reduction='mean'): the squared error ``(logits - labels) ** 2``, reduced.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits (Tensor): the predictions, a float Tensor.
        labels (Tensor): the targets, broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the broadcast shape for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32))
        >>> labels = ms.Tensor(np.array([1.0, 1.0, 1.0], np.float32))
        >>> print(ms.nn.MSELoss()(logits, labels))
        3.3333333
        >>> print(ms.nn.MSELoss(reduction="none")(logits, labels))
        [0. 1. 9.]
    """

    def construct(self, logits, labels):
        # MindSpore's cell squares the difference and reduces in the inputs' dtype: integer
        # inputs give an integer loss (the mean truncated), unlike ops.mse_loss
        _check_tensor_inputs(type(self).__name__, logits=logits, labels=labels)
        return self.get_loss(F.square(F.sub(logits, labels)))


class L1Loss(LossBase):
    """L1Loss(reduction='mean'): the absolute error ``|logits - labels|``, reduced.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits (Tensor): the predictions, a float Tensor.
        labels (Tensor): the targets, broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the broadcast shape for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([1.0, 2.0, 4.0], np.float32))
        >>> print(ms.nn.L1Loss(reduction="sum")(logits, ms.Tensor(np.ones(3, np.float32))))
        4.0
    """

    def construct(self, logits, labels):
        return F.l1_loss(logits, labels, self.reduction)


class SmoothL1Loss(LossBase):
    """SmoothL1Loss(beta=1.0, reduction='none'): ``0.5 d ** 2 / beta`` where ``|d| < beta``, else
    ``|d| - 0.5 beta``, with ``d = logits - labels``.

    Args:
        beta (float): the threshold between the quadratic and the linear part. Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'none'``.

    Inputs:
        logits (Tensor): the predictions, a float Tensor.
        labels (Tensor): the targets, the same shape and dtype as ``logits``.

    Outputs:
        Tensor, the shape of ``logits`` for 'none', else a scalar.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([0.5, 3.0], np.float32))
        >>> print(ms.nn.SmoothL1Loss()(logits, ms.Tensor(np.zeros(2, np.float32))))
        [0.125 2.5  ]
    """

    def __init__(self, beta=1.0, reduction="none"):
        super().__init__(reduction)
        self.beta = beta
        self.smooth_l1_loss = P.SmoothL1Loss(beta, self.reduction)  # MindSpore's primitive

    def construct(self, logits, labels):
        return F.smooth_l1_loss(logits, labels, self.beta, self.reduction)


class SoftmaxCrossEntropyWithLogits(LossBase):
    """SoftmaxCrossEntropyWithLogits(sparse=False, reduction='none'): the cross entropy of the
    softmax of (N, C) logits and the labels.

    The loss of a sample is ``-sum(labels * log_softmax(logits))``; with ``sparse`` the labels
    are class indices (N,) instead of one-hot or probability rows (N, C).

    Args:
        sparse (bool): the labels are class indices. Default: ``False``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'none'``.

    Inputs:
        logits (Tensor): a float Tensor of shape (N, C).
        labels (Tensor): (N, C) probabilities of the dtype of ``logits``, or with ``sparse``
            (N,) int32/int64 class indices.

    Outputs:
        Tensor, the (N,) losses for 'none', else a scalar.

    Raises:
        ValueError: ``reduction`` is not one of the three.
        TypeError: dense ``labels`` of another dtype than ``logits``, or with ``sparse=True``
            ``logits`` that are not float32 (the one-hot labels are float32); MindSpore 2.10
            casts neither.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([[2.0, 0.0], [0.0, 0.0]], np.float32))
        >>> labels = ms.Tensor(np.array([0, 1], np.int32))
        >>> loss = ms.nn.SoftmaxCrossEntropyWithLogits(sparse=True, reduction="mean")
        >>> print(loss(logits, labels))
        0.4100376
    """

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
        # MindSpore 2.10's primitive casts neither input; the sparse form's one-hot labels are
        # float32 (on_value/off_value), so its logits must be float32 too
        if self.sparse:
            check_same_input_dtypes("SoftmaxCrossEntropyWithLogits", logits=logits,
                                    one_hot_labels=self.on_value)
            loss = F.sparse_softmax_cross_entropy(logits, labels)
        else:
            check_same_input_dtypes("SoftmaxCrossEntropyWithLogits", logits=logits, labels=labels)
            loss = F.softmax_cross_entropy(logits, labels)
        return reduce_loss(loss, self.reduction, "SoftmaxCrossEntropyWithLogits")


class CrossEntropyLoss(LossBase):
    """CrossEntropyLoss(weight=None, ignore_index=-100, reduction='mean', label_smoothing=0.0): the
    cross entropy of the log-softmax of the logits and class-index or probability labels.

    Args:
        weight (Tensor, optional): a (C,) weight per class. Default: ``None``.
        ignore_index (int): a class index whose samples do not count. Default: ``-100``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.
        label_smoothing (float): in [0, 1], the share of the target mass spread evenly over the
            classes. Default: ``0.0``.

    Inputs:
        logits (Tensor): a float Tensor of shape (N, C) or (N, C, d1, ...).
        labels (Tensor): class indices (N,) / (N, d1, ...) (int32/int64), or probabilities of
            the shape of ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the per-sample losses for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three or ``label_smoothing`` is outside
            [0, 1].

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([[2.0, 0.0, 0.0], [0.0, 1.0, 0.0]], np.float32))
        >>> labels = ms.Tensor(np.array([0, 1], np.int32))
        >>> print(ms.nn.CrossEntropyLoss()(logits, labels))
        0.39549473
        >>> print(ms.nn.CrossEntropyLoss(ignore_index=1, reduction="none")(logits, labels))
        [0.23954476 0.        ]
    """

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
    """NLLLoss(weight=None, ignore_index=-100, reduction='mean'): the negative log likelihood
    ``-logits[n, labels[n]] * weight[labels[n]]`` of log-probabilities and class indices.

    'mean' divides the sum by the total weight of the counted samples.

    Args:
        weight (Tensor, optional): a (C,) weight per class. Default: ``None``.
        ignore_index (int): a class index whose samples do not count. Default: ``-100``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits (Tensor): log-probabilities of shape (N, C) or (N, C, d1, ...).
        labels (Tensor): int32/int64 class indices of shape (N,) or (N, d1, ...).

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the per-sample losses for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.log(np.array([[0.5, 0.5], [0.9, 0.1]], np.float32)))
        >>> labels = ms.Tensor(np.array([1, 0], np.int32))
        >>> print(ms.nn.NLLLoss()(logits, labels))
        0.39925388
    """

    def __init__(self, weight=None, ignore_index=-100, reduction="mean"):
        super().__init__(reduction)
        self.weight, self.ignore_index = weight, ignore_index

    def construct(self, logits, labels):
        return F.nll_loss(logits, labels, self.weight, self.ignore_index, self.reduction)


class BCELoss(LossBase):
    """BCELoss(weight=None, reduction='mean'): the binary cross entropy
    ``-weight * (labels * log(logits) + (1 - labels) * log(1 - logits))`` of probabilities.

    Args:
        weight (Tensor, optional): a rescaling weight broadcast to the elements. Default:
            ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.

    Inputs:
        logits (Tensor): probabilities in [0, 1], a float Tensor.
        labels (Tensor): the targets, the shape and dtype of ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the shape of ``logits`` for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> probs = ms.Tensor(np.array([0.9, 0.2], np.float32))
        >>> print(ms.nn.BCELoss()(probs, ms.Tensor(np.array([1.0, 0.0], np.float32))))
        0.16425204
    """

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, logits, labels):
        return F.binary_cross_entropy(logits, labels, self.weight, self.reduction)


class BCEWithLogitsLoss(LossBase):
    """BCEWithLogitsLoss(reduction='mean', weight=None, pos_weight=None): the binary cross entropy
    of ``sigmoid(logits)`` and the labels, computed stably from the logits.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``, the reduction of the
            elementwise loss. Default: ``'mean'``.
        weight (Tensor, optional): a rescaling weight broadcast to the elements. Default:
            ``None``.
        pos_weight (Tensor, optional): the weight of the positive term, broadcast along the
            last dim. Default: ``None``.

    Inputs:
        logits (Tensor): a float Tensor of any shape.
        labels (Tensor): the targets, the shape and dtype of ``logits``.

    Outputs:
        Tensor, a scalar for 'mean'/'sum', the shape of ``logits`` for 'none'.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([[2.0, -1.0]], np.float32))
        >>> labels = ms.Tensor(np.array([[1.0, 0.0]], np.float32))
        >>> print(ms.nn.BCEWithLogitsLoss(reduction="none")(logits, labels))
        [[0.126928   0.31326163]]
    """

    def __init__(self, reduction="mean", weight=None, pos_weight=None):
        super().__init__(reduction)
        self.weight, self.pos_weight = weight, pos_weight

    def construct(self, logits, labels):
        return F.binary_cross_entropy_with_logits(logits, labels, self.weight, self.pos_weight,
                                                  self.reduction)
