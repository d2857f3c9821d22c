"""ops.ctc_loss / nn.CTCLoss: the likelihood against a brute-force sum over every alignment on
tiny inputs (repeated labels, empty targets, short inputs, a non-zero blank, impossible
alignments), reductions and zero_infinity, gradients against float64 finite differences (free
log-probabilities and through log_softmax), GRAPH_MODE equal to PYNATIVE_MODE, argument errors."""
import itertools

import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops

RNG = np.random.default_rng(0)


def _brute_nll(lp, target, T, blank, merge_repeated=True):
    """-log of the summed probability of every length-T path that collapses to ``target``
    (runs merged unless ``merge_repeated`` is False, then blanks removed)."""
    total = 0.0
    for path in itertools.product(range(lp.shape[1]), repeat=T):
        merged = [c for i, c in enumerate(path)
                  if i == 0 or c != path[i - 1] or not merge_repeated]
        if [c for c in merged if c != blank] == list(target):
            total += np.exp(sum(lp[t, c] for t, c in enumerate(path)))
    return -np.log(total) if total > 0 else np.inf


# (T, C, blank, targets (N, S), input_lengths, target_lengths)
CASES = [
    (4, 3, 0, [[1, 2], [1, 1]], [4, 4], [2, 2]),       # repeated label needs a blank between
    (5, 3, 0, [[2, 0], [1, 2]], [3, 5], [1, 2]),       # padding after the used labels
    (4, 4, 3, [[0, 1, 2], [2, 2, 0]], [4, 4], [3, 2]),  # blank is the last class
    (3, 3, 0, [[1, 1], [2, 1]], [3, 2], [0, 2]),       # an empty target
    (3, 3, 0, [[1, 1, 1], [1, 2, 0]], [3, 3], [3, 2]),  # 1,1,1 needs 5 frames: impossible
    (5, 3, 1, [[0, 2, 0]], [5], [3]),
]


def _inputs(T, C, targets, normalised=True):
    x = RNG.normal(size=(T, len(targets), C))
    return x - np.log(np.exp(x).sum(-1, keepdims=True)) if normalised else x


@pytest.mark.parametrize("T, C, blank, targets, il, tl", CASES)
def test_likelihood_equals_brute_force_sum(mode, T, C, blank, targets, il, tl):
    lp = _inputs(T, C, targets)
    nll, log_alpha = ops.ctc_loss(ms.Tensor(lp), ms.Tensor(np.array(targets, np.int64)),
                                  ms.Tensor(il), ms.Tensor(tl), blank=blank, reduction="none")
    want = [_brute_nll(lp[:, n], targets[n][:tl[n]], il[n], blank) for n in range(len(targets))]
    np.testing.assert_allclose(nll.asnumpy(), want, rtol=1e-10)
    assert log_alpha.shape == (len(targets), T, 2 * len(targets[0]) + 1)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("T, C, blank, targets, il, tl", CASES)
def test_reductions_and_zero_infinity(T, C, blank, targets, il, tl, dtype):
    lp = ms.Tensor(_inputs(T, C, targets).astype(dtype))
    args = (lp, ms.Tensor(np.array(targets, np.int32)), il, tl)
    per = ops.ctc_loss(*args, blank=blank, reduction="none")[0].asnumpy()
    assert per.dtype == dtype
    finite = np.where(np.isinf(per), 0.0, per)
    got = {r: float(ops.ctc_loss(*args, blank=blank, reduction=r, zero_infinity=True)[0].asnumpy())
           for r in ("sum", "mean")}
    np.testing.assert_allclose(got["sum"], finite.sum(), rtol=1e-6)
    np.testing.assert_allclose(got["mean"], (finite / np.maximum(tl, 1)).mean(), rtol=1e-6)
    cell = nn.CTCLoss(blank=blank, reduction="none", zero_infinity=True)
    np.testing.assert_allclose(cell(*args).asnumpy(), finite, rtol=1e-6)
    if np.isinf(per).any():
        assert np.isinf(float(ops.ctc_loss(*args, blank=blank, reduction="sum")[0].asnumpy()))


