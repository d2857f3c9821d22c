"""CTC loss primitives: the forward (alpha) and backward (beta) recursions of Graves et al. in
log space, in numpy, over padded targets. CTCLoss gives the per-sample negative log-likelihood
and log_alpha; CTCLossGrad the exact derivative of the likelihood in each log-probability (the
inputs are not assumed to be normalised: composing with log_softmax is left to autodiff)."""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell.ops.defs._util import no_second_order


def _extended(target, blank):
    """``target`` with a blank before, between and after its labels (length 2S+1)."""
    ext = np.full(2 * len(target) + 1, blank, np.int64)
    ext[1::2] = target
    return ext


def _skip_allowed(ext, blank, merge_repeated=True):
    """s may be reached from s-2: a label state (odd s), different from the label two places
    before unless repeats are not merged (then two equal frames in a row are two labels). The
    states are told apart by position, so a label equal to ``blank`` (which MindSpore 2.10's
    ctc_loss accepts) is still a label state."""
    allowed = np.zeros(len(ext), bool)
    label = (np.arange(len(ext)) % 2) == 1
    allowed[2:] = label[2:] & ((ext[2:] != ext[:-2]) | (not merge_repeated))
    return allowed


def _stay_allowed(ext, blank, merge_repeated=True):
    """s may be reached from s itself: any state, or only blank states (even s) when repeats
    are not merged (a label held for two frames would be read as the label twice)."""
    return np.ones(len(ext), bool) if merge_repeated else (np.arange(len(ext)) % 2) == 0


def _lattice(labels, blank, merge_repeated=True):
    """(extended labels, skip mask, stay mask) of one target."""
    ext = _extended(labels, blank)
    return ext, _skip_allowed(ext, blank, merge_repeated), _stay_allowed(ext, blank, merge_repeated)


def _alpha(lp, ext, skip, stay):
    """log alpha of shape (T, L): alpha[t, s] includes the emission at t."""
    T, L = lp.shape[0], len(ext)
    alpha = np.full((T, L), -np.inf)
    if T == 0:
        return alpha
    alpha[0, 0] = lp[0, ext[0]]
    if L > 1:
        alpha[0, 1] = lp[0, ext[1]]
    for t in range(1, T):
        prev = alpha[t - 1]
        a = np.where(stay, prev, -np.inf)
        a[1:] = np.logaddexp(a[1:], prev[:-1])
        a[2:] = np.where(skip[2:], np.logaddexp(a[2:], prev[:-2]), a[2:])
        alpha[t] = a + lp[t, ext]
    return alpha


def _beta(lp, ext, skip, stay):
    """log beta of shape (T, L): beta[t, s] includes the emission at t."""
    T, L = lp.shape[0], len(ext)
    beta = np.full((T, L), -np.inf)
    beta[T - 1, L - 1] = lp[T - 1, ext[L - 1]]
    if L > 1:
        beta[T - 1, L - 2] = lp[T - 1, ext[L - 2]]
    for t in range(T - 2, -1, -1):
        nxt = beta[t + 1]
        b = np.where(stay, nxt, -np.inf)
        b[:-1] = np.logaddexp(b[:-1], nxt[1:])
        b[:-2] = np.where(skip[2:], np.logaddexp(b[:-2], nxt[2:]), b[:-2])
        beta[t] = b + lp[t, ext]
    return beta


def _total(alpha, T, L):
    if T == 0:
        return 0.0 if L == 1 else -np.inf
    return np.logaddexp(alpha[T - 1, L - 1], alpha[T - 1, L - 2]) if L > 1 else alpha[T - 1, 0]


def _samples(log_probs, targets, input_lengths, target_lengths, blank):
    lp = log_probs.astype(np.float64)
    for n in range(log_probs.shape[1]):
        T, S = int(input_lengths[n]), int(target_lengths[n])
        labels = targets[n, :max(S, 0)]
        if not (0 <= T <= log_probs.shape[0] and 0 <= S <= targets.shape[1]) or (labels.size and (
                labels.min() < 0 or labels.max() >= log_probs.shape[2])):
            # a label equal to blank is taken as MindSpore 2.10 takes it: one more state of the
            # lattice (no skip into it), not an error
            raise ValueError("ctc_loss: sample %d has input length %d (at most %d), target length "
                             "%d (at most %d) and labels %s (in [0, %d))"
                             % (n, T, log_probs.shape[0], S, targets.shape[1], labels,
                                log_probs.shape[2]))
        yield (n, T) + _lattice(labels, blank) + (lp[:T, n],)


