"""MAELoss, RMSELoss, DiceLoss and MultiClassDiceLoss (MindSpore's names and signatures)."""
from mindcell.common.tensor import Tensor
from mindcell.nn.cell import Cell
from mindcell.nn.layer.activation import get_activation
from mindcell.nn.loss.loss import LossBase
from mindcell.ops import functional as F
from mindcell.ops import operations as P
from mindcell.ops._errors import check_number


class MAELoss(LossBase):
    """Mean absolute error: ``|logits - labels|`` (broadcast), reduced by ``reduction``.

    Args:
        reduction (str): ``'mean'``, ``'sum'`` or ``'none'``. Default: ``'mean'``.

    Inputs:
        - **logits** (Tensor) - float predictions.
        - **labels** (Tensor) - targets broadcastable with ``logits``.

    Outputs:
        Tensor: a scalar, or the elementwise loss with ``'none'``.

    Raises:
        ValueError: ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> loss = ms.nn.MAELoss()
        >>> x = ms.Tensor(np.array([1., 2.], np.float32))
        >>> float(loss(x, ms.Tensor(np.zeros(2, np.float32))))
        1.5
    """

    def __init__(self, reduction="mean"):
        super().__init__(reduction)
        self.abs = P.Abs()

    def construct(self, logits, label):
        return self.get_loss(F.abs(F.sub(logits, label)))


class RMSELoss(LossBase):
    """Root mean square error: ``sqrt(mean((logits - label) ** 2))``.

    Inputs:
        - **logits** (Tensor) - float predictions.
        - **label** (Tensor) - targets broadcastable with ``logits``.

    Outputs:
        Tensor, a scalar.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> loss = ms.nn.RMSELoss()
        >>> x = ms.Tensor(np.array([3., 4.], np.float32))
        >>> round(float(loss(x, ms.Tensor(np.zeros(2, np.float32)))), 4)
        3.5355
    """

    def __init__(self):
        super().__init__()
        self.dtype = P.DType()

    def construct(self, logits, label):
        return F.sqrt(F.mse_loss(logits, label, "mean"))


def _check_same_shape(owner, logits, label):
    if logits.shape != label.shape:
        raise ValueError("%s: 'logits' and 'labels' must have the same shape, but got %s and %s"
                         % (owner, logits.shape, label.shape))


def _dice(logits, label, smooth):
    """``1 - 2 * sum(p * t) / (sum(p * p) + sum(t * t) + smooth)`` over every element."""
    inter = F.reduce_sum(F.mul(logits, label))
    union = F.add(F.reduce_sum(F.mul(logits, logits)), F.reduce_sum(F.mul(label, label)))
    return F.sub(1.0, F.div(F.mul(inter, 2.0), F.add(union, smooth)))


class DiceLoss(LossBase):
    """Dice loss of a prediction against a label of the same shape:
    ``1 - 2 * sum(logits * labels) / (sum(logits ** 2) + sum(labels ** 2) + smooth)``, the sums
    over every element.

    Args:
        smooth (float): added to the denominator, > 0. Default: ``1e-5``.

    Inputs:
        - **logits** (Tensor) - predictions in [0, 1].
        - **labels** (Tensor) - the target, same shape.

    Outputs:
        Tensor, a scalar.

    Raises:
        TypeError: ``smooth`` is not a float.
        ValueError: ``smooth`` is not positive or the shapes differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> p = ms.Tensor(np.array([[0.2, 0.5], [0.3, 0.1], [0.9, 0.7]], np.float32))
        >>> t = ms.Tensor(np.array([[0, 1], [1, 0], [0, 1]], np.float32))
        >>> round(float(ms.nn.DiceLoss()(p, t)), 4)
        0.3603
    """

    def __init__(self, smooth=1e-5):
        super().__init__()
        if not isinstance(smooth, float):
            raise TypeError("DiceLoss: 'smooth' must be a float, but got %s"
                            % type(smooth).__name__)
        self.smooth = check_number(smooth, "DiceLoss", "smooth")
        if self.smooth <= 0:
            raise ValueError("DiceLoss: 'smooth' must be > 0, but got %r" % smooth)
        self.reshape = P.Reshape()

    def construct(self, logits, label):
        _check_same_shape("DiceLoss", logits, label)
        return _dice(logits, label, self.smooth)


