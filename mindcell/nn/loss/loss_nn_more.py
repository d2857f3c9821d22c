"""HingeEmbeddingLoss, GaussianNLLLoss, PoissonNLLLoss, MultiLabelSoftMarginLoss,
TripletMarginLoss and FocalLoss with MindSpore 2.10's names, signatures and argument checks,
composed from mindcell's functional ops (so both modes and gradients work)."""
import math
import numbers

import numpy as np

from mindcell.common import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.nn.loss.loss import LossBase
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_reduction

_FLOAT_TYPES = tuple(t for t in (getattr(mstype, n, None) for n in
                                 ("float16", "float32", "float64", "bfloat16")) if t is not None)


def _is_real(v):
    return isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_))


def _check_tensor(op, arg, x):
    if not isinstance(x, Tensor):
        raise TypeError("For '%s', '%s' must be a Tensor, but got %s"
                        % (op, arg, type(x).__name__))


def _check_float(op, arg, x):
    _check_tensor(op, arg, x)
    if x.dtype not in _FLOAT_TYPES:
        raise TypeError("For '%s', '%s' must be a float Tensor, but got %s" % (op, arg, x.dtype))


class HingeEmbeddingLoss(LossBase):
    r"""HingeEmbeddingLoss(margin=1.0, reduction='mean'): the hinge embedding loss of ``logits``
    against targets of 1 and -1: ``logits`` where the target is 1,
    :math:`\max(0, margin - logits)` where it is -1 (0 where it is 0), then reduced.

    Args:
        margin (Union[float, int]): the margin for targets of -1. Default: ``1.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - a float Tensor.
        - **labels** (Tensor) - the targets (1 or -1), the shape of ``logits``.

    Outputs:
        Tensor, a scalar, or the elementwise loss with ``'none'``.

    Raises:
        TypeError: ``margin`` is not a float or int, or ``logits`` not a float Tensor.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([0.9, -1.2, 0.4], np.float32))
        >>> y = ms.Tensor(np.array([1.0, -1.0, -1.0], np.float32))
        >>> print(ms.nn.HingeEmbeddingLoss(reduction="none")(x, y))
        [0.9 2.2 0.6]
    """

    def __init__(self, margin=1.0, reduction="mean"):
        super().__init__()
        if not _is_real(margin):
            raise TypeError("For 'HingeEmbeddingLoss', 'margin' must be a float or int, but got "
                            "%s" % type(margin).__name__)
        self.reduction = check_reduction(reduction, "HingeEmbeddingLoss", type_error=ValueError)
        self.margin = margin

    def construct(self, logits, labels):
        _check_float("HingeEmbeddingLoss", "logits", logits)
        _check_tensor("HingeEmbeddingLoss", "labels", labels)
        pos = F.cast(labels > 0, logits.dtype)
        neg = F.cast(labels < 0, logits.dtype)
        hinge = F.maximum(neg * float(self.margin) - neg * logits, F.zeros_like(logits))
        loss = pos * logits + hinge
        if self.reduction == "mean":
            return F.reduce_mean(loss)
        if self.reduction == "sum":
            return F.reduce_sum(loss)
        return loss