def _ctc_impl(log_probs, targets, input_lengths, target_lengths, blank=0):
    N, S_max = targets.shape
    nll = np.zeros(N, log_probs.dtype)
    log_alpha = np.full((N, log_probs.shape[0], 2 * S_max + 1), -np.inf, log_probs.dtype)
    for n, T, ext, skip, stay, lp in _samples(log_probs, targets, input_lengths, target_lengths,
                                              blank):
        alpha = _alpha(lp, ext, skip, stay)
        log_alpha[n, :T, :len(ext)] = alpha
        nll[n] = -_total(alpha, T, len(ext))
    return nll, log_alpha


def _sample_grad(lp, ext, skip, stay, C):
    """(log-likelihood, d(-log-likelihood)/d lp of shape (T, C)) of one sample; the gradient is
    zero when the likelihood is 0 or there are no frames."""
    T = lp.shape[0]
    g = np.zeros((T, C))
    if T == 0:
        return _total(np.zeros((0, len(ext))), 0, len(ext)), g
    alpha, beta = _alpha(lp, ext, skip, stay), _beta(lp, ext, skip, stay)
    total = _total(alpha, T, len(ext))
    if not np.isfinite(total):
        return total, g
    # alpha * beta counts the emission at t twice: divide one out
    occupancy = np.exp(alpha + beta - lp[:, ext] - total)          # (T, L)
    for s, c in enumerate(ext):
        g[:, c] -= occupancy[:, s]
    return total, g


def _ctc_grad_impl(log_probs, targets, input_lengths, target_lengths, dnll, dlog_alpha,
                   blank=0):
    """The gradient of sum_n dnll[n] * nll[n] in log_probs as MindSpore 2.10 computes it (see
    below); zero for samples whose likelihood is 0. The
    log_alpha output has no derivative here, so a non-zero cotangent for it raises rather than
    vanish."""
    if np.any(dlog_alpha != 0):
        raise RuntimeError("ctc_loss: the 'log_alpha' output cannot be differentiated (its "
                           "gradient is not implemented): differentiate through the loss only")
    grad = np.zeros(log_probs.shape, np.float64)
    for n, T, ext, skip, stay, lp in _samples(log_probs, targets, input_lengths, target_lengths,
                                              blank):
        total, g = _sample_grad(lp, ext, skip, stay, log_probs.shape[2])
        if np.isfinite(total):
            # MindSpore 2.10's (and PyTorch's) convention: exp(lp) - occupancy, the derivative
            # taken as if ``log_probs`` were log_softmax outputs (a log_softmax before ctc_loss
            # passes it on unchanged; ms-oracle)
            g = g + np.exp(lp)
        grad[:T, n] = g * float(dnll[n])
    return grad.astype(log_probs.dtype)


def _ctc_infer(log_probs, targets, input_lengths, target_lengths, blank=0):
    (T, N, C), dt = log_probs
    S = targets[0][1]
    return ((N,), dt), ((N, T, 2 * S + 1), dt)


def _ctc_bprop(log_probs, targets, input_lengths, target_lengths, out, dout, blank=0):
    g = ctc_loss_grad_p.bind(log_probs, targets, input_lengths, target_lengths, dout[0],
                             dout[1], blank=blank)
    return (g, None, None, None)


ctc_loss_p = defprim("CTCLossV2", _ctc_impl, nout=2, infer=_ctc_infer, bprop=_ctc_bprop)
ctc_loss_grad_p = defprim("CTCLossV2Grad", _ctc_grad_impl,
                          infer=lambda log_probs, *rest, **attrs: log_probs,
                          bprop=no_second_order("CTCLossV2Grad"))
