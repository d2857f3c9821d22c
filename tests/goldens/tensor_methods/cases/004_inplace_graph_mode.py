"""In-place Tensor methods inside a GRAPH_MODE construct: on a local tensor (add_, mul_, sub_,
div_, copy_; MindSpore's CPU graph has no
InplaceExp kernel) and on a Parameter (add_, mul_, copy_: the write persists across calls and
later reads in the same construct see it)."""
import numpy as np
from _target import ms, nn, ops, Tensor, Parameter, emit


class Local(nn.Cell):
    def construct(self, x):
        y = x * 1
        y.add_(1)
        y.mul_(2)
        y.sub_(x, alpha=2)
        y.div_(4)
        z = x * 0
        z.copy_(y)
        return y, z


class Params(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones(3, np.float32)), name="w")
        self.v = Parameter(Tensor(np.zeros(3, np.float32)), name="v")

    def construct(self, x):
        y = x * 1
        y.add_(1)
        self.w.add_(y)
        self.w.mul_(2)
        self.v.copy_(x)
        return y, self.w * 1


ms.set_context(mode=ms.GRAPH_MODE)
x = Tensor(np.arange(3, dtype=np.float32))
y, z = Local()(x)
emit("local_y", y)
emit("local_z", z)
emit("local_input_unchanged", x)
net = Params()
out, w_read = net(x)
emit("param_out", out)
emit("param_read_after_write", w_read)
emit("param_w", net.w.value())
emit("param_v", net.v.value())
net(x)
emit("param_w_second_call", net.w.value())


class OnInput(nn.Cell):
    def construct(self, x):
        x.add_(1)
        return x * 1


x = Tensor(np.zeros(2, np.float32))
emit("input_out", OnInput()(x))
emit("input_written_back", x)