class GaussianNLLLoss(LossBase):
    r"""GaussianNLLLoss(*, full=False, eps=1e-6, reduction='mean'): the negative log-likelihood
    of ``labels`` under Gaussians of mean ``logits`` and variance ``var``:
    :math:`\frac12(\log\max(var, eps) + (logits - labels)^2 / \max(var, eps))`, plus
    :math:`\frac12\log 2\pi` with ``full``, then reduced.

    Args:
        full (bool): add the constant term. Default: ``False``.
        eps (float): the least variance used, above 0. Default: ``1e-6``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - the means.
        - **labels** (Tensor) - the samples, broadcastable with ``logits``.
        - **var** (Tensor) - the variances: ``logits``' shape, or without its last axis.

    Outputs:
        Tensor, a scalar, or the elementwise loss with ``'none'``.

    Raises:
        TypeError: ``full`` is not a bool, ``eps`` not a float, or an input not a Tensor.
        ValueError: ``eps`` is not above 0, or ``reduction`` not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([1.0, 2.0], np.float32))
        >>> y = ms.Tensor(np.array([0.0, 2.0], np.float32))
        >>> v = ms.Tensor(np.array([1.0, 0.5], np.float32))
        >>> print(ms.nn.GaussianNLLLoss(reduction="none")(x, y, v))
        [ 0.5       -0.3465736]
    """

    def __init__(self, *, full=False, eps=1e-6, reduction="mean"):
        super().__init__()
        if not isinstance(eps, float) or isinstance(eps, bool):
            raise TypeError("For 'GaussianNLLLoss', 'eps' must be a float, but got %s"
                            % type(eps).__name__)
        if not eps > 0 or eps == float("inf"):
            raise ValueError("For 'GaussianNLLLoss', 'eps' must be in (0, inf), but got %r" % eps)
        if not isinstance(full, bool):
            raise TypeError("For 'GaussianNLLLoss', 'full' must be a bool, but got %s"
                            % type(full).__name__)
        self.reduction = check_reduction(reduction, "GaussianNLLLoss", type_error=ValueError)
        self.full = full
        self.eps = eps

    def construct(self, logits, labels, var):
        for arg, t in (("logits", logits), ("labels", labels), ("var", var)):
            _check_tensor("GaussianNLLLoss", arg, t)
        if tuple(logits.shape) != tuple(var.shape) and \
                tuple(logits.shape[:-1]) == tuple(var.shape):
            var = F.expand_dims(var, -1)
        maxima = F.maximum(var, F.cast(F.fill(mstype.float32, (), self.eps), var.dtype))
        loss = 0.5 * (F.log(maxima) + F.square(logits - labels) / maxima)
        if self.full:
            loss = loss + 0.5 * math.log(2 * math.pi)
        if self.reduction == "mean":
            return F.reduce_mean(loss)
        if self.reduction == "sum":
            return F.reduce_sum(loss)
        return loss


class PoissonNLLLoss(LossBase):
    r"""PoissonNLLLoss(log_input=True, full=False, eps=1e-08, reduction='mean'): the negative
    log-likelihood of counts ``target`` under Poisson rates given by ``input``:
    :math:`\exp(input) - target \cdot input` with ``log_input`` (``input`` is the log rate),
    :math:`input - target \log(input + eps)` otherwise; with ``full`` the Stirling term
    :math:`target \log target - target + \frac12 \log(2\pi\, target)` is added where
    ``target > 1``. Then reduced (in float32, as MindSpore does).

    Args:
        log_input (bool): ``input`` is the log of the rate. Default: ``True``.
        full (bool): add the Stirling term. Default: ``False``.
        eps (float): added to ``input`` before the log without ``log_input``. Default:
            ``1e-08``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **input** (Tensor) - the (log) rates, a float Tensor.
        - **target** (Tensor) - the counts, cast to ``input``'s dtype.

    Outputs:
        Tensor, a scalar, or the elementwise loss with ``'none'``; ``input``'s dtype.

    Raises:
        TypeError: ``input`` or ``target`` is not a Tensor.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([0.0, 1.0], np.float32))
        >>> t = ms.Tensor(np.array([1.0, 3.0], np.float32))
        >>> print(ms.nn.PoissonNLLLoss(reduction="none")(x, t))
        [ 1.         -0.28171825]
    """

    def __init__(self, log_input=True, full=False, eps=1e-08, reduction="mean"):
        super().__init__(reduction=reduction)
        self.log_input = log_input
        self.full = full
        self.eps = eps
        self.maximum = P.Maximum()  # MindSpore's primitive

    def construct(self, input, target):  # noqa: A002 - MindSpore's input name
        _check_tensor("PoissonNLLLoss", "input", input)
        _check_tensor("PoissonNLLLoss", "target", target)
        target = F.cast(target, input.dtype)
        if self.log_input:
            loss = F.exp(input) - target * input
        else:
            loss = input - target * F.log(input + self.eps)
        if self.full:
            t = F.maximum(target, F.cast(F.fill(mstype.float32, (), self.eps), target.dtype))
            stirling = (t + 0.5) * F.log(t) - t + 0.5 * math.log(2 * math.pi)
            loss = loss + F.where(t > 1, stirling, F.zeros_like(stirling))
        return self.get_loss(loss)


