"""lr_scheduler as ported PyTorch programs use it: LambdaLR with warm-up lambdas written with
Python arithmetic, comparisons and ``+=`` on the epoch (a Parameter), fractional and Tensor
epochs for CosineAnnealingWarmRestarts, a float written to a group's 'lr' next to a scheduler,
and an optimizer checkpoint (its keys and what resuming from it gives)."""
import importlib
import os
import warnings

import numpy as np
from _target import ms, Tensor, Parameter, emit, tmpdir

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
lrs = importlib.import_module(ms.__name__ + ".experimental.optim.lr_scheduler")
warnings.simplefilter("ignore")


def opt_of(cls=None, lr=0.1):
    w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    return w, (cls or optim.AdamW)([w], lr=lr)


def noam(step):
    step += 1
    return 512 ** (-0.5) * min(step ** (-0.5), step * 4 ** (-1.5))


def warmup(step):
    if step < 3:
        return float(step) / float(max(1, 3))
    return 1.0


for key, fn in [("noam", noam), ("warmup", warmup),
                ("min", lambda e: min((e - 1) / (5 - 1), 1.0))]:
    _, opt = opt_of()
    s = lrs.LambdaLR(opt, fn)
    out = []
    for i in range(6):
        s.step()
        out.append(float(s.get_last_lr()[0]))
    emit("lambda." + key, [out, float(s.last_epoch)])

_, opt = opt_of(optim.SGD)
s = lrs.CosineAnnealingWarmRestarts(opt, T_0=2, eta_min=0.01)
out = []
for e in [0.5, 1.25, 2.5, 3.75, 5.0]:
    s.step(e)
    out.append([float(s.get_last_lr()[0]), float(s.last_epoch), float(s.T_cur), float(s.T_i)])
s.step()
out.append([float(s.get_last_lr()[0]), float(s.last_epoch), float(s.T_cur)])
s.step(Tensor(3, ms.int32))
out.append([float(s.get_last_lr()[0]), float(s.last_epoch)])
emit("warm_restarts.fractional", out)

# a float written into the group next to a scheduler: the step uses it; the scheduler keeps
# scheduling its Parameter
w, opt = opt_of(optim.SGD)
s = lrs.ExponentialLR(opt, gamma=0.5)
g = (Tensor(np.array([1.0, -1.0], np.float32)),)
rows = []
for i in range(4):
    opt(g)
    s.step()
    if i == 1:
        opt.param_groups[0]["lr"] = 0.3
    rows.append([float(s.get_last_lr()[0]), type(opt.param_groups[0]["lr"]).__name__,
                 w.asnumpy().copy()])
emit("float_lr_and_scheduler", rows)

# checkpoint of an optimizer: keys, and resuming (NAdam's mu_product is not saved)
path = os.path.join(tmpdir(), "opt.ckpt")
for name in ("Adamax", "NAdam", "ASGD", "Rprop"):
    for split in (False, True):
        w, opt = opt_of(getattr(optim, name))
        g = (Tensor(np.array([1.0, -2.0], np.float32)),)
        for i in range(4):
            if split and i == 2:
                ms.save_checkpoint(opt, path)
                w, opt = opt_of(getattr(optim, name))
                params = ms.load_checkpoint(path)
                emit("ckpt.%s.keys" % name, sorted(params))
                emit("ckpt.%s.load" % name, list(ms.load_param_into_net(opt, params)))
            opt(g)
        emit("ckpt.%s.%s" % (name, "resumed" if split else "straight"), w.asnumpy())
