"""The recorder the nn_extra cases share: what a call returns (dtype, shape and value of each
output) or raises (the exception's type)."""
from _target import ms, Tensor, emit

# MindSpore runs PYNATIVE ops asynchronously: synchronous execution pins every error to its case
ms.set_context(pynative_synchronize=True)


def run(key, fn):
    """Emit dtype, shape and value of each output, or the exception's type."""
    try:
        out = fn()
        outs = out if isinstance(out, tuple) else (out,)
        rows = []
        for i, o in enumerate(outs):
            k = key if len(outs) == 1 else "%s.%d" % (key, i)
            if isinstance(o, Tensor):
                rows += [(k + ".dtype", str(o.dtype)), (k + ".shape", list(o.shape)),
                         (k, o.asnumpy())]
            else:
                rows.append((k, o))
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        rows = [(key, e)]
    for k, v in rows:
        emit(k, v)