class MultiLabelSoftMarginLoss(LossBase):
    r"""MultiLabelSoftMarginLoss(weight=None, reduction='mean'): the multi-label one-versus-all
    logistic loss: per sample, the mean over the classes (last axis) of
    :math:`-w_c (y_c \log\sigma(x_c) + (1 - y_c) \log(1 - \sigma(x_c)))`, then reduced over
    the samples.

    Args:
        weight (Tensor, optional): a weight per class, broadcast along the last axis.
            Default: ``None``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **x** (Tensor) - the scores :math:`(N, C)` or :math:`(C,)`.
        - **target** (Tensor) - the labels (0 or 1), the shape of ``x``.

    Outputs:
        Tensor, a scalar, or the per-sample loss :math:`(N,)` with ``'none'``.

    Raises:
        TypeError: ``x`` or ``target`` is not a Tensor.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[0.0, 2.0], [1.0, -1.0]], np.float32))
        >>> y = ms.Tensor(np.array([[1.0, 0.0], [1.0, 0.0]], np.float32))
        >>> print(ms.nn.MultiLabelSoftMarginLoss(reduction="none")(x, y))
        [1.4100376  0.31326166]
    """

    def __init__(self, weight=None, reduction="mean"):
        super().__init__(reduction)
        self.weight = weight

    def construct(self, x, target):
        _check_tensor("MultiLabelSoftMarginLoss", "input", x)
        _check_tensor("MultiLabelSoftMarginLoss", "target", target)
        pos = F.log(F.exp(-x) + 1)
        neg = F.log(F.exp(x) + 1)
        loss = target * pos + (1 - target) * neg
        if self.weight is not None:
            loss = loss * self.weight
        class_dim = len(x.shape) - 1
        loss = F.reduce_sum(loss, class_dim) / x.shape[class_dim]
        if self.reduction == "mean":
            return F.reduce_mean(loss)
        if self.reduction == "sum":
            return F.reduce_sum(loss)
        return loss


