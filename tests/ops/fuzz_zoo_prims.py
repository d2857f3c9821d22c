"""Base calls of the model-zoo primitive classes and functional ops (mindcell/ops/
operations_{sequence,image,detection,loss,debug}.py and function/{sequence,image,detection,
pool3d}_func.py) for test_bad_input_fuzz.py."""
import numpy as np

# Ascend-only: on CPU every call raises RuntimeError (as in MindSpore), so there is no valid base
SKIP = {"NPUAllocFloatStatus", "NPUGetFloatStatus", "NPUClearFloatStatus"}


def _inputs(a, t):
    boxes = np.array([[0, 0, 4, 4], [1, 1, 3, 5], [2, 0, 6, 3]], np.float32)
    return {
        "x": lambda: t(a["X"]), "x4": lambda: t(a["X4"]),
        "x5": lambda: t(np.arange(54, dtype=np.float32).reshape(1, 2, 3, 3, 3)),
        "b4": lambda: t(boxes), "meta": lambda: t(np.array([8, 8, 1], np.float32)),
        "b5": lambda: t(np.concatenate([boxes, [[0.9], [0.5], [0.7]]], 1).astype(np.float32)),
        "nhwc": lambda: t(a["X4"].transpose(0, 2, 3, 1)),
        "crop_boxes": lambda: t(np.array([[0.1, 0.1, 0.9, 0.8], [0.0, 0.2, 1.0, 1.0]],
                                         np.float32)),
        "box_idx": lambda: t(np.array([0, 1], np.int32)),
        "rois": lambda: t(np.array([[0, 0, 0, 2, 2], [1, 1, 1, 3, 3]], np.float32)),
        "seq": lambda: t(np.array([1, 3], np.int32)),
        "i32": lambda: t(np.array([0, 1], np.int32)),
        "nd": lambda: t(np.array([[0], [1]], np.int64)),
    }


def base_overrides(a, t):
    """Functional ops: name -> () -> (args, kwargs)."""
    v = _inputs(a, t)
    return {
        "addn": lambda: ([[v["x"](), v["x"]()]], {}),
        "bounding_box_decode": lambda: ([v["b4"](), v["b4"](), (10, 10)], {}),
        "bounding_box_encode": lambda: ([v["b4"](), v["b4"]()], {}),
        "check_valid": lambda: ([v["b4"](), v["meta"]()], {}),
        "choice_with_mask": lambda: ([t(a["B"])], {}),
        "crop_and_resize": lambda: ([v["nhwc"](), v["crop_boxes"](), v["box_idx"](), (2, 2)],
                                    {}),
        "iou": lambda: ([v["b4"](), v["b4"]()], {}),
        "max_pool3d": lambda: ([v["x5"](), 2], {}),
        "reverse": lambda: ([v["x"](), (0,)], {}),
        "reverse_sequence": lambda: ([v["x"](), v["seq"](), 1], {}),
        "slice": lambda: ([v["x"](), (0, 0), (1, 2)], {}),
        "coalesce": lambda: (_coo(t), {}),
        "tensor_muls": lambda: ([v["x"](), 2.5], {}),
        "tensor_range": lambda: ([0, 5, 2], {}),
    }


def _coo(t):
    return [t(np.array([[0, 0, 1], [1, 1, 2]], np.int64)), t(np.array([1.0, 2.0, 3.0],
            np.float32)), t(np.array([3, 3], np.int64))]


