"""nn.HingeEmbeddingLoss, GaussianNLLLoss, PoissonNLLLoss, MultiLabelSoftMarginLoss,
TripletMarginLoss and FocalLoss: inside a network GRAPH_MODE gives what PYNATIVE gives, both
equal a numpy reference, and the gradients equal central differences of it. MindSpore 2.10's
values and errors are in tests/goldens/nn_more/ (002); TripletMarginLoss, which MindSpore 2.10
cannot run on CPU, is checked against numpy here only."""
import math

import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(11)
A = RNG.standard_normal((5, 4))
B = RNG.standard_normal((5, 4))
C = RNG.standard_normal((5, 4))
SGN = np.where(RNG.standard_normal((5, 4)) > 0, 1.0, -1.0)
VAR = np.abs(RNG.standard_normal((5, 4))) + 0.1
CNT = RNG.integers(0, 6, (5, 4)).astype(np.float64)
LAB = (RNG.standard_normal((5, 4)) > 0).astype(np.float64)
W4 = np.array([1.0, 2.0, 0.5, 1.5])
IDX = RNG.integers(0, 4, (5, 1))


def _log_softmax(x, axis):
    m = x.max(axis, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis, keepdims=True))


def _triplet(a, p, n, p_norm=2, eps=1e-6, swap=False, margin=1.0, reduction="mean"):
    dist = lambda u, v: (np.abs(u - v + eps) ** p_norm).sum(-1) ** (1.0 / p_norm)  # noqa
    dn = dist(a, n)
    if swap:
        dn = np.minimum(dn, dist(p, n))
    loss = np.maximum(dist(a, p) - dn + margin, 0)
    return {"mean": loss.mean(), "sum": loss.sum(), "none": loss}[reduction]


def _focal_idx(x, idx, w, gamma):
    logp = np.take_along_axis(_log_softmax(x, 1), idx, 1)[:, 0]
    return (-(1 - np.exp(logp)) ** gamma * logp * w[idx[:, 0]]).mean()


# name -> (cell factory, numpy loss of the first input, the other inputs)
CASES = {
    "hinge": (lambda: nn.HingeEmbeddingLoss(margin=0.7, reduction="sum"),
              lambda x: np.where(SGN > 0, x, np.maximum(0.7 - x, 0)).sum(), (SGN,)),
    "gnll": (lambda: nn.GaussianNLLLoss(full=True),
             lambda x: (0.5 * (np.log(VAR) + (x - B) ** 2 / VAR)
                        + 0.5 * math.log(2 * math.pi)).mean(), (B, VAR)),
    "pnll": (lambda: nn.PoissonNLLLoss(full=True, reduction="sum"),
             lambda x: (np.exp(x) - CNT * x + np.where(
                 CNT > 1, CNT * np.log(np.maximum(CNT, 1)) - CNT
                 + 0.5 * np.log(2 * math.pi * np.maximum(CNT, 1)), 0)).sum(), (CNT,)),
    "mlsm": (lambda: nn.MultiLabelSoftMarginLoss(weight=Tensor(W4.astype(np.float32))),
             lambda x: ((LAB * np.log1p(np.exp(-x)) + (1 - LAB) * np.log1p(np.exp(x))) * W4)
             .mean(-1).mean(), (LAB,)),
    "triplet": (lambda: nn.TripletMarginLoss(p=3, swap=True, margin=0.9),
                lambda x: _triplet(x, B, C, 3, swap=True, margin=0.9), (B, C)),
    "triplet_l1_none": (lambda: nn.TripletMarginLoss(p=1, reduction="none"),
                        lambda x: _triplet(x, B, C, 1, reduction="none"), (B, C)),
    "focal_idx": (lambda: nn.FocalLoss(weight=Tensor(W4.astype(np.float32)), gamma=1.5),
                  lambda x: _focal_idx(x, IDX, W4, 1.5), (IDX.astype(np.int32),)),
    "focal_onehot": (lambda: nn.FocalLoss(reduction="sum"),
                     lambda x: (-(1 - np.exp(_log_softmax(x, 1))) ** 2 * LAB
                                * _log_softmax(x, 1)).sum(), (LAB,)),
}


def _t(v):
    return Tensor(v if v.dtype == np.int32 else v.astype(np.float32))


class _Wrap(nn.Cell):
    def __init__(self, loss):
        super().__init__()
        self.loss = loss

    def construct(self, *args):
        return self.loss(*args)


def _in_mode(mode, fn):
    ms.set_context(mode=mode)
    try:
        return fn()
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("name", list(CASES))
def test_graph_equals_pynative_equals_numpy(name):
    make, ref, rest = CASES[name]
    args = [_t(A)] + [_t(r) for r in rest]
    outs = [_in_mode(m, lambda: _Wrap(make())(*args).asnumpy())
            for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE)]
    np.testing.assert_allclose(outs[1], outs[0], rtol=1e-6, atol=1e-7)
    np.testing.assert_allclose(outs[0], ref(A), rtol=2e-5, atol=1e-6)


