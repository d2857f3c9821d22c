"""ctc_loss: connectionist temporal classification loss (MindSpore's functional name, argument
order and defaults; the recursions are in ops/defs/ctc.py)."""
import numpy as np

from mindcell import dtype as mstype
from mindcell.common.tensor import Tensor
from mindcell.ops._errors import check_bool, check_int, check_reduction, public_name
from mindcell.ops._helpers import cast_to, check_float, check_tensor, to_tensor
from mindcell.ops.defs.ctc import ctc_loss_p
from mindcell.ops.defs.ctc_sparse import ctc_greedy_decoder_p, ctc_tf_loss_p
from mindcell.ops.function import creation_func as CR
from mindcell.ops.function import math_func as M
from mindcell.ops.function import reduce_func as R

__all__ = ["ctc_loss", "ctc_greedy_decoder"]


def _lengths(v, n, op, arg):
    t = to_tensor(v, op, arg)
    if not mstype.is_integer(t.dtype) or t.dtype == mstype.bool_:
        raise TypeError("%s: '%s' must hold integers, but got %s" % (op, arg, t.dtype))
    if t.shape != (n,):
        raise ValueError("%s: '%s' must have shape (%d,) (one length per sample), but got %s"
                         % (op, arg, n, t.shape))
    return t


def _check_values(op, targets, input_lengths, target_lengths, T, C, blank):
    """Value checks an eager call can make before the recursion (a traced call's values are
    checked the same way by the kernel at run time)."""
    if any(t._traced for t in (targets, input_lengths, target_lengths)):
        return
    il, tl, tg = input_lengths._data, target_lengths._data, targets._data
    if il.size and (il.min() < 0 or il.max() > T):
        raise ValueError("%s: 'input_lengths' must be in [0, %d], but got %s" % (op, T, il))
    if tl.size and (tl.min() < 0 or tl.max() > tg.shape[1]):
        raise ValueError("%s: 'target_lengths' must be in [0, %d], but got %s"
                         % (op, tg.shape[1], tl))
    for n, s in enumerate(tl):
        used = tg[n, :s]
        # labels equal to blank are accepted, as MindSpore 2.10 accepts them (ms-oracle)
        if used.size and (used.min() < 0 or used.max() >= C):
            raise ValueError("%s: the labels of 'targets' must be in [0, %d), but sample %d has "
                             "%s" % (op, C, n, used))


def ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=0, reduction="mean",
             zero_infinity=False):
    """Computes the connectionist temporal classification (CTC) loss: the negative
    log-likelihood of each target sequence given per-frame log-probabilities, summed over all
    its alignments.

    Args:
        log_probs (Tensor): float, of shape (T, N, C): per-frame log-probabilities (a
            log_softmax output).
        targets (Tensor): int, of shape (N, S): the label sequences, padded.
        input_lengths (Union[Tensor, tuple[int]]): (N,) frames used per sample, in [0, T].
        target_lengths (Union[Tensor, tuple[int]]): (N,) labels used per sample, in [0, S].
        blank (int): the blank class, in [0, C). Default: ``0``.
        reduction (str): ``'none'`` (per sample), ``'mean'`` (each loss divided by its target
            length, then the batch mean) or ``'sum'``. Default: ``'mean'``.
        zero_infinity (bool): impossible alignments give 0 loss and 0 gradient, not inf.
            Default: ``False``.

    Returns:
        tuple(neg_log_likelihood, log_alpha): the loss ((N,) for 'none', else a scalar) and the
        forward variables, of shape (N, T, 2S+1).

    Raises:
        TypeError: a non-Tensor/non-float ``log_probs``, non-int targets or lengths, ``blank``
            not an int, ``zero_infinity`` not a bool.
        ValueError: wrong ranks/shapes, lengths or labels out of range, a label equal to
            ``blank``, an unknown ``reduction``.

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> probs = np.array([[[0.1, 0.9, 0.0]], [[0.1, 0.1, 0.8]]], np.float32) + 0.05
        >>> log_probs = ops.log(Tensor(probs / probs.sum(-1, keepdims=True)))
        >>> targets = Tensor(np.array([[1, 2]], np.int32))
        >>> loss, log_alpha = ops.ctc_loss(log_probs, targets, (2,), (2,))
        >>> print(loss, log_alpha.shape)
        0.24666812 (1, 2, 5)
    """
    op = "ctc_loss"
    check_float(log_probs, op, "log_probs")
    if log_probs.ndim != 3:
        raise ValueError("%s: 'log_probs' must be 3-D (T, N, C), but got shape %s"
                         % (op, log_probs.shape))
    T, N, C = log_probs.shape
    check_tensor(targets, op, "targets")
    if not mstype.is_integer(targets.dtype) or targets.dtype == mstype.bool_:
        raise TypeError("%s: 'targets' must be an int Tensor, but got %s" % (op, targets.dtype))
    if targets.ndim != 2 or targets.shape[0] != N:
        raise ValueError("%s: 'targets' must have shape (N, S) with N=%d, but got %s"
                         % (op, N, targets.shape))
    input_lengths = _lengths(input_lengths, N, op, "input_lengths")
    target_lengths = _lengths(target_lengths, N, op, "target_lengths")
    blank = check_int(blank, op, "blank", 0, C - 1)
    check_reduction(reduction, op)
    zero_infinity = check_bool(zero_infinity, op, "zero_infinity")
    _check_values(op, targets, input_lengths, target_lengths, T, C, blank)
    nll, log_alpha = ctc_loss_p.bind(log_probs, targets, input_lengths, target_lengths,
                                     blank=blank)
    if zero_infinity:
        nll = M.select(M.isinf(nll), CR.zeros_like(nll), nll)
    if reduction == "sum":
        return R.reduce_sum(nll, (), False), log_alpha
    if reduction == "mean":
        per_label = M.maximum(cast_to(target_lengths, log_probs._np_dtype),
                              Tensor(np.ones((), log_probs._np_dtype)))
        return R.reduce_mean(M.div(nll, per_label), (), False), log_alpha
    return nll, log_alpha