class TripletMarginLoss(LossBase):
    r"""TripletMarginLoss(p=2, swap=False, eps=1e-06, reduction='mean', margin=1.0): the
    triplet loss :math:`\max(d(a, p) - d(a, n) + margin, 0)` with
    :math:`d(u, v) = \lVert u - v + eps \rVert_p` over the last axis; with ``swap``,
    :math:`d(a, n)` is replaced by :math:`\min(d(a, n), d(p, n))`.

    MindSpore 2.10's CPU build has no kernel for this loss (it raises RuntimeError when
    called); mindcell computes the documented result.

    Args:
        p (int): the norm degree. Default: ``2``.
        swap (bool): use the distance swap. Default: ``False``.
        eps (float): added to the differences. Default: ``1e-06``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        margin (float): the margin; when not 1.0 it replaces the ``margin`` input.
            Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - the anchors :math:`(N, D)`.
        - **positive** (Tensor) - the positive samples, the shape of ``x``.
        - **negative** (Tensor) - the negative samples, the shape of ``x``.
        - **margin** (Union[float, Tensor]) - the margin. Default: ``1.0``.

    Outputs:
        Tensor, a scalar, or the per-triplet loss :math:`(N,)` with ``'none'``.

    Raises:
        TypeError: ``p`` is not an int, ``swap`` not a bool or ``eps`` not a float.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([[0.0, 0.0]], np.float32))
        >>> p = ms.Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> n = ms.Tensor(np.array([[1.0, 0.0]], np.float32))
        >>> print(ms.nn.TripletMarginLoss(eps=0.0)(a, p, n))
        5.0
    """

    def __init__(self, p=2, swap=False, eps=1e-06, reduction="mean", margin=1.):
        super().__init__()
        check_reduction(reduction, "TripletMarginLoss", type_error=ValueError)
        self.p = p
        self.swap = swap
        self.eps = eps
        self.reduction = reduction
        self.margin = margin

    def _check(self):
        if not isinstance(self.p, int) or isinstance(self.p, bool):
            raise TypeError("For 'TripletMarginLoss', 'p' must be an int, but got %s"
                            % type(self.p).__name__)
        if not isinstance(self.swap, bool):
            raise TypeError("For 'TripletMarginLoss', 'swap' must be a bool, but got %s"
                            % type(self.swap).__name__)
        if not isinstance(self.eps, float):
            raise TypeError("For 'TripletMarginLoss', 'eps' must be a float, but got %s"
                            % type(self.eps).__name__)
        check_reduction(self.reduction, "TripletMarginLoss", type_error=ValueError)

    def construct(self, x, positive, negative, margin=1.):
        from mindcell.ops.function.nn_compose_func import triplet_margin_math
        self._check()
        for arg, t in (("x", x), ("positive", positive), ("negative", negative)):
            _check_float("TripletMarginLoss", arg, t)
        if self.margin != 1.0:
            margin = self.margin
        return triplet_margin_math(x, positive, negative, margin, self.p, self.eps, self.swap,
                                   self.reduction)


