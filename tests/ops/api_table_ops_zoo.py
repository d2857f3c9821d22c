"""api_table rows for the model-zoo primitive classes and functional ops (operations_{sequence,
image,detection,loss,debug}.py, function/{sequence,image,detection,pool3d}_func.py). Box inputs
are built from positive random numbers so every box is well formed; ops whose boxes or features
MindSpore only takes in float16/float32 skip the float64 finite-difference check (fd=...)."""
import numpy as np
import pytest

import mindcell as ms
from mindcell import ops

from api_table import R, Op, P

S = (2, 3)
X4 = (1, 2, 4, 4)
X5 = (1, 2, 3, 4, 4)
F32_ONLY = "boxes/features are float16 or float32 only (MindSpore's dtypes)"
SEQ = ms.Tensor(np.array([4, 0, 2], np.int32))
IDX = ms.Tensor(np.array([2, 0], np.int32))
ROWS_I32 = ms.Tensor(np.array([0, 2, 0], np.int32))
ND = ms.Tensor(np.array([[0], [2]], np.int32))
LABELS = ms.Tensor(np.array([0, 2, 1, 1], np.int32))
CROP_BOXES = ms.Tensor(np.array([[0.1, 0.2, 0.8, 0.9], [0.9, 0.0, 0.2, 0.7]], np.float32))
CROP_INDEX = ms.Tensor(np.array([0, 1], np.int32))
ROIS = ms.Tensor(np.array([[0, 1.0, 1.0, 9.0, 7.0], [1, 0.0, 2.0, 4.0, 5.0]], np.float32))
META = ms.Tensor(np.array([6, 6, 1], np.float32))
TARGET = ms.Parameter(ms.Tensor(np.zeros((3, 3), np.float32)), name="api_table_zoo_target")
ADAM = [ms.Parameter(ms.Tensor(np.zeros((2, 3), np.float32)), name="api_table_adam_" + n)
        for n in ("var", "m", "v")]


def adam_step(op, x, g, *scalars):
    """One in-place step of ops.Adam / ops.AdamWeightDecay from a state reset to values of x
    (so every call, eager or compiled, starts alike); the updated weights."""
    var, m, v = ADAM
    ops.assign(var, x)
    ops.assign(m, x * 0.5)
    ops.assign(v, x * x)
    op(var, m, v, *scalars, g)
    return var * 1


def boxes(t):
    """(N, 4) [x1, y1, x2, y2] boxes from (N, 4) positive numbers: corners (a, b) and sizes."""
    return ops.concat((t[:, :2], t[:, :2] + t[:, 2:] * 3), 1)


def nms_input(t):
    return ops.concat((boxes(t[:, :4]), t[:, 4:]), 1)


def raises_runtime_error(op, *args):
    with pytest.raises(RuntimeError, match="CPU"):
        op(*args)


def npu_row(name):
    def fn(x):
        raises_runtime_error(getattr(ops, name)(), *(() if name == "NPUAllocFloatStatus" else (x,)))
        return x * 2
    return R("ops." + name, fn, S, grad=False)


def summary_row(name, shape=S):
    def fn(x):
        assert getattr(ops, name)()("tag", x) is None
        return x * 2
    return R("ops." + name, fn, shape, grad=False)


