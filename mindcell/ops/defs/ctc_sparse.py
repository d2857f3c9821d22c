"""TensorFlow-style CTC primitives (MindSpore's ops.CTCLoss and ops.CTCGreedyDecoder): time-major
unnormalised logits, labels as a sparse (indices, values) pair, the blank is the last class.
CTCLoss reuses the alpha/beta recursions of ops/defs/ctc.py and returns the loss with its
gradient in the logits (log-softmax is applied inside, as TF's ctc_loss does)."""
import numpy as np

from mindcell._core.primitive import data_dependent, defprim
from mindcell.ops.defs._util import no_second_order
from mindcell.ops.defs.ctc import _lattice, _sample_grad


def _check_lengths(op, sequence_length, T):
    if sequence_length.size and (sequence_length.min() < 0 or sequence_length.max() > T):
        raise ValueError("%s: 'sequence_length' must be in [0, %d] (max_time), but got %s"
                         % (op, T, sequence_length))


def _sparse_labels(labels_indices, labels_values, B, C):
    """The label sequence of each batch entry: indices must be [b, t] rows in strictly
    increasing row-major order (a valid sparse tensor), values in [0, C). The blank (C-1) pads:
    an entry's labels end at its first blank, and only blanks may follow it, as MindSpore 2.10's
    kernel reads them (ms-oracle: [0, 1, blank] has the loss of [0, 1]; [0, blank, 1] is a
    RuntimeError)."""
    op = "CTCLoss"
    idx = np.asarray(labels_indices, np.int64)
    vals = np.asarray(labels_values, np.int64)
    if idx.size and (idx[:, 0].min() < 0 or idx[:, 0].max() >= B or idx[:, 1].min() < 0):
        raise ValueError("%s: 'labels_indices' rows must be [b, t] with b in [0, %d) and t >= 0, "
                         "but got %s" % (op, B, idx.tolist()))
    order = idx[:, 0] * (int(idx[:, 1].max()) + 1 if idx.size else 1) + idx[:, 1]
    if (np.diff(order) <= 0).any():
        raise ValueError("%s: 'labels_indices' must be sorted in row-major order without "
                         "duplicates (a valid sparse tensor), but got %s" % (op, idx.tolist()))
    if vals.size and (vals.min() < 0 or vals.max() >= C):
        raise ValueError("%s: 'labels_values' must be in [0, %d) (class %d is the blank, which "
                         "pads), but got %s" % (op, C, C - 1, vals.tolist()))
    seqs = []
    for b in range(B):
        labels = vals[idx[:, 0] == b]
        blanks = np.flatnonzero(labels == C - 1)
        if blanks.size:
            if (labels[blanks[0]:] != C - 1).any():
                raise RuntimeError("%s: batch entry %d has labels %s: after a blank (class %d, "
                                   "padding) only blanks may follow"
                                   % (op, b, labels.tolist(), C - 1))
            labels = labels[:blanks[0]]
        seqs.append(labels)
    return seqs


def _required_frames(labels, merge_repeated):
    """The fewest frames that can emit ``labels``: a blank must separate merged repeats."""
    repeats = int((labels[1:] == labels[:-1]).sum()) if merge_repeated else 0
    return len(labels) + repeats


def _ctc_tf_impl(x, labels_indices, labels_values, sequence_length,
                 preprocess_collapse_repeated=False, ctc_merge_repeated=True,
                 ignore_longer_outputs_than_inputs=False):
    T, B, C = x.shape
    _check_lengths("CTCLoss", sequence_length, T)
    x64 = x.astype(np.float64)
    shifted = x64 - x64.max(-1, keepdims=True)
    lsm = shifted - np.log(np.exp(shifted).sum(-1, keepdims=True))
    loss, grad = np.zeros(B), np.zeros((T, B, C))
    for b, labels in enumerate(_sparse_labels(labels_indices, labels_values, B, C)):
        if preprocess_collapse_repeated and len(labels):
            labels = labels[np.r_[True, labels[1:] != labels[:-1]]]
        n = int(sequence_length[b])
        need = _required_frames(labels, ctc_merge_repeated)
        if need > n:
            if ignore_longer_outputs_than_inputs:
                continue   # no loss, no gradient
            raise ValueError("CTCLoss: batch entry %d needs at least %d frames for labels %s but "
                             "its sequence_length is %d (set ignore_longer_outputs_than_inputs="
                             "True to skip such entries)" % (b, need, labels.tolist(), n))
        total, g = _sample_grad(lsm[:n, b], *_lattice(labels, C - 1, ctc_merge_repeated), C)
        loss[b] = -total
        # chain rule through log_softmax: dL/dx = g - softmax * sum(g)
        grad[:n, b] = g - np.exp(lsm[:n, b]) * g.sum(-1, keepdims=True)
    return loss.astype(x.dtype), grad.astype(x.dtype)