class FocalLoss(LossBase):
    r"""FocalLoss(weight=None, gamma=2.0, reduction='mean'): the focal loss
    :math:`-w_c (1 - p_c)^\gamma \log p_c` of the softmax probabilities :math:`p` over axis 1
    of ``logits``, for one-hot ``labels`` (the shape of ``logits``, averaged over the
    classes) or class indices (axis 1 of size 1), averaged over the spatial positions, then
    reduced over the batch.

    Args:
        weight (Tensor, optional): a 1-D weight per class. Default: ``None``.
        gamma (float): the focusing exponent. Default: ``2.0``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - :math:`(N, C)` or :math:`(N, C, H, W)` scores.
        - **labels** (Tensor) - the same rank as ``logits``, axis 1 of size ``C`` (one-hot) or
          1 (class indices); int32 or float.

    Outputs:
        Tensor, a scalar, or with ``'none'`` the loss per sample (index labels) or per sample
        and class (one-hot labels).

    Raises:
        TypeError: ``gamma`` is not a float, ``weight`` not a Tensor, or an input not a Tensor.
        ValueError: ``weight`` is not 1-D, ``reduction`` not one of the three, or ``labels``
            does not match ``logits``.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> logits = ms.Tensor(np.array([[0.8, 1.4, -0.3], [1.5, 0.4, 0.1]], np.float32))
        >>> labels = ms.Tensor(np.array([[1], [0]], np.int32))
        >>> print(ms.nn.FocalLoss(reduction="none")(logits, labels))
        [0.0979808  0.06152295]
    """

    def __init__(self, weight=None, gamma=2.0, reduction="mean"):
        super().__init__(reduction=reduction)
        if not isinstance(gamma, float):
            raise TypeError("For 'FocalLoss', 'gamma' must be a float, but got %s"
                            % type(gamma).__name__)
        if weight is not None and not isinstance(weight, Tensor):
            raise TypeError("For 'FocalLoss', the type of 'weight' must be a Tensor, but got %s."
                            % type(weight).__name__)
        if isinstance(weight, Tensor) and len(weight.shape) != 1:
            raise ValueError("For 'FocalLoss', the dimension of 'weight' must be 1, but got %d."
                             % len(weight.shape))
        self.gamma = gamma
        self.weight = weight
        # MindSpore's primitives
        self.expand_dims, self.gather_d = P.ExpandDims(), P.GatherD()
        self.squeeze, self.tile, self.dtype = P.Squeeze(axis=1), P.Tile(), P.DType()

    def construct(self, logits, labels):
        _check_tensor("FocalLoss", "logits", logits)
        _check_tensor("FocalLoss", "labels", labels)
        if len(logits.shape) != len(labels.shape):
            raise ValueError("For 'FocalLoss', 'logits' and 'labels' must have the same number "
                             "of dimensions, but got %d and %d"
                             % (len(logits.shape), len(labels.shape)))
        c, lc = logits.shape[1], labels.shape[1]
        if lc not in (1, c):
            raise ValueError("For 'FocalLoss', axis 1 of 'labels' must be 1 or %d (the channels "
                             "of 'logits'), but got %d" % (c, lc))
        if labels.dtype not in (mstype.int32, mstype.int64, mstype.float16, mstype.float32):
            raise TypeError("For 'FocalLoss', 'labels' must be int32, int64, float16 or float32, "
                            "but got %s" % labels.dtype)
        index = lc == 1
        n = logits.shape[0]
        if len(logits.shape) > 2:
            logits = F.reshape(logits, (n, c, -1))
            labels = F.reshape(labels, (n, lc, -1))
        else:
            logits = F.expand_dims(logits, 2)
            labels = F.expand_dims(labels, 2)
        logp = F.log_softmax(logits, 1)
        if index:
            idx = F.cast(labels, mstype.int32)
            logp = F.squeeze(F.gather_d(logp, 1, idx), 1)
        prob = F.exp(logp)
        if self.weight is not None:
            w = F.tile(F.reshape(self.weight, (1, -1, 1)), (n, 1, labels.shape[2]))
            if index:
                w = F.squeeze(F.gather_d(w, 1, idx), 1)
            logp = logp * w
        focus = F.pow(1.0 - prob, self.gamma)
        if index:
            loss = F.reduce_mean(-1 * focus * logp, 1)
        else:
            loss = F.reduce_mean(-1 * focus * labels * logp, -1)
        return self.get_loss(loss)


class TripletMarginWithDistanceLoss(LossBase):
    r"""TripletMarginWithDistanceLoss(distance_function=None, swap=False, reduction='mean',
    margin=1.0): the triplet loss :math:`\max(d(x, p) - d(x, n) + margin, 0)` with a
    distance function :math:`d` (default: the Euclidean norm of the difference along axis 1);
    with ``swap``, :math:`d(x, n)` is replaced by :math:`\min(d(x, n), d(p, n))`.

    Args:
        distance_function (Callable, optional): ``d(a, b)``, Tensors in and out. Default:
            ``None``.
        swap (bool): use the distance swap. Default: ``False``.
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.
        margin (float): the margin. Default: ``1.0``.

    Inputs:
        - **x** (Tensor) - the anchors.
        - **positive** (Tensor) - the positive samples, the shape of ``x``.
        - **negative** (Tensor) - the negative samples, the shape of ``x``.

    Outputs:
        Tensor, a scalar, or the per-triplet loss with ``'none'``.

    Raises:
        TypeError: ``margin`` is not a float, ``swap`` not a bool, or an input not a Tensor.
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> a = ms.Tensor(np.array([[0.0, 0.0]], np.float32))
        >>> p = ms.Tensor(np.array([[3.0, 4.0]], np.float32))
        >>> n = ms.Tensor(np.array([[1.0, 0.0]], np.float32))
        >>> print(ms.nn.TripletMarginWithDistanceLoss()(a, p, n))
        5.0
    """

    def __init__(self, distance_function=None, swap=False, reduction="mean", margin=1.0):
        super().__init__(reduction=reduction)
        if not isinstance(margin, float):
            raise TypeError("For 'TripletMarginWithDistanceLoss', 'margin' must be a float, but "
                            "got %s" % type(margin).__name__)
        if not isinstance(swap, bool):
            raise TypeError("For 'TripletMarginWithDistanceLoss', 'swap' must be a bool, but got "
                            "%s" % type(swap).__name__)
        self.distance_function = distance_function if distance_function is not None else \
            _pairwise_distance
        self.swap = swap
        self.margin = margin
        self.maximum, self.minimum = P.Maximum(), P.Minimum()  # MindSpore's primitives

    def construct(self, x, positive, negative):
        for arg, t in (("x", x), ("positive", positive), ("negative", negative)):
            _check_tensor("TripletMarginWithDistanceLoss", arg, t)
        d1 = self.distance_function(x, positive)
        d2 = self.distance_function(x, negative)
        if self.swap:
            d2 = F.minimum(d2, self.distance_function(positive, negative))
        loss = F.maximum(d1 - d2 + self.margin, F.zeros_like(d1))
        return self.get_loss(loss)


