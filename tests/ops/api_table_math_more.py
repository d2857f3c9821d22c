"""api_table rows for cross, cdist, cosine_similarity, renorm, gcd, lcm, signbit, sinc, inv,
positive and the Primitive classes Addcmul, Addcdiv, Xlogy, Lerp, DivNoNan, TruncateDiv,
TruncateMod, Invert, Gcd, Lcm, Inv, IsClose, NanToNum, Cdist (with their Tensor methods)."""
import math

from mindcell import ops

from api_table import R, Op, P, M, S

I = ("int", S, 20)  # gcd/lcm operands
_X = ("away", S)  # |values| in [0.3, 2]: divisors away from 0

ROWS = [
    Op("cross", S, S), Op("cross", (3, 4), (3, 4), kw=dict(dim=0)),
    Op("cross", (4, 3), (1, 3)), Op("cross", (2, 3, 3), (2, 3, 3), kw=dict(dim=-1)),
    Op("cdist", (3, 4), (5, 4)), Op("cdist", (2, 3, 4), (2, 5, 4)),
    *[Op("cdist", (3, 4), (2, 4), kw=dict(p=p)) for p in (0.0, 1.0, 3.0, math.inf)],
    Op("cosine_similarity", S, S), Op("cosine_similarity", (4, 3), (1, 3), kw=dict(dim=1)),
    Op("cosine_similarity", (3, 2, 4), (3, 2, 4), kw=dict(dim=0)),
    R("ops.renorm", lambda x: ops.renorm(x, 2, 0, 1.0), S),
    R("ops.renorm", lambda x: ops.renorm(x, 1, 1, 0.8), (3, 2, 2)),
    Op("gcd", I, I), Op("lcm", I, I), Op("gcd", ("int", (4, 1), 30), ("int", (1, 3), 30)),
    Op("signbit", S, z=True), Op("sinc", S, z=True), Op("inv", _X, z=True),
    Op("positive", S, z=True),
    P("Addcmul", (), S, S, S, S), P("Addcdiv", (), S, S, _X, S), P("Xlogy", (), S, ("pos", S)),
    P("Lerp", (), S, S, ("prob", S)), P("DivNoNan", (), S, _X), P("TruncateDiv", (), S, _X),
    P("TruncateMod", (), S, _X), P("Invert", (), ("int", S, 10)), P("Gcd", (), I, I),
    P("Lcm", (), I, I), P("Inv", (), _X), P("IsClose", (), S, S), P("NanToNum", (), S),
    P("Cdist", (), (3, 4), (5, 4)),
    M("addcmul", S, S, S), M("addcdiv", S, S, _X), M("xlogy", S, ("pos", S)), M("cross", S, S),
    M("gcd", I, I), M("lcm", I, I), M("signbit", S), M("sinc", S), M("renorm", S, args=(2, 0, 1.0)),
    M("inv", _X), M("positive", S),
]
