"""api_table rows for the Taylor-mode transforms ops.derivative and ops.jet (ops/taylor.py): each
row differentiates a fixed function of the table's float input, so the table checks the
transforms' results in GRAPH_MODE against PYNATIVE, and their gradients (a derivative's
gradient is a higher derivative) in both modes and against float64 finite differences."""
from mindcell import ops

from api_table import R

S = (2, 3)


def _sin_x(t):
    return ops.sin(t) * t


def _exp_x(t):
    return ops.exp(t) * t


ROWS = [
    R("ops.derivative", lambda x: ops.derivative(_sin_x, x, 1), S),
    R("ops.derivative", lambda x: ops.derivative(_sin_x, x, 3), S),
    R("ops.jet", lambda x, s: ops.jet(_exp_x, x, s), S, (2,) + S),
    R("ops.jet", lambda x, y, s, u: ops.jet(lambda a, b: ops.tanh(a * b), (x, y), (s, u)),
      S, S, (3,) + S, (3,) + S),
]


def base_overrides(a, t):
    """Valid base calls for tests/ops/test_bad_input_fuzz.py: name -> () -> (args, kwargs)."""
    import numpy as np
    x = a["X"]
    return {
        "derivative": lambda: ([_sin_x, t(x), 2], {}),
        "jet": lambda: ([_exp_x, t(x), t(np.stack([np.ones_like(x), np.zeros_like(x)]))], {}),
    }