def _pairwise_distance(x, y):
    """The Euclidean norm of ``x - y`` along axis 1 (TripletMarginWithDistanceLoss's default)."""
    d = F.abs(x - y)
    if len(d.shape) == 0:
        raise ValueError("For 'pairwise_distance' in 'TripletMarginWithDistanceLoss', 'ndim' of "
                         "the input must be positive, but got 0")
    return F.sqrt(F.reduce_sum(F.square(d), 1))


class MultilabelMarginLoss(LossBase):
    r"""MultilabelMarginLoss(reduction='mean'): the multi-class multi-label hinge loss: for each
    sample, :math:`\sum_{j} \sum_{i \notin y} \max(0, 1 - (x_{y_j} - x_i)) / C` over the target
    classes :math:`y_j` (``target``'s entries before its first -1) and the non-target classes
    :math:`i`, then reduced over the samples.

    MindSpore 2.10's CPU build has no kernel for this loss (RuntimeError when called);
    mindcell computes the documented result.

    Args:
        reduction (str): ``'none'``, ``'mean'`` or ``'sum'``. Default: ``'mean'``.

    Inputs:
        - **x** (Tensor) - the scores :math:`(N, C)` or :math:`(C,)`.
        - **target** (Tensor) - int32 class indices, the shape of ``x``, padded with -1.

    Outputs:
        Tensor, a scalar, or the per-sample loss with ``'none'``.

    Raises:
        TypeError: ``target`` is not an int32 Tensor.
        ValueError: ``reduction`` is not one of the three, or the shapes differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> x = ms.Tensor(np.array([[0.1, 0.2, 0.4, 0.8]], np.float32))
        >>> y = ms.Tensor(np.array([[3, 0, -1, 1]], np.int32))
        >>> print(ms.nn.MultilabelMarginLoss()(x, y))
        0.85
    """

    def __init__(self, reduction="mean"):
        super().__init__(reduction)

    def construct(self, x, target):
        _check_float("MultilabelMarginLoss", "x", x)
        _check_tensor("MultilabelMarginLoss", "target", target)
        if target.dtype != mstype.int32:
            raise TypeError("For 'MultilabelMarginLoss', 'target' must be int32, but got %s"
                            % target.dtype)
        if tuple(x.shape) != tuple(target.shape) or len(x.shape) not in (1, 2):
            raise ValueError("For 'MultilabelMarginLoss', 'x' and 'target' must have the same "
                             "1-D or 2-D shape, but got %s and %s"
                             % (tuple(x.shape), tuple(target.shape)))
        from mindcell.ops.function.nn_compose_func import multilabel_margin_math
        return multilabel_margin_math(x, target, self.reduction)
