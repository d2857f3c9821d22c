"""The experimental_optim cases' shared part. experimental.optim: each of the 11 optimizers on three parameters in two groups (the first
with its own lr / weight_decay / other hyper-parameters), 3 steps on fixed gradients, in
PYNATIVE (direct call), GRAPH_MODE (direct call) and a PYNATIVE ``ms.jit`` train step
(value_and_grad + optimizer(grads)): the parameter values after each step, every Parameter the
optimizer holds by name (the checkpoint keys) with its value, and the param_groups entries."""
import importlib
import warnings

import numpy as np
from _target import ms, Tensor, Parameter, emit

optim = importlib.import_module(ms.__name__ + ".experimental.optim")
warnings.simplefilter("ignore")
ms.set_context(pynative_synchronize=True)

_RNG = np.random.RandomState(3)
W0 = {"dense.weight": _RNG.randn(2, 3).astype(np.float32),
      "dense.bias": _RNG.randn(2).astype(np.float32),
      "out.weight": _RNG.randn(3).astype(np.float32)}
GRADS = [[_RNG.randn(*w.shape).astype(np.float32) for w in W0.values()] for _ in range(3)]
# the third step repeats the first gradient's signs on one parameter and flips another's
GRADS[2][0] = np.abs(GRADS[2][0]) * np.sign(GRADS[1][0])
GRADS[2][1] = -GRADS[1][1]

CASES = [
    ("SGD", dict(lr=0.1, momentum=0.9, weight_decay=0.01), {"lr": 0.05, "dampening": 0.1}),
    ("Adam", dict(lr=0.01, weight_decay=0.1), {"lr": 0.02, "betas": (0.8, 0.9)}),
    ("AdamW", dict(lr=0.01, amsgrad=True), {"lr": 0.02, "weight_decay": 0.3}),
    ("Adadelta", dict(lr=1.0), {"lr": 0.5, "rho": 0.8, "weight_decay": 0.1}),
    ("Adadelta", dict(lr=0.7, eps=1e-3, maximize=True), {"weight_decay": 0.2}),
    ("Adagrad", dict(lr=0.1), {"lr": 0.05, "lr_decay": 0.1, "weight_decay": 0.1}),
    ("Adagrad", dict(lr=0.1, initial_accumulator_value=0.5, eps=1e-3, maximize=True), {}),
    ("ASGD", dict(lr=0.05, lambd=0.1, t0=1.0), {"lr": 0.1, "alpha": 0.5, "weight_decay": 0.1}),
    ("ASGD", dict(lr=0.05, maximize=True), {"lambd": 0.01}),
    ("Adamax", dict(lr=0.02), {"lr": 0.05, "betas": (0.8, 0.9), "weight_decay": 0.1}),
    ("Adamax", dict(lr=0.02, eps=0.1, maximize=True), {}),
    ("RMSprop", dict(lr=0.01), {"lr": 0.02, "alpha": 0.9, "weight_decay": 0.1}),
    ("RMSprop", dict(lr=0.01, momentum=0.5, centered=True), {"centered": False, "eps": 0.1}),
    ("RMSprop", dict(lr=0.01, centered=True, maximize=True), {"momentum": 0.3}),
    ("Rprop", dict(lr=0.05), {"lr": 0.1, "etas": (0.3, 1.5)}),
    ("Rprop", dict(lr=0.05, step_sizes=(0.02, 0.08), maximize=True), {"step_sizes": (0.0, 0.06)}),
    ("RAdam", dict(lr=0.01), {"lr": 0.02, "betas": (0.8, 0.9), "weight_decay": 0.1}),
    ("RAdam", dict(lr=0.01, betas=(0.9, 0.3), eps=0.1), {}),
    ("NAdam", dict(lr=0.01), {"lr": 0.02, "betas": (0.8, 0.9), "weight_decay": 0.1}),
    ("NAdam", dict(lr=0.01, momentum_decay=0.5, eps=0.1), {"momentum_decay": 0.0}),
]


def make(name, kw, own):
    ps = [Parameter(Tensor(w.copy()), name=n) for n, w in W0.items()]
    groups = [dict({"params": ps[:2]}, **own), {"params": ps[2:]}]
    return ps, getattr(optim, name)(groups, **kw)


def record(key, ps, opt):
    held = list(opt.parameters_and_names())
    emit(key + ".names", [n for n, _ in held])
    emit(key + ".pnames", [p.name for _, p in held])
    for n, p in held:
        if p.name not in W0:
            emit(key + ".state." + p.name, p.asnumpy())
    for i, group in enumerate(opt.param_groups):
        emit(key + ".group%d.keys" % i, sorted(group))
        emit(key + ".group%d.lr" % i, [type(group["lr"]).__name__, float(group["lr"])])
        emit(key + ".group%d.values" % i, {k: v for k, v in group.items()
                                           if k not in ("params", "lr", "initial_lr")
                                           and isinstance(v, (int, float, bool, tuple, list))})
    emit(key + ".group_start_id", list(opt.group_start_id))
    emit(key + ".lrs", [[p.name, float(p)] for p in opt.lrs])


def forward(g0, g1, g2):
    """A loss whose gradient with respect to the parameters ``ps`` is (g0, g1, g2)."""
    return (ps[0] * g0).sum() + (ps[1] * g1).sum() + (ps[2] * g2).sum()

ps = None  # the parameters of the case being run (forward reads them)


def run(modes, first=0, end=None):
    """Emit the results of CASES[first:end] in each of ``modes`` ('py', 'graph', 'jit')."""
    global ps
    for k, (name, kw, own) in enumerate(CASES):
        if k < first or (end is not None and k >= end):
            continue
        for mode in modes:
            key = "%02d.%s.%s" % (k, name, mode)
            try:
                ms.set_context(mode=ms.GRAPH_MODE if mode == "graph" else ms.PYNATIVE_MODE)
                ps, opt = make(name, kw, own)
                if mode == "jit":
                    grad_fn = ms.value_and_grad(forward, None, opt.parameters)

                    @ms.jit
                    def train(g0, g1, g2):
                        loss, grads = grad_fn(g0, g1, g2)
                        opt(grads)
                        return loss

                for s, step in enumerate(GRADS):
                    if mode == "jit":
                        train(*[Tensor(g) for g in step])
                    else:
                        opt(tuple(Tensor(g) for g in step))
                    emit(key + ".step%d" % s, [p.asnumpy() for p in ps])
                record(key, ps, opt)
            except Exception as e:  # noqa: BLE001 - the exception type is the result
                emit(key, e)
            finally:
                ms.set_context(mode=ms.PYNATIVE_MODE)
