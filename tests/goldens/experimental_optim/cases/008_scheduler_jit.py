"""experimental.optim.lr_scheduler inside an ``ms.jit`` train step: the optimizer step and
``scheduler.step()`` in one compiled function (MindSpore's schedulers are jit classes); the
parameters and get_last_lr() after each of 6 steps."""
import importlib
import warnings

import numpy as np
from _target import ms, Tensor, Parameter, emit

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
lrs = importlib.import_module(ms.__name__ + ".experimental.optim.lr_scheduler")
warnings.simplefilter("ignore")

ps = None


def forward(x):
    return (ps[0] * x).sum() + (ps[1] * x[:2]).sum()


for name, make in [
        ("StepLR", lambda o: lrs.StepLR(o, step_size=2, gamma=0.5)),
        ("ExponentialLR", lambda o: lrs.ExponentialLR(o, gamma=0.8)),
        ("LinearLR", lambda o: lrs.LinearLR(o, start_factor=0.25, total_iters=3)),
        ("CosineAnnealingLR", lambda o: lrs.CosineAnnealingLR(o, T_max=4)),
        ("PolynomialLR", lambda o: lrs.PolynomialLR(o, total_iters=4, power=2.0)),
]:
    try:
        ps = [Parameter(Tensor(np.ones((3,), np.float32)), name="w"),
              Parameter(Tensor(np.ones((2,), np.float32)), name="b")]
        opt = optim.SGD([{"params": ps[:1]}, {"params": ps[1:], "lr": 0.05}], lr=0.1)
        sched = make(opt)
        grad_fn = ms.value_and_grad(forward, None, opt.parameters)

        @ms.jit
        def train(x):
            loss, grads = grad_fn(x)
            opt(grads)
            sched.step()
            return loss

        out = []
        for i in range(6):
            train(Tensor(np.array([1.0, 2.0, 3.0], np.float32)))
            out.append([float(v) for v in sched.get_last_lr()]
                       + [p.asnumpy().copy() for p in ps])
        emit("jit." + name, out)
    except Exception as e:  # noqa: BLE001
        emit("jit." + name, e)
