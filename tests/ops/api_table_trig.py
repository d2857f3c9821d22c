"""api_table rows for the inverse trigonometric and inverse hyperbolic ops (functions, numpy
aliases, Primitive classes, Tensor methods). Inputs stay inside each domain."""
from mindcell import ops

from api_table import R, Op, P, M, S

U = ("prob", S)  # (0.1, 0.9): inside asin/acos/atanh's domain, away from the poles
_MINUS_HALF = lambda x: x - 0.5  # noqa: E731  (negative values too, still inside (-1, 1))

ROWS = [
    *[Op(n, U, z=True) for n in ("asin", "acos", "atanh", "arcsin", "arccos", "arctanh")],
    *[Op(n, S, z=True) for n in ("atan", "asinh", "arctan", "arcsinh")],
    *[R("ops." + n, lambda x, n=n: getattr(ops, n)(x + 1.0), ("pos", S), z=True)
      for n in ("acosh", "arccosh")],
    R("ops.asin", lambda x: ops.asin(_MINUS_HALF(x)), U),
    Op("atan2", S, S, z=True), Op("arctan2", S, ("away", S)),
    Op("atan2", (2, 3), (3,)), Op("atan2", (4, 1), (1, 3)),
    R("ops.atan2", lambda x: ops.atan2(x, 2), S), R("ops.atan2", lambda x: ops.atan2(1, x), S),
    *[P(c, (), U) for c in ("Asin", "ACos", "Atanh")],
    *[P(c, (), S) for c in ("Atan", "Asinh")],
    R("ops.Acosh", lambda x: ops.Acosh()(x + 1.0), ("pos", S)),
    P("Atan2", (), S, S),
    *[M(n, U) for n in ("asin", "acos", "atanh", "arcsin", "arccos", "arctanh")],
    *[M(n, S) for n in ("atan", "asinh", "arctan", "arcsinh")],
    *[R("Tensor." + n, lambda x, n=n: getattr(x + 1.0, n)(), ("pos", S))
      for n in ("acosh", "arccosh")],
    M("atan2", S, S), M("arctan2", S, S),
]
