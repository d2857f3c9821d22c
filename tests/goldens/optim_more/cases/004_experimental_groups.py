"""experimental.optim SGD/Adam/AdamW with two parameter groups (own lr, weight_decay, betas,
momentum): each step reads the group's hyper-parameters; writing group['lr'] a float is used,
a Tensor is not (MindSpore 2.10 keeps the group's learning-rate Parameter); Adam's amsgrad is
not used, AdamW's is."""
import warnings

import numpy as np
from _target import ms, nn, Tensor, Parameter, emit
import importlib
optim = importlib.import_module(ms.__name__ + ".experimental.optim")

warnings.simplefilter("ignore")


def net_and_data():
    rng = np.random.RandomState(0)
    net = nn.SequentialCell(nn.Dense(4, 3), nn.ReLU(), nn.Dense(3, 2))
    for p in net.trainable_params():
        p.set_data(Tensor(rng.randn(*p.shape).astype(np.float32)))
    data = Tensor(np.random.RandomState(1).rand(6, 4).astype(np.float32))
    label = Tensor(np.random.RandomState(2).rand(6, 2).astype(np.float32))
    return net, data, label


CASES = [
    ("SGD", dict(lr=0.1, momentum=0.9, weight_decay=0.01, nesterov=True), {"momentum": 0.5}),
    ("SGD", dict(lr=0.1, momentum=0.9, dampening=0.2, weight_decay=0.01, maximize=True), {}),
    ("SGD", dict(lr=0.1), {"weight_decay": 0.3}),
    ("Adam", dict(lr=0.01, weight_decay=0.1, amsgrad=True), {"betas": (0.5, 0.9)}),
    ("Adam", dict(lr=0.01, betas=(0.8, 0.9), eps=1e-3, maximize=True), {"eps": 0.1}),
    ("AdamW", dict(lr=0.01, weight_decay=0.1), {"betas": (0.5, 0.9), "weight_decay": 0.3}),
    ("AdamW", dict(lr=0.01, amsgrad=True, maximize=True), {"eps": 0.1}),
]
for k, (name, kw, own) in enumerate(CASES):
    for write in ("float", "tensor"):
        net, data, label = net_and_data()
        ps = net.trainable_params()
        groups = [dict({"params": ps[:2], "lr": kw["lr"] * 0.5}, **own), {"params": ps[2:]}]
        opt = getattr(optim, name)(groups, **kw)
        loss_fn = nn.MSELoss()
        grad_fn = ms.value_and_grad(lambda d, l: loss_fn(net(d), l), None, opt.parameters)
        losses = []
        for i in range(4):
            loss, grads = grad_fn(data, label)
            opt(grads)
            losses.append(float(loss))
            if i == 1:
                for group in opt.param_groups:
                    value = float(group["lr"]) * 0.5
                    group["lr"] = value if write == "float" else Tensor(value, ms.float32)
        emit("%d.%s.%s" % (k, name, write),
             [np.array(losses, np.float32)] + [p.asnumpy() for p in ps])