def ctor_overrides(a, t):
    """Primitive classes: name -> () -> (constructor args, valid call args)."""
    import mindcell as ms
    v = _inputs(a, t)
    return {
        "AdaptiveAvgPool2D": lambda: ([2], [v["x4"]()]),
        "AddN": lambda: ([], [(v["x"](), v["x"]())]),
        "LpNorm": lambda: ([-1], [v["x"]()]),
        "BoundingBoxDecode": lambda: ([(10, 10)], [v["b4"](), v["b4"]()]),
        "BoundingBoxEncode": lambda: ([], [v["b4"](), v["b4"]()]),
        "CheckValid": lambda: ([], [v["b4"](), v["meta"]()]),
        "CropAndResize": lambda: ([], [v["nhwc"](), v["crop_boxes"](), v["box_idx"](), (2, 2)]),
        "DepthToSpace": lambda: ([2], [t(np.ones((1, 4, 2, 3), np.float32))]),
        "SpaceToDepth": lambda: ([2], [v["x4"]()]),
        "Adam": lambda: ([], [ms.Parameter(v["x"]()), ms.Parameter(v["x"]()),
                              ms.Parameter(t(np.abs(a["X"]))), 0.9, 0.999, 0.01, 0.9, 0.999,
                              1e-8, v["x"]()]),
        "AdamWeightDecay": lambda: ([], [ms.Parameter(v["x"]()), ms.Parameter(v["x"]()),
                                         ms.Parameter(t(np.abs(a["X"]))), 0.01, 0.9, 0.999,
                                         1e-8, 0.1, v["x"]()]),
        "Eye": lambda: ([], [2, 3, ms.float32]),
        "GatherV2": lambda: ([], [v["x"](), t(a["I"]), 1]),
        "IOU": lambda: ([], [v["b4"](), v["b4"]()]),
        "MaxPool3D": lambda: ([2, 1], [v["x5"]()]),
        # Ascend's packed recurrent Primitives: 4 steps, batch 2, input 3, hidden 2
        "DynamicRNN": lambda: ([], [t(np.ones((4, 2, 3), np.float32)),
                                    t(np.full((5, 8), 0.1, np.float32)),
                                    t(np.zeros(8, np.float32)), None,
                                    t(np.zeros((1, 2, 2), np.float32)),
                                    t(np.zeros((1, 2, 2), np.float32))]),
        "DynamicGRUV2": lambda: ([], [t(np.ones((4, 2, 3), np.float32)),
                                      t(np.full((3, 6), 0.1, np.float32)),
                                      t(np.full((2, 6), 0.1, np.float32)), None, None, None,
                                      t(np.zeros((2, 2), np.float32))]),
        # ops.LSTM: input 3, hidden 2, one layer with bias (48 flat weights)
        "LSTM": lambda: ([3, 2, 1, True, False, 0.0],
                         [t(np.ones((4, 2, 3), np.float32)), t(np.zeros((1, 2, 2), np.float32)),
                          t(np.zeros((1, 2, 2), np.float32)),
                          t(np.full((48, 1, 1), 0.1, np.float32))]),
        "NLLLoss": lambda: ([], [v["x"](), v["i32"](), t(np.ones(3, np.float32))]),
        "NMSWithMask": lambda: ([], [v["b5"]()]),
        "ROIAlign": lambda: ([2, 2, 0.5], [v["x4"](), v["rois"]()]),
        "RandomChoiceWithMask": lambda: ([2], [t(a["B"])]),
        "ResizeBilinear": lambda: ([(3, 3)], [v["x4"]()]),
        "ResizeBilinearV2": lambda: ([], [v["x4"](), (3, 3)]),
        "ResizeNearestNeighbor": lambda: ([(3, 3)], [v["x4"]()]),
        "ReverseSequence": lambda: ([1], [v["x"](), v["seq"]()]),
        "ReverseV2": lambda: ([(0,)], [v["x"]()]),
        "ScalarCast": lambda: ([], [2.5, ms.int64]),
        "ScalarToArray": lambda: ([], [2.0]),
        "ScalarToTensor": lambda: ([], [2.0]),
        "TupleToArray": lambda: ([], [(1.0, 2.0)]),
        "ScatterAdd": lambda: ([], [ms.Parameter(v["x"]()), v["i32"](), v["x"]()]),
        "ScatterNdUpdate": lambda: ([], [ms.Parameter(v["x"]()), v["nd"](), v["x"]()]),
        "Slice": lambda: ([], [v["x"](), (0, 0), (1, 2)]),
        "Coalesce": lambda: ([], _coo(t)),
        "DynamicShape": lambda: ([], [v["x"]()]),
        "ExtractGlimpse": lambda: ([], [v["nhwc"](), t(np.array([2, 2], np.int32)),
                                        t(np.zeros((a["X4"].shape[0], 2), np.float32))]),
        "DepthwiseConv2dNative": lambda: ([1, 3], [v["x4"](), t(np.ones((1, a["X4"].shape[1], 3,
                                                                        3), np.float32))]),
        "MatrixLogarithm": lambda: ([], [t(np.eye(2, dtype=np.complex64))]),
        "TensorToTuple": lambda: ([], [t(np.array([1.0, 2.0], np.float32))]),
        "UniformInt": lambda: ([], [(2, 3), t(np.array(1, np.int32)), t(np.array(5, np.int32))]),
    }
