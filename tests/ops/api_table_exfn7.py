"""api_table rows for the ops functions of round 7's exfn7 (Bessel functions, zeta ...): inputs
stay inside each domain (K and Y on positive values, zeta's q positive)."""
from mindcell import ops

from api_table import R, Op, S

POS = ("pos", S)  # [0.5, 2]
_ON_R = ("bessel_i0", "bessel_i0e", "bessel_i1", "bessel_i1e", "bessel_j0", "bessel_j1", "i0")
_ON_POS = ("bessel_k0", "bessel_k0e", "bessel_k1", "bessel_k1e", "bessel_y0", "bessel_y1")

ROWS = [
    *[Op(n, S, z=True) for n in _ON_R],
    *[Op(n, POS, z=True) for n in _ON_POS],
    # zeta(x, q): x in [2.5, 4], q in [0.5, 2]; Float32/Float64 only (no Float16 row)
    R("ops.zeta", lambda x, q: ops.zeta(x + 2.0, q), POS, POS, z=True, f16=False,
      fd="MindSpore 2.10's zeta gives the exponent x a zero gradient (ZetaGrad has none for it); "
         "mindcell follows, so only q's gradient is the derivative (test_ms_examples_functions_r7)"),
]
