"""Behaviours that public vision, detection, audio and generative MindSpore programs rely on
(round 4, found by running them under mindcell and comparing with MindSpore 2.10). The
programs are not copied: each test is a small program of the same kind written here."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops


def _keys_weight(t, a):
    """Keys' cubic convolution weight at distance t (written per case, as a reference)."""
    t = abs(t)
    if t <= 1:
        return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1
    if t < 2:
        return a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a
    return 0.0


def _np_bicubic_1d(v, out, align_corners):
    """Resample the last axis of v pixel by pixel: MindSpore's rules (ms-oracle): offsets on a
    1/1024 grid; corners aligned: a=-0.75, edge taps clamped; else half-pixel centers, a=-0.5,
    taps outside dropped and the rest renormalised."""
    n = v.shape[-1]
    res = np.zeros(v.shape[:-1] + (out,))
    for i in range(out):
        if align_corners:
            src = i * (n - 1) / (out - 1) if out > 1 else 0.0
        else:
            src = (i + 0.5) * n / out - 0.5
        base = int(np.floor(src))
        frac = round((src - base) * 1024) / 1024
        acc, total = 0.0, 0.0
        for k in (-1, 0, 1, 2):
            j = base + k
            w = _keys_weight(frac - k, -0.75 if align_corners else -0.5)
            if not align_corners and not 0 <= j < n:
                continue
            acc = acc + w * v[..., min(max(j, 0), n - 1)]
            total += w
        res[..., i] = acc if align_corners else acc / total
    return res


@pytest.mark.parametrize("size, align_corners", [((8, 9), False), ((3, 4), False),
                                                 ((8, 9), True), ((2, 11), True)])
def test_interpolate_bicubic_values_and_gradient(mode, size, align_corners):
    # CrossViT resizes its image for each branch: ops.interpolate(x, size=..., mode='bicubic')
    x = np.random.default_rng(1).standard_normal((2, 3, 5, 7))
    ref = _np_bicubic_1d(x, size[1], align_corners)
    ref = np.swapaxes(_np_bicubic_1d(np.swapaxes(ref, -1, -2), size[0], align_corners), -1, -2)

    class Resize(nn.Cell):
        def construct(self, t):
            return ops.interpolate(t, size=size, mode="bicubic", align_corners=align_corners)

    out = Resize()(ms.Tensor(x.astype(np.float32)))
    assert out.dtype == ms.float32 and out.shape == (2, 3) + size
    np.testing.assert_allclose(out.asnumpy(), ref, rtol=1e-5, atol=1e-5)
    # the gradient is the adjoint: <grad, x> == <weights, resize(x)> for a linear map
    weights = np.random.default_rng(2).standard_normal((2, 3) + size).astype(np.float32)
    grad = ms.grad(lambda t: (Resize()(t) * ms.Tensor(weights)).sum())(
        ms.Tensor(x.astype(np.float32))).asnumpy()
    np.testing.assert_allclose((grad * x).sum(), (weights * ref).sum(), rtol=1e-4)


def test_interpolate_bicubic_rules():
    x = ms.Tensor(np.ones((1, 2, 4, 4), np.float16))
    out = ops.interpolate(x, size=(6, 3), mode="bicubic")
    assert out.dtype == ms.float16
    np.testing.assert_allclose(out.asnumpy(), 1.0, atol=1e-3)  # weights sum to one
    assert ops.interpolate(x, scale_factor=1.5, mode="bicubic",
                           recompute_scale_factor=True).shape == (1, 2, 6, 6)
    with pytest.raises(ValueError, match="interpolate.*recompute_scale_factor"):
        ops.interpolate(x, scale_factor=2.0, mode="bicubic")  # as MindSpore 2.10
    with pytest.raises(ValueError, match="interpolate.*4-D"):
        ops.interpolate(ms.Tensor(np.ones((1, 2, 4), np.float32)), size=3, mode="bicubic")
    up = nn.Upsample(size=(5, 5), mode="bicubic", align_corners=True)
    np.testing.assert_allclose(up(ms.Tensor(np.ones((1, 1, 2, 2), np.float32))).asnumpy(), 1.0,
                               rtol=1e-6)


def _ctc(x, labels, merge=True):
    idx = np.array([[b, j] for b, lab in enumerate(labels) for j in range(len(lab))], np.int64)
    vals = np.array([v for lab in labels for v in lab], np.int32)
    return ops.CTCLoss(ctc_merge_repeated=merge)(
        ms.Tensor(x), ms.Tensor(idx), ms.Tensor(vals),
        ms.Tensor(np.full(x.shape[1], x.shape[0], np.int32)))


