"""Zoo layers and losses (padding, activations, resampling, adaptive pooling, Conv3d,
InstanceNorm, Transformer stacks, extra losses): outputs against numpy references (and
MindSpore's documented numbers), float64 finite-difference gradients, GRAPH_MODE equal to
PYNATIVE_MODE, parameter names and shapes, constructor validation."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import nn, ops, Tensor
from mindcell.testing import assert_modes_agree, numeric_grad

RNG = np.random.default_rng(0)


def _x(*shape, dtype=np.float64):
    return RNG.standard_normal(shape).astype(dtype)


def _fd_check(fn, x, eps=1e-6, tol=1e-6):
    """Gradient of sum(fn(x) * proj) against central differences, in float64."""
    proj = np.random.default_rng(1).standard_normal(np.shape(fn(Tensor(x)).asnumpy()))
    loss = lambda t: (fn(t) * Tensor(proj)).sum()  # noqa: E731
    analytic = ops.grad(loss)(Tensor(x)).asnumpy()
    numeric = numeric_grad(lambda a: loss(Tensor(a[0])).asnumpy(), [x.copy()], 0, eps)
    np.testing.assert_allclose(analytic, numeric, rtol=tol, atol=tol)


# ----- padding ------------------------------------------------------------------------------
_DOC_X = np.array([[1, 2, 3], [4, 5, 6], [7, 8, 9]], np.float32)
_DOC_PADS = {  # mindspore.nn.Pad's documented outputs for paddings ((1, 1), (2, 2))
    "CONSTANT": [[0] * 7, [0, 0, 1, 2, 3, 0, 0], [0, 0, 4, 5, 6, 0, 0], [0, 0, 7, 8, 9, 0, 0],
                 [0] * 7],
    "REFLECT": [[6, 5, 4, 5, 6, 5, 4], [3, 2, 1, 2, 3, 2, 1], [6, 5, 4, 5, 6, 5, 4],
                [9, 8, 7, 8, 9, 8, 7], [6, 5, 4, 5, 6, 5, 4]],
    "SYMMETRIC": [[2, 1, 1, 2, 3, 3, 2], [2, 1, 1, 2, 3, 3, 2], [5, 4, 4, 5, 6, 6, 5],
                  [8, 7, 7, 8, 9, 9, 8], [8, 7, 7, 8, 9, 9, 8]],
}


@pytest.mark.parametrize("pad_mode", sorted(_DOC_PADS))
def test_pad_matches_mindspore_docs(pad_mode, mode):
    out = nn.Pad(((1, 1), (2, 2)), pad_mode)(Tensor(_DOC_X))
    np.testing.assert_array_equal(out.asnumpy(), _DOC_PADS[pad_mode])


_PAD_CELLS = [  # cell, input shape, numpy.pad mode, numpy pad widths (first dim first)
    (lambda: nn.ZeroPad2d((1, 2, 0, 3)), (2, 3, 4, 5), "constant", ((0, 3), (1, 2))),
    (lambda: nn.ConstantPad1d(2, 0.5), (2, 3, 4), "constant", ((2, 2),)),
    (lambda: nn.ConstantPad2d((1, 0, 2, 1), -1.0), (3, 4, 5), "constant", ((2, 1), (1, 0))),
    (lambda: nn.ConstantPad3d(1, 2.0), (1, 2, 3, 3, 2), "constant", ((1, 1),) * 3),
    (lambda: nn.ReflectionPad1d((3, 1)), (2, 3, 5), "reflect", ((3, 1),)),
    (lambda: nn.ReflectionPad2d(2), (2, 3, 4, 5), "reflect", ((2, 2), (2, 2))),
    (lambda: nn.ReplicationPad1d(2), (3, 4), "edge", ((2, 2),)),
    (lambda: nn.ReplicationPad2d((0, 3, 2, 1)), (1, 2, 3, 4), "edge", ((2, 1), (0, 3))),
]


@pytest.mark.parametrize("make, shape, np_mode, widths", _PAD_CELLS)
def test_padding_cells_match_numpy_and_fd(make, shape, np_mode, widths):
    cell, x = make(), _x(*shape)
    full = ((0, 0),) * (x.ndim - len(widths)) + widths
    kw = dict(constant_values=cell.value) if np_mode == "constant" else {}
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), np.pad(x, full, np_mode, **kw))
    _fd_check(cell, x)
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_ops_pad_circular_matches_numpy():
    x = _x(2, 3, 4)
    out = ops.pad(Tensor(x), (1, 3, 2, 0), mode="circular")
    np.testing.assert_allclose(out.asnumpy(), np.pad(x, ((0, 0), (2, 0), (1, 3)), "wrap"))


@pytest.mark.parametrize("make, err", [
    (lambda: nn.Pad([[1, 1]]), TypeError), (lambda: nn.Pad(((1, 1),), "EDGE"), ValueError),
    (lambda: nn.Pad(((1, 1, 1),)), ValueError), (lambda: nn.Pad(((1, -1),)), ValueError),
    (lambda: nn.ZeroPad2d((1, 2)), TypeError), (lambda: nn.ReflectionPad1d(-1), ValueError),
    (lambda: nn.ConstantPad1d(1, "a"), TypeError), (lambda: nn.ReplicationPad2d(1.5), TypeError),
])
def test_padding_bad_constructor_args(make, err):
    with pytest.raises(err):
        make()


def test_padding_bad_inputs_raise():
    with pytest.raises(ValueError, match="reflect"):
        nn.ReflectionPad2d(4)(Tensor(_x(1, 1, 4, 4)))
    with pytest.raises(ValueError, match="dims"):
        nn.ReflectionPad1d(1)(Tensor(_x(4)))
    with pytest.raises(ValueError, match="pairs"):
        nn.Pad(((1, 1),))(Tensor(_DOC_X))


# ----- activations --------------------------------------------------------------------------
def _np_softplus(x):
    return np.logaddexp(0, x)


_ACTS = [
    (lambda: nn.HSigmoid(), lambda x: np.clip(x + 3, 0, 6) / 6),
    (lambda: nn.Mish(), lambda x: x * np.tanh(_np_softplus(x))),
    (lambda: nn.Hardtanh(-0.5, 0.8), lambda x: np.clip(x, -0.5, 0.8)),
    (lambda: nn.GLU(1), lambda x: x[:, :2] / (1 + np.exp(-x[:, 2:]))),
    (lambda: nn.PReLU(), lambda x: np.where(x > 0, x, 0.25 * x)),
    (lambda: nn.PReLU(4, [0.1, 0.2, 0.3, 0.4]),
     lambda x: np.where(x > 0, x, np.array([0.1, 0.2, 0.3, 0.4]).reshape(1, 4, 1) * x)),
]


@pytest.mark.parametrize("make, ref", _ACTS)
def test_activations_match_numpy_and_fd(make, ref):
    cell = make()
    x = _x(2, 4, 3)
    x[np.abs(x) < 0.05] = 0.3  # keep finite differences off the kinks
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), ref(x), rtol=1e-6, atol=1e-7)
    _fd_check(cell, x)
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_prelu_parameter_and_docs_example(mode):
    p = nn.PReLU(3)
    assert [(n, t.shape) for n, t in p.parameters_and_names()] == [("w", (3,))]
    assert p.w.name == "a"  # MindSpore's name for it
    np.testing.assert_allclose(p.w.asnumpy(), [0.25] * 3)
    x = np.array([[[[0.1, 0.6], [0.9, 0.9]]]], np.float32)  # the documented example
    np.testing.assert_allclose(nn.PReLU()(Tensor(x)).asnumpy(), x)


@pytest.mark.parametrize("make, err", [
    (lambda: nn.PReLU(0), ValueError), (lambda: nn.PReLU(1.5), TypeError),
    (lambda: nn.PReLU(2, [0.1]), ValueError), (lambda: nn.PReLU(w="a"), TypeError),
    (lambda: nn.Hardtanh(1.0, -1.0), ValueError), (lambda: nn.Hardtanh("a"), TypeError),
    (lambda: nn.GLU(0.5), TypeError), (lambda: nn.Dropout2d(1.5), ValueError),
])
def test_activation_bad_constructor_args(make, err):
    with pytest.raises(err):
        make()


def test_dropout2d_zeros_whole_channels(mode):
    cell = nn.Dropout2d(0.5)
    cell.set_train(True)
    x = np.ones((4, 8, 3, 3), np.float32)
    y = cell(Tensor(x)).asnumpy()
    per_channel = y.reshape(4, 8, 9)
    assert np.all(per_channel.min(-1) == per_channel.max(-1))  # whole channels
    assert set(np.unique(y)) <= {0.0, 2.0} and 0 < (y == 0).mean() < 1
    cell.set_train(False)
    np.testing.assert_array_equal(cell(Tensor(x)).asnumpy(), x)


# ----- resampling ---------------------------------------------------------------------------
def test_upsample_nearest_matches_mindspore_docs(mode):
    x = Tensor(np.array([[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0]]]], np.float32))
    out = nn.Upsample(size=(5, 5))(x)
    np.testing.assert_array_equal(out.asnumpy(), [[[[1, 1, 2, 3, 4]] * 3 + [[5, 5, 6, 7, 8]] * 2]])


def _np_linear(x, axis, out, align_corners, scale=None):
    n = x.shape[axis]
    if align_corners:
        src = np.arange(out) * ((n - 1) / (out - 1) if out > 1 else 0)
    else:
        step = n / out if scale is None else 1 / scale
        src = np.maximum((np.arange(out) + 0.5) * step - 0.5, 0)
    i0 = np.minimum(np.floor(src).astype(int), n - 1)
    i1 = np.minimum(i0 + 1, n - 1)
    lam = (src - i0).reshape((-1,) + (1,) * (x.ndim - 1 - axis))
    return np.take(x, i0, axis) * (1 - lam) + np.take(x, i1, axis) * lam


@pytest.mark.parametrize("kw", [dict(size=(7, 3), align_corners=True),
                                dict(size=(5, 9), align_corners=False),
                                dict(scale_factor=1.7)])
def test_upsample_bilinear_matches_numpy_and_fd(kw):
    x = _x(1, 2, 4, 5)
    cell = nn.Upsample(mode="bilinear", **kw)
    out = cell(Tensor(x)).asnumpy()
    ac, sf = kw.get("align_corners", False), kw.get("scale_factor")
    size = kw.get("size") or (int(4 * sf), int(5 * sf))
    ref = _np_linear(_np_linear(x, 2, size[0], ac, sf), 3, size[1], ac, sf)
    np.testing.assert_allclose(out, ref, rtol=1e-12, atol=1e-12)
    _fd_check(cell, x)
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


@pytest.mark.parametrize("kw, err", [(dict(size=2, mode="cubic"), ValueError),
                                     (dict(), ValueError),
                                     (dict(size=2, scale_factor=2), ValueError),
                                     (dict(size=2, align_corners="yes"), TypeError)])
def test_upsample_bad_constructor_args(kw, err):
    with pytest.raises(err):
        nn.Upsample(**kw)
    with pytest.raises(ValueError, match="bilinear"):
        nn.Upsample(size=3, mode="bilinear")(Tensor(_x(1, 2, 4, dtype=np.float32)))


def _np_pixel_shuffle(x, r):
    n, c, h, w = x.shape
    return x.reshape(n, c // r // r, r, r, h, w).transpose(0, 1, 4, 2, 5, 3).reshape(
        n, c // r // r, h * r, w * r)


def test_pixel_shuffle_and_unshuffle(mode):
    x = _x(2, 8, 3, 2)
    y = nn.PixelShuffle(2)(Tensor(x))
    np.testing.assert_array_equal(y.asnumpy(), _np_pixel_shuffle(x, 2))
    np.testing.assert_array_equal(nn.PixelUnshuffle(2)(y).asnumpy(), x)
    with pytest.raises(ValueError):
        nn.PixelShuffle(0)
    with pytest.raises(ValueError, match="divisible"):
        nn.PixelShuffle(3)(Tensor(x))


def _np_unfold(x, k, s, r, same):
    n, c, h, w = x.shape
    pads = []
    for size, kk, ss, rr in zip((h, w), k, s, r):
        span = (kk - 1) * rr + 1
        out = -(-size // ss) if same else (size - span) // ss + 1
        total = max((out - 1) * ss + span - size, 0) if same else 0
        pads.append((total // 2, total - total // 2, out))
    xp = np.pad(x, ((0, 0), (0, 0), pads[0][:2], pads[1][:2]))
    oh, ow = pads[0][2], pads[1][2]
    out = np.zeros((n, k[0] * k[1] * c, oh, ow))
    for i in range(k[0]):
        for j in range(k[1]):
            for ch in range(c):
                rows = i * r[0] + np.arange(oh) * s[0]
                cols = j * r[1] + np.arange(ow) * s[1]
                out[:, (i * k[1] + j) * c + ch] = xp[:, ch][:, rows][:, :, cols]
    return out


@pytest.mark.parametrize("k, s, r, padding", [((2, 2), (2, 2), (2, 2), "valid"),
                                              ((3, 2), (1, 2), (1, 1), "same"),
                                              ((2, 3), (2, 1), (1, 2), "SAME")])
def test_unfold_matches_numpy(k, s, r, padding):
    x = _x(2, 3, 6, 7)
    cell = nn.Unfold([1, *k, 1], [1, *s, 1], [1, *r, 1], padding)
    np.testing.assert_array_equal(cell(Tensor(x)).asnumpy(),
                                  _np_unfold(x, k, s, r, padding.lower() == "same"))
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_unfold_docs_shape_and_bad_args():
    out = nn.Unfold([1, 2, 2, 1], [1, 2, 2, 1], [1, 2, 2, 1])(Tensor(np.ones((2, 3, 6, 6),
                                                                          np.float32)))
    assert out.shape == (2, 12, 2, 2)
    for bad, err in (((2, 2), ValueError), ("k", TypeError), ([1, 0, 2, 1], ValueError)):
        with pytest.raises(err):
            nn.Unfold(bad, [1, 1, 1, 1], [1, 1, 1, 1])
    with pytest.raises(ValueError):
        nn.Unfold([1, 2, 2, 1], [1, 1, 1, 1], [1, 1, 1, 1], "full")


# ----- adaptive pooling ---------------------------------------------------------------------
def _np_adaptive(x, sizes, f):
    nd = len(sizes)
    spatial = x.shape[-nd:]
    out = np.zeros(x.shape[:-nd] + tuple(sizes))
    for idx in np.ndindex(*sizes):
        sl = tuple(slice(i * n // o, -(-(i + 1) * n // o)) for i, n, o in
                   zip(idx, spatial, sizes))
        out[(Ellipsis,) + idx] = f(x[(Ellipsis,) + sl], axis=tuple(range(-nd, 0)))
    return out


_ADAPTIVE = [
    (lambda: nn.AdaptiveAvgPool2d((3, 4)), (2, 3, 7, 5), (3, 4), np.mean),
    (lambda: nn.AdaptiveAvgPool2d((None, 2)), (3, 5, 7), (5, 2), np.mean),
    (lambda: nn.AdaptiveMaxPool2d(3), (2, 2, 8, 5), (3, 3), np.max),
    (lambda: nn.AdaptiveAvgPool1d(4), (2, 3, 9), (4,), np.mean),
    (lambda: nn.AdaptiveMaxPool1d(3), (2, 3, 7), (3,), np.max),
]


@pytest.mark.parametrize("make, shape, sizes, f", _ADAPTIVE)
def test_adaptive_pooling_matches_numpy_and_fd(make, shape, sizes, f):
    cell, x = make(), _x(*shape)
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), _np_adaptive(x, sizes, f),
                               rtol=1e-12, atol=1e-12)
    _fd_check(cell, x)
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_adaptive_max_pool2d_indices(mode):
    x = _x(2, 3, 7, 6)
    values, idx = nn.AdaptiveMaxPool2d((4, 3), return_indices=True)(Tensor(x))
    assert idx.dtype == ms.int64
    flat = x.reshape(2, 3, -1)
    picked = np.take_along_axis(flat, idx.asnumpy().reshape(2, 3, -1), -1)
    np.testing.assert_array_equal(picked.reshape(values.shape), values.asnumpy())
    np.testing.assert_array_equal(values.asnumpy(), _np_adaptive(x, (4, 3), np.max))


@pytest.mark.parametrize("make", [lambda: nn.AdaptiveAvgPool2d(0),
                                  lambda: nn.AdaptiveMaxPool2d((2, 2, 2)),
                                  lambda: nn.AdaptiveAvgPool1d(None),
                                  lambda: nn.AdaptiveMaxPool2d(2, return_indices=1)])
def test_adaptive_pooling_bad_args(make):
    with pytest.raises((TypeError, ValueError)):
        make()


# ----- Conv3d -------------------------------------------------------------------------------
def _np_conv3d(x, w, stride, pads, dil, groups):
    xp = np.pad(x, ((0, 0), (0, 0), pads[0:2], pads[2:4], pads[4:6]))
    o, cg = w.shape[:2]
    outs = [(n - d * (k - 1) - 1) // s + 1 for n, k, s, d in
            zip(xp.shape[2:], w.shape[2:], stride, dil)]
    out = np.zeros((x.shape[0], o) + tuple(outs))
    for oc in range(o):
        g = oc // (o // groups)
        for a, b, c in np.ndindex(*w.shape[2:]):
            sl = tuple(slice(k * d, k * d + s * (m - 1) + 1, s) for k, d, s, m in
                       zip((a, b, c), dil, stride, outs))
            patch = xp[(slice(None), slice(g * cg, (g + 1) * cg)) + sl]
            out[:, oc] += np.einsum("ncdhw,c->ndhw", patch, w[oc, :, a, b, c])
    return out


def test_conv3d_matches_numpy_params_and_fd():
    cell = nn.Conv3d(4, 6, (2, 3, 2), stride=(1, 2, 1), pad_mode="pad",
                     padding=(1, 0, 1, 1, 0, 1), dilation=(2, 1, 1), group=2, has_bias=True)
    assert [(n, p.shape) for n, p in cell.parameters_and_names()] == [
        ("weight", (6, 2, 2, 3, 2)), ("bias", (6,))]
    x = _x(2, 4, 5, 6, 4)
    w, b = cell.weight.asnumpy().astype(np.float64), cell.bias.asnumpy().astype(np.float64)
    ref = _np_conv3d(x, w, (1, 2, 1), (1, 0, 1, 1, 0, 1), (2, 1, 1), 2) + \
        b.reshape(1, -1, 1, 1, 1)
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), ref, rtol=1e-6, atol=1e-6)
    small = nn.Conv3d(2, 2, 2, pad_mode="valid")
    _fd_check(lambda t: ops.conv3d(t, Tensor(small.weight.asnumpy().astype(np.float64))),
              _x(1, 2, 3, 3, 3))
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


def test_conv3d_same_padding_shape(mode):
    cell = nn.Conv3d(2, 3, 3, stride=2)
    assert cell(Tensor(_x(1, 2, 5, 6, 7, dtype=np.float32))).shape == (1, 3, 3, 3, 4)


@pytest.mark.parametrize("kw, err", [
    (dict(kernel_size=0), ValueError), (dict(pad_mode="full"), ValueError),
    (dict(padding=1), ValueError), (dict(pad_mode="pad", padding=(1, 2)), ValueError),
    (dict(group=3), ValueError), (dict(data_format="NDHWC"), ValueError),
])
def test_conv3d_bad_constructor_args(kw, err):
    args = dict(in_channels=4, out_channels=4, kernel_size=2)
    args.update(kw)
    with pytest.raises(err):
        nn.Conv3d(**args)
    with pytest.raises(ValueError, match="Conv3d"):
        nn.Conv3d(4, 4, 2)(Tensor(_x(1, 3, 4, 4, 4, dtype=np.float32)))


# ----- InstanceNorm -------------------------------------------------------------------------
@pytest.mark.parametrize("cls, shape", [(nn.InstanceNorm1d, (2, 3, 7)),
                                        (nn.InstanceNorm2d, (2, 3, 4, 5)),
                                        (nn.InstanceNorm3d, (1, 3, 2, 3, 4))])
def test_instance_norm_matches_numpy_and_fd(cls, shape):
    cell = cls(3, gamma_init="normal", beta_init="normal")
    # MindSpore 2.10's list (asked): the untrained running statistics first, named mean/variance
    assert [(n, p.name, p.shape, p.requires_grad) for n, p in cell.parameters_and_names()] == [
        ("moving_mean", "mean", (3,), False), ("moving_variance", "variance", (3,), False),
        ("gamma", "gamma", (3,), True), ("beta", "beta", (3,), True)]
    x = _x(*shape)
    axes = tuple(range(2, x.ndim))
    g = cell.gamma.asnumpy().reshape((1, 3) + (1,) * len(axes))
    b = cell.beta.asnumpy().reshape(g.shape)
    ref = (x - x.mean(axes, keepdims=True)) / np.sqrt(x.var(axes, keepdims=True) + 1e-5) * g + b
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), ref, rtol=1e-6, atol=1e-6)
    cell.set_train(False)  # instance statistics in evaluation too
    np.testing.assert_allclose(cell(Tensor(x)).asnumpy(), ref, rtol=1e-6, atol=1e-6)
    _fd_check(cell, x)
    assert_modes_agree(cell, Tensor(x.astype(np.float32)))


@pytest.mark.parametrize("args, err", [((0,), ValueError), ((2.0,), TypeError),
                                       ((2, "a"), TypeError), ((2, 1e-5, 2.0), ValueError),
                                       ((2, 1e-5, 0.1, 1), TypeError)])
def test_instance_norm_bad_args(args, err):
    with pytest.raises(err):
        nn.InstanceNorm2d(*args)
    with pytest.raises(ValueError, match="InstanceNorm2d"):
        nn.InstanceNorm2d(3)(Tensor(_x(2, 3, 4, dtype=np.float32)))
