"""Constructor signatures, recorded attributes (``attrs`` without the I/O names),
``init_attrs`` and ``repr`` of the zoo primitive classes, constructed with non-default
arguments where they take any."""
import inspect

from _target import ms, ops, emit

CASES = [
    ("ResizeNearestNeighbor", ((4, 5), True)), ("ResizeBilinearV2", (False, True)),
    ("ReverseV2", ((0, -1),)), ("ReverseSequence", (2, 1)), ("Slice", ()), ("Flatten", ()),
    ("L2Normalize", (-1, 1e-6)), ("SmoothL1Loss", (0.5, "mean")),
    ("BinaryCrossEntropy", ("sum",)), ("NLLLoss", ("none", 3)), ("L2Loss", ()),
    ("NMSWithMask", (0.3,)), ("IOU", ("iof",)),
    ("BoundingBoxDecode", ((8, 9), (0.1, 0.2, 0.3, 0.4), (1.0, 2.0, 3.0, 4.0), 0.1)),
    ("BoundingBoxEncode", ((0.1, 0.2, 0.3, 0.4), (1.0, 2.0, 3.0, 4.0))),
    ("RandomChoiceWithMask", (10, 1, 2)), ("ROIAlign", (7, 6, 0.25, 0, 0)), ("CheckValid", ()),
    ("AddN", ()), ("ScalarToTensor", ()), ("Eye", ()), ("CumSum", (True, False)),
    ("CropAndResize", ("nearest", 1.5)), ("TupleToArray", ()), ("ScatterAdd", (True,)),
    ("ScatterNdUpdate", (False,)), ("GatherV2", ()), ("ArgMinWithValue", (-1, True)),
    ("DepthToSpace", (3,)), ("SpaceToDepth", (2,)), ("UniformInt", (5, 6)), ("ScalarCast", ()),
    ("MaxPool3D", ((1, 2, 3), 2, "pad", (1, 0, 0, 1, 1, 1), True)),
    ("AdaptiveAvgPool2D", ((3, None),)), ("ScalarSummary", ()), ("ImageSummary", ()),
    ("TensorSummary", ()), ("HistogramSummary", ()), ("FloatStatus", ()),
    ("NPUAllocFloatStatus", ()), ("NPUGetFloatStatus", ()), ("NPUClearFloatStatus", ()),
]
HIDDEN = ("input_names", "output_names")
for name, args in CASES:
    cls = getattr(ms.ops.operations, name)
    emit(name + ".sig", str(inspect.signature(cls.__init__)))
    op = cls(*args)
    emit(name + ".attrs", {k: v for k, v in op.attrs.items() if k not in HIDDEN})
    emit(name + ".init_attrs", {k: v for k, v in op.init_attrs.items() if k != "name"})
    emit(name + ".repr", repr(op))
for name in ("reverse", "reverse_sequence", "slice", "addn", "scalar_cast", "iou",
             "bounding_box_encode", "bounding_box_decode", "check_valid", "choice_with_mask",
             "crop_and_resize", "max_pool3d"):
    emit(name + ".sig", str(inspect.signature(getattr(ops, name))))