@pytest.mark.parametrize("merge", [True, False])
def test_ctc_loss_blank_pads_the_labels(merge):
    # a captcha recogniser pads 3- and 4-digit labels to 4 with the blank (class 10 of 11)
    x = np.random.default_rng(5).standard_normal((12, 3, 11)).astype(np.float32)
    padded = _ctc(x, [[1, 2, 3, 10], [4, 4, 10, 10], [5, 6, 7, 8]], merge)
    plain = _ctc(x, [[1, 2, 3], [4, 4], [5, 6, 7, 8]], merge)
    for a, b in zip(padded, plain):
        np.testing.assert_allclose(a.asnumpy(), b.asnumpy(), rtol=1e-6)
    assert padded[0].asnumpy().min() > 0


def test_ctc_loss_label_after_blank_and_out_of_range():
    x = np.zeros((6, 1, 4), np.float32)
    with pytest.raises(RuntimeError, match="CTCLoss: batch entry 0 .* only blanks may follow"):
        _ctc(x, [[0, 3, 1]])
    with pytest.raises(ValueError, match=r"CTCLoss: 'labels_values' must be in \[0, 4\)"):
        _ctc(x, [[0, 4]])


def test_functional_identity_passes_any_object_through(mode):
    # mindyolo's train step: grads = reducer(grads) with reducer=ops.functional.identity
    class Step(nn.Cell):
        def __init__(self):
            super().__init__()
            self.dense = nn.Dense(3, 2)
            self.grad = ops.GradOperation(get_by_list=True)
            self.weights = ms.ParameterTuple(self.dense.trainable_params())

        def construct(self, x):
            grads = self.grad(lambda t: self.dense(t).sum(), self.weights)(x)
            grads = ops.functional.identity(grads)
            return grads[0], grads[1]

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    g_w, g_b = Step()(ms.Tensor(x))
    np.testing.assert_allclose(g_w.asnumpy(), np.tile(x.sum(0), (2, 1)))
    np.testing.assert_allclose(g_b.asnumpy(), [2.0, 2.0])
    grads = (ms.Tensor(x), None)
    assert ops.identity(grads) is grads and ops.identity(3) == 3 and ops.identity(None) is None
    assert ops.functional.identity is ops.identity


def test_dataset_public_attributes():
    # mindyolo's trainer reads total_steps=self.dataloader.dataset_size (set by get_dataset_size)
    import mindcell.dataset as ds
    src = ds.NumpySlicesDataset({"x": np.arange(10, dtype=np.float32)}, shuffle=False)
    loader = src.batch(4).repeat(3)
    assert loader.dataset_size is None and src.dataset_size is None  # nothing counted yet
    assert loader.get_dataset_size() == 9 and loader.dataset_size == 9
    assert src.dataset_size is None  # counted on the node asked only
    # parents are weak references to the nodes built on a dataset, as MindSpore links them
    batched = loader.children[0]
    assert [p() for p in src.parent] == [batched] and batched.parent[0]() is loader
    assert loader.parent == []
    for name in ("cache", "saved_output_types", "saved_output_shapes",
                 "estimated_output_shapes", "runtime_context"):
        assert getattr(loader, name) is None
    src.dataset_size = 2  # an assigned size is what get_dataset_size reports, as in MindSpore
    assert src.get_dataset_size() == 2 and loader.get_dataset_size() == 9
    train, test = ds.NumpySlicesDataset({"x": [1, 2, 3, 4]}, shuffle=False).split(
        [3, 1], randomize=False)
    assert [int(r[0]) for r in train] == [1, 2, 3] and train.get_dataset_size() == 3


def test_tensor_max_min_positional_int_is_the_dim_form(mode):
    # MindSpore 2.10 resolves x.max(2) / x.min(1) to the (dim, keepdim) overload: (values,
    # indices). v, i = x.max(1) must not unpack the rows of a maxima tensor.
    x_np = np.array([[[1.0, 5.0, 3.0], [7.0, 2.0, 9.0]]], np.float32)

    class Net(nn.Cell):
        def construct(self, x):
            v, i = x.max(2)
            w, j = x.min(1, True)
            return v, i, w, j, x.max(axis=2), x.max(2, keepdims=True), x.max((1, 2))

    v, i, w, j, m, mk, m12 = Net()(ms.Tensor(x_np))
    np.testing.assert_array_equal(v.asnumpy(), [[5.0, 9.0]])
    np.testing.assert_array_equal(i.asnumpy(), [[1, 2]])
    assert i.dtype == ms.int64
    np.testing.assert_array_equal(w.asnumpy(), [[[1.0, 2.0, 3.0]]])
    np.testing.assert_array_equal(j.asnumpy(), [[[0, 1, 0]]])
    np.testing.assert_array_equal(m.asnumpy(), [[5.0, 9.0]])  # the axis form
    assert mk.shape == (1, 2, 1) and float(m12.asnumpy()[0]) == 9.0
    vals, idx = ms.Tensor(x_np).max(-1, return_indices=True)
    np.testing.assert_array_equal(idx.asnumpy(), [[1, 2]])
