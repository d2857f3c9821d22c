"""The helpers the optim_more cases share: three parameters named as a Dense layer and a
BatchNorm scale (MindSpore's weight-decay filter skips 'gamma'), fixed gradients for four
steps, and a recorder of every parameter an optimizer holds (the parameters and the state, by
name: the names a checkpoint of the optimizer has)."""
import numpy as np
from _target import ms, Tensor, Parameter, emit

ms.set_context(pynative_synchronize=True)

_RNG = np.random.RandomState(7)
W0 = {"dense.weight": _RNG.randn(2, 3).astype(np.float32),
      "dense.bias": _RNG.randn(2).astype(np.float32),
      "bn.gamma": (1.0 + 0.1 * _RNG.randn(2)).astype(np.float32)}
GRADS = [[_RNG.randn(*w.shape).astype(np.float32) for w in W0.values()] for _ in range(4)]


def params():
    """Fresh Parameters with the start values."""
    return [Parameter(Tensor(w.copy()), name=n) for n, w in W0.items()]


def run(key, make, mode, steps=4):
    """Build the optimizer with ``make(params)`` in ``mode``, apply ``steps`` gradient steps and
    emit every parameter the optimizer holds (name -> value), or the exception's type."""
    ms.set_context(mode=mode)
    try:
        ps = params()
        opt = make(ps)
        for step in GRADS[:steps]:
            opt(tuple(Tensor(g) for g in step))
        # left out: MindSpore's unnamed placeholder 'Parameter$<n>' (AdaFactor without a first
        # moment)
        held = [p for _, p in opt.parameters_and_names() if "$" not in p.name]
        rows = [(key + "." + p.name, p.asnumpy()) for p in held]
        rows.append((key + ".names", sorted(p.name for p in held)))
    except Exception as e:  # noqa: BLE001 - the exception type is the recorded result
        rows = [(key, e)]
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)
    for k, v in rows:
        emit(k, v)


def build(key, make):
    """Emit what constructing an optimizer gives: its class name, or the exception's type."""
    try:
        emit(key, type(make(params())).__name__)
    except Exception as e:  # noqa: BLE001
        emit(key, e)
