"""ops.CTCLoss / ops.CTCGreedyDecoder / ops.ctc_greedy_decoder (MindSpore's TensorFlow-style CTC):
the loss against a brute-force sum over every alignment of log_softmax(logits) for each of the 8
flag combinations (collapse, merge, ignore) on tiny inputs, the gradient output and the autodiff
gradient against float64 finite differences, GRAPH_MODE equal to PYNATIVE_MODE, the greedy
decoder against an independent reference (hypothesis, ties included), argument errors."""
import itertools

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import mindcell as ms
from mindcell import nn, ops
from mindcell.graph.symbolic import GraphModeError

from test_ctc_loss import _brute_nll

RNG = np.random.default_rng(0)
FLAGS = list(itertools.product([False, True], repeat=3))  # collapse, merge, ignore

# (T, C, labels per batch entry (blank = C-1), sequence_length)
CASES = [
    (4, 4, [[0, 1], [1, 1]], [4, 4]),          # a repeat: a blank between when merged
    (4, 3, [[0, 0, 1], []], [4, 2]),           # 0,0,1 needs 4 merged frames; an empty label
    (3, 3, [[1, 1, 1], [0]], [3, 1]),          # 1,1,1 needs 5 merged frames, 3 unmerged
    (4, 4, [[2, 2, 0, 0], [0, 1, 2]], [4, 3]),  # collapse -> 2,0
    (2, 3, [[0, 1, 0]], [2]),                  # too long under every flag
]


def _sparse(labels):
    idx = [[b, t] for b, seq in enumerate(labels) for t in range(len(seq))]
    vals = [v for seq in labels for v in seq]
    return (ms.Tensor(np.array(idx, np.int64).reshape(-1, 2)),
            ms.Tensor(np.array(vals, np.int32)))


def _log_softmax(x):
    z = x - x.max(-1, keepdims=True)
    return z - np.log(np.exp(z).sum(-1, keepdims=True))


def _expected(x, labels, seq, collapse, merge, ignore):
    """(loss per entry, or None where the op must raise)."""
    C = x.shape[2]
    out = []
    for b, lab in enumerate(labels):
        lab = [c for i, c in enumerate(lab) if not collapse or i == 0 or c != lab[i - 1]]
        need = len(lab) + (sum(a == c for a, c in zip(lab, lab[1:])) if merge else 0)
        if need > seq[b]:
            if not ignore:
                return None
            out.append(0.0)
            continue
        out.append(_brute_nll(_log_softmax(x[:seq[b], b]), lab, seq[b], C - 1, merge))
    return np.array(out)


def _loss_fn(op, li, lv, sl, w):
    return lambda v: (op(v, li, lv, sl)[0] * ms.Tensor(w)).sum()


@pytest.mark.parametrize("collapse, merge, ignore", FLAGS)
@pytest.mark.parametrize("T, C, labels, seq", CASES)
def test_loss_and_gradient(T, C, labels, seq, collapse, merge, ignore):
    x = RNG.normal(size=(T, len(labels), C))
    op = ops.CTCLoss(collapse, merge, ignore)
    li, lv = _sparse(labels)
    sl = ms.Tensor(np.array(seq, np.int32))
    want = _expected(x, labels, seq, collapse, merge, ignore)
    if want is None:
        with pytest.raises(ValueError, match="CTCLoss: batch entry .* needs at least"):
            op(ms.Tensor(x), li, lv, sl)
        return
    loss, grad = op(ms.Tensor(x), li, lv, sl)
    np.testing.assert_allclose(loss.asnumpy(), want, rtol=1e-10)
    w = RNG.uniform(0.5, 1.5, size=len(labels))
    fn = _loss_fn(op, li, lv, sl, w)
    auto = ops.grad(fn)(ms.Tensor(x)).asnumpy()
    np.testing.assert_allclose(auto, grad.asnumpy() * w[None, :, None], rtol=1e-12, atol=1e-15)
    eps, fd = 1e-6, np.zeros(x.size)
    for i in range(x.size):
        d = np.zeros(x.size)
        d[i] = eps
        fd[i] = (float(fn(ms.Tensor(x + d.reshape(x.shape))).asnumpy())
                 - float(fn(ms.Tensor(x - d.reshape(x.shape))).asnumpy())) / (2 * eps)
    np.testing.assert_allclose(auto.reshape(-1), fd, rtol=1e-5, atol=1e-7)
    assert not grad.asnumpy()[np.arange(T)[:, None] >= np.array(seq)[None, :]].any()


class _LossCell(nn.Cell):
    def __init__(self, op, li, lv, sl, w):
        super().__init__()
        self.op, self.li, self.lv, self.sl, self.w = op, li, lv, sl, ms.Tensor(w)

    def construct(self, x):
        loss, grad = self.op(x, self.li, self.lv, self.sl)
        return (loss * self.w).sum(), grad


