"""Is the loss a train step returns computed with the same Dropout mask as its gradients?
loss = sum(dropout(x) * w) with w = 1 (learning rate 0) and x the powers of two (every mask
has its own sum): the sum of w's gradient equals the loss exactly when both come from one
forward run. Per step pattern and mode, three steps."""
import numpy as np
from _target import ms, Tensor, emit

from _steps import make, XD  # noqa: E402  (the shared steps)

HOWS = ["tosc", "custom", "same", "other_tensor", "cast", "twice", "twice_other", "grad_first",
        "value_and_grad", "net_value_and_grad", "grad"]

for mode in ("PYNATIVE_MODE", "GRAPH_MODE"):
    ms.set_context(mode=getattr(ms, mode))
    for how in HOWS:
        key = "%s_%s" % (mode[0], how)
        if how == "tosc":
            continue  # nn.TrainOneStepCell returns the loss only: see 'custom'
        if how == "grad_first" and mode == "GRAPH_MODE":
            continue  # MindSpore 2.10 fails to compile it (RuntimeError: graph cycle)
        step, net = make("drop", how, lr=0.0)
        x = Tensor(XD)
        try:
            same = []
            for i in range(3):
                out = step(x) if how == "custom" else step(x, x)
                loss, grads = out
                value, total = float(loss.asnumpy()), float(grads[0].asnumpy().sum())
                same.append(bool(abs(value - total) <= 1e-6 * abs(value)))  # exact sums
            emit(key + ".same_mask", same)
        except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
            emit(key, e)
ms.set_context(mode=ms.PYNATIVE_MODE)
