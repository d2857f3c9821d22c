"""The MindSpore primitive classes and functional ops of the model-zoo set (resizing, detection,
sequence, loss, pooling, summary and status ops): values against numpy loop references in both
modes, float64 gradients against finite differences, attributes as MindSpore records them, and
the MindSpore 2.10 CPU oddities mindcell does not copy (tests/goldens/ops_zoo holds the
recorded MindSpore behaviour)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import Parameter, Tensor, ops
from mindcell.ops.defs import detection as D
from mindcell.ops.operations_debug import recorded_summaries
from mindcell.testing import numeric_grad

from fn_cell import FnCell

RNG = np.random.default_rng(0)


def _run(fn, *arrays):
    out = FnCell(fn)(*(Tensor(a) for a in arrays))
    return tuple(o.asnumpy() for o in out) if isinstance(out, tuple) else out.asnumpy()


def _check_grad(fn, ref, args, wrt=(0,), rtol=1e-6, atol=1e-8):
    """ops.grad of sum(fn(*args) * w) against finite differences of the numpy ``ref``."""
    w = RNG.standard_normal(np.shape(ref(*args)))
    loss = FnCell(lambda *ts: (fn(*ts) * Tensor(w)).sum())
    got = ops.grad(loss, wrt)(*(Tensor(a) for a in args))
    got = got if isinstance(got, tuple) else (got,)
    arrays = [a.copy() for a in args]
    for i, g in zip(wrt, got):
        want = numeric_grad(lambda arr: float((ref(*arr) * w).sum()), arrays, i)
        np.testing.assert_allclose(g.asnumpy(), want, rtol=rtol, atol=atol)


# ----- numpy references -----------------------------------------------------------------------
def _ref_reverse_sequence(x, lengths, seq_dim, batch_dim):
    out = x.copy()
    for b, n in enumerate(lengths):
        src = np.take(x, b, batch_dim)
        dst = np.flip(np.take(src, np.arange(n), seq_dim - (seq_dim > batch_dim)),
                      seq_dim - (seq_dim > batch_dim))
        index = [slice(None)] * x.ndim
        index[batch_dim], index[seq_dim] = b, slice(0, n)
        out[tuple(index)] = dst
    return out


def _ref_resize(x, size, mode, align, half):
    """TensorFlow's resize (nearest honours half_pixel_centers), one output pixel at a time."""
    n, c, h, w = x.shape
    out = np.zeros((n, c) + tuple(size), x.dtype)

    def src(i, n_in, n_out):
        scale = (n_in - 1) / (n_out - 1) if align and n_out > 1 else n_in / n_out
        return (i + 0.5) * scale - (0.5 if mode == "bilinear" else 0.0) if half else i * scale

    for i in range(size[0]):
        for j in range(size[1]):
            y, xx = src(i, h, size[0]), src(j, w, size[1])
            if mode == "nearest":
                r = np.floor(y + 0.5) if align else np.floor(y)
                s = np.floor(xx + 0.5) if align else np.floor(xx)
                out[:, :, i, j] = x[:, :, min(int(r), h - 1), min(int(s), w - 1)]
                continue
            y, xx = min(max(y, 0.0), h - 1), min(max(xx, 0.0), w - 1)
            y0, x0 = int(np.floor(y)), int(np.floor(xx))
            y1, x1 = min(y0 + 1, h - 1), min(x0 + 1, w - 1)
            fy, fx = y - y0, xx - x0
            out[:, :, i, j] = ((1 - fy) * ((1 - fx) * x[:, :, y0, x0] + fx * x[:, :, y0, x1])
                               + fy * ((1 - fx) * x[:, :, y1, x0] + fx * x[:, :, y1, x1]))
    return out


def _v2_positions(lo, hi, n, out):
    """'bilinear_v2': box edges truncated to pixels, half-pixel centres, clamped."""
    start, end = np.trunc(np.float32(lo) * n), np.trunc(np.float32(hi) * n)
    length = end - start + 1
    src = np.clip((np.arange(out) + 0.5) * length / out - 0.5, None, length - 1)
    return np.clip(start + np.maximum(src, 0.0), 0, n - 1)


def _ref_crop_and_resize(image, boxes, box_index, crop, method, fill):
    _, h, w, depth = image.shape
    if method == "bilinear_v2":
        out = np.zeros((len(boxes), crop[0], crop[1], depth))
        for k, (y1, x1, y2, x2) in enumerate(boxes):
            img = image[box_index[k]].astype(np.float64)
            for i, y in enumerate(_v2_positions(y1, y2, h, crop[0])):
                for j, x in enumerate(_v2_positions(x1, x2, w, crop[1])):
                    t, left = int(np.floor(y)), int(np.floor(x))
                    b, r = min(t + 1, h - 1), min(left + 1, w - 1)
                    fy, fx = y - t, x - left
                    top = img[t, left] + (img[t, r] - img[t, left]) * fx
                    bot = img[b, left] + (img[b, r] - img[b, left]) * fx
                    out[k, i, j] = top + (bot - top) * fy
        return out
    out = np.zeros((len(boxes), crop[0], crop[1], depth))
    for k, (y1, x1, y2, x2) in enumerate(boxes.astype(np.float64)):
        img = image[box_index[k]].astype(np.float64)
        for i in range(crop[0]):
            y = (y1 * (h - 1) + i * (y2 - y1) * (h - 1) / (crop[0] - 1) if crop[0] > 1
                 else 0.5 * (y1 + y2) * (h - 1))
            for j in range(crop[1]):
                x = (x1 * (w - 1) + j * (x2 - x1) * (w - 1) / (crop[1] - 1) if crop[1] > 1
                     else 0.5 * (x1 + x2) * (w - 1))
                if not (0 <= y <= h - 1 and 0 <= x <= w - 1):
                    out[k, i, j] = fill
                elif method == "nearest":
                    out[k, i, j] = img[int(np.floor(y + 0.5)), int(np.floor(x + 0.5))]
                else:
                    t, left = int(np.floor(y)), int(np.floor(x))
                    b, r = min(t + 1, h - 1), min(left + 1, w - 1)
                    fy, fx = y - t, x - left
                    top = img[t, left] + (img[t, r] - img[t, left]) * fx
                    bot = img[b, left] + (img[b, r] - img[b, left]) * fx
                    out[k, i, j] = top + (bot - top) * fy
    return out


