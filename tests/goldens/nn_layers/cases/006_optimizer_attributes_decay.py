"""Optimizer configuration attributes (is_group, decay_flags, dynamic_lr, need_scale ...) and
MindSpore's default weight-decay filter: without parameter groups, parameters whose names
contain 'beta' or 'gamma' are not decayed; with groups, each group's decay applies to all its
parameters; FTRL and the experimental (PyTorch-style) optimizers decay every parameter."""
import numpy as np
from _target import ms, nn, Tensor, Parameter, emit


def params():
    return [Parameter(Tensor(np.ones(2, np.float32)), name=n)
            for n in ("bn.gamma", "fc.weight", "bn.beta", "fc.bias")]


def step(opt, ps):
    opt((Tensor(np.full(2, 0.1, np.float32)),) * len(ps))
    return [p.asnumpy() for p in ps]


def attrs(opt):
    return {k: getattr(opt, k) for k in (
        "is_group", "is_group_lr", "is_group_params_ordered", "dynamic_lr", "decay_flags",
        "exec_weight_decay", "param_length", "need_scale", "optim_filter", "param_rank",
        "dynamic_weight_decay", "grad_centralization", "use_parallel")}


ps = params()
emit("momentum.attrs", attrs(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.5)))
emit("momentum.init", [nn.Momentum(ps, 0.1, 0.9).init_learning_rate,
                       sorted(nn.Momentum(ps, 0.1, 0.9).init_args)])
emit("momentum.list_lr", attrs(nn.Momentum(ps, [0.1, 0.2], 0.9, loss_scale=2.0)))
emit("momentum.reciprocal_scale", nn.Momentum(ps, 0.1, 0.9, loss_scale=4.0).reciprocal_scale)
grouped = nn.Momentum([{"params": ps[:1], "weight_decay": 0.0}, {"params": ps[1:], "lr": 0.5}],
                      0.1, 0.9, weight_decay=0.3)
emit("momentum.groups", attrs(grouped))
emit("momentum.ordered", nn.Momentum([{"params": ps[:2]}, {"params": ps[2:]},
                                      {"order_params": ps[::-1]}], 0.1, 0.9)
     .is_group_params_ordered)
emit("adam.flags", [getattr(nn.Adam(ps), k) for k in ("use_locking", "use_nesterov",
                                                       "use_amsgrad", "use_lazy",
                                                       "use_offload")])
emit("adam.init_args", sorted(nn.Adam(ps).init_args))
emit("sgd.init_args", sorted(nn.SGD(ps).init_args))
emit("momentum.params", [p.name for p in nn.Momentum(ps, 0.1, 0.9).params])

for name, make in (
        ("Momentum", lambda q: nn.Momentum(q, 0.1, 0.0, weight_decay=0.5)),
        ("SGD", lambda q: nn.SGD(q, 0.1, weight_decay=0.5)),
        ("Adam", lambda q: nn.Adam(q, 0.1, weight_decay=0.5)),
        ("AdamWeightDecay", lambda q: nn.AdamWeightDecay(q, 0.1, weight_decay=0.5)),
        ("Adagrad", lambda q: nn.Adagrad(q, learning_rate=0.1, weight_decay=0.5)),
        ("RMSProp", lambda q: nn.RMSProp(q, 0.1, weight_decay=0.5)),
        ("FTRL", lambda q: nn.FTRL(q, weight_decay=0.5)),
        ("Adadelta", lambda q: nn.Adadelta(q, weight_decay=0.5)),
        ("Momentum.groups", lambda q: nn.Momentum(
            [{"params": q[:2], "weight_decay": 0.5}, {"params": q[2:]}], 0.1, 0.0,
            weight_decay=0.25)),
        ("experimental.SGD", lambda q: ms.experimental.optim.SGD(q, lr=0.1, weight_decay=0.5)),
        ("experimental.AdamW", lambda q: ms.experimental.optim.AdamW(q, lr=0.1,
                                                                     weight_decay=0.5))):
    ps = params()
    emit("decay." + name, step(make(ps), ps))

# SGD keeps one first-step flag per parameter ('stat.<name>', ones until the first step)
ps = params()
sgd = nn.SGD(ps, 0.1, momentum=0.9, dampening=0.1)
emit("sgd.state_names", sorted(p.name for p in sgd.get_parameters() if "." in p.name))
emit("sgd.stat_before", [s.asnumpy() for s in sgd.stat])
steps = []
for k in range(3):
    sgd(tuple(Tensor(np.full(2, 0.1 * (k + 1), np.float32)) for _ in ps))
    steps.append(ps[1].asnumpy().copy())
emit("sgd.steps", steps)
emit("sgd.stat_after", [s.asnumpy() for s in sgd.stat])

# parameter-group keys: grad_centralization is accepted (no effect on the CPU), others refused
w = Parameter(Tensor(np.arange(8, dtype=np.float32).reshape(2, 1, 2, 2)), name="conv.weight")
gc = nn.Momentum([{"params": [w], "grad_centralization": True}], 0.1, 0.0)
g = Tensor(np.arange(8, dtype=np.float32).reshape(2, 1, 2, 2))
emit("gc.flag", gc.grad_centralization)
emit("gc.grads", gc.gradients_centralization((g,)))
gc((g,))
emit("gc.step", w.asnumpy())
try:
    nn.Momentum([{"params": [w], "foo": 1}], 0.1, 0.9)
    emit("group.unknown_key", "ok")
except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
    emit("group.unknown_key", e)
