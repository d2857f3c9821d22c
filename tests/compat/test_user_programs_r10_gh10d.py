"""Round 10 (gh10d): image restoration / GAN training programs from small public repositories
(video super-resolution with gradient clipping, dehazing with a deformable convolution and a VGG
contrastive loss, an ensemble GAN whose loss cells rebind Parameter attributes in construct).
The whole programs matched MindSpore 2.10 (ms-oracle) to float32 rounding; these tests rebuild
their patterns from scratch against numpy references, in PYNATIVE_MODE and GRAPH_MODE."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor, Parameter
from mindcell.ops import composite as C
from mindcell.ops import functional as F


MODES = [ms.PYNATIVE_MODE, ms.GRAPH_MODE]

_clip = C.MultitypeFuncGraph("gh10d_clip")


@_clip.register("Number", "Number", "Tensor")
def _clip_one(kind, value, grad):
    dt = F.dtype(grad)
    if kind == 0:
        return C.clip_by_value(grad, F.cast(F.tuple_to_array((-value,)), dt),
                               F.cast(F.tuple_to_array((value,)), dt))
    return nn.ClipByNorm()(grad, F.cast(F.tuple_to_array((value,)), dt))


class _ClippedStep(nn.TrainOneStepCell):
    """sens filled to the loss's shape, every gradient clipped through HyperMap(partial(...))."""

    def __init__(self, network, optimizer, sens, kind):
        super().__init__(network, optimizer, sens)
        self.hyper_map = C.HyperMap()
        self.kind = kind

    def construct(self, x, t):
        loss = self.network(x, t)
        sens = ops.Fill()(ops.DType()(loss), ops.Shape()(loss), self.sens)
        grads = self.grad(self.network, self.weights)(x, t, sens)
        grads = self.hyper_map(F.partial(_clip, self.kind, 1.0), grads)
        grads = self.grad_reducer(grads)
        return ops.depend(loss, self.optimizer(grads))


def _adam_reference(w, b, x, t, lrs, sens, kind, steps):
    """numpy: L1 loss of a Dense layer, gradients scaled by sens, clipped, unscaled by Adam's
    loss_scale (= sens), Adam(beta1=0.9, beta2=0.999, eps=1e-8)."""
    w, b = w.astype(np.float64), b.astype(np.float64)
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    losses = []
    for s in range(steps):
        pred = x @ w.T + b
        losses.append(np.abs(pred - t).mean())
        dpred = np.sign(pred - t) / pred.size * sens
        grads = [dpred.T @ x, dpred.sum(0)]
        if kind == 0:
            grads = [np.clip(g, -1.0, 1.0) for g in grads]
        else:
            grads = [g * 1.0 / max(np.sqrt((g * g).sum()), 1.0) for g in grads]
        grads = [g / sens for g in grads]
        lr_t = lrs[s] * np.sqrt(1 - 0.999 ** (s + 1)) / (1 - 0.9 ** (s + 1))
        params = [w, b]
        for i, g in enumerate(grads):
            m[i] = 0.9 * m[i] + 0.1 * g
            v[i] = 0.999 * v[i] + 0.001 * g * g
            params[i] = params[i] - lr_t * m[i] / (np.sqrt(v[i]) + 1e-8)
        w, b = params
    return np.array(losses), w, b


