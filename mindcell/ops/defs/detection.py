"""Detection primitives whose work is data-dependent loops, not compositions of tensor ops:
NMSWithMask (greedy suppression), RandomChoiceWithMask (a random draw of True positions) and
ROIAlign (bilinear sampling with a per-ROI sample count) with its gradient. Their output
shapes are fixed by the inputs' shapes and attributes, so they trace into graphs."""
import numpy as np

from mindcell._core.primitive import defprim
from mindcell._core.random_state import draw_rng
from mindcell.ops.defs import _grad_ops as G


# ----- NMSWithMask ----------------------------------------------------------------------------
def _nms_impl(bboxes, iou_threshold):
    # NOTE: a primitive: greedy suppression is a sequential loop over sorted boxes.
    order = np.argsort(-bboxes[:, 4].astype(np.float64), kind="stable")
    boxes = bboxes[order]
    x1, y1, x2, y2 = (boxes[:, k].astype(np.float64) for k in range(4))
    area = (x2 - x1) * (y2 - y1)  # no +1: MindSpore's NMSWithMask uses continuous areas
    keep = np.ones(len(boxes), bool)
    for i in range(len(boxes)):
        if not keep[i]:
            continue
        rest = np.arange(i + 1, len(boxes))
        w = np.maximum(np.minimum(x2[i], x2[rest]) - np.maximum(x1[i], x1[rest]), 0.0)
        h = np.maximum(np.minimum(y2[i], y2[rest]) - np.maximum(y1[i], y1[rest]), 0.0)
        inter = w * h
        with np.errstate(invalid="ignore", divide="ignore"):
            iou = inter / (area[i] + area[rest] - inter)
        keep[rest[iou > iou_threshold]] = False
    return boxes, np.arange(len(boxes), dtype=np.int32), keep


def _nms_infer(bboxes, iou_threshold):
    n = bboxes[0][0]
    return (bboxes, ((n,), np.dtype(np.int32)), ((n,), np.dtype(np.bool_)))


def _nms_bprop(bboxes, out, dout, iou_threshold):
    # the sorted boxes are a permutation of the input rows: their gradient goes back through
    # the inverse permutation (MindSpore has no gradient here and raises)
    return (G.gather(dout[0], nms_unsort_p.bind(bboxes), 0),)


def _nms_unsort_impl(bboxes):
    order = np.argsort(-bboxes[:, 4].astype(np.float64), kind="stable")
    inverse = np.empty(len(order), np.int64)
    inverse[order] = np.arange(len(order))
    return inverse


nms_with_mask_p = defprim("NMSWithMask", _nms_impl, nout=3, infer=_nms_infer,
                          bprop=_nms_bprop)
nms_unsort_p = defprim("NMSUnsort", _nms_unsort_impl,
                       infer=lambda b: ((b[0][0],), np.dtype(np.int64)))


# ----- RandomChoiceWithMask -------------------------------------------------------------------
def _choice_impl(x, count, stream=None):
    # NOTE: a primitive: which positions are True is only known from the values.
    positions = np.argwhere(x)
    picked = positions[draw_rng(stream).permutation(len(positions))[:count]]
    index = np.zeros((count, x.ndim), np.int32)
    index[:len(picked)] = picked
    mask = np.zeros(count, bool)
    mask[:len(picked)] = True
    return index, mask


def _choice_infer(x, count, stream=None):
    return (((count, len(x[0])), np.dtype(np.int32)), ((count,), np.dtype(np.bool_)))


random_choice_with_mask_p = defprim("RandomChoiceWithMask", _choice_impl, nout=2,
                                    infer=_choice_infer, has_side_effect=True)


# ----- ROIAlign -------------------------------------------------------------------------------
def _axis_weights(start, bin_size, grid, pooled, n):
    """(pooled, n) matrix: row p averages the bilinear taps of the ``grid`` samples of bin p
    along an axis of length n (samples outside [-1, n] contribute nothing)."""
    m = np.zeros((pooled, n))
    if grid <= 0:
        return m
    p = np.arange(pooled)[:, None]
    k = np.arange(grid)[None, :]
    pos = (start + p * bin_size + (k + 0.5) * bin_size / grid).ravel()
    rows = np.repeat(np.arange(pooled), grid)
    inside = (pos >= -1.0) & (pos <= n)
    pos = np.clip(pos, 0.0, None)
    lo = np.floor(pos).astype(np.int64)
    top = lo >= n - 1
    lo = np.where(top, n - 1, lo)
    hi = np.where(top, n - 1, lo + 1)
    frac = np.where(top, 0.0, pos - lo)
    np.add.at(m, (rows[inside], lo[inside]), (1.0 - frac[inside]) / grid)
    np.add.at(m, (rows[inside], hi[inside]), frac[inside] / grid)
    return m


