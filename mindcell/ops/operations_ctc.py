"""Primitive classes of MindSpore's TensorFlow-style CTC ops (``ops.CTCLoss()``,
``ops.CTCGreedyDecoder()``): attributes are checked at construction, the call forwards to the
functional form (the math is in ops/defs/ctc_sparse.py)."""
from mindcell.ops._errors import check_bool, check_int
from mindcell.ops.function import ctc_func as CTC
from mindcell.ops.operations import Primitive


class CTCLoss(Primitive):
    """The CTC loss of each sequence, and its gradient in ``x``.

    ``x`` (max_time, batch_size, num_classes) holds unnormalised logits (log-softmax is applied
    inside); the blank is class num_classes - 1. Labels are sparse: row i of ``labels_indices``
    (Int64, (N, 2), row-major order) is [batch, position] of ``labels_values[i]`` (Int32, in
    [0, num_classes - 1)). ``sequence_length`` (Int32, (batch_size,)) <= max_time.

    Args:
        preprocess_collapse_repeated (bool): merge repeated labels before the loss. Default:
            ``False``.
        ctc_merge_repeated (bool): False reads repeated frames as repeated labels (no merging).
            Default: ``True``.
        ignore_longer_outputs_than_inputs (bool): give 0 loss and 0 gradient to a sequence too
            short for its labels (otherwise ValueError). Default: ``False``.

    Inputs:
        - **x** (Tensor) - float logits of shape (max_time, batch_size, num_classes).
        - **labels_indices** (Tensor) - Int64 (N, 2) [batch, position] of each label.
        - **labels_values** (Tensor) - Int32 (N,) labels.
        - **sequence_length** (Tensor) - Int32 (batch_size,) frames per sequence.

    Outputs:
        Tuple ``(loss, gradient)``: ``loss`` (batch_size,) and ``gradient`` (max_time,
        batch_size, num_classes), both of the dtype of ``x``. ``loss`` is differentiable in
        ``x``; ``gradient`` is not.

    Raises:
        TypeError: a flag is not a bool.

    Examples:
        >>> import numpy as np
        >>> import mindcell as ms
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.zeros((2, 1, 3), np.float32))
        >>> idx = Tensor(np.array([[0, 0]], np.int64))
        >>> vals = Tensor(np.array([1], np.int32))
        >>> loss, grad = ops.CTCLoss()(x, idx, vals, Tensor(np.array([2], np.int32)))
        >>> print(loss, grad.shape)
        [1.0986123] (2, 1, 3)
    """

    def __init__(self, preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
        super().__init__()
        self.preprocess_collapse_repeated = check_bool(
            preprocess_collapse_repeated, "CTCLoss", "preprocess_collapse_repeated")
        self.ctc_merge_repeated = check_bool(ctc_merge_repeated, "CTCLoss", "ctc_merge_repeated")
        self.ignore_longer_outputs_than_inputs = check_bool(
            ignore_longer_outputs_than_inputs, "CTCLoss", "ignore_longer_outputs_than_inputs")

    def __call__(self, x, labels_indices, labels_values, sequence_length):
        flags = dict(preprocess_collapse_repeated=self.preprocess_collapse_repeated,
                     ctc_merge_repeated=self.ctc_merge_repeated,
                     ignore_longer_outputs_than_inputs=self.ignore_longer_outputs_than_inputs)
        return CTC._ctc_loss_sparse(x, labels_indices, labels_values, sequence_length, flags)


class CTCGreedyDecoder(Primitive):
    """The greedy (best path) CTC decoding of each sequence: the arg-max class
    per frame, repeats merged, then the blank (the last class) removed (see
    :func:`ops.ctc_greedy_decoder`).

    Args:
        merge_repeated (bool): merge runs of the same class into one label. Default: ``True``.

    Inputs:
        - **inputs** (Tensor) - Float32/Float64 logits of shape (max_time, batch_size,
          num_classes).
        - **sequence_length** (Tensor) - Int32 (batch_size,) frames used per sequence.

    Outputs:
        Tuple ``(decoded_indices, decoded_values, decoded_shape, log_probability)``: Int64 (K, 2)
        [batch, position], Int64 (K,) labels, Int64 (2,) [batch_size, longest length], and
        (batch_size, 1) minus the sum of each frame's max logit.

    Raises:
        TypeError: ``merge_repeated`` is not a bool.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> logits = np.full((4, 1, 3), -1.0, np.float32)
        >>> logits[[0, 1, 3], 0, [0, 0, 1]] = 1.0
        >>> out = ops.CTCGreedyDecoder()(Tensor(logits), Tensor(np.array([4], np.int32)))
        >>> print(out[1], out[2])
        [0 1] [1 2]
    """

    def __init__(self, merge_repeated=True):
        super().__init__()
        self.merge_repeated = check_bool(merge_repeated, "CTCGreedyDecoder", "merge_repeated")

    def __call__(self, inputs, sequence_length):
        return CTC.ctc_greedy_decoder(inputs, sequence_length, self.merge_repeated)


__all__ = ["CTCLoss", "CTCGreedyDecoder", "CTCLossV2"]


class CTCLossV2(Primitive):
    """The CTC loss of each sequence from log-probabilities and padded dense targets (the
    primitive under :func:`ops.ctc_loss`; ASR models such as conformer/wenet heads call it).

    Args:
        blank (int): the blank class, in [0, C). Default: ``0``.
        reduction (str): only ``'none'`` (one loss per sequence), as MindSpore 2.10's
            primitive. Default: ``'none'``.
        zero_infinity (bool): give 0 loss (and gradient) to a sequence whose targets cannot
            be aligned. Default: ``False``.

    Inputs:
        - **log_probs** (Tensor) - float (T, N, C) per-frame log-probabilities.
        - **targets** (Tensor) - int (N, S) label sequences, padded.
        - **input_lengths** (Tensor) - int (N,) frames used per sequence.
        - **target_lengths** (Tensor) - int (N,) labels used per sequence.

    Outputs:
        Tuple ``(neg_log_likelihood, log_alpha)``: (N,) losses and the (N, T, 2 * S + 1)
        forward variables, of the dtype of ``log_probs``.

    Raises:
        TypeError: ``blank`` is not an int or ``zero_infinity`` not a bool.
        ValueError: ``reduction`` is not ``'none'``, or ``blank`` is negative.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> log_probs = Tensor(np.log(np.full((3, 1, 2), 0.5, np.float32)))
        >>> loss, alpha = ops.CTCLossV2()(log_probs, Tensor(np.array([[1]], np.int32)),
        ...                               Tensor(np.array([3], np.int32)),
        ...                               Tensor(np.array([1], np.int32)))
        >>> print(np.round(loss.asnumpy(), 4), alpha.shape)
        [0.2877] (1, 3, 3)
    """

    def __init__(self, blank=0, reduction="none", zero_infinity=False):
        super().__init__()
        self.blank = check_int(blank, "CTCLossV2", "blank", 0)
        if not isinstance(reduction, str) or reduction != "none":
            raise ValueError("CTCLossV2: 'reduction' must be 'none' (MindSpore's primitive "
                             "has no other; use ops.ctc_loss for 'mean'/'sum'), but got %r"
                             % (reduction,))
        self.reduction = reduction
        self.zero_infinity = check_bool(zero_infinity, "CTCLossV2", "zero_infinity")

    def __call__(self, log_probs, targets, input_lengths, target_lengths):
        return CTC.ctc_loss(log_probs, targets, input_lengths, target_lengths, self.blank,
                            self.reduction, self.zero_infinity)