@pytest.mark.parametrize("dtype", [np.float16, np.float32, np.float64])
@pytest.mark.parametrize("collapse, merge, ignore", FLAGS)
def test_graph_mode_equals_pynative(collapse, merge, ignore, dtype):
    T, C, labels, seq = CASES[0]  # possible under every flag: ignore changes nothing
    x = ms.Tensor(RNG.normal(size=(T, len(labels), C)).astype(dtype))
    li, lv = _sparse(labels)
    args = (ops.CTCLoss(collapse, merge, ignore), li, lv,
            ms.Tensor(np.array(seq, np.int32)), RNG.uniform(0.5, 1.5, len(labels)).astype(dtype))
    out = {}
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        cell = _LossCell(*args)
        (value, grad_out), dx = ms.value_and_grad(cell, has_aux=True)(x)
        out[m] = [value.asnumpy(), grad_out.asnumpy(), dx.asnumpy()]
        assert dx.dtype == grad_out.dtype == value.dtype == x.dtype
    for a, b in zip(out[ms.PYNATIVE_MODE], out[ms.GRAPH_MODE]):
        np.testing.assert_array_equal(a, b)


def test_too_long_raises_at_run_time_in_graph_mode():
    T, C, labels, seq = CASES[4]
    li, lv = _sparse(labels)
    cell = _LossCell(ops.CTCLoss(), li, lv, ms.Tensor(np.array(seq, np.int32)), np.ones(1))
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(ValueError, match="CTCLoss: batch entry 0 needs at least 3 frames"):
        cell(ms.Tensor(np.zeros((T, 1, C))))


def test_gradient_output_is_not_differentiable():
    T, C, labels, seq = CASES[0]
    li, lv = _sparse(labels)
    op, sl = ops.CTCLoss(), ms.Tensor(np.array(seq, np.int32))
    fn = lambda v: op(v, li, lv, sl)[1].sum()  # noqa: E731
    with pytest.raises(RuntimeError, match="CTCLoss: the 'gradient' output cannot be diff"):
        ops.grad(fn)(ms.Tensor(np.zeros((T, 2, C))))


def _greedy_reference(x, seq, merge):
    """Best path: first arg-max per frame, runs merged (if ``merge``), the last class dropped."""
    decoded, logp = [], []
    for b in range(x.shape[1]):
        frames = [list(x[t, b]) for t in range(seq[b])]
        best = [f.index(max(f)) for f in frames]
        logp.append(-sum(max(f) for f in frames))
        runs = [k for k, _ in itertools.groupby(best)] if merge else best
        decoded.append([c for c in runs if c != x.shape[2] - 1])
    return decoded, logp


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 5), st.integers(1, 3), st.integers(1, 4), st.booleans(), st.data())
def test_greedy_decoder_matches_reference(T, B, C, merge, data):
    # small integer logits: ties are common and must go to the lower class
    x = np.array(data.draw(st.lists(st.integers(-2, 2), min_size=T * B * C,
                                    max_size=T * B * C)), np.float64).reshape(T, B, C)
    seq = data.draw(st.lists(st.integers(0, T), min_size=B, max_size=B))
    decoded, logp = _greedy_reference(x, seq, merge)
    sl = ms.Tensor(np.array(seq, np.int32))
    for out in (ops.CTCGreedyDecoder(merge)(ms.Tensor(x), sl),
                ops.ctc_greedy_decoder(ms.Tensor(x), sl, merge_repeated=merge)):
        idx, vals, shape, lp = [o.asnumpy() for o in out]
        assert idx.dtype == vals.dtype == shape.dtype == np.int64 and lp.dtype == np.float64
        want_idx = [[b, t] for b, d in enumerate(decoded) for t in range(len(d))]
        np.testing.assert_array_equal(idx, np.array(want_idx, np.int64).reshape(-1, 2))
        np.testing.assert_array_equal(vals, [v for d in decoded for v in d])
        np.testing.assert_array_equal(shape, [B, max(map(len, decoded))])
        np.testing.assert_array_equal(lp, np.array(logp).reshape(B, 1))


def test_greedy_decoder_log_probability_gradient():
    x = RNG.normal(size=(4, 3, 5))
    sl, w = ms.Tensor(np.array([4, 0, 2], np.int32)), RNG.uniform(0.5, 1.5, (3, 1))
    fn = lambda v: (ops.ctc_greedy_decoder(v, sl)[3] * ms.Tensor(w)).sum()  # noqa: E731
    want = np.zeros_like(x)
    for b, n in enumerate([4, 0, 2]):
        for t in range(n):
            want[t, b, x[t, b].argmax()] = -w[b, 0]
    np.testing.assert_array_equal(ops.grad(fn)(ms.Tensor(x)).asnumpy(), want)


def test_greedy_decoder_documented_example():
    x = ms.Tensor(np.array([[[0.6, 0.4, 0.2], [0.8, 0.6, 0.3]],
                            [[0.0, 0.6, 0.0], [0.5, 0.4, 0.5]]], np.float32))
    idx, vals, shape, lp = ops.CTCGreedyDecoder()(x, ms.Tensor(np.array([2, 2], np.int32)))
    np.testing.assert_array_equal(idx.asnumpy(), [[0, 0], [0, 1], [1, 0]])
    np.testing.assert_array_equal(vals.asnumpy(), [0, 1, 0])
    np.testing.assert_array_equal(shape.asnumpy(), [2, 2])
    assert lp.dtype == ms.float32
    np.testing.assert_allclose(lp.asnumpy(), [[-1.2], [-1.3]], rtol=1e-6)


