"""How many times a train step runs the network's forward: BatchNorm's moving statistics
after three steps of each step pattern (nn.TrainOneStepCell, the custom TrainOneStepCell with
GradOperation and sens, a plain Cell with GradOperation / value_and_grad / grad, the gradient
taken with another tensor, a cast of the input, the network called twice, the forward of a
sub-cell, the gradient first), in PYNATIVE_MODE and GRAPH_MODE, and the losses and weights."""
import numpy as np
from _target import ms, Tensor, emit

from _steps import make, bn_of, X, X2  # noqa: E402  (the shared steps)

HOWS = ["tosc", "custom", "same", "other_tensor", "equal_tensor", "cast", "twice", "twice_other",
        "grad_first", "sub_cell",
        "value_and_grad", "net_value_and_grad", "grad"]


def record(key, how, set_grad=False):
    kind = "outer" if how in ("sub_cell", "tosc_outer") else "bn"
    step, net = make(kind, how)
    if set_grad:
        net.set_grad()
    x, x2 = Tensor(X), Tensor(X if how == "equal_tensor" else X2)
    try:
        for i in range(3):
            out = step(x) if how in ("tosc", "custom") else step(x, x2)
            loss = out[0] if isinstance(out, tuple) else out
            emit("%s.loss%d" % (key, i), loss.asnumpy())
        bn = bn_of(net)
        emit(key + ".moving_mean", bn.moving_mean.asnumpy())
        emit(key + ".moving_variance", bn.moving_variance.asnumpy())
        fc = net.inner.fc if hasattr(net, "inner") else net.fc
        emit(key + ".weight", fc.weight.asnumpy())
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    for how in HOWS:
        if how == "grad_first" and mode == "GRAPH_MODE":
            continue  # MindSpore 2.10 fails to compile it (RuntimeError: graph cycle)
        record("%s_%s" % (mode[0], how), how)
    # a plain step whose network was marked with set_grad() (TrainOneStepCell does it itself)
    for how in ("same", "other_tensor", "equal_tensor", "cast", "twice", "twice_other",
                "grad_first", "sub_cell", "net_value_and_grad", "grad"):
        if how == "grad_first" and mode == "GRAPH_MODE":
            continue
        record("%s_%s_setgrad" % (mode[0], how), how, set_grad=True)
ms.set_context(mode=ms.PYNATIVE_MODE)
