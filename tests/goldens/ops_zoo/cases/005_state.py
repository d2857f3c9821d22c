"""In-place scatter primitives on Parameters (ScatterNdUpdate, ScatterAdd), the summary ops and
the overflow-status family on CPU in PyNative mode."""
import numpy as np
from _target import ms, ops, Tensor, Parameter, emit
from _case import run


p = Parameter(Tensor(np.arange(12, dtype=np.float32).reshape(3, 4)), name="p")
upd = Tensor(np.full((2, 4), -1.0, np.float32))
out = ops.ScatterNdUpdate()(p, Tensor(np.array([[0], [2]], np.int32)), upd)
emit("ScatterNdUpdate.out", out)
emit("ScatterNdUpdate.param", p)
out = ops.ScatterNdUpdate()(p, Tensor(np.array([[1, 1], [2, 3]], np.int64)),
                            Tensor(np.array([7.0, 8.0], np.float32)))
emit("ScatterNdUpdate.elem", p)
q = Parameter(Tensor(np.zeros((3, 2), np.float32)), name="q")
out = ops.ScatterAdd()(q, Tensor(np.array([0, 2, 0], np.int32)),
                       Tensor(np.array([[1, 2], [3, 4], [5, 6]], np.float32)))
emit("ScatterAdd.out", out)
emit("ScatterAdd.param", q)
out = ops.ScatterAdd(True)(q, Tensor(np.array([[1, 1], [0, 2]], np.int32)),
                           Tensor(np.ones((2, 2, 2), np.float32)))
emit("ScatterAdd.2d", q)
run("ScatterAdd.tensor", lambda: ops.ScatterAdd()(Tensor(np.zeros((3, 2), np.float32)),
                                                  Tensor(np.array([0], np.int32)),
                                                  Tensor(np.ones((1, 2), np.float32))))
run("ScatterAdd.shape", lambda: ops.ScatterAdd()(q, Tensor(np.array([0], np.int32)),
                                                 Tensor(np.ones((1, 3), np.float32))))
x = Tensor(np.array([1.0, 2.0], np.float32))
run("ScalarSummary", lambda: ops.ScalarSummary()("loss", Tensor(1.5)))
run("TensorSummary", lambda: ops.TensorSummary()("t", x))
run("ImageSummary", lambda: ops.ImageSummary()("img", Tensor(np.zeros((1, 3, 2, 2), np.float32))))
run("HistogramSummary", lambda: ops.HistogramSummary()("h", x))
run("ScalarSummary.badname", lambda: ops.ScalarSummary()(3, Tensor(1.5)))
run("ScalarSummary.vec", lambda: ops.ScalarSummary()("v", x))
run("ImageSummary.rank", lambda: ops.ImageSummary()("img", x))
run("FloatStatus.int", lambda: ops.FloatStatus()(Tensor(np.array([1], np.int32))))
run("NPUAlloc", lambda: ops.NPUAllocFloatStatus()())
st = Tensor(np.zeros(8, np.float32))
run("NPUGet", lambda: ops.NPUGetFloatStatus()(st))
run("NPUClear", lambda: ops.NPUClearFloatStatus()(st))
run("NPUGet.ones", lambda: ops.NPUGetFloatStatus()(Tensor(np.ones(8, np.float32))))
run("DataType", lambda: [ops.DataType.F32_Default, ops.DataType.I32_Default,
                         ops.DataType.F16_5HD, ops.DataType.None_None])


class Net(ms.nn.Cell):
    def __init__(self):
        super().__init__()
        self.s = ops.ScalarSummary()
        self.t = ops.TensorSummary()

    def construct(self, v):
        self.s("s", v.sum())
        self.t("t", v)
        return v * 2


run("summary.cell", lambda: Net()(x))
ms.set_context(mode=ms.GRAPH_MODE)
run("summary.graph", lambda: Net()(x))
ms.set_context(mode=ms.PYNATIVE_MODE)