def _roi_matrices(roi, spatial_scale, pooled_height, pooled_width, sample_num, roi_end_mode,
                  height, width):
    """The batch index and the row/column sampling matrices of one ROI; either matrix is None
    when the bin holds no samples (0/0: MindSpore gives NaN there)."""
    off = roi_end_mode
    b = int(np.rint(roi[0]))
    x0, y0 = roi[1] * spatial_scale, roi[2] * spatial_scale
    w = (roi[3] + off) * spatial_scale - x0
    h = (roi[4] + off) * spatial_scale - y0
    if roi_end_mode == 0:  # the legacy mode forces malformed ROIs to at least 1x1
        w, h = max(w, 1.0), max(h, 1.0)
    bin_h, bin_w = h / pooled_height, w / pooled_width
    gh = sample_num if sample_num > 0 else int(h / pooled_height)
    gw = sample_num if sample_num > 0 else int(w / pooled_width)
    if gh <= 0 or gw <= 0:
        return b, None, None
    return (b, _axis_weights(y0, bin_h, gh, pooled_height, height),
            _axis_weights(x0, bin_w, gw, pooled_width, width))


def _compute_dtype(a):
    """float16 is computed in float32; float32/float64 as they are."""
    return a.astype(np.float32) if a.dtype == np.float16 else a


def _roi_align_impl(features, rois, pooled_height, pooled_width, spatial_scale, sample_num,
                    roi_end_mode):
    # NOTE: a primitive: the number of samples per bin depends on each ROI's size.
    _, c, height, width = features.shape
    out = np.empty((rois.shape[0], c, pooled_height, pooled_width), features.dtype)
    feats = _compute_dtype(features)
    for r, roi in enumerate(rois.astype(np.float64)):
        b, my, mx = _roi_matrices(roi, spatial_scale, pooled_height, pooled_width, sample_num,
                                  roi_end_mode, height, width)
        if my is None:
            out[r] = np.nan
            continue
        out[r] = (my.astype(feats.dtype) @ feats[b]) @ mx.T.astype(feats.dtype)  # two GEMMs
    return out


def _roi_align_grad_impl(dy, rois, features, pooled_height, pooled_width, spatial_scale,
                         sample_num, roi_end_mode):
    _, _, height, width = features.shape
    dy = _compute_dtype(dy)
    dx = np.zeros(features.shape, dy.dtype)
    for r, roi in enumerate(rois.astype(np.float64)):
        b, my, mx = _roi_matrices(roi, spatial_scale, pooled_height, pooled_width, sample_num,
                                  roi_end_mode, height, width)
        if my is not None:
            dx[b] += (my.T.astype(dy.dtype) @ dy[r]) @ mx.astype(dy.dtype)
    return dx.astype(features.dtype)


def _roi_align_infer(features, rois, pooled_height, pooled_width, **attrs):
    return ((rois[0][0], features[0][1], pooled_height, pooled_width), features[1])


def _roi_align_bprop(features, rois, out, dout, **attrs):
    return (roi_align_grad_p.bind(dout, rois, features, **attrs), G.zeros_like(rois))


def _roi_align_grad_bprop(dy, rois, features, out, dout, **attrs):
    # ROIAlignGrad is linear in dy (the adjoint of ROIAlign in features): its own adjoint is
    # ROIAlign; features only give the shape, rois are not differentiated.
    return (roi_align_p.bind(dout, rois, **attrs), G.zeros_like(rois), G.zeros_like(features))


roi_align_p = defprim("ROIAlign", _roi_align_impl, infer=_roi_align_infer,
                      bprop=_roi_align_bprop)
roi_align_grad_p = defprim("ROIAlignGrad", _roi_align_grad_impl,
                           infer=lambda dy, rois, features, **attrs: features,
                           bprop=_roi_align_grad_bprop)
