"""CTCLoss."""
from mindcell.common.tensor import Tensor
from mindcell.nn.loss.loss import LossBase
from mindcell.ops._errors import check_bool, check_int
from mindcell.ops.function.ctc_func import ctc_loss


def _one(length):
    """The length of an unbatched sample as a batch of one."""
    if isinstance(length, (tuple, list)):
        return length
    return length.reshape(1) if isinstance(length, Tensor) else (length,)


class CTCLoss(LossBase):
    """CTCLoss(blank=0, reduction='mean', zero_infinity=False): the connectionist temporal
    classification loss of :func:`ops.ctc_loss`.

    Args:
        blank (int): the blank label, a non-negative class index. Default: ``0``.
        reduction (str): ``'none'``, ``'mean'`` (each loss divided by its target length, then
            averaged) or ``'sum'``. Default: ``'mean'``.
        zero_infinity (bool): replace infinite losses (no alignment) and their gradients by 0.
            Default: ``False``.

    Inputs:
        log_probs (Tensor): (T, N, C) or unbatched (T, C) log-probabilities.
        targets (Tensor): (N, S) or unbatched (S,) int labels.
        input_lengths (Union[Tensor, tuple[int]]): (N,) frames per sample (unbatched: (1,) or int).
        target_lengths (Union[Tensor, tuple[int]]): (N,) labels per sample.

    Outputs:
        Tensor: (N,) for reduction='none' ((1,) unbatched), else a scalar.

    Raises:
        TypeError: ``blank`` is not an int or ``zero_infinity`` is not a bool.
        ValueError: ``blank`` is negative or ``reduction`` is not one of the three.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> log_probs = ms.Tensor(np.log(np.full((3, 1, 2), 0.5, np.float32)))
        >>> targets = ms.Tensor(np.array([[1]], np.int32))
        >>> lengths = ms.Tensor(np.array([3], np.int32)), ms.Tensor(np.array([1], np.int32))
        >>> print(ms.nn.CTCLoss(reduction="none")(log_probs, targets, *lengths))
        [0.2876821]
    """

    def __init__(self, blank=0, reduction="mean", zero_infinity=False):
        super().__init__(reduction)
        self.blank = check_int(blank, "CTCLoss", "blank", 0)
        self.zero_infinity = check_bool(zero_infinity, "CTCLoss", "zero_infinity")
        # MindSpore's CTCLoss calls LossBase.__init__() with its default reduction, so these
        # are True whatever 'reduction' is (construct reads only 'reduction')
        self.average = self.reduce = True

    def construct(self, log_probs, targets, input_lengths, target_lengths):
        unbatched = getattr(log_probs, "ndim", None) == 2 and getattr(targets, "ndim", None) == 1
        if unbatched:
            log_probs, targets = log_probs.expand_dims(1), targets.expand_dims(0)
            input_lengths, target_lengths = _one(input_lengths), _one(target_lengths)
        loss, _ = ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank,
                           self.reduction, self.zero_infinity)
        if unbatched and self.reduction == "none":  # one sample: a scalar, as MindSpore 2.10
            loss = loss.reshape(())
        return loss

    def extend_repr(self):
        return "blank=%d, reduction=%s, zero_infinity=%s" % (self.blank, self.reduction,
                                                             self.zero_infinity)
