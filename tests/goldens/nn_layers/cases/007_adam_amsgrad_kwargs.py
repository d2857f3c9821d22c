"""nn.Adam's use_amsgrad (state 'vhat.<p>', the running maximum of the second moment) over
steps where the gradient shrinks (so vhat and v part), with weight decay; use_lazy/use_offload
kwargs on dense gradients; the argument errors."""
import numpy as np
from _target import nn, Tensor, Parameter, emit


def run(**kw):
    w = Parameter(Tensor(np.array([1.0, -2.0, 0.5], np.float32)), name="w")
    opt = nn.Adam([w], 0.05, weight_decay=0.01, **kw)
    out = []
    for scale in (4.0, 2.0, 0.5, 0.1):
        opt((Tensor(np.array([0.5, -1.0, 0.2], np.float32) * scale),))
        out.append(w.asnumpy().copy())
    return opt, out


def err(key, fn):
    try:
        fn()
        emit(key, "ok")
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        emit(key, e)


opt, steps = run(use_amsgrad=True)
emit("amsgrad.steps", steps)
emit("amsgrad.vhat", opt.vhat[0].asnumpy())
emit("amsgrad.state", sorted(p.name for p in opt.get_parameters() if "." in p.name))
emit("plain.steps", run()[1])
emit("lazy.steps", run(use_lazy=True)[1])
emit("offload.steps", run(use_offload=True)[1])
emit("flags", [run(use_lazy=True)[0].use_lazy, run(use_offload=True)[0].use_offload,
               run(use_lazy=True)[0].init_args["kwargs"]])
w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
err("unknown_kwarg", lambda: nn.Adam([w], foo=1))
err("amsgrad_int", lambda: nn.Adam([w], use_amsgrad=1))
err("amsgrad_lazy", lambda: nn.Adam([w], use_amsgrad=True, use_lazy=True))
