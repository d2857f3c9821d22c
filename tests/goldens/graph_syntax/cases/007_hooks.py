"""HookBackward, Cell backward hooks and forward hooks in GRAPH_MODE against PYNATIVE_MODE.

MindSpore 2.10's GRAPH_MODE drops HookBackward (gradient unchanged, the hook never called) and
compiles Cell hooks into the graph (a hook that scales a gradient or an output takes effect;
``print`` in a hook prints at every call). Not recorded: a hook's Python side effects in
GRAPH_MODE (MindSpore's graph appends to a copy of a global list, which stays empty; mindcell
runs the hook once, while tracing) and lambda forward hooks (MindSpore: TypeError)."""
from _syntax_util import ms, np, run, f32, Tensor
from _target import nn, ops

X = f32(1.0, 2.0)
SEEN = []


def record_hook(grad):
    SEEN.append("hook")


def scale_hook(grad):
    return (grad[0] * 10,)


class HookNet(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.hook = ops.HookBackward(fn)

    def construct(self, x):
        y = x * 2
        y = self.hook(y)
        return (y * y).sum()


class Inner(nn.Cell):
    def construct(self, x):
        return x * 3


class Outer(nn.Cell):
    def __init__(self):
        super().__init__()
        self.inner = Inner()

    def construct(self, x):
        return self.inner(x).sum()


def cell_record(cell, grad_input, grad_output):
    SEEN.append("cell_hook")


def cell_scale(cell, grad_input, grad_output):
    return (grad_input[0] * 10,)


def fwd_scale(cell, inputs, output):
    return output * 2


def fwd_pre_shift(cell, inputs):
    return (inputs[0] + 1,)


for mode, name in ((ms.PYNATIVE_MODE, "pynative"), (ms.GRAPH_MODE, "graph")):
    ms.set_context(mode=mode)
    SEEN.clear()
    run(name + ".hookbackward.record", lambda: ms.grad(HookNet(record_hook))(X))
    run(name + ".hookbackward.record_seen", lambda: list(SEEN))
    run(name + ".hookbackward.scale", lambda: ms.grad(HookNet(scale_hook))(X))
    run(name + ".hookbackward.forward", lambda: HookNet(scale_hook)(X))
    SEEN.clear()
    net = Outer()
    net.inner.register_backward_hook(cell_record)
    run(name + ".cell_hook.record", lambda: ms.grad(net)(X))
    if mode == ms.PYNATIVE_MODE:
        run(name + ".cell_hook.record_seen", lambda: list(SEEN))
    net = Outer()
    net.inner.register_backward_hook(cell_scale)
    run(name + ".cell_hook.scale", lambda: ms.grad(net)(X))
    run(name + ".cell_hook.scale_again", lambda: ms.grad(net)(X))
    net = Outer()
    net.inner.register_forward_hook(fwd_scale)
    run(name + ".forward_hook.scale", lambda: net(X))
    run(name + ".forward_hook.grad", lambda: ms.grad(net)(X))
    net = Outer()
    net.inner.register_forward_pre_hook(fwd_pre_shift)
    run(name + ".forward_pre_hook.shift", lambda: net(X))
