"""experimental.optim: repr() of each optimizer with two groups, the (empty) ``state`` dict;
and a GRAPH_MODE train Cell whose construct runs value_and_grad, the optimizer and
``scheduler.step()``: rates and parameters after each of 5 steps."""
import importlib
import warnings

import numpy as np
from _target import ms, nn, Tensor, Parameter, emit

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
lrs = importlib.import_module(ms.__name__ + ".experimental.optim.lr_scheduler")
warnings.simplefilter("ignore")


def params():
    return [Parameter(Tensor(np.ones((3,), np.float32)), name="w"),
            Parameter(Tensor(np.ones((2,), np.float32)), name="b")]


for name in optim.__all__:
    if name == "Optimizer":
        continue
    ps = params()
    kw = {"lr": 0.1} if name == "SGD" else {}
    opt = getattr(optim, name)([{"params": ps[:1], "lr": 0.5}, {"params": ps[1:]}], **kw)
    emit("repr." + name, repr(opt))
    emit("state." + name, [type(opt.state).__name__, len(opt.state)])


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.ones((3,), np.float32)), name="w")
        self.b = Parameter(Tensor(np.ones((2,), np.float32)), name="b")

    def construct(self, x):
        return (self.w * x).sum() + (self.b * x[:2]).sum()


class Train(nn.Cell):
    def __init__(self, net, opt, sched):
        super().__init__()
        self.net, self.opt, self.sched = net, opt, sched
        self.grad_fn = ms.value_and_grad(self.net, None, opt.parameters)

    def construct(self, x):
        loss, grads = self.grad_fn(x)
        self.opt(grads)
        self.sched.step()
        return loss


for key, make in [("StepLR", lambda o: lrs.StepLR(o, step_size=2, gamma=0.5)),
                  ("CosineAnnealingLR", lambda o: lrs.CosineAnnealingLR(o, T_max=3)),
                  ("LinearLR", lambda o: lrs.LinearLR(o, start_factor=0.5, total_iters=2))]:
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Net()
        opt = optim.Adam([{"params": [net.w]}, {"params": [net.b], "lr": 0.05}], lr=0.1)
        train = Train(net, opt, make(opt))
        out = []
        for _ in range(5):
            train(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
            out.append([float(v) for v in opt.lrs] + [net.w.asnumpy().copy(),
                                                      net.b.asnumpy().copy()])
        emit("graph_cell." + key, out)
    except Exception as e:  # noqa: BLE001
        emit("graph_cell." + key, e)
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
