"""amp_level='O1' casts the calls of the white-listed primitives (MatMul, ReLU ...) that cells
hold as attributes, as it casts the white-listed cells (Dense): they compute in float16 and
return float32; functional calls (ops.matmul) and other primitives (Add) stay float32. Values
show the float16 rounding (0.3 -> 0.30005)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.full((2, 2), 0.5, np.float32)), name="w")
        self.mm = ops.MatMul()
        self.relu = ops.ReLU()
        self.addp = ops.Add()
        self.d = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")

    def construct(self, x):
        return (self.mm(x, self.w), ops.matmul(x, self.w), self.relu(x), self.d(x),
                self.addp(x, x), ops.add(x, x))


x = Tensor(np.full((2, 2), 0.3, np.float32))
for mode in (ms.PYNATIVE_MODE, ms.GRAPH_MODE):
    ms.set_context(mode=mode)
    # (O2/O3 of this net: MindSpore's GRAPH_MODE refuses ops.matmul of a float16 input and a
    # float32 Parameter; the op-level rule is golden 002)
    for level in ("O1",):
        net = ms.amp.auto_mixed_precision(Net(), level)
        outs = net(x)
        emit("%s_%d_dtypes" % (level, mode), [str(o.dtype) for o in outs])
        emit("%s_%d" % (level, mode), [o for o in outs])
ms.set_context(mode=ms.PYNATIVE_MODE)
