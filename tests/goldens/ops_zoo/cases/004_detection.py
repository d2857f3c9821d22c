"""Detection ops: NMSWithMask, IOU/iou, BoundingBoxEncode/Decode, CheckValid,
RandomChoiceWithMask and UniformInt (shapes and dtypes for the random ones)."""
import numpy as np
from _target import ms, ops, Tensor, emit
from _case import run


b = np.array([[0, 0, 10, 10, 0.9], [1, 1, 11, 11, 0.8], [20, 20, 30, 30, 0.95],
              [0, 0, 10, 10, 0.3], [21, 19, 29, 31, 0.7], [5, 5, 6, 6, 0.85]], np.float32)
run("NMSWithMask", lambda: ops.NMSWithMask(0.5)(Tensor(b)))
run("NMSWithMask.1", lambda: ops.NMSWithMask(0.1)(Tensor(b)))
run("NMSWithMask.area", lambda: [ops.NMSWithMask(t)(Tensor(np.array(
    [[0, 0, 10, 10, 0.9], [0, 0, 10, 5, 0.8]], np.float32)))[2] for t in (0.49, 0.5, 0.52)])
run("NMSWithMask.bad", lambda: ops.NMSWithMask(0.5)(Tensor(b[:, :4])))
run("NMSWithMask.thr", lambda: ops.NMSWithMask(1.5))
run("NMSWithMask.dtypes", lambda: [t.dtype for t in ops.NMSWithMask()(Tensor(b))])
anchors = Tensor(np.array([[0, 0, 4, 4], [2, 2, 6, 8], [1, 0, 3, 3]], np.float32))
gt = Tensor(np.array([[1, 1, 5, 5], [0, 0, 2, 2]], np.float32))
run("IOU", lambda: ops.IOU()(anchors, gt))
run("IOU.iof", lambda: ops.IOU("iof")(anchors, gt))
run("IOU.bad", lambda: ops.IOU("giou"))
run("iou", lambda: ops.iou(anchors, gt, "iou"))
run("IOU.short", lambda: ops.IOU()(anchors[:, :3], gt))
ab = Tensor(np.array([[0, 0, 4, 4], [2, 2, 6, 8], [1, 1, 3, 3.5]], np.float32))
gb = Tensor(np.array([[1, 1, 5, 5], [0, 3, 7, 7], [1, 1, 3, 3.5]], np.float32))
run("BBE", lambda: ops.BoundingBoxEncode()(ab, gb))
run("BBE.ms", lambda: ops.BoundingBoxEncode((0.1, 0.0, 0.2, 0.0), (0.1, 0.1, 0.2, 0.2))(ab, gb))
deltas = Tensor(np.array([[0.1, -0.2, 0.3, 0.05], [1.0, 2.0, -6.0, 6.0], [0, 0, 0, 0]],
                         np.float32))
run("BBD", lambda: ops.BoundingBoxDecode((7, 9))(ab, deltas))
run("BBD.ms", lambda: ops.BoundingBoxDecode((7, 9), (0.1, 0.0, 0.2, 0.0), (0.1, 0.1, 0.2, 0.2),
                                            0.1)(ab, deltas))
run("BBD.noshape", lambda: ops.BoundingBoxDecode(None))
run("BBD.noshape.call", lambda: ops.BoundingBoxDecode(None)(ab, deltas))
run("BBE.intmeans", lambda: ops.BoundingBoxEncode((0, 0, 0, 0)))
run("BBE.f64", lambda: ops.BoundingBoxEncode()(Tensor(np.ones((1, 4))), Tensor(np.ones((1, 4)))))
run("IOU.f64", lambda: ops.IOU()(Tensor(np.ones((1, 4))), Tensor(np.ones((2, 4)))))
run("bbd", lambda: ops.bounding_box_decode(ab, deltas, (10, 10)))
run("bbe", lambda: ops.bounding_box_encode(ab, gb, stds=(2.0, 2.0, 1.0, 1.0)))
run("roundtrip", lambda: ops.BoundingBoxDecode((100, 100))(ab, ops.BoundingBoxEncode()(ab, gb)))
bb = Tensor(np.array([[0, 0, 10, 10], [-1, 0, 5, 5], [2, 3, 15, 19], [3, 3, 2, 4],
                      [0, 0, 16, 20], [0, 0, 15.5, 19], [0, 0, 15, 19.01]], np.float32))
meta = Tensor(np.array([20, 16, 1], np.float32))
run("CheckValid", lambda: ops.CheckValid()(bb, meta))
run("CheckValid.ratio", lambda: ops.CheckValid()(bb, Tensor(np.array([10, 8, 2], np.float32))))
run("check_valid", lambda: ops.check_valid(bb, meta))
run("CheckValid.i", lambda: ops.CheckValid()(Tensor(np.array([[0, 0, 3, 3]], np.int16)),
                                             Tensor(np.array([4, 4, 1], np.int16))))
m = Tensor(np.array([[True, False, True], [False, True, False]]))
idx, mask = ops.RandomChoiceWithMask(4, 1, 2)(m)
emit("RCWM.shapes", [idx.shape, str(idx.dtype), mask.shape, str(mask.dtype)])
emit("RCWM.count", int(mask.asnumpy().sum()))
emit("RCWM.chosen", sorted(map(tuple, idx.asnumpy()[mask.asnumpy()].tolist())))
idx2, mask2 = ops.RandomChoiceWithMask(2)(m)
emit("RCWM.small", [idx2.shape, int(mask2.asnumpy().sum())])
run("RCWM.fn", lambda: [t.shape for t in ops.choice_with_mask(m, 5)])
run("RCWM.bad", lambda: ops.RandomChoiceWithMask(2)(Tensor(np.ones((2, 2), np.float32))))
run("RCWM.count0", lambda: ops.RandomChoiceWithMask(0))
u = ops.UniformInt(seed=3)((2, 50), Tensor(1, ms.int32), Tensor(5, ms.int32))
emit("UniformInt", [u.shape, str(u.dtype), int(u.asnumpy().min()) >= 1,
                    int(u.asnumpy().max()) <= 4])
run("UniformInt.f", lambda: ops.UniformInt()((2,), Tensor(1.0), Tensor(2.0)))
run("UniformInt.order", lambda: ops.UniformInt()((2,), Tensor(5, ms.int32), Tensor(1, ms.int32)))
