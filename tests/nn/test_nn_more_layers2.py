"""nn.MaxPool2dExt, LRN, Dropout2dExt and TripletMarginWithDistanceLoss: GRAPH_MODE gives what
PYNATIVE gives, both equal numpy, gradients equal central differences; Dropout2dExt in training
zeroes or scales whole channels. MindSpore 2.10's values and errors are in
tests/goldens/nn_more/ (006); MaxPool2dExt, which MindSpore 2.10 runs on Ascend only, is checked
against numpy here only."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Tensor, nn

RNG = np.random.default_rng(21)


class _Wrap(nn.Cell):
    def __init__(self, cell):
        super().__init__()
        self.cell = cell

    def construct(self, *args):
        return self.cell(*args)


def _both(make, *args):
    outs = []
    for m in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=m)
        try:
            outs.append(_Wrap(make())(*[Tensor(a) for a in args]).asnumpy())
        finally:
            ms.set_context(mode=ms.PYNATIVE_MODE)
    np.testing.assert_allclose(outs[1], outs[0], rtol=1e-6, atol=1e-7)
    return outs[0]


def _lrn(x, r, bias, alpha, beta):
    c = x.shape[1]
    sq = np.pad(x.astype(np.float64) ** 2, [(0, 0), (r, r), (0, 0), (0, 0)])
    total = sum(sq[:, i:i + c] for i in range(2 * r + 1))
    return x / (bias + alpha * total) ** beta


def test_lrn_equals_numpy_with_gradient():
    x = RNG.standard_normal((2, 6, 3, 4)).astype(np.float32)
    out = _both(lambda: nn.LRN(2, 1.5, 0.3, 0.75), x)
    np.testing.assert_allclose(out, _lrn(x, 2, 1.5, 0.3, 0.75), rtol=1e-5, atol=1e-6)
    w = RNG.standard_normal(x.shape)
    g = ms.grad(lambda t: (nn.LRN(2, 1.5, 0.3, 0.75)(t) * Tensor(w.astype(np.float32))).sum())(
        Tensor(x)).asnumpy()
    xd = x.astype(np.float64)
    for idx in [(0, 0, 0, 0), (1, 3, 2, 1), (0, 5, 1, 3)]:
        d = np.zeros_like(xd)
        d[idx] = 1e-6
        num = ((_lrn(xd + d, 2, 1.5, 0.3, 0.75) - _lrn(xd - d, 2, 1.5, 0.3, 0.75)) * w).sum() / 2e-6
        np.testing.assert_allclose(g[idx], num, rtol=1e-3, atol=1e-5)


def test_maxpool2dext_equals_numpy():
    x = RNG.standard_normal((2, 3, 6, 7)).astype(np.float32)
    out = _both(lambda: nn.MaxPool2dExt(3, stride=2, padding=1), x)
    xp = np.pad(x, [(0, 0), (0, 0), (1, 1), (1, 1)], constant_values=-np.inf)
    want = np.stack([np.stack([xp[..., 2 * i:2 * i + 3, 2 * j:2 * j + 3].max((-2, -1))
                               for j in range(4)], -1) for i in range(3)], -2)
    np.testing.assert_array_equal(out, want)
    assert nn.MaxPool2dExt(3).stride == 3


def test_triplet_with_distance_equals_numpy_with_gradient():
    a, p, n = (RNG.standard_normal((4, 5)).astype(np.float32) for _ in range(3))
    dist = lambda u, v: np.sqrt(((u - v) ** 2).sum(1))  # noqa: E731
    def ref(x):
        return np.maximum(dist(x, p) - np.minimum(dist(x, n), dist(p, n)) + 1.5, 0).mean()
    out = _both(lambda: nn.TripletMarginWithDistanceLoss(swap=True, margin=1.5), a, p, n)
    np.testing.assert_allclose(out, ref(a.astype(np.float64)), rtol=1e-5)
    g = ms.grad(nn.TripletMarginWithDistanceLoss(swap=True, margin=1.5))(
        Tensor(a), Tensor(p), Tensor(n)).asnumpy()
    for idx in [(0, 0), (2, 3), (3, 4)]:
        d = np.zeros((4, 5))
        d[idx] = 1e-6
        num = (ref(a + d) - ref(a - d)) / 2e-6
        np.testing.assert_allclose(g[idx], num, rtol=1e-3, atol=1e-5)


def test_dropout2dext_zeroes_whole_channels_in_training():
    x = np.ones((4, 16, 3, 3), np.float32)
    cell = nn.Dropout2dExt(p=0.5)
    np.testing.assert_array_equal(cell(Tensor(x)).asnumpy(), x)  # evaluation: identity
    cell.set_train()
    out = cell(Tensor(x)).asnumpy()
    per_channel = out.reshape(4, 16, 9)
    assert set(np.unique(per_channel)) <= {0.0, 2.0}
    assert (per_channel.min(-1) == per_channel.max(-1)).all()
    assert 0 < (per_channel[..., 0] == 0).sum() < 64
    with pytest.raises(NotImplementedError, match="inplace"):
        nn.Dropout2dExt(0.5, inplace=True).set_train()(Tensor(x))


def test_errors():
    with pytest.raises(TypeError, match="beta"):
        nn.LRN(beta=1)
    with pytest.raises(ValueError, match="norm_region"):
        nn.LRN(norm_region="WITHIN_CHANNEL")
    with pytest.raises(ValueError, match="4-D"):
        nn.LRN()(Tensor(np.ones((2, 3, 4), np.float32)))
    with pytest.raises(TypeError, match="margin"):
        nn.TripletMarginWithDistanceLoss(margin=1)
