"""api_table rows for the loop primitives (``ops.WhileLoop``, ``ops.ForiLoop``)."""
from mindcell import ops

from api_table import R, S


def _while(x):
    return ops.WhileLoop()(lambda v: v.abs().sum() < 40, lambda v: v * 2 + 1, x)


def _fori(x):
    return ops.ForiLoop()(0, 3, lambda i, v: v * 0.5 + i, x)


ROWS = [
    R("ops.WhileLoop", _while, ("pos", S), f16=False),
    R("ops.ForiLoop", _fori, S, z=True),
]
