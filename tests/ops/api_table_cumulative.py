"""api_table rows for the running-scan ops: cumprod, cummax, cummin, logcumsumexp (functions,
Primitive classes, Tensor methods); cummax/cummin differentiate through their values only."""
import mindcell as ms
from mindcell import ops

from api_table import R, Op, P, M, S

ROWS = [
    *[Op("cumprod", s, kw=dict(dim=d)) for s, d in ((S, 1), (S, 0), ((4,), 0), ((2, 3, 2), -2))],
    Op("cumprod", S, kw=dict(dim=1, dtype=ms.float64), f16=False),
    R("ops.cumprod", lambda x: ops.cumprod(x * 0.0 + x.clamp(0, None), 1), S),  # zeros inside
    *[P("CumProd", (ex, rev), S, call=(1,)) for ex in (False, True) for rev in (False, True)],
    *[Op(n, s, kw=dict(axis=a), probe=1) for n in ("cummax", "cummin")
      for s, a in ((S, 1), (S, 0), ((5,), 0), ((2, 3, 2), -1))],
    *[P(c, (a,), S, probe=1) for c in ("Cummax", "Cummin") for a in (0, -1)],
    *[Op("logcumsumexp", s, kw=dict(axis=a)) for s, a in ((S, 1), (S, 0), ((5,), 0))],
    M("cumprod", S, args=(1,)), M("cummax", S, args=(0,), probe=1),
    M("cummin", S, args=(1,), probe=1), M("logcumsumexp", S, args=(1,)),
]
