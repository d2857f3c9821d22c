"""api_table rows for the loop primitives (``ops.WhileLoop``, ``ops.ForiLoop``, ``ops.Scan``)."""
from mindcell import ops

from api_table import R, S


def _while(x):
    return ops.WhileLoop()(lambda v: v.abs().sum() < 40, lambda v: v * 2 + 1, x)


def _fori(x):
    return ops.ForiLoop()(0, 3, lambda i, v: v * 0.5 + i, x)


def _scan(unroll):
    def fn(x, w):
        carry, ys = ops.Scan()(lambda c, e: (c * 0.5 + e * w, (c * e).sin()), x,
                               [x, w, x * w], unroll=unroll)
        return carry + ys[0] * ys[2]
    return fn


ROWS = [
    R("ops.WhileLoop", _while, ("pos", S), f16=False),
    R("ops.ForiLoop", _fori, S, z=True),
    R("ops.Scan", _scan(True), S, S, z=True),
    R("ops.Scan", _scan(False), S, S, z=True),
]