@pytest.mark.parametrize("through_log_softmax", [False, True])
@pytest.mark.parametrize("T, C, blank, targets, il, tl", CASES)
def test_gradient_matches_finite_differences(T, C, blank, targets, il, tl, through_log_softmax):
    x = _inputs(T, C, targets, normalised=False)
    tg = ms.Tensor(np.array(targets, np.int64))
    w = RNG.uniform(0.5, 1.5, size=len(targets))

    def loss(v):
        lp = ops.log_softmax(v, -1) if through_log_softmax else v
        nll = ops.ctc_loss(lp, tg, il, tl, blank=blank, reduction="none", zero_infinity=True)[0]
        return (nll * ms.Tensor(w)).sum()

    g = ops.grad(loss)(ms.Tensor(x)).asnumpy()
    if not through_log_softmax:
        # MindSpore 2.10's convention (ms-oracle): the gradient in log_probs is exp(lp) -
        # occupancy, the derivative plus exp(lp) on each finite sample's frames
        nll = ops.ctc_loss(ms.Tensor(x), tg, il, tl, blank=blank, reduction="none")[0].asnumpy()
        for n in range(len(targets)):
            if np.isfinite(nll[n]):
                g[:il[n], n] -= w[n] * np.exp(x[:il[n], n])
    eps = 1e-6
    for i in range(x.size):
        plus, minus = x.copy().reshape(-1), x.copy().reshape(-1)
        plus[i] += eps
        minus[i] -= eps
        fd = (float(loss(ms.Tensor(plus.reshape(x.shape))).asnumpy())
              - float(loss(ms.Tensor(minus.reshape(x.shape))).asnumpy())) / (2 * eps)
        np.testing.assert_allclose(g.reshape(-1)[i], fd, rtol=1e-5, atol=1e-7)


def test_graph_mode_equals_pynative_with_gradients():
    T, C, blank, targets, il, tl = CASES[1]
    x = ms.Tensor(_inputs(T, C, targets, normalised=False).astype(np.float32))
    tg = ms.Tensor(np.array(targets, np.int32))
    cell = nn.CTCLoss(blank=blank)
    fn = lambda v: cell(ops.log_softmax(v, -1), tg, ms.Tensor(il), ms.Tensor(tl))  # noqa: E731
    out = {}
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        out[m] = [t.asnumpy() for t in ms.jit(ms.value_and_grad(fn))(x)]
    for a, b in zip(out[ms.PYNATIVE_MODE], out[ms.GRAPH_MODE]):
        np.testing.assert_allclose(a, b, rtol=1e-6)


def test_unbatched_input():
    T, C, blank, targets, il, tl = CASES[0]
    lp = ms.Tensor(_inputs(T, C, targets))
    tg = ms.Tensor(np.array(targets, np.int64))
    batched = nn.CTCLoss(reduction="none")(lp, tg, il, tl).asnumpy()
    one = nn.CTCLoss(reduction="none")(lp[:, 1], tg[1], il[1], tl[1]).asnumpy()
    np.testing.assert_allclose(one, batched[1:], rtol=1e-12)


LP = ms.Tensor(np.zeros((4, 2, 3), np.float32))
TG = ms.Tensor(np.array([[1, 2], [1, 0]], np.int32))


@pytest.mark.parametrize("kwargs, err, match", [
    (dict(log_probs=LP.asnumpy()), TypeError, "'log_probs' must be a Tensor"),
    (dict(log_probs=ms.Tensor(np.zeros((4, 2, 3), np.int32))), TypeError,
     "'log_probs' must be a float"),
    (dict(log_probs=LP[0]), ValueError, r"'log_probs' must be 3-D \(T, N, C\)"),
    (dict(targets=ms.Tensor(np.ones((2, 2), np.float32))), TypeError, "'targets' must be an int"),
    (dict(targets=TG[0]), ValueError, r"'targets' must have shape \(N, S\) with N=2"),
    (dict(input_lengths=(4,)), ValueError, r"'input_lengths' must have shape \(2,\)"),
    (dict(target_lengths=(1.0, 1.0)), TypeError, "'target_lengths' must hold integers"),
    (dict(input_lengths=(5, 4)), ValueError, r"'input_lengths' must be in \[0, 4\]"),
    (dict(target_lengths=(3, 1)), ValueError, r"'target_lengths' must be in \[0, 2\]"),
    (dict(targets=ms.Tensor(np.array([[1, 3], [1, 1]], np.int32))), ValueError, r"in \[0, 3\)"),
    (dict(blank=3), ValueError, "'blank'"),
    (dict(blank=1.0), TypeError, "'blank' must be an int"),
    (dict(reduction="avg"), ValueError, "'reduction'"),
    (dict(zero_infinity=1), TypeError, "'zero_infinity' must be a bool"),
])
def test_errors_name_the_op_and_argument(kwargs, err, match):
    args = dict(log_probs=LP, targets=TG, input_lengths=(4, 4), target_lengths=(2, 1))
    args.update(kwargs)
    with pytest.raises(err, match="ctc_loss: .*" + match):
        ops.ctc_loss(**args)


def test_cell_argument_errors():
    with pytest.raises(TypeError, match="CTCLoss: 'blank' must be an int"):
        nn.CTCLoss(blank="0")
    with pytest.raises(ValueError, match="CTCLoss: 'blank'"):
        nn.CTCLoss(blank=-1)
    with pytest.raises(TypeError, match="CTCLoss: 'zero_infinity' must be a bool"):
        nn.CTCLoss(zero_infinity=None)