def _ref_roi_align(feat, rois, ph, pw, scale, sample_num, end_mode):
    """A direct loop over bins and samples (the primitive builds per-axis matrices)."""
    _, c, h, w = feat.shape
    out = np.zeros((len(rois), c, ph, pw))

    def tap(img, y, x):
        if y < -1.0 or y > h or x < -1.0 or x > w:
            return 0.0
        y, x = max(y, 0.0), max(x, 0.0)
        y0, x0 = int(np.floor(y)), int(np.floor(x))
        if y0 >= h - 1:
            y0 = y1 = h - 1
            y = float(y0)
        else:
            y1 = y0 + 1
        if x0 >= w - 1:
            x0 = x1 = w - 1
            x = float(x0)
        else:
            x1 = x0 + 1
        ly, lx = y - y0, x - x0
        return ((1 - ly) * (1 - lx) * img[y0, x0] + (1 - ly) * lx * img[y0, x1]
                + ly * (1 - lx) * img[y1, x0] + ly * lx * img[y1, x1])

    for r, (b, x1, y1, x2, y2) in enumerate(rois.astype(np.float64)):
        sx, sy = x1 * scale, y1 * scale
        rw, rh = (x2 + end_mode) * scale - sx, (y2 + end_mode) * scale - sy
        if end_mode == 0:
            rw, rh = max(rw, 1.0), max(rh, 1.0)
        bh, bw = rh / ph, rw / pw
        gh = sample_num if sample_num > 0 else int(rh / ph)
        gw = sample_num if sample_num > 0 else int(rw / pw)
        for ch in range(c):
            img = feat[int(b), ch].astype(np.float64)
            for i in range(ph):
                for j in range(pw):
                    acc = sum(tap(img, sy + i * bh + (iy + 0.5) * bh / gh,
                                  sx + j * bw + (ix + 0.5) * bw / gw)
                              for iy in range(gh) for ix in range(gw))
                    out[r, ch, i, j] = acc / (gh * gw) if gh * gw else np.nan
    return out