@pytest.mark.parametrize("mode", MODES)
@pytest.mark.parametrize("kind", [0, 1])
def test_clipped_loss_scaled_step_matches_numpy_adam(mode, kind):
    ms.set_context(mode=mode)
    rs = np.random.RandomState(7)
    x = rs.randn(4, 3).astype(np.float32)
    t = rs.randn(4, 2).astype(np.float32)
    w0 = rs.randn(2, 3).astype(np.float32)
    b0 = rs.randn(2).astype(np.float32)
    dense = nn.Dense(3, 2, weight_init=Tensor(w0), bias_init=Tensor(b0))
    net = nn.WithLossCell(dense, nn.L1Loss())
    lrs = nn.dynamic_lr.piecewise_constant_lr([1, 3], [1e-2, 1e-3])
    opt = nn.Adam(dense.trainable_params(), lrs, loss_scale=1024.0)
    step = _ClippedStep(net, opt, 1024.0, kind)
    losses = [float(step(Tensor(x), Tensor(t)).asnumpy()) for _ in range(3)]
    ref_losses, w, b = _adam_reference(w0, b0, x.astype(np.float64), t.astype(np.float64),
                                       lrs, 1024.0, kind, 3)
    np.testing.assert_allclose(losses, ref_losses, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(dense.weight.asnumpy(), w, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(dense.bias.asnumpy(), b, rtol=1e-5, atol=1e-6)


class _RunningWeightLoss(nn.Cell):
    """A loss cell that stores what it computed on Parameter attributes (rebinding them in
    construct) and takes optional running weights and an int index, as the ensemble GAN does."""

    def __init__(self, dense, batch):
        super().__init__(auto_prefix=False)
        self.dense = dense
        self.weights_pt = Parameter(ops.zeros((batch, 1), ms.float32), name="weights_pt")
        self.loss = Parameter(Tensor(0.0, ms.float32), name="loss")

    def construct(self, x, index, weights=None):
        out = self.dense(x)
        pt = ops.exp(-ops.softplus(-out))
        if weights is None:
            weights = pt
        else:
            weights = (weights * index + pt) / (index + 1)
        loss = ops.mean((1 - weights) ** 2 * ops.softplus(-out))
        self.weights_pt = weights
        self.loss = loss
        return loss


@pytest.mark.parametrize("mode", MODES)
def test_parameter_attributes_rebound_in_construct_hold_the_step_values(mode):
    ms.set_context(mode=mode)
    rs = np.random.RandomState(3)
    x = rs.randn(4, 3).astype(np.float32)
    w0 = rs.randn(1, 3).astype(np.float32) * 0.5
    prev = rs.rand(4, 1).astype(np.float32)
    dense = nn.Dense(3, 1, weight_init=Tensor(w0), bias_init="zeros")
    cell = _RunningWeightLoss(dense, 4)
    step = nn.TrainOneStepCell(cell, nn.SGD(dense.trainable_params(), 0.1))

    def softplus(z):
        return np.log1p(np.exp(z))

    out = x.astype(np.float64) @ w0.T.astype(np.float64)
    pt = np.exp(-softplus(-out))
    ret = step(Tensor(x), 0, None)
    expect = np.mean((1 - pt) ** 2 * softplus(-out))
    np.testing.assert_allclose(float(ret.asnumpy()), expect, rtol=1e-5)
    np.testing.assert_allclose(float(Tensor(cell.loss).asnumpy()), expect, rtol=1e-5)
    np.testing.assert_allclose(Tensor(cell.weights_pt).asnumpy(), pt, rtol=1e-5)

    w1 = dense.weight.asnumpy().astype(np.float64)
    assert not np.allclose(w1, w0)
    out = x.astype(np.float64) @ w1.T + dense.bias.asnumpy().astype(np.float64)
    pt = np.exp(-softplus(-out))
    run = (prev.astype(np.float64) * 2 + pt) / 3
    ret = step(Tensor(x), 2, Tensor(prev))
    np.testing.assert_allclose(float(ret.asnumpy()), np.mean((1 - run) ** 2 * softplus(-out)),
                               rtol=1e-5)
    np.testing.assert_allclose(Tensor(cell.weights_pt).asnumpy(), run, rtol=1e-5)
    assert cell.weights_pt.name == "weights_pt"


# ----- MindSpore's abstract dataset classes -----------------------------------------------------
# A diffusion program imports VisionBaseDataset (mindcell raised NotImplementedByMindcell at the
# import). The memberships below are MindSpore 2.10's issubclass answers (ms-oracle).
def test_dataset_family_bases_follow_mindspore_membership():
    import mindcell.dataset as ds
    from mindcell.dataset.engine import Dataset
    cases = [
        (ds.ImageFolderDataset, {"SourceDataset", "MappableDataset", "VisionBaseDataset"}),
        (ds.TextFileDataset, {"SourceDataset", "TextBaseDataset"}),
        (ds.TFRecordDataset, {"SourceDataset", "UnionBaseDataset", "VisionBaseDataset",
                              "TextBaseDataset", "AudioBaseDataset"}),
        (ds.LJSpeechDataset, {"SourceDataset", "MappableDataset", "AudioBaseDataset"}),
        (ds.SVHNDataset, {"SourceDataset", "MappableDataset", "UnionBaseDataset",
                          "VisionBaseDataset", "TextBaseDataset", "AudioBaseDataset"}),
        (ds.USPSDataset, {"SourceDataset", "VisionBaseDataset"}),
        (ds.MapDataset, {"UnionBaseDataset", "VisionBaseDataset", "TextBaseDataset",
                         "AudioBaseDataset"}),
    ]
    names = ["SourceDataset", "MappableDataset", "VisionBaseDataset", "TextBaseDataset",
             "AudioBaseDataset", "UnionBaseDataset"]
    for cls, expected in cases:
        got = {n for n in names if issubclass(cls, getattr(ds, n))}
        assert got == expected, cls.__name__
    for n in names:
        assert issubclass(getattr(ds, n), Dataset)
        assert not isinstance(3, getattr(ds, n)) and not issubclass(int, getattr(ds, n))

    data = ds.NumpySlicesDataset({"x": np.arange(4)}, shuffle=False)
    assert isinstance(data, ds.MappableDataset) and isinstance(data, ds.UnionBaseDataset)
    batched = data.batch(2)
    assert not isinstance(batched, ds.SourceDataset) and isinstance(batched, ds.UnionBaseDataset)

    class Sub(ds.GeneratorDataset):
        pass

    class Own(ds.MappableDataset):
        pass

    assert issubclass(Sub, ds.MappableDataset) and issubclass(Own, ds.SourceDataset)
    assert not issubclass(Own, ds.VisionBaseDataset)

