"""nn.MultilabelMarginLoss: its argument errors (MindSpore 2.10's CPU build has no kernel for the
loss, RuntimeError on every call with valid arguments; tests/nn/test_nn_more_losses.py checks the
values against numpy)."""
import numpy as np
from _target import ms, nn, Tensor, emit

# MindSpore runs PYNATIVE ops asynchronously: an error of one case can surface in the next case's
# op. Synchronous execution pins every error to its own case.
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


xm = Tensor(np.array([[0.1, 0.2, 0.4, 0.8], [0.3, -0.5, 0.9, 0.05]], np.float32))
tm = Tensor(np.array([[3, 0, -1, 1], [1, 2, -1, 0]], np.int32))
run("mlml_red_bad", lambda: nn.MultilabelMarginLoss("avg"))
run("mlml_float_target", lambda: nn.MultilabelMarginLoss()(xm, Tensor(tm.asnumpy().astype(np.float32))))