def _ref_max_pool3d(x, k, s, pads, ceil_mode=False, dilation=(1, 1, 1)):
    padded = np.pad(x, ((0, 0), (0, 0)) + tuple((pads[2 * i], pads[2 * i + 1])
                                                for i in range(3)), constant_values=-np.inf)
    outs = []
    for i in range(3):
        span = (k[i] - 1) * dilation[i] + 1
        total = x.shape[2 + i] + pads[2 * i] + pads[2 * i + 1] - span
        o = (-(-total // s[i]) if ceil_mode else total // s[i]) + 1
        if ceil_mode and (o - 1) * s[i] >= x.shape[2 + i] + pads[2 * i]:
            o -= 1
        outs.append(o)
    out = np.empty(x.shape[:2] + tuple(outs), x.dtype)
    for d in range(outs[0]):
        for hh in range(outs[1]):
            for ww in range(outs[2]):
                win = padded[:, :, d * s[0]:, hh * s[1]:, ww * s[2]:][
                    :, :, :(k[0] - 1) * dilation[0] + 1:dilation[0],
                    :(k[1] - 1) * dilation[1] + 1:dilation[1],
                    :(k[2] - 1) * dilation[2] + 1:dilation[2]]
                out[:, :, d, hh, ww] = win.max(axis=(2, 3, 4))
    return out


def _boxes_from(raw):
    """[x1, y1, x2, y2] boxes with x2 > x1, y2 > y1 from random numbers."""
    b = raw.copy()
    b[:, 2:4] = b[:, :2] + np.abs(b[:, 2:4]) + 0.5
    return b


# ----- sequence and array ops -----------------------------------------------------------------
X3 = RNG.standard_normal((3, 4, 5))


@pytest.mark.parametrize("seq_dim,batch_dim,lengths", [(1, 0, [4, 0, 2]), (0, 1, [3, 1, 0, 2]),
                                                       (2, 0, [5, 1, 3]), (0, 2, [1, 2, 3, 0, 3])])
def test_reverse_sequence_matches_loop(seq_dim, batch_dim, lengths, mode):
    seq = np.array(lengths, np.int64)
    got = _run(lambda x, s: ops.ReverseSequence(seq_dim, batch_dim)(x, s), X3, seq)
    np.testing.assert_array_equal(got, _ref_reverse_sequence(X3, seq, seq_dim, batch_dim))


def test_reverse_sequence_gradient_and_errors():
    seq = np.array([4, 0, 2], np.int32)
    _check_grad(lambda x: ops.reverse_sequence(x, Tensor(seq), 1),
                lambda x: _ref_reverse_sequence(x, seq, 1, 0), [X3])
    with pytest.raises(RuntimeError, match=r"seq_lengths\[1\] = 5"):
        ops.reverse_sequence(Tensor(X3), Tensor(np.array([1, 5, 2], np.int32)), 1)
    with pytest.raises(ValueError, match="must differ"):
        ops.ReverseSequence(1, 1)(Tensor(X3), Tensor(seq))
    with pytest.raises(TypeError, match="int32 or int64"):
        ops.reverse_sequence(Tensor(X3), Tensor(seq.astype(np.float32)), 1)


def test_reverse_slice_addn_flatten(mode):
    np.testing.assert_array_equal(_run(lambda x: ops.ReverseV2((0, -1))(x), X3), X3[::-1, :, ::-1])
    np.testing.assert_array_equal(_run(lambda x: ops.Slice()(x, (1, 0, 2), (2, -1, 2)), X3),
                                  X3[1:3, :, 2:4])
    np.testing.assert_array_equal(_run(lambda a, b: ops.AddN()((a, b, a)), X3, X3 * 2), X3 * 4)
    assert _run(lambda x: ops.Flatten()(x), X3).shape == (3, 20)
    np.testing.assert_array_equal(_run(lambda x: ops.ArgMinWithValue(1, True)(x)[1], X3),
                                  X3.min(1, keepdims=True))


def test_slice_and_cumsum_gradients():
    _check_grad(lambda x: ops.slice(x, (1, 1, 0), (2, 2, -1)), lambda x: x[1:3, 1:3], [X3])
    for exclusive in (False, True):
        for reverse in (False, True):
            def ref(x, e=exclusive, r=reverse):
                y = x[:, ::-1] if r else x
                c = np.cumsum(y, 1) - (y if e else 0)
                return c[:, ::-1] if r else c
            np.testing.assert_allclose(
                ops.CumSum(exclusive, reverse)(Tensor(X3), 1).asnumpy(), ref(X3), rtol=1e-12)
            _check_grad(lambda x, e=exclusive, r=reverse: ops.CumSum(e, r)(x, Tensor(1)), ref, [X3])


def test_depth_space_round_trip_and_gradient(mode):
    x = RNG.standard_normal((2, 8, 3, 2))
    y = _run(lambda t: ops.DepthToSpace(2)(t), x)
    assert y.shape == (2, 2, 6, 4)
    # channel (i * 2 + j) * 2 + c lands at spatial offset (i, j) of channel c
    np.testing.assert_array_equal(y[:, 1, 1::2, 0::2], x[:, (1 * 2 + 0) * 2 + 1])
    np.testing.assert_array_equal(_run(lambda t: ops.SpaceToDepth(2)(ops.DepthToSpace(2)(t)), x), x)


def test_depth_to_space_gradient():
    x = RNG.standard_normal((1, 4, 2, 3))
    ref = lambda a: a.reshape(1, 2, 2, 1, 2, 3).transpose(0, 3, 4, 1, 5, 2).reshape(1, 1, 4, 6)
    _check_grad(lambda t: ops.DepthToSpace(2)(t), ref, [x])


# ----- loss and normalisation -----------------------------------------------------------------
def test_l2_normalize_l2_loss_values_and_gradients(mode):
    x = RNG.standard_normal((3, 4))
    ref = lambda a: a / np.sqrt(np.maximum((a * a).sum(1, keepdims=True), 1e-4))
    np.testing.assert_allclose(_run(lambda t: ops.L2Normalize(1)(t), x), ref(x), rtol=1e-12)
    np.testing.assert_allclose(_run(lambda t: ops.L2Loss()(t), x), (x * x).sum() / 2, rtol=1e-12)
    if mode == ms.PYNATIVE_MODE:
        _check_grad(lambda t: ops.L2Normalize(1)(t), ref, [x])
        _check_grad(lambda t: ops.L2Loss()(t), lambda a: (a * a).sum() / 2, [x])


@pytest.mark.parametrize("reduction", ["none", "mean", "sum"])
def test_nll_loss_matches_reference(reduction, mode):
    logp = np.log(RNG.dirichlet(np.ones(4), 5))
    labels = np.array([3, 0, 2, 0, 1], np.int32)
    weight = np.array([1.0, 2.0, 0.5, 3.0])
    loss, total = _run(lambda a, b, c: ops.NLLLoss(reduction, 0)(a, b, c), logp, labels, weight)
    keep = labels != 0
    per = np.where(keep, -weight[labels] * logp[np.arange(5), labels], 0.0)
    want = {"none": per, "sum": per.sum(), "mean": per.sum() / weight[labels][keep].sum()}
    np.testing.assert_allclose(loss, want[reduction], rtol=1e-12)
    np.testing.assert_allclose(total, weight[labels][keep].sum())


# ----- image ops ------------------------------------------------------------------------------
IMG = RNG.standard_normal((2, 3, 4, 5))
FLAGS = [(False, False), (True, False), (False, True)]


@pytest.mark.parametrize("align,half", FLAGS)
@pytest.mark.parametrize("size", [(7, 9), (3, 2), (1, 1), (4, 5)])
def test_resizes_match_tensorflow_formulas(align, half, size, mode):
    near = _run(lambda t: ops.ResizeNearestNeighbor(size, align, half)(t), IMG)
    np.testing.assert_array_equal(near, _ref_resize(IMG, size, "nearest", align, half))
    bil = _run(lambda t: ops.ResizeBilinearV2(align, half)(t, size), IMG)
    np.testing.assert_allclose(bil, _ref_resize(IMG, size, "bilinear", align, half), rtol=1e-12)
    old = _run(lambda t: ops.ResizeBilinear(size, align, half)(t), IMG)
    np.testing.assert_array_equal(old, bil)


@pytest.mark.parametrize("align,half", FLAGS)
def test_resize_bilinear_gradient(align, half):
    x = IMG[:1, :2]
    _check_grad(lambda t: ops.ResizeBilinearV2(align, half)(t, (6, 3)),
                lambda a: _ref_resize(a, (6, 3), "bilinear", align, half), [x])


def test_resize_nearest_honours_half_pixel_centers():
    # MindSpore 2.10's CPU kernel ignores the flag (it gives [0, 0, 1, 1, 2, 2, 3] here, the
    # plain floor(i * 4 / 7)); mindcell uses floor((i + 0.5) * 4 / 7) as the GPU kernel does
    x = Tensor(np.arange(4, dtype=np.float32).reshape(1, 1, 1, 4))
    got = ops.ResizeNearestNeighbor((1, 7), False, True)(x).asnumpy().ravel().tolist()
    assert got == [0, 0, 1, 2, 2, 3, 3]
    with pytest.raises(ValueError, match="half_pixel_centers"):
        ops.ResizeNearestNeighbor((2, 2), True, True)(x)
    with pytest.raises(TypeError, match="float16, float32 or float64"):
        ops.ResizeBilinearV2()(Tensor(np.ones((1, 1, 2, 2), np.int32)), (3, 3))


@pytest.mark.parametrize("method,fill", [("bilinear", 0.0), ("nearest", -1.5),
                                         ("bilinear_v2", 3.0)])
def test_crop_and_resize_matches_loop(method, fill, mode):
    image = RNG.standard_normal((2, 5, 6, 3)).astype(np.float32)
    # no sampling point exactly halfway between pixels (nearest rounding would hinge on the
    # last float32 bit)
    boxes = np.array([[0.11, 0.21, 0.83, 0.93], [0.51, -0.13, 1.3, 0.61],
                      [0.93, 0.91, 0.13, 0.01], [0.31, 0.33, 0.31, 0.33]], np.float32)
    index = np.array([0, 1, 1, 0], np.int32)
    for crop in ((3, 4), (1, 1), (1, 5)):
        got = _run(lambda a, b, c: ops.CropAndResize(method, fill)(a, b, c, crop),
                   image, boxes, index)
        assert got.dtype == np.float32
        np.testing.assert_allclose(got, _ref_crop_and_resize(image, boxes, index, crop, method,
                                                             fill), rtol=1e-5, atol=1e-5)


def test_crop_and_resize_gradient_in_image():
    image = RNG.standard_normal((1, 4, 5, 2))
    boxes = np.array([[0.1, 0.2, 0.8, 0.9], [0.9, 0.0, 0.2, 0.7]], np.float32)
    index = np.array([0, 0], np.int32)
    # the float64 image is computed in float32, as MindSpore's kernel does
    for method in ("bilinear", "bilinear_v2"):
        _check_grad(lambda t, m=method: ops.crop_and_resize(t, Tensor(boxes), Tensor(index),
                                                            (3, 3), m),
                    lambda a, m=method: _ref_crop_and_resize(a, boxes, index, (3, 3), m, 0.0),
                    [image], rtol=1e-4, atol=1e-5)


ROI_CASES = [(2, 3, 0.5, 2, 1), (2, 2, 0.5, 1, 0), (3, 2, 1.0, 0, 1), (2, 2, 1.0, 2, 1),
             (1, 4, 0.25, 3, 0)]
FEAT = RNG.standard_normal((2, 3, 6, 7)).astype(np.float32)
ROIS = np.array([[0, 1.0, 1.0, 7.0, 9.0], [1, 0.0, 2.0, 4.0, 5.0], [0, 3.0, 3.0, 3.5, 3.2],
                 [1, -2.0, -1.0, 20.0, 15.0]], np.float32)


@pytest.mark.parametrize("args", ROI_CASES)
def test_roi_align_matches_loop(args, mode):
    got = _run(lambda f, r: ops.ROIAlign(*args)(f, r), FEAT, ROIS)
    np.testing.assert_allclose(got, _ref_roi_align(FEAT, ROIS, *args), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("args", ROI_CASES[:2])
def test_roi_align_gradient(args):
    attrs = dict(zip(("pooled_height", "pooled_width", "spatial_scale", "sample_num",
                      "roi_end_mode"), args))
    feat = FEAT.astype(np.float64)
    w = RNG.standard_normal((len(ROIS), 3, args[0], args[1]))
    want = numeric_grad(lambda a: float((D._roi_align_impl(a[0], ROIS, **attrs) * w).sum()),
                        [feat.copy()], 0)
    got = ops.grad(lambda f: (ops.ROIAlign(*args)(f, Tensor(ROIS)) * Tensor(w, ms.float32))
                   .sum())(Tensor(FEAT))
    np.testing.assert_allclose(got.asnumpy(), want, rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("kernel,stride,mode_,pads,ceil", [
    (2, 2, "VALID", 0, None), ((2, 3, 3), (1, 2, 2), "same", 0, None),
    (3, 2, "PAD", 1, False), (3, 2, "PAD", 1, True),
    ((1, 2, 3), 1, "pad", (0, 0, 1, 0, 1, 1), None)])
def test_max_pool3d_primitive_matches_loop(kernel, stride, mode_, pads, ceil, mode):
    x = RNG.standard_normal((2, 2, 4, 5, 6))
    op = ops.MaxPool3D(kernel, stride, mode_, pads, ceil)
    k, s = op.kernel_size[2:], op.strides[2:]
    if op.pad_mode == "SAME":
        p = []
        for n, kk, ss in zip(x.shape[2:], k, s):
            total = max((-(-n // ss) - 1) * ss + kk - n, 0)
            p += [total // 2, total - total // 2]
    else:
        p = list(op.pad_list)
    want = _ref_max_pool3d(x, k, s, p, bool(op.ceil_mode))
    np.testing.assert_array_equal(_run(lambda t: op(t), x), want)


def test_max_pool3d_function_indices_dilation_and_gradient(mode):
    x = RNG.permutation(2 * 4 * 5 * 6).reshape(1, 2, 4, 5, 6).astype(np.float64)
    values, index = _run(lambda t: ops.max_pool3d(t, 2, (1, 2, 2), 1, (1, 1, 2), True, True), x)
    np.testing.assert_array_equal(values, _ref_max_pool3d(x, (2, 2, 2), (1, 2, 2), [1] * 6,
                                                          True, (1, 1, 2)))
    flat = x.reshape(1, 2, -1)
    np.testing.assert_array_equal(np.take_along_axis(flat, index.reshape(1, 2, -1), 2).reshape(
        values.shape), values)
    if mode == ms.PYNATIVE_MODE:
        _check_grad(lambda t: ops.max_pool3d(t, 2, 2), lambda a: _ref_max_pool3d(
            a, (2, 2, 2), (2, 2, 2), [0] * 6), [x])


def test_adaptive_avg_pool2d_class_attributes():
    op = ops.AdaptiveAvgPool2D((2, None))
    assert op.output_size == (2, -1) and op.init_attrs == {"output_size": (2, None)}
    x = RNG.standard_normal((1, 2, 5, 7))
    np.testing.assert_allclose(op(Tensor(x)).asnumpy(),
                               ops.adaptive_avg_pool2d(Tensor(x), (2, None)).asnumpy())


# ----- detection ------------------------------------------------------------------------------
def _ref_iou(a, g, mode):
    out = np.zeros((len(g), len(a)))
    for i, gb in enumerate(g):
        for j, ab in enumerate(a):
            w = max(min(ab[2], gb[2]) - max(ab[0], gb[0]) + 1, 0)
            h = max(min(ab[3], gb[3]) - max(ab[1], gb[1]) + 1, 0)
            area = lambda b: (b[2] - b[0] + 1) * (b[3] - b[1] + 1)
            out[i, j] = w * h / (area(gb) if mode == "iof" else area(ab) + area(gb) - w * h)
    return out


def _ref_encode(a, g, means, stds):
    def centre(b):
        w, h = b[:, 2] - b[:, 0] + 1, b[:, 3] - b[:, 1] + 1
        return b[:, 0] + (w - 1) / 2, b[:, 1] + (h - 1) / 2, w, h
    px, py, pw, ph = centre(a)
    gx, gy, gw, gh = centre(g)
    d = np.stack([(gx - px) / pw, (gy - py) / ph, np.log(gw / pw), np.log(gh / ph)], 1)
    return (d - np.array(means)) / np.array(stds)


def _ref_decode(a, d, max_shape, means, stds, clip):
    d = d * np.array(stds) + np.array(means)
    w, h = a[:, 2] - a[:, 0] + 1, a[:, 3] - a[:, 1] + 1
    px, py = a[:, 0] + (w - 1) / 2, a[:, 1] + (h - 1) / 2
    lim = abs(np.log(clip))
    gw, gh = w * np.exp(np.clip(d[:, 2], -lim, lim)), h * np.exp(np.clip(d[:, 3], -lim, lim))
    gx, gy = px + w * d[:, 0], py + h * d[:, 1]
    return np.stack([np.clip(gx - gw / 2 + 0.5, 0, max_shape[1]),
                     np.clip(gy - gh / 2 + 0.5, 0, max_shape[0]),
                     np.clip(gx + gw / 2 - 0.5, 0, max_shape[1]),
                     np.clip(gy + gh / 2 - 0.5, 0, max_shape[0])], 1)


def test_box_ops_match_references(mode):
    a = _boxes_from(RNG.uniform(0, 8, (6, 4))).astype(np.float32)
    g = _boxes_from(RNG.uniform(0, 8, (6, 4))).astype(np.float32)
    for m in ("iou", "iof"):
        np.testing.assert_allclose(_run(lambda x, y: ops.IOU(m)(x, y), a, g[:4]),
                                   _ref_iou(a, g[:4], m), rtol=1e-5)
    means, stds = (0.1, 0.0, -0.2, 0.05), (0.1, 0.2, 0.5, 1.5)
    enc = _run(lambda x, y: ops.BoundingBoxEncode(means, stds)(x, y), a, g)
    np.testing.assert_allclose(enc, _ref_encode(a, g, means, stds), rtol=1e-5, atol=1e-6)
    d = RNG.standard_normal((6, 4)).astype(np.float32) * 3
    dec = _run(lambda x, y: ops.BoundingBoxDecode((9, 7), means, stds, 0.1)(x, y), a, d)
    np.testing.assert_allclose(dec, _ref_decode(a, d, (9, 7), means, stds, 0.1), rtol=1e-5,
                               atol=1e-5)
    back = _run(lambda x, y: ops.BoundingBoxDecode((100, 100))(x, ops.BoundingBoxEncode()(x, y)),
                a, g)
    np.testing.assert_allclose(back, g, rtol=1e-5, atol=1e-4)


def test_box_encode_decode_iou_gradients():
    a = _boxes_from(RNG.uniform(0, 8, (4, 4)))
    g = _boxes_from(RNG.uniform(0, 8, (4, 4)))
    _check_grad(lambda x, y: ops.iou(x, y), lambda x, y: _ref_iou(x, y, "iou"), [a, g], (0, 1),
                rtol=1e-5, atol=1e-7)
    # float64 is not a BoundingBox* dtype: float32 forward, against float64 finite differences
    enc = lambda x, y: ops.bounding_box_encode(ops.cast(x, ms.float32), ops.cast(y, ms.float32))
    _check_grad(enc, lambda x, y: _ref_encode(x, y, (0.0,) * 4, (1.0,) * 4), [a, g], (0, 1),
                rtol=2e-3, atol=2e-4)


def test_check_valid_and_dtypes():
    b = np.array([[0, 0, 15, 19], [-1, 0, 5, 5], [0, 0, 15.5, 19], [0, 0, 15, 19.01],
                  [3, 3, 2, 4]], np.float32)
    got = ops.CheckValid()(Tensor(b), Tensor(np.array([10, 8, 2], np.float32))).asnumpy()
    assert got.tolist() == [True, False, False, False, True]
    with pytest.raises(TypeError, match="float16, float32"):
        ops.check_valid(Tensor(b.astype(np.float64)), Tensor(np.array([10, 8, 2.0])))


def _ref_nms(boxes, thr):
    order = np.argsort(-boxes[:, 4], kind="stable")
    keep = []
    for i in order:
        ok = True
        for j in keep:
            b, c = boxes[i], boxes[j]
            w = max(min(b[2], c[2]) - max(b[0], c[0]), 0)
            h = max(min(b[3], c[3]) - max(b[1], c[1]), 0)
            union = (b[2] - b[0]) * (b[3] - b[1]) + (c[2] - c[0]) * (c[3] - c[1]) - w * h
            ok = ok and w * h / union <= thr
        if ok:
            keep.append(i)
    return order, np.isin(order, keep)


def test_nms_with_mask_matches_greedy_reference(mode):
    raw = RNG.uniform(0, 10, (30, 5)).astype(np.float32)
    raw[:, 2:4] = raw[:, :2] + RNG.uniform(1, 6, (30, 2))
    raw[:, 4] = np.round(raw[:, 4]) / 10  # ties: kept in input order
    for thr in (0.1, 0.3, 0.7):
        boxes, idx, mask = _run(lambda t: ops.NMSWithMask(thr)(t), raw)
        order, keep = _ref_nms(raw, thr)
        np.testing.assert_array_equal(boxes, raw[order])
        np.testing.assert_array_equal(idx, np.arange(30))
        np.testing.assert_array_equal(mask, keep)


def test_random_choice_with_mask_and_uniform_int(mode):
    m = RNG.uniform(size=(4, 5)) > 0.6
    ms.set_seed(5)
    idx, mask = _run(lambda t: ops.RandomChoiceWithMask(6)(t), m)
    assert idx.shape == (6, 2) and idx.dtype == np.int32 and mask.dtype == np.bool_
    chosen = idx[mask]
    assert len(chosen) == min(6, m.sum()) and all(m[tuple(p)] for p in chosen)
    assert len({tuple(p) for p in chosen}) == len(chosen)
    assert (idx[~mask] == 0).all()
    ms.set_seed(5)
    again, _ = _run(lambda t: ops.RandomChoiceWithMask(6)(t), m)
    np.testing.assert_array_equal(again, idx)
    u = FnCell(lambda lo, hi: ops.UniformInt()((400,), lo, hi))(
        Tensor(-3, ms.int32), Tensor(4, ms.int32)).asnumpy()
    assert u.dtype == np.int32 and set(u.tolist()) == set(range(-3, 4))
    if mode == ms.PYNATIVE_MODE:
        with pytest.raises(RuntimeError, match="less than 'maxval'"):
            ops.UniformInt()((2,), Tensor(5, ms.int32), Tensor(1, ms.int32))
    with pytest.raises(TypeError, match="Int32 scalar"):
        ops.UniformInt()((2,), Tensor(1.0), Tensor(2.0))


# ----- attributes, repr, and MindSpore 2.10 CPU oddities --------------------------------------
def test_attributes_recorded_like_mindspore():
    op = ops.SmoothL1Loss(2.0, "sum")
    assert (op.beta, op.reduction, op.init_attrs) == (2.0, 0, {"beta": 2.0, "reduction": "sum"})
    assert ops.NLLLoss("none", 3).attrs == {"reduction": 2, "ignore_index": 3}
    assert ops.L2Normalize((1,)).axis == [1]
    assert repr(ops.ResizeNearestNeighbor((5, 7), True)) == \
        "Prim[ResizeNearestNeighbor]<size=(5, 7), align_corners=True, half_pixel_centers=False>"
    assert repr(ops.IOU()) == "Prim[IOU]<mode=iou>" and repr(ops.Slice()) == "Prim[Slice]"
    assert ops.MaxPool3D(2, 2, "same").kernel_size == (1, 1, 2, 2, 2)
    assert ops.DepthToSpace(2).data_format == "NCHW"
    assert ms.ops.operations.ROIAlign is ops.ROIAlign
    with pytest.raises(KeyError):
        ops.IOU("giou")
    with pytest.raises(TypeError):
        ops.BoundingBoxEncode((0, 0, 0, 0))


def test_mindspore_cpu_oddities_not_copied():
    x = Tensor(np.arange(6.0).reshape(2, 3))
    # MindSpore 2.10's deprecated GatherV2 raises RuntimeError in PyNative mode
    np.testing.assert_array_equal(ops.GatherV2()(x, Tensor(np.array([2, 0])), 1).asnumpy(),
                                  [[2, 0], [5, 3]])
    # MindSpore reads past a weight that needs broadcasting (garbage in row 2)
    p = np.array([[0.7, 0.2, 0.9], [0.6, 0.5, 0.4]], np.float32)
    got = ops.BinaryCrossEntropy("none")(Tensor(p), Tensor(p), Tensor(np.ones(3, np.float32)))
    np.testing.assert_allclose(got.asnumpy(), -(p * np.log(p) + (1 - p) * np.log(1 - p)),
                               rtol=1e-6)
    # MindSpore leaves the ignored entries of NLLLoss('none') unwritten
    logp = Tensor(np.log(np.array([[0.2, 0.8], [0.6, 0.4]], np.float32)))
    loss, total = ops.NLLLoss("none", 0)(logp, Tensor(np.array([1, 0], np.int32)),
                                         Tensor(np.ones(2, np.float32)))
    assert loss.asnumpy()[1] == 0 and float(total) == 1.0


def test_float_status_and_npu_status():
    # no CPU kernel in MindSpore 2.10 (RuntimeError); mindcell computes the GPU semantics
    fs = ops.FloatStatus()
    assert fs(Tensor(np.array([1.0, 2.0], np.float32))).asnumpy().tolist() == [0.0]
    out = fs(Tensor(np.array([1.0, np.nan], np.float16)))
    assert out.dtype == ms.float16 and out.asnumpy().tolist() == [1.0]
    assert FnCell(fs)(Tensor(np.array([np.inf]))).asnumpy().tolist() == [1.0]
    with pytest.raises(TypeError):
        fs(Tensor(np.array([1], np.int32)))
    for op, args in ((ops.NPUAllocFloatStatus(), ()), (ops.NPUGetFloatStatus(), (Tensor([0.0]),)),
                     (ops.NPUClearFloatStatus(), (Tensor([0.0]),))):
        with pytest.raises(RuntimeError, match="CPU"):
            op(*args)


def test_summaries_record_and_never_fail(mode):
    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.s, self.t = ops.ScalarSummary(), ops.TensorSummary()
            self.h, self.i = ops.HistogramSummary(), ops.ImageSummary()

        def construct(self, v):
            self.s("loss", v.sum())
            self.t("v", v)
            self.h("hist", v)
            self.i("img", v.reshape(1, 1, 1, 2))
            return v * 2

    net = Net()
    for k in (1.0, 2.0):  # a compiled graph records on every run, not once at tracing
        x = Tensor(np.array([1.0, 2.0], np.float32) * k)
        np.testing.assert_array_equal(net(x).asnumpy(), [2.0 * k, 4.0 * k])
        recorded = recorded_summaries()
        assert float(recorded[("scalar", "loss")]) == 3.0 * k
        np.testing.assert_array_equal(recorded[("image", "img")].asnumpy(), [[[[k, 2 * k]]]])
    assert ops.ScalarSummary()(3, "not a tensor") is None
    assert ops.DataType.F16_5HD == ("float16", "NC1HWC0")
    assert ops.DataType.None_None == ("", "") and ops.DataType.I8_NC1HWC0 == ("int8", "NC1HWC0")


# ----- GRAPH_MODE against PYNATIVE_MODE: gradients and in-place updates ----------------------
GRAD_CASES = {
    "roi_align": (lambda f, r: ops.ROIAlign(2, 3, 0.5, 2)(f, r), (FEAT, ROIS)),
    "resize_bilinear": (lambda x: ops.ResizeBilinearV2(False, True)(x, (5, 7)),
                        (IMG.astype(np.float32),)),
    "max_pool3d": (lambda x: ops.MaxPool3D(2, 1, "SAME")(x),
                   (RNG.permutation(2 * 3 * 3 * 4).reshape(1, 2, 3, 3, 4).astype(np.float32),)),
    "crop_and_resize": (lambda x: ops.crop_and_resize(
        x, Tensor(np.array([[0.1, 0.2, 0.8, 0.9]], np.float32)),
        Tensor(np.array([0], np.int32)), (3, 2)), (IMG.transpose(0, 2, 3, 1).astype(np.float32),)),
    "reverse_sequence": (lambda x: ops.ReverseSequence(1)(x, Tensor(np.array([4, 0, 2]))),
                         (X3,)),
}


@pytest.mark.parametrize("name", sorted(GRAD_CASES))
def test_graph_mode_gradients_equal_pynative(name):
    fn, args = GRAD_CASES[name]
    grad_cell = FnCell(lambda *ts: ops.grad(lambda *a: fn(*a).sum())(*ts))
    tensors = [Tensor(a) for a in args]
    eager = grad_cell(*tensors).asnumpy()
    ms.set_context(mode=ms.GRAPH_MODE)
    graph = FnCell(lambda *ts: ops.grad(lambda *a: fn(*a).sum())(*ts))(*tensors).asnumpy()
    np.testing.assert_allclose(graph, eager, rtol=1e-6, atol=1e-7)


def test_scatter_updates_parameters_in_both_modes(mode):
    p = Parameter(Tensor(np.zeros((3, 2), np.float32)), name="p")
    q = Parameter(Tensor(np.zeros((3, 2), np.float32)), name="q")

    class Net(ms.nn.Cell):
        def __init__(self):
            super().__init__()
            self.p, self.q = p, q
            self.add, self.upd = ops.ScatterAdd(), ops.ScatterNdUpdate()

        def construct(self, i, u):
            self.add(self.p, i, u)
            self.upd(self.q, i.reshape(-1, 1)[:2], u[:2])
            return self.p + 0

    net = Net()
    i = Tensor(np.array([0, 2, 0], np.int32))
    u = Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.float32))
    net(i, u)
    out = net(i, u)
    np.testing.assert_array_equal(p.asnumpy(), [[12, 16], [0, 0], [6, 8]])
    np.testing.assert_array_equal(out.asnumpy(), p.asnumpy())
    np.testing.assert_array_equal(q.asnumpy(), [[1, 2], [0, 0], [3, 4]])
    draws = [FnCell(lambda lo, hi: ops.UniformInt()((50,), lo, hi))(
        Tensor(0, ms.int32), Tensor(1000, ms.int32)).asnumpy() for _ in range(2)]
    assert not np.array_equal(*draws)  # every call (and graph run) draws afresh


def test_random_ops_follow_seed_streams():
    m = Tensor(RNG.uniform(size=(5, 6)) > 0.5)
    # seeded instances own a stream: equal seeds give equal draws, successive calls differ
    a, b = ops.RandomChoiceWithMask(4, 1, 2), ops.RandomChoiceWithMask(4, 1, 2)
    first = a(m)[0].asnumpy()
    assert np.array_equal(first, b(m)[0].asnumpy())
    assert any(not np.array_equal(first, a(m)[0].asnumpy()) for _ in range(5))
    lo, hi = Tensor(0, ms.int32), Tensor(1000, ms.int32)
    np.testing.assert_array_equal(ops.UniformInt(3, 4)((20,), lo, hi).asnumpy(),
                                  ops.UniformInt(3, 4)((20,), lo, hi).asnumpy())
    # a functional op seed: one stream per seed, restarted by set_seed
    ms.set_seed(3)
    x1 = ops.choice_with_mask(m, 4, seed=5)[0].asnumpy()
    ms.set_seed(3)
    np.testing.assert_array_equal(ops.choice_with_mask(m, 4, seed=5)[0].asnumpy(), x1)


def test_nms_with_mask_gradient_is_the_inverse_permutation(mode):
    raw = RNG.uniform(0, 10, (6, 5))
    raw[:, 2:4] += raw[:, :2] + 1
    w = RNG.standard_normal((6, 5))
    grad = FnCell(lambda t: ops.grad(lambda b: (ops.NMSWithMask(0.4)(b)[0] * Tensor(w, ms.float32))
                                     .sum())(t))(Tensor(raw.astype(np.float32)))
    order = np.argsort(-raw[:, 4], kind="stable")
    want = np.empty_like(w)
    want[order] = w
    np.testing.assert_allclose(grad.asnumpy(), want, rtol=1e-6)


# ----- integration: a tiny two-stage detector head trained in both modes -----------------------
class _DetHead(ms.nn.Cell):
    """Features -> ROIAlign over fixed proposals -> box deltas and objectness; targets from
    IOU and BoundingBoxEncode, losses SmoothL1Loss and BinaryCrossEntropy, with
    ResizeNearestNeighbor, Flatten and ScalarSummary in the path."""

    def __init__(self):
        super().__init__()
        self.conv = ms.nn.Conv2d(3, 4, 3, pad_mode="same", weight_init="normal")
        self.resize = ops.ResizeNearestNeighbor((12, 12))
        self.roi = ops.ROIAlign(2, 2, 0.5, 2)
        self.fc = ms.nn.Dense(16, 5, weight_init="normal")
        self.iou, self.encode = ops.IOU(), ops.BoundingBoxEncode((0.0,) * 4, (0.1, 0.1, 0.2, 0.2))
        self.smooth, self.bce = ops.SmoothL1Loss(1.0, "mean"), ops.BinaryCrossEntropy("mean")
        self.summary, self.flatten = ops.ScalarSummary(), ops.Flatten()

    def construct(self, image, proposals, gt):
        feat = self.resize(ops.relu(self.conv(image)))
        pooled = self.flatten(self.roi(feat, proposals))
        out = self.fc(pooled)
        boxes = proposals[:, 1:]
        overlap = ops.ReduceMax()(self.iou(boxes, gt), 0)
        labels = ops.cast(overlap > 0.3, ms.float32)
        targets = self.encode(boxes, ops.tile(gt, (boxes.shape[0], 1)))
        loss = self.smooth(out[:, :4], targets) + self.bce(ops.sigmoid(out[:, 4]), labels)
        self.summary("loss", loss)
        return loss


def test_detection_head_trains_alike_in_both_modes():
    rng = np.random.default_rng(1)
    image = Tensor(rng.standard_normal((1, 3, 6, 6)).astype(np.float32))
    props = Tensor(np.array([[0, 2, 2, 10, 10], [0, 0, 4, 7, 11], [0, 12, 12, 20, 22],
                             [0, 5, 5, 9, 9]], np.float32))
    gt = Tensor(np.array([[3, 3, 11, 11]], np.float32))
    losses = {}
    for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
        ms.set_context(mode=mode)
        ms.set_seed(0)
        net = _DetHead()
        step = ms.nn.TrainOneStepCell(net, ms.nn.SGD(net.trainable_params(), 0.05))
        losses[mode] = [float(step(image, props, gt).asnumpy()) for _ in range(6)]
        assert float(recorded_summaries()[("scalar", "loss")]) == pytest.approx(
            losses[mode][-1], rel=1e-6)
    np.testing.assert_allclose(losses[ms.GRAPH_MODE], losses[ms.PYNATIVE_MODE], rtol=1e-4)
    assert losses[ms.PYNATIVE_MODE][-1] < losses[ms.PYNATIVE_MODE][0]