class _Decode(nn.Cell):
    def construct(self, x, sl):
        return ops.CTCGreedyDecoder()(x, sl)


def test_greedy_decoder_refuses_graph_mode_naming_the_line():
    ms.set_context(mode=ms.GRAPH_MODE)
    with pytest.raises(GraphModeError, match="test_ctc_tf.py"):
        _Decode()(ms.Tensor(np.zeros((3, 2, 4), np.float32)),
                  ms.Tensor(np.array([3, 1], np.int32)))


X = ms.Tensor(np.zeros((4, 2, 3), np.float32))
LI = ms.Tensor(np.array([[0, 0], [1, 0], [1, 1]], np.int64))
LV = ms.Tensor(np.array([1, 0, 1], np.int32))
SL = ms.Tensor(np.array([4, 4], np.int32))


@pytest.mark.parametrize("kwargs, err, match", [
    (dict(x=X.asnumpy()), TypeError, "'inputs' must be a Tensor"),
    (dict(x=X.astype(ms.int32)), TypeError, "'inputs' must be Float16 or Float32 or Float64"),
    (dict(x=X[0]), ValueError, r"'inputs' must be 3-D"),
    (dict(li=LI.astype(ms.int32)), TypeError, "'labels_indices' must be an Int64"),
    (dict(lv=LV.astype(ms.int64)), TypeError, "'labels_values' must be an Int32"),
    (dict(sl=SL.astype(ms.int64)), TypeError, "'sequence_length' must be an Int32"),
    (dict(li=LI[:, :1]), ValueError, r"'labels_indices' must have shape \(N, 2\)"),
    (dict(lv=LV[:2]), ValueError, r"'labels_values' must have shape \(3,\)"),
    (dict(sl=SL[:1]), ValueError, r"'sequence_length' must have shape \(2,\)"),
    (dict(sl=ms.Tensor(np.array([5, 4], np.int32))), ValueError, r"in \[0, 4\] \(max_time\)"),
    (dict(li=ms.Tensor(np.array([[0, 0], [2, 0], [1, 1]], np.int64))), ValueError,
     r"b in \[0, 2\)"),
    (dict(li=ms.Tensor(np.array([[0, 0], [1, 1], [1, 0]], np.int64))), ValueError,
     "row-major order"),
    (dict(lv=ms.Tensor(np.array([1, 3, 1], np.int32))), ValueError,
     r"'labels_values' must be in \[0, 3\) \(class 2 is the blank"),
    # the blank pads an entry's labels; a label after it is MindSpore 2.10's RuntimeError
    (dict(lv=ms.Tensor(np.array([1, 2, 1], np.int32))), RuntimeError,
     r"batch entry 1 .* only blanks may follow"),
])
def test_ctc_loss_errors_name_the_op_and_argument(kwargs, err, match):
    args = dict(x=X, li=LI, lv=LV, sl=SL)
    args.update(kwargs)
    with pytest.raises(err, match="CTCLoss: .*" + match):
        ops.CTCLoss()(args["x"], args["li"], args["lv"], args["sl"])


@pytest.mark.parametrize("call, err, match", [
    (lambda: ops.CTCLoss(preprocess_collapse_repeated=1), TypeError,
     "CTCLoss: 'preprocess_collapse_repeated' must be a bool"),
    (lambda: ops.CTCLoss(ctc_merge_repeated=None), TypeError,
     "CTCLoss: 'ctc_merge_repeated' must be a bool"),
    (lambda: ops.CTCLoss(ignore_longer_outputs_than_inputs="no"), TypeError,
     "CTCLoss: 'ignore_longer_outputs_than_inputs' must be a bool"),
    (lambda: ops.CTCGreedyDecoder(merge_repeated=0), TypeError,
     "CTCGreedyDecoder: 'merge_repeated' must be a bool"),
    (lambda: ops.ctc_greedy_decoder(X, SL, merge_repeated="yes"), TypeError,
     "ctc_greedy_decoder: 'merge_repeated' must be a bool"),
    (lambda: ops.CTCGreedyDecoder()(X.astype(ms.float16), SL), TypeError,
     "CTCGreedyDecoder: 'inputs' must be Float32 or Float64, but got Float16"),
    (lambda: ops.ctc_greedy_decoder(X, ms.Tensor(np.array([4, -1], np.int32))), ValueError,
     r"ctc_greedy_decoder: 'sequence_length' must be in \[0, 4\]"),
    (lambda: ops.CTCGreedyDecoder()(X, SL[:1]), ValueError,
     r"CTCGreedyDecoder: 'sequence_length' must have shape \(2,\)"),
])
def test_constructor_and_decoder_errors(call, err, match):
    with pytest.raises(err, match=match):
        call()
