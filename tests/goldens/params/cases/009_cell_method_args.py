"""Cell methods whose arguments used to be accepted and ignored: to, to_empty, recompute,
offload, shard, state_dict with positional arguments."""
import numpy as np
from _target import ms, nn, ops, Tensor, emit


def run(key, fn):
    try:
        out = fn()
    except Exception as e:  # noqa: BLE001  (the golden records the exception type)
        out = e
    emit(key, out)


d = nn.Dense(2, 2)
run("to.f16", lambda: d.to(ms.float16).weight.dtype)
run("to.dtype_kw", lambda: d.to(dtype=ms.float32).weight.dtype)
run("to.device_and_dtype", lambda: d.to(device="CPU", dtype=ms.float16).weight.dtype)
run("to.tensor", lambda: d.to(Tensor(np.ones(2, np.float64))).weight.dtype)
run("to.cpu_only", lambda: d.to("CPU").weight.dtype)
run("to.int", lambda: d.to(ms.int32))
run("to.unknown_kw", lambda: d.to(foo=1))
run("to.non_blocking", lambda: d.to(ms.float32, non_blocking=True).weight.dtype)
run("to_empty.cpu", lambda: d.to_empty(device="CPU") is d)
run("recompute.unknown", lambda: d.recompute(foo=True))
run("recompute.not_bool", lambda: d.recompute(mp_comm_recompute=1))
run("offload.str", lambda: d.offload(backward_prefetch="x"))
run("offload.negative", lambda: d.offload(backward_prefetch=-1))
run("shard.device", lambda: d.shard(((1, 1),), device="CPU"))
run("state_dict.positional", lambda: list(nn.Dense(2, 2).state_dict(None, "pre.").keys()))
