"""Complex64/Complex128 inputs of the inverse trigonometric and hyperbolic ops, rsqrt, sigmoid and
tanh (MindSpore 2.10 computes them on complex numbers: its tests/st/ops/cpu test_atan_op.py and
friends call them so): values in both modes, and PYNATIVE gradients of real + 2 * imag, points
off and on the branch cuts."""
import numpy as np
from _target import ms, ops, Tensor, emit

POINTS = np.array([0.3 + 0.2j, -0.1 + 0.5j, 1.5 - 0.7j, -2.0 + 0.0j, 0.0 - 3.0j, 2.0 + 0.0j,
                   0.5 - 0.5j, -0.8 - 1.2j], np.complex128)
NAMES = ("atan", "asin", "acos", "atanh", "asinh", "acosh", "rsqrt", "sigmoid", "tanh")


def loss_of(fn):
    def loss(t):
        out = fn(t)
        return ops.real(out).sum() + 2 * ops.imag(out).sum()
    return loss


for name in NAMES:
    fn = getattr(ops, name)
    for dt in (np.complex64, np.complex128):
        x = Tensor(POINTS.astype(dt))
        key = "%s_%s" % (name, np.dtype(dt).name)
        for mode, tag in ((ms.PYNATIVE_MODE, "py"), (ms.GRAPH_MODE, "graph")):
            ms.set_context(mode=mode)
            out = ms.jit(fn)(x) if mode == ms.GRAPH_MODE else fn(x)
            emit("%s_%s" % (key, tag), {"dtype": str(out.dtype), "value": out})
        ms.set_context(mode=ms.PYNATIVE_MODE)
        if name == "atanh":
            continue  # MindSpore 2.10 has no complex gradient of Atanh (TypeError); mindcell's is the analytic one
        emit(key + "_grad", ms.grad(loss_of(fn))(x))
