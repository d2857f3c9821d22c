"""experimental.optim: what bad constructor arguments raise (the exception type), and which
odd-but-accepted ones build. Left out: betas/etas with three values, which MindSpore 2.10 builds
and fails on at the first step (unpacking them) and mindcell rejects when built
(tests/nn/test_experimental_optim_r9.py)."""
import importlib
import warnings

import numpy as np
from _target import ms, Tensor, Parameter, emit

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
warnings.simplefilter("ignore")


def params():
    return [Parameter(Tensor(np.ones((2, 2), np.float32)), name="w"),
            Parameter(Tensor(np.ones(2, np.float32)), name="b")]


BAD = {
    "Adadelta": [dict(lr=0.0), dict(lr=-1.0), dict(eps=0.0), dict(weight_decay=-0.1),
                 dict(rho=1.5), dict(rho=1.0), dict(rho=1), dict(lr=1)],
    "Adagrad": [dict(lr=0.0), dict(lr_decay=-0.1), dict(weight_decay=-1.0),
                dict(initial_accumulator_value=-0.1), dict(eps=0.0), dict(lr=1)],
    "ASGD": [dict(lr=0.0), dict(weight_decay=-1.0), dict(lambd=1), dict(t0=1), dict(alpha=1),
             dict(alpha=-1.0), dict(lr=1)],
    "Adamax": [dict(lr=0.0), dict(weight_decay=-1.0), dict(eps=0.0), dict(betas=(1.0, 0.9)),
               dict(betas=(0.9, 1.0)), dict(betas=(0.0, 0.0)),
               dict(betas=(1, 0.9)), dict(betas=[0.9, 0.99])],
    "RMSprop": [dict(lr=0.0), dict(alpha=-0.1), dict(alpha=1.5), dict(eps=0.0),
                dict(momentum=-0.1), dict(weight_decay=-1.0), dict(centered=1)],
    "Rprop": [dict(lr=0.0), dict(etas=(0.5, 1.0)), dict(etas=(0.0, 1.2)), dict(etas=(1.0, 1.2)),
              dict(step_sizes=(0.1, 0.01)), dict(step_sizes=(1, 50)),
              dict(etas=[0.5, 1.2])],
    "RAdam": [dict(lr=0.0), dict(weight_decay=-1.0), dict(eps=0.0), dict(betas=(1.0, 0.9)),
              dict(betas=(0.9, 1.0))],
    "NAdam": [dict(lr=0.0), dict(eps=0.0), dict(weight_decay=-1.0), dict(momentum_decay=-0.1),
              dict(betas=(1.0, 0.9)), dict(betas=(0.9, 1.0))],
    "SGD": [dict(lr=-0.1), dict(lr=0.1, momentum=-0.5), dict(lr=0.1, nesterov=True)],
    "Adam": [dict(lr=-0.1), dict(betas=(1.0, 0.9)), dict(eps=-1.0)],
}
for name, cases in BAD.items():
    for i, kw in enumerate(cases):
        key = "%s.%d.%s" % (name, i, ",".join("%s=%r" % kv for kv in sorted(kw.items())))
        try:
            opt = getattr(optim, name)(params(), **kw)
            emit(key, ["built", {k: v for k, v in opt.param_groups[0].items()
                                 if k not in ("params", "lr")}, float(opt.param_groups[0]["lr"])])
        except Exception as e:  # noqa: BLE001
            emit(key, e)

# the Optimizer base: params forms
for key, make in [
        ("empty", lambda: optim.Adamax([])),
        ("none", lambda: optim.Adamax(None)),
        ("set", lambda: optim.Adamax({params()[0]})),
        ("tensor_lr", lambda: optim.RMSprop(params(), lr=Tensor(0.5, ms.float32))),
        ("group_tensor_lr", lambda: optim.NAdam([{"params": params(), "lr": Tensor(0.5)}])),
        ("group_bad_lr", lambda: optim.RAdam([{"params": params(), "lr": "x"}])),
        ("group_neg_wd", lambda: optim.Adagrad([{"params": params(), "weight_decay": -1.0}])),
        ("dup_groups", lambda: optim.Rprop([{"params": [p]} for p in params()[:1] * 2])),
        ("not_param", lambda: optim.ASGD([Tensor(np.ones(2, np.float32))])),
]:
    try:
        opt = make()
        emit("base." + key, ["built", [float(g["lr"]) for g in opt.param_groups]])
    except Exception as e:  # noqa: BLE001
        emit("base." + key, e)