class MultiClassDiceLoss(LossBase):
    """Dice loss averaged over the classes of axis 1: the ``DiceLoss`` of each class's slice
    (after ``activation``), times ``weights[i]`` when given, summed over the classes other than
    ``ignore_indiex`` and divided by the number of classes.

    Args:
        weights (Union[Tensor, None]): 2-D, ``weights[i]`` scales class ``i``. Default: None.
        ignore_indiex (Union[int, None]): a class left out of the sum (MindSpore's spelling).
        activation (Union[str, Cell, None]): applied to ``logits`` first, a name for
            ``get_activation`` (``'softmax'`` is taken over the last axis, as in MindSpore).
            Default: ``'softmax'``.

    Inputs:
        - **logits** (Tensor) - shape ``(N, C, ...)``, at least 2-D.
        - **labels** (Tensor) - one-hot, same shape.

    Outputs:
        Tensor, a scalar.

    Raises:
        TypeError: ``activation`` is not a str, Cell or None.
        ValueError: ``weights`` is not 2-D or its first dim is not ``C``, ``logits`` is 1-D, or
            the shapes differ.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> p = ms.Tensor(np.array([[0.2, 0.5, 0.3], [0.3, 0.1, 0.6]], np.float32))
        >>> t = ms.Tensor(np.array([[0, 1, 0], [1, 0, 0]], np.float32))
        >>> ms.nn.MultiClassDiceLoss()(p, t).shape
        ()
    """

    def __init__(self, weights=None, ignore_indiex=None, activation="softmax"):
        super().__init__()
        if weights is not None:
            if not isinstance(weights, Tensor):
                raise TypeError("MultiClassDiceLoss: 'weights' must be a Tensor or None, but got "
                                "%s" % type(weights).__name__)
            if weights.ndim != 2:
                raise ValueError("MultiClassDiceLoss: 'weights' must be 2-D, but got %d-D"
                                 % weights.ndim)
        if ignore_indiex is not None and (isinstance(ignore_indiex, bool)
                                          or not isinstance(ignore_indiex, int)):
            raise TypeError("MultiClassDiceLoss: 'ignore_indiex' must be an int or None, but got "
                            "%r" % (ignore_indiex,))
        if activation is not None and not isinstance(activation, (str, Cell)):
            raise TypeError("MultiClassDiceLoss: 'activation' must be a str or Cell, but got %s"
                            % type(activation).__name__)
        self.weights, self.ignore_indiex = weights, ignore_indiex
        self.reshape = P.Reshape()
        self.binarydiceloss = DiceLoss(smooth=1e-5)
        self.activation = get_activation(activation) if isinstance(activation, str) \
            else activation

    def construct(self, logits, label):
        _check_same_shape("MultiClassDiceLoss", logits, label)
        if logits.ndim < 2:
            raise ValueError("MultiClassDiceLoss: 'logits' must have more than 1 dimension, but "
                             "got %d" % logits.ndim)
        classes = label.shape[1]
        if self.weights is not None and self.weights.shape[0] != classes:
            raise ValueError("MultiClassDiceLoss: weights.shape[0] must equal labels.shape[1] "
                             "(%d), but got %d" % (classes, self.weights.shape[0]))
        if self.activation is not None:
            logits = self.activation(logits)
        total = 0.0
        for i in range(classes):
            if i == self.ignore_indiex:
                continue
            loss = self.binarydiceloss(logits[:, i], label[:, i])
            if self.weights is not None:
                loss = F.mul(loss, self.weights[i])
            total = F.add(total, loss)
        return F.div(total, float(classes))