def _ctc_tf_infer(x, labels_indices, labels_values, sequence_length, **attrs):
    (T, B, C), dt = x
    return ((B,), dt), ((T, B, C), dt)


def _ctc_tf_bprop(x, labels_indices, labels_values, sequence_length, out, dout, **attrs):
    return (ctc_tf_backprop_p.bind(out[1], dout[0], dout[1]), None, None, None)


def _backprop_impl(gradient, dloss, dgradient):
    """The loss's cotangent scales each batch entry's gradient; the gradient output has no
    derivative of its own, so a non-zero cotangent for it raises rather than vanish."""
    if np.any(dgradient != 0):
        raise RuntimeError("CTCLoss: the 'gradient' output cannot be differentiated (no "
                           "second-order CTC gradients): differentiate through 'loss' only")
    return (gradient * dloss[None, :, None]).astype(gradient.dtype)


ctc_tf_loss_p = defprim("CTCLoss", _ctc_tf_impl, nout=2, infer=_ctc_tf_infer,
                        bprop=_ctc_tf_bprop)
ctc_tf_backprop_p = defprim("CTCLossBackprop", _backprop_impl,
                            infer=lambda gradient, dloss, dgradient: gradient,
                            bprop=no_second_order("CTCLossBackprop"))


def _greedy_impl(inputs, sequence_length, merge_repeated=True):
    T, B, C = inputs.shape
    _check_lengths("CTCGreedyDecoder", sequence_length, T)
    indices, values = [], []
    log_prob = np.zeros((B, 1), inputs.dtype)
    longest = 0
    for b in range(B):
        frames = inputs[:int(sequence_length[b]), b]
        best = frames.argmax(-1)
        log_prob[b, 0] = -frames.max(-1).sum()
        prev, out = -1, []
        for c in best:
            if c != C - 1 and not (merge_repeated and c == prev):
                out.append(int(c))
            prev = c
        indices += [(b, t) for t in range(len(out))]
        values += out
        longest = max(longest, len(out))
    return (np.array(indices, np.int64).reshape(-1, 2), np.array(values, np.int64),
            np.array([B, longest], np.int64), log_prob)


def _greedy_grad_impl(inputs, sequence_length, dlog_prob):
    """d(sum dlog_prob * log_probability)/d inputs: -dlog_prob[b] at each used frame's arg-max."""
    grad = np.zeros(inputs.shape, inputs.dtype)
    for b in range(inputs.shape[1]):
        t = np.arange(int(sequence_length[b]))
        grad[t, b, inputs[t, b].argmax(-1)] = -dlog_prob[b, 0]
    return grad


def _greedy_bprop(inputs, sequence_length, out, dout, merge_repeated=True):
    return (ctc_greedy_grad_p.bind(inputs, sequence_length, dout[3]), None)


# The decoded shapes depend on the argmax values: GRAPH_MODE raises naming the user's line.
# Only log_probability is differentiable (the decoded labels are integers).
ctc_greedy_decoder_p = defprim("CTCGreedyDecoder", _greedy_impl, nout=4,
                               infer=data_dependent("CTCGreedyDecoder"), bprop=_greedy_bprop)
ctc_greedy_grad_p = defprim("CTCGreedyDecoderGrad", _greedy_grad_impl,
                            infer=lambda inputs, sequence_length, dlog_prob: inputs,
                            bprop=no_second_order("CTCGreedyDecoderGrad"))
