"""lr_scheduler.SequentialLR stepping inside an ``ms.jit`` train step (warm-up, cosine, then
exponential decay, milestones 2 and 5): the rates and the parameter after each of 10 steps."""
import importlib
import warnings

import numpy as np
from _target import ms, Tensor, Parameter, emit

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
lrs = importlib.import_module(ms.__name__ + ".experimental.optim.lr_scheduler")
warnings.simplefilter("ignore")

w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
b = Parameter(Tensor(np.ones(3, np.float32)), name="b")
opt = optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.05}], lr=0.1, momentum=0.5)
sched = lrs.SequentialLR(opt, [lrs.LinearLR(opt, 0.5, total_iters=2),
                               lrs.CosineAnnealingLR(opt, 3),
                               lrs.ExponentialLR(opt, 0.5)], [2, 5])


def forward(x):
    return (w * x[:2]).sum() + (b * x).sum()


grad_fn = ms.value_and_grad(forward, None, opt.parameters)


@ms.jit
def train(x):
    loss, grads = grad_fn(x)
    opt(grads)
    sched.step()
    return loss


out = []
try:
    for i in range(10):
        train(Tensor(np.array([1.0, -2.0, 3.0], np.float32)))
        out.append([float(v) for v in sched.get_last_lr()] + [w.asnumpy().copy(),
                                                              b.asnumpy().copy()])
    emit("sequential_jit", out)
except Exception as e:  # noqa: BLE001
    emit("sequential_jit", e)