def _time_major(op, x, sequence_length, floats):
    """Checks shared by the TF-style ops: ``x`` (max_time, batch, num_classes) of a dtype in
    ``floats``, ``sequence_length`` an Int32 (batch,) tensor with values in [0, max_time]."""
    op = public_name(op)
    check_tensor(x, op, "inputs")
    if x.dtype not in floats:
        raise TypeError("%s: 'inputs' must be %s, but got %s"
                        % (op, " or ".join(str(d) for d in floats), x.dtype))
    if x.ndim != 3 or x.shape[2] < 1:
        raise ValueError("%s: 'inputs' must be 3-D (max_time, batch_size, num_classes) with "
                         "num_classes >= 1, but got shape %s" % (op, x.shape))
    check_tensor(sequence_length, op, "sequence_length")
    if sequence_length.dtype != mstype.int32:
        raise TypeError("%s: 'sequence_length' must be an Int32 Tensor, but got %s"
                        % (op, sequence_length.dtype))
    if sequence_length.shape != (x.shape[1],):
        raise ValueError("%s: 'sequence_length' must have shape (%d,) (batch_size), but got %s"
                         % (op, x.shape[1], sequence_length.shape))
    if not sequence_length._traced:
        v = sequence_length._data
        if v.size and (v.min() < 0 or v.max() > x.shape[0]):
            raise ValueError("%s: 'sequence_length' must be in [0, %d] (max_time), but got %s"
                             % (op, x.shape[0], v))


def ctc_greedy_decoder(inputs, sequence_length, merge_repeated=True):
    """Decodes the best path of each sequence: the arg-max class per frame, runs of one class
    merged (``merge_repeated``), then the blank (the last class) removed. Ties go to the lower
    class.

    Args:
        inputs (Tensor): Float32/Float64 logits of shape (max_time, batch_size, num_classes).
        sequence_length (Tensor): Int32, (batch_size,): frames used per sequence, in
            [0, max_time].
        merge_repeated (bool): merge runs of the same class into one label. Default: ``True``.

    Returns:
        tuple(decoded_indices, decoded_values, decoded_shape, log_probability):
        ``decoded_indices`` (K, 2) Int64 [batch, position] pairs, ``decoded_values`` (K,) Int64
        labels, ``decoded_shape`` (2,) Int64 [batch_size, longest decoded length], and
        ``log_probability`` (batch_size, 1) of ``inputs``' dtype: minus the sum of each frame's
        largest logit. The decoded shapes depend on the values, so GRAPH_MODE cannot hold this
        op.

    Raises:
        TypeError: non-Tensor inputs, wrong dtypes, ``merge_repeated`` not a bool.
        ValueError: ``inputs`` not 3-D, a wrong ``sequence_length`` shape or a length outside
            [0, max_time].

    Examples:
        >>> import numpy as np
        >>> from mindcell import Tensor, ops
        >>> x = Tensor(np.array([[[0.1, 0.9, 0.0]], [[0.2, 0.8, 0.0]], [[0.1, 0.0, 0.9]],
        ...                      [[0.0, 0.3, 0.7]]], np.float32))
        >>> lengths = Tensor(np.array([4], np.int32))
        >>> indices, values, shape, log_p = ops.ctc_greedy_decoder(x, lengths)
        >>> print(indices, values, shape, log_p)
        [[0 0]] [1] [1 1] [[-3.3]]
    """
    op = "ctc_greedy_decoder"
    _time_major(op, inputs, sequence_length, (mstype.float32, mstype.float64))
    merge_repeated = check_bool(merge_repeated, op, "merge_repeated")
    return ctc_greedy_decoder_p.bind(inputs, sequence_length, merge_repeated=merge_repeated)


def _ctc_loss_sparse(x, labels_indices, labels_values, sequence_length, flags, op="CTCLoss"):
    """The TF-style CTC loss behind ``ops.CTCLoss``: (loss (batch,), gradient in ``x``)."""
    op = public_name(op)
    _time_major(op, x, sequence_length, (mstype.float16, mstype.float32, mstype.float64))
    check_tensor(labels_indices, op, "labels_indices")
    check_tensor(labels_values, op, "labels_values")
    if labels_indices.dtype != mstype.int64:
        raise TypeError("%s: 'labels_indices' must be an Int64 Tensor, but got %s"
                        % (op, labels_indices.dtype))
    if labels_values.dtype != mstype.int32:
        raise TypeError("%s: 'labels_values' must be an Int32 Tensor, but got %s"
                        % (op, labels_values.dtype))
    if labels_indices.ndim != 2 or labels_indices.shape[1] != 2:
        raise ValueError("%s: 'labels_indices' must have shape (N, 2) ([batch, time] rows), but "
                         "got %s" % (op, labels_indices.shape))
    if labels_values.shape != (labels_indices.shape[0],):
        raise ValueError("%s: 'labels_values' must have shape (%d,) (one per labels_indices "
                         "row), but got %s" % (op, labels_indices.shape[0], labels_values.shape))
    return ctc_tf_loss_p.bind(x, labels_indices, labels_values, sequence_length, **flags)
