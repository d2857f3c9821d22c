"""Dtypes and edge cases of the zoo primitives: bool/int8/float16 inputs, empty axes and sizes,
single-element AddN, zero-length sequences, and the error types of bad inputs."""
import numpy as np
from _target import ms, ops, Tensor, emit
from _case import run


def both(key, fn):
    """The result's dtype and values (or the error type)."""
    try:
        out = fn()
        emit(key, [str(out.dtype), out.asnumpy()])
    except Exception as e:  # noqa: BLE001
        emit(key, e)


b = Tensor(np.array([[True, False, True], [False, False, True]]))
i8 = Tensor(np.arange(6, dtype=np.int8).reshape(2, 3))
h = Tensor(np.array([[1.5, -2.0, 0.25], [3.0, 0.5, -1.0]], np.float16))
both("ReverseV2.bool", lambda: ops.ReverseV2((1,))(b))
both("ReverseV2.i8", lambda: ops.ReverseV2((0, 1))(i8))
both("ReverseV2.empty", lambda: ops.ReverseV2(())(h))
both("Slice.zero", lambda: ops.Slice()(h, (0, 1), (2, 0)))
both("AddN.one", lambda: ops.AddN()((h,)))
both("AddN.i8", lambda: ops.AddN()([i8, i8]))
both("CumSum.i8", lambda: ops.CumSum()(i8, 1))
both("CumSum.f16", lambda: ops.CumSum(True, True)(h, 0))
both("CumSum.bool", lambda: ops.CumSum()(b, 1))
both("DepthToSpace.i32", lambda: ops.DepthToSpace(2)(Tensor(np.arange(8, dtype=np.int32)
                                                             .reshape(1, 4, 1, 2))))
both("SpaceToDepth.f16", lambda: ops.SpaceToDepth(2)(Tensor(np.ones((1, 1, 2, 4), np.float16))))
both("L2Normalize.f16", lambda: ops.L2Normalize(-1)(h))
both("L2Normalize.int", lambda: ops.L2Normalize(-1)(i8))
both("L2Loss.f16", lambda: ops.L2Loss()(h))
both("Eye.bool", lambda: ops.Eye()(2, 2, ms.bool_))
both("TupleToArray.mixed", lambda: ops.TupleToArray()((1, 2.5)))
both("ScalarToTensor.bool", lambda: ops.ScalarToTensor()(True, ms.bool_))
both("ArgMinWithValue.i8", lambda: ops.ArgMinWithValue(1)(i8)[1])
run("ArgMinWithValue.axis", lambda: ops.ArgMinWithValue(2)(i8))
both("ReverseSequence.zero", lambda: ops.ReverseSequence(1)(i8, Tensor(np.array([0, 0], np.int32))))
boxes16 = Tensor(np.array([[0, 0, 4, 4], [1, 1, 3, 5]], np.float16))
both("IOU.f16", lambda: ops.IOU()(boxes16, boxes16))
both("BBE.f16", lambda: ops.BoundingBoxEncode()(boxes16, boxes16))
both("CheckValid.u8", lambda: ops.CheckValid()(Tensor(np.array([[0, 0, 3, 3], [0, 0, 4, 3]],
                                                               np.uint8)),
                                               Tensor(np.array([4, 4, 1], np.uint8))))
both("NMSWithMask.f16", lambda: ops.NMSWithMask(0.5)(Tensor(np.array(
    [[0, 0, 4, 4, 0.5], [0, 0, 4, 3.5, 0.9]], np.float16)))[0])
img8 = Tensor(np.arange(16, dtype=np.uint8).reshape(1, 1, 4, 4))
both("RNN.u8", lambda: ops.ResizeNearestNeighbor((2, 3))(img8))
both("RBV2.list", lambda: ops.ResizeBilinearV2()(Tensor(np.ones((1, 1, 2, 2), np.float32)),
                                                [3, 1]))
both("RBV2.f16", lambda: ops.ResizeBilinearV2(True)(Tensor(np.arange(4, dtype=np.float16)
                                                          .reshape(1, 1, 2, 2)), (3, 3)))
run("AdaptiveAvgPool2D.int", lambda: ops.AdaptiveAvgPool2D(2)(Tensor(np.ones((1, 1, 4, 4),
                                                                            np.int32))))
both("MaxPool3D.f16", lambda: ops.MaxPool3D(2, 2)(Tensor(np.arange(16, dtype=np.float16)
                                                         .reshape(1, 1, 2, 2, 4))))
run("MaxPool3D.int", lambda: ops.MaxPool3D(2, 2)(Tensor(np.ones((1, 1, 2, 2, 2), np.int32))))
v = Tensor(np.arange(48, dtype=np.float32).reshape(1, 1, 3, 4, 4))
run("MaxPool3D.allpad", lambda: ops.MaxPool3D((1, 2, 3), 1, "PAD", (1, 0, 0, 0, 0, 0))(v))
run("MaxPool3D.padsum", lambda: ops.MaxPool3D(2, 1, "PAD", 2)(v))
run("MaxPool3D.padkernel", lambda: ops.MaxPool3D((1, 2, 2), 2, "PAD", (0, 0, 2, 0, 0, 0))(v))
run("max_pool3d.pad", lambda: ops.max_pool3d(v, 2, 1, 1))
run("MaxPool3D.4d", lambda: ops.MaxPool3D(2, 2)(Tensor(np.ones((1, 2, 2, 2), np.float32))))
feat16 = Tensor(np.arange(16, dtype=np.float16).reshape(1, 1, 4, 4))
both("ROIAlign.f16", lambda: ops.ROIAlign(1, 2, 1.0, 2)(feat16, Tensor(np.array(
    [[0, 0.5, 0.5, 2.5, 2.5]], np.float16))))
run("SmoothL1Loss.shape", lambda: ops.SmoothL1Loss()(h, h[0]))
run("RCWM.0d", lambda: ops.RandomChoiceWithMask(2)(Tensor(True)))
run("RCWM.6d", lambda: ops.RandomChoiceWithMask(2)(Tensor(np.ones((1,) * 6, bool))))
u = ops.UniformInt()((0, 3), Tensor(1, ms.int32), Tensor(3, ms.int32))
emit("UniformInt.empty", [u.shape, str(u.dtype)])
run("BBD.negclip", lambda: ops.BoundingBoxDecode((5, 5), wh_ratio_clip=-1.0)(
    Tensor(np.array([[0, 0, 2, 2]], np.float32)), Tensor(np.zeros((1, 4), np.float32))))