ROWS = [
    # sequence and array ops
    Op("reverse", (3, 4), kw=dict(axis=(0, 1))),
    P("ReverseV2", ((1,),), (3, 4)),
    R("ops.reverse_sequence", lambda x: ops.reverse_sequence(x, SEQ, 1), (3, 5)),
    P("ReverseSequence", (0, 1), (5, 3), call=(SEQ,)),
    Op("slice", (3, 4), kw=dict(begin=(1, 0), size=(2, -1))),
    P("Slice", (), (3, 4), call=((0, 1), (3, 2))),
    P("Flatten", (), (2, 3, 4)),
    R("ops.addn", lambda a, b: ops.addn([a, b, a]), S, S),
    R("ops.AddN", lambda a, b: ops.AddN()((a, b)), S, S),
    R("ops.Eye", lambda x: x + ops.Eye()(2, 3, ms.float32).astype(x.dtype), S),
    P("CumSum", (), (3, 4), call=(1,)),
    P("CumSum", (True, True), (3, 4), call=(0,)),
    R("ops.TupleToArray", lambda x: x * ops.TupleToArray()((1.0, 2.0, 3.0)).astype(x.dtype), S),
    R("ops.ScalarToTensor", lambda x: x + ops.ScalarToTensor()(2.5, x.dtype), S),
    R("ops.ScalarCast", lambda x: x * ops.ScalarCast()(2.7, ms.int64), S),
    R("ops.GatherV2", lambda x: ops.GatherV2()(x, IDX, 1), S),
    P("ArgMinWithValue", (1, True), (3, 4)),
    P("DepthToSpace", (2,), (1, 8, 2, 3)),
    P("SpaceToDepth", (2,), (1, 2, 4, 6)),
    R("ops.ScatterAdd", lambda x, u: ops.ScatterAdd()(x, ROWS_I32, u), (3, 2), (3, 2)),
    R("ops.ScatterNdUpdate", lambda u: ops.ScatterNdUpdate()(TARGET, ND, u) * 1, (2, 3),
      grad=False, f16=False),
    R("ops.Adam", lambda x, g: adam_step(ops.Adam(use_nesterov=True), x, g, 0.9, 0.999, 0.01,
                                         0.9, 0.999, 1e-8), S, S, grad=False, f16=False),
    R("ops.AdamWeightDecay", lambda x, g: adam_step(ops.AdamWeightDecay(), x, g, 0.01, 0.9, 0.999,
                                                    1e-8, 0.1), S, S, grad=False, f16=False),
    R("ops.UniformInt", lambda x: ops.UniformInt()((2, 3), ms.Tensor(1, ms.int32),
                                                   ms.Tensor(9, ms.int32)), S, kind="random"),
    # loss and normalisation
    P("L2Normalize", (1,), (3, 4)),
    P("L2Loss", (), S),
    P("SmoothL1Loss", (0.5, "mean"), S, S),
    P("BinaryCrossEntropy", ("sum",), ("prob", S), ("prob", S), call=(None,)),
    R("ops.BinaryCrossEntropy", lambda p, q, w: ops.BinaryCrossEntropy("none")(p, q, w),
      ("prob", S), ("prob", S), ("pos", S)),
    R("ops.NLLLoss", lambda lp, w: ops.NLLLoss("mean", 1)(lp, LABELS, w), (4, 3), ("pos", (3,))),
    # image ops
    P("ResizeNearestNeighbor", ((5, 7),), X4),
    P("ResizeNearestNeighbor", ((3, 2), True), X4),
    P("ResizeBilinearV2", (False, True), X4, call=((5, 3),)),
    P("ResizeBilinearV2", (True,), X4, call=((2, 7),)),
    P("ResizeBilinear", ((6, 5),), X4),
    R("ops.CropAndResize", lambda img: ops.CropAndResize()(img, CROP_BOXES, CROP_INDEX, (3, 2)),
      (2, 5, 6, 3), fd="computed in float32 (MindSpore's output dtype)"),
    R("ops.CropAndResize", lambda img: ops.CropAndResize("bilinear_v2")(
        img, CROP_BOXES, CROP_INDEX, (2, 4)), (2, 5, 6, 3), fd="computed in float32"),
    R("ops.crop_and_resize", lambda img: ops.crop_and_resize(
        img, CROP_BOXES, CROP_INDEX, (2, 2), "nearest", 1.5), (2, 5, 6, 3), fd="float32"),
    R("ops.ROIAlign", lambda f: ops.ROIAlign(2, 3, 0.5, 2)(f, ROIS.astype(f.dtype)), (2, 3, 6, 7),
      fd=F32_ONLY),
    P("AdaptiveAvgPool2D", ((3, None),), X4),
    P("MaxPool3D", (2, 1, "SAME"), X5),
    P("MaxPool3D", ((1, 2, 3), 2, "PAD", (0, 0, 1, 0, 1, 1), True), X5),
    R("ops.max_pool3d", lambda x: ops.max_pool3d(x, 2, 1, 1, (1, 1, 2), True), X5),
    # detection
    R("ops.iou", lambda a, g: ops.iou(boxes(a), boxes(g)), ("pos", (3, 4)), ("pos", (2, 4))),
    R("ops.IOU", lambda a, g: ops.IOU("iof")(boxes(a), boxes(g)), ("pos", (3, 4)),
      ("pos", (2, 4))),
    R("ops.bounding_box_encode", lambda a, g: ops.bounding_box_encode(boxes(a), boxes(g)),
      ("pos", (3, 4)), ("pos", (3, 4)), fd=F32_ONLY),
    R("ops.BoundingBoxEncode", lambda a, g: ops.BoundingBoxEncode(
        (0.1, 0.0, 0.2, 0.0), (0.5, 0.5, 1.0, 1.0))(boxes(a), boxes(g)),
      ("pos", (3, 4)), ("pos", (3, 4)), fd=F32_ONLY),
    R("ops.bounding_box_decode", lambda a, d: ops.bounding_box_decode(boxes(a), d, (20, 20)),
      ("pos", (3, 4)), (3, 4), fd=F32_ONLY),
    R("ops.BoundingBoxDecode", lambda a, d: ops.BoundingBoxDecode((9, 9), wh_ratio_clip=0.5)(
        boxes(a), d), ("pos", (3, 4)), (3, 4), fd=F32_ONLY),
    R("ops.check_valid", lambda a: ops.check_valid(boxes(a), META.astype(a.dtype)),
      ("pos", (3, 4)), grad=False),
    R("ops.CheckValid", lambda a: ops.CheckValid()(boxes(a), META.astype(a.dtype)),
      ("pos", (3, 4)), grad=False),
    R("ops.NMSWithMask", lambda b: ops.NMSWithMask(0.3)(nms_input(b)), ("pos", (6, 5)),
      grad=False),
    R("ops.RandomChoiceWithMask", lambda m: ops.RandomChoiceWithMask(4)(m), ("bool", (3, 4)),
      kind="random"),
    R("ops.choice_with_mask", lambda m: ops.choice_with_mask(m, 7), ("bool", (2, 3, 2)),
      kind="random"),
    # summaries, overflow status, registration constants
    summary_row("ScalarSummary", ()), summary_row("TensorSummary"),
    summary_row("HistogramSummary"), summary_row("ImageSummary", X4),
    P("FloatStatus", (), S, grad=False),
    npu_row("NPUAllocFloatStatus"), npu_row("NPUGetFloatStatus"), npu_row("NPUClearFloatStatus"),
    R("ops.DataType", lambda x: x * len(ops.DataType.F32_Default), S),
]
