"""Primitive classes of MindSpore's TensorFlow-style CTC ops (``ops.CTCLoss()``,
``ops.CTCGreedyDecoder()``): attributes are checked at construction, the call forwards to the
functional form (the math is in ops/defs/ctc_sparse.py)."""
from mindcell.ops._errors import check_bool
from mindcell.ops.function import ctc_func as CTC
from mindcell.ops.operations import Primitive


class CTCLoss(Primitive):
    """CTCLoss(preprocess_collapse_repeated=False, ctc_merge_repeated=True,
    ignore_longer_outputs_than_inputs=False)(x, labels_indices, labels_values, sequence_length):
    the CTC loss of each sequence and its gradient in ``x``.

    ``x`` (max_time, batch_size, num_classes) holds unnormalised logits (log-softmax is applied
    inside); the blank is class num_classes - 1. Labels are sparse: row i of ``labels_indices``
    (Int64, (N, 2), row-major order) is [batch, position] of ``labels_values[i]`` (Int32, in
    [0, num_classes - 1)). ``sequence_length`` (Int32, (batch_size,)) <= max_time.

    ``preprocess_collapse_repeated`` merges repeated labels before the loss;
    ``ctc_merge_repeated=False`` reads repeated frames as repeated labels (no merging);
    ``ignore_longer_outputs_than_inputs`` gives 0 loss and 0 gradient to a sequence too short
    for its labels (otherwise ValueError).

    Returns:
        tuple (loss (batch_size,), gradient (max_time, batch_size, num_classes)), both of the
        dtype of ``x``. ``loss`` is differentiable in ``x``; ``gradient`` is not.
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
    """CTCGreedyDecoder(merge_repeated=True)(inputs, sequence_length): the greedy (best path)
    decoding of :func:`ops.ctc_greedy_decoder`."""

    def __init__(self, merge_repeated=True):
        super().__init__()
        self.merge_repeated = check_bool(merge_repeated, "CTCGreedyDecoder", "merge_repeated")

    def __call__(self, inputs, sequence_length):
        return CTC.ctc_greedy_decoder(inputs, sequence_length, self.merge_repeated)


__all__ = ["CTCLoss", "CTCGreedyDecoder"]