@pytest.mark.parametrize("name", list(CASES))
def test_gradient_equals_central_differences(name):
    make, ref, rest = CASES[name]
    args = [_t(A)] + [_t(r) for r in rest]

    def grad():
        cell = _Wrap(make())
        return ms.grad(lambda x: cell(x, *args[1:]).sum())(args[0]).asnumpy()
    g_py, g_graph = (_in_mode(m, grad) for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE))
    np.testing.assert_allclose(g_graph, g_py, rtol=1e-5, atol=1e-7)
    eps = 1e-6
    for idx in [(0, 0), (1, 3), (2, 1), (4, 2)]:
        d = np.zeros_like(A)
        d[idx] = eps
        num = (np.sum(ref(A + d)) - np.sum(ref(A - d))) / (2 * eps)
        np.testing.assert_allclose(g_py[idx], num, rtol=2e-3, atol=2e-5)


def test_triplet_margin_input_and_attribute():
    a, p, n = _t(A), _t(B), _t(C)
    loss = nn.TripletMarginLoss()
    np.testing.assert_allclose(loss(a, p, n, 0.3).asnumpy(), _triplet(A, B, C, margin=0.3),
                               rtol=1e-5)
    # a margin attribute other than 1.0 wins over the call's margin, as in MindSpore
    np.testing.assert_allclose(nn.TripletMarginLoss(margin=2.0)(a, p, n, 0.3).asnumpy(),
                               _triplet(A, B, C, margin=2.0), rtol=1e-5)


def test_errors_name_the_loss():
    a = _t(A)
    with pytest.raises(TypeError, match="gamma"):
        nn.FocalLoss(gamma=2)
    with pytest.raises(ValueError, match="weight"):
        nn.FocalLoss(weight=Tensor(np.ones((2, 2), np.float32)))
    with pytest.raises(ValueError, match="FocalLoss"):
        nn.FocalLoss()(a, Tensor(np.zeros(5, np.int32)))
    with pytest.raises(ValueError, match="FocalLoss"):
        nn.FocalLoss()(a, _t(LAB[:, :3]))
    with pytest.raises(TypeError, match="eps"):
        nn.GaussianNLLLoss(eps=1)
    with pytest.raises(ValueError, match="eps"):
        nn.GaussianNLLLoss(eps=-0.5)
    with pytest.raises(TypeError, match="var"):
        nn.GaussianNLLLoss()(a, a, 1.0)
    with pytest.raises(TypeError, match="margin"):
        nn.HingeEmbeddingLoss(margin="1")
    with pytest.raises(ValueError, match="reduction"):
        nn.HingeEmbeddingLoss(reduction="avg")
    with pytest.raises(TypeError, match="'p'"):
        nn.TripletMarginLoss(p=2.0)(a, a, a)
    with pytest.raises(TypeError, match="swap"):
        nn.TripletMarginLoss(swap=1)(a, a, a)
    with pytest.raises(ValueError, match="reduction"):
        nn.PoissonNLLLoss(reduction="avg")
    with pytest.raises(TypeError, match="target"):
        nn.MultiLabelSoftMarginLoss()(a, 1.0)


def _multilabel_margin(x, y):
    out = []
    for xs, ys in zip(x, y):
        targets = []
        for t in ys:
            if t == -1:
                break
            targets.append(t)
        others = [i for i in range(len(xs)) if i not in targets]
        out.append(sum(max(0.0, 1 - (xs[j] - xs[i])) for j in targets for i in others) / len(xs))
    return np.array(out)


def test_multilabel_margin_equals_numpy_both_modes_with_gradient():
    x = RNG.standard_normal((4, 5)).astype(np.float32)
    y = np.array([[3, 0, -1, 1, 2], [1, 2, 4, 0, -1], [-1, 0, 1, 2, 3], [4, 4, 0, -1, 1]],
                 np.int32)
    outs = [_in_mode(m, lambda: _Wrap(nn.MultilabelMarginLoss("none"))(Tensor(x), Tensor(y))
                     .asnumpy()) for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE)]
    np.testing.assert_allclose(outs[0], _multilabel_margin(x.astype(np.float64), y), rtol=1e-5)
    np.testing.assert_allclose(outs[1], outs[0], rtol=1e-6)
    g = ms.grad(nn.MultilabelMarginLoss())(Tensor(x), Tensor(y)).asnumpy()
    for idx in [(0, 0), (1, 2), (3, 4)]:
        d = np.zeros_like(x, dtype=np.float64)
        d[idx] = 1e-6
        num = (_multilabel_margin(x + d, y).mean() - _multilabel_margin(x - d, y).mean()) / 2e-6
        np.testing.assert_allclose(g[idx], num, rtol=1e-3, atol=1e-5)
    with pytest.raises(TypeError, match="int32"):
        nn.MultilabelMarginLoss()(Tensor(x), Tensor(y.astype(np.float32)))
